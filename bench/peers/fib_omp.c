/* fib with OpenMP tasks: the algorithm of bench/programs/fib.cilkc. */
#include "bench.h"

static int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
#pragma omp task shared(x)
    x = fib(n - 1);
#pragma omp task shared(y)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}

int main(int argc, char **argv)
{
    int n = (int)bench_size(argc, argv, 30);
    int r = 0;
    double t = 0;
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        r = fib(n);
        t = bench_now() - t0;
    }
    printf("fib(%d) = %d\n", n, r);
    bench_report(t);
    return 0;
}
