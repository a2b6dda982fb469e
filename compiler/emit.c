/* emit.c: C text for the lowering (see emit.h). */
#include "emit.h"

#include "lexer.h"
#include "tokens.h"

#include <stdarg.h>
#include <string.h>

/* Output lines stop at the largest line number, as the lexer's do. */
static void count_lines(Emit *e, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\n' && e->line < LEX_MAX_LINE)
            e->line++;
}

void emit_str(Emit *e, const char *s)
{
    size_t n = strlen(s);
    buf_add(e->out, s, n);
    count_lines(e, s, n);
}

void emit_vfmt(Emit *e, const char *fmt, va_list ap)
{
    size_t before = e->out->len;
    buf_vprintf(e->out, fmt, ap);
    count_lines(e, e->out->data + before, e->out->len - before);
}

void emit_fmt(Emit *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_vfmt(e, fmt, ap);
    va_end(ap);
}

int tok_is(const Unit *u, int i, int kind)
{
    return i >= 0 && i < u->ntoks && u->toks[i].kind == kind;
}

int tok_kind(const Unit *u, int i) { return i >= 0 && i < u->ntoks ? u->toks[i].kind : TK_EOF; }

int tok_match(const Unit *u, int i)
{
    int open = tok_kind(u, i), depth = 0;
    int close = open == TK_LPAREN ? TK_RPAREN : open == TK_LBRACKET ? TK_RBRACKET : TK_RBRACE;
    for (; i < u->ntoks; i++) {
        if (u->toks[i].kind == open)
            depth++;
        else if (u->toks[i].kind == close && --depth == 0)
            return i;
    }
    return u->ntoks - 1;
}

int sym_is_auto(const Sym *s)
{
    return s && s->is_local && s->kind == SYM_VAR &&
           !(s->storage & (SC_STATIC | SC_EXTERN | SC_TYPEDEF));
}

void emit_tok_raw(Emit *e, int i)
{
    const Token *t = &e->u->toks[i];
    buf_add(e->out, e->u->buf + t->off, (size_t)t->len);
    count_lines(e, e->u->buf + t->off, (size_t)t->len);
}

void emit_field(Emit *e, const Sym *s) { emit_fmt(e, "%s_%d", s->name, s->index); }

void emit_local(Emit *e, const Sym *s)
{
    if (s->is_local && s->kind == SYM_VAR && (s->storage & SC_STATIC)) {
        /* static locals are hoisted to file scope, shared by both clones */
        emit_fmt(e, "cilkc_static_%s_%s_%d", e->fn, s->name, s->index);
        return;
    }
    if (e->in_expr && e->in_expr[s->index]) {
        emit_str(e, s->name);
        return;
    }
    switch (e->view) {
    case VIEW_PLAIN:
        emit_str(e, s->name);
        return;
    case VIEW_FAST:
        if (!e->resident[s->index]) {
            emit_str(e, s->name);
            return;
        }
        break;
    case VIEW_SLOW:
        break;
    case VIEW_TYPEOF:
        emit_fmt(e, "((struct cilkc_locals_%s *)0)->", e->fn);
        emit_field(e, s);
        return;
    case VIEW_TASK:
        if (e->own[s->index])
            emit_str(e, s->name);
        else
            emit_fmt(e, "(*cilkc_t->p%d)", s->index);
        return;
    }
    emit_str(e, "cilkc_f->l.");
    emit_field(e, s);
}

/* alloca in a clone: the block must live as long as the frame, not the C
 * stack (a thief may go on with the continuation): cilkrt_alloca. */
int tok_is_alloca_call(const Unit *u, int i)
{
    const Token *t = &u->toks[i];
    if (t->kind != TK_IDENT || (t->sym && t->sym->kind != SYM_FUNC) || !tok_is(u, i + 1, TK_LPAREN))
        return 0;
    const char *s = u->buf + t->off;
    return (t->len == 6 && memcmp(s, "alloca", 6) == 0) ||
           (t->len == 16 && memcmp(s, "__builtin_alloca", 16) == 0);
}

static int is_alloca_call(const Emit *e, int i)
{
    return (e->view == VIEW_FAST || e->view == VIEW_SLOW) && tok_is_alloca_call(e->u, i);
}

static int emit_alloca(Emit *e, int i)
{
    emit_str(e, e->view == VIEW_SLOW ? "cilkrt_alloca(cilkc_w, cilkc_h, "
                                     : "cilkrt_alloca(cilkc_w, &cilkc_f->h, ");
    return i + 1; /* the '(' is written */
}

/* The output column (from 0) of the next byte. */
static int out_col(const Emit *e)
{
    size_t i = e->out->len;
    while (i > 0 && e->out->data[i - 1] != '\n')
        i--;
    return (int)(e->out->len - i);
}

/* Space up to column col (from 1) of token t's line, with the source
 * line's own tabs, so that cc counts display columns as in the source. */
static void pad_to(Emit *e, const Token *t, int from)
{
    const char *line = e->u->buf + t->off - (t->col - 1);
    for (int c = from; c < t->col - 1; c++)
        buf_add(e->out, line[c] == '\t' ? "\t" : " ", 1);
}

/* Put the output where the user wrote token t: its line (newlines, or a
 * #line directive) and its column (padding), so that cc's messages about
 * it give the user's line and column. Generated text ahead of it on the
 * line may have gone past that column: then t starts a new line. glued:
 * t followed the token just written with nothing between them. */
static void place(Emit *e, const Token *t, int glued)
{
    const char *file = t->file ? t->file : e->u->name;
    int same_file = e->file && strcmp(e->file, file) == 0;
    int col = out_col(e);
    char last = e->out->len ? e->out->data[e->out->len - 1] : '\n';
    int room = col < t->col - 1 || (col == t->col - 1 && (glued || last == ' ' || last == '\n'));
    if (same_file && t->line == e->line && room) {
        pad_to(e, t, col);
        return;
    }
    if (same_file && t->line > e->line && t->line - e->line <= 4)
        while (e->line < t->line)
            emit_str(e, "\n");
    else
        emit_line_directive(e, t->line, file);
    pad_to(e, t, 0);
}

void emit_range(Emit *e, int first, int last)
{
    const Unit *u = e->u;
    int prev = -1; /* the token written last by this call */
    for (int i = first; i < last; i++) {
        const Token *t = &u->toks[i];
        /* `register` goes: a spawn takes its destination's address (child
         * mode), and the generated code may keep the local in a frame.
         * Dropping it changes nothing else in a program cc accepted. */
        if (t->kind == TK_CILK || t->kind == TK_REGISTER)
            continue;
        place(e, t, prev >= 0 && prev == i - 1 && u->toks[prev].off + u->toks[prev].len == t->off);
        if (t->kind == TK_SYNCHED)
            emit_str(e, e->synched && e->view != VIEW_TYPEOF ? e->synched : "1");
        else if (t->kind == TK_IDENT && t->sym && t->sym->is_local && t->sym->kind == SYM_VAR &&
                 !(t->sym->storage & (SC_EXTERN | SC_TYPEDEF)))
            emit_local(e, t->sym);
        else if (is_alloca_call(e, i))
            i = emit_alloca(e, i);
        else
            emit_tok_raw(e, i);
        prev = i;
    }
}

static void emit_quoted(Emit *e, const char *s)
{
    emit_str(e, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            buf_add(e->out, "\\", 1);
        buf_add(e->out, s, 1);
    }
    emit_str(e, "\"");
}

void emit_line(Emit *e, int i)
{
    const Token *t = &e->u->toks[i];
    const char *file = t->file ? t->file : e->u->name;
    if (e->file && strcmp(e->file, file) == 0 && t->line >= e->line && t->line - e->line <= 4) {
        while (e->line < t->line)
            emit_str(e, "\n");
        if (e->out->len && e->out->data[e->out->len - 1] != '\n')
            emit_str(e, " ");
        return;
    }
    emit_line_directive(e, t->line, file);
}

void emit_line_directive(Emit *e, int line, const char *file)
{
    emit_fmt(e, "\n#line %d ", line);
    emit_quoted(e, file);
    buf_add(e->out, "\n", 1);
    e->file = file;
    e->line = line;
}
