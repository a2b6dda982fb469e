/*
 * reducer.c: reducer views (hyperobjects), docs/runtime.md "Reducers".
 *
 * A hypermap (cilkrt_hmap) maps a reducer's address to the view of one
 * strand. The running strand's map is cilkrt_tls_hmap; NULL stands for the
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

_Thread_local cilkrt_hmap *cilkrt_tls_hmap;

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
    m->slots = checked(calloc(m->cap, sizeof *m->slots));
    m->used = 0;
    for (unsigned i = 0; i < n; i++)
        if (old[i].key && old[i].key != TOMB)
            insert(m, old[i].key, old[i].view, old[i].reduce);
    free(old);
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
    cilkrt_hmap *m = checked(calloc(1, sizeof *m));
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
                free(l->view);
            if (l)
                l->view = r->key;
            else if (left)
                insert(left, r->key, r->key, r->reduce);
        } else if (l || !left) {
            r->reduce(l ? l->view : r->key, r->view);
            free(r->view);
        } else {
            insert(left, r->key, r->view, r->reduce); /* left's view was the identity */
        }
    }
    free(right->slots);
    free(right);
}

void *cilkrt_reducer_lookup(void *key, size_t size, void (*identity)(void *),
                            void (*reduce)(void *, void *))
{
    cilkrt_hmap *m = cilkrt_tls_hmap;
    entry *e = find(m, key);
    if (e)
        return e->view;
    /* 16-aligned like malloc's, but never 0 bytes */
    void *view = checked(malloc(size ? size : 1));
    identity(view);
    insert(m, key, view, reduce);
    return view;
}

void cilkrt_reducer_register(void *key)
{
    cilkrt_hmap *m = cilkrt_tls_hmap;
    if (!m)
        return; /* leftmost: key is its own view already */
    entry *e = find(m, key);
    if (!e) {
        insert(m, key, key, NULL);
        return;
    }
    if (e->view != key) /* a dead reducer's view at the same address */
        free(e->view);
    e->view = key;
}

void cilkrt_reducer_unregister(void *key)
{
    cilkrt_hmap *m = cilkrt_tls_hmap;
    entry *e = m ? find(m, key) : NULL;
    if (e)
        e->key = TOMB;
}

void cilkrt_reducer_steal(cilkrt_frame *f)
{
    if (!cilkrt_tls_worker)
        return; /* the deque's unit tests steal from a plain thread */
    cilkrt_hyper *h = f->hyper;
    if (!h)
        h = f->hyper = checked(calloc(1, sizeof *h));
    cilkrt_hmap *m = map_new(f);
    if (h->last)
        h->last->next = m;
    else
        h->first = m;
    h->last = m;
    cilkrt_tls_hmap = m;
}

void cilkrt_reducer_deposit(cilkrt_frame *p)
{
    cilkrt_hmap *m = cilkrt_tls_hmap;
    cilkrt_tls_hmap = NULL;
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
    cilkrt_tls_hmap = h->left;
    free(h);
}
