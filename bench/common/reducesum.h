/*
 * reducesum.h: the reducer sum benchmark's elements and result line,
 * shared by bench/programs/reducesum.cilkc (a cilk_for adding into a
 * reducer, issue 11) and its peers (OpenMP parallel for with
 * reduction(+), OpenMP taskloop with reduction(+), oneTBB
 * parallel_reduce). Element i is computed, not loaded: 10^8 elements
 * need no 800 MB array, and the sum stays bound by the additions and the
 * reduction rather than by memory bandwidth. The sum is of integers, so
 * it does not depend on the order of the additions.
 */
#ifndef REDUCESUM_H
#define REDUCESUM_H

#include "bench.h"

#define REDUCESUM_SIZE 100000000

/* A value in [0, 1023]: the top 10 bits of a cheap multiplicative hash. */
static inline unsigned long long reducesum_elem(long i)
{
    return ((unsigned long long)i * 0x9e3779b97f4a7c15ULL) >> 54;
}

static inline void reducesum_print(long n, unsigned long long sum)
{
    printf("reducesum(%ld) = %llu\n", n, sum);
}

#endif
