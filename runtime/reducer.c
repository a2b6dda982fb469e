/*
 * reducer.c: reducer views (hyperobjects), docs/runtime.md "Reducers".
 *
 * A hypermap (cilkrt_hmap) maps a reducer's address to the view of one
 * strand. The running strand's map is cilkrt_tls_h.map; NULL stands for the
 * leftmost strand, whose view of every reducer is the reducer itself, so
 * a program that is never stolen from never creates a map or a view.
 *
 * Continuation stealing. A steal splits the continuation of frame f off
 * the strand that spawned: the thief gets a fresh, empty map, appended to
 * f's chain (cilkrt_hyper): f's steals are ordered in time exactly as in
 * serial order, because only the strand running f's continuation can push
 * f again. The strand left of the first steal of a round keeps whatever
 * map it had; that map comes back to f with the first returning child,
 * because every map lives on with the strand that owns it:
 *   - a failed pop deposits the worker's map into the frame it delivers
 *     to (the victim's map is the one its child ran with);
 *   - a frame's final map is the map its fast clone started with (each
 *     sync merges its chain into that map, which survives), and its slow
 *     return deposits that one into the parent.
 * So a deposit into f is either one of f's own chain (made by a steal of
 * f: nothing to do) or the map left of the whole round (f->hyper->left).
 * When f's join reaches 0 at a sync every map of the round is complete and
 * they merge left to right: left <- chain[0] <- chain[1] ..., and the
 * strand after the sync continues with left. Merging keeps the left view
 * and reduce(left, right) folds the right one in, so an associative,
 * non-commutative reduce sees the serial order.
 * All of a round's bookkeeping is under f's lock (deposits, steals); the
 * merge runs once join is 0, after the last unlock, on one worker.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"

_Thread_local cilkrt_hstate cilkrt_tls_h;
int cilkrt_reducers_live;

#define TOMB ((void *)1) /* a slot whose reducer was unregistered */

typedef struct {
    void *key;  /* the reducer's address; NULL: free slot */
    void *view; /* this strand's view; == key for a local reducer's own */
    void (*reduce)(void *left, void *right);
} entry;

struct cilkrt_hmap {
    cilkrt_frame *frame; /* the frame whose steal made it (NULL: none) */
    cilkrt_hmap *next;   /* the map right of it in frame's chain */
    entry *slots;        /* open addressing, linear probing */
    unsigned cap, used;  /* slots, and slots with a key or a tombstone */
};

struct cilkrt_hyper {
    cilkrt_hmap *left;         /* the map left of the round, once deposited */
    cilkrt_hmap *first, *last; /* the thieves' maps, in the order of the steals */
};

static void *checked(void *p)
{
    if (!p) {
        fputs("cilkrt: error: out of memory for reducer views\n", stderr);
        exit(1);
    }
    return p;
}

/* The hooks assume the flag was set before any of the work they see
 * began, and child mode's workers read it once, when the pool starts and
 * makes their deques (tdeque.c): a unit loaded by dlopen after that would
 * get reducers that are exact in continuation mode only. So a late call
 * is refused: the program stops with an error. (A pool that another
 * thread is starting at this very moment may be missed: dlopen beside the
 * first parallel call.) */
void cilkrt_reducers_enable(void)
{
    if (cilkrt_reducers_live)
        return;
    cilkrt_reducers_live = 1;
    if (!cilkrt_tls_worker && !cilkrt_pool_size)
        return;
    fputs("cilkrt: error: a unit with reducers was loaded (dlopen) after the worker pool "
          "started; its views cannot be tracked: link it into the program or load it before "
          "the first parallel call\n",
          stderr);
    exit(1);
}

void cilkrt_reducer_enter(cilkrt_hmap *m)
{
    cilkrt_tls_h.map = m;
    cilkrt_tls_h.key = NULL; /* the cache was of the old map */
    cilkrt_tls_h.epoch++;
}

void cilkrt_reducer_leave(void) { cilkrt_reducer_enter(NULL); }

static unsigned slot_of(const cilkrt_hmap *m, const void *key)
{
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= 0x9e3779b97f4a7c15u;
    return (unsigned)(h >> 32) & (m->cap - 1);
}

static entry *find(const cilkrt_hmap *m, const void *key)
{
    if (!m->cap)
        return NULL;
    for (unsigned i = slot_of(m, key);; i = (i + 1) & (m->cap - 1)) {
        if (m->slots[i].key == key)
            return &m->slots[i];
        if (!m->slots[i].key)
            return NULL;
    }
}

static void insert(cilkrt_hmap *m, void *key, void *view, void (*reduce)(void *, void *));

/* Double (or first allocate) the table; tombstones go. */
static void grow(cilkrt_hmap *m)
{
    entry *old = m->slots;
    unsigned n = m->cap;
    m->cap = n ? 2 * n : 8;
    m->slots = checked(cilkrt_calloc(m->cap, sizeof *m->slots));
    m->used = 0;
    for (unsigned i = 0; i < n; i++)
        if (old[i].key && old[i].key != TOMB)
            insert(m, old[i].key, old[i].view, old[i].reduce);
    cilkrt_free(old);
}

/* key is not in m */
static void insert(cilkrt_hmap *m, void *key, void *view, void (*reduce)(void *, void *))
{
    if (4 * (m->used + 1) > 3 * m->cap)
        grow(m);
    unsigned i = slot_of(m, key);
    while (m->slots[i].key && m->slots[i].key != TOMB)
        i = (i + 1) & (m->cap - 1);
    m->used += m->slots[i].key == NULL;
    m->slots[i] = (entry){key, view, reduce};
}

static cilkrt_hmap *map_new(cilkrt_frame *f)
{
    cilkrt_hmap *m = checked(cilkrt_calloc(1, sizeof *m));
    m->frame = f;
    return m;
}

/* Fold right's views into left's (left is earlier in serial order) and
 * free right. left NULL: the reducers themselves are the left views. */
static void merge(cilkrt_hmap *left, cilkrt_hmap *right)
{
    for (unsigned i = 0; i < right->cap; i++) {
        entry *r = &right->slots[i];
        if (!r->key || r->key == TOMB)
            continue;
        entry *l = left ? find(left, r->key) : NULL;
        if (r->view == r->key) {
            /* a local reducer registered right of left: anything left
             * holds for that address belongs to a dead one */
            if (l && l->view != l->key)
                cilkrt_free(l->view);
            if (l)
                l->view = r->key;
            else if (left)
                insert(left, r->key, r->key, r->reduce);
        } else if (l || !left) {
            r->reduce(l ? l->view : r->key, r->view);
            cilkrt_free(r->view);
            /* relaxed: a count for the statistics, once per view */
            atomic_fetch_add_explicit(&cilkrt_views_reduced, 1, memory_order_relaxed);
        } else {
            insert(left, r->key, r->view, r->reduce); /* left's view was the identity */
        }
    }
    cilkrt_free(right->slots);
    cilkrt_free(right);
}

static cilkrt_hmap empty_map;

/* The running strand's map, allocated if it was the empty one. */
static cilkrt_hmap *own_map(void)
{
    if (cilkrt_tls_h.map == &empty_map)
        cilkrt_reducer_enter(map_new(NULL));
    return cilkrt_tls_h.map;
}

void *cilkrt_reducer_lookup(void *key, size_t size, void (*identity)(void *),
                            void (*reduce)(void *, void *))
{
    cilkrt_hmap *m = own_map();
    entry *e = find(m, key);
    void *view;
    if (e) {
        view = e->view;
    } else {
        view = checked(cilkrt_malloc(size ? size : 1));
        identity(view);
        insert(m, key, view, reduce);
    }
    cilkrt_tls_h.key = key;
    cilkrt_tls_h.view = view;
    return view;
}

void *cilkrt_reducer_view_stable(void *key, size_t size, void (*identity)(void *),
                                 void (*reduce)(void *, void *), unsigned long epoch)
{
    (void)epoch; /* only tells cc when the answer may change */
    return cilkrt_reducer_view(key, size, identity, reduce);
}

void cilkrt_reducer_register(void *key)
{
    if (!cilkrt_tls_h.map)
        return; /* leftmost: key is its own view already */
    cilkrt_hmap *m = own_map();
    entry *e = find(m, key);
    cilkrt_tls_h.key = NULL;
    if (!e) {
        insert(m, key, key, NULL);
        return;
    }
    if (e->view != key) /* a dead reducer's view at the same address */
        cilkrt_free(e->view);
    e->view = key;
}

void cilkrt_reducer_unregister(void *key)
{
    cilkrt_hmap *m = cilkrt_tls_h.map;
    entry *e = m ? find(m, key) : NULL;
    if (e)
        e->key = TOMB;
    cilkrt_tls_h.key = NULL;
}

void cilkrt_reducer_steal(cilkrt_frame *f)
{
    if (!cilkrt_reducers_live || !cilkrt_tls_worker)
        return; /* no reducer; the deque's unit tests steal from a plain thread */
    cilkrt_hyper *h = f->hyper;
    if (!h)
        h = f->hyper = checked(cilkrt_calloc(1, sizeof *h));
    cilkrt_hmap *m = map_new(f);
    if (h->last)
        h->last->next = m;
    else
        h->first = m;
    h->last = m;
    cilkrt_reducer_enter(m);
}

void cilkrt_reducer_deposit(cilkrt_frame *p)
{
    cilkrt_hmap *m = cilkrt_tls_h.map;
    cilkrt_reducer_enter(NULL);
    if (p->hyper && (!m || m->frame != p))
        p->hyper->left = m;
}

void cilkrt_reducer_sync(cilkrt_frame *f)
{
    cilkrt_hyper *h = f->hyper;
    if (!h)
        return;
    f->hyper = NULL;
    for (cilkrt_hmap *m = h->first, *next; m; m = next) {
        next = m->next;
        merge(h->left, m);
    }
    cilkrt_reducer_enter(h->left);
    cilkrt_free(h);
}

/*
 * Child stealing. The parent runs on after a spawn while its task waits
 * in the deque, so even with no steal the task runs out of serial order:
 * spawn T1; c1; spawn T2; c2; sync runs c1 and c2 before T2 and T1. Each
 * spawn therefore closes the parent's strand: its map goes on a per-worker
 * stack of segments and the parent continues with an empty one. The sync
 * pops the tasks newest first; before a task runs, the map right of it
 * (its continuation merged with everything after) goes on the stack too,
 * and the task starts empty. When the task has returned (the out-of-line
 * pop runs it between the two hooks, runtime/task.c: a task's own groups
 * nest inside it and leave the stack as they found it) the three combine
 * in serial order: left <- task <- right. A stolen task runs on its thief with
 * an empty map that comes back in its slot; its owner combines it the same
 * way when it pops the slot. All of this only once cilkrt_reducers_live:
 * a unit with reducers sets it before main (compiler/reducer.c), and its
 * workers' deques send every plain push and pop out of line (tdeque.c), so
 * the spawn and sync of programs without reducers pay nothing for it. A
 * cilk_for's _ordered pushes and pops stay inline and run no hook: its
 * tasks run after everything their parent does until the sync, so the
 * views they update inline are already the right ones (left of them is
 * all that came before in serial order); only a stolen one has views of
 * its own, merged by cilkrt_reducer_task_stolen.
 */
#define EMPTY (&empty_map) /* an empty map, allocated on first use */

typedef struct {
    cilkrt_hmap *map; /* left of a pushed task, or right of a running one */
} seg;

static _Thread_local struct {
    seg *v;
    long n, cap;
} segs;

static void seg_push(cilkrt_hmap *m)
{
    if (segs.n == segs.cap) {
        segs.cap = segs.cap ? 2 * segs.cap : 16;
        segs.v = checked(cilkrt_realloc(segs.v, (size_t)segs.cap * sizeof *segs.v));
    }
    segs.v[segs.n++] = (seg){m};
}

/* The stack is freed whenever it empties, so an idle worker holds none. */
static seg seg_pop(void)
{
    seg s = segs.v[--segs.n];
    if (segs.n == 0) {
        cilkrt_free(segs.v);
        segs.v = NULL;
        segs.cap = 0;
    }
    return s;
}

/* left, then right in serial order, as one map. */
static cilkrt_hmap *combine(cilkrt_hmap *left, cilkrt_hmap *right)
{
    if (right == EMPTY)
        return left;
    if (left == EMPTY)
        return right;
    merge(left, right);
    return left;
}

void cilkrt_reducer_spawned(void)
{
    seg_push(cilkrt_tls_h.map);
    cilkrt_reducer_enter(EMPTY);
}

void cilkrt_reducer_task_begin(void)
{
    seg_push(cilkrt_tls_h.map);
    cilkrt_reducer_enter(EMPTY);
}

void cilkrt_reducer_task_end(void)
{
    cilkrt_hmap *task = combine(cilkrt_tls_h.map, seg_pop().map);
    cilkrt_reducer_enter(combine(seg_pop().map, task));
}

/* A task pushed _ordered (not ordered: plain) runs after everything its
 * parent did until the sync, so the running strand's map, left of it,
 * takes its views: left <- task. */
void cilkrt_reducer_task_stolen(cilkrt_task *t, int plain)
{
    cilkrt_hmap *task;
    memcpy(&task, t->args, sizeof task);
    if (!plain)
        cilkrt_reducer_enter(combine(cilkrt_tls_h.map, task));
    else
        cilkrt_reducer_enter(combine(seg_pop().map, combine(task, cilkrt_tls_h.map)));
}

void cilkrt_reducer_run_stolen(cilkrt_worker *w, cilkrt_task *t)
{
    cilkrt_hmap *saved = cilkrt_tls_h.map;
    cilkrt_reducer_enter(EMPTY);
    t->run(w, t);
    /* the record is dead once the thunk has copied it: the slot's args
     * carry the task's views back to the owner */
    memcpy(t->args, &cilkrt_tls_h.map, sizeof cilkrt_tls_h.map);
    cilkrt_reducer_enter(saved);
}
