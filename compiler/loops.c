/*
 * loops.c: cilk_for and cilk_scope (docs/language.md, docs/translation.md).
 * A cilk_scope's body becomes a function too (see "cilk_scope" below).
 * Here: finding the constructs and `#pragma cilk`, a cilk_for's clauses
 * and the helpers; what their bodies may not do is loops_check.c's.
 *
 *   #pragma cilk grainsize(G)              (optional)
 *   cilk_for (T v = INIT; v OP BOUND; STEP) BODY
 *
 * in a function F becomes, in F's place:
 *
 *   { T v = INIT; struct cilkc_for_N cilkc_c_N = { &x, ... };
 *     unsigned long long cilkc_n_N = (trip count; BOUND and STEP evaluated once);
 *     cilkc_c_N.cilkc_grain = cilkrt_grainsize(cilkc_n_N, G or 0);
 *     if (cilkc_n_N) cilkc_for_N(&cilkc_c_N, 0ULL, cilkc_n_N); }
 *
 * and in front of F: struct cilkc_for_N (a pointer to each local of F the
 * body uses, v's first value, the step and the grain), cilkc_for_N_body
 * (BODY, with each captured local x read as (*cilkc_c_N->x) and v a
 * parameter: each iteration has its own copy), cilkc_for_N_leaf (a plain
 * loop over the iterations [lo, hi) of one grain) and cilkc_for_N, a
 * parallel function that runs the leaf if [lo, hi) is within the grain,
 * and otherwise halves it, spawns the first half and goes on with the
 * second, down to the grain, then calls the leaf (put_recursion). The call of
 * cilkc_for_N is a plain call: its implicit sync is the loop's end, and F's
 * own spawns stay as they were. The helpers are C with spawn: the normal
 * lowering of each steal mode writes them. The serial elision reads
 * cilk_for as for (lower.c).
 *
 * The trip count is computed in unsigned long long from the values
 * converted to it (modulo 2^64), so that ranges near the limits of the
 * type cannot overflow: v of an iteration k is BEGIN + k * DELTA, DELTA
 * the step as a two's complement (CILKRT_FOR_* in cilkrt_abi.h).
 */
#include "loops_impl.h"

#include "analysis.h"
#include "arena.h"
#include "emit.h"
#include "splice.h"
#include "tokens.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int kind(const Unit *u, int i) { return tok_kind(u, i); }

const char *loops_var_name(const Loop *lp) { return lp->var->sym->name; }

/* fmt has one %s, for arg (or an empty string). */
void loops_error(Check *c, int tok, const char *fmt, const char *arg)
{
    Buf b = {0};
    buf_printf(&b, fmt, arg);
    diag_error(c->d, c->u, tok, "%s", b.data);
    buf_free(&b);
    c->errors++;
}

/* ---------------------------------------------------------------------
 * The clauses
 * --------------------------------------------------------------------- */

static int flipped(int k)
{
    return k == TK_LT ? TK_GT : k == TK_GT ? TK_LT : k == TK_LE ? TK_GE : k == TK_GE ? TK_LE : k;
}

/* v OP BOUND or BOUND OP v, with OP relational or != (the parser found
 * the shape: ast.h) */
static int parse_cond(Check *c, Loop *lp)
{
    const Node *n = lp->n;
    if (n->cond_op && n->cond_var >= 0) {
        lp->op = n->cond_var == 0 ? n->cond_op : flipped(n->cond_op);
        lp->bound = n->cond_side[1 - n->cond_var];
        return 0;
    }
    loops_error(
        c, n->e.first < n->e.last ? n->e.first : n->first,
        "expected a cilk_for condition comparing '%s' with <, <=, >, >= or !=", loops_var_name(lp));
    return 1;
}

/* v++, ++v, v--, --v, v += k, v -= k (the parser found the shape) */
static int parse_step(Check *c, Loop *lp)
{
    const Node *n = lp->n;
    if (n->step_op) {
        lp->step_kind = n->step_op;
        lp->step = n->step_by;
        return 0;
    }
    loops_error(c, n->e2.first < n->e2.last ? n->e2.first : n->first,
                "expected a cilk_for increment of '%s' by ++, --, += or -=", loops_var_name(lp));
    return 1;
}

/* Is the variable dd declares of a floating type spelled out in its
 * specifiers (not a pointer to one)? The trip count and the iteration's
 * value are integer arithmetic: a step of 0.5 would divide by zero. A
 * typedef of a floating type is caught in cc instead (put_call). */
static int floating_var(const Unit *u, const Declarator *dd)
{
    for (int i = dd->first; i < dd->last; i++)
        if (i != dd->name && kind(u, i) != TK_LPAREN && kind(u, i) != TK_RPAREN)
            return 0;
    const Decl *d = dd->parent;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        int k = kind(u, i);
        if (k == TK_FLOAT || k == TK_DOUBLE || k == TK_COMPLEX || k == TK_EXT_FLOAT)
            return 1;
    }
    return 0;
}

/* The initialization declares exactly one variable, with a value and no
 * storage class, of an integer or pointer type. */
static int parse_init(Check *c, Loop *lp)
{
    const Node *init = lp->n->init;
    int at = init && init->first < init->last ? init->first : lp->n->first;
    if (!init || init->kind != N_DECL || init->decl->ndecls == 0) {
        loops_error(c, at,
                    "expected the declaration of the loop variable in the cilk_for, found %s",
                    init && init->kind == N_EXPR ? "an expression" : "none");
        return 1;
    }
    const Decl *d = init->decl;
    if (d->ndecls > 1) {
        loops_error(c, d->decls[1]->first, "a cilk_for declares one loop variable, not more%s", "");
        return 1;
    }
    lp->var = d->decls[0];
    if (!lp->var->sym || lp->var->sym->kind != SYM_VAR) {
        loops_error(c, at, "expected the declaration of the loop variable in the cilk_for%s", "");
        return 1;
    }
    if (d->storage) {
        loops_error(c, at, "the cilk_for loop variable '%s' cannot have a storage class",
                    lp->var->sym->name);
        return 1;
    }
    if (lp->var->init_first < 0) {
        loops_error(c, lp->var->name, "the cilk_for loop variable '%s' needs an initial value",
                    lp->var->sym->name);
        return 1;
    }
    if (floating_var(c->u, lp->var)) {
        loops_error(c, lp->var->name,
                    "the cilk_for loop variable '%s' must have an integer or pointer type",
                    lp->var->sym->name);
        return 1;
    }
    return 0;
}

static int loop_parse(Check *c, const Node *n, const Node *pragma, Loop *lp)
{
    memset(lp, 0, sizeof *lp);
    lp->n = n;
    lp->pragma = pragma;
    if (parse_init(c, lp))
        return 1;
    return parse_cond(c, lp) + parse_step(c, lp);
}

/* ---------------------------------------------------------------------
 * Finding the loops and their pragmas
 * --------------------------------------------------------------------- */

int loops_is_cilk_pragma(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '#'))
        i++;
    if (len - i < 6 || memcmp(text + i, "pragma", 6) != 0)
        return 0;
    i += 6;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    return len - i >= 4 && memcmp(text + i, "cilk", 4) == 0 &&
           (len - i == 4 || text[i + 4] == ' ' || text[i + 4] == '\t');
}

/* Could the pragma's text g be an expression: parentheses balanced, and
 * something in them? (It is copied into the helper's call unparsed.) */
static int grain_is_expression(const char *g, size_t len)
{
    int depth = 0, any = 0;
    for (size_t i = 0; i < len && depth >= 0; i++) {
        depth += (g[i] == '(') - (g[i] == ')');
        any |= g[i] != '(' && g[i] != ')' && g[i] != ' ' && g[i] != '\t';
    }
    return depth == 0 && any;
}

/* The G of `#pragma cilk grainsize(G)` or `... grainsize = G` (as text,
 * *len bytes), or NULL. */
static const char *grain_text(const Unit *u, const Node *pragma, size_t *len)
{
    const Token *t = &u->toks[pragma->first];
    const char *s = u->buf + t->off, *end = s + t->len;
    static const char word[] = "grainsize";
    const char *g = NULL;
    for (const char *p = s; !g && end - p >= (long)sizeof word - 1; p++)
        if (memcmp(p, word, sizeof word - 1) == 0)
            g = p + sizeof word - 1;
    if (!g)
        return NULL;
    while (g < end && (*g == ' ' || *g == '\t'))
        g++;
    if (g < end && *g == '=')
        g++;
    while (g < end && (*g == ' ' || *g == '\t'))
        g++;
    *len = (size_t)(end - g);
    return *len && grain_is_expression(g, *len) ? g : NULL;
}

static int is_cilk_pragma_node(const Unit *u, const Node *n)
{
    if (!n || n->kind != N_OTHER || kind(u, n->first) != TK_PRAGMA)
        return 0;
    const Token *t = &u->toks[n->first];
    return loops_is_cilk_pragma(u->buf + t->off, (size_t)t->len);
}

typedef struct {
    const Node *loop, *pragma;
} Found;

typedef struct {
    const Unit *u;
    Check *c;     /* when checking: every loop and pragma */
    Found *found; /* when lowering: the outermost loops */
    int nfound;
} Finder;

static void check_loop(Check *c, const Node *n, const Node *pragma)
{
    Loop lp;
    if (loop_parse(c, n, pragma, &lp))
        return;
    loops_check_body(c, &lp);
}

static void find_in(Finder *f, const Node *n, const Node *pragma);

static void find_in_block(Finder *f, const Node *n)
{
    for (int i = 0; i < n->nkids; i++) {
        const Node *k = n->kids[i];
        const Node *before =
            i > 0 && is_cilk_pragma_node(f->u, n->kids[i - 1]) ? n->kids[i - 1] : NULL;
        if (f->c && is_cilk_pragma_node(f->u, k) &&
            (i + 1 == n->nkids || n->kids[i + 1]->kind != N_CILK_FOR))
            loops_error(f->c, k->first, "expected a cilk_for after '#pragma cilk'%s", "");
        else if (f->c && is_cilk_pragma_node(f->u, k)) {
            size_t len;
            if (!grain_text(f->u, k, &len))
                loops_error(f->c, k->first, "expected '#pragma cilk grainsize(N)'%s", "");
        }
        find_in(f, k, k->kind == N_CILK_FOR ? before : NULL);
    }
}

static void find_in(Finder *f, const Node *n, const Node *pragma)
{
    if (!n)
        return;
    if (n->kind == N_CILK_FOR || n->kind == N_SCOPE) {
        if (f->c && n->kind == N_CILK_FOR)
            check_loop(f->c, n, pragma);
        else if (f->c)
            loops_check_scope(f->c, n);
        if (!f->c) {
            f->found = xrealloc(f->found, sizeof *f->found * (size_t)(f->nfound + 1));
            f->found[f->nfound++] = (Found){n, pragma};
            return; /* a nested loop or scope is lowered in the next round */
        }
    }
    if (n->kind == N_BLOCK)
        find_in_block(f, n);
    find_in(f, n->init, NULL);
    find_in(f, n->body, NULL);
    find_in(f, n->els, NULL);
}

int loops_check(const Unit *u, Diag *d)
{
    Check c = {u, d, 0, NULL};
    Finder f = {u, &c, NULL, 0};
    for (int i = 0; i < u->nfuncs; i++) {
        c.fn = u->funcs[i];
        find_in(&f, u->funcs[i]->body, NULL);
    }
    return c.errors;
}

/* ---------------------------------------------------------------------
 * Writing: tokens, declarations, line directives
 * --------------------------------------------------------------------- */

typedef struct {
    const Unit *u;
    /* The output (e.out): generated text as is, laid out here, and the
     * user's tokens where the user wrote them (emit_place), so that cc's
     * line and column in a header or a body are the user's. */
    Emit e;
    int id;
    int anchor; /* token whose line generated lines are presumed at */
    const Func *fn;
    const Sym **caps; /* locals of F the body uses, in order of first use */
    int ncaps;
    int ordered; /* child mode: the recursion spawns the second half */
} Writer;

/* Write to out from here on, from an unknown position. */
static void use_out(Writer *w, Buf *out)
{
    w->e.out = out;
    emit_lost(&w->e);
}

/* `#line` for token i's line: the next output line is presumed there. */
static void put_directive(Writer *w, int i)
{
    const Token *t = &w->u->toks[i];
    emit_line_directive(&w->e, t->line, tok_file(w->u, t));
}

/* Generated text: each newline in s starts a line presumed at the anchor,
 * the construct's first token, so that no helper line is presumed at
 * other code of the user's or past the end of the file, and cc blames
 * the construct's line for an error in its helpers. */
static void put(Writer *w, const char *s)
{
    for (const char *nl; (nl = strchr(s, '\n')); s = nl + 1) {
        emit_raw(&w->e, s, (size_t)(nl - s));
        put_directive(w, w->anchor);
    }
    emit_raw(&w->e, s, strlen(s));
}

static void put_fmt(Writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put_fmt(Writer *w, const char *fmt, ...)
{
    Buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&b, fmt, ap);
    va_end(ap);
    put(w, b.data ? b.data : "");
    buf_free(&b);
}

static void put_tok(Writer *w, int i)
{
    const Token *t = &w->u->toks[i];
    emit_raw(&w->e, w->u->buf + t->off, (size_t)t->len);
}

/* Tokens [first, last) as written, one space between. */
static void put_range(Writer *w, int first, int last)
{
    for (int i = first; i < last; i++) {
        put(w, " ");
        put_tok(w, i);
    }
}

/* The output goes where the user wrote the byte off bytes into token i
 * (emit.h's placement rule): what follows keeps its position. */
static void put_position(Writer *w, int i, int off) { emit_place(&w->e, i, off, 0); }

static int is_storage(int k)
{
    return k == TK_STATIC || k == TK_EXTERN || k == TK_REGISTER || k == TK_AUTO ||
           k == TK_TYPEDEF || k == TK_INLINE || k == TK_THREAD_LOCAL || k == TK_CILK;
}

/* The type of the declarator dd, declaring `name` instead: specifiers
 * without storage class or attributes. A parameter's array or function
 * type becomes the pointer C makes of it. */
static void put_declaration_as(Writer *w, const Declarator *dd, const char *name)
{
    const Decl *d = dd->parent;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        if (kind(w->u, i) == TK_ATTRIBUTE) {
            i = tok_match(w->u, i + 1);
            continue;
        }
        if (!is_storage(kind(w->u, i))) {
            put(w, " ");
            put_tok(w, i);
        }
    }
    int adjust = dd->sym && dd->sym->is_param;
    for (int i = dd->first; i < dd->last; i++) {
        put(w, " ");
        if (i != dd->name) {
            put_tok(w, i);
            continue;
        }
        int k = kind(w->u, i + 1);
        if (adjust && (k == TK_LBRACKET || k == TK_LPAREN)) {
            put_fmt(w, "(*%s)", name);
            if (k == TK_LBRACKET)
                i = tok_match(w->u, i + 1);
        } else {
            put(w, name);
        }
    }
}

/* ---------------------------------------------------------------------
 * Captures: the locals of F the body names, by address
 * --------------------------------------------------------------------- */

static int declared_inside(const Sym *s, const Node *body)
{
    return s->decl && s->decl->first >= body->first && s->decl->first < body->last;
}

int loops_is_capture(const Loop *lp, const Sym *s)
{
    return s && s->kind == SYM_VAR && s->is_local && (!lp->var || s != lp->var->sym) &&
           !declared_inside(s, lp->n->body);
}

static void add_capture(Writer *w, const Sym *s)
{
    for (int j = 0; j < w->ncaps; j++)
        if (w->caps[j] == s)
            return;
    w->caps = xrealloc(w->caps, sizeof *w->caps * (size_t)(w->ncaps + 1));
    w->caps[w->ncaps++] = s;
}

static int is_word_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* A #pragma is one token, its names link to no symbol: a word of a
 * nested loop's `#pragma cilk grainsize(EXPR)` names the local of F of
 * that name declared last before the pragma (outside the body), if any. */
static const Sym *pragma_local(const Writer *w, const Loop *lp, const char *word, size_t len,
                               int at)
{
    const Sym *found = NULL;
    for (int i = 0; i < w->fn->nlocals; i++) {
        const Sym *s = w->fn->locals[i];
        if (strlen(s->name) == len && memcmp(s->name, word, len) == 0 && s->decl &&
            s->decl->first < at && loops_is_capture(lp, s) &&
            (!found || found->decl->first < s->decl->first))
            found = s;
    }
    return found;
}

/* The words of pragma token i that name locals: added to the captures,
 * or (rewrite) the pragma written with them read through the struct. */
static void pragma_words(Writer *w, const Loop *lp, int i, int rewrite)
{
    const Token *t = &w->u->toks[i];
    const char *p = w->u->buf + t->off, *end = p + t->len;
    while (p < end) {
        const char *q = p;
        while (q < end && is_word_char(*q))
            q++;
        const Sym *s =
            q > p && !(*p >= '0' && *p <= '9') && (p == w->u->buf + t->off || !is_word_char(p[-1]))
                ? pragma_local(w, lp, p, (size_t)(q - p), i)
                : NULL;
        if (s && !rewrite)
            add_capture(w, s);
        if (rewrite && s)
            put_fmt(w, "(*cilkc_c_%d->%s)", w->id, s->name);
        else if (rewrite)
            emit_raw(&w->e, p, q > p ? (size_t)(q - p) : 1);
        p = q > p ? q : p + 1;
    }
}

static int is_pragma(const Unit *u, int i)
{
    const Token *t = &u->toks[i];
    return t->kind == TK_PRAGMA && loops_is_cilk_pragma(u->buf + t->off, (size_t)t->len);
}

static void collect_captures(Writer *w, const Loop *lp)
{
    w->ncaps = 0;
    for (int i = lp->n->body->first; i < lp->n->body->last; i++) {
        const Sym *s = w->u->toks[i].sym;
        if (kind(w->u, i) == TK_IDENT && loops_is_capture(lp, s))
            add_capture(w, s);
        else if (is_pragma(w->u, i))
            pragma_words(w, lp, i, 0);
    }
}

/* ---------------------------------------------------------------------
 * The helpers in front of F
 * --------------------------------------------------------------------- */

/* A pointer to each captured local: T (*x); */
static void put_capture_fields(Writer *w)
{
    for (int i = 0; i < w->ncaps; i++) {
        char *name = xmalloc(strlen(w->caps[i]->name) + 4);
        strcpy(name, "(*");
        strcat(name, w->caps[i]->name);
        strcat(name, ")");
        put_declaration_as(w, w->caps[i]->decl, name);
        free(name);
        put(w, ";\n");
    }
}

/* The struct is read by every worker at each split and leaf, and lives
 * in F's frame beside F's locals, which the leftmost strand may write at
 * each leaf (a reducer's own view: reducesum wrote its sum into the
 * struct's cache line once a leaf); so it has a cache line of its own. */
static void put_struct(Writer *w, const Loop *lp)
{
    put_fmt(w, "struct cilkc_for_%d {\n", w->id);
    put_capture_fields(w);
    put_declaration_as(w, lp->var, "cilkc_begin");
    put(w, ";\nunsigned long long cilkc_delta, cilkc_grain;\n} "
           "__attribute__((aligned(CILKRT_CACHE_LINE)));\n");
}

/* Tokens [first, last) where the user wrote them (emit_place), with the
 * spaces and comments between them; in a helper's body (lp), the captured
 * locals read through the struct, __func__ as F's name (the helper's own
 * is not the user's). A token after a longer replacement on its line
 * starts a new line, at its column. */
static void put_source(Writer *w, const Loop *lp, int first, int last)
{
    for (int i = first; i < last; i++) {
        const Token *t = &w->u->toks[i];
        if (i > first)
            emit_gap(&w->e, i);
        /* after the gap nothing can paste onto t that did not in the source */
        emit_place(&w->e, i, 0, i > first);
        if (!lp)
            put_tok(w, i);
        else if (kind(w->u, i) == TK_IDENT && loops_is_capture(lp, t->sym))
            put_fmt(w, "(*cilkc_c_%d->%s)", w->id, t->sym->name);
        else if (tok_is_func_name(w->u, i))
            put_fmt(w, "\"%s\"", w->fn->sym->name);
        else if (is_pragma(w->u, i))
            pragma_words(w, lp, i, 1);
        else
            put_tok(w, i);
    }
}

/* The body, with the captured locals read through the struct; in a do
 * while (0), so that `continue` ends the iteration. */
static void put_body(Writer *w, const Loop *lp)
{
    const Node *body = lp->n->body;
    put_fmt(w, "static void cilkc_for_%d_body(struct cilkc_for_%d *cilkc_c_%d,", w->id, w->id,
            w->id);
    put_declaration_as(w, lp->var, loops_var_name(lp));
    put_fmt(w, ")\n{ (void)cilkc_c_%d; (void)%s; do", w->id, loops_var_name(lp));
    int block = body->kind == N_BLOCK;
    if (!block)
        put(w, " {");
    put_source(w, lp, body->first, body->last);
    put(w, block ? " while (0); }\n" : " } while (0); }\n");
}

/* Is the step k of += k or -= k one integer literal (a decimal, octal or
 * hexadecimal constant, with or without suffix)? */
static int step_is_literal(const Unit *u, const Loop *lp)
{
    if (lp->step.last != lp->step.first + 1 || kind(u, lp->step.first) != TK_NUMBER)
        return 0;
    const Token *t = &u->toks[lp->step.first];
    const char *s = u->buf + t->off;
    int hex = t->len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    for (int i = 0; i < t->len; i++) {
        char c = s[i];
        if (c == '.' || c == 'p' || c == 'P' || (!hex && (c == 'e' || c == 'E')))
            return 0;
    }
    return 1;
}

/* The step as a two's complement, as the leaf sees it: a literal where
 * the step is a constant (++, --, += 3), so that the compiler can keep
 * one induction variable, v itself; else the value computed once in F
 * (put_delta). */
static void put_leaf_delta(Writer *w, const Loop *lp)
{
    int lit = step_is_literal(w->u, lp);
    if (lp->step_kind == TK_INC)
        put(w, "1ULL");
    else if (lp->step_kind == TK_DEC)
        put(w, "-1ULL");
    else if (lit && lp->step_kind == TK_ADD_ASSIGN)
        put(w, "(unsigned long long)");
    else if (lit)
        put(w, "-(unsigned long long)");
    else
        put_fmt(w, "cilkc_c_%d->cilkc_delta", w->id);
    if (lit)
        put_range(w, lp->step.first, lp->step.last);
}

/* The iterations [lo, hi) of one grain: a plain function, no spawn, so
 * that in either mode the index, v and what the body hoists (a reducer's
 * view) are locals in registers: the slow clone of a parallel function
 * keeps its locals in the frame, and a store of the body's would force
 * them back there at every iteration. The first value and the step are
 * copied into locals: a store of the body (through a char pointer, say)
 * may alias the struct, and would make the compiler load them at every
 * iteration. */
static void put_leaf(Writer *w, const Loop *lp)
{
    int n = w->id;
    put_fmt(w,
            "static void cilkc_for_%d_leaf(struct cilkc_for_%d *cilkc_c_%d, unsigned long long "
            "cilkc_lo, unsigned long long cilkc_hi)\n{",
            n, n, n);
    put_declaration_as(w, lp->var, "cilkc_b");
    put_fmt(w, " = cilkc_c_%d->cilkc_begin;\n  unsigned long long cilkc_d = ", n);
    put_leaf_delta(w, lp);
    put_fmt(w,
            ";\n  for (; cilkc_lo < cilkc_hi; cilkc_lo++)\n"
            "    cilkc_for_%d_body(cilkc_c_%d, CILKRT_FOR_VALUE(cilkc_b, cilkc_lo, cilkc_d)); }\n",
            n, n);
}

/* Divide and conquer over [lo, hi), down to the grain, then the leaf. In
 * continuation mode: spawn the first half, go on with the second (a thief
 * takes the second). In child mode: spawn the second half, go on with the
 * first, so that the iterations run in serial order when nothing is
 * stolen (the sync pops the newest half first: loops_is_ordered).
 *
 * The leaf test comes first, on its own, and the halving loop is a
 * do-while after it: the body then begins with a statement that may
 * return, so the lowering splits it (split.c) into an entry (the test and
 * the leaf, which gcc inlines at every spawn of the helper, the leaf
 * loop with it) and a noinline spawning part. A spawned half within the
 * grain then costs its parent no call, no prologue and no frame: in
 * continuation mode the push, the leaf inline and the pop; in child mode
 * its task's thunk runs the leaf without a group. The entry calls the
 * leaf, which may run long, so it is not "bounded" (split.c): the parent's
 * frame is pushed before the leaf runs, and a thief can take the other
 * half meanwhile. */
static void put_recursion(Writer *w)
{
    int n = w->id;
    put_fmt(w,
            "static void cilkc_for_%d(struct cilkc_for_%d *cilkc_c_%d, unsigned long long "
            "cilkc_lo, unsigned long long cilkc_hi)\n"
            "{ if (cilkc_hi - cilkc_lo <= cilkc_c_%d->cilkc_grain) {\n"
            "    cilkc_for_%d_leaf(cilkc_c_%d, cilkc_lo, cilkc_hi);\n"
            "    return; }\n"
            "  do { unsigned long long cilkc_mid = cilkc_lo + (cilkc_hi - cilkc_lo) / 2;\n",
            n, n, n, n, n, n);
    put_fmt(w,
            w->ordered ? "    cilk_spawn cilkc_for_%d(cilkc_c_%d, cilkc_mid, cilkc_hi);\n"
                         "    cilkc_hi = cilkc_mid;"
                       : "    cilk_spawn cilkc_for_%d(cilkc_c_%d, cilkc_lo, cilkc_mid);\n"
                         "    cilkc_lo = cilkc_mid;",
            n, n);
    put_fmt(w,
            " } while (cilkc_hi - cilkc_lo > cilkc_c_%d->cilkc_grain);\n"
            "  cilkc_for_%d_leaf(cilkc_c_%d, cilkc_lo, cilkc_hi); }\n",
            n, n, n);
}

/* ---------------------------------------------------------------------
 * cilk_scope { B } becomes, in F's place,
 *   { struct cilkc_scope_N cilkc_c_N = { &x, ... }; cilkc_scope_N(&cilkc_c_N); }
 * and in front of F
 *   struct cilkc_scope_N { T (*x); ... };
 *   static void cilkc_scope_N(struct cilkc_scope_N *cilkc_c_N) { B }
 * with B's captured locals read through the struct, as a cilk_for body.
 * cilkc_scope_N is a parallel function when B spawns: its implicit sync
 * is the scope's end, and a sync in B is its sync. Both wait for the
 * scope's children only, never for F's earlier ones (OpenCilk's
 * semantics), in either steal mode, without a change to the lowering of
 * spawn and sync. B cannot leave the function but by its end (loops_check_scope).
 * --------------------------------------------------------------------- */

static void put_scope_struct(Writer *w)
{
    put_fmt(w, "struct cilkc_scope_%d {\n", w->id);
    put_capture_fields(w);
    if (!w->ncaps)
        put(w, "char cilkc_none;\n"); /* C has no empty struct */
    put(w, "};\n");
}

static void put_scope_function(Writer *w, const Loop *lp)
{
    int n = w->id;
    put_fmt(w, "static void cilkc_scope_%d(struct cilkc_scope_%d *cilkc_c_%d)\n{ (void)cilkc_c_%d;",
            n, n, n, n);
    put_source(w, lp, lp->n->body->first, lp->n->body->last);
    put(w, " }\n");
}

static void put_scope_call(Writer *w)
{
    int n = w->id;
    put_fmt(w, "{ struct cilkc_scope_%d cilkc_c_%d = {", n, n);
    for (int i = 0; i < w->ncaps; i++)
        put_fmt(w, "%s &%s", i ? "," : "", w->caps[i]->name);
    put_fmt(w, "%s };\ncilkc_scope_%d(&cilkc_c_%d); }", w->ncaps ? "" : " 0", n, n);
}

/* ---------------------------------------------------------------------
 * The loop's place in F
 * --------------------------------------------------------------------- */

static int counts_up(const Loop *lp)
{
    if (lp->op == TK_NE)
        return lp->step_kind == TK_INC || lp->step_kind == TK_ADD_ASSIGN;
    return lp->op == TK_LT || lp->op == TK_LE;
}

static void put_delta(Writer *w, const Loop *lp)
{
    switch (lp->step_kind) {
    case TK_INC:
        put(w, "1ULL");
        break;
    case TK_DEC:
        put(w, "-1ULL");
        break;
    case TK_ADD_ASSIGN:
        put(w, "(unsigned long long)cilkc_k");
        break;
    default:
        put(w, "-(unsigned long long)cilkc_k");
        break;
    }
}

/* The condition on the first value, as the user wrote it (v OP BOUND or
 * BOUND OP v) with the bound's value for BOUND, v and OP where the user
 * wrote them: cc's warnings about the comparison (signedness, a pointer
 * and an integer) point at the user's operator, as for a for. OP is the
 * token right before the parser's second operand. */
static void put_condition(Writer *w, const Loop *lp)
{
    const Node *n = lp->n;
    int op = n->cond_side[1].first - 1;
    for (int side = 0; side < 2; side++) {
        if (side)
            put_source(w, NULL, op, op + 1);
        if (side == n->cond_var)
            put_source(w, NULL, n->cond_side[side].first, n->cond_side[side].last);
        else
            put(w, side ? " cilkc_end" : "cilkc_end ");
    }
}

/* The trip count: 0 if the condition fails at once, else the distance to
 * the bound over the step's size, rounded as the operator says. */
static void put_count(Writer *w, const Loop *lp)
{
    const char *v = loops_var_name(lp);
    int up = counts_up(lp);
    put_condition(w, lp);
    put(w, " ? ");
    const char *hi = up ? "cilkc_end" : v, *lo = up ? v : "cilkc_end";
    const char *mag = up ? "cilkc_delta" : "-cilkc_delta";
    if (lp->op == TK_LT || lp->op == TK_GT)
        put_fmt(w, "(CILKRT_FOR_DIFF(%s, %s) - 1) / (%s) + 1", hi, lo, mag);
    else if (lp->op == TK_LE || lp->op == TK_GE)
        put_fmt(w, "CILKRT_FOR_DIFF(%s, %s) / (%s) + 1", hi, lo, mag);
    else /* != : v reaches the bound modulo its width (an unsigned char
            from 250 up to 4) */
        put_fmt(w,
                "(CILKRT_FOR_DIFF(%s, %s) & (~0ULL >> (sizeof(%s) < sizeof(unsigned long long) ? "
                "__CHAR_BIT__ * (sizeof(unsigned long long) - sizeof(%s)) : 0))) / (%s)",
                hi, lo, v, v, mag);
    put(w, " : 0");
}

/* loops_check reads the other types (floating_var). */
int loops_named_type(const Unit *u, const Declarator *dd)
{
    for (int i = dd->parent->spec_first; i < dd->parent->spec_last; i++)
        if (kind(u, i) == TK_TYPEDEF_NAME || kind(u, i) == TK_IDENT || kind(u, i) == TK_TYPEOF)
            return 1;
    return 0;
}

static void put_call(Writer *w, const Loop *lp)
{
    int n = w->id;
    const char *v = loops_var_name(lp);
    put(w, "{");
    put_source(w, NULL, lp->n->init->first, lp->n->init->last);
    if (loops_named_type(w->u, lp->var))
        put_fmt(w, "\n" LOOPS_VAR_ASSERT ";", v, v);
    put_fmt(w, "\nstruct cilkc_for_%d cilkc_c_%d = {", n, n);
    for (int i = 0; i < w->ncaps; i++)
        put_fmt(w, "%s &%s", i ? "," : "", w->caps[i]->name);
    /* the bound in the type the comparison converts both sides to */
    put_fmt(w,
            "%s %s, 0, 0 };\nunsigned long long cilkc_n_%d = (__extension__ ({\n"
            "__typeof__(0 ? %s : (",
            w->ncaps ? "," : "", v, n, v);
    put_source(w, NULL, lp->bound.first, lp->bound.last);
    put(w, ")) cilkc_end = (");
    put_source(w, NULL, lp->bound.first, lp->bound.last);
    put(w, ");");
    if (lp->step.last > lp->step.first) {
        put(w, "\n__typeof__(");
        put_source(w, NULL, lp->step.first, lp->step.last);
        put(w, ") cilkc_k = (");
        put_source(w, NULL, lp->step.first, lp->step.last);
        put(w, ");");
    }
    put(w, "\nunsigned long long cilkc_delta = ");
    put_delta(w, lp);
    put_fmt(w, ";\ncilkc_c_%d.cilkc_delta = cilkc_delta;\n(", n);
    put_count(w, lp);
    put_fmt(w, "); }));\ncilkc_c_%d.cilkc_grain = cilkrt_grainsize(cilkc_n_%d, ", n, n);
    size_t len;
    const char *g = lp->pragma ? grain_text(w->u, lp->pragma, &len) : NULL;
    if (g) {
        /* G where the user wrote it, inside the pragma's one token */
        int p = lp->pragma->first;
        put(w, "(unsigned long long)(");
        put_position(w, p, (int)(g - (w->u->buf + w->u->toks[p].off)));
        emit_raw(&w->e, g, len);
        put(w, ")");
    } else {
        put(w, "0");
    }
    put_fmt(w, ");\nif (cilkc_n_%d) cilkc_for_%d(&cilkc_c_%d, 0ULL, cilkc_n_%d); }", n, n, n, n);
}

/* ---------------------------------------------------------------------
 * The unit: edits of the source, applied in order
 * --------------------------------------------------------------------- */

static size_t end_of(const Unit *u, int i) { return (size_t)(u->toks[i].off + u->toks[i].len); }

/* A captured local is reached through its address, which C refuses for
 * a `register` one: the word goes (once, whichever construct needs it
 * first), as the lowering of a parallel function drops it. */
static void drop_register(Writer *w, Splices *es)
{
    for (int i = 0; i < w->ncaps; i++) {
        const Decl *d = w->caps[i]->decl->parent;
        for (int t = d->spec_first; t < d->spec_last; t++) {
            if (kind(w->u, t) != TK_REGISTER)
                continue;
            size_t off = (size_t)w->u->toks[t].off;
            int seen = 0;
            for (int k = 0; k < es->n; k++)
                seen |= es->v[k].from == off;
            if (!seen)
                splice_at(es, off, end_of(w->u, t));
        }
    }
}

/* Does F spawn or sync outside the constructs found in it? */
static int spawns_outside(const Unit *u, const Func *fn, const Finder *f)
{
    int k = 0;
    for (int i = fn->body->first; i < fn->body->last; i++) {
        while (k < f->nfound && f->found[k].loop->last <= i)
            k++;
        if (k < f->nfound && f->found[k].loop->first <= i)
            continue;
        if (kind(u, i) == TK_SPAWN || kind(u, i) == TK_SYNC)
            return 1;
    }
    return 0;
}

/* A function whose only spawns are in a cilk_scope must run on a worker
 * itself: otherwise, called from a thread that is not one (main), each
 * execution of the scope's function is a root call through the pool's
 * injection queue (about 30 us instead of a few ns). A sync at F's entry,
 * where F has no child yet, waits for nothing and makes F a parallel
 * function. */
static void make_parallel(Writer *w, const Func *fn, const Finder *f, Splices *es)
{
    int scopes = 0;
    for (int i = 0; i < f->nfound; i++)
        scopes |= f->found[i].loop->kind == N_SCOPE;
    if (!scopes || spawns_outside(w->u, fn, f))
        return;
    size_t at = end_of(w->u, fn->body->first);
    buf_puts(splice_at(es, at, at), " cilk_sync;");
}

/* F's prototype, so the helpers may call F. */
static void put_prototype(Writer *w, const Func *fn)
{
    if (fn->is_knr)
        return;
    put_range(w, fn->first, fn->decl->decls[0]->last);
    put(w, ";\n");
}

static void lower_scope(Writer *w, const Found *f, Buf *before, Splices *es)
{
    Loop lp = {.n = f->loop};
    w->anchor = f->loop->first;
    collect_captures(w, &lp);
    drop_register(w, es);
    use_out(w, before);
    put_position(w, f->loop->first, 0);
    put_scope_struct(w);
    put_scope_function(w, &lp);
    Buf call = {0};
    use_out(w, &call);
    emit_at(&w->e, f->loop->first);
    put_scope_call(w);
    put_position(w, f->loop->last - 1, w->u->toks[f->loop->last - 1].len);
    *splice_at(es, (size_t)w->u->toks[f->loop->first].off, end_of(w->u, f->loop->last - 1)) = call;
    w->id++;
}

static void lower_loop(Writer *w, const Found *f, Buf *before, Splices *es)
{
    Diag quiet = {.quiet = 1, .keep_going = 1};
    Check c = {w->u, &quiet, 0, w->fn};
    Loop lp;
    loop_parse(&c, f->loop, f->pragma, &lp); /* checked before: no error */
    w->anchor = f->loop->first;
    collect_captures(w, &lp);
    drop_register(w, es);
    use_out(w, before);
    put_position(w, f->loop->first, 0);
    put_struct(w, &lp);
    put_body(w, &lp);
    put_leaf(w, &lp);
    put_recursion(w);
    if (f->pragma)
        splice_at(es, (size_t)w->u->toks[f->pragma->first].off, end_of(w->u, f->pragma->first));
    Buf call = {0};
    use_out(w, &call);
    emit_at(&w->e, f->loop->first);
    put_call(w, &lp);
    put_position(w, f->loop->last - 1, w->u->toks[f->loop->last - 1].len);
    *splice_at(es, (size_t)w->u->toks[f->loop->first].off, end_of(w->u, f->loop->last - 1)) = call;
    w->id++;
}

/* F's loops, and their helpers in front of F. */
static void lower_func(Writer *w, const Func *fn, Splices *es)
{
    w->fn = fn;
    Finder f = {w->u, NULL, NULL, 0};
    find_in(&f, fn->body, NULL);
    if (!f.nfound)
        return;
    make_parallel(w, fn, &f, es);
    Buf before = {0};
    use_out(w, &before);
    emit_raw(&w->e, "\n", 1); /* F may not start a line */
    put_position(w, fn->first, 0);
    w->anchor = fn->first;
    put_prototype(w, fn);
    for (int i = 0; i < f.nfound; i++) {
        if (f.found[i].loop->kind == N_SCOPE)
            lower_scope(w, &f.found[i], &before, es);
        else
            lower_loop(w, &f.found[i], &before, es);
    }
    use_out(w, &before);
    put_position(w, fn->first, 0);
    *splice_at(es, fn->byte_first, fn->byte_first) = before;
    free(f.found);
}

int loops_is_ordered(const char *name)
{
    const char *p = "cilkc_for_";
    size_t n = strlen(p);
    if (strncmp(name, p, n) || !name[n])
        return 0;
    return name[n + strspn(name + n, "0123456789")] == '\0'; /* not cilkc_for_N_body */
}

int loops_lower(const Unit *u, StealMode mode, int *next, Buf *out)
{
    Splices es = {NULL, 0};
    Writer w = {.u = u, .e = {.u = u}, .id = *next, .ordered = mode == STEAL_CHILD};
    for (int i = 0; i < u->nfuncs; i++)
        lower_func(&w, u->funcs[i], &es);
    int n = w.id - *next;
    *next = w.id;
    if (n)
        splice_apply(&es, u->buf, u->len, out);
    splice_free(&es);
    free(w.caps);
    return n;
}
