/*
 * forloop.h: the spawn loop's tiny body as one data-parallel loop, shared
 * by bench/programs/forloop.cilkc (cilk_for) and its peers (OpenMP
 * parallel for and taskloop, oneTBB parallel_for): iteration i writes its
 * own byte, and the checksum reads them all after the loop.
 *
 * Every version times FORLOOP_REPEAT consecutive loops of n iterations
 * (each one whole loop: its start, its splitting and its end) and
 * reports the time per loop: one loop of 10^7 tiny iterations takes 5-10
 * ms, and on the shared 2-core VM a run that short samples one stretch
 * of the machine's speed (docs/performance.md, "Data-parallel section").
 */
#ifndef FORLOOP_H
#define FORLOOP_H

#include "bench.h"

#include <string.h>

#define FORLOOP_SIZE 10000000
#define FORLOOP_REPEAT 10

static inline void forloop_body(unsigned char *out, long i)
{
    out[i] = (unsigned char)(bench_mix((unsigned long long)i) & 0xff);
}

/* n + 1 bytes, so that n = 0 still allocates, every page touched here:
 * fresh pages would fault on the loop's first write to them, and the
 * timed loop would measure the kernel's first-touch faults (2442 of them
 * for 10^7 bytes, several ms, and their variance) rather than the loop.
 * Filled with 1, not 0, which cc may fold into a calloc that touches
 * nothing; the loop overwrites every byte the checksum reads. */
static inline unsigned char *forloop_alloc(long n)
{
    unsigned char *out = (unsigned char *)malloc((size_t)n + 1);
    if (out)
        memset(out, 1, (size_t)n + 1);
    return out;
}

static inline void forloop_check(const unsigned char *out, long n)
{
    unsigned long long total = 0;
    for (long i = 0; i < n; i++)
        total += out[i];
    printf("forloop(%ld) = %llu\n", n, total);
}

#endif
