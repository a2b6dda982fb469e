/*
 * tdeque_test.c: child stealing's task deque (tdeque.c) and the task layer
 * above it (task.c), on threads of the test's own: the owner pushes and
 * pops with the inline cilkrt_task_slot/push/pop of cilkrt_abi.h, exactly
 * as generated code does; thieves take slots with cilkrt_tdeque_steal and
 * run them with cilkrt_task_run_stolen, exactly as the scheduler does.
 *
 * A test task's record is its id; running it counts the id. The owner's
 * tasks are children of one group (the group holds the owner's top).
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"


#define STRESS_OPS 10000000UL
#define THIEVES 3

static atomic_uchar *taken;  /* per id: times run */
static worker *volatile ran_on; /* the worker that ran task B */

static void count(cilkrt_worker *w, cilkrt_task *t)
{
    (void)w;
    unsigned long id = *CILKRT_RECORD_OF(t, unsigned long);
    atomic_fetch_add_explicit(&taken[id], 1, memory_order_relaxed);
}

static worker *new_worker(int id)
{
    worker *w = aligned_alloc(CILKRT_CACHE_LINE, sizeof *w);
    memset(w, 0, sizeof *w);
    w->pub.id = id;
    cilkrt_tdeque_init(&w->pub.tq);
    return w;
}

static void free_worker(worker *w)
{
    cilkrt_tdeque_destroy(&w->pub.tq);
    free(w);
}

static cilkrt_group group; /* the owner's (the tests' tasks are its children) */

static void push(worker *w, cilkrt_group *g, void (*run)(cilkrt_worker *, cilkrt_task *),
                 unsigned long id)
{
    cilkrt_task *t = cilkrt_task_slot(&w->pub, g);
    *CILKRT_RECORD(&w->pub, t, unsigned long) = id;
    t->run = run;
    cilkrt_task_push(&w->pub, g);
}

/* Pop and run the newest task, as a sync does; 0 if it had been stolen. */
static int pop_run(worker *w)
{
    cilkrt_task *t = cilkrt_task_pop(&w->pub, &group);
    if (!t)
        return 0;
    t->run(&w->pub, t);
    return 1;
}

static void reset_taken(unsigned long n)
{
    free((void *)taken);
    taken = calloc(n, 1);
}

Test(tdeque, owner_pops_newest_first_across_blocks)
{
    enum { N = 3 * CILKRT_TDEQUE_BLOCK + 7 };
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(N);
    for (unsigned long i = 0; i < N; i++)
        push(w, &group, count, i);
    cr_expect_eq(cilkrt_tdeque_depth(&w->pub.tq), N);
    cr_expect_eq(w->pub.tq.peak, N);
    for (long i = N - 1; i >= 0; i--) {
        cilkrt_task *t = cilkrt_task_pop(&w->pub, &group);
        cr_assert_not_null(t);
        cr_assert_eq(*CILKRT_RECORD_OF(t, unsigned long), (unsigned long)i);
    }
    cr_expect_eq(cilkrt_tdeque_depth(&w->pub.tq), 0);
    push(w, &group, count, 5); /* the deque works on from the bottom */
    cr_expect(pop_run(w));
    cr_expect_eq(taken[5], 1);
    free_worker(w);
}

/* Only shared slots can be stolen: the first push into an empty deque is
 * shared, later ones when a thief has asked. */
Test(tdeque, thief_takes_oldest_shared_slot)
{
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(16);
    push(w, &group, count, 0);
    push(w, &group, count, 1);
    push(w, &group, count, 2);
    cilkrt_task *t = cilkrt_tdeque_steal(&w->pub.tq);
    cr_assert_not_null(t, "the first push is shared");
    cr_expect_eq(*CILKRT_RECORD_OF(t, unsigned long), 0);
    cr_expect_null(cilkrt_tdeque_steal(&w->pub.tq), "1 and 2 are private");
    cr_expect(atomic_load(&w->pub.tq.movesplit), "the thief asked for more");
    push(w, &group, count, 3); /* shares the older half of 1, 2, 3 */
    cr_expect(!atomic_load(&w->pub.tq.movesplit));
    t = cilkrt_tdeque_steal(&w->pub.tq);
    cr_assert_not_null(t);
    cr_expect_eq(*CILKRT_RECORD_OF(t, unsigned long), 1);
    t = cilkrt_tdeque_steal(&w->pub.tq);
    cr_assert_not_null(t);
    cr_expect_eq(*CILKRT_RECORD_OF(t, unsigned long), 2);
    cr_expect_null(cilkrt_tdeque_steal(&w->pub.tq), "3 is private");
    free_worker(w);
}

/* A shared slot nobody took is taken back at the pop: no wait. */
Test(tdeque, owner_takes_back_unstolen_shared_slots)
{
    worker *w = new_worker(0);
    cilkrt_group_init(&w->pub, &group);
    reset_taken(16);
    for (unsigned long i = 0; i < 8; i++)
        push(w, &group, count, i);
    atomic_store(&w->pub.tq.movesplit, 1);
    push(w, &group, count, 8);
    cr_expect_eq(w->pub.tq.split, 5, "slots 0..4 shared");
    for (int i = 8; i >= 0; i--)
        cr_assert(pop_run(w), "task %d", i);
    for (int i = 0; i <= 8; i++)
        cr_expect_eq(taken[i], 1);
    cr_expect_eq(atomic_load(&w->stats.failed_pops), 0);
    free_worker(w);
}

/* Leapfrogging: the owner waits for task A, stolen by a thief; A pushes B
 * on the thief's deque and waits until B is taken. Only the owner can take
 * it (by stealing back from A's thief while it waits): without
 * leapfrogging, A and the owner would wait for each other forever. */
static worker *owner_w, *thief_w;
static atomic_int a_started;

static void task_b(cilkrt_worker *w, cilkrt_task *t)
{
    (void)t;
    ran_on = worker_of(w);
}

static void task_a(cilkrt_worker *w, cilkrt_task *t)
{
    (void)t;
    cilkrt_group g;
    cilkrt_group_init(w, &g);
    push(worker_of(w), &g, task_b, 0);
    cilkrt_task *b = cilkrt_tdeque_slot(&w->tq, 0);
    atomic_store(&a_started, 1);
    while (atomic_load(&b->state) == 0)
        sched_yield(); /* until somebody took B */
    cilkrt_group_wait(w, &g);
}

static void *thief_main(void *arg)
{
    (void)arg;
    cilkrt_task *t;
    while (!(t = cilkrt_tdeque_steal(&owner_w->pub.tq)))
        sched_yield();
    cilkrt_task_run_stolen(thief_w, t);
    return NULL;
}

Test(tdeque, stolen_task_is_waited_for_by_leapfrogging, .timeout = 30)
{
    owner_w = new_worker(0);
    cilkrt_group_init(&owner_w->pub, &group);
    thief_w = new_worker(1);
    pthread_t th;
    push(owner_w, &group, task_a, 0);
    pthread_create(&th, NULL, thief_main, NULL);
    while (!atomic_load(&a_started))
        sched_yield();
    cr_expect(!pop_run(owner_w), "A was stolen");
    pthread_join(th, NULL);
    cr_expect_eq(ran_on, owner_w, "B ran on the waiting owner");
    cr_expect_eq(atomic_load(&owner_w->stats.steals), 1);
    cr_expect_eq(atomic_load(&owner_w->stats.failed_pops), 1);
    cr_expect_eq(atomic_load(&thief_w->stats.failed_pops), 1, "A's sync found B stolen");
    free_worker(owner_w);
    free_worker(thief_w);
}

/* One owner, three thieves, 10^7 pushes and pops: every task runs exactly
 * once, on the owner's pop or on one thief. The owner pushes in bursts,
 * some deeper than a block, so the deque grows while thieves steal. */
static atomic_int stop_thieves;

static void *stress_thief(void *arg)
{
    worker *self = arg;
    unsigned long n = 0;
    while (!atomic_load_explicit(&stop_thieves, memory_order_acquire)) {
        cilkrt_task *t = cilkrt_tdeque_steal(&owner_w->pub.tq);
        if (t) {
            cilkrt_task_run_stolen(self, t);
            n++;
        }
    }
    return (void *)n;
}

Test(tdeque, stress_one_owner_three_thieves, .timeout = 300)
{
    owner_w = new_worker(0);
    cilkrt_group_init(&owner_w->pub, &group);
    reset_taken(STRESS_OPS);
    worker *tw[THIEVES];
    pthread_t th[THIEVES];
    atomic_store(&stop_thieves, 0);
    for (int i = 0; i < THIEVES; i++) {
        tw[i] = new_worker(i + 1);
        pthread_create(&th[i], NULL, stress_thief, tw[i]);
    }
    uint64_t rng = 88172645463325252u;
    unsigned long pushed = 0, popped = 0, failed = 0;
    while (pushed < STRESS_OPS) {
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        unsigned long burst = rng % 64 == 0 ? 2 * CILKRT_TDEQUE_BLOCK + rng % 1000 : rng % 32;
        for (unsigned long k = 0; k < burst && pushed < STRESS_OPS; k++)
            push(owner_w, &group, count, pushed++);
        long depth = cilkrt_tdeque_depth(&owner_w->pub.tq);
        unsigned long pops = (rng >> 20) % (unsigned long)(depth + 1);
        if (pushed == STRESS_OPS)
            pops = (unsigned long)depth;
        for (unsigned long k = 0; k < pops; k++) {
            if (pop_run(owner_w))
                popped++;
            else
                failed++;
        }
    }
    atomic_store_explicit(&stop_thieves, 1, memory_order_release);
    unsigned long stolen = 0;
    for (int i = 0; i < THIEVES; i++) {
        void *s;
        pthread_join(th[i], &s);
        stolen += (unsigned long)s;
        free_worker(tw[i]);
    }
    unsigned long wrong = 0;
    for (unsigned long id = 0; id < STRESS_OPS; id++)
        wrong += atomic_load_explicit(&taken[id], memory_order_relaxed) != 1;
    cr_expect_eq(wrong, 0, "%lu of %lu tasks not run exactly once", wrong, pushed);
    cr_expect_eq(popped + stolen, pushed, "popped %lu + stolen %lu", popped, stolen);
    cr_expect_eq(failed, stolen, "every stolen task was met at a pop");
    cr_expect_gt(owner_w->pub.tq.peak, 2 * CILKRT_TDEQUE_BLOCK, "the deque grew");
    cr_expect_gt(stolen, 0);
    cr_log_info("pushed %lu, popped %lu, stolen %lu, peak %ld", pushed, popped, stolen,
                owner_w->pub.tq.peak);
    free_worker(owner_w);
}
