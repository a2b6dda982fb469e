/*
 * forloop.h: the spawn loop's tiny body as one data-parallel loop, shared
 * by bench/programs/forloop.cilkc (cilk_for) and its peers (OpenMP
 * parallel for and taskloop, oneTBB parallel_for): iteration i writes its
 * own byte, and the checksum reads them all after the loop.
 */
#ifndef FORLOOP_H
#define FORLOOP_H

#include "bench.h"

#define FORLOOP_SIZE 10000000

static inline void forloop_body(unsigned char *out, long i)
{
    out[i] = (unsigned char)(bench_mix((unsigned long long)i) & 0xff);
}

/* n + 1 bytes, so that n = 0 still allocates */
static inline unsigned char *forloop_alloc(long n)
{
    return (unsigned char *)calloc((size_t)n + 1, 1);
}

static inline void forloop_check(const unsigned char *out, long n)
{
    unsigned long long total = 0;
    for (long i = 0; i < n; i++)
        total += out[i];
    printf("forloop(%ld) = %llu\n", n, total);
}

#endif
