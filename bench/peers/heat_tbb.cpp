// heat with oneTBB task_group: the algorithm of bench/programs/heat.cilkc.
#include "heat.h"
#include "peer_tbb.h"

static void heat_rows(const double *u, double *v, long n, long lo, long hi)
{
    long mid = lo + (hi - lo) / 2;
    if (hi - lo <= HEAT_GRAIN) {
        heat_rows_serial(u, v, n, lo, hi);
        return;
    }
    tbb::task_group g;
    g.run([=] { heat_rows(u, v, n, lo, mid); });
    g.run([=] { heat_rows(u, v, n, mid, hi); });
    g.wait();
}

static double *heat(double *u, double *v, long n, int steps)
{
    tbb::task_group g;
    for (int s = 0; s < steps; s++) {
        g.run([=] { heat_rows(u, v, n, 1, n - 1); });
        g.wait();
        std::swap(u, v);
    }
    return u;
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 512);
    double *u, *v;
    if (!heat_setup(n, &u, &v))
        return 1;
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    double *r = heat(u, v, n, HEAT_STEPS);
    double t = bench_now() - t0;
    heat_finish(r, u, v, n, t);
    return 0;
}
