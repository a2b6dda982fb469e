// spawnloop with oneTBB task_group: the algorithm of bench/programs/spawnloop.cilkc.
#include "peer_tbb.h"

static unsigned long long total;

static void leaf(long i)
{
    __atomic_fetch_add(&total, bench_mix((unsigned long long)i) & 0xff, __ATOMIC_RELAXED);
}

static void spawnloop(long n)
{
    tbb::task_group g;
    for (long i = 0; i < n; i++)
        g.run([i] { leaf(i); });
    g.wait();
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1000000);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    spawnloop(n);
    double t = bench_now() - t0;
    printf("spawnloop(%ld) = %llu\n", n, total);
    bench_report(t);
    return 0;
}
