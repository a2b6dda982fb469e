/* nqueens with OpenMP tasks: the algorithm of bench/programs/nqueens.cilkc. */
#include "bench.h"

#define NQ_MAX 32

static int nqueens(int n, int row, unsigned cols, unsigned d1, unsigned d2)
{
    int r[NQ_MAX];
    int total = 0;
    unsigned free_cols = ~(cols | d1 | d2) & ((1u << n) - 1);
    if (row == n)
        return 1;
    for (int i = 0; i < n; i++) {
        unsigned b = 1u << i;
        r[i] = 0;
        if (free_cols & b) {
#pragma omp task shared(r)
            r[i] = nqueens(n, row + 1, cols | b, (d1 | b) << 1, (d2 | b) >> 1);
        }
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        total += r[i];
    return total;
}

int main(int argc, char **argv)
{
    int n = (int)bench_size(argc, argv, 11);
    int r = 0;
    double t = 0;
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        r = nqueens(n, 0, 0, 0, 0);
        t = bench_now() - t0;
    }
    printf("nqueens(%d) = %d\n", n, r);
    bench_report(t);
    return 0;
}
