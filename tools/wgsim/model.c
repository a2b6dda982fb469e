/*
 * model.c: one simulation of the work-generation model (model.h has the
 * rules of a step).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "rng.h"

#define WG_NAME(e, name) name,
const char *const wg_dist_names[WG_NDISTS] = {WG_DISTS(WG_NAME)};
const char *const wg_steal_names[WG_NSTEALS] = {WG_STEALS(WG_NAME)};
#undef WG_NAME

struct wg_sim {
    wg_params p;
    wg_rng rng;
    long *load;     /* tasks queued at each processor */
    double *cumul;  /* skewed D: cumul[k] = P(processor <= k) */
    int *asked;     /* requests each processor got this step */
    int *thief;     /* the request it answers */
    long *transfer; /* f(load) of each answering victim */
};

wg_sim *wg_new(const wg_params *p)
{
    if (p->n < 1 || !(p->lambda >= 0 && p->lambda <= 1))
        return NULL;
    wg_sim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t n = (size_t)p->n;
    s->p = *p;
    wg_rng_seed(&s->rng, p->seed);
    s->load = calloc(n, sizeof *s->load);
    s->cumul = calloc(n, sizeof *s->cumul);
    s->asked = calloc(n, sizeof *s->asked);
    s->thief = calloc(n, sizeof *s->thief);
    s->transfer = calloc(n, sizeof *s->transfer);
    if (!s->load || !s->cumul || !s->asked || !s->thief || !s->transfer) {
        wg_free(s);
        return NULL;
    }
    double sum = 0;
    for (size_t k = 0; k < n; k++)
        s->cumul[k] = sum += 1.0 / (double)(k + 1);
    for (size_t k = 0; k < n; k++)
        s->cumul[k] /= sum;
    return s;
}

void wg_free(wg_sim *s)
{
    if (!s)
        return;
    free(s->load);
    free(s->cumul);
    free(s->asked);
    free(s->thief);
    free(s->transfer);
    free(s);
}

long wg_steal_amount(wg_steal f, long l)
{
    switch (f) {
    case WG_F_NONE:
        return 0;
    case WG_F_ONE:
        return l >= 1;
    case WG_F_HALF:
        return (l + 1) / 2;
    case WG_F_SQRT: {
        long r = (long)sqrt((double)l);
        while (r * r > l) /* sqrt of a large double may round up */
            r--;
        return r;
    }
    case WG_F_POW2: {
        long k = 0;
        for (long half = l / 2; half > 0; half >>= 1)
            k = k ? k << 1 : 1;
        return k;
    }
    case WG_NSTEALS:
        break;
    }
    return 0;
}

/* The processor D places a generator on, for this step. */
static int place(wg_sim *s)
{
    switch (s->p.dist) {
    case WG_D_UNIFORM:
        return (int)wg_rng_below(&s->rng, (uint32_t)s->p.n);
    case WG_D_SKEWED: {
        double u = wg_rng_double(&s->rng);
        int lo = 0, hi = s->p.n - 1; /* the first k with u < cumul[k] */
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (u < s->cumul[mid])
                hi = mid;
            else
                lo = mid + 1;
        }
        return lo;
    }
    case WG_D_POINT:
    case WG_NDISTS:
        break;
    }
    return 0;
}

static void generate(wg_sim *s)
{
    for (int g = 0; g < s->p.n; g++) {
        int proc = place(s); /* placed whether or not it generates: D is per step */
        if (wg_rng_double(&s->rng) < s->p.lambda)
            s->load[proc]++;
    }
}

/* Each victim answers one of its requests, chosen uniformly (reservoir
 * sampling over the requests in arrival order). The amounts are fixed
 * before any task moves: a thief had load 0, so it gives nothing this
 * step even if it is asked and has just received. */
static void steal(wg_sim *s)
{
    int n = s->p.n;
    if (s->p.steal == WG_F_NONE || n < 2)
        return;
    memset(s->asked, 0, (size_t)n * sizeof *s->asked);
    for (int i = 0; i < n; i++) {
        if (s->load[i] != 0)
            continue;
        int v = (int)wg_rng_below(&s->rng, (uint32_t)(n - 1));
        v += v >= i; /* any processor but i */
        if (wg_rng_below(&s->rng, (uint32_t)++s->asked[v]) == 0)
            s->thief[v] = i;
    }
    for (int v = 0; v < n; v++)
        s->transfer[v] = s->asked[v] ? wg_steal_amount(s->p.steal, s->load[v]) : 0;
    for (int v = 0; v < n; v++) {
        s->load[v] -= s->transfer[v];
        s->load[s->thief[v]] += s->transfer[v];
    }
}

static void serve(wg_sim *s)
{
    for (int i = 0; i < s->p.n; i++)
        if (s->load[i] > 0)
            s->load[i]--;
}

void wg_step(wg_sim *s)
{
    generate(s);
    serve(s);
    steal(s);
}

long wg_total(const wg_sim *s)
{
    long t = 0;
    for (int i = 0; i < s->p.n; i++)
        t += s->load[i];
    return t;
}

long wg_max(const wg_sim *s)
{
    long m = 0;
    for (int i = 0; i < s->p.n; i++)
        if (s->load[i] > m)
            m = s->load[i];
    return m;
}

long wg_load(const wg_sim *s, int proc) { return s->load[proc]; }

static int lookup(const char *const *names, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

int wg_dist_parse(const char *name) { return lookup(wg_dist_names, WG_NDISTS, name); }
int wg_steal_parse(const char *name) { return lookup(wg_steal_names, WG_NSTEALS, name); }
