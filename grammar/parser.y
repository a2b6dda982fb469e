/*
 * parser.y: the C11 + GNU + cilkc grammar. A pure parser: its whole state
 * is a Parser passed as %param; it reads the token array made by the
 * scanner through yylex() below, which classifies identifiers as typedef
 * names from the scope table (the "lexer hack", scoped: a local variable
 * may shadow a typedef name until the end of its block).
 *
 * What it builds (ast.h): statement trees of function bodies, Decls and
 * Declarators, symbols with Token.sym links, spawn/sync nodes, the call
 * of a call statement (for compiler/calls.c) and the shapes of a
 * cilk_for's condition and step (for compiler/loops.c). Expressions stay token
 * ranges: a location is a half-open range of token indexes, so @$ of any
 * rule is the Range the lowering needs.
 */
%code requires {
#include "ast.h"

typedef struct Parser Parser;

/* A location: tokens [first, last). */
typedef struct { int first, last; } Loc;

/* A growing array in the arena (capacity implied by n, see vec_add). */
typedef struct { void **v; int n; } Vec;
typedef struct { Range *v; int n; } Ranges;

/* What declaration specifiers say; reducer: the token of their (first)
 * cilk_reducer, -1 if none, with its two arguments. */
typedef struct {
    int storage;
    int defines_type;
    int reducer;
    Range reducer_id, reducer_red;
} Spec;

/* A declarator on its way up: its name, whether it declares a function
 * (DCL_FUNC), and the parameters of the function suffix next to the name. */
typedef struct {
    int name;        /* token index, -1 if abstract */
    int shape;       /* DCL_NAME, DCL_FUNC, DCL_OTHER */
    Vec params;      /* Declarator *: the function's parameters */
    int variadic, knr;
} Dcl;

/* An expression: only what spawn, &, calls and cilk_for's clauses need
 * to know. */
typedef struct {
    int kind;        /* EX_OTHER, EX_CALL, EX_CALL_ASSIGN, EX_SPAWN, EX_SPAWN_ASSIGN */
    int root;        /* token of the object named (x in x, x.m, x[i]), -1 */
    Node *spawn;     /* EX_SPAWN*: the spawn node */
    Range callee;    /* EX_CALL*: the called expression */
    Ranges args;     /* EX_CALL*: the arguments */
    Range call;      /* EX_CALL*: callee(args) */
    Range lv;        /* EX_CALL_ASSIGN: the destination */
    int op;          /* EX_CALL_ASSIGN: TK_ASSIGN, TK_ADD_ASSIGN, ... */
    int oper;        /* the outermost operator, if a comparison (< > <= >=
                        == !=), an assignment or ++/--: its TK_ kind; else 0 */
    Range lhs, rhs;  /* oper's operands (++/--: one, the other empty) */
    int nested;      /* comparison: an operand is itself a comparison */
} Ex;
}

%code {
#include "parser.h"
#include "scope.h"
#include "tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bison's stack (on the heap) may grow to this many states, two per
 * nested block: gcc takes 100000 nested blocks, so do we. The phases after
 * the parser recurse once per level: 125000 levels need under 8 MiB of
 * stack (the usual limit) in both steal modes. */
#define YYMAXDEPTH 250000

enum { DCL_NAME, DCL_FUNC, DCL_OTHER };
enum { EX_OTHER, EX_CALL, EX_CALL_ASSIGN, EX_SPAWN, EX_SPAWN_ASSIGN };

/* A spawn seen in an expression, and whether a statement form took it. */
typedef struct {
    Node *node;
    int in_func;   /* seen inside a function body */
    int done;      /* accepted by a statement form, or already reported */
} Pending;

/* Where a block (or function) began, to undo scopes on error recovery. */
typedef struct {
    int tok;       /* its first token ('{', or the function's first) */
    int depth;     /* scope depth inside it */
    int ndecls;    /* declaration stack height inside it */
    int is_func;
} Block;

struct Parser {
    Unit *u;
    Arena *a;
    Diag *d;
    Scopes sc;
    Name **names;      /* per token: interned identifier (set by yylex) */
    int pos;           /* next token to read */
    int prev;          /* kind of the last token returned */
    int seen_type;     /* declaration specifiers so far name a type */
    unsigned long long type_braces; /* per open brace (up to 64 deep): it
                                       opened a struct, union or enum body */
    int braces;
    int declarator_done; /* an init-declarator ended: after its ',' comes
                            the next declarator (`int a, T;`) */
    Func *func;        /* function being defined */
    Vec locals, funcs;
    int knr;           /* in a K&R parameter declaration list */
    int stmt_expr;     /* depth of statement expressions */
    Decl **decls;      /* declarations being parsed, innermost last */
    int ndecls, capdecls;
    Block *blocks;
    int nblocks, capblocks;
    Pending *spawns;
    int nspawns, capspawns;
    int in_inlet;      /* inside an inlet's body (Cilk-5) */
};

#define YYLLOC_DEFAULT(Cur, Rhs, N)                         \
    do {                                                    \
        if (N) {                                            \
            (Cur).first = YYRHSLOC(Rhs, 1).first;           \
            (Cur).last = YYRHSLOC(Rhs, N).last;             \
        } else {                                            \
            (Cur).first = (Cur).last = YYRHSLOC(Rhs, 0).last; \
        }                                                   \
    } while (0)

static int yylex(YYSTYPE *lval, Loc *loc, Parser *p);
static void yyerror(const Loc *loc, Parser *p, const char *msg);

#define RANGE(loc) ((Range){(loc).first, (loc).last})
#define EX_NONE ((Ex){.kind = EX_OTHER, .root = -1})
#define SPEC(sc, defines) ((Spec){.storage = (sc), .defines_type = (defines), .reducer = -1})
static const Dcl DCL_NONE = {-1, DCL_OTHER, {NULL, 0}, 0, 0};

static Vec vec_add(Parser *p, Vec v, void *item);
static Spec spec_join(Spec a, Spec b);
static Spec spec_reducer(Parser *p, int tok, Loc id, Loc red);
static Spec spec_type_name(Parser *p, int tok);
static void decl_spec(Parser *p, Decl *decl, Spec s);
static Dcl dcl_name(int tok);
static Dcl dcl_ident(Parser *p, int tok);
static void reserved_name(Parser *p, int tok);
static Dcl dcl_pointer(Dcl d);
static Dcl dcl_paren(Dcl d);
static Dcl dcl_array(Dcl d);
static Dcl dcl_func(Dcl d, Dcl params);
static Dcl dcl_params(Parser *p, Dcl d, Declarator *param);
static Declarator *param(Parser *p, Spec s, Loc spec, Dcl d, Loc at);
static Declarator *knr_param(Parser *p, int tok);
static void decl_begin(Parser *p, Spec s, Loc at);
static Decl *decl_end(Parser *p, Loc at);
static Declarator *declare(Parser *p, Dcl d, Loc at);
static void decl_init(Parser *p, Declarator *dt, Loc at, Ex init);
static void enum_const(Parser *p, int tok);
static void fn_begin(Parser *p, Dcl d, Loc at);
static void fn_end(Parser *p, Loc at, Node *body);
static void block_begin(Parser *p, int tok);
static void recover(Parser *p, int first);
static Ex ex_ident(Parser *p, int tok);
static Ex ex_paren(Ex e);
static Ex ex_root(Ex e);
static Ex ex_call(Loc callee, Ranges args, Loc at);
static Ranges ranges_add(Parser *p, Ranges r, Loc at);
static Ex ex_addr(Parser *p, Ex e);
static Ex ex_spawn(Parser *p, int tok, Ex call, Loc at);
static Ex ex_assign(Loc lv, int op, Ex rhs, Loc rhs_at);
static Ex ex_oper(Ex e, int oper, Loc lhs, Loc rhs);
static Ex ex_compare(int oper, Ex lhs, Loc lhs_at, Ex rhs, Loc rhs_at);
static Node *st_node(Parser *p, NodeKind kind, Loc at);
static Node *st_block(Parser *p, Vec kids, Loc at);
static Node *st_decl(Parser *p, Decl *decl, Loc at);
static Node *st_for_decl(Parser *p, Decl *decl, Loc at);
static Node *st_expr(Parser *p, Ex e, Loc e_at, Loc at);
static Node *st_sync(Parser *p, Loc at);
static Node *st_cond(Parser *p, NodeKind kind, Loc e, Node *body, Node *els, Loc at);
static Node *st_for(Parser *p, Node *init, Loc cond, Loc inc, Node *body, Loc at);
static Node *st_label(Parser *p, NodeKind kind, int label, Loc e, Loc e2, Node *body, Loc at);
static Node *st_cilk_for(Parser *p, Node *init, Loc cond, Ex cond_ex, Loc inc, Ex inc_ex,
                         Node *body, Loc at);
static Node *st_scope(Parser *p, Node *body, Loc at);
static void misplaced(Parser *p, int tok, const char *what);
static void flush_spawns(Parser *p);
static Node *st_abort(Parser *p, Loc at);
static Node *inlet_begin(Parser *p, Dcl d, Loc at);
static Node *inlet_end(Parser *p, Node *n, Node *body, Loc at);
static Node *st_inlet_call(Parser *p, Ex e, Loc at);
}

%define api.pure full
%define api.token.prefix {YY_}
%define api.location.type {Loc}
%define parse.error custom
%locations
%param {Parser *p}

/* Dangling else: `else` binds to the nearest `if`. */
%precedence THEN
%precedence "else"
/* `_Atomic (` starts the specifier _Atomic(type-name), not the qualifier
 * followed by a parenthesized declarator (C11 6.7.2.4p4). */
%precedence ATOMIC_QUALIFIER
%precedence "("

/* One conflict, resolved by bison's default shift: after a function
 * declarator, `__attribute__` continues the declaration (`void f(void)
 * __attribute__((noreturn));`) rather than starting a K&R parameter
 * declaration list, which never begins with an attribute. */
%expect 1

%union {
    Ex ex;
    Node *node;
    Vec vec;
    Ranges ranges;
    Spec spec;
    Dcl dcl;
    Decl *decl;
    Declarator *dtor;
    int num;
}

%token TK_EOF 0 "end of file"
%token TK_IDENT "identifier"
%token TK_TYPEDEF_NAME "type name"
%token TK_NUMBER "number"
%token TK_CHARCONST "character constant"
%token TK_STRING "string literal"
%token TK_PRAGMA "#pragma"
%token TK_EXT_FLOAT "_FloatN type"
%token TK_LBRACKET "[" TK_RBRACKET "]" TK_LPAREN "(" TK_RPAREN ")"
%token TK_LBRACE "{" TK_RBRACE "}" TK_DOT "." TK_ARROW "->"
%token TK_INC "++" TK_DEC "--" TK_AMP "&" TK_STAR "*" TK_PLUS "+"
%token TK_MINUS "-" TK_TILDE "~" TK_NOT "!" TK_SLASH "/" TK_PERCENT "%"
%token TK_SHL "<<" TK_SHR ">>" TK_LT "<" TK_GT ">" TK_LE "<=" TK_GE ">="
%token TK_EQ "==" TK_NE "!=" TK_XOR "^" TK_OR "|" TK_ANDAND "&&"
%token TK_OROR "||" TK_QUESTION "?" TK_COLON ":" TK_SEMI ";"
%token TK_ELLIPSIS "..." TK_ASSIGN "=" TK_MUL_ASSIGN "*=" TK_DIV_ASSIGN "/="
%token TK_MOD_ASSIGN "%=" TK_ADD_ASSIGN "+=" TK_SUB_ASSIGN "-="
%token TK_SHL_ASSIGN "<<=" TK_SHR_ASSIGN ">>=" TK_AND_ASSIGN "&="
%token TK_XOR_ASSIGN "^=" TK_OR_ASSIGN "|=" TK_COMMA "," TK_HASH "#"
%token TK_HASHHASH "##"
%token TK_AUTO "auto" TK_BREAK "break" TK_CASE "case" TK_CHAR "char"
%token TK_CONST "const" TK_CONTINUE "continue" TK_DEFAULT "default"
%token TK_DO "do" TK_DOUBLE "double" TK_ELSE "else" TK_ENUM "enum"
%token TK_EXTERN "extern" TK_FLOAT "float" TK_FOR "for" TK_GOTO "goto"
%token TK_IF "if" TK_INLINE "inline" TK_INT "int" TK_LONG "long"
%token TK_REGISTER "register" TK_RESTRICT "restrict" TK_RETURN "return"
%token TK_SHORT "short" TK_SIGNED "signed" TK_SIZEOF "sizeof"
%token TK_STATIC "static" TK_STRUCT "struct" TK_SWITCH "switch"
%token TK_TYPEDEF "typedef" TK_UNION "union" TK_UNSIGNED "unsigned"
%token TK_VOID "void" TK_VOLATILE "volatile" TK_WHILE "while"
%token TK_ALIGNAS "_Alignas" TK_ALIGNOF "_Alignof" TK_ATOMIC "_Atomic"
%token TK_BOOL "_Bool" TK_COMPLEX "_Complex" TK_GENERIC "_Generic"
%token TK_IMAGINARY "_Imaginary" TK_NORETURN "_Noreturn"
%token TK_STATIC_ASSERT "_Static_assert" TK_THREAD_LOCAL "_Thread_local"
%token TK_ASM "asm" TK_ATTRIBUTE "__attribute__" TK_EXTENSION "__extension__"
%token TK_TYPEOF "typeof" TK_AUTO_TYPE "__auto_type" TK_LABEL "__label__"
%token TK_REAL "__real__" TK_IMAG "__imag__" TK_INT128 "__int128"
%token TK_VA_LIST "__builtin_va_list" TK_VA_ARG "__builtin_va_arg"
%token TK_OFFSETOF "__builtin_offsetof"
%token TK_TYPES_COMPATIBLE "__builtin_types_compatible_p"
%token TK_PRAGMA_OP "_Pragma"
%token TK_SPAWN "spawn" TK_SYNC "sync" TK_CILK "cilk"
%token TK_CILK_FOR "cilk_for" TK_CILK_SCOPE "cilk_scope" TK_REDUCER "cilk_reducer"
%token TK_SYNCHED "SYNCHED" TK_INLET "inlet" TK_ABORT "abort"

%type <ex> primary_expression postfix_expression unary_expression cast_expression
%type <ex> multiplicative_expression additive_expression shift_expression
%type <ex> relational_expression equality_expression and_expression
%type <ex> exclusive_or_expression inclusive_or_expression logical_and_expression
%type <ex> logical_or_expression conditional_expression assignment_expression
%type <ex> expression expression_opt initializer
%type <ranges> argument_list
%type <num> assignment_operator
%type <spec> declaration_specifiers declaration_specifier storage_class_specifier
%type <spec> type_specifier struct_or_union_specifier enum_specifier type_qualifier
%type <dcl> declarator direct_declarator parameter_type_list parameter_list
%type <dcl> identifier_list identifier_list_opt
%type <dtor> parameter_declaration declared
%type <decl> declaration
%type <node> statement labeled_statement compound_statement expression_statement
%type <node> selection_statement iteration_statement jump_statement asm_statement
%type <node> cilk_statement
%type <node> block_item for_init cilk5_statement inlet_definition inlet_begin
%type <vec> block_item_list block_item_list_opt

%%

/* translation-unit: external-declaration* */
translation_unit
    : %empty
    | translation_unit external_declaration
    ;

external_declaration
    : function_definition               { flush_spawns(p); }
    | declaration                       { flush_spawns(p); }
    | "asm" "(" string_list ")" ";"
    | pragma
    | ";"
    | "sync" ";"                        { misplaced(p, @1.first, "sync outside a function"); }
    | "spawn" cast_expression ";"       { misplaced(p, @1.first, "spawn outside a function"); }
    | error ";"                         { recover(p, @1.first); }
    | error "}"                         { recover(p, @1.first); }
    ;

/* function-definition: specifiers declarator declaration* compound-statement */
function_definition
    : decl_specs_push declarator fn_begin knr_declarations_opt compound_statement
                                        { fn_end(p, @$, $5); }
    ;

fn_begin
    : %empty                            { fn_begin(p, $<dcl>0, @0); }
    ;

knr_declarations_opt
    : %empty                            { p->knr = 0; }
    | knr_declarations                  { p->knr = 0; }
    ;

knr_declarations
    : declaration
    | knr_declarations declaration
    ;

/* declaration: specifiers init-declarator-list? ';' | static-assert */
declaration
    : decl_specs_push ";"               { $$ = decl_end(p, @$); }
    | decl_specs_push init_declarator_list ";"  { $$ = decl_end(p, @$); }
    | static_assert_declaration         { $$ = NULL; }
    ;

decl_specs_push
    : declaration_specifiers            { decl_begin(p, $1, @1); }
    ;

static_assert_declaration
    : "_Static_assert" "(" constant_expression "," string_list ")" ";"
    | "_Static_assert" "(" constant_expression ")" ";"
    ;

declaration_specifiers
    : declaration_specifier
    | declaration_specifiers declaration_specifier  { $$ = spec_join($1, $2); }
    ;

declaration_specifier
    : storage_class_specifier
    | type_specifier
    | type_qualifier
    | function_specifier                { $$ = SPEC(0, 0); }
    | alignment_specifier               { $$ = SPEC(0, 0); }
    | TK_ATTRIBUTE                      { $$ = SPEC(0, 0); }
    | "cilk"                            { $$ = SPEC(0, 0); }
    ;

storage_class_specifier
    : "typedef"                         { $$ = SPEC(SC_TYPEDEF, 0); }
    | "extern"                          { $$ = SPEC(SC_EXTERN, 0); }
    | "static"                          { $$ = SPEC(SC_STATIC, 0); }
    | "_Thread_local"                   { $$ = SPEC(SC_THREAD, 0); }
    | "auto"                            { $$ = SPEC(SC_AUTO, 0); }
    | "register"                        { $$ = SPEC(SC_REGISTER, 0); }
    ;

type_specifier
    : "void"                            { $$ = SPEC(0, 0); }
    | "char"                            { $$ = SPEC(0, 0); }
    | "short"                           { $$ = SPEC(0, 0); }
    | "int"                             { $$ = SPEC(0, 0); }
    | "long"                            { $$ = SPEC(0, 0); }
    | "float"                           { $$ = SPEC(0, 0); }
    | "double"                          { $$ = SPEC(0, 0); }
    | "signed"                          { $$ = SPEC(0, 0); }
    | "unsigned"                        { $$ = SPEC(0, 0); }
    | "_Bool"                           { $$ = SPEC(0, 0); }
    | "_Complex"                        { $$ = SPEC(0, 0); }
    | "_Imaginary"                      { $$ = SPEC(0, 0); }
    | "__int128"                        { $$ = SPEC(0, 0); }
    | TK_EXT_FLOAT                      { $$ = SPEC(0, 0); }
    | "__builtin_va_list"               { $$ = SPEC(0, 0); }
    | "__auto_type"                     { $$ = SPEC(0, 0); }
    | TK_TYPEDEF_NAME                   { $$ = spec_type_name(p, @1.first); }
    | struct_or_union_specifier
    | enum_specifier
    | "typeof" "(" expression ")"       { $$ = SPEC(0, 0); }
    | "typeof" "(" type_name ")"        { $$ = SPEC(0, 0); }
    | "_Atomic" "(" type_name ")"       { $$ = SPEC(0, 0); }
    ;

/* OpenCilk's cilk_reducer(identity, reduce), spelled _Hyperobject after
 * <cilk/cilk.h>: recorded on the unit wherever it stands (spec_reducer),
 * and on the declaration whose specifiers hold it; compiler/reducer.c
 * checks where it may appear. */
type_qualifier
    : "const"                           { $$ = SPEC(0, 0); }
    | "restrict"                        { $$ = SPEC(0, 0); }
    | "volatile"                        { $$ = SPEC(0, 0); }
    | "_Atomic" %prec ATOMIC_QUALIFIER  { $$ = SPEC(0, 0); }
    | "cilk_reducer" "(" assignment_expression "," assignment_expression ")"
                                        { $$ = spec_reducer(p, @1.first, @3, @5); }
    ;

function_specifier
    : "inline"
    | "_Noreturn"
    ;

alignment_specifier
    : "_Alignas" "(" type_name ")"
    | "_Alignas" "(" constant_expression ")"
    ;

attributes_opt
    : %empty
    | attributes
    ;

attributes
    : TK_ATTRIBUTE
    | attributes TK_ATTRIBUTE
    ;

/* struct-or-union attributes? tag? { struct-declaration* } */
struct_or_union_specifier
    : struct_or_union attributes_opt "{" struct_declaration_list_opt "}"      { $$ = SPEC(0, 1); }
    | struct_or_union attributes_opt tag "{" struct_declaration_list_opt "}"  { $$ = SPEC(0, 1); }
    | struct_or_union attributes_opt "{" struct_declaration_list_opt error "}"
                                        { recover(p, @5.first); $$ = SPEC(0, 1); }
    | struct_or_union attributes_opt tag "{" struct_declaration_list_opt error "}"
                                        { recover(p, @6.first); $$ = SPEC(0, 1); }
    | struct_or_union attributes_opt tag                                      { $$ = SPEC(0, 0); }
    ;

struct_or_union
    : "struct"
    | "union"
    ;

tag
    : TK_IDENT                          { reserved_name(p, @1.first); }
    | TK_TYPEDEF_NAME
    ;

struct_declaration_list_opt
    : %empty
    | struct_declaration_list_opt struct_declaration
    ;

struct_declaration
    : specifier_qualifier_list struct_declarator_list ";"
    | specifier_qualifier_list ";"
    | static_assert_declaration
    | ";"
    | pragma
    | error ";"                         { recover(p, @1.first); }
    ;

specifier_qualifier_list
    : specifier_qualifier
    | specifier_qualifier_list specifier_qualifier
    ;

specifier_qualifier
    : type_specifier
    | type_qualifier
    | alignment_specifier
    | TK_ATTRIBUTE
    | "cilk"    /* Cilk-5: a member that points to a cilk procedure */
    ;

struct_declarator_list
    : struct_declarator
    | struct_declarator_list "," struct_declarator
    ;

/* members: declarator, declarator : width, : width */
struct_declarator
    : declarator attributes_opt
    | declarator attributes_opt ":" constant_expression attributes_opt
    | ":" constant_expression attributes_opt
    ;

enum_specifier
    : "enum" attributes_opt "{" enumerator_list comma_opt "}"       { $$ = SPEC(0, 1); }
    | "enum" attributes_opt tag "{" enumerator_list comma_opt "}"   { $$ = SPEC(0, 1); }
    | "enum" attributes_opt tag                                     { $$ = SPEC(0, 0); }
    ;

enumerator_list
    : enumerator
    | enumerator_list "," enumerator
    ;

enumerator
    : TK_IDENT attributes_opt                                { enum_const(p, @1.first); }
    | TK_IDENT attributes_opt "=" constant_expression        { enum_const(p, @1.first); }
    ;

comma_opt
    : %empty
    | ","
    ;

/* init-declarator: declarator asm-label/attributes (= initializer)? */
init_declarator_list
    : init_declarator
    | init_declarator_list "," init_declarator
    ;

init_declarator
    : declared                          { p->declarator_done = 1; }
    | declared "=" initializer          { decl_init(p, $1, @3, $3); p->declarator_done = 1; }
    ;

declared
    : declarator                        { $$ = declare(p, $1, @1); }
    | declarator declarator_suffix      { $$ = declare(p, $1, @1); }
    ;

declarator_suffix
    : TK_ATTRIBUTE
    | "asm" "(" string_list ")"
    | declarator_suffix TK_ATTRIBUTE
    | declarator_suffix "asm" "(" string_list ")"
    ;

declarator
    : pointer direct_declarator         { $$ = dcl_pointer($2); }
    | direct_declarator
    ;

pointer
    : "*" pointer_qualifiers_opt
    | "*" pointer_qualifiers_opt pointer
    ;

pointer_qualifiers_opt
    : %empty
    | pointer_qualifiers
    ;

pointer_qualifiers
    : pointer_qualifier
    | pointer_qualifiers pointer_qualifier
    ;

pointer_qualifier
    : type_qualifier
    | TK_ATTRIBUTE
    ;

direct_declarator
    : TK_IDENT                          { $$ = dcl_ident(p, @1.first); }
    | "(" declarator ")"                { $$ = dcl_paren($2); }
    | direct_declarator "[" array_size "]"              { $$ = dcl_array($1); }
    | direct_declarator "(" parameter_type_list ")"     { $$ = dcl_func($1, $3); }
    | direct_declarator "(" identifier_list_opt ")"     { $$ = dcl_func($1, $3); }
    ;

/* [ qualifiers? static? size? ] and [*] */
array_size
    : pointer_qualifiers_opt
    | pointer_qualifiers_opt assignment_expression
    | "static" pointer_qualifiers_opt assignment_expression
    | pointer_qualifiers "static" assignment_expression
    | pointer_qualifiers_opt "*"
    ;

parameter_type_list
    : parameter_list
    | parameter_list "," "..."          { $$ = $1; $$.variadic = 1; }
    | "..."                             { $$ = DCL_NONE; $$.variadic = 1; }
    ;

parameter_list
    : parameter_declaration             { $$ = dcl_params(p, DCL_NONE, $1); }
    | parameter_list "," parameter_declaration  { $$ = dcl_params(p, $1, $3); }
    ;

parameter_declaration
    : declaration_specifiers declarator attributes_opt  { $$ = param(p, $1, @1, $2, @2); }
    | declaration_specifiers abstract_declarator_opt    { $$ = param(p, $1, @1, DCL_NONE, @2); }
    ;

/* K&R: f(a, b) */
identifier_list_opt
    : %empty                            { $$ = DCL_NONE; }
    | identifier_list                   { $$ = $1; $$.knr = 1; }
    ;

identifier_list
    : TK_IDENT                          { $$ = dcl_params(p, DCL_NONE, knr_param(p, @1.first)); }
    | identifier_list "," TK_IDENT      { $$ = dcl_params(p, $1, knr_param(p, @3.first)); }
    ;

type_name
    : specifier_qualifier_list abstract_declarator_opt
    ;

abstract_declarator_opt
    : %empty
    | abstract_declarator
    ;

abstract_declarator
    : pointer
    | pointer direct_abstract_declarator
    | direct_abstract_declarator
    ;

direct_abstract_declarator
    : "(" abstract_declarator ")"
    | "[" array_size "]"
    | "(" ")"
    | "(" parameter_type_list ")"
    | direct_abstract_declarator "[" array_size "]"
    | direct_abstract_declarator "(" ")"
    | direct_abstract_declarator "(" parameter_type_list ")"
    ;

/* initializer: expression | { (designation? initializer),* ,? } */
initializer
    : assignment_expression
    | "{" initializer_list comma_opt "}"    { $$ = EX_NONE; }
    | "{" "}"                           { $$ = EX_NONE; }
    ;

initializer_list
    : initializer_item
    | initializer_list "," initializer_item
    ;

initializer_item
    : initializer
    | designator_list "=" initializer
    ;

designator_list
    : designator
    | designator_list designator
    ;

designator
    : "[" constant_expression "]"
    | "[" constant_expression "..." constant_expression "]"
    | "." member_name
    ;

member_name
    : TK_IDENT
    | TK_TYPEDEF_NAME
    ;

/* #pragma lines (from the preprocessor) and _Pragma("...") operators, at
 * file scope, among struct members and as statements. */
pragma
    : TK_PRAGMA
    | "_Pragma" "(" string_list ")"
    ;

/* Statements (C11 6.8) plus asm, sync, pragma. */
statement
    : labeled_statement
    | compound_statement
    | expression_statement
    | selection_statement
    | iteration_statement
    | jump_statement
    | asm_statement
    | cilk_statement
    | "sync" ";"                        { $$ = st_sync(p, @$); }
    | cilk5_statement
    | pragma                            { $$ = st_node(p, N_OTHER, @$); }
    | error ";"                         { recover(p, @1.first); $$ = st_node(p, N_EMPTY, @$); }
    ;

labeled_statement
    : TK_IDENT ":" attributes_opt statement
                                        { $$ = st_label(p, N_LABEL, @1.first, @$, @$, $4, @$); }
    | "case" constant_expression ":" statement
                                        { $$ = st_label(p, N_CASE, -1, @2, @3, $4, @$); }
    | "case" constant_expression "..." constant_expression ":" statement
                                        { $$ = st_label(p, N_CASE, -1, @2, @4, $6, @$); }
    | "default" ":" statement           { $$ = st_label(p, N_DEFAULT, -1, @1, @1, $3, @$); }
    ;

compound_statement
    : "{" block_begin block_item_list_opt "}"   { $$ = st_block(p, $3, @$); }
    | "{" block_begin error "}"         { recover(p, @3.first); $$ = st_block(p, (Vec){NULL, 0}, @$); }
    | "{" block_begin block_item_list error "}" { recover(p, @4.first); $$ = st_block(p, $3, @$); }
    ;

block_begin
    : %empty                            { block_begin(p, @$.first - 1); }
    ;

block_item_list_opt
    : %empty                            { $$ = (Vec){NULL, 0}; }
    | block_item_list
    ;

block_item_list
    : block_item                        { $$ = vec_add(p, (Vec){NULL, 0}, $1); }
    | block_item_list block_item        { $$ = vec_add(p, $1, $2); }
    ;

block_item
    : declaration                       { $$ = st_decl(p, $1, @$); }
    | statement
    | inlet_definition
    | "__label__" label_list ";"        { $$ = st_node(p, N_OTHER, @$); }
    ;

/* Cilk-5: `abort;` stops the procedure's outstanding children. */
cilk5_statement
    : "abort" ";"                       { $$ = st_abort(p, @$); }
    ;

/* Cilk-5: inlet-definition: `inlet` specifiers declarator compound-statement,
 * a function nested in a cilk procedure that sees its locals; its
 * parameters become locals of the procedure. */
inlet_definition
    : "inlet" decl_specs_push declarator inlet_begin compound_statement
                                        { $$ = inlet_end(p, $4, $5, @$); }
    ;

inlet_begin
    : %empty                            { $$ = inlet_begin(p, $<dcl>0, @0); }
    ;

label_list
    : TK_IDENT
    | label_list "," TK_IDENT
    ;

expression_statement
    : ";"                               { $$ = st_node(p, N_EMPTY, @$); }
    | expression ";"                    { $$ = st_expr(p, $1, @1, @$); }
    ;

selection_statement
    : "if" "(" expression ")" statement %prec THEN
                                        { $$ = st_cond(p, N_IF, @3, $5, NULL, @$); }
    | "if" "(" expression ")" statement "else" statement
                                        { $$ = st_cond(p, N_IF, @3, $5, $7, @$); }
    | "switch" "(" expression ")" statement
                                        { $$ = st_cond(p, N_SWITCH, @3, $5, NULL, @$); }
    ;

iteration_statement
    : "while" "(" expression ")" statement
                                        { $$ = st_cond(p, N_WHILE, @3, $5, NULL, @$); }
    | "do" statement "while" "(" expression ")" ";"
                                        { $$ = st_cond(p, N_DO, @5, $2, NULL, @$); }
    | "for" "(" block_begin for_init expression_opt ";" expression_opt ")" statement
                                        { $$ = st_for(p, $4, @5, @7, $9, @$); }
    ;

/* OpenCilk's statements (docs/language.md): a parallel loop, whose
 * clauses the lowering checks (compiler/loops.c), and a block whose spawns
 * are synced at its end. */
cilk_statement
    : "cilk_for" "(" block_begin for_init expression_opt ";" expression_opt ")" statement
                                        { $$ = st_cilk_for(p, $4, @5, $5, @7, $7, $9, @$); }
    | "cilk_scope" compound_statement   { $$ = st_scope(p, $2, @$); }
    ;

for_init
    : ";"                               { $$ = st_node(p, N_EMPTY, @$); }
    | expression ";"                    { $$ = st_node(p, N_EXPR, @$); $$->e = RANGE(@1); }
    | declaration                       { $$ = st_for_decl(p, $1, @$); }
    ;

expression_opt
    : %empty                            { $$ = EX_NONE; }
    | expression
    ;

jump_statement
    : "goto" TK_IDENT ";"               { $$ = st_cond(p, N_GOTO, @2, NULL, NULL, @$); }
    | "goto" "*" expression ";"         { $$ = st_cond(p, N_GOTO, (Loc){@2.first, @3.last}, NULL, NULL, @$); }
    | "continue" ";"                    { $$ = st_node(p, N_CONTINUE, @$); }
    | "break" ";"                       { $$ = st_node(p, N_BREAK, @$); }
    | "return" expression_opt ";"       { $$ = st_cond(p, N_RETURN, @2, NULL, NULL, @$); }
    ;

/* GNU asm: asm qualifiers? ( template : outputs : inputs : clobbers : labels ) */
asm_statement
    : "asm" asm_qualifiers_opt "(" string_list asm_sections_opt ")" ";"
                                        { $$ = st_node(p, N_ASM, @$); }
    ;

asm_qualifiers_opt
    : %empty
    | asm_qualifiers_opt "volatile"
    | asm_qualifiers_opt "inline"
    | asm_qualifiers_opt "goto"
    ;

asm_sections_opt
    : %empty
    | asm_sections_opt ":" asm_items_opt
    ;

asm_items_opt
    : %empty
    | asm_items
    ;

asm_items
    : asm_item
    | asm_items "," asm_item
    ;

asm_item
    : string_list
    | string_list "(" expression ")"
    | "[" TK_IDENT "]" string_list "(" expression ")"
    | TK_IDENT
    ;

/* Expressions (C11 6.5), one level per precedence. */
primary_expression
    : TK_IDENT                          { $$ = ex_ident(p, @1.first); }
    | TK_NUMBER                         { $$ = EX_NONE; }
    | TK_CHARCONST                      { $$ = EX_NONE; }
    | string_list                       { $$ = EX_NONE; }
    | "(" expression ")"                { $$ = ex_paren($2); }
    | "(" stmt_expr_begin compound_statement ")"  { p->stmt_expr--; $$ = EX_NONE; }
    | "_Generic" "(" assignment_expression "," generic_associations ")"  { $$ = EX_NONE; }
    | "__builtin_va_arg" "(" assignment_expression "," type_name ")"     { $$ = EX_NONE; }
    | "__builtin_offsetof" "(" type_name "," offsetof_member ")"         { $$ = EX_NONE; }
    | "__builtin_types_compatible_p" "(" type_name "," type_name ")"     { $$ = EX_NONE; }
    | cilk5_primary                     { $$ = EX_NONE; }
    ;

/* Cilk-5's scheduler variable (the lowering writes its value for the
 * clone: docs/language.md). */
cilk5_primary
    : "SYNCHED"
    ;

stmt_expr_begin
    : %empty                            { p->stmt_expr++; }
    ;

string_list
    : TK_STRING
    | string_list TK_STRING
    ;

generic_associations
    : generic_association
    | generic_associations "," generic_association
    ;

generic_association
    : type_name ":" assignment_expression
    | "default" ":" assignment_expression
    ;

offsetof_member
    : member_name
    | offsetof_member "." member_name
    | offsetof_member "[" expression "]"
    ;

postfix_expression
    : primary_expression
    | postfix_expression "[" expression "]"         { $$ = ex_root($1); }
    | postfix_expression "(" ")"                    { $$ = ex_call(@1, (Ranges){NULL, 0}, @$); }
    | postfix_expression "(" argument_list ")"      { $$ = ex_call(@1, $3, @$); }
    | postfix_expression "." member_name            { $$ = ex_root($1); }
    | postfix_expression "->" member_name           { $$ = EX_NONE; }
    | postfix_expression "++"
                                { $$ = ex_oper(EX_NONE, TK_INC, @1, (Loc){@$.last, @$.last}); }
    | postfix_expression "--"
                                { $$ = ex_oper(EX_NONE, TK_DEC, @1, (Loc){@$.last, @$.last}); }
    | "(" type_name ")" "{" initializer_list comma_opt "}"  { $$ = EX_NONE; }
    | "(" type_name ")" "{" "}"                     { $$ = EX_NONE; }
    ;

argument_list
    : assignment_expression             { $$ = ranges_add(p, (Ranges){NULL, 0}, @1); }
    | argument_list "," assignment_expression   { $$ = ranges_add(p, $1, @3); }
    ;

unary_expression
    : postfix_expression
    | "++" unary_expression             { $$ = ex_oper(EX_NONE, TK_INC, (Loc){@1.first, @1.first}, @2); }
    | "--" unary_expression             { $$ = ex_oper(EX_NONE, TK_DEC, (Loc){@1.first, @1.first}, @2); }
    | "&" cast_expression               { $$ = ex_addr(p, $2); }
    | "*" cast_expression               { $$ = EX_NONE; }
    | "+" cast_expression               { $$ = EX_NONE; }
    | "-" cast_expression               { $$ = EX_NONE; }
    | "~" cast_expression               { $$ = EX_NONE; }
    | "!" cast_expression               { $$ = EX_NONE; }
    | "sizeof" unary_expression         { $$ = EX_NONE; }
    | "sizeof" "(" type_name ")"        { $$ = EX_NONE; }
    | "_Alignof" unary_expression       { $$ = EX_NONE; }
    | "_Alignof" "(" type_name ")"      { $$ = EX_NONE; }
    | "&&" TK_IDENT                     { $$ = EX_NONE; }
    | "__real__" cast_expression        { $$ = EX_NONE; }
    | "__imag__" cast_expression        { $$ = EX_NONE; }
    | "spawn" cast_expression           { $$ = ex_spawn(p, @1.first, $2, @2); }
    ;

cast_expression
    : unary_expression
    | "(" type_name ")" cast_expression { $$ = EX_NONE; }
    ;

multiplicative_expression
    : cast_expression
    | multiplicative_expression "*" cast_expression { $$ = EX_NONE; }
    | multiplicative_expression "/" cast_expression { $$ = EX_NONE; }
    | multiplicative_expression "%" cast_expression { $$ = EX_NONE; }
    ;

additive_expression
    : multiplicative_expression
    | additive_expression "+" multiplicative_expression { $$ = EX_NONE; }
    | additive_expression "-" multiplicative_expression { $$ = EX_NONE; }
    ;

shift_expression
    : additive_expression
    | shift_expression "<<" additive_expression { $$ = EX_NONE; }
    | shift_expression ">>" additive_expression { $$ = EX_NONE; }
    ;

relational_expression
    : shift_expression
    | relational_expression "<" shift_expression   { $$ = ex_compare(TK_LT, $1, @1, $3, @3); }
    | relational_expression ">" shift_expression   { $$ = ex_compare(TK_GT, $1, @1, $3, @3); }
    | relational_expression "<=" shift_expression  { $$ = ex_compare(TK_LE, $1, @1, $3, @3); }
    | relational_expression ">=" shift_expression  { $$ = ex_compare(TK_GE, $1, @1, $3, @3); }
    ;

equality_expression
    : relational_expression
    | equality_expression "==" relational_expression    { $$ = ex_compare(TK_EQ, $1, @1, $3, @3); }
    | equality_expression "!=" relational_expression    { $$ = ex_compare(TK_NE, $1, @1, $3, @3); }
    ;

and_expression
    : equality_expression
    | and_expression "&" equality_expression    { $$ = EX_NONE; }
    ;

exclusive_or_expression
    : and_expression
    | exclusive_or_expression "^" and_expression    { $$ = EX_NONE; }
    ;

inclusive_or_expression
    : exclusive_or_expression
    | inclusive_or_expression "|" exclusive_or_expression   { $$ = EX_NONE; }
    ;

logical_and_expression
    : inclusive_or_expression
    | logical_and_expression "&&" inclusive_or_expression   { $$ = EX_NONE; }
    ;

logical_or_expression
    : logical_and_expression
    | logical_or_expression "||" logical_and_expression { $$ = EX_NONE; }
    ;

conditional_expression
    : logical_or_expression
    | logical_or_expression "?" expression ":" conditional_expression   { $$ = EX_NONE; }
    | logical_or_expression "?" ":" conditional_expression  { $$ = EX_NONE; }
    ;

assignment_expression
    : conditional_expression
    | unary_expression assignment_operator assignment_expression
                                        { $$ = ex_oper(ex_assign(@1, $2, $3, @3), $2, @1, @3); }
    ;

assignment_operator
    : "="                               { $$ = TK_ASSIGN; }
    | "*="                              { $$ = TK_MUL_ASSIGN; }
    | "/="                              { $$ = TK_DIV_ASSIGN; }
    | "%="                              { $$ = TK_MOD_ASSIGN; }
    | "+="                              { $$ = TK_ADD_ASSIGN; }
    | "-="                              { $$ = TK_SUB_ASSIGN; }
    | "<<="                             { $$ = TK_SHL_ASSIGN; }
    | ">>="                             { $$ = TK_SHR_ASSIGN; }
    | "&="                              { $$ = TK_AND_ASSIGN; }
    | "^="                              { $$ = TK_XOR_ASSIGN; }
    | "|="                              { $$ = TK_OR_ASSIGN; }
    ;

expression
    : assignment_expression
    | expression "," assignment_expression  { $$ = EX_NONE; }
    ;

constant_expression
    : conditional_expression
    ;

%%

/* ---- token feed: the scanner's array, with the typedef-name feedback ---- */

static const int yymap[TK_COUNT] = {
#define X(kind, spelling) [kind] = YY_##kind,
    TOKENS(X)
#undef X
};

/* After these, an identifier is a member, a tag or a label, never a type:
 * `s.T`, `struct T`, `goto T`. */
static int names_follow(int prev)
{
    return prev == TK_DOT || prev == TK_ARROW || prev == TK_STRUCT || prev == TK_UNION ||
           prev == TK_ENUM || prev == TK_GOTO;
}

static int is_type_specifier(int k)
{
    switch (k) {
    case TK_VOID: case TK_CHAR: case TK_SHORT: case TK_INT: case TK_LONG:
    case TK_FLOAT: case TK_DOUBLE: case TK_SIGNED: case TK_UNSIGNED:
    case TK_BOOL: case TK_COMPLEX: case TK_INT128: case TK_EXT_FLOAT:
    case TK_VA_LIST: case TK_AUTO_TYPE: case TK_TYPEDEF_NAME:
        return 1;
    default:
        return 0;
    }
}

/* A brace: `{` after specifiers that name a type opens a struct, union or
 * enum body; after its `}` the specifiers still name a type, so that
 * `typedef struct { ... } T;` declares T even where T names a type of an
 * outer scope. Bodies nested deeper than 64 braces count as blocks. */
static void track_brace(Parser *p, int kind)
{
    if (kind == TK_LBRACE) {
        unsigned long long bit = p->braces < 64 ? 1ULL << p->braces : 0;
        int body = p->seen_type || p->prev == TK_STRUCT || p->prev == TK_UNION || p->prev == TK_ENUM;
        p->type_braces = body ? p->type_braces | bit : p->type_braces & ~bit;
        p->braces++;
        p->seen_type = 0;
        return;
    }
    p->braces -= p->braces > 0;
    p->seen_type = p->braces < 64 && (p->type_braces & 1ULL << p->braces) != 0;
}

/* Once declaration specifiers hold a type, the next identifier is the
 * declarator's name even if it names a type outside (`typedef void
 * *pointer; void f(const void *pointer);`): p->seen_type says so. It ends
 * where a declarator ends, a parameter list begins (`(` after a name) or
 * an array size (`int a[sizeof(T)]`). */
static void track_type(Parser *p, int kind)
{
    if (kind == TK_LBRACE || kind == TK_RBRACE)
        track_brace(p, kind);
    else if (is_type_specifier(kind) || (kind == TK_IDENT && (p->prev == TK_STRUCT ||
                                                              p->prev == TK_UNION || p->prev == TK_ENUM)))
        p->seen_type = 1;
    else if (kind == TK_SEMI || kind == TK_COMMA || kind == TK_ASSIGN || kind == TK_RPAREN ||
             kind == TK_COLON || kind == TK_LBRACKET)
        p->seen_type = 0;
    else if (kind == TK_LPAREN && (p->prev == TK_IDENT || p->prev == TK_RPAREN || p->prev == TK_RBRACKET))
        p->seen_type = 0;
}

/* __attribute__((...)): the whole balanced group is one token for the
 * grammar; attributes carry nothing the lowering needs. */
static void skip_attribute(Parser *p, int at)
{
    const Token *t = p->u->toks;
    int depth = 0;
    while (p->pos < p->u->ntoks) {
        int kind = t[p->pos].kind;
        if (kind == TK_LPAREN)
            depth++;
        else if (kind == TK_RPAREN)
            depth--;
        else if (depth == 0)
            break;
        p->pos++;
        if (depth == 0)
            return;
    }
    if (depth > 0)
        diag_error(p->d, p->u, at, "unterminated __attribute__");
}

static int yylex(YYSTYPE *lval, Loc *loc, Parser *p)
{
    (void)lval;
    Token *toks = p->u->toks;
    /* set by the reduction that saw ',' as its lookahead */
    int declarator_next = p->declarator_done && p->prev == TK_COMMA;
    p->declarator_done = 0;
    for (;;) {
        int i = p->pos;
        if (i >= p->u->ntoks) {
            loc->first = loc->last = p->u->ntoks;
            return YY_TK_EOF;
        }
        p->pos++;
        int kind = toks[i].kind;
        if (kind == TK_EXTENSION) /* no meaning beyond silencing -pedantic */
            continue;
        loc->first = i;
        if (kind == TK_ATTRIBUTE) {
            skip_attribute(p, i);
        } else if (kind == TK_IDENT) {
            Name *n = scope_intern(&p->sc, p->u->buf + toks[i].off, toks[i].len);
            p->names[i] = n;
            if (n->sym && n->sym->kind == SYM_TYPEDEF && !names_follow(p->prev) && !p->seen_type &&
                !declarator_next) {
                toks[i].sym = n->sym;
                kind = TK_TYPEDEF_NAME;
            }
        }
        loc->last = p->pos;
        track_type(p, kind);
        p->prev = kind;
        return yymap[kind];
    }
}

/* ---- diagnostics ---- */

static int symbol_kind_to_tk(yysymbol_kind_t sym)
{
    for (int k = 0; k < TK_COUNT; k++)
        if (YYTRANSLATE(yymap[k]) == sym)
            return k;
    return -1;
}

const char *parse_token_alias(int tk)
{
    return tk >= 0 && tk < TK_COUNT ? yysymbol_name(YYTRANSLATE(yymap[tk])) : "?";
}

/* 'text' of token i, shortened; or what it is. */
static void describe_token(const Parser *p, int i, char *out, size_t size)
{
    if (i >= p->u->ntoks) {
        snprintf(out, size, "end of file");
        return;
    }
    const Token *t = &p->u->toks[i];
    if (t->kind == TK_STRING) {
        snprintf(out, size, "string literal");
        return;
    }
    int n = t->len > 40 ? 40 : t->len;
    snprintf(out, size, "'%.*s%s'", n, p->u->buf + t->off, t->len > n ? "..." : "");
}

static void describe_symbol(yysymbol_kind_t sym, char *out, size_t size)
{
    int tk = symbol_kind_to_tk(sym);
    if (tk >= TK_FIRST_SPELLED)
        snprintf(out, size, "'%s'", tok_spelling(tk));
    else
        snprintf(out, size, "%s", yysymbol_name(sym));
}

/* `foo x;` with foo unknown: the parser sees identifier identifier. */
static int unknown_type_name(const Parser *p, int i)
{
    const Token *t = p->u->toks;
    if (i < 1 || i >= p->u->ntoks || t[i - 1].kind != TK_IDENT)
        return 0;
    if (t[i].kind != TK_IDENT && t[i].kind != TK_STAR)
        return 0;
    Name *n = p->names[i - 1];
    if (n && n->sym)
        return 0;
    int before = i >= 2 ? t[i - 2].kind : TK_SEMI;
    return before == TK_SEMI || before == TK_LBRACE || before == TK_RBRACE ||
           before == TK_LPAREN || before == TK_COMMA;
}

/* A '{' right after a ')' inside a function body: a GNU nested function
 * definition, `int g(int x) { ... }`. Returns the token to point at (the
 * name before the parameter list, or the '{'), or -1. */
static int nested_function(const Parser *p, int at)
{
    const Token *t = p->u->toks;
    if (!p->func || at < 1 || at >= p->u->ntoks || t[at].kind != TK_LBRACE ||
        t[at - 1].kind != TK_RPAREN)
        return -1;
    int depth = 0, i = at - 1;
    for (; i >= 0; i--) {
        depth += t[i].kind == TK_RPAREN;
        if (t[i].kind == TK_LPAREN && --depth == 0)
            break;
    }
    return i >= 1 && t[i - 1].kind == TK_IDENT ? i - 1 : at;
}

static int yyreport_syntax_error(const yypcontext_t *ctx, Parser *p)
{
    int at = yypcontext_location(ctx)->first;
    int nested = nested_function(p, at);
    if (nested >= 0) {
        diag_error(p->d, p->u, nested, "nested functions are not supported in cilkc");
        return 0;
    }
    if (unknown_type_name(p, at)) {
        const Token *t = &p->u->toks[at - 1];
        diag_error(p->d, p->u, at - 1, "unknown type name '%.*s'", t->len, p->u->buf + t->off);
        return 0;
    }
    char found[64], msg[512];
    describe_token(p, at, found, sizeof found);
    yysymbol_kind_t expected[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
    int operand = 0;
    for (int k = 0; k < n; k++)
        operand |= expected[k] == YYTRANSLATE(YY_TK_NUMBER);
    if (operand) {
        diag_error(p->d, p->u, at, "expected expression, found %s", found);
        return 0;
    }
    if (n <= 0 || n > 4) {
        diag_error(p->d, p->u, at, "syntax error: unexpected %s", found);
        return 0;
    }
    size_t len = (size_t)snprintf(msg, sizeof msg, "expected ");
    for (int k = 0; k < n; k++) {
        char name[64];
        describe_symbol(expected[k], name, sizeof name);
        len += (size_t)snprintf(msg + len, sizeof msg - len, "%s%s",
                                k == 0 ? "" : k == n - 1 ? " or " : ", ", name);
    }
    diag_error(p->d, p->u, at, "%s, found %s", msg, found);
    return 0;
}

static void yyerror(const Loc *loc, Parser *p, const char *msg)
{
    /* only bison's "memory exhausted": YYMAXDEPTH states on the stack */
    (void)msg;
    diag_error(p->d, p->u, loc->first, "input nested too deeply (over %d parser states)",
               YYMAXDEPTH);
}

/* ---- small constructors ---- */

/* Arrays grow at n = 0, 4, 8, 16...: the capacity needs no field. */
static void *grow(Parser *p, void *v, int n, size_t size)
{
    if (n == 0)
        return arena_grow(p->a, v, 0, 4, size);
    if (n >= 4 && (n & (n - 1)) == 0)
        return arena_grow(p->a, v, (size_t)n, (size_t)n * 2, size);
    return v;
}

static Vec vec_add(Parser *p, Vec v, void *item)
{
    v.v = grow(p, v.v, v.n, sizeof *v.v);
    v.v[v.n++] = item;
    return v;
}

static Ranges ranges_add(Parser *p, Ranges r, Loc at)
{
    r.v = grow(p, r.v, r.n, sizeof *r.v);
    r.v[r.n++] = RANGE(at);
    return r;
}

static Spec spec_join(Spec a, Spec b)
{
    Spec s = a.reducer >= 0 ? a : b;
    s.storage = a.storage | b.storage;
    s.defines_type = a.defines_type | b.defines_type;
    return s;
}

/* Every qualifier is recorded on the unit, wherever it stands: reducer.c
 * refuses those that make no variable a reducer. */
static Spec spec_reducer(Parser *p, int tok, Loc id, Loc red)
{
    Unit *u = p->u;
    u->reducer_quals = grow(p, u->reducer_quals, u->nreducer_quals, sizeof *u->reducer_quals);
    u->reducer_quals[u->nreducer_quals++] = tok;
    Spec s = SPEC(0, 0);
    s.reducer = tok;
    s.reducer_id = RANGE(id);
    s.reducer_red = RANGE(red);
    return s;
}

/* A type name: a typedef whose specifiers hold a cilk_reducer gives its
 * reducer to the declaration that names it (`typedef long
 * cilk_reducer(zero, plus) sum_t; sum_t x;`, as OpenCilk allows); the
 * qualifier stays the typedef's, so reducer.c reports a misuse at the
 * declared name. */
static Spec spec_type_name(Parser *p, int tok)
{
    const Sym *t = p->names[tok] ? p->names[tok]->sym : NULL;
    if (!t || t->kind != SYM_TYPEDEF || !t->decl || t->decl->parent->reducer < 0)
        return SPEC(0, 0);
    const Decl *d = t->decl->parent;
    Unit *u = p->u;
    u->reducer_types = grow(p, u->reducer_types, u->nreducer_types, sizeof *u->reducer_types);
    u->reducer_types[u->nreducer_types++] = tok;
    Spec s = SPEC(0, 0);
    s.reducer = d->reducer;
    s.reducer_id = d->reducer_id;
    s.reducer_red = d->reducer_red;
    return s;
}

static Dcl dcl_name(int tok)
{
    Dcl d = DCL_NONE;
    d.name = tok;
    d.shape = DCL_NAME;
    return d;
}

/* Names beginning with cilkc_ belong to the generated code (its frames,
 * clones, thunks and locals: lower.c): a user name there could capture or
 * shadow one, so declaring one is an error (docs/language.md). */
static void reserved_name(Parser *p, int tok)
{
    const Token *t = &p->u->toks[tok];
    if (!p->u->rewritten && t->len >= 6 && memcmp(p->u->buf + t->off, "cilkc_", 6) == 0)
        diag_error(p->d, p->u, tok,
                   "'%.*s' is reserved: names beginning with 'cilkc_' belong to cilkc",
                   t->len, p->u->buf + t->off);
}

/* The name in a declarator. */
static Dcl dcl_ident(Parser *p, int tok)
{
    reserved_name(p, tok);
    return dcl_name(tok);
}

/* `*d`: a pointer to what d names, unless d already is a function (then
 * the pointer belongs to its return type: `int *f(void)`). */
static Dcl dcl_pointer(Dcl d)
{
    if (d.shape == DCL_NAME)
        d.shape = DCL_OTHER;
    return d;
}

static Dcl dcl_paren(Dcl d) { return d; }

static Dcl dcl_array(Dcl d)
{
    if (d.shape == DCL_NAME)
        d.shape = DCL_OTHER;
    return d;
}

/* d(params): a function if d is the plain name; its parameters are the
 * suffix nearest the name (`int (*f(int a))(double)`: a, not double). */
static Dcl dcl_func(Dcl d, Dcl params)
{
    if (d.shape == DCL_NAME) {
        d.shape = DCL_FUNC;
        d.params = params.params;
        d.variadic = params.variadic;
        d.knr = params.knr;
    }
    return d;
}

static Dcl dcl_params(Parser *p, Dcl d, Declarator *param)
{
    d.params = vec_add(p, d.params, param);
    return d;
}

static Declarator *new_declarator(Parser *p, Decl *parent, Dcl d, Loc at)
{
    Declarator *dt = arena_alloc(p->a, sizeof *dt);
    dt->parent = parent;
    dt->first = at.first;
    dt->last = at.last;
    dt->name = d.name;
    dt->init_first = dt->init_last = -1;
    if (d.name >= 0)
        p->u->toks[d.name].declares = 1;
    return dt;
}

/* What the specifiers s say, on decl; a declaration with a cilk_reducer
 * is recorded on the unit too (reducer.c). */
static void decl_spec(Parser *p, Decl *decl, Spec s)
{
    decl->storage = s.storage;
    decl->defines_type = s.defines_type;
    decl->reducer = s.reducer;
    decl->reducer_id = s.reducer_id;
    decl->reducer_red = s.reducer_red;
    if (s.reducer < 0)
        return;
    Unit *u = p->u;
    u->reducer_decls = grow(p, u->reducer_decls, u->nreducer_decls, sizeof *u->reducer_decls);
    u->reducer_decls[u->nreducer_decls++] = decl;
}

static void add_declarator(Parser *p, Decl *decl, Declarator *dt)
{
    decl->decls = grow(p, decl->decls, decl->ndecls, sizeof *decl->decls);
    decl->decls[decl->ndecls++] = dt;
}

/* A parameter: its own one-declarator Decl, so spec_first/last give the
 * parameter's type. Symbols are made when a definition's body opens. */
static Declarator *param(Parser *p, Spec s, Loc spec, Dcl d, Loc at)
{
    Decl *decl = arena_alloc(p->a, sizeof *decl);
    decl->first = spec.first;
    decl->last = at.last;
    decl->spec_first = spec.first;
    decl->spec_last = spec.last;
    decl_spec(p, decl, s);
    Declarator *dt = new_declarator(p, decl, d, at);
    add_declarator(p, decl, dt);
    return dt;
}

/* A K&R parameter name: a Decl with no specifiers (implicit int) until the
 * declaration list gives it a type. */
static Declarator *knr_param(Parser *p, int tok)
{
    return param(p, SPEC(0, 0), (Loc){tok, tok}, dcl_ident(p, tok), (Loc){tok, tok + 1});
}

/* ---- declarations and scopes ---- */

static void decl_begin(Parser *p, Spec s, Loc at)
{
    Decl *decl = arena_alloc(p->a, sizeof *decl);
    decl->first = at.first;
    decl->spec_first = at.first;
    decl->spec_last = at.last;
    decl_spec(p, decl, s);
    if (p->ndecls == p->capdecls) {
        p->capdecls = p->capdecls ? p->capdecls * 2 : 16;
        p->decls = xrealloc(p->decls, (size_t)p->capdecls * sizeof *p->decls);
    }
    p->decls[p->ndecls++] = decl;
}

static Decl *decl_end(Parser *p, Loc at)
{
    Decl *decl = p->decls[--p->ndecls];
    decl->last = at.last;
    for (int i = 0; i < decl->ndecls; i++) {
        Node *s = decl->decls[i]->spawn;
        if (!s)
            continue;
        if (decl->ndecls > 1)
            misplaced(p, s->spawn_tok, "spawn in a declaration with more than one declarator");
        else if (decl->storage & (SC_STATIC | SC_EXTERN | SC_TYPEDEF | SC_THREAD))
            misplaced(p, s->spawn_tok, "spawn in the initializer of a static variable");
    }
    return decl;
}

static Sym *new_sym(Parser *p, Name *n, SymKind kind, int storage, Declarator *dt)
{
    Sym *s = arena_alloc(p->a, sizeof *s);
    s->name = n->s;
    s->kind = kind;
    s->storage = storage;
    s->decl = dt;
    s->index = -1;
    return s;
}

static void add_local(Parser *p, Sym *s)
{
    s->is_local = 1;
    s->index = p->locals.n;
    p->locals = vec_add(p, p->locals, s);
}

/* A K&R declaration list types the parameters named in f(a, b). */
static int knr_declare(Parser *p, Declarator *dt)
{
    for (int i = 0; i < p->func->nparams; i++) {
        Sym *s = p->func->params[i];
        Decl *untyped = s->decl->parent;
        if (untyped->spec_first == untyped->spec_last && s->name == p->names[dt->name]->s) {
            s->decl = dt;
            dt->sym = s;
            p->u->toks[dt->name].sym = s;
            return 1;
        }
    }
    return 0;
}

/* The declarator of an ordinary declaration: bind its name in the current
 * scope now, so that its initializer and the rest of the block see it. */
static Declarator *declare(Parser *p, Dcl d, Loc at)
{
    Decl *decl = p->decls[p->ndecls - 1];
    Declarator *dt = new_declarator(p, decl, d, at);
    add_declarator(p, decl, dt);
    if (d.name < 0 || (p->knr && p->func && knr_declare(p, dt)))
        return dt;
    SymKind kind = decl->storage & SC_TYPEDEF ? SYM_TYPEDEF : d.shape == DCL_FUNC ? SYM_FUNC : SYM_VAR;
    Name *n = p->names[d.name];
    Sym *s = n->sym;
    if (!(s && n->depth == p->sc.depth && s->kind == kind)) {
        s = new_sym(p, n, kind, decl->storage, dt);
        if (p->func && kind == SYM_VAR && !(decl->storage & SC_EXTERN))
            add_local(p, s);
        scope_bind(&p->sc, n, s);
    }
    dt->sym = s;
    p->u->toks[d.name].sym = s;
    return dt;
}

static void accept_spawn(Parser *p, Node *s)
{
    if (p->in_inlet)
        misplaced(p, s->spawn_tok, "spawn inside an inlet");
    for (int i = p->nspawns - 1; i >= 0; i--) {
        if (p->spawns[i].node == s) {
            p->spawns[i].done = 1;
            break;
        }
    }
    p->func->is_parallel = 1;
}

/* `T x = spawn f();`: the one form of spawn inside a declaration. */
static void decl_init(Parser *p, Declarator *dt, Loc at, Ex init)
{
    dt->init_first = at.first;
    dt->init_last = at.last;
    if (init.kind != EX_SPAWN || !p->func || p->stmt_expr)
        return;
    init.spawn->first = at.first;
    init.spawn->last = at.last;
    dt->spawn = init.spawn;
    accept_spawn(p, init.spawn);
}

static void enum_const(Parser *p, int tok)
{
    reserved_name(p, tok);
    Name *n = scope_intern(&p->sc, p->u->buf + p->u->toks[tok].off, p->u->toks[tok].len);
    Sym *s = new_sym(p, n, SYM_ENUMCONST, 0, NULL);
    scope_bind(&p->sc, n, s);
    p->u->toks[tok].sym = s;
}

static void push_block(Parser *p, int tok, int is_func)
{
    if (p->nblocks == p->capblocks) {
        p->capblocks = p->capblocks ? p->capblocks * 2 : 32;
        p->blocks = xrealloc(p->blocks, (size_t)p->capblocks * sizeof *p->blocks);
    }
    scope_push(&p->sc);
    p->blocks[p->nblocks++] = (Block){tok, p->sc.depth, p->ndecls, is_func};
}

static void block_begin(Parser *p, int tok) { push_block(p, tok, 0); }

static void block_end(Parser *p)
{
    p->nblocks--;
    scope_pop(&p->sc);
}

/* After a syntax error, bison has dropped the symbols from token `first`
 * on: leave every block (and function) that began there. */
static void recover(Parser *p, int first)
{
    while (p->nblocks > 0 && p->blocks[p->nblocks - 1].tok >= first) {
        Block *b = &p->blocks[--p->nblocks];
        while (p->sc.depth >= b->depth)
            scope_pop(&p->sc);
        p->ndecls = b->ndecls;
        if (b->is_func) {
            p->ndecls--;
            p->func = NULL;
            p->locals = (Vec){NULL, 0};
        }
    }
    /* Declarations begun in the dropped tokens are gone too; one begun
     * before them stays open (an error in a struct body inside the
     * parameters of `int f(struct { ... }) {`: f's declaration goes on). */
    int floor = p->nblocks == 0 ? 0 : p->blocks[p->nblocks - 1].ndecls;
    while (p->ndecls > floor && p->decls[p->ndecls - 1]->first >= first)
        p->ndecls--;
    p->knr = 0;
    p->prev = TK_SEMI;
    p->seen_type = 0;
}

/* The named parameters of d, declared in the scope just opened as locals
 * of the function being defined: a function's parameters keep their
 * storage class; an inlet's (Cilk-5) are plain locals of its procedure. */
static Vec bind_params(Parser *p, Dcl d, int is_param)
{
    Vec params = {NULL, 0};
    for (int i = 0; i < d.params.n; i++) {
        Declarator *pd = d.params.v[i];
        if (pd->name < 0)
            continue; /* f(void), or an unnamed parameter */
        Name *n = p->names[pd->name];
        int storage = is_param && pd->parent ? pd->parent->storage : 0;
        Sym *s = new_sym(p, n, SYM_VAR, storage, pd);
        s->is_param = is_param;
        add_local(p, s);
        scope_bind(&p->sc, n, s);
        pd->sym = s;
        p->u->toks[pd->name].sym = s;
        params = vec_add(p, params, s);
    }
    return params;
}

/* The body of a function definition is about to open: declare the
 * function (visible in its own body), then its parameters. */
static void fn_begin(Parser *p, Dcl d, Loc at)
{
    Decl *decl = p->decls[p->ndecls - 1];
    if (d.shape != DCL_FUNC) {
        diag_error(p->d, p->u, at.last, "expected ';' after declaration, found '{'");
        d = dcl_func(dcl_name(d.name), DCL_NONE);
    }
    Declarator *dt = new_declarator(p, decl, d, at);
    add_declarator(p, decl, dt);
    Func *f = arena_alloc(p->a, sizeof *f);
    f->decl = decl;
    f->first = decl->first;
    f->is_knr = d.knr;
    f->is_variadic = d.variadic;
    if (d.name >= 0) {
        Name *n = p->names[d.name];
        Sym *s = n->sym;
        if (!(s && s->kind == SYM_FUNC && n->depth == 0)) {
            s = new_sym(p, n, SYM_FUNC, decl->storage, dt);
            scope_bind(&p->sc, n, s);
        }
        s->def = f;
        f->sym = s;
        dt->sym = s;
        p->u->toks[d.name].sym = s;
    }
    p->func = f;
    p->locals = (Vec){NULL, 0};
    push_block(p, decl->first, 1);
    Vec params = bind_params(p, d, 1);
    f->params = (Sym **)params.v;
    f->nparams = params.n;
    p->knr = d.knr;
}

static int has_cilk_marker(const Parser *p, const Decl *d)
{
    for (int i = d->spec_first; i < d->spec_last; i++)
        if (p->u->toks[i].kind == TK_CILK)
            return 1;
    return 0;
}

static void fn_end(Parser *p, Loc at, Node *body)
{
    Func *f = p->func;
    if (!f)
        return;
    f->body = body;
    f->last = at.last;
    f->byte_first = p->u->toks[f->first].off;
    f->byte_last = p->u->toks[at.last - 1].off + p->u->toks[at.last - 1].len;
    f->locals = (Sym **)p->locals.v;
    f->nlocals = p->locals.n;
    f->decl->last = at.last;
    f->is_cilk = has_cilk_marker(p, f->decl);
    /* Cilk-5's `cilk main` takes the runtime options (lower_cilk5.c) */
    if (f->is_cilk && f->sym && strcmp(f->sym->name, "main") == 0)
        f->is_parallel = 1;
    p->funcs = vec_add(p, p->funcs, f);
    p->nblocks--;
    scope_pop(&p->sc);
    p->ndecls--;
    p->func = NULL;
    p->locals = (Vec){NULL, 0};
}

/* ---- expressions ---- */

static Ex ex_ident(Parser *p, int tok)
{
    Name *n = p->names[tok];
    p->u->toks[tok].sym = n ? n->sym : NULL;
    p->u->toks[tok].undeclared = !p->u->toks[tok].sym;
    if (!p->u->toks[tok].sym)
        reserved_name(p, tok); /* a declared one was reported already */
    Ex e = EX_NONE;
    e.root = tok;
    return e;
}

/* (e): still the same call or object; a spawn in parentheses is not a
 * statement form any more, nor is e's operator outermost. */
static Ex ex_paren(Ex e)
{
    if (e.kind == EX_SPAWN || e.kind == EX_SPAWN_ASSIGN)
        return EX_NONE;
    e.oper = 0;
    return e;
}

/* x.m, x[i]: the object is still (part of) x. */
static Ex ex_root(Ex e)
{
    Ex r = EX_NONE;
    r.root = e.root;
    return r;
}

static Ex ex_call(Loc callee, Ranges args, Loc at)
{
    Ex e = EX_NONE;
    e.kind = EX_CALL;
    e.callee = RANGE(callee);
    e.args = args;
    e.call = RANGE(at);
    return e;
}

/* &x, &x.m, &x[i]: x's address escapes. */
static Ex ex_addr(Parser *p, Ex e)
{
    if (e.root >= 0 && p->u->toks[e.root].sym)
        p->u->toks[e.root].sym->address_taken = 1;
    return EX_NONE;
}

/* `spawn call`: a node for the statement form that may take it; one that
 * none takes is reported by flush_spawns. */
static Ex ex_spawn(Parser *p, int tok, Ex call, Loc at)
{
    Node *n = st_node(p, N_SPAWN, at);
    n->spawn_tok = tok;
    n->first = tok;
    n->callee = call.callee;
    n->args = call.args.v;
    n->nargs = call.args.n;
    n->call = RANGE(at);
    n->lv = (Range){tok, tok};
    if (p->nspawns == p->capspawns) {
        p->capspawns = p->capspawns ? p->capspawns * 2 : 16;
        p->spawns = xrealloc(p->spawns, (size_t)p->capspawns * sizeof *p->spawns);
    }
    p->spawns[p->nspawns++] = (Pending){n, p->func != NULL, 0};
    if (call.kind != EX_CALL) {
        char what[64];
        describe_token(p, at.first, what, sizeof what);
        diag_error(p->d, p->u, at.first, "expected a function call after 'spawn', found %s", what);
        p->spawns[p->nspawns - 1].done = 1;
    }
    Ex e = EX_NONE;
    e.kind = EX_SPAWN;
    e.spawn = n;
    return e;
}

/* e, whose outermost operator is oper applied to lhs and rhs */
static Ex ex_oper(Ex e, int oper, Loc lhs, Loc rhs)
{
    e.oper = oper;
    e.lhs = RANGE(lhs);
    e.rhs = RANGE(rhs);
    return e;
}

static int is_comparison(int oper)
{
    return oper == TK_LT || oper == TK_GT || oper == TK_LE || oper == TK_GE || oper == TK_EQ ||
           oper == TK_NE;
}

static Ex ex_compare(int oper, Ex lhs, Loc lhs_at, Ex rhs, Loc rhs_at)
{
    Ex e = ex_oper(EX_NONE, oper, lhs_at, rhs_at);
    e.nested = is_comparison(lhs.oper) || is_comparison(rhs.oper);
    return e;
}

/* LV op= spawn call, and LV op= call with the call not in parentheses
 * (the shape st_call records) */
static Ex ex_assign(Loc lv, int op, Ex rhs, Loc rhs_at)
{
    if (rhs.kind == EX_CALL && rhs.call.last == rhs_at.last) {
        rhs.kind = EX_CALL_ASSIGN;
        rhs.lv = RANGE(lv);
        rhs.op = op;
        return rhs;
    }
    if (rhs.kind != EX_SPAWN)
        return EX_NONE;
    rhs.spawn->op = op;
    rhs.spawn->lv = RANGE(lv);
    rhs.kind = EX_SPAWN_ASSIGN;
    return rhs;
}

static void misplaced(Parser *p, int tok, const char *what)
{
    diag_error(p->d, p->u, tok, "%s", what);
}

/* Report every spawn that no statement form took. */
static void flush_spawns(Parser *p)
{
    for (int i = 0; i < p->nspawns; i++) {
        Pending *s = &p->spawns[i];
        if (!s->done)
            misplaced(p, s->node->spawn_tok,
                      s->in_func ? "spawn inside a larger expression" : "spawn outside a function");
    }
    p->nspawns = 0;
}

/* ---- statements ---- */

static Node *st_node(Parser *p, NodeKind kind, Loc at)
{
    Node *n = arena_alloc(p->a, sizeof *n);
    n->kind = kind;
    n->first = at.first;
    n->last = at.last;
    n->spawn_tok = -1;
    n->label = -1;
    return n;
}

static Node *st_block(Parser *p, Vec kids, Loc at)
{
    Node *n = st_node(p, N_BLOCK, at);
    n->kids = (Node **)kids.v;
    n->nkids = kids.n;
    block_end(p);
    return n;
}

static Node *st_decl(Parser *p, Decl *decl, Loc at)
{
    Node *n = st_node(p, decl ? N_DECL : N_OTHER, at);
    n->decl = decl;
    return n;
}

static Node *st_for_decl(Parser *p, Decl *decl, Loc at)
{
    for (int i = 0; decl && i < decl->ndecls; i++)
        if (decl->decls[i]->spawn)
            misplaced(p, decl->decls[i]->spawn->spawn_tok, "spawn in a for clause");
    return st_decl(p, decl, at);
}

/* `f(args);` or `lv op f(args);` with f a name: the statement holds the
 * call as a spawn of it would (ast.h), for compiler/calls.c. A call in
 * parentheses, `(f(a));` or `x = (f(a));`, is not recorded: a ')'
 * follows it within the statement. */
static void st_call(Parser *p, Node *n, Ex e, Loc e_at)
{
    if ((e.kind != EX_CALL && e.kind != EX_CALL_ASSIGN) || e.call.last != e_at.last)
        return;
    if (e.callee.last - e.callee.first != 1 || p->u->toks[e.callee.first].kind != TK_IDENT)
        return;
    n->callee = e.callee;
    n->args = e.args.v;
    n->nargs = e.args.n;
    n->call = e.call;
    n->op = e.op;
    n->lv = e.kind == EX_CALL_ASSIGN ? e.lv : (Range){e_at.first, e_at.first};
}

/* An expression statement; the statement forms of spawn become N_SPAWN. */
static Node *st_expr(Parser *p, Ex e, Loc e_at, Loc at)
{
    if ((e.kind == EX_SPAWN || e.kind == EX_SPAWN_ASSIGN) && p->func && !p->stmt_expr) {
        Node *n = e.spawn;
        n->first = at.first;
        n->last = at.last;
        if (e.kind == EX_SPAWN)
            n->lv = (Range){at.first, at.first};
        accept_spawn(p, n);
        return n;
    }
    if (e.kind == EX_CALL && p->func && !p->stmt_expr) {
        Node *n = st_inlet_call(p, e, at);
        if (n)
            return n;
    }
    Node *n = st_node(p, N_EXPR, at);
    n->e = RANGE(e_at);
    st_call(p, n, e, e_at);
    return n;
}

static Node *st_sync(Parser *p, Loc at)
{
    if (p->in_inlet)
        misplaced(p, at.first, "sync inside an inlet");
    else if (!p->func)
        misplaced(p, at.first, "sync outside a function");
    else if (p->stmt_expr)
        misplaced(p, at.first, "sync inside a statement expression");
    else
        p->func->is_parallel = 1;
    return st_node(p, N_SYNC, at);
}

static Node *st_cond(Parser *p, NodeKind kind, Loc e, Node *body, Node *els, Loc at)
{
    Node *n = st_node(p, kind, at);
    n->e = RANGE(e);
    n->body = body;
    n->els = els;
    return n;
}

static Node *st_for(Parser *p, Node *init, Loc cond, Loc inc, Node *body, Loc at)
{
    Node *n = st_node(p, N_FOR, at);
    n->init = init;
    n->e = RANGE(cond);
    n->e2 = RANGE(inc);
    n->body = body;
    block_end(p);
    return n;
}

/* A cilk_for is a for with its own kind; the function it is in becomes
 * parallel only through the helper it is lowered to (compiler/loops.c). */
/* Is r the single token naming v? */
static int names(const Parser *p, Range r, const Sym *v)
{
    return v && r.last == r.first + 1 && p->u->toks[r.first].kind == TK_IDENT &&
           p->u->toks[r.first].sym == v;
}

/* The shapes of a cilk_for's condition and step that compiler/loops.c
 * accepts (ast.h), relative to the first variable init declares. */
static void cilk_for_clauses(Parser *p, Node *n, Ex cond, Ex inc)
{
    const Sym *v = NULL;
    if (n->init && n->init->kind == N_DECL && n->init->decl->ndecls > 0)
        v = n->init->decl->decls[0]->sym;
    n->cond_var = -1;
    if (cond.oper != TK_EQ && is_comparison(cond.oper) && !cond.nested) {
        n->cond_op = cond.oper;
        n->cond_side[0] = cond.lhs;
        n->cond_side[1] = cond.rhs;
        n->cond_var = names(p, cond.lhs, v) ? 0 : names(p, cond.rhs, v) ? 1 : -1;
    }
    Range var = inc.lhs.first < inc.lhs.last ? inc.lhs : inc.rhs;
    if ((inc.oper == TK_INC || inc.oper == TK_DEC) && names(p, var, v))
        n->step_op = inc.oper;
    else if ((inc.oper == TK_ADD_ASSIGN || inc.oper == TK_SUB_ASSIGN) && names(p, inc.lhs, v)) {
        n->step_op = inc.oper;
        n->step_by = inc.rhs;
    }
}

static Node *st_cilk_for(Parser *p, Node *init, Loc cond, Ex cond_ex, Loc inc, Ex inc_ex,
                         Node *body, Loc at)
{
    Node *n = st_for(p, init, cond, inc, body, at);
    n->kind = N_CILK_FOR;
    cilk_for_clauses(p, n, cond_ex, inc_ex);
    if (!p->func)
        misplaced(p, at.first, "cilk_for outside a function");
    else if (p->stmt_expr)
        misplaced(p, at.first, "cilk_for inside a statement expression");
    return n;
}

/* cilk_scope { ... }: its body becomes a function (compiler/loops.c). */
static Node *st_scope(Parser *p, Node *body, Loc at)
{
    Node *n = st_node(p, N_SCOPE, at);
    n->body = body;
    if (!p->func)
        misplaced(p, at.first, "cilk_scope outside a function");
    else if (p->stmt_expr)
        misplaced(p, at.first, "cilk_scope inside a statement expression");
    else
        p->func->is_parallel = 1;
    return n;
}

static Node *st_label(Parser *p, NodeKind kind, int label, Loc e, Loc e2, Node *body, Loc at)
{
    Node *n = st_node(p, kind, at);
    n->label = label;
    if (kind == N_LABEL)
        reserved_name(p, label);
    if (kind == N_CASE) {
        n->e = RANGE(e);
        n->e2 = e2.first == e.last ? (Range){e.last, e.last} : RANGE(e2);
    }
    n->body = body;
    return n;
}

/* ---- Cilk-5: inlets and abort ---- */

static Node *st_abort(Parser *p, Loc at)
{
    if (!p->func)
        misplaced(p, at.first, "abort outside a cilk procedure");
    else if (p->stmt_expr)
        misplaced(p, at.first, "abort inside a statement expression");
    else
        p->func->is_parallel = 1;
    return st_node(p, N_ABORT, at);
}

/* The inlet's body is about to open: its name goes into the enclosing
 * scope, its parameters into a new one, as locals of the procedure. */
static Node *inlet_begin(Parser *p, Dcl d, Loc at)
{
    Decl *decl = p->decls[p->ndecls - 1];
    Node *n = st_node(p, N_INLET, at);
    n->decl = decl;
    if (!p->func || p->in_inlet || d.shape != DCL_FUNC || d.name < 0) {
        misplaced(p, at.first, !p->func || p->in_inlet
                                   ? "an inlet must be defined in the body of a cilk procedure"
                                   : "expected an inlet's name and parameter list");
        push_block(p, at.first, 0);
        p->in_inlet++;
        return n;
    }
    Declarator *dt = new_declarator(p, decl, d, at);
    add_declarator(p, decl, dt);
    Name *name = p->names[d.name];
    Sym *s = new_sym(p, name, SYM_FUNC, 0, dt);
    s->inlet = n;
    scope_bind(&p->sc, name, s);
    dt->sym = s;
    p->u->toks[d.name].sym = s;
    push_block(p, at.first, 0);
    Vec params = bind_params(p, d, 0);
    n->params = (Sym **)params.v;
    n->nparams = params.n;
    p->in_inlet++;
    return n;
}

static Node *inlet_end(Parser *p, Node *n, Node *body, Loc at)
{
    p->in_inlet--;
    block_end(p);
    p->ndecls--;
    n->first = at.first;
    n->last = at.last;
    n->body = body;
    n->decl->last = at.last;
    return n;
}

/* `inlet(spawn call, extra...);`: the spawn's node, with the inlet; NULL
 * if the call is not that. */
static Node *st_inlet_call(Parser *p, Ex e, Loc at)
{
    const Sym *s = e.callee.last - e.callee.first == 1 ? p->u->toks[e.callee.first].sym : NULL;
    if (!s || !s->inlet || e.args.n == 0)
        return NULL;
    for (int i = p->nspawns - 1; i >= 0; i--) {
        Node *n = p->spawns[i].node;
        if (p->spawns[i].done || n->first != e.args.v[0].first || n->call.last != e.args.v[0].last)
            continue;
        n->first = at.first;
        n->last = at.last;
        n->lv = (Range){at.first, at.first};
        n->inlet = s->inlet;
        n->extra = e.args.v + 1;
        n->nextra = e.args.n - 1;
        accept_spawn(p, n);
        return n;
    }
    return NULL;
}

/* ---- entry ---- */

void parse_unit(Unit *u, Arena *a, Diag *d)
{
    Parser p = {.u = u, .a = a, .d = d, .prev = TK_SEMI};
    scope_init(&p.sc, a);
    u->nreducer_quals = u->nreducer_decls = u->nreducer_types = 0;
    u->reducer_quals = NULL;
    u->reducer_decls = NULL;
    u->reducer_types = NULL;
    p.names = xmalloc(((size_t)u->ntoks + 1) * sizeof *p.names);
    memset(p.names, 0, ((size_t)u->ntoks + 1) * sizeof *p.names);
    yyparse(&p);
    flush_spawns(&p);
    u->funcs = (Func **)p.funcs.v;
    u->nfuncs = p.funcs.n;
    free(p.names);
    free(p.decls);
    free(p.blocks);
    free(p.spawns);
    scope_free(&p.sc);
}
