/* forloop with OpenMP tasks: the loop of bench/programs/forloop.cilkc as
 * a `taskloop` (the default grain: the runtime's choice) run by one thread
 * of a team started before the timed region; the others take its tasks.
 * FORLOOP_REPEAT taskloops (each ends with its implicit taskgroup); the
 * time per loop. */
#include "forloop.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, FORLOOP_SIZE);
    unsigned char *out = forloop_alloc(n);
    if (!out)
        return 2;
    double t = 0;
#pragma omp parallel
#pragma omp single
    {
        double t0 = bench_now();
        for (int r = 0; r < FORLOOP_REPEAT; r++) {
#pragma omp taskloop
            for (long i = 0; i < n; i++)
                forloop_body(out, i);
        }
        t = (bench_now() - t0) / FORLOOP_REPEAT;
    }
    forloop_check(out, n);
    bench_report(t);
    free(out);
    return 0;
}
