/*
 * calls.c: continuation mode. A plain call of a parallel function whose
 * fast clone is known (defined in this unit, or a `cilk`-marked
 * declaration), written as a statement `f(a);` or `lv op= f(a);` in a
 * parallel function, where no child of the caller may be outstanding,
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

#include "arena.h"
#include "tokens.h"

#include <stdlib.h>

typedef struct {
    Lower *L;
    int mark;      /* the pass that rewrites (loops first find their state) */
    int brk, cont; /* joined states at the innermost loop's (switch's) break and continue */
    int sw;        /* state where the innermost switch was entered */
} Flow;

static int flow(Flow *f, Node *n, int in);

static int is_assign_op(int k) { return k >= TK_ASSIGN && k <= TK_OR_ASSIGN; }

/* Does the destination [first, last) hold, outside brackets, an operator
 * that would make `lv op f(a)` not an assignment of the call's value? */
static int plain_lvalue(const Unit *u, int first, int last)
{
    if (first == last)
        return 0;
    for (int i = first; i < last; i++) {
        int k = tok_kind(u, i);
        if (k == TK_LPAREN || k == TK_LBRACKET || k == TK_LBRACE)
            i = tok_match(u, i);
        else if (is_assign_op(k) || k == TK_COMMA || k == TK_QUESTION || k == TK_COLON)
            return 0;
    }
    return 1;
}

/* The arguments between the parentheses open and close, split at the
 * commas outside brackets; NULL when there are none. */
static Range *split_args(const Unit *u, int open, int close, int *nargs)
{
    *nargs = 0;
    if (close == open + 1)
        return NULL;
    int n = 1;
    for (int i = open + 1; i < close; i++) {
        int k = tok_kind(u, i);
        if (k == TK_LPAREN || k == TK_LBRACKET || k == TK_LBRACE)
            i = tok_match(u, i);
        else
            n += k == TK_COMMA;
    }
    Range *args = xmalloc((size_t)n * sizeof *args);
    int from = open + 1;
    for (int i = open + 1; i <= close; i++) {
        int k = tok_kind(u, i);
        if (i < close && (k == TK_LPAREN || k == TK_LBRACKET || k == TK_LBRACE)) {
            i = tok_match(u, i);
        } else if (i == close || k == TK_COMMA) {
            args[(*nargs)++] = (Range){from, i};
            from = i + 1;
        }
    }
    return args;
}

/* The '(' that the ')' at close closes, searched back to first; -1 if
 * none. */
static int opening(const Unit *u, int first, int close)
{
    int depth = 0;
    for (int i = close; i >= first; i--) {
        int k = tok_kind(u, i);
        depth += (k == TK_RPAREN) - (k == TK_LPAREN);
        if (depth == 0)
            return i;
    }
    return -1;
}

/* Is the expression statement n `f(...)` or `lv op f(...)` with f a name?
 * Then n's callee, lv, op and call are set as a spawn's would be. */
static int call_shape(const Unit *u, Node *n)
{
    int last = n->e.last - 1;
    if (n->e.last - n->e.first < 3 || tok_kind(u, last) != TK_RPAREN)
        return 0;
    int open = opening(u, n->e.first, last), name = open - 1;
    if (name < n->e.first || tok_kind(u, name) != TK_IDENT)
        return 0;
    if (name > n->e.first &&
        (!is_assign_op(tok_kind(u, name - 1)) || !plain_lvalue(u, n->e.first, name - 1)))
        return 0;
    n->callee = (Range){name, name + 1};
    n->call = (Range){name, last + 1};
    n->op = name > n->e.first ? tok_kind(u, name - 1) : 0;
    n->lv = name > n->e.first ? (Range){n->e.first, name - 1} : (Range){n->first, n->first};
    return 1;
}

/* Is f's fast clone known, with a prototype the spawn may follow? */
static int known_callee(const Lower *L, const Node *n)
{
    const Func *g = lower_parallel_callee(L, n);
    if (g)
        return !g->is_knr && !g->is_variadic;
    return cont_marked_callee(L, n) != NULL;
}

/* n, an expression statement where no child is outstanding: the call
 * becomes a spawn and a sync, if it is one of a known parallel callee. */
static void rewrite_call(Flow *f, Node *n)
{
    Node probe = *n;
    if (!call_shape(f->L->u, &probe) || !known_callee(f->L, &probe) || !f->mark)
        return;
    int open = probe.call.first + 1;
    probe.args = split_args(f->L->u, open, tok_match(f->L->u, open), &probe.nargs);
    probe.kind = N_SPAWN;
    probe.spawn_tok = probe.callee.first;
    probe.synced_call = 1;
    *n = probe;
    if (probe.args) {
        f->L->call_args =
            xrealloc(f->L->call_args, (size_t)(f->L->ncall_args + 1) * sizeof *f->L->call_args);
        f->L->call_args[f->L->ncall_args++] = probe.args;
    }
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

void calls_free(Lower *L)
{
    for (int i = 0; i < L->ncall_args; i++)
        free(L->call_args[i]);
    free(L->call_args);
    L->call_args = NULL;
    L->ncall_args = 0;
}
