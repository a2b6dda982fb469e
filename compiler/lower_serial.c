/*
 * lower_serial.c: the serial elision (--steal=serial, DESIGN §4): the
 * input's bytes with the Cilk words deleted, no runtime at all. lower.c's
 * lower_unit copies every function through lower_copy_bytes, which asks
 * serial_replacement for each word; here too are the places where
 * deleting words is not enough: a `cilk main`, a void child's inlet, a
 * cilk_for whose loop variable cc must check, and the other modes'
 * refusals (analysis_refuse_serial).
 */
#include "lower_impl.h"

#include "loops.h"
#include "tokens.h"

static const Token *tok(const Lower *L, int i) { return &L->u->toks[i]; }

/* Blanks as wide as token t, a word of at most 11 bytes
 * (_Cilk_spawn, _Cilk_scope). */
const char *lower_blanks(const Token *t)
{
    static const char spaces[] = "           ";
    return spaces + sizeof spaces - 1 - (size_t)t->len;
}

/* `sync ;` in the elision, as wide as the user's: an empty block where
 * the word was and a blank for its `;` (the grammar's only form). A
 * statement, not an empty `;` that -Wempty-body flags after an if or
 * else. */
static const char *serial_sync(const Token *t)
{
    if (t->len == sizeof "_Cilk_sync" - 1)
        return "{}        ";
    return t->len == sizeof "cilk_sync" - 1 ? "{}       " : "{}  ";
}

/* The serial elision's words: NULL to keep token t. It blanks spawn,
 * cilk_scope and `#pragma cilk`, writes `sync ;` as an empty block and
 * reads cilk_for as for, each padded to the word's width: what follows on
 * its line (a call's arguments, the loop's header, a one-line body, the
 * next statement) keeps its column for cc. */
const char *serial_replacement(const Lower *L, const Token *t)
{
    if (t->kind == TK_SYNC)
        return serial_sync(t);
    if (t->kind == TK_SEMI && t > L->u->toks && t[-1].kind == TK_SYNC)
        return " ";
    if (t->kind == TK_SPAWN || t->kind == TK_CILK_SCOPE)
        return lower_blanks(t);
    if (t->kind == TK_CILK_FOR)
        return t->len == sizeof "_Cilk_for" - 1 ? "for      " : "for     ";
    if (t->kind == TK_PRAGMA && loops_is_cilk_pragma(L->u->buf + t->off, (size_t)t->len))
        return " ";
    return NULL;
}

/* Serial mode, a `cilk main`: its head and the opening brace of its body,
 * with `int` for a `void` and the options call after the brace
 * (lower_cilk5.c). Returns the offset copying goes on from. */
static size_t serial_main(Lower *L, const Func *fn, size_t pos, int *t)
{
    L->fn = fn;
    L->is_main = 1;
    L->is_void = lower_returns_void(L);
    const Decl *d = fn->decl;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        if (!cilk5_void_main_token(L, fn, i))
            continue;
        lower_copy_bytes(L, pos, (size_t)tok(L, i)->off, t);
        emit_str(&L->e, "int");
        pos = (size_t)(tok(L, i)->off + tok(L, i)->len);
    }
    const Token *brace = tok(L, fn->body->first);
    size_t after = (size_t)(brace->off + brace->len);
    lower_copy_bytes(L, pos, after, t);
    if (fn->nparams >= 2)
        emit_str(&L->e, " extern void cilkrt_cilk5_options(int *, char **); ");
    cilk5_main_options(L);
    return after;
}

/* Serial mode: the elision of `inlet(spawn f(args), extra...)` for a void
 * f (the inlet takes only the extra arguments) is `f(args); inlet(extra...);`
 * (for a non-void f, deleting `spawn` is enough). */
typedef struct {
    Lower *L;
    size_t pos;
    int *t;
} SerialCopy;

static void serial_void_inlet(Node *n, void *arg)
{
    SerialCopy *c = arg;
    Lower *L = c->L;
    if (n->kind != N_SPAWN || !n->inlet || n->inlet->nparams != n->nextra)
        return;
    lower_copy_bytes(L, c->pos, (size_t)tok(L, n->first)->off, c->t);
    lower_plain(L, n->call.first, n->call.last);
    emit_str(&L->e, "; ");
    lower_plain(L, n->first, n->spawn_tok);
    for (int i = 0; i < n->nextra; i++) {
        emit_str(&L->e, i ? ", " : "");
        lower_plain(L, n->extra[i].first, n->extra[i].last);
    }
    emit_str(&L->e, ");");
    c->pos = (size_t)(tok(L, n->last - 1)->off + tok(L, n->last - 1)->len);
}

/* Serial mode: a cilk_for whose loop variable has a type name or a
 * typeof for its type (loops_named_type), which the other modes' helper
 * asserts is not floating, at the loop's line (loops.c, put_call): the
 * same assertion, in the condition, so that every mode refuses the same
 * loops with the same message. `cilk_for (real x = 0; x < n; ...)`
 * becomes
 *
 *   for     (real x = 0; (__extension__ ({
 *   #line L
 *   _Static_assert(...x...); }),
 *   #line L
 *                            x < n); ...)
 *
 * with the condition back at its line and column (emit_place). */
static void serial_cilk_for(SerialCopy *c, const Node *n)
{
    Lower *L = c->L;
    const Declarator *v = n->init && n->init->kind == N_DECL ? n->init->decl->decls[0] : NULL;
    if (!v || !v->sym || n->e.first >= n->e.last || !loops_named_type(L->u, v))
        return;
    const Token *loop = tok(L, n->first), *cond = tok(L, n->e.first);
    lower_copy_bytes(L, c->pos, (size_t)cond->off, c->t);
    emit_str(&L->e, "(__extension__ ({");
    emit_line_directive(&L->e, loop->line, tok_file(L->u, loop));
    emit_fmt(&L->e, LOOPS_VAR_ASSERT "; }),", v->sym->name, v->sym->name);
    emit_place(&L->e, n->e.first, 0, 0);
    c->pos = (size_t)cond->off;
    const Token *end = tok(L, n->e.last - 1);
    lower_copy_bytes(L, c->pos, (size_t)(end->off + end->len), c->t);
    emit_str(&L->e, ")");
    c->pos = (size_t)(end->off + end->len);
}

static void serial_node(Node *n, void *arg)
{
    if (n->kind == N_CILK_FOR)
        serial_cilk_for(arg, n);
    else
        serial_void_inlet(n, arg);
}

/* Serial mode: the elision of function fn, copied from pos through its
 * end, after the refusals of the other modes (analysis_refuse_serial). */
void serial_func(Lower *L, const Func *fn, size_t pos, int *t)
{
    L->errors += analysis_refuse_serial(L->u, fn, L->d);
    SerialCopy c = {L, pos, t};
    if (cilk5_is_main(fn))
        c.pos = serial_main(L, fn, c.pos, t);
    analysis_walk(fn->body, serial_node, &c);
    lower_copy_bytes(L, c.pos, (size_t)fn->byte_last, t);
}
