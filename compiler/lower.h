/* lower.h: the lowering phase: a parsed unit becomes plain C. */
#ifndef CILKC_LOWER_H
#define CILKC_LOWER_H

#include "ast.h"
#include "buf.h"
#include "diag.h"

typedef enum {
    STEAL_CONTINUATION, /* two clones per parallel function (DESIGN §3) */
    STEAL_CHILD,        /* typed task thunks (DESIGN §4) */
    STEAL_SERIAL,       /* the serial elision */
} StealMode;

/* Append the translation of u to out: every byte outside parallel functions
 * as it is (cilkc keywords removed), parallel functions rewritten for mode.
 * With workspan, parallel functions also call the work/span hooks of
 * cilkrt_wsp.h (docs/workspan.md); without, the output does not change.
 * Reports errors through d; returns the number of errors. */
int lower_unit(const Unit *u, StealMode mode, int workspan, Diag *d, Buf *out);

#endif
