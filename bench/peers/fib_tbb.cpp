// fib with oneTBB task_group: the algorithm of bench/programs/fib.cilkc.
#include "peer_tbb.h"

static int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    tbb::task_group g;
    g.run([&] { x = fib(n - 1); });
    g.run([&] { y = fib(n - 2); });
    g.wait();
    return x + y;
}

int main(int argc, char **argv)
{
    int n = (int)bench_size(argc, argv, 30);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    int r = fib(n);
    double t = bench_now() - t0;
    printf("fib(%d) = %d\n", n, r);
    bench_report(t);
    return 0;
}
