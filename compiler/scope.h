/* scope.h: interned identifier names and nested scopes.
 *
 * Each Name holds its innermost visible binding, so a lookup is one hash
 * probe at interning time and a pointer read after. Entering a scope sets
 * a mark in an undo log; leaving it restores every binding made since. The
 * parser's typedef-name feedback to the lexer reads these bindings. */
#ifndef CILKC_SCOPE_H
#define CILKC_SCOPE_H

#include "arena.h"
#include "ast.h"

typedef struct Name Name;
struct Name {
    const char *s;
    int len;
    unsigned hash;
    Sym *sym;   /* innermost visible binding, or NULL */
    int depth;  /* scope depth of that binding (0: file scope) */
    Name *next; /* hash chain */
};

typedef struct {
    Name *name;
    Sym *sym;
    int depth;
} ScopeUndo;

typedef struct {
    Arena *a;
    Name **table;
    unsigned cap, count;
    ScopeUndo *undo;
    int nundo, capundo;
    int *marks; /* undo log length at each scope entry */
    int depth, capmarks;
} Scopes;

void scope_init(Scopes *sc, Arena *a);
void scope_free(Scopes *sc);
Name *scope_intern(Scopes *sc, const char *s, int len);
void scope_push(Scopes *sc);
void scope_pop(Scopes *sc);
/* Bind name to sym in the innermost scope. */
void scope_bind(Scopes *sc, Name *name, Sym *sym);

#endif
