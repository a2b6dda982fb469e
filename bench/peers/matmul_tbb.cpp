// matmul with oneTBB task_group: the algorithm of bench/programs/matmul.cilkc.
#include "matmul.h"
#include "peer_tbb.h"

static void mm_add(double *c, long ldc, const double *t, long ldt, long n)
{
    long h = n / 2;
    if (n <= MM_BASE) {
        mm_add_serial(c, ldc, t, ldt, n);
        return;
    }
    tbb::task_group g;
    g.run([=] { mm_add(c, ldc, t, ldt, h); });
    g.run([=] { mm_add(c + h, ldc, t + h, ldt, h); });
    g.run([=] { mm_add(c + h * ldc, ldc, t + h * ldt, ldt, h); });
    g.run([=] { mm_add(c + h * ldc + h, ldc, t + h * ldt + h, ldt, h); });
    g.wait();
}

static void mm(double *c, long ldc, const double *a, long lda, const double *b, long ldb, long n)
{
    long h = n / 2;
    if (n <= MM_BASE) {
        mm_mult_serial(c, ldc, a, lda, b, ldb, n);
        return;
    }
    double *t = (double *)malloc((size_t)(n * n) * sizeof *t);
    tbb::task_group g;
    g.run([=] { mm(c, ldc, a, lda, b, ldb, h); });
    g.run([=] { mm(c + h, ldc, a, lda, b + h, ldb, h); });
    g.run([=] { mm(c + h * ldc, ldc, a + h * lda, lda, b, ldb, h); });
    g.run([=] { mm(c + h * ldc + h, ldc, a + h * lda, lda, b + h, ldb, h); });
    g.run([=] { mm(t, n, a + h, lda, b + h * ldb, ldb, h); });
    g.run([=] { mm(t + h, n, a + h, lda, b + h * ldb + h, ldb, h); });
    g.run([=] { mm(t + h * n, n, a + h * lda + h, lda, b + h * ldb, ldb, h); });
    g.run([=] { mm(t + h * n + h, n, a + h * lda + h, lda, b + h * ldb + h, ldb, h); });
    g.wait();
    g.run([=] { mm_add(c, ldc, t, n, n); });
    g.wait();
    free(t);
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 256);
    double *a = (double *)malloc((size_t)(n * n) * sizeof *a);
    double *b = (double *)malloc((size_t)(n * n) * sizeof *b);
    double *c = (double *)malloc((size_t)(n * n) * sizeof *c);
    if (!a || !b || !c)
        return 1;
    mm_fill(a, b, n);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    mm(c, n, a, n, b, n, n);
    double t = bench_now() - t0;
    mm_check(c, n);
    bench_report(t);
    free(a);
    free(b);
    free(c);
    return 0;
}
