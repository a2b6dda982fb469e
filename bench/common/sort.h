/*
 * sort.h: the serial pieces of cilksort (after Cilk-5's cilksort.cilk):
 * a quicksort for blocks below SORT_QUICKSIZE, a serial merge for merges
 * below SORT_MERGESIZE, and the binary search that splits a parallel merge.
 * Ranges are half-open: a[0 .. n).
 */
#ifndef SORT_H
#define SORT_H

#include "bench.h"

#define SORT_QUICKSIZE 2048
#define SORT_MERGESIZE 2048

static inline void sort_swap(long *a, long *b)
{
    long t = *a;
    *a = *b;
    *b = t;
}

static inline void sort_insertion(long *a, long n)
{
    for (long i = 1; i < n; i++) {
        long v = a[i], j = i;
        for (; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

/* Quicksort, median-of-three pivot; recurses on the smaller side. */
static inline void sort_serial(long *a, long n)
{
    while (n > 16) {
        long m = n / 2;
        if (a[m] < a[0]) sort_swap(&a[m], &a[0]);
        if (a[n - 1] < a[0]) sort_swap(&a[n - 1], &a[0]);
        if (a[n - 1] < a[m]) sort_swap(&a[n - 1], &a[m]);
        long pivot = a[m], i = 0, j = n - 1;
        while (i <= j) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i <= j) sort_swap(&a[i++], &a[j--]);
        }
        if (j + 1 < n - i) {
            sort_serial(a, j + 1);
            a += i;
            n -= i;
        } else {
            sort_serial(a + i, n - i);
            n = j + 1;
        }
    }
    sort_insertion(a, n);
}

static inline void sort_merge_serial(const long *a, long na, const long *b, long nb, long *d)
{
    while (na > 0 && nb > 0) {
        if (*b < *a) { *d++ = *b++; nb--; }
        else { *d++ = *a++; na--; }
    }
    while (na-- > 0) *d++ = *a++;
    while (nb-- > 0) *d++ = *b++;
}

/* Number of elements of b[0 .. n) that are less than v. */
static inline long sort_lower_bound(const long *b, long n, long v)
{
    long lo = 0, hi = n;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (b[mid] < v) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static inline void sort_fill(long *a, long n)
{
    for (long i = 0; i < n; i++)
        a[i] = (long)(bench_mix((unsigned long long)i) >> 2);
}

/* Prints "sorted N checksum" or "NOT SORTED"; outside the timed region. */
static inline void sort_check(const long *a, long n)
{
    unsigned long long sum = 0;
    for (long i = 0; i < n; i++) {
        if (i > 0 && a[i - 1] > a[i]) {
            printf("NOT SORTED at %ld\n", i);
            return;
        }
        sum += (unsigned long long)a[i];
    }
    printf("sorted %ld checksum %llu\n", n, sum);
}

#endif
