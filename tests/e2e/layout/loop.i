/* cilk_for's helpers (compiler/loops.c): the grain loop is a plain leaf
 * function; its step is the literal where the step is a constant (i++,
 * i -= 3) and the value computed once in the caller otherwise (i += k). */
void fill(long *a, long n, int k)
{
    cilk_for (long i = 0; i < n; i++)
        a[i] = 0;
    cilk_for (long i = n - 1; i >= 0; i -= 3)
        a[i] += i;
    cilk_for (int i = 0; i < n; i += k)
        a[i] -= 1;
}
