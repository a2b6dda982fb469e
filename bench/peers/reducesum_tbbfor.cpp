// reducesum with oneTBB: the sum of bench/common/reducesum.h as a
// parallel_reduce over a blocked_range (auto partitioner, the default),
// each subrange summed into a local, the partial sums added.
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <functional>

#include "peer_tbb.h"
#include "reducesum.h"

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, REDUCESUM_SIZE);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    unsigned long long sum = tbb::parallel_reduce(
        tbb::blocked_range<long>(0, n), 0ULL,
        [](const tbb::blocked_range<long> &r, unsigned long long s) {
            for (long i = r.begin(); i < r.end(); i++)
                s += reducesum_elem(i);
            return s;
        },
        std::plus<unsigned long long>());
    double t = bench_now() - t0;
    reducesum_print(n, sum);
    bench_report(t);
    return 0;
}
