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

/* Is s an automatic local variable of the function (lives in the frame)? */
int sym_is_auto(const Sym *s);

/* "Does this name a local of the function?": the rules each pass asks
 * with, as a set. The lowering's passes ask it of a function's tokens
 * after parsing (Token.sym), to decide what cannot move to file scope
 * or into a frame. */
enum {
    SCOPE_AUTO = 1,    /* a variable with automatic storage (sym_is_auto) */
    SCOPE_STATIC = 2,  /* a static or extern variable declared in the function */
    SCOPE_FUNC = 4,    /* a function declared (or nested) in the function */
    SCOPE_TYPEDEF = 8, /* a typedef name the function defines */
    SCOPE_USES = 16,   /* uses only: a token that declares a name is skipped */
    SCOPE_ANY = SCOPE_AUTO | SCOPE_STATIC | SCOPE_FUNC,
};

/* Does token i of u name a local of fn by rules (SCOPE_*)? fn may be
 * NULL without SCOPE_TYPEDEF. */
int scope_is_local(const Unit *u, const Func *fn, int i, unsigned rules);
/* The first token of [first, last) that names a local by rules, or -1. */
int scope_names_local(const Unit *u, const Func *fn, int first, int last, unsigned rules);
/* The first token of local dd's type that names a local by rules: in its
 * declaration's specifiers, or in dd but for its own name (a
 * variable-length array's size, a typeof); -1 if none (or no dd). */
int scope_type_names_local(const Unit *u, const Declarator *dd, unsigned rules);

#endif
