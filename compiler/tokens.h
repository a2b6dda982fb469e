/*
 * tokens.h: every token kind with its spelling, as one X-macro list.
 *
 * The scanner (grammar/lexer.l) produces these kinds; the parser
 * (grammar/parser.y) declares a bison token of the same name with the
 * spelling as its string alias, and maps TK_* to bison's numbers through a
 * table built from this list, so a kind missing in the grammar does not
 * compile. Kinds before TK_FIRST_SPELLED are classes (the alias describes
 * them); the others are spelled exactly as their alias. Alternative GNU
 * spellings (__inline__, __asm__, ...) map to the same kind in the scanner.
 */
#ifndef CILKC_TOKENS_H
#define CILKC_TOKENS_H

/* clang-format off: one token a line, aligned */
#define TOKENS(X)                                                                                  \
    X(TK_EOF, "end of file")                                                                       \
    X(TK_IDENT, "identifier")                                                                      \
    X(TK_TYPEDEF_NAME, "type name")                                                                \
    X(TK_NUMBER, "number")                                                                         \
    X(TK_CHARCONST, "character constant")                                                          \
    X(TK_STRING, "string literal")                                                                 \
    X(TK_PRAGMA, "#pragma")                                                                        \
    X(TK_EXT_FLOAT, "_FloatN type")                                                                \
    X(TK_LBRACKET, "[")                                                                            \
    X(TK_RBRACKET, "]")                                                                            \
    X(TK_LPAREN, "(")                                                                              \
    X(TK_RPAREN, ")")                                                                              \
    X(TK_LBRACE, "{")                                                                              \
    X(TK_RBRACE, "}")                                                                              \
    X(TK_DOT, ".")                                                                                 \
    X(TK_ARROW, "->")                                                                              \
    X(TK_INC, "++")                                                                                \
    X(TK_DEC, "--")                                                                                \
    X(TK_AMP, "&")                                                                                 \
    X(TK_STAR, "*")                                                                                \
    X(TK_PLUS, "+")                                                                                \
    X(TK_MINUS, "-")                                                                               \
    X(TK_TILDE, "~")                                                                               \
    X(TK_NOT, "!")                                                                                 \
    X(TK_SLASH, "/")                                                                               \
    X(TK_PERCENT, "%")                                                                             \
    X(TK_SHL, "<<")                                                                                \
    X(TK_SHR, ">>")                                                                                \
    X(TK_LT, "<")                                                                                  \
    X(TK_GT, ">")                                                                                  \
    X(TK_LE, "<=")                                                                                 \
    X(TK_GE, ">=")                                                                                 \
    X(TK_EQ, "==")                                                                                 \
    X(TK_NE, "!=")                                                                                 \
    X(TK_XOR, "^")                                                                                 \
    X(TK_OR, "|")                                                                                  \
    X(TK_ANDAND, "&&")                                                                             \
    X(TK_OROR, "||")                                                                               \
    X(TK_QUESTION, "?")                                                                            \
    X(TK_COLON, ":")                                                                               \
    X(TK_SEMI, ";")                                                                                \
    X(TK_ELLIPSIS, "...")                                                                          \
    X(TK_ASSIGN, "=")                                                                              \
    X(TK_MUL_ASSIGN, "*=")                                                                         \
    X(TK_DIV_ASSIGN, "/=")                                                                         \
    X(TK_MOD_ASSIGN, "%=")                                                                         \
    X(TK_ADD_ASSIGN, "+=")                                                                         \
    X(TK_SUB_ASSIGN, "-=")                                                                         \
    X(TK_SHL_ASSIGN, "<<=")                                                                        \
    X(TK_SHR_ASSIGN, ">>=")                                                                        \
    X(TK_AND_ASSIGN, "&=")                                                                         \
    X(TK_XOR_ASSIGN, "^=")                                                                         \
    X(TK_OR_ASSIGN, "|=")                                                                          \
    X(TK_COMMA, ",")                                                                               \
    X(TK_HASH, "#")                                                                                \
    X(TK_HASHHASH, "##")                                                                           \
    X(TK_AUTO, "auto")                                                                             \
    X(TK_BREAK, "break")                                                                           \
    X(TK_CASE, "case")                                                                             \
    X(TK_CHAR, "char")                                                                             \
    X(TK_CONST, "const")                                                                           \
    X(TK_CONTINUE, "continue")                                                                     \
    X(TK_DEFAULT, "default")                                                                       \
    X(TK_DO, "do")                                                                                 \
    X(TK_DOUBLE, "double")                                                                         \
    X(TK_ELSE, "else")                                                                             \
    X(TK_ENUM, "enum")                                                                             \
    X(TK_EXTERN, "extern")                                                                         \
    X(TK_FLOAT, "float")                                                                           \
    X(TK_FOR, "for")                                                                               \
    X(TK_GOTO, "goto")                                                                             \
    X(TK_IF, "if")                                                                                 \
    X(TK_INLINE, "inline")                                                                         \
    X(TK_INT, "int")                                                                               \
    X(TK_LONG, "long")                                                                             \
    X(TK_REGISTER, "register")                                                                     \
    X(TK_RESTRICT, "restrict")                                                                     \
    X(TK_RETURN, "return")                                                                         \
    X(TK_SHORT, "short")                                                                           \
    X(TK_SIGNED, "signed")                                                                         \
    X(TK_SIZEOF, "sizeof")                                                                         \
    X(TK_STATIC, "static")                                                                         \
    X(TK_STRUCT, "struct")                                                                         \
    X(TK_SWITCH, "switch")                                                                         \
    X(TK_TYPEDEF, "typedef")                                                                       \
    X(TK_UNION, "union")                                                                           \
    X(TK_UNSIGNED, "unsigned")                                                                     \
    X(TK_VOID, "void")                                                                             \
    X(TK_VOLATILE, "volatile")                                                                     \
    X(TK_WHILE, "while")                                                                           \
    X(TK_ALIGNAS, "_Alignas")                                                                      \
    X(TK_ALIGNOF, "_Alignof")                                                                      \
    X(TK_ATOMIC, "_Atomic")                                                                        \
    X(TK_BOOL, "_Bool")                                                                            \
    X(TK_COMPLEX, "_Complex")                                                                      \
    X(TK_GENERIC, "_Generic")                                                                      \
    X(TK_IMAGINARY, "_Imaginary")                                                                  \
    X(TK_NORETURN, "_Noreturn")                                                                    \
    X(TK_STATIC_ASSERT, "_Static_assert")                                                          \
    X(TK_THREAD_LOCAL, "_Thread_local")                                                            \
    X(TK_ASM, "asm")                                                                               \
    X(TK_ATTRIBUTE, "__attribute__")                                                               \
    X(TK_EXTENSION, "__extension__")                                                               \
    X(TK_TYPEOF, "typeof")                                                                         \
    X(TK_AUTO_TYPE, "__auto_type")                                                                 \
    X(TK_LABEL, "__label__")                                                                       \
    X(TK_REAL, "__real__")                                                                         \
    X(TK_IMAG, "__imag__")                                                                         \
    X(TK_INT128, "__int128")                                                                       \
    X(TK_VA_LIST, "__builtin_va_list")                                                             \
    X(TK_VA_ARG, "__builtin_va_arg")                                                               \
    X(TK_OFFSETOF, "__builtin_offsetof")                                                           \
    X(TK_TYPES_COMPATIBLE, "__builtin_types_compatible_p")                                         \
    X(TK_PRAGMA_OP, "_Pragma")                                                                     \
    X(TK_SPAWN, "spawn")                                                                           \
    X(TK_SYNC, "sync")                                                                             \
    X(TK_CILK, "cilk")                                                                             \
    X(TK_CILK_FOR, "cilk_for")                                                                     \
    X(TK_CILK_SCOPE, "cilk_scope")                                                                 \
    X(TK_REDUCER, "cilk_reducer")                                                                  \
    X(TK_SYNCHED, "SYNCHED")                                                                       \
    X(TK_INLET, "inlet")                                                                           \
    X(TK_ABORT, "abort")
/* clang-format on */

typedef enum {
#define X(kind, spelling) kind,
    TOKENS(X)
#undef X
        TK_COUNT
} TokenKind;

/* First kind whose alias is its exact spelling. */
#define TK_FIRST_SPELLED TK_LBRACKET

/* The alias of a kind: "identifier", "+", "while"... */
const char *tok_spelling(int kind);

#endif
