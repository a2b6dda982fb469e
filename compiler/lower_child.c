/*
 * lower_child.c: child stealing (DESIGN §4): the pieces a parallel
 * function FN becomes, after the struct cilkc_locals_FN lower.c writes.
 * FN's body becomes cilkc_body_FN, with its locals as C variables, and
 * each spawn a task record in a slot of the worker's task deque, whose
 * typed thunk cilkc_thunk_FN_k calls the child with the arguments
 * evaluated by the parent; a sync (cilkc_sync_FN) pops the invocation's
 * tasks and calls their thunks directly, and the sync of a run (below)
 * pops its tasks in place and assigns their results by value. FN itself
 * keeps its signature and calls the body. The walker of lower.c writes
 * the body and calls back here for spawn, sync and return.
 */
#include "lower_impl.h"

#include "arena.h"
#include "loops.h"
#include "tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cilk-5 inlets in child mode: a task's thunk runs the inlet body under
 * the invocation's lock (cilkc_lock), which the procedure holds while it
 * runs (it lets go at each sync and before it returns), so the body is
 * atomic with the procedure and its other inlets. The body reaches the
 * procedure's locals through pointers in the task (VIEW_TASK); its own
 * parameters and locals are C variables of the thunk. */

/* Is local s the inlet's own (declared inside its definition)? */
static int own_local(const Node *in, const Sym *s)
{
    return s->decl && s->decl->name >= in->first && s->decl->name < in->last;
}

/* Does the inlet body of spawn n use the procedure's local s? */
static int inlet_uses(const Lower *L, const Node *n, const Sym *s)
{
    const Node *in = n->inlet;
    if (!in || own_local(in, s) || !sym_is_auto(s) || L->a.in_expr[s->index])
        return 0;
    for (int i = in->body->first; i < in->body->last; i++)
        if (L->u->toks[i].sym == s)
            return 1;
    return 0;
}

/* Does the task record of spawn n carry the callee (not a function name)? */
static int record_has_fn(Lower *L, const Node *n)
{
    const Sym *callee = lower_callee_is_name(n) ? L->u->toks[n->callee.first].sym : NULL;
    return !(callee && callee->kind == SYM_FUNC);
}

/* Does the thunk store into the destination under the lock: to combine
 * (op=), or into a member, which may be a bit-field whose word another
 * task's store rewrites (lower_dest_is_member)? */
static int combines(const Lower *L, const Node *n)
{
    return lower_has_dest(L, n) && ((n->op && n->op != TK_ASSIGN) || lower_dest_is_member(L, n));
}

/* Does the record carry the invocation's lock: to store into the
 * destination under it (combines), or to run an inlet body? */
static int takes_lock(const Lower *L, const Node *n) { return combines(L, n) || n->inlet; }

/* Runs: `x = spawn f(a); y = spawn g(b); sync;`, spawns that follow each
 * other in a block, then its sync, with nothing spawned before them since
 * the group was last empty. Their sync is written in place of the call of
 * cilkc_sync_FN, and pops the run's tasks in the known order, newest
 * first: a task not stolen is called there directly and its result
 * assigned to its destination by value (RUN_VALUE), so that the
 * destination is a C variable that cc can keep in a register, and the
 * record carries no pointer to it; a stolen one left its result in its
 * slot (CILKRT_RESULT), where the sync reads it. No label or case inside
 * the run: nothing jumps into it, so the sync pops exactly the run's
 * tasks. fib: 37.0 instructions a call before, 23.7 after (callgrind). */
enum { RUN_NONE, RUN_THUNK, RUN_VALUE };

/* A declaration specifier of an arithmetic type (or a storage class that
 * changes nothing here)? */
static int scalar_word(int kind)
{
    switch (kind) {
    case TK_INT:
    case TK_LONG:
    case TK_SHORT:
    case TK_CHAR:
    case TK_SIGNED:
    case TK_UNSIGNED:
    case TK_FLOAT:
    case TK_DOUBLE:
    case TK_BOOL:
    case TK_REGISTER:
    case TK_AUTO:
        return 1;
    default:
        return 0;
    }
}

/* The number of `*` in declarator dd, or -1 if it holds anything else
 * besides its name (brackets, parentheses, qualifiers, attributes). */
static int stars_only(const Lower *L, const Declarator *dd)
{
    int stars = 0;
    for (int i = dd->first; i < dd->last; i++) {
        if (i == dd->name)
            continue;
        if (L->u->toks[i].kind != TK_STAR)
            return -1;
        stars++;
    }
    return stars;
}

/* A typedef name, as the parser resolved it (Token.sym), or NULL. */
static const Sym *typedef_at(const Lower *L, int i)
{
    const Sym *s = L->u->toks[i].sym;
    return L->u->toks[i].kind == TK_IDENT && s && s->kind == SYM_TYPEDEF && s->decl ? s : NULL;
}

/* A specifier that may only be part of what a pointer points to (a
 * pointer is one word whatever it points to): void, a qualifier of the
 * pointee, struct, union or enum and the tag after it. */
static int pointee_word(const Lower *L, int i, int first)
{
    switch (L->u->toks[i].kind) {
    case TK_VOID:
    case TK_CONST:
    case TK_VOLATILE:
    case TK_STRUCT:
    case TK_UNION:
    case TK_ENUM:
        return 1;
    case TK_IDENT:
        return i > first &&
               (L->u->toks[i - 1].kind == TK_STRUCT || L->u->toks[i - 1].kind == TK_UNION ||
                L->u->toks[i - 1].kind == TK_ENUM);
    default:
        return 0;
    }
}

static int fits_slot(const Lower *L, const Declarator *dd, int depth);

/* May specifier i of dd's declaration appear in the declaration of a
 * by-value local (stars: dd's pointer depth)? In a typedef's own
 * declaration (depth > 0), `typedef` too. */
static int fitting_spec(const Lower *L, const Declarator *dd, int i, int stars, int depth)
{
    const Sym *t = typedef_at(L, i);
    if (t)
        return stars > 0 || fits_slot(L, t->decl, depth + 1);
    int kind = L->u->toks[i].kind;
    if (kind == TK_TYPEDEF)
        return depth > 0;
    if (scalar_word(kind))
        return 1;
    return stars > 0 && !dd->parent->defines_type && pointee_word(L, i, dd->parent->spec_first);
}

/* Does the type dd declares fit the slot beside the word reducer views use
 * (CILKRT_RESULT): an arithmetic type named by keywords, a pointer, or a
 * typedef name of either? Typedef names are followed through the parser's
 * bindings (size_t, int64_t, uint32_t are typedefs of keywords in glibc's
 * headers), never guessed from their spelling, to a bounded depth. Not a
 * struct, union, enum, array, function or complex type, which may be any
 * size, nor a qualified (but for a pointer's target) or attributed one,
 * which may not be assignable, or change the size. */
static int fits_slot(const Lower *L, const Declarator *dd, int depth)
{
    int stars = stars_only(L, dd);
    if (!dd->parent || dd->name < 0 || stars < 0 || depth > 16)
        return 0;
    for (int i = dd->parent->spec_first; i < dd->parent->spec_last; i++)
        if (!fitting_spec(L, dd, i, stars, depth))
            return 0;
    return 1;
}

/* The local that `x = spawn f(a);` assigns, when its sync in a run may
 * assign it by value: a local of this invocation whose type fits the slot
 * (fits_slot), the callee a parallel function of this unit (its body is
 * called directly). */
static const Sym *value_dest(const Lower *L, const Node *n)
{
    if (n->kind != N_SPAWN || n->op != TK_ASSIGN || n->lv.last - n->lv.first != 1 || n->inlet ||
        n->nextra || !lower_parallel_callee(L, n))
        return NULL;
    const Sym *s = L->u->toks[n->lv.first].sym;
    if (!s || s->kind != SYM_VAR || !sym_is_auto(s) || s->reducer || L->a.in_expr[s->index])
        return NULL;
    return s->decl && fits_slot(L, s->decl, 0) ? s : NULL;
}

/* Could the group hold tasks after statement n: does it spawn, or hold
 * a label that a goto from where tasks are pending may reach? */
static void find_spawn(Node *n, void *arg)
{
    if (n->kind == N_SPAWN || n->kind == N_SCOPE || n->kind == N_CILK_FOR || n->kind == N_LABEL ||
        n->kind == N_CASE || n->kind == N_DEFAULT)
        *(int *)arg = 1;
}

/* Is the group empty before kid i of block b: the kids before it spawn
 * nothing, nor can be jumped into, since a sync among them or since the
 * start of the body? */
static int empty_before(const Lower *L, const Node *b, int i)
{
    while (i > 0 && b->kids[i - 1]->kind != N_SYNC) {
        int maybe = 0;
        analysis_walk(b->kids[--i], find_spawn, &maybe);
        if (maybe)
            return 0;
    }
    return i > 0 || b == L->fn->body;
}

/* Mark the run of kids [i, j) of b (the spawns before the sync kids[j]),
 * if one of them assigns by value, each destination once. */
static void mark_run(Lower *L, const Node *b, int i, int j)
{
    int values = 0;
    for (int k = i; k < j; k++) {
        const Sym *s = value_dest(L, b->kids[k]);
        for (int m = i; s && m < k; m++)
            if (value_dest(L, b->kids[m]) == s)
                return;
        values += s != NULL;
    }
    if (!values || !empty_before(L, b, i))
        return;
    for (int k = i; k < j; k++)
        L->runs[analysis_site(&L->a, b->kids[k])] =
            value_dest(L, b->kids[k]) ? RUN_VALUE : RUN_THUNK;
}

static void find_runs(Node *b, void *arg)
{
    Lower *L = arg;
    for (int i = 0; b->kind == N_BLOCK && i < b->nkids; i++) {
        int j = i;
        while (j < b->nkids && b->kids[j]->kind == N_SPAWN && !b->kids[j]->synced_call)
            j++;
        if (j > i && j < b->nkids && b->kids[j]->kind == N_SYNC)
            mark_run(L, b, i, j);
        i = j;
    }
}

/* Runs only where the sync needs nothing else than its pops (and the
 * work/span hooks): no abort counts, inlets' lock, nor a cilk_for's
 * ordered pops. */
static void mark_runs(Lower *L)
{
    L->runs = xmalloc((size_t)L->a.nspawns + 1);
    memset(L->runs, RUN_NONE, (size_t)L->a.nspawns + 1);
    L->run_n = 0;
    if (!L->aborts && !L->a.has_inlets && !loops_is_ordered(L->name))
        analysis_walk(L->fn->body, find_runs, L);
}

/* Does the record of site k carry its destination's address? */
static int has_dst(const Lower *L, const Node *n, int k)
{
    return lower_has_dest(L, n) && L->runs[k] != RUN_VALUE;
}

/* Does the spawn store anything into its record? Not for spawn f(); of a
 * function without arguments or result, nor an inlet, nor aborts. */
static int record_is_filled(Lower *L, const Node *n, int k)
{
    if (record_has_fn(L, n) || n->nargs || has_dst(L, n, k) || takes_lock(L, n) || n->nextra ||
        L->aborts)
        return 1;
    for (int i = 0; i < L->fn->nlocals; i++)
        if (inlet_uses(L, n, L->fn->locals[i]))
            return 1;
    return 0;
}

/* One task record type and thunk per spawn site. The record (callee if
 * not a function name, arguments, destination, the lock for op= or an
 * inlet, an inlet's extra arguments and pointers to the locals it uses,
 * the abort count) lives in the deque slot, or, if too large, in a block
 * the slot points to (CILKRT_RECORD, runtime/cilkrt_abi.h). */
static void emit_task_struct(Lower *L, const Node *n, int k)
{
    L->e.view = VIEW_TYPEOF;
    emit_fmt(&L->e, "struct cilkc_task_%s_%d {", L->name, k);
    if (!record_has_fn(L, n) && !n->nargs && !has_dst(L, n, k))
        emit_str(&L->e, " char cilkc_unused;");
    if (record_has_fn(L, n)) {
        emit_str(&L->e, " __typeof__(((void)0, ");
        emit_range(&L->e, n->callee.first, n->callee.last);
        emit_str(&L->e, ")) fn;");
    }
    for (int i = 0; i < n->nargs; i++) {
        emit_str(&L->e, " __typeof__(((void)0, ");
        emit_range(&L->e, n->args[i].first, n->args[i].last);
        emit_fmt(&L->e, ")) a%d;", i);
    }
    if (has_dst(L, n, k)) {
        emit_str(&L->e, " __typeof__(");
        lower_dest_pointer(L, n);
        emit_str(&L->e, ") dst;");
    }
    if (takes_lock(L, n))
        emit_str(&L->e, " cilkrt_lock *lk;");
    lower_ws(L, " cilkrt_wsp_mark *wm;");
    for (int i = 0; i < n->nextra; i++) {
        emit_str(&L->e, " __typeof__(((void)0, ");
        emit_range(&L->e, n->extra[i].first, n->extra[i].last);
        emit_fmt(&L->e, ")) x%d;", i);
    }
    for (int i = 0; i < L->fn->nlocals; i++) {
        const Sym *s = L->fn->locals[i];
        if (!inlet_uses(L, n, s))
            continue;
        emit_str(&L->e, " __typeof__(");
        emit_local(&L->e, s);
        emit_fmt(&L->e, ") *p%d;", s->index);
    }
    if (L->aborts)
        emit_str(&L->e, " int *ab, ab0;");
    emit_fmt(&L->e, " };\nstatic void cilkc_thunk_%s_%d(cilkrt_worker *, cilkrt_task *);\n",
             L->name, k);
}

/* The suffix of the push and pop of a cilk_for's recursion, whose tasks
 * run at its sync in serial order (loops_is_ordered): they take no reducer
 * views of their own. */
static const char *ordered(const Lower *L) { return loops_is_ordered(L->name) ? "_ordered" : ""; }

/* The parent evaluates the callee, arguments, destination and an inlet's
 * extra arguments first (a call among them may spawn, and would push over
 * a slot taken earlier), then fills the slot at the top of its deque and
 * pushes it. */
void child_spawn(Lower *L, const Node *n, int site)
{
    emit_str(&L->e, "{ ");
    lower_arg_temps(L, n);
    if (has_dst(L, n, site)) {
        emit_str(&L->e, "__typeof__(");
        lower_dest_pointer(L, n);
        emit_str(&L->e, ") cilkc_d = ");
        lower_dest_pointer(L, n);
        emit_str(&L->e, "; ");
    }
    for (int i = 0; i < n->nextra; i++) {
        emit_str(&L->e, "__typeof__(((void)0, ");
        emit_range(&L->e, n->extra[i].first, n->extra[i].last);
        emit_fmt(&L->e, ")) cilkc_x%d = (", i);
        emit_range(&L->e, n->extra[i].first, n->extra[i].last);
        emit_str(&L->e, "); ");
    }
    emit_fmt(&L->e,
             "cilkrt_task *cilkc_h = cilkrt_task_slot(cilkc_w, &cilkc_g); "
             "struct cilkc_task_%s_%d *cilkc_t = CILKRT_RECORD(cilkc_w, cilkc_h, "
             "struct cilkc_task_%s_%d); cilkc_h->run = cilkc_thunk_%s_%d; ",
             L->name, site, L->name, site, L->name, site);
    if (record_has_fn(L, n)) {
        emit_str(&L->e, "cilkc_t->fn = ");
        if (lower_callee_is_name(n))
            emit_range(&L->e, n->callee.first, n->callee.last);
        else
            emit_str(&L->e, "cilkc_fn");
        emit_str(&L->e, "; ");
    }
    for (int i = 0; i < n->nargs; i++)
        emit_fmt(&L->e, "cilkc_t->a%d = cilkc_a%d; ", i, i);
    if (has_dst(L, n, site))
        emit_str(&L->e, "cilkc_t->dst = cilkc_d; ");
    if (takes_lock(L, n))
        emit_str(&L->e, "cilkc_t->lk = &cilkc_lock; ");
    for (int i = 0; i < n->nextra; i++)
        emit_fmt(&L->e, "cilkc_t->x%d = cilkc_x%d; ", i, i);
    for (int i = 0; i < L->fn->nlocals; i++)
        if (inlet_uses(L, n, L->fn->locals[i]))
            emit_fmt(&L->e, "cilkc_t->p%d = &%s; ", L->fn->locals[i]->index,
                     L->fn->locals[i]->name);
    if (L->aborts)
        emit_str(&L->e, "cilkc_t->ab = &cilkc_aborts; "
                        "cilkc_t->ab0 = __atomic_load_n(&cilkc_aborts, __ATOMIC_RELAXED); ");
    /* a record with nothing to fill (spawn f(); of a void f(void)) still
     * has its pointer: used, or cc -Wall -Werror stops at it */
    if (!record_is_filled(L, n, site))
        emit_str(&L->e, "(void)cilkc_t; ");
    /* the mark goes into the record before the push: a thief may run the
     * task as soon as it is pushed */
    lower_ws(L, "cilkrt_wsp_spawn_task(cilkc_w, &cilkc_ws, &cilkc_t->wm); ");
    emit_fmt(&L->e, "cilkrt_task_push%s(cilkc_w, &cilkc_g); cilkc_out = 1;", ordered(L));
    if (L->runs[site] != RUN_NONE && L->run_n++ == 0)
        L->run_first = site;
    lower_ws(L, " cilkrt_wsp_resume(cilkc_w, &cilkc_ws);");
    emit_str(&L->e, " }");
}

/* The sync, between the work/span hooks: the strand ends before it (the
 * parent runs its popped children there, and may wait for stolen ones),
 * and hook runs after it. With inlets, the invocation's lock is let go
 * while the children finish (their inlets take it), and taken again if
 * relock. */
static void group_sync(Lower *L, const char *hook, int relock)
{
    lower_ws(L, "cilkrt_wsp_end_group(cilkc_w, &cilkc_ws); ");
    if (L->a.has_inlets)
        emit_str(&L->e, "cilkrt_lock_give(&cilkc_lock); ");
    emit_fmt(&L->e, "cilkc_sync_%s(cilkc_w, &cilkc_g);", L->name);
    if (L->a.has_inlets && relock)
        emit_str(&L->e, " cilkrt_lock_take(&cilkc_lock);");
    lower_ws(L, " %s(cilkc_w, &cilkc_ws);", hook);
}

/* The sync of a run: its tasks popped newest first. A task of site k not
 * stolen: by value, its record copied (the slot is free once popped) and
 * its callee's body called; else its thunk. A stolen one (NULL) has
 * finished, and a by-value one left its result in its slot. */
static void run_sync(Lower *L)
{
    lower_ws(L, "cilkrt_wsp_end_group(cilkc_w, &cilkc_ws); ");
    emit_str(&L->e, "cilkrt_group_count(cilkc_w, &cilkc_g);");
    for (int k = L->run_first + L->run_n - 1; k >= L->run_first; k--) {
        const Node *n = L->a.spawns[k - 1];
        emit_str(&L->e, " { cilkrt_task *cilkc_h = cilkrt_task_pop(cilkc_w, &cilkc_g); ");
        if (L->runs[k] == RUN_THUNK) {
            emit_fmt(&L->e, "if (cilkc_h) cilkc_thunk_%s_%d(cilkc_w, cilkc_h); }", L->name, k);
            continue;
        }
        emit_fmt(&L->e,
                 "if (cilkc_h) { struct cilkc_task_%s_%d *cilkc_p = CILKRT_RECORD_OF(cilkc_h, "
                 "struct cilkc_task_%s_%d), cilkc_rec = *cilkc_p; if (!CILKRT_IN_SLOT(struct "
                 "cilkc_task_%s_%d)) cilkrt_record_free(cilkc_w, cilkc_p); ",
                 L->name, k, L->name, k, L->name, k);
        /* the owner runs the task: its figures merge straight into ours */
        lower_ws(L, "cilkrt_wsp_run(cilkc_w, cilkc_rec.wm); ");
        emit_local(&L->e, value_dest(L, n));
        emit_fmt(&L->e, " = cilkc_body_%s(cilkc_w", lower_parallel_callee(L, n)->sym->name);
        for (int i = 0; i < n->nargs; i++)
            emit_fmt(&L->e, ", cilkc_rec.a%d", i);
        emit_str(&L->e, n->nargs ? "); } else " : "); (void)cilkc_rec; } else ");
        emit_local(&L->e, value_dest(L, n));
        emit_str(&L->e, " = *CILKRT_RESULT(cilkrt_task_popped(&cilkc_g), __typeof__(");
        emit_local(&L->e, value_dest(L, n));
        emit_str(&L->e, ")); }");
    }
    lower_ws(L, " cilkrt_wsp_sync(cilkc_w, &cilkc_ws);");
    L->run_n = 0;
}

/* One statement (braced), so that `if (c) sync; else ...` keeps its
 * else, and the flag is cleared only when the sync runs. */
void child_sync(Lower *L)
{
    emit_str(&L->e, "{ ");
    if (L->run_n)
        run_sync(L);
    else
        group_sync(L, "cilkrt_wsp_sync", 1);
    emit_str(&L->e, " cilkc_out = 0; }");
}

/* Cilk-5's abort: the tasks spawned before it that have not started yet
 * do nothing (their thunks compare the count); in a thunk's inlet body,
 * the count is the procedure's, through the task. */
void child_abort(Lower *L)
{
    emit_str(&L->e, L->e.view == VIEW_TASK
                        ? "__atomic_fetch_add(cilkc_t->ab, 1, __ATOMIC_RELAXED);"
                        : "__atomic_fetch_add(&cilkc_aborts, 1, __ATOMIC_RELAXED);");
}

/* The children of this invocation finish before it returns: they may
 * write its locals. */
void child_return(Lower *L, const Node *n)
{
    emit_str(&L->e, "{ ");
    if (!L->entry)
        group_sync(L, "cilkrt_wsp_rejoin", 0);
    if (!L->workspan) {
        emit_str(&L->e, " return ");
        emit_range(&L->e, n->e.first, n->e.last);
        emit_str(&L->e, "; }");
        return;
    }
    /* the value first: its strand ends where the invocation does */
    emit_str(&L->e, " ");
    if (!L->is_void) {
        lower_return_type(L, "cilkc_r");
        emit_str(&L->e, " = (");
    }
    emit_range(&L->e, n->e.first, n->e.last);
    emit_str(&L->e, L->is_void ? "; " : "); ");
    /* the split body's entry has no record: its return is a whole
     * invocation of one strand */
    emit_str(&L->e,
             L->entry ? "cilkrt_wsp_leaf(cilkc_w); " : "cilkrt_wsp_leave(cilkc_w, &cilkc_ws); ");
    emit_str(&L->e, L->is_void ? "return; }" : "return cilkc_r; }");
}

/* The inlet body in the thunk, under the invocation's lock. */
static void emit_thunk_inlet(Lower *L, const Node *n, int k)
{
    unsigned char *own = xmalloc((size_t)L->fn->nlocals + 1);
    for (int i = 0; i < L->fn->nlocals; i++)
        own[L->fn->locals[i]->index] = own_local(n->inlet, L->fn->locals[i]);
    L->e.own = own;
    L->e.view = VIEW_TASK;
    L->e.synched = "0"; /* the procedure's children are not known here */
    emit_str(&L->e, " cilkrt_lock_take(cilkc_t->lk); ");
    lower_inlet_body(L, n, k, "cilkc_r", "cilkc_t->x");
    emit_str(&L->e, " cilkrt_lock_give(cilkc_t->lk);");
    L->e.view = VIEW_TYPEOF;
    L->e.synched = NULL;
    L->e.own = NULL;
    free(own);
}

/* Run by the parent at its sync, or by the thief that took the task: the
 * call, then the result stored through dst (a compound assignment under
 * the lock: siblings may combine into the same destination). The record
 * is copied first: at the sync the slot is free again, and the child
 * pushes over it. */
static void emit_thunk(Lower *L, const Node *n, int k)
{
    emit_fmt(&L->e,
             "static void cilkc_thunk_%s_%d(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)\n"
             "{ struct cilkc_task_%s_%d *cilkc_p = CILKRT_RECORD_OF(cilkc_h, "
             "struct cilkc_task_%s_%d); struct cilkc_task_%s_%d cilkc_rec = *cilkc_p, "
             "*cilkc_t = &cilkc_rec;\n  if (!CILKRT_IN_SLOT(struct cilkc_task_%s_%d)) "
             "cilkrt_record_free(cilkc_w, cilkc_p); (void)cilkc_w; (void)cilkc_t;\n  ",
             L->name, k, L->name, k, L->name, k, L->name, k, L->name, k);
    const Func *g = lower_parallel_callee(L, n);
    /* a task spawned before an abort of its procedure does nothing (and
     * adds nothing to the work/span record: it returns before it opens) */
    if (L->aborts)
        emit_str(&L->e, "if (__atomic_load_n(cilkc_t->ab, __ATOMIC_RELAXED) != cilkc_t->ab0) { "
                        "cilkrt_cut_off(); return; } ");
    lower_ws(
        L, "cilkrt_wsp *cilkc_saved; cilkrt_wsp_task_begin(cilkc_w, cilkc_t->wm, &cilkc_saved); ");
    if (!g)
        lower_ws(L, "cilkrt_wsp cilkc_wc; cilkrt_wsp_enter(cilkc_w, &cilkc_wc); ");
    L->e.view = VIEW_TYPEOF;
    if (lower_has_dest(L, n) || (n->inlet && n->inlet->nparams > n->nextra)) {
        emit_str(&L->e, "__typeof__(");
        lower_call_text(L, n);
        emit_str(&L->e, ") cilkc_r = ");
    }
    if (g)
        emit_fmt(&L->e, "cilkc_body_%s(cilkc_w%s", g->sym->name, n->nargs ? ", " : "");
    else if (!record_has_fn(L, n))
        emit_fmt(&L->e, "%s(", L->u->toks[n->callee.first].sym->name);
    else
        emit_str(&L->e, "cilkc_t->fn(");
    for (int i = 0; i < n->nargs; i++)
        emit_fmt(&L->e, "%scilkc_t->a%d", i ? ", " : "", i);
    emit_str(&L->e, ");");
    if (!g)
        lower_ws(L, " cilkrt_wsp_leave(cilkc_w, &cilkc_wc);");
    if (L->runs[k] == RUN_VALUE) {
        emit_str(&L->e, " *CILKRT_RESULT(cilkc_h, __typeof__(");
        emit_local(&L->e, value_dest(L, n));
        emit_str(&L->e, "))");
        lower_op(L, n);
        emit_str(&L->e, "cilkc_r;");
    } else if (lower_has_dest(L, n)) {
        if (combines(L, n))
            emit_str(&L->e, " cilkrt_lock_take(cilkc_t->lk);");
        emit_str(&L->e, " (*cilkc_t->dst)");
        lower_dest_suffix(L, n);
        lower_op(L, n);
        emit_str(&L->e, "cilkc_r;");
        if (combines(L, n))
            emit_str(&L->e, " cilkrt_lock_give(cilkc_t->lk);");
    }
    if (n->inlet)
        emit_thunk_inlet(L, n, k);
    lower_ws(L, " cilkrt_wsp_task_end(cilkc_w, cilkc_t->wm, cilkc_saved);");
    emit_str(&L->e, " }\n");
}

/* The sync: pop the group's tasks newest first and call each one's thunk
 * directly, so that cc can inline it (every task of the group was spawned
 * by this invocation, so the last site needs no test). A stolen task
 * comes back NULL, finished (runtime/task.c). */
static void emit_sync_function(Lower *L)
{
    emit_fmt(&L->e,
             "static inline void cilkc_sync_%s(cilkrt_worker *cilkc_w, cilkrt_group *cilkc_g)\n"
             "{ cilkrt_group_count(cilkc_w, cilkc_g);\n"
             "  while (cilkrt_group_pending(cilkc_g)) {\n"
             "    cilkrt_task *cilkc_h = cilkrt_task_pop%s(cilkc_w, cilkc_g);\n"
             "    if (!cilkc_h) continue;\n",
             L->name, ordered(L));
    for (int k = 1; k <= L->a.nspawns; k++) {
        emit_str(&L->e, k == 1 ? "    " : " else ");
        if (k < L->a.nspawns)
            emit_fmt(&L->e, "if (cilkc_h->run == cilkc_thunk_%s_%d) ", L->name, k);
        emit_fmt(&L->e, "cilkc_thunk_%s_%d(cilkc_w, cilkc_h);", L->name, k);
    }
    emit_str(&L->e, L->a.nspawns ? "\n  } }\n" : "\n    (void)cilkc_h;\n  } }\n");
}

/* The group, and SYNCHED's flag: nothing spawned since the last sync (a
 * child that has finished may still read as out: the manual allows a 0
 * then). */
static void emit_group_head(Lower *L)
{
    emit_str(&L->e, "\n{ cilkrt_group cilkc_g; cilkrt_group_init(cilkc_w, &cilkc_g); "
                    "int cilkc_out = 0; (void)cilkc_out;");
}

/* What the code that spawns needs besides the group: the work/span
 * record, the abort count, the lock of op= spawns and inlets. */
static void emit_spawning_head(Lower *L)
{
    lower_ws(L, " cilkrt_wsp cilkc_ws; cilkrt_wsp_enter(cilkc_w, &cilkc_ws);");
    if (L->aborts)
        emit_str(&L->e, " int cilkc_aborts = 0; (void)cilkc_aborts;");
    int locking = L->a.has_inlets;
    for (int k = 0; k < L->a.nspawns; k++)
        locking |= combines(L, L->a.spawns[k]);
    if (locking)
        emit_str(&L->e, " cilkrt_lock cilkc_lock = {0};");
    /* the procedure's own code runs under the lock its inlets take */
    if (L->a.has_inlets)
        emit_str(&L->e, " cilkrt_lock_take(&cilkc_lock);");
}

/* The sync at the end of the body (falling off it). */
static void final_sync(Lower *L)
{
    emit_str(&L->e, "\n");
    group_sync(L, "cilkrt_wsp_rejoin", 0);
}

/* How the spawning part gets automatic local s, declared by the entry's
 * first k statements: as a parameter if s has an initializer or the
 * entry uses it (PASS), else declared again there (its value is not set
 * yet: passing it would read an indeterminate value, and gcc warns). */
enum { DECLARE, PASS };

static int passing(const Lower *L, int k, const Declarator *dd)
{
    if (dd->init_first >= 0)
        return PASS;
    for (int i = L->fn->body->kids[0]->first; i < L->fn->body->kids[k - 1]->last; i++)
        if (L->u->toks[i].sym == dd->sym && i != dd->name)
            return PASS;
    return DECLARE;
}

/* Call f on each automatic local of the first k statements that is
 * passed as `how` says. */
static void each_local(Lower *L, int k, int how, void (*f)(Lower *, const Sym *, Buf *), Buf *b)
{
    for (int i = 0; i < k; i++) {
        const Node *kid = L->fn->body->kids[i];
        for (int j = 0; kid->kind == N_DECL && j < kid->decl->ndecls; j++) {
            const Declarator *dd = kid->decl->decls[j];
            if (sym_is_auto(dd->sym) && passing(L, k, dd) == how)
                f(L, dd->sym, b);
        }
    }
}

static void declare_again(Lower *L, const Sym *s, Buf *b)
{
    (void)b;
    emit_fmt(&L->e, " __typeof__(((struct cilkc_locals_%s *)0)->%s_%d) %s;", L->name, s->name,
             s->index, s->name);
}

static void unused(Lower *L, const Sym *s, Buf *b)
{
    (void)b;
    emit_fmt(&L->e, "(void)%s; ", s->name);
}

/* The body split before its first spawn, as continuation mode splits its
 * fast clone (split.c: why). cilkc_body_FN runs
 * the first k statements (knapsack's leaf test, with no group to set up
 * and nothing to save: gcc compiles it as the serial leaf) and calls
 * cilkc_spawning_FN, noinline, with the locals they declared; the callers'
 * syncs, which call cilkc_body_FN directly, get the leaf test inlined.
 * knapsack(25) at P = 1: 142.0 (138.2-216.7) ms against 181.3
 * (177.1-251.0) unsplit, Ts 50.9 (task-clock, 7 alternated runs, load
 * 6-8); 15.9 M instructions against 16.8 M (knapsack(18) - (14)). A local
 * the entry declares goes to the spawning part by value if it has an
 * initializer or the entry uses it, else is declared again there. */
static void emit_split_body(Lower *L, int k)
{
    const Node *body = L->fn->body;
    Buf extra = {0};
    buf_printf(&extra, "%s", CHILD_EXTRA);
    each_local(L, k, PASS, lower_passed_param, &extra);
    /* static: gcc may then drop or fold its parameters (IPA-SRA) */
    lower_clone_signature(L, "spawning",
                          L->fn->decl->storage & SC_STATIC ? "__attribute__((noinline))"
                                                           : "static __attribute__((noinline))",
                          extra.data);
    buf_free(&extra);
    emit_group_head(L);
    emit_spawning_head(L);
    for (int i = 0; i < L->fn->nparams; i++)
        emit_fmt(&L->e, " (void)%s;", L->fn->params[i]->name);
    each_local(L, k, DECLARE, declare_again, NULL);
    emit_str(&L->e, " {");
    lower_stmts(L, body, k, body->nkids);
    emit_str(&L->e, " }");
    final_sync(L);
    lower_ws(L, " cilkrt_wsp_leave(cilkc_w, &cilkc_ws);");
    emit_str(&L->e, " }\n");
    /* the entry: the statements before k, then the spawning part */
    emit_anchor(&L->e, L->fn->first);
    lower_clone_signature(L, "body", "", CHILD_EXTRA);
    /* nothing spawned yet: the entry's returns need no sync, nor a group */
    emit_str(&L->e, "\n{ int cilkc_out = 0; (void)cilkc_out;");
    L->entry = 1;
    lower_stmts(L, body, 0, k);
    L->entry = 0;
    emit_anchor(&L->e, L->fn->first); /* not the last statement's line */
    each_local(L, k, DECLARE, unused, NULL);
    emit_fmt(&L->e, "%scilkc_spawning_%s(cilkc_w", L->is_void ? "" : "return ", L->name);
    each_local(L, k, PASS, lower_passed_arg, NULL);
    if (L->fn->nparams)
        emit_str(&L->e, ", ");
    lower_param_list(L, "");
    emit_str(&L->e, L->is_void ? "); return; }\n" : "); }\n");
}

static void emit_child_body(Lower *L)
{
    L->clone = CLONE_CHILD;
    L->e.view = VIEW_PLAIN;
    L->e.synched = "(!cilkc_out)";
    int k = lower_split_point(L);
    /* instrumented: the entry has no record (cilkrt_wsp_leaf), so it may
     * call nothing */
    if (k && (!L->workspan || lower_split_bounded(L, k))) {
        emit_split_body(L, k);
        return;
    }
    lower_clone_signature(L, "body", "", CHILD_EXTRA);
    emit_group_head(L);
    emit_spawning_head(L);
    lower_block(L, L->fn->body);
    final_sync(L);
    lower_ws(L, " cilkrt_wsp_leave(cilkc_w, &cilkc_ws);");
    if (L->is_main && !L->is_void)
        emit_str(&L->e, " return 0;");
    emit_str(&L->e, " }\n");
}

/* FN itself: on a worker, the body runs as a plain call. */
static void emit_entry(Lower *L)
{
    lower_entry_head(L);
    if (L->workspan) {
        emit_str(&L->e, "cilkrt_wsp *cilkc_ws = cilkrt_wsp_current(cilkc_w); ");
        if (!L->is_void) {
            lower_return_type(L, "cilkc_r");
            emit_str(&L->e, " = ");
        }
    } else if (!L->is_void) {
        /* no `return f();` for void f: -pedantic forbids it */
        emit_str(&L->e, "return ");
    }
    emit_fmt(&L->e, "cilkc_body_%s(cilkc_w", L->name);
    if (L->fn->nparams)
        emit_str(&L->e, ", ");
    lower_param_list(L, "");
    emit_str(&L->e, ");");
    if (L->workspan)
        emit_str(&L->e, L->is_void ? " cilkrt_wsp_resume(cilkc_w, cilkc_ws);"
                                   : " cilkrt_wsp_resume(cilkc_w, cilkc_ws); return cilkc_r;");
    emit_str(&L->e, " }\n");
}

/* A run's sync calls its callees' bodies; FN's own is defined after its
 * spawning part (split bodies), so it is declared first (lower.c declares
 * the callees defined later in the unit). */
static void declare_own_body(Lower *L)
{
    for (int k = 1; k <= L->a.nspawns; k++)
        if (L->runs[k] == RUN_VALUE && lower_parallel_callee(L, L->a.spawns[k - 1]) == L->fn) {
            if (lower_clone_declared(L, L->name))
                return;
            lower_clone_signature(L, "body", "", CHILD_EXTRA);
            emit_str(&L->e, ";\n");
            return;
        }
}

/* Everything FN becomes in child mode, after its locals struct. */
void child_func(Lower *L)
{
    mark_runs(L);
    for (int k = 1; k <= L->a.nspawns; k++)
        emit_task_struct(L, L->a.spawns[k - 1], k);
    emit_fmt(&L->e, "static inline void cilkc_sync_%s(cilkrt_worker *, cilkrt_group *);\n",
             L->name);
    declare_own_body(L);
    emit_child_body(L);
    for (int k = 1; k <= L->a.nspawns; k++) {
        emit_anchor(&L->e, L->fn->first);
        emit_thunk(L, L->a.spawns[k - 1], k);
    }
    emit_anchor(&L->e, L->fn->first);
    emit_sync_function(L);
    L->e.synched = NULL;
    lower_root_thunk(L);
    emit_entry(L);
    free(L->runs);
    L->runs = NULL;
}
