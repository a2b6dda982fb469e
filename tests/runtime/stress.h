/*
 * stress.h: the harness the deques' stress tests share (deque_test.c,
 * tdeque_test.c): thief threads that try to steal until told to stop and
 * count what they took, the owner's random numbers, and the final check
 * that every item was taken exactly once.
 */
#ifndef STRESS_H
#define STRESS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "worker.h"

#define STRESS_THIEVES 3

/* One steal attempt by self: how many items it took (0 if none). */
typedef unsigned long (*stress_attempt_fn)(worker *self);

typedef struct {
    worker *self;
    stress_attempt_fn attempt;
    pthread_t thread;
} stress_thief;

static stress_thief stress_thieves[STRESS_THIEVES];
static atomic_int stress_stopping;

static void *stress_thief_main(void *arg)
{
    stress_thief *t = arg;
    unsigned long taken = 0;
    /* acquire: pairs with stress_stop, after the owner's last operation */
    while (!atomic_load_explicit(&stress_stopping, memory_order_acquire))
        taken += t->attempt(t->self);
    return (void *)taken;
}

/* Start STRESS_THIEVES thieves, the workers ws[0..STRESS_THIEVES). */
static void stress_start(worker **ws, stress_attempt_fn attempt)
{
    atomic_store_explicit(&stress_stopping, 0, memory_order_relaxed);
    for (int i = 0; i < STRESS_THIEVES; i++) {
        stress_thieves[i] = (stress_thief){ws[i], attempt, 0};
        pthread_create(&stress_thieves[i].thread, NULL, stress_thief_main, &stress_thieves[i]);
    }
}

/* Stop and join the thieves; the items they took in all. */
static unsigned long stress_stop(void)
{
    atomic_store_explicit(&stress_stopping, 1, memory_order_release);
    unsigned long taken = 0;
    for (int i = 0; i < STRESS_THIEVES; i++) {
        void *n;
        pthread_join(stress_thieves[i].thread, &n);
        taken += (unsigned long)n;
    }
    return taken;
}

/* xorshift64: the owner's choices, the same on every run */
static uint64_t stress_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

#define STRESS_SEED 88172645463325252u

/* How many of the n counters are not exactly 1. */
static unsigned long stress_wrong(atomic_uchar *taken, unsigned long n)
{
    unsigned long wrong = 0;
    for (unsigned long id = 0; id < n; id++)
        wrong += atomic_load_explicit(&taken[id], memory_order_relaxed) != 1;
    return wrong;
}

#endif
