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
 * Invariants: tail <= split; split <= top, except while the owner pops
 * a run of stolen slots (drained: top < split == tail, ts unchanged until
 * the next push); split == the owner's q->split; the shared part is never
 * empty while tail < split. Indices stay below 2^32
 * (the halves of ts).
 *
 * Slots live in blocks of CILKRT_TDEQUE_BLOCK that never move: a thief
 * runs the task in its slot, and the owner adds blocks while thieves
 * steal. The block table has an entry for every block a 32-bit index can
 * reach; calloc leaves the untouched part of it unbacked. Blocks stay
 * until exit (the deque's memory is its deepest depth), but a block whose
 * slots thieves have all run may give its pages to the owner's next new
 * block (reuse, below).
 *
 * Reuse. A spawn loop at P = 2 pushes 10^6 slots into 244 new blocks,
 * and backing them was most of the spawner's time, while the thief had
 * long finished the older ones. The runner of a stolen slot counts it in
 * its block's finished (cilkrt_tdeque_finished, after the run's DONE:
 * task.c), unless the thunk left a result in it (CILKRT_RESULT); the
 * owner counts the stolen slots it pops (popped). finished - popped is
 * then at most the block's slots that are stolen, run and still on the
 * deque, and equals CILKRT_TDEQUE_BLOCK only when every one of them is:
 * nothing in the block will be read again but the run states the sync
 * waits on, and runs end at a block's end (task.c), so a block's runs
 * need nothing from its neighbours. Such a block retires when the owner
 * needs a new one: the new block (its heir) uses the retired block's
 * memory, at the same address, and the retired block keeps its table
 * entry, so that each index keeps one address (generated code keeps
 * copies of top across calls). The owner alone knows the retired slots
 * (retired_top): its sync pops them without a look, and a push goes
 * there only after the sync has popped down to it. When the owner's top
 * re-enters the retired block, everything above is empty: the memory
 * goes back to it, and the heir, next entered, gets memory again. At one
 * worker no block is ever finished: T1 keeps its fresh blocks. With
 * reducers each stolen slot carries views back: no reuse. (The first
 * design moved the pages with mremap(MREMAP_DONTUNMAP), leaving the old
 * addresses zero-backed; this machine's kernel refuses the flag, EINVAL.)
 *
 * Help. Reuse needs a finished block, and a spawner that pushes faster
 * than its thieves run tasks (a spawn loop's pushes take 2-5 ns, a thief
 * runs a leaf in 10-15) keeps every block below it unfinished: at P = 2
 * it still mapped 15 to 90 of the 244 blocks, the thief asleep at the
 * start or behind later. So when the push that enters block b finds
 * that block b + 1 would need fresh pages (cilkrt_tdeque_short), the
 * owner first runs its own oldest tasks, as a thief would
 * (cilkrt_tdeque_take_oldest, the thieves' CAS; task.c runs them), until
 * a block below is finished; block b + 1 then takes its pages. The
 * spawner runs part of the loop instead of mapping memory and racing
 * ahead. Only with other workers: at P = 1 every task waits for the
 * sync, as before. Like a sync's leapfrogging, this runs other tasks
 * inside user code (here a spawn): a lock held across a spawn that an
 * older sibling also takes can deadlock, as in Cilk.
 *
 * A thief that finds nothing, or takes the last shared slot, asks the
 * owner to share (cilkrt_tdeque_ask); so does the owner when it finds
 * every slot stolen (drained, as Lace's allstolen), and so does a thief
 * about to sleep (cilkrt_tdeque_urge). The owner's next push then shares
 * the older half of its private slots (at least the new one), and so
 * does its next pop (a loop's sync).
 *
 * Taken back: an owner whose pop takes its last shared slot back asks
 * nothing. No thief took the slot, so none may want one: at one worker,
 * or with every thief busy, a loop of plain calls of a function that
 * spawns once paid a share and a compare-and-swap per call (64 ns a call
 * at P = 1, docs/performance.md). A thief that is looking asks at its
 * next look, and one about to sleep urges, so a task spawned before a
 * long serial stretch (spawn f(); g(); sync;) is still shared when a
 * worker is idle.
 *
 * The inline paths test one bound each and nothing else: a push goes
 * out of line when its new top reaches push_limit, a pop when top is at
 * or below pop_floor. The owner's own bounds (limit, floor) are the
 * block's end, and the slot above split or the block's start (the
 * deepest depth, a statistic, is read off the slots: cilkrt_tdeque_peak).
 * A request sets movesplit and then moves the bounds to their request
 * values, NULL and the top address, so the owner's next push or pop goes
 * out of line and shares: no load of movesplit on the fast path.
 *
 * Two pairs of bounds. The _ordered push and pop (a cilk_for's, whose
 * tasks need no reducer views: cilkrt_abi.h) test ordered_push_limit and
 * ordered_pop_floor, the others push_limit and pop_floor. Requests and
 * a drained deque move both pairs alike. A deque made while
 * cilkrt_reducers_live is set keeps the plain pair at the request values
 * for good, so that every plain push and pop runs the reducer hooks out
 * of line, while the ordered pair follows the owner's bounds as without
 * reducers: a cilk_for's leaves still push and pop inline (they went out
 * of line each, about 70 instructions, docs/performance.md). Each pair
 * is one constant choice at the call site: without reducers the pairs
 * hold the same values, and the spawn costs what it did.
 *
 * The race: a thief stores movesplit (relaxed) and then the four bounds
 * (release); the owner, out of line, sets each bound back with a CAS
 * (acquire) from the value it reads (publish), and then loads movesplit.
 * If any of its CASes overwrote a thief's request, it read that thief's
 * release store, so the load sees movesplit set and the owner lowers
 * all four again; a bound whose thief's store comes later holds its
 * request value. Either way, for each bound, a request survives until
 * the owner shares, which clears movesplit first: a thief's late store
 * of a bound after that costs one more trip out of line, no more.
 * Thieves store only while movesplit reads 0 (a pending request stays
 * one store per bound, and idle thieves do not keep writing the owner's
 * line).
 *
 * The owner's inline paths use one block at a time: top is a pointer into
 * it, never its end: the push that fills a block's last slot moves top to
 * the next block's first (adding it), and a pop from a block's first slot
 * goes back to the block below. So each index has one pointer, and
 * generated code may keep a copy of top in a register across calls
 * (cilkrt_group.top): every call leaves the deque as it found it, same
 * index, hence same pointer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "worker.h"

#define TABLE_SIZE (1L << (32 - CILKRT_TDEQUE_BLOCK_LOG))
#define MAX_INDEX ((1L << 32) - 1)
#define BLOCK_BYTES ((size_t)CILKRT_TDEQUE_BLOCK * CILKRT_TASK_SLOT)
#define BLOCK0_WARM ((size_t)4096) /* block 0's bytes written at its start (new_block) */

static unsigned long pack(long tail, long split)
{
    return (unsigned long)tail | (unsigned long)split << 32;
}

static long tail_of(unsigned long ts) { return (long)(ts & 0xffffffffu); }
static long split_of(unsigned long ts) { return (long)(ts >> 32); }

#define ASK_PUSH ((char *)0)            /* push_limit while a request waits */
#define ASK_POP ((char *)~(uintptr_t)0) /* pop_floor while a request waits */

/* movesplit: 0, or a thief's request, or the owner's own (it found
 * every slot stolen: ask_share), or a thief's request that waited
 * until the thief went to sleep (cilkrt_tdeque_urge); a push defers only
 * the first */
#define ASKED 1
#define ASKED_BY_OWNER 2
#define URGED 3

/* The most pushes a request waits for (see wanted) */
#define DEFER_MAX 256

/* The most blocks a new block looks at for pages to reuse */
#define REUSE_SCAN 8

/* The finished counts (header, reuse), in chunks made as blocks are: a
 * table for every block a 32-bit index can reach would take address space
 * that a small `ulimit -v` leaves no room for (tests/runtime/pool_test.c).
 * A chunk counts 64 blocks, in a page of its own (an anonymous mapping,
 * backed only once a runner counts in it): every worker makes the first
 * when the pool starts. Not from malloc: the chunks' table is in the
 * tables' mapping (cilkrt_tdeque_init), which LeakSanitizer does not
 * scan, so a pool left running at exit had its chunks reported leaked.
 * Counts wrap: only finished - popped, modulo 2^32, is read. */
#define COUNT_CHUNK_LOG 6
#define COUNT_CHUNKS (TABLE_SIZE >> COUNT_CHUNK_LOG)
#define COUNT_CHUNK_BYTES ((size_t)4096) /* 64 counts use 256 of them */

static _Atomic uint32_t *finished_count(cilkrt_tdeque *q, long b)
{
    /* relaxed: made before the block's slots are shared (fill_block), and
     * published with them */
    _Atomic uint32_t *chunk =
        atomic_load_explicit(&q->finished[b >> COUNT_CHUNK_LOG], memory_order_relaxed);
    return chunk + (b & ((1L << COUNT_CHUNK_LOG) - 1));
}

/* Per block, the owner's own (header, reuse). */
struct cilkrt_tdeque_use {
    uint32_t popped;  /* stolen slots it popped */
    long retired_top; /* its slots below this index are retired: finished,
                         their memory another block's, never to be read */
    long heir;        /* the block using its pages now, or 0 */
    int owns;         /* its pages were mapped for it (destroy unmaps them) */
};

static void use_block(cilkrt_tdeque *q, long b, long t);

/* Fresh zeroed pages (the tables, a count chunk), backed as they are
 * written. mmap takes no lock a fork could leave held (pool.c,
 * alloc_lock). */
static void *map_zeroed(size_t bytes, const char *what)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        fprintf(stderr, "cilkrt: error: out of memory for %s\n", what);
        exit(1);
    }
    return p;
}

/* The block table and the finished counts' chunk table, in one mapping:
 * 8 MiB of address space, of which only the pages of the entries written
 * are ever backed (one each for a deque that stays in its first block).
 * From calloc, each table was mmap'ed or not as glibc's moving threshold
 * had it, and the counts' table, in the heap, was cleared page by page. */
#define TABLES_BYTES ((size_t)(TABLE_SIZE + COUNT_CHUNKS) * sizeof(void *))

void cilkrt_tdeque_init(cilkrt_tdeque *q)
{
    memset(q, 0, sizeof *q);
    q->blocks = map_zeroed(TABLES_BYTES, "a task deque's block table");
    q->finished = (void *)(q->blocks + TABLE_SIZE);
    atomic_init(&q->ts, pack(0, 0));
    atomic_init(&q->movesplit, ASKED_BY_OWNER); /* empty: share the first push */
    atomic_init(&q->push_limit, ASK_PUSH);
    atomic_init(&q->pop_floor, ASK_POP);
    atomic_init(&q->ordered_push_limit, ASK_PUSH);
    atomic_init(&q->ordered_pop_floor, ASK_POP);
    q->reducers = cilkrt_reducers_live;
    use_block(q, 0, 0);
}

void cilkrt_tdeque_destroy(cilkrt_tdeque *q)
{
    for (long b = 0; b < q->high; b++)
        if (q->use[b].owns) /* (an heir's pages are another block's) */
            munmap(atomic_load_explicit(&q->blocks[b], memory_order_relaxed), BLOCK_BYTES);
    for (long c = 0; c << COUNT_CHUNK_LOG < q->high; c++) /* (made for blocks below high) */
        munmap((void *)atomic_load_explicit(&q->finished[c], memory_order_relaxed),
               COUNT_CHUNK_BYTES);
    munmap(q->blocks, TABLES_BYTES);
    free(q->use);
    q->blocks = NULL;
}

long cilkrt_tdeque_blocks(cilkrt_tdeque *q) { return q->mapped; }

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

/* Is top below split? Then the owner has seen tail == split (nothing left
 * for thieves) and has since popped stolen slots without storing ts: every
 * slot below top is a stolen one, and ts still reads (split, split), so no
 * thief can take anything. The next push stores ts (cilkrt_tdeque_pushed).
 * While drained, all four bounds keep their request values: each push and
 * pop goes out of line. */
static int drained(const cilkrt_tdeque *q) { return top_index(q) < q->split; }

/* How many private slots a thief's request waits for at a push: four
 * times the owner's last share if that share was made by a push and
 * nothing reset the streak since (a pop's or a poll's share, the owner
 * finding every slot stolen), at most DEFER_MAX; 0 (answer at
 * once) otherwise. In a loop of tiny spawns the thief takes the last
 * shared slot and asks again before the owner has pushed another: shared
 * at once, each request would move one task, at the price of a steal
 * (lock-step). Waiting for four times the last batch doubles the batches
 * until they are worth their steal. The sync and cilkrt_poll answer a
 * waiting request whatever they find (pop_floor keeps its request value),
 * so it never waits for pushes that do not come; it does wait, while the
 * owner runs code that neither spawns nor syncs, for at most DEFER_MAX
 * pushes' worth of tasks spawned just before. */
static long wanted(const cilkrt_tdeque *q)
{
    return 4 * q->batch < DEFER_MAX ? 4 * q->batch : DEFER_MAX;
}

/* push_limit while a request of kind asked waits: the push that makes the
 * private part as large as wanted, or the block's end, goes out of line;
 * every push if the request is to be answered at once. */
static char *deferred(const cilkrt_tdeque *q, int asked)
{
    long at = q->split + wanted(q), end = q->first + CILKRT_TDEQUE_BLOCK;
    if (asked != ASKED || at <= top_index(q))
        return ASK_PUSH;
    return slot_in_block(q, at < end ? at : end);
}

/* A request's values in all four inline bounds: a thief's ask or urge
 * (release: the owner's CAS that overwrites one reads it, publish), and
 * the owner's own second look in refresh (relaxed). */
static void lower(cilkrt_tdeque *q, memory_order mo)
{
    atomic_store_explicit(&q->push_limit, ASK_PUSH, mo);
    atomic_store_explicit(&q->pop_floor, ASK_POP, mo);
    atomic_store_explicit(&q->ordered_push_limit, ASK_PUSH, mo);
    atomic_store_explicit(&q->ordered_pop_floor, ASK_POP, mo);
}

/* Set bound b to v unless a thief stored its request value since the
 * owner's last store (then the CAS fails, and the request stays).
 * acquire: a CAS that overwrites a request reads the thief's release
 * store, so refresh's later load of movesplit sees the request. */
static void publish(char *_Atomic *b, char *v)
{
    char *old = atomic_load_explicit(b, memory_order_relaxed);
    if (old != v)
        atomic_compare_exchange_strong_explicit(b, &old, v, memory_order_acquire,
                                                memory_order_relaxed);
}

/* The owner's bounds, from block, peak and split, and the inline paths'
 * (see the header comment for the race with thieves). */
static void refresh(cilkrt_tdeque *q)
{
    q->limit = slot_in_block(q, q->first + CILKRT_TDEQUE_BLOCK);
    q->floor = slot_in_block(q, q->split > q->first ? q->split : q->first);
    int asked = atomic_load_explicit(&q->movesplit, memory_order_relaxed);
    int ask = drained(q) || asked;
    char *push = !ask ? q->limit : drained(q) ? ASK_PUSH : deferred(q, asked);
    char *pop = ask ? ASK_POP : q->floor;
    publish(&q->ordered_push_limit, push);
    publish(&q->ordered_pop_floor, pop);
    publish(&q->push_limit, q->reducers ? ASK_PUSH : push);
    publish(&q->pop_floor, q->reducers ? ASK_POP : pop);
    /* a request, or an urged one, stored since our load: lower again */
    int again = atomic_load_explicit(&q->movesplit, memory_order_relaxed);
    if ((!ask && again) || (asked == ASKED && again == URGED))
        lower(q, memory_order_relaxed);
}

/* A new block's memory. Its slots start zeroed (fresh pages): a slot's
 * state is 0 whenever the owner fills it. MAP_POPULATE: the kernel
 * backs the block's 48 pages in one call instead of 48 page faults in
 * the pushes; a spawn loop of 10^6 tasks at one worker went from 64.3
 * (56.3-74.9) to 50.1 (45.6-79.8) ms of CPU time (docs/performance.md).
 * Not block 0: every worker makes it when the pool starts, in every mode,
 * and most workers fill only its first slots, if any (continuation mode
 * never pushes a task unless a task group does; a fib's deque is as deep
 * as its recursion, one page). Populated, it was 192 KiB of resident
 * memory per worker, most of the runtime's baseline (issue 9); a deque
 * that grows past it pays at most 48 page faults once. Its first page
 * (85 slots, a recursion as deep) is written here, on the thread that
 * starts the pool, before any root: else a child-mode program's first
 * pushes faulted in the computation (fib 20, P = 1: one fault in the
 * timed region, 53 us against 39 us with the page written, medians of
 * 21), for 4 KiB of resident memory per worker. A second page removed
 * no fault more in fib 20 or nqueens5 8 and 11. */
static char *new_block(long b)
{
    int populate = b > 0 ? MAP_POPULATE : 0;
    char *block = mmap(NULL, BLOCK_BYTES, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | populate, -1, 0);
    if (block == MAP_FAILED) {
        fprintf(stderr, "cilkrt: error: out of memory for %ld more tasks\n", CILKRT_TDEQUE_BLOCK);
        exit(1);
    }
    if (b == 0)
        memset(block, 0, BLOCK0_WARM);
    return block;
}

/* Are block r's slots all stolen, run to the end, and still on the deque,
 * with no result left in them (header, reuse)? acquire: pairs with the
 * runners' release adds, so that everything they did in the slots comes
 * before the owner's reuse of the pages. */
static int finished(cilkrt_tdeque *q, long r)
{
    uint32_t done = atomic_load_explicit(finished_count(q, r), memory_order_acquire);
    return (uint32_t)(done - q->use[r].popped) == CILKRT_TDEQUE_BLOCK;
}

/* A block below block b whose pages a new block b may take, or -1: one
 * whose pages are its own (no heir) and whose slots are all finished. */
static long reusable(cilkrt_tdeque *q, long b)
{
    while (q->reuse_from < b && q->use[q->reuse_from].heir)
        q->reuse_from++;
    for (long r = q->reuse_from, seen = 0; r < b && seen < REUSE_SCAN; r++) {
        if (q->use[r].heir)
            continue;
        if (finished(q, r))
            return r;
        seen++;
    }
    return -1;
}

/* Pages for new block b from a finished block below it, or NULL (header,
 * reuse): block r retires, its slots known finished to the owner alone
 * (retired_top), and b shares its address. The slots' run and state
 * words are cleared for b: every filled slot starts at state 0, and an
 * unfilled one reads as such (cilkrt_tdeque_peak). Plain stores: no thief
 * reads them before a share publishes them. */
static char *reuse(cilkrt_tdeque *q, long b)
{
    long r = q->reducers ? -1 : reusable(q, b);
    if (r < 0)
        return NULL;
    q->use[r].heir = b;
    q->use[r].retired_top = (r + 1) << CILKRT_TDEQUE_BLOCK_LOG;
    q->reused++;
    char *block = atomic_load_explicit(&q->blocks[r], memory_order_relaxed);
    for (char *s = block; s < block + BLOCK_BYTES; s += CILKRT_TASK_SLOT) {
        cilkrt_task *t = (cilkrt_task *)(void *)s;
        t->run = NULL;
        atomic_store_explicit(&t->state, 0, memory_order_relaxed);
    }
    return block;
}

/* The owner's records for block b: its use entry (the table grows with
 * the deque: owner only) and its finished count's chunk. */
static void track_block(cilkrt_tdeque *q, long b)
{
    if (b >= q->use_cap) {
        long cap = q->use_cap ? 2 * q->use_cap : 4; /* most deques stay in block 0 */
        while (cap <= b)
            cap *= 2;
        struct cilkrt_tdeque_use *u = cilkrt_realloc(q->use, (size_t)cap * sizeof *u);
        if (!u) {
            fprintf(stderr, "cilkrt: error: out of memory for a task deque's block table\n");
            exit(1);
        }
        memset(u + q->use_cap, 0, (size_t)(cap - q->use_cap) * sizeof *u);
        q->use = u;
        q->use_cap = cap;
    }
    _Atomic uint32_t *_Atomic *chunk = &q->finished[b >> COUNT_CHUNK_LOG];
    if (!atomic_load_explicit(chunk, memory_order_relaxed))
        atomic_store_explicit(chunk, map_zeroed(COUNT_CHUNK_BYTES, "a task deque's block table"),
                              memory_order_relaxed); /* (published with the slots) */
}

/* Block b has no memory (new, or its pages went back to the block they
 * came from): give it some, a finished block's or fresh pages. */
static char *fill_block(cilkrt_tdeque *q, long b)
{
    track_block(q, b);
    char *block = reuse(q, b);
    if (!block) {
        block = new_block(b);
        q->use[b].owns = 1;
        q->mapped++;
    }
    if (b >= q->high)
        q->high = b + 1;
    /* relaxed: published with the slots, by the release that shares them */
    atomic_store_explicit(&q->blocks[b], block, memory_order_relaxed);
    return block;
}

/* Make block b current, with top at index t (in the block). Entered, a
 * block whose pages went to an heir takes them back: every block above
 * it, the heir too, is empty, and the heir gets pages again when next
 * entered (its table entry NULL: above top, no thief reads it). So each
 * index keeps one address, as generated code's copies of top need. */
static void use_block(cilkrt_tdeque *q, long b, long t)
{
    char *block = atomic_load_explicit(&q->blocks[b], memory_order_relaxed);
    if (!block)
        block = fill_block(q, b);
    long heir = q->use[b].heir;
    if (heir) {
        if (heir == q->peak >> CILKRT_TDEQUE_BLOCK_LOG)
            q->peak = cilkrt_tdeque_peak(q); /* read off its slots while it has them */
        atomic_store_explicit(&q->blocks[heir], NULL, memory_order_relaxed);
        q->use[b].heir = 0;
    }
    if (b < q->reuse_from)
        q->reuse_from = b;
    q->block = block;
    q->first = b << CILKRT_TDEQUE_BLOCK_LOG;
    q->top = slot_in_block(q, t);
    refresh(q);
}

/* Has the owner just entered a block (top at its first slot) above which
 * a new block would need fresh pages: none mapped there, and no finished
 * block to reuse (header, "help")? Then it runs some of its oldest tasks
 * first (task.c). Never with reducers (no reuse either). */
int cilkrt_tdeque_short(cilkrt_tdeque *q)
{
    long b = (q->first >> CILKRT_TDEQUE_BLOCK_LOG) + 1;
    if (q->reducers || q->top != q->block || b >= TABLE_SIZE ||
        atomic_load_explicit(&q->blocks[b], memory_order_relaxed))
        return 0;
    return reusable(q, b) < 0;
}

/* Top at index t, in block t's own block. */
static void set_top(cilkrt_tdeque *q, long t) { use_block(q, t >> CILKRT_TDEQUE_BLOCK_LOG, t); }

/* The owner found every slot stolen (as at the start): its next
 * push shares at once, as if a thief had asked. Otherwise a task spawned
 * before a long serial stretch (spawn f(); g(); sync;) would stay private
 * until the next spawn, and f could not run beside g. The caller then
 * refreshes the bounds. relaxed: a hint. */
static void ask_share(cilkrt_tdeque *q)
{
    q->batch = 0;
    atomic_store_explicit(&q->movesplit, ASKED_BY_OWNER, memory_order_relaxed);
}

/* A thief about to sleep: a request of its that a push is deferring
 * (wanted) is answered at the owner's next push instead, and the streak
 * ends (the share by an urged request sets no batch). The deferral is for
 * loops of tiny spawns, where the thief asks again within a few pushes;
 * a thief that spun until it sleeps is starving, and waiting for up to
 * DEFER_MAX more pushes would keep it idle while the owner's private
 * tasks pile up (a producer spawning slower than a thief consumes:
 * docs/stability.md). The same stores as a request: the race with the
 * owner's refresh is the one the header comment argues, and refresh's
 * second look at movesplit lowers the bounds again for an urge it
 * overwrote. With no request pending the thief makes one, urged: since
 * its last look the owner may have taken its last shared slot back
 * without asking (header, "taken back"), and its next push must share
 * and wake the sleeper. */
void cilkrt_tdeque_urge(cilkrt_tdeque *q)
{
    int asked = atomic_load_explicit(&q->movesplit, memory_order_relaxed);
    if ((asked != 0 && asked != ASKED) ||
        !atomic_compare_exchange_strong_explicit(&q->movesplit, &asked, URGED, memory_order_relaxed,
                                                 memory_order_relaxed))
        return;
    lower(q, memory_order_release);
}

void cilkrt_tdeque_ask(cilkrt_tdeque *q)
{
    /* look first: a pending request needs no second store (header) */
    if (atomic_load_explicit(&q->movesplit, memory_order_relaxed))
        return;
    atomic_store_explicit(&q->movesplit, ASKED, memory_order_relaxed);
    lower(q, memory_order_release);
}

long cilkrt_tdeque_pushed(cilkrt_tdeque *q)
{
    long t = top_index(q);
    if (t - 1 < q->split) { /* drained: the new slot is the first above the stolen ones */
        q->split = t - 1;
        if (q->done_top > t - 1)
            q->done_top = t - 1; /* no longer a done stolen slot */
        /* tail == split and no thief CAS can succeed (they try only after
         * seeing tail < split), so a store resets both; release: heads the
         * sequence that later shares continue */
        atomic_store_explicit(&q->ts, pack(t - 1, t - 1), memory_order_release);
        ask_share(q); /* nothing is left for thieves: share this one */
    }
    if (t > q->peak)
        q->peak = t;
    if (t == q->first + CILKRT_TDEQUE_BLOCK) {
        if (t >= MAX_INDEX) {
            fprintf(stderr, "cilkrt: error: more than %ld tasks pending on one worker\n",
                    MAX_INDEX - 1);
            exit(1);
        }
        use_block(q, t >> CILKRT_TDEQUE_BLOCK_LOG, t);
    }
    int asked = atomic_load_explicit(&q->movesplit, memory_order_relaxed);
    if (!asked || (asked == ASKED && t - q->split < wanted(q))) {
        refresh(q); /* (a waiting request: the bound of deferred) */
        return 0;
    }
    long n = cilkrt_tdeque_share(q);
    if (asked == ASKED)
        q->batch = n; /* a push answered a thief: the streak goes on */
    return n;
}

long cilkrt_tdeque_settle(cilkrt_tdeque *q)
{
    if (atomic_load_explicit(&q->movesplit, memory_order_relaxed))
        return cilkrt_tdeque_share(q);
    refresh(q);
    return 0;
}

long cilkrt_tdeque_share(cilkrt_tdeque *q)
{
    q->batch = 0; /* (the push sets it again: see wanted) */
    long priv = top_index(q) - q->split;
    if (priv <= 0) { /* nothing to share: the request waits for the next push */
        refresh(q);
        return 0;
    }
    atomic_store_explicit(&q->movesplit, 0, memory_order_relaxed);
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
    if (i >= q->split) { /* private: in the block below, or a request or
                            the reducers sent the pop here */
        if (i >= q->first)
            q->top -= CILKRT_TASK_SLOT; /* the bounds stay right */
        else
            set_top(q, i);
        return cilkrt_tdeque_slot(q, i);
    }
    if (drained(q))
        return NULL; /* stolen, and ts says so already: no load of the thieves' line */
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
            set_top(q, i); /* (keep == tail: see the header, "taken back") */
            return cilkrt_tdeque_slot(q, i);
        }
    }
}

void *cilkrt_tdeque_top_slot(cilkrt_tdeque *q) { return cilkrt_tdeque_slot(q, top_index(q) - 1); }

/* The slot below top was stolen and its thief is done. ts is left as it
 * is (drained): a sync that meets a run of stolen slots, a spawn loop's,
 * pops each with plain loads and stores of the owner's line, where a store
 * of ts per slot made the thieves' line, which an idle thief keeps
 * reading, move between the cores at every pop. */
void cilkrt_tdeque_pop_stolen(cilkrt_tdeque *q)
{
    long i = top_index(q) - 1;
    struct cilkrt_tdeque_use *u = &q->use[i >> CILKRT_TDEQUE_BLOCK_LOG];
    u->popped++; /* (header, reuse) */
    if (u->retired_top > i)
        u->retired_top = i; /* i and above are popped: a push there is live */
    if (i >= q->first && drained(q))
        q->top -= CILKRT_TASK_SLOT; /* the bounds stay at their request values */
    else
        set_top(q, i);
}

/* Drop the slot below top, unread, if the owner knows it done: the rest
 * of a run it waited for, or retired; in the current block, and drained
 * (the state in which a sync pops a spawn loop's stolen slots). One call
 * per slot instead of a pop, the checks and pop_stolen: a sync at P = 2
 * meets nearly every one of the loop's 10^6 slots so. Returns 1 if it
 * dropped the slot, 0 if the caller must pop as usual. */
int cilkrt_tdeque_drop(cilkrt_tdeque *q)
{
    long i = top_index(q) - 1;
    if (i < q->first || !drained(q))
        return 0;
    struct cilkrt_tdeque_use *u = &q->use[q->first >> CILKRT_TDEQUE_BLOCK_LOG];
    if ((i < q->done_from || i >= q->done_top) && i >= u->retired_top)
        return 0;
    q->top -= CILKRT_TASK_SLOT; /* (the bounds keep their request values) */
    u->popped++;
    if (u->retired_top > i)
        u->retired_top = i;
    return 1;
}

/* n stolen slots of the block of slot i have run to the end, their runs'
 * states stored (header, reuse). release: the runner's work in them comes
 * before the owner's reuse of the pages, which acquires the count. */
void cilkrt_tdeque_finished(cilkrt_tdeque *q, long i, long n)
{
    atomic_fetch_add_explicit(finished_count(q, i >> CILKRT_TDEQUE_BLOCK_LOG), (uint32_t)n,
                              memory_order_release);
}

/* The n slots below the stolen slot below top are done (the rest of its
 * run, task.c). They stay known done until popped: the owner writes a
 * slot only at top, and a push at an index lowers done_top to it
 * (cilkrt_tdeque_pushed; below split, so out of line: drained). */
void cilkrt_tdeque_done_below(cilkrt_tdeque *q, long n)
{
    q->done_top = top_index(q) - 1;
    q->done_from = q->done_top - n;
}

/* Is slot i retired (header, reuse)? Its memory may be another block's. */
int cilkrt_tdeque_retired(const cilkrt_tdeque *q, long i)
{
    return i < q->use[i >> CILKRT_TDEQUE_BLOCK_LOG].retired_top;
}

int cilkrt_tdeque_done(const cilkrt_tdeque *q)
{
    long i = top_index(q) - 1;
    return i >= q->done_from && i < q->done_top;
}

/* Has slot i been filled since the deque was made or the peak reset? The
 * owner fills a slot's first word, the thunk (cilkrt_task.run, never
 * NULL), and nothing else clears it; a new block's slots are zero. */
static int filled(cilkrt_tdeque *q, long i)
{
    return atomic_load_explicit(&q->blocks[i >> CILKRT_TDEQUE_BLOCK_LOG], memory_order_relaxed) &&
           *(void **)cilkrt_tdeque_slot(q, i) != NULL; /* (an heir given back has no memory) */
}

/* The deepest depth since the deque was made or the peak reset (owner, or
 * while it is idle). A push records it (q->peak) only out of line: one
 * that went out of line at each new deepest depth cost a spawn loop a
 * trip and a compare-and-swap (of push_limit) per spawn. Entering a block
 * takes a trip, so the slots pushed deeper than q->peak are all in its
 * block, the last filled one of which ends the peak. */
long cilkrt_tdeque_peak(cilkrt_tdeque *q)
{
    long end = (q->peak | (CILKRT_TDEQUE_BLOCK - 1)) + 1;
    for (long i = end - 1; i >= q->peak; i--)
        if (filled(q, i))
            return i + 1;
    return q->peak;
}

/* Statistics were reset: the deepest depth starts again from here (the
 * owner is idle): the slots above top count as never filled (a deeper
 * block may be entered again, and read by cilkrt_tdeque_peak). */
void cilkrt_tdeque_reset_peak(cilkrt_tdeque *q)
{
    long t = top_index(q);
    for (long i = t, peak = cilkrt_tdeque_peak(q); i < peak; i++)
        if (filled(q, i))
            *(void **)cilkrt_tdeque_slot(q, i) = NULL;
    q->peak = t;
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

long cilkrt_tdeque_look(cilkrt_tdeque *q, int half, int ask, long *first)
{
    /* acquire: see the header comment (release sequence of ts) */
    unsigned long ts = atomic_load_explicit(&q->ts, memory_order_acquire);
    long tail = tail_of(ts), split = split_of(ts);
    if (tail >= split) {
        if (ask)
            cilkrt_tdeque_ask(q);
        return 0;
    }
    long k = batch_size(split - tail, half);
    /* tail + k <= split: the add stays in the lower half of ts */
    if (!atomic_compare_exchange_strong_explicit(&q->ts, &ts, ts + (unsigned long)k,
                                                 memory_order_acquire, memory_order_relaxed))
        return 0; /* another thief, or the owner took some back */
    if (tail + k == split)
        cilkrt_tdeque_ask(q); /* we took the last ones: have more ready for the next thief */
    *first = tail;
    return k;
}

long cilkrt_tdeque_steal_batch(cilkrt_tdeque *q, int half, long *first)
{
    return cilkrt_tdeque_look(q, half, 1, first);
}

void *cilkrt_tdeque_steal(cilkrt_tdeque *q)
{
    long first;
    return cilkrt_tdeque_steal_batch(q, 0, &first) ? cilkrt_tdeque_slot(q, first) : NULL;
}

/* The owner takes the oldest shared slots, as a steal-half thief would
 * (header, help): a power of two not above half of them, so that a thief
 * looking meanwhile finds the rest (and one about to sleep stays awake:
 * sched.c, tasks_shared), and not past the end of the tail's block, the
 * block its runs are to finish. Returns how many (0 if none are shared)
 * and the first index in *first. The same CAS as a thief's, which it
 * races with; relaxed: the slots' contents are the owner's own writes,
 * and the CAS, an RMW, continues the release sequence that later thieves
 * acquire. */
long cilkrt_tdeque_take_oldest(cilkrt_tdeque *q, long *first)
{
    unsigned long ts = atomic_load_explicit(&q->ts, memory_order_relaxed);
    for (;;) {
        long tail = tail_of(ts), split = split_of(ts);
        if (tail >= split)
            return 0;
        long end = (tail | (CILKRT_TDEQUE_BLOCK - 1)) + 1, k = batch_size(split - tail, 1);
        if (k > end - tail)
            k = end - tail;
        if (atomic_compare_exchange_weak_explicit(&q->ts, &ts, ts + (unsigned long)k,
                                                  memory_order_relaxed, memory_order_relaxed)) {
            *first = tail;
            return k;
        }
    }
}

/* Tasks waiting on the deque (neither stolen nor popped): exact for the
 * owner; another thread sees only the shared ones (the private part is
 * the owner's alone, top included), a lower bound. */
long cilkrt_tdeque_pending(cilkrt_tdeque *q, int owner)
{
    unsigned long ts = atomic_load_explicit(&q->ts, memory_order_relaxed);
    long n = (owner ? top_index(q) : split_of(ts)) - tail_of(ts);
    return n > 0 ? n : 0; /* (a drained deque's top is below tail) */
}

/* Tasks on the deque, stolen ones included (owner, or tests). */
long cilkrt_tdeque_depth(cilkrt_tdeque *q) { return top_index(q); }
