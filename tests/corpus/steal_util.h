/*
 * steal_util.h: helpers for corpus programs that make a strand wait for
 * another one, to force steals and suspensions.
 *
 * A waiting strand gives up after a time budget, and the program's output
 * never depends on whether it waited: the wait only shapes the schedule.
 * The budget is zero when no other strand could run meanwhile: on the
 * program's initial thread (the serial elision, --steal=serial) and when
 * CILK_NWORKERS < 2. So those runs never stall.
 *
 * A waiting strand polls the runtime (cilkrt_poll): in child mode the
 * strand it waits for may be a task this worker spawned and has not yet
 * shared with thieves, which it would share only at its next spawn or
 * sync. Built by cilkcc (__cilkc__), the program links libcilkrt; the
 * serial elision, plain C, does not poll (it never waits).
 */
#ifndef STEAL_UTIL_H
#define STEAL_UTIL_H

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#ifdef __cilkc__
void cilkrt_poll(void); /* cilkrt.h (not included: cilkc alone translates
                           these programs too, without libcilkrt's headers) */
#define su_poll() cilkrt_poll()
#else
#define su_poll() ((void)0)
#endif

#define SU_BUDGET_NS 2000000000L

static pthread_t su_initial_thread;

/* Runs before main, on the initial thread (main itself may be a parallel
 * function that runs on a worker). */
__attribute__((constructor)) static void su_record_initial_thread(void)
{
    su_initial_thread = pthread_self();
}

static inline long su_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static inline long su_budget_ns(void)
{
    const char *s = getenv("CILK_NWORKERS");

    if (pthread_equal(pthread_self(), su_initial_thread))
        return 0;
    if (s != NULL && atoi(s) < 2)
        return 0;
    return SU_BUDGET_NS;
}

/* Wait until *flag is set or the budget is spent. */
static inline void su_wait(atomic_int *flag)
{
    long budget = su_budget_ns(), start = su_now_ns();

    while (!atomic_load_explicit(flag, memory_order_acquire) &&
           su_now_ns() - start < budget) {
        su_poll();
        sched_yield();
    }
}

/* Busy for ns nanoseconds (if waiting makes sense at all), so that other
 * strands get ahead of this one. */
static inline void su_delay(long ns)
{
    long start = su_now_ns();

    if (su_budget_ns() == 0)
        return;
    while (su_now_ns() - start < ns) {
        su_poll();
        sched_yield();
    }
}

static inline void su_set(atomic_int *flag)
{
    atomic_store_explicit(flag, 1, memory_order_release);
}

#endif
