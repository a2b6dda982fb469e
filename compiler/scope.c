/* scope.c: name interning (FNV-1a, chained hash), the scope undo log, and
 * which tokens name a function's locals. */
#include "scope.h"

#include <stdlib.h>
#include <string.h>

void scope_init(Scopes *sc, Arena *a)
{
    memset(sc, 0, sizeof *sc);
    sc->a = a;
    sc->cap = 4096;
    sc->table = xmalloc(sc->cap * sizeof *sc->table);
    memset(sc->table, 0, sc->cap * sizeof *sc->table);
}

void scope_free(Scopes *sc)
{
    free(sc->table);
    free(sc->undo);
    free(sc->marks);
    memset(sc, 0, sizeof *sc);
}

static unsigned hash(const char *s, int len)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static void rehash(Scopes *sc)
{
    unsigned cap = sc->cap * 2;
    Name **table = xmalloc(cap * sizeof *table);
    memset(table, 0, cap * sizeof *table);
    for (unsigned i = 0; i < sc->cap; i++) {
        for (Name *n = sc->table[i], *next; n; n = next) {
            next = n->next;
            n->next = table[n->hash & (cap - 1)];
            table[n->hash & (cap - 1)] = n;
        }
    }
    free(sc->table);
    sc->table = table;
    sc->cap = cap;
}

Name *scope_intern(Scopes *sc, const char *s, int len)
{
    unsigned h = hash(s, len);
    for (Name *n = sc->table[h & (sc->cap - 1)]; n; n = n->next)
        if (n->hash == h && n->len == len && memcmp(n->s, s, (size_t)len) == 0)
            return n;
    if (sc->count * 2 >= sc->cap)
        rehash(sc);
    Name *n = arena_alloc(sc->a, sizeof *n);
    n->s = arena_strndup(sc->a, s, (size_t)len);
    n->len = len;
    n->hash = h;
    n->next = sc->table[h & (sc->cap - 1)];
    sc->table[h & (sc->cap - 1)] = n;
    sc->count++;
    return n;
}

void scope_push(Scopes *sc)
{
    if (sc->depth == sc->capmarks) {
        sc->capmarks = sc->capmarks ? sc->capmarks * 2 : 64;
        sc->marks = xrealloc(sc->marks, (size_t)sc->capmarks * sizeof *sc->marks);
    }
    sc->marks[sc->depth++] = sc->nundo;
}

void scope_pop(Scopes *sc)
{
    if (sc->depth == 0)
        return;
    int mark = sc->marks[--sc->depth];
    while (sc->nundo > mark) {
        ScopeUndo *u = &sc->undo[--sc->nundo];
        u->name->sym = u->sym;
        u->name->depth = u->depth;
    }
}

void scope_bind(Scopes *sc, Name *name, Sym *sym)
{
    if (sc->depth > 0) {
        /* file-scope bindings are never undone: no log entry needed */
        if (sc->nundo == sc->capundo) {
            sc->capundo = sc->capundo ? sc->capundo * 2 : 256;
            sc->undo = xrealloc(sc->undo, (size_t)sc->capundo * sizeof *sc->undo);
        }
        sc->undo[sc->nundo++] = (ScopeUndo){name, name->sym, name->depth};
    }
    name->sym = sym;
    name->depth = sc->depth;
}

int sym_is_auto(const Sym *s)
{
    return s && s->is_local && s->kind == SYM_VAR &&
           !(s->storage & (SC_STATIC | SC_EXTERN | SC_TYPEDEF));
}

int scope_is_local(const Unit *u, const Func *fn, int i, unsigned rules)
{
    const Token *t = &u->toks[i];
    const Sym *s = t->sym;
    if (!s || ((rules & SCOPE_USES) && t->declares))
        return 0;
    if (sym_is_auto(s))
        return (rules & SCOPE_AUTO) != 0;
    if (s->is_local && s->kind == SYM_VAR)
        return (rules & SCOPE_STATIC) != 0;
    if (s->is_local && s->kind == SYM_FUNC)
        return (rules & SCOPE_FUNC) != 0;
    return (rules & SCOPE_TYPEDEF) && s->kind == SYM_TYPEDEF && s->decl &&
           s->decl->name >= fn->first && s->decl->name < fn->last;
}

int scope_names_local(const Unit *u, const Func *fn, int first, int last, unsigned rules)
{
    for (int i = first; i < last; i++)
        if (scope_is_local(u, fn, i, rules))
            return i;
    return -1;
}

int scope_type_names_local(const Unit *u, const Declarator *dd, unsigned rules)
{
    const Decl *d = dd ? dd->parent : NULL;
    if (!d)
        return -1;
    int at = scope_names_local(u, NULL, d->spec_first, d->spec_last, rules);
    for (int i = dd->first; at < 0 && i < dd->last; i++)
        if (i != dd->name && scope_is_local(u, NULL, i, rules))
            at = i;
    return at;
}
