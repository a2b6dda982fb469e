/*
 * cilkrt_abi.h: the contract between cilkc-generated code and libcilkrt.
 *
 * Only generated code (and the runtime's hand-lowered tests, which are
 * written exactly like generated code) includes this header. Users call the
 * public API in cilkrt.h. docs/abi.md explains every name here, who owns a
 * frame when, and why each memory order is what it is; keep both in step.
 *
 * Naming: everything exported here starts with cilkrt_. Generated code uses
 * the prefix cilkc_ for its own names.
 */
#ifndef CILKRT_ABI_H
#define CILKRT_ABI_H

/* A system header for cc: its C11 (_Atomic, _Alignas, _Thread_local) and
 * GNU extensions draw no -pedantic diagnostic when the user's code is
 * compiled with -std=c99 -pedantic-errors. */
#pragma GCC system_header

/* No #include here: generated code includes this header in front of a
 * translation unit that is already preprocessed, so a system header pulled
 * in again would redefine its types (glibc's anonymous structs conflict).
 * Hence _Atomic and the __atomic builtins (the same operations as
 * <stdatomic.h>'s, which the runtime's own files use on these fields) and
 * __SIZE_TYPE__. */

/* The fast paths below touch _Atomic fields: clang's builtins for _Atomic
 * objects are __c11_atomic_*, gcc's __atomic_* accept them (both are what
 * <stdatomic.h> expands to with that compiler). */
#ifdef __clang__
#define CILKRT_LOAD(p, mo) __c11_atomic_load(p, mo)
#define CILKRT_STORE(p, v, mo) __c11_atomic_store(p, v, mo)
#else
#define CILKRT_LOAD(p, mo) __atomic_load_n(p, mo)
#define CILKRT_STORE(p, v, mo) __atomic_store_n(p, v, mo)
#endif

/* The ABI's version: bumped whenever a name, a signature or a layout
 * here changes (2: cilkrt_alloca_slow's arguments, the task deque's
 * fields, cilkrt_deque_grow gone, the work/span state in the worker;
 * 3: the clone keeps its run's segment end, not the segment, and
 * cilkrt_alloca_slow returns it; the work/span hooks of cilkrt_wsp.h
 * hand child mode's mark to the callee tagged; 4: cilkrt_alloca's bump
 * tests the room to the clone's end against CILKRT_ALLOCA_SEG instead of
 * loading the worker's end, so every current segment has that size;
 * 5: the frame deque is an array addressed through slots, not a ring,
 * and tail is the worker's first member).
 * Every file that includes this header keeps a reference to
 * cilkrt_abi_v<N>, which the runtime built from the same header defines
 * once (cilkrt.c): an object compiled against another version fails to
 * link with "undefined reference to `cilkrt_abi_v<N>'", N being the
 * object's version (docs/abi.md). Tests predefine the version to play
 * such a stale object. */
#ifndef CILKRT_ABI_VERSION
#define CILKRT_ABI_VERSION 5
#endif
#define CILKRT_ABI_NAME2(v) cilkrt_abi_v##v
#define CILKRT_ABI_NAME(v) CILKRT_ABI_NAME2(v)
extern const char CILKRT_ABI_NAME(CILKRT_ABI_VERSION);
/* used: cc keeps it at any -O, so every object holds the reference */
__attribute__((used)) static const char *const cilkrt_abi_check =
    &CILKRT_ABI_NAME(CILKRT_ABI_VERSION);

typedef struct cilkrt_worker cilkrt_worker;
typedef struct cilkrt_frame cilkrt_frame;
typedef struct cilkrt_desc cilkrt_desc;
typedef struct cilkrt_task cilkrt_task;
typedef struct cilkrt_group cilkrt_group;
typedef struct cilkrt_boundary cilkrt_boundary;
typedef struct cilkrt_alloca_run cilkrt_alloca_run;
typedef struct cilkrt_alloca_seg cilkrt_alloca_seg;
typedef struct cilkrt_hyper cilkrt_hyper;
typedef struct cilkrt_hmap cilkrt_hmap;

/* ------------------------------------------------------------------------
 * Continuation stealing (DESIGN §3)
 * ------------------------------------------------------------------------ */

/* One per parallel function, a static const object in generated code. */
struct cilkrt_desc {
    /* Slow clone: resumes f at f->entry. Returns when the function finished
     * (its result was handed to the parent), suspended at a sync, or
     * abandoned its C stack after a failed pop. */
    void (*slow)(cilkrt_worker *w, cilkrt_frame *f);
    /* Store (or combine, for op=) the result of the child spawned at spawn
     * site `site` of frame f; value points to the child's result. The
     * runtime calls it with f's lock held, so combinations into one frame
     * never run at the same time. */
    void (*inlet)(cilkrt_frame *f, int site, void *value);
    const char *name;
    /* 1 in a unit that uses Cilk-5's abort: the frame struct has the abort
     * counts after its header (runtime/cilk5.c) */
    int abortable;
};

/* Frame states (cilkrt_frame.state), changed only under the frame's lock. */
enum {
    CILKRT_FRAME_FAST = 0,     /* owned by the fast clone on the worker's C stack */
    CILKRT_FRAME_STOLEN = 1,   /* its continuation runs (slow clone) on a thief */
    CILKRT_FRAME_SUSPENDED = 2 /* waiting at a sync for join to reach 0 */
};

/* Frame header: the first member of every generated frame struct.
 * Generated code writes entry before it pushes the frame (the push is a
 * release store, so a thief that takes the frame sees entry and every saved
 * local); it never touches join, state or lock. */
struct cilkrt_frame {
    int entry;                  /* resume index: spawn site or sync to resume after */
    int site;                   /* spawn site in parent whose result this frame returns */
    const cilkrt_desc *desc;    /* NULL for a boundary pseudo-frame */
    cilkrt_frame *parent;       /* frame whose inlet receives this frame's result */
    void *dst;                  /* the destination pointer the frame's spawn gave,
                                   handed back with the result (docs/abi.md); the
                                   runtime does not read it */
    int join;                   /* stolen children not yet returned; under lock */
    int state;                  /* CILKRT_FRAME_*; under lock */
    _Atomic int lock;           /* spin lock for join, state and the inlet */
    unsigned size_class;        /* free-list class, set by cilkrt_frame_alloc */
    cilkrt_frame *next_free;    /* free-list link while the frame is free */
    cilkrt_alloca_run *allocas; /* newest run of alloca blocks, NULL if none */
    cilkrt_hyper *hyper;        /* reducer views of the strands after its steals
                                   since its last sync (runtime/reducer.c), NULL if
                                   none; NULL in a free frame */
};

/* A boundary: where a parallel function is entered by a plain C call on a
 * worker (not by spawn). It is the parent of the callee's frame. If the
 * callee's continuation is stolen, the worker cannot abandon the C stack
 * below the boundary (its caller expects a return value), so it schedules
 * other work until the callee completes, and the callee's result is copied
 * into *result by the boundary's inlet. Lives on the caller's C stack. */
struct cilkrt_boundary {
    cilkrt_frame frame; /* frame.desc == NULL marks a boundary */
    void *result;       /* where the callee's result goes */
    __SIZE_TYPE__ result_size;
    _Atomic int done; /* set (release) when a stolen callee finished */
    int saved_abandoning;
    cilkrt_hmap *saved_hmap; /* the caller's reducer views, back after a steal */
    cilkrt_worker *owner;    /* the worker waiting in boundary_leave (woken
                                when done is set) */
};

/* Per-worker state visible to generated code. Fields that thieves write
 * (head, split, the lock) sit on their own cache line, apart from the
 * owner's. */
#define CILKRT_CACHE_LINE 64
#define CILKRT_FRAME_CLASSES 16 /* size classes of 64 bytes: up to 1 KiB */

/* Child stealing's task deque (runtime/tdeque.c), one per worker: slots of
 * CILKRT_TASK_SLOT bytes indexed from 0 at the bottom, in blocks of
 * CILKRT_TDEQUE_BLOCK slots that never move (a thief runs a stolen task in
 * its slot), so the deque grows while thieves steal. Slots [0, tail) were
 * stolen, [tail, split) are shared (thieves may take them, oldest first),
 * [split, top) are private to the owner. The owner's fields are written by
 * the owner only; generated code reads them in the inline paths below. */
#define CILKRT_TASK_SLOT 48 /* bytes; a multiple of 16 */
#define CILKRT_TDEQUE_BLOCK_LOG 12
#define CILKRT_TDEQUE_BLOCK (1L << CILKRT_TDEQUE_BLOCK_LOG)
typedef struct cilkrt_tdeque {
    /* owner's line; the inline paths use the first five */
    _Alignas(CILKRT_CACHE_LINE) char *top; /* the next free slot, in block: always
                                              a slot the owner may fill */
    /* The inline paths' bounds: a push whose new top reaches push_limit,
     * and a pop that finds top at or below pop_floor, go out of line.
     * The owner sets them from its own bounds (limit, floor) unless a
     * request is pending; a thief asking for work lowers push_limit to
     * NULL and raises pop_floor to the top address (tdeque.c: the race).
     * A worker whose program has reducers keeps them there for good, so
     * that every plain push and pop runs the reducer hooks out of line.
     * Relaxed atomics: a plain load on the fast path. */
    char *_Atomic push_limit;
    char *_Atomic pop_floor;
    /* The same for the _ordered push and pop (a cilk_for's, which run no
     * reducer hooks): requests move them as they move the pair above, but
     * reducers do not, so a cilk_for keeps its inline paths. Without
     * reducers both pairs hold the same values. */
    char *_Atomic ordered_push_limit;
    char *_Atomic ordered_pop_floor;
    unsigned long pushes;     /* spawns (statistics, counted at the syncs) */
    char *block;              /* the current block: top is in [block, its end) */
    long first;               /* index of the block's first slot */
    long split;               /* the owner's copy of the shared split */
    long peak;                /* deepest index recorded out of line (statistics:
                                 cilkrt_tdeque_peak reads the rest off the slots) */
    char *limit, *floor;      /* the owner's bounds: the block's end; the slot
                                 above split or the block's start */
    int reducers;             /* cilkrt_reducers_live when the deque was made: the
                                 hooks run out of line, on every plain push and pop */
    long batch;               /* the last share, if a push made it (tdeque.c) */
    long done_from, done_top; /* stolen slots [done_from, done_top) are done:
                                 the rest of a finished run (task.c) */
    char *_Atomic *blocks;    /* block table, read by thieves */
    /* per block, in chunks: stolen slots run to the end (their runners add) */
    _Atomic __UINT32_TYPE__ *_Atomic *finished;
    struct cilkrt_tdeque_use *use; /* per block, the owner's: stolen slots
                                      popped, pages given away (tdeque.c) */
    long use_cap;                  /* entries in use */
    long reuse_from;               /* no block below this one can be reused */
    long reused;                   /* new blocks that took a finished block's pages */
    long mapped, high;             /* blocks mapped; 1 + the highest block used */
    /* thieves' line */
    _Alignas(CILKRT_CACHE_LINE) _Atomic unsigned long ts; /* tail | split << 32 */
    _Atomic int movesplit;                                /* a thief found nothing: share more */
} cilkrt_tdeque;

/* The out-of-line path of the task deque's push (runtime/task.c, on
 * tdeque.c), after a push that reached push_limit: a new block, a
 * thief's request (share), the reducer hook. Returns
 * top. It takes the worker, which generated code has in a register
 * anyway. */
char *cilkrt_task_pushed(cilkrt_worker *w);

/* The work/span analyzer's per-worker state: the inline hooks of
 * cilkrt_wsp.h reach it through the worker pointer generated code has.
 * Only the worker's own thread touches it. */
struct cilkrt_wsp;
struct cilkrt_wsp_worker {
    struct cilkrt_wsp *cur;  /* the record whose strand this worker runs */
    struct cilkrt_wsp *pend; /* a spawn's parent, until the child enters */
    /* a spawn's work and paths for the child (p), a returned spawned
     * child's for the spawner (r); interleaved, as in struct cilkrt_wsp */
    long long pw, rw, ps, rs, pbs, rbs;
    long long start;      /* clock at the last charge (time unit) */
    long long est, nopen; /* charged to each strand opened since, in advance */
    int countdown, every; /* boundaries until the next clock reading */
    int hold;             /* readings left at every boundary */
    int returned;         /* rw, rs, rbs wait for the spawner */
    /* child mode: the marks of tasks not yet synced, a stack in chunks
     * (the task holds a pointer: a mark does not fit in its slot) */
    struct cilkrt_wsp_mark *mtop, *mend;
    void *chunks;
};

struct cilkrt_worker {
    /* owner's line */
    _Atomic long tail; /* next free slot; written by the owner only (first:
                          the push addresses it as the worker itself) */
    /* Slot t of the frame deque is at address slots + t * sizeof(cilkrt_frame *):
     * the array (deque) less its first slot's index (deque_base), as an
     * integer, so that the push's store needs no mask (cilkrt_deque_slot) */
    __UINTPTR_TYPE__ slots;
    int abandoning; /* set by a delivering failed pop until the
                       stack unwinds to the scheduler */
    int id;
    cilkrt_frame *free_frames[CILKRT_FRAME_CLASSES];
    /* the one statistic kept by generated code (a plain counter, owner
     * only); the frame statistics are counted out of line, when a frame
     * comes from fresh memory (docs/runtime.md) */
    unsigned long nspawns; /* spawns, added by the code that spawns
                              (cilkrt_count_spawns) */
    long push_limit;       /* push goes out of line (cilkrt_push_slow) when
                              its slot reaches this; pop_bound: pop goes out of
                              line (cilkrt_pop_slow) when its slot is below
                              this. The owner stores both under the deque
                              lock; a thief or a sleeper asking for a share
                              stores push_limit = 0 and pop_bound = LONG_MAX
                              under the same lock (runtime/deque.c). */
    long pop_bound;
    /* alloca region (runtime/alloca.c): the current segment and its free
     * part [alloca_top, alloca_end) */
    cilkrt_alloca_seg *alloca_seg;
    char *alloca_top, *alloca_end;
    long alloca_runs; /* runs in alloca_seg not yet released */
    /* the frame deque's array, out of the inline paths: slots
     * [deque_base, deque_base + deque_cap) lie in it (runtime/deque.c) */
    cilkrt_frame **deque;
    long deque_cap, deque_base;
    /* thieves' line */
    /* The frame deque's shared part [head, split), which thieves take
     * from, oldest first; [split, tail) is private to the owner. head and
     * split change only under deque_lock (head by thieves, split by the
     * owner); share_req is a request that the owner share more
     * (runtime/deque.c). */
    _Alignas(CILKRT_CACHE_LINE) _Atomic long head;
    _Atomic long split;
    _Atomic int deque_lock;
    _Atomic int share_req;
    /* child stealing's task deque (its own lines) */
    cilkrt_tdeque tq;
    /* the work/span analyzer's state (cilkrt_wsp.h; --workspan code only) */
    struct cilkrt_wsp_worker wsp;
    /* Private state follows in the runtime's own view (worker.h); generated
     * code must not use sizeof(cilkrt_worker). */
};

/* The worker the calling thread is, or NULL on a thread that is not one. */
extern _Thread_local cilkrt_worker *cilkrt_tls_worker;

static inline cilkrt_worker *cilkrt_self(void) { return cilkrt_tls_worker; }

/* Out-of-line slow paths (runtime/frame.c, runtime/deque.c, runtime/sched.c). */
/* cilkrt_frame_alloc's empty free list (or large frame): a frame from fresh
 * memory, its header set as cilkrt_frame_alloc sets it. */
cilkrt_frame *cilkrt_frame_alloc_slow(cilkrt_worker *w, unsigned size_class,
                                      const cilkrt_desc *desc, cilkrt_frame *parent, int site,
                                      void *dst);
void cilkrt_frame_free_slow(cilkrt_worker *w, cilkrt_frame *f);
/* The pop of slot t when t < pop_bound: under the deque lock, takes back
 * entry t if it is shared and no thief took it, answers a request to
 * share (runtime/deque.c). Returns 1 if entry t was ours, 0 if stolen. */
int cilkrt_pop_slow(cilkrt_worker *w, long t);
/* After a push whose slot reached push_limit (the entry and tail are in
 * place), under the deque lock: records the new deepest deque, doubles the
 * ring if the push filled it (thieves read the ring only under that
 * lock), answers a request to share (and then wakes a sleeping worker, if
 * one sleeps), and sets the bounds again. */
void cilkrt_push_slow(cilkrt_worker *w);

/* alloca() in a parallel function (continuation mode). A block must
 * outlive the C stack it was called on (a thief may go on with the
 * continuation after the victim abandoned that stack), so it comes from a
 * per-worker bump region instead (runtime/alloca.c), and is released with
 * its frame. A frame's blocks form runs, one per segment of the region
 * they lie in, newest first from f->allocas; a run starts with this header.
 *
 * The invariant the inline paths rely on (alloca.c keeps it): every run in
 * the worker's current segment belongs to a frame running on the worker's
 * C stack, and the runs lie in the order of those frames on the stack. So
 * bumping alloca_top allocates, and setting it back to a run releases the
 * run and everything above it, which belonged to frames that already
 * returned. A frame leaves the stack out of order only when it is stolen
 * (the victim's failed pop) or suspended (cilkrt_sync); then the segment
 * is sealed first: it stops being current, and its runs are released one
 * by one, on any worker, the last one freeing it. */
struct cilkrt_alloca_run {
    cilkrt_alloca_run *prev; /* the frame's previous run, in an older segment */
    cilkrt_alloca_seg *seg;
};

/* The slow path's answer: the block, and the end the clone keeps (below). */
typedef struct {
    void *block;
    char *end;
} cilkrt_alloca_got;

cilkrt_alloca_got cilkrt_alloca_slow(cilkrt_worker *w, cilkrt_frame *f, char *end,
                                     __SIZE_TYPE__ size);
void cilkrt_alloca_release_slow(cilkrt_worker *w, cilkrt_frame *f);

/* Start a run for f at the region's top p (which has room for the header
 * and n more bytes). Returns the first block's address. Inline for the
 * common first alloca of a call; alloca.c's slow path ends here too. */
static inline void *cilkrt_alloca_run_start(cilkrt_worker *w, cilkrt_frame *f, char *p,
                                            __SIZE_TYPE__ n)
{
    cilkrt_alloca_run *r = (cilkrt_alloca_run *)p;
    r->prev = f->allocas;
    r->seg = w->alloca_seg;
    f->allocas = r;
    w->alloca_runs++;
    p = (char *)(r + 1);
    w->alloca_top = p + n;
    return p;
}

/* Bytes of blocks in every segment that can be current (alloca.c): the
 * inline bump below relies on it. */
#define CILKRT_ALLOCA_SEG (64 * 1024)

/* alloca(size) in a clone of the parallel function whose frame is f: the
 * cost of a stack alloca, a bump of the region's top, while f has a run in
 * the current segment and the block fits; the first block of a call
 * starts the run, inline too, when it fits.
 *
 * *end is the clone's own local (NULL at its entry): the end of the
 * segment of the run the clone started for f, which the clone keeps in a
 * register (nothing takes its address: the slow path gets and returns it
 * by value). The test for a run in the current segment loads only the
 * worker's top: the room from it to the clone's end is at most
 * CILKRT_ALLOCA_SEG exactly when the top lies in that segment, which is
 * then the current one (the top always lies in the current segment's
 * blocks, or is NULL with no segment). It holds while f lives: f's run
 * keeps its segment from being freed, so no other live segment's blocks
 * overlap [end - CILKRT_ALLOCA_SEG, end] (each segment's own header lies
 * below its blocks); a sealed segment is never current again; a big
 * block's segment is never current and leaves the end as it was; with no
 * run (NULL) the room is the top's negation, 0 or huge. A clone that is
 * called again (a slow clone resumed) starts from NULL and a new run,
 * which the release handles as any frame's runs.
 *
 * The room is a multiple of 16 (the top moves in multiples of 16 from an
 * aligned start), so size < room implies that the rounded block fits, and
 * that the rounding cannot wrap. The addresses are compared as integers:
 * they may lie in different objects. */
static inline void *cilkrt_alloca(cilkrt_worker *w, cilkrt_frame *f, char **end, __SIZE_TYPE__ size)
{
    char *p = w->alloca_top;
    __SIZE_TYPE__ room = (__SIZE_TYPE__)((__UINTPTR_TYPE__)*end - (__UINTPTR_TYPE__)p);
    __SIZE_TYPE__ n = (size + 15) & ~(__SIZE_TYPE__)15; /* alloca's alignment */
    /* (a clone's first alloca, where cc knows the end is still NULL, goes
     * straight to the run's start: the test would fail) */
    int first = __builtin_constant_p(*end == 0) && *end == 0;
    if (__builtin_expect(!first && size < room && room <= CILKRT_ALLOCA_SEG, 1)) {
        w->alloca_top = p + n;
        return p;
    }
    /* no run of the clone's here: start one, after its header */
    room = (__SIZE_TYPE__)(w->alloca_end - p);
    if (room > sizeof(cilkrt_alloca_run) && size < room - sizeof(cilkrt_alloca_run)) {
        *end = w->alloca_end;
        return cilkrt_alloca_run_start(w, f, p, n);
    }
    cilkrt_alloca_got g = cilkrt_alloca_slow(w, f, *end, size);
    *end = g.end;
    return g.block;
}

/* Release every block of f (f->allocas != NULL): when the frame's only run
 * is in the current segment, setting the top back to it suffices. */
static inline void cilkrt_alloca_release(cilkrt_worker *w, cilkrt_frame *f)
{
    cilkrt_alloca_run *r = f->allocas;
    if (r->seg == w->alloca_seg && !r->prev) {
        w->alloca_top = (char *)r;
        w->alloca_runs--;
        f->allocas = 0;
    } else {
        cilkrt_alloca_release_slow(w, f);
    }
}

/* The free-list class of a frame of `size` bytes: a constant in generated
 * code, which passes sizeof its frame struct. */
static inline unsigned cilkrt_frame_class(__SIZE_TYPE__ size)
{
    return (unsigned)((size + CILKRT_CACHE_LINE - 1) / CILKRT_CACHE_LINE) - 1;
}

/* Allocate a frame of `size` bytes (size of the generated frame struct) for
 * a function described by desc, whose result goes to spawn site `site` of
 * `parent` with destination pointer dst. No malloc on this path once the
 * free list is warm. A free frame always has join == 0, state ==
 * CILKRT_FRAME_FAST, allocas == NULL and its lock free (the runtime sets
 * them when it first allocates the frame and restores them before freeing
 * it), so they need no store here; nor does entry, which nobody reads
 * before the first push or sync writes it.
 *
 * The slow path takes the header's values and sets them itself, so that
 * no argument is live across its call: cc then keeps desc, parent, site
 * and dst in the argument registers they came in, not in callee-saved
 * registers the fast clone would save and restore at every call (fib's
 * fast clone saved six, now five). */
static inline cilkrt_frame *cilkrt_frame_alloc(cilkrt_worker *w, __SIZE_TYPE__ size,
                                               const cilkrt_desc *desc, cilkrt_frame *parent,
                                               int site, void *dst)
{
    unsigned c = cilkrt_frame_class(size);
    cilkrt_frame *f;
    if (__builtin_expect(c < CILKRT_FRAME_CLASSES && (f = w->free_frames[c]) != 0, 1)) {
        w->free_frames[c] = f->next_free;
        f->site = site;
        f->desc = desc;
        f->parent = parent;
        f->dst = dst;
        return f;
    }
    return cilkrt_frame_alloc_slow(w, c, desc, parent, site, dst);
}

/* Give a frame of `size` bytes (as allocated) back to the calling worker's
 * free list (any worker may free any frame: frames migrate with stolen
 * continuations). The class comes from the size, a constant in generated
 * code, not from a load of f->size_class. A frame that holds alloca blocks
 * gives them back first (cilkrt_alloca_release): generated code does so
 * only in the functions that call alloca, and cilkrt_slow_return always,
 * so this path has no test for them. */
static inline void cilkrt_frame_free(cilkrt_worker *w, cilkrt_frame *f, __SIZE_TYPE__ size)
{
    unsigned c = cilkrt_frame_class(size);
    if (c < CILKRT_FRAME_CLASSES) {
        f->next_free = w->free_frames[c];
        w->free_frames[c] = f;
    } else {
        cilkrt_frame_free_slow(w, f);
    }
}

/* The bounds' loads on the fast paths are plain: an atomic load would
 * cost an instruction here with gcc, which does not fold it into the
 * compare; an aligned long is loaded whole, and every value it can see
 * (the owner's last bound, or a request's) is safe (below). Under
 * ThreadSanitizer (which would report the plain load against a thief's
 * store of a request) it is a relaxed atomic load. */
#ifdef CILKRT_ATOMIC_BOUNDS
#define CILKRT_BOUND(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#else
#define CILKRT_BOUND(p) (*(p))
#endif

/* Where slot t of w's frame deque is: for t in [deque_base, deque_base +
 * deque_cap), an entry of the array. A multiply-add on integers and a
 * conversion, which cc folds into the store's address (no pointer
 * arithmetic outside the array). */
static inline cilkrt_frame **cilkrt_deque_slot(cilkrt_worker *w, long t)
{
    return (cilkrt_frame **)(w->slots + (__UINTPTR_TYPE__)t * sizeof(cilkrt_frame *));
}

/* Push f and return its slot, for the matching cilkrt_pop. The caller has
 * written f->entry and every local the continuation needs into the frame.
 *
 * The frame deque is split (runtime/deque.c): a push is private, and
 * thieves see only what the owner shares, under the deque lock, whose
 * release publishes the entries and their frames. So the fast path stores
 * the slot and tail, with no order against anyone, and compares the slot
 * with push_limit: from there on cilkrt_push_slow runs, after the entry is
 * in place (so that it can share it at once). Its bound is head plus the
 * deepest depth so far, at most the array's last slot, set under the
 * lock: the array always has the next push's slot (the slow path makes
 * room when this push took its last one). A thief or a sleeper asking
 * for a share stores 0 instead. */
static inline long cilkrt_push(cilkrt_worker *w, cilkrt_frame *f)
{
    long t = CILKRT_LOAD(&w->tail, __ATOMIC_RELAXED);
    *cilkrt_deque_slot(w, t) = f;
    CILKRT_STORE(&w->tail, t + 1, __ATOMIC_RELAXED);
    if (t >= CILKRT_BOUND(&w->push_limit))
        cilkrt_push_slow(w);
    /* tail starts at 0 and only a pop lowers it, to a slot a push
     * returned: cc may drop the generated code's test t >= 0 after a lazy
     * entry pushed (lower_cont.c, -1 meaning no push) */
    if (t < 0)
        __builtin_unreachable();
    return t;
}

/* Add n spawns to the statistics. The push does not count: a counter
 * bumped at every push is a read-modify-write whose load waits for the
 * previous spawn's store (a chain through memory of the whole
 * computation). Generated code counts instead where it has the number
 * anyway: a fast clone counts its spawns in a local (a register, or a
 * constant in straight-line code) and adds them once, when its frame
 * leaves it (freed at a return, or handed over at a failed pop); a slow
 * clone, off the fast path, adds each spawn at once. */
static inline void cilkrt_count_spawns(cilkrt_worker *w, unsigned long n) { w->nspawns += n; }

/* Pop the frame that the matching cilkrt_push put in slot t. Returns 1 if
 * it was still there (nobody stole the continuation: go on in the fast
 * clone), 0 if a thief took it. The child returned normally in between, so
 * the deque is as the push left it and tail is t + 1: the caller keeps t
 * in a register instead of loading tail again (the load would wait for the
 * child's last store of tail).
 *
 * Thieves take only entries below split, and only the owner moves split,
 * under the deque lock, setting pop_bound to it; a thief or a sleeper
 * asking for a share raises pop_bound to LONG_MAX. So pop_bound >= split
 * always, and t >= pop_bound means entry t is private: the pop is done,
 * with no load of anything a thief writes and no fence. Else
 * cilkrt_pop_slow decides under the lock (and stores tail itself: the
 * store after the test lets gcc keep more in registers around the child's
 * call in nqueens, 0.8% fewer instructions than with the store first). */
static inline int cilkrt_pop(cilkrt_worker *w, long t)
{
    if (t < CILKRT_BOUND(&w->pop_bound))
        return cilkrt_pop_slow(w, t);
    CILKRT_STORE(&w->tail, t, __ATOMIC_RELAXED);
    return 1;
}

/* Failed-pop path, called by the code after a spawn whose pop returned 0:
 * frame f (the caller's own frame) was stolen, so the child's result at
 * spawn site `site` is handed to f through f's inlet under f's lock, f's
 * join is signalled (resuming f if it waits at a sync and this was the last
 * child), and the worker starts abandoning its C stack: the caller must
 * return at once (any value), and so must every function up to the
 * scheduler or the nearest boundary.
 *
 * Only the first failed pop on a C stack delivers: if w->abandoning is
 * already set, the child itself abandoned (its own frame had been stolen,
 * so ours had been stolen before it), and f's thief will receive the
 * child's result from the child's own continuation; this call then only
 * keeps abandoning. Always returns 0. */
int cilkrt_deliver(cilkrt_worker *w, cilkrt_frame *f, int site, void *value);

/* Sync in a slow clone (the fast clone's sync is a no-op: nothing of it
 * was ever stolen). f->entry must already hold the resume index of the
 * code right after this sync. Returns 1 if every stolen child has
 * returned: continue. Returns 0 if children are still out: f is now
 * suspended and belongs to the runtime; the slow clone must return at once.
 * The last child to return resumes f (its slow clone is called again with
 * entry = the sync's index). */
int cilkrt_sync(cilkrt_worker *w, cilkrt_frame *f);

/* End of a slow clone (after its implicit sync): hand `value` (the return
 * value, NULL for void) to the parent's inlet at f->site, signal the
 * parent's join, and free f. The slow clone returns right after. */
void cilkrt_slow_return(cilkrt_worker *w, cilkrt_frame *f, void *value);

/* A plain C call of a parallel function by a worker.
 *   cilkrt_boundary b;
 *   cilkrt_boundary_enter(w, &b, &rb, sizeof rb);   (NULL, 0 for void)
 *   r = cilkc_fast_NAME(w, &b.frame, 0, args...);
 *   if (cilkrt_boundary_leave(w, &b)) r = rb;
 * boundary_leave returns 0 at once if the callee returned normally (r is
 * its result). If the callee abandoned its stack (its continuation was
 * stolen), it clears w->abandoning, runs the scheduler until the callee's
 * continuation has finished and copied the result into rb (through the
 * boundary's inlet, which may run before the fast clone's dummy return
 * reaches r: hence the separate rb), and returns 1. */
void cilkrt_boundary_enter(cilkrt_worker *w, cilkrt_boundary *b, void *result,
                           __SIZE_TYPE__ result_size);
int cilkrt_boundary_leave(cilkrt_worker *w, cilkrt_boundary *b);

/* Lock a frame for the slow clone's own op= combinations (stolen children
 * combine into the same frame through the inlet, under the same lock). */
void cilkrt_frame_lock(cilkrt_frame *f);
void cilkrt_frame_unlock(cilkrt_frame *f);

/* ------------------------------------------------------------------------
 * cilk_for (both modes; compiler/loops.c writes the helpers)
 * ------------------------------------------------------------------------ */

/* The grain of a loop of n iterations: `grain` if the program gave one
 * (#pragma cilk grainsize), else min(2048, ceil(n / 8P)) with P the
 * workers; never 0. */
unsigned long long cilkrt_grainsize(unsigned long long n, unsigned long long grain);

/* The loop variable v of an iteration k is BEGIN + k * DELTA, with DELTA
 * the step as an unsigned long long (two's complement for a step down):
 * for an integer v computed modulo 2^64 and converted back by a cast to
 * BEGIN's type (the conversion is the lowering's: cc's -Wconversion must
 * not blame it on the user's header), so that no intermediate value
 * overflows; for a pointer by pointer arithmetic.
 * __builtin_choose_expr keeps the other branch unevaluated (both are valid
 * C for either kind of v, and cc still checks both: the pointer branch's
 * offset takes the type of v - v, ptrdiff_t for a pointer and v's own
 * (promoted) type for an integer, so that -Wsign-conversion finds no
 * mix of signedness there). 5 is GCC's and clang's pointer_type_class. */
#define CILKRT_FOR_IS_POINTER(v) (__builtin_classify_type(v) == 5)
/* hi - lo, for lo <= hi in the loop's order, as an unsigned long long */
#define CILKRT_FOR_DIFF(hi, lo)                                                                    \
    __builtin_choose_expr(CILKRT_FOR_IS_POINTER(lo), (unsigned long long)((hi) - (lo)),            \
                          (unsigned long long)(hi) - (unsigned long long)(lo))
#define CILKRT_FOR_VALUE(begin, k, delta)                                                          \
    __builtin_choose_expr(CILKRT_FOR_IS_POINTER(begin),                                            \
                          (begin) + (__typeof__((begin) - (begin)))((k) * (delta)),                \
                          (__typeof__(begin))((unsigned long long)(begin) + (k) * (delta)))

/* ------------------------------------------------------------------------
 * Entry from threads that are not workers (both modes)
 * ------------------------------------------------------------------------ */

/* Run fn(worker, arg) on a worker of the pool (starting the pool on first
 * use) through the injection queue, and block until fn has returned. fn
 * then calls the parallel function by its plain name (now on a worker). */
void cilkrt_root_call(void (*fn)(cilkrt_worker *w, void *arg), void *arg);

/* ------------------------------------------------------------------------
 * Child stealing (DESIGN §4)
 * ------------------------------------------------------------------------ */

/* The tasks are records in the slots of the worker's task deque (tq, see
 * struct cilkrt_tdeque above and runtime/tdeque.c): no allocation per task.
 * A spawn fills the slot at the top and pushes it; the sync pops the
 * group's slots newest first and calls each task's known thunk directly.
 * Both fast paths are plain loads and stores of owner-private fields; the
 * owner's out-of-line paths (cilkrt_tdeque_*) run only at a block
 * boundary, when a thief asked for work, or when the task to pop was
 * shared with thieves. */

/* A task: a slot of the deque. Generated code stores the thunk in run and
 * its record (arguments, destination) in args, or, when the record does
 * not fit or needs a stricter alignment, a pointer to it (CILKRT_RECORD).
 * state belongs to the runtime: 0 while the task is the owner's, then the
 * thief's worker, then CILKRT_TASK_DONE; it is 0 again whenever the owner
 * fills the slot, so a spawn does not store it. */
#define CILKRT_TASK_DONE ((__UINTPTR_TYPE__)1)
#define CILKRT_TASK_ARGS (CILKRT_TASK_SLOT - 2 * sizeof(void *))
struct cilkrt_task {
    void (*run)(cilkrt_worker *w, cilkrt_task *t); /* the typed thunk */
    _Atomic __UINTPTR_TYPE__ state;
    _Alignas(16) unsigned char args[CILKRT_TASK_ARGS];
};

/* Does a record of type T live in the slot itself? (A compile-time
 * constant: the other branch of CILKRT_RECORD is dead code for cc.) */
#define CILKRT_IN_SLOT(T) (sizeof(T) <= CILKRT_TASK_ARGS && __alignof__(T) <= 16)

/* Where a spawn writes the record of type T of slot t: in the slot, or
 * (large records) in a block from cilkrt_record_alloc whose address goes
 * into the slot. The thunk reads it with CILKRT_RECORD_OF, copies every
 * field into locals, and then gives a large record back with
 * cilkrt_record_free, before it calls the child. */
#define CILKRT_RECORD(w, t, T)                                                                     \
    (CILKRT_IN_SLOT(T) ? (T *)(void *)(t)->args                                                    \
                       : (T *)(*(void **)(void *)(t)->args = cilkrt_record_alloc(w, sizeof(T))))
#define CILKRT_RECORD_OF(t, T)                                                                     \
    (CILKRT_IN_SLOT(T) ? (T *)(void *)(t)->args : *(T **)(void *)(t)->args)
void *cilkrt_record_alloc(cilkrt_worker *w, __SIZE_TYPE__ size);
void cilkrt_record_free(cilkrt_worker *w, void *record);

/* The children of one function invocation, on the parent's C stack. The
 * count is all the sync needs: the group's tasks are the newest n on the
 * deque (every call the parent made has synced before returning). top is
 * the owner's tq.top, kept here so that cc holds it in a register: every
 * call leaves tq.top as it found it (tdeque.c), so the copy stays right,
 * and the pushes and pops store it back for the callees and the runtime
 * without loading it again (the load would wait for the store before it).
 * A plain struct, so that cc keeps both in registers. */
struct cilkrt_group {
    long n;    /* tasks pushed and not yet popped */
    char *top; /* == tq.top between the operations below, while n > 0 */
};

/* Child stealing's reducer views (runtime/reducer.c): hooks of the spawn
 * and the sync, once a unit with reducers has set cilkrt_reducers_live
 * (before main): a pushed task, a popped task about to run, the popped
 * task returned. They run out of line only (a deque made while the flag
 * was set keeps its plain bounds at their request values, tdeque.c; the
 * _ordered push and pop run no hooks and keep their inline paths): the push
 * calls the first, the pop the other two around the task, which it runs
 * itself (runtime/task.c), so a program without reducers pays nothing
 * for them, not even a test in the sync's loop. They take no group: its
 * address would escape, and cc could no longer keep it in registers
 * (fib in child mode took twice as long). */
extern int cilkrt_reducers_live;
void cilkrt_reducer_spawned(void);
void cilkrt_reducer_task_begin(void);
void cilkrt_reducer_task_end(void);

static inline void cilkrt_group_init(cilkrt_worker *w, cilkrt_group *g)
{
    (void)w;
    g->n = 0;
    g->top = 0; /* loaded at the first spawn: a leaf never touches tq */
}

/* Serializes the op= combinations of one invocation's children into its
 * locals, and its inlets with its own code (a function with op= spawns or
 * inlets has one, initialized to {0}, and its records point to it).
 * Waiters spin, then sleep (runtime/task.c). */
typedef struct cilkrt_lock {
    _Atomic int held;     /* 0 or 1 */
    _Atomic int sleepers; /* waiters asleep on held, or about to be */
} cilkrt_lock;

/* The slot for the next spawn; the caller fills it, then calls
 * cilkrt_task_push. top is always a slot the owner may fill (the push
 * that fills a block's last slot moves top to the next block). */
static inline cilkrt_task *cilkrt_task_slot(cilkrt_worker *w, cilkrt_group *g)
{
    if (g->n == 0) /* (a constant for cc in straight-line code) */
        g->top = w->tq.top;
    return (cilkrt_task *)(void *)g->top;
}

/* Push the slot just filled. It stays private (thieves cannot see it)
 * until the owner shares it, out of line: push_limit sends the push there
 * at a block's end, when a thief has asked (movesplit; tdeque.c may
 * defer the share a few pushes) and in a program with reducers. The
 * share's release makes the record visible to the thief's acquire.
 * relaxed: a thief's request is only a hint, a late look delays a steal,
 * no more.
 * _ordered: the task runs at the sync in serial order, after everything
 * the parent does until then (a cilk_for's second half in child mode,
 * compiler/loops.c), so it needs no reducer views of its own: it tests
 * the ordered bounds, which reducers leave alone, its out of line push
 * and pop skip the reducer hooks, and only a stolen one brings views back
 * (runtime/reducer.c). ordered is a constant at each call site: the
 * choice of bound costs nothing. */
char *cilkrt_task_pushed_ordered(cilkrt_worker *w);
static inline void cilkrt_task_push_in(cilkrt_worker *w, cilkrt_group *g, int ordered)
{
    cilkrt_tdeque *q = &w->tq;
    char *_Atomic *bound = ordered ? &q->ordered_push_limit : &q->push_limit;
    q->top = g->top += CILKRT_TASK_SLOT;
    g->n++;
    if (__builtin_expect(g->top >= CILKRT_LOAD(bound, __ATOMIC_RELAXED), 0))
        g->top = ordered ? cilkrt_task_pushed_ordered(w) : cilkrt_task_pushed(w);
}

static inline void cilkrt_task_push(cilkrt_worker *w, cilkrt_group *g)
{
    cilkrt_task_push_in(w, g, 0);
}

static inline void cilkrt_task_push_ordered(cilkrt_worker *w, cilkrt_group *g)
{
    cilkrt_task_push_in(w, g, 1);
}

/* Pop the group's newest task, for the sync. Returns the slot, which is free
 * again: the thunk must read its record before the child can push over
 * it. Returns NULL if the task has already run: a thief had taken it and
 * it has finished (the caller worked on the thief's tasks meanwhile,
 * task.c), or, in a program with reducers, the out-of-line pop ran it
 * between the reducer hooks (not _ordered). Its result is then in place,
 * and it is popped. Out of line when the slot below top is
 * in the block below or was shared with thieves, when a thief has asked
 * (the sync of a loop of spawns shares too), and with reducers (not
 * _ordered): pop_floor, or ordered_pop_floor (relaxed: see
 * cilkrt_task_push). ordered: a constant, as above. */
cilkrt_task *cilkrt_task_pop_slow(cilkrt_worker *w);
cilkrt_task *cilkrt_task_pop_slow_ordered(cilkrt_worker *w);
static inline cilkrt_task *cilkrt_task_pop_in(cilkrt_worker *w, cilkrt_group *g, int ordered)
{
    cilkrt_tdeque *q = &w->tq;
    char *_Atomic *bound = ordered ? &q->ordered_pop_floor : &q->pop_floor;
    g->n--;
    if (__builtin_expect(g->top > CILKRT_LOAD(bound, __ATOMIC_RELAXED), 1)) {
        q->top = g->top -= CILKRT_TASK_SLOT;
        return (cilkrt_task *)(void *)g->top;
    }
    cilkrt_task *t = ordered ? cilkrt_task_pop_slow_ordered(w) : cilkrt_task_pop_slow(w);
    g->top = q->top;
    return t;
}

static inline cilkrt_task *cilkrt_task_pop(cilkrt_worker *w, cilkrt_group *g)
{
    return cilkrt_task_pop_in(w, g, 0);
}

static inline cilkrt_task *cilkrt_task_pop_ordered(cilkrt_worker *w, cilkrt_group *g)
{
    return cilkrt_task_pop_in(w, g, 1);
}

/* The slot of the task the group's last pop found already run (NULL): the
 * pop left top there. Its thunk may have left the task's result in it. */
static inline cilkrt_task *cilkrt_task_popped(cilkrt_group *g)
{
    return (cilkrt_task *)(void *)g->top;
}

/* Where the thunk of a task whose sync assigns its result by value
 * (compiler/lower_child.c, runs) leaves the result of type T for the sync
 * when the task was stolen, or run by the out-of-line pop: in the slot,
 * past the record (dead once the thunk has copied it) and past the word
 * that carries a stolen task's reducer views back (reducer.c). The
 * translator uses it for arithmetic and pointer types only: 16 bytes at
 * most. */
#define CILKRT_RESULT_AT 16
#define CILKRT_RESULT(t, T) ((T *)cilkrt_task_result(t))

/* The result's place in slot t, marked as holding one: the word at
 * CILKRT_KEPT_AT (past the reducer views' word, dead once the record is
 * copied) points to the slot itself. A stolen task's runner reads the
 * mark after the thunk and does not count such a slot finished, so its
 * block's pages are never given to a newer block before the sync has
 * read the result (runtime/tdeque.c, reuse). The sync marks the slot it
 * reads from too: a slot it popped, whose mark a later record may leave
 * in place, which at worst keeps one block from being reused. */
#define CILKRT_KEPT_AT 8
static inline void *cilkrt_task_result(cilkrt_task *t)
{
    *(cilkrt_task **)(void *)(t->args + CILKRT_KEPT_AT) = t;
    return t->args + CILKRT_RESULT_AT;
}

/* Count the group's spawns since its last sync into the statistics (one
 * add per sync instead of one per spawn). */
static inline void cilkrt_group_count(cilkrt_worker *w, cilkrt_group *g)
{
    w->tq.pushes += (unsigned long)g->n;
}

/* Does the group still hold tasks? The generated sync is
 *     cilkrt_group_count(w, &g);
 *     while (cilkrt_group_pending(&g)) {
 *         cilkrt_task *t = cilkrt_task_pop(w, &g);
 *         if (t) { if (t->run == cilkc_thunk_F_1) cilkc_thunk_F_1(w, t); else ... }
 *     }
 * every task of the group was spawned by this invocation, so the last
 * site needs no test and every call is direct. */
static inline int cilkrt_group_pending(cilkrt_group *g) { return g->n > 0; }

void cilkrt_lock_take(cilkrt_lock *l);
void cilkrt_lock_give(cilkrt_lock *l);

/* ------------------------------------------------------------------------
 * Cilk-5 dialect (runtime/cilk5.c)
 * ------------------------------------------------------------------------ */

/* SYNCHED in a slow clone (the fast clone's is 1; a child-mode body keeps
 * its own flag). */
int cilkrt_synched(cilkrt_frame *f);
/* abort (continuation mode). A frame in a unit with abort (its desc says
 * abortable) starts like this: after the header, how many aborts it has
 * done, its parent's count when it was called, and the abort epoch then. */
typedef struct {
    cilkrt_frame h;
    int aborts, parent_aborts, epoch;
} cilkrt_abortable;

/* Aborts done anywhere so far (incremented after the frame's count, with
 * release): a frame that saw the same epoch needs no look at its
 * ancestors, so a poll costs one load until some abort happens. */
extern int cilkrt_abort_epoch;

/* f's abort count; 0 for a frame that is not abortable (a boundary, a
 * function of a unit without abort). Acquire: pairs with cilkrt_abort. */
static inline int cilkrt_abort_count(cilkrt_frame *f)
{
    return f && f->desc && f->desc->abortable
               ? __atomic_load_n(&((cilkrt_abortable *)f)->aborts, __ATOMIC_ACQUIRE)
               : 0;
}

/* cilkrt_abort counts one more abort of f's outstanding children.
 * cilkrt_abort_poll (at each spawn, after the epoch differed, and at a
 * slow return) tells whether an abortable ancestor of f aborted since f
 * was called: f's spawns then do nothing and its result is dropped.
 * cilkrt_cut_off counts one spawn not done because of an abort. */
void cilkrt_abort(cilkrt_frame *f);
int cilkrt_abort_poll(cilkrt_frame *f);
void cilkrt_cut_off(void);
/* A `cilk main`: take Cilk-5's runtime options (--nproc N, ...) out of
 * argc/argv before the first parallel call starts the pool. */
void cilkrt_cilk5_options(int *argc, char **argv);

/* ------------------------------------------------------------------------
 * Reducers (runtime/reducer.c, docs/runtime.md "Reducers")
 * ------------------------------------------------------------------------ */

/* The reducer views of the strand the calling thread runs: map is NULL
 * while the strand is leftmost, i.e. every reducer's view is the reducer
 * itself (always on a thread that is not a worker, and on a worker until
 * a steal gives it a continuation). key and view cache the last lookup;
 * the runtime clears them whenever it changes map (a view stays where it
 * is while its strand runs: only spawns, syncs and steals change maps).
 * Only the runtime writes these. */
typedef struct {
    cilkrt_hmap *map;
    void *key, *view;
    unsigned long epoch; /* changes with map (cilkrt_reducer_view_stable) */
} cilkrt_hstate;
extern _Thread_local cilkrt_hstate cilkrt_tls_h;

void *cilkrt_reducer_lookup(void *key, __SIZE_TYPE__ size, void (*identity)(void *),
                            void (*reduce)(void *, void *));

/* The view of reducer key (its address) for the running strand: key itself
 * on the leftmost strand (one thread-local load), the cached view of the
 * last lookup (two more), else a hash lookup, which creates the view with
 * identity on first use. */
static inline void *cilkrt_reducer_view(void *key, __SIZE_TYPE__ size, void (*identity)(void *),
                                        void (*reduce)(void *, void *))
{
    if (__builtin_expect(cilkrt_tls_h.map == 0, 1))
        return key;
    if (cilkrt_tls_h.key == key)
        return cilkrt_tls_h.view;
    return cilkrt_reducer_lookup(key, size, identity, reduce);
}

/* The same as one call that cc may treat as a function of its arguments
 * (const), so that it hoists the lookup out of a loop and keeps the view
 * in a register: a cilk_for's leaf loop then adds into a register as the
 * serial loop does (bench/programs/reducesum). The last argument makes
 * that true: cilkrt_tls_h.epoch, which the runtime bumps whenever the
 * thread's strand changes maps (a spawn in child mode, a steal, a sync
 * that merged, a deposit); cc reloads it after every call that may
 * change it, so a view is never reused across such a point. cilkc writes
 * it for uses inside loops, the inline cilkrt_reducer_view elsewhere. */
void *cilkrt_reducer_view_stable(void *key, __SIZE_TYPE__ size, void (*identity)(void *),
                                 void (*reduce)(void *, void *), unsigned long epoch)
    __attribute__((const));

/* Called before main by every unit with reducers (a constructor,
 * compiler/reducer.c): sets cilkrt_reducers_live. A unit loaded later
 * (dlopen) may set it only while no parallel work runs: otherwise the
 * program stops with an error (runtime/reducer.c). */
void cilkrt_reducers_enable(void);

/* A local reducer: key is its own view in the strand that declares it
 * (register, at the declaration); unregister after the function's last
 * sync, when every other view has merged into it. */
void cilkrt_reducer_register(void *key);
void cilkrt_reducer_unregister(void *key);

#endif
