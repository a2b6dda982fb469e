/*
 * deque.c: the frame deque (continuation mode), a split deque after Lace.
 *
 * Entries [head, split) are shared: thieves take them, oldest first, one
 * at a time under the deque lock. Entries [split, tail) are private: only
 * the owner touches them, and its inline push and pop (cilkrt_abi.h) do so
 * with plain loads and stores, no fence and no atomic read-modify-write.
 * head and split change only under the lock (head by thieves, split by the
 * owner), so every decision a thief makes is made under the lock, and
 * there is no store-load race left between owner and thief: the owner takes
 * the lock only where it meets the shared part.
 *
 * The owner's inline paths compare with two bounds on the owner's line:
 *   - push_limit: a push into slot t >= push_limit goes out of line
 *     (cilkrt_push_slow), at a new deepest deque (statistics, growth) or
 *     after a request (below);
 *   - pop_bound: a pop of slot t < pop_bound goes out of line
 *     (cilkrt_pop_slow). The owner keeps it equal to split, so a pop of a
 *     private entry stays inline. A pop of a shared entry decides under the
 *     lock: head <= t, the entry is still ours and split comes down to t;
 *     else a thief took it, and every older entry: tail = split = head, the
 *     pop fails.
 * A request (share_req) may raise pop_bound but never lowers it, and the
 * owner sets it to split whenever it moves split, so pop_bound >= split
 * always: that is all the inline pop relies on.
 *
 * Requests. A thief that finds the shared part empty, or takes its last
 * entry, asks the owner to share: under the lock, share_req = 1,
 * push_limit = 0 and pop_bound = LONG_MAX, so the owner's next push or pop
 * goes out of line. There (and in cilkrt_poll) the owner, under the lock,
 * shares the older half of its private entries, rounded up (share_end).
 * A push counts its new entry as private, so a push after everything was
 * stolen shares the new entry at once (Lace's "all stolen" rule), and a
 * new deque starts with a request, so its first push is shared. A pop with
 * nothing private left cannot answer: the request stands until the next
 * push. Every share wakes a sleeping worker, if one sleeps and listens
 * (sched.c, deaf_time). A worker going to sleep asks every other worker
 * the same way (sched.c, cilkrt_deque_ask).
 *
 * The trade-off (Lace's): a worker that runs a long strand without a push
 * or a pop keeps its private entries meanwhile; thieves and sleepers wait
 * for its next push or pop, or its cilkrt_poll. No progress depends on
 * it: the owner pops its private entries itself. A worker whose deque is
 * empty (in the scheduler, or at a sync: its stolen child's failed pop
 * emptied it) has nothing private to keep.
 *
 * The slots. Indices only grow (head by steals, tail by pushes), so the
 * slots [deque_base, deque_base + deque_cap) that the array holds move up
 * with them: slot t is the array's entry t - deque_base, and the inline
 * push finds it through slots (cilkrt_deque_slot), the array's address
 * less deque_base entries, without the mask a ring would need (2 fewer
 * instructions a spawn: a load and an and). The owner moves the window
 * under the lock, and thieves read the array only under the lock, so
 * moving is safe against them; thieves read a slot and raise head in the
 * same locked section, so every slot from head up is free of them. The
 * inline push stores its entry before it compares with push_limit, which
 * is at most the array's last slot, so the array always holds the next
 * push's slot: the push that takes the last one makes room
 * (cilkrt_push_slow), sliding the entries [head, tail) down to the
 * array's start, or into one twice as large when they fill more than half
 * of it (so a slide moves at most half an array, after at least as many
 * pushes). Indices are kept: a pop compares only indices, and a thief
 * takes entries in order across a move.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"

static void lock_deque(cilkrt_worker *w)
{
    /* acquire: the holder sees the array, the slots, head and split as the
     * last holder left them */
    while (atomic_exchange_explicit(&w->deque_lock, 1, memory_order_acquire))
        while (atomic_load_explicit(&w->deque_lock, memory_order_relaxed))
            cpu_relax();
}

static void unlock_deque(cilkrt_worker *w)
{
    atomic_store_explicit(&w->deque_lock, 0, memory_order_release);
}

static cilkrt_frame **new_array(long capacity)
{
    cilkrt_frame **array = cilkrt_malloc((size_t)capacity * sizeof *array);
    if (!array) {
        fprintf(stderr, "cilkrt: error: out of memory for a deque of %ld entries\n", capacity);
        exit(1);
    }
    return array;
}

/* Under the lock, a thief or a sleeper: ask the owner to share. Only the
 * first asker stores the bounds (the owner's line), so thieves that keep
 * finding nothing do not keep taking the line from the owner. */
static void ask_locked(cilkrt_worker *v)
{
    if (atomic_load_explicit(&v->share_req, memory_order_relaxed))
        return;
    atomic_store_explicit(&v->share_req, 1, memory_order_relaxed);
    __atomic_store_n(&v->push_limit, 0, __ATOMIC_RELAXED); /* plain longs: see cilkrt_push */
    __atomic_store_n(&v->pop_bound, LONG_MAX, __ATOMIC_RELAXED);
}

/* The array, its size and the index of its first slot (slots: see the
 * header). */
static void set_window(cilkrt_worker *w, cilkrt_frame **array, long cap, long base)
{
    w->deque = array;
    w->deque_cap = cap;
    w->deque_base = base;
    w->slots = (uintptr_t)array - (uintptr_t)base * sizeof *array;
}

void cilkrt_deque_init(cilkrt_worker *w, long capacity)
{
    set_window(w, new_array(capacity), capacity, 0);
    atomic_init(&w->tail, 0);
    atomic_init(&w->head, 0);
    atomic_init(&w->split, 0);
    atomic_init(&w->deque_lock, 0);
    atomic_init(&w->share_req, 0);
    ask_locked(w); /* empty: the first push is shared */
}

void cilkrt_deque_destroy(cilkrt_worker *w)
{
    free(w->deque);
    set_window(w, NULL, 0, 0);
}

/* Under the lock: move the entries [h, t) to the start of array (the
 * current one, or a new one of cap entries), which then holds the slots
 * from h up. Returns the old array if it was replaced, for the caller to
 * free out of the lock (no thief can hold it: they read it under the
 * lock). */
static cilkrt_frame **move_window(cilkrt_worker *w, cilkrt_frame **array, long cap, long h, long t)
{
    cilkrt_frame **old = w->deque;
    memmove(array, old + (h - w->deque_base), (size_t)(t - h) * sizeof *array);
    set_window(w, array, cap, h);
    if (array == old)
        return NULL;
    stat_add(&worker_of(w)->stats.deque_grows, 1);
    return old;
}

/* The end of the share from the private part [s, end): its older half,
 * rounded up (at least one entry). Half rather than all: every shared
 * entry the owner pops back later costs it the lock, and a request
 * answered with half leaves the rest for the next one (measured in
 * docs/runtime.md, "The frame deque"). */
static long share_end(long s, long end) { return s + (end - s + 1) / 2; }

/* Under the lock, the owner: answer a request from the private part
 * [split, end), if it has any entry. Returns 1 if it shared. */
static int answer(cilkrt_worker *w, long end)
{
    long s = atomic_load_explicit(&w->split, memory_order_relaxed);
    if (!atomic_load_explicit(&w->share_req, memory_order_relaxed) || end <= s)
        return 0;
    /* relaxed: the unlock publishes the entries and their frames */
    atomic_store_explicit(&w->split, share_end(s, end), memory_order_relaxed);
    atomic_store_explicit(&w->share_req, 0, memory_order_relaxed);
    return 1;
}

/* Under the lock, the owner: the inline paths' bounds for the current
 * state, head being h. A standing request keeps the push out of line (it
 * will share); otherwise push_limit is head plus the deepest depth so far,
 * at most the array's last slot: the push that makes a new deepest deque
 * or takes that slot comes here, after storing its entry, so the array
 * must hold the slot (cilkrt_push). Every path keeps tail at most that
 * slot: a push below the limit leaves tail at most the limit, the slow
 * push makes room, a pop or a failed pop only lowers tail. */
static void settle(cilkrt_worker *w, long h)
{
    long limit = 0;
    if (!atomic_load_explicit(&w->share_req, memory_order_relaxed)) {
        long peak = atomic_load_explicit(&worker_of(w)->stats.deque_peak, memory_order_relaxed);
        long last = w->deque_base + w->deque_cap - 1; /* the array's last slot */
        limit = h + peak < last ? h + peak : last;
    }
    __atomic_store_n(&w->push_limit, limit, __ATOMIC_RELAXED);
    __atomic_store_n(&w->pop_bound, atomic_load_explicit(&w->split, memory_order_relaxed),
                     __ATOMIC_RELAXED);
}

/* After a share, out of the lock: wake a sleeper for the new entries.
 * seq_cst: a sleeper counts itself and fences, then looks at the shared
 * parts (sched.c, sleep_a_while); our store of split, the fence, our load
 * of the count: one of the two sees the other. */
static void announce(cilkrt_worker *w)
{
    atomic_thread_fence(memory_order_seq_cst);
    cilkrt_wake_for_push(worker_of(w));
}

void cilkrt_push_slow(cilkrt_worker *w)
{
    long t = atomic_load_explicit(&w->tail, memory_order_relaxed) - 1; /* the new entry */
    long cap = w->deque_cap;
    /* This push took the array's last slot: make room for the next one.
     * head only grows: entries that fill more than half of the array by
     * this look may be fewer under the lock, never more; allocate out of
     * the lock. */
    int full = t + 1 == w->deque_base + cap;
    cilkrt_frame **array = w->deque, **old = NULL;
    if (full && t + 1 - atomic_load_explicit(&w->head, memory_order_relaxed) > cap / 2) {
        cap *= 2;
        array = new_array(cap);
    }
    lock_deque(w);
    long h = atomic_load_explicit(&w->head, memory_order_relaxed);
    if (full)
        old = move_window(w, array, cap, h, t + 1);
    stat_max(&worker_of(w)->stats.deque_peak, t + 1 - h);
    int shared = answer(w, t + 1);
    settle(w, h);
    unlock_deque(w);
    if (old)
        cilkrt_free(old);
    if (shared)
        announce(w);
}

int cilkrt_pop_slow(cilkrt_worker *w, long t)
{
    atomic_store_explicit(&w->tail, t, memory_order_relaxed); /* the inline pop's store */
    lock_deque(w);
    long h = atomic_load_explicit(&w->head, memory_order_relaxed);
    if (t < atomic_load_explicit(&w->split, memory_order_relaxed)) {
        if (h > t) {
            /* Entry t was stolen, and so was every entry above it that a
             * failed pop of a child left behind (head may be above t + 1):
             * leave the deque empty. */
            atomic_store_explicit(&w->tail, h, memory_order_relaxed);
            atomic_store_explicit(&w->split, h, memory_order_relaxed);
            settle(w, h);
            unlock_deque(w);
            stat_add(&worker_of(w)->stats.failed_pops, 1);
            return 0;
        }
        atomic_store_explicit(&w->split, t, memory_order_relaxed); /* ours again */
        cilkrt_wake_taken_back(worker_of(w)); /* how soon, for a sleeper we woke */
    }
    int shared = answer(w, t);
    settle(w, h);
    unlock_deque(w);
    if (shared)
        announce(w);
    return 1;
}

void cilkrt_deque_poll(cilkrt_worker *w)
{
    /* relaxed: a hint; a request seen late is answered at the next push
     * or pop */
    if (!atomic_load_explicit(&w->share_req, memory_order_relaxed))
        return;
    lock_deque(w);
    int shared = answer(w, atomic_load_explicit(&w->tail, memory_order_relaxed));
    settle(w, atomic_load_explicit(&w->head, memory_order_relaxed));
    unlock_deque(w);
    if (shared)
        announce(w);
}

void cilkrt_deque_ask(cilkrt_worker *v)
{
    if (atomic_load_explicit(&v->share_req, memory_order_relaxed))
        return; /* asked already */
    lock_deque(v);
    ask_locked(v);
    unlock_deque(v);
}

/* Has v a shared entry to steal? A cheap look, without the lock. */
int cilkrt_deque_pending(cilkrt_worker *v)
{
    return atomic_load_explicit(&v->head, memory_order_relaxed) <
           atomic_load_explicit(&v->split, memory_order_relaxed);
}

int cilkrt_deque_steal(cilkrt_worker *v, worker *thief, uintptr_t *e)
{
    (void)thief;
    /* A cheap look without the lock: an attempt on a victim with nothing
     * shared that was asked already costs the victim nothing. */
    if (!cilkrt_deque_pending(v) && atomic_load_explicit(&v->share_req, memory_order_relaxed))
        return 0;
    if (atomic_exchange_explicit(&v->deque_lock, 1, memory_order_acquire))
        return 0; /* another thief, or the owner, is here: try another victim */
    long h = atomic_load_explicit(&v->head, memory_order_relaxed);
    long s = atomic_load_explicit(&v->split, memory_order_relaxed);
    if (h >= s) {
        ask_locked(v);
        unlock_deque(v);
        return 0;
    }
    *e = (uintptr_t)*cilkrt_deque_slot(v, h);
    atomic_store_explicit(&v->head, h + 1, memory_order_relaxed);
    if (h + 1 == s)
        ask_locked(v);           /* the last shared entry: the owner's next push is shared */
    if (!(*e & CILKRT_TASK_TAG)) /* (tagged: the tests' words) */
        cilkrt_frame_mark_stolen((cilkrt_frame *)*e); /* before the victim's failed
                                                       pop can deliver into it */
    unlock_deque(v);
    return 1;
}
