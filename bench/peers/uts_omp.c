/* uts with OpenMP tasks: the algorithm of bench/programs/uts.cilkc. */
#include "uts.h"

static long uts(unsigned long long id, int depth, int maxdepth)
{
    long r[UTS_MAXCHILD];
    long count = 1;
    int nc = uts_nchildren(id, depth, maxdepth);
    for (int i = 0; i < nc; i++) {
#pragma omp task shared(r)
        r[i] = uts(uts_child(id, i), depth + 1, maxdepth);
    }
#pragma omp taskwait
    for (int i = 0; i < nc; i++)
        count += r[i];
    return count;
}

int main(int argc, char **argv)
{
    int depth = (int)bench_size(argc, argv, 9);
    long nodes = 0;
    double t = 0;
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        nodes = uts(1, 0, depth);
        t = bench_now() - t0;
    }
    printf("uts(depth %d) = %ld nodes\n", depth, nodes);
    bench_report(t);
    return 0;
}
