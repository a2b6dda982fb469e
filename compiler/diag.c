/* diag.c: error messages in GCC's format, with the source line and a caret. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longer source lines are shown as a window around the caret. */
enum { LINE_WINDOW = 80 };

static void count(Diag *d)
{
    if (++d->nerrors >= DIAG_MAX_ERRORS && !d->keep_going) {
        fprintf(stderr, "cilkc: fatal error: too many errors (%d), stopping\n", DIAG_MAX_ERRORS);
        exit(1);
    }
}

/* Print bytes [from, to) of a line; bytes that are not printable ASCII
 * become '?' so that binary input cannot garble the terminal and the caret
 * stays under its column. */
static void put_line(const char *from, const char *to)
{
    for (const char *s = from; s < to; s++) {
        unsigned char c = (unsigned char)*s;
        fputc(c == '\t' || (c >= 32 && c < 127) ? c : '?', stderr);
    }
}

static void show_source(const char *buf, size_t len, size_t off)
{
    if (off > len)
        off = len;
    size_t start = off, end = off;
    while (start > 0 && buf[start - 1] != '\n')
        start--;
    while (end < len && buf[end] != '\n')
        end++;
    size_t from = start, to = end;
    if (end - start > 2 * LINE_WINDOW) {
        from = off > start + LINE_WINDOW ? off - LINE_WINDOW : start;
        to = off + LINE_WINDOW < end ? off + LINE_WINDOW : end;
    }
    fputs(from > start ? " ..." : " ", stderr);
    put_line(buf + from, buf + to);
    fputs(to < end ? "...\n" : "\n", stderr);
    fputs(from > start ? "    " : " ", stderr);
    for (size_t i = from; i < off; i++)
        fputc(buf[i] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

static void vreport(const char *buf, size_t len, size_t off, const char *file, int line, int col,
                    const char *fmt, va_list ap)
{
    fprintf(stderr, "%s:%d:%d: error: ", file, line, col);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    if (buf)
        show_source(buf, len, off);
}

void diag_error_at(Diag *d, const char *buf, size_t len, size_t off, const char *file, int line,
                   int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!d->quiet)
        vreport(buf, len, off, file, line, col, fmt, ap);
    va_end(ap);
    count(d);
}

void diag_error(Diag *d, const Unit *u, int tok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (d->quiet) {
        /* counted below, not shown */
    } else if (tok >= 0 && tok < u->ntoks) {
        const Token *t = &u->toks[tok];
        vreport(u->buf, u->len, (size_t)t->off, t->file, t->line, t->col, fmt, ap);
    } else if (u->ntoks > 0) {
        /* at the end of input: just after the last token */
        const Token *t = &u->toks[u->ntoks - 1];
        vreport(u->buf, u->len, (size_t)(t->off + t->len), t->file, t->line, t->col + t->len, fmt,
                ap);
    } else {
        vreport(NULL, 0, 0, u->name, 1, 1, fmt, ap);
    }
    va_end(ap);
    count(d);
}

void diag_plain(Diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("cilkc: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    count(d);
}

void diag_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("cilkc: fatal error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}
