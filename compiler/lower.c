/*
 * lower.c: parallel functions become plain C (DESIGN §3, §4): the driver
 * and the part both steal modes share.
 *
 * Everything outside parallel functions is copied byte for byte (only the
 * `cilk` marker is dropped). A parallel function FN becomes, in either
 * mode (docs/translation.md shows real output):
 *   - struct cilkc_locals_FN: one field per parameter and local, plus ret;
 *   - its mode's pieces: two clones, an inlet and a frame type in
 *     continuation mode (lower_cont.c), a body, task types and thunks in
 *     child mode (lower_child.c);
 *   - cilkc_root_FN, the thunk the pool runs when FN is called from a
 *     thread that is not a worker;
 *   - FN itself with its original signature.
 * The statement walker here copies a body for the clone being written
 * (L->clone) and leaves spawn, sync and return to the mode's file. Types
 * the front end does not compute are written from the source text
 * (lower_types.c) or taken with __typeof__ on it, with locals seen
 * through ((struct cilkc_locals_FN *)0) at file scope. The serial
 * elision copies every function, deleting words (lower_serial.c).
 */
#include "lower_impl.h"

#include "arena.h"
#include "tokens.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void stmt(Lower *L, const Node *n);

static const Token *tok(const Lower *L, int i) { return &L->u->toks[i]; }

static int kind(const Lower *L, int i) { return tok_kind(L->u, i); }

static int site_of(const Lower *L, const Node *n) { return analysis_site(&L->a, n); }

/* One field of struct cilkc_locals_FN for local s. */
static void emit_local_field(Lower *L, const Sym *s)
{
    const Declarator *dd = s->decl;
    Buf name = {0};
    buf_printf(&name, "%s_%d", s->name, s->index);
    emit_str(&L->e, "\n   ");
    lower_spec(L, dd->parent->spec_first, dd->parent->spec_last, 1, lower_plain_declarator(dd));
    lower_declarator_as(L, dd, name.data, s->is_param);
    emit_str(&L->e, ";");
    buf_free(&name);
}

/* ---------------------------------------------------------------------
 * Spawn sites
 * --------------------------------------------------------------------- */

const Func *lower_parallel_callee(const Lower *L, const Node *n)
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
int lower_has_dest(const Lower *L, const Node *n)
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

/* Is spawn n's destination a member (`BASE.m`, `BASE->m`)? A bit-field
 * member shares its memory location with its neighbours, so two spawns'
 * stores into one struct are read-modify-writes of one word: where they
 * can run at once (a thunk, a slow clone beside a delivering child) they
 * store under the invocation's lock, like op=. */
int lower_dest_is_member(const Lower *L, const Node *n)
{
    return lower_has_dest(L, n) && dest_member(L, n) >= 0;
}

/* The pointer a pointer destination is reached through: &(LV), &(BASE)
 * or (BASE). */
void lower_dest_pointer(Lower *L, const Node *n)
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
void lower_dest_suffix(Lower *L, const Node *n)
{
    int m = dest_member(L, n);
    if (m >= 0) {
        emit_str(&L->e, ".");
        emit_tok_raw(&L->e, m + 1);
    }
}

int lower_dest_by_pointer(const Lower *L, const Node *n)
{
    return lower_has_dest(L, n) && !dest_local(L, n) && !dest_named(L, n);
}

/* The spawn's assignment operator: "=" or a compound one. */
static const char *lower_op_text(const Node *n) { return n->op ? tok_spelling(n->op) : "="; }

/* The operator of the store of spawn n's result, blank-separated, written
 * at the user's place for it (the declarator's `=` in `T x = spawn f()`):
 * cc's messages about the store (a result of the wrong type) point at it,
 * as in the elision, in each generated function that stores. */
void lower_op(Lower *L, const Node *n)
{
    const Sym *d = declared_local(L, n);
    int i = -1;
    if (d && d->decl && d->decl->init_first > 0)
        i = d->decl->init_first - 1;
    else if (!d && n->lv.last > n->lv.first)
        i = n->lv.last;
    emit_str(&L->e, " ");
    if (i >= 0 && i < L->u->ntoks && kind(L, i) == (n->op ? n->op : TK_ASSIGN))
        emit_range(&L->e, i, i + 1);
    else
        emit_str(&L->e, lower_op_text(n));
    emit_str(&L->e, " ");
}

/* The call as written, for __typeof__. */
void lower_call_text(Lower *L, const Node *n) { emit_range(&L->e, n->call.first, n->call.last); }

/* Is the callee a plain name (not an expression to evaluate first)? */
int lower_callee_is_name(const Node *n) { return n->callee.last - n->callee.first == 1; }

/* Evaluate the callee (unless it is a name) and the arguments into
 * temporaries cilkc_fn, cilkc_aN, in the parent, before anything of the
 * spawn is published: a thief that takes the continuation must see their
 * side effects (i++) in the saved locals (continuation mode), and a call
 * among them may spawn and push over a task slot taken earlier (child
 * mode). */
void lower_arg_temps(Lower *L, const Node *n)
{
    if (!lower_callee_is_name(n)) {
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

/* Where the child's result goes; `ptr` names the destination pointer of a
 * spawn whose destination is reached through one. */
void lower_dest(Lower *L, const Node *n, const char *ptr)
{
    const Sym *s = dest_local(L, n);
    if (s) {
        emit_local(&L->e, s);
    } else if (dest_named(L, n)) {
        emit_range(&L->e, n->lv.first, n->lv.last);
    } else {
        emit_fmt(&L->e, "(*%s)", ptr);
        lower_dest_suffix(L, n);
    }
}

/* ---------------------------------------------------------------------
 * Statements
 * --------------------------------------------------------------------- */

/* spawn, sync and return are the mode's: the clone being written says which. */
static void spawn_stmt(Lower *L, const Node *n)
{
    int site = site_of(L, n);
    if (L->clone == CLONE_CHILD)
        child_spawn(L, n, site);
    else
        cont_spawn(L, n, site);
}

static void sync_stmt(Lower *L)
{
    if (L->clone == CLONE_CHILD)
        child_sync(L);
    else
        cont_sync(L);
}

static void return_stmt(Lower *L, const Node *n)
{
    if (L->inlet_site) {
        /* an inlet's return leaves its body (lower_inlet_body) */
        if (n->e.last > n->e.first) {
            emit_str(&L->e, "{ (void)(");
            emit_range(&L->e, n->e.first, n->e.last);
            emit_str(&L->e, "); ");
        } else {
            emit_str(&L->e, "{ ");
        }
        emit_fmt(&L->e, "goto cilkc_inlet_end_%d; }", L->inlet_site);
    } else if (L->clone == CLONE_CHILD)
        child_return(L, n);
    else
        cont_return(L, n);
}

/* Is local s a C variable in the clone being written (not a frame field)? */
static int in_c_variable(const Lower *L, const Sym *s)
{
    return L->clone == CLONE_CHILD || (L->clone == CLONE_FAST && !L->a.resident[s->index]);
}

/* Fast clone: s is in scope until its block ends (lower_block forgets it
 * there); the spawns in between save it (lower_cont.c). */
void lower_push_visible(Lower *L, const Sym *s)
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
        emit_range(&L->e, dd->init_first, dd->init_last);
        emit_str(&L->e, "; ");
        return;
    }
    /* the user's own `=` and initializer where the user wrote them (an
     * initializer is an assignment expression: no parentheses needed), so
     * that cc's messages about the assignment point at them */
    emit_str(&L->e, " ");
    emit_range(&L->e, dd->init_first - 1, dd->init_last);
    emit_str(&L->e, "; ");
}

/* A local declared as a C variable in this clone. */
static void declare_c_variable(Lower *L, const Decl *d, const Declarator *dd)
{
    const Sym *s = dd->sym;
    if (L->clone == CLONE_FAST)
        cont_save_hidden(L, s);
    if (dd->spawn) {
        /* written by the spawn: a const local loses its const */
        lower_spec(L, d->spec_first, d->spec_last, 1, lower_plain_declarator(dd));
        lower_declarator_as(L, dd, s->name, 0);
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
        lower_push_visible(L, s);
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
                lower_push_visible(L, d->decls[i]->sym);
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

/* A block; the locals it declares leave the visible set at its end. */
void lower_block(Lower *L, const Node *n)
{
    int saved = L->nvisible;
    emit_str(&L->e, "{");
    lower_stmts(L, n, 0, n->nkids);
    emit_str(&L->e, " }");
    L->nvisible = saved;
}

void lower_stmts(Lower *L, const Node *n, int first, int last)
{
    for (int i = first; i < last; i++)
        stmt(L, n->kids[i]);
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
        emit_comment(&L->e, s, (size_t)(c - s));
        s = c;
    }
}

/* while, do, for (and cilk_for in the serial elision). The chain of
 * loops (L->loops) and the saves continuation mode hoists before a loop
 * come from cont_loop_enter. */
static void loop_stmt(Lower *L, const Node *n)
{
    LowerLoop lp;
    int braced = cont_loop_enter(L, n, &lp);
    if (n->kind == N_WHILE) {
        emit_str(&L->e, "while ");
        paren_expr(L, n->e);
        stmt(L, n->body);
    } else if (n->kind == N_DO) {
        emit_str(&L->e, "do ");
        stmt(L, n->body);
        emit_str(&L->e, " while ");
        paren_expr(L, n->e);
        emit_str(&L->e, ";");
    } else {
        int saved = L->nvisible;
        if (n->init && n->init->kind == N_DECL)
            for (int i = 0; i < n->init->decl->ndecls; i++)
                if (L->clone == CLONE_FAST && sym_is_auto(n->init->decl->decls[i]->sym) &&
                    in_c_variable(L, n->init->decl->decls[i]->sym))
                    cont_save_hidden(L, n->init->decl->decls[i]->sym);
        emit_str(&L->e, "for (");
        for_init(L, n->init);
        emit_str(&L->e, " ");
        emit_range(&L->e, n->e.first, n->e.last);
        emit_str(&L->e, "; ");
        emit_range(&L->e, n->e2.first, n->e2.last);
        emit_str(&L->e, ")");
        stmt(L, n->body);
        L->nvisible = saved;
    }
    cont_loop_leave(L, braced);
}

static void stmt(Lower *L, const Node *n)
{
    emit_line(&L->e, n->first);
    if (n->kind == N_CASE || n->kind == N_DEFAULT)
        emit_comments_before(L, n->first);
    int braced = cont_frame_before(L, n);
    switch (n->kind) {
    case N_BLOCK:
        lower_block(L, n);
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
    case N_DO:
        loop_stmt(L, n);
        break;
    /* never here: loops.c makes every cilk_scope a function and every
     * cilk_for calls of a helper first; the serial elision is copied as
     * bytes (serial_func) */
    case N_SCOPE:
    case N_CILK_FOR:
        stmt(L, n->body);
        break;
    case N_FOR:
        loop_stmt(L, n);
        break;
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
        spawn_stmt(L, n); /* with its sync, if it is a call (cont_spawn) */
        break;
    case N_SYNC:
        sync_stmt(L);
        break;
    case N_INLET:
        break; /* written where each of its calls' children returns */
    case N_ABORT:
        if (L->clone == CLONE_CHILD)
            child_abort(L);
        else
            cont_abort(L);
        break;
    }
    cont_frame_after(L, braced);
}

/* An inlet parameter gets its value: a C variable declared here in a
 * clone where it is one, else its frame field. */
static void bind_inlet_param(Lower *L, const Sym *p, const char *value)
{
    if (in_c_variable(L, p)) {
        lower_spec(L, p->decl->parent->spec_first, p->decl->parent->spec_last, 1, 0);
        lower_declarator_as(L, p->decl, p->name, 0);
    } else {
        emit_local(&L->e, p);
    }
    emit_fmt(&L->e, " = (%s); ", value);
}

/* The body of spawn n's inlet (Cilk-5), where the child's result is
 * `value` (the callee's result goes to the first parameter unless the
 * inlet has only the extra arguments), and extra argument i is EXTRAi.
 * A return in the body jumps to its end. The caller makes it atomic with
 * the procedure and its other inlets. */
void lower_inlet_body(Lower *L, const Node *n, int site, const char *value, const char *extra)
{
    const Node *in = n->inlet;
    int first = in->nparams - n->nextra;
    int saved = L->nvisible;
    emit_str(&L->e, "{ ");
    if (first == 1)
        bind_inlet_param(L, in->params[0], value);
    for (int i = 0; i < n->nextra; i++) {
        char *text = xmalloc(strlen(extra) + 16);
        sprintf(text, "%s%d", extra, i);
        bind_inlet_param(L, in->params[first + i], text);
        free(text);
    }
    L->inlet_site = site;
    stmt(L, in->body);
    L->inlet_site = 0;
    L->nvisible = saved;
    emit_fmt(&L->e, " cilkc_inlet_end_%d: __attribute__((unused)); }", site);
}

/* ---------------------------------------------------------------------
 * The pieces of a lowered function
 * --------------------------------------------------------------------- */

/* Did the unit declare the function with a prototype before its
 * definition (its first declarator is another, with parameters inside its
 * parentheses)? Then the declaration lower_func writes first would be
 * redundant (-Wredundant-decls). An empty list is no prototype: the
 * declaration is then written, for the generated calls. */
static int prototyped_before(const Lower *L)
{
    const Declarator *first = L->fn->sym ? L->fn->sym->decl : NULL;
    if (!first || first == L->fn->decl->decls[0] || first->name < 0)
        return 0;
    int i = first->name + 1;
    return i + 1 < L->u->ntoks && kind(L, i) == TK_LPAREN && kind(L, i + 1) != TK_RPAREN;
}

static void emit_prototype(Lower *L, const char *end)
{
    emit_line(&L->e, L->fn->first);
    const Decl *d = L->fn->decl;
    for (int i = d->spec_first; i < d->spec_last; i++) {
        if (kind(L, i) == TK_CILK)
            continue;
        emit_str(&L->e, " ");
        if (cilk5_void_main_token(L, L->fn, i))
            emit_str(&L->e, "int");
        else
            lower_plain(L, i, i + 1);
    }
    if (lower_implicit_int(L, d->spec_first, d->spec_last))
        emit_str(&L->e, " int");
    emit_str(&L->e, " ");
    lower_plain(L, d->decls[0]->first, d->decls[0]->last);
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
        lower_return_type(L, "ret");
        emit_str(&L->e, ";");
        fields++;
    }
    if (!fields)
        emit_str(&L->e, " char cilkc_unused;");
    emit_str(&L->e, " };\n");
    /* For the file-scope __typeof__ (VIEW_TYPEOF, emit_local): a local
     * written as a name of its type, not as a member of the struct, so
     * that cc's messages about an expression that is the local point at
     * its column (a member access points at its `->`). Never defined: a
     * __typeof__ does not evaluate it. */
    for (int i = 0; i < L->fn->nlocals; i++) {
        const Sym *s = L->fn->locals[i];
        if (!sym_is_auto(s) || !s->decl || L->a.in_expr[s->index])
            continue;
        emit_anchor(&L->e, s->decl->first); /* at the local's line, as its field */
        emit_fmt(&L->e, "extern __typeof__(((struct cilkc_locals_%s *)0)->", L->name);
        emit_field(&L->e, s);
        emit_fmt(&L->e, ") cilkc_tv_%s_", L->name);
        emit_field(&L->e, s);
        emit_str(&L->e, ";");
    }
    emit_anchor(&L->e, L->fn->first);
}

/* A parallel callee defined later in the unit: declare its fast clone (or
 * child-mode body) now, after the user's own declaration of it. In
 * continuation mode, callees only declared with the `cilk` marker come
 * first (lower_cont.c). */
static void declare_callees(Lower *L)
{
    if (L->mode == STEAL_CONTINUATION)
        cont_declare_marked(L);
    for (int k = 0; k < L->a.nspawns; k++) {
        const Func *g = lower_parallel_callee(L, L->a.spawns[k]);
        if (!g || g->first <= L->fn->first)
            continue;
        int seen = 0;
        for (int j = 0; j < k; j++)
            seen |= lower_parallel_callee(L, L->a.spawns[j]) == g;
        if (seen || lower_clone_declared(L, g->sym->name))
            continue;
        Buf name = {0};
        buf_printf(&name, "cilkc_%s_%s", L->mode == STEAL_CHILD ? "body" : "fast", g->sym->name);
        lower_clone_spec(L, g);
        lower_signature(L, g, name.data, L->mode == STEAL_CHILD ? CHILD_EXTRA : FAST_EXTRA);
        emit_str(&L->e, ";\n");
        buf_free(&name);
        if (L->mode == STEAL_CONTINUATION && cont_lazy_unit(L)) {
            cont_lazy_signature(L, g);
            emit_str(&L->e, ";\n");
        }
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
    lower_plain(L, d->first, d->last);
    emit_str(&L->e, "\n");
}

/* `__func__` in the function names the user's function in every clone
 * (and thunk): emit_range writes this array for it, as C defines
 * __func__ (a static const char array), at file scope so that hoisted
 * statics and __typeof__ can name it too. */
static void declare_func_name(Lower *L)
{
    for (int i = L->fn->first; i < L->fn->last; i++)
        if (tok_is_func_name(L->u, i)) {
            emit_fmt(&L->e, "static const char cilkc_func_%s[] = \"%s\";\n", L->name, L->name);
            return;
        }
}

/* Static locals move to file scope, shared by the clones. */
static void hoist_statics(Lower *L)
{
    for (int i = 0; i < L->fn->nlocals; i++) {
        const Sym *s = L->fn->locals[i];
        if (s->kind != SYM_VAR || !(s->storage & SC_STATIC) || !s->decl)
            continue;
        const Declarator *dd = s->decl;
        Buf name = {0};
        buf_printf(&name, "cilkc_static_%s_%s_%d", L->name, s->name, s->index);
        emit_str(&L->e, "static");
        lower_spec(L, dd->parent->spec_first, dd->parent->spec_last, 1, 0);
        lower_declarator_as(L, dd, name.data, 0);
        buf_free(&name);
        if (dd->init_first >= 0) {
            emit_str(&L->e, " = ");
            emit_range(&L->e, dd->init_first, dd->init_last);
        }
        emit_str(&L->e, ";\n");
    }
}

/* Assign the parameters into a locals struct named `a` (. or ->). */
void lower_param_list(Lower *L, const char *prefix)
{
    for (int i = 0; i < L->fn->nparams; i++) {
        emit_fmt(&L->e, "%s%s", i ? ", " : "", prefix);
        if (*prefix)
            emit_field(&L->e, L->fn->params[i]);
        else
            emit_str(&L->e, L->fn->params[i]->name);
    }
}

void lower_root_thunk(Lower *L)
{
    emit_anchor(&L->e, L->fn->first);
    emit_fmt(
        &L->e,
        "static void cilkc_root_%s(cilkrt_worker *cilkc_w, void *cilkc_p)\n"
        "{ struct cilkc_locals_%s *cilkc_a = (struct cilkc_locals_%s *)cilkc_p; (void)cilkc_w; "
        "(void)cilkc_a;\n  ",
        L->name, L->name, L->name);
    lower_ws(L, "cilkrt_wsp cilkc_ws; cilkrt_wsp_root(cilkc_w, &cilkc_ws); ");
    if (!L->is_void)
        emit_str(&L->e, "cilkc_a->ret = ");
    emit_fmt(&L->e, "%s(", L->name);
    lower_param_list(L, "cilkc_a->");
    emit_str(&L->e, ");");
    lower_ws(L, " cilkrt_wsp_root_end(cilkc_w, &cilkc_ws);");
    emit_str(&L->e, " }\n");
}

/* The original signature, up to the call on a worker, which the mode
 * writes next: from a thread that is not a worker, hand the call to the
 * pool (cilkc_root_FN runs it on a worker). */
void lower_entry_head(Lower *L)
{
    emit_prototype(L, "");
    emit_str(&L->e, "\n{ ");
    cilk5_main_options(L);
    emit_fmt(&L->e,
             "cilkrt_worker *cilkc_w = cilkrt_self();\n"
             "  if (!cilkc_w) { struct cilkc_locals_%s cilkc_a;",
             L->name);
    for (int i = 0; i < L->fn->nparams; i++) {
        emit_str(&L->e, " cilkc_a.");
        emit_field(&L->e, L->fn->params[i]);
        emit_fmt(&L->e, " = %s;", L->fn->params[i]->name);
    }
    emit_fmt(&L->e, " cilkrt_root_call(cilkc_root_%s, &cilkc_a); return%s; }\n  ", L->name,
             !L->is_void  ? " cilkc_a.ret"
             : L->is_main ? " 0"
                          : "");
}

/* Has the output declared fn's external clone (and with it, in
 * continuation mode, its lazy entry) before? */
int lower_clone_known(const Lower *L, const char *fn)
{
    for (int i = 0; i < L->ndeclared; i++)
        if (strcmp(L->declared[i], fn) == 0)
            return 1;
    return 0;
}

/* The same; from now on it has (the caller declares it). */
int lower_clone_declared(Lower *L, const char *fn)
{
    if (lower_clone_known(L, fn))
        return 1;
    L->declared = xrealloc(L->declared, sizeof *L->declared * (size_t)(L->ndeclared + 1));
    L->declared[L->ndeclared++] = fn;
    return 0;
}

/* Declaration specifiers (after lead) and declarator of the clone
 * cilkc_PART_FN of the function being lowered, with its parameters after
 * the extra ones: continuation mode's fast clone (part "fast", "fastin")
 * and child mode's body ("body"), or their spawning part ("spawning",
 * lower_split_point). */
void lower_clone_signature(Lower *L, const char *part, const char *lead, const char *extra)
{
    /* the external clones get a prototype first, as -Wmissing-prototypes
     * wants of a function with external linkage, unless one came before */
    int external = (!strcmp(part, "fast") || !strcmp(part, "body")) && !*lead &&
                   !(L->fn->decl->storage & SC_STATIC);
    if (external && !lower_clone_declared(L, L->name)) {
        lower_clone_spec(L, L->fn);
        Buf proto = {0};
        buf_printf(&proto, "cilkc_%s_%s", part, L->name);
        lower_signature(L, L->fn, proto.data, extra);
        buf_free(&proto);
        emit_str(&L->e, ";\n");
    }
    emit_str(&L->e, lead);
    lower_clone_spec(L, L->fn);
    Buf name = {0};
    buf_printf(&name, "cilkc_%s_%s", part, L->name);
    lower_signature(L, L->fn, name.data, extra);
    buf_free(&name);
}

/* Work/span hook text, written only in an instrumented build: the plain
 * output stays byte for byte what it was. */
void lower_ws(Lower *L, const char *fmt, ...)
{
    if (!L->workspan)
        return;
    va_list ap;
    va_start(ap, fmt);
    emit_vfmt(&L->e, fmt, ap);
    va_end(ap);
}

/* The function's analysis is over: free it, and leave the emitter no
 * pointer into it (cilk5_export and the next function's text are written
 * after this, with the plain view). */
static void end_analysis(Lower *L)
{
    analysis_free(&L->a);
    L->e.resident = NULL;
    L->e.in_expr = NULL;
}

static void lower_func(Lower *L, const Func *fn)
{
    L->fn = fn;
    L->name = fn->sym->name;
    L->nvisible = 0;
    L->is_main = strcmp(L->name, "main") == 0;
    if (L->mode == STEAL_CONTINUATION)
        calls_as_spawns(L, fn->body);
    int errors = analyze_func(L->u, fn, L->d, &L->a);
    if (!errors && L->mode == STEAL_CONTINUATION)
        errors = analysis_refuse_omp(&L->a);
    L->errors += errors;
    if (errors) {
        end_analysis(L);
        return;
    }
    L->is_void = lower_returns_void(L);
    /* continuation mode: the work/span record lives in the frame from the
     * start (child mode's split body: lower_child.c, cilkrt_wsp_leaf) */
    if (L->workspan && L->mode == STEAL_CONTINUATION)
        L->a.lazy = 0;
    L->e.fn = L->name;
    L->e.resident = L->a.resident;
    L->e.in_expr = L->a.in_expr;
    L->e.view = VIEW_PLAIN;
    L->e.synched = NULL;
    emit_function(&L->e, fn->first, fn->last);
    if (!prototyped_before(L))
        emit_prototype(L, ";\n");
    declare_callees(L);
    declare_func_name(L);
    hoist_statics(L);
    analysis_walk(fn->body, hoist_declaration, L);
    emit_locals_struct(L);
    if (L->mode == STEAL_CHILD)
        child_func(L);
    else
        cont_func(L);
    end_analysis(L);
}

/* ---------------------------------------------------------------------
 * The unit: splice bytes, rewrite parallel functions
 * --------------------------------------------------------------------- */

/* What replaces token t when bytes are copied: NULL to keep it. */
static const char *replacement(const Lower *L, const Token *t)
{
    /* Cilk-5's inlet and abort: the inlet's definition is read as a
     * nested function (a GNU C extension) called with the child's result
     * in the elision; `abort ;` (no child is ever outstanding there) is an
     * empty block, as sync. Each as wide as the user's words, so that the
     * rest of the line keeps its columns for cc's messages. */
    if (t->kind == TK_CILK || t->kind == TK_INLET)
        return lower_blanks(t);
    if (t->kind == TK_ABORT)
        return "{}   ";
    if (t->kind == TK_SEMI && t > L->u->toks && t[-1].kind == TK_ABORT)
        return " ";
    /* SYNCHED is 1 where nothing was spawned (or in the elision) */
    if (t->kind == TK_SYNCHED)
        return " 1 ";
    return L->mode == STEAL_SERIAL ? serial_replacement(L, t) : NULL;
}

/* Copy input bytes [from, to), replacing the cilkc words that have no
 * meaning there (always `cilk`, `inlet`, `abort`, SYNCHED; in serial mode
 * the others too). */
void lower_copy_bytes(Lower *L, size_t from, size_t to, int *t)
{
    const Unit *u = L->u;
    while (*t < u->ntoks && (size_t)u->toks[*t].off < from)
        (*t)++;
    for (; *t < u->ntoks && (size_t)u->toks[*t].off < to; (*t)++) {
        const Token *tk = &u->toks[*t];
        const char *r = replacement(L, tk);
        if (!r)
            continue;
        buf_add(L->e.out, u->buf + from, (size_t)tk->off - from);
        buf_puts(L->e.out, r);
        from = (size_t)(tk->off + tk->len);
    }
    buf_add(L->e.out, u->buf + from, to - from);
}

/* The bytes after a rewritten function are the input's again. */
static void resume_position(Lower *L, const Func *fn)
{
    const Token *last = &L->u->toks[fn->last - 1];
    emit_line_directive(&L->e, last->line, tok_file(L->u, last));
}

int lower_unit(const Unit *u, StealMode mode, int workspan, Diag *d, Buf *out)
{
    Lower L = {0};
    L.u = u;
    L.mode = mode;
    L.workspan = workspan;
    L.d = d;
    L.e.u = u;
    L.e.out = out;
    int any = 0;
    for (int i = 0; i < u->nfuncs; i++)
        any |= u->funcs[i]->is_parallel;
    for (int i = 0; i < u->ntoks; i++)
        L.aborts |= u->toks[i].kind == TK_ABORT;
    if (mode != STEAL_SERIAL && (any || u->reducers)) {
        buf_puts(out, "#include <cilkrt_abi.h>\n");
        if (workspan)
            buf_puts(out, "#include <cilkrt_wsp.h>\n"
                          "__attribute__((constructor)) static void cilkc_wsp_start(void) "
                          "{ cilkrt_wsp_start(); }\n");
        if (u->len == 0 || u->buf[0] != '#')
            emit_line_directive(&L.e, 1, u->name);
    }
    size_t pos = 0;
    int t = 0;
    for (int i = 0; i < u->nfuncs; i++) {
        const Func *fn = u->funcs[i];
        if (fn->is_parallel && mode != STEAL_SERIAL) {
            lower_copy_bytes(&L, pos, (size_t)fn->byte_first, &t);
            lower_func(&L, fn);
            cilk5_export(&L, fn);
            resume_position(&L, fn);
        } else if (fn->is_parallel || fn->is_cilk) {
            if (mode == STEAL_SERIAL)
                serial_func(&L, fn, pos, &t);
            else
                lower_copy_bytes(&L, pos, (size_t)fn->byte_last, &t);
            if (cilk5_export(&L, fn))
                resume_position(&L, fn);
        } else if (mode == STEAL_SERIAL) { /* it may hold a cilk_for */
            serial_func(&L, fn, pos, &t);
        } else {
            continue;
        }
        pos = (size_t)fn->byte_last;
    }
    lower_copy_bytes(&L, pos, u->len, &t);
    free(L.visible);
    free(L.declared);
    return L.errors;
}
