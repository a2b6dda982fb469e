/*
 * alloca.c: alloca() in a parallel function, from a per-worker bump region
 * (the inline fast paths and the invariant are in cilkrt_abi.h).
 *
 * The region is a current segment per worker. Blocks are bumped off its
 * top; a frame's first block in a segment is preceded by a run header, so
 * the frame can find all its blocks again. Releasing a frame's run in the
 * current segment sets the top back to the run (the blocks above belonged
 * to frames that returned before it, on the same C stack).
 *
 * Out of LIFO order: when a frame leaves the worker's C stack without
 * returning (a thief took it: cilkrt_deliver; it suspended at a sync:
 * cilkrt_sync), its runs stay where they are, and the worker seals its
 * segment first: the segment's count of live runs, kept by the owner in a
 * plain field while the segment was current, becomes an atomic count, the
 * worker starts a new segment, and from then on each run of the sealed
 * segment is released by a decrement on whichever worker finishes its
 * frame; the last one frees the segment. Sealing happens before the frame
 * can be finished elsewhere: a stolen frame finishes only after the
 * victim's delivery signals its join, and a suspended one only after a
 * child resumes it; both go through the frame's lock, which orders the
 * seal before the release. A block too big for a segment gets a segment of
 * its own, sealed from the start with one run.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "worker.h"

#define SEG_BYTES CILKRT_ALLOCA_SEG /* every current segment's (cilkrt_abi.h) */
#define BIG_BLOCK (SEG_BYTES / 4)   /* larger blocks get their own segment */

struct cilkrt_alloca_seg {
    atomic_long runs; /* once sealed: runs not yet released */
    _Alignas(16) char data[];
};

static cilkrt_alloca_seg *new_seg(size_t data_bytes)
{
    cilkrt_alloca_seg *s = cilkrt_malloc(sizeof *s + data_bytes);
    if (!s) {
        fputs("cilkrt: error: out of memory in alloca\n", stderr);
        exit(1);
    }
    return s;
}

/* f's blocks may outlive the worker's C stack order: make the current
 * segment's runs countable from any worker and leave it. A segment with no
 * live run stays current, emptied. */
void cilkrt_alloca_seal(cilkrt_worker *w)
{
    cilkrt_alloca_seg *s = w->alloca_seg;
    if (!s)
        return;
    if (w->alloca_runs == 0) {
        w->alloca_top = s->data;
        return;
    }
    /* relaxed: the releases on other workers happen after this through
     * the frame lock (see the top of this file) */
    atomic_store_explicit(&s->runs, w->alloca_runs, memory_order_relaxed);
    w->alloca_seg = NULL;
    w->alloca_top = w->alloca_end = NULL;
    w->alloca_runs = 0;
}

static void release_sealed(cilkrt_alloca_seg *s)
{
    /* acq_rel: every release of a run happens before the free */
    if (atomic_fetch_sub_explicit(&s->runs, 1, memory_order_acq_rel) == 1)
        cilkrt_free(s);
}

/* A block in a segment of its own. The clone's run in the current
 * segment, if it has one, stays the place for its next small blocks. */
static void *big_block(cilkrt_frame *f, size_t n)
{
    cilkrt_alloca_seg *s = new_seg(sizeof(cilkrt_alloca_run) + n);
    atomic_init(&s->runs, 1);
    cilkrt_alloca_run *r = (cilkrt_alloca_run *)s->data;
    r->prev = f->allocas;
    r->seg = s;
    f->allocas = r;
    return r + 1;
}

/* The inline cilkrt_alloca could not bump: the clone has no run for f in
 * the current segment yet (its first block, or the segment changed under
 * it: end, the clone's, is not the current end), or the block does not
 * fit. Returns the block and the end the clone keeps: the current
 * segment's once the clone has a run there; a big block leaves it. */
cilkrt_alloca_got cilkrt_alloca_slow(cilkrt_worker *w, cilkrt_frame *f, char *end, size_t size)
{
    if (size > SIZE_MAX / 2) {
        fputs("cilkrt: error: out of memory in alloca\n", stderr);
        exit(1);
    }
    size_t n = (size + 15) & ~(size_t)15;
    if (n > BIG_BLOCK)
        return (cilkrt_alloca_got){big_block(f, n), end};
    size_t room = (size_t)(w->alloca_end - w->alloca_top);
    int full = (end && end == w->alloca_end) || sizeof(cilkrt_alloca_run) + n > room;
    if (full)
        cilkrt_alloca_seal(w);
    if (!w->alloca_seg) {
        w->alloca_seg = new_seg(SEG_BYTES);
        w->alloca_top = w->alloca_seg->data;
        w->alloca_end = w->alloca_seg->data + SEG_BYTES;
    }
    void *p = cilkrt_alloca_run_start(w, f, w->alloca_top, n);
    return (cilkrt_alloca_got){p, w->alloca_end};
}

void cilkrt_alloca_release_slow(cilkrt_worker *w, cilkrt_frame *f)
{
    cilkrt_alloca_run *r = f->allocas;
    while (r) {
        cilkrt_alloca_run *prev = r->prev; /* r may be freed with its segment */
        if (r->seg == w->alloca_seg) {
            w->alloca_top = (char *)r; /* the frame's oldest run here is last */
            w->alloca_runs--;
        } else {
            release_sealed(r->seg);
        }
        r = prev;
    }
    f->allocas = NULL;
}

/* At exit: the current segment (every frame has finished by then). */
void cilkrt_alloca_destroy(cilkrt_worker *w)
{
    free(w->alloca_seg);
    w->alloca_seg = NULL;
    w->alloca_top = w->alloca_end = NULL;
    w->alloca_runs = 0;
}
