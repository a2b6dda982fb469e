/* translate.h: cilkc's passes, from scanning to lowering, in the order the
 * command runs them. One function for the command and the fuzz target
 * (fuzz/fuzz_translate.c), so that they cannot run different passes. */
#ifndef CILKC_TRANSLATE_H
#define CILKC_TRANSLATE_H

#include "arena.h"
#include "ast.h"
#include "buf.h"
#include "diag.h"
#include "lower.h"

/* Translate u, whose text (u->buf, u->len) is *in's, to plain C appended
 * to out. The rewriting passes replace *in (and u's text) by their output,
 * so *in must be a Buf that buf_free may free; the caller frees it and the
 * arena a afterwards. Stops at the first pass that reports an error
 * (d->nerrors). */
void translate_unit(Unit *u, Arena *a, Diag *d, StealMode mode, int workspan, Buf *in, Buf *out);

#endif
