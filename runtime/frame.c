/*
 * frame.c: memory for frames and tasks, and the frame lock.
 *
 * Frames and tasks come in size classes of 64 bytes (class c holds
 * (c + 1) * 64 bytes). The inline cilkrt_frame_alloc/cilkrt_frame_free
 * (cilkrt_abi.h) and task_alloc/task_free (task.c) work on per-worker free
 * lists; only an empty list comes here, where the object is carved from a
 * per-worker chunk of fresh memory. Objects migrate between workers (a
 * stolen frame is freed by whoever finishes it) and stay on the list of the
 * worker that freed them. Chunks are freed at exit. Objects larger than
 * the classes are malloc'ed and freed one by one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker.h"

#define CHUNK_BYTES (64 * 1024)
#define TOUCHED_BYTES 4096 /* a page: of a fresh worker's first chunk */

struct chunk {
    chunk *next;
};

static void *checked_aligned_alloc(size_t size)
{
    void *p = cilkrt_aligned_alloc(CILKRT_CACHE_LINE, size);
    if (!p) {
        fprintf(stderr, "cilkrt: error: out of memory (%zu bytes)\n", size);
        exit(1);
    }
    return p;
}

static void new_chunk(worker *w)
{
    chunk *k = checked_aligned_alloc(CHUNK_BYTES);
    k->next = w->chunks;
    w->chunks = k;
    w->carve = (char *)k + CILKRT_CACHE_LINE;
    w->carve_end = (char *)k + CHUNK_BYTES;
}

/* The worker's first chunk, taken by the thread that starts the pool
 * (pool.c, new_worker), its first page touched. Carved at the first spawn
 * instead, it made the first frame of the first computation wait for the
 * thread's first malloc (glibc maps a new arena for it) and the page
 * fault: 14-35 us on the 2-core VM, on the root worker's path to its
 * first push and on the thief's to its first spawn, so the other worker's
 * first steal came that much later (docs/runtime.md, "Idle behaviour").
 * Taken on the worker's own thread, it made that arena at every start:
 * 12 KiB of resident memory per worker, though most programs' workers
 * never call malloc again (issue 9). Only the page carving starts in is
 * touched, and the next if less than half of it is left: some 30 small
 * frames; the rest is left untouched, so that a large pool that never
 * spawns costs little memory. */
void cilkrt_memory_prepare(worker *w)
{
    new_chunk(w);
    uintptr_t end = ((uintptr_t)w->carve + TOUCHED_BYTES) & ~(uintptr_t)(TOUCHED_BYTES - 1);
    if (end - (uintptr_t)w->carve < TOUCHED_BYTES / 2)
        end += TOUCHED_BYTES;
    memset(w->carve, 0, end - (uintptr_t)w->carve);
}

/* A fresh object of class c (< CILKRT_FRAME_CLASSES), 64-byte aligned. */
void *cilkrt_carve(worker *w, unsigned c)
{
    size_t size = (size_t)(c + 1) * CILKRT_CACHE_LINE;
    if (w->carve_end - w->carve < (long)size)
        new_chunk(w);
    void *p = w->carve;
    w->carve += size;
    return p;
}

cilkrt_frame *cilkrt_frame_alloc_slow(cilkrt_worker *pw, unsigned c, const cilkrt_desc *desc,
                                      cilkrt_frame *parent, int site, void *dst)
{
    worker *w = worker_of(pw);
    cilkrt_frame *f;
    if (c < CILKRT_FRAME_CLASSES)
        f = cilkrt_carve(w, c);
    else
        f = checked_aligned_alloc((size_t)(c + 1) * CILKRT_CACHE_LINE);
    f->size_class = c;
    /* what cilkrt_frame_alloc relies on for every free frame (cilkrt_abi.h) */
    f->join = 0;
    f->state = CILKRT_FRAME_FAST;
    f->allocas = NULL;
    f->hyper = NULL;
    atomic_init(&f->lock, 0);
    stat_add(&w->stats.frames_allocated, 1);
    stat_add(&w->stats.frames_held, 1);
    f->site = site;
    f->desc = desc;
    f->parent = parent;
    f->dst = dst;
    return f;
}

void cilkrt_frame_free_slow(cilkrt_worker *w, cilkrt_frame *f)
{
    (void)w;
    cilkrt_free(f);
}

void cilkrt_memory_release(worker *w)
{
    while (w->chunks) {
        chunk *k = w->chunks;
        w->chunks = k->next;
        free(k);
    }
    for (int c = 0; c < CILKRT_FRAME_CLASSES; c++) {
        w->pub.free_frames[c] = NULL;
        w->free_records[c] = NULL;
    }
    w->carve = w->carve_end = NULL;
    cilkrt_alloca_destroy(&w->pub);
}

/* The frame lock guards join, state and the inlet. Held for a few
 * instructions only, so spinning is right. acquire/release: whoever takes
 * the lock sees every write made under it before, in particular the
 * results other children stored through the inlet. */
void cilkrt_frame_lock(cilkrt_frame *f)
{
    while (atomic_exchange_explicit(&f->lock, 1, memory_order_acquire))
        while (atomic_load_explicit(&f->lock, memory_order_relaxed))
            cpu_relax();
}

void cilkrt_frame_unlock(cilkrt_frame *f)
{
    atomic_store_explicit(&f->lock, 0, memory_order_release);
}
