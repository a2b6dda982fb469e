# 1 "fib.cilkc"
int fib(int n) { int x, y; if (n < 2) return n;
  x = spawn fib(n - 1); y = spawn fib(n - 2); sync; return x + y; }
