// nqueens with oneTBB task_group: the algorithm of bench/programs/nqueens.cilkc.
#include "peer_tbb.h"

#define NQ_MAX 32

static int nqueens(int n, int row, unsigned cols, unsigned d1, unsigned d2)
{
    int r[NQ_MAX];
    int total = 0;
    unsigned free_cols = ~(cols | d1 | d2) & ((1u << n) - 1);
    if (row == n)
        return 1;
    tbb::task_group g;
    for (int i = 0; i < n; i++) {
        unsigned b = 1u << i;
        r[i] = 0;
        if (free_cols & b)
            g.run([=, &r] { r[i] = nqueens(n, row + 1, cols | b, (d1 | b) << 1, (d2 | b) >> 1); });
    }
    g.wait();
    for (int i = 0; i < n; i++)
        total += r[i];
    return total;
}

int main(int argc, char **argv)
{
    int n = (int)bench_size(argc, argv, 11);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    int r = nqueens(n, 0, 0, 0, 0);
    double t = bench_now() - t0;
    printf("nqueens(%d) = %d\n", n, r);
    bench_report(t);
    return 0;
}
