/* spawnloop with OpenMP tasks: the algorithm of bench/programs/spawnloop.cilkc.
 * Both OpenMP runtimes throttle: past a limit of queued tasks (libgomp: 64
 * per thread; libomp: a full deque of 256) a new task runs at once instead
 * of being queued, so their pending tasks stay bounded, unlike TBB's. */
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
