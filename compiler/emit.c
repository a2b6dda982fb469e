/* emit.c: C text for the lowering (see emit.h). */
#include "emit.h"

#include "lexer.h"
#include "tokens.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Deeper scaffolding is not indented further: a body nested thousands of
 * blocks deep (tests/frontend/run.sh) must not write gigabytes of spaces. */
#define MAX_INDENT 16

/* Why a line break is due before the next scaffolding. */
typedef enum {
    BREAK_NONE,
    BREAK_LINE,  /* after a statement, an opening brace, or at a statement */
    BREAK_BRACE, /* after a block's closing brace: `else` and a do's `while` stay */
} Break;

static int is_ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }

static char last_char(const Emit *e) { return e->out->len ? e->out->data[e->out->len - 1] : 0; }

/* The empty buffer counts as mid-line: a body written into a side buffer
 * (the slow clone's) is appended after text that has no newline yet. */
static int at_line_start(const Emit *e) { return last_char(e) == '\n'; }

/* All output goes through here: e->known marks where the emitter's own
 * text ends, so that text appended behind its back (copied bytes, a
 * spliced body) makes its position unknown. */
static void add(Emit *e, const char *s, size_t n)
{
    buf_add(e->out, s, n);
    e->known = e->out->len;
}

/* Is the presumed position of the output still e->file, e->line? */
static int position_known(const Emit *e) { return e->file && e->known == e->out->len; }

/* Output lines stop at the largest line number, as the lexer's do. */
static void put(Emit *e, char c)
{
    add(e, &c, 1);
    if (c == '\n' && e->line < LEX_MAX_LINE)
        e->line++;
}

/* The word ending at the end of the output (white space after it
 * skipped) is over: after struct, union or enum, a brace opens a type. */
static void end_word(Emit *e)
{
    const char *d = e->out->data;
    size_t end = e->out->len;
    while (end > 0 && is_blank(d[end - 1]))
        end--;
    size_t start = end;
    while (start > 0 && is_ident(d[start - 1]))
        start--;
    size_t n = end - start;
    int tag = (n == 6 && memcmp(d + start, "struct", 6) == 0) ||
              (n == 5 && memcmp(d + start, "union", 5) == 0) ||
              (n == 4 && memcmp(d + start, "enum", 4) == 0);
    e->tag = tag ? 1 : e->tag == 1 && n ? 2 : 0;
}

/* An opening brace: an initialiser's (after `=`, a compound literal's
 * glued to its `)`, or anything inside parentheses, as a statement
 * expression) keeps its line; a type's or a block's indents. */
static void open_brace(Emit *e, char before, int tag)
{
    if (e->init || e->paren || before == '=' || last_char(e) == ')') {
        e->init++;
        return;
    }
    e->type += tag != 0;
    e->depth++;
    e->pending = BREAK_LINE;
}

/* A type's closing brace is followed by its declarators; a block's ends
 * the line. */
static void close_brace(Emit *e)
{
    if (e->init) {
        e->init--;
        return;
    }
    if (e->depth)
        e->depth--;
    if (e->type) {
        e->type--;
        return;
    }
    e->pending = BREAK_BRACE;
}

/* Follow the syntax of every character written (before it is written):
 * literals, brackets, braces, statement ends. */
static void track(Emit *e, char c)
{
    if (e->quote) {
        if (e->escaped)
            e->escaped = 0;
        else if (c == '\\')
            e->escaped = 1;
        else if (c == e->quote)
            e->quote = 0;
        return;
    }
    if (is_blank(c))
        return;
    if (is_ident(e->prev) && (!is_ident(c) || is_blank(last_char(e))))
        end_word(e);
    char before = e->prev;
    e->prev = c;
    if (is_ident(c))
        return;
    int tag = e->tag;
    e->tag = 0;
    switch (c) {
    case '"':
    case '\'':
        e->quote = c;
        break;
    case '(':
    case '[':
        e->paren++;
        break;
    case ')':
    case ']':
        e->paren -= e->paren > 0;
        break;
    case '{':
        open_brace(e, before, tag);
        break;
    case '}':
        close_brace(e);
        break;
    case ';':
        if (!e->paren && !e->init)
            e->pending = BREAK_LINE;
        break;
    }
}

static void put_quoted(Emit *e, const char *s)
{
    add(e, "\"", 1);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            add(e, "\\", 1);
        add(e, s, 1);
    }
    add(e, "\"", 1);
}

/* `#line LINE` on a line of its own, with the file name when it changes. */
static void directive(Emit *e, int line, const char *file, int named)
{
    if (!at_line_start(e))
        add(e, "\n", 1);
    char num[sizeof "#line " + 3 * sizeof line];
    add(e, num, (size_t)snprintf(num, sizeof num, "#line %d", line));
    if (named) {
        add(e, " ", 1);
        put_quoted(e, file);
    }
    add(e, "\n", 1);
    e->file = file;
    e->line = line;
}

/* Trailing blanks go before a line break. */
static void trim(Emit *e)
{
    int known = e->known == e->out->len;
    while (e->out->len && (last_char(e) == ' ' || last_char(e) == '\t'))
        e->out->len--;
    if (known)
        e->known = e->out->len;
}

/* Go to the start of a new output line presumed at LINE of FILE: a
 * newline, or two (never more than one blank line), or a directive. With
 * drift, any line of the function being lowered will do. */
static void new_line(Emit *e, int line, const char *file, int drift)
{
    int same = position_known(e) && file && strcmp(e->file, file) == 0;
    e->pending = BREAK_NONE;
    e->space = 0;
    trim(e);
    if (!at_line_start(e))
        put(e, '\n');
    if (!file || (same && line == e->line) ||
        (same && drift && e->line >= e->lo && e->line <= e->hi))
        return;
    const char *d = e->out->data;
    int blank = e->out->len >= 2 && d[e->out->len - 2] == '\n';
    if (same && line == e->line + 1 && !blank) {
        put(e, '\n');
        return;
    }
    directive(e, line, file, !same);
}

/* Is the file-scope text s (as far as it goes) a function's head: its
 * first `{` or `;` outside parentheses is a `{` right after a `)`? */
static int starts_function(const char *s)
{
    int paren = 0;
    char last = 0;
    for (; *s; s++) {
        if (*s == '(')
            paren++;
        else if (*s == ')')
            paren--;
        else if (!paren && (*s == ';' || *s == '{'))
            return *s == '{' && last == ')';
        if (!is_blank(*s))
            last = *s;
    }
    return 1;
}

/* Does a scaffolding line starting with *s compile to no code: a
 * declaration or member outside any function body, a block's lone
 * opening brace, a member of a struct type inside a function, the
 * closing brace of an inner block? (A function's braces hold its prologue
 * and epilogue, a type's closing brace inside a function its declarator.) */
static int holds_no_code(const Emit *e, const char *s)
{
    int blocks = e->depth - e->type;
    if (blocks == 0)
        return *s != '{' && !starts_function(s);
    if (*s == '{')
        return 1;
    if (*s == '}')
        return e->type ? 0 : blocks > 1;
    return e->type > 0;
}

/* Indentation for brace depth `depth`: from the statement's own column
 * at the statement's depth, four columns a level; outside the statement,
 * four columns a level. */
static void indent(Emit *e, int depth)
{
    if (depth < e->stmt_depth) {
        e->stmt_col = 0;
        e->stmt_depth = 0;
    }
    int cols = e->stmt_col + 4 * (depth - e->stmt_depth);
    if (cols > 4 * MAX_INDENT)
        cols = 4 * MAX_INDENT;
    for (int i = 0; i < cols; i++)
        add(e, " ", 1);
}

static int starts_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    return strncmp(s, w, n) == 0 && !is_ident(s[n]);
}

/* Before scaffolding character *s: the line break and indentation due,
 * or the space. `else` and a do's `while` stay after a block's brace;
 * `;` and `,` after any. A closing brace gets a line of its own. */
static void before_scaffold(Emit *e, const char *s)
{
    int closing = *s == '}' && !e->init;
    if (closing && !at_line_start(e) && !e->pending)
        e->pending = BREAK_LINE;
    if (e->pending &&
        (*s == ';' || *s == ',' ||
         (e->pending == BREAK_BRACE && (starts_word(s, "else") || starts_word(s, "while"))))) {
        e->space = *s != ';' && *s != ',';
        e->pending = BREAK_NONE;
    }
    if (e->pending) {
        new_line(e, e->anchor, e->anchor_file, holds_no_code(e, s));
        indent(e, e->depth - closing);
    } else if (e->space && !at_line_start(e)) {
        add(e, " ", 1);
    }
    e->space = 0;
}

/* Scaffolding: white space is the emitter's (a newline asks for a line
 * break, spaces for one space), except inside a literal. */
static void scaffold(Emit *e, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!e->quote && is_blank(c)) {
            if (c == '\n' && !e->paren && !e->init && !e->pending)
                e->pending = BREAK_LINE;
            else if (!at_line_start(e))
                e->space = 1;
            continue;
        }
        if (!e->quote)
            before_scaffold(e, s + i);
        track(e, c);
        put(e, c);
        e->user = 0;
    }
}

void emit_comment(Emit *e, const char *s, size_t n)
{
    before_scaffold(e, "/");
    for (size_t i = 0; i < n; i++)
        add(e, s[i] == '\n' ? " " : s + i, 1);
    e->space = 1;
    e->user = 0;
}

/* Text of a user token: written as is, where place() put it. */
static void user_text(Emit *e, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        track(e, s[i]);
        put(e, s[i]);
    }
}

/* Text of the user's tokens (a renamed local included) is placed; any
 * other is scaffolding. */
static void write_text(Emit *e, const char *s, size_t n)
{
    if (e->placing)
        user_text(e, s, n);
    else
        scaffold(e, s, n);
}

void emit_str(Emit *e, const char *s) { write_text(e, s, strlen(s)); }

void emit_vfmt(Emit *e, const char *fmt, va_list ap)
{
    Buf b = {0};
    buf_vprintf(&b, fmt, ap);
    write_text(e, b.data, b.len);
    buf_free(&b);
}

void emit_fmt(Emit *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_vfmt(e, fmt, ap);
    va_end(ap);
}

const char *tok_file(const Unit *u, const Token *t) { return t->file ? t->file : u->name; }

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

void emit_tok_raw(Emit *e, int i)
{
    const Token *t = &e->u->toks[i];
    user_text(e, e->u->buf + t->off, (size_t)t->len);
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
        emit_fmt(e, "cilkc_tv_%s_", e->fn); /* lower.c declares it */
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

int tok_is_func_name(const Unit *u, int i)
{
    const Token *t = &u->toks[i];
    if (t->kind != TK_IDENT || t->sym)
        return 0;
    const char *s = u->buf + t->off;
    return (t->len == 8 && memcmp(s, "__func__", 8) == 0) ||
           (t->len == 12 && memcmp(s, "__FUNCTION__", 12) == 0) ||
           (t->len == 19 && memcmp(s, "__PRETTY_FUNCTION__", 19) == 0);
}

/* alloca in a clone: the block must live as long as the frame, not the C
 * stack (a thief may go on with the continuation): cilkrt_alloca, with the
 * clone's cilkc_aend (lower_cont.c declares it). */
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
    emit_str(e, e->view == VIEW_SLOW ? "cilkrt_alloca(cilkc_w, cilkc_h, &cilkc_aend, "
                                     : "cilkrt_alloca(cilkc_w, &cilkc_f->h, &cilkc_aend, ");
    return i + 1; /* the '(' is written */
}

/* The output column (from 0) of the next byte: a side buffer's first
 * line starts at e->col0. */
static int out_col(const Emit *e)
{
    size_t i = e->out->len;
    while (i > 0 && e->out->data[i - 1] != '\n')
        i--;
    return (int)(e->out->len - i) + (i == 0 ? e->col0 : 0);
}

/* Space from output column from up to column to (from 0) of token t's
 * line, with the source line's own tabs, so that cc counts display
 * columns as in the source. */
static void pad_to(Emit *e, const Token *t, int from, int to)
{
    const char *line = e->u->buf + t->off - (t->col - 1);
    for (int c = from; c < to; c++)
        add(e, line[c] == '\t' ? "\t" : " ", 1);
}

/* The placement rule, for every user token the translator writes
 * (emit_range here, loops.c's helpers, the serial elision's cilk_for):
 * put the output where the user wrote the byte at column col_to (from 0)
 * of token t's line, on its line (a newline, or a #line directive) and at
 * its column (padding), so that cc's messages about it give the user's
 * line and column. Text ahead of it on the line may have gone past that
 * column, or ended a statement: then it starts a new line. glued: t
 * followed the token just written with nothing between them. */
static void place(Emit *e, const Token *t, int col_to, int glued)
{
    const char *file = tok_file(e->u, t);
    int same_file = position_known(e) && strcmp(e->file, file) == 0;
    int col = out_col(e) + e->space;
    char last = e->space ? ' ' : e->out->len ? last_char(e) : '\n';
    int room = col < col_to || (col == col_to && (glued || strchr(" \n([{,;", last)));
    if (e->pending && !e->user && col > 0)
        room = 0;
    e->user = 1;
    if (same_file && t->line == e->line && room) {
        if (e->space)
            add(e, " ", 1);
        e->space = 0;
        e->pending = BREAK_NONE;
        pad_to(e, t, col, col_to);
        return;
    }
    new_line(e, t->line, file, 0);
    pad_to(e, t, 0, col_to);
}

void emit_place(Emit *e, int i, int off, int glued)
{
    const Token *t = &e->u->toks[i];
    place(e, t, t->col - 1 + off, glued);
}

/* An undeclared name (not a call: C90's implicit declaration, or a
 * builtin) in a file-scope __typeof__ (VIEW_TYPEOF) would be cc's error
 * there, `undeclared here (not in a function)`, before the function's own
 * copy of the expression: there it is written 0, and cc reports the name
 * in the function, at the user's line and column, as in the elision. */
static int undeclared_value(const Unit *u, int i)
{
    return u->toks[i].undeclared && !(i + 1 < u->ntoks && u->toks[i + 1].kind == TK_LPAREN);
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
        place(e, t, t->col - 1,
              prev >= 0 && prev == i - 1 && u->toks[prev].off + u->toks[prev].len == t->off);
        e->placing = 1;
        if (t->kind == TK_SYNCHED)
            emit_str(e, e->synched && e->view != VIEW_TYPEOF ? e->synched : "1");
        else if (t->kind == TK_IDENT && t->sym && t->sym->is_local && t->sym->kind == SYM_VAR &&
                 !(t->sym->storage & (SC_EXTERN | SC_TYPEDEF)))
            emit_local(e, t->sym);
        else if (e->fn && tok_is_func_name(u, i))
            emit_fmt(e, "cilkc_func_%s", e->fn); /* lower.c declares it */
        else if (e->view == VIEW_TYPEOF && undeclared_value(u, i))
            emit_str(e, "0");
        else if (is_alloca_call(e, i))
            i = emit_alloca(e, i);
        else
            emit_tok_raw(e, i);
        e->placing = 0;
        /* a pragma is a line of its own */
        if (t->kind == TK_PRAGMA) {
            e->pending = BREAK_LINE;
            e->user = 0;
        }
        prev = i;
    }
}

void emit_line(Emit *e, int i)
{
    const Token *t = &e->u->toks[i];
    const char *file = tok_file(e->u, t);
    int same_file = position_known(e) && strcmp(e->file, file) == 0;
    e->anchor = t->line;
    e->anchor_file = file;
    e->stmt_col = t->col - 1;
    e->stmt_depth = e->depth;
    if (same_file && t->line == e->line && e->user) {
        e->space = 1;
        return;
    }
    e->pending = BREAK_LINE;
    e->user = 0;
}

void emit_anchor(Emit *e, int i)
{
    emit_line(e, i);
    e->stmt_col = 0;
    e->stmt_depth = 0;
    e->pending = BREAK_LINE;
    e->user = 0;
}

void emit_function(Emit *e, int first, int last)
{
    e->lo = e->u->toks[first].line;
    e->hi = e->u->toks[last - 1].line;
}

void emit_line_directive(Emit *e, int line, const char *file)
{
    trim(e);
    directive(e, line, file, 1);
    e->pending = BREAK_NONE;
    e->space = 0;
}

void emit_raw(Emit *e, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put(e, s[i]);
}

/* The output line is presumed to be token t's. */
static void presume(Emit *e, const Token *t)
{
    e->file = tok_file(e->u, t);
    e->line = t->line;
}

void emit_gap(Emit *e, int i)
{
    const Token *p = &e->u->toks[i - 1], *t = &e->u->toks[i];
    const char *s = e->u->buf + p->off + p->len;
    size_t n = (size_t)(t->off - p->off - p->len);
    add(e, s, n);
    if (!memchr(s, '\n', n))
        return;
    /* the gap's last line is the source's, and its newlines and line
     * markers move the output as they moved the source */
    presume(e, t);
}

void emit_at(Emit *e, int i)
{
    const Token *t = &e->u->toks[i];
    presume(e, t);
    e->known = e->out->len;
    e->col0 = t->col - 1;
    e->pending = BREAK_NONE;
    e->space = 0;
    e->user = 0;
}

void emit_lost(Emit *e)
{
    e->known = (size_t)-1;
    e->col0 = 0;
}
