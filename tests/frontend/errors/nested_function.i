/* a GNU nested function: a clear error at its name, not a generic one */
int f(int n)
{
    int g(int x) { return x + 1; }
    return g(n);
}
