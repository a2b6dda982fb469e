/* nqueens5 with OpenMP tasks: the algorithm of bench/programs/nqueens5.cilkc
 * (the parent waits at taskwait, so its stack's alloca'd boards outlive
 * the tasks that read them). */
#include <alloca.h>
#include <string.h>
#include "nqueens.h"

static int nqueens(int n, int j, const char *a)
{
    int total = 0;
    if (j == n)
        return 1;
    int *count = alloca((size_t)n * sizeof *count);
    for (int i = 0; i < n; i++) {
        char *b = alloca((size_t)j + 1);
        memcpy(b, a, (size_t)j);
        b[j] = (char)i;
        count[i] = 0;
        if (safe(j + 1, b)) {
#pragma omp task firstprivate(b, i)
            count[i] = nqueens(n, j + 1, b);
        }
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        total += count[i];
    return total;
}

int main(int argc, char **argv)
{
    int n = (int)bench_size(argc, argv, 11);
    int r = 0;
    double t = 0;
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        r = nqueens(n, 0, "");
        t = bench_now() - t0;
    }
    printf("nqueens(%d) = %d\n", n, r);
    bench_report(t);
    return 0;
}
