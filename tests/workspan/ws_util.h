/*
 * ws_util.h: helpers for the work/span tests (tests/workspan/run.sh).
 *
 * The figures are in the strand unit (CILKSCALE_UNIT=strands) with a
 * burden of CILKSCALE_BURDEN strands per spawn: exact, whatever the
 * schedule. A strand is the code between two hooks of one invocation; it
 * is counted where it opens: at the entry of a parallel function (or of a
 * spawned plain call), after each spawn (the continuation), after each
 * sync, and after a call of a parallel function returns to its caller.
 * A return's own sync opens no strand (the fast clone has none).
 *
 * ws_wait_steal() forces a steal without changing the DAG: the calling
 * strand waits (plain calls, no spawn) until some worker has stolen, for
 * up to two seconds, and not at all with fewer than two workers. ws_check
 * prints the figures and flags any that differ from the closed form.
 */
#ifndef WS_UTIL_H
#define WS_UTIL_H

#include <cilk/cilkscale.h>
#include <cilkrt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline long ws_burden(void)
{
    const char *b = getenv("CILKSCALE_BURDEN");
    return b ? atol(b) : 0;
}

static inline void ws_wait_steal(void)
{
    if (cilkrt_nworkers() < 2)
        return;
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        if (cilkrt_stats_steals() > 0)
            return;
        sched_yield();
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < 2000000000L);
}

/* Output never depends on the schedule: a missing steal is reported as an
 * error line, which the expected output does not have. */
static inline void ws_check(const char *what, wsp_t got, long work, long span, long bspan)
{
    printf("%s: work %lld span %lld bspan %lld\n", what, (long long)got.work, (long long)got.span,
           (long long)got.bspan);
    if (got.work != work || got.span != span || got.bspan != bspan)
        printf("%s: MISMATCH, closed form: work %ld span %ld bspan %ld\n", what, work, span, bspan);
    if (cilkrt_nworkers() >= 2 && cilkrt_stats_steals() == 0)
        printf("%s: no steal happened\n", what);
}

static inline long ws_max(long a, long b) { return a > b ? a : b; }

#endif
