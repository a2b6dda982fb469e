/*
 * knapsack.h: the input of the knapsack benchmark. The search is
 * exhaustive (every subset that fits is visited; no bound shared between
 * branches, unlike Cilk-5's knapsack.cilk), so the work is the same in
 * every run and every version.
 */
#ifndef KNAPSACK_H
#define KNAPSACK_H

#include "bench.h"

#define KNAP_MAXITEMS 64

static int knap_weight[KNAP_MAXITEMS];
static int knap_value[KNAP_MAXITEMS];
static int knap_nitems;

/* Returns the capacity: half the total weight. */
static inline int knap_init(int n)
{
    int total = 0;
    knap_nitems = n < KNAP_MAXITEMS ? n : KNAP_MAXITEMS;
    for (int i = 0; i < knap_nitems; i++) {
        knap_weight[i] = 1 + (int)(bench_mix((unsigned long long)i) % 50);
        knap_value[i] = 1 + (int)(bench_mix((unsigned long long)(i + 1000)) % 100);
        total += knap_weight[i];
    }
    return total / 2;
}

#endif
