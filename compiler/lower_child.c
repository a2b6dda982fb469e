/*
 * lower_child.c: child stealing (DESIGN §4): the pieces a parallel
 * function FN becomes, after the struct cilkc_locals_FN lower.c writes.
 * FN's body becomes cilkc_body_FN, with its locals as C variables, and
 * each spawn a task whose typed thunk cilkc_thunk_FN_k calls the child
 * with the arguments evaluated by the parent; a sync waits for the
 * invocation's task group. FN itself keeps its signature and calls the
 * body. The walker of lower.c writes the body and calls back here for
 * spawn, sync and return.
 */
#include "lower_impl.h"

#include "tokens.h"

/* One task type and thunk per spawn site: the task holds the arguments the
 * parent evaluated, and the destination pointer. */
static void emit_task_struct(Lower *L, const Node *n, int k)
{
    L->e.view = VIEW_TYPEOF;
    emit_fmt(&L->e, "struct cilkc_task_%s_%d { cilkrt_task h;", L->name, k);
    const Sym *callee =
        n->callee.last - n->callee.first == 1 ? L->u->toks[n->callee.first].sym : NULL;
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
    if (lower_has_dest(L, n)) {
        emit_str(&L->e, " __typeof__(");
        lower_dest_pointer(L, n);
        emit_str(&L->e, ") dst;");
    }
    lower_ws(L, " cilkrt_wsp_mark wm;");
    emit_fmt(&L->e, " };\nstatic void cilkc_thunk_%s_%d(cilkrt_worker *, cilkrt_task *);\n",
             L->name, k);
}

/* The parent evaluates the arguments into a task and pushes it. */
void child_spawn(Lower *L, const Node *n, int site)
{
    emit_fmt(&L->e,
             "{ struct cilkc_task_%s_%d *cilkc_t = (struct cilkc_task_%s_%d *)"
             "cilkrt_task_alloc(cilkc_w, sizeof *cilkc_t); cilkc_t->h.run = cilkc_thunk_%s_%d; ",
             L->name, site, L->name, site, L->name, site);
    if (!lower_parallel_callee(L, n) &&
        !(n->callee.last - n->callee.first == 1 && L->u->toks[n->callee.first].sym &&
          L->u->toks[n->callee.first].sym->kind == SYM_FUNC)) {
        emit_str(&L->e, "cilkc_t->fn = ");
        emit_range(&L->e, n->callee.first, n->callee.last);
        emit_str(&L->e, "; ");
    }
    for (int i = 0; i < n->nargs; i++) {
        emit_fmt(&L->e, "cilkc_t->a%d = (", i);
        emit_range(&L->e, n->args[i].first, n->args[i].last);
        emit_str(&L->e, "); ");
    }
    if (lower_has_dest(L, n)) {
        emit_str(&L->e, "cilkc_t->dst = ");
        lower_dest_pointer(L, n);
        emit_str(&L->e, "; ");
    }
    lower_ws(L, "cilkrt_wsp_spawn_task(&cilkc_ws, &cilkc_t->wm); ");
    emit_str(&L->e, "cilkrt_task_spawn(cilkc_w, &cilkc_g, &cilkc_t->h); ");
    lower_ws(L, "cilkrt_wsp_resume(&cilkc_ws); ");
    emit_str(&L->e, "}");
}

/* The group sync, between the work/span hooks: the strand ends before it
 * (the worker may run other tasks there), and hook runs after it. */
static void group_sync(Lower *L, const char *hook)
{
    lower_ws(L, "cilkrt_wsp_end(&cilkc_ws); ");
    emit_str(&L->e, "cilkrt_group_sync(cilkc_w, &cilkc_g);");
    lower_ws(L, " %s(&cilkc_ws);", hook);
}

void child_sync(Lower *L) { group_sync(L, "cilkrt_wsp_sync"); }

/* The children of this invocation finish before it returns: they may
 * write its locals. */
void child_return(Lower *L, const Node *n)
{
    emit_str(&L->e, "{ ");
    group_sync(L, "cilkrt_wsp_rejoin");
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
    emit_str(&L->e, L->is_void ? "cilkrt_wsp_leave(&cilkc_ws); return; }"
                               : "cilkrt_wsp_leave(&cilkc_ws); return cilkc_r; }");
}

/* Run by whichever worker takes the task: the call, then the result stored
 * through dst (a compound assignment under the group lock: siblings may
 * combine into the same destination). */
static void emit_thunk(Lower *L, const Node *n, int k)
{
    emit_fmt(&L->e,
             "static void cilkc_thunk_%s_%d(cilkrt_worker *cilkc_w, cilkrt_task *cilkc_h)\n"
             "{ struct cilkc_task_%s_%d *cilkc_t = (struct cilkc_task_%s_%d *)cilkc_h; "
             "(void)cilkc_w;\n  ",
             L->name, k, L->name, k, L->name, k);
    const Func *g = lower_parallel_callee(L, n);
    lower_ws(L, "cilkrt_wsp *cilkc_saved; cilkrt_wsp_task_begin(&cilkc_t->wm, &cilkc_saved); ");
    if (!g)
        lower_ws(L, "cilkrt_wsp cilkc_wc; cilkrt_wsp_enter(&cilkc_wc); ");
    L->e.view = VIEW_TYPEOF;
    if (lower_has_dest(L, n)) {
        emit_str(&L->e, "__typeof__(");
        lower_call_text(L, n);
        emit_str(&L->e, ") cilkc_r = ");
    }
    const Sym *callee =
        n->callee.last - n->callee.first == 1 ? L->u->toks[n->callee.first].sym : NULL;
    if (g)
        emit_fmt(&L->e, "cilkc_body_%s(cilkc_w%s", g->sym->name, n->nargs ? ", " : "");
    else if (callee && callee->kind == SYM_FUNC)
        emit_fmt(&L->e, "%s(", callee->name);
    else
        emit_str(&L->e, "cilkc_t->fn(");
    for (int i = 0; i < n->nargs; i++)
        emit_fmt(&L->e, "%scilkc_t->a%d", i ? ", " : "", i);
    emit_str(&L->e, ");");
    if (!g)
        lower_ws(L, " cilkrt_wsp_leave(&cilkc_wc);");
    if (lower_has_dest(L, n)) {
        int lock = n->op && n->op != TK_ASSIGN;
        if (lock)
            emit_str(&L->e, " cilkrt_group_lock(cilkc_h->group);");
        emit_str(&L->e, " (*cilkc_t->dst)");
        lower_dest_suffix(L, n);
        emit_fmt(&L->e, " %s cilkc_r;", lower_op_text(n));
        if (lock)
            emit_str(&L->e, " cilkrt_group_unlock(cilkc_h->group);");
    }
    lower_ws(L, " cilkrt_wsp_task_end(cilkc_saved);");
    emit_str(&L->e, " }\n");
}

static void emit_child_body(Lower *L)
{
    L->clone = CLONE_CHILD;
    L->e.view = VIEW_PLAIN;
    L->e.synched = "cilkrt_group_synched(cilkc_w, &cilkc_g)";
    lower_clone_spec(L, L->fn);
    Buf name = {0};
    buf_printf(&name, "cilkc_body_%s", L->name);
    lower_signature(L, L->fn, name.data, CHILD_EXTRA);
    buf_free(&name);
    emit_str(&L->e, "\n{ cilkrt_group cilkc_g; cilkrt_group_init(cilkc_w, &cilkc_g);");
    lower_ws(L, " cilkrt_wsp cilkc_ws; cilkrt_wsp_enter(&cilkc_ws);");
    L->e.file = NULL;
    lower_block(L, L->fn->body);
    emit_str(&L->e, "\n");
    group_sync(L, "cilkrt_wsp_rejoin");
    lower_ws(L, " cilkrt_wsp_leave(&cilkc_ws);");
    if (L->is_main && !L->is_void)
        emit_str(&L->e, " return 0;");
    emit_str(&L->e, " }\n");
}

/* FN itself: on a worker, the body runs as a plain call. */
static void emit_entry(Lower *L)
{
    lower_entry_head(L);
    if (L->workspan) {
        emit_str(&L->e, "cilkrt_wsp *cilkc_ws = cilkrt_wsp_current(); ");
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
        emit_str(&L->e, L->is_void ? " cilkrt_wsp_resume(cilkc_ws);"
                                   : " cilkrt_wsp_resume(cilkc_ws); return cilkc_r;");
    emit_str(&L->e, " }\n");
}

/* Everything FN becomes in child mode, after its locals struct. */
void child_func(Lower *L)
{
    for (int k = 1; k <= L->a.nspawns; k++)
        emit_task_struct(L, L->a.spawns[k - 1], k);
    emit_child_body(L);
    for (int k = 1; k <= L->a.nspawns; k++)
        emit_thunk(L, L->a.spawns[k - 1], k);
    L->e.synched = NULL;
    lower_root_thunk(L);
    emit_entry(L);
}
