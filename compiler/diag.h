/* diag.h: the one way to report an error:
 *     file:line:col: error: message
 *     the source line
 *         ^
 * File and line are the presumed ones (from `cc -E` line markers). After
 * DIAG_MAX_ERRORS errors the program stops with exit status 1. */
#ifndef CILKC_DIAG_H
#define CILKC_DIAG_H

#include "ast.h"

#include <stddef.h>

enum { DIAG_MAX_ERRORS = 20 };

typedef struct Diag {
    int nerrors;
    int keep_going; /* fuzzing: never exit after DIAG_MAX_ERRORS */
    int quiet;      /* fuzzing: count errors, print nothing */
} Diag;

/* Error at token index tok of u (tok == u->ntoks: at the end of input). */
void diag_error(Diag *d, const Unit *u, int tok, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Error at byte offset off of buf (for the scanner, before tokens exist). */
void diag_error_at(Diag *d, const char *buf, size_t len, size_t off, const char *file, int line,
                   int col, const char *fmt, ...) __attribute__((format(printf, 8, 9)));

/* `cilkc: error: message` without a position (bad option, unreadable file). */
void diag_plain(Diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* `cilkc: fatal error: message`, exit 1. */
void diag_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
