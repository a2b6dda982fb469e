/*
 * cilk.h: Cilk-5.4.6's library for cilkc programs, so that Cilk-5 code
 * builds unchanged (docs/language.md has the compatibility table,
 * docs/porting.md the how-to). Plain C: a C file that calls EXPORTed
 * procedures includes it too. Implemented in runtime/cilk5.c.
 */
#ifndef CILKC_CILK_H
#define CILKC_CILK_H

#include <alloca.h>
#include "cilk/cilkscale.h" /* beside this header, built and installed */
#include <stdlib.h>

/* Time in Cilk's internal unit (here nanoseconds). */
typedef unsigned long long Cilk_time;

/* ---- Calling cilk procedures from C (manual, "Cilk and C") ---- */

/* A handle on the runtime. There is one pool per process: contexts share
 * it, and it lives until exit. */
typedef struct CilkContext CilkContext;

/* Take Cilk's runtime options (--nproc N, --stats L, ...) out of argc/argv,
 * as a `cilk main` does, and return the context the stubs take. */
CilkContext *Cilk_init(int *argc, char **argv);
void Cilk_terminate(CilkContext *context);

/* The C stub of cilk procedure f: `r = EXPORT(f)(context, args...)`. cilkc
 * writes mt_f beside every cilk procedure defined with the `cilk` marker. */
#define EXPORT(f) mt_##f

/* ---- Workers ---- */

int Cilk_self(void);
int Cilk_active_size_get(void);
/* The number of the worker running the caller, 0 .. Cilk_active_size - 1
 * (0 on a thread that is not a worker). */
#define Self (Cilk_self())
/* The number of workers (--nproc, CILK_NWORKERS). */
#define Cilk_active_size (Cilk_active_size_get())

/* ---- Timers ---- */

Cilk_time Cilk_get_wall_time(void);
Cilk_time Cilk_get_time(void);
double Cilk_wall_time_to_sec(Cilk_time t);
double Cilk_time_to_sec(Cilk_time t);
/* Cilk_user_work and Cilk_user_critical_path come from <cilk/cilkscale.h>
 * (runtime/workspan.c): the run's work and span so far in a program built
 * with --workspan, 0 otherwise (as Cilk-5 without -cilk-critical-path). */

/* ---- Memory, control ---- */

/* In a parallel function cilkc turns alloca into a block freed with the
 * frame (it outlives a stolen continuation's C stack). */
#define Cilk_alloca(size) alloca(size)
#define Cilk_malloc(size) malloc(size)
#define Cilk_free(p) free(p)
/* A full memory barrier. */
#define Cilk_fence() __atomic_thread_fence(__ATOMIC_SEQ_CST)
/* Flush stdio and end the program with status. */
void Cilk_exit(int status) __attribute__((noreturn));

/* Print the message (printf format) and abort. */
void Cilk_die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void Cilk_assert_failed(const char *expr, const char *file, int line) __attribute__((noreturn));
/* Cilk-5's sources name themselves with it. */
#define FILE_IDENTITY(name, text) static const char *const name __attribute__((unused)) = text
#ifdef NDEBUG
#define Cilk_assert(ex) ((void)0)
#else
#define Cilk_assert(ex) ((void)((ex) || (Cilk_assert_failed(#ex, __FILE__, __LINE__), 0)))
#endif

/* ---- Locks ---- */

/* An array type, as in Cilk-5: a lock variable is passed by reference. */
typedef volatile int Cilk_lockvar[1];

static inline void Cilk_lock_init(Cilk_lockvar l) { __atomic_store_n(&l[0], 0, __ATOMIC_RELEASE); }

/* Test and test-and-set: the acquire exchange pairs with the release store
 * of Cilk_unlock, so the holder sees everything the previous one wrote. */
static inline void Cilk_lock(Cilk_lockvar l)
{
    while (__atomic_exchange_n(&l[0], 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&l[0], __ATOMIC_RELAXED))
            ;
}

static inline void Cilk_unlock(Cilk_lockvar l) { __atomic_store_n(&l[0], 0, __ATOMIC_RELEASE); }

#endif
