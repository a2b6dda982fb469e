/*
 * ast.h: what the front end (lexer, parser, scope) hands to the lowering.
 *
 * The translator splices: everything outside parallel functions is copied
 * byte for byte from the input, and parallel functions are rewritten from
 * their tokens. So the AST is thin: statements of function bodies as nodes,
 * expressions as token ranges, and every identifier token in an expression
 * linked to the symbol it names. Token ranges are half-open [first, last)
 * indexes into Unit.toks.
 */
#ifndef CILKC_AST_H
#define CILKC_AST_H

#include <stddef.h>

typedef struct Token Token;
typedef struct Sym Sym;
typedef struct Declarator Declarator;
typedef struct Decl Decl;
typedef struct Node Node;
typedef struct Func Func;
typedef struct Unit Unit;
typedef struct Reducer Reducer;

/* One token of the preprocessed input. Line markers are not tokens. */
struct Token {
    int kind;         /* TK_* from tokens.h */
    int off, len;     /* bytes in Unit.buf */
    int line, col;    /* presumed position (from line markers), from 1 */
    const char *file; /* presumed file name (from line markers) */
    Sym *sym;         /* identifier in an expression or declarator: the
                         symbol it names (NULL for members, labels, tags,
                         and names with no visible declaration) */
    int declares;     /* the name a declarator declares (of a declaration,
                         parameter or definition), not a use of it */
    int undeclared;   /* an identifier as an expression with no visible
                         declaration (cc's error; emit_range) */
};

typedef enum {
    SYM_VAR,  /* object */
    SYM_FUNC, /* function */
    SYM_TYPEDEF,
    SYM_ENUMCONST,
} SymKind;

/* storage-class bits (Sym.storage, Decl.storage) */
enum {
    SC_STATIC = 1,
    SC_EXTERN = 2,
    SC_REGISTER = 4,
    SC_AUTO = 8,
    SC_TYPEDEF = 16,
    SC_THREAD = 32,
};

struct Sym {
    const char *name;
    SymKind kind;
    int storage;       /* SC_* bits */
    int is_param;      /* parameter of the enclosing function definition */
    int is_local;      /* declared in a function body or as a parameter */
    int index;         /* for locals: 0, 1, 2... in order of declaration
                          within the function (unique per function) */
    Declarator *decl;  /* the declarator that declared it (first one) */
    int address_taken; /* operand of unary & (also &x.m, &x[i]: the root
                          object's address escapes) */
    Func *def;         /* SYM_FUNC defined in this unit: its definition */
    Node *inlet;       /* SYM_FUNC declared by a Cilk-5 inlet: its N_INLET */
    Reducer *reducer;  /* SYM_VAR declared with cilk_reducer (reducer.c) */
};

/* An expression as a token range; empty when first == last. */
typedef struct {
    int first, last;
} Range;

/* One declarator of a declaration, e.g. `*p = &x` in `int *p = &x, y;`. */
struct Declarator {
    Decl *parent;
    Sym *sym;
    int first, last;           /* the declarator tokens, initializer excluded */
    int name;                  /* token index of the declared identifier (-1 if abstract) */
    int init_first, init_last; /* initializer tokens after '=' (-1, -1 if none) */
    Node *spawn;               /* N_SPAWN when the initializer is `spawn CALL` */
};

/* A declaration: specifiers shared by its declarators. */
struct Decl {
    int first, last;               /* whole declaration including ';' */
    int spec_first, spec_last;     /* declaration specifiers (attributes included) */
    int storage;                   /* SC_* bits */
    int defines_type;              /* specifiers contain a struct/union/enum body */
    int reducer;                   /* token of the specifiers' cilk_reducer (not one of
                                      a member or type name in them), -1 if none */
    Range reducer_id, reducer_red; /* its arguments: identity, reduce */
    Declarator **decls;
    int ndecls;
};

typedef enum {
    N_BLOCK,   /* kids */
    N_DECL,    /* decl */
    N_EXPR,    /* expression statement: e; a call, see below */
    N_EMPTY,   /* ; */
    N_IF,      /* e = condition, body = then, els = else (or NULL) */
    N_SWITCH,  /* e, body */
    N_CASE,    /* e = value (e2 = range end for `case a ... b`), body */
    N_DEFAULT, /* body */
    N_WHILE,   /* e, body */
    N_DO,      /* body, e */
    N_FOR,     /* init (N_DECL, N_EXPR or N_EMPTY), e (cond, may be empty),
                  e2 (increment, may be empty), body */
    N_GOTO,    /* e = target: label name or `*expr` */
    N_LABEL,   /* label = token of the name, body */
    N_CONTINUE,
    N_BREAK,
    N_RETURN,   /* e (may be empty) */
    N_ASM,      /* asm statement, copied as is */
    N_SPAWN,    /* spawn statement, see below */
    N_SYNC,     /* sync; */
    N_CILK_FOR, /* cilk_for: fields as N_FOR, and its clauses' shapes
                   (below; compiler/loops.c lowers it) */
    N_SCOPE,    /* cilk_scope: body (an N_BLOCK), synced at its end */
    N_OTHER,    /* anything else to copy as is (_Static_assert, pragma) */
    N_INLET,    /* Cilk-5 inlet definition: decl (its declarator), params, body */
    N_ABORT,    /* Cilk-5 abort; */
} NodeKind;

struct Node {
    NodeKind kind;
    int first, last; /* the whole statement */
    Range e, e2;
    Node *body, *els, *init;
    Node **kids; /* N_BLOCK items */
    int nkids;
    Decl *decl; /* N_DECL */
    int label;  /* N_LABEL: token index of the name */
    /* N_SPAWN: [lv op] spawn callee(args); also the spawn of a declarator's
     * initializer (then lv is empty and Declarator.spawn points here).
     * N_EXPR `f(args);` or `lv op f(args);`, f a name and the call not in
     * parentheses: the same fields, callee non-empty (spawn_tok -1), which
     * compiler/calls.c needs to make the call a spawn; otherwise empty */
    int spawn_tok; /* token index of the spawn keyword */
    int op;        /* 0 (plain), or the token kind of =, +=, -=, ... */
    Range lv;      /* destination lvalue (empty if none) */
    Range callee;  /* the callee expression */
    Range *args;   /* each argument expression */
    int nargs;
    Range call; /* the whole call expression callee(args) */
    /* N_SPAWN called as `inlet(spawn call, extra...)`: the inlet's N_INLET
     * and the extra arguments; N_INLET: its parameters (locals of the
     * enclosing function) */
    Node *inlet;
    Range *extra;
    int nextra;
    Sym **params;
    int nparams;
    /* N_SPAWN made from a plain call of a parallel function, where no
     * child was outstanding (compiler/calls.c): a sync follows at once */
    int synced_call;
    /* N_CILK_FOR, as the parser finds its clauses: the condition `a OP b`,
     * OP one of < <= > >= != and neither operand a comparison itself:
     * cond_op the kind of OP (0 for any other condition), cond_side a and
     * b, cond_var 0 or 1 for the side that is the loop variable (the first
     * variable init declares, alone), -1 for neither; the step of the loop
     * variable `v++`, `++v`, `v--`, `--v`, `v += k` or `v -= k`: step_op
     * TK_INC, TK_DEC, TK_ADD_ASSIGN or TK_SUB_ASSIGN (0 for any other
     * step), step_by the k (empty for ++ and --) */
    int cond_op, cond_var;
    Range cond_side[2];
    int step_op;
    Range step_by;
};

/* A function definition. */
struct Func {
    Decl *decl; /* specifiers and the function's declarator */
    Sym *sym;
    Node *body;      /* N_BLOCK */
    int is_parallel; /* body contains spawn or sync, or it is a `cilk main` */
    int is_cilk;     /* defined with the `cilk` marker (Cilk-5 procedure) */
    int is_knr;      /* K&R parameter list */
    int is_variadic;
    Sym **params; /* in order; their Declarators give their types */
    int nparams;
    Sym **locals; /* every parameter and local, indexed by Sym.index */
    int nlocals;
    int first, last; /* token range of the whole definition */
    int byte_first, byte_last;
};

/* The translation unit. */
struct Unit {
    const char *name; /* input name as given */
    const char *buf;  /* the whole input (after preprocessing) */
    size_t len;
    Token *toks;
    int ntoks;
    Func **funcs; /* every function definition, in order */
    int nfuncs;
    int rewritten; /* buf is cilkc's rewrite of the input (loops.c), whose
                      own names begin with cilkc_: they are not the user's */
    int reducers;  /* buf was rewritten for reducers (reducer.c): it calls
                      the runtime even outside parallel functions */
    /* every cilk_reducer qualifier's token, in order, wherever it stands;
     * every declaration and parameter whose own specifiers hold one
     * (Decl.reducer), in the order their specifiers end (reducer.c) */
    int *reducer_quals;
    int nreducer_quals;
    Decl **reducer_decls;
    int nreducer_decls;
    int *reducer_types; /* each type name of a reducer typedef (parser.y,
                           spec_type_name): reducer.c refuses those that
                           make no variable a reducer */
    int nreducer_types;
};

#endif
