/* reducesum with OpenMP: the sum of bench/common/reducesum.h as a
 * `parallel for reduction(+: sum)` (static schedule, the OpenMP default)
 * inside a team started before the timed region. */
#include "reducesum.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, REDUCESUM_SIZE);
    unsigned long long sum = 0;
    double t = 0;
#pragma omp parallel
    {
#pragma omp single
        t = bench_now();
#pragma omp for reduction(+ : sum)
        for (long i = 0; i < n; i++)
            sum += reducesum_elem(i);
#pragma omp single
        t = bench_now() - t;
    }
    reducesum_print(n, sum);
    bench_report(t);
    return 0;
}
