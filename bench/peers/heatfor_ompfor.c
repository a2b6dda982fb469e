/* heatfor with OpenMP: each step of bench/programs/heatfor.cilkc as a
 * `for` over the interior rows, in chunks of HEAT_GRAIN rows handed out
 * dynamically (schedule(dynamic, HEAT_GRAIN): the cilk_for's grain, and
 * load balance like its steals), inside one team started before the
 * timed region; the implicit barrier ends each step. */
#include "heat.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 512);
    double *u, *v, *r = NULL;
    double t = 0;
    if (!heat_setup(n, &u, &v))
        return 1;
#pragma omp parallel
    {
#pragma omp single
        t = bench_now();
        double *a = u, *b = v;
        for (int s = 0; s < HEAT_STEPS; s++) {
#pragma omp for schedule(dynamic, HEAT_GRAIN)
            for (long i = 1; i < n - 1; i++)
                heat_rows_serial(a, b, n, i, i + 1);
            double *tmp = a;
            a = b;
            b = tmp;
        }
#pragma omp single
        {
            t = bench_now() - t;
            r = a;
        }
    }
    heat_finish(r, u, v, n, t);
    return 0;
}
