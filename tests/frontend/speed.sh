#!/bin/sh
# speed.sh: how long cilkc takes to translate a file that includes stdio.h,
# stdlib.h, string.h, math.h, pthread.h and unistd.h, next to `cc -O0 -c`
# on the same file (docs/performance.md, front-end section). CPU time
# (user + sys, children included) of RUNS runs of each command.
#
#   sh tests/frontend/speed.sh [CILKC]    (default build/bin/cilkc)
set -u
cilkc=${1:-build/bin/cilkc}
: "${CC:=cc}" "${RUNS:=40}"
export CC
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/prog.cilkc" <<'SRC'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <pthread.h>
#include <unistd.h>

long fib(int n)
{
    long x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 30;
    printf("fib(%d) = %ld %f\n", n, fib(n), sqrt((double)n));
    return 0;
}
SRC
sed -e 's/spawn //' -e 's/sync;//' "$tmp/prog.cilkc" >"$tmp/prog.c"
$CC -E -C -x c "$tmp/prog.cilkc" >"$tmp/prog.i"

# cpu_ms CMD...: milliseconds of CPU per run
cpu_ms()
{
    out=$( { /usr/bin/time -f '%U %S' sh -c '
        n=$1; shift
        i=0
        while [ $i -lt $n ]; do "$@" >/dev/null 2>&1; i=$((i + 1)); done' sh "$RUNS" "$@"; } 2>&1 | tail -1)
    echo "$out" | awk -v n="$RUNS" '{ printf "%.1f", ($1 + $2) * 1000 / n }'
}

cc_ms=$(cpu_ms $CC -O0 -c -o "$tmp/prog.o" "$tmp/prog.c")
cpp_ms=$(cpu_ms $CC -E -C -o "$tmp/pp.i" "$tmp/prog.c")
own_ms=$(cpu_ms "$cilkc" -o "$tmp/out.c" "$tmp/prog.i")
all_ms=$(cpu_ms "$cilkc" -o "$tmp/out.c" "$tmp/prog.cilkc")
printf 'input: %s bytes preprocessed (%s runs each, CPU ms per run)\n' "$(wc -c <"$tmp/prog.i")" "$RUNS"
printf 'cc -O0 -c prog.c          %6s\n' "$cc_ms"
printf 'cc -E -C prog.c           %6s\n' "$cpp_ms"
printf 'cilkc prog.i              %6s  (scan, parse, lower, write)\n' "$own_ms"
printf 'cilkc prog.cilkc          %6s  (with its cc -E -C)\n' "$all_ms"
awk -v a="$own_ms" -v b="$cc_ms" -v c="$all_ms" 'BEGIN {
    printf "ratio cilkc prog.i / cc -O0 -c:      %.0f %%\n", 100 * a / b
    printf "ratio cilkc prog.cilkc / cc -O0 -c:  %.0f %%\n", 100 * c / b }'
