/*
 * pool.c: the worker pool: size from CILK_NWORKERS, started on first use,
 * stopped and joined at exit.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "worker.h"

#define MAX_WORKERS 1024
#define DEQUE_CAPACITY 1024 /* initial ring size; it grows on demand */

_Thread_local cilkrt_worker *cilkrt_tls_worker;

int cilkrt_pool_size;
worker **cilkrt_pool;
atomic_int cilkrt_pool_shutdown;
atomic_int cilkrt_active_roots;

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static pthread_once_t size_once = PTHREAD_ONCE_INIT;
static int configured_size;

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

static void *worker_main(void *arg)
{
    worker *w = arg;
    cilkrt_tls_worker = &w->pub;
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
    w->rng = 0x9e3779b97f4a7c15u * (uint64_t)(id + 1); /* xorshift: never 0 */
    return w;
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
    }
    cilkrt_stats_at_exit();
    if (!quiet)
        return;
    for (int i = 0; i < cilkrt_pool_size; i++) {
        cilkrt_memory_release(cilkrt_pool[i]);
        cilkrt_deque_destroy(&cilkrt_pool[i]->pub);
        free(cilkrt_pool[i]);
    }
    free(cilkrt_pool);
    cilkrt_pool = NULL;
    cilkrt_pool_size = 0;
}

static void start(void)
{
    int n = cilkrt_pool_configured_size();
    cilkrt_stats_configure();
    cilkrt_barrier_init();
    cilkrt_pool = calloc((size_t)n, sizeof *cilkrt_pool);
    if (!cilkrt_pool) {
        fprintf(stderr, "cilkrt: error: out of memory for %d workers\n", n);
        exit(1);
    }
    for (int i = 0; i < n; i++)
        cilkrt_pool[i] = new_worker(i);
    cilkrt_pool_size = n;
    /* Workers run deep recursions (a spawn chain 10^5 deep, and child
     * stealing's sync runs tasks on top of the waiting parent): give them
     * a large stack. It is only address space until it is touched. */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, (size_t)256 << 20);
    for (int i = 0; i < n; i++) {
        int err = pthread_create(&cilkrt_pool[i]->thread, &attr, worker_main, cilkrt_pool[i]);
        if (err) {
            fprintf(stderr, "cilkrt: error: cannot start worker %d: %s\n", i, strerror(err));
            exit(1);
        }
    }
    pthread_attr_destroy(&attr);
    atexit(pool_stop);
}

void cilkrt_pool_start(void) { pthread_once(&start_once, start); }
