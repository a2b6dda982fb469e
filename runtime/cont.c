/*
 * cont.c: continuation stealing (DESIGN §3): what happens to a frame after
 * a thief took it.
 *
 * Ownership of a frame:
 *   - FAST: the fast clone that allocated it owns it; it is on that
 *     worker's deque only between a push and the matching pop.
 *   - A thief takes it from the deque (deque.c, under the deque lock):
 *     STOLEN, join + 1 for the child still running on the victim. From then
 *     on the thief runs its slow clone and owns it; the victim's stack
 *     keeps no claim (its failed pop delivers and abandons).
 *   - At a sync with join > 0 it becomes SUSPENDED and belongs to nobody;
 *     the child whose result brings join to 0 resumes it on its own worker.
 *   - cilkrt_slow_return frees it after handing its result to the parent
 *     (join is 0 then; state goes back to FAST, as a free frame's must).
 * join and state change only under the frame's lock, together with the
 * inlet call, so a resume cannot be missed or done twice.
 */
#include <string.h>

#include "worker.h"

void cilkrt_frame_mark_stolen(cilkrt_frame *f)
{
    cilkrt_frame_lock(f);
    f->state = CILKRT_FRAME_STOLEN;
    f->join++;
    cilkrt_reducer_steal(f); /* the thief's strand gets views of its own */
    cilkrt_frame_unlock(f);
}

/* A child of p returned: store its result through p's inlet and count it
 * off p's join. If p waits at a sync for this very child, the calling
 * worker resumes p as soon as it is back in the scheduler. */
static void join_child(worker *w, cilkrt_frame *p, int site, void *value)
{
    cilkrt_frame_lock(p);
    cilkrt_reducer_deposit(p);
    p->desc->inlet(p, site, value);
    int resume = --p->join == 0 && p->state == CILKRT_FRAME_SUSPENDED;
    if (resume)
        p->state = CILKRT_FRAME_STOLEN;
    cilkrt_frame_unlock(p);
    if (resume) {
        cilkrt_reducer_sync(p); /* p continues after its sync, here */
        w->resume = p;
        atomic_fetch_sub_explicit(&cilkrt_suspended_now, 1, memory_order_relaxed);
    }
}

int cilkrt_deliver(cilkrt_worker *pw, cilkrt_frame *f, int site, void *value)
{
    if (pw->abandoning)
        return 0; /* a deeper failed pop delivered; f's thief gets our result
                     from the child's own continuation */
    pw->abandoning = 1;
    cilkrt_alloca_seal(pw); /* f and the frames below it were stolen */
    join_child(worker_of(pw), f, site, value);
    return 0;
}

int cilkrt_sync(cilkrt_worker *pw, cilkrt_frame *f)
{
    worker *w = worker_of(pw);
    cilkrt_frame_lock(f);
    if (f->join == 0) {
        cilkrt_frame_unlock(f);
        cilkrt_reducer_sync(f);
        return 1;
    }
    cilkrt_alloca_seal(pw); /* before whoever resumes f can release its blocks */
    f->state = CILKRT_FRAME_SUSPENDED;
    cilkrt_reducer_leave(); /* the strand's views stay in f's chain */
    long n = atomic_fetch_add_explicit(&cilkrt_suspended_now, 1, memory_order_relaxed) + 1;
    cilkrt_frame_unlock(f);
    /* f may already be running elsewhere: do not touch it again */
    stat_max(&cilkrt_suspended_peak, n);
    stat_add(&w->stats.suspensions, 1);
    return 0;
}

/* The boundary's inlet: copy the callee's result to the caller's slot and
 * wake the worker waiting in cilkrt_boundary_leave. */
static void finish_boundary(cilkrt_boundary *b, void *value)
{
    if (b->result_size)
        memcpy(b->result, value, b->result_size);
    worker *owner = worker_of(b->owner); /* b dies once done is seen */
    /* release: the result is visible to the owner that acquires done */
    atomic_store_explicit(&b->done, 1, memory_order_release);
    cilkrt_wake(owner);
}

void cilkrt_slow_return(cilkrt_worker *pw, cilkrt_frame *f, void *value)
{
    cilkrt_frame *p = f->parent;
    if (p->desc == NULL) {
        cilkrt_reducer_leave(); /* the boundary's owner holds these views */
        finish_boundary((cilkrt_boundary *)p, value);
    } else
        join_child(worker_of(pw), p, f->site, value);
    /* join is 0 after the implicit sync; nobody else refers to f any more */
    f->state = CILKRT_FRAME_FAST;
    if (f->allocas)
        cilkrt_alloca_release(pw, f);
    /* after the inlet: value may point into f */
    cilkrt_frame_free(pw, f, (size_t)(f->size_class + 1) * CILKRT_CACHE_LINE);
}

void cilkrt_boundary_enter(cilkrt_worker *w, cilkrt_boundary *b, void *result, size_t result_size)
{
    b->frame.entry = 0;
    b->frame.site = 0;
    b->frame.desc = NULL;
    b->frame.parent = NULL;
    b->frame.dst = NULL;
    b->frame.join = 0;
    b->frame.state = CILKRT_FRAME_FAST;
    atomic_init(&b->frame.lock, 0);
    b->result = result;
    b->result_size = result_size;
    atomic_init(&b->done, 0);
    b->frame.hyper = NULL;
    b->saved_abandoning = w->abandoning;
    b->saved_hmap = cilkrt_tls_h.map;
    b->owner = w;
}

static int boundary_done(void *arg)
{
    cilkrt_boundary *b = arg;
    /* acquire: pairs with finish_boundary, the result is in place */
    return atomic_load_explicit(&b->done, memory_order_acquire);
}

int cilkrt_boundary_leave(cilkrt_worker *w, cilkrt_boundary *b)
{
    if (!w->abandoning)
        return 0;
    /* The callee's frame was stolen: its thief finishes it. This C stack
     * must return to our caller, so work here until then. */
    w->abandoning = 0;
    cilkrt_sched_loop(worker_of(w), boundary_done, b);
    w->abandoning = b->saved_abandoning;
    cilkrt_reducer_enter(b->saved_hmap); /* the callee's views merged into them */
    return 1;
}
