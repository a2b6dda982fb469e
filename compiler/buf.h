/* buf.h: a growable byte buffer; output is built here and written only
 * when translation succeeded. */
#ifndef CILKC_BUF_H
#define CILKC_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct {
    char *data;
    size_t len, cap;
} Buf;

void buf_add(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
void buf_free(Buf *b);

#endif
