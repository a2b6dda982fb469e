/* reducer.h: OpenCilk's reducers (hyperobjects), `T cilk_reducer(identity,
 * reduce) x;`, rewritten in the source before cilk_for and the lowering
 * (docs/translation.md, "Reducers"). The serial elision keeps x as a
 * plain variable; the parallel modes turn every use of x into its view
 * for the running strand, cilkrt_reducer_view(&x, ...) (runtime/reducer.c),
 * and register a local reducer at its declaration and unregister it, after
 * a sync, wherever its function returns. */
#ifndef CILKC_REDUCER_H
#define CILKC_REDUCER_H

#include "arena.h"
#include "ast.h"
#include "buf.h"
#include "diag.h"
#include "lower.h"

/* Find every reducer of u (marking its Sym.reducer) and report every
 * cilk_reducer that cannot be one. Returns the number of errors. */
int reducers_check(Unit *u, Arena *a, Diag *d);

/* Append to out u's source rewritten for mode as above. Returns 0 and
 * leaves out untouched when u has no reducer. u must have passed
 * reducers_check. */
int reducers_lower(const Unit *u, StealMode mode, Buf *out);

#endif
