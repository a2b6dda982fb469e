long fib(int n)
{
    long x, y;

    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

int main(void) { return fib(10) != 55; }
