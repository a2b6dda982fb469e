// forloop with oneTBB: the loop of bench/programs/forloop.cilkc as a
// parallel_for over a blocked_range (auto partitioner, the default),
// FORLOOP_REPEAT times; the time per loop.
#include <tbb/parallel_for.h>

#include "forloop.h"
#include "peer_tbb.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, FORLOOP_SIZE);
    unsigned char *out = forloop_alloc(n);
    if (!out)
        return 2;
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    for (int k = 0; k < FORLOOP_REPEAT; k++)
        tbb::parallel_for(tbb::blocked_range<long>(0, n), [out](const tbb::blocked_range<long> &r) {
            for (long i = r.begin(); i < r.end(); i++)
                forloop_body(out, i);
        });
    double t = (bench_now() - t0) / FORLOOP_REPEAT;
    forloop_check(out, n);
    bench_report(t);
    free(out);
    return 0;
}
