/* analysis.c: facts about a parallel function for the lowering (see
 * analysis.h). */
#include "analysis.h"

#include "arena.h"
#include "emit.h"
#include "tokens.h"

#include <stdlib.h>
#include <string.h>

static const Token *tok(const Analysis *a, int i) { return &a->u->toks[i]; }

static int kind(const Analysis *a, int i) { return tok_kind(a->u, i); }

static int matching(const Analysis *a, int i) { return tok_match(a->u, i); }

static void error(Analysis *a, int at, const char *msg)
{
    diag_error(a->d, a->u, at, "%s", msg);
    a->errors++;
}

/* Where the user wrote the local at token i: in the helper of a
 * cilk_for or cilk_scope body, loops.c writes a local the body captures
 * as (*cilkc_c_N->NAME) in NAME's place (put_captured), and the user's
 * token is NAME, at the `(`. Returns the token to report at; *name: the
 * one that names the local. */
static int user_token(const Analysis *a, int i, int *name)
{
    *name = i;
    const Token *t = tok(a, i);
    if (!a->u->rewritten || t->len < 8 || strncmp(a->u->buf + t->off, "cilkc_c_", 8) != 0 ||
        kind(a, i - 2) != TK_LPAREN || kind(a, i - 1) != TK_STAR || kind(a, i + 1) != TK_ARROW ||
        kind(a, i + 2) != TK_IDENT || kind(a, i + 3) != TK_RPAREN)
        return i;
    *name = i + 2;
    return i - 2;
}

/* An error naming the local at token local (fmt's one %.*s), or, with
 * no such local (-1), the message plain at token at. */
static void error_naming(Analysis *a, int local, const char *fmt, int at, const char *plain)
{
    if (local < 0)
        error(a, at, plain);
    else {
        int name, pos = user_token(a, local, &name);
        diag_error(a->d, a->u, pos, fmt, tok(a, name)->len, a->u->buf + tok(a, name)->off);
        a->errors++;
    }
}

static unsigned char *flags_for(const Func *fn)
{
    unsigned char *f = xmalloc((size_t)fn->nlocals + 1);
    memset(f, 0, (size_t)fn->nlocals + 1);
    return f;
}

int analysis_site(const Analysis *a, const Node *n)
{
    for (int k = 0; k < a->nspawns; k++)
        if (a->spawns[k] == n)
            return k + 1;
    return 0;
}

int analysis_is_array(const Unit *u, const Declarator *dd)
{
    return dd->name >= 0 && tok_kind(u, dd->name + 1) == TK_LBRACKET;
}

static void add_spawn(Analysis *a, Node *n, const Sym *declared)
{
    a->spawns = xrealloc(a->spawns, sizeof *a->spawns * (size_t)(a->nspawns + 1));
    a->declared = xrealloc(a->declared, sizeof *a->declared * (size_t)(a->nspawns + 1));
    a->declared[a->nspawns] = declared;
    a->spawns[a->nspawns++] = n;
}

void analysis_walk(Node *n, void (*visit)(Node *n, void *arg), void *arg)
{
    if (!n)
        return;
    visit(n, arg);
    for (int i = 0; i < n->nkids; i++)
        analysis_walk(n->kids[i], visit, arg);
    analysis_walk(n->init, visit, arg);
    analysis_walk(n->body, visit, arg);
    analysis_walk(n->els, visit, arg);
}

static void collect_site(Node *n, void *arg)
{
    Analysis *a = arg;
    if (n->kind == N_SPAWN)
        add_spawn(a, n, NULL);
    if (n->kind == N_DECL)
        for (int i = 0; i < n->decl->ndecls; i++)
            if (n->decl->decls[i]->spawn)
                add_spawn(a, n->decl->decls[i]->spawn, n->decl->decls[i]->sym);
}

/* Does dd declare an array, by its own `[...]` or through a typedef name
 * (`typedef int vec[4]; vec v;`, also a typedef of such a typedef)? */
static int declares_array(const Analysis *a, const Declarator *dd, int depth)
{
    if (!dd || depth > 8)
        return 0;
    if (analysis_is_array(a->u, dd))
        return 1;
    if (dd->last - dd->first != 1 || !dd->parent)
        return 0;
    for (int i = dd->parent->spec_first; i < dd->parent->spec_last; i++)
        if (tok(a, i)->sym && tok(a, i)->sym->kind == SYM_TYPEDEF)
            return declares_array(a, tok(a, i)->sym->decl, depth + 1);
    return 0;
}

/* A local must live in the frame in both clones when a child or the thief
 * could reach it through an address: its address is taken, it is an array
 * (also through a typedef), or a member of it is used (a member array
 * decays to a pointer into it, and a spawn destination s.m is written
 * through &s). */
static void find_resident(Analysis *a)
{
    const Func *fn = a->fn;
    a->resident = flags_for(fn);
    for (int i = 0; i < fn->nlocals; i++) {
        const Sym *s = fn->locals[i];
        if (s->address_taken || declares_array(a, s->decl, 0))
            a->resident[s->index] = 1;
    }
    for (int i = fn->first; i < fn->last; i++) {
        const Sym *s = tok(a, i)->sym;
        if (kind(a, i) == TK_IDENT && sym_is_auto(s) && kind(a, i + 1) == TK_DOT)
            a->resident[s->index] = 1;
    }
    for (int i = 0; i < fn->nlocals; i++)
        if (a->in_expr[fn->locals[i]->index])
            a->resident[fn->locals[i]->index] = 0;
}

static int is_assign_op(int k)
{
    return k == TK_ASSIGN || k == TK_MUL_ASSIGN || k == TK_DIV_ASSIGN || k == TK_MOD_ASSIGN ||
           k == TK_ADD_ASSIGN || k == TK_SUB_ASSIGN || k == TK_SHL_ASSIGN || k == TK_SHR_ASSIGN ||
           k == TK_AND_ASSIGN || k == TK_XOR_ASSIGN || k == TK_OR_ASSIGN;
}

/* Locals declared inside a statement expression ({ ... }) stay C
 * variables in every clone: no spawn can be inside an expression, so they
 * are never live across one. */
static void find_expr_locals(Analysis *a)
{
    const Func *fn = a->fn;
    a->in_expr = flags_for(fn);
    for (int i = fn->body->first; i < fn->body->last; i++) {
        if (kind(a, i) != TK_LPAREN || kind(a, i + 1) != TK_LBRACE)
            continue;
        int end = matching(a, i);
        for (int k = 0; k < fn->nlocals; k++) {
            const Sym *s = fn->locals[k];
            if (s->decl && s->decl->name > i && s->decl->name < end)
                a->in_expr[s->index] = 1;
        }
        i = end;
    }
}

/* Is token i (a local's name) written there: assigned, incremented,
 * decremented or its address taken (looking through parentheses: (x) = 1,
 * ++(x))? */
static int is_write(const Analysis *a, int i)
{
    int j = i + 1, k = i - 1;
    while (kind(a, j) == TK_RPAREN)
        j++;
    while (kind(a, k) == TK_LPAREN)
        k--;
    int next = kind(a, j), prev = kind(a, k);
    return is_assign_op(next) || next == TK_INC || next == TK_DEC || prev == TK_INC ||
           prev == TK_DEC || prev == TK_AMP;
}

/* Which locals are written after their declaration (by assignment, ++/--
 * or as a spawn destination)? A parameter that is not needs saving into
 * the frame only once. A write through its address makes a local live in
 * the frame anyway. */
static void find_assigned(Analysis *a)
{
    const Func *fn = a->fn;
    a->assigned = flags_for(fn);
    for (int i = fn->body->first; i < fn->body->last; i++) {
        const Sym *s = tok(a, i)->sym;
        if (kind(a, i) == TK_IDENT && sym_is_auto(s) && is_write(a, i))
            a->assigned[s->index] = 1;
    }
}

static int calls_alloca(const Analysis *a)
{
    for (int i = a->fn->first; i < a->fn->last; i++)
        if (tok_is_alloca_call(a->u, i))
            return 1;
    return 0;
}

/* The fast clone may allocate its frame at its first spawn (leaves of the
 * recursion never do) unless alloca blocks live in it from the start. A
 * resident local makes the fast clone allocate it at that local's first
 * use, if that comes before the first spawn (lower_cont.c): uts's leaves
 * have an array of results they never touch. */
static int can_be_lazy(const Analysis *a) { return !a->uses_alloca; }

static int any_resident(const Analysis *a)
{
    for (int i = 0; i < a->fn->nlocals; i++)
        if (a->resident[a->fn->locals[i]->index])
            return 1;
    return 0;
}

/* ---- Which locals the fast clone saves at each spawn ----
 *
 * At spawn site k the fast clone copies C locals into the frame, for a
 * thief that would resume after k. It may leave out a local that is dead
 * after k (every path from k writes it before reading it: the thief never
 * reads the frame's copy) or that the frame already holds (saved at an
 * earlier spawn every path to k passes through, and not written since).
 * Both facts are proved on the statement list, conservatively: with no
 * goto in the function, and except for a local whose block ends unread
 * after the spawn (scope_ends_unread), only for a spawn statement directly
 * in a block; any doubt saves. */

/* A spawn statement's place: the block that holds it and its index there. */
typedef struct {
    const Node *stmt; /* the N_SPAWN, or the N_DECL of `T x = spawn` */
    const Node *block;
    int idx;
    int in_loop; /* a loop encloses it */
} Place;

static int stmt_site(const Analysis *a, const Node *n)
{
    if (n->kind == N_SPAWN)
        return analysis_site(a, n);
    if (n->kind == N_DECL)
        for (int i = 0; i < n->decl->ndecls; i++)
            if (n->decl->decls[i]->spawn)
                return analysis_site(a, n->decl->decls[i]->spawn);
    return 0;
}

static void place_sites(const Analysis *a, const Node *n, const Node *block, int idx, int in_loop,
                        Place *pl)
{
    if (!n)
        return;
    int site = block ? stmt_site(a, n) : 0;
    if (site)
        pl[site - 1] = (Place){n, block, idx, in_loop};
    int loop = in_loop || n->kind == N_WHILE || n->kind == N_DO || n->kind == N_FOR;
    for (int i = 0; i < n->nkids; i++)
        place_sites(a, n->kids[i], n->kind == N_BLOCK ? n : NULL, i, loop, pl);
    place_sites(a, n->init, NULL, 0, loop, pl);
    place_sites(a, n->body, NULL, 0, loop, pl);
    place_sites(a, n->els, NULL, 0, loop, pl);
}

static int occurs(const Analysis *a, const Sym *s, int from, int to)
{
    for (int i = from; i < to; i++)
        if (tok(a, i)->sym == s && kind(a, i) == TK_IDENT)
            return 1;
    return 0;
}

static int written(const Analysis *a, const Sym *s, int from, int to)
{
    for (int i = from; i < to; i++)
        if (tok(a, i)->sym == s && kind(a, i) == TK_IDENT && is_write(a, i))
            return 1;
    return 0;
}

static int has_token(const Analysis *a, int k, int from, int to)
{
    for (int i = from; i < to; i++)
        if (kind(a, i) == k)
            return 1;
    return 0;
}

static int jumps(const Analysis *a, const Node *n)
{
    return has_token(a, TK_BREAK, n->first, n->last) ||
           has_token(a, TK_CONTINUE, n->first, n->last);
}

/* Is n `s = ...;` or `s = spawn ...;` with no other mention of s? */
static int assigns_first(const Analysis *a, const Node *n, const Sym *s)
{
    int at;
    if (n->kind == N_EXPR && n->e.last - n->e.first > 2 && kind(a, n->e.first + 1) == TK_ASSIGN)
        at = n->e.first;
    else if (n->kind == N_SPAWN && n->op == TK_ASSIGN && n->lv.last - n->lv.first == 1)
        at = n->lv.first;
    else
        return 0;
    return tok(a, at)->sym == s && !occurs(a, s, n->first, at) && !occurs(a, s, at + 1, n->last);
}

/* The block that declares s among its statements (not in a for-init),
 * searched from n; NULL if none. */
static const Node *declaring_block(const Node *n, const Sym *s)
{
    if (!n)
        return NULL;
    for (int i = 0; n->kind == N_BLOCK && i < n->nkids; i++) {
        const Node *d = n->kids[i];
        for (int j = 0; d->kind == N_DECL && j < d->decl->ndecls; j++)
            if (d->decl->decls[j]->sym == s)
                return n;
    }
    const Node *r = NULL;
    for (int i = 0; !r && i < n->nkids; i++)
        r = declaring_block(n->kids[i], s);
    if (!r)
        r = declaring_block(n->init, s);
    if (!r)
        r = declaring_block(n->body, s);
    return r ? r : declaring_block(n->els, s);
}

static int contains(const Node *c, const Node *n)
{
    return c && c != n && c->first <= n->first && n->last <= c->last;
}

/* The outermost loop inside x (x excluded) around n, or NULL. */
static const Node *loop_around(const Node *x, const Node *n)
{
    const Node *c = NULL;
    for (int i = 0; !c && i < x->nkids; i++)
        if (contains(x->kids[i], n))
            c = x->kids[i];
    c = c                      ? c
        : contains(x->init, n) ? x->init
        : contains(x->body, n) ? x->body
        : contains(x->els, n)  ? x->els
                               : NULL;
    if (!c)
        return NULL;
    return c->kind == N_WHILE || c->kind == N_DO || c->kind == N_FOR ? c : loop_around(c, n);
}

/* Does s's lifetime end unread after spawn n? s is declared in a block
 * around n, and nothing after n in that block mentions it, nor anything in
 * a loop of the block around n (it comes back to n's arguments, or to
 * code before n). A loop around the block does not matter: each pass
 * through the block starts a new s, which its declaration or a write sets
 * before any read (reading it otherwise is undefined in C). */
static int scope_ends_unread(const Analysis *a, const Node *n, const Sym *s)
{
    const Node *b = declaring_block(a->fn->body, s);
    if (!b || !contains(b, n))
        return 0;
    const Node *loop = loop_around(b, n);
    return !occurs(a, s, loop ? loop->first : n->last, b->last);
}

/* Is s dead after site k's spawn: its destination, or written by a later
 * statement of the same block before anything else can read it, or never
 * mentioned again (and no loop around to come back)? */
static int dead_after(const Analysis *a, const Place *p, int k, const Sym *s)
{
    const Node *n = a->spawns[k - 1];
    if (a->declared[k - 1] == s)
        return 1;
    if (n->op == TK_ASSIGN && n->lv.last - n->lv.first == 1 && tok(a, n->lv.first)->sym == s)
        return 1;
    if (scope_ends_unread(a, p->stmt ? p->stmt : n, s))
        return 1;
    if (!p->stmt)
        return 0;
    for (int j = p->idx + 1; j < p->block->nkids; j++) {
        const Node *t = p->block->kids[j];
        if (assigns_first(a, t, s))
            return 1;
        if (occurs(a, s, t->first, t->last) || jumps(a, t))
            return 0;
    }
    return !p->in_loop && !occurs(a, s, p->stmt->last, a->fn->last);
}

/* The spawn statement before site k in its block that every path to k
 * passes (no label in between), or 0. */
static int prev_site(const Analysis *a, const Place *p)
{
    if (!p->stmt)
        return 0;
    for (int j = p->idx - 1; j >= 0; j--) {
        const Node *t = p->block->kids[j];
        if (t->kind == N_LABEL || t->kind == N_CASE || t->kind == N_DEFAULT)
            return 0;
        int site = stmt_site(a, t);
        if (site)
            return site;
    }
    return 0;
}

/* ---- Saves hoisted out of loops ----
 *
 * A local that a loop never writes (no assignment, ++, -- or & of it
 * between the loop's first and last token) and that is declared before
 * the loop has, at each of the loop's spawns, the value it had when the
 * loop started: the fast clone saves it there once (and when it allocates
 * a lazy frame inside the loop), not at every spawn. The loop is the
 * outermost one around the spawn that qualifies. Not with Cilk-5 inlets
 * (an inlet's body, written elsewhere, runs at the loop's spawns and may
 * write the local), nor when a case or default label lies inside the loop
 * (a switch around it could jump in, past the save); find_saves already
 * gives up on functions with goto. A local in the frame anyway, or a
 * parameter never written (saved once with the frame), has no saves to
 * hoist. */
static const Node *hoist_loop(const Analysis *a, const Node *at, const Sym *s)
{
    if (a->has_inlets || a->resident[s->index] || (s->is_param && !a->assigned[s->index]))
        return NULL;
    for (const Node *l = loop_around(a->fn->body, at); l; l = loop_around(l, at)) {
        int before = s->is_param || (s->decl && s->decl->name < l->first);
        if (before && !written(a, s, l->first, l->last) &&
            !has_token(a, TK_CASE, l->first, l->last) &&
            !has_token(a, TK_DEFAULT, l->first, l->last))
            return l;
    }
    return NULL;
}

static void add_hoist(Analysis *a, const Node *l, const Sym *s)
{
    if (analysis_hoisted(a, l, s))
        return;
    a->hoists = xrealloc(a->hoists, sizeof *a->hoists * (size_t)(a->nhoists + 1));
    a->hoists[a->nhoists++] = (AnalysisHoist){l, s};
}

int analysis_hoisted(const Analysis *a, const Node *n, const Sym *s)
{
    for (int i = 0; i < a->nhoists; i++)
        if (a->hoists[i].loop == n && a->hoists[i].sym == s)
            return 1;
    return 0;
}

/* cond[k] (cond may be NULL): site k saves only on one of its paths
 * (analysis_saves_conditional), so later sites cannot count on what it
 * saves. */
static void find_saves(Analysis *a, const unsigned char *cond)
{
    const Func *fn = a->fn;
    size_t row = (size_t)fn->nlocals + 1;
    a->saves = xmalloc(row * (size_t)(a->nspawns + 1));
    memset(a->saves, 1, row * (size_t)(a->nspawns + 1));
    if (a->nspawns == 0 || has_token(a, TK_GOTO, fn->body->first, fn->body->last))
        return;
    Place *pl = xmalloc(sizeof *pl * (size_t)a->nspawns);
    memset(pl, 0, sizeof *pl * (size_t)a->nspawns);
    place_sites(a, fn->body, NULL, 0, 0, pl);
    /* in_frame[k]: the frame holds the local's current value after k's saves */
    unsigned char *in_frame = xmalloc(row * (size_t)(a->nspawns + 1));
    for (int k = 1; k <= a->nspawns; k++) {
        const Place *p = &pl[k - 1];
        int prev = prev_site(a, p);
        for (int i = 0; i < fn->nlocals; i++) {
            const Sym *s = fn->locals[i];
            int kept = prev && in_frame[row * (size_t)prev + (size_t)s->index] && s->decl &&
                       s->decl->name < pl[prev - 1].stmt->first &&
                       !written(a, s, pl[prev - 1].stmt->first, p->stmt->last);
            int save = !kept && !dead_after(a, p, k, s);
            const Node *l = save ? hoist_loop(a, p->stmt ? p->stmt : a->spawns[k - 1], s) : NULL;
            if (l) {
                add_hoist(a, l, s);
                kept = 1;
                save = 0;
            }
            a->saves[row * (size_t)k + (size_t)s->index] = (unsigned char)save;
            in_frame[row * (size_t)k + (size_t)s->index] =
                (unsigned char)(kept || (save && !(cond && cond[k])));
        }
    }
    free(in_frame);
    free(pl);
}

void analysis_saves_conditional(Analysis *a, const unsigned char *cond)
{
    free(a->saves);
    free(a->hoists);
    a->hoists = NULL;
    a->nhoists = 0;
    find_saves(a, cond);
}

int analysis_saves(const Analysis *a, int site, const Sym *s)
{
    return a->saves[((size_t)a->fn->nlocals + 1) * (size_t)site + (size_t)s->index];
}

/* The first token of [first, last) that names a local variable or
 * function of the function, or a typedef name it defines, or -1. */
static int names_local(const Analysis *a, int first, int last)
{
    return scope_names_local(a->u, a->fn, first, last, SCOPE_ANY | SCOPE_TYPEDEF | SCOPE_USES);
}

/* A typedef or a struct, union or enum definition left in a parallel
 * function: localtypes.c moves the others to file scope, where the frame
 * (and the task and helper structs) can name them; this one names a local
 * (a variable-length array or member, a typeof), or a type that does. */
static void refuse_local_type(Analysis *a, const Decl *d)
{
    int typedef_ = (d->storage & SC_TYPEDEF) != 0;
    int at = names_local(a, typedef_ ? d->first : d->spec_first, typedef_ ? d->last : d->spec_last);
    error_naming(a, at,
                 "type defined from local '%.*s' in a parallel function is not supported: "
                 "its definition cannot move to file scope",
                 d->first,
                 "type that names a local type defined from a local variable, in a parallel "
                 "function, is not supported: its definition cannot move to file scope");
}

/* An array without a size left in a parallel function: localtypes.c
 * sizes the others from their initializers; this one has none that cilkc
 * can count (not a brace list or a string), or elements that are not
 * scalars, one of which names a local (braces may be elided around it). */
static void refuse_unsized(Analysis *a, const Declarator *dd)
{
    int at = dd->init_first < 0 ? -1 : names_local(a, dd->init_first, dd->init_last);
    error_naming(a, at,
                 "array without a size whose initializer names local '%.*s' at its top level, "
                 "in a parallel function, is not supported; give its size",
                 dd->name,
                 "array without a size in a parallel function is not supported here; "
                 "give its size");
}

static void check_decl(Analysis *a, const Decl *d)
{
    if ((d->storage & SC_TYPEDEF) || d->defines_type) {
        refuse_local_type(a, d);
        return;
    }
    for (int i = d->spec_first; i < d->spec_last; i++)
        if (kind(a, i) == TK_AUTO_TYPE) {
            error(a, i, "__auto_type in a parallel function is not supported; write the type");
            return;
        }
    for (int i = 0; i < d->ndecls; i++) {
        const Declarator *dd = d->decls[i];
        if (!sym_is_auto(dd->sym))
            continue;
        int name, at = scope_type_names_local(a->u, dd, SCOPE_AUTO);
        if (at >= 0)
            error(a, user_token(a, at, &name),
                  "variable-length array or type that depends on a local variable "
                  "in a parallel function is not supported here (a variable-length array "
                  "is, outside loops, in a function without goto, with neither its address "
                  "nor its type taken, and only its first dimension variable)");
        else if (analysis_is_array(a->u, dd) && kind(a, dd->name + 2) == TK_RBRACKET)
            refuse_unsized(a, dd);
    }
}

/* A Cilk-5 inlet call gives the child's result (unless the callee is
 * void) and then one argument per remaining parameter. */
static void check_inlet_call(Analysis *a, const Node *n)
{
    int params = n->inlet->nparams;
    if (params != n->nextra && params != n->nextra + 1)
        error(a, n->first,
              "inlet call does not match the inlet's parameters: it takes the child's "
              "result (unless the child is void) and then one argument for each other "
              "parameter");
}

static void check_node(Node *n, void *arg)
{
    if (n->kind == N_DECL)
        check_decl(arg, n->decl);
    if (n->kind == N_SPAWN && n->inlet)
        check_inlet_call(arg, n);
}

static void check_head(Analysis *a)
{
    const Func *fn = a->fn;
    if (fn->is_knr)
        error(a, fn->decl->first, "parallel function with a K&R parameter list is not supported");
    if (fn->is_variadic)
        error(a, fn->decl->first, "variadic parallel function is not supported");
}

/* The first label address (&&label) in tokens [first, last). */
static void check_label_addresses(Analysis *a, int first, int last)
{
    for (int i = first; i < last; i++)
        if (kind(a, i) == TK_ANDAND && kind(a, i + 1) == TK_IDENT &&
            (i == first || kind(a, i - 1) == TK_LPAREN || kind(a, i - 1) == TK_ASSIGN ||
             kind(a, i - 1) == TK_COMMA))
            if (!tok(a, i + 1)->sym) {
                error(a, i, "label address (&&label) in a parallel function is not supported");
                break;
            }
}

static void check_func(Analysis *a)
{
    check_head(a);
    check_label_addresses(a, a->fn->first, a->fn->last);
    analysis_walk(a->fn->body, check_node, a);
}

/* Is token i a `#pragma omp ...` line? */
static int is_omp_pragma(const Analysis *a, int i)
{
    if (kind(a, i) != TK_PRAGMA)
        return 0;
    const char *s = a->u->buf + tok(a, i)->off, *end = s + tok(a, i)->len;
    while (s < end && (*s == ' ' || *s == '\t' || *s == '#'))
        s++;
    s += 6; /* "pragma", which the scanner matched */
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    return end - s >= 3 && strncmp(s, "omp", 3) == 0 &&
           (end - s == 3 || s[3] == ' ' || s[3] == '\t');
}

int analysis_refuse_omp(Analysis *a)
{
    for (int i = a->fn->first; i < a->fn->last; i++)
        if (is_omp_pragma(a, i))
            error(a, i,
                  "OpenMP pragma in a parallel function is not supported with continuation "
                  "stealing; use --steal=child, or move the OpenMP code into a function "
                  "without spawn");
    return a->errors;
}

/* Does dd declare a function returning void: `void name(...)`, with only
 * storage classes, qualifiers, inline and attributes beside the `void`? A
 * typedef'd void or a pointer is left to cc. */
static int declares_void_function(const Analysis *a, const Declarator *dd)
{
    if (!dd || dd->name != dd->first || kind(a, dd->first + 1) != TK_LPAREN ||
        matching(a, dd->first + 1) != dd->last - 1)
        return 0;
    int voids = 0;
    for (int i = dd->parent->spec_first; i < dd->parent->spec_last; i++) {
        int k = kind(a, i);
        if (k == TK_ATTRIBUTE)
            i = matching(a, i + 1);
        else if (k == TK_VOID)
            voids++;
        else if (k != TK_STATIC && k != TK_EXTERN && k != TK_INLINE && k != TK_CONST &&
                 k != TK_VOLATILE && k != TK_NORETURN && k != TK_EXTENSION)
            return 0;
    }
    return voids == 1;
}

/* `x = spawn f()` where f returns void: said here, at the spawn, rather
 * than by cc about the generated result variable. */
static void check_results(Analysis *a)
{
    for (int k = 0; k < a->nspawns; k++) {
        const Node *n = a->spawns[k];
        const Sym *f = n->callee.last - n->callee.first == 1 ? tok(a, n->callee.first)->sym : NULL;
        int has_dest = n->lv.last > n->lv.first || a->declared[k];
        if (has_dest && f && f->kind == SYM_FUNC && declares_void_function(a, f->decl)) {
            diag_error(a->d, a->u, n->spawn_tok, "'%s' returns void: its spawn gives no value",
                       f->name);
            a->errors++;
        }
    }
}

/* ---- The serial elision's refusals ----
 *
 * A program is accepted by every mode or refused by every mode with the
 * same error, though the serial elision copies parallel functions as they
 * are: it refuses here what check_func and check_results refuse in the
 * other modes, where they do. There, loops.c has made each cilk_for's and
 * cilk_scope's body a function of its own first (the helper), a parallel
 * one when the body spawns, syncs, aborts or holds a cilk_scope, and the
 * function around it is parallel when it does so outside the bodies (or
 * is a `cilk main`): the checks run on each such region apart, innermost
 * first, as the helpers come before the function in the other modes'
 * output. A plain C function, and a body that becomes a plain helper, is
 * not checked: it is not checked there either. */

static int is_construct(const Node *n) { return n->kind == N_CILK_FOR || n->kind == N_SCOPE; }

/* Would the region n (top: a function's body; else a construct's body)
 * be lowered as a parallel function? A cilk_scope makes its function
 * parallel (loops.c, make_parallel); a cilk_for does not. */
static int region_parallel(const Node *n, int top)
{
    if (!n || (!top && n->kind == N_CILK_FOR))
        return 0;
    if ((!top && n->kind == N_SCOPE) || n->kind == N_SPAWN || n->kind == N_SYNC ||
        n->kind == N_ABORT)
        return 1;
    for (int i = 0; n->kind == N_DECL && i < n->decl->ndecls; i++)
        if (n->decl->decls[i]->spawn)
            return 1;
    for (int i = 0; i < n->nkids; i++)
        if (region_parallel(n->kids[i], 0))
            return 1;
    return region_parallel(n->init, 0) || region_parallel(n->body, 0) || region_parallel(n->els, 0);
}

/* analysis_walk over the region n: not into the bodies of the constructs
 * in it (a cilk_for's first clause stays in the region). */
static void walk_region(Node *n, int top, void (*visit)(Node *n, void *arg), void *arg)
{
    if (!n)
        return;
    if (!top && is_construct(n)) {
        walk_region(n->init, 0, visit, arg);
        return;
    }
    visit(n, arg);
    for (int i = 0; i < n->nkids; i++)
        walk_region(n->kids[i], 0, visit, arg);
    walk_region(n->init, 0, visit, arg);
    walk_region(n->body, 0, visit, arg);
    walk_region(n->els, 0, visit, arg);
}

static void refuse_region(Analysis *a, Node *n, int top);

/* The regions of the constructs directly in region n. */
static void refuse_inner(Analysis *a, Node *n, int top)
{
    if (!n)
        return;
    if (!top && is_construct(n)) {
        refuse_region(a, n->body, 0);
        return;
    }
    for (int i = 0; i < n->nkids; i++)
        refuse_inner(a, n->kids[i], 0);
    refuse_inner(a, n->init, 0);
    refuse_inner(a, n->body, 0);
    refuse_inner(a, n->els, 0);
}

static void refuse_region(Analysis *a, Node *n, int top)
{
    refuse_inner(a, n, top);
    if (!region_parallel(n, top) && !(top && cilk5_is_main(a->fn)))
        return;
    int errors = a->errors;
    if (top)
        check_head(a);
    check_label_addresses(a, top ? a->fn->first : n->first, n->last);
    walk_region(n, 1, check_node, a);
    if (a->errors > errors)
        return;
    a->nspawns = 0;
    walk_region(n, 1, collect_site, a);
    check_results(a);
}

int cilk5_is_main(const Func *fn) { return fn->is_cilk && strcmp(fn->sym->name, "main") == 0; }

int analysis_refuse_serial(const Unit *u, const Func *fn, Diag *d)
{
    Analysis a = {.u = u, .fn = fn, .d = d};
    refuse_region(&a, fn->body, 1);
    int errors = a.errors;
    analysis_free(&a);
    return errors;
}

int analyze_func(const Unit *u, const Func *fn, Diag *d, Analysis *a)
{
    memset(a, 0, sizeof *a);
    a->u = u;
    a->fn = fn;
    a->d = d;
    check_func(a);
    if (a->errors)
        return a->errors;
    analysis_walk(fn->body, collect_site, a);
    check_results(a);
    if (a->errors)
        return a->errors;
    find_expr_locals(a);
    find_resident(a);
    find_assigned(a);
    a->uses_alloca = calls_alloca(a);
    for (int k = 0; k < a->nspawns; k++) {
        a->has_inlets |= a->spawns[k]->inlet != NULL;
        a->uses_alloca |= a->spawns[k]->inlet && a->spawns[k]->nextra > 0;
    }
    a->lazy = can_be_lazy(a);
    a->has_resident = any_resident(a);
    find_saves(a, NULL);
    return 0;
}

void analysis_free(Analysis *a)
{
    free(a->spawns);
    free(a->declared);
    free(a->resident);
    free(a->assigned);
    free(a->in_expr);
    free(a->saves);
    free(a->hoists);
    memset(a, 0, sizeof *a);
}
