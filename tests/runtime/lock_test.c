/*
 * lock_test.c: cilkrt_lock (runtime/task.c), the lock of op= combinations
 * and inlets in child mode: mutual exclusion when holders keep it long
 * enough for waiters to go to sleep, and that a waiter does sleep (counted
 * in sleepers) instead of spinning until the holder gives the lock.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

#include "cilkrt_abi.h"

#define THREADS 4
#define ROUNDS 2000

static cilkrt_lock lock;
static long counter; /* guarded by lock */

static void pause_us(long us)
{
    struct timespec ts = {0, us * 1000};
    nanosleep(&ts, NULL);
}

/* Non-atomic increments, every 100th one held across a sleep: the other
 * threads spin past their bound then and sleep on the lock. */
static void *increment(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        cilkrt_lock_take(&lock);
        long v = counter;
        if (i % 100 == 0)
            pause_us(200);
        counter = v + 1;
        cilkrt_lock_give(&lock);
    }
    return NULL;
}

Test(lock, exclusion_with_sleepers)
{
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, increment, NULL);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    cr_assert_eq(counter, (long)THREADS * ROUNDS);
    cr_assert_eq(atomic_load(&lock.held), 0);
    cr_assert_eq(atomic_load(&lock.sleepers), 0);
}

static cilkrt_lock held_lock;
static atomic_int got_it;

static void *take_and_give(void *arg)
{
    (void)arg;
    cilkrt_lock_take(&held_lock);
    atomic_store(&got_it, 1);
    cilkrt_lock_give(&held_lock);
    return NULL;
}

/* While the lock is held, a waiter ends up counted as a sleeper (a spin
 * lock never gets there: the wait below would run into the time-out). */
Test(lock, waiter_sleeps, .timeout = 60)
{
    pthread_t t;
    cilkrt_lock_take(&held_lock);
    pthread_create(&t, NULL, take_and_give, NULL);
    while (atomic_load(&held_lock.sleepers) == 0)
        sched_yield();
    cr_assert_eq(atomic_load(&got_it), 0);
    cilkrt_lock_give(&held_lock);
    pthread_join(t, NULL);
    cr_assert_eq(atomic_load(&got_it), 1);
    cr_assert_eq(atomic_load(&held_lock.sleepers), 0);
}
