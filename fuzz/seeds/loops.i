# 1 "loops.cilkc"
struct s { int a[8]; long n; };
long f(long);
void loops(int n, int *p, unsigned u, struct s *st, char *q, char *e)
{
    long acc = 0;
#pragma cilk grainsize(4)
    cilk_for (int i = 0; i < n; i++) p[i] = i;
#pragma cilk grainsize 8
    _Cilk_for (int i = n - 1; i >= 0; i -= 2) { if (i & 1) continue; p[i]++; }
    cilk_for (unsigned k = u; k > 0; --k) st->a[k & 7] += (int)k;
    cilk_for (char *c = q; c != e; c++) *c = 0;
    cilk_for (long j = st->n; 10 <= j; j -= 3) acc += spawn f(j);
    cilk_for (int i = 0; i < n; i++) cilk_for (int j = i; j <= n; j += i + 1) p[j] ^= i;
    cilk_scope { acc += spawn f(1); cilk_scope { f(2); } if (n) acc = spawn f(3); }
    _Cilk_scope { cilk_for (int i = 0; n != i; ++i) { int x = spawn f(i); p[i] = x; sync; } }
    cilk_scope { }
    while (n--) cilk_scope { p[n] = spawn f(n); }
}
