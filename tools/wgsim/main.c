/*
 * wgsim: simulate the work-generation model (model.h) and print the load.
 *
 *   wgsim [-n N] [-l LAMBDA] [-D uniform|point|skewed]
 *         [-f none|one|half|sqrt|pow2] [-s STEPS] [-r SEED] [-e EVERY] [-S]
 *
 * Prints CSV "step,total,max" after every EVERY-th step (default 1), or,
 * with -S, one summary line: the means of the total and maximum load over
 * the second half of the steps (the steady state, if there is one), the
 * final loads, and the drift: the change of the total load per step over
 * that second half (about 0 for a stable run, lambda n - 1 for the point
 * distribution without stealing).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "model.h"

#define WG_MAX_N 1048576L

typedef struct {
    wg_params p;
    long steps, every;
    int summary;
} options;

static void usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "wgsim: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nusage: wgsim [-n N] [-l LAMBDA] [-D uniform|point|skewed] "
                    "[-f none|one|half|sqrt|pow2] [-s STEPS] [-r SEED] [-e EVERY] [-S]\n");
    exit(2);
}

static long parse_long(const char *arg, long min, const char *what)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno || end == arg || *end || v < min)
        usage_error(what, arg);
    return v;
}

static double parse_lambda(const char *arg)
{
    char *end;
    double v = strtod(arg, &end);
    if (end == arg || *end || !(v >= 0 && v <= 1))
        usage_error("expected lambda in [0, 1], saw '%s'", arg);
    return v;
}

static options parse_options(int argc, char **argv)
{
    options o = {{16, 0.5, WG_D_UNIFORM, WG_F_HALF, 1}, 1000, 1, 0};
    int c, k;
    long n;
    while ((c = getopt(argc, argv, "n:l:D:f:s:r:e:S")) != -1) {
        switch (c) {
        case 'n':
            n = parse_long(optarg, 1, "expected n >= 1, saw '%s'");
            if (n > WG_MAX_N)
                usage_error("n '%s' is too large (at most 1048576)", optarg);
            o.p.n = (int)n;
            break;
        case 'l':
            o.p.lambda = parse_lambda(optarg);
            break;
        case 'D':
            if ((k = wg_dist_parse(optarg)) < 0)
                usage_error("expected D uniform, point or skewed, saw '%s'", optarg);
            o.p.dist = (wg_dist)k;
            break;
        case 'f':
            if ((k = wg_steal_parse(optarg)) < 0)
                usage_error("expected f none, one, half, sqrt or pow2, saw '%s'", optarg);
            o.p.steal = (wg_steal)k;
            break;
        case 's':
            o.steps = parse_long(optarg, 1, "expected steps >= 1, saw '%s'");
            break;
        case 'r':
            o.p.seed = (uint64_t)parse_long(optarg, 0, "expected a seed >= 0, saw '%s'");
            break;
        case 'e':
            o.every = parse_long(optarg, 1, "expected every >= 1, saw '%s'");
            break;
        case 'S':
            o.summary = 1;
            break;
        default:
            usage_error("bad option%s", "");
        }
    }
    if (optind < argc)
        usage_error("unexpected argument '%s'", argv[optind]);
    return o;
}

static void print_series(wg_sim *s, const options *o)
{
    printf("step,total,max\n");
    for (long t = 1; t <= o->steps; t++) {
        wg_step(s);
        if (t % o->every == 0)
            printf("%ld,%ld,%ld\n", t, wg_total(s), wg_max(s));
    }
}

static void print_summary(wg_sim *s, const options *o)
{
    double total = 0, max = 0;
    long from = o->steps / 2 + 1, at_half = 0;
    for (long t = 1; t <= o->steps; t++) {
        wg_step(s);
        if (t == from - 1)
            at_half = wg_total(s);
        if (t >= from) {
            total += (double)wg_total(s);
            max += (double)wg_max(s);
        }
    }
    double k = (double)(o->steps - from + 1);
    printf("n,lambda,D,f,steps,seed,mean_total,mean_max,final_total,final_max,drift\n");
    printf("%d,%g,%s,%s,%ld,%llu,%.3f,%.3f,%ld,%ld,%.4f\n", o->p.n, o->p.lambda,
           wg_dist_names[o->p.dist], wg_steal_names[o->p.steal], o->steps,
           (unsigned long long)o->p.seed, total / k, max / k, wg_total(s), wg_max(s),
           (double)(wg_total(s) - at_half) / k);
}

int main(int argc, char **argv)
{
    options o = parse_options(argc, argv);
    wg_sim *s = wg_new(&o.p);
    if (!s) {
        fprintf(stderr, "wgsim: error: out of memory for n = %d\n", o.p.n);
        return 1;
    }
    if (o.summary)
        print_summary(s, &o);
    else
        print_series(s, &o);
    wg_free(s);
    return ferror(stdout) ? 1 : 0;
}
