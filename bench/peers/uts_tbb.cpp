// uts with oneTBB task_group: the algorithm of bench/programs/uts.cilkc.
#include "peer_tbb.h"
#include "uts.h"

static long uts(unsigned long long id, int depth, int maxdepth)
{
    long r[UTS_MAXCHILD];
    long count = 1;
    int nc = uts_nchildren(id, depth, maxdepth);
    tbb::task_group g;
    for (int i = 0; i < nc; i++)
        g.run([=, &r] { r[i] = uts(uts_child(id, i), depth + 1, maxdepth); });
    g.wait();
    for (int i = 0; i < nc; i++)
        count += r[i];
    return count;
}

int main(int argc, char **argv)
{
    int depth = (int)bench_size(argc, argv, 9);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    long nodes = uts(1, 0, depth);
    double t = bench_now() - t0;
    printf("uts(depth %d) = %ld nodes\n", depth, nodes);
    bench_report(t);
    return 0;
}
