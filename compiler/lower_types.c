/*
 * lower_types.c: types as text, for the lowering. The front end computes
 * no types: what the generated code declares (frame fields, result
 * variables, clones' signatures, hoisted statics) is written from the
 * tokens of the user's declarations, with storage classes, qualifiers and
 * names changed as each use needs; where the tokens cannot say (a typedef
 * that hides a qualifier), __typeof__ takes the type.
 */
#include "lower_impl.h"

#include "tokens.h"

static const Token *tok(const Lower *L, int i) { return &L->u->toks[i]; }

static int kind(const Lower *L, int i) { return tok_kind(L->u, i); }

static int matching(const Lower *L, int i) { return tok_match(L->u, i); }

/* Declaration text: names stay as written, whatever clone is being written. */
void lower_plain(Lower *L, int first, int last)
{
    View v = L->e.view;
    L->e.view = VIEW_PLAIN;
    emit_range(&L->e, first, last);
    L->e.view = v;
}

/* ---------------------------------------------------------------------
 * Types as text
 * --------------------------------------------------------------------- */

static int is_storage_or_fnspec(int k)
{
    return k == TK_STATIC || k == TK_EXTERN || k == TK_REGISTER || k == TK_AUTO ||
           k == TK_TYPEDEF || k == TK_INLINE || k == TK_NORETURN || k == TK_THREAD_LOCAL ||
           k == TK_CILK;
}

/* Is token i a qualifier of the type it follows or precedes (`_Atomic(T)`
 * is a specifier, not one)? */
static int is_qualifier(const Lower *L, int i)
{
    int k = kind(L, i);
    return k == TK_CONST || k == TK_VOLATILE || (k == TK_ATOMIC && kind(L, i + 1) != TK_LPAREN);
}

/* Specifier tokens [first, last) as a type: storage classes and function
 * specifiers dropped, attributes dropped when !attrs; `const` dropped when
 * drop is QUALS_DROP_CONST (a frame field is written by the runtime's code
 * paths), every qualifier when QUALS_DROP_ALL (a function's value). */
void lower_spec(Lower *L, int first, int last, int attrs, int drop)
{
    for (int i = first; i < last; i++) {
        int k = kind(L, i);
        if (k == TK_ATTRIBUTE && !attrs) {
            i = matching(L, i + 1);
            continue;
        }
        if (is_storage_or_fnspec(k) || (drop == QUALS_DROP_CONST && k == TK_CONST) ||
            (drop == QUALS_DROP_ALL && is_qualifier(L, i)))
            continue;
        emit_str(&L->e, " ");
        lower_plain(L, i, i + 1);
    }
}

/* Is token i a qualifier of the declared object itself (`* const p`)? */
static int top_qualifier(const Lower *L, const Declarator *dd, int i)
{
    if (!is_qualifier(L, i) || i > dd->name)
        return 0;
    for (int j = i; j < dd->name; j++)
        if (!is_qualifier(L, j) && kind(L, j) != TK_RESTRICT)
            return 0;
    return 1;
}

/* Is token i a `const` qualifying the declared object itself? */
static int top_const(const Lower *L, const Declarator *dd, int i)
{
    return kind(L, i) == TK_CONST && top_qualifier(L, dd, i);
}

/* The declarator dd with its name replaced by `name`; a parameter's array
 * or function type is adjusted to a pointer, as C adjusts it. The object's
 * own `const` goes: the frame copy and a spawn destination are written. */
void lower_declarator_as(Lower *L, const Declarator *dd, const char *name, int adjust)
{
    for (int i = dd->first; i < dd->last; i++) {
        if (top_const(L, dd, i))
            continue;
        emit_str(&L->e, " ");
        if (i != dd->name) {
            lower_plain(L, i, i + 1);
            continue;
        }
        if (adjust && kind(L, i + 1) == TK_LBRACKET) {
            emit_fmt(&L->e, "(*%s)", name);
            i = matching(L, i + 1);
        } else if (adjust && kind(L, i + 1) == TK_LPAREN) {
            emit_fmt(&L->e, "(*%s)", name);
        } else {
            emit_str(&L->e, name);
        }
    }
}

/* Is the declarator just the name (so a `const` in the specifiers is the
 * object's own qualifier)? */
int lower_plain_declarator(const Declarator *dd) { return dd->last - dd->first == 1; }

/* The function's declarator: the index of its name and of the ')' that
 * closes its parameter list. */
static int params_close(const Lower *L, const Func *fn)
{
    int name = fn->decl->decls[0]->name;
    return matching(L, name + 1);
}

/* Do the specifiers [first, last) name no type (an implicit int, as in
 * Cilk-5's `cilk main(...)`)? */
int lower_implicit_int(const Lower *L, int first, int last)
{
    for (int i = first; i < last; i++) {
        int k = kind(L, i);
        if (k == TK_ATTRIBUTE) {
            i = matching(L, i + 1);
            continue;
        }
        if (!is_storage_or_fnspec(k) && k != TK_CONST && k != TK_VOLATILE && k != TK_EXTENSION)
            return 0;
    }
    return 1;
}

/* Does the function's declarator derive nothing but name(params), so that
 * its specifiers are the whole return type? */
static int returns_specifiers(const Lower *L, const Declarator *dd)
{
    return dd->first == dd->name && params_close(L, L->fn) + 1 == dd->last;
}

static int quals_in(const Lower *L, int first, int last, int depth);

/* Does the type declared by dd, with the specifiers of its declaration,
 * carry a top-level qualifier? */
static int declares_qualified(const Lower *L, const Declarator *dd, int depth)
{
    for (int i = dd->first; i < dd->name; i++)
        if (top_qualifier(L, dd, i))
            return 1;
    return dd->last - dd->first == 1 &&
           quals_in(L, dd->parent->spec_first, dd->parent->spec_last, depth + 1);
}

/* Is token i a typedef name whose type is qualified (`typedef const long
 * T;`)? Typedefs of typedefs are followed to a bounded depth. */
static int typedef_qualified(const Lower *L, int i, int depth)
{
    const Sym *s = tok(L, i)->sym;
    return kind(L, i) == TK_IDENT && s && s->kind == SYM_TYPEDEF && s->decl && depth < 16 &&
           declares_qualified(L, s->decl, depth);
}

/* Do the specifiers [first, last) qualify the type? */
static int quals_in(const Lower *L, int first, int last, int depth)
{
    for (int i = first; i < last; i++)
        if (is_qualifier(L, i) || typedef_qualified(L, i, depth))
            return 1;
    return 0;
}

static int typedef_hides_qualifier(const Lower *L, int first, int last)
{
    for (int i = first; i < last; i++)
        if (typedef_qualified(L, i, 0))
            return 1;
    return 0;
}

/* The return type, declaring `name` (or abstract when name is ""), without
 * its top-level qualifiers: the result variables and the frame's `ret` are
 * written after their declaration, and a function's value is unqualified
 * anyway. A typedef may hide a qualifier (`typedef const long T;`): its
 * value's type is taken through an rvalue, which __typeof__ leaves
 * unqualified (gcc and clang). */
void lower_return_type(Lower *L, const char *name)
{
    const Decl *d = L->fn->decl;
    const Declarator *dd = d->decls[0];
    int close = params_close(L, L->fn);
    if (returns_specifiers(L, dd) && typedef_hides_qualifier(L, d->spec_first, d->spec_last)) {
        emit_str(&L->e, " __typeof__(((void)0, *(");
        lower_spec(L, d->spec_first, d->spec_last, 0, QUALS_DROP_ALL);
        emit_fmt(&L->e, " *)0)) %s", name);
        return;
    }
    lower_spec(L, d->spec_first, d->spec_last, 0,
               returns_specifiers(L, dd) ? QUALS_DROP_ALL : QUALS_KEEP);
    if (lower_implicit_int(L, d->spec_first, d->spec_last))
        emit_str(&L->e, " int");
    for (int i = dd->first; i < dd->last; i++) {
        if (i == dd->name) {
            emit_fmt(&L->e, " %s", name);
            i = close;
            continue;
        }
        if (top_qualifier(L, dd, i))
            continue;
        emit_str(&L->e, " ");
        lower_plain(L, i, i + 1);
    }
}

int lower_returns_void(const Lower *L)
{
    const Decl *d = L->fn->decl;
    const Declarator *dd = d->decls[0];
    int types = 0, is_void = 0;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        int k = kind(L, i);
        if (k == TK_ATTRIBUTE) {
            i = matching(L, i + 1);
            continue;
        }
        if (is_storage_or_fnspec(k) || k == TK_CONST || k == TK_VOLATILE || k == TK_EXTENSION)
            continue;
        types++;
        is_void = k == TK_VOID;
    }
    /* derivations outside name(params): a pointer to void is not void */
    int close = params_close(L, L->fn);
    for (int i = dd->first; i < dd->last; i++)
        if ((i < dd->name || i > close) && kind(L, i) != TK_LPAREN && kind(L, i) != TK_RPAREN)
            return 0;
    return types == 1 && is_void;
}

/* A function declarator with a new name and extra leading parameters. */
void lower_signature_of(Lower *L, const Declarator *dd, const char *name, const char *extra)
{
    int open = dd->name + 1;
    int close = matching(L, open);
    int empty = close == open + 1 || (close == open + 2 && kind(L, open + 1) == TK_VOID);
    for (int i = dd->first; i < dd->last; i++) {
        emit_str(&L->e, " ");
        if (i == dd->name) {
            emit_str(&L->e, name);
        } else if (i == open) {
            emit_fmt(&L->e, "(%s", extra);
            if (!empty) {
                emit_str(&L->e, ", ");
                lower_plain(L, open + 1, close);
            }
            emit_str(&L->e, ")");
            i = close;
        } else {
            lower_plain(L, i, i + 1);
        }
    }
}

void lower_signature(Lower *L, const Func *fn, const char *name, const char *extra)
{
    lower_signature_of(L, fn->decl->decls[0], name, extra);
}

/* Specifiers of a clone: the original ones, with `inline`, `extern`,
 * `_Noreturn` and the cilk marker dropped, `static` kept. */
void lower_clone_spec(Lower *L, const Func *fn)
{
    const Decl *d = fn->decl;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        int k = kind(L, i);
        if (k == TK_INLINE || k == TK_EXTERN || k == TK_NORETURN || k == TK_CILK)
            continue;
        emit_str(&L->e, " ");
        lower_plain(L, i, i + 1);
    }
    if (lower_implicit_int(L, d->spec_first, d->spec_last))
        emit_str(&L->e, " int");
}
