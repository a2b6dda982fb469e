/*
 * inject.c: root calls from threads that are not workers (DESIGN §3, "entry
 * from plain C"), through one global FIFO queue, like .NET's global queue.
 *
 * The caller's record lives on its own stack; it blocks on the record's
 * condition variable until a worker has run the call. A posted call
 * (cilkrt_inject_post, for group.c's batches) has its record on the heap
 * and nobody waits for it. Only top-level scheduler loops take root calls
 * (see sched.c).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "worker.h"

struct root_call {
    void (*fn)(cilkrt_worker *w, void *arg);
    void *arg;
    root_call *next;
    int posted; /* from cilkrt_inject_post: nobody waits on mu and cv; the
                   record is on the heap and freed once fn has run */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int done; /* under mu */
};

static pthread_mutex_t queue_mu = PTHREAD_MUTEX_INITIALIZER;
static root_call *queue_head, *queue_tail; /* under queue_mu */
static atomic_int queue_len;               /* a lock-free peek for idle workers */

int cilkrt_inject_pending(void)
{
    return atomic_load_explicit(&queue_len, memory_order_relaxed) > 0;
}

void cilkrt_inject_lock(void) { pthread_mutex_lock(&queue_mu); }

void cilkrt_inject_unlock(void) { pthread_mutex_unlock(&queue_mu); }

void cilkrt_inject_reset(void)
{
    pthread_mutex_init(&queue_mu, NULL);
    queue_head = queue_tail = NULL;
    atomic_store_explicit(&queue_len, 0, memory_order_relaxed);
}

root_call *cilkrt_inject_take(void)
{
    pthread_mutex_lock(&queue_mu);
    root_call *r = queue_head;
    if (r) {
        queue_head = r->next;
        if (!queue_head)
            queue_tail = NULL;
        atomic_fetch_sub_explicit(&queue_len, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&queue_mu);
    return r;
}

void cilkrt_inject_run(worker *w, root_call *r)
{
    r->fn(&w->pub, r->arg);
    atomic_fetch_sub_explicit(&cilkrt_active_roots, 1, memory_order_relaxed);
    if (r->posted) {
        cilkrt_free(r);
        return;
    }
    pthread_mutex_lock(&r->mu);
    r->done = 1;
    pthread_cond_signal(&r->cv);
    pthread_mutex_unlock(&r->mu); /* the caller may free r only after this */
}

static void enqueue(root_call *r)
{
    atomic_fetch_add_explicit(&cilkrt_active_roots, 1, memory_order_relaxed);
    pthread_mutex_lock(&queue_mu);
    if (queue_tail)
        queue_tail->next = r;
    else
        queue_head = r;
    queue_tail = r;
    atomic_fetch_add_explicit(&queue_len, 1, memory_order_relaxed);
    pthread_mutex_unlock(&queue_mu);
    /* Every sleeper: they switch to timed sleeps while a computation is
     * active, so the parallelism of this call reaches them; and they spin
     * before sleeping again, ready for its first spawn (sched.c, backoff). */
    cilkrt_wake_for_root();
}

void cilkrt_inject_post(void (*fn)(cilkrt_worker *w, void *arg), void *arg)
{
    cilkrt_pool_start();
    root_call *r = cilkrt_malloc(sizeof *r);
    if (!r) {
        fprintf(stderr, "cilkrt: error: out of memory for a root call\n");
        exit(1);
    }
    *r = (root_call){.fn = fn, .arg = arg, .next = NULL, .posted = 1};
    enqueue(r);
}

void cilkrt_root_call(void (*fn)(cilkrt_worker *w, void *arg), void *arg)
{
    cilkrt_worker *self = cilkrt_self();
    if (self) { /* already on a worker: nothing to hand over */
        fn(self, arg);
        return;
    }
    cilkrt_pool_start();
    root_call r = {.fn = fn, .arg = arg, .next = NULL, .posted = 0, .done = 0};
    pthread_mutex_init(&r.mu, NULL);
    pthread_cond_init(&r.cv, NULL);
    enqueue(&r);
    pthread_mutex_lock(&r.mu);
    while (!r.done)
        pthread_cond_wait(&r.cv, &r.mu);
    pthread_mutex_unlock(&r.mu);
    pthread_cond_destroy(&r.cv);
    pthread_mutex_destroy(&r.mu);
}
