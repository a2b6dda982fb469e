/* knapsack with OpenMP tasks: the algorithm of bench/programs/knapsack.cilkc. */
#include "knapsack.h"

static int knapsack(int i, int cap)
{
    int without, with = -1;
    if (i == knap_nitems)
        return 0;
#pragma omp task shared(without)
    without = knapsack(i + 1, cap);
    if (knap_weight[i] <= cap) {
#pragma omp task shared(with)
        with = knapsack(i + 1, cap - knap_weight[i]);
    }
#pragma omp taskwait
    if (with >= 0 && with + knap_value[i] > without)
        return with + knap_value[i];
    return without;
}

int main(int argc, char **argv)
{
    int n = (int)bench_size(argc, argv, 20);
    int cap = knap_init(n);
    int best = 0;
    double t = 0;
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        best = knapsack(0, cap);
        t = bench_now() - t0;
    }
    printf("knapsack(%d items, capacity %d) = %d\n", knap_nitems, cap, best);
    bench_report(t);
    return 0;
}
