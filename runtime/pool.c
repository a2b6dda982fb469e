/*
 * pool.c: the worker pool: size from CILK_NWORKERS, stack size from
 * CILK_STACKSIZE, started on first use, stopped and joined at exit, and
 * forgotten in the child of a fork().
 *
 * fork(): the child process has only the thread that called fork, so the
 * pool's threads are gone. The child handler (pthread_atfork) drops the
 * pool without touching it (its memory stays: the forking thread may run
 * on one of its frames) and the child starts a fresh pool at its first
 * root call. The handlers are registered once, at the first start, and
 * are inherited by the children.
 *
 * Placement: when the pool has one worker per CPU the process may use,
 * worker i is pinned to the i-th of them (CILK_PIN=0 leaves placement to
 * the kernel). See pin_plan.
 */
#define _GNU_SOURCE /* CPU_SET, pthread_attr_setaffinity_np */
#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "worker.h"

#define MAX_WORKERS 1024
#define DEQUE_CAPACITY 256 /* initial ring size (2 KiB); it grows on demand */

/* Worker stacks: deep recursions run on them (a spawn chain 10^5 deep, and
 * child stealing's sync runs tasks on top of the waiting parent). A stack
 * is address space until touched; the default leaves room for P = 8 under
 * a 1 GiB address-space limit. */
#define DEFAULT_STACK ((size_t)64 << 20)
#define MIN_STACK ((size_t)64 << 10)
#define MAX_STACK ((size_t)1 << 40)

_Thread_local cilkrt_worker *cilkrt_tls_worker;

int cilkrt_pool_size;
worker **cilkrt_pool;
atomic_int cilkrt_pool_shutdown;
atomic_int cilkrt_active_roots;

/* started: set (release) once the pool is complete; start_mu orders the
 * first start. Both are reset in the child of a fork. */
static atomic_int started;
static pthread_mutex_t start_mu = PTHREAD_MUTEX_INITIALIZER;
static int handlers_registered; /* atexit and atfork: once per process tree */
static pthread_once_t size_once = PTHREAD_ONCE_INIT;
static int configured_size;
static size_t stack_size; /* read at each start */
/* The mask the pool started under, and whether its workers are pinned
 * (pin_plan); a fork's child gives it back to the thread that forked. */
static cpu_set_t start_mask;
static int pinned;

/* CILK_NWORKERS: a decimal integer from 1 to MAX_WORKERS; default the
 * number of online CPUs. Anything else is a fatal error. */
static void read_size(void)
{
    const char *s = getenv("CILK_NWORKERS");
    if (!s || !*s) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        configured_size = n < 1 ? 1 : n > MAX_WORKERS ? MAX_WORKERS : (int)n;
        return;
    }
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (!isdigit((unsigned char)*s) || *end || errno || n < 1 || n > MAX_WORKERS) {
        fprintf(stderr,
                "cilkrt: error: CILK_NWORKERS must be a whole number from 1 to %d, "
                "not '%s'\n",
                MAX_WORKERS, s);
        exit(1);
    }
    configured_size = (int)n;
}

int cilkrt_pool_configured_size(void)
{
    pthread_once(&size_once, read_size);
    return configured_size;
}

/* Workers that have entered worker_main; the pool start waits for all of
 * them (wait_for_workers). A thread's start-up in libc and in a
 * sanitizer's runtime allocates and frees (pthread_getattr_np's cpuset,
 * AddressSanitizer's first quarantine batch): a fork() in the middle of it
 * leaves the child with that allocator's lock held by a thread that does
 * not exist there. glibc's malloc takes its locks across fork, GCC 12's
 * AddressSanitizer's does not: link_fork_main's grandchild hung in free in
 * 4 runs of 100 under ASan, its parent having forked right after the
 * parallel call that started its pool (docs/runtime.md, "fork"). Once
 * started, an idle worker does not allocate. */
int cilkrt_pool_running;
static pthread_mutex_t running_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t running_cv = PTHREAD_COND_INITIALIZER;

static void announce_running(void)
{
    pthread_mutex_lock(&running_mu);
    cilkrt_pool_running++;
    pthread_cond_signal(&running_cv);
    pthread_mutex_unlock(&running_mu);
}

static void wait_for_workers(int n)
{
    pthread_mutex_lock(&running_mu);
    while (cilkrt_pool_running < n)
        pthread_cond_wait(&running_cv, &running_mu);
    pthread_mutex_unlock(&running_mu);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    cilkrt_tls_worker = &w->pub;
    announce_running();
    cilkrt_sched_loop(w, NULL, NULL);
    return NULL;
}

static worker *new_worker(int id)
{
    worker *w = aligned_alloc(CILKRT_CACHE_LINE, sizeof *w);
    if (!w) {
        fprintf(stderr, "cilkrt: error: out of memory for a worker\n");
        exit(1);
    }
    memset(w, 0, sizeof *w);
    w->pub.id = id;
    cilkrt_deque_init(&w->pub, DEQUE_CAPACITY);
    cilkrt_tdeque_init(&w->pub.tq);
    cilkrt_memory_prepare(w); /* here, not on the worker's thread: frame.c */
    cilkrt_wsp_prepare(&w->pub);
    w->rng = 0x9e3779b97f4a7c15u * (uint64_t)(id + 1); /* xorshift: never 0 */
    return w;
}

/* The workers' memory; their threads must have ended. */
static void free_workers(void)
{
    for (int i = 0; i < cilkrt_pool_size; i++) {
        cilkrt_memory_release(cilkrt_pool[i]);
        cilkrt_deque_destroy(&cilkrt_pool[i]->pub);
        cilkrt_tdeque_destroy(&cilkrt_pool[i]->pub.tq);
        cilkrt_wsp_release(&cilkrt_pool[i]->pub);
        free(cilkrt_pool[i]);
    }
}

/* At exit: stop the workers once they are idle, join them, report, and
 * give the memory back. If exit is called from a worker (a root call
 * exiting), or while root calls still run, the workers cannot be joined:
 * only report. */
static void pool_stop(void)
{
    int quiet = cilkrt_self() == NULL &&
                atomic_load_explicit(&cilkrt_active_roots, memory_order_relaxed) == 0;
    if (quiet) {
        atomic_store_explicit(&cilkrt_pool_shutdown, 1, memory_order_release);
        cilkrt_wake_all();
        for (int i = 0; i < cilkrt_pool_size; i++)
            pthread_join(cilkrt_pool[i]->thread, NULL);
        cilkrt_pool_running = 0;
    }
    cilkrt_stats_at_exit();
    if (!quiet)
        return;
    free_workers();
    free(cilkrt_pool);
    cilkrt_pool = NULL;
    cilkrt_pool_size = 0;
}

/* CILK_STACKSIZE: bytes, with an optional K, M or G suffix (powers of
 * 1024), from MIN_STACK to MAX_STACK; default DEFAULT_STACK. Anything
 * else is a fatal error. */
static size_t read_stack_size(void)
{
    const char *s = getenv("CILK_STACKSIZE");
    if (!s || !*s)
        return DEFAULT_STACK;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(s, &end, 10);
    int shift = *end == 'K' || *end == 'k'   ? 10
                : *end == 'M' || *end == 'm' ? 20
                : *end == 'G' || *end == 'g' ? 30
                                             : 0;
    if (shift)
        end++;
    if (!isdigit((unsigned char)*s) || *end || errno || n > (MAX_STACK >> shift) ||
        (n << shift) < MIN_STACK) {
        fprintf(stderr,
                "cilkrt: error: CILK_STACKSIZE must be a size in bytes with an optional "
                "K, M or G suffix, from 64K to 1024G, not '%s'\n",
                s);
        exit(1);
    }
    return (size_t)(n << shift);
}

/* Workers block the asynchronous signals, so that a process-directed
 * signal is handled on one of the program's own threads, never in the
 * middle of a worker's scheduling (nothing in the runtime is
 * async-signal-safe: docs/runtime.md). The synchronous ones stay open:
 * they report the worker's own faults. Threads inherit the mask of the
 * thread that creates them. */
static void block_async_signals(sigset_t *old)
{
    static const int sync_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT};
    sigset_t set;
    sigfillset(&set);
    for (size_t i = 0; i < sizeof sync_signals / sizeof *sync_signals; i++)
        sigdelset(&set, sync_signals[i]);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

/* A 0/1 switch from the environment (CILK_PIN, CILK_CHILD_HELP,
 * CILK_STATS): unset or empty gives dflt; anything but 0 or 1 is a fatal
 * error, read at the pool's start so that a typo stops the program before
 * it runs. */
int cilkrt_env_switch(const char *name, int dflt)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return dflt;
    if (strcmp(s, "0") == 0 || strcmp(s, "1") == 0)
        return *s == '1';
    fprintf(stderr, "cilkrt: error: %s must be 0 or 1, not '%s'\n", name, s);
    exit(1);
}

/* Pin worker i to the i-th CPU of the starting thread's mask, if the pool
 * has exactly one worker per CPU in it (the default size). A woken
 * sleeper then cannot be queued behind a busy worker on one CPU while
 * another CPU idles: on the 2-CPU VM the kernel did that to the second
 * worker at the start of most root calls (the same CPU as the first
 * worker, by sched_getcpu), which then first ran 0.5 to 8 ms later
 * (docs/runtime.md, "Placement"). With more or fewer workers than CPUs,
 * pinning would put the workers of several programs (or of a P = 1
 * program and its neighbours) on the same first CPUs: there the kernel
 * places them. */
static void pin_plan(int n)
{
    /* CILK_PIN=0 leaves placement to the kernel; first: a bad value stops
     * every program */
    int want = cilkrt_env_switch("CILK_PIN", 1);
    pinned = want && n >= 2 && sched_getaffinity(0, sizeof start_mask, &start_mask) == 0 &&
             CPU_COUNT(&start_mask) == n;
}

/* The i-th CPU of start_mask, alone, into *one. */
static void pin_set(int i, cpu_set_t *one)
{
    CPU_ZERO(one);
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &start_mask) && i-- == 0) {
            CPU_SET(c, one);
            return;
        }
}

static void start_workers(int n)
{
    pthread_attr_t attr;
    sigset_t old;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, stack_size);
    block_async_signals(&old);
    for (int i = 0; i < n; i++) {
        if (pinned) {
            cpu_set_t one;
            pin_set(i, &one);
            pthread_attr_setaffinity_np(&attr, sizeof one, &one);
        }
        int err = pthread_create(&cilkrt_pool[i]->thread, &attr, worker_main, cilkrt_pool[i]);
        if (err) {
            fprintf(stderr,
                    "cilkrt: error: cannot start worker %d with a stack of %zu KiB: %s "
                    "(CILK_STACKSIZE sets the stack size, CILK_NWORKERS the number of "
                    "workers)\n",
                    i, stack_size >> 10, strerror(err));
            exit(1);
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
    wait_for_workers(n);
}

/* Every allocation and free the runtime makes while its workers may run
 * goes through cilkrt_malloc and its siblings, on the read side of
 * alloc_lock (frame chunks, larger frames and task records, deque rings,
 * alloca segments, reducer maps and views, task groups' call records and
 * batches, cilk_spawnf's signatures, posted root calls, work/span mark
 * chunks); fork's prepare handler takes it for writing, so no thread is
 * inside one of them at a fork. glibc's malloc needs no help, GCC 12's
 * AddressSanitizer allocator does: it does not hold its locks across
 * fork, and link_fork_in_spawn's child hung in aligned_alloc of a frame
 * chunk, on a lock a parent's worker held at the fork (4 runs in 26).
 * Only the runtime's allocations are covered, not the program's.
 * Three rules keep the guard from deadlocking a fork:
 *   - never call a wrapper while holding a lock a fork handler takes
 *     after alloc_lock (handlers registered before this one's run after
 *     it): group.c builds a signature outside sig_mu for that reason; the
 *     injection queue's lock is taken before alloc_lock, below;
 *   - never hold alloc_lock across the program's code (a reducer's
 *     identity or reduce may fork): one allocation at a time;
 *   - plain malloc and free only where no worker runs: the pool's own
 *     records while it starts (no worker exists yet) and free_workers
 *     (the workers were joined, or are gone in a fork's child). */
static pthread_rwlock_t alloc_lock = PTHREAD_RWLOCK_INITIALIZER;

void cilkrt_alloc_enter(void) { pthread_rwlock_rdlock(&alloc_lock); }

void cilkrt_alloc_leave(void) { pthread_rwlock_unlock(&alloc_lock); }

void *cilkrt_malloc(size_t size)
{
    cilkrt_alloc_enter();
    void *p = malloc(size);
    cilkrt_alloc_leave();
    return p;
}

void *cilkrt_calloc(size_t n, size_t size)
{
    cilkrt_alloc_enter();
    void *p = calloc(n, size);
    cilkrt_alloc_leave();
    return p;
}

void *cilkrt_realloc(void *p, size_t size)
{
    cilkrt_alloc_enter();
    void *q = realloc(p, size);
    cilkrt_alloc_leave();
    return q;
}

void *cilkrt_aligned_alloc(size_t align, size_t size)
{
    cilkrt_alloc_enter();
    void *p = aligned_alloc(align, size);
    cilkrt_alloc_leave();
    return p;
}

void cilkrt_free(void *p)
{
    cilkrt_alloc_enter();
    free(p);
    cilkrt_alloc_leave();
}

/* fork(): the injection queue's lock and alloc_lock are held across it,
 * so the child's copies are not left locked by a thread that does not
 * exist there. */
static void before_fork(void)
{
    cilkrt_inject_lock();
    pthread_rwlock_wrlock(&alloc_lock);
}

static void after_fork_parent(void)
{
    pthread_rwlock_unlock(&alloc_lock);
    cilkrt_inject_unlock();
}

/* The old pool in the child: its threads do not exist here. Its memory is
 * freed, but for the workers' own (their frames and deques) when a worker
 * forked: that thread may go on running on them (docs/runtime.md, "fork"). */
static void forget_pool(void)
{
    if (!cilkrt_self())
        free_workers();
    free(cilkrt_pool);
    cilkrt_pool = NULL;
}

/* The child: no pool, no worker, an empty injection queue. A worker that
 * forked takes back the mask the pool started under: the child's pool
 * pins (or not) from it, not from one CPU. */
static void after_fork_child(void)
{
    if (pinned && cilkrt_self())
        sched_setaffinity(0, sizeof start_mask, &start_mask);
    pinned = 0;
    cilkrt_inject_reset();
    pthread_rwlock_init(&alloc_lock, NULL); /* before forget_pool's frees */
    forget_pool();
    cilkrt_tls_worker = NULL;
    cilkrt_pool_size = 0;
    atomic_store_explicit(&cilkrt_pool_shutdown, 0, memory_order_relaxed);
    atomic_store_explicit(&cilkrt_active_roots, 0, memory_order_relaxed);
    atomic_store_explicit(&cilkrt_suspended_now, 0, memory_order_relaxed);
    pthread_mutex_init(&start_mu, NULL);
    atomic_store_explicit(&started, 0, memory_order_relaxed);
    pthread_mutex_init(&running_mu, NULL);
    pthread_cond_init(&running_cv, NULL);
    cilkrt_pool_running = 0;
}

static void start(void)
{
    int n = cilkrt_pool_configured_size();
    cilkrt_stats_configure();
    cilkrt_steal_configure();
    stack_size = read_stack_size();
    pin_plan(n);
    worker **pool = calloc((size_t)n, sizeof *pool);
    if (!pool) {
        fprintf(stderr, "cilkrt: error: out of memory for %d workers\n", n);
        exit(1);
    }
    for (int i = 0; i < n; i++)
        pool[i] = new_worker(i);
    cilkrt_pool = pool;
    cilkrt_pool_size = n;
    start_workers(n);
    if (!handlers_registered) {
        handlers_registered = 1;
        atexit(pool_stop);
        pthread_atfork(before_fork, after_fork_parent, after_fork_child);
    }
}

void cilkrt_pool_start(void)
{
    /* acquire: pairs with the release below, so a caller that sees the
     * pool started sees it complete */
    if (atomic_load_explicit(&started, memory_order_acquire))
        return;
    pthread_mutex_lock(&start_mu);
    if (!atomic_load_explicit(&started, memory_order_relaxed)) {
        start();
        atomic_store_explicit(&started, 1, memory_order_release);
    }
    pthread_mutex_unlock(&start_mu);
}
