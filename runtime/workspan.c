/*
 * workspan.c: the work/span analyzer behind `cilkc --workspan`: the hooks
 * of cilkrt_wsp.h and the Cilkscale API of cilk/cilkscale.h.
 *
 * The measure follows the spawn/sync DAG, not the schedule: a record's
 * path values move with its strand from worker to worker, so a steal
 * changes where the hooks run but not the figures (exact in the strand
 * unit, up to the cost of the steal itself in the time unit). A strand is
 * the code between two hooks of one invocation. The hooks themselves are
 * inline (cilkrt_wsp.h), on per-worker state in the worker; this file
 * holds what is out of line: the far children's atomics, root calls, the
 * clock's calibration, the burden, and the output.
 *
 * Units: time (default) reads the TSC on x86-64, calibrated against
 * CLOCK_MONOTONIC at start, else CLOCK_MONOTONIC; figures are reported in
 * nanoseconds (API) and seconds (CSV); a reading is taken about every
 * QUANTUM_NS, not at every boundary, and a group of shorter strands is
 * spread over them (cilkrt_wsp.h). CILKSCALE_UNIT=strands counts one
 * per strand, opened by enter, resume and sync: exact figures for tests.
 *
 * Burden: each spawn adds an estimate of one steal to the continuation's
 * burdened path (Cilkscale's notion). The estimate is measured at start:
 * the cheapest round trip of a cache line between two threads, halved,
 * times the four transfers a steal makes here (the victim's top index,
 * the entry, the frame or task header, the join counter). CILKSCALE_BURDEN
 * (nanoseconds, or strands) replaces it; the strand unit's default is 0.
 */
#include "worker.h"

#include "cilkrt_wsp.h"

#include "cilk/cilkscale.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int cilkrt_wsp_strands;
long long cilkrt_wsp_burden;  /* in ticks (time unit) or strands */
long long cilkrt_wsp_quantum; /* ticks a clock reading aims to cover */
static int instrumented;      /* set before main by instrumented code */
static double ns_per_tick = 1.0;
/* The process that started the run: only it prints the run's row at exit
 * (a forked child inherits the atexit handler, and its exit must not print
 * the row a second time, nor truncate CILKSCALE_OUT by opening it). */
static pid_t run_pid;
/* The run: root calls (from threads that are not workers) are composed in
 * series into it, under root_lock: several threads may make them at once. */
static cilkrt_wsp root;
static pthread_mutex_t root_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

/* fork(): root_lock and out_lock are held across it (in that order; no
 * code holds both), so that the child's copies are not left held by a
 * root call or a row of a thread that does not exist there. Registered
 * at the first use of either (no use, no lock to hold). */
static void fork_prepare(void)
{
    pthread_mutex_lock(&root_lock);
    pthread_mutex_lock(&out_lock);
}

static void fork_parent(void)
{
    pthread_mutex_unlock(&out_lock);
    pthread_mutex_unlock(&root_lock);
}

static void fork_child(void)
{
    pthread_mutex_init(&out_lock, NULL);
    pthread_mutex_init(&root_lock, NULL);
}

static void fork_register(void) { pthread_atfork(fork_prepare, fork_parent, fork_child); }

/* Every lock of root_lock and out_lock goes through here. */
static void take(pthread_mutex_t *m)
{
    pthread_once(&fork_once, fork_register);
    pthread_mutex_lock(m);
}

/* The quantum, in ns: strands shorter than this may be timed together.
 * About ten clock readings' cost, so that reading costs at most about a
 * tenth of the time it measures. */
#define QUANTUM_NS 250

static int64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

long long cilkrt_wsp_clock_slow(void) { return mono_ns(); }

static int64_t ticks(void) { return cilkrt_wsp_clock(); }

cilkrt_wsp *cilkrt_wsp_root_record(void) { return &root; }

static void atomic_max(_Atomic long long *a, long long v)
{
    long long old = atomic_load_explicit(a, memory_order_relaxed);
    while (old < v && !atomic_compare_exchange_weak_explicit(a, &old, v, memory_order_relaxed,
                                                             memory_order_relaxed))
        ;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* The figures of the child that just returned on w go to p, whose strand
 * runs elsewhere. Relaxed: the runtime's sync (the release and acquire of
 * the join protocol in cont.c and task.c) orders them before p's join. */
void cilkrt_wsp_give_far(cilkrt_worker *w, cilkrt_wsp *p)
{
    const struct cilkrt_wsp_worker *s = &w->wsp;
    atomic_fetch_add_explicit(&p->fwork, s->rw, memory_order_relaxed);
    atomic_max(&p->fspan, s->rs);
    atomic_max(&p->fbspan, s->rbs);
    atomic_store_explicit(&p->far, 1, memory_order_relaxed);
}

/* The mark stack (child mode) in chunks that never move: a thief reads
 * a mark through the task while the owner pushes more. A chunk stays with
 * its worker for reuse. */
enum { MARKS_PER_CHUNK = 256 };
typedef struct mark_chunk {
    struct mark_chunk *next;
    cilkrt_wsp_mark m[MARKS_PER_CHUNK];
} mark_chunk;

static mark_chunk *new_chunk(void)
{
    mark_chunk *c = cilkrt_calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "cilkrt: error: out of memory for work/span marks\n");
        exit(1);
    }
    return c;
}

void cilkrt_wsp_mark_chunk(cilkrt_worker *w)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    mark_chunk *c;
    if (!s->mend) {
        if (!s->chunks)
            s->chunks = new_chunk();
        c = s->chunks;
    } else {
        mark_chunk *cur =
            (mark_chunk *)((char *)(s->mend - MARKS_PER_CHUNK) - __builtin_offsetof(mark_chunk, m));
        if (!cur->next)
            cur->next = new_chunk();
        c = cur->next;
    }
    s->mtop = c->m;
    s->mend = c->m + MARKS_PER_CHUNK;
}

/* cilkrt_wsp.h says what a reading does (out of line: one per group). */
long long cilkrt_wsp_read(cilkrt_worker *w)
{
    struct cilkrt_wsp_worker *s = &w->wsp;
    long long t = cilkrt_wsp_clock(), d = t - s->start, n = s->nopen;
    long long rest = d - n * s->est;
    s->start = t;
    s->nopen = 0;
    s->est = n > 0 && d < n * cilkrt_wsp_quantum ? d / n : 0;
    if (d < cilkrt_wsp_quantum) {
        if (s->hold > 0)
            s->hold--;
        else
            s->every = s->every < 64 ? 2 * s->every + 1 : 64;
    } else if (s->every > 0 && d > 4 * cilkrt_wsp_quantum) {
        s->every = 0;
        s->hold = 64;
    } else {
        s->every /= 2;
    }
    s->countdown = s->every;
    return rest;
}

void cilkrt_wsp_prepare(cilkrt_worker *w)
{
    if (cilkrt_wsp_strands) {
        w->wsp.est = 1;
        w->wsp.countdown = __INT_MAX__;
    }
}

/* Plain free: only pool.c's free_workers calls this, when no worker runs
 * (pool.c, alloc_lock). */
void cilkrt_wsp_release(cilkrt_worker *w)
{
    for (mark_chunk *c = w->wsp.chunks, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    w->wsp.chunks = NULL;
    w->wsp.mtop = w->wsp.mend = NULL;
}

/* ---------------------------------------------------------------------
 * Start: unit, clock, burden; the run's row at exit
 * --------------------------------------------------------------------- */

static void calibrate_ticks(void)
{
#if defined(__x86_64__)
    int64_t n0 = mono_ns(), c0 = ticks();
    struct timespec nap = {0, 20000000};
    nanosleep(&nap, NULL);
    int64_t n1 = mono_ns(), c1 = ticks();
    if (c1 > c0)
        ns_per_tick = (double)(n1 - n0) / (double)(c1 - c0);
#endif
}

static _Atomic int ping;

static void *pong(void *arg)
{
    int rounds = *(int *)arg;
    for (int i = 0; i < rounds; i++) {
        while (atomic_load_explicit(&ping, memory_order_acquire) != 2 * i + 1)
            ;
        atomic_store_explicit(&ping, 2 * i + 2, memory_order_release);
    }
    return NULL;
}

/* The cheapest per-round time of a few batches of cache-line round
 * trips: the minimum, because a loaded machine only adds to it. */
static int64_t steal_estimate(void)
{
    enum { BATCH = 64, BATCHES = 16 };
    int rounds = BATCH * BATCHES;
    pthread_t th;
    atomic_store_explicit(&ping, 0, memory_order_relaxed);
    if (pthread_create(&th, NULL, pong, &rounds) != 0)
        return 0;
    int64_t best = -1;
    for (int b = 0; b < BATCHES; b++) {
        int64_t t = ticks();
        for (int i = b * BATCH; i < (b + 1) * BATCH; i++) {
            atomic_store_explicit(&ping, 2 * i + 1, memory_order_release);
            while (atomic_load_explicit(&ping, memory_order_acquire) != 2 * i + 2)
                ;
        }
        int64_t per = (ticks() - t) / BATCH;
        if (best < 0 || per < best)
            best = per;
    }
    pthread_join(th, NULL);
    return 4 * best / 2;
}

static void print_row(const char *tag, wsp_t w);

static void at_exit(void)
{
    if (getpid() != run_pid)
        return;
    take(&root_lock);
    wsp_t w = {root.work, root.span, root.bspan};
    pthread_mutex_unlock(&root_lock);
    if (!cilkrt_wsp_strands) {
        w.work = (int64_t)((double)w.work * ns_per_tick);
        w.span = (int64_t)((double)w.span * ns_per_tick);
        w.bspan = (int64_t)((double)w.bspan * ns_per_tick);
    }
    print_row("", w);
    if (out && out != stdout)
        fclose(out);
}

static void init(void)
{
    const char *u = getenv("CILKSCALE_UNIT");
    cilkrt_wsp_strands = u && strcmp(u, "strands") == 0;
    if (u && !cilkrt_wsp_strands && strcmp(u, "time") != 0) {
        fprintf(stderr, "cilkscale: unknown CILKSCALE_UNIT '%s': expected time or strands\n", u);
        exit(1);
    }
    const char *b = getenv("CILKSCALE_BURDEN");
    if (!cilkrt_wsp_strands)
        calibrate_ticks();
    if (b)
        cilkrt_wsp_burden =
            cilkrt_wsp_strands ? atoll(b) : (int64_t)((double)atoll(b) / ns_per_tick);
    else if (!cilkrt_wsp_strands)
        cilkrt_wsp_burden = steal_estimate();
    const char *q = getenv("CILKSCALE_QUANTUM");
    cilkrt_wsp_quantum = (long long)((q ? atoll(q) : QUANTUM_NS) / ns_per_tick);
    run_pid = getpid();
    atexit(at_exit);
}

void cilkrt_wsp_start(void)
{
    pthread_once(&init_once, init);
    instrumented = 1;
}

/* A root call runs on worker w in r (on the root thunk's stack), which
 * starts from the run's figures; at its end the call's work and path are
 * added to the run's. */
void cilkrt_wsp_root(cilkrt_worker *w, cilkrt_wsp *r)
{
    take(&root_lock);
    r->work = r->base_work = root.work;
    r->span = root.span;
    r->bspan = root.bspan;
    pthread_mutex_unlock(&root_lock);
    r->parent = NULL;
    r->owner = w;
    r->spawned = 0;
    r->kids = 0;
    w->wsp.cur = r;
    w->wsp.pend = NULL;
    cilkrt_wsp_restart(w);
}

void cilkrt_wsp_root_end(cilkrt_worker *w, cilkrt_wsp *r)
{
    cilkrt_wsp_charge(w, r);
    take(&root_lock);
    root.work += r->work - r->base_work;
    /* one thread's calls follow each other (r started from root.span);
     * calls from threads at once are in parallel */
    root.span = max64(root.span, r->span);
    root.bspan = max64(root.bspan, r->bspan);
    pthread_mutex_unlock(&root_lock);
    w->wsp.cur = NULL;
}

/* ---------------------------------------------------------------------
 * The API
 * --------------------------------------------------------------------- */

static int64_t to_unit(int64_t raw)
{
    return cilkrt_wsp_strands ? raw : (int64_t)((double)raw * ns_per_tick);
}

/* Not instrumented (benchmark mode, as OpenCilk's): a reading is the
 * wall-clock time, so a region's row gives its measured T_P; the
 * cilkscale command reads it from the plain build. */
wsp_t wsp_getworkspan(void)
{
    if (!instrumented) {
        wsp_t w = {mono_ns(), 0, 0};
        return w;
    }
    cilkrt_worker *w = cilkrt_self();
    const cilkrt_wsp *r = w ? w->wsp.cur : NULL;
    if (!r) {
        take(&root_lock);
        wsp_t v = {to_unit(root.work), to_unit(root.span), to_unit(root.bspan)};
        pthread_mutex_unlock(&root_lock);
        return v;
    }
    /* the time since the worker's last reading belongs to this strand,
     * less what the strands opened since were charged in advance */
    int64_t open = cilkrt_wsp_strands ? 0 : ticks() - w->wsp.start - w->wsp.nopen * w->wsp.est;
    wsp_t v = {to_unit(r->work + open), to_unit(r->span + open), to_unit(r->bspan + open)};
    return v;
}

wsp_t wsp_zero(void)
{
    wsp_t w = {0, 0, 0};
    return w;
}

wsp_t wsp_add(wsp_t lhs, wsp_t rhs)
{
    lhs.work += rhs.work;
    lhs.span += rhs.span;
    lhs.bspan += rhs.bspan;
    return lhs;
}

wsp_t wsp_sub(wsp_t lhs, wsp_t rhs)
{
    lhs.work -= rhs.work;
    lhs.span -= rhs.span;
    lhs.bspan -= rhs.bspan;
    return lhs;
}

/* CSV as Cilkscale writes it; the header before the first row. Output
 * goes to CILKSCALE_OUT if set (created at the first row), else stdout.
 * fopen and stdio's buffers allocate under out_lock outside the fork
 * guard: out_lock's fork handler may run after the pool's, which holds
 * alloc_lock by then, so waiting for alloc_lock under out_lock could
 * deadlock a fork (pool.c, alloc_lock). They are libc's allocations, as
 * the program's are: a fork during a first row may still hang the child
 * under an allocator that does not hold its locks across fork. */
static void print_row(const char *tag, wsp_t w)
{
    take(&out_lock);
    const char *unit = cilkrt_wsp_strands ? "strands" : "seconds";
    if (!out) {
        const char *path = getenv("CILKSCALE_OUT");
        out = path && *path ? fopen(path, "w") : stdout;
        if (!out) {
            perror(path);
            out = stdout;
        }
        if (instrumented)
            fprintf(out,
                    "tag,work (%s),span (%s),parallelism,burdened_span (%s),"
                    "burdened_parallelism\n",
                    unit, unit, unit);
        else
            fprintf(out, "tag,time (seconds)\n");
    }
    if (!instrumented) {
        fprintf(out, "%s,%.9f\n", tag, (double)w.work * 1e-9);
        fflush(out);
        pthread_mutex_unlock(&out_lock);
        return;
    }
    double par = w.span ? (double)w.work / (double)w.span : 0;
    double bpar = w.bspan ? (double)w.work / (double)w.bspan : 0;
    if (cilkrt_wsp_strands)
        fprintf(out, "%s,%lld,%lld,%.6f,%lld,%.6f\n", tag, (long long)w.work, (long long)w.span,
                par, (long long)w.bspan, bpar);
    else
        fprintf(out, "%s,%.9f,%.9f,%.6f,%.9f,%.6f\n", tag, (double)w.work * 1e-9,
                (double)w.span * 1e-9, par, (double)w.bspan * 1e-9, bpar);
    fflush(out);
    pthread_mutex_unlock(&out_lock);
}

void wsp_dump(wsp_t wsp, const char *tag) { print_row(tag ? tag : "", wsp); }

/* Cilk-5's figures are 0 without the instrumentation (not the wall-clock
 * reading of benchmark mode): Cilk-5 gave 0 without -cilk-critical-path. */
int64_t Cilk_user_work_value(void) { return instrumented ? wsp_getworkspan().work : 0; }

int64_t Cilk_user_critical_path_value(void) { return instrumented ? wsp_getworkspan().span : 0; }
