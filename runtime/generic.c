/*
 * generic.c: generic child tasks, the narrow interface through which
 * group.c (cilk_group, cilk_spawn_ffi) reaches the task machinery (see
 * worker.h). A generic task is a slot of the worker's task deque whose
 * record holds the function to run and its payload: in the slot if it
 * fits (copied out before the call: at the sync the slot is free again),
 * else in a block from the large-record free lists, freed after the call.
 * When the task machinery changes, only this file follows it.
 */
#include <stddef.h>
#include <string.h>

#include "worker.h"

typedef struct {
    cilkrt_generic_fn run;
    void *block;                                   /* the payload's block, or NULL */
    _Alignas(max_align_t) unsigned char small[16]; /* the payload, if it fits */
} generic_record;

_Static_assert(CILKRT_IN_SLOT(generic_record), "a generic record fits in a slot");

static void generic_thunk(cilkrt_worker *w, cilkrt_task *h)
{
    generic_record *r = CILKRT_RECORD_OF(h, generic_record);
    cilkrt_generic_fn run = r->run;
    void *block = r->block;
    if (block) {
        run(w, block);
        cilkrt_record_free(w, block);
        return;
    }
    _Alignas(max_align_t) unsigned char small[sizeof r->small];
    memcpy(small, r->small, sizeof small);
    run(w, small);
}

void *cilkrt_generic_alloc(worker *w, size_t size, cilkrt_generic_fn run)
{
    cilkrt_task *h = (cilkrt_task *)(void *)w->pub.tq.top; /* a slot to fill */
    generic_record *r = CILKRT_RECORD(&w->pub, h, generic_record);
    h->run = generic_thunk;
    r->run = run;
    r->block = size <= sizeof r->small ? NULL : cilkrt_record_alloc(&w->pub, size);
    return r->block ? r->block : (void *)r->small;
}

void cilkrt_generic_push(worker *w, cilkrt_group *g, void *payload)
{
    (void)payload; /* it is in the slot at tq.top, or the slot points to it */
    g->top = w->pub.tq.top;
    cilkrt_task_push(&w->pub, g);
}

long cilkrt_generic_depth(worker *w) { return cilkrt_tdeque_depth(&w->pub.tq); }

/* Reads the run of each slot: the owner wrote it, a thief only reads it.
 * A retired slot (tdeque.c, reuse) is finished, its memory another
 * block's: nothing to check there. */
int cilkrt_generic_newest(worker *w, long depth, long n)
{
    cilkrt_tdeque *q = &w->pub.tq;
    if (cilkrt_tdeque_depth(q) != depth)
        return 0;
    for (long i = depth - n; i < depth; i++)
        if (!cilkrt_tdeque_retired(q, i) &&
            ((cilkrt_task *)cilkrt_tdeque_slot(q, i))->run != generic_thunk)
            return 0;
    return 1;
}
