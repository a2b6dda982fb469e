/*
 * heat.h: the serial pieces of the heat benchmark: Jacobi iteration of the
 * 2-D heat equation on an n x n grid with fixed boundary (top edge hot).
 * One step computes rows [lo, hi) of v from u; the parallel versions split
 * the rows down to HEAT_GRAIN (heat: spawn recursion and task peers;
 * heatfor: a cilk_for with grainsize HEAT_GRAIN and loop peers with the
 * same grain). Every cell is computed by the same formula
 * whatever the schedule, so the checksum does not depend on it.
 */
#ifndef HEAT_H
#define HEAT_H

#include "bench.h"

#define HEAT_GRAIN 16
#define HEAT_STEPS 40

static inline void heat_rows_serial(const double *u, double *v, long n, long lo, long hi)
{
    for (long i = lo; i < hi; i++)
        for (long j = 1; j < n - 1; j++)
            v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                   u[i * n + j - 1] + u[i * n + j + 1]);
}

/* Both grids get the boundary; the interior starts cold. */
static inline void heat_init(double *u, double *v, long n)
{
    for (long i = 0; i < n * n; i++)
        u[i] = v[i] = i < n ? 100.0 : 0.0;
}

static inline void heat_check(const double *u, long n)
{
    double sum = 0;
    for (long i = 0; i < n * n; i++)
        sum += u[i];
    printf("heat %ld steps %d sum %.6f\n", n, HEAT_STEPS, sum);
}

/* The two n x n grids, initialized; 0 if memory ran out. */
static inline int heat_setup(long n, double **u, double **v)
{
    *u = (double *)malloc((size_t)(n * n) * sizeof **u);
    *v = (double *)malloc((size_t)(n * n) * sizeof **v);
    if (!*u || !*v)
        return 0;
    heat_init(*u, *v, n);
    return 1;
}

/* r: the grid holding the last step; t: the time of the steps. */
static inline void heat_finish(const double *r, double *u, double *v, long n, double t)
{
    heat_check(r, n);
    bench_report(t);
    free(u);
    free(v);
}

#endif
