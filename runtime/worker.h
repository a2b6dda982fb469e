/*
 * worker.h: the runtime's private view of a worker and of the pool.
 *
 * Internal to libcilkrt. Generated code sees only the public prefix of the
 * worker (struct cilkrt_worker in cilkrt_abi.h); the runtime's own struct
 * worker starts with it and adds the state nobody else may touch.
 *
 * Every name shared between the runtime's files starts with cilkrt_ (so a
 * static link cannot clash with user code) and is hidden from the shared
 * library's dynamic symbol table.
 */
#ifndef CILKRT_WORKER_H
#define CILKRT_WORKER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "cilkrt_abi.h"

#define CILKRT_HIDDEN __attribute__((visibility("hidden")))

/* Free lists of large task records use the frames' size classes. */
#define CILKRT_TASK_CLASSES CILKRT_FRAME_CLASSES

/* Counters that other threads read while the worker runs (the statistics
 * API, the exit report). Only the owning worker writes them, with a relaxed
 * load and store (no locked instruction); readers load them relaxed. */
typedef struct {
    atomic_ulong steals;           /* successful steals by this worker */
    atomic_ulong steal_attempts;   /* victims tried */
    atomic_ulong failed_pops;      /* pops that found the entry stolen */
    atomic_ulong suspensions;      /* syncs that suspended a frame */
    atomic_ulong frames_allocated; /* frames carved from fresh memory */
    atomic_ulong frames_held;      /* the same since the pool started (not
                                      reset: the frames stay in memory) */
    atomic_ulong tasks_allocated;  /* large task records carved from fresh
                                      memory (the rest live in the deque) */
    atomic_long deque_peak;        /* deepest frame deque */
    atomic_ulong idle_ns;          /* time spent finding no work */
    atomic_ulong push_wakes;       /* sleepers this worker's frame shares woke */
    /* Mechanisms, counted where they run, all out of line (tests check
     * that they ran, cilkrt.h): */
    atomic_ulong leapfrogs;    /* steals from the thief of a task waited for */
    atomic_ulong batch_steals; /* steals of more than one task (steal-half) */
    atomic_ulong proxies;      /* proxies made for the rest of a batch */
    atomic_ulong take_backs;   /* a batch's unstarted slots its owner ran */
    atomic_ulong deque_grows;  /* doublings of the frame deque's array */
} worker_stats;

typedef struct chunk chunk;

/* A worker's sleeping word (sched.c): CILKRT_ASLEEP while it sleeps or is
 * about to, CILKRT_DEAF instead in a deaf sleep (one that no share ends:
 * sched.c, deaf_time); a waker replaces either with why it woke the
 * worker (CILKRT_WOKEN_BY_ROOT: a root call arrived). */
typedef enum {
    CILKRT_AWAKE,
    CILKRT_ASLEEP,
    CILKRT_WOKEN_BY_PUSH,
    CILKRT_WOKEN_BY_ROOT,
    CILKRT_DEAF
} cilkrt_sleep_state;

typedef struct worker {
    cilkrt_worker pub; /* must be first: generated code sees only this */

    /* Private to the owner. */
    uint64_t rng;         /* xorshift state for victim choice */
    cilkrt_frame *resume; /* frame handed over by a last-returning child
                             (cont.c); run by the next scheduler loop
                             iteration, which may not exit before
                             (sched.c): at most one at a time */
    /* large task records (task.c) */
    struct record *free_records[CILKRT_TASK_CLASSES];
    chunk *chunks;           /* fresh memory, freed at exit */
    char *carve, *carve_end; /* unused rest of the newest chunk */
    pthread_t thread;
    worker_stats stats;

    /* Idle sleep (sched.c, sleep_a_while), private: the time this worker
     * ran jobs since its last sleep ended and when it last became busy
     * (CLOCK_MONOTONIC ns); whether a share ended that sleep; and the
     * length of its next deaf sleep (0: its sleeps listen to shares). */
    uint64_t busy_ns, busy_since;
    int share_woke;
    long deaf_ns;
    /* Failed steal attempts to make before the next one that asks a
     * child-mode victim to share, and the last such gap (sched.c,
     * ask_now), private. */
    unsigned ask_wait, ask_gap;
    /* As a sharer, private: the sleeper its last share woke, until its
     * next take-back of a shared frame, and when that wake-up returned
     * (sched.c, cilkrt_wake_taken_back). */
    struct worker *share_woken;
    uint64_t share_woken_at;
    /* Idle sleep: the futex word, a cilkrt_sleep_state (sched.c). */
    _Alignas(CILKRT_CACHE_LINE) atomic_int sleeping;
    /* Set by the sharer whose share woke this worker, when it took the
     * shared frame back within cilkrt_wake_paid_ns; cleared by this worker
     * as it goes to sleep (sched.c, deaf_time). */
    atomic_int quick_take_back;
} worker;

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static inline worker *worker_of(cilkrt_worker *w) { return (worker *)w; }

/* Owner-only counters: a plain add, but atomic for concurrent readers. */
static inline void stat_add(atomic_ulong *c, unsigned long n)
{
    atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n,
                          memory_order_relaxed);
}

static inline void stat_max(atomic_long *c, long v)
{
    if (v > atomic_load_explicit(c, memory_order_relaxed))
        atomic_store_explicit(c, v, memory_order_relaxed);
}

/* ---- pool.c: the worker pool ---- */
extern int cilkrt_pool_size CILKRT_HIDDEN;
extern worker **cilkrt_pool CILKRT_HIDDEN;
extern atomic_int cilkrt_pool_shutdown CILKRT_HIDDEN;
/* Root calls submitted and not yet finished: while there are none, the pool
 * holds no work at all and idle workers sleep without a timeout. */
extern atomic_int cilkrt_active_roots CILKRT_HIDDEN;
/* Starts the pool once; returns when every worker runs (pool.c,
 * wait_for_workers: a fork right after it finds none mid-start). */
void cilkrt_pool_start(void) CILKRT_HIDDEN;
/* Workers that have entered their loop, under pool.c's running_mu. */
extern int cilkrt_pool_running CILKRT_HIDDEN;
/* Around every malloc, aligned_alloc and free a worker may make while
 * other threads run: a fork waits until none is inside one (pool.c,
 * alloc_lock). */
void cilkrt_alloc_enter(void) CILKRT_HIDDEN;
void cilkrt_alloc_leave(void) CILKRT_HIDDEN;
/* malloc, calloc, realloc, aligned_alloc and free between those two:
 * what the runtime calls wherever a worker may run (pool.c, alloc_lock,
 * says where a plain malloc is allowed). */
void *cilkrt_malloc(size_t size) CILKRT_HIDDEN;
void *cilkrt_calloc(size_t n, size_t size) CILKRT_HIDDEN;
void *cilkrt_realloc(void *p, size_t size) CILKRT_HIDDEN;
void *cilkrt_aligned_alloc(size_t align, size_t size) CILKRT_HIDDEN;
void cilkrt_free(void *p) CILKRT_HIDDEN;
int cilkrt_pool_configured_size(void) CILKRT_HIDDEN;

/* ---- deque.c: the frame deque (a split deque: thieves at the head of
 * the shared part, the owner at the tail of the private part) ---- */
void cilkrt_deque_init(cilkrt_worker *w, long capacity) CILKRT_HIDDEN;
void cilkrt_deque_destroy(cilkrt_worker *w) CILKRT_HIDDEN;
/* Entries are frame pointers; the deque tests push words tagged with the
 * low bit, which are not frames. */
#define CILKRT_TASK_TAG ((uintptr_t)1)
/* Take the oldest shared entry of victim v into *e; thief is the calling
 * worker, or NULL in tests. A frame taken is marked stolen under the
 * deque lock. Returns 1 on success; with nothing shared it asks v to share
 * (v's next push or pop does) and returns 0. */
int cilkrt_deque_steal(cilkrt_worker *v, worker *thief, uintptr_t *e) CILKRT_HIDDEN;
/* A worker going to sleep: ask v to share at its next push or pop, which
 * then wakes a sleeper (sched.c). */
void cilkrt_deque_ask(cilkrt_worker *v) CILKRT_HIDDEN;
/* Has v shared entries? A look without the lock. */
int cilkrt_deque_pending(cilkrt_worker *v) CILKRT_HIDDEN;
/* The owner, between pushes and pops (cilkrt_poll): answer a request. */
void cilkrt_deque_poll(cilkrt_worker *w) CILKRT_HIDDEN;

/* ---- tdeque.c: child stealing's task deque (a split deque of slots) ---- */
void cilkrt_tdeque_init(cilkrt_tdeque *q) CILKRT_HIDDEN;
void cilkrt_tdeque_destroy(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Owner, after a push that reached push_limit: record a new deepest
 * deque, move top to the next block after a block's last slot, and
 * settle. */
long cilkrt_tdeque_pushed(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Owner, out of line: share if a thief asked, and set the inline paths'
 * bounds again; returns how many slots it shared. */
long cilkrt_tdeque_settle(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Owner: share the older half of the private slots (at least one); returns
 * how many. */
long cilkrt_tdeque_share(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* A thief (or a test): ask the owner to share, through movesplit and the
 * inline paths' bounds. */
void cilkrt_tdeque_ask(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* A thief about to sleep: a deferred request is answered at the next push. */
void cilkrt_tdeque_urge(cilkrt_tdeque *q) CILKRT_HIDDEN;
void *cilkrt_tdeque_slot(cilkrt_tdeque *q, long i) CILKRT_HIDDEN;
/* Owner, when the inline pop finds top <= pop_floor: pop slot top - 1 and
 * return it if it is private, or after taking back part of the shared
 * slots; NULL if a thief took it (then top is unchanged). The caller
 * settles the bounds. */
void *cilkrt_tdeque_pop(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Owner: slot top - 1, and dropping it once its thief has finished. */
void *cilkrt_tdeque_top_slot(cilkrt_tdeque *q) CILKRT_HIDDEN;
void cilkrt_tdeque_pop_stolen(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Owner: the n slots below slot top - 1 (stolen, waited for) are done;
 * is slot top - 1 one of those? */
void cilkrt_tdeque_done_below(cilkrt_tdeque *q, long n) CILKRT_HIDDEN;
int cilkrt_tdeque_done(const cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Owner: drop the slot below top if known done or retired (1), else 0 */
int cilkrt_tdeque_drop(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Owner: is slot i retired, finished and its memory another block's? */
int cilkrt_tdeque_retired(const cilkrt_tdeque *q, long i) CILKRT_HIDDEN;
/* Runner: n stolen slots of the block of slot i have run (tdeque.c, reuse) */
void cilkrt_tdeque_finished(cilkrt_tdeque *q, long i, long n) CILKRT_HIDDEN;
void cilkrt_tdeque_reset_peak(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Blocks q holds: 1 and one per growth since the pool started (blocks are
 * kept). */
long cilkrt_tdeque_blocks(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* The deepest depth since the deque was made or the peak reset (owner, or
 * while the owner is idle). */
long cilkrt_tdeque_peak(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Thief: take the oldest shared slot, or NULL (then ask the owner to
 * share more). */
void *cilkrt_tdeque_steal(cilkrt_tdeque *q) CILKRT_HIDDEN;
/* Thief: take the oldest shared slot, or with half the oldest power of two
 * not above half of the shared ones, in one CAS: returns how many (0 if
 * none, then it asks the owner to share) and the first index in *first. */
long cilkrt_tdeque_steal_batch(cilkrt_tdeque *q, int half, long *first) CILKRT_HIDDEN;
/* The same, but asking only if ask is set (sched.c, ask_now) */
long cilkrt_tdeque_look(cilkrt_tdeque *q, int half, int ask, long *first) CILKRT_HIDDEN;
long cilkrt_tdeque_depth(cilkrt_tdeque *q) CILKRT_HIDDEN; /* owner */
/* Owner: would the next new block need fresh pages (tdeque.c, help)? Then
 * take a steal-half batch of the oldest shared slots, not past the tail's
 * block's end: how many, the first in *first. */
int cilkrt_tdeque_short(cilkrt_tdeque *q) CILKRT_HIDDEN;
long cilkrt_tdeque_take_oldest(cilkrt_tdeque *q, long *first) CILKRT_HIDDEN;
long cilkrt_tdeque_pending(cilkrt_tdeque *q, int owner) CILKRT_HIDDEN;

/* ---- frame.c: frame and task memory, frame locks ---- */
void *cilkrt_carve(worker *w, unsigned size_class) CILKRT_HIDDEN;
/* When the pool makes the worker: its first chunk, ready (frame.c). */
void cilkrt_memory_prepare(worker *w) CILKRT_HIDDEN;
void cilkrt_memory_release(worker *w) CILKRT_HIDDEN;
/* The work/span analyzer's mark stack of a worker (workspan.c). */
void cilkrt_wsp_release(cilkrt_worker *w) CILKRT_HIDDEN;
/* When the pool makes a worker: in the strand unit, every strand's
 * estimate is 1 and the countdown does not run out (workspan.c). */
void cilkrt_wsp_prepare(cilkrt_worker *w) CILKRT_HIDDEN;

/* ---- alloca.c: the alloca region ---- */
/* A frame with blocks in w's current segment may leave w's C stack out of
 * order (it was stolen, or it suspends): called by cilkrt_deliver and
 * cilkrt_sync before anyone else can finish that frame. */
void cilkrt_alloca_seal(cilkrt_worker *w) CILKRT_HIDDEN;
void cilkrt_alloca_destroy(cilkrt_worker *w) CILKRT_HIDDEN;

/* ---- cont.c: continuation stealing ---- */
/* A thief took f: it becomes STOLEN and owes one more join (the child still
 * running on the victim). Called under the victim's deque lock. */
void cilkrt_frame_mark_stolen(cilkrt_frame *f) CILKRT_HIDDEN;

/* ---- reducer.c: reducer views (hypermaps) ----
 * cont.c calls these under f's (p's) lock, but for sync: a thief took f
 * (the thief's strand gets a fresh map); the calling worker's map returns
 * to p with a child's result; f's join is 0 at a sync (its round of maps
 * merges into one, which the calling worker continues with). */
void cilkrt_reducer_steal(cilkrt_frame *f) CILKRT_HIDDEN;
void cilkrt_reducer_deposit(cilkrt_frame *p) CILKRT_HIDDEN;
void cilkrt_reducer_sync(cilkrt_frame *f) CILKRT_HIDDEN;
/* The calling thread's strand continues with map m / gives up its map. */
void cilkrt_reducer_enter(cilkrt_hmap *m) CILKRT_HIDDEN;
void cilkrt_reducer_leave(void) CILKRT_HIDDEN;
/* task.c: a thief runs t with views of its own and leaves them in t's
 * slot; the owner takes them from there when it pops t, stolen. */
void cilkrt_reducer_run_stolen(cilkrt_worker *w, cilkrt_task *t) CILKRT_HIDDEN;
void cilkrt_reducer_task_stolen(cilkrt_task *t, int plain) CILKRT_HIDDEN;

/* ---- task.c: child stealing ---- */
/* In a stolen task's state, beside the thief: its owner sleeps on the
 * state word and the thief must wake it when it stores DONE (task.c). */
#define CILKRT_TASK_WAITING ((uintptr_t)2)
/* In a stolen task's state, beside the thief: a batch's slot the thief
 * has not started, which the owner may take back (task.c, run_named).
 * Never with WAITING or DONE. */
#define CILKRT_TASK_NAMED ((uintptr_t)4)
/* The most slots of a batch that run_named names: a bigger batch's older
 * slots run as run_claimed runs them, which their owner cannot take back.
 * Naming is a store per slot before the first task runs: over a spawn
 * loop's batch of many thousand slots it delayed the thief enough that
 * the owner's pending tasks doubled the peak memory. */
#define CILKRT_TASK_NAMED_AT_MOST 64
/* A done state: DONE, and above it the length of the run of stolen slots
 * that ends at this one (its newest) minus one (task.c: run_range). A
 * worker's address has neither low bit set. */
#define CILKRT_TASK_RUN_SHIFT 2
static inline uintptr_t cilkrt_task_done(long n)
{
    return CILKRT_TASK_DONE | (uintptr_t)(n - 1) << CILKRT_TASK_RUN_SHIFT;
}
static inline long cilkrt_task_run_length(uintptr_t s)
{
    return (long)(s >> CILKRT_TASK_RUN_SHIFT) + 1;
}
/* Run a task taken from another worker's deque, in its slot. */
void cilkrt_task_run_stolen(worker *w, cilkrt_task *t) CILKRT_HIDDEN;
/* Run the k slots from first of q, taken by w in one steal (task.c). */
void cilkrt_task_run_batch(worker *w, cilkrt_tdeque *q, long first, long k) CILKRT_HIDDEN;
/* CILK_STEAL_POLICY: 1 for half, 0 for one; CILK_CHILD_HELP: 1 if the
 * owner helps when its thieves are behind (task.c, help), 0 (the
 * default) not. Both read at the pool's start by cilkrt_steal_configure (exits
 * on a bad value). */
extern int cilkrt_steal_half CILKRT_HIDDEN;
extern int cilkrt_child_help CILKRT_HIDDEN;
void cilkrt_steal_configure(void) CILKRT_HIDDEN;
/* Wait for every task of g (initialized with cilkrt_group_init on this
 * worker, its tasks pushed here): run the worker's own ones, leapfrog on
 * stolen ones, exactly as a generated sync does, but calling each task's
 * thunk through run. g may live in memory (group.c): it takes tq.top
 * afresh. The tasks of g must be the newest on the deque: a group's
 * spawns and its wait nest inside the spawns and syncs of any other group
 * on the same worker (a generated sync pops its own count of tasks). */
void cilkrt_group_wait(cilkrt_worker *w, cilkrt_group *g) CILKRT_HIDDEN;

/* ---- generic.c: tasks that generated code did not describe ----
 * The only way group.c (cilk_group, cilk_spawn_ffi) reaches the task
 * machinery, with cilkrt_group_init/cilkrt_group_wait: a child task that
 * calls run(w, payload) on whichever worker takes it. From a worker only.
 * cilkrt_generic_alloc takes the next slot of the worker's task deque and
 * returns room for `size` bytes of payload, aligned for any type, that
 * live until run returns; fill it (nothing may spawn meanwhile), then
 * push it (the push publishes it to thieves when they ask). */
typedef void (*cilkrt_generic_fn)(cilkrt_worker *w, void *payload);
void *cilkrt_generic_alloc(worker *w, size_t size, cilkrt_generic_fn run) CILKRT_HIDDEN;
void cilkrt_generic_push(worker *w, cilkrt_group *g, void *payload) CILKRT_HIDDEN;
/* The depth of w's task deque, and whether it is still depth with generic
 * tasks in the n slots below it: a group's spawns and wait use them to
 * catch other spawns interleaved with its own (see cilkrt_group_wait),
 * which would otherwise overwrite or pop its tasks. */
long cilkrt_generic_depth(worker *w) CILKRT_HIDDEN;
int cilkrt_generic_newest(worker *w, long depth, long n) CILKRT_HIDDEN;

/* ---- sched.c: the scheduler loop ---- */
/* Run work until *stop (if given) is true: nested loops wait for a
 * boundary's callee or a group's children; the top loop (stop NULL) also
 * takes root calls and ends at shutdown. */
typedef int (*cilkrt_stop_fn)(void *arg);
void cilkrt_sched_loop(worker *w, cilkrt_stop_fn stop, void *arg) CILKRT_HIDDEN;
void cilkrt_wake(worker *w) CILKRT_HIDDEN;
void cilkrt_wake_one(void) CILKRT_HIDDEN;
/* Work was just published (with a seq_cst RMW or fence): wake one
 * sleeping worker, if any sleeps and listens (not in a deaf sleep), to
 * take it. */
void cilkrt_wake_idle(void) CILKRT_HIDDEN;
void cilkrt_wake_all(void) CILKRT_HIDDEN;
/* A root call was queued: wake every sleeper, to spin (sched.c). */
void cilkrt_wake_for_root(void) CILKRT_HIDDEN;
/* The frame deque's owner, after it shared entries and a seq_cst fence:
 * wake one sleeping worker, if any sleeps, to take them (sched.c,
 * sleep_a_while). */
void cilkrt_wake_for_push(worker *pusher) CILKRT_HIDDEN;
/* The frame deque's owner, under its deque lock, took a shared entry back
 * (deque.c, cilkrt_pop_slow): tells the sleeper its last share woke
 * whether that was too soon for a steal to have paid (sched.c,
 * deaf_time). */
void cilkrt_wake_taken_back(worker *owner) CILKRT_HIDDEN;
/* The timed sleep's length in ns (while root calls are active); tests
 * raise it so that only a wake-up ends a sleep. */
extern long cilkrt_sleep_ns CILKRT_HIDDEN;
/* A wake-up by a share paid for itself when the woken worker ran jobs for
 * this long (ns) before it slept again; else its next sleep is deaf to
 * shares (sched.c, deaf_time). Tests set it to make that certain. */
extern long cilkrt_wake_paid_ns CILKRT_HIDDEN;

/* ---- inject.c: root calls from threads that are not workers ---- */
typedef struct root_call root_call;
root_call *cilkrt_inject_take(void) CILKRT_HIDDEN;
/* Queue fn(worker, arg) like a root call but return at once: fn itself
 * tells whoever waits that it is done (group.c's batches). */
void cilkrt_inject_post(void (*fn)(cilkrt_worker *w, void *arg), void *arg) CILKRT_HIDDEN;
int cilkrt_inject_pending(void) CILKRT_HIDDEN;
/* fork(): pool.c's atfork handlers hold the queue lock across the fork,
 * and the child empties the queue (its waiters do not exist there). */
void cilkrt_inject_lock(void) CILKRT_HIDDEN;
void cilkrt_inject_unlock(void) CILKRT_HIDDEN;
void cilkrt_inject_reset(void) CILKRT_HIDDEN;
void cilkrt_inject_run(worker *w, root_call *r) CILKRT_HIDDEN;

/* ---- stats.c ---- */
/* Reductions of a view into the view left of it (reducer.c): views that
 * steals created, merged back. Global: a merge may run off any worker. */
extern atomic_ulong cilkrt_views_reduced;
/* Reads CILK_STATS (exits on a bad value); pool.c's start calls it once. */
void cilkrt_stats_configure(void) CILKRT_HIDDEN;
/* pool.c: a 0/1 environment switch, dflt when unset or empty; anything
 * else is a fatal error naming the variable */
int cilkrt_env_switch(const char *name, int dflt) CILKRT_HIDDEN;
void cilkrt_stats_at_exit(void) CILKRT_HIDDEN;
extern atomic_long cilkrt_suspended_now CILKRT_HIDDEN;
extern atomic_long cilkrt_suspended_peak CILKRT_HIDDEN;

#endif
