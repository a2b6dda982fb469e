/*
 * cilk5.c: Cilk-5.4.6's library on this runtime (cilk.h; docs/language.md
 * has the compatibility table): the runtime options of a `cilk main`,
 * Cilk_init, the worker queries, timers and Cilk_exit.
 *
 * Cilk-5's options come first on the command line and are removed before
 * main sees argv. They act through the environment variables this runtime
 * already reads when its pool starts (CILK_NWORKERS, CILK_STATS): the
 * generated `cilk main` parses them before its first parallel call, so the
 * pool has not started yet.
 */
#include "cilk.h"
#include "cilkrt.h"
#include "worker.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct CilkContext {
    int unused;
};

/* Cilk-5's option words (cmdline.c of Cilk-5.4.6): those with an argument,
 * then those without. Options this runtime has no use for are accepted and
 * ignored, as the manual lets a runtime do with scheduling hints. */
static const char *const with_arg[] = {"nproc",    "stack",       "pthread-stacksize", "stats",
                                       "pin-proc", "alloc-batch", "infofile",          NULL};
static const char *const flags[] = {
    "no-stats",  "yield",        "no-yield", "with-posix-locks", "with-memory-locks",
    "dump-core", "no-dump-core", "help",     "version",          NULL};

static int listed(const char *const *list, const char *word)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], word) == 0)
            return 1;
    return 0;
}

/* A whole number >= 0, or exit with the option's name. */
static long number(const char *option, const char *s)
{
    char *end;
    long n = s ? strtol(s, &end, 10) : -1;
    if (!s || !*s || *end || n < 0) {
        fprintf(stderr, "cilkrt: error: --%s needs a whole number, not '%s'\n", option,
                s ? s : "(nothing)");
        exit(1);
    }
    return n;
}

static void help(void)
{
    fputs("Cilk-5 runtime options (before the program's own):\n"
          "  --nproc N      N workers (0: one per online CPU); as CILK_NWORKERS\n"
          "  --stats L      L > 0 prints the runtime statistics at exit; as CILK_STATS=1\n"
          "  --no-stats     no statistics\n"
          "  --             end of the runtime options\n"
          "Accepted and ignored: --stack N, --pthread-stacksize N, --pin-proc MASK,\n"
          "--alloc-batch N, --infofile FILE, --yield, --no-yield, --with-posix-locks,\n"
          "--with-memory-locks, --dump-core, --no-dump-core, --version\n",
          stderr);
}

/* Apply one option (name without the dashes) and its argument. */
static void apply(const char *name, const char *arg)
{
    if (strcmp(name, "nproc") == 0) {
        long n = number(name, arg);
        char text[24];
        snprintf(text, sizeof text, "%ld", n);
        if (n == 0)
            unsetenv("CILK_NWORKERS");
        else
            setenv("CILK_NWORKERS", text, 1);
    } else if (strcmp(name, "stats") == 0) {
        setenv("CILK_STATS", number(name, arg) > 0 ? "1" : "0", 1);
    } else if (strcmp(name, "no-stats") == 0) {
        setenv("CILK_STATS", "0", 1);
    } else if (strcmp(name, "help") == 0) {
        help();
        exit(0);
    }
}

void cilkrt_cilk5_options(int *argc, char **argv)
{
    int n = *argc, i = 1;
    while (i < n && argv[i] && strncmp(argv[i], "--", 2) == 0) {
        const char *name = argv[i] + 2;
        if (*name == '\0') {
            i++;
            break;
        }
        if (listed(with_arg, name)) {
            apply(name, i + 1 < n ? argv[i + 1] : NULL);
            i += 2;
        } else if (listed(flags, name)) {
            apply(name, NULL);
            i++;
        } else {
            break; /* the program's own options start here */
        }
    }
    /* argv[0] stays; the rest moves down over the options, with the NULL */
    memmove(argv + 1, argv + i, (size_t)(n - i + 1) * sizeof *argv);
    *argc = n - i + 1;
}

CilkContext *Cilk_init(int *argc, char **argv)
{
    static CilkContext context;
    cilkrt_cilk5_options(argc, argv);
    return &context;
}

/* The pool lives until exit (it is shared by every context). */
void Cilk_terminate(CilkContext *context) { (void)context; }

int Cilk_self(void)
{
    cilkrt_worker *w = cilkrt_self();
    return w ? w->id : 0;
}

int Cilk_active_size_get(void) { return cilkrt_nworkers(); }

static Cilk_time now_ns(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (Cilk_time)t.tv_sec * 1000000000u + (Cilk_time)t.tv_nsec;
}

Cilk_time Cilk_get_wall_time(void) { return now_ns(CLOCK_MONOTONIC); }

Cilk_time Cilk_get_time(void) { return now_ns(CLOCK_MONOTONIC); }

double Cilk_wall_time_to_sec(Cilk_time t) { return (double)t * 1e-9; }

double Cilk_time_to_sec(Cilk_time t) { return (double)t * 1e-9; }

void Cilk_exit(int status)
{
    fflush(NULL);
    exit(status);
}

void Cilk_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

void Cilk_assert_failed(const char *expr, const char *file, int line)
{
    fprintf(stderr, "%s:%d: Cilk_assert failed: %s\n", file, line, expr);
    abort();
}

/* SYNCHED in a slow clone: no stolen child of f is still out. join is
 * guarded by f's lock; the lock's acquire makes what those children wrote
 * visible, as the manual promises when SYNCHED is 1. */
int cilkrt_synched(cilkrt_frame *f)
{
    cilkrt_frame_lock(f);
    int join = f->join;
    cilkrt_frame_unlock(f);
    return join == 0;
}

/* ---- abort (continuation mode) ----
 * An abortable frame (cilkrt_abortable) records its parent's abort count
 * when it is called; a child learns that its parent (or any abortable
 * ancestor) aborted when the two differ. A child called after the abort
 * is not stopped by it (it is not one of the children the abort was
 * about), and either way the program is right: the manual lets an
 * abort's children run on, and parents drop the results of children that
 * were out during an abort (generated code compares its own count). */

int cilkrt_abort_epoch;
static atomic_ulong cut_offs;

static int abortable(const cilkrt_frame *f) { return f && f->desc && f->desc->abortable; }

/* The count first, then the epoch, both release: a poll that acquires
 * the new epoch sees the new count in its walk. */
void cilkrt_abort(cilkrt_frame *f)
{
    __atomic_fetch_add(&((cilkrt_abortable *)f)->aborts, 1, __ATOMIC_RELEASE);
    __atomic_fetch_add(&cilkrt_abort_epoch, 1, __ATOMIC_RELEASE);
}

/* Ancestors outlive their children (a frame waits for its children at
 * its sync), so the walk up the parents is safe. */
static int ancestor_aborted(cilkrt_frame *f)
{
    for (; abortable(f) && abortable(f->parent); f = f->parent)
        if (cilkrt_abort_count(f->parent) != ((cilkrt_abortable *)f)->parent_aborts)
            return 1;
    return 0;
}

/* Called by the worker running f's clone, the only writer of f->epoch. */
int cilkrt_abort_poll(cilkrt_frame *f)
{
    cilkrt_abortable *a = (cilkrt_abortable *)f;
    int epoch = __atomic_load_n(&cilkrt_abort_epoch, __ATOMIC_ACQUIRE);
    if (epoch == a->epoch)
        return 0;
    if (ancestor_aborted(f))
        return 1;
    a->epoch = epoch; /* nothing above f aborted up to this epoch */
    return 0;
}

void cilkrt_cut_off(void) { atomic_fetch_add_explicit(&cut_offs, 1, memory_order_relaxed); }

unsigned long cilkrt_stats_cut_off(void)
{
    return atomic_load_explicit(&cut_offs, memory_order_relaxed);
}
