/* heat with OpenMP tasks: the algorithm of bench/programs/heat.cilkc. */
#include "heat.h"

static void heat_rows(const double *u, double *v, long n, long lo, long hi)
{
    long mid = lo + (hi - lo) / 2;
    if (hi - lo <= HEAT_GRAIN) {
        heat_rows_serial(u, v, n, lo, hi);
        return;
    }
#pragma omp task
    heat_rows(u, v, n, lo, mid);
#pragma omp task
    heat_rows(u, v, n, mid, hi);
#pragma omp taskwait
}

static double *heat(double *u, double *v, long n, int steps)
{
    for (int s = 0; s < steps; s++) {
        double *t = u;
#pragma omp task
        heat_rows(u, v, n, 1, n - 1);
#pragma omp taskwait
        u = v;
        v = t;
    }
    return u;
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 512);
    double *u, *v, *r = NULL;
    double t = 0;
    if (!heat_setup(n, &u, &v))
        return 1;
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        r = heat(u, v, n, HEAT_STEPS);
        t = bench_now() - t0;
    }
    heat_finish(r, u, v, n, t);
    return 0;
}
