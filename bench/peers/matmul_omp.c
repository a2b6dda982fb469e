/* matmul with OpenMP tasks: the algorithm of bench/programs/matmul.cilkc. */
#include "matmul.h"

static void mm_add(double *c, long ldc, const double *t, long ldt, long n)
{
    long h = n / 2;
    if (n <= MM_BASE) {
        mm_add_serial(c, ldc, t, ldt, n);
        return;
    }
#pragma omp task
    mm_add(c, ldc, t, ldt, h);
#pragma omp task
    mm_add(c + h, ldc, t + h, ldt, h);
#pragma omp task
    mm_add(c + h * ldc, ldc, t + h * ldt, ldt, h);
#pragma omp task
    mm_add(c + h * ldc + h, ldc, t + h * ldt + h, ldt, h);
#pragma omp taskwait
}

static void mm(double *c, long ldc, const double *a, long lda, const double *b, long ldb, long n)
{
    long h = n / 2;
    if (n <= MM_BASE) {
        mm_mult_serial(c, ldc, a, lda, b, ldb, n);
        return;
    }
    double *t = malloc((size_t)(n * n) * sizeof *t);
#pragma omp task
    mm(c, ldc, a, lda, b, ldb, h);
#pragma omp task
    mm(c + h, ldc, a, lda, b + h, ldb, h);
#pragma omp task
    mm(c + h * ldc, ldc, a + h * lda, lda, b, ldb, h);
#pragma omp task
    mm(c + h * ldc + h, ldc, a + h * lda, lda, b + h, ldb, h);
#pragma omp task
    mm(t, n, a + h, lda, b + h * ldb, ldb, h);
#pragma omp task
    mm(t + h, n, a + h, lda, b + h * ldb + h, ldb, h);
#pragma omp task
    mm(t + h * n, n, a + h * lda + h, lda, b + h * ldb, ldb, h);
#pragma omp task
    mm(t + h * n + h, n, a + h * lda + h, lda, b + h * ldb + h, ldb, h);
#pragma omp taskwait
#pragma omp task
    mm_add(c, ldc, t, n, n);
#pragma omp taskwait
    free(t);
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 256);
    double *a = malloc((size_t)(n * n) * sizeof *a);
    double *b = malloc((size_t)(n * n) * sizeof *b);
    double *c = malloc((size_t)(n * n) * sizeof *c);
    double t = 0;
    if (!a || !b || !c)
        return 1;
    mm_fill(a, b, n);
    /* The team starts before the timed region, as cilkc's pool does; one
     * thread times the computation, the others take its tasks. */
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        mm(c, n, a, n, b, n, n);
        t = bench_now() - t0;
    }
    mm_check(c, n);
    bench_report(t);
    free(a);
    free(b);
    free(c);
    return 0;
}
