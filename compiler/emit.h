/* emit.h: writing C text for the lowering: tokens with local variables
 * renamed for the clone being written, and #line directives that keep cc's
 * diagnostics on the .cilkc lines. */
#ifndef CILKC_EMIT_H
#define CILKC_EMIT_H

#include "ast.h"
#include "buf.h"

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
    const char *file;              /* presumed position of the next output line */
    int line;
} Emit;

void emit_str(Emit *e, const char *s);
void emit_fmt(Emit *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void emit_vfmt(Emit *e, const char *fmt, va_list ap);
/* Token text as is (no renaming). */
void emit_tok_raw(Emit *e, int i);
/* Tokens [first, last) with locals renamed for e->view; cilk markers dropped,
 * SYNCHED written as e->synched. */
void emit_range(Emit *e, int first, int last);
/* A reference to local s in e->view. */
void emit_local(Emit *e, const Sym *s);
/* The frame field name of a local: NAME_INDEX. */
void emit_field(Emit *e, const Sym *s);
/* Start a new output line positioned at token i's presumed line. */
void emit_line(Emit *e, int i);
/* `#line LINE "FILE"` on a line of its own: the next output line is LINE. */
void emit_line_directive(Emit *e, int line, const char *file);

int tok_is(const Unit *u, int i, int kind);
/* Is token i a call of alloca (`alloca(` or `__builtin_alloca(`)? */
int tok_is_alloca_call(const Unit *u, int i);
/* Kind of token i, TK_EOF outside the unit. */
int tok_kind(const Unit *u, int i);
/* Index of the token closing the bracket ( [ or { opened at i. */
int tok_match(const Unit *u, int i);
/* Is s an automatic local variable of the function (lives in the frame)? */
int sym_is_auto(const Sym *s);

#endif
