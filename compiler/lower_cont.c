/*
 * lower_cont.c: continuation stealing (DESIGN §3): the pieces a parallel
 * function FN becomes, after the struct cilkc_locals_FN lower.c writes:
 *   - struct cilkc_frame_FN: the runtime's header, the destination pointer
 *     this invocation's spawn gave it, and the locals;
 *   - cilkc_fast_FN: the fast clone (locals are C locals, except those that
 *     must have one address for parent, child and thief: they live in the
 *     frame), push/call/pop at each spawn, sync is free;
 *   - cilkc_lazy_FN: what this unit's spawns of FN call: the fast clone's
 *     entry, pushing the parent's frame only after a leaf test that runs
 *     in bounded time (emit_lazy_entry), or the push and the fast clone;
 *   - cilkc_slow_FN: the slow clone, every local in the frame, resumed by a
 *     switch on the frame's entry index;
 *   - FN itself with its original signature: runs the fast clone behind a
 *     boundary on a worker, or hands the call to the pool from other threads;
 *   - cilkc_inlet_FN: stores or combines a stolen child's result.
 * The walker of lower.c writes both clones' bodies and calls back here for
 * spawn, sync and return, and when a declaration hides a saved local.
 */
#include "arena.h"
#include "lower_impl.h"

#include "tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The frame's own abort count (a unit with abort), read where a child's
 * result arrives: if it changed since the spawn, the result is dropped. */
#define OWN_ABORTS "__atomic_load_n(&cilkc_f->cilkc_aborts, __ATOMIC_ACQUIRE)"

/* A function only declared here, with the `cilk` marker and a prototype:
 * if a parallel function of that name is linked in (continuation mode, from
 * another file), its fast clone is called directly; a weak reference tells
 * at run time. Without the marker the call goes through the function's
 * plain entry, which is just as correct but makes a boundary. */
static const Sym *marked_callee(const Lower *L, const Node *n)
{
    if (n->callee.last - n->callee.first != 1)
        return NULL;
    const Sym *s = L->u->toks[n->callee.first].sym;
    if (!s || s->kind != SYM_FUNC || s->def || !s->decl || !s->decl->parent || s->decl->name < 0 ||
        tok_kind(L->u, s->decl->name + 1) != TK_LPAREN)
        return NULL;
    const Decl *d = s->decl->parent;
    int marked = 0;
    for (int i = d->spec_first; i < d->spec_last; i++)
        marked |= tok_kind(L->u, i) == TK_CILK;
    int open = s->decl->name + 1, close = tok_match(L->u, open);
    if (!marked || close == open + 1)
        return NULL;
    for (int i = open; i < close; i++)
        if (tok_kind(L->u, i) == TK_ELLIPSIS)
            return NULL;
    return s;
}

/* For calls.c: is n's callee a marked one? */
const Sym *cont_marked_callee(const Lower *L, const Node *n) { return marked_callee(L, n); }

/* The fast clones of the marked callees, declared weak: null when no
 * parallel function of that name is linked in, which emit_call tests. */
void cont_declare_marked(Lower *L)
{
    for (int k = 0; k < L->a.nspawns; k++) {
        const Sym *m = marked_callee(L, L->a.spawns[k]);
        int seen = 0;
        for (int j = 0; j < k && m; j++)
            seen |= marked_callee(L, L->a.spawns[j]) == m;
        if (!m || seen || lower_clone_declared(L, m->name))
            continue;
        Buf name = {0};
        buf_printf(&name, "cilkc_fast_%s", m->name);
        emit_str(&L->e, "extern");
        lower_spec(L, m->decl->parent->spec_first, m->decl->parent->spec_last, 0, 0);
        lower_signature_of(L, m->decl, name.data, FAST_EXTRA);
        buf_free(&name);
        emit_str(&L->e, " __attribute__((weak));\n");
    }
}

/* Does the child's result go anywhere: a destination, or an inlet that
 * takes it? */
static int has_value(const Lower *L, const Node *n)
{
    return lower_has_dest(L, n) || (n->inlet && n->inlet->nparams > n->nextra);
}

/* The pointer the child carries back with its result: the destination
 * reached through a pointer, or an inlet call's extra arguments. */
static int carries_pointer(const Lower *L, const Node *n)
{
    return lower_dest_by_pointer(L, n) || (n->inlet && n->nextra > 0);
}

/* Does the spawn of n call the callee's cilkc_lazy_FN, which pushes the
 * parent's frame itself (emit_lazy_entry), instead of pushing first? For a
 * parallel function of this unit, unless the unit keeps push, call, pop
 * everywhere (cont_lazy_unit). */
static int pushes_lazily(const Lower *L, const Node *n)
{
    return cont_lazy_unit(L) && lower_parallel_callee(L, n);
}

/* Does the fast clone set its frame's resume index once, when it
 * allocates the frame, instead of at every push? It can when FN has one
 * spawn site: the fast clone writes the index only before a push (its
 * syncs are free), and a frame it pushed that is stolen never comes back
 * to it, so every push finds the index as the allocation left it. A
 * store less a spawn in a loop of spawns (uts, nqueens, the spawn loop);
 * on uts(9) gcc then also keeps the leaf's early return ahead of the
 * callee-saved registers' saves. */
static int entry_set_once(const Lower *L) { return L->clone == CLONE_FAST && L->a.nspawns == 1; }

/* The store of the resume index before a push, unless the allocation
 * made it (entry_set_once). */
static void emit_entry_store(Lower *L, int site)
{
    if (L->clone == CLONE_SLOW)
        emit_fmt(&L->e, "cilkc_h->entry = %d; ", site);
    else if (!entry_set_once(L))
        emit_fmt(&L->e, "cilkc_f->h.entry = %d; ", site);
}

/* Does this spawn, of FN by FN itself, try the child's entry first
 * (cilkc_try_FN) and only when it is no leaf allocate the frame, save and
 * push (emit_try_call)? */
static int tries_leaf(const Lower *L, const Node *n)
{
    return L->try_k && lower_parallel_callee(L, n) == L->fn;
}

static int spawns_itself(const Lower *L)
{
    for (int k = 0; k < L->a.nspawns; k++)
        if (tries_leaf(L, L->a.spawns[k]))
            return 1;
    return 0;
}

/* The call of a continuation-mode clone, on the temporaries; a parallel
 * callee by its fast clone, or by its lazy entry, which stores into
 * cilkc_t the slot it pushed the frame into (-1: none). */
static void emit_call(Lower *L, const Node *n, int site, const char *frame)
{
    const Func *g = lower_parallel_callee(L, n);
    const Sym *m = g ? NULL : marked_callee(L, n);
    if (m) {
        emit_fmt(&L->e, "(cilkc_fast_%s ? cilkc_fast_%s(cilkc_w, %s, %d, %s", m->name, m->name,
                 frame, site, carries_pointer(L, n) ? "(void *)cilkc_d" : "0");
        for (int i = 0; i < n->nargs; i++)
            emit_fmt(&L->e, ", cilkc_a%d", i);
        emit_fmt(&L->e, ") : %s(", m->name);
        for (int i = 0; i < n->nargs; i++)
            emit_fmt(&L->e, "%scilkc_a%d", i ? ", " : "", i);
        emit_str(&L->e, "))");
        return;
    }
    if (g) {
        emit_fmt(&L->e, "cilkc_%s_%s(cilkc_w, %s, %d, %s", pushes_lazily(L, n) ? "lazy" : "fast",
                 g->sym->name, frame, site, carries_pointer(L, n) ? "(void *)cilkc_d" : "0");
        if (pushes_lazily(L, n))
            emit_fmt(&L->e, ", &cilkc_t, %d", entry_set_once(L));
    } else {
        if (lower_callee_is_name(n))
            emit_range(&L->e, n->callee.first, n->callee.last);
        else
            emit_str(&L->e, "cilkc_fn");
        emit_str(&L->e, "(");
    }
    for (int i = 0; i < n->nargs; i++)
        emit_fmt(&L->e, "%scilkc_a%d", g || i ? ", " : "", i);
    emit_str(&L->e, ")");
}

/* The work/span record of this invocation (frame field, both clones). */
#define WS "&cilkc_f->cilkc_ws"

/* Does the spawned callee open its own record (a parallel function)? A
 * plain one gets cilkc_wc, on this C stack for the call. */
static int ws_callee_enters(const Lower *L, const Node *n)
{
    return !L->workspan || lower_parallel_callee(L, n) || marked_callee(L, n);
}

/* The spawn's mark, taken before the push: a thief may move this
 * invocation's path on as soon as the frame is published. A plain call
 * made a spawn (calls.c) is measured as the call it is (no mark, no
 * burden, no merge, no strand between it and its sync), so that both
 * modes give the same figures (tests/workspan/ws_call). */
static void ws_spawn(Lower *L, const Node *n)
{
    if (!ws_callee_enters(L, n))
        emit_str(&L->e, "cilkrt_wsp cilkc_wc; ");
    if (!n->synced_call)
        lower_ws(L, "cilkrt_wsp_spawn(cilkc_w, " WS "); ");
    if (!ws_callee_enters(L, n))
        emit_str(&L->e, "cilkrt_wsp_enter(cilkc_w, &cilkc_wc); ");
}

/* Save the locals the thief needs at spawn site `site` (fast clone):
 * every visible local that lives in a C variable, unless it is dead after
 * the spawn or the frame holds its value already (analysis_saves). A local
 * hidden by an inner one of the same name was saved when it was hidden. */
static int hidden(const Lower *L, int i)
{
    for (int j = i + 1; j < L->nvisible; j++)
        if (strcmp(L->visible[j]->name, L->visible[i]->name) == 0)
            return 1;
    return 0;
}

static void emit_save(Lower *L, const Sym *s)
{
    emit_str(&L->e, "cilkc_f->l.");
    emit_field(&L->e, s);
    emit_fmt(&L->e, " = %s; ", s->name);
}

static void emit_saves(Lower *L, int site)
{
    for (int i = 0; i < L->nvisible; i++) {
        const Sym *s = L->visible[i];
        if (hidden(L, i) || L->a.resident[s->index] || (s->is_param && !L->a.assigned[s->index]) ||
            !analysis_saves(&L->a, site, s))
            continue;
        emit_save(L, s);
    }
}

/* Save the locals visible here that analysis_hoisted assigns to loop n
 * (the loop's spawns leave them out). Returns how many. A local hidden by
 * an inner one of its name is hidden at the loop's spawns too, where
 * cont_save_hidden saved it instead. */
static int emit_hoisted(Lower *L, const Node *n)
{
    int count = 0;
    for (int i = 0; i < L->nvisible; i++) {
        const Sym *s = L->visible[i];
        if (!hidden(L, i) && analysis_hoisted(&L->a, n, s)) {
            emit_save(L, s);
            count++;
        }
    }
    return count;
}

/* Entering loop n (any clone, for the chain): the fast clone saves the
 * locals hoisted to n before it, if it has a frame already; a lazy frame
 * allocated inside n saves them then (emit_frame_setup). Returns 1 if it
 * opened a brace for cont_loop_leave to close (n may be the body of an
 * if or a loop: the saves and n must stay one statement). */
int cont_loop_enter(Lower *L, const Node *n, LowerLoop *lp)
{
    lp->loop = n;
    lp->up = L->loops;
    L->loops = lp;
    if (L->clone != CLONE_FAST)
        return 0;
    int any = 0;
    for (int i = 0; !any && i < L->a.nhoists; i++)
        any = L->a.hoists[i].loop == n;
    if (!any)
        return 0;
    emit_str(&L->e, L->a.lazy ? "{ if (cilkc_f) { " : "{ ");
    emit_hoisted(L, n);
    if (L->a.lazy)
        emit_str(&L->e, "} ");
    return 1;
}

void cont_loop_leave(Lower *L, int braced)
{
    L->loops = L->loops->up;
    if (braced)
        emit_str(&L->e, " }");
}

/* Allocate the fast clone's frame and store what never changes. In
 * cilkc_fastin_FN, read the worker from the thread first: every use of
 * the worker in a fast clone (push, pop, delivery, statistics, free)
 * concerns its frame and comes after this, so a leaf, which allocates
 * none, reads nothing (worker_from_thread). */
static void emit_frame_setup(Lower *L)
{
    emit_fmt(&L->e,
             "cilkc_f = (struct cilkc_frame_%s *)cilkrt_frame_alloc(%s, sizeof *cilkc_f, "
             "&cilkc_desc_%s, cilkc_parent, cilkc_site, cilkc_dst);",
             L->name, L->fastin ? "cilkc_w = cilkrt_self()" : "cilkc_w", L->name);
    if (L->aborts)
        emit_str(&L->e, " cilkc_f->cilkc_aborts = 0; cilkc_f->cilkc_parent_aborts = cilkc_pab; "
                        "cilkc_f->cilkc_epoch = cilkc_epoch;");
    for (int i = 0; i < L->fn->nparams; i++) {
        const Sym *p = L->fn->params[i];
        if (L->a.resident[p->index] || !L->a.assigned[p->index]) {
            emit_str(&L->e, " cilkc_f->l.");
            emit_field(&L->e, p);
            emit_fmt(&L->e, " = %s;", p->name);
        }
    }
    /* a lazy frame allocated inside loops: what they hoisted (cont_loop_enter
     * found no frame to save it in) */
    for (const LowerLoop *l = L->loops; l; l = l->up)
        if (emit_hoisted(L, l->loop))
            emit_str(&L->e, " ");
    if (entry_set_once(L))
        emit_str(&L->e, " cilkc_f->h.entry = 1;");
}

static void emit_ensure_frame(Lower *L)
{
    if (!L->a.lazy)
        return;
    emit_str(&L->e, "if (!cilkc_f) { ");
    emit_frame_setup(L);
    emit_str(&L->e, " } ");
}

static int is_resident(const Lower *L, const Sym *s)
{
    return sym_is_auto(s) && L->a.resident[s->index] && !L->a.in_expr[s->index];
}

static int names_resident(const Lower *L, int first, int last)
{
    for (int i = first; i < last; i++) {
        if (tok_kind(L->u, i) == TK_IDENT && is_resident(L, L->u->toks[i].sym))
            return 1;
    }
    return 0;
}

/* A declaration names a resident local in its declarators' sizes and
 * initializers, and writes the one it declares if it initializes it (not
 * with a spawn: cont_spawn sees to that); declaring one is no use. */
static int decl_names_resident(const Lower *L, const Decl *d)
{
    for (int i = 0; i < d->ndecls; i++) {
        const Declarator *dd = d->decls[i];
        if (dd->spawn)
            continue;
        if (names_resident(L, dd->first, dd->name) || names_resident(L, dd->name + 1, dd->last))
            return 1;
        if (dd->init_first >= 0 &&
            (is_resident(L, dd->sym) || names_resident(L, dd->init_first, dd->init_last)))
            return 1;
    }
    return 0;
}

/* Does statement n itself (not the statements it holds, which see to
 * themselves) read or write a resident local? */
static int stmt_names_resident(const Lower *L, const Node *n)
{
    switch (n->kind) {
    case N_EXPR:
    case N_ASM:
    case N_OTHER:
    case N_GOTO:
    case N_RETURN:
        return names_resident(L, n->first, n->last);
    case N_DECL:
        return decl_names_resident(L, n->decl);
    case N_IF:
    case N_SWITCH:
    case N_WHILE:
    case N_DO:
        return names_resident(L, n->e.first, n->e.last);
    case N_FOR:
        return (n->init && names_resident(L, n->init->first, n->init->last)) ||
               names_resident(L, n->e.first, n->e.last) ||
               names_resident(L, n->e2.first, n->e2.last);
    default:
        return 0; /* a spawn allocates the frame itself (cont_spawn) */
    }
}

/* A lazy fast clone with resident locals (they live in the frame): a
 * statement that names one allocates the frame first, if no spawn did
 * yet; the leaves of uts, whose array of results stays untouched, never
 * do. Returns 1 if it opened a brace for cont_frame_after to close (n may
 * be the body of an if or a loop; a declaration is never one, and its
 * names must stay visible after it). */
int cont_frame_before(Lower *L, const Node *n)
{
    if (L->clone != CLONE_FAST || !L->a.lazy || !L->a.has_resident || !stmt_names_resident(L, n))
        return 0;
    int braced = n->kind != N_DECL;
    emit_str(&L->e, braced ? "{ " : "");
    emit_ensure_frame(L);
    return braced;
}

void cont_frame_after(Lower *L, int braced)
{
    if (braced)
        emit_str(&L->e, " }");
}

/* The fast clone's frame leaves it at a return: its spawns, counted in
 * cilkc_ns, go into the statistics (cilkrt_count_spawns), and the frame
 * back to the free list. */
static void emit_frame_free(Lower *L)
{
    if (L->a.uses_alloca)
        emit_str(&L->e, "if (cilkc_f->h.allocas) cilkrt_alloca_release(cilkc_w, &cilkc_f->h); ");
    if (spawns_itself(L)) {
        /* leaf children were spawned without a frame */
        emit_str(&L->e, "cilkrt_count_spawns(cilkc_w, cilkc_ns); if (cilkc_f) "
                        "cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f); ");
        return;
    }
    emit_str(&L->e, L->a.lazy ? "if (cilkc_f) { " : "{ ");
    emit_str(&L->e, "cilkrt_count_spawns(cilkc_w, cilkc_ns); "
                    "cilkrt_frame_free(cilkc_w, &cilkc_f->h, sizeof *cilkc_f); } ");
}

static void emit_dummy_return(Lower *L)
{
    if (L->is_void) {
        emit_str(&L->e, "return;");
        return;
    }
    emit_str(&L->e, "return (");
    lower_return_type(L, "");
    emit_str(&L->e, "){0};");
}

/* An inlet call's extra arguments, evaluated by the parent into a block
 * that lives as long as the frame (the child may return to a thief). */
static void emit_inlet_extra(Lower *L, const Node *n, int site, const char *frame)
{
    emit_fmt(&L->e,
             "struct cilkc_extra_%s_%d *cilkc_d = (struct cilkc_extra_%s_%d *)cilkrt_alloca("
             "cilkc_w, %s, &cilkc_aend, sizeof *cilkc_d); ",
             L->name, site, L->name, site, frame);
    for (int i = 0; i < n->nextra; i++) {
        emit_fmt(&L->e, "cilkc_d->x%d = (", i);
        emit_range(&L->e, n->extra[i].first, n->extra[i].last);
        emit_str(&L->e, "); ");
    }
}

/* What a failed pop hands to the frame's inlet: the result (with the
 * pointer it carries), or nothing; NULL when an abort since the spawn
 * drops it. */
static void emit_deliver(Lower *L, const Node *n, int site, const char *frame)
{
    const char *d = carries_pointer(L, n) ? "(void *)cilkc_d" : "0";
    const char *res = "&cilkc_res";
    if (has_value(L, n))
        emit_fmt(&L->e, "struct { void *d; __typeof__(cilkc_r) v; } cilkc_res = { %s, cilkc_r }; ",
                 d);
    else if (n->inlet)
        emit_fmt(&L->e, "struct { void *d; } cilkc_res = { %s }; ", d);
    else
        res = "0";
    if (L->aborts && strcmp(res, "0") != 0)
        emit_fmt(&L->e, "cilkrt_deliver(cilkc_w, %s, %d, " OWN_ABORTS " == cilkc_ab ? %s : 0); ",
                 frame, site, res);
    else
        emit_fmt(&L->e, "cilkrt_deliver(cilkc_w, %s, %d, %s); ", frame, site, res);
}

/* After a successful pop: the result goes to its destination or inlet
 * (unless an abort since the spawn drops it). The slow clone combines,
 * and stores into a member (a bit-field's word may be rewritten by a
 * stolen child's delivery at the same time: lower_dest_is_member), under
 * the frame's lock, which a clone with inlets already holds. */
static void emit_store(Lower *L, const Node *n, int site)
{
    int slow = L->clone == CLONE_SLOW;
    if (!n->inlet && !lower_has_dest(L, n))
        return;
    if (L->aborts)
        emit_str(&L->e, "if (" OWN_ABORTS " == cilkc_ab) ");
    if (n->inlet) {
        lower_inlet_body(L, n, site, "cilkc_r", "cilkc_d->x");
        return;
    }
    int lock =
        slow && ((n->op && n->op != TK_ASSIGN) || lower_dest_is_member(L, n)) && !L->holds_lock;
    emit_str(&L->e, "{ ");
    if (lock)
        emit_str(&L->e, "cilkrt_frame_lock(cilkc_h); ");
    lower_dest(L, n, "cilkc_d");
    lower_op(L, n);
    emit_str(&L->e, "cilkc_r; ");
    if (lock)
        emit_str(&L->e, "cilkrt_frame_unlock(cilkc_h); ");
    emit_str(&L->e, "} ");
}

/* The spawn counts in CILK_STATS, unless it is a plain call calls.c made
 * a spawn: the statistics count the program's spawns, as in child mode. */
static const char *spawn_count(const Node *n, int slow)
{
    if (n->synced_call)
        return "";
    return slow ? "cilkrt_count_spawns(cilkc_w, 1);" : "cilkc_ns++;";
}

static void sync_then(Lower *L, const char *hook); /* below, with the syncs */

/* A plain call made a spawn (calls.c) in the slow clone: when its pop
 * succeeds nothing can be outstanding (no child was before the call, and
 * the frame was not stolen during it, so no steal made a view either) and
 * the sync is skipped; a thief resuming the frame after the call still
 * syncs, to wait for the callee. With --workspan the sync's hooks stay. */
static int skips_sync(const Lower *L, const Node *n)
{
    return n->synced_call && L->clone == CLONE_SLOW && !L->workspan;
}

/* The sync after a plain call made a spawn, and the label its skip goes to. */
static void synced_call_end(Lower *L, const Node *n, int site)
{
    emit_str(&L->e, " ");
    sync_then(L, "cilkrt_wsp_sync");
    if (skips_sync(L, n))
        emit_fmt(&L->e, " cilkc_called_%d:;", site);
}

/* A failed pop: the continuation was stolen. The result goes to the
 * frame (cilkrt_deliver) and this clone returns. */
static void emit_failed_pop(Lower *L, const Node *n, int site, const char *frame)
{
    int slow = L->clone == CLONE_SLOW;
    if (!slow)
        emit_str(&L->e, "cilkrt_count_spawns(cilkc_w, cilkc_ns); ");
    /* a call's figures are in WS already (its leave): the reading a steal
     * forces goes there too, before the delivery orders them for the thief */
    lower_ws(L, n->synced_call ? "cilkrt_wsp_charge(cilkc_w, " WS "); "
                               : "cilkrt_wsp_give(cilkc_w, " WS "); ");
    emit_deliver(L, n, site, frame);
    if (slow)
        emit_str(&L->e, "return;");
    else
        emit_dummy_return(L);
}

/* The result, declared where a value comes back. */
static void emit_result_decl(Lower *L, const Node *n)
{
    if (!has_value(L, n))
        return;
    emit_str(&L->e, "__typeof__(");
    lower_call_text(L, n);
    emit_str(&L->e, ") cilkc_r = ");
}

/* Push (or leave it to the lazy entry), call, pop; then the result goes
 * to its destination or inlet, as a plain call's would. */
static void emit_push_call_pop(Lower *L, const Node *n, int site, const char *frame)
{
    int slow = L->clone == CLONE_SLOW;
    if (!slow)
        emit_saves(L, site);
    ws_spawn(L, n);
    if (L->aborts)
        emit_str(&L->e, "int cilkc_ab = " OWN_ABORTS "; ");
    if (L->holds_lock)
        emit_str(&L->e, "cilkrt_frame_unlock(cilkc_h); ");
    if (pushes_lazily(L, n)) {
        emit_str(&L->e, "long cilkc_t; ");
    } else {
        emit_entry_store(L, site);
        emit_fmt(&L->e, "long cilkc_t = cilkrt_push(cilkc_w, %s); ", frame);
    }
    emit_fmt(&L->e, "%s { ", spawn_count(n, slow));
    emit_result_decl(L, n);
    emit_call(L, n, site, frame);
    emit_str(&L->e, "; ");
    if (!ws_callee_enters(L, n))
        lower_ws(L, "cilkrt_wsp_leave(cilkc_w, &cilkc_wc); ");
    emit_str(&L->e, pushes_lazily(L, n) ? "if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t)) { "
                                        : "if (!cilkrt_pop(cilkc_w, cilkc_t)) { ");
    emit_failed_pop(L, n, site, frame);
    emit_str(&L->e, " } ");
    if (!n->synced_call)
        lower_ws(L, "cilkrt_wsp_merge(cilkc_w, " WS "); ");
    if (L->holds_lock)
        emit_str(&L->e, "cilkrt_frame_lock(cilkc_h); ");
    emit_store(L, n, site);
}

static void emit_try_call(Lower *L, const Node *n, int site, const char *frame);

/* Push the frame, call the child, pop. A failed pop means the continuation
 * was stolen: the result goes to the frame (cilkrt_deliver) and this clone
 * returns; otherwise it is stored here, as a plain call would. A parallel
 * callee of this unit pushes the frame itself, when it reaches its
 * spawning part (emit_lazy_entry), and says where: no push, no pop around
 * a child that returns from its leaf test; FN's spawns of itself go
 * further (emit_try_call). In a unit with abort, a frame whose ancestors
 * aborted it spawns nothing more. */
void cont_spawn(Lower *L, const Node *n, int site)
{
    int slow = L->clone == CLONE_SLOW;
    const char *frame = slow ? "cilkc_h" : "&cilkc_f->h";
    int tries = tries_leaf(L, n);
    emit_str(&L->e, "{ ");
    if (!slow && !tries)
        emit_ensure_frame(L);
    if (L->aborts)
        emit_fmt(&L->e,
                 "if (__atomic_load_n(&cilkrt_abort_epoch, __ATOMIC_RELAXED) != "
                 "cilkc_f->cilkc_epoch && cilkrt_abort_poll(%s)) cilkrt_cut_off(); else ",
                 frame);
    emit_str(&L->e, "{ ");
    /* The destination's address is taken by the parent before the child
     * runs; it travels with this child (not in a per-site frame slot: a
     * thief may spawn again at this site before this child returns). */
    if (lower_dest_by_pointer(L, n)) {
        emit_str(&L->e, "__typeof__(");
        lower_dest_pointer(L, n);
        emit_str(&L->e, ") cilkc_d = ");
        lower_dest_pointer(L, n);
        emit_str(&L->e, "; ");
    }
    if (n->inlet && n->nextra)
        emit_inlet_extra(L, n, site, frame);
    lower_arg_temps(L, n);
    if (tries)
        emit_try_call(L, n, site, frame);
    else
        emit_push_call_pop(L, n, site, frame);
    if (skips_sync(L, n))
        emit_fmt(&L->e, " goto cilkc_called_%d;", site);
    emit_str(&L->e, "} }");
    if (slow)
        emit_fmt(&L->e, " if (0) { cilkc_resume_%d:; }", site);
    if (!n->synced_call)
        lower_ws(L, " cilkrt_wsp_resume(cilkc_w, " WS ");");
    /* inside the spawn's block: the call may be the whole body of a loop,
     * an if or an else, and its sync and label must stay in that body */
    if (n->synced_call)
        synced_call_end(L, n, site);
    emit_str(&L->e, " }");
}

/* Cilk-5's abort: only a slow clone can have children still out (a fast
 * clone's have all returned); they find out at their next spawn. */
void cont_abort(Lower *L)
{
    emit_str(&L->e, L->clone == CLONE_SLOW ? "cilkrt_abort(cilkc_h);" : "{ }");
}

/* A sync is free in the fast clone: nothing was stolen from it, or it
 * would not be running. The slow clone may have to wait, and resumes at
 * the sync's own entry index. */
static void sync_then(Lower *L, const char *hook)
{
    if (L->clone == CLONE_FAST) {
        if (L->workspan)
            emit_fmt(&L->e, "{ %s_fast(cilkc_w, " WS "); }", hook);
        else
            emit_str(&L->e, "{ }"); /* a statement: -Wempty-body flags `else ;` */
        return;
    }
    int k = L->next_sync++;
    const char *unlock = L->holds_lock ? "cilkrt_frame_unlock(cilkc_h); " : "";
    const char *lock = L->holds_lock ? "cilkrt_frame_lock(cilkc_h); " : "";
    emit_str(&L->e, "{ ");
    lower_ws(L, "cilkrt_wsp_end(cilkc_w, " WS "); ");
    emit_fmt(&L->e,
             "%scilkc_h->entry = %d; if (!cilkrt_sync(cilkc_w, cilkc_h)) return; "
             "%sif (0) { cilkc_resume_%d:; } ",
             unlock, k, lock, k);
    lower_ws(L, "%s(cilkc_w, " WS "); ", hook);
    emit_str(&L->e, "}");
}

void cont_sync(Lower *L) { sync_then(L, "cilkrt_wsp_sync"); }

/* The fast clone frees its frame and returns the value. */
static void fast_return(Lower *L, const Node *n)
{
    int has_e = n->e.last > n->e.first;
    if (L->is_void) {
        if (has_e) {
            emit_range(&L->e, n->e.first, n->e.last);
            emit_str(&L->e, "; ");
        }
        lower_ws(L, "cilkrt_wsp_leave(cilkc_w, " WS "); ");
        emit_frame_free(L);
        emit_str(&L->e, "return; }");
        return;
    }
    lower_return_type(L, "cilkc_r");
    emit_str(&L->e, " = (");
    emit_range(&L->e, n->e.first, n->e.last);
    emit_str(&L->e, "); ");
    lower_ws(L, "cilkrt_wsp_leave(cilkc_w, " WS "); ");
    emit_frame_free(L);
    emit_str(&L->e, "return cilkc_r; }");
}

/* The slow clone syncs first, keeps the value in the frame and leaves by
 * cilkc_return, which hands it to the parent. */
static void slow_return(Lower *L, const Node *n)
{
    int has_e = n->e.last > n->e.first;
    sync_then(L, "cilkrt_wsp_rejoin");
    if (has_e) {
        emit_str(&L->e, L->is_void ? " " : " cilkc_f->l.ret = (");
        emit_range(&L->e, n->e.first, n->e.last);
        emit_str(&L->e, L->is_void ? ";" : ");");
    }
    emit_str(&L->e, " goto cilkc_return; }");
}

void cont_return(Lower *L, const Node *n)
{
    emit_str(&L->e, "{ ");
    if (L->clone == CLONE_SLOW)
        slow_return(L, n);
    else
        fast_return(L, n);
}

/* Fast clone: a declaration of s hides the visible local of the same name,
 * which cannot change while hidden: save it now, the thief needs it. */
void cont_save_hidden(Lower *L, const Sym *s)
{
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

/* The frame, and the result a finished slow clone hands to its parent:
 * the value with the destination pointer its spawn gave it (NULL unless the
 * parent's destination is reached through a pointer). The parent reads it
 * as struct { void *d; __typeof__(call) v; }: the same layout. */
static void emit_frame_struct(Lower *L)
{
    /* in a unit with abort, the frame starts as a cilkrt_abortable
     * (cilkrt_abi.h): the counts cilkrt_abort_poll reads follow h */
    emit_fmt(&L->e,
             "struct cilkc_frame_%s { cilkrt_frame h; %s"
             "%sstruct cilkc_locals_%s l; };\n",
             L->name, L->aborts ? "int cilkc_aborts, cilkc_parent_aborts, cilkc_epoch; " : "",
             L->workspan ? "cilkrt_wsp cilkc_ws; " : "", L->name);
    if (L->is_void)
        return;
    emit_fmt(&L->e, "struct cilkc_result_%s { void *d;", L->name);
    lower_return_type(L, "v");
    emit_str(&L->e, "; };\n");
}

/* A clone that calls alloca keeps the end of the segment of its frame's
 * run there (cilkrt_alloca in cilkrt_abi.h): the test for a bump is then
 * one compare with a register. */
static void emit_alloca_seg(Lower *L)
{
    if (L->a.uses_alloca)
        emit_str(&L->e, "char *cilkc_aend = 0; ");
}

/* The fast clone's own variables: its spawn count, its alloca segment and
 * its frame. */
static void emit_fast_head(Lower *L)
{
    /* with abort: the epoch and the parent's count when called (a lazy
     * frame is set up later, maybe after an abort it must not miss) */
    if (L->aborts)
        emit_str(&L->e, "int cilkc_epoch = __atomic_load_n(&cilkrt_abort_epoch, __ATOMIC_ACQUIRE); "
                        "int cilkc_pab = cilkrt_abort_count(cilkc_parent); ");
    /* spawns so far, for the statistics (emit_frame_free) */
    emit_str(&L->e, "unsigned long cilkc_ns = 0; ");
    emit_alloca_seg(L);
    emit_fmt(&L->e, "struct cilkc_frame_%s *cilkc_f", L->name);
    if (L->a.lazy) {
        emit_fmt(&L->e,
                 " = 0; (void)cilkc_parent; (void)cilkc_site; (void)cilkc_dst; "
                 "(void)&cilkc_desc_%s;",
                 L->name);
    } else {
        emit_str(&L->e, "; ");
        emit_frame_setup(L);
        lower_ws(L, " cilkrt_wsp_enter(cilkc_w, " WS ");");
    }
    for (int i = 0; i < L->fn->nparams; i++)
        if (!L->a.resident[L->fn->params[i]->index])
            lower_push_visible(L, L->fn->params[i]);
}

/* The fast clone falls off its end. */
static void emit_fast_tail(Lower *L)
{
    emit_str(&L->e, "\n");
    lower_ws(L, "cilkrt_wsp_leave(cilkc_w, " WS "); ");
    emit_frame_free(L);
    emit_dummy_return(L);
    emit_str(&L->e, " }\n");
}

/* ---- The fast clone split before its first spawn (split.c: when, and why) ---- */

static void passed_visible(Lower *L, const Sym *s, Buf *b)
{
    (void)b;
    emit_fmt(&L->e, "(void)%s; ", s->name);
    lower_push_visible(L, s);
}

/* The spawning part: statements k on, the entry's locals as parameters.
 * Static, so that gcc may drop or fold its parameters (IPA-CP, IPA-SRA). */
static void emit_spawning_part(Lower *L, int k)
{
    const Node *body = L->fn->body;
    Buf extra = {0};
    buf_printf(&extra, "%s", FAST_EXTRA);
    lower_each_passed(L, k, lower_passed_param, &extra);
    lower_clone_signature(L, "spawning",
                          L->fn->decl->storage & SC_STATIC ? "__attribute__((noinline))"
                                                           : "static __attribute__((noinline))",
                          extra.data);
    buf_free(&extra);
    emit_str(&L->e, "\n{ ");
    emit_fast_head(L);
    for (int i = 0; i < L->fn->nparams; i++)
        emit_fmt(&L->e, "(void)%s; ", L->fn->params[i]->name);
    lower_each_passed(L, k, passed_visible, NULL);
    emit_str(&L->e, "{");
    lower_stmts(L, body, k, body->nkids);
    emit_str(&L->e, " }");
    emit_fast_tail(L);
}

/* The end of an entry: before the spawning part's call, `before` (the
 * lazy entry's push); the call with the entry's locals; the return. */
static void emit_spawning_call(Lower *L, int k, const char *before)
{
    emit_anchor(&L->e, L->fn->first); /* not the last statement's line */
    emit_fmt(&L->e, "%s%scilkc_spawning_%s(cilkc_w, cilkc_parent, cilkc_site, cilkc_dst", before,
             L->is_void ? "" : "return ", L->name);
    lower_each_passed(L, k, lower_passed_arg, NULL);
    if (L->fn->nparams)
        emit_str(&L->e, ", ");
    lower_param_list(L, "");
    emit_str(&L->e, L->is_void ? "); return; }\n" : "); }\n");
}

/* The entry cilkc_fast_FN: statements before k, then the spawning part
 * (declared first: the spawning part's spawns call the entry). */
static void emit_split_fast_clone(Lower *L, int k)
{
    if (!lower_clone_declared(L, L->name)) {
        lower_clone_signature(L, "fast", "", FAST_EXTRA);
        emit_str(&L->e, ";\n");
    }
    emit_spawning_part(L, k);
    emit_anchor(&L->e, L->fn->first);
    L->nvisible = 0;
    lower_clone_signature(L, "fast", "", FAST_EXTRA);
    emit_str(&L->e, "\n{ ");
    emit_fast_head(L);
    lower_stmts(L, L->fn->body, 0, k);
    emit_spawning_call(L, k, "");
}

/* ---- The fast clone that takes its worker from the thread ----
 *
 * x86-64 passes six integer arguments in registers. With FN's own three,
 * the fast clone's four (worker, parent, site, destination) put the
 * seventh on the stack: at every spawn the parent stores it there, and
 * adjusts and restores its stack pointer around the call (uts: five
 * instructions a spawn). The worker is the thread's (a C stack never
 * moves between workers), so cilkc_fastin_FN, what this unit's lazy
 * entry calls, reads it from the thread-local cilkrt_self() instead,
 * when it allocates its frame (emit_frame_setup; two instructions in an
 * executable; a leaf reads nothing), and the six arguments fit.
 * cilkc_fast_FN keeps its signature for other files and the entry: it
 * passes the call on (a jump). Only for exactly three parameters: with
 * more, some stay on the stack anyway, and one slot fewer did not pay
 * (nqueens, five: +0.7 % counted instructions with the load at the
 * entry, no change with it at the allocation). Not for a split fast
 * clone, whose spawning part gets the worker from the entry in a
 * register. */
static int worker_from_thread(const Lower *L)
{
    return cont_lazy_unit(L) && L->fn->nparams == 3 && !L->fn->is_variadic && !L->fn->is_knr &&
           !lower_split_point(L);
}

/* cilkc_fast_FN(w, parent, site, dst, ...): cilkc_fastin_FN's arguments,
 * without the worker. */
static void emit_fast_wrapper(Lower *L)
{
    emit_anchor(&L->e, L->fn->first);
    lower_clone_signature(L, "fast", "", FAST_EXTRA);
    emit_fmt(&L->e, "\n{ (void)cilkc_w; %scilkc_fastin_%s(cilkc_parent, cilkc_site, cilkc_dst, ",
             L->is_void ? "" : "return ", L->name);
    lower_param_list(L, "");
    emit_str(&L->e, "); }\n");
}

static void emit_fast_clone(Lower *L)
{
    L->clone = CLONE_FAST;
    L->e.view = VIEW_FAST;
    L->e.synched = NULL; /* a stolen child would have ended this clone */
    L->nvisible = 0;
    int k = lower_split_point(L);
    if (k) {
        emit_split_fast_clone(L, k);
        return;
    }
    L->fastin = worker_from_thread(L);
    if (L->fastin) {
        lower_clone_signature(L, "fastin", L->fn->decl->storage & SC_STATIC ? "" : "static",
                              FASTIN_EXTRA);
        emit_str(&L->e, "\n{ cilkrt_worker *cilkc_w = 0; ");
    } else {
        lower_clone_signature(L, "fast", "", FAST_EXTRA);
        emit_str(&L->e, "\n{ ");
    }
    emit_fast_head(L);
    lower_block(L, L->fn->body);
    emit_fast_tail(L);
    if (L->fastin)
        emit_fast_wrapper(L);
    L->fastin = 0;
}

/* ---- The lazy entry: the parent's frame pushed by the child ---- */

/* Unless the unit has the work/span hooks or abort (their spawns keep
 * push, call, pop), spawns of this unit's parallel functions call
 * cilkc_lazy_FN. */
int cont_lazy_unit(const Lower *L) { return !L->workspan && !L->aborts; }

static void emit_inline_signature(Lower *L, const Func *g, const char *part, const char *extra);

/* The declarator of g's lazy entry: the fast clone's, and where the push
 * went (inline: gcc folds the slot's test at the call; unused where
 * nothing spawns g). */
void cont_lazy_signature(Lower *L, const Func *g)
{
    emit_inline_signature(L, g, "lazy", FAST_EXTRA ", long *cilkc_tp, int cilkc_entry_set");
}

/* The push of the parent's frame, with its resume index: the spawn site,
 * which the parent passes as the child's site, unless the parent set it
 * when it allocated the frame (cilkc_entry_set, a constant at the inline
 * call: entry_set_once). */
#define LAZY_PUSH                                                                                  \
    "if (!cilkc_entry_set) cilkc_parent->entry = cilkc_site; "                                     \
    "*cilkc_tp = cilkrt_push(cilkc_w, cilkc_parent); "

/* ---- The leaf try: what the entry hands over when it reaches a spawn ----
 *
 * cilkc_try_FN runs the split entry's statements (bounded: no loop, call
 * or goto) and returns FN's value if they return; if they reach the
 * spawning part instead, it sets go in struct cilkc_pre_FN and leaves
 * there the locals they declared and the parameters. Inline, so gcc
 * keeps the struct in registers. */

static void pre_field(Lower *L, const Sym *s, Buf *b)
{
    (void)b;
    emit_fmt(&L->e, " __typeof__(((struct cilkc_locals_%s *)0)->", L->name);
    emit_field(&L->e, s);
    emit_fmt(&L->e, ") %s;", s->name);
}

static void pre_store(Lower *L, const Sym *s, Buf *b)
{
    (void)b;
    emit_fmt(&L->e, "cilkc_pre->%s = %s; ", s->name, s->name);
}

static void pre_arg(Lower *L, const Sym *s, Buf *b)
{
    emit_fmt(&L->e, ", %s.%s", b->data, s->name);
}

static void emit_pre_struct(Lower *L)
{
    emit_fmt(&L->e, "struct cilkc_pre_%s { int go;", L->name);
    lower_each_passed(L, L->try_k, pre_field, NULL);
    for (int i = 0; i < L->fn->nparams; i++)
        pre_field(L, L->fn->params[i], NULL);
    emit_str(&L->e, " };\n");
}

/* Storage and declarator of an inline entry (lazy, try): unused where
 * nothing spawns FN. The lazy entry is always inlined: defined after the
 * fast clones that call it, it was otherwise inlined only by the late
 * inliner, and the spawn loop around it kept the slot's out-parameter and
 * its callee-saved registers: uts(9), 114.7 M instructions against
 * 102.6 M inlined early, where gcc also tests the leaf before it saves
 * them. */
static void emit_inline_signature(Lower *L, const Func *g, const char *part, const char *extra)
{
    const char *attrs = strcmp(part, "lazy") == 0 ? "__attribute__((unused, always_inline))"
                                                  : "__attribute__((unused))";
    emit_fmt(&L->e, "%sinline %s", g->decl->storage & SC_STATIC ? "" : "static ", attrs);
    lower_clone_spec(L, g);
    Buf name = {0};
    buf_printf(&name, "cilkc_%s_%s", part, g->sym->name);
    lower_signature(L, g, name.data, extra);
    buf_free(&name);
}

static void emit_try_signature(Lower *L)
{
    Buf extra = {0};
    buf_printf(&extra, "cilkrt_worker *cilkc_w, struct cilkc_pre_%s *cilkc_pre", L->name);
    emit_inline_signature(L, L->fn, "try", extra.data);
    buf_free(&extra);
}

static void emit_try_entry(Lower *L)
{
    emit_anchor(&L->e, L->fn->first);
    L->nvisible = 0;
    emit_try_signature(L);
    emit_fmt(&L->e, "\n{ unsigned long cilkc_ns = 0; struct cilkc_frame_%s *cilkc_f = 0; ",
             L->name);
    for (int i = 0; i < L->fn->nparams; i++)
        lower_push_visible(L, L->fn->params[i]);
    emit_str(&L->e, "cilkc_pre->go = 0; ");
    lower_stmts(L, L->fn->body, 0, L->try_k);
    emit_anchor(&L->e, L->fn->first); /* not the last statement's line */
    emit_str(&L->e, "cilkc_pre->go = 1; ");
    lower_each_passed(L, L->try_k, pre_store, NULL);
    for (int i = 0; i < L->fn->nparams; i++)
        pre_store(L, L->fn->params[i], NULL);
    emit_dummy_return(L);
    emit_str(&L->e, " }\n");
}

/* The spawning part's call with what the try handed over in `pre`. */
static void emit_spawning_from(Lower *L, const char *frame, const char *site, const char *dst,
                               const char *pre)
{
    Buf b = {0};
    buf_printf(&b, "%s", pre);
    emit_fmt(&L->e, "cilkc_spawning_%s(cilkc_w, %s, %s, %s", L->name, frame, site, dst);
    lower_each_passed(L, L->try_k, pre_arg, &b);
    for (int i = 0; i < L->fn->nparams; i++)
        pre_arg(L, L->fn->params[i], &b);
    emit_str(&L->e, ")");
    buf_free(&b);
}

/* FN's spawn of itself: the child's entry runs first, with no frame, no
 * save and no push; a leaf child (its entry returned) is a plain call.
 * Otherwise the parent allocates its frame if it has none, saves, sets its
 * resume index and pushes, then calls the child's spawning part: the
 * continuation becomes stealable a bounded time after the spawn (the
 * entry's statements, the allocation, the saves), as with the lazy entry,
 * and before the child can push anything of its own (DESIGN §3). A site
 * saves only on this path, so later sites cannot count on its saves
 * (analysis_saves_conditional). */
static void emit_try_call(Lower *L, const Node *n, int site, const char *frame)
{
    int slow = L->clone == CLONE_SLOW;
    emit_fmt(&L->e, "long cilkc_t; struct cilkc_pre_%s cilkc_p; %s { ", L->name,
             spawn_count(n, slow));
    emit_result_decl(L, n);
    emit_fmt(&L->e, "cilkc_try_%s(cilkc_w, &cilkc_p", L->name);
    for (int i = 0; i < n->nargs; i++)
        emit_fmt(&L->e, ", cilkc_a%d", i);
    emit_str(&L->e, "); if (cilkc_p.go) { ");
    if (!slow) {
        emit_ensure_frame(L);
        emit_saves(L, site);
    }
    emit_entry_store(L, site);
    emit_fmt(&L->e, "cilkc_t = cilkrt_push(cilkc_w, %s); ", frame);
    if (has_value(L, n))
        emit_str(&L->e, "cilkc_r = ");
    Buf at = {0};
    buf_printf(&at, "%d", site);
    emit_spawning_from(L, frame, at.data, carries_pointer(L, n) ? "(void *)cilkc_d" : "0",
                       "cilkc_p");
    buf_free(&at);
    emit_str(&L->e, "; if (!cilkrt_pop(cilkc_w, cilkc_t)) { ");
    emit_failed_pop(L, n, site, frame);
    emit_str(&L->e, " } } ");
    emit_store(L, n, site);
}

/* cilkc_lazy_FN: what a spawn calls, the parent's frame not yet pushed.
 * When the fast clone is split and its entry runs in bounded time
 * (lower_split_bounded), the entry's statements run first (cilkc_try_FN),
 * and the frame is pushed only when the child reaches its spawning part:
 * a child that returns from its leaf test costs its parent no push and no
 * pop, and *cilkc_tp = -1 tells the parent so. Otherwise the frame is
 * pushed first, as before any other call. Either way the parent pops the
 * slot, and a failed pop delivers there, so which failed pop delivers is
 * as in DESIGN §3: the frame is pushed, later than the call, but still
 * before the child can push its own. */
static void emit_lazy_entry(Lower *L)
{
    emit_anchor(&L->e, L->fn->first);
    L->nvisible = 0;
    cont_lazy_signature(L, L->fn);
    emit_str(&L->e, "\n{ ");
    if (L->try_k) {
        emit_fmt(&L->e, "struct cilkc_pre_%s cilkc_p; ", L->name);
        if (!L->is_void) {
            lower_return_type(L, "cilkc_r");
            emit_str(&L->e, " = ");
        }
        emit_fmt(&L->e, "cilkc_try_%s(cilkc_w, &cilkc_p%s", L->name, L->fn->nparams ? ", " : "");
        lower_param_list(L, "");
        emit_fmt(&L->e, "); if (!cilkc_p.go) { *cilkc_tp = -1; return%s; } " LAZY_PUSH "\n  %s",
                 L->is_void ? "" : " cilkc_r", L->is_void ? "" : "return ");
        emit_spawning_from(L, "cilkc_parent", "cilkc_site", "cilkc_dst", "cilkc_p");
        emit_str(&L->e, L->is_void ? "; return; }\n" : "; }\n");
        return;
    }
    int fastin = worker_from_thread(L);
    emit_fmt(&L->e, LAZY_PUSH "\n  %scilkc_%s_%s(%scilkc_parent, cilkc_site, cilkc_dst",
             L->is_void ? "" : "return ", fastin ? "fastin" : "fast", L->name,
             fastin ? "" : "cilkc_w, ");
    if (L->fn->nparams)
        emit_str(&L->e, ", ");
    lower_param_list(L, "");
    emit_str(&L->e, L->is_void ? "); return; }\n" : "); }\n");
}

/* The slow clone's result goes to the parent with the pointer its spawn
 * gave it (for a void function too: an inlet call's extra arguments); a
 * frame its ancestors aborted hands over nothing. */
static void emit_slow_result(Lower *L)
{
    if (L->is_void)
        emit_str(&L->e, "{ struct { void *d; } cilkc_res = { cilkc_h->dst }; ");
    else
        emit_fmt(&L->e, "{ struct cilkc_result_%s cilkc_res = { cilkc_h->dst, cilkc_f->l.ret }; ",
                 L->name);
    emit_fmt(&L->e, "cilkrt_slow_return(cilkc_w, cilkc_h, %s); }",
             L->aborts ? "cilkrt_abort_poll(cilkc_h) ? 0 : &cilkc_res" : "&cilkc_res");
}

static void emit_slow_clone(Lower *L)
{
    L->clone = CLONE_SLOW;
    L->e.view = VIEW_SLOW;
    L->holds_lock = L->a.has_inlets;
    /* under the held lock, join is read directly */
    L->e.synched = L->holds_lock ? "(cilkc_h->join == 0)" : "cilkrt_synched(cilkc_h)";
    L->next_sync = L->a.nspawns + 1;
    /* The body first, into its own buffer: the entry switch lists every
     * resume label, and syncs are numbered as they are written. */
    Buf body = {0};
    Emit head = L->e; /* the head follows the fast clone in the output */
    L->e.out = &body;
    L->e.file = NULL;
    L->e.depth++; /* the body goes inside the head's brace */
    lower_block(L, L->fn->body);
    emit_str(&L->e, "\n");
    sync_then(L, "cilkrt_wsp_rejoin");
    if (L->is_main && !L->is_void)
        emit_str(&L->e, " cilkc_f->l.ret = 0;");
    emit_str(&L->e, " goto cilkc_return;\ncilkc_return: ");
    if (L->holds_lock)
        emit_str(&L->e, "cilkrt_frame_unlock(cilkc_h); ");
    lower_ws(L, "cilkrt_wsp_leave_far(cilkc_w, " WS "); ");
    emit_slow_result(L);
    L->holds_lock = 0;
    Emit end = L->e;
    L->e = head;
    emit_anchor(&L->e, L->fn->first);
    emit_fmt(
        &L->e,
        "static void cilkc_slow_%s(cilkrt_worker *cilkc_w, cilkrt_frame *cilkc_h)\n"
        "{ struct cilkc_frame_%s *cilkc_f = (struct cilkc_frame_%s *)cilkc_h; (void)cilkc_f;\n",
        L->name, L->name, L->name);
    if (L->a.uses_alloca) {
        emit_str(&L->e, "  ");
        emit_alloca_seg(L);
        emit_str(&L->e, "\n");
    }
    /* with inlets, the clone's code runs under the frame's lock (DESIGN §6:
     * an inlet is atomic with its procedure); resumed, it takes it again */
    if (L->a.has_inlets)
        emit_str(&L->e, "  cilkrt_frame_lock(cilkc_h);\n");
    /* a thief, or the worker that resumes a suspended sync: its clock
     * restarts here (cilkrt_wsp.h) */
    lower_ws(L, "  cilkrt_wsp_stolen(cilkc_w, " WS ");\n");
    emit_str(&L->e, "  switch (cilkc_h->entry) {");
    for (int k = 1; k < L->next_sync; k++)
        emit_fmt(&L->e, " case %d: goto cilkc_resume_%d;", k, k);
    emit_str(&L->e, " default: break; }\n");
    buf_add(L->e.out, body.data, body.len);
    buf_free(&body);
    end.out = head.out;
    L->e = end;
    emit_str(&L->e, " }\n");
}

/* Site k's case of the inlet function, for a child that returned to a
 * stolen frame (the runtime holds the frame's lock): the result into its
 * destination, or the inlet body; NULL means dropped by an abort. */
static void emit_inlet_case(Lower *L, const Node *n, int k)
{
    emit_fmt(&L->e, "\n  case %d: { struct { void *d;", k);
    if (has_value(L, n)) {
        emit_str(&L->e, " __typeof__(");
        L->e.view = VIEW_TYPEOF;
        lower_call_text(L, n);
        emit_str(&L->e, ") v;");
    }
    emit_str(&L->e, " } *cilkc_p = cilkc_v; if (!cilkc_p) break; ");
    L->e.view = VIEW_SLOW;
    if (n->inlet) {
        if (n->nextra)
            emit_fmt(&L->e, "struct cilkc_extra_%s_%d *cilkc_d = cilkc_p->d; ", L->name, k);
        lower_inlet_body(L, n, k, "cilkc_p->v", "cilkc_d->x");
        emit_str(&L->e, " } break;");
        return;
    }
    if (lower_dest_by_pointer(L, n)) {
        L->e.view = VIEW_TYPEOF;
        emit_str(&L->e, "__typeof__(");
        lower_dest_pointer(L, n);
        emit_str(&L->e, ") cilkc_d = cilkc_p->d; ");
        L->e.view = VIEW_SLOW;
    }
    lower_dest(L, n, "cilkc_d");
    lower_op(L, n);
    emit_str(&L->e, "cilkc_p->v; } break;");
}

static void emit_inlet(Lower *L)
{
    emit_fmt(&L->e,
             "static void cilkc_inlet_%s(cilkrt_frame *cilkc_h, int cilkc_site, void *cilkc_v)\n"
             "{ struct cilkc_frame_%s *cilkc_f = (struct cilkc_frame_%s *)cilkc_h; (void)cilkc_f; "
             "(void)cilkc_v;\n  switch (cilkc_site) {",
             L->name, L->name, L->name);
    L->clone = CLONE_SLOW;
    L->e.synched = "(cilkc_h->join == 0)";
    for (int k = 1; k <= L->a.nspawns; k++) {
        const Node *n = L->a.spawns[k - 1];
        if (lower_has_dest(L, n) || n->inlet)
            emit_inlet_case(L, n, k);
    }
    L->e.synched = NULL;
    emit_str(&L->e, "\n  default: break; } }\n");
}

/* FN itself: on a worker, the fast clone runs behind a boundary, which
 * hands back the result if the call was stolen from. */
static void emit_entry(Lower *L)
{
    lower_entry_head(L);
    if (!L->is_void) {
        lower_return_type(L, "cilkc_r");
        emit_fmt(&L->e, "; struct cilkc_result_%s cilkc_rb;", L->name);
    }
    lower_ws(L, " cilkrt_wsp *cilkc_ws = cilkrt_wsp_current(cilkc_w);");
    emit_fmt(&L->e, " cilkrt_boundary cilkc_b; cilkrt_boundary_enter(cilkc_w, &cilkc_b, %s);\n  ",
             L->is_void ? "0, 0" : "&cilkc_rb, sizeof cilkc_rb");
    emit_fmt(&L->e, "%scilkc_fast_%s(cilkc_w, &cilkc_b.frame, 0, 0",
             L->is_void ? "" : "cilkc_r = ", L->name);
    if (L->fn->nparams)
        emit_str(&L->e, ", ");
    lower_param_list(L, "");
    emit_str(&L->e, ");\n  ");
    /* a call stolen from: this worker waited for the thief (cilkrt_wsp.h) */
    if (L->is_void && L->workspan) {
        emit_str(&L->e, "cilkrt_wsp_called(cilkc_w, cilkc_ws, "
                        "cilkrt_boundary_leave(cilkc_w, &cilkc_b)); }\n");
    } else if (L->is_void) {
        emit_str(&L->e, "cilkrt_boundary_leave(cilkc_w, &cilkc_b); }\n");
    } else if (L->workspan) {
        emit_str(&L->e, "int cilkc_st = cilkrt_boundary_leave(cilkc_w, &cilkc_b); "
                        "if (cilkc_st) cilkc_r = cilkc_rb.v;\n  "
                        "cilkrt_wsp_called(cilkc_w, cilkc_ws, cilkc_st); return cilkc_r; }\n");
    } else {
        emit_str(&L->e, "if (cilkrt_boundary_leave(cilkc_w, &cilkc_b)) cilkc_r = cilkc_rb.v;\n  ");
        emit_str(&L->e, "return cilkc_r; }\n");
    }
}

/* The block of an inlet call's extra arguments (emit_inlet_extra). */
static void emit_extra_struct(Lower *L, const Node *n, int k)
{
    if (!n->inlet || !n->nextra)
        return;
    L->e.view = VIEW_TYPEOF;
    emit_fmt(&L->e, "struct cilkc_extra_%s_%d {", L->name, k);
    for (int i = 0; i < n->nextra; i++) {
        emit_str(&L->e, " __typeof__(((void)0, ");
        emit_range(&L->e, n->extra[i].first, n->extra[i].last);
        emit_fmt(&L->e, ")) x%d;", i);
    }
    emit_str(&L->e, " };\n");
}

/* FN's split point if its entry runs in bounded time (cilkc_try_FN and
 * the lazy entry run it first), else 0. */
static int try_point(const Lower *L)
{
    int k = cont_lazy_unit(L) ? lower_split_point(L) : 0;
    return k && lower_split_bounded(L, k) ? k : 0;
}

/* The fast clone saves at a spawn that tries only when the child is no
 * leaf: later spawns must not count on those saves. */
static void conditional_saves(Lower *L)
{
    unsigned char *cond = xmalloc((size_t)L->a.nspawns + 1);
    cond[0] = 0;
    for (int k = 1; k <= L->a.nspawns; k++)
        cond[k] = (unsigned char)tries_leaf(L, L->a.spawns[k - 1]);
    analysis_saves_conditional(&L->a, cond);
    free(cond);
}

/* Everything FN becomes in continuation mode, after its locals struct. */
void cont_func(Lower *L)
{
    emit_frame_struct(L);
    emit_fmt(
        &L->e,
        "static void cilkc_slow_%s(cilkrt_worker *, cilkrt_frame *);\n"
        "static void cilkc_inlet_%s(cilkrt_frame *, int, void *);\n"
        "static const cilkrt_desc cilkc_desc_%s = { cilkc_slow_%s, cilkc_inlet_%s, \"%s\", %d };\n",
        L->name, L->name, L->name, L->name, L->name, L->name, L->aborts);
    for (int k = 1; k <= L->a.nspawns; k++)
        emit_extra_struct(L, L->a.spawns[k - 1], k);
    L->try_k = try_point(L);
    if (L->try_k) {
        emit_pre_struct(L);
        emit_try_signature(L);
        emit_str(&L->e, ";\n");
        if (spawns_itself(L))
            conditional_saves(L);
    }
    if (cont_lazy_unit(L) && !lower_clone_known(L, L->name)) {
        cont_lazy_signature(L, L->fn);
        emit_str(&L->e, ";\n");
    }
    emit_fast_clone(L);
    if (L->try_k)
        emit_try_entry(L);
    if (cont_lazy_unit(L))
        emit_lazy_entry(L);
    emit_slow_clone(L);
    L->e.synched = NULL;
    lower_root_thunk(L);
    emit_entry(L);
    emit_anchor(&L->e, L->fn->first);
    emit_inlet(L);
}
