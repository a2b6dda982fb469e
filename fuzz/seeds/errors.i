int f(void) { return 1 }
struct s { int a int b; };
int g(void) { int x = 1 + spawn f(); spawn x; foo y; }
sync;
