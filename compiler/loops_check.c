/*
 * loops_check.c: what a cilk_for's or a cilk_scope's body may not do
 * (docs/language.md). Each body becomes a function of its own (loops.c),
 * so nothing in it may leave it but its end: no break, return or goto
 * out, no goto in; a cilk_for's iterations get their loop variable from
 * the range, so the body may not change it; the helper is at file scope,
 * so the locals it reads need types known there; a cilk_scope's function
 * is not the frame Cilk-5's inlet, abort and SYNCHED name. The clauses
 * are loops.c's (loop_parse).
 */
#include "loops_impl.h"

#include "emit.h"
#include "tokens.h"

#include <string.h>

static int kind(const Unit *u, int i) { return tok_kind(u, i); }

/* ---------------------------------------------------------------------
 * The body of a cilk_for or a cilk_scope: each becomes a function, so
 * no way out but its end
 * --------------------------------------------------------------------- */

typedef struct {
    Check *c;
    const Loop *lp; /* a cilk_scope's has no loop variable (var NULL) */
    const Node *body;
} Body;

/* Are tokens a and b spelled alike? */
static int same_text(const Unit *u, int a, int b)
{
    return u->toks[a].len == u->toks[b].len &&
           memcmp(u->buf + u->toks[a].off, u->buf + u->toks[b].off, (size_t)u->toks[a].len) == 0;
}

/* Is there a label `name` among the statements of n? */
static int has_label(const Unit *u, const Node *n, int name)
{
    if (!n)
        return 0;
    if (n->kind == N_LABEL && same_text(u, n->label, name))
        return 1;
    for (int i = 0; i < n->nkids; i++)
        if (has_label(u, n->kids[i], name))
            return 1;
    return has_label(u, n->init, name) || has_label(u, n->body, name) || has_label(u, n->els, name);
}

/* An error about the body of lp, whose messages are the same for a
 * cilk_for and a cilk_scope but for the name: fmt's first %s is what the
 * body is called, its second (if any) is arg. */
static void body_error(Check *c, const Loop *lp, int tok, const char *fmt, const char *arg)
{
    Buf m = {0};
    buf_printf(&m, fmt, lp->var ? "cilk_for body" : "cilk_scope", arg);
    loops_error(c, tok, "%s", m.data);
    buf_free(&m);
}

/* Cilk-5's inlets, abort and SYNCHED name the frame of the function,
 * which a cilk_scope's function is not; what: the construct. */
static void cilk5_error(Check *c, int tok, const char *what)
{
    loops_error(c, tok, "Cilk-5 %s inside a cilk_scope is not supported", what);
}

enum { IN_LOOP = 1, IN_SWITCH = 2 };

/* What a cilk_scope cannot hold: Cilk-5's inlets and abort. */
static void check_cilk5(Body *b, const Node *n)
{
    if (b->lp->var)
        return;
    if (n->kind == N_ABORT || n->kind == N_INLET || (n->kind == N_SPAWN && n->inlet))
        cilk5_error(b->c, n->first, n->kind == N_ABORT ? "abort" : "inlet");
}

/* Statements of the body; in: inside a loop (IN_LOOP) or switch
 * (IN_SWITCH) of the body, whose break or continue it is. A nested
 * cilk_for or cilk_scope checks its own. A cilk_for body's continue ends
 * the iteration; a scope's must be the scope's own loop's. */
static void check_stmt(Body *b, const Node *n, int in)
{
    if (!n)
        return;
    Check *c = b->c;
    int loop = b->lp->var != NULL;
    check_cilk5(b, n);
    switch (n->kind) {
    case N_BREAK: /* a cilk_for's message says why */
        if (!in)
            body_error(c, b->lp, n->first, "break out of a %s%s",
                       loop ? ": every iteration runs" : "");
        return;
    case N_CONTINUE:
        if (!loop && !(in & IN_LOOP))
            body_error(c, b->lp, n->first, "continue out of a %s", NULL);
        return;
    case N_RETURN:
        body_error(c, b->lp, n->first, "return inside a %s", NULL);
        return;
    case N_GOTO:
        if (kind(c->u, n->e.first) != TK_IDENT || !has_label(c->u, b->body, n->e.first))
            body_error(c, b->lp, n->first, "goto out of a %s", NULL);
        return;
    case N_WHILE:
    case N_DO:
    case N_FOR:
    case N_SWITCH:
        check_stmt(b, n->init, in);
        check_stmt(b, n->body, in | (n->kind == N_SWITCH ? IN_SWITCH : IN_LOOP));
        return;
    case N_CILK_FOR:
        check_stmt(b, n->init, in);
        return;
    case N_SCOPE:
        return;
    default:
        break;
    }
    for (int i = 0; i < n->nkids; i++)
        check_stmt(b, n->kids[i], in);
    check_stmt(b, n->init, in);
    check_stmt(b, n->body, in);
    check_stmt(b, n->els, in);
}

static int is_var(const Unit *u, const Loop *lp, int i)
{
    return kind(u, i) == TK_IDENT && u->toks[i].sym == lp->var->sym;
}

static int is_assign_op(int k) { return k >= TK_ASSIGN && k <= TK_OR_ASSIGN; }

/* The loop control needs v as the range makes it: an iteration may read
 * its copy, not change it. */
static void check_var_unchanged(Check *c, const Loop *lp)
{
    const Node *body = lp->n->body;
    for (int i = body->first; i < body->last; i++) {
        if (!is_var(c->u, lp, i))
            continue;
        int prev = kind(c->u, i - 1), next = kind(c->u, i + 1);
        int deref = prev == TK_STAR || prev == TK_DOT || prev == TK_ARROW; /* *v = x */
        if (prev == TK_INC || prev == TK_DEC || next == TK_INC || next == TK_DEC ||
            (is_assign_op(next) && !deref))
            loops_error(c, i, "the cilk_for loop variable '%s' is changed in the loop body",
                        loops_var_name(lp));
    }
}

/* Does a typedef among the statements of n declare the name of token i? */
static int local_typedef(const Unit *u, const Node *n, int i)
{
    if (!n)
        return 0;
    if (n->kind == N_DECL && (n->decl->storage & SC_TYPEDEF))
        for (int k = 0; k < n->decl->ndecls; k++)
            if (n->decl->decls[k]->name >= 0 && same_text(u, n->decl->decls[k]->name, i))
                return 1;
    for (int k = 0; k < n->nkids; k++)
        if (local_typedef(u, n->kids[k], i))
            return 1;
    return local_typedef(u, n->init, i) || local_typedef(u, n->body, i) ||
           local_typedef(u, n->els, i);
}

/* Does the type of local s come from a definition inside the function (a
 * struct, union or enum body, or a typedef of the function)? The body's
 * function, at file scope, could not name it. */
static int local_type(const Check *c, const Sym *s)
{
    const Decl *d = s->decl ? s->decl->parent : NULL;
    if (!d)
        return 0;
    if (d->defines_type)
        return 1;
    for (int i = d->spec_first; i < d->spec_last; i++)
        if ((kind(c->u, i) == TK_TYPEDEF_NAME || kind(c->u, i) == TK_IDENT) &&
            local_typedef(c->u, c->fn->body, i))
            return 1;
    return 0;
}

/* Every local of the function the body names must have a type known at
 * file scope; reported once per name. */
static void check_captures(Check *c, const Loop *lp)
{
    const Node *body = lp->n->body;
    for (int i = body->first; i < body->last; i++) {
        const Sym *s = c->u->toks[i].sym;
        if (kind(c->u, i) != TK_IDENT || !loops_is_capture(lp, s))
            continue;
        int local = local_type(c, s);
        /* a variable-length array's size, a typeof: the helper at file
         * scope cannot name it */
        int vla = !local && scope_type_names_local(c->u, s->decl, SCOPE_AUTO) >= 0;
        if (!local && !vla)
            continue;
        int seen = 0;
        for (int j = body->first; j < i; j++)
            seen |= c->u->toks[j].sym == s;
        if (!seen && vla)
            body_error(c, lp, i,
                       "the %s uses '%s', whose type depends on a local variable (a "
                       "variable-length array) and is not supported",
                       s->name);
        else if (!seen)
            body_error(c, lp, i,
                       "the %s uses '%s', whose type is defined inside the function from a "
                       "local variable; define the type at file scope without it",
                       s->name);
    }
}

void loops_check_body(Check *c, const Loop *lp)
{
    Body b = {c, lp, lp->n->body};
    check_stmt(&b, lp->n->body, 0);
    check_var_unchanged(c, lp);
    check_captures(c, lp);
}

/* A goto of the function outside the scope s to a label inside it. */
static void check_goto_into(Check *c, const Node *s, const Node *n)
{
    if (!n || n == s)
        return;
    if (n->kind == N_GOTO && kind(c->u, n->e.first) == TK_IDENT &&
        has_label(c->u, s->body, n->e.first))
        loops_error(c, n->first, "goto into a cilk_scope%s", "");
    for (int i = 0; i < n->nkids; i++)
        check_goto_into(c, s, n->kids[i]);
    check_goto_into(c, s, n->init);
    check_goto_into(c, s, n->body);
    check_goto_into(c, s, n->els);
}

/* A cilk_scope's body becomes a function of its own (lower_scope): the
 * same rules as a cilk_for body, and no Cilk-5 construct. */
void loops_check_scope(Check *c, const Node *n)
{
    Loop lp = {.n = n};
    Body b = {c, &lp, n->body};
    check_stmt(&b, n->body, 0);
    check_goto_into(c, n, c->fn->body);
    check_captures(c, &lp);
    for (int i = n->body->first; i < n->body->last; i++)
        if (kind(c->u, i) == TK_SYNCHED)
            cilk5_error(c, i, "SYNCHED");
}
