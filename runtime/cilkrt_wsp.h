/*
 * cilkrt_wsp.h: the work/span hooks `cilkc --workspan` emits (ABI: only
 * generated code calls them; docs/workspan.md explains the measure).
 *
 * Each invocation of a parallel function owns a record: in its frame in
 * continuation mode (so the thief that resumes the slow clone finds it),
 * on the C stack of its body in child mode. A spawned plain C function
 * gets a record on the spawner's C stack for the duration of the call: a
 * plain function's own continuation is never stolen.
 *
 * The hooks are inline and take the worker: a strand boundary costs a few
 * adds and stores, and now and then a clock reading. Everything a hook
 * touches belongs to the worker that runs it (the worker's state, the
 * record of the strand it runs), except the "far" accumulators, which a
 * child that returns on another worker adds to with atomics; the
 * runtime's sync orders those before the join reads them.
 *
 * Time unit: the clock is read at a boundary only when the worker's
 * countdown runs out (or where a steal or a wait may follow, below). The
 * countdown adapts so that a reading covers about cilkrt_wsp_quantum
 * ticks. Strands shorter than that are not timed one by one: each strand
 * that opens is charged in advance the worker's estimate (est: the last
 * reading's time per strand, while strands were short; 0 once they are
 * long), and a reading charges the rest, the time since the previous
 * reading less those estimates, to the strand at hand. So the work is all
 * the time between readings, none lost, and the time of a group of short
 * strands is spread over the group's strands, not put on the one that
 * happens to read the clock (which, in a loop of spawns, is always the
 * child: the loop's own time would fall off its path). A spawn is a
 * boundary like the others, so a parent's strand of more than a quantum
 * is closed by a reading before its child's mark is taken. Strand unit:
 * no clock, one count per strand where it opens; exact.
 */
#ifndef CILKRT_WSP_H
#define CILKRT_WSP_H

/* No #include (see cilkrt_abi.h, which generated code includes first):
 * generated code includes this header in front of already preprocessed
 * source. */
#pragma GCC system_header

typedef struct cilkrt_wsp {
    struct cilkrt_wsp *parent; /* where the result goes at exit */
    cilkrt_worker *owner;      /* child mode: the worker running this body */
    /* 0: called (its figures are copied back into the parent's at
     * exit); spawned, merged as a parallel child: 1, its figures wait in
     * the worker for the spawner (continuation mode's pop, or a task that
     * a thief ran); 2, merged into the parent at exit (a task run by the
     * parent's worker, whose record is idle below it on this C stack) */
    int spawned;
    int kids; /* spawned since the last sync */
    /* the current strand: work joined into this path so far, and the
     * longest path (plain and burdened) to it, from the program's start;
     * beside each, the same for the children since the last sync that
     * returned on this record's worker. (Interleaved: adjacent figures
     * invite cc to move two at once, and a wide load of two narrow
     * stores just made stalls.) */
    long long work, cwork;
    long long span, cspan;
    long long bspan, cbspan;
    long long base_work; /* work at entry: a spawned child adds the rest */
    /* children that returned on other workers (atomics, flagged) */
    _Atomic int far;
    _Atomic long long fwork, fspan, fbspan;
    /* child mode: the worker's mark stack before this block's first
     * spawn, given back at the sync (NULL: no marks) */
    struct cilkrt_wsp_mark *mtop, *mend;
} cilkrt_wsp;

/* A child-mode spawn's mark: the parent and the parent's path at the
 * spawn, taken before the push (a thief may start the child). It lives on
 * the spawning worker's mark stack until the parent's sync; the task
 * holds its address. */
typedef struct cilkrt_wsp_mark {
    long long work;
    cilkrt_wsp *parent;
    long long span, bspan;
} cilkrt_wsp_mark;

extern int cilkrt_wsp_strands;            /* the strand unit */
extern long long cilkrt_wsp_burden;       /* per spawn, in the unit */
extern long long cilkrt_wsp_quantum;      /* ticks a reading aims to cover */
long long cilkrt_wsp_clock_slow(void);    /* CLOCK_MONOTONIC, in ns */
cilkrt_wsp *cilkrt_wsp_root_record(void); /* outside any root call */
void cilkrt_wsp_give_far(cilkrt_worker *w, cilkrt_wsp *p);
void cilkrt_wsp_mark_chunk(cilkrt_worker *w); /* the mark stack's next chunk */
void cilkrt_wsp_root(cilkrt_worker *w, cilkrt_wsp *r);
void cilkrt_wsp_root_end(cilkrt_worker *w, cilkrt_wsp *r);
/* Before main, from each instrumented file: reads the environment, sets
 * the clock and the burden, and turns the API from wall-clock readings
 * (a plain build) to work and span. */
void cilkrt_wsp_start(void);

static inline long long cilkrt_wsp_clock(void)
{
#if defined(__x86_64__)
    return (long long)__builtin_ia32_rdtsc(); /* no fence: a strand's edge
                                                 moves by a few cycles */
#else
    return cilkrt_wsp_clock_slow();
#endif
}

static inline long long cilkrt_wsp_max(long long a, long long b) { return a > b ? a : b; }

/* Read the clock (time unit): returns the time since the worker's last
 * reading that the strands opened since were not charged in advance
 * (negative if the estimate was high). The next estimate is this
 * reading's time per strand if that is below the quantum, else 0 (long
 * strands are timed by their readings). The countdown doubles while
 * readings cover less than the quantum and halves when they cover more
 * (at most 64 boundaries). A group that took over four quanta held a
 * long strand among short ones, whose time went to the reader: the
 * worker then reads at every boundary for the next 64 readings, so that
 * a pattern of short and long strands (a loop whose body is long and
 * whose child is short) is timed strand by strand, and not grouped
 * again at every other boundary as the doubling would. */
long long cilkrt_wsp_read(cilkrt_worker *w); /* out of line: once per group */

/* A reading: its rest, for the strand at hand, goes to *d. In the
 * strand unit there is no clock: the countdown starts again, and the
 * strand's figures are left alone (returns 0). */
static inline int cilkrt_wsp_reading(cilkrt_worker *w, long long *d)
{
    if (cilkrt_wsp_strands) {
        w->wsp.countdown = __INT_MAX__;
        return 0;
    }
    *d = cilkrt_wsp_read(w);
    return 1;
}

/* A reading, whose rest goes to r's strand. */
static inline void cilkrt_wsp_charge(cilkrt_worker *w, cilkrt_wsp *r)
{
    long long d;
    if (cilkrt_wsp_reading(w, &d)) {
        r->work += d;
        r->span += d;
        r->bspan += d;
    }
}

/* The countdown's step at a boundary that need not read the clock: true
 * when it runs out, and the boundary reads (cilkrt_wsp_tick; and
 * cilkrt_wsp_leaf, whose strand has no record: it adds the reading's
 * rest to a local). Same code as when each spelled the step out: fib 25,
 * P = 1, cachegrind, identical instructions in the hot functions. */
static inline int cilkrt_wsp_due(cilkrt_worker *w) { return --w->wsp.countdown < 0; }

/* A boundary that need not read the clock: it does when the countdown
 * runs out. */
static inline void cilkrt_wsp_tick(cilkrt_worker *w, cilkrt_wsp *r)
{
    if (cilkrt_wsp_due(w))
        cilkrt_wsp_charge(w, r);
}

/* A fresh start after a steal or a wait: the time since the last reading
 * was spent in the scheduler, in no strand (the strands opened since keep
 * their estimates). */
static inline void cilkrt_wsp_restart(cilkrt_worker *w)
{
    if (!cilkrt_wsp_strands) {
        w->wsp.start = cilkrt_wsp_clock();
        w->wsp.nopen = 0;
    }
}

/* A strand of r opens: the estimate is charged in advance (the next
 * reading settles the estimates of the nopen strands opened since). In
 * the strand unit the estimate is 1 for good (cilkrt_wsp_prepare: no
 * reading ever changes it), so the hook need not ask which unit runs. */
static inline void cilkrt_wsp_open_strand(cilkrt_worker *w, cilkrt_wsp *r)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    long long e = s->est;
    s->nopen++;
    r->work += e;
    r->span += e;
    r->bspan += e;
}

/* The same where r may not be the worker's current record yet. */
static inline void cilkrt_wsp_open(cilkrt_worker *w, cilkrt_wsp *r)
{
    w->wsp.cur = r;
    cilkrt_wsp_open_strand(w, r);
}

/* The record the calling strand belongs to (the run's root outside any
 * parallel function), saved around a call of a parallel function. */
static inline cilkrt_wsp *cilkrt_wsp_current(cilkrt_worker *w)
{
    return w->wsp.cur ? w->wsp.cur : cilkrt_wsp_root_record();
}

/* pend, as child mode's task hands it: the mark's address with bit 0
 * set, and bit 1 set if the task runs on its parent's worker (the mark
 * is 8-byte aligned). Continuation mode's spawn hands the parent's record
 * (bit 0 clear) and the mark in pw, ps, pbs. */
enum { CILKRT_WSP_TASK = 1, CILKRT_WSP_LOCAL = 2 };

/* Entry of a parallel function (or of a spawned plain call's record):
 * spawned if a spawn hook or a task just handed a mark, else called from
 * the current record, whose strand it continues. */
static inline void cilkrt_wsp_enter(cilkrt_worker *w, cilkrt_wsp *r)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    __UINTPTR_TYPE__ pend = (__UINTPTR_TYPE__)s->pend;
    if (pend & CILKRT_WSP_TASK) {
        const struct cilkrt_wsp_mark *m =
            (const struct cilkrt_wsp_mark *)(pend & ~(__UINTPTR_TYPE__)3);
        r->parent = m->parent;
        r->spawned = pend & CILKRT_WSP_LOCAL ? 2 : 1;
        r->work = m->work;
        r->span = m->span;
        r->bspan = m->bspan;
        s->pend = 0;
    } else if (pend) {
        r->parent = s->pend;
        r->spawned = 1;
        r->work = s->pw;
        r->span = s->ps;
        r->bspan = s->pbs;
        s->pend = 0;
    } else {
        cilkrt_wsp *p = cilkrt_wsp_current(w);
        r->parent = p;
        r->spawned = 0;
        r->work = p->work;
        r->span = p->span;
        r->bspan = p->bspan;
    }
    r->owner = w;
    r->base_work = r->work;
    r->kids = 0;
    cilkrt_wsp_open(w, r);
}

/* The children's accumulators, zeroed at the first spawn after a sync
 * (a leaf never touches them). */
static inline void cilkrt_wsp_first_kid(cilkrt_wsp *r)
{
    r->kids = 1;
    r->mtop = 0;
    r->cwork = r->cspan = r->cbspan = 0;
    CILKRT_STORE(&r->far, 0, __ATOMIC_RELAXED);
    CILKRT_STORE(&r->fwork, 0, __ATOMIC_RELAXED);
    CILKRT_STORE(&r->fspan, 0, __ATOMIC_RELAXED);
    CILKRT_STORE(&r->fbspan, 0, __ATOMIC_RELAXED);
}

/* A spawn in r: the child starts from r's path here, and r's burdened
 * path pays for a possible steal. The spawn ends r's strand: the caller
 * ticks first, so that r's path holds r's time up to here (given to the
 * child instead, it would be on the child's path but not on the
 * continuation's). */
static inline void cilkrt_wsp_mark_spawn(cilkrt_wsp *r, long long *w, long long *s, long long *b)
{
    if (!r->kids)
        cilkrt_wsp_first_kid(r);
    *w = r->work;
    *s = r->span;
    *b = r->bspan;
    r->bspan += cilkrt_wsp_burden;
}

/* Continuation mode: the mark goes to the callee's enter, on this worker. */
static inline void cilkrt_wsp_spawn(cilkrt_worker *w, cilkrt_wsp *r)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    cilkrt_wsp_tick(w, r);
    cilkrt_wsp_mark_spawn(r, &s->pw, &s->ps, &s->pbs);
    s->pend = r;
}

/* Child mode: the mark goes on the worker's mark stack, its address into
 * the task. */
static inline void cilkrt_wsp_spawn_task(cilkrt_worker *w, cilkrt_wsp *r, cilkrt_wsp_mark **pm)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    int first = !r->kids;
    cilkrt_wsp_tick(w, r);
    if (s->mtop == s->mend)
        cilkrt_wsp_mark_chunk(w);
    cilkrt_wsp_mark *m = s->mtop++;
    cilkrt_wsp_mark_spawn(r, &m->work, &m->span, &m->bspan);
    m->parent = r;
    *pm = m;
    if (first) { /* the sync pops back to here */
        r->mtop = m;
        r->mend = s->mend;
    }
}

/* The children join r's path (they have all returned). */
static inline void cilkrt_wsp_join(cilkrt_wsp *r)
{
    r->work += r->cwork;
    r->span = cilkrt_wsp_max(r->span, r->cspan);
    r->bspan = cilkrt_wsp_max(r->bspan, r->cbspan);
    if (CILKRT_LOAD(&r->far, __ATOMIC_RELAXED)) {
        r->work += CILKRT_LOAD(&r->fwork, __ATOMIC_RELAXED);
        r->span = cilkrt_wsp_max(r->span, CILKRT_LOAD(&r->fspan, __ATOMIC_RELAXED));
        r->bspan = cilkrt_wsp_max(r->bspan, CILKRT_LOAD(&r->fbspan, __ATOMIC_RELAXED));
    }
    r->kids = 0;
}

/* Child mode's sync: every task of the block has finished, their marks
 * are free. */
static inline void cilkrt_wsp_pop_marks(cilkrt_worker *w, cilkrt_wsp *r)
{
    if (r->mtop) {
        w->wsp.mtop = r->mtop;
        w->wsp.mend = r->mend;
    }
}

/* A spawned child of p is done, with its own work and its paths (plain,
 * burdened) from the program's start: local (a task that p's worker ran:
 * p's record is idle below on this C stack, only this worker touches it)
 * merges them into p's children at once; otherwise they wait in the
 * worker for the spawner's merge or give. */
static inline void cilkrt_wsp_spawned_done(struct cilkrt_wsp_worker *s, cilkrt_wsp *p, int local,
                                           long long work, long long span, long long bspan)
{
    if (local) {
        p->cwork += work;
        p->cspan = cilkrt_wsp_max(p->cspan, span);
        p->cbspan = cilkrt_wsp_max(p->cbspan, bspan);
    } else {
        s->rw = work;
        s->rs = span;
        s->rbs = bspan;
        s->returned = 1;
    }
}

/* Exit: the children join, and the result goes to the spawner's
 * children (spawned by a task of the parent's worker: the parent's record
 * is idle below, only this worker touches it), waits in the worker
 * (other spawned: for the spawner's merge or give) or goes to the caller
 * (called). No strand is open afterwards: the parent's resume opens one.
 * Inline by force: gcc would call it out of line from continuation
 * mode's fast clone at every return (fib 25, P = 1: 38.7 M Ir inline,
 * 41.9 M not). */
__attribute__((always_inline)) static inline void cilkrt_wsp_leave(cilkrt_worker *w, cilkrt_wsp *r)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    cilkrt_wsp_tick(w, r);
    if (r->kids)
        cilkrt_wsp_join(r);
    cilkrt_wsp *p = r->parent;
    if (r->spawned == 2)
        cilkrt_wsp_spawned_done(s, p, 1, r->work - r->base_work, r->span, r->bspan);
    else if (r->spawned)
        cilkrt_wsp_spawned_done(s, p, 0, r->work - r->base_work, r->span, r->bspan);
    else {
        p->work = r->work;
        p->span = r->span;
        p->bspan = r->bspan;
    }
    s->cur = p;
}

/* A spawned child returned and r is still this worker's (the pop
 * succeeded, or child mode's owner ran the task): a plain merge. */
static inline void cilkrt_wsp_merge(cilkrt_worker *w, cilkrt_wsp *r)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    s->returned = 0;
    r->cwork += s->rw;
    r->cspan = cilkrt_wsp_max(r->cspan, s->rs);
    r->cbspan = cilkrt_wsp_max(r->cbspan, s->rbs);
}

/* A spawned child returned and r went on elsewhere (continuation mode:
 * the pop failed; child mode: a thief ran the task): the clock is read,
 * the child's last strand takes the time since, and its figures go to
 * r's far accumulators. Continuation mode: the spawners further up the
 * C stack, whose pops fail in turn as it unwinds, have no child that
 * returned (theirs was abandoned, and was stolen with them). */
static inline void cilkrt_wsp_give(cilkrt_worker *w, cilkrt_wsp *r)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    if (!s->returned)
        return;
    s->returned = 0;
    if (!cilkrt_wsp_strands) {
        long long d = cilkrt_wsp_read(w);
        s->rw += d;
        s->rs += d;
        s->rbs += d;
    }
    cilkrt_wsp_give_far(w, r);
}

/* r's strand continues after a spawn or after a call of a parallel
 * function returned: a new strand. r is the worker's current record
 * already: a child-mode spawn ran nothing, and a child or callee that
 * returned here set it at its exit (cilkrt_wsp_leave: its parent). */
static inline void cilkrt_wsp_resume(cilkrt_worker *w, cilkrt_wsp *r)
{
    cilkrt_wsp_open_strand(w, r);
}

/* The same after a call from a boundary that a thief finished (stolen):
 * this worker waited meanwhile, in no strand. */
static inline void cilkrt_wsp_called(cilkrt_worker *w, cilkrt_wsp *r, int stolen)
{
    if (stolen)
        cilkrt_wsp_restart(w);
    cilkrt_wsp_open(w, r);
}

/* Continuation mode: a slow clone starts on a thief, or resumes after a
 * sync that suspended it: its strands go on here, from now. */
static inline void cilkrt_wsp_stolen(cilkrt_worker *w, cilkrt_wsp *r)
{
    cilkrt_wsp_restart(w);
    w->wsp.cur = r;
}

/* Continuation mode's slow clone, before the runtime's sync, which may
 * suspend r: the strand is closed by a reading, if there are children to
 * wait for. */
static inline void cilkrt_wsp_end(cilkrt_worker *w, cilkrt_wsp *r)
{
    if (r->kids)
        cilkrt_wsp_charge(w, r);
}

/* Child mode, before the group's sync, where the owner runs its popped
 * children: an ordinary boundary. If a child was stolen, the owner may
 * wait there; the sync's fresh start then drops the wait, with the time
 * since the last reading (at most about a quantum of strands). */
static inline void cilkrt_wsp_end_group(cilkrt_worker *w, cilkrt_wsp *r)
{
    if (r->kids)
        cilkrt_wsp_tick(w, r);
}

/* After the runtime's sync: the children join r, a new strand opens. If
 * a child returned elsewhere, this worker may have waited: a fresh start. */
static inline void cilkrt_wsp_sync(cilkrt_worker *w, cilkrt_wsp *r)
{
    if (r->kids) {
        if (CILKRT_LOAD(&r->far, __ATOMIC_RELAXED))
            cilkrt_wsp_restart(w);
        cilkrt_wsp_pop_marks(w, r);
        cilkrt_wsp_join(r);
    }
    cilkrt_wsp_open(w, r);
}

/* A sync that cannot wait (continuation mode's fast clone: nothing was
 * stolen from it): no reading needed. */
static inline void cilkrt_wsp_sync_fast(cilkrt_worker *w, cilkrt_wsp *r)
{
    if (r->kids) {
        cilkrt_wsp_tick(w, r);
        cilkrt_wsp_join(r);
    }
    cilkrt_wsp_open(w, r);
}

/* The implicit sync of a return: the children join r, and the strand
 * that returns goes on without counting as a new one (the fast clone
 * has no such sync, and both must count alike). */
static inline void cilkrt_wsp_rejoin(cilkrt_worker *w, cilkrt_wsp *r)
{
    if (r->kids) {
        if (CILKRT_LOAD(&r->far, __ATOMIC_RELAXED))
            cilkrt_wsp_restart(w);
        cilkrt_wsp_pop_marks(w, r);
        cilkrt_wsp_join(r);
    }
    w->wsp.cur = r;
}

/* Continuation mode: a slow clone's exit. Its parent went on elsewhere
 * (a spawned child: the parent was stolen before it; a called one: the
 * caller waits at its boundary), and this worker goes back to the
 * scheduler: the clock is read, the result goes straight to the parent. */
static inline void cilkrt_wsp_leave_far(cilkrt_worker *w, cilkrt_wsp *r)
{
    cilkrt_wsp_charge(w, r);
    cilkrt_wsp_leave(w, r);
    if (r->spawned)
        cilkrt_wsp_give_far(w, r->parent);
    w->wsp.returned = 0;
    w->wsp.cur = 0;
}

/* Child mode's split body (compiler/lower_child.c): a return from its
 * entry, the statements before the first spawn, which call nothing. The
 * spawning part enters its record when it starts; an invocation that
 * returns before is one strand, entered and left here at once, without
 * a record: what cilkrt_wsp_enter, a tick and cilkrt_wsp_leave would do,
 * with the same figures. */
static inline void cilkrt_wsp_leaf(cilkrt_worker *w)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    __UINTPTR_TYPE__ pend = (__UINTPTR_TYPE__)s->pend;
    long long e = s->est;
    s->nopen++;
    long long d;
    if (cilkrt_wsp_due(w) && cilkrt_wsp_reading(w, &d)) /* a tick, into e */
        e += d;
    s->pend = 0;
    if (pend & CILKRT_WSP_TASK) {
        const struct cilkrt_wsp_mark *m =
            (const struct cilkrt_wsp_mark *)(pend & ~(__UINTPTR_TYPE__)3);
        cilkrt_wsp_spawned_done(s, m->parent, pend & CILKRT_WSP_LOCAL, e, m->span + e,
                                m->bspan + e);
        s->cur = m->parent;
    } else if (pend) {
        cilkrt_wsp_spawned_done(s, (cilkrt_wsp *)pend, 0, e, s->ps + e, s->pbs + e);
        s->cur = (cilkrt_wsp *)pend;
    } else {
        cilkrt_wsp *p = cilkrt_wsp_current(w);
        p->work += e;
        p->span += e;
        p->bspan += e;
        s->cur = p;
    }
}

/* Child mode: a task starts on some worker. Its mark goes to the callee's
 * enter (pend, tagged: no copy through the worker); on a worker other
 * than the parent's (a thief, or an owner that works while it waits) the
 * clock starts afresh, and the callee's figures will wait in the worker
 * for the give. On the parent's worker the callee's exit merges them. */
static inline void cilkrt_wsp_task_begin(cilkrt_worker *w, cilkrt_wsp_mark *m, cilkrt_wsp **saved)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    __UINTPTR_TYPE__ tag = CILKRT_WSP_TASK;
    *saved = s->cur;
    if (m->parent->owner == w)
        tag |= CILKRT_WSP_LOCAL;
    else
        cilkrt_wsp_restart(w);
    s->pend = (cilkrt_wsp *)((__UINTPTR_TYPE__)m | tag);
}

/* Child mode's sync of a run (compiler/lower_child.c): the owner calls
 * a popped task's callee itself, no thunk, on the parent's worker. The
 * mark goes to the callee's enter, and its exit merges into the parent. */
static inline void cilkrt_wsp_run(cilkrt_worker *w, cilkrt_wsp_mark *m)
{
    w->wsp.pend = (cilkrt_wsp *)((__UINTPTR_TYPE__)m | CILKRT_WSP_TASK | CILKRT_WSP_LOCAL);
}

/* The callee merged its figures itself, or left them for the give (its
 * parent's strand is on another worker). */
static inline void cilkrt_wsp_task_end(cilkrt_worker *w, cilkrt_wsp_mark *m, cilkrt_wsp *saved)
{
    cilkrt_wsp_give(w, m->parent);
    w->wsp.cur = saved;
}

#endif
