/*
 * peer_tbb.h: how the oneTBB peers set their number of threads: from
 * BENCH_NWORKERS (set by bench/run.sh like CILK_NWORKERS and
 * OMP_NUM_THREADS), through tbb::global_control for the whole run.
 * peer_tbb_start() also starts the thread pool before the timed region.
 */
#ifndef PEER_TBB_H
#define PEER_TBB_H

#include <cstdlib>
#include <memory>
#include <thread>

#include <tbb/global_control.h>
#include <tbb/task_group.h>

#include "bench.h"

static inline std::unique_ptr<tbb::global_control> peer_tbb_start()
{
    const char *s = std::getenv("BENCH_NWORKERS");
    int p = s ? std::atoi(s) : (int)std::thread::hardware_concurrency();
    auto gc = std::make_unique<tbb::global_control>(
        tbb::global_control::max_allowed_parallelism, p > 0 ? p : 1);
    tbb::task_group g;
    g.run([] {});
    g.wait();
    return gc;
}

#endif
