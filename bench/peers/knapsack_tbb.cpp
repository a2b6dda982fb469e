// knapsack with oneTBB task_group: the algorithm of bench/programs/knapsack.cilkc.
#include "knapsack.h"
#include "peer_tbb.h"

static int knapsack(int i, int cap)
{
    int without, with = -1;
    if (i == knap_nitems)
        return 0;
    tbb::task_group g;
    g.run([&] { without = knapsack(i + 1, cap); });
    if (knap_weight[i] <= cap)
        g.run([&] { with = knapsack(i + 1, cap - knap_weight[i]); });
    g.wait();
    if (with >= 0 && with + knap_value[i] > without)
        return with + knap_value[i];
    return without;
}

int main(int argc, char **argv)
{
    int n = (int)bench_size(argc, argv, 20);
    int cap = knap_init(n);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    int best = knapsack(0, cap);
    double t = bench_now() - t0;
    printf("knapsack(%d items, capacity %d) = %d\n", knap_nitems, cap, best);
    bench_report(t);
    return 0;
}
