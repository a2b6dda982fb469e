/*
 * map.c: a parallel map over a table of function pointers with mixed
 * signatures, in plain C: no translator, only libcilkrt's task groups.
 *
 *     cc map.c $(pkg-config --cflags --libs cilkrt) -lm -o map
 *
 * Each row names a function, its signature (as cilk_spawnf spells it) and
 * its arguments; the map spawns every row through cilk_spawn_ffi with the
 * row's cached call interface, then syncs once. A second part spawns the
 * same function many times with cilk_spawnf and sums the results. The
 * output is the same at any CILK_NWORKERS.
 */
#include <cilkrt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Steps of the Collatz sequence from n down to 1. */
static long collatz(long n)
{
    long steps = 0;
    for (; n != 1; steps++)
        n = n % 2 ? 3 * n + 1 : n / 2;
    return steps;
}

static unsigned char low_byte(unsigned x) { return (unsigned char)x; }
static short diff(short a, short b) { return (short)(a - b); }
static float scale(float x, int k) { return x * (float)k; }
static void fill(char *buf, int n, char c)
{
    memset(buf, c, (size_t)n);
    buf[n] = '\0';
}

typedef union {
    int i;
    unsigned u;
    long l;
    short s;
    float f;
    double d;
    char c;
    void *p;
    size_t z;
} value;

typedef struct {
    const char *name;
    void (*fn)(void);
    const char *sig;
    value arg[3];
    value result;
} row;

#define FN(f) ((void (*)(void))(f))

int main(void)
{
    static char buf[8];
    row table[] = {
        {"hypot", FN(hypot), "d(dd)", {{.d = 3}, {.d = 4}}, {0}},
        {"ldexp", FN(ldexp), "d(di)", {{.d = 0.75}, {.i = 10}}, {0}},
        {"labs", FN(labs), "l(l)", {{.l = -123456789L}}, {0}},
        {"strlen", FN(strlen), "z(p)", {{.p = "task groups"}}, {0}},
        {"collatz", FN(collatz), "l(l)", {{.l = 837799}}, {0}},
        {"low_byte", FN(low_byte), "B(I)", {{.u = 0x1234abcdu}}, {0}},
        {"diff", FN(diff), "h(hh)", {{.s = -30000}, {.s = 2767}}, {0}},
        {"scale", FN(scale), "f(fi)", {{.f = 1.5f}, {.i = -3}}, {0}},
        {"fill", FN(fill), "v(pic)", {{.p = buf}, {.i = 5}, {.c = 'z'}}, {0}},
    };
    size_t n = sizeof table / sizeof table[0];

    cilk_group g;
    cilk_group_init(&g);
    for (size_t k = 0; k < n; k++) {
        row *r = &table[k];
        void *args[3] = {&r->arg[0], &r->arg[1], &r->arg[2]};
        ffi_cif *cif = cilk_sig_cif(r->sig);
        if (!cif || cilk_spawn_ffi(&g, cif, r->fn, &r->result, args) != 0)
            return 1;
    }
    cilk_group_sync(&g);
    printf("hypot(3, 4) = %g\n", table[0].result.d);
    printf("ldexp(0.75, 10) = %g\n", table[1].result.d);
    printf("labs(-123456789) = %ld\n", table[2].result.l);
    printf("strlen(\"task groups\") = %zu\n", table[3].result.z);
    printf("collatz(837799) = %ld\n", table[4].result.l);
    printf("low_byte(0x1234abcd) = 0x%x\n", (unsigned char)table[5].result.c);
    printf("diff(-30000, 2767) = %d\n", table[6].result.s);
    printf("scale(1.5, -3) = %g\n", table[7].result.f);
    printf("fill(buf, 5, 'z'): buf = \"%s\"\n", buf);

    /* The longest Collatz chain below 300000, one spawn per start. */
    enum { N = 300000 };
    long *steps = malloc(N * sizeof *steps);
    if (!steps)
        return 1;
    for (long i = 1; i < N; i++)
        if (cilk_spawnf(&g, FN(collatz), "l(l)", &steps[i], i) != 0)
            return 1;
    cilk_group_destroy(&g);
    long best = 1;
    for (long i = 1; i < N; i++)
        if (steps[i] > steps[best])
            best = i;
    printf("longest Collatz chain below %d: %ld (%ld steps)\n", N, best, steps[best]);
    free(steps);
    return 0;
}
