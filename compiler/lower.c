/*
 * lower.c: parallel functions become plain C (DESIGN §3, §4).
 *
 * Everything outside parallel functions is copied byte for byte (only the
 * `cilk` marker is dropped). A parallel function FN becomes, in
 * continuation mode (docs/translation.md shows real output):
 *   - struct cilkc_locals_FN: one field per parameter and local, plus ret;
 *   - struct cilkc_frame_FN: the runtime's header, the destination pointer
 *     this invocation's spawn gave it, and the locals;
 *   - cilkc_fast_FN: the fast clone (locals are C locals, except those that
 *     must have one address for parent, child and thief: they live in the
 *     frame), push/call/pop at each spawn, sync is free;
 *   - cilkc_slow_FN: the slow clone, every local in the frame, resumed by a
 *     switch on the frame's entry index;
 *   - FN itself with its original signature: runs the fast clone behind a
 *     boundary on a worker, or hands the call to the pool from other threads;
 *   - cilkc_inlet_FN: stores or combines a stolen child's result.
 * In child mode FN's body becomes cilkc_body_FN, each spawn a task whose
 * typed thunk cilkc_thunk_FN_k calls the child with the arguments evaluated
 * by the parent. Types the front end does not compute are taken with
 * __typeof__ on the source text, with locals seen through
 * ((struct cilkc_locals_FN *)0) at file scope.
 */
#include "lower.h"

#include "arena.h"
#include "analysis.h"
#include "emit.h"
#include "tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { CLONE_FAST, CLONE_SLOW, CLONE_CHILD } Clone;

/* Leading parameters of a fast clone and of a child-mode body. */
#define FAST_EXTRA                                                                                 \
    "cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_parent, int cilkc_site, void *cilkc_dst"
#define CHILD_EXTRA "cilkrt_worker *cilkc_w"

typedef struct {
    Emit e;
    const Unit *u;
    StealMode mode;
    Diag *d;
    const Func *fn;
    const char *name;
    Clone clone;
    Analysis a;    /* facts about fn: spawn sites, where each local lives */
    int next_sync; /* slow clone: next resume index for a sync or return */
    int is_void;
    int is_main;
    const Sym **visible; /* fast clone: locals in scope, innermost last */
    int nvisible;
    int errors;
} Lower;

static void stmt(Lower *L, const Node *n);

static const Token *tok(const Lower *L, int i) { return &L->u->toks[i]; }

static int kind(const Lower *L, int i) { return tok_kind(L->u, i); }

static int matching(const Lower *L, int i) { return tok_match(L->u, i); }

/* Declaration text: names stay as written, whatever clone is being written. */
static void emit_plain(Lower *L, int first, int last)
{
    View v = L->e.view;
    L->e.view = VIEW_PLAIN;
    emit_range(&L->e, first, last);
    L->e.view = v;
}

static int site_of(const Lower *L, const Node *n) { return analysis_site(&L->a, n); }

/* ---------------------------------------------------------------------
 * Types as text
 * --------------------------------------------------------------------- */

static int is_storage_or_fnspec(int k)
{
    return k == TK_STATIC || k == TK_EXTERN || k == TK_REGISTER || k == TK_AUTO ||
           k == TK_TYPEDEF || k == TK_INLINE || k == TK_NORETURN || k == TK_THREAD_LOCAL ||
           k == TK_CILK;
}

/* Specifier tokens [first, last) as a type: storage classes and function
 * specifiers dropped, attributes dropped when !attrs, `const` dropped when
 * drop_const (a frame field is written by the runtime's code paths). */
static void emit_spec(Lower *L, int first, int last, int attrs, int drop_const)
{
    for (int i = first; i < last; i++) {
        int k = kind(L, i);
        if (k == TK_ATTRIBUTE && !attrs) {
            i = matching(L, i + 1);
            continue;
        }
        if (is_storage_or_fnspec(k) || (drop_const && k == TK_CONST))
            continue;
        emit_str(&L->e, " ");
        emit_plain(L, i, i + 1);
    }
}

/* Is token i a `const` qualifying the declared object itself (`* const p`)? */
static int top_const(const Lower *L, const Declarator *dd, int i)
{
    if (kind(L, i) != TK_CONST || i > dd->name)
        return 0;
    for (int j = i; j < dd->name; j++)
        if (kind(L, j) != TK_CONST && kind(L, j) != TK_VOLATILE && kind(L, j) != TK_RESTRICT)
            return 0;
    return 1;
}

/* The declarator dd with its name replaced by `name`; a parameter's array
 * or function type is adjusted to a pointer, as C adjusts it. The object's
 * own `const` goes: the frame copy and a spawn destination are written. */
static void emit_declarator_as(Lower *L, const Declarator *dd, const char *name, int adjust)
{
    for (int i = dd->first; i < dd->last; i++) {
        if (top_const(L, dd, i))
            continue;
        emit_str(&L->e, " ");
        if (i != dd->name) {
            emit_plain(L, i, i + 1);
            continue;
        }
        if (adjust && kind(L, i + 1) == TK_LBRACKET) {
            emit_fmt(&L->e, "(*%s)", name);
            i = matching(L, i + 1);
        } else if (adjust && kind(L, i + 1) == TK_LPAREN) {
            emit_fmt(&L->e, "(*%s)", name);
        } else {
            emit_str(&L->e, name);
        }
    }
}

/* Is the declarator just the name (so a `const` in the specifiers is the
 * object's own qualifier)? */
static int plain_declarator(const Declarator *dd) { return dd->last - dd->first == 1; }

/* One field of struct cilkc_locals_FN for local s. */
static void emit_local_field(Lower *L, const Sym *s)
{
    const Declarator *dd = s->decl;
    char name[300];
    snprintf(name, sizeof name, "%s_%d", s->name, s->index);
    emit_str(&L->e, "\n   ");
    emit_spec(L, dd->parent->spec_first, dd->parent->spec_last, 1, plain_declarator(dd));
    emit_declarator_as(L, dd, name, s->is_param);
    emit_str(&L->e, ";");
}

/* The function's declarator: the index of its name and of the ')' that
 * closes its parameter list. */
static int params_close(const Lower *L, const Func *fn)
{
    int name = fn->decl->decls[0]->name;
    return matching(L, name + 1);
}

/* The return type, declaring `name` (or abstract when name is ""). */
static void emit_return_type(Lower *L, const char *name)
{
    const Declarator *dd = L->fn->decl->decls[0];
    int close = params_close(L, L->fn);
    emit_spec(L, L->fn->decl->spec_first, L->fn->decl->spec_last, 0, 0);
    for (int i = dd->first; i < dd->last; i++) {
        if (i == dd->name) {
            emit_fmt(&L->e, " %s", name);
            i = close;
            continue;
        }
        emit_str(&L->e, " ");
        emit_plain(L, i, i + 1);
    }
}

static int return_is_void(const Lower *L)
{
    const Decl *d = L->fn->decl;
    const Declarator *dd = d->decls[0];
    int types = 0, is_void = 0;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        int k = kind(L, i);
        if (k == TK_ATTRIBUTE) {
            i = matching(L, i + 1);
            continue;
        }
        if (is_storage_or_fnspec(k) || k == TK_CONST || k == TK_VOLATILE || k == TK_EXTENSION)
            continue;
        types++;
        is_void = k == TK_VOID;
    }
    /* derivations outside name(params): a pointer to void is not void */
    int close = params_close(L, L->fn);
    for (int i = dd->first; i < dd->last; i++)
        if ((i < dd->name || i > close) && kind(L, i) != TK_LPAREN && kind(L, i) != TK_RPAREN)
            return 0;
    return types == 1 && is_void;
}

/* The function's declarator with a new name and extra leading parameters. */
/* A function declarator with a new name and extra leading parameters. */
static void emit_signature_of(Lower *L, const Declarator *dd, const char *name, const char *extra)
{
    int open = dd->name + 1;
    int close = matching(L, open);
    int empty = close == open + 1 || (close == open + 2 && kind(L, open + 1) == TK_VOID);
    for (int i = dd->first; i < dd->last; i++) {
        emit_str(&L->e, " ");
        if (i == dd->name) {
            emit_str(&L->e, name);
        } else if (i == open) {
            emit_fmt(&L->e, "(%s", extra);
            if (!empty) {
                emit_str(&L->e, ", ");
                emit_plain(L, open + 1, close);
            }
            emit_str(&L->e, ")");
            i = close;
        } else {
            emit_plain(L, i, i + 1);
        }
    }
}

static void emit_signature(Lower *L, const Func *fn, const char *name, const char *extra)
{
    emit_signature_of(L, fn->decl->decls[0], name, extra);
}

/* Specifiers of a clone: the original ones, with `inline`, `extern`,
 * `_Noreturn` and the cilk marker dropped, `static` kept. */
static void emit_clone_spec(Lower *L, const Func *fn)
{
    const Decl *d = fn->decl;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        int k = kind(L, i);
        if (k == TK_INLINE || k == TK_EXTERN || k == TK_NORETURN || k == TK_CILK)
            continue;
        emit_str(&L->e, " ");
        emit_plain(L, i, i + 1);
    }
}

/* ---------------------------------------------------------------------
 * Spawn sites
 * --------------------------------------------------------------------- */

static const Func *parallel_callee(const Lower *L, const Node *n)
{
    if (n->callee.last - n->callee.first != 1)
        return NULL;
    const Sym *s = tok(L, n->callee.first)->sym;
    if (s && s->kind == SYM_FUNC && s->def && s->def->is_parallel)
        return s->def;
    return NULL;
}

/* The local a `T x = spawn f();` declares, or NULL. */
static const Sym *declared_local(const Lower *L, const Node *n)
{
    int k = site_of(L, n);
    return k ? L->a.declared[k - 1] : NULL;
}

/* A function only declared here, with the `cilk` marker and a prototype:
 * if a parallel function of that name is linked in (continuation mode, from
 * another file), its fast clone is called directly; a weak reference tells
 * at run time. Without the marker the call goes through the function's
 * plain entry, which is just as correct but makes a boundary. */
static const Sym *marked_callee(const Lower *L, const Node *n)
{
    if (n->callee.last - n->callee.first != 1)
        return NULL;
    const Sym *s = tok(L, n->callee.first)->sym;
    if (!s || s->kind != SYM_FUNC || s->def || !s->decl || !s->decl->parent || s->decl->name < 0 ||
        kind(L, s->decl->name + 1) != TK_LPAREN)
        return NULL;
    const Decl *d = s->decl->parent;
    int marked = 0;
    for (int i = d->spec_first; i < d->spec_last; i++)
        marked |= kind(L, i) == TK_CILK;
    int open = s->decl->name + 1, close = matching(L, open);
    if (!marked || close == open + 1)
        return NULL;
    for (int i = open; i < close; i++)
        if (kind(L, i) == TK_ELLIPSIS)
            return NULL;
    return s;
}

/* The destination is a local variable by name: it has a frame field. */
static const Sym *dest_local(const Lower *L, const Node *n)
{
    const Sym *d = declared_local(L, n);
    if (d)
        return d;
    if (n->lv.last - n->lv.first != 1)
        return NULL;
    const Sym *s = tok(L, n->lv.first)->sym;
    return sym_is_auto(s) ? s : NULL;
}

/* Does the spawn's result go anywhere (`x = spawn`, `T x = spawn`)? */
static int has_dest(const Lower *L, const Node *n)
{
    return n->lv.last > n->lv.first || declared_local(L, n) != NULL;
}

/* The destination is a name at file scope (or a static local). */
static int dest_named(const Lower *L, const Node *n)
{
    if (n->lv.last - n->lv.first != 1)
        return 0;
    const Sym *s = tok(L, n->lv.first)->sym;
    return s && s->kind == SYM_VAR && !sym_is_auto(s);
}

/* A destination `BASE.m` or `BASE->m` is reached through BASE (its address,
 * or the pointer itself), so that a bit-field member, whose address cannot
 * be taken, works too. Returns the token index of `.`/`->`, or -1. */
static int dest_member(const Lower *L, const Node *n)
{
    int last = n->lv.last, first = n->lv.first;
    if (last - first < 3 || kind(L, last - 1) != TK_IDENT)
        return -1;
    int k = kind(L, first);
    if (k == TK_STAR || k == TK_AMP || k == TK_INC || k == TK_DEC || k == TK_SIZEOF ||
        k == TK_MINUS || k == TK_PLUS || k == TK_NOT || k == TK_TILDE)
        return -1;
    if (kind(L, last - 2) == TK_DOT || kind(L, last - 2) == TK_ARROW)
        return last - 2;
    return -1;
}

/* The pointer a pointer destination is reached through: &(LV), &(BASE)
 * or (BASE). */
static void emit_dest_pointer(Lower *L, const Node *n)
{
    const Sym *d = declared_local(L, n);
    if (d) {
        emit_str(&L->e, "&(");
        emit_local(&L->e, d);
        emit_str(&L->e, ")");
        return;
    }
    int m = dest_member(L, n);
    int end = m >= 0 ? m : n->lv.last;
    emit_str(&L->e, m >= 0 && kind(L, m) == TK_ARROW ? "((void)0, " : "&(");
    emit_range(&L->e, n->lv.first, end);
    emit_str(&L->e, ")");
}

/* What follows (*DST) to name the destination: "" or ".m". */
static void emit_dest_suffix(Lower *L, const Node *n)
{
    int m = dest_member(L, n);
    if (m >= 0) {
        emit_str(&L->e, ".");
        emit_tok_raw(&L->e, m + 1);
    }
}

static int dest_by_pointer(const Lower *L, const Node *n)
{
    return has_dest(L, n) && !dest_local(L, n) && !dest_named(L, n);
}

/* The spawn's assignment operator: "=" or a compound one. */
static const char *op_text(const Node *n) { return n->op ? tok_spelling(n->op) : "="; }

/* The call as written, for __typeof__. */
static void emit_call_text(Lower *L, const Node *n)
{
    emit_range(&L->e, n->call.first, n->call.last);
}

/* The call as run by a clone: a parallel callee by its fast clone or body. */
static int callee_is_name(const Node *n) { return n->callee.last - n->callee.first == 1; }

/* Evaluate the callee (unless it is a name) and the arguments into
 * temporaries, in the parent, before anything of the spawn is published:
 * a thief that takes the continuation must see their side effects (i++)
 * in the saved locals. */
static void emit_arg_temps(Lower *L, const Node *n)
{
    if (!callee_is_name(n)) {
        emit_str(&L->e, "__typeof__(((void)0, ");
        emit_range(&L->e, n->callee.first, n->callee.last);
        emit_str(&L->e, ")) cilkc_fn = (");
        emit_range(&L->e, n->callee.first, n->callee.last);
        emit_str(&L->e, "); ");
    }
    for (int i = 0; i < n->nargs; i++) {
        emit_str(&L->e, "__typeof__(((void)0, ");
        emit_range(&L->e, n->args[i].first, n->args[i].last);
        emit_fmt(&L->e, ")) cilkc_a%d = (", i);
        emit_range(&L->e, n->args[i].first, n->args[i].last);
        emit_str(&L->e, "); ");
    }
}

/* The call of a continuation-mode clone, on the temporaries; a parallel
 * callee by its fast clone. */
static void emit_call(Lower *L, const Node *n, int site, const char *frame)
{
    const Func *g = parallel_callee(L, n);
    const Sym *m = g ? NULL : marked_callee(L, n);
    if (m) {
        emit_fmt(&L->e, "(cilkc_fast_%s ? cilkc_fast_%s(cilkc_w, %s, %d, %s", m->name, m->name,
                 frame, site, dest_by_pointer(L, n) ? "(void *)cilkc_d" : "0");
        for (int i = 0; i < n->nargs; i++)
            emit_fmt(&L->e, ", cilkc_a%d", i);
        emit_fmt(&L->e, ") : %s(", m->name);
        for (int i = 0; i < n->nargs; i++)
            emit_fmt(&L->e, "%scilkc_a%d", i ? ", " : "", i);
        emit_str(&L->e, "))");
        return;
    }
    if (g) {
        emit_fmt(&L->e, "cilkc_fast_%s(cilkc_w, %s, %d, %s", g->sym->name, frame, site,
                 dest_by_pointer(L, n) ? "(void *)cilkc_d" : "0");
    } else {
        if (callee_is_name(n))
            emit_range(&L->e, n->callee.first, n->callee.last);
        else
            emit_str(&L->e, "cilkc_fn");
        emit_str(&L->e, "(");
    }
    for (int i = 0; i < n->nargs; i++)
        emit_fmt(&L->e, "%scilkc_a%d", g || i ? ", " : "", i);
    emit_str(&L->e, ")");
}

/* Where the child's result goes; `ptr` names the destination pointer of a
 * spawn whose destination is reached through one. */
static void emit_dest(Lower *L, const Node *n, const char *ptr)
{
    const Sym *s = dest_local(L, n);
    if (s) {
        emit_local(&L->e, s);
    } else if (dest_named(L, n)) {
        emit_range(&L->e, n->lv.first, n->lv.last);
    } else {
        emit_fmt(&L->e, "(*%s)", ptr);
        emit_dest_suffix(L, n);
    }
}

/* Save the locals the thief needs (fast clone): every visible local that
 * lives in a C variable. A local hidden by an inner one of the same name
 * was saved when it was hidden. */
static void emit_saves(Lower *L)
{
    for (int i = 0; i < L->nvisible; i++) {
        const Sym *s = L->visible[i];
        int hidden = 0;
        for (int j = i + 1; j < L->nvisible; j++)
            hidden |= strcmp(L->visible[j]->name, s->name) == 0;
        if (hidden || L->a.resident[s->index] || (s->is_param && !L->a.assigned[s->index]))
            continue;
        emit_str(&L->e, "cilkc_f->l.");
        emit_field(&L->e, s);
        emit_fmt(&L->e, " = %s; ", s->name);
    }
}

/* Allocate the fast clone's frame and store what never changes. */
static void emit_frame_setup(Lower *L)
{
    emit_fmt(&L->e,
             "cilkc_f = (struct cilkc_frame_%s *)cilkrt_frame_alloc(cilkc_w, sizeof *cilkc_f, "
             "&cilkc_desc_%s, cilkc_parent, cilkc_site); cilkc_f->cilkc_dst = cilkc_dst;",
             L->name, L->name);
    for (int i = 0; i < L->fn->nparams; i++) {
        const Sym *p = L->fn->params[i];
        if (L->a.resident[p->index] || !L->a.assigned[p->index]) {
            emit_str(&L->e, " cilkc_f->l.");
            emit_field(&L->e, p);
            emit_fmt(&L->e, " = %s;", p->name);
        }
    }
}

static void emit_ensure_frame(Lower *L)
{
    if (!L->a.lazy)
        return;
    emit_str(&L->e, "if (!cilkc_f) { ");
    emit_frame_setup(L);
    emit_str(&L->e, " } ");
}

static void emit_frame_free(Lower *L)
{
    if (L->a.uses_alloca)
        emit_str(&L->e, "if (cilkc_f->h.allocas) cilkrt_alloca_release(&cilkc_f->h); ");
    emit_str(&L->e, L->a.lazy ? "if (cilkc_f) cilkrt_frame_free(cilkc_w, &cilkc_f->h); "
                              : "cilkrt_frame_free(cilkc_w, &cilkc_f->h); ");
}

static void emit_dummy_return(Lower *L)
{
    if (L->is_void) {
        emit_str(&L->e, "return;");
        return;
    }
    emit_str(&L->e, "return (");
    emit_return_type(L, "");
    emit_str(&L->e, "){0};");
}

static void spawn_cont(Lower *L, const Node *n, int site)
{
    int slow = L->clone == CLONE_SLOW;
    const char *frame = slow ? "cilkc_h" : "&cilkc_f->h";
    int by_ptr = dest_by_pointer(L, n);
    emit_str(&L->e, "{ ");
    if (!slow)
        emit_ensure_frame(L);
    emit_str(&L->e, "{ ");
    /* The destination's address is taken by the parent before the child
     * runs; it travels with this child (not in a per-site frame slot: a
     * thief may spawn again at this site before this child returns). */
    if (by_ptr) {
        emit_str(&L->e, "__typeof__(");
        emit_dest_pointer(L, n);
        emit_str(&L->e, ") cilkc_d = ");
        emit_dest_pointer(L, n);
        emit_str(&L->e, "; ");
    }
    emit_arg_temps(L, n);
    if (!slow)
        emit_saves(L);
    emit_fmt(&L->e, "%s = %d; cilkrt_push(cilkc_w, %s); { ",
             slow ? "cilkc_h->entry" : "cilkc_f->h.entry", site, frame);
    if (has_dest(L, n)) {
        emit_str(&L->e, "__typeof__(");
        emit_call_text(L, n);
        emit_str(&L->e, ") cilkc_r = ");
    }
    emit_call(L, n, site, frame);
    emit_str(&L->e, "; if (!cilkrt_pop(cilkc_w)) { ");
    if (has_dest(L, n))
        emit_fmt(&L->e,
                 "struct { void *d; __typeof__(cilkc_r) v; } cilkc_res = { %s, cilkc_r }; "
                 "cilkrt_deliver(cilkc_w, %s, %d, &cilkc_res); ",
                 by_ptr ? "(void *)cilkc_d" : "0", frame, site);
    else
        emit_fmt(&L->e, "cilkrt_deliver(cilkc_w, %s, %d, 0); ", frame, site);
    if (slow)
        emit_str(&L->e, "return;");
    else
        emit_dummy_return(L);
    emit_str(&L->e, " } ");
    if (has_dest(L, n)) {
        int lock = slow && n->op && n->op != TK_ASSIGN;
        if (lock)
            emit_str(&L->e, "cilkrt_frame_lock(cilkc_h); ");
        emit_dest(L, n, "cilkc_d");
        emit_fmt(&L->e, " %s cilkc_r; ", op_text(n));
        if (lock)
            emit_str(&L->e, "cilkrt_frame_unlock(cilkc_h); ");
    }
    emit_str(&L->e, "} }");
    if (slow)
        emit_fmt(&L->e, " if (0) { cilkc_resume_%d:; }", site);
    emit_str(&L->e, " }");
}

static void spawn_child(Lower *L, const Node *n, int site)
{
    emit_fmt(&L->e,
             "{ struct cilkc_task_%s_%d *cilkc_t = (struct cilkc_task_%s_%d *)"
             "cilkrt_task_alloc(cilkc_w, sizeof *cilkc_t); cilkc_t->h.run = cilkc_thunk_%s_%d; ",
             L->name, site, L->name, site, L->name, site);
    if (!parallel_callee(L, n) &&
        !(n->callee.last - n->callee.first == 1 && tok(L, n->callee.first)->sym &&
          tok(L, n->callee.first)->sym->kind == SYM_FUNC)) {
        emit_str(&L->e, "cilkc_t->fn = ");
        emit_range(&L->e, n->callee.first, n->callee.last);
        emit_str(&L->e, "; ");
    }
    for (int i = 0; i < n->nargs; i++) {
        emit_fmt(&L->e, "cilkc_t->a%d = (", i);
        emit_range(&L->e, n->args[i].first, n->args[i].last);
        emit_str(&L->e, "); ");
    }
    if (has_dest(L, n)) {
        emit_str(&L->e, "cilkc_t->dst = ");
        emit_dest_pointer(L, n);
        emit_str(&L->e, "; ");
    }
    emit_str(&L->e, "cilkrt_task_spawn(cilkc_w, &cilkc_g, &cilkc_t->h); }");
}

static void spawn_stmt(Lower *L, const Node *n)
{
    int site = site_of(L, n);
    if (L->clone == CLONE_CHILD)
        spawn_child(L, n, site);
    else
        spawn_cont(L, n, site);
}

/* ---------------------------------------------------------------------
 * Statements
 * --------------------------------------------------------------------- */

static void emit_sync(Lower *L)
{
    switch (L->clone) {
    case CLONE_FAST:
        emit_str(&L->e, ";");
        break;
    case CLONE_SLOW: {
        int k = L->next_sync++;
        emit_fmt(&L->e,
                 "{ cilkc_h->entry = %d; if (!cilkrt_sync(cilkc_w, cilkc_h)) return; "
                 "if (0) { cilkc_resume_%d:; } }",
                 k, k);
        break;
    }
    case CLONE_CHILD:
        emit_str(&L->e, "cilkrt_group_sync(cilkc_w, &cilkc_g);");
        break;
    }
}

static void return_stmt(Lower *L, const Node *n)
{
    int has_e = n->e.last > n->e.first;
    emit_str(&L->e, "{ ");
    switch (L->clone) {
    case CLONE_FAST:
        if (L->is_void) {
            if (has_e) {
                emit_range(&L->e, n->e.first, n->e.last);
                emit_str(&L->e, "; ");
            }
            emit_frame_free(L);
            emit_str(&L->e, "return; }");
            return;
        }
        emit_return_type(L, "cilkc_r");
        emit_str(&L->e, " = (");
        emit_range(&L->e, n->e.first, n->e.last);
        emit_str(&L->e, "); ");
        emit_frame_free(L);
        emit_str(&L->e, "return cilkc_r; }");
        return;
    case CLONE_SLOW:
        emit_sync(L);
        if (has_e) {
            emit_str(&L->e, L->is_void ? " " : " cilkc_f->l.ret = (");
            emit_range(&L->e, n->e.first, n->e.last);
            emit_str(&L->e, L->is_void ? ";" : ");");
        }
        emit_str(&L->e, " goto cilkc_return; }");
        return;
    case CLONE_CHILD:
        emit_str(&L->e, "cilkrt_group_sync(cilkc_w, &cilkc_g); return ");
        emit_range(&L->e, n->e.first, n->e.last);
        emit_str(&L->e, "; }");
        return;
    }
}

/* Is local s a C variable in the clone being written (not a frame field)? */
static int in_c_variable(const Lower *L, const Sym *s)
{
    return L->clone == CLONE_CHILD || (L->clone == CLONE_FAST && !L->a.resident[s->index]);
}

static void push_visible(Lower *L, const Sym *s)
{
    L->visible = xrealloc(L->visible, sizeof *L->visible * (size_t)(L->nvisible + 1));
    L->visible[L->nvisible++] = s;
}

/* The initializer of a local that lives in the frame, as an assignment. */
static void init_assign(Lower *L, const Declarator *dd)
{
    const Sym *s = dd->sym;
    int brace = kind(L, dd->init_first) == TK_LBRACE;
    if (analysis_is_array(L->u, dd)) {
        emit_str(&L->e, "__builtin_memcpy(&");
        emit_local(&L->e, s);
        emit_str(&L->e, ", &(__typeof__(");
        emit_local(&L->e, s);
        emit_str(&L->e, "))");
        emit_str(&L->e, brace ? "" : "{");
        emit_range(&L->e, dd->init_first, dd->init_last);
        emit_str(&L->e, brace ? "" : "}");
        emit_str(&L->e, ", sizeof ");
        emit_local(&L->e, s);
        emit_str(&L->e, "); ");
        return;
    }
    emit_local(&L->e, s);
    if (brace) {
        emit_str(&L->e, " = (__typeof__(");
        emit_local(&L->e, s);
        emit_str(&L->e, "))");
    } else {
        emit_str(&L->e, " = (");
    }
    emit_range(&L->e, dd->init_first, dd->init_last);
    emit_str(&L->e, brace ? "; " : "); ");
}

/* Fast clone: a declaration of s hides the visible local of the same name,
 * which cannot change while hidden: save it now, the thief needs it. */
static void save_hidden(Lower *L, const Sym *s)
{
    if (L->clone != CLONE_FAST)
        return;
    for (int i = L->nvisible - 1; i >= 0; i--) {
        const Sym *v = L->visible[i];
        if (strcmp(v->name, s->name) != 0)
            continue;
        if (!L->a.resident[v->index]) {
            emit_ensure_frame(L);
            emit_str(&L->e, "cilkc_f->l.");
            emit_field(&L->e, v);
            emit_fmt(&L->e, " = %s; ", v->name);
        }
        return;
    }
}

/* A local declared as a C variable in this clone. */
static void declare_c_variable(Lower *L, const Decl *d, const Declarator *dd)
{
    const Sym *s = dd->sym;
    save_hidden(L, s);
    if (dd->spawn) {
        /* written by the spawn: a const local loses its const */
        emit_spec(L, d->spec_first, d->spec_last, 1, plain_declarator(dd));
        emit_declarator_as(L, dd, s->name, 0);
    } else {
        emit_range(&L->e, d->spec_first, d->spec_last);
        emit_str(&L->e, " ");
        emit_range(&L->e, dd->first, dd->last);
    }
    if (dd->init_first >= 0 && !dd->spawn) {
        emit_str(&L->e, " = ");
        emit_range(&L->e, dd->init_first, dd->init_last);
    } else if (L->clone == CLONE_FAST) {
        /* the spawn sites save every visible local: give it a value */
        emit_str(&L->e, " = {0}");
    }
    emit_str(&L->e, "; ");
    if (L->clone == CLONE_FAST)
        push_visible(L, s);
}

static void decl_stmt(Lower *L, const Decl *d)
{
    for (int i = 0; i < d->ndecls; i++) {
        const Declarator *dd = d->decls[i];
        const Sym *s = dd->sym;
        if (s && s->kind == SYM_VAR && (s->storage & SC_STATIC))
            continue; /* hoisted */
        if (!sym_is_auto(s)) {
            emit_range(&L->e, d->spec_first, d->spec_last);
            emit_str(&L->e, " ");
            emit_range(&L->e, dd->first, dd->last);
            emit_str(&L->e, "; ");
            continue;
        }
        if (in_c_variable(L, s))
            declare_c_variable(L, d, dd);
        else if (dd->init_first >= 0 && !dd->spawn)
            init_assign(L, dd);
        if (dd->spawn)
            spawn_stmt(L, dd->spawn);
    }
    if (d->ndecls == 0)
        emit_range(&L->e, d->first, d->last);
}

/* for (DECL; ...): the declaration as a comma expression when its locals
 * live in the frame. */
static void for_init(Lower *L, const Node *init)
{
    if (!init || init->kind == N_EMPTY) {
        emit_str(&L->e, ";");
        return;
    }
    if (init->kind != N_DECL) {
        emit_range(&L->e, init->first, init->last);
        return;
    }
    const Decl *d = init->decl;
    if (d->ndecls > 0 && in_c_variable(L, d->decls[0]->sym)) {
        emit_range(&L->e, d->first, d->last);
        for (int i = 0; i < d->ndecls; i++)
            if (L->clone == CLONE_FAST)
                push_visible(L, d->decls[i]->sym);
        return;
    }
    int first = 1;
    for (int i = 0; i < d->ndecls; i++) {
        const Declarator *dd = d->decls[i];
        if (dd->init_first < 0)
            continue;
        emit_str(&L->e, first ? "" : ", ");
        first = 0;
        emit_local(&L->e, dd->sym);
        emit_str(&L->e, " = (");
        emit_range(&L->e, dd->init_first, dd->init_last);
        emit_str(&L->e, ")");
    }
    emit_str(&L->e, ";");
}

static void block(Lower *L, const Node *n)
{
    int saved = L->nvisible;
    emit_str(&L->e, "{");
    for (int i = 0; i < n->nkids; i++)
        stmt(L, n->kids[i]);
    emit_str(&L->e, " }");
    L->nvisible = saved;
}

static void paren_expr(Lower *L, Range r)
{
    emit_str(&L->e, "(");
    emit_range(&L->e, r.first, r.last);
    emit_str(&L->e, ")");
}

/* Comments right before token i (input preprocessed with -C), so that a
 * `fall through` comment still precedes its case label for cc's
 * -Wimplicit-fallthrough. */
static void emit_comments_before(Lower *L, int i)
{
    if (i == 0)
        return;
    const Token *p = tok(L, i - 1), *t = tok(L, i);
    const char *s = L->u->buf + p->off + p->len, *end = L->u->buf + t->off;
    while (s < end) {
        const char *c = NULL;
        if (s + 1 < end && s[0] == '/' && s[1] == '*') {
            const char *e = s + 2;
            while (e + 1 < end && !(e[0] == '*' && e[1] == '/'))
                e++;
            c = e + 2 <= end ? e + 2 : end;
        }
        if (!c) {
            s++;
            continue;
        }
        emit_str(&L->e, " ");
        for (const char *q = s; q < c; q++)
            buf_add(L->e.out, *q == '\n' ? " " : q, 1);
        s = c;
    }
}

static void stmt(Lower *L, const Node *n)
{
    emit_line(&L->e, n->first);
    if (n->kind == N_CASE || n->kind == N_DEFAULT)
        emit_comments_before(L, n->first);
    switch (n->kind) {
    case N_BLOCK:
        block(L, n);
        break;
    case N_DECL:
        decl_stmt(L, n->decl);
        break;
    case N_EXPR:
    case N_ASM:
    case N_OTHER:
    case N_GOTO:
    case N_CONTINUE:
    case N_BREAK:
    case N_EMPTY:
        emit_range(&L->e, n->first, n->last);
        break;
    case N_IF:
        emit_str(&L->e, "if ");
        paren_expr(L, n->e);
        stmt(L, n->body);
        if (n->els) {
            emit_str(&L->e, " else ");
            stmt(L, n->els);
        }
        break;
    case N_SWITCH:
        emit_str(&L->e, "switch ");
        paren_expr(L, n->e);
        stmt(L, n->body);
        break;
    case N_CASE:
        emit_str(&L->e, "case ");
        emit_range(&L->e, n->e.first, n->e.last);
        if (n->e2.last > n->e2.first) {
            emit_str(&L->e, " ... ");
            emit_range(&L->e, n->e2.first, n->e2.last);
        }
        emit_str(&L->e, ":");
        stmt(L, n->body);
        break;
    case N_DEFAULT:
        emit_str(&L->e, "default:");
        stmt(L, n->body);
        break;
    case N_WHILE:
        emit_str(&L->e, "while ");
        paren_expr(L, n->e);
        stmt(L, n->body);
        break;
    case N_DO:
        emit_str(&L->e, "do ");
        stmt(L, n->body);
        emit_str(&L->e, " while ");
        paren_expr(L, n->e);
        emit_str(&L->e, ";");
        break;
    case N_FOR: {
        int saved = L->nvisible;
        if (n->init && n->init->kind == N_DECL)
            for (int i = 0; i < n->init->decl->ndecls; i++)
                if (sym_is_auto(n->init->decl->decls[i]->sym) &&
                    in_c_variable(L, n->init->decl->decls[i]->sym))
                    save_hidden(L, n->init->decl->decls[i]->sym);
        emit_str(&L->e, "for (");
        for_init(L, n->init);
        emit_str(&L->e, " ");
        emit_range(&L->e, n->e.first, n->e.last);
        emit_str(&L->e, "; ");
        emit_range(&L->e, n->e2.first, n->e2.last);
        emit_str(&L->e, ")");
        stmt(L, n->body);
        L->nvisible = saved;
        break;
    }
    case N_LABEL:
        emit_tok_raw(&L->e, n->label);
        emit_str(&L->e, ":;");
        if (n->body)
            stmt(L, n->body);
        break;
    case N_RETURN:
        return_stmt(L, n);
        break;
    case N_SPAWN:
        spawn_stmt(L, n);
        break;
    case N_SYNC:
        emit_sync(L);
        break;
    }
}

/* ---------------------------------------------------------------------
 * The pieces of a lowered function
 * --------------------------------------------------------------------- */

static void emit_prototype(Lower *L, const char *end)
{
    emit_line(&L->e, L->fn->first);
    const Decl *d = L->fn->decl;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        if (kind(L, i) == TK_CILK)
            continue;
        emit_str(&L->e, " ");
        emit_plain(L, i, i + 1);
    }
    emit_str(&L->e, " ");
    emit_plain(L, d->decls[0]->first, d->decls[0]->last);
    emit_str(&L->e, end);
}

static void emit_locals_struct(Lower *L)
{
    emit_fmt(&L->e, "struct cilkc_locals_%s {", L->name);
    int fields = 0;
    for (int i = 0; i < L->fn->nlocals; i++) {
        const Sym *s = L->fn->locals[i];
        if (!sym_is_auto(s) || !s->decl || L->a.in_expr[s->index])
            continue;
        emit_local_field(L, s);
        fields++;
    }
    if (!L->is_void) {
        emit_str(&L->e, "\n   ");
        emit_return_type(L, "ret");
        emit_str(&L->e, ";");
        fields++;
    }
    if (!fields)
        emit_str(&L->e, " char cilkc_unused;");
    emit_str(&L->e, " };\n");
}

/* A parallel callee defined later in the unit: declare its fast clone (or
 * child-mode body) now, after the user's own declaration of it. */
static void declare_callees(Lower *L)
{
    for (int k = 0; k < L->a.nspawns && L->mode == STEAL_CONTINUATION; k++) {
        const Sym *m = marked_callee(L, L->a.spawns[k]);
        int seen = 0;
        for (int j = 0; j < k && m; j++)
            seen |= marked_callee(L, L->a.spawns[j]) == m;
        if (!m || seen)
            continue;
        char name[300];
        snprintf(name, sizeof name, "cilkc_fast_%s", m->name);
        emit_str(&L->e, "extern");
        emit_spec(L, m->decl->parent->spec_first, m->decl->parent->spec_last, 0, 0);
        emit_signature_of(L, m->decl, name, FAST_EXTRA);
        emit_str(&L->e, " __attribute__((weak));\n");
    }
    for (int k = 0; k < L->a.nspawns; k++) {
        const Func *g = parallel_callee(L, L->a.spawns[k]);
        if (!g || g->first <= L->fn->first)
            continue;
        int seen = 0;
        for (int j = 0; j < k; j++)
            seen |= parallel_callee(L, L->a.spawns[j]) == g;
        if (seen)
            continue;
        char name[300];
        snprintf(name, sizeof name, "cilkc_%s_%s", L->mode == STEAL_CHILD ? "body" : "fast",
                 g->sym->name);
        emit_clone_spec(L, g);
        emit_signature(L, g, name, L->mode == STEAL_CHILD ? CHILD_EXTRA : FAST_EXTRA);
        emit_str(&L->e, ";\n");
    }
}

/* Declarations of functions and extern objects inside the body are
 * repeated at file scope: the generated file-scope code (inlets, task
 * types, thunks) names them too. */
static void hoist_declaration(Node *n, void *arg)
{
    Lower *L = arg;
    if (n->kind != N_DECL || n->decl->ndecls == 0)
        return;
    const Decl *d = n->decl;
    for (int i = 0; i < d->ndecls; i++) {
        const Sym *s = d->decls[i]->sym;
        if (!s || (s->kind != SYM_FUNC && !(s->storage & SC_EXTERN)))
            return;
    }
    emit_plain(L, d->first, d->last);
    emit_str(&L->e, "\n");
}

/* Static locals move to file scope, shared by the clones. */
static void hoist_statics(Lower *L)
{
    for (int i = 0; i < L->fn->nlocals; i++) {
        const Sym *s = L->fn->locals[i];
        if (s->kind != SYM_VAR || !(s->storage & SC_STATIC) || !s->decl)
            continue;
        const Declarator *dd = s->decl;
        char name[400];
        snprintf(name, sizeof name, "cilkc_static_%s_%s_%d", L->name, s->name, s->index);
        emit_str(&L->e, "static");
        emit_spec(L, dd->parent->spec_first, dd->parent->spec_last, 1, 0);
        emit_declarator_as(L, dd, name, 0);
        if (dd->init_first >= 0) {
            emit_str(&L->e, " = ");
            emit_range(&L->e, dd->init_first, dd->init_last);
        }
        emit_str(&L->e, ";\n");
    }
}

/* The frame, and the result a finished slow clone hands to its parent:
 * the value with the destination pointer its spawn gave it (NULL unless the
 * parent's destination is reached through a pointer). The parent reads it
 * as struct { void *d; __typeof__(call) v; }: the same layout. */
static void emit_frame_struct(Lower *L)
{
    emit_fmt(
        &L->e,
        "struct cilkc_frame_%s { cilkrt_frame h; void *cilkc_dst; struct cilkc_locals_%s l; };\n",
        L->name, L->name);
    if (L->is_void)
        return;
    emit_fmt(&L->e, "struct cilkc_result_%s { void *d;", L->name);
    emit_return_type(L, "v");
    emit_str(&L->e, "; };\n");
}

static void emit_fast_clone(Lower *L)
{
    L->clone = CLONE_FAST;
    L->e.view = VIEW_FAST;
    L->nvisible = 0;
    emit_clone_spec(L, L->fn);
    char name[300];
    snprintf(name, sizeof name, "cilkc_fast_%s", L->name);
    emit_signature(L, L->fn, name, FAST_EXTRA);
    emit_fmt(&L->e, "\n{ struct cilkc_frame_%s *cilkc_f", L->name);
    if (L->a.lazy) {
        emit_fmt(&L->e,
                 " = 0; (void)cilkc_parent; (void)cilkc_site; (void)cilkc_dst; "
                 "(void)&cilkc_desc_%s;",
                 L->name);
    } else {
        emit_str(&L->e, "; ");
        emit_frame_setup(L);
    }
    for (int i = 0; i < L->fn->nparams; i++)
        if (!L->a.resident[L->fn->params[i]->index])
            push_visible(L, L->fn->params[i]);
    L->e.file = NULL;
    block(L, L->fn->body);
    emit_str(&L->e, "\n");
    emit_frame_free(L);
    emit_dummy_return(L);
    emit_str(&L->e, " }\n");
}

static void emit_slow_clone(Lower *L)
{
    L->clone = CLONE_SLOW;
    L->e.view = VIEW_SLOW;
    L->next_sync = L->a.nspawns + 1;
    /* The body first, into its own buffer: the entry switch lists every
     * resume label, and syncs are numbered as they are written. */
    Buf body = {0};
    Buf *out = L->e.out;
    L->e.out = &body;
    L->e.file = NULL;
    block(L, L->fn->body);
    int end = L->next_sync++;
    emit_fmt(&L->e,
             "\ncilkc_h->entry = %d; if (!cilkrt_sync(cilkc_w, cilkc_h)) return; "
             "if (0) { cilkc_resume_%d:; }",
             end, end);
    if (L->is_main)
        emit_str(&L->e, " cilkc_f->l.ret = 0;");
    emit_str(&L->e, " goto cilkc_return;\ncilkc_return: ");
    if (L->is_void)
        emit_str(&L->e, "cilkrt_slow_return(cilkc_w, cilkc_h, 0);");
    else
        emit_fmt(&L->e,
                 "{ struct cilkc_result_%s cilkc_res = { cilkc_f->cilkc_dst, cilkc_f->l.ret }; "
                 "cilkrt_slow_return(cilkc_w, cilkc_h, &cilkc_res); }",
                 L->name);
    L->e.out = out;
    emit_fmt(&L->e,
             "static void cilkc_slow_%s(cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_h)\n"
             "{ struct cilkc_frame_%s *cilkc_f = (struct cilkc_frame_%s *)cilkc_h; (void)cilkc_f;\n"
             "  switch (cilkc_h->entry) {",
             L->name, L->name, L->name);
    for (int k = 1; k < L->next_sync; k++)
        emit_fmt(&L->e, " case %d: goto cilkc_resume_%d;", k, k);
    emit_str(&L->e, " default: break; }\n");
    buf_add(L->e.out, body.data, body.len);
    buf_free(&body);
    emit_str(&L->e, " }\n");
}

static void emit_inlet(Lower *L)
{
    emit_fmt(&L->e,
             "static void cilkc_inlet_%s(cilkrt_frame *cilkc_h, int cilkc_site, void *cilkc_v)\n"
             "{ struct cilkc_frame_%s *cilkc_f = (struct cilkc_frame_%s *)cilkc_h; (void)cilkc_f; "
             "(void)cilkc_v;\n  switch (cilkc_site) {",
             L->name, L->name, L->name);
    for (int k = 1; k <= L->a.nspawns; k++) {
        const Node *n = L->a.spawns[k - 1];
        if (!has_dest(L, n))
            continue;
        emit_fmt(&L->e, "\n  case %d: { struct { void *d; __typeof__(", k);
        L->e.view = VIEW_TYPEOF;
        emit_call_text(L, n);
        emit_str(&L->e, ") v; } *cilkc_p = cilkc_v; ");
        if (dest_by_pointer(L, n)) {
            emit_str(&L->e, "__typeof__(");
            emit_dest_pointer(L, n);
            emit_str(&L->e, ") cilkc_d = cilkc_p->d; ");
        }
        L->e.view = VIEW_SLOW;
        emit_dest(L, n, "cilkc_d");
        emit_fmt(&L->e, " %s cilkc_p->v; } break;", op_text(n));
    }
    emit_str(&L->e, "\n  default: break; } }\n");
}

/* Assign the parameters into a locals struct named `a` (. or ->). */
static void emit_param_list(Lower *L, const char *prefix)
{
    for (int i = 0; i < L->fn->nparams; i++) {
        emit_fmt(&L->e, "%s%s", i ? ", " : "", prefix);
        if (*prefix)
            emit_field(&L->e, L->fn->params[i]);
        else
            emit_str(&L->e, L->fn->params[i]->name);
    }
}

static void emit_root_thunk(Lower *L)
{
    emit_fmt(
        &L->e,
        "static void cilkc_root_%s(cilkrt_worker *cilkc_w, void *cilkc_p)\n"
        "{ struct cilkc_locals_%s *cilkc_a = (struct cilkc_locals_%s *)cilkc_p; (void)cilkc_w; "
        "(void)cilkc_a;\n  ",
        L->name, L->name, L->name);
    if (!L->is_void)
        emit_str(&L->e, "cilkc_a->ret = ");
    emit_fmt(&L->e, "%s(", L->name);
    emit_param_list(L, "cilkc_a->");
    emit_str(&L->e, "); }\n");
}

/* The original signature: from a thread that is not a worker, hand the
 * call to the pool; on a worker, run the body (behind a boundary in
 * continuation mode). */
static void emit_entry(Lower *L)
{
    emit_prototype(L, "");
    emit_fmt(&L->e,
             "\n{ cilkrt_worker *cilkc_w = cilkrt_self();\n"
             "  if (!cilkc_w) { struct cilkc_locals_%s cilkc_a;",
             L->name);
    for (int i = 0; i < L->fn->nparams; i++) {
        emit_str(&L->e, " cilkc_a.");
        emit_field(&L->e, L->fn->params[i]);
        emit_fmt(&L->e, " = %s;", L->fn->params[i]->name);
    }
    emit_fmt(&L->e, " cilkrt_root_call(cilkc_root_%s, &cilkc_a); return%s; }\n  ", L->name,
             L->is_void ? "" : " cilkc_a.ret");
    if (L->mode == STEAL_CHILD) {
        emit_fmt(&L->e, "return cilkc_body_%s(cilkc_w", L->name);
        if (L->fn->nparams)
            emit_str(&L->e, ", ");
        emit_param_list(L, "");
        emit_str(&L->e, "); }\n");
        return;
    }
    if (!L->is_void) {
        emit_return_type(L, "cilkc_r");
        emit_fmt(&L->e, "; struct cilkc_result_%s cilkc_rb;", L->name);
    }
    emit_fmt(&L->e, " cilkrt_boundary cilkc_b; cilkrt_boundary_enter(cilkc_w, &cilkc_b, %s);\n  ",
             L->is_void ? "0, 0" : "&cilkc_rb, sizeof cilkc_rb");
    emit_fmt(&L->e, "%scilkc_fast_%s(cilkc_w, &cilkc_b.frame, 0, 0",
             L->is_void ? "" : "cilkc_r = ", L->name);
    if (L->fn->nparams)
        emit_str(&L->e, ", ");
    emit_param_list(L, "");
    emit_str(&L->e, ");\n  ");
    if (L->is_void)
        emit_str(&L->e, "cilkrt_boundary_leave(cilkc_w, &cilkc_b); }\n");
    else
        emit_str(&L->e, "if (cilkrt_boundary_leave(cilkc_w, &cilkc_b)) cilkc_r = cilkc_rb.v;\n"
                        "  return cilkc_r; }\n");
}

static void lower_continuation(Lower *L)
{
    emit_frame_struct(L);
    emit_fmt(
        &L->e,
        "static void cilkc_slow_%s(cilkrt_worker *, cilkrt_frame *);\n"
        "static void cilkc_inlet_%s(cilkrt_frame *, int, void *);\n"
        "static const cilkrt_desc cilkc_desc_%s = { cilkc_slow_%s, cilkc_inlet_%s, \"%s\" };\n",
        L->name, L->name, L->name, L->name, L->name, L->name);
    emit_fast_clone(L);
    emit_slow_clone(L);
    emit_root_thunk(L);
    emit_entry(L);
    emit_inlet(L);
}

/* Child mode: one task type and thunk per spawn site. */
static void emit_task_struct(Lower *L, const Node *n, int k)
{
    L->e.view = VIEW_TYPEOF;
    emit_fmt(&L->e, "struct cilkc_task_%s_%d { cilkrt_task h;", L->name, k);
    const Sym *callee = n->callee.last - n->callee.first == 1 ? tok(L, n->callee.first)->sym : NULL;
    if (!(callee && callee->kind == SYM_FUNC)) {
        emit_str(&L->e, " __typeof__(((void)0, ");
        emit_range(&L->e, n->callee.first, n->callee.last);
        emit_str(&L->e, ")) fn;");
    }
    for (int i = 0; i < n->nargs; i++) {
        emit_str(&L->e, " __typeof__(((void)0, ");
        emit_range(&L->e, n->args[i].first, n->args[i].last);
        emit_fmt(&L->e, ")) a%d;", i);
    }
    if (has_dest(L, n)) {
        emit_str(&L->e, " __typeof__(");
        emit_dest_pointer(L, n);
        emit_str(&L->e, ") dst;");
    }
    emit_fmt(&L->e, " };\nstatic void cilkc_thunk_%s_%d(cilkrt_worker *, cilkrt_task *);\n",
             L->name, k);
}

static void emit_thunk(Lower *L, const Node *n, int k)
{
    emit_fmt(&L->e,
             "static void cilkc_thunk_%s_%d(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)\n"
             "{ struct cilkc_task_%s_%d *cilkc_t = (struct cilkc_task_%s_%d *)cilkc_h; "
             "(void)cilkc_w;\n  ",
             L->name, k, L->name, k, L->name, k);
    L->e.view = VIEW_TYPEOF;
    if (has_dest(L, n)) {
        emit_str(&L->e, "__typeof__(");
        emit_call_text(L, n);
        emit_str(&L->e, ") cilkc_r = ");
    }
    const Func *g = parallel_callee(L, n);
    const Sym *callee = n->callee.last - n->callee.first == 1 ? tok(L, n->callee.first)->sym : NULL;
    if (g)
        emit_fmt(&L->e, "cilkc_body_%s(cilkc_w%s", g->sym->name, n->nargs ? ", " : "");
    else if (callee && callee->kind == SYM_FUNC)
        emit_fmt(&L->e, "%s(", callee->name);
    else
        emit_str(&L->e, "cilkc_t->fn(");
    for (int i = 0; i < n->nargs; i++)
        emit_fmt(&L->e, "%scilkc_t->a%d", i ? ", " : "", i);
    emit_str(&L->e, ");");
    if (has_dest(L, n)) {
        int lock = n->op && n->op != TK_ASSIGN;
        if (lock)
            emit_str(&L->e, " cilkrt_group_lock(cilkc_h->group);");
        emit_str(&L->e, " (*cilkc_t->dst)");
        emit_dest_suffix(L, n);
        emit_fmt(&L->e, " %s cilkc_r;", op_text(n));
        if (lock)
            emit_str(&L->e, " cilkrt_group_unlock(cilkc_h->group);");
    }
    emit_str(&L->e, " }\n");
}

static void emit_child_body(Lower *L)
{
    L->clone = CLONE_CHILD;
    L->e.view = VIEW_PLAIN;
    emit_clone_spec(L, L->fn);
    char name[300];
    snprintf(name, sizeof name, "cilkc_body_%s", L->name);
    emit_signature(L, L->fn, name, CHILD_EXTRA);
    emit_str(&L->e, "\n{ cilkrt_group cilkc_g; cilkrt_group_init(cilkc_w, &cilkc_g);");
    L->e.file = NULL;
    block(L, L->fn->body);
    emit_str(&L->e, "\ncilkrt_group_sync(cilkc_w, &cilkc_g);");
    if (L->is_main)
        emit_str(&L->e, " return 0;");
    emit_str(&L->e, " }\n");
}

static void lower_child(Lower *L)
{
    for (int k = 1; k <= L->a.nspawns; k++)
        emit_task_struct(L, L->a.spawns[k - 1], k);
    emit_child_body(L);
    for (int k = 1; k <= L->a.nspawns; k++)
        emit_thunk(L, L->a.spawns[k - 1], k);
    emit_root_thunk(L);
    emit_entry(L);
}

static void lower_func(Lower *L, const Func *fn)
{
    L->fn = fn;
    L->name = fn->sym->name;
    L->nvisible = 0;
    L->is_main = strcmp(L->name, "main") == 0;
    int errors = analyze_func(L->u, fn, L->d, &L->a);
    L->errors += errors;
    if (errors) {
        analysis_free(&L->a);
        return;
    }
    L->is_void = return_is_void(L);
    L->e.fn = L->name;
    L->e.resident = L->a.resident;
    L->e.in_expr = L->a.in_expr;
    L->e.view = VIEW_PLAIN;
    L->e.file = NULL;
    emit_prototype(L, ";\n");
    declare_callees(L);
    hoist_statics(L);
    analysis_walk(fn->body, hoist_declaration, L);
    emit_locals_struct(L);
    if (L->mode == STEAL_CHILD)
        lower_child(L);
    else
        lower_continuation(L);
    analysis_free(&L->a);
}

/* ---------------------------------------------------------------------
 * The unit: splice bytes, rewrite parallel functions
 * --------------------------------------------------------------------- */

static int dropped_everywhere(const Lower *L, int k)
{
    return k == TK_CILK || (L->mode == STEAL_SERIAL && (k == TK_SPAWN || k == TK_SYNC));
}

/* Copy input bytes [from, to), dropping the cilkc words that have no
 * meaning there (always `cilk`; in serial mode also spawn and sync). */
static void copy_bytes(Lower *L, size_t from, size_t to, int *t)
{
    const Unit *u = L->u;
    while (*t < u->ntoks && (size_t)u->toks[*t].off < from)
        (*t)++;
    for (; *t < u->ntoks && (size_t)u->toks[*t].off < to; (*t)++) {
        const Token *tk = &u->toks[*t];
        if (!dropped_everywhere(L, tk->kind))
            continue;
        buf_add(L->e.out, u->buf + from, (size_t)tk->off - from);
        buf_add(L->e.out, " ", 1);
        from = (size_t)(tk->off + tk->len);
    }
    buf_add(L->e.out, u->buf + from, to - from);
}

/* The bytes after a rewritten function are the input's again. */
static void resume_position(Lower *L, const Func *fn)
{
    const Token *last = &L->u->toks[fn->last - 1];
    emit_line_directive(&L->e, last->line, last->file ? last->file : L->u->name);
}

int lower_unit(const Unit *u, StealMode mode, Diag *d, Buf *out)
{
    Lower L = {0};
    L.u = u;
    L.mode = mode;
    L.d = d;
    L.e.u = u;
    L.e.out = out;
    int any = 0;
    for (int i = 0; i < u->nfuncs; i++)
        any |= u->funcs[i]->is_parallel;
    if (mode != STEAL_SERIAL && any) {
        buf_puts(out, "#include <cilkrt_abi.h>\n");
        if (u->len == 0 || u->buf[0] != '#')
            emit_line_directive(&L.e, 1, u->name);
    }
    size_t pos = 0;
    int t = 0;
    for (int i = 0; i < u->nfuncs && mode != STEAL_SERIAL; i++) {
        const Func *fn = u->funcs[i];
        if (!fn->is_parallel)
            continue;
        copy_bytes(&L, pos, (size_t)fn->byte_first, &t);
        lower_func(&L, fn);
        resume_position(&L, fn);
        pos = (size_t)fn->byte_last;
    }
    copy_bytes(&L, pos, u->len, &t);
    free(L.visible);
    return L.errors;
}
