# 1 "reducers.cilkc"
void zero(void *v) { *(long *)v = 0; }
void plus(void *l, void *r) { *(long *)l += *(long *)r; }
long cilk_reducer(zero, plus) total = 0;
long _Hyperobject(zero, plus) hist[4];
long f(long);
long g(int n)
{
    long cilk_reducer(zero, plus) sum = 0;
    long x;
    if (n < 0)
        return 0;
    cilk_for (int i = 0; i < n; i++) { sum += i; hist[i & 3] += 1; total += f(i); }
    for (int j = 0; j < n; j++) {
        long cilk_reducer(zero, plus) inner = 0;
        inner += spawn f(j);
        sync;
        if (j == 3) break;
        total += inner;
    }
    x = spawn f(n);
    cilk_scope { sum += spawn f(1); }
    sync;
    return sum + x;
}
