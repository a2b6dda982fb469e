/* cilksort with OpenMP tasks: the algorithm of bench/programs/cilksort.cilkc. */
#include "sort.h"

static void cilkmerge(long *a, long na, long *b, long nb, long *d)
{
    if (na < nb) {
        long *t = a;
        long nt = na;
        a = b;
        na = nb;
        b = t;
        nb = nt;
    }
    if (na + nb <= SORT_MERGESIZE || nb == 0) {
        sort_merge_serial(a, na, b, nb, d);
        return;
    }
    long ma = na / 2;
    long mb = sort_lower_bound(b, nb, a[ma]);
    d[ma + mb] = a[ma];
#pragma omp task
    cilkmerge(a, ma, b, mb, d);
#pragma omp task
    cilkmerge(a + ma + 1, na - ma - 1, b + mb, nb - mb, d + ma + mb + 1);
#pragma omp taskwait
}

static void cilksort(long *a, long *tmp, long n)
{
    long q = n / 4;
    if (n < SORT_QUICKSIZE) {
        sort_serial(a, n);
        return;
    }
#pragma omp task
    cilksort(a, tmp, q);
#pragma omp task
    cilksort(a + q, tmp + q, q);
#pragma omp task
    cilksort(a + 2 * q, tmp + 2 * q, q);
#pragma omp task
    cilksort(a + 3 * q, tmp + 3 * q, n - 3 * q);
#pragma omp taskwait
#pragma omp task
    cilkmerge(a, q, a + q, q, tmp);
#pragma omp task
    cilkmerge(a + 2 * q, q, a + 3 * q, n - 3 * q, tmp + 2 * q);
#pragma omp taskwait
#pragma omp task
    cilkmerge(tmp, 2 * q, tmp + 2 * q, n - 2 * q, a);
#pragma omp taskwait
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1000000);
    long *a = malloc((size_t)n * sizeof *a);
    long *tmp = malloc((size_t)n * sizeof *tmp);
    double t = 0;
    if (!a || !tmp)
        return 1;
    sort_fill(a, n);
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        cilksort(a, tmp, n);
        t = bench_now() - t0;
    }
    sort_check(a, n);
    bench_report(t);
    free(a);
    free(tmp);
    return 0;
}
