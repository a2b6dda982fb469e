/*
 * bench_main.c: one timed run of a hand-lowered program, for run.sh.
 *
 *     bench_hand-MODE fib N | queens N | loop N
 *
 * prints "seconds result spawns maxrss_kb cpu_seconds" on one line (cpu:
 * user + system time of the process, which time-slicing on a shared
 * machine does not inflate). Linked three ways:
 * with serial.c (the serial elision), with the continuation-mode or with
 * the child-mode translations of tests/runtime/hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cilkrt.h"
#include "hand.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s fib|queens|loop N\n", argv[0]);
        return 2;
    }
    long n = atol(argv[2]), result;
    board empty = {{0}};
    double t0 = now();
    if (strcmp(argv[1], "fib") == 0)
        result = fib((int)n);
    else if (strcmp(argv[1], "queens") == 0)
        result = queens((int)n, 0, empty);
    else if (strcmp(argv[1], "loop") == 0)
        result = spawn_loop(n);
    else {
        fprintf(stderr, "%s: unknown program '%s'\n", argv[0], argv[1]);
        return 2;
    }
    double t = now() - t0;
    cilkrt_stats s = {0};
#ifndef SERIAL
    cilkrt_stats_get(&s);
#endif
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    printf("%.6f %ld %lu %ld %.6f\n", t, result, s.spawns, ru.ru_maxrss, cpu);
    return 0;
}
