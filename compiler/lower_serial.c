/*
 * lower_serial.c: the serial elision (--steal=serial, DESIGN §4): the
 * input's bytes with the Cilk words deleted, no runtime at all. lower.c's
 * lower_unit copies every function through lower_copy_bytes, which asks
 * serial_replacement for each word; here too are the two places where
 * deleting words is not enough: a `cilk main` and a void child's inlet.
 */
#include "lower_impl.h"

#include "loops.h"
#include "tokens.h"

static const Token *tok(const Lower *L, int i) { return &L->u->toks[i]; }

/* The serial elision's words: NULL to keep token t. It drops spawn,
 * cilk_scope and `#pragma cilk`, writes sync as (void)0 and reads
 * cilk_for as for. */
const char *serial_replacement(const Lower *L, const Token *t)
{
    /* a statement, not an empty `;` that -Wempty-body flags after an if
     * or else */
    if (t->kind == TK_SYNC)
        return " (void)0 ";
    if (t->kind == TK_SPAWN || t->kind == TK_CILK_SCOPE)
        return " ";
    if (t->kind == TK_CILK_FOR)
        return "for";
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

/* Serial mode: the elision of parallel or `cilk` function fn, copied from
 * pos through its end. */
void serial_func(Lower *L, const Func *fn, size_t pos, int *t)
{
    SerialCopy c = {L, pos, t};
    if (cilk5_is_main(fn))
        c.pos = serial_main(L, fn, c.pos, t);
    analysis_walk(fn->body, serial_void_inlet, &c);
    lower_copy_bytes(L, c.pos, (size_t)fn->byte_last, t);
}
