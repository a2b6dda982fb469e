/*
 * split.c: a parallel function's body split before its first spawn, in
 * both steal modes (lower_cont.c's fast clone, lower_child.c's body).
 *
 * When the body begins with statements that spawn nothing and may return
 * (the leaf tests of fib and knapsack), the clone runs just those and
 * then calls cilkc_spawning_FN, noinline, with the locals they declared
 * and the parameters; the spawning part runs the rest of the body. Why:
 * gcc allocates registers for a whole function, and keeps a value the
 * spawning part needs across its calls in a callee-saved register from
 * the entry on; when the leaf test reads it (knapsack's `i`, sign-extended
 * for knap_weight[i]), all six are saved before the test, on every leaf
 * call (shrink-wrapping fails). Split, the entry is what the serial
 * function's leaf test is, and gcc inlines it at the spawning part's own
 * spawns. The entry has no frame (continuation mode) or group (child
 * mode) yet, so its returns free nothing and it hands the spawning part
 * the same state the unsplit function would have at that point.
 */
#include "lower_impl.h"

#include "tokens.h"

#include <string.h>

typedef struct {
    const Lower *L;
    int bad;     /* a statement the entry cannot run */
    int returns; /* a return the entry can take */
} SplitScan;

/* Does the declarator hide (or share its name with) another local? The
 * fast clone saves a hidden local into the frame, allocating it. */
static int shares_name(const Func *fn, const Sym *s)
{
    for (int i = 0; s && i < fn->nlocals; i++)
        if (fn->locals[i] != s && strcmp(fn->locals[i]->name, s->name) == 0)
            return 1;
    return 0;
}

/* Anything that needs the frame, or a label the spawning part could
 * share, keeps the statement out of the entry. */
static void split_scan(Node *n, void *arg)
{
    SplitScan *sc = arg;
    switch (n->kind) {
    case N_SPAWN:
    case N_SYNC:
    case N_CILK_FOR:
    case N_SCOPE:
    case N_INLET:
    case N_ABORT:
    case N_LABEL:
    case N_GOTO:
        sc->bad = 1;
        break;
    case N_DECL:
        for (int i = 0; i < n->decl->ndecls; i++)
            sc->bad |= n->decl->decls[i]->spawn || shares_name(sc->L->fn, n->decl->decls[i]->sym);
        break;
    case N_RETURN:
        sc->returns = 1;
        break;
    default:
        break;
    }
}

/* Can the entry declare d for the spawning part? Its automatic locals are
 * passed by value (not arrays, not reducers); statics, externs and
 * function declarations are at file scope already; a type declared here
 * would not be visible there. */
static int split_decl_ok(const Lower *L, const Decl *d)
{
    if (d->defines_type || d->ndecls == 0)
        return 0;
    for (int i = 0; i < d->ndecls; i++) {
        const Declarator *dd = d->decls[i];
        const Sym *s = dd->sym;
        if (!s || s->kind == SYM_TYPEDEF)
            return 0;
        if (sym_is_auto(s) && (analysis_is_array(L->u, dd) || s->reducer))
            return 0;
    }
    return 1;
}

/* How many leading statements of the body the entry runs; 0: no split
 * (none of them can return, or the function has what the split leaves
 * alone: a frame from the start, locals that live in the frame, abort,
 * inlets, goto, K&R or variadic parameters). */
int lower_split_point(const Lower *L)
{
    const Func *fn = L->fn;
    if (!L->a.lazy || L->a.has_resident || L->aborts || L->is_main || L->a.has_inlets ||
        fn->is_knr || fn->is_variadic)
        return 0;
    for (int i = fn->first; i < fn->last; i++)
        if (tok_kind(L->u, i) == TK_GOTO)
            return 0;
    const Node *body = fn->body;
    SplitScan sc = {L, 0, 0};
    int k = 0;
    for (; k < body->nkids; k++) {
        Node *kid = body->kids[k];
        int returns = sc.returns;
        analysis_walk(kid, split_scan, &sc);
        if (sc.bad || (kid->kind == N_DECL && !split_decl_ok(L, kid->decl))) {
            sc.returns = returns;
            break;
        }
    }
    return k < body->nkids && sc.returns ? k : 0;
}

/* Do the entry's first k statements run in bounded time: no loop, goto,
 * asm or call (a `(` after a name, `)` or `]`: casts of parenthesized
 * operands count too, which errs on the safe side)? Then the parent's
 * frame may be pushed only when the child reaches its spawning part
 * (lower_cont.c, cilkc_lazy_FN): a thief misses the parent's continuation
 * for a constant time per spawn, which the spawn itself costs anyway, so
 * the span grows by a constant factor at most (docs/translation.md). */
int lower_split_bounded(const Lower *L, int k)
{
    const Node *body = L->fn->body;
    for (int i = body->kids[0]->first; i < body->kids[k - 1]->last; i++) {
        int t = tok_kind(L->u, i);
        if (t == TK_FOR || t == TK_WHILE || t == TK_DO || t == TK_GOTO || t == TK_ASM)
            return 0;
        int before = i > 0 ? tok_kind(L->u, i - 1) : 0;
        if (t == TK_LPAREN && (before == TK_IDENT || before == TK_RPAREN || before == TK_RBRACKET))
            return 0;
    }
    return 1;
}

/* The automatic locals the entry's first k statements declare, in order:
 * the spawning part's extra parameters. */
void lower_each_passed(const Lower *L, int k, void (*f)(Lower *, const Sym *, Buf *), Buf *b)
{
    for (int i = 0; i < k; i++) {
        const Node *kid = L->fn->body->kids[i];
        for (int j = 0; kid->kind == N_DECL && j < kid->decl->ndecls; j++)
            if (sym_is_auto(kid->decl->decls[j]->sym))
                f((Lower *)L, kid->decl->decls[j]->sym, b);
    }
}

void lower_passed_param(Lower *L, const Sym *s, Buf *b)
{
    buf_printf(b, ", __typeof__(((struct cilkc_locals_%s *)0)->%s_%d) %s", L->name, s->name,
               s->index, s->name);
}

void lower_passed_arg(Lower *L, const Sym *s, Buf *b)
{
    (void)b;
    emit_fmt(&L->e, ", %s", s->name);
}
