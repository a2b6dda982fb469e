/* util.c: plain C, compiled by cilkcc like any .c */
#include "util.h"

#include <stdlib.h>

int *iota(long n)
{
    int *a = malloc((size_t)n * sizeof *a);
    for (long i = 0; a && i < n; i++)
        a[i] = (int)(i + 1);
    return a;
}
