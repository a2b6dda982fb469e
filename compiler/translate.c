/*
 * translate.c: cilkc's passes in order, on one unit:
 *
 *   scan -> parse -> local types (rewrite, scan, parse) -> reducers (check; rewrite, scan, parse)
 *        -> cilk_for / cilk_scope (check; rewrite, scan, parse, round after round)
 *        -> lower (the steal mode's C)
 *
 * Shared by main.c and fuzz/fuzz_translate.c.
 */
#include "translate.h"
#include "lexer.h"
#include "localtypes.h"
#include "loops.h"
#include "parser.h"
#include "reducer.h"

/* A pass rewrote the unit's text into out: it becomes the unit's text
 * (in), lexed and parsed again. The user's names were checked on the
 * first parse: generated ones (cilkc_...) are allowed from here on. */
static void reparse(Unit *u, Arena *a, Diag *d, Buf *in, Buf out)
{
    buf_free(in);
    *in = out;
    u->buf = in->data;
    u->len = in->len;
    u->rewritten = 1;
    lex_unit(u, a, d);
    if (!d->nerrors)
        parse_unit(u, a, d);
}

/* Types defined in a function that the lowering's file-scope structs
 * name: moved to file scope (localtypes.h), in every mode, so that every
 * mode accepts the same programs. */
static void hoist_types(Unit *u, Arena *a, Diag *d, Buf *in)
{
    Buf out = {0};
    if (!localtypes_hoist(u, &out))
        return;
    reparse(u, a, d, in, out);
}

/* Reducers: checked in every mode, then rewritten (the qualifier goes;
 * outside the serial elision, uses become views) and parsed again. */
static void lower_reducers(Unit *u, Arena *a, Diag *d, StealMode mode, Buf *in)
{
    Buf out = {0};
    if (reducers_check(u, a, d) || !reducers_lower(u, mode, &out))
        return;
    u->reducers = mode != STEAL_SERIAL;
    reparse(u, a, d, in, out);
}

/* cilk_for and cilk_scope: checked in every mode; outside the serial
 * elision, lowered to helper functions with spawn, round after round (a
 * nested one is inside the helper of the one around it), each round
 * parsed again. *in holds u's text. */
static void lower_loops(Unit *u, Arena *a, Diag *d, StealMode mode, Buf *in)
{
    if (loops_check(u, d) || mode == STEAL_SERIAL)
        return;
    int next = 1;
    Buf out = {0};
    while (!d->nerrors && loops_lower(u, mode, &next, &out)) {
        reparse(u, a, d, in, out);
        out = (Buf){0};
    }
}

void translate_unit(Unit *u, Arena *a, Diag *d, StealMode mode, int workspan, Buf *in, Buf *out)
{
    if (!d->nerrors)
        lex_unit(u, a, d);
    if (!d->nerrors)
        parse_unit(u, a, d);
    if (!d->nerrors)
        hoist_types(u, a, d, in);
    if (!d->nerrors)
        lower_reducers(u, a, d, mode, in);
    if (!d->nerrors)
        lower_loops(u, a, d, mode, in);
    if (!d->nerrors)
        lower_unit(u, mode, workspan, d, out);
}
