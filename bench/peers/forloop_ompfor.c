/* forloop with OpenMP: the loop of bench/programs/forloop.cilkc as a
 * `parallel for` (static schedule, the OpenMP default) inside a team
 * started before the timed region, FORLOOP_REPEAT times (each `for` ends
 * with its barrier); the time per loop. */
#include "forloop.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, FORLOOP_SIZE);
    unsigned char *out = forloop_alloc(n);
    if (!out)
        return 2;
    double t = 0;
#pragma omp parallel
    {
#pragma omp single
        t = bench_now();
        for (int r = 0; r < FORLOOP_REPEAT; r++) {
#pragma omp for
            for (long i = 0; i < n; i++)
                forloop_body(out, i);
        }
#pragma omp single
        t = (bench_now() - t) / FORLOOP_REPEAT;
    }
    forloop_check(out, n);
    bench_report(t);
    free(out);
    return 0;
}
