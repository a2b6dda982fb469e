/* analysis.h: what the lowering needs to know about a parallel function
 * before it writes any code: its spawn sites, where each local lives, and
 * whether the function uses anything the lowering refuses. */
#ifndef CILKC_ANALYSIS_H
#define CILKC_ANALYSIS_H

#include "ast.h"
#include "diag.h"

/* A local the fast clone saves before a loop instead of at its spawns
 * (analysis_hoisted). */
typedef struct {
    const Node *loop;
    const Sym *sym;
} AnalysisHoist;

typedef struct {
    const Unit *u;
    const Func *fn;
    Diag *d;
    int errors;
    Node **spawns;        /* spawn sites: site k is spawns[k - 1] */
    const Sym **declared; /* site k's declared local for `T x = spawn`, or NULL */
    int nspawns;
    unsigned char *resident; /* by Sym.index: lives in the frame in both clones */
    unsigned char *assigned; /* by Sym.index: written somewhere in the body */
    unsigned char *in_expr;  /* by Sym.index: declared inside a statement expression */
    int lazy;                /* the fast clone may allocate its frame at the first spawn */
    int has_resident;        /* some local lives in the frame in both clones */
    int uses_alloca;         /* calls alloca: blocks to release with the frame (also
                                the extra arguments of Cilk-5 inlet calls) */
    unsigned char *saves;    /* see analysis_saves */
    AnalysisHoist *hoists;   /* see analysis_hoisted */
    int nhoists;
    int has_inlets; /* a spawn goes to a Cilk-5 inlet */
} Analysis;

/* Fill a for fn; report what cannot be lowered through d. Returns the
 * number of errors (then a holds nothing to use). */
int analyze_func(const Unit *u, const Func *fn, Diag *d, Analysis *a);
void analysis_free(Analysis *a);
/* Is fn Cilk-5's `cilk main` (the program's root, parallel in every mode)? */
int cilk5_is_main(const Func *fn);
/* Serial mode: report what the other modes' lowering refuses in fn, or
 * in the bodies of its cilk_for and cilk_scope that they lower as
 * parallel functions (analysis.c says which), so that every mode accepts
 * the same programs. Returns the number of errors. */
int analysis_refuse_serial(const Unit *u, const Func *fn, Diag *d);
/* Continuation mode: report each `#pragma omp` in a's function. Its
 * clauses name locals that the slow clone keeps in the frame, and its loop
 * header is rewritten, so OpenMP would see neither. Returns a->errors. */
int analysis_refuse_omp(Analysis *a);

/* Call visit on n and every statement below it, in source order. */
void analysis_walk(Node *n, void (*visit)(Node *n, void *arg), void *arg);

/* The spawn site number of a spawn node (from 1), or 0. */
int analysis_site(const Analysis *a, const Node *n);
/* Must the fast clone save local s into the frame at spawn site `site`?
 * 0 when s is dead after the spawn or the frame already holds its value
 * (analysis.c proves either on the statement list, conservatively). */
int analysis_saves(const Analysis *a, int site, const Sym *s);
/* Work the saves out again, where cond[k] (k from 1 to nspawns) says that
 * site k saves only when its child is not a leaf (lower_cont.c, the
 * leaf try): a later site then saves what k saved, as if k had not. */
void analysis_saves_conditional(Analysis *a, const unsigned char *cond);
/* Must the fast clone save s when loop n starts, and whenever it allocates
 * its frame inside n, in place of the saves at n's spawns (which
 * analysis_saves leaves out)? n writes s nowhere, so the frame's copy
 * stays right through the whole loop. */
int analysis_hoisted(const Analysis *a, const Node *n, const Sym *s);
/* Does the declarator declare an array (`name[...]`)? */
int analysis_is_array(const Unit *u, const Declarator *dd);

#endif
