/*
 * calls.c: continuation mode. A plain call of a parallel function whose
 * fast clone is known (defined in this unit, or a `cilk`-marked
 * declaration), written as a statement `f(a);` or `lv op= f(a);` in a
 * parallel function (the parser records that shape on the statement:
 * grammar/parser.y, st_call), where no child of the caller may be outstanding,
 * becomes a spawn of f followed at once by a sync (Node.synced_call): the
 * code the spawn path writes, and no boundary (the plain entry's, see
 * lower_cont.c). The sync waits for f's child only, since no other is
 * out, so the code after the call still runs after f returned. Where a
 * child may be outstanding the call keeps the boundary: a sync there would
 * wait for the earlier children too (and a cilk_scope, whose helper loops.c
 * calls this way, must not wait for them).
 *
 * "May be outstanding" is a conservative flow over the statements, one bit
 * per point: a spawn sets it, a sync clears it; branches join with or;
 * loops iterate to a fixed point; a label (goto target) and a case label
 * take the worst; break and continue carry their state to the loop or
 * switch. Functions with Cilk-5 inlets or abort are left alone (a child
 * there may be aborted, a call may not).
 */
#include "lower_impl.h"

typedef struct {
    Lower *L;
    int mark;      /* the pass that rewrites (loops first find their state) */
    int brk, cont; /* joined states at the innermost loop's (switch's) break and continue */
    int sw;        /* state where the innermost switch was entered */
} Flow;

static int flow(Flow *f, Node *n, int in);

/* Is f's fast clone known, with a prototype the spawn may follow? */
static int known_callee(const Lower *L, const Node *n)
{
    const Func *g = lower_parallel_callee(L, n);
    if (g)
        return !g->is_knr && !g->is_variadic;
    return cont_marked_callee(L, n) != NULL;
}

/* n, an expression statement where no child is outstanding: the call
 * the parser recorded on it (ast.h) becomes a spawn and a sync, if it is
 * one of a known parallel callee. */
static void rewrite_call(Flow *f, Node *n)
{
    if (n->callee.first == n->callee.last || !known_callee(f->L, n) || !f->mark)
        return;
    n->kind = N_SPAWN;
    n->spawn_tok = n->callee.first;
    n->synced_call = 1;
}

static int flow_block(Flow *f, Node *n, int in)
{
    for (int i = 0; i < n->nkids; i++)
        in = flow(f, n->kids[i], in);
    return in;
}

/* The body runs from the join of the entry and every way back to the
 * head (its end, continue); the loop is left at the head or by break. */
static int flow_loop(Flow *f, Node *n, int in)
{
    Flow outer = *f;
    int head = in;
    for (;;) {
        f->mark = 0;
        f->brk = f->cont = 0;
        int next = in | flow(f, n->body, head) | f->cont;
        if (next == head)
            break;
        head = next;
    }
    f->mark = outer.mark;
    f->brk = f->cont = 0;
    flow(f, n->body, head);
    int out = head | f->brk;
    f->brk = outer.brk;
    f->cont = outer.cont;
    return out;
}

/* Each case label is entered with the switch's state; no case: left with
 * it too. */
static int flow_switch(Flow *f, Node *n, int in)
{
    Flow outer = *f;
    f->brk = 0;
    f->sw = in;
    int out = flow(f, n->body, in) | f->brk | in;
    f->brk = outer.brk;
    f->sw = outer.sw;
    return out;
}

static int flow_decl(const Node *n, int in)
{
    for (int i = 0; i < n->decl->ndecls; i++)
        in |= n->decl->decls[i]->spawn != NULL;
    return in;
}

/* The state after n, entered with in (1: a child may be outstanding). */
static int flow(Flow *f, Node *n, int in)
{
    switch (n->kind) {
    case N_BLOCK:
        return flow_block(f, n, in);
    case N_EXPR:
        if (!in)
            rewrite_call(f, n);
        return in;
    case N_DECL:
        return flow_decl(n, in);
    case N_SPAWN:
        return !n->synced_call;
    case N_SYNC:
        return 0;
    case N_IF:
        return flow(f, n->body, in) | (n->els ? flow(f, n->els, in) : in);
    case N_WHILE:
    case N_DO:
    case N_FOR:
        return flow_loop(f, n, in);
    case N_SWITCH:
        return flow_switch(f, n, in);
    case N_CASE:
    case N_DEFAULT:
        return flow(f, n->body, in | f->sw);
    case N_LABEL:
        return n->body ? flow(f, n->body, 1) : 1;
    case N_BREAK:
        f->brk |= in;
        return in;
    case N_CONTINUE:
        f->cont |= in;
        return in;
    default:
        return in;
    }
}

static void find_cilk5(Node *n, void *arg)
{
    *(int *)arg |= n->kind == N_INLET || n->kind == N_ABORT;
}

void calls_as_spawns(Lower *L, Node *body)
{
    int cilk5 = L->aborts;
    analysis_walk(body, find_cilk5, &cilk5);
    if (cilk5)
        return;
    Flow f = {L, 1, 0, 0, 1};
    flow(&f, body, 0);
}
