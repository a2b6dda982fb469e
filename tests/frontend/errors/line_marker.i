# 1 "user.cilkc"
# 7 "user.cilkc"
int f(int);
void g(void) { int k = 0; k += spawn f(1) * 2; }
