/*
 * tdeque.c: child stealing's task deque, a split deque (after Lace's).
 *
 * A leaf: it stores slots of CILKRT_TASK_SLOT bytes and knows nothing of
 * what is in them (task.c does). Slot indices grow from 0 at the bottom:
 *
 *     [0, tail)      taken by thieves
 *     [tail, split)  shared: a thief may take the oldest, tail
 *     [split, top)   private: only the owner touches them
 *
 * tail and split are one word, ts, so a thief takes slot tail (or, with
 * steal-half, a batch of the oldest shared slots) with one
 * compare-and-swap that fails if the owner moved split meanwhile. The
 * owner alone writes split and top. Its push and its pop of a private slot
 * are plain loads and stores (cilkrt_task_push, cilkrt_task_pop): no
 * locked instruction and no store-load fence, because no thief can reach
 * a slot at or above split. The owner pays an atomic read-modify-write
 * only when it shares (a thief asked, through movesplit), and when the
 * slot it pops is in the shared part: then a compare-and-swap on ts
 * either takes back the newer half of the unstolen shared slots (the
 * thieves' CAS fails on the changed split) or finds tail == split, and
 * the slot was stolen. The modification order of ts alone decides who
 * owns each slot; the release of each share (and of the reset after a
 * stolen slot) publishes the slots' contents and the block table entries
 * to the thief whose acquire CAS reads ts after it (a later thief's CAS
 * continues the release sequence).
 *
 * Invariants: tail <= split <= top; split == the owner's q->split; the
 * shared part is never empty while tail < split. Indices stay below 2^32
 * (the halves of ts).
 *
 * Slots live in blocks of CILKRT_TDEQUE_BLOCK that never move: a thief
 * runs the task in its slot, and the owner adds blocks while thieves
 * steal. The block table has an entry for every block a 32-bit index can
 * reach; calloc leaves the untouched part of it unbacked. Blocks stay
 * until exit (the deque's memory is its deepest depth).
 *
 * A thief that finds nothing, or takes the last shared slot, sets
 * movesplit; so does the owner when it learns that nothing is left for
 * thieves. The owner's next push then
 * shares the older half of its private slots (at least the new one).
 *
 * The owner's inline paths use one block at a time: top is a pointer into
 * it (or at its end), and the out-of-line paths here switch blocks when a
 * push reaches the end or a pop reaches the start. Between operations top
 * is canonical (set_top): one pointer per index. Generated code keeps a
 * copy of top in a register across calls (cilkrt_group.top), which is
 * right because every call leaves the deque as it found it: same index,
 * hence same pointer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"

#define TABLE_SIZE (1L << (32 - CILKRT_TDEQUE_BLOCK_LOG))
#define MAX_INDEX ((1L << 32) - 1)

static unsigned long pack(long tail, long split)
{
    return (unsigned long)tail | (unsigned long)split << 32;
}

static long tail_of(unsigned long ts) { return (long)(ts & 0xffffffffu); }
static long split_of(unsigned long ts) { return (long)(ts >> 32); }

static void use_block(cilkrt_tdeque *q, long b, long t);

static void *xcalloc(size_t n, size_t size, const char *what)
{
    void *p = calloc(n, size);
    if (!p) {
        fprintf(stderr, "cilkrt: error: out of memory for %s\n", what);
        exit(1);
    }
    return p;
}

void cilkrt_tdeque_init(cilkrt_tdeque *q)
{
    memset(q, 0, sizeof *q);
    q->blocks = xcalloc((size_t)TABLE_SIZE, sizeof *q->blocks, "a task deque's block table");
    atomic_init(&q->ts, pack(0, 0));
    atomic_init(&q->movesplit, 1); /* empty: share the first push */
    use_block(q, 0, 0);
}

void cilkrt_tdeque_destroy(cilkrt_tdeque *q)
{
    for (long b = 0; b < TABLE_SIZE; b++) {
        char *block = atomic_load_explicit(&q->blocks[b], memory_order_relaxed);
        if (!block)
            break; /* blocks are added bottom up */
        free(block);
    }
    free(q->blocks);
    q->blocks = NULL;
}

/* The slot at index i; its block exists. relaxed: a thief calls this after
 * its acquire CAS, which orders the owner's store of the entry before. */
void *cilkrt_tdeque_slot(cilkrt_tdeque *q, long i)
{
    char *block =
        atomic_load_explicit(&q->blocks[i >> CILKRT_TDEQUE_BLOCK_LOG], memory_order_relaxed);
    return block + (i & (CILKRT_TDEQUE_BLOCK - 1)) * CILKRT_TASK_SLOT;
}

/* The index of top (the owner keeps a pointer, for the inline paths). */
static long top_index(const cilkrt_tdeque *q)
{
    return q->first + (q->top - q->block) / CILKRT_TASK_SLOT;
}

static char *slot_in_block(const cilkrt_tdeque *q, long i)
{
    return q->block + (i - q->first) * CILKRT_TASK_SLOT;
}

/* The inline paths' bounds: push below the block's end and the deepest
 * depth so far; pop above split, and not the block's first slot (but the
 * deque's), so that a pop back to a block boundary comes here and leaves
 * top canonical. */
static void refresh(cilkrt_tdeque *q)
{
    long end = q->first + CILKRT_TDEQUE_BLOCK;
    long low = q->first + (q->first > 0);
    q->push_limit = slot_in_block(q, q->peak < end ? q->peak : end);
    q->pop_floor = slot_in_block(q, q->split > low ? q->split : low);
}

/* Make block b current, adding it if it is new, with top at index t (in
 * the block or at its end). A new block's slots start zeroed: a slot's
 * state is 0 whenever the owner fills it. */
static void use_block(cilkrt_tdeque *q, long b, long t)
{
    char *block = atomic_load_explicit(&q->blocks[b], memory_order_relaxed);
    if (!block) {
        block = aligned_alloc(CILKRT_CACHE_LINE, CILKRT_TDEQUE_BLOCK * CILKRT_TASK_SLOT);
        if (!block) {
            fprintf(stderr, "cilkrt: error: out of memory for %ld more tasks\n",
                    CILKRT_TDEQUE_BLOCK);
            exit(1);
        }
        memset(block, 0, CILKRT_TDEQUE_BLOCK * CILKRT_TASK_SLOT);
        /* relaxed: published with the slots, by the release that shares them */
        atomic_store_explicit(&q->blocks[b], block, memory_order_relaxed);
    }
    q->block = block;
    q->first = b << CILKRT_TDEQUE_BLOCK_LOG;
    q->top = slot_in_block(q, t);
    refresh(q);
}

/* Top at index t, canonical: a block boundary is the end of the block
 * below it (only a push moves on to the next block, in
 * cilkrt_tdeque_reach, and fills its first slot right away). */
static void set_top(cilkrt_tdeque *q, long t)
{
    long b = t >> CILKRT_TDEQUE_BLOCK_LOG;
    if (t > 0 && (t & (CILKRT_TDEQUE_BLOCK - 1)) == 0)
        b--;
    use_block(q, b, t);
}

/* The owner found nothing left for thieves (as at the start): its next
 * push shares at once, as if a thief had asked. Otherwise a task spawned
 * before a long serial stretch (spawn f(); g(); sync;) would stay private
 * until the next spawn, and f could not run beside g. relaxed: a hint. */
static void ask_share(cilkrt_tdeque *q)
{
    atomic_store_explicit(&q->movesplit, 1, memory_order_relaxed);
}

char *cilkrt_tdeque_reach(cilkrt_tdeque *q)
{
    long t = top_index(q);
    if (t >= MAX_INDEX) {
        fprintf(stderr, "cilkrt: error: more than %ld tasks pending on one worker\n", MAX_INDEX);
        exit(1);
    }
    if (t + 1 > q->peak)
        q->peak = t + 1;
    use_block(q, t >> CILKRT_TDEQUE_BLOCK_LOG, t);
    return q->top;
}

long cilkrt_tdeque_share(cilkrt_tdeque *q)
{
    atomic_store_explicit(&q->movesplit, 0, memory_order_relaxed);
    long priv = top_index(q) - q->split;
    if (priv <= 0)
        return 0;
    long n = (priv + 1) / 2; /* the older half, at least one slot */
    /* release: the shared slots' contents (and their blocks) are visible
     * to the thief that takes them. seq_cst: the caller then loads the
     * sleeper count, and a thief going to sleep counts itself and then
     * loads ts (task.c, sched.c): one of the two sees the other. Only tail
     * changes under us, and split is the upper half, so adding to it is
     * exact. */
    atomic_fetch_add_explicit(&q->ts, (unsigned long)n << 32, memory_order_seq_cst);
    q->split += n;
    refresh(q);
    return n;
}

void *cilkrt_tdeque_pop(cilkrt_tdeque *q)
{
    long i = top_index(q) - 1;
    if (i >= q->split) { /* private: the first slot of a block */
        set_top(q, i);
        return cilkrt_tdeque_slot(q, i);
    }
    /* top == split: the slot is the newest shared one */
    unsigned long ts = atomic_load_explicit(&q->ts, memory_order_relaxed);
    for (;;) {
        long tail = tail_of(ts), split = split_of(ts);
        if (tail == split)
            return NULL;                       /* every shared slot was taken, slot i too */
        long keep = tail + (split - tail) / 2; /* the older half stays shared */
        /* relaxed: the CAS's place in ts's modification order is what
         * takes [keep, split) from the thieves; their contents are ours */
        if (atomic_compare_exchange_weak_explicit(&q->ts, &ts, pack(tail, keep),
                                                  memory_order_relaxed, memory_order_relaxed)) {
            q->split = keep;
            if (keep == tail) /* nothing left for thieves: see ask_share */
                ask_share(q);
            set_top(q, i);
            return cilkrt_tdeque_slot(q, i);
        }
    }
}

void *cilkrt_tdeque_top_slot(cilkrt_tdeque *q) { return cilkrt_tdeque_slot(q, top_index(q) - 1); }

void cilkrt_tdeque_pop_stolen(cilkrt_tdeque *q)
{
    long i = top_index(q) - 1;
    q->split = i;
    /* tail == split now and no thief CAS can succeed (they try only after
     * seeing tail < split), so a store resets both; release: heads the
     * sequence that later shares continue */
    atomic_store_explicit(&q->ts, pack(i, i), memory_order_release);
    ask_share(q);
    set_top(q, i);
}

/* Statistics were reset: the deepest depth starts again from here (the
 * owner is idle), and the next push goes out of line to record it. */
void cilkrt_tdeque_reset_peak(cilkrt_tdeque *q)
{
    q->peak = top_index(q);
    refresh(q);
}

/* How many of the avail shared slots a thief takes: one, or (steal-half)
 * the largest power of two not above avail / 2, at least one. The thief
 * reads avail off the ts it loaded, so ts plays the part of Hendler and
 * Shavit's half-point counter: the owner writes it only when it shares
 * (once per request, halving its private part, so O(log k) writes for a
 * burst of k pushes) and a steal of k slots is one CAS whatever k is. */
static long batch_size(long avail, int half)
{
    long k = 1;
    while (half && 2 * k <= avail / 2)
        k *= 2;
    return k;
}

long cilkrt_tdeque_steal_batch(cilkrt_tdeque *q, int half, long *first)
{
    /* acquire: see the header comment (release sequence of ts) */
    unsigned long ts = atomic_load_explicit(&q->ts, memory_order_acquire);
    long tail = tail_of(ts), split = split_of(ts);
    if (tail >= split) {
        /* ask the owner to share; look first, so that idle thieves do not
         * keep writing the owner's flag */
        if (!atomic_load_explicit(&q->movesplit, memory_order_relaxed))
            atomic_store_explicit(&q->movesplit, 1, memory_order_relaxed);
        return 0;
    }
    long k = batch_size(split - tail, half);
    /* tail + k <= split: the add stays in the lower half of ts */
    if (!atomic_compare_exchange_strong_explicit(&q->ts, &ts, ts + (unsigned long)k,
                                                 memory_order_acquire, memory_order_relaxed))
        return 0; /* another thief, or the owner took some back */
    if (tail + k == split)
        ask_share(q); /* we took the last ones: have more ready for the next thief */
    *first = tail;
    return k;
}

void *cilkrt_tdeque_steal(cilkrt_tdeque *q)
{
    long first;
    return cilkrt_tdeque_steal_batch(q, 0, &first) ? cilkrt_tdeque_slot(q, first) : NULL;
}

/* Tasks waiting on the deque (neither stolen nor popped): exact for the
 * owner; another thread sees only the shared ones (the private part is
 * the owner's alone, top included), a lower bound. */
long cilkrt_tdeque_pending(cilkrt_tdeque *q, int owner)
{
    unsigned long ts = atomic_load_explicit(&q->ts, memory_order_relaxed);
    return (owner ? top_index(q) : split_of(ts)) - tail_of(ts);
}

/* Tasks on the deque, stolen ones included (owner, or tests). */
long cilkrt_tdeque_depth(cilkrt_tdeque *q) { return top_index(q); }
