/*
 * bench.h: what every benchmark program shares, in all its versions
 * (the .cilkc programs in bench/programs/ and the OpenMP and TBB peers in
 * bench/peers/).
 *
 * The protocol with bench/run.sh: the program takes its problem size as
 * argv[1], prints its result on stdout (compared across configurations),
 * and prints on stderr the time of the computation alone (no start-up, no
 * input set-up, no check), its peak resident set size and the CPU time
 * (user + system, all threads) the process used up to the report, start-up
 * included, as `perf stat -e task-clock` counts it:
 *     time: SECONDS
 *     maxrss_kb: KIB
 *     cpu_s: SECONDS
 * Plain C that also compiles as C++ (the TBB peers include it).
 */
#ifndef BENCH_H
#define BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline long bench_size(int argc, char **argv, long dflt)
{
    return argc > 1 ? atol(argv[1]) : dflt;
}

static inline void bench_report(double seconds)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
    fflush(stdout);
    fprintf(stderr, "time: %.6f\nmaxrss_kb: %ld\ncpu_s: %.6f\n", seconds, ru.ru_maxrss, cpu);
}

/* Deterministic pseudo-random numbers (splitmix64): inputs and the
 * unbalanced tree are the same in every version and every run. */
static inline unsigned long long bench_mix(unsigned long long x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

#endif
