/* calls with OpenMP tasks: the algorithm of bench/programs/calls.cilkc. */
#include "bench.h"

static long leaf(long i) { return (long)(bench_mix((unsigned long long)i) & 0xff); }

static long pair(long i)
{
    long x, y;
#pragma omp task shared(x)
    x = leaf(i);
    y = leaf(i + 1);
#pragma omp taskwait
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
    long s = 0;
    double t = 0;
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        s = calls(n);
        t = bench_now() - t0;
    }
    printf("calls(%ld) = %ld\n", n, s);
    bench_report(t);
    return 0;
}
