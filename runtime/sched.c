/*
 * sched.c: the scheduler loop, stealing, and idle backoff.
 *
 * The loop never pops its own deque: whenever a worker is in the loop its
 * deque is empty (every push above it was matched by a pop, successful or
 * failed). It runs, in order of preference:
 *   1. a frame handed over by a last-returning child (w->resume),
 *   2. a root call from the injection queue (top-level loop only: a nested
 *      loop waits for a particular boundary or group and should not start
 *      an unrelated computation on top of it),
 *   3. the oldest entry of a uniformly random victim's deques: its task
 *      deque (child stealing, tdeque.c), else its frame deque.
 * With nothing to do it backs off: spin, then sleep on its futex word
 * (never sched_yield: see backoff). A child-mode owner that shares tasks
 * wakes a sleeper (only when one sleeps: the share is already out of
 * line, a thief asked for it). The frame deque is split the same way: a
 * worker going to sleep asks the others to share (cilkrt_deque_ask), their
 * next push or pop goes out of line, shares and wakes it, unless its
 * last wake-up did not pay (a deaf sleep, deaf_time). While root calls
 * are active sleepers also wake after a timeout (a backstop, see
 * sleep_a_while); with none active they sleep at once, until a root call
 * arrives.
 */
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "worker.h"

#define SPIN_ROUNDS 128 /* steal attempts with a pause between, then sleep */
#define WOKEN_ROUNDS 16 /* attempts after a wake-up, before the next sleep */
#define ASK_GAP_MAX 16  /* the most failed attempts between two asks (ask_now) */
/* A first deaf sleep (deaf_time) lasts the timed sleep's length over
 * DEAF_SHIFT's power of two (62.5 us of 500 us); each next one twice the
 * last, up to the timed sleep's length. */
#define DEAF_SHIFT 3

/* The timed sleep while computations are active. */
long cilkrt_sleep_ns = 500000;

/* A wake-up by a share paid for itself when the woken worker then ran
 * jobs for this long before its next sleep (sleep_a_while). */
long cilkrt_wake_paid_ns = 10000;

static atomic_int nsleepers;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static unsigned next_random(worker *w)
{
    uint64_t x = w->rng; /* xorshift64 */
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    w->rng = x;
    return (unsigned)(x >> 32);
}

static void run_frame(worker *w, cilkrt_frame *f)
{
    f->desc->slow(&w->pub, f);
    w->pub.abandoning = 0; /* the slow clone's stack has unwound to here */
}

/* Something to run: a frame to resume or a stolen frame (entry), count
 * stolen tasks from first of a victim's task deque tq, or a root call. */
typedef struct {
    uintptr_t entry;
    root_call *root;
    cilkrt_tdeque *tq;
    long first, count;
} job;

/* Does this attempt ask a child-mode victim with nothing shared to share
 * (cilkrt_tdeque_ask)? The first failed attempt after a steal asks, and
 * then one in ask_gap (whichever victim it picks), the gap doubling up to
 * ASK_GAP_MAX. An answered request costs the owner a share, out of line,
 * with the bounds' and ts's lines moved between the cores; a loop of
 * calls of a function that spawns one tiny child and syncs
 * (bench/programs/calls.cilkc) takes the share back a few nanoseconds
 * later, and a thief that asked at every attempt made it pay that once
 * per attempt, 24,000-45,000 times in 10^7 calls at P = 2 (1,400-3,400
 * with the gap: docs/runtime.md). A wake-up keeps the gap: the sleep
 * urged every victim (sleep_a_while), so a request is pending already,
 * and a woken worker that finds the share taken back is the case this
 * is for. A victim with work is still asked within ASK_GAP_MAX attempts;
 * leapfrogging (task.c) asks at every attempt. */
static int ask_now(worker *w)
{
    if (w->ask_wait > 0) {
        w->ask_wait--;
        return 0;
    }
    w->ask_gap = w->ask_gap ? 2 * w->ask_gap : 1;
    if (w->ask_gap > ASK_GAP_MAX)
        w->ask_gap = ASK_GAP_MAX;
    w->ask_wait = w->ask_gap - 1;
    return 1;
}

/* One attempt to steal from a uniformly random other worker: its task
 * deque (one task or a batch, CILK_STEAL_POLICY), else its frame deque. */
static int steal_once(worker *w, job *j)
{
    int n = cilkrt_pool_size;
    if (n < 2)
        return 0;
    unsigned v = next_random(w) % (unsigned)(n - 1); /* uniform over the others */
    if ((int)v >= w->pub.id)
        v++;
    stat_add(&w->stats.steal_attempts, 1);
    j->tq = &cilkrt_pool[v]->pub.tq;
    j->count = cilkrt_tdeque_look(j->tq, cilkrt_steal_half, ask_now(w), &j->first);
    if (!j->count && !cilkrt_deque_steal(&cilkrt_pool[v]->pub, w, &j->entry))
        return 0;
    w->ask_wait = w->ask_gap = 0;
    stat_add(&w->stats.steals, 1);
    /* a victim with one stealable entry likely has more: let a sleeper look */
    cilkrt_wake_idle();
    return 1;
}

static int find_work(worker *w, int top, job *j)
{
    j->root = NULL;
    j->count = 0;
    if (w->resume) {
        j->entry = (uintptr_t)w->resume;
        w->resume = NULL;
        return 1;
    }
    if (top && cilkrt_inject_pending() && (j->root = cilkrt_inject_take()) != NULL)
        return 1;
    return steal_once(w, j);
}

static void run_job(worker *w, job *j)
{
    if (j->root)
        cilkrt_inject_run(w, j->root);
    else if (j->count)
        cilkrt_task_run_batch(w, j->tq, j->first, j->count);
    else
        run_frame(w, (cilkrt_frame *)j->entry);
}

static int should_stop(cilkrt_stop_fn stop, void *arg)
{
    if (stop)
        return stop(arg);
    return atomic_load_explicit(&cilkrt_pool_shutdown, memory_order_acquire);
}

/* Has some worker shared tasks that nobody took? seq_cst: see
 * sleep_a_while. */
static int tasks_shared(void)
{
    for (int i = 0; i < cilkrt_pool_size; i++)
        if (cilkrt_tdeque_pending(&cilkrt_pool[i]->pub.tq, 0) > 0)
            return 1;
    return 0;
}

/* Is there a reason not to sleep? Checked after announcing the sleep, so a
 * waker that changes one of these after our check sees our sleeping word.
 * CILKRT_WOKEN_BY_ROOT for a root call waiting (as if it had woken us),
 * CILKRT_AWAKE for another reason, CILKRT_ASLEEP for none. */
static int wakeup_pending(worker *w, cilkrt_stop_fn stop, void *arg)
{
    if (!stop && cilkrt_inject_pending())
        return CILKRT_WOKEN_BY_ROOT;
    return w->resume || should_stop(stop, arg) || tasks_shared() ? CILKRT_AWAKE : CILKRT_ASLEEP;
}

/* Has another worker shared a frame that nobody took? seq_cst: see
 * sleep_a_while. */
static int frames_pending(worker *w)
{
    for (int i = 0; i < cilkrt_pool_size; i++)
        if (cilkrt_pool[i] != w && cilkrt_deque_pending(&cilkrt_pool[i]->pub))
            return 1;
    return 0;
}

/* Ask every other worker to share its private frames, and look at the
 * frames shared before: the next push or pop of each answers (shares, and
 * wakes a sleeper, deque.c). */
static int ask_and_look(worker *w)
{
    for (int i = 0; i < cilkrt_pool_size; i++)
        if (cilkrt_pool[i] != w)
            cilkrt_deque_ask(&cilkrt_pool[i]->pub);
    return frames_pending(w);
}

/* A child-mode request this worker made and a push is deferring is
 * answered at the owner's next push (cilkrt_tdeque_urge): counted as a
 * sleeper first, so the share that answers it wakes us (cilkrt_wake_idle),
 * or our look at the deques (tasks_shared) sees it. */
static void urge_requests(worker *w)
{
    for (int i = 0; i < cilkrt_pool_size; i++)
        if (cilkrt_pool[i] != w)
            cilkrt_tdeque_urge(&cilkrt_pool[i]->pub.tq);
}

/* How long this sleep stays deaf to shares (0: it listens). A share's
 * wake-up costs the sharer a futex system call on its critical path,
 * about 30 us on the 2-core VM when the sleeper's vCPU is halted (and the
 * sleeper 40-120 us more before it runs: docs/runtime.md, "Deaf
 * sleeps"). A worker woken by a share (or whose look found one) that ran
 * jobs for less than cilkrt_wake_paid_ns before this sleep did not pay
 * for that: a program whose children are tiny (a spawn loop) hands its
 * continuation back and forth, one wake-up per trip. Such a sleep is
 * deaf: it ends at its own timeout (DEAF_SHIFT, doubling per unpaid
 * wake-up), not at a share; the sleep after it listens again. A paid
 * wake-up resets the doubling. A worker that ran nothing (it found the
 * shared frame gone) is judged by its sharer instead: if the sharer took
 * the frame back within cilkrt_wake_paid_ns of the wake-up
 * (quick_take_back), the work under it was too small to pay; if later,
 * the work would have paid and the sleeper was only late (a 20 us unit
 * ends before a woken worker runs), so the next sleep listens. */
static long deaf_time(worker *w)
{
    if (w->busy_ns >= (uint64_t)cilkrt_wake_paid_ns) {
        w->deaf_ns = 0;
        return 0;
    }
    if (!w->share_woke)
        return 0;
    /* relaxed: see cilkrt_wake_taken_back */
    if (w->busy_ns == 0 && !atomic_load_explicit(&w->quick_take_back, memory_order_relaxed))
        return 0;
    long d = w->deaf_ns ? 2 * w->deaf_ns : cilkrt_sleep_ns >> DEAF_SHIFT;
    w->deaf_ns = d < cilkrt_sleep_ns ? d : cilkrt_sleep_ns;
    return w->deaf_ns;
}

/* Sleep until woken, or for cilkrt_sleep_ns while root calls are active.
 * Child stealing's shares wake sleepers (cilkrt_wake_idle); for
 * continuation stealing's frames the sleeper first asks every other
 * worker to share, so that its next push or pop shares and wakes it
 * (cilkrt_wake_for_push). A deaf sleep (deaf_time) asks nobody and is
 * woken by no share, only by its timeout, a root call, its own resume or
 * the shutdown. The timeout is the backstop for a worker that runs long
 * without a push or a pop (deque.c: its private frames wait for it).
 * Returns why it woke (or did not sleep): CILKRT_ASLEEP on the timeout,
 * else the waker's reason (CILKRT_AWAKE if it gave none). */
static int sleep_a_while(worker *w, cilkrt_stop_fn stop, void *arg)
{
    int timed = atomic_load_explicit(&cilkrt_active_roots, memory_order_relaxed) > 0;
    long deaf = timed ? deaf_time(w) : 0;
    int asleep = deaf ? CILKRT_DEAF : CILKRT_ASLEEP;
    /* before sleeping is stored: a sharer that sees us asleep and wakes us
     * may set it (cilkrt_wake_taken_back) */
    atomic_store_explicit(&w->quick_take_back, 0, memory_order_relaxed);
    atomic_store_explicit(&w->sleeping, asleep, memory_order_relaxed);
    /* seq_cst (the RMW and the fence): pairs with the fence in
     * cilkrt_wake (Dekker: our store of sleeping and the waker's store of
     * its condition, each followed by a load of the other, so one of us
     * sees the other's store), with a share's RMW of ts followed by its
     * load of nsleepers (cilkrt_wake_idle) against our count here followed
     * by the loads of ts in tasks_shared, and with a frame share's store
     * of split followed by a fence and its load of nsleepers (deque.c,
     * announce) against our count here followed by the loads of split in
     * frames_pending */
    atomic_fetch_add_explicit(&nsleepers, 1, memory_order_seq_cst);
    atomic_thread_fence(memory_order_seq_cst);
    urge_requests(w);
    int why = wakeup_pending(w, stop, arg);
    if (why == CILKRT_ASLEEP && timed && !deaf && ask_and_look(w))
        why = CILKRT_WOKEN_BY_PUSH;
    if (why == CILKRT_ASLEEP) {
        long ns = deaf ? deaf : cilkrt_sleep_ns;
        struct timespec ts = {ns / 1000000000L, ns % 1000000000L};
        syscall(SYS_futex, &w->sleeping, FUTEX_WAIT_PRIVATE, asleep, timed ? &ts : NULL, NULL, 0);
        /* a waker replaced asleep; the timeout (or a spurious return) did not */
        why = atomic_load_explicit(&w->sleeping, memory_order_relaxed);
        if (why == CILKRT_DEAF)
            why = CILKRT_ASLEEP;
    }
    atomic_store_explicit(&w->sleeping, CILKRT_AWAKE, memory_order_relaxed);
    atomic_fetch_sub_explicit(&nsleepers, 1, memory_order_relaxed);
    w->share_woke = why == CILKRT_WOKEN_BY_PUSH;
    w->busy_ns = 0;
    return why;
}

/* Idle round *round: spin (about 40 us in all, near what a futex wake-up
 * takes), then sleep; after a wake-up, a few attempts before sleeping
 * again, but the whole spin after a root call's: its first spawn comes
 * within microseconds, and a spinning worker steals it at once, where a
 * sleeping one waits for the sleep's barrier, the pusher's wake-up and
 * its own (first steal at 50-100 us against 20-30 us on the 2-core VM:
 * docs/runtime.md, "Idle behaviour"). No sched_yield between: with
 * another runnable thread on its CPU a yielding worker loses the CPU
 * until the next scheduler tick (EEVDF moves its deadline a slice later
 * per yield; 4 ms here), and since it is not asleep, no push can wake it.
 * A sleeping worker is woken by the push or share that makes work for it
 * (docs/runtime.md, "Idle behaviour"). With no root call active the pool
 * holds no work: no spin, the worker sleeps at once. Spinning there only
 * held the CPU from the thread whose root call had just ended: its
 * wake-up waited for the spin on its CPU (7-49 us median, against 3 us
 * without, docs/runtime.md, "The root call's hand-off"). */
static void backoff(worker *w, unsigned *round, cilkrt_stop_fn stop, void *arg)
{
    unsigned r = (*round)++;
    /* relaxed: a hint; a root call that comes after the look wakes the
     * sleep (wakeup_pending, cilkrt_wake_for_root) */
    if (r < SPIN_ROUNDS && atomic_load_explicit(&cilkrt_active_roots, memory_order_relaxed) > 0) {
        for (int i = 0; i < 16; i++)
            cpu_relax();
        return;
    }
    int why = sleep_a_while(w, stop, arg);
    if (why == CILKRT_WOKEN_BY_ROOT)
        *round = 0;
    else if (why != CILKRT_ASLEEP)
        *round = SPIN_ROUNDS - WOKEN_ROUNDS;
    else
        *round = SPIN_ROUNDS; /* the timeout: one attempt, then sleep */
}

/* The worker becomes busy: its idle time since idle_since ends. busy_since
 * and busy_ns (deaf_time) count the time between, nested loops included:
 * a nested loop's idle time is not the job's. */
static void end_idle(worker *w, uint64_t idle_since)
{
    uint64_t t = now_ns();
    stat_add(&w->stats.idle_ns, t - idle_since);
    w->busy_since = t;
}

void cilkrt_sched_loop(worker *w, cilkrt_stop_fn stop, void *arg)
{
    int idle = 0;
    unsigned round = 0;
    uint64_t idle_since = 0;
    job j;
    for (;;) {
        /* Never leave with a frame to resume: the code we return to may
         * deliver again and would overwrite it (the frame would wait at
         * its sync forever). */
        if (!w->resume && should_stop(stop, arg))
            break;
        if (find_work(w, stop == NULL, &j)) {
            if (idle)
                end_idle(w, idle_since);
            idle = 0;
            round = 0;
            run_job(w, &j);
            continue;
        }
        if (!idle) {
            idle = 1;
            idle_since = now_ns();
            w->busy_ns += idle_since - w->busy_since;
        }
        backoff(w, &round, stop, arg);
    }
    if (idle) /* back to the job that called this loop, or to the thread's end */
        end_idle(w, idle_since);
}

/* Wake w if it sleeps, or is about to, and listens (deaf: or sleeps deaf,
 * sleep_a_while), telling it why. */
static void wake_if_asleep(worker *w, int why, int deaf, int *woke)
{
    int asleep = atomic_load_explicit(&w->sleeping, memory_order_relaxed);
    if ((asleep == CILKRT_ASLEEP || (deaf && asleep == CILKRT_DEAF)) &&
        atomic_compare_exchange_strong_explicit(&w->sleeping, &asleep, why, memory_order_relaxed,
                                                memory_order_relaxed)) {
        syscall(SYS_futex, &w->sleeping, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
        *woke = 1;
    }
}

void cilkrt_wake(worker *w)
{
    int woke = 0;
    /* seq_cst: the caller has just stored the condition w waits for; that
     * store must not pass the load of sleeping (see sleep_a_while) */
    atomic_thread_fence(memory_order_seq_cst);
    wake_if_asleep(w, CILKRT_AWAKE, 1, &woke);
}

/* New work: wake one sleeper that listens (a deaf one does not: its
 * wake-up would not pay, deaf_time). Returns the worker woken, or NULL. */
static worker *wake_one_for(int why)
{
    int woke = 0;
    for (int i = 0; i < cilkrt_pool_size; i++) {
        wake_if_asleep(cilkrt_pool[i], why, 0, &woke);
        if (woke)
            return cilkrt_pool[i];
    }
    return NULL;
}

void cilkrt_wake_one(void) { wake_one_for(CILKRT_AWAKE); }

void cilkrt_wake_idle(void)
{
    if (atomic_load_explicit(&nsleepers, memory_order_seq_cst) > 0)
        cilkrt_wake_one();
}

void cilkrt_wake_for_push(worker *pusher)
{
    worker *v;
    if (atomic_load_explicit(&nsleepers, memory_order_seq_cst) > 0 &&
        (v = wake_one_for(CILKRT_WOKEN_BY_PUSH)) != NULL) {
        stat_add(&pusher->stats.push_wakes, 1);
        pusher->share_woken = v;
        pusher->share_woken_at = now_ns(); /* the wake-up's system call is behind us */
    }
}

/* The sharer's own work under the frame it shared, from the end of its
 * wake-up call to the take-back, is what a thief could have run in its
 * place: shorter than cilkrt_wake_paid_ns, the wake-up could not have paid
 * however soon the sleeper came (deaf_time). Relaxed: a hint, which the
 * woken worker reads at its next sleep, after it found the frame gone. */
void cilkrt_wake_taken_back(worker *owner)
{
    worker *v = owner->share_woken;
    if (!v)
        return;
    owner->share_woken = NULL;
    if (now_ns() - owner->share_woken_at < (uint64_t)cilkrt_wake_paid_ns)
        atomic_store_explicit(&v->quick_take_back, 1, memory_order_relaxed);
}

static void wake_all_for(int why)
{
    int woke = 0;
    atomic_thread_fence(memory_order_seq_cst);
    for (int i = 0; i < cilkrt_pool_size; i++)
        wake_if_asleep(cilkrt_pool[i], why, 1, &woke);
}

void cilkrt_wake_all(void) { wake_all_for(CILKRT_AWAKE); }

void cilkrt_wake_for_root(void) { wake_all_for(CILKRT_WOKEN_BY_ROOT); }
