/* integrate.c: a C function worth spawning from Python (spawn_math.py):
 * the midpoint rule for f over [a, b] with n points. Plain C, built with
 * gcc -shared; f is any double -> double function, e.g. libm's sin. */
double integrate(double (*f)(double), double a, double b, long n)
{
    double h = (b - a) / (double)n, sum = 0;
    for (long i = 0; i < n; i++)
        sum += f(a + ((double)i + 0.5) * h);
    return sum * h;
}
