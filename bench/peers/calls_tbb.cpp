// calls with oneTBB task_group: the algorithm of bench/programs/calls.cilkc.
#include "peer_tbb.h"

static long leaf(long i) { return (long)(bench_mix((unsigned long long)i) & 0xff); }

static long pair(long i)
{
    long x, y;
    tbb::task_group g;
    g.run([&x, i] { x = leaf(i); });
    y = leaf(i + 1);
    g.wait();
    return x + y;
}

static long calls(long n)
{
    long s = 0;
    for (long i = 0; i < n; i++)
        s += pair(i);
    return s;
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 10000000);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    long s = calls(n);
    double t = bench_now() - t0;
    printf("calls(%ld) = %ld\n", n, s);
    bench_report(t);
    return 0;
}
