long g(long n)
{
    long x;

    if (n < 2)
        return n;
    x = spawn g(n - 1);
    sync;
    return x + 1;
}

/* No child is out at a = g(n) and c += g(n): each becomes a spawn and a
 * sync. At c = g(n + 1) b's child may be out: a plain call (g's entry
 * makes a boundary). */
long h(long n)
{
    long a, b, c;

    a = g(n);
    b = spawn g(n);
    c = g(n + 1);
    sync;
    c += g(n);
    return a + b + c;
}

int main(void) { return h(5) != 21; }
