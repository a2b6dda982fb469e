/* reducesum with OpenMP tasks: the sum of bench/common/reducesum.h as a
 * `taskloop reduction(+: sum)` (OpenMP 5.0; the default grain) run by one
 * thread of a team started before the timed region; the others take its
 * tasks. */
#include "reducesum.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, REDUCESUM_SIZE);
    unsigned long long sum = 0;
    double t = 0;
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
#pragma omp taskloop reduction(+ : sum)
        for (long i = 0; i < n; i++)
            sum += reducesum_elem(i);
        t = bench_now() - t0;
    }
    reducesum_print(n, sum);
    bench_report(t);
    return 0;
}
