// forloop with oneTBB: the loop of bench/programs/forloop.cilkc as a
// parallel_for over a blocked_range (auto partitioner, the default).
#include <tbb/parallel_for.h>

#include <cstdlib>

#include "peer_tbb.h"

static unsigned char *out;

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 10000000);
    out = static_cast<unsigned char *>(calloc((size_t)n + 1, 1));
    if (!out)
        return 2;
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    tbb::parallel_for(tbb::blocked_range<long>(0, n), [](const tbb::blocked_range<long> &r) {
        for (long i = r.begin(); i < r.end(); i++)
            out[i] = (unsigned char)(bench_mix((unsigned long long)i) & 0xff);
    });
    double t = bench_now() - t0;
    unsigned long long total = 0;
    for (long i = 0; i < n; i++)
        total += out[i];
    printf("forloop(%ld) = %llu\n", n, total);
    bench_report(t);
    free(out);
    return 0;
}
