/* names beginning with cilkc_ are reserved (they crashed, hung, gave wrong
 * answers or C that cc rejects): an error at each declaration, and at a use
 * of an undeclared one */
int cilkc_fast_p;
struct cilkc_locals_f { int a; };
enum { cilkc_E };
int g(int cilkc_parent) { return cilkc_parent; }
int f(int n)
{
    int cilkc_w, x;
    x = spawn g(n);
    sync;
cilkc_L:
    return x + cilkc_undeclared;
}
int h(cilkc_k) int cilkc_k; { return cilkc_k; }
