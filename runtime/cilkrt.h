/*
 * cilkrt.h: the public API of libcilkrt, for programs and tests.
 *
 * Translated programs need nothing from here (generated code includes
 * cilkrt_abi.h); this is for asking the runtime about itself, and for
 * spawning onto the pool from code that cilkc did not translate (task
 * groups, below).
 */
#ifndef CILKRT_H
#define CILKRT_H

#include <ffi.h>

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
    long frames_peak;               /* frames in memory: carved since the pool
                                       started (cilkrt_stats_reset leaves it),
                                       at least the most live at once (total:
                                       sum) */
    unsigned long tasks_allocated;  /* tasks carved from fresh memory */
    unsigned long tasks_spawned;
    long tasks_peak;     /* peak pending tasks (total: sum) */
    long deque_peak;     /* deepest deque (total: max) */
    double idle_seconds; /* time spent finding no work */
    /* Mechanisms that ran (tests check them; the exit report prints them
     * on its `mechanisms:` line, docs/runtime.md). Child mode: a sync's
     * steals from the thief of its stolen task, steals of several tasks
     * (CILK_STEAL_POLICY=half), proxies handing out the rest of a stolen
     * batch, and blocks the task deques added since the pool started
     * (kept: cilkrt_stats_reset leaves it). Continuation mode: doublings
     * of a frame deque's ring. Both: sleepers woken by a push, and reducer
     * views that steals made, reduced into the view left of them (total
     * only). Last, child mode: blocks of the task deques that took the
     * pages of a finished block instead of new ones (docs/runtime.md),
     * and a stolen batch's unstarted slots its owner took back and ran. */
    unsigned long leapfrogs;
    unsigned long batch_steals;
    unsigned long proxies;
    unsigned long task_blocks_added;
    unsigned long deque_grows;
    unsigned long push_wakes;
    unsigned long views_reduced;
    unsigned long task_blocks_reused;
    unsigned long take_backs;
} cilkrt_stats;

/* Totals over all workers. Exact while no parallel work runs (between root
 * calls); all zero before the pool starts. Writes the first `size` bytes
 * of the figures (at most sizeof(cilkrt_stats)): a program built against
 * an older, shorter cilkrt_stats gets the members it knows, and nothing
 * beyond them is written. */
void cilkrt_stats_get_sized(cilkrt_stats *s, __SIZE_TYPE__ size);
/* One worker's figures, as cilkrt_stats_get_sized; returns 0 if there is
 * no worker `id`. */
int cilkrt_stats_get_worker_sized(int id, cilkrt_stats *s, __SIZE_TYPE__ size);
/* The same with the size of the caller's struct: what programs call. The
 * functions of these names (called without the macros, or by programs
 * built before them) write a whole cilkrt_stats of this version. */
void cilkrt_stats_get(cilkrt_stats *s);
int cilkrt_stats_get_worker(int id, cilkrt_stats *s);
#define cilkrt_stats_get(s) cilkrt_stats_get_sized((s), sizeof *(s))
#define cilkrt_stats_get_worker(id, s) cilkrt_stats_get_worker_sized((id), (s), sizeof *(s))
/* Zero every counter and peak. Call only while no parallel work runs. */
void cilkrt_stats_reset(void);
/* Steals and suspensions so far: safe to call at any time, also while the
 * pool runs (tests wait on them to force a schedule). */
unsigned long cilkrt_stats_steals(void);
/* Spawns not done because Cilk-5's abort stopped them (runtime/cilk5.c). */
unsigned long cilkrt_stats_cut_off(void);
unsigned long cilkrt_stats_suspensions(void);
/* Entries in worker `id`'s deques now (0 if there is no such worker): a
 * snapshot that may be stale by the time it returns, safe at any time; the
 * stability experiment samples queue lengths with it (docs/stability.md).
 * Child-mode tasks a worker has not shared with thieves count only when
 * the worker asks about itself (they are private to it). */
long cilkrt_stats_deque_length(int id);

/* Let thieves in: in child mode, share this worker's private tasks if a
 * thief has asked for work, as its next spawn or sync would (until then a
 * task spawned before a long strand stays out of thieves' reach). For a
 * strand that runs long without spawning or syncing, e.g. one that waits
 * for another strand. Cheap (one load when nobody asked); does nothing in
 * continuation mode, whose spawned work thieves reach without the owner,
 * and on threads that are not workers. */
void cilkrt_poll(void);

/* Task groups: spawn any C function onto the pool from plain C or from
 * another language, with arguments marshalled by libffi (docs/runtime.md,
 * "Task groups", and cilk_group(3)).
 *
 * A group initialised on a worker (inside a parallel function, or inside a
 * function spawned into another group) belongs to that worker: spawn into
 * it and sync it there only. A group initialised on any other thread may
 * take spawns from any thread; the initialising thread syncs it. A spawned
 * function may open groups of its own, and may itself be a function
 * translated by cilkc. Spawned tasks are child-stealing tasks on the same
 * workers and deques as translated code. */
typedef struct cilk_group {
    union { /* opaque; 8-byte aligned, as malloc'd memory is */
        void *align_p;
        long long align_ll;
        double align_d;
        unsigned char bytes[256];
    } opaque;
} cilk_group;

void cilk_group_init(cilk_group *g);
/* Wait until every function spawned into g has returned (and stored its
 * result). g can be used again afterwards. */
void cilk_group_sync(cilk_group *g);
/* Sync, then release what g holds. */
void cilk_group_destroy(cilk_group *g);

/* Spawn fn described by cif (prepared with ffi_prep_cif, and valid until
 * the group's sync) with the arguments args[0 .. cif->nargs-1]. The
 * argument values are copied now: the caller may reuse args at once. The
 * result (cif->rtype->size bytes) is stored into *result when fn returns;
 * result may be NULL. Returns 0, or -1 (errno EINVAL, a message on stderr)
 * if nothing was spawned. */
int cilk_spawn_ffi(cilk_group *g, ffi_cif *cif, void (*fn)(void), void *result, void **args);

/* The same, with the signature as a string: the result's type, then the
 * arguments' in parentheses; "l(ii)" is long f(int, int), "v(pd)" is
 * void f(void *, double), "i()" is int f(void). Types: v void (result
 * only), c char, b signed char, B unsigned char, h short, H unsigned short,
 * i int, I unsigned, l long, L unsigned long, q long long, Q unsigned long
 * long, z size_t, f float, d double, g long double, p any pointer,
 * ? _Bool. The arguments follow result, with C's default promotions. A bad
 * signature is reported on stderr and nothing is spawned (returns -1,
 * errno EINVAL). The call interface is built once per signature and
 * cached (thread-safe). */
int cilk_spawnf(cilk_group *g, void (*fn)(void), const char *sig, void *result, ...);

/* The cached call interface for a signature string (as cilk_spawnf's), for
 * cilk_spawn_ffi from languages that cannot build an ffi_cif themselves;
 * NULL (with a message on stderr) for a bad signature. Valid until exit. */
ffi_cif *cilk_sig_cif(const char *sig);

#endif
