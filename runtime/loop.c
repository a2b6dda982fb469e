/*
 * loop.c: the run-time part of cilk_for (compiler/loops.c writes the rest
 * as generated code): the grain of a loop.
 */
#include "worker.h"

/* OpenCilk's default: min(2048, ceil(n / 8P)), at least 1, so that each
 * worker gets about eight pieces of the range to balance the load while a
 * leaf is long enough to pay for its spawn. */
#define MAX_GRAIN 2048ULL

unsigned long long cilkrt_grainsize(unsigned long long n, unsigned long long grain)
{
    if (grain)
        return grain;
    unsigned long long pieces = 8ULL * (unsigned long long)cilkrt_pool_configured_size();
    unsigned long long g = n / pieces + (n % pieces != 0);
    return g < 1 ? 1 : g > MAX_GRAIN ? MAX_GRAIN : g;
}
