/* serial.c: the serial elisions of the hand-lowered programs (what
 * cilkc --steal=serial emits: spawn and sync deleted), the baseline Ts. */
#include "hand.h"

int fib(int n)
{
    int x, y;
    if (n < 2) return n;
    x = fib(n - 1);
    y = fib(n - 2);
    return x + y;
}

static int safe(board b, int row, int c)
{
    for (int r = 0; r < row; r++)
        if (b.col[r] == c || b.col[r] - c == row - r || c - b.col[r] == row - r)
            return 0;
    return 1;
}
static board place(board b, int row, int c) { b.col[row] = (signed char)c; return b; }

int queens(int n, int row, board b)
{
    int count = 0, c;
    if (row == n) return 1;
    for (c = 0; c < n; c++)
        if (safe(b, row, c))
            count += queens(n, row + 1, place(b, row, c));
    return count;
}

long loop_leaf(long i)
{
    unsigned long x = (unsigned long)i;
    for (int k = 0; k < 16; k++) {
        __asm__ volatile("" : "+r"(x));
        x = x * 31 + k;
    }
    return i + (long)(x & 0);
}

long spawn_loop(long n)
{
    long i, s = 0;
    for (i = 0; i < n; i++)
        s += loop_leaf(i);
    return s;
}
