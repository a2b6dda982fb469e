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
 * With nothing to do it backs off: spin, then sched_yield, then sleep on
 * its futex word. While root calls are active it sleeps with a timeout
 * (nobody wakes a worker when a deque becomes non-empty: that would cost
 * the push); with none active it sleeps until a root call arrives.
 */
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "worker.h"

#define SPIN_ROUNDS 64   /* steal attempts with a pause between */
#define YIELD_ROUNDS 64  /* then attempts with sched_yield between */
#define SLEEP_NS 500000L /* timed sleep while computations are active */

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

/* One attempt to steal from a uniformly random other worker. */
static int steal_once(worker *w, uintptr_t *e)
{
    int n = cilkrt_pool_size;
    if (n < 2)
        return 0;
    unsigned v = next_random(w) % (unsigned)(n - 1); /* uniform over the others */
    if ((int)v >= w->pub.id)
        v++;
    stat_add(&w->stats.steal_attempts, 1);
    cilkrt_task *t = cilkrt_tdeque_steal(&cilkrt_pool[v]->pub.tq);
    if (t)
        *e = (uintptr_t)t | CILKRT_TASK_TAG;
    else if (!cilkrt_deque_steal(&cilkrt_pool[v]->pub, w, e))
        return 0;
    stat_add(&w->stats.steals, 1);
    /* a victim with one stealable entry likely has more: let a sleeper look */
    if (atomic_load_explicit(&nsleepers, memory_order_relaxed) > 0)
        cilkrt_wake_one();
    return 1;
}

/* Something to run: a frame to resume or a stolen frame (a pointer), a
 * stolen task (tagged pointer), or a root call. */
typedef struct {
    uintptr_t entry;
    root_call *root;
} job;

static int find_work(worker *w, int top, job *j)
{
    j->root = NULL;
    if (w->resume) {
        j->entry = (uintptr_t)w->resume;
        w->resume = NULL;
        return 1;
    }
    if (top && cilkrt_inject_pending() && (j->root = cilkrt_inject_take()) != NULL)
        return 1;
    if (!steal_once(w, &j->entry))
        return 0;
    if (!(j->entry & CILKRT_TASK_TAG))
        hold_frame(w);
    return 1;
}

static void run_job(worker *w, job *j)
{
    if (j->root)
        cilkrt_inject_run(w, j->root);
    else if (j->entry & CILKRT_TASK_TAG)
        cilkrt_task_run_stolen(w, (cilkrt_task *)(j->entry & ~CILKRT_TASK_TAG));
    else
        run_frame(w, (cilkrt_frame *)j->entry);
}

static int should_stop(cilkrt_stop_fn stop, void *arg)
{
    if (stop)
        return stop(arg);
    return atomic_load_explicit(&cilkrt_pool_shutdown, memory_order_acquire);
}

/* Is there a reason not to sleep? Checked after announcing the sleep, so a
 * waker that changes one of these after our check sees sleeping == 1. */
static int wakeup_pending(worker *w, cilkrt_stop_fn stop, void *arg)
{
    return w->resume || should_stop(stop, arg) || (!stop && cilkrt_inject_pending());
}

static void sleep_a_while(worker *w, cilkrt_stop_fn stop, void *arg)
{
    atomic_store_explicit(&w->sleeping, 1, memory_order_relaxed);
    /* seq_cst: pairs with the fence in cilkrt_wake (Dekker: our store of
     * sleeping and the waker's store of its condition, each followed by a
     * load of the other, so one of us sees the other's store) */
    atomic_thread_fence(memory_order_seq_cst);
    atomic_fetch_add_explicit(&nsleepers, 1, memory_order_relaxed);
    if (!wakeup_pending(w, stop, arg)) {
        struct timespec ts = {0, SLEEP_NS};
        int timed = atomic_load_explicit(&cilkrt_active_roots, memory_order_relaxed) > 0;
        syscall(SYS_futex, &w->sleeping, FUTEX_WAIT_PRIVATE, 1, timed ? &ts : NULL, NULL, 0);
    }
    atomic_store_explicit(&w->sleeping, 0, memory_order_relaxed);
    atomic_fetch_sub_explicit(&nsleepers, 1, memory_order_relaxed);
}

static void backoff(worker *w, unsigned round, cilkrt_stop_fn stop, void *arg)
{
    if (round < SPIN_ROUNDS) {
        for (int i = 0; i < 16; i++)
            cpu_relax();
    } else if (round < SPIN_ROUNDS + YIELD_ROUNDS) {
        sched_yield();
    } else {
        sleep_a_while(w, stop, arg);
    }
}

void cilkrt_sched_loop(worker *w, cilkrt_stop_fn stop, void *arg)
{
    unsigned idle = 0;
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
                stat_add(&w->stats.idle_ns, now_ns() - idle_since);
            idle = 0;
            run_job(w, &j);
            continue;
        }
        if (idle++ == 0)
            idle_since = now_ns();
        backoff(w, idle - 1, stop, arg);
    }
    if (idle)
        stat_add(&w->stats.idle_ns, now_ns() - idle_since);
}

void cilkrt_wake(worker *w)
{
    /* seq_cst: the caller has just stored the condition w waits for; that
     * store must not pass the load of sleeping (see sleep_a_while) */
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&w->sleeping, memory_order_relaxed) &&
        atomic_exchange_explicit(&w->sleeping, 0, memory_order_relaxed))
        syscall(SYS_futex, &w->sleeping, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

void cilkrt_wake_one(void)
{
    for (int i = 0; i < cilkrt_pool_size; i++) {
        worker *w = cilkrt_pool[i];
        if (atomic_load_explicit(&w->sleeping, memory_order_relaxed) &&
            atomic_exchange_explicit(&w->sleeping, 0, memory_order_relaxed)) {
            syscall(SYS_futex, &w->sleeping, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
            return;
        }
    }
}

void cilkrt_wake_all(void)
{
    atomic_thread_fence(memory_order_seq_cst);
    for (int i = 0; i < cilkrt_pool_size; i++)
        if (atomic_load_explicit(&cilkrt_pool[i]->sleeping, memory_order_relaxed) &&
            atomic_exchange_explicit(&cilkrt_pool[i]->sleeping, 0, memory_order_relaxed))
            syscall(SYS_futex, &cilkrt_pool[i]->sleeping, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
