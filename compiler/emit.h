/* emit.h: writing C text for the lowering: tokens with local variables
 * renamed for the clone being written, and #line directives that keep cc's
 * diagnostics on the .cilkc lines.
 *
 * Two kinds of text go through here. The user's tokens (emit_range) are
 * placed where the user wrote them, at their presumed line and column, so
 * that cc's messages and the debugger's line table name the user's code.
 * Everything else is scaffolding (emit_str, emit_fmt), which the emitter
 * lays out: one statement per line, indented by brace depth, never broken
 * inside parentheses, initialisers or literals. A scaffolding line is
 * presumed at the anchor, the line of the statement or function it belongs
 * to, never at a line of other code: a #line directive comes first when the
 * next output line would be presumed elsewhere. */
#ifndef CILKC_EMIT_H
#define CILKC_EMIT_H

#include "ast.h"
#include "buf.h"
#include "scope.h" /* sym_is_auto */

/* How a reference to a local variable is written. */
typedef enum {
    VIEW_PLAIN,  /* by its name (child mode, serial) */
    VIEW_FAST,   /* by name, or cilkc_f->l.NAME_i if it lives in the frame */
    VIEW_SLOW,   /* always cilkc_f->l.NAME_i */
    VIEW_TYPEOF, /* ((struct cilkc_locals_FN *)0)->NAME_i: file scope, inside __typeof__ */
    VIEW_TASK,   /* child mode, an inlet body in a task's thunk: by name if own[i]
                    (the inlet's parameters and locals), else (*cilkc_t->pi) */
} View;

typedef struct {
    const Unit *u;
    Buf *out;
    const char *fn; /* name of the function being lowered */
    View view;
    const unsigned char *resident; /* by Sym.index: lives in the frame in the fast clone */
    const unsigned char *in_expr;  /* by Sym.index: declared in a statement expression
                                      (always a C variable: no spawn can be inside) */
    const unsigned char *own;      /* VIEW_TASK: by Sym.index */
    const char *synched;           /* what Cilk-5's SYNCHED is in the clone being
                                      written (NULL: 1, nothing is outstanding) */
    const char *file;              /* presumed position of the current output line */
    int line;
    size_t known; /* the output's length when that position was known */
    int col0;     /* the output column of the buffer's first byte (emit_at) */
    /* Layout of the scaffolding (emit.c) */
    const char *anchor_file; /* where scaffolding lines are presumed */
    int anchor;
    /* The statement at the anchor: its column (from 0) and brace depth,
     * from which its scaffolding is indented. */
    int stmt_col, stmt_depth;
    /* The lines of the function being lowered: a scaffolding line that
     * compiles to no code (a declaration at file scope, a member, a lone
     * brace) may be presumed at any of them, without a directive. */
    int lo, hi;
    int depth;   /* open braces of blocks and struct types: the indentation */
    int paren;   /* open ( and [: no line break inside */
    int init;    /* open braces of initialisers, compound literals and
                    statement expressions: no line break inside */
    int type;    /* open braces of struct, union and enum types */
    int tag;     /* 1 after struct, union or enum, 2 after its tag name */
    int pending; /* a line break is due before the next scaffolding (Break) */
    int space;   /* a space is due before the next scaffolding on this line */
    int user;    /* the last text written was a user token */
    int placing; /* writing a user token (emit_range) */
    char prev;   /* the last character tracked that was not white space */
    char quote;  /* inside a string or character literal: its quote */
    int escaped; /* inside a literal, after a backslash */
} Emit;

void emit_str(Emit *e, const char *s);
void emit_fmt(Emit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void emit_vfmt(Emit *e, const char *fmt, va_list ap);
/* A comment of the user's, as scaffolding on one line: what follows stays
 * on its line (a `fall through` comment must precede its case label). */
void emit_comment(Emit *e, const char *s, size_t n);
/* Token text as is (no renaming). */
void emit_tok_raw(Emit *e, int i);
/* Tokens [first, last) with locals renamed for e->view; cilk markers dropped,
 * SYNCHED written as e->synched. */
void emit_range(Emit *e, int first, int last);
/* A reference to local s in e->view. */
void emit_local(Emit *e, const Sym *s);
/* The frame field name of a local: NAME_INDEX. */
void emit_field(Emit *e, const Sym *s);
/* Start a new output line positioned at token i's presumed line (unless
 * the current line is a user line of token i's line already), and anchor
 * the scaffolding there. */
void emit_line(Emit *e, int i);
/* Anchor the scaffolding that follows at token i's line, on a new line: a
 * generated helper at its function's definition. */
void emit_anchor(Emit *e, int i);
/* Scaffolding that compiles to no code may be presumed anywhere in the
 * lines of tokens [first, last) of the unit: the function being lowered. */
void emit_function(Emit *e, int first, int last);
/* `#line LINE "FILE"` on a line of its own: the next output line is LINE. */
void emit_line_directive(Emit *e, int line, const char *file);

/* The placement rule (emit_range's, loops.c's and lower_serial.c's): go
 * to where the user wrote the byte off bytes into token i, on its line
 * and at its column (with the source line's tabs), by padding, or on a
 * new line (a newline or a #line directive) when the output is past it.
 * Nothing of the token is written. glued: right at the column is room
 * enough, nothing written last would paste onto the token. */
void emit_place(Emit *e, int i, int off, int glued);
/* Text appended as is, not laid out: the caller's own layout (loops.c).
 * The presumed position follows its newlines. */
void emit_raw(Emit *e, const char *s, size_t n);
/* The bytes between tokens i - 1 and i as they are (white space,
 * comments, line markers). If token i - 1 was placed and the bytes hold
 * a newline, the output is then where token i is. */
void emit_gap(Emit *e, int i);
/* The output (an empty side buffer, spliced in at token i later) starts
 * where token i is: its line, its column. */
void emit_at(Emit *e, int i);
/* The output's position is unknown (another buffer was written). */
void emit_lost(Emit *e);

int tok_is(const Unit *u, int i, int kind);
/* The file token t was presumed in (its line markers'), or the unit's. */
const char *tok_file(const Unit *u, const Token *t);
/* Is token i a call of alloca (`alloca(` or `__builtin_alloca(`)? */
int tok_is_alloca_call(const Unit *u, int i);
/* Is token i `__func__` (or gcc's `__FUNCTION__`, `__PRETTY_FUNCTION__`,
 * the same in C)? In a parallel function emit_range writes
 * cilkc_func_FN instead: the clones' own names are not the user's. */
int tok_is_func_name(const Unit *u, int i);
/* Kind of token i, TK_EOF outside the unit. */
int tok_kind(const Unit *u, int i);
/* Index of the token closing the bracket ( [ or { opened at i. */
int tok_match(const Unit *u, int i);

#endif
