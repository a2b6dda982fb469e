/* heatfor with OpenMP tasks: each step of bench/programs/heatfor.cilkc as
 * a `taskloop grainsize(HEAT_GRAIN)` over the interior rows (its implicit
 * taskgroup ends the step), run by one thread of a team started before
 * the timed region; the others take its tasks. */
#include "heat.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 512);
    double *u, *v, *r = NULL;
    double t = 0;
    if (!heat_setup(n, &u, &v))
        return 1;
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        double *a = u, *b = v;
        for (int s = 0; s < HEAT_STEPS; s++) {
#pragma omp taskloop grainsize(HEAT_GRAIN)
            for (long i = 1; i < n - 1; i++)
                heat_rows_serial(a, b, n, i, i + 1);
            double *tmp = a;
            a = b;
            b = tmp;
        }
        r = a;
        t = bench_now() - t0;
    }
    heat_finish(r, u, v, n, t);
    return 0;
}
