// nqueens5 with oneTBB task_group: the algorithm of bench/programs/nqueens5.cilkc
// (the parent waits in g.wait(), so its alloca'd boards outlive the tasks).
#include <alloca.h>
#include <string.h>
#include "nqueens.h"
#include "peer_tbb.h"

static int nqueens(int n, int j, const char *a)
{
    int total = 0;
    if (j == n)
        return 1;
    int *count = static_cast<int *>(alloca((size_t)n * sizeof(int)));
    tbb::task_group g;
    for (int i = 0; i < n; i++) {
        char *b = static_cast<char *>(alloca((size_t)j + 1));
        memcpy(b, a, (size_t)j);
        b[j] = (char)i;
        count[i] = 0;
        if (safe(j + 1, b))
            g.run([=] { count[i] = nqueens(n, j + 1, b); });
    }
    g.wait();
    for (int i = 0; i < n; i++)
        total += count[i];
    return total;
}

int main(int argc, char **argv)
{
    int n = (int)bench_size(argc, argv, 11);
    auto pool = peer_tbb_start();
    double t0 = bench_now();
    int r = nqueens(n, 0, "");
    double t = bench_now() - t0;
    printf("nqueens(%d) = %d\n", n, r);
    bench_report(t);
    return 0;
}
