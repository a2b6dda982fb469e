/* forloop with OpenMP: the loop of bench/programs/forloop.cilkc as a
 * `parallel for` (static schedule, the OpenMP default) inside a team
 * started before the timed region. */
#include <stdlib.h>

#include "bench.h"

static unsigned char *out;

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 10000000);
    out = calloc((size_t)n + 1, 1);
    if (!out)
        return 2;
    double t = 0;
#pragma omp parallel
    {
#pragma omp single
        t = bench_now();
#pragma omp for
        for (long i = 0; i < n; i++)
            out[i] = (unsigned char)(bench_mix((unsigned long long)i) & 0xff);
#pragma omp single
        t = bench_now() - t;
    }
    unsigned long long total = 0;
    for (long i = 0; i < n; i++)
        total += out[i];
    printf("forloop(%ld) = %llu\n", n, total);
    bench_report(t);
    free(out);
    return 0;
}
