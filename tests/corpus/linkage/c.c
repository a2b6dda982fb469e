/* c.c: plain C that calls parallel functions by their C names. */
#include <stdlib.h>
#include "linkage.h"

long c_twice(long v)
{
    return 2 * v;
}

long c_calls_psum(long n)
{
    long *a = malloc((size_t)n * sizeof *a);
    long s;

    for (long i = 0; i < n; i++)
        a[i] = i * i;
    s = psum(a, n) + pcount(1);
    free(a);
    return s;
}

long c_apply(long (*f)(int), int n)
{
    return f(n) + f(n - 1);
}
