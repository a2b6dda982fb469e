# 1 "forms.cilkc"
typedef struct node { struct node *next; unsigned k : 3; } node;
typedef int T;
static int (*ops[2])(int, int);
enum e { A, B = 2, };
int g(int *a, ...) { T t = 0; { int T = 1; t += T; } node n = {.k = 1};
  t += spawn g(a); a[t] <<= cilk_spawn g(a); int z = _Cilk_spawn g(&t);
  switch (t) { case 1 ... 2: break; default: ; }
  for (int i = 0; i < 3; i++) t ^= ({ int q = i; q; });
  __asm__ volatile("" : "=r"(t) : "0"(t));
  _Cilk_sync; return t + z + n.k + sizeof(int[3]) + _Generic(t, int: 1, default: 2); }
int k(a, b) int a; char *b; { return a + *b; }
void sync(void); void h(void) { sync(); }
