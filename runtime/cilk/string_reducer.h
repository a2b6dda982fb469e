/*
 * cilk/string_reducer.h: a string-append reducer for C (cilkc).
 *
 *     cilk_string_reducer out = CILK_STRING_INIT;
 *     cilk_string_append(&out, "text", 4);  // in any strand
 *     cilk_string_printf(&out, "%d,", i);
 *     ... sync; puts(out.s); cilk_string_free(&out);
 *
 * After the sync, out holds the pieces in the serial order of the appends,
 * whatever the steals. Merging copies the right view onto the left one and
 * frees it.
 */
#ifndef CILK_STRING_REDUCER_H
#define CILK_STRING_REDUCER_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *s; /* NUL-terminated once anything was appended, else NULL */
    size_t len, cap;
} cilk_string;

#define CILK_STRING_INIT                                                                           \
    {                                                                                              \
        NULL, 0, 0                                                                                 \
    }

static inline void cilk_string_identity(void *v)
{
    cilk_string *p = (cilk_string *)v;
    p->s = NULL;
    p->len = p->cap = 0;
}

static inline void cilk_string_append(cilk_string *p, const char *t, size_t n)
{
    if (p->len + n + 1 > p->cap) {
        size_t cap = 2 * (p->len + n + 1);
        char *s = (char *)realloc(p->s, cap);
        if (!s) {
            fputs("cilk_string_append: out of memory\n", stderr);
            abort();
        }
        p->s = s;
        p->cap = cap;
    }
    memcpy(p->s + p->len, t, n);
    p->len += n;
    p->s[p->len] = '\0';
}

static inline void cilk_string_printf(cilk_string *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline void cilk_string_printf(cilk_string *p, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        cilk_string_append(p, small, (size_t)n);
        return;
    }
    char *big = (char *)malloc((size_t)n + 1);
    if (!big)
        abort();
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    cilk_string_append(p, big, (size_t)n);
    free(big);
}

static inline void cilk_string_concat(void *left, void *right)
{
    cilk_string *l = (cilk_string *)left, *r = (cilk_string *)right;
    if (r->len)
        cilk_string_append(l, r->s, r->len);
    free(r->s);
}

static inline void cilk_string_free(cilk_string *p)
{
    free(p->s);
    cilk_string_identity(p);
}

#ifdef __cilkc__
#define cilk_string_reducer cilk_string cilk_reducer(cilk_string_identity, cilk_string_concat)
#else /* the serial elision, compiled as plain C */
#define cilk_string_reducer cilk_string
#endif

#endif
