// heatfor with oneTBB: each step of bench/programs/heatfor.cilkc as a
// parallel_for over the interior rows, blocked_range with grain
// HEAT_GRAIN and the simple_partitioner (split down to the grain, like
// the cilk_for's recursion).
#include <tbb/parallel_for.h>

#include "heat.h"
#include "peer_tbb.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 512);
    double *u, *v;
    if (!heat_setup(n, &u, &v))
        return 1;
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    double *a = u, *b = v;
    for (int s = 0; s < HEAT_STEPS; s++) {
        tbb::parallel_for(
            tbb::blocked_range<long>(1, n - 1, HEAT_GRAIN),
            [a, b, n](const tbb::blocked_range<long> &r) {
                heat_rows_serial(a, b, n, r.begin(), r.end());
            },
            tbb::simple_partitioner());
        double *tmp = a;
        a = b;
        b = tmp;
    }
    double t = bench_now() - t0;
    heat_finish(a, u, v, n, t);
    return 0;
}
