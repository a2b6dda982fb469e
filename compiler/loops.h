/* loops.h: cilk_for and cilk_scope, lowered before everything else to C
 * with spawn (docs/translation.md, "cilk_for"). The driver checks every
 * loop and scope once, then rewrites the outermost ones of the unit into
 * helper functions and parses the result again, until none is left (a
 * nested one is inside a helper after one round). */
#ifndef CILKC_LOOPS_H
#define CILKC_LOOPS_H

#include "ast.h"
#include "buf.h"
#include "diag.h"
#include "lower.h"

/* Report every cilk_for that cannot be lowered (its clauses, a break, a
 * return or a goto out of its body, a change of its variable in its body),
 * every cilk_scope that cannot (a way out of its block, a goto into it, a
 * Cilk-5 construct in it) and every misplaced `#pragma cilk`. Returns the
 * number of errors. */
int loops_check(const Unit *u, Diag *d);

/* Append to out u's source with its outermost cilk_for loops and
 * cilk_scope blocks replaced by calls of helper functions (divide and
 * conquer over the iteration range, with spawn; the scope's block), the
 * helpers in front of the functions that use them, for steal mode mode.
 * *next numbers the helpers, across rounds. Returns the number rewritten;
 * out is untouched when there were none. u must have passed loops_check. */
int loops_lower(const Unit *u, StealMode mode, int *next, Buf *out);

/* Is the function named name a cilk_for's divide and conquer in child
 * mode? It spawns the second half of its range and goes on with the first,
 * so that its sync, popping newest first, runs its tasks in serial order:
 * they need no reducer views of their own (cilkrt_task_push_ordered). */
int loops_is_ordered(const char *name);

/* Is the type of a cilk_for's loop variable dd a type name or a typeof,
 * which loops_check cannot read? Then cc checks it is not floating, at
 * the loop, in every mode (loops.c's helper, lower_serial.c's elision),
 * with LOOPS_VAR_ASSERT (its two %s: the variable; 8 and 9 are GCC's
 * and clang's real_type_class and complex_type_class). */
int loops_named_type(const Unit *u, const Declarator *dd);
#define LOOPS_VAR_ASSERT                                                                           \
    "_Static_assert(__builtin_classify_type(%s) != 8 && __builtin_classify_type(%s) != 9, "        \
    "\"the cilk_for loop variable must have an integer or pointer type\")"

/* Is the text of a #pragma line `#pragma cilk ...`? */
int loops_is_cilk_pragma(const char *text, size_t len);

#endif
