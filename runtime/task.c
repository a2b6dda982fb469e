/*
 * task.c: child stealing (DESIGN §4): what happens to a task after a thief
 * took it, and what its owner does at the sync meanwhile.
 *
 * A task is a slot of its worker's task deque (tdeque.c): the generated
 * thunk in run, the record in args. The owner pushes and pops slots inline
 * (cilkrt_abi.h); the sync calls each popped task's thunk directly.
 *
 * A stolen task runs in its slot on the thief. Its state says who has it:
 *   0                 the owner's (every slot the owner fills is at 0)
 *   the thief         a thief took it (a batch's thief) or runs it
 *   CILKRT_TASK_DONE  finished; the result is in place (release)
 * with CILKRT_TASK_WAITING beside the thief while the owner sleeps on it.
 * The owner cannot reuse the slot before DONE; when it pops a stolen slot
 * it waits for DONE by leapfrogging: it steals tasks from that thief's
 * deque (they are descendants of the task it waits for, or the rest of
 * its batch, so it helps its own sync and its stack holds only work it
 * waits for), and backs off (pause, sched_yield, then a futex sleep on
 * the state) while there is nothing to take. It then sets state back to
 * 0, keeping the invariant above.
 *
 * CILK_STEAL_POLICY=half makes a thief take a batch of the victim's
 * oldest shared slots in one steal (tdeque.c); run_range runs it. Without
 * reducers a slot of a batch is first the thief | NAMED: not started, and
 * the owner, meeting it at its sync, takes it back and runs it itself
 * (run_named).
 *
 * Records that do not fit in a slot come from per-worker free lists
 * (cilkrt_record_alloc, the frames' size classes); the thunk frees them
 * on the worker that runs it.
 */
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "worker.h"

/* The translator assigns results by value for arithmetic and pointer
 * types, also through typedef names (compiler/lower_child.c, fits_slot):
 * the widest, long double, must fit the slot past CILKRT_RESULT_AT. */
_Static_assert(CILKRT_RESULT_AT + sizeof(long double) <= CILKRT_TASK_ARGS,
               "a by-value result fits its slot");
/* A worker's address, in a task's state, leaves DONE, WAITING and NAMED
 * clear. */
_Static_assert(_Alignof(worker) > CILKRT_TASK_NAMED, "a worker's address has its low bits clear");

#define LEAP_SPINS 64   /* failed leapfrog attempts with a pause between, */
#define LEAP_YIELDS 16  /* then with sched_yield between, */
#define DOZE_NS 500000L /* then with a futex sleep of at most this between */
#define WAITING CILKRT_TASK_WAITING
#define NAMED CILKRT_TASK_NAMED

/* CILK_CHILD_HELP (docs/runtime.md): 0 (the default) keeps the pure
 * child scheme, every pending task in the deque until the sync, as
 * oneTBB's task_group does; 1 lets the owner help (help, below), which
 * spares memory when its thieves are behind but costs time when they
 * keep up (a quiet machine). Read with the steal policy. */
int cilkrt_child_help = 0;

/* CILK_STEAL_POLICY (docs/runtime.md): one, or half (the default). */
int cilkrt_steal_half = 1;

void cilkrt_steal_configure(void)
{
    const char *e = getenv("CILK_STEAL_POLICY");
    cilkrt_child_help = cilkrt_env_switch("CILK_CHILD_HELP", 0);
    cilkrt_steal_half = 1;
    if (!e || !*e)
        return;
    if (strcmp(e, "one") == 0 || strcmp(e, "half") == 0) {
        cilkrt_steal_half = strcmp(e, "half") == 0;
        return;
    }
    fprintf(stderr, "cilkrt: error: CILK_STEAL_POLICY must be one or half, not '%s'\n", e);
    exit(1);
}

/* A large record's header: the size class, and the free-list link. */
typedef struct record {
    unsigned size_class;
    struct record *next_free;
} record;
#define RECORD_HEADER 16 /* keeps the record 16-aligned */

void *cilkrt_record_alloc(cilkrt_worker *pw, size_t size)
{
    worker *w = worker_of(pw);
    size_t total = size + RECORD_HEADER;
    unsigned c = (unsigned)((total + CILKRT_CACHE_LINE - 1) / CILKRT_CACHE_LINE) - 1;
    record *r;
    if (c < CILKRT_TASK_CLASSES && (r = w->free_records[c]) != NULL) {
        w->free_records[c] = r->next_free;
    } else {
        if (c < CILKRT_TASK_CLASSES)
            r = cilkrt_carve(w, c);
        else
            r = cilkrt_aligned_alloc(CILKRT_CACHE_LINE, (size_t)(c + 1) * CILKRT_CACHE_LINE);
        if (!r) {
            fprintf(stderr, "cilkrt: error: out of memory for a task of %zu bytes\n", size);
            exit(1);
        }
        stat_add(&w->stats.tasks_allocated, 1);
    }
    r->size_class = c;
    return (char *)r + RECORD_HEADER;
}

void cilkrt_record_free(cilkrt_worker *pw, void *p)
{
    worker *w = worker_of(pw);
    record *r = (record *)((char *)p - RECORD_HEADER);
    unsigned c = r->size_class;
    if (c < CILKRT_TASK_CLASSES) {
        r->next_free = w->free_records[c];
        w->free_records[c] = r;
    } else {
        cilkrt_free(r);
    }
}

/* The futex word of a task's state: its low 32 bits (the kernel compares
 * 32 bits; they differ between a worker's address, with or without
 * WAITING, and CILKRT_TASK_DONE). */
static uint32_t *futex_word(cilkrt_task *t)
{
    return (uint32_t *)(void *)&t->state + (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
}

/* Name w as the runner of t: only a hint, telling the owner whom to
 * steal back from (relaxed); a CAS, to keep the owner's WAITING bit,
 * unless w is named already (a batch's newest slot, run_range). */
static void claim(worker *w, cilkrt_task *t)
{
    uintptr_t s = atomic_load_explicit(&t->state, memory_order_relaxed);
    while ((s & ~WAITING) != (uintptr_t)w &&
           !atomic_compare_exchange_weak_explicit(&t->state, &s, (uintptr_t)w | (s & WAITING),
                                                  memory_order_relaxed, memory_order_relaxed))
        ;
}

/* The run of n slots ending at t (t the newest) is done. release: the
 * children's results, and all they wrote, are visible to the owner, which
 * acquires state; the slots are the owner's from here on (a late wake on
 * t is harmless: futex waiters look again). A plain store, not an
 * exchange: an owner that marks WAITING between our load and our store,
 * and sleeps before the store, sleeps until its timeout (DOZE_NS) instead
 * of being woken, a window of two instructions against a locked
 * instruction per run. */
static void finish(cilkrt_task *t, long n)
{
    uintptr_t s = atomic_load_explicit(&t->state, memory_order_relaxed);
    atomic_store_explicit(&t->state, cilkrt_task_done(n), memory_order_release);
    if (s & WAITING)
        syscall(SYS_futex, futex_word(t), FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/* Did t's thunk leave its result in the slot (CILKRT_RESULT's mark)? A
 * record word that happens to hold the slot's address reads as a mark
 * too: its block is then not reused, no more. */
static int result_left(cilkrt_task *t)
{
    return *(cilkrt_task **)(void *)(t->args + CILKRT_KEPT_AT) == t;
}

void cilkrt_task_run_stolen(worker *w, cilkrt_task *t)
{
    claim(w, t);
    if (w->pub.tq.reducers)
        cilkrt_reducer_run_stolen(&w->pub, t);
    else
        t->run(&w->pub, t);
    finish(t, 1);
}

/* A proxy: a generic task on a worker's deque standing for slots [first,
 * first + n) of another worker's deque q, taken in one steal. Whoever runs
 * it runs those slots as their thief (run_range). */
typedef struct {
    cilkrt_tdeque *q;
    uint32_t first, n; /* (slot indices are below 2^32, tdeque.c) */
} proxy;

static void run_claimed(worker *w, cilkrt_tdeque *q, long a, long b);

static void run_proxy(cilkrt_worker *w, void *payload)
{
    proxy *p = payload;
    run_claimed(worker_of(w), p->q, p->first, (long)p->first + p->n);
}

/* Push slots [mid, end) of q on w's deque as one proxy of group g. */
static void push_proxy(worker *w, cilkrt_group *g, cilkrt_tdeque *q, long mid, long end)
{
    proxy *p = cilkrt_generic_alloc(w, sizeof *p, run_proxy);
    *p = (proxy){q, (uint32_t)mid, (uint32_t)(end - mid)};
    cilkrt_generic_push(w, g, p);
    stat_add(&w->stats.proxies, 1);
}

/* Claim named slots [mid, b) of w's range (run_named) for a proxy, oldest
 * first, each with a CAS from w's name to 0 (the state of a run's slots
 * but its newest), up to the first one the owner took back: the owner
 * takes newest first, so the rest are its own too. The last one claimed
 * then names w, for the owner to leapfrog on until the proxy's runner
 * claims it (claim); meanwhile the owner sees 0 and yields (doze).
 * relaxed: as take's. Returns the end of what was claimed. */
static long claim_named(worker *w, cilkrt_tdeque *q, long mid, long b)
{
    long end = mid;
    for (; end < b; end++) {
        uintptr_t s = (uintptr_t)w | NAMED;
        if (!atomic_compare_exchange_strong_explicit(
                &((cilkrt_task *)cilkrt_tdeque_slot(q, end))->state, &s, 0, memory_order_relaxed,
                memory_order_relaxed))
            break;
    }
    if (end > mid)
        atomic_store_explicit(&((cilkrt_task *)cilkrt_tdeque_slot(q, end - 1))->state, (uintptr_t)w,
                              memory_order_relaxed);
    return end;
}

/* cilkrt_group_wait without its count: the statistics count spawns, not
 * proxies, and tq.pushes must not change after the batch's last DONE (a
 * reader may be the root call the batch has just finished) */
static void drain(worker *w, cilkrt_group *g)
{
    while (cilkrt_group_pending(g)) {
        cilkrt_task *t = cilkrt_task_pop(&w->pub, g);
        if (t)
            t->run(&w->pub, t);
    }
}

/* Run slots [a, b) of q, which w took and which nobody can take back
 * (claimed: with reducers, or a proxy's): oldest first. Whenever another
 * worker has asked w for work (w's movesplit, set by a thief that found
 * w's deque empty), the newer half of what is left goes on w's deque as
 * one proxy, which the push shares at once: the batch splits lazily, only
 * as far as somebody wants it, at one relaxed load per slot.
 *
 * The slots left here, [start, b) once the last split is made, are one
 * run: only its newest slot, which the victim's sync meets first, names
 * w (claimed at the start and at each split) and then records the run's
 * completion, once (finish), after the run's last task. The other slots'
 * states stay 0 and nobody waits on them: the sync drops the whole run in
 * one step (pop_slow), and the victim's cache misses on slots the thief
 * wrote are one per run instead of one per task. A run also ends at a
 * block's end, where its runner records it done and counts its slots
 * finished (those without a result left in them): a block's slots then
 * need nothing from the next block, whose pages may be reused meanwhile
 * (tdeque.c, reuse), and a block whose pages went to a newer block is one
 * whole run to its sync. With reducers each slot is a run of its own: its
 * views come back in it (cilkrt_task_run_stolen), and the sync merges
 * them one task at a time, in serial order. */
static void run_claimed(worker *w, cilkrt_tdeque *q, long a, long b)
{
    int one_by_one = w->pub.tq.reducers;
    long start = a, kept = 0;
    cilkrt_group g;
    cilkrt_group_init(&w->pub, &g);
    claim(w, cilkrt_tdeque_slot(q, b - 1));
    while (a < b) {
        if (b - a > 1 && atomic_load_explicit(&w->pub.tq.movesplit, memory_order_relaxed)) {
            long mid = b - (b - a) / 2;
            push_proxy(w, &g, q, mid, b);
            b = mid;
            claim(w, cilkrt_tdeque_slot(q, b - 1));
        }
        cilkrt_task *t = cilkrt_tdeque_slot(q, a++);
        if (one_by_one) {
            cilkrt_task_run_stolen(w, t);
            continue; /* (not counted: no reuse with reducers) */
        }
        t->run(&w->pub, t);
        kept += result_left(t);
        if (a == b || (a & (CILKRT_TDEQUE_BLOCK - 1)) == 0) {
            finish(t, a - start);
            /* after the DONE: the pages may go once the count is full */
            cilkrt_tdeque_finished(q, a - 1, a - start - kept);
            start = a;
            kept = 0;
        }
    }
    drain(w, &g);
}

/* Take slot t of a named range (run_named) for w, which named it: 0 if
 * its owner took it back first. One CAS per slot decides who runs it;
 * relaxed: the slot's contents came with the steal's acquire of ts, and
 * the owner, if it lost, acquires the run's DONE later (finish). */
static int take(worker *w, cilkrt_task *t)
{
    uintptr_t s = (uintptr_t)w | NAMED;
    return atomic_compare_exchange_strong_explicit(&t->state, &s, (uintptr_t)w,
                                                   memory_order_relaxed, memory_order_relaxed);
}

/* Run slots [a, b) of q, which w took in one steal, oldest first, while
 * their owner may take back the newest ones it waits for (take_back).
 * Every slot is named w | NAMED first, but the oldest, which is w's at
 * once; w takes each with a CAS (take) just before it runs the one below,
 * and the owner, waiting at its sync on the newest slot of the range,
 * takes an unstarted slot back with a CAS to 0 and runs it itself. The
 * owner takes newest first and w oldest first, so they meet once: the
 * first slot w fails to take ends its range, and every slot above it is
 * the owner's. A slot w took is a run's
 * newest while w runs it (its state names w, for the owner to leapfrog
 * on); when w takes the next slot of the same block, the state goes back
 * to 0 (the owner, which waits only on a run's newest, never looks), so
 * that a run's other slots are 0 as run_claimed leaves them, and a run's
 * completion is recorded once, on its newest slot, as there.
 *
 * Only the newest CILKRT_TASK_NAMED_AT_MOST slots are named (worker.h),
 * the oldest of them w's at once: older ones run first, claimed
 * (run_claimed), as one run or more that the owner waits for as it waits
 * for any, after it has taken back or waited for the named ones above
 * them.
 *
 * No stale NAMED: a state is w | NAMED only while the call that named it
 * runs (every slot is taken by w, taken back, or made over to a proxy
 * before it returns), and w's calls nest, so a later call of w cannot
 * name a reused slot that an earlier one has yet to take. A proxy's slots
 * are claimed (split) before the proxy is pushed: another worker runs
 * them, and they must not be taken back under it. */
static void run_named(worker *w, cilkrt_tdeque *q, long a, long b)
{
    long start = a, kept = 0;
    cilkrt_group g;
    cilkrt_group_init(&w->pub, &g);
    long named = b - a > CILKRT_TASK_NAMED_AT_MOST ? b - CILKRT_TASK_NAMED_AT_MOST : a;
    /* Named before the claimed part runs: the owner may meet them
     * meanwhile. The oldest of them is w's from the start, as if taken:
     * the owner can take back only the slots above it, and waits for w
     * there, so w's every look at a slot of the range (the takes below)
     * comes before the owner's sync can end and the block's pages go to
     * a new block. Had the owner taken back all of them while w ran the
     * claimed part, w's first take touched a slot of a block given away
     * meanwhile (tests/corpus/steal_block_reuse, child mode, P = 4,
     * crashed 1 run in 30). relaxed: the owner reads a name only to take
     * the slot back, by a CAS on this word; its state is 0 until then
     * (the owner's own slots, and it does not mark WAITING on 0) */
    atomic_store_explicit(&((cilkrt_task *)cilkrt_tdeque_slot(q, named))->state, (uintptr_t)w,
                          memory_order_relaxed);
    for (long i = named + 1; i < b; i++)
        atomic_store_explicit(&((cilkrt_task *)cilkrt_tdeque_slot(q, i))->state,
                              (uintptr_t)w | NAMED, memory_order_relaxed);
    if (named > a) {
        run_claimed(w, q, a, named);
        a = start = named;
    }
    while (a < b) {
        if (b - a > 1 && atomic_load_explicit(&w->pub.tq.movesplit, memory_order_relaxed)) {
            long mid = b - (b - a) / 2, end = claim_named(w, q, mid, b);
            if (end > mid)
                push_proxy(w, &g, q, mid, end);
            b = mid;
        }
        cilkrt_task *t = cilkrt_tdeque_slot(q, a++);
        t->run(&w->pub, t);
        kept += result_left(t);
        int more = a < b && take(w, cilkrt_tdeque_slot(q, a));
        if (!more)
            b = a;
        if (a == b || (a & (CILKRT_TDEQUE_BLOCK - 1)) == 0) {
            finish(t, a - start);
            /* after the DONE: the pages may go once the count is full */
            cilkrt_tdeque_finished(q, a - 1, a - start - kept);
            start = a;
            kept = 0;
        } else {
            /* relaxed: before the run's DONE (release), which the owner
             * acquires before it pushes here again */
            atomic_store_explicit(&t->state, 0, memory_order_relaxed);
        }
    }
    drain(w, &g);
}

static void run_range(worker *w, cilkrt_tdeque *q, long a, long b)
{
    if (w->pub.tq.reducers || q->reducers)
        run_claimed(w, q, a, b);
    else
        run_named(w, q, a, b);
}

/* Run the k slots from first of q, taken by w in one steal. With
 * reducers, where each slot is a run of its own, every state names w at
 * once (they are 0: nobody waits on them yet), so that the victim,
 * waiting for any of them, leapfrogs on w's deque, where the proxies go;
 * otherwise run_range names w in the newest slot, the only one the victim
 * waits on. */
void cilkrt_task_run_batch(worker *w, cilkrt_tdeque *q, long first, long k)
{
    if (k > 1)
        stat_add(&w->stats.batch_steals, 1);
    for (long i = first + 1; w->pub.tq.reducers && i < first + k; i++)
        atomic_store_explicit(&((cilkrt_task *)cilkrt_tdeque_slot(q, i))->state, (uintptr_t)w,
                              memory_order_relaxed);
    run_range(w, q, first, first + k);
}

/* One leapfrog attempt: tasks from the deque of t's thief, run here. */
static int leapfrog(worker *w, uintptr_t thief)
{
    if (thief == 0) /* taken, but the thief has not said so yet */
        return 0;
    stat_add(&w->stats.steal_attempts, 1);
    long first,
        k = cilkrt_tdeque_steal_batch(&((worker *)thief)->pub.tq, cilkrt_steal_half, &first);
    if (!k)
        return 0;
    stat_add(&w->stats.steals, 1);
    stat_add(&w->stats.leapfrogs, 1);
    cilkrt_task_run_batch(w, &((worker *)thief)->pub.tq, first, k);
    return 1;
}

/* Sleep until t's thief finishes it, or DOZE_NS (its deque may meanwhile
 * hold tasks to leapfrog on). s is the state just loaded. */
static void doze(cilkrt_task *t, uintptr_t s)
{
    if (s == 0) { /* the thief is about to name itself */
        sched_yield();
        return;
    }
    /* relaxed: if the thief stores DONE before our CAS, the CAS fails; if
     * after, the futex wait returns at once (the word changed) or the
     * thief, loading WAITING, wakes us (see cilkrt_task_run_stolen for
     * the one window that costs a timeout) */
    if (!(s & WAITING) &&
        !atomic_compare_exchange_strong_explicit(&t->state, &s, s | WAITING, memory_order_relaxed,
                                                 memory_order_relaxed))
        return; /* it changed: look again */
    struct timespec ts = {0, DOZE_NS};
    syscall(SYS_futex, futex_word(t), FUTEX_WAIT_PRIVATE, (uint32_t)(s | WAITING), &ts, NULL, 0);
}

/* Take stolen slot t back from its thief, whose range named it and has
 * not started it (run_named): one CAS against the thief's (take). relaxed:
 * the slot's contents are the owner's own writes, and the thief never
 * reads a slot it did not take. Its state is 0 again, the owner's. */
static int take_back(cilkrt_task *t, uintptr_t s)
{
    return atomic_compare_exchange_strong_explicit(&t->state, &s, 0, memory_order_relaxed,
                                                   memory_order_relaxed);
}

/* Wait for t, stolen: leapfrog, spin, yield, then doze, until done (the
 * newest slot of a run: see run_claimed), or take it back if its thief
 * has not started it. A waiter that only yielded cost a system call per
 * round: with more workers than cores it took system time from the
 * thieves it waits for. Returns the length of t's run, or 0 if t was
 * taken back (for the caller to run). */
static long wait_stolen(worker *w, cilkrt_task *t)
{
    unsigned idle = 0;
    uintptr_t s;
    stat_add(&w->stats.failed_pops, 1);
    /* acquire: pairs with the release of DONE in finish */
    while (!((s = atomic_load_explicit(&t->state, memory_order_acquire)) & CILKRT_TASK_DONE)) {
        if (s & NAMED) {
            if (take_back(t, s))
                return 0;
            continue; /* the thief started it: look again */
        }
        if (leapfrog(w, s & ~WAITING)) {
            idle = 0;
            continue;
        }
        if (idle++ < LEAP_SPINS)
            for (int i = 0; i < 16; i++)
                cpu_relax();
        else if (idle < LEAP_SPINS + LEAP_YIELDS)
            sched_yield();
        else
            doze(t, s);
    }
    atomic_store_explicit(&t->state, 0, memory_order_relaxed);
    return cilkrt_task_run_length(s);
}

/* Run t, taken back (wait_stolen), as its thief would have: counted
 * finished unless a result is left in it, as run_named counts it, since
 * the pop that follows counts it popped (tdeque.c, reuse). */
static void run_taken_back(worker *w, cilkrt_tdeque *q, cilkrt_task *t)
{
    stat_add(&w->stats.take_backs, 1);
    t->run(&w->pub, t);
    cilkrt_tdeque_finished(q, cilkrt_tdeque_depth(q) - 1, !result_left(t));
}

/* A share publishes work: wake a sleeping worker to take it (a load of
 * the sleeper count, off the spawn fast path: a thief asked first). */
static void settle(cilkrt_worker *w)
{
    if (cilkrt_tdeque_settle(&w->tq))
        cilkrt_wake_idle();
}

/* The owner has just entered a new block, and the next would need fresh
 * pages (cilkrt_tdeque_short: its thieves are behind). It runs its own
 * oldest tasks instead, as their thief, until a block below is finished
 * and can lend its pages (tdeque.c, help): sharing the older half of its
 * private slots whenever nothing is shared, taking the oldest up to a
 * block's end, and running them with run_range, which splits a proxy off
 * for a thief that asks meanwhile. Only with other workers: at P = 1 the
 * deque keeps every pending task (T1, and the memory child stealing
 * costs, stay as they were), and only with CILK_CHILD_HELP=1 (the
 * default, 0, is the pure scheme). Bounded by the slots below top: a
 * block that nothing can finish (a thief's run still going) ends it when
 * nothing is left to share. */
static void help(worker *w)
{
    cilkrt_tdeque *q = &w->pub.tq;
    if (cilkrt_pool_size < 2 || !cilkrt_child_help)
        return;
    while (cilkrt_tdeque_short(q)) {
        long first, k = cilkrt_tdeque_take_oldest(q, &first);
        if (k)
            run_range(w, q, first, first + k);
        else if (cilkrt_tdeque_share(q))
            cilkrt_wake_idle();
        else
            return;
    }
}

/* In a program with reducers a plain push or pop comes here for the
 * reducer hooks alone whenever the _ordered bounds would have kept it
 * inline: they hold what the plain ones would hold without reducers
 * (tdeque.c, "two pairs of bounds"). Then the hooks are all there is to
 * do (the push has moved top, and the pop moves it as the inline pop
 * would): none of tdeque.c's out-of-line work, whose refresh alone cost
 * about 130 instructions a spawn. relaxed: as the inline paths' loads. */
static int quiet_push(cilkrt_tdeque *q)
{
    return q->top < atomic_load_explicit(&q->ordered_push_limit, memory_order_relaxed);
}

static int quiet_pop(cilkrt_tdeque *q)
{
    return q->top > atomic_load_explicit(&q->ordered_pop_floor, memory_order_relaxed);
}

/* hooks: the reducer hooks run (not for a task pushed _ordered, which
 * runs at the sync in serial order: cilkrt_abi.h) */
static char *pushed(cilkrt_worker *w, int hooks)
{
    if (hooks && w->tq.reducers) {
        cilkrt_reducer_spawned();
        if (quiet_push(&w->tq))
            return w->tq.top;
    }
    if (cilkrt_tdeque_pushed(&w->tq))
        cilkrt_wake_idle();
    help(worker_of(w));
    return w->tq.top;
}

char *cilkrt_task_pushed(cilkrt_worker *w) { return pushed(w, 1); }

char *cilkrt_task_pushed_ordered(cilkrt_worker *w) { return pushed(w, 0); }

/* The n slots below the stolen slot below top are done (the rest of its
 * run). What is left of a range known done before lies below (its slots
 * were pushed earlier): it goes back, as its run's completion, into the
 * state of its newest slot, which the owner meets first (the owner's own
 * store: those slots are done, no thief touches them again). */
static void done_below(cilkrt_tdeque *q, long n)
{
    long i = cilkrt_tdeque_depth(q) - 1, hi = q->done_top < i ? q->done_top : i;
    /* (retired: the sync will not look, and the memory is another block's) */
    if (q->done_from < hi && !cilkrt_tdeque_retired(q, hi - 1)) {
        cilkrt_task *t = cilkrt_tdeque_slot(q, hi - 1);
        atomic_store_explicit(&t->state, cilkrt_task_done(hi - q->done_from), memory_order_relaxed);
    }
    cilkrt_tdeque_done_below(q, n);
}

/* A popped task, between the reducer hooks (reducer.c). */
static void run_hooked(cilkrt_worker *pw, cilkrt_task *t)
{
    cilkrt_reducer_task_begin();
    t->run(pw, t);
    cilkrt_reducer_task_end();
}

/* hooks: as for pushed. With reducers the task runs here, between its
 * hooks, through its run pointer (its sync then sees NULL: done), so
 * that the inline sync has no hook to test for. A stolen slot is either
 * the newest of its run (run_range), waited for, after which the rest of
 * the run is known done, or one of that rest, or retired (its block's
 * memory went to a newer block: tdeque.c, reuse): popped without a wait
 * and without a look at its state, a line the thief may have written. */
static cilkrt_task *pop_slow(cilkrt_worker *pw, int hooks)
{
    cilkrt_tdeque *q = &pw->tq;
    int hooked = hooks && q->reducers;
    if (hooked && quiet_pop(q)) {
        q->top -= CILKRT_TASK_SLOT;
        run_hooked(pw, (cilkrt_task *)(void *)q->top);
        return NULL;
    }
    if (cilkrt_tdeque_drop(q))
        return NULL;
    cilkrt_task *t = cilkrt_tdeque_pop(q);
    if (t) {
        settle(pw);
        if (!hooked)
            return t;
        run_hooked(pw, t);
        return NULL;
    }
    long i = cilkrt_tdeque_depth(q) - 1;
    if (!cilkrt_tdeque_done(q) && !cilkrt_tdeque_retired(q, i)) {
        cilkrt_task *s = cilkrt_tdeque_top_slot(q);
        long len = wait_stolen(worker_of(pw), s);
        if (len == 0) { /* (never with reducers: run_range) */
            run_taken_back(worker_of(pw), q, s);
            cilkrt_tdeque_pop_stolen(q);
            return NULL;
        }
        if (q->reducers)
            cilkrt_reducer_task_stolen(s, hooks);
        done_below(q, len - 1);
    }
    cilkrt_tdeque_pop_stolen(q);
    return NULL;
}

cilkrt_task *cilkrt_task_pop_slow(cilkrt_worker *pw) { return pop_slow(pw, 1); }

cilkrt_task *cilkrt_task_pop_slow_ordered(cilkrt_worker *pw) { return pop_slow(pw, 0); }

void cilkrt_group_wait(cilkrt_worker *w, cilkrt_group *g)
{
    g->top = w->tq.top;
    cilkrt_group_count(w, g);
    while (cilkrt_group_pending(g)) {
        cilkrt_task *t = cilkrt_task_pop(w, g);
        if (t)
            t->run(w, t);
    }
}

/* cilkrt_lock serializes op= combinations of a group's children into the
 * parent's locals (held for a few instructions) and inlets with their
 * procedure, whose own code holds it until its next sync (possibly long).
 * So a waiter spins a little, then sleeps on the futex word held, counted
 * in sleepers. The uncontended path stays one exchange and one store (the
 * give does not read-modify-write): a give that reads sleepers before a
 * new sleeper's count is visible may miss waking it, so sleeps are timed,
 * and such a miss costs at most LOCK_SLEEP_NS. Mutual exclusion rests on
 * the atomic operations on held alone; acquire and release make each
 * holder see what the previous ones wrote. */
#define LOCK_SPINS 256
#define LOCK_SLEEP_NS 1000000L

static int lock_try(cilkrt_lock *l)
{
    int v = 0;
    return atomic_load_explicit(&l->held, memory_order_relaxed) == 0 &&
           atomic_compare_exchange_weak_explicit(&l->held, &v, 1, memory_order_acquire,
                                                 memory_order_relaxed);
}

static void lock_wait(cilkrt_lock *l)
{
    for (int i = 0; i < LOCK_SPINS; i++) {
        cpu_relax();
        if (lock_try(l))
            return;
    }
    struct timespec ts = {0, LOCK_SLEEP_NS};
    atomic_fetch_add_explicit(&l->sleepers, 1, memory_order_seq_cst);
    while (!lock_try(l))
        syscall(SYS_futex, &l->held, FUTEX_WAIT_PRIVATE, 1, &ts, NULL, 0);
    atomic_fetch_sub_explicit(&l->sleepers, 1, memory_order_relaxed);
}

void cilkrt_lock_take(cilkrt_lock *l)
{
    /* (held is 0 or 1: exchanging 1 for 1 changes nothing) */
    if (atomic_exchange_explicit(&l->held, 1, memory_order_acquire))
        lock_wait(l);
}

void cilkrt_lock_give(cilkrt_lock *l)
{
    atomic_store_explicit(&l->held, 0, memory_order_release);
    if (atomic_load_explicit(&l->sleepers, memory_order_relaxed))
        syscall(SYS_futex, &l->held, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
