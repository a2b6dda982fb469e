/*
 * localtypes.c: a function's own types moved to file scope, its arrays'
 * sizes made constant (localtypes.h).
 *
 *   long f(int n) {
 *       struct pt { int x, y; } p = {1, 2};
 *       typedef struct pt pt_t;
 *       enum { A, B } e = B;
 *       ...
 *
 * becomes
 *
 *   struct cilkc_f_1_pt { int x, y; };
 *   typedef struct cilkc_f_1_pt cilkc_f_2_pt_t;
 *   enum cilkc_f_3 { cilkc_f_3_A, cilkc_f_3_B };
 *   long f(int n) {
 *       struct cilkc_f_1_pt p = {1, 2};
 *       enum cilkc_f_3 e = cilkc_f_3_B;
 *       ...
 *
 * Names: N counts the definitions moved in the unit, so that two blocks
 * (or two functions) defining one tag get two types, and no name of the
 * user's can be taken (names beginning with cilkc_ are refused). The
 * enumerators are renamed too: at file scope they would clash with a
 * variable of the same name declared after the function, and a local
 * enumerator may shadow a global one.
 *
 * Scoping: a tag is in scope from its definition to the end of the block
 * that holds it, and the innermost one wins; a use of the tag before the
 * definition (or outside its block) names another type and keeps its
 * name, unless no other declaration of the tag is visible there (then C
 * declares the block's tag at that use: tag_seen). Typedef names and
 * enumerators are renamed through the symbol each token names (the
 * parser's scopes resolved them already).
 *
 * The same rewrite gives arrays without a size the size of their
 * initializer, and makes variable-length arrays alloca's (both below):
 * the frame needs their sizes at file scope too.
 *
 * Text is kept in place: a moved definition leaves blanks of the same
 * extent, and a renamed token followed by more tokens on its line is
 * followed by a #line, so every other token keeps its line and column for
 * the passes that parse the result again.
 */
#include "localtypes.h"

#include "arena.h"
#include "emit.h"
#include "splice.h"
#include "tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A tag defined inside the function: in scope over tokens [start, end). */
typedef struct {
    int pos;       /* the tag's token in its definition */
    int start;     /* pos, or the start of the enclosing block (below) */
    int end;       /* end of the enclosing block */
    char *newname; /* NULL: not moved (it names a local) */
} Tag;

/* A typedef name or an enumerator moved with its definition. */
typedef struct {
    const Sym *sym;
    char *newname;
} Rename;

/* A definition moved: tokens [first, last) go in front of the function.
 * whole: the whole declaration (a typedef, or a definition without
 * declarators); otherwise the specifier `struct TAG { ... }` only, whose
 * body [open, close] leaves the declaration. anon: the tag given to an
 * anonymous one (NULL if it has a tag). */
typedef struct {
    int first, last;
    int whole;
    int open, close;
    char *anon;
} Hoist;

typedef struct {
    const Unit *u;
    const Func *fn;
    int *next; /* N of the names, across the unit */
    Tag *tags;
    int ntags;
    Rename *renames;
    int nrenames;
    const Sym **enums; /* every enumerator the function defines */
    int nenums;
    Hoist *hoists;
    int nhoists;
    unsigned char *flags; /* by token - fn->first: F_* */
    int vlas;             /* make variable-length arrays alloca's */
} Ctx;

enum {
    F_MOVED = 1,    /* blanked in place: its text went in front of the function */
    F_TAG = 2,      /* the tag after struct, union or enum */
    F_ENUMCONST = 4 /* an enumerator where its enum declares it */
};

static int kind(const Ctx *c, int i) { return tok_kind(c->u, i); }

static int is_tag_kw(int k) { return k == TK_STRUCT || k == TK_UNION || k == TK_ENUM; }

static int is_name(int k) { return k == TK_IDENT || k == TK_TYPEDEF_NAME; }

/* After `struct` at kw (attributes skipped): the tag's token, or -1. */
static int tag_after(const Ctx *c, int kw)
{
    int j = kw + 1;
    while (kind(c, j) == TK_ATTRIBUTE)
        j = tok_match(c->u, j + 1) + 1;
    return is_name(kind(c, j)) ? j : -1;
}

/* After `struct` at kw: the `{` of its body, or -1. */
static int body_after(const Ctx *c, int kw)
{
    int j = tag_after(c, kw);
    j = j >= 0 ? j + 1 : kw + 1;
    while (kind(c, j) == TK_ATTRIBUTE)
        j = tok_match(c->u, j + 1) + 1;
    return kind(c, j) == TK_LBRACE ? j : -1;
}

static int same_text(const Ctx *c, int a, int b)
{
    const Token *x = &c->u->toks[a], *y = &c->u->toks[b];
    return x->len == y->len && memcmp(c->u->buf + x->off, c->u->buf + y->off, (size_t)x->len) == 0;
}

/* The local definition the tag at token i names, or NULL (a file-scope
 * type, or one not defined yet). */
static const Tag *resolve_tag(const Ctx *c, int i)
{
    const Tag *best = NULL;
    for (int k = 0; k < c->ntags; k++) {
        const Tag *t = &c->tags[k];
        if (t->start <= i && i < t->end && same_text(c, t->pos, i) &&
            (!best || t->start > best->start))
            best = t;
    }
    return best;
}

static const Rename *find_rename(const Ctx *c, const Sym *s)
{
    for (int k = 0; s && k < c->nrenames; k++)
        if (c->renames[k].sym == s)
            return &c->renames[k];
    return NULL;
}

static int in_function(const Ctx *c, int i) { return i >= c->fn->first && i < c->fn->last; }

/* Is s a typedef name or an enumerator that the function defines? */
static int is_local_type_name(const Ctx *c, const Sym *s)
{
    if (!s)
        return 0;
    if (s->kind == SYM_TYPEDEF)
        return s->decl && s->decl->name >= 0 && in_function(c, s->decl->name);
    if (s->kind == SYM_ENUMCONST)
        for (int k = 0; k < c->nenums; k++)
            if (c->enums[k] == s)
                return 1;
    return 0;
}

/* The new name of token i (a tag, typedef name or enumerator moved to
 * file scope), or NULL. */
static const char *new_name(const Ctx *c, int i)
{
    if (c->flags[i - c->fn->first] & F_TAG) {
        const Tag *t = resolve_tag(c, i);
        return t ? t->newname : NULL;
    }
    const Rename *r = find_rename(c, c->u->toks[i].sym);
    return r ? r->newname : NULL;
}

static char *make_name(Ctx *c, int n, int tok)
{
    Buf b = {0};
    buf_printf(&b, "cilkc_%s_%d", c->fn->sym->name, n);
    if (tok >= 0)
        buf_printf(&b, "_%.*s", c->u->toks[tok].len, c->u->buf + c->u->toks[tok].off);
    return b.data;
}

/* Every tag, and every enumerator the function defines: the names after
 * `{` or `,` of an enum body. */
static void find_names(Ctx *c)
{
    for (int i = c->fn->first; i < c->fn->last; i++) {
        int tag = is_tag_kw(kind(c, i)) ? tag_after(c, i) : -1;
        if (tag >= 0 && tag < c->fn->last)
            c->flags[tag - c->fn->first] |= F_TAG;
        int open = kind(c, i) == TK_ENUM ? body_after(c, i) : -1;
        if (open < 0)
            continue;
        int close = tok_match(c->u, open), depth = 0;
        for (int j = open + 1; j < close; j++) {
            int k = kind(c, j);
            depth += (k == TK_LPAREN || k == TK_LBRACKET || k == TK_LBRACE)   ? 1
                     : (k == TK_RPAREN || k == TK_RBRACKET || k == TK_RBRACE) ? -1
                                                                              : 0;
            int prev = kind(c, j - 1);
            if (depth == 0 && is_name(k) && (prev == TK_COMMA || j == open + 1) &&
                c->u->toks[j].sym && c->u->toks[j].sym->kind == SYM_ENUMCONST) {
                c->enums = xrealloc(c->enums, sizeof *c->enums * (size_t)(c->nenums + 1));
                c->enums[c->nenums++] = c->u->toks[j].sym;
                c->flags[j - c->fn->first] |= F_ENUMCONST;
            }
        }
    }
}

/* Does token i of a definition being moved stop it: a local variable or
 * function, or a type name or tag of the function that stays? */
static int blocks(const Ctx *c, int i)
{
    const Token *t = &c->u->toks[i];
    const Sym *s = t->sym;
    if (t->declares)
        return 0;
    if (scope_is_local(c->u, c->fn, i, SCOPE_ANY))
        return 1;
    if (is_local_type_name(c, s) && !find_rename(c, s))
        return 1;
    if (c->flags[i - c->fn->first] & F_TAG) {
        const Tag *tag = resolve_tag(c, i);
        return tag && !tag->newname;
    }
    return 0;
}

static void add_rename(Ctx *c, const Sym *s, char *name)
{
    c->renames = xrealloc(c->renames, sizeof *c->renames * (size_t)(c->nrenames + 1));
    c->renames[c->nrenames++] = (Rename){s, name};
}

/* Is the tag at token i declared at file scope before the function (not
 * in another function's body), or defined in it before (where it may be
 * visible)? */
static int tag_seen(const Ctx *c, int i)
{
    for (int k = 0; k < c->ntags; k++)
        if (same_text(c, c->tags[k].pos, i))
            return 1;
    int f = 0; /* the functions before: their bodies do not count */
    for (int j = 1; j < c->fn->first; j++) {
        while (f < c->u->nfuncs && c->u->funcs[f]->body->last <= j)
            f++;
        if (f < c->u->nfuncs && c->u->funcs[f]->body->first <= j) {
            j = c->u->funcs[f]->body->last - 1;
            continue;
        }
        if (is_name(kind(c, j)) && is_tag_kw(kind(c, j - 1)) && same_text(c, j, i))
            return 1;
    }
    return 0;
}

/* Move the definition in tokens [first, last) of a declaration in a block
 * [begin, end), if it names no local. A use of its tag earlier in the
 * block names it too, where no other declaration of the tag is visible
 * (C declares the tag in the block at that use: `struct node *head; struct
 * node { ... } n;`). */
static void consider(Ctx *c, Hoist h, int begin, int end, const Decl *d)
{
    int n = ++*c->next;
    int tags0 = c->ntags, renames0 = c->nrenames;
    for (int i = h.first; i < h.last; i++) {
        int tag = is_tag_kw(kind(c, i)) && body_after(c, i) >= 0 ? tag_after(c, i) : -1;
        if (tag >= 0) {
            c->tags = xrealloc(c->tags, sizeof *c->tags * (size_t)(c->ntags + 1));
            int start = tag_seen(c, tag) ? tag : begin;
            c->tags[c->ntags++] = (Tag){tag, start, end, make_name(c, n, tag)};
        }
        if (c->flags[i - c->fn->first] & F_ENUMCONST)
            add_rename(c, c->u->toks[i].sym, make_name(c, n, i));
    }
    if (d->storage & SC_TYPEDEF)
        for (int k = 0; k < d->ndecls; k++)
            if (d->decls[k]->sym && d->decls[k]->name >= 0)
                add_rename(c, d->decls[k]->sym, make_name(c, n, d->decls[k]->name));
    int blocked = 0;
    for (int i = h.first; i < h.last && !blocked; i++)
        blocked = blocks(c, i);
    if (blocked) {
        for (int k = tags0; k < c->ntags; k++) {
            free(c->tags[k].newname);
            c->tags[k].newname = NULL;
        }
        for (int k = renames0; k < c->nrenames; k++)
            free(c->renames[k].newname);
        c->nrenames = renames0;
        --*c->next;
        return;
    }
    if (!h.whole && tag_after(c, h.first) < 0)
        h.anon = make_name(c, n, -1);
    c->hoists = xrealloc(c->hoists, sizeof *c->hoists * (size_t)(c->nhoists + 1));
    c->hoists[c->nhoists++] = h;
    for (int i = h.whole ? h.first : h.open; i < (h.whole ? h.last : h.close + 1); i++)
        c->flags[i - c->fn->first] |= F_MOVED;
}

static void visit_decl(Ctx *c, const Decl *d, int begin, int end)
{
    if (d->storage & SC_TYPEDEF) {
        consider(c, (Hoist){d->first, d->last, 1, -1, -1, NULL}, begin, end, d);
        return;
    }
    if (!d->defines_type)
        return;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        int open = is_tag_kw(kind(c, i)) ? body_after(c, i) : -1;
        if (open < 0)
            continue;
        int close = tok_match(c->u, open);
        if (d->ndecls == 0)
            consider(c, (Hoist){d->first, d->last, 1, open, close, NULL}, begin, end, d);
        else
            consider(c, (Hoist){i, close + 1, 0, open, close, NULL}, begin, end, d);
        return;
    }
}

/* The declarations of n and below in source order; [begin, end): the
 * innermost block (or for statement) around n. */
static void visit(Ctx *c, const Node *n, int begin, int end)
{
    if (!n)
        return;
    if (n->kind == N_BLOCK || n->kind == N_FOR || n->kind == N_CILK_FOR) {
        begin = n->first;
        end = n->last;
    }
    if (n->kind == N_DECL)
        visit_decl(c, n->decl, begin, end);
    visit(c, n->init, begin, end);
    for (int i = 0; i < n->nkids; i++)
        visit(c, n->kids[i], begin, end);
    visit(c, n->body, begin, end);
    visit(c, n->els, begin, end);
}

/* `struct node;` naming a type that moved: gone too, since in the block
 * it would declare another, incomplete type. */
static void drop_forward(Ctx *c, const Node *n)
{
    if (!n)
        return;
    const Decl *d = n->kind == N_DECL ? n->decl : NULL;
    if (d && d->ndecls == 0 && !d->defines_type && !(d->storage & SC_TYPEDEF) &&
        is_tag_kw(kind(c, d->spec_first)) && tag_after(c, d->spec_first) == d->spec_last - 1 &&
        new_name(c, d->spec_last - 1))
        for (int i = d->first; i < d->last; i++)
            c->flags[i - c->fn->first] |= F_MOVED;
    drop_forward(c, n->init);
    for (int i = 0; i < n->nkids; i++)
        drop_forward(c, n->kids[i]);
    drop_forward(c, n->body);
    drop_forward(c, n->els);
}

static int has_construct(const Node *n)
{
    if (!n)
        return 0;
    if (n->kind == N_CILK_FOR || n->kind == N_SCOPE)
        return 1;
    for (int i = 0; i < n->nkids; i++)
        if (has_construct(n->kids[i]))
            return 1;
    return has_construct(n->init) || has_construct(n->body) || has_construct(n->els);
}

/* `#line` for token t's line, then blanks up to column col (from 1). */
static void put_position(const Unit *u, Buf *b, const Token *t, int col)
{
    Emit e = {.u = u, .out = b};
    emit_line_directive(&e, t->line, tok_file(u, t));
    for (int k = 1; k < col; k++)
        buf_puts(b, " ");
}

static int same_file(const Token *a, const Token *b)
{
    return a->file == b->file || (a->file && b->file && strcmp(a->file, b->file) == 0);
}

/* After text written in place of token i (or after it): the next token,
 * if on i's line, keeps its column. */
static void keep_columns(const Ctx *c, Buf *b, int i)
{
    const Token *t = &c->u->toks[i], *next = &c->u->toks[i + 1];
    if (i + 1 < c->u->ntoks && next->line == t->line && same_file(t, next))
        put_position(c->u, b, t, t->col + t->len);
}

/* The definition as text at file scope, with its own names renamed. */
static void put_hoist(const Ctx *c, const Hoist *h, Buf *b)
{
    const Unit *u = c->u;
    put_position(u, b, &u->toks[h->first], u->toks[h->first].col);
    for (int i = h->first; i < h->last; i++) {
        const Token *t = &u->toks[i];
        if (i > h->first) {
            const Token *p = &u->toks[i - 1];
            buf_add(b, u->buf + p->off + p->len, (size_t)(t->off - p->off - p->len));
        }
        const char *name = new_name(c, i);
        if (name)
            buf_puts(b, name);
        else
            buf_add(b, u->buf + t->off, (size_t)t->len);
        if (i == h->first && h->anon)
            buf_printf(b, " %s", h->anon);
    }
    buf_puts(b, h->whole ? "\n" : ";\n");
}

static void rewrite_in_place(const Ctx *c, Splices *es)
{
    const Unit *u = c->u;
    for (int i = c->fn->first; i < c->fn->last; i++) {
        const Token *t = &u->toks[i];
        size_t off = (size_t)t->off, to = off + (size_t)t->len;
        if (c->flags[i - c->fn->first] & F_MOVED) {
            Buf *b = splice_at(es, off, to);
            for (int k = 0; k < t->len; k++)
                buf_add(b, u->buf[off + (size_t)k] == '\n' ? "\n" : " ", 1);
            continue;
        }
        const char *name = new_name(c, i);
        if (name) {
            Buf *b = splice_at(es, off, to);
            buf_puts(b, name);
            keep_columns(c, b, i);
        }
    }
    for (int k = 0; k < c->nhoists; k++)
        if (c->hoists[k].anon) {
            const Token *kw = &u->toks[c->hoists[k].first];
            size_t at = (size_t)kw->off + (size_t)kw->len;
            Buf *b = splice_at(es, at, at);
            buf_printf(b, " %s", c->hoists[k].anon);
            keep_columns(c, b, c->hoists[k].first);
        }
}

/* ---------------------------------------------------------------------
 * Arrays sized by their initializer
 *
 *   int a[] = {1, [5] = x, 2};     char s[] = "abc";
 *
 * get the size cc gives them, as a constant expression that names no
 * local, so that the frame's struct (or a capture) can hold them:
 *
 *   int a[sizeof((int []){1, [5] = 0, 2}) / sizeof(int)] = ...
 *
 * An element that names a local is written 0 (its value does not change
 * the count). Where the elements are not scalars (structs, arrays) and
 * one at the top level names a local, braces may be elided around it and
 * 0 could count differently: such an array keeps no size, and the
 * lowering refuses it (analysis.c).
 * --------------------------------------------------------------------- */

static int names_local_var(const Ctx *c, int first, int last)
{
    return scope_names_local(c->u, c->fn, first, last, SCOPE_ANY) >= 0;
}

/* Token i as the text at file scope: renamed if its type moved there. */
static void put_tok(const Ctx *c, Buf *b, int i)
{
    const char *name = new_name(c, i);
    if (name)
        buf_printf(b, " %s", name);
    else
        buf_printf(b, " %.*s", c->u->toks[i].len, c->u->buf + c->u->toks[i].off);
}

static void put_toks(const Ctx *c, Buf *b, int first, int last)
{
    for (int i = first; i < last; i++)
        put_tok(c, b, i);
}

/* The end of the initializer element that starts at i: the next `,` or
 * `}` outside brackets. */
static int element_end(const Ctx *c, int i)
{
    for (int depth = 0;; i++) {
        int k = kind(c, i);
        if (k == TK_EOF || (depth == 0 && (k == TK_COMMA || k == TK_RBRACE)))
            return i;
        depth += (k == TK_LPAREN || k == TK_LBRACKET || k == TK_LBRACE)   ? 1
                 : (k == TK_RPAREN || k == TK_RBRACKET || k == TK_RBRACE) ? -1
                                                                          : 0;
    }
}

/* The brace list at open, with each element that names a local as 0.
 * Returns 0 where the count could change: a designator names a local, or
 * an element at the top level does and scalar is 0. */
static int put_list(const Ctx *c, Buf *b, int open, int top, int scalar)
{
    int close = tok_match(c->u, open);
    buf_puts(b, " {");
    for (int i = open + 1; i < close;) {
        for (;;) { /* designators */
            int k = kind(c, i);
            int end = k == TK_LBRACKET ? tok_match(c->u, i) + 1
                      : k == TK_DOT    ? i + 2
                      : k == TK_ASSIGN ? i + 1
                                       : i;
            if (end == i)
                break;
            if (names_local_var(c, i, end))
                return 0;
            put_toks(c, b, i, end);
            i = end;
        }
        int end = kind(c, i) == TK_LBRACE ? tok_match(c->u, i) + 1 : element_end(c, i);
        if (kind(c, i) == TK_LBRACE) {
            if (!put_list(c, b, i, 0, scalar))
                return 0;
        } else if (names_local_var(c, i, end)) {
            if (top && !scalar)
                return 0;
            buf_puts(b, " 0");
        } else {
            put_toks(c, b, i, end);
        }
        i = end;
        if (kind(c, i) == TK_COMMA)
            put_tok(c, b, i++);
    }
    buf_puts(b, " }");
    return 1;
}

/* Does the type name at token i name a scalar or pointer type (a typedef
 * of one, without struct, union or array)? */
static int scalar_typedef(const Ctx *c, int i, int depth)
{
    const Sym *s = c->u->toks[i].sym;
    if (!s || s->kind != SYM_TYPEDEF || !s->decl || depth > 8)
        return 0;
    const Decl *d = s->decl->parent;
    for (int j = d->spec_first; j < d->spec_last; j++) {
        int k = kind(c, j);
        if (k == TK_STRUCT || k == TK_UNION || (is_name(k) && !scalar_typedef(c, j, depth + 1)))
            return 0;
    }
    for (int j = s->decl->first; j < s->decl->last; j++)
        if (kind(c, j) == TK_LBRACKET)
            return 0;
    return 1;
}

static int is_storage(int k)
{
    return k == TK_STATIC || k == TK_EXTERN || k == TK_REGISTER || k == TK_AUTO ||
           k == TK_TYPEDEF || k == TK_INLINE || k == TK_THREAD_LOCAL || k == TK_CILK;
}

/* The declarator's type as a type name: specifiers without storage class,
 * attributes or _Alignas, the declarator without its name and, for the
 * element type (element), without the `[...]` after the name. Returns 0 if
 * the elements may be structs or arrays (for put_list). */
static int put_type(const Ctx *c, Buf *b, const Declarator *dd, int element)
{
    const Decl *d = dd->parent;
    int scalar = 1;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        int k = kind(c, i);
        if (k == TK_ATTRIBUTE || k == TK_ALIGNAS) {
            i = tok_match(c->u, i + 1);
            continue;
        }
        if (is_storage(k) || (c->flags[i - c->fn->first] & F_MOVED))
            continue;
        scalar &= k != TK_STRUCT && k != TK_UNION && (!is_name(k) || scalar_typedef(c, i, 0));
        put_tok(c, b, i);
        for (int h = 0; h < c->nhoists; h++)
            if (c->hoists[h].first == i && c->hoists[h].anon)
                buf_printf(b, " %s", c->hoists[h].anon);
    }
    int close = element ? tok_match(c->u, dd->name + 1) : -1;
    for (int i = dd->first; i < dd->last; i++) {
        if (i == dd->name || (element && i > dd->name && i <= close))
            continue;
        scalar &= i < dd->name || kind(c, i) != TK_LBRACKET || i == dd->name + 1;
        put_tok(c, b, i);
    }
    return scalar;
}

/* Give the array dd a size if it has none (`[]`) and an initializer.
 * Returns 1 if it did. */
static int size_array(const Ctx *c, const Declarator *dd, Splices *es)
{
    const Unit *u = c->u;
    int open = dd->name + 1, first = dd->init_first;
    if (dd->name < 0 || kind(c, open) != TK_LBRACKET || kind(c, open + 1) != TK_RBRACKET ||
        first < 0 || dd->parent->reducer >= 0 || !sym_is_auto(dd->sym))
        return 0;
    int string = kind(c, first) == TK_STRING;
    if (!string && kind(c, first) != TK_LBRACE)
        return 0;
    Buf b = {0};
    buf_puts(&b, "sizeof((");
    int scalar = put_type(c, &b, dd, 0);
    buf_puts(&b, ")");
    int ok = 1;
    if (string) {
        buf_puts(&b, " {");
        put_toks(c, &b, first, dd->init_last);
        buf_puts(&b, " }");
    } else {
        ok = put_list(c, &b, first, 1, scalar);
    }
    buf_puts(&b, ") / sizeof(");
    put_type(c, &b, dd, 1);
    buf_puts(&b, ")");
    if (!ok) {
        buf_free(&b);
        return 0;
    }
    size_t at = (size_t)u->toks[open].off + (size_t)u->toks[open].len;
    keep_columns(c, &b, open);
    *splice_at(es, at, at) = b;
    return 1;
}

/* ---------------------------------------------------------------------
 * Variable-length arrays
 *
 * In a parallel function (or one holding a cilk_for or cilk_scope, whose
 * body may use it) a variable-length array becomes storage from alloca
 * (in every mode, so that every mode accepts the same programs), which continuation mode makes
 * frame-owned (it moves with a stolen frame, as the frame's fields do)
 * and child mode leaves on the C stack, alive until the implicit sync;
 * the variable becomes a pointer to its first element, and its size is
 * kept for sizeof:
 *
 *   double v[n];
 *
 * becomes
 *
 *   unsigned long cilkc_vla_FN_N; double (*v) = __builtin_alloca(sizeof(double) *
 *                                            (cilkc_vla_FN_N = (n)));
 *
 * and `sizeof v` becomes `(sizeof(double) * cilkc_vla_FN_N)`. Only the
 * first dimension may name a local (`int m[n][4]` becomes `int (*m)[4]`).
 * The storage lives until the function returns, not until its block
 * ends: an array declared inside a loop, or in a function with goto
 * (which may run its declaration again), stays a variable-length array,
 * and so does one whose address is taken or whose type is taken
 * (`&v`, `typeof(v)`): the lowering refuses those (analysis.c).
 * --------------------------------------------------------------------- */

static int names_auto(const Ctx *c, int first, int last)
{
    return scope_names_local(c->u, c->fn, first, last, SCOPE_AUTO) >= 0;
}

/* Is the use of s at token i one that needs its array type: &v,
 * typeof(v)? sizeof v is rewritten; any other use decays to a pointer. */
static int needs_array_type(const Ctx *c, int i)
{
    int before = i - 1;
    while (kind(c, before) == TK_LPAREN)
        before--;
    int k = kind(c, before), next = kind(c, i + 1);
    return (k == TK_AMP && next != TK_LBRACKET && next != TK_DOT && next != TK_ARROW) ||
           k == TK_TYPEOF || k == TK_ALIGNOF;
}

/* sizeof v or sizeof(v) at token i (the sizeof), v the array: the last
 * token of the operand, or -1. */
static int sizeof_of(const Ctx *c, int i, const Sym *v)
{
    if (kind(c, i) != TK_SIZEOF)
        return -1;
    int paren = kind(c, i + 1) == TK_LPAREN;
    int name = i + 1 + paren;
    if (c->u->toks[name].sym != v)
        return -1;
    if (paren)
        return kind(c, name + 1) == TK_RPAREN ? name + 1 : -1;
    int k = kind(c, name + 1);
    return k == TK_LBRACKET || k == TK_DOT || k == TK_ARROW || k == TK_LPAREN || k == TK_INC ||
                   k == TK_DEC
               ? -1
               : name;
}

/* Make the variable-length array dd (declared in the function's body,
 * not in a loop) storage from alloca. Returns 1 if it did. */
static int alloca_vla(Ctx *c, const Declarator *dd, Splices *es)
{
    const Unit *u = c->u;
    const Decl *d = dd->parent;
    int open = dd->name + 1;
    if (dd->name < 0 || kind(c, open) != TK_LBRACKET || !sym_is_auto(dd->sym) ||
        dd->init_first >= 0 || d->reducer >= 0)
        return 0;
    int close = tok_match(u, open);
    if (!names_auto(c, open + 1, close) || names_auto(c, close + 1, dd->last) ||
        names_auto(c, dd->first, dd->name) || names_auto(c, d->spec_first, d->spec_last))
        return 0;
    for (int i = dd->name + 1; i < c->fn->last; i++)
        if (u->toks[i].sym == dd->sym && needs_array_type(c, i))
            return 0;
    Buf count = {0};
    buf_printf(&count, "cilkc_vla_%s_%d", c->fn->sym->name, ++*c->next);
    Buf *b = splice_at(es, (size_t)u->toks[d->first].off, (size_t)u->toks[d->first].off);
    buf_printf(b, "unsigned long %s;", count.data);
    put_position(u, b, &u->toks[d->first], u->toks[d->first].col);
    b = splice_at(es, (size_t)u->toks[dd->name].off,
                  (size_t)(u->toks[dd->name].off + u->toks[dd->name].len));
    buf_printf(b, "(*%.*s)", u->toks[dd->name].len, u->buf + u->toks[dd->name].off);
    keep_columns(c, b, dd->name);
    for (int i = open; i <= close; i++) /* blanked by rewrite_in_place */
        c->flags[i - c->fn->first] |= F_MOVED;
    size_t end = (size_t)(u->toks[dd->last - 1].off + u->toks[dd->last - 1].len);
    b = splice_at(es, end, end);
    buf_puts(b, " = __builtin_alloca(sizeof(");
    put_type(c, b, dd, 1);
    buf_printf(b, ") * (%s = (", count.data);
    put_toks(c, b, open + 1, close);
    buf_puts(b, ")))");
    keep_columns(c, b, dd->last - 1);
    for (int i = dd->name + 1; i < c->fn->last; i++) {
        int last = sizeof_of(c, i, dd->sym);
        if (last < 0)
            continue;
        b = splice_at(es, (size_t)u->toks[i].off, (size_t)(u->toks[last].off + u->toks[last].len));
        buf_puts(b, "(sizeof(");
        put_type(c, b, dd, 1);
        buf_printf(b, ") * %s)", count.data);
        keep_columns(c, b, last);
        i = last;
    }
    buf_free(&count);
    return 1;
}

static int has_goto(const Ctx *c)
{
    for (int i = c->fn->first; i < c->fn->last; i++)
        if (kind(c, i) == TK_GOTO)
            return 1;
    return 0;
}

/* The arrays of n and below sized, and (vlas: not in a loop) their
 * variable-length arrays made alloca's; returns how many. */
static int size_arrays(Ctx *c, const Node *n, int vlas, Splices *es)
{
    if (!n)
        return 0;
    int sized = 0;
    if (n->kind == N_DECL && !(n->decl->storage & SC_TYPEDEF))
        for (int i = 0; i < n->decl->ndecls; i++)
            sized += size_array(c, n->decl->decls[i], es) ||
                     (vlas && alloca_vla(c, n->decl->decls[i], es));
    /* a cilk_for too: the serial elision runs its body as a loop's */
    if (n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_DO || n->kind == N_CILK_FOR)
        vlas = 0;
    sized += size_arrays(c, n->init, vlas, es);
    for (int i = 0; i < n->nkids; i++)
        sized += size_arrays(c, n->kids[i], vlas, es);
    return sized + size_arrays(c, n->body, vlas, es) + size_arrays(c, n->els, vlas, es);
}

static void free_ctx(Ctx *c)
{
    for (int k = 0; k < c->ntags; k++)
        free(c->tags[k].newname);
    for (int k = 0; k < c->nrenames; k++)
        free(c->renames[k].newname);
    for (int k = 0; k < c->nhoists; k++)
        free(c->hoists[k].anon);
    free(c->tags);
    free(c->renames);
    free(c->enums);
    free(c->hoists);
    free(c->flags);
}

/* fn's definitions in front of it, its arrays sized. Returns the number
 * of changes. */
static int hoist_func(const Unit *u, const Func *fn, int *next, Splices *es)
{
    if (!fn->is_parallel && !has_construct(fn->body))
        return 0;
    Ctx c = {.u = u, .fn = fn, .next = next};
    c.flags = xmalloc((size_t)(fn->last - fn->first));
    memset(c.flags, 0, (size_t)(fn->last - fn->first));
    find_names(&c);
    visit(&c, fn->body, fn->body->first, fn->body->last);
    c.vlas = !has_goto(&c);
    int n = c.nhoists, sized = size_arrays(&c, fn->body, c.vlas, es);
    if (n) {
        drop_forward(&c, fn->body);
        Buf before = {0};
        buf_puts(&before, "\n"); /* F may not start a line */
        for (int k = 0; k < n; k++)
            put_hoist(&c, &c.hoists[k], &before);
        put_position(u, &before, &u->toks[fn->first], u->toks[fn->first].col);
        *splice_at(es, fn->byte_first, fn->byte_first) = before;
    }
    if (n || sized)
        rewrite_in_place(&c, es);
    free_ctx(&c);
    return n + sized;
}

int localtypes_hoist(const Unit *u, Buf *out)
{
    Splices es = {NULL, 0};
    int next = 0, n = 0;
    for (int i = 0; i < u->nfuncs; i++)
        n += hoist_func(u, u->funcs[i], &next, &es);
    if (n)
        splice_apply(&es, u->buf, u->len, out);
    splice_free(&es);
    return n;
}
