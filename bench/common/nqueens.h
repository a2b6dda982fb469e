/*
 * nqueens.h: the board test of nqueens5 (Cilk-5's nqueens example), shared
 * by bench/programs/nqueens5.cilkc and its OpenMP and oneTBB peers.
 *
 * safe() has external linkage, as in Cilk-5's and OpenCilk's versions:
 * GCC inlines a static helper called once into the serial elision, but not
 * into the two clones that call it (docs/performance.md), which would
 * make the comparison about inlining. Each benchmark is one translation
 * unit, so the definition in this header is the program's only one.
 */
#ifndef NQUEENS_H
#define NQUEENS_H

#include "bench.h"

#ifdef __cplusplus
extern "C" {
#endif

int safe(int n, const char *a);

/* No two of the first n queens (queen i in row i, column a[i]) attack. */
int safe(int n, const char *a)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) {
            int d = a[i] - a[j];
            if (d == 0 || d == i - j || d == j - i)
                return 0;
        }
    return 1;
}

#ifdef __cplusplus
}
#endif

#endif
