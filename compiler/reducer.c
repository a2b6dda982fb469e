/*
 * reducer.c: OpenCilk's reducers, `T cilk_reducer(identity, reduce) x;`,
 * as a rewrite of the source before cilk_for and the lowering (like
 * loops.c), so that every later phase sees plain C.
 *
 * In the serial elision x is a plain variable: the qualifier goes, and the
 * user's initial value is the leftmost view (OpenCilk's semantics: the
 * identity is never called on it). In the parallel modes, in addition:
 *   - every use of x, in any function, becomes the running strand's view
 *         (*(__typeof__(x) *)cilkrt_reducer_view((void *)&x, sizeof(x),
 *                                               (identity), (reduce)))
 *     (an element x[i] of a reducer array is a reducer of its own, keyed by
 *     its address); the runtime returns &x itself until a steal makes
 *     another view necessary (runtime/reducer.c);
 *   - a local reducer (automatic storage) is registered just after its
 *     declaration, so that x itself is its view in the strand that declared
 *     it, and unregistered, after a sync, wherever its scope ends: at the
 *     close of its block and at every return, break or continue that leaves
 *     the block (by then every other view has merged into x). A goto into
 *     or out of its scope is refused: it would skip one or the other; so
 *     is a case or default label in its scope of a switch outside it.
 * Inserted text has no newline and removed text keeps its newlines, so
 * every token stays on its line.
 */
#include "reducer.h"

#include "analysis.h"
#include "arena.h"
#include "emit.h"
#include "splice.h"
#include "tokens.h"

#include <stdlib.h>
#include <string.h>

struct Reducer {
    int qual;       /* the cilk_reducer token */
    Range id, red;  /* the identity and reduce expressions */
    int rank;       /* array dimensions of the declarator (0: a scalar) */
    const Func *fn; /* a local reducer's function, NULL for static storage */
    const Decl *decl;
    const Node *block; /* a local reducer's block: its scope ends there */
};

static int kind(const Unit *u, int i) { return tok_kind(u, i); }

static size_t off_of(const Unit *u, int i) { return (size_t)u->toks[i].off; }

static size_t end_of(const Unit *u, int i) { return (size_t)(u->toks[i].off + u->toks[i].len); }

/* ---------------------------------------------------------------------
 * Finding reducers
 * --------------------------------------------------------------------- */

/* Array dimensions written after the declared name: `h[4][8]` has 2. */
static int rank_of(const Unit *u, const Declarator *dd)
{
    int n = 0;
    for (int i = dd->name + 1; i < dd->last && kind(u, i) == TK_LBRACKET; i = tok_match(u, i) + 1)
        n++;
    return n;
}

static int has_token(const Unit *u, int first, int last, int k)
{
    for (int i = first; i < last; i++)
        if (kind(u, i) == k)
            return 1;
    return 0;
}

static const Func *func_of(const Unit *u, int tok)
{
    for (int i = 0; i < u->nfuncs; i++)
        if (u->funcs[i]->first <= tok && tok < u->funcs[i]->last)
            return u->funcs[i];
    return NULL;
}

/* The block whose items include the declaration dc, under n; NULL if dc
 * is not an item of a block (a for's init). */
static const Node *block_of(const Node *n, const Decl *dc)
{
    if (!n)
        return NULL;
    for (int i = 0; i < n->nkids; i++)
        if (n->kids[i]->kind == N_DECL && n->kids[i]->decl == dc)
            return n;
    const Node *b = NULL;
    for (int i = 0; i < n->nkids && !b; i++)
        b = block_of(n->kids[i], dc);
    if (!b)
        b = block_of(n->init, dc);
    if (!b)
        b = block_of(n->body, dc);
    if (!b)
        b = block_of(n->els, dc);
    return b;
}

/* Parameters of the function s declares: -1 if unknown (`f()`). */
static int param_count(const Unit *u, const Sym *s)
{
    int open = s->decl->name + 1;
    if (kind(u, open) != TK_LPAREN)
        return -1;
    int close = tok_match(u, open);
    if (close == open + 1)
        return -1;
    if (close == open + 2 && kind(u, open + 1) == TK_VOID)
        return 0;
    int n = 1, depth = 0;
    for (int i = open + 1; i < close; i++) {
        int k = kind(u, i);
        depth += (k == TK_LPAREN || k == TK_LBRACKET) - (k == TK_RPAREN || k == TK_RBRACKET);
        n += k == TK_COMMA && depth == 0;
    }
    return n;
}

/* The identity or reduce callback of reducer s: a function of the right
 * arity (or an expression cc will check), never a constant. */
static void check_callback(const Unit *u, Diag *d, const Sym *s, Range e, const char *what,
                           int nparams)
{
    const char *proto = nparams == 1 ? "void (*)(void *view)" : "void (*)(void *left, void *right)";
    if (e.first >= e.last) {
        diag_error(d, u, e.first, "missing %s of reducer '%s'; expected a function %s", what,
                   s->name, proto);
        return;
    }
    int k = kind(u, e.first);
    if (e.last == e.first + 1 && (k == TK_NUMBER || k == TK_STRING || k == TK_CHARCONST)) {
        diag_error(d, u, e.first, "the %s of reducer '%s' must be a function %s, not a constant",
                   what, s->name, proto);
        return;
    }
    const Sym *f = e.last == e.first + 1 ? u->toks[e.first].sym : NULL;
    if (!f || f->kind != SYM_FUNC || !f->decl)
        return;
    int n = param_count(u, f);
    if (n >= 0 && n != nparams)
        diag_error(d, u, e.first,
                   "the %s of reducer '%s' must be a function %s; '%s' takes %d parameter%s", what,
                   s->name, proto, f->name, n, n == 1 ? "" : "s");
}

/* Does the declaration of s hold its cilk_reducer q itself (not through
 * a type name)? */
static int own_qualifier(const Sym *s, int q)
{
    const Decl *d = s->decl->parent;
    return d->spec_first <= q && q < d->spec_last;
}

/* What may not be a reducer, said at the cilk_reducer token (at the
 * declared name when the qualifier came with a type name). */
static int refuse(const Unit *u, Diag *d, Sym *s, int q)
{
    const Declarator *dd = s->decl;
    const char *why = NULL;
    if (s->kind == SYM_TYPEDEF && (rank_of(u, dd) || has_token(u, dd->first, dd->name, TK_STAR)))
        why = "a typedef of a pointer to a reducer or of an array of reducers is not supported; "
              "typedef the reducer itself";
    else if (s->kind == SYM_TYPEDEF)
        return 0;
    else if (s->kind != SYM_VAR)
        why = "only a variable can be a reducer";
    else if (s->is_param)
        why = "a parameter cannot be a reducer";
    else if (s->storage & SC_REGISTER)
        why = "a register variable cannot be a reducer: its views are found by its address";
    else if (s->storage & SC_THREAD)
        why = "a _Thread_local variable cannot be a reducer";
    else if (has_token(u, dd->parent->spec_first, dd->parent->spec_last, TK_CONST))
        why = "a const variable cannot be a reducer: its views are updated";
    else if (has_token(u, dd->first, dd->name, TK_STAR))
        why = "a pointer to a reducer is not supported; declare the reducer itself";
    if (why)
        diag_error(d, u, own_qualifier(s, q) ? q : dd->name, "%s ('%s')", why, s->name);
    return why != NULL;
}

static void found(Unit *u, Arena *a, Diag *d, Sym *s, int q)
{
    if (refuse(u, d, s, q))
        return;
    Reducer *r = arena_alloc(a, sizeof *r);
    r->qual = q;
    r->decl = s->decl->parent;
    r->rank = rank_of(u, s->decl);
    r->id = r->decl->reducer_id;
    r->red = r->decl->reducer_red;
    if (own_qualifier(s, q)) { /* else checked once, at the typedef */
        check_callback(u, d, s, r->id, "identity", 1);
        check_callback(u, d, s, r->red, "reduce", 2);
    }
    if (s->is_local && !(s->storage & (SC_STATIC | SC_EXTERN))) {
        r->fn = func_of(u, s->decl->name);
        r->block = r->fn ? block_of(r->fn->body, r->decl) : NULL;
        if (!r->block) {
            diag_error(d, u, s->decl->name,
                       "local reducer '%s' must be declared in a block, not in a for's "
                       "initialization",
                       s->name);
            return;
        }
    }
    s->reducer = r;
}

/* The token after the use of reducer s at j (its subscripts down to an
 * element), or -1 if an array reducer is used whole. */
static int use_end(const Unit *u, int j)
{
    const Reducer *r = u->toks[j].sym->reducer;
    int e = j + 1;
    for (int n = 0; n < r->rank; n++) {
        if (kind(u, e) != TK_LBRACKET)
            return -1;
        e = tok_match(u, e) + 1;
    }
    return e;
}

static int under_sizeof(const Unit *u, int j)
{
    return kind(u, j - 1) == TK_SIZEOF ||
           (kind(u, j - 1) == TK_LPAREN && kind(u, j - 2) == TK_SIZEOF);
}

/* In the reducer's own initializer, x is the variable itself: the view
 * does not exist yet (and a global's initializer must stay constant). */
static int in_own_init(const Sym *s, int j)
{
    return s->decl->init_first <= j && j < s->decl->init_last;
}

static int is_use(const Unit *u, int j)
{
    const Sym *s = u->toks[j].sym;
    return s && s->kind == SYM_VAR && s->reducer && !u->toks[j].declares && !in_own_init(s, j);
}

/* ---- a goto may not jump into or out of a local reducer's scope ---- */

typedef struct {
    const Unit *u;
    Node **v; /* the function's gotos and labels */
    int n;
} Jumps;

static void collect_jump(Node *n, void *arg)
{
    Jumps *j = arg;
    if (n->kind != N_GOTO && n->kind != N_LABEL)
        return;
    j->v = xrealloc(j->v, sizeof *j->v * (size_t)(j->n + 1));
    j->v[j->n++] = n;
}

static int same_name(const Unit *u, int a, int b)
{
    return u->toks[a].len == u->toks[b].len &&
           !memcmp(u->buf + u->toks[a].off, u->buf + u->toks[b].off, (size_t)u->toks[a].len);
}

/* The token of the label that goto g names, or -1 (`goto *p`). */
static int target_of(const Jumps *j, const Node *g)
{
    if (kind(j->u, g->e.first) != TK_IDENT)
        return -1;
    for (int i = 0; i < j->n; i++)
        if (j->v[i]->kind == N_LABEL && same_name(j->u, j->v[i]->label, g->e.first))
            return j->v[i]->label;
    return -1;
}

/* The scope of local reducer s: from its name to its block's close. */
static int in_scope_of(const Sym *s, int at)
{
    return s->decl->name < at && at < s->reducer->block->last;
}

static void check_jumps(const Unit *u, Diag *d, const Sym *s)
{
    Jumps j = {u, NULL, 0};
    analysis_walk(s->reducer->fn->body, collect_jump, &j);
    for (int i = 0; i < j.n; i++) {
        if (j.v[i]->kind != N_GOTO)
            continue;
        int to = target_of(&j, j.v[i]);
        if (to >= 0 && in_scope_of(s, j.v[i]->first) == in_scope_of(s, to))
            continue;
        if (to < 0 && !in_scope_of(s, j.v[i]->first))
            continue;
        diag_error(d, u, j.v[i]->first,
                   "goto into or out of the scope of local reducer '%s' is not supported "
                   "(it would skip its registration or its merge)",
                   s->name);
    }
    free(j.v);
}

/* A switch's jump to a case or default label is a goto too: refused into
 * the scope of s from a switch outside it. sw is the switch whose labels
 * are under n (a nested switch has its own). */
static void check_cases(const Unit *u, Diag *d, const Sym *s, const Node *sw, const Node *n)
{
    if (!n)
        return;
    if ((n->kind == N_CASE || n->kind == N_DEFAULT) && sw && in_scope_of(s, n->first) &&
        !in_scope_of(s, sw->first))
        diag_error(d, u, n->first,
                   "%s label in the scope of local reducer '%s' reached from a switch outside "
                   "it is not supported (the jump would skip its registration)",
                   n->kind == N_CASE ? "case" : "default", s->name);
    if (n->kind == N_SWITCH)
        sw = n;
    for (int i = 0; i < n->nkids; i++)
        check_cases(u, d, s, sw, n->kids[i]);
    check_cases(u, d, s, sw, n->init);
    check_cases(u, d, s, sw, n->body);
    check_cases(u, d, s, sw, n->els);
}

/* The reducer a declarator of a cilk_reducer declaration makes, checked
 * where the variable's scope allows it. Only the symbol's first
 * declaration counts (the one Sym.decl names): its qualifier is claimed. */
static void declared(Unit *u, Arena *a, Diag *d, Declarator *dd, unsigned char *claimed)
{
    Sym *s = dd->sym;
    if (s)
        for (int i = dd->parent->spec_first; i < dd->parent->spec_last; i++)
            claimed[i] = 1; /* its qualifier, or the type name that brought it */
    if (!s || s->decl != dd)
        return;
    claimed[dd->parent->reducer] = 1;
    if (s->kind == SYM_TYPEDEF) {
        if (!refuse(u, d, s, dd->parent->reducer)) {
            check_callback(u, d, s, dd->parent->reducer_id, "identity", 1);
            check_callback(u, d, s, dd->parent->reducer_red, "reduce", 2);
        }
        return;
    }
    if (!s->reducer)
        found(u, a, d, s, dd->parent->reducer);
    if (s->reducer && s->reducer->fn) {
        check_jumps(u, d, s);
        check_cases(u, d, s, NULL, s->reducer->fn->body);
    }
}

int reducers_check(Unit *u, Arena *a, Diag *d)
{
    int before = d->nerrors;
    unsigned char *claimed = calloc((size_t)u->ntoks + 1, 1);
    for (int i = 0; i < u->nreducer_decls; i++)
        for (int k = 0; k < u->reducer_decls[i]->ndecls; k++)
            declared(u, a, d, u->reducer_decls[i]->decls[k], claimed);
    for (int i = 0; i < u->nreducer_quals; i++)
        if (!claimed[u->reducer_quals[i]])
            diag_error(d, u, u->reducer_quals[i],
                       "cilk_reducer here is not supported: only a variable (global, static or "
                       "local) can be a reducer, not a struct member, parameter, type or pointer");
    for (int i = 0; i < u->nreducer_types; i++) {
        const Token *t = &u->toks[u->reducer_types[i]];
        if (!claimed[u->reducer_types[i]])
            diag_error(d, u, u->reducer_types[i],
                       "reducer type '%.*s' here is not supported: only a variable (global, "
                       "static or local) can be a reducer, not a struct member, cast or sizeof "
                       "operand",
                       t->len, u->buf + t->off);
    }
    for (int j = 0; j < u->ntoks; j++)
        if (is_use(u, j) && use_end(u, j) < 0 && !under_sizeof(u, j))
            diag_error(d, u, j, "reducer array '%s' must be indexed down to its elements",
                       u->toks[j].sym->name);
    free(claimed);
    return d->nerrors - before;
}

/* ---------------------------------------------------------------------
 * Rewriting: edits of the source, applied in order
 * --------------------------------------------------------------------- */

typedef struct {
    const Unit *u;
    StealMode mode;
    Splices es;
} Rewrite;

static Buf *edit(Rewrite *w, size_t from, size_t to) { return splice_at(&w->es, from, to); }

/* Tokens [first, last) as written, one space between. */
static void put_range(Buf *b, const Unit *u, int first, int last)
{
    for (int i = first; i < last; i++) {
        if (i > first)
            buf_puts(b, " ");
        buf_add(b, u->buf + u->toks[i].off, (size_t)u->toks[i].len);
    }
}

/* The qualifier goes; its newlines stay. */
static void blank_qualifier(Rewrite *w, int q)
{
    const Unit *u = w->u;
    int close = tok_match(u, q + 1);
    Buf *b = edit(w, off_of(u, q), end_of(u, close));
    for (size_t i = off_of(u, q); i < end_of(u, close); i++)
        buf_puts(b, u->buf[i] == '\n' ? "\n" : " ");
}

typedef struct {
    int tok;
    int in_loop;
} Within;

static void find_loop(Node *n, void *arg)
{
    Within *in = arg;
    int loop = n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_DO || n->kind == N_CILK_FOR;
    if (loop && n->body && n->body->first <= in->tok && in->tok < n->body->last)
        in->in_loop = 1;
}

/* Is the use at j inside a loop of its function? There cilkc writes the
 * const lookup, cilkrt_reducer_view_stable, which cc hoists out of the
 * loop (cilkrt_abi.h); elsewhere the inline one, cheaper once. */
static int in_loop(const Unit *u, int j)
{
    const Func *fn = func_of(u, j);
    Within in = {j, 0};
    if (fn)
        analysis_walk(fn->body, find_loop, &in);
    return in.in_loop;
}

static void rewrite_use(Rewrite *w, int j)
{
    const Unit *u = w->u;
    const Reducer *r = u->toks[j].sym->reducer;
    int e = use_end(u, j);
    if (e < 0)
        return; /* under sizeof: the variable's own type is right */
    Buf *b = edit(w, off_of(u, j), off_of(u, j));
    buf_puts(b, "(*(__typeof__(");
    put_range(b, u, j, e);
    int stable = in_loop(u, j);
    buf_puts(b, stable ? ") *)cilkrt_reducer_view_stable((void *)&"
                       : ") *)cilkrt_reducer_view((void *)&");
    b = edit(w, end_of(u, e - 1), end_of(u, e - 1));
    buf_puts(b, ", sizeof(");
    put_range(b, u, j, e);
    buf_puts(b, "), (");
    put_range(b, u, r->id.first, r->id.last);
    buf_puts(b, "), (");
    put_range(b, u, r->red.first, r->red.last);
    buf_puts(b, stable ? "), cilkrt_tls_h.epoch))" : ")))");
}

/* ---- local reducers: register, and unregister wherever a scope ends ---- */

typedef struct {
    Rewrite *w;
    const Func *fn;
    const Sym **locals; /* fn's local reducers, in order of declaration */
    int n;
} Locals;

/* Does leaving the statement `outer` from token `at` (the whole function
 * if outer is NULL) end the scope of local reducer s? */
static int ends_scope(const Sym *s, int at, const Node *outer)
{
    return in_scope_of(s, at) && (!outer || outer->first <= s->reducer->block->first);
}

/* Unregister the local reducers whose scope leaving `outer` from token
 * `at` ends, newest first, after a sync (their other views merge into them
 * at the sync; with no narrower sync in cilkc, it is the function's). */
static int put_unregister(Buf *b, const Locals *l, int at, const Node *outer)
{
    int n = 0;
    for (int i = l->n - 1; i >= 0; i--)
        if (ends_scope(l->locals[i], at, outer) && n++ == 0 && l->fn->is_parallel)
            buf_puts(b, " sync;");
    for (int i = l->n - 1; i >= 0; i--)
        if (ends_scope(l->locals[i], at, outer))
            buf_printf(b, " cilkrt_reducer_unregister((void *)&%s);", l->locals[i]->name);
    return n;
}

static int is_specifier_kept(int k)
{
    return k != TK_STATIC && k != TK_EXTERN && k != TK_INLINE && k != TK_NORETURN && k != TK_CILK &&
           k != TK_ATTRIBUTE && k != TK_THREAD_LOCAL;
}

/* fn's return type, from its specifiers and the pointer part of its
 * declarator (`char *f(...)`: char *). A parallel function cannot hold a
 * __typeof__ of its locals (its frame is declared outside it). */
static void put_return_type(Buf *b, const Unit *u, const Func *fn, Range e)
{
    const Declarator *dd = fn->decl->decls[0];
    if (has_token(u, dd->first, dd->name, TK_LPAREN)) {
        buf_puts(b, "__typeof__(");
        put_range(b, u, e.first, e.last);
        buf_puts(b, ")");
        return;
    }
    for (int i = fn->decl->spec_first; i < fn->decl->spec_last; i++) {
        if (kind(u, i) == TK_ATTRIBUTE) {
            i = tok_match(u, i + 1);
            continue;
        }
        if (is_specifier_kept(kind(u, i))) {
            put_range(b, u, i, i + 1);
            buf_puts(b, " ");
        }
    }
    put_range(b, u, dd->first, dd->name);
}

/* `return e;` -> `{ T cilkc_rv = e; sync; unregister...; return cilkc_rv;
 * }` with T the return type: e is evaluated first, as the return would. */
static void rewrite_return(Locals *l, const Node *n)
{
    const Unit *u = l->w->u;
    int semi = n->last - 1;
    Buf b = {0};
    if (!put_unregister(&b, l, n->first, NULL))
        return buf_free(&b);
    if (n->e.first >= n->e.last) {
        Buf *open = edit(l->w, off_of(u, n->first), off_of(u, n->first));
        buf_puts(open, "{");
        buf_add(open, b.data, b.len);
        buf_puts(edit(l->w, end_of(u, semi), end_of(u, semi)), " }");
        return buf_free(&b);
    }
    Buf *open = edit(l->w, off_of(u, n->first), end_of(u, n->first));
    buf_puts(open, "{ ");
    put_return_type(open, u, l->fn, n->e);
    buf_puts(open, " cilkc_rv =");
    Buf *close = edit(l->w, off_of(u, semi), end_of(u, semi));
    buf_puts(close, ";");
    buf_add(close, b.data, b.len);
    buf_puts(close, " return cilkc_rv; }");
    buf_free(&b);
}

/* `break;` or `continue;` leaving `outer` -> `{ sync; unregister...;
 * break; }`. */
static void rewrite_jump(Locals *l, const Node *n, const Node *outer)
{
    const Unit *u = l->w->u;
    Buf b = {0};
    if (put_unregister(&b, l, n->first, outer)) {
        Buf *open = edit(l->w, off_of(u, n->first), off_of(u, n->first));
        buf_puts(open, "{");
        buf_add(open, b.data, b.len);
        buf_puts(edit(l->w, end_of(u, n->last - 1), end_of(u, n->last - 1)), " }");
    }
    buf_free(&b);
}

/* Every exit from a scope under n: `loop` is the statement a continue
 * leaves, `brk` the one a break leaves. */
static void rewrite_exits(Locals *l, const Node *n, const Node *loop, const Node *brk)
{
    if (!n)
        return;
    if (n->kind == N_RETURN)
        rewrite_return(l, n);
    else if (n->kind == N_BREAK && brk)
        rewrite_jump(l, n, brk);
    else if (n->kind == N_CONTINUE && loop)
        rewrite_jump(l, n, loop);
    if (n->kind == N_WHILE || n->kind == N_DO || n->kind == N_FOR || n->kind == N_CILK_FOR)
        loop = brk = n;
    else if (n->kind == N_SWITCH)
        brk = n;
    for (int i = 0; i < n->nkids; i++)
        rewrite_exits(l, n->kids[i], loop, brk);
    rewrite_exits(l, n->init, loop, brk);
    rewrite_exits(l, n->body, loop, brk);
    rewrite_exits(l, n->els, loop, brk);
}

/* At the close of each block that declares local reducers. */
static void rewrite_block_ends(Locals *l)
{
    const Unit *u = l->w->u;
    for (int i = 0; i < l->n; i++) {
        const Node *b = l->locals[i]->reducer->block;
        if (i > 0 && l->locals[i - 1]->reducer->block == b)
            continue;
        int close = b->last - 1;
        put_unregister(edit(l->w, off_of(u, close), off_of(u, close)), l, close, b);
    }
}

/* dd, if it declares a local reducer of l's function: registered just
 * after its declaration. */
static void add_local(Locals *l, const Declarator *dd)
{
    const Sym *s = dd->sym;
    if (!s || !s->reducer || s->reducer->fn != l->fn || s->decl != dd)
        return;
    l->locals = xrealloc(l->locals, sizeof *l->locals * (size_t)(l->n + 1));
    l->locals[l->n++] = s;
    const Unit *u = l->w->u;
    int semi = s->reducer->decl->last - 1;
    buf_printf(edit(l->w, end_of(u, semi), end_of(u, semi)),
               " cilkrt_reducer_register((void *)&%s);", s->name);
}

static void lower_locals(Rewrite *w, const Func *fn)
{
    const Unit *u = w->u;
    Locals l = {w, fn, NULL, 0};
    for (int i = 0; i < u->nreducer_decls; i++)
        for (int k = 0; k < u->reducer_decls[i]->ndecls; k++)
            add_local(&l, u->reducer_decls[i]->decls[k]);
    if (!l.n)
        return;
    rewrite_exits(&l, fn->body, NULL, NULL);
    rewrite_block_ends(&l);
    free(l.locals);
}

int reducers_lower(const Unit *u, StealMode mode, Buf *out)
{
    Rewrite w = {u, mode, {NULL, 0}};
    if (!u->nreducer_quals)
        return 0;
    for (int i = 0; i < u->nreducer_quals; i++)
        blank_qualifier(&w, u->reducer_quals[i]);
    if (mode != STEAL_SERIAL) {
        for (int j = 0; j < u->ntoks; j++)
            if (is_use(u, j))
                rewrite_use(&w, j);
        for (int i = 0; i < u->nfuncs; i++)
            lower_locals(&w, u->funcs[i]);
    }
    /* before any spawn: see runtime/reducer.c; first, on a line of its own
     * ahead of the preprocessor's first line marker, so that it is presumed
     * at no line of the user's file */
    if (mode != STEAL_SERIAL)
        buf_puts(out, "__attribute__((constructor)) static void cilkc_reducers_live(void) "
                      "{ cilkrt_reducers_enable(); }\n");
    splice_apply(&w.es, u->buf, u->len, out);
    return 1;
}
