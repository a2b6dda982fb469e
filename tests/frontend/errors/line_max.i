#line 2147483646
/* the largest line number and lines after it: no overflow, no flood of
 * blank lines to re-synchronise (cilkc wrote 4 GiB of newlines) */
int f(int n)
{
    int x = spawn f(n);
    sync;
    return x;
}
