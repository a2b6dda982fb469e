// cilksort with oneTBB task_group: the algorithm of bench/programs/cilksort.cilkc.
#include "peer_tbb.h"
#include "sort.h"

static void cilkmerge(long *a, long na, long *b, long nb, long *d)
{
    if (na < nb) {
        std::swap(a, b);
        std::swap(na, nb);
    }
    if (na + nb <= SORT_MERGESIZE || nb == 0) {
        sort_merge_serial(a, na, b, nb, d);
        return;
    }
    long ma = na / 2;
    long mb = sort_lower_bound(b, nb, a[ma]);
    d[ma + mb] = a[ma];
    tbb::task_group g;
    g.run([=] { cilkmerge(a, ma, b, mb, d); });
    g.run([=] { cilkmerge(a + ma + 1, na - ma - 1, b + mb, nb - mb, d + ma + mb + 1); });
    g.wait();
}

static void cilksort(long *a, long *tmp, long n)
{
    long q = n / 4;
    if (n < SORT_QUICKSIZE) {
        sort_serial(a, n);
        return;
    }
    tbb::task_group g;
    g.run([=] { cilksort(a, tmp, q); });
    g.run([=] { cilksort(a + q, tmp + q, q); });
    g.run([=] { cilksort(a + 2 * q, tmp + 2 * q, q); });
    g.run([=] { cilksort(a + 3 * q, tmp + 3 * q, n - 3 * q); });
    g.wait();
    g.run([=] { cilkmerge(a, q, a + q, q, tmp); });
    g.run([=] { cilkmerge(a + 2 * q, q, a + 3 * q, n - 3 * q, tmp + 2 * q); });
    g.wait();
    g.run([=] { cilkmerge(tmp, 2 * q, tmp + 2 * q, n - 2 * q, a); });
    g.wait();
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1000000);
    long *a = (long *)malloc((size_t)n * sizeof *a);
    long *tmp = (long *)malloc((size_t)n * sizeof *tmp);
    if (!a || !tmp)
        return 1;
    sort_fill(a, n);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    cilksort(a, tmp, n);
    double t = bench_now() - t0;
    sort_check(a, n);
    bench_report(t);
    free(a);
    free(tmp);
    return 0;
}
