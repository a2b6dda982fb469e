/*
 * matmul.h: the serial pieces of the lecture's divide-and-conquer matrix
 * product: below MM_BASE, C = A*B and C += T as plain loops. Matrices are
 * row-major with a leading dimension (ld) so quadrants need no copies.
 * Inputs are small integers, so every sum is exact and the checksum is the
 * same whatever the order of evaluation.
 */
#ifndef MATMUL_H
#define MATMUL_H

#include "bench.h"

#define MM_BASE 32

static inline void mm_mult_serial(double *c, long ldc, const double *a, long lda,
                                  const double *b, long ldb, long n)
{
    for (long i = 0; i < n; i++) {
        for (long j = 0; j < n; j++)
            c[i * ldc + j] = 0;
        for (long k = 0; k < n; k++) {
            double aik = a[i * lda + k];
            for (long j = 0; j < n; j++)
                c[i * ldc + j] += aik * b[k * ldb + j];
        }
    }
}

static inline void mm_add_serial(double *c, long ldc, const double *t, long ldt, long n)
{
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
            c[i * ldc + j] += t[i * ldt + j];
}

static inline void mm_fill(double *a, double *b, long n)
{
    for (long i = 0; i < n * n; i++) {
        a[i] = (double)(bench_mix((unsigned long long)i) % 7) - 3;
        b[i] = (double)(bench_mix((unsigned long long)(i + n * n)) % 5) - 2;
    }
}

static inline void mm_check(const double *c, long n)
{
    double sum = 0, wsum = 0;
    for (long i = 0; i < n * n; i++) {
        sum += c[i];
        wsum += c[i] * (double)(i % 13);
    }
    printf("matmul %ld sum %.0f weighted %.0f\n", n, sum, wsum);
}

#endif
