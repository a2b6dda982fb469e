/* spawnloop with OpenMP tasks: the algorithm of bench/programs/spawnloop.cilkc.
 * (libgomp defers at most 64 tasks per thread and runs the rest at once,
 * which bounds its pending tasks; libomp's deque holds 256 per thread.) */
#include "bench.h"

static unsigned long long total;

static void leaf(long i)
{
    __atomic_fetch_add(&total, bench_mix((unsigned long long)i) & 0xff, __ATOMIC_RELAXED);
}

static void spawnloop(long n)
{
    for (long i = 0; i < n; i++) {
#pragma omp task
        leaf(i);
    }
#pragma omp taskwait
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1000000);
    double t = 0;
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        spawnloop(n);
        t = bench_now() - t0;
    }
    printf("spawnloop(%ld) = %llu\n", n, total);
    bench_report(t);
    return 0;
}
