/*
 * programs_test.c: the hand-lowered programs (tests/runtime/hand) on the
 * real pool. Built twice: with -DCONTINUATION_MODE against the cont_*.c
 * translations, with -DCHILD_MODE against the child_*.c ones. The pool size
 * comes from CILK_NWORKERS; `make test-runtime` runs both binaries with
 * 1, 2, 4 and 8 workers. Criterion runs each test in its own process, so
 * each starts a fresh pool and fresh statistics; a deadlock fails by timeout.
 */
#include <criterion/criterion.h>
#include <pthread.h>

#include "cilkrt.h"
#include "cilkrt_abi.h"
#include "hand.h"

static int serial_fib(int n) { return n < 2 ? n : serial_fib(n - 1) + serial_fib(n - 2); }

Test(programs, fib_small_values, .timeout = 120)
{
    for (int n = 0; n <= 12; n++)
        cr_expect_eq(fib(n), serial_fib(n), "fib(%d)", n);
}

Test(programs, fib_25, .timeout = 120)
{
    cr_assert_eq(fib(25), 75025);
}

Test(programs, fib_repeated_calls_reuse_frames, .timeout = 120)
{
    for (int i = 0; i < 50; i++)
        cr_assert_eq(fib(15), 610);
    cilkrt_stats s;
    cilkrt_stats_get(&s);
    /* 50 calls of fib(15), 1972 spawns each (two per call with n >= 2) */
    cr_expect_eq(s.spawns, 50ul * 2 * 986);
    /* frames go back to the free lists: a worker takes fresh memory only
     * beyond the most frames it held at once (at most the 15 of a chain,
     * fib(15) down to fib(1), on its stack: the hand-lowered fib allocates
     * in leaves too), or to replace frames that left it (stolen, or
     * suspended and resumed elsewhere) */
    unsigned long p = (unsigned long)cilkrt_nworkers();
    cr_expect_leq(s.frames_allocated, 15 * p + s.steals + s.suspensions);
    /* frames_peak counts the same since the pool started */
    cr_expect_geq((unsigned long)s.frames_peak, s.frames_allocated);
}

static int serial_tree(int n)
{
    return n < 2 ? serial_fib(12 + n) : serial_tree(n - 1) + serial_tree(n - 2);
}

/* A parallel function called plainly from inside a parallel computation:
 * its frame hangs below a boundary; if a thief takes it, the worker waits
 * at the boundary, running other work. */
Test(programs, nested_boundaries, .timeout = 120)
{
    for (int i = 0; i < 5; i++)
        cr_assert_eq(tree(14), serial_tree(14));
}

Test(programs, queens_counts_all_solutions, .timeout = 120)
{
    static const int expected[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    board empty = {{0}};
    for (int n = 1; n <= 10; n++)
        cr_expect_eq(queens(n, 0, empty), expected[n], "queens(%d)", n);
}

#define LOOP_N 1000000L

Test(programs, spawn_loop_sum, .timeout = 120)
{
    cr_assert_eq(spawn_loop(LOOP_N), LOOP_N * (LOOP_N - 1) / 2);
    cr_assert_eq(spawn_loop(0), 0);
    cr_assert_eq(spawn_loop(1), 0);
}

#ifdef CONTINUATION_MODE
/* The headline: a million spawns live in one frame; the frames held at
 * once stay within a small constant times P, however many children. */
Test(programs, spawn_loop_space_is_bounded_by_p, .timeout = 120)
{
    cr_assert_eq(spawn_loop(LOOP_N), LOOP_N * (LOOP_N - 1) / 2);
    cilkrt_stats s;
    cilkrt_stats_get(&s);
    long p = cilkrt_nworkers();
    cr_expect_eq(s.spawns, (unsigned long)LOOP_N);
    cr_expect_leq(s.frames_peak, 3 * p, "peak live frames %ld with P = %ld", s.frames_peak, p);
    cr_expect_eq(s.tasks_spawned, 0);
    cr_expect_leq(s.deque_peak, 1);
}
#else
/* The headline in child mode: every spawn is a task, pending at once. */
Test(programs, spawn_loop_tasks_pile_up, .timeout = 120)
{
    cr_assert_eq(spawn_loop(LOOP_N), LOOP_N * (LOOP_N - 1) / 2);
    cilkrt_stats s;
    cilkrt_stats_get(&s);
    cr_expect_eq(s.spawns, (unsigned long)LOOP_N);
    cr_expect_eq(s.tasks_spawned, (unsigned long)LOOP_N);
    /* when the last task is spawned, every task not stolen so far is still
     * pending on the spawning worker */
    cr_expect_geq(s.tasks_peak, LOOP_N - (long)s.steals, "peak %ld, steals %lu", s.tasks_peak,
                  s.steals);
    if (cilkrt_nworkers() == 1)
        cr_expect_eq(s.tasks_peak, LOOP_N, "one worker: all pending at once");
    cr_log_info("peak pending tasks %ld of %ld (%lu steals)", s.tasks_peak, LOOP_N, s.steals);
    cr_expect_geq(s.deque_peak, LOOP_N - (long)s.steals);
    cr_expect_eq(s.tasks_allocated, 0, "the records live in the deque's slots");
}
#endif

/* Steal, suspend and resume really run: a child waits until a thief has
 * taken its parent's continuation (continuation mode: and suspended it at
 * the sync; child mode: taken the older sibling). */
Test(programs, forced_steal, .timeout = 120)
{
    int p = cilkrt_nworkers();
    atomic_store(&forced_wait, p >= 2);
#ifdef CONTINUATION_MODE
    forced_base = cilkrt_stats_suspensions();
#else
    forced_base = cilkrt_stats_steals();
#endif
    for (int i = 0; i < 20; i++) {
        cr_assert_eq(forced(), 3);
#ifdef CONTINUATION_MODE
        forced_base = cilkrt_stats_suspensions();
#else
        forced_base = cilkrt_stats_steals();
#endif
    }
    cilkrt_stats s;
    cilkrt_stats_get(&s);
    if (p >= 2) {
        cr_expect_geq(s.steals, 20);
        /* each stolen entry (a continuation; in child mode a task stolen
         * from its slot) met again by its owner's pop */
        cr_expect_geq(s.failed_pops, 20);
#ifdef CONTINUATION_MODE
        cr_expect_geq(s.suspensions, 20);
#endif
    } else {
        cr_expect_eq(s.steals, 0);
        cr_expect_eq(s.suspensions, 0);
    }
}

#define THREADS 6
#define CALLS 20

static void *caller(void *arg)
{
    long bad = 0;
    for (int i = 0; i < CALLS; i++)
        bad += fib(18 + (int)(long)arg % 3) != serial_fib(18 + (int)(long)arg % 3);
    return (void *)bad;
}

/* Six threads that are not workers call a parallel function at once:
 * their root calls share the injection queue and the pool. */
Test(programs, six_threads_at_once, .timeout = 120)
{
    pthread_t t[THREADS];
    for (long i = 0; i < THREADS; i++)
        cr_assert_eq(pthread_create(&t[i], NULL, caller, (void *)i), 0);
    for (int i = 0; i < THREADS; i++) {
        void *bad;
        pthread_join(t[i], &bad);
        cr_expect_eq((long)bad, 0, "thread %d: %ld wrong results", i, (long)bad);
    }
}

/* cilk_for's grain (runtime/loop.c): the program's own, or OpenCilk's
 * min(2048, ceil(n / 8P)), never 0; P is the pool's size. */
Test(programs, cilk_for_grain, .timeout = 120)
{
    unsigned long long p = (unsigned long long)cilkrt_nworkers();
    cr_expect_eq(cilkrt_grainsize(1000, 5), 5);
    cr_expect_eq(cilkrt_grainsize(0, 0), 1);
    cr_expect_eq(cilkrt_grainsize(1, 0), 1);
    cr_expect_eq(cilkrt_grainsize(8 * p, 0), 1);
    cr_expect_eq(cilkrt_grainsize(8 * p + 1, 0), 2);
    cr_expect_eq(cilkrt_grainsize(8 * p * 100, 0), 100);
    cr_expect_eq(cilkrt_grainsize(8 * p * 2048, 0), 2048);
    cr_expect_eq(cilkrt_grainsize(8 * p * 2048 + 1, 0), 2048);
    cr_expect_eq(cilkrt_grainsize(~0ULL, 0), 2048);
}
