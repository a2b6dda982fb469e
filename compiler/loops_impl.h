/* loops_impl.h: what the two files of cilk_for and cilk_scope share.
 * loops.c finds the constructs, parses a cilk_for's clauses and writes the
 * helpers; loops_check.c checks their bodies (what would leave the
 * function a body becomes). Not for use outside them: loops.h is. */
#ifndef CILKC_LOOPS_IMPL_H
#define CILKC_LOOPS_IMPL_H

#include "loops.h"

/* A cilk_for's clauses, as loop_parse finds them. */
typedef struct {
    const Node *n;
    const Declarator *var; /* the loop variable's declarator */
    int op;                /* TK_LT, TK_LE, TK_GT, TK_GE, TK_NE: v OP BOUND */
    Range bound;
    int step_kind; /* TK_INC, TK_DEC, TK_ADD_ASSIGN, TK_SUB_ASSIGN */
    Range step;    /* the k of += k, -= k */
    const Node *pragma;
} Loop;

typedef struct {
    const Unit *u;
    Diag *d;
    int errors;
    const Func *fn; /* the function whose loops are checked */
} Check;

/* loops.c */
const char *loops_var_name(const Loop *lp);
/* An error at token tok; fmt has one %s, for arg (or an empty string). */
void loops_error(Check *c, int tok, const char *fmt, const char *arg)
    __attribute__((format(printf, 3, 0)));
/* Is s a local of the function that the body of lp's construct reads
 * from outside (so its helper takes its address)? */
int loops_is_capture(const Loop *lp, const Sym *s);

/* loops_check.c: a cilk_for's body (its clauses parsed into lp), a
 * cilk_scope n */
void loops_check_body(Check *c, const Loop *lp);
void loops_check_scope(Check *c, const Node *n);

#endif
