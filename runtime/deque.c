/*
 * deque.c: the work deque, THE protocol with an asymmetric barrier.
 *
 * The owner pushes and pops at the tail without locks or fences (the inline
 * cilkrt_push/cilkrt_pop in cilkrt_abi.h); thieves take the oldest entry at
 * the head, one at a time under the deque lock. The conflict between an
 * owner popping the last entry and a thief taking it is Dekker's pattern:
 *
 *     owner: store tail; load head        thief: store head; load tail
 *
 * and needs a store-load barrier on both sides. The thief, which is rare,
 * pays for both: membarrier(PRIVATE_EXPEDITED) runs a full barrier on every
 * CPU that runs a thread of this process, so either the owner's store of
 * tail is visible to the thief's load, or the thief's store of head is
 * visible to the owner's load (and the owner takes the lock in
 * cilkrt_pop_slow). Built with CILKRT_SEQ_CST_POP (ThreadSanitizer, which
 * does not model membarrier), both sides use a seq_cst fence instead.
 *
 * The ring (deque, deque_mask) is replaced only by the owner under the
 * lock, and thieves read it only under the lock, so growing is safe
 * against them.
 */
#include <linux/membarrier.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "worker.h"

#ifndef CILKRT_SEQ_CST_POP
static int barrier_cmd; /* the membarrier command thieves use */
#endif

static void lock_deque(cilkrt_worker *w)
{
    /* acquire: the holder sees the ring and head as the last holder left them */
    while (atomic_exchange_explicit(&w->deque_lock, 1, memory_order_acquire))
        while (atomic_load_explicit(&w->deque_lock, memory_order_relaxed))
            cpu_relax();
}

static void unlock_deque(cilkrt_worker *w)
{
    atomic_store_explicit(&w->deque_lock, 0, memory_order_release);
}

void cilkrt_barrier_init(void)
{
#ifndef CILKRT_SEQ_CST_POP
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        barrier_cmd = MEMBARRIER_CMD_PRIVATE_EXPEDITED;
        return;
    }
    long cmds = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (cmds < 0 || !(cmds & MEMBARRIER_CMD_GLOBAL)) {
        fprintf(stderr, "cilkrt: error: the kernel lacks membarrier(2), which the "
                        "deque needs (build with -DCILKRT_SEQ_CST_POP instead)\n");
        exit(1);
    }
    barrier_cmd = MEMBARRIER_CMD_GLOBAL; /* slower, but correct */
#endif
}

/* The thief's half of the store-load barrier (see the top of this file). */
static void thief_barrier(void)
{
#ifdef CILKRT_SEQ_CST_POP
    atomic_thread_fence(memory_order_seq_cst);
#else
    syscall(SYS_membarrier, barrier_cmd, 0, 0);
#endif
}

static cilkrt_frame **new_ring(long capacity)
{
    cilkrt_frame **ring = cilkrt_malloc((size_t)capacity * sizeof *ring);
    if (!ring) {
        fprintf(stderr, "cilkrt: error: out of memory for a deque of %ld entries\n", capacity);
        exit(1);
    }
    return ring;
}

void cilkrt_deque_init(cilkrt_worker *w, long capacity)
{
    w->deque = new_ring(capacity);
    w->deque_mask = capacity - 1;
    w->push_limit = 0; /* the first push sets it */
    atomic_init(&w->tail, 0);
    atomic_init(&w->head, 0);
    atomic_init(&w->deque_lock, 0);
}

void cilkrt_deque_destroy(cilkrt_worker *w)
{
    free(w->deque);
    w->deque = NULL;
}

/* Double the ring; entries keep their indices. Owner only. */
static void grow(cilkrt_worker *w)
{
    long cap = w->deque_mask + 1;
    cilkrt_frame **ring = new_ring(2 * cap);
    lock_deque(w);
    long h = atomic_load_explicit(&w->head, memory_order_relaxed);
    long t = atomic_load_explicit(&w->tail, memory_order_relaxed);
    for (long i = h; i < t; i++)
        ring[i & (2 * cap - 1)] = w->deque[i & (cap - 1)];
    cilkrt_frame **old = w->deque;
    w->deque = ring;
    w->deque_mask = 2 * cap - 1;
    unlock_deque(w);
    cilkrt_free(old); /* no thief can hold it: they read the ring under the lock */
    stat_add(&worker_of(w)->stats.deque_grows, 1);
}

void cilkrt_deque_grow(cilkrt_worker *w)
{
    worker *self = worker_of(w);
    /* acquire: see cilkrt_push, the slots below the new limit are free */
    long h = atomic_load_explicit(&w->head, memory_order_acquire);
    long depth = atomic_load_explicit(&w->tail, memory_order_relaxed) - h;
    if (depth >= w->deque_mask)
        grow(w);
    stat_max(&self->stats.deque_peak, depth + 1);
    long peak = atomic_load_explicit(&self->stats.deque_peak, memory_order_relaxed);
    __atomic_store_n(&w->push_limit, h + (peak < w->deque_mask ? peak : w->deque_mask),
                     __ATOMIC_RELAXED);
    /* seq_cst: a sleeper counts itself, then lowers push_limit; if our
     * store replaced its lowering, this load sees its count (and a push
     * that missed the lowering is seen by its check of the deques: see
     * cilkrt_deque_lower_limit) */
    atomic_thread_fence(memory_order_seq_cst);
    cilkrt_wake_for_push(self);
}

/* The inline pop saw head > t after storing tail = t: a thief took entry t
 * or is trying to. Under the lock no thief is mid-attempt, so head is
 * stable and decides. */
int cilkrt_pop_slow(cilkrt_worker *w, long t)
{
    lock_deque(w);
    if (atomic_load_explicit(&w->head, memory_order_relaxed) <= t) {
        unlock_deque(w); /* the thief backed off: the entry is still ours */
        return 1;
    }
    /* Entry t was stolen, and so was every entry above it that a failed
     * pop of a child left behind (head may be above t + 1): leave the
     * deque empty. */
    atomic_store_explicit(&w->tail, atomic_load_explicit(&w->head, memory_order_relaxed),
                          memory_order_relaxed);
    unlock_deque(w);
    stat_add(&worker_of(w)->stats.failed_pops, 1);
    return 0;
}

/* A worker about to sleep (sched.c): v's next push goes out of line to
 * cilkrt_deque_grow, which wakes a sleeper. The caller calls
 * cilkrt_deque_barrier after lowering, then looks at the deques
 * (cilkrt_deque_pending): the barrier orders v's push as the deque's
 * thief barrier orders its pop. A push whose load of push_limit comes
 * after the barrier's point in v's instruction stream sees 0 and wakes
 * the sleeper; one whose store of tail comes before it is seen by the
 * sleeper's look. Only a push with the barrier between its two accesses
 * escapes both: the sleeper then wakes at v's next push or at its timeout
 * (docs/runtime.md, "Idle behaviour"). Racing with v's own store of its
 * bound is harmless: see cilkrt_deque_grow. */
void cilkrt_deque_lower_limit(cilkrt_worker *v)
{
    __atomic_store_n(&v->push_limit, 0, __ATOMIC_RELAXED); /* a plain long: see cilkrt_push */
}

void cilkrt_deque_barrier(void) { thief_barrier(); }

/* Has v a frame to steal? A cheap look, without the lock. */
int cilkrt_deque_pending(cilkrt_worker *v)
{
    return atomic_load_explicit(&v->head, memory_order_relaxed) <
           atomic_load_explicit(&v->tail, memory_order_relaxed);
}

int cilkrt_deque_steal(cilkrt_worker *v, worker *thief, uintptr_t *e)
{
    (void)thief;
    /* A cheap look without the lock or the barrier: most idle attempts end
     * here and cost the victim nothing. */
    long h = atomic_load_explicit(&v->head, memory_order_relaxed);
    if (h >= atomic_load_explicit(&v->tail, memory_order_relaxed))
        return 0;
    if (atomic_exchange_explicit(&v->deque_lock, 1, memory_order_acquire))
        return 0; /* another thief is here: try another victim */
    h = atomic_load_explicit(&v->head, memory_order_relaxed);
    /* release: see cilkrt_push, the owner reuses a slot only after it
     * acquires a head that a later thief stored */
    atomic_store_explicit(&v->head, h + 1, memory_order_release);
    thief_barrier();
    /* acquire: pairs with the push's release store of tail, so the entry
     * and everything the owner saved into the frame before it are visible */
    if (h + 1 > atomic_load_explicit(&v->tail, memory_order_acquire)) {
        atomic_store_explicit(&v->head, h, memory_order_release);
        unlock_deque(v);
        return 0;
    }
    *e = (uintptr_t)v->deque[h & v->deque_mask];
    if (!(*e & CILKRT_TASK_TAG))                      /* (tagged: the tests' words) */
        cilkrt_frame_mark_stolen((cilkrt_frame *)*e); /* before the victim's failed
                                                       pop can deliver into it */
    unlock_deque(v);
    return 1;
}
