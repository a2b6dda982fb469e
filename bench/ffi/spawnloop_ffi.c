/*
 * spawnloop_ffi.c: bench/programs/spawnloop.cilkc through libcilkrt's task
 * groups (plain C, no translator): one parent spawns n tiny children, then
 * syncs once. argv[2] picks the spawn and where the parent runs:
 *   spawnf-worker, ffi-worker   the loop runs on a worker (it is itself
 *                               spawned into a group), as a parallel
 *                               function's would: a worker group
 *   spawnf-thread, ffi-thread   the loop runs on the main thread, which is
 *                               not a worker: a shared group (batches)
 * spawnf is cilk_spawnf(.., "v(l)", ..); ffi is cilk_spawn_ffi with the
 * cif built once. Protocol of bench/common/bench.h.
 */
#include <cilkrt.h>
#include <string.h>

#include "bench.h"

static unsigned long long total;

static void leaf(long i)
{
    __atomic_fetch_add(&total, bench_mix((unsigned long long)i) & 0xff, __ATOMIC_RELAXED);
}

static int use_ffi;
static ffi_cif *leaf_cif;

static void spawnloop(long n)
{
    cilk_group g;
    cilk_group_init(&g);
    for (long i = 0; i < n; i++) {
        if (use_ffi) {
            void *args[] = {&i};
            cilk_spawn_ffi(&g, leaf_cif, (void (*)(void))leaf, NULL, args);
        } else {
            cilk_spawnf(&g, (void (*)(void))leaf, "v(l)", NULL, i);
        }
    }
    cilk_group_destroy(&g);
}

/* Run spawnloop(n) on a worker: spawn it into a group of this thread. */
static void on_worker(long n)
{
    cilk_group g;
    cilk_group_init(&g);
    cilk_spawnf(&g, (void (*)(void))spawnloop, "v(l)", NULL, n);
    cilk_group_destroy(&g);
}

int main(int argc, char **argv)
{
    long n = bench_size(argc, argv, 1000000);
    const char *mode = argc > 2 ? argv[2] : "spawnf-worker";
    use_ffi = strncmp(mode, "ffi", 3) == 0;
    int worker = strstr(mode, "worker") != NULL;
    leaf_cif = cilk_sig_cif("v(l)");
    on_worker(0); /* starts the worker pool outside the timed region */
    double t0 = bench_now();
    if (worker)
        on_worker(n);
    else
        spawnloop(n);
    double t = bench_now() - t0;
    printf("spawnloop(%ld) = %llu\n", n, total);
    bench_report(t);
    return 0;
}
