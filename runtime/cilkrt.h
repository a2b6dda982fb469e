/*
 * cilkrt.h: the public API of libcilkrt, for programs and tests.
 *
 * Translated programs need nothing from here (generated code includes
 * cilkrt_abi.h); this is for asking the runtime about itself.
 */
#ifndef CILKRT_H
#define CILKRT_H

/* Number of workers in the pool: CILK_NWORKERS, or the number of online
 * CPUs. A bad CILK_NWORKERS is reported and the program exits with 1. */
int cilkrt_nworkers(void);

/* Runtime statistics, per worker or summed (docs/runtime.md explains each
 * measure). CILK_STATS=1 prints them to stderr at exit. */
typedef struct cilkrt_stats {
    unsigned long spawns;           /* pushes: continuation spawns and tasks */
    unsigned long steals;           /* entries taken from another deque */
    unsigned long steal_attempts;   /* victims tried */
    unsigned long failed_pops;      /* pops that found their entry stolen */
    unsigned long suspensions;      /* syncs that had to wait */
    unsigned long frames_allocated; /* frames carved from fresh memory */
    long frames_peak;               /* peak frames held (total: sum over
                                       workers plus peak suspended frames) */
    unsigned long tasks_allocated;  /* tasks carved from fresh memory */
    unsigned long tasks_spawned;
    long tasks_peak;     /* peak pending tasks (total: sum) */
    long deque_peak;     /* deepest deque (total: max) */
    double idle_seconds; /* time spent finding no work */
} cilkrt_stats;

/* Totals over all workers. Exact while no parallel work runs (between root
 * calls); all zero before the pool starts. */
void cilkrt_stats_get(cilkrt_stats *s);
/* One worker's figures; returns 0 if there is no worker `id`. */
int cilkrt_stats_get_worker(int id, cilkrt_stats *s);
/* Zero every counter and peak. Call only while no parallel work runs. */
void cilkrt_stats_reset(void);
/* Steals and suspensions so far: safe to call at any time, also while the
 * pool runs (tests wait on them to force a schedule). */
unsigned long cilkrt_stats_steals(void);
unsigned long cilkrt_stats_suspensions(void);
/* Entries in worker `id`'s deque now (0 if there is no such worker): a
 * snapshot that may be stale by the time it returns, safe at any time; the
 * stability experiment samples queue lengths with it (docs/stability.md). */
long cilkrt_stats_deque_length(int id);

#endif
