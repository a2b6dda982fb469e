#!/bin/sh
# tests/driver/run.sh: tests of the cilkcc driver and of `make install`.
#
# Part 1 runs a copy of cilkcc in a scratch tree beside a stand-in cilkc
# (a sed script doing the serial elision) and a fake runtime, with CC set to
# a script that logs its argv and then runs the real cc: it checks exactly
# which commands cilkcc runs, option routing, -E/-S/-c/-save-temps/-MD, exit
# statuses, messages, and that no temporary survives.
# Part 2 uses the real build/bin/cilkcc, cilkc and runtime: every steal
# mode end to end, then `make install` into a scratch PREFIX and pkg-config.
#
# Environment: BUILD (default build), CC (default cc), MAKE (default make).
# Ends with "N passed, M failed"; exits non-zero if any failed.

cd "$(dirname "$0")/../.." || exit 1
ROOT=$(pwd)
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
REALCC=${CC:-cc}
MAKE=${MAKE:-make}

T=$(mktemp -d "${TMPDIR:-/tmp}/cilkcc-test.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
export TMPDIR="$T/tmp"
mkdir -p "$TMPDIR" "$T/bin" "$T/include" "$T/lib" "$T/src" "$T/inc" "$T/out" "$T/work"

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
not_ok() {
    fail=$((fail + 1))
    echo "FAIL: $1"
    [ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/    /'
}
# expect NAME EXPECTED ACTUAL
expect() {
    if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "expected: $2
got:      $3"; fi
}
# expect_file NAME PATH: PATH exists and is not empty
expect_file() { if [ -s "$2" ]; then ok "$1"; else not_ok "$1" "missing or empty: $2"; fi; }
# no_temps NAME: cilkcc left nothing in $TMPDIR
no_temps() { expect "$1: temporaries removed" "" "$(ls -A "$TMPDIR")"; }
# norm FILE: the log with scratch paths shortened to T and temporaries to TMP
norm() { sed -e "s|$TMPDIR/cilkcc-[A-Za-z0-9]\{6\}|TMP|g" -e "s|$T|T|g" "$1"; }
reset_logs() { : >"$T/cc.log"; : >"$T/cilkc.log"; }
# run_cc: run a command; status in $st, stdout in $T/stdout, stderr in $T/stderr
run_cc() { "$@" >"$T/stdout" 2>"$T/stderr"; st=$?; }

# ---- the scratch tree ---------------------------------------------------
cat >"$T/src/fib.cilkc" <<'EOF'
#include "val.h"
int fib(int n)
{
    int x, y;
    if (n < CUTOFF)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}
EOF
cat >"$T/src/main.c" <<'EOF'
#include <stdio.h>
int fib(int n);
int main(void)
{
    printf("fib(%d) = %d\n", N, fib(N));
    return 0;
}
EOF
cat >"$T/src/pmain.cilkc" <<'EOF'
#include <stdio.h>
static int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}
int main(void)
{
    int r = spawn fib(25);
    sync;
    printf("fib(25) = %d\n", r);
    return 0;
}
EOF
cat >"$T/src/bad.cilkc" <<'EOF'
int f(void) { return undeclared_name; }
EOF
cat >"$T/src/badpar.cilkc" <<'EOF'
int g(int n) { return n; }
int f(int n)
{
    int x = spawn g(n);
    sync;
    return x + undeclared_name;
}
EOF
cat >"$T/src/ocilk.c" <<'EOF'
/* OpenCilk source: its headers, its keywords, its runtime call */
#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <stdio.h>
static long fib(int n)
{
    if (n < 2)
        return n;
    long x = cilk_spawn fib(n - 1);
    long y = fib(n - 2);
    cilk_sync;
    return x + y;
}
int main(void)
{
#ifdef __cilk
    printf("fib(24) = %ld on %s workers\n", fib(24), __cilkrts_get_nworkers() > 0 ? "some" : "no");
#endif
    return 0;
}
EOF
cat >"$T/src/ocilkfor.cilkc" <<'EOF'
#include <cilk/cilk.h>
#include <stdio.h>
static long sq(long v) { return v * v; }
int main(void)
{
    long a[1000], s = 0, t = 0;
    cilk_for (int i = 0; i < 1000; i++)
        a[i] = i;
    cilk_scope {
        t = cilk_spawn sq(12);
    }
    for (int i = 0; i < 1000; i++)
        s += a[i];
    printf("%ld %ld\n", s, t);
    return 0;
}
EOF
cat >"$T/src/pedantic.cilkc" <<'EOF'
/* Clean ISO C with spawn and sync: system headers, a void parallel
 * function (child mode once wrote `return f();` for it), value spawns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
static void set(int *out, int v) { *out = v; }
static int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}
static void both(int *a, int *b)
{
    spawn set(a, 1);
    spawn set(b, 2);
    sync;
}
int main(void)
{
    int a = 0, b = 0;
    both(&a, &b);
    printf("%d %d %d %.0f\n", fib(20), a, b, sqrt(16.0));
    return EXIT_SUCCESS;
}
EOF
cat >"$T/src/loopconv.cilkc" <<'EOF'
/* cilk_for loops whose variables are narrower than, or of another
 * signedness than, the lowering's unsigned long long iteration count:
 * the conversions back to the variable are the lowering's, and must not
 * warn under -Wconversion -Wsign-conversion (the serial for gives none). */
#include <stdio.h>
static long w[64];
static int check(void)
{
    long s = 0;
    cilk_for (int i = 0; i < 64; i++)
        w[i] = i;
    cilk_for (unsigned long i = 63; i >= 2; i -= 2)
        w[i] += 1;
    cilk_for (short i = 10; i > 0; i--)
        w[i] += 2;
    cilk_for (long *p = w; p < w + 4; p++)
        *p += 3;
    for (int i = 0; i < 64; i++)
        s += w[i];
    return (int)s;
}
int main(void)
{
    printf("%d\n", check());
    return 0;
}
EOF
cat >"$T/src/protos.cilkc" <<'EOF'
/* Parallel functions with external linkage and their prototypes, as
 * -Wmissing-prototypes wants: mutual recursion (a callee defined later)
 * and self-recursion. Their clones get prototypes too, each once. */
#include <stdio.h>
int even(int n);
int odd(int n);
int fib(int n);
int even(int n)
{
    int r;
    if (n == 0)
        return 1;
    r = spawn odd(n - 1);
    sync;
    return r;
}
int odd(int n)
{
    int r;
    if (n == 0)
        return 0;
    r = spawn even(n - 1);
    sync;
    return r;
}
int fib(int n)
{
    int x, y;
    if (n < 2)
        return n;
    x = spawn fib(n - 1);
    y = spawn fib(n - 2);
    sync;
    return x + y;
}
int main(void)
{
    printf("%d %d %d\n", fib(20), even(10), odd(7));
    return 0;
}
EOF
cat >"$T/src/omp.cilkc" <<'EOF'
#include <stdio.h>
static int g(int n) { return n; }
static int f(int n)
{
    int s = 0;
    int x = spawn g(n);
    sync;
#pragma omp parallel for reduction(+:s)
    for (int i = 0; i < n; i++)
        s += i;
    return s + x;
}
int main(void) { printf("%d\n", f(100)); return 0; }
EOF
cat >"$T/src/dbg.cilkc" <<'EOF'
#include <cilkrt.h>
#include <stdio.h>
static int g(int n)
{
    while (cilkrt_nworkers() > 1 && cilkrt_stats_steals() == 0)
        continue; /* until the continuation of f is stolen */
    return n * 2;
}
int f(int n)
{
    int a = n + 1;
    int x = spawn g(a);
    int b = a + 1;
    sync;
    return x + b;
}
int main(void) { printf("%d\n", f(20)); return 0; }
EOF
cat >"$T/src/badspawn.cilkc" <<'EOF'
int f(int n)
{
    int x;
    x = 1 + spawn f(n);
    return x;
}
EOF
printf '#define CUTOFF 2\n' >"$T/inc/val.h"
printf '#define FROM_INCLUDE 1\n' >"$T/inc/pre.h"

# The stand-in translator: logs its argv, does the serial elision and
# includes the runtime header as generated code does. CILKC_FAKE_FAIL=N
# makes it fail with status N.
cat >"$T/bin/cilkc" <<'EOF'
#!/bin/sh
printf '%s\n' "$*" >>"$LOGDIR/cilkc.log"
[ -n "$CILKC_FAKE_FAIL" ] && { echo "cilkc: fake failure" >&2; exit "$CILKC_FAKE_FAIL"; }
[ -n "$CILKC_FAKE_HANG" ] && { echo $$ >"$CILKC_FAKE_HANG"; while :; do sleep 1; done; }
out=$3 in=$4
{ echo '#include "cilkrt_abi.h"'; sed -e 's/spawn //g' -e 's/sync;//g' "$in"; } >"$out"
EOF
printf '/* fake runtime header */\n' >"$T/include/cilkrt_abi.h"
printf 'int cilkrt_fake;\n' >"$T/lib/fake.c"
"$REALCC" -c -o "$T/lib/fake.o" "$T/lib/fake.c" && ar rcs "$T/lib/libcilkrt.a" "$T/lib/fake.o"
cat >"$T/logcc" <<EOF
#!/bin/sh
printf '%s\n' "\$*" >>"\$LOGDIR/cc.log"
exec $REALCC "\$@"
EOF
chmod +x "$T/bin/cilkc" "$T/logcc"
cp "$BUILD/bin/cilkcc" "$T/bin/cilkcc" || exit 1
export LOGDIR="$T"
C="$T/bin/cilkcc"
cd "$T/work" || exit 1

# ---- part 1: the driver with stand-in tools -----------------------------
run_cc "$C" --version
expect "--version" "0 cilkcc (cilkc)" "$st $(head -n 1 "$T/stdout" | cut -d' ' -f1-2)"
expect "--version finds cilkc and the runtime beside the binary" \
    "cilkc:   T/bin/cilkc|include: T/bin/../include|runtime: T/bin/../lib/libcilkrt.a" \
    "$(norm "$T/stdout" | sed -n '3,5p' | paste -sd'|')"

run_cc "$C" --help
expect "--help" "0 usage: cilkcc [--steal=continuation|child|serial] [cc options] FILE..." \
    "$st $(head -n 1 "$T/stdout")"

run_cc "$C" nosuch.cilkc
expect "missing input file" "1 cilkcc: error: nosuch.cilkc: No such file or directory" \
    "$st $(cat "$T/stderr")"

run_cc "$C" --steal=eager "$T/src/fib.cilkc"
expect "unknown steal mode" \
    "1 cilkcc: error: unknown steal mode 'eager' (expected continuation, child or serial)" \
    "$st $(cat "$T/stderr")"

run_cc "$C" -c
expect "no input files" "1 cilkcc: error: no input files" "$st $(cat "$T/stderr")"

run_cc "$C" "$T/src/fib.cilkc" -o
expect "-o without a file" "1 cilkcc: error: missing filename after '-o'" "$st $(cat "$T/stderr")"

run_cc "$C" -I
expect "-I without a directory" "1 cilkcc: error: missing argument to '-I'" \
    "$st $(cat "$T/stderr")"

run_cc "$C" -c -o x.o "$T/src/fib.cilkc" "$T/src/main.c"
expect "-c -o with two files" \
    "1 cilkcc: error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files" \
    "$st $(cat "$T/stderr")"

# -c: preprocess with the user's options, translate, compile.
reset_logs
run_cc env CC="$T/logcc" "$C" --steal=child -I"$T/inc" -DX=3 -U Y -O1 -g -Wall \
    -include "$T/inc/pre.h" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "-c: status" "0" "$st"
expect "-c: cc -E gets the preprocessing options" \
    "-E -C -D__cilk=200 -D__cilkc__=1 -D__cilkc_steal_child__=1 -IT/inc -DX=3 -U Y -O1 -g -Wall -include T/inc/pre.h -I T/bin/../include -x c T/src/fib.cilkc -o TMP.i" \
    "$(norm "$T/cc.log" | sed -n 1p)"
expect "-c: cilkc gets the steal mode" "--steal=child -o TMP/fib.cilkc.c TMP.i" "$(norm "$T/cilkc.log")"
expect "-c: cc -c compiles the generated C (no second -include), named after the source" \
    "-c -IT/inc -DX=3 -U Y -O1 -g -Wall -I T/bin/../include -ffile-prefix-map=TMP/fib.cilkc.c=T/src/fib.cilkc TMP/fib.cilkc.c -o T/out/fib.o" \
    "$(norm "$T/cc.log" | sed -n 2p)"
expect "-c: exactly two cc runs" "2" "$(wc -l <"$T/cc.log")"
expect_file "-c: object written" "$T/out/fib.o"
no_temps "-c"

run_cc env CC="$T/logcc" "$C" -v -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "-v: the three commands on stderr" "0 T/logcc -E|T/bin/cilkc|T/logcc -c" \
    "$st $(norm "$T/stderr" | cut -d' ' -f1-2 | sed 's| --steal.*||' | paste -sd'|')"
run_cc "$C" -c "$T/src/fib.cilkc" -o "$T/src/fib.cilkc"
expect "-o names an input" "1 cilkcc: error: output file 'T/src/fib.cilkc' is also an input" \
    "$st $(norm "$T/stderr")"

# -c without -o writes NAME.o in the current directory; default steal mode.
reset_logs
run_cc env CC="$T/logcc" "$C" -I"$T/inc" -c "$T/src/fib.cilkc"
expect "-c without -o: status, default steal mode" "0 --steal=continuation" \
    "$st $(norm "$T/cilkc.log" | cut -d' ' -f1)"
expect_file "-c without -o: fib.o in the current directory" "$T/work/fib.o"
rm -f "$T/work/fib.o"

# Link: .cilkc replaced by its object in place, then runtime, libffi (only
# if used) and -lpthread.
FFI=-Wl,--push-state,--as-needed,-lffi,--pop-state
reset_logs
run_cc env CC="$T/logcc" "$C" --steal=serial -I"$T/inc" -DN=20 "$T/src/fib.cilkc" \
    "$T/src/main.c" -lm -o "$T/out/prog"
expect "link: status" "0" "$st"
expect "link: the link command" \
    "-IT/inc -DN=20 TMP.o T/src/main.c -lm -I T/bin/../include -o T/out/prog T/bin/../lib/libcilkrt.a $FFI -lpthread" \
    "$(norm "$T/cc.log" | sed -n 3p)"
expect "link: the program runs" "fib(20) = 6765" "$("$T/out/prog")"
no_temps "link"

# A user's -x does not make cc read the .cilkc object or the runtime as C.
reset_logs
run_cc env CC="$T/logcc" "$C" -x c -I"$T/inc" -DN=20 "$T/src/main.c" "$T/src/fib.cilkc" \
    -o "$T/out/prog"
expect "link after -x c: objects read as objects" \
    "0 -x c -IT/inc -DN=20 T/src/main.c -x none TMP.o -x c -I T/bin/../include -o T/out/prog -x none T/bin/../lib/libcilkrt.a $FFI -lpthread" \
    "$st $(norm "$T/cc.log" | sed -n 3p)"

# A plain .c with -c goes to cc as it is.
reset_logs
run_cc env CC="$T/logcc" "$C" -DN=5 -c "$T/src/main.c" -o "$T/out/main.o"
expect "plain .c: one cc run, unchanged" "0 -c -DN=5 T/src/main.c -I T/bin/../include -o T/out/main.o" \
    "$st $(norm "$T/cc.log")"
expect "plain .c: no cilkc run" "" "$(cat "$T/cilkc.log")"

# -E on a .cilkc gives the preprocessed .cilkc, spawn and all.
reset_logs
run_cc env CC="$T/logcc" "$C" -E -I"$T/inc" "$T/src/fib.cilkc"
expect "-E: status and command" \
    "0 -E -D__cilk=200 -D__cilkc__=1 -D__cilkc_steal_continuation__=1 -IT/inc T/src/fib.cilkc -x none -I T/bin/../include" \
    "$st $(norm "$T/cc.log" | sed 's/-x c //')"
expect "-E: macros expanded, spawn kept" "    if (n < 2)|    x = spawn fib(n - 1);" \
    "$(grep -e 'n < ' -e 'x = ' "$T/stdout" | paste -sd'|')"
expect "-E: no cilkc run" "" "$(cat "$T/cilkc.log")"

# -S writes assembly.
run_cc "$C" -S -I"$T/inc" "$T/src/fib.cilkc"
expect "-S: status" "0" "$st"
expect "-S: fib.s has the function" "1" "$(grep -c '^fib:' "$T/work/fib.s")"
rm -f "$T/work/fib.s"
no_temps "-S"

# -save-temps keeps the generated C beside the output, named after the input.
run_cc "$C" -save-temps -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "-save-temps: status" "0" "$st"
expect_file "-save-temps: generated C kept" "$T/out/fib.cilkc.c"
expect "-save-temps: it is the translation" '#include "cilkrt_abi.h"' "$(head -n 1 "$T/out/fib.cilkc.c")"
no_temps "-save-temps"
run_cc "$C" -save-temps=cwd -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect_file "-save-temps=cwd: generated C in the current directory" "$T/work/fib.cilkc.c"
rm -f "$T/work/fib.cilkc.c" "$T/work/fib.cilkc.i" "$T/work/fib.cilkc.s"
run_cc "$C" -save-temps -I"$T/inc" -DN=20 "$T/src/fib.cilkc" "$T/src/main.c" -o "$T/out/prog"
expect "-save-temps, link: status, C and object kept" "0 yes yes" \
    "$st $([ -s "$T/out/fib.cilkc.c" ] && echo yes) $([ -s "$T/out/fib.cilkc.o" ] && echo yes)"
no_temps "-save-temps, link"

# -MMD: the dependencies of a .cilkc come from its preprocessing.
run_cc "$C" -MMD -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "-MMD: status" "0" "$st"
expect "-MMD: target and headers" "T/out/fib.o: T/src/fib.cilkc T/inc/val.h" \
    "$(norm "$T/out/fib.d" | tr -d '\\\n' | tr -s ' ')"

# Failures: the tool's status, no output, no temporaries.
rm -f "$T/out/fib.o"
run_cc env CILKC_FAKE_FAIL=3 "$C" -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "cilkc fails: its status, its message" "3 cilkc: fake failure" "$st $(cat "$T/stderr")"
expect "cilkc fails: no object" "no" "$([ -e "$T/out/fib.o" ] && echo yes || echo no)"
no_temps "cilkc fails"
run_cc "$C" -c "$T/src/bad.cilkc" -o "$T/out/bad.o"
expect "cc fails: status 1, cc's error at the .cilkc line" "1 1" \
    "$st $(grep -c "^$T/src/bad.cilkc:1:[0-9]*: error:" "$T/stderr")"
no_temps "cc fails"
run_cc env CC=/nonexistent/cc "$C" -c "$T/src/main.c"
expect "cc missing" "127 cilkcc: error: cannot run '/nonexistent/cc': No such file or directory" \
    "$st $(cat "$T/stderr")"

# Killed by a signal while cilkc runs: the temporaries go too.
env CILKC_FAKE_HANG="$T/hang.pid" "$C" -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o" \
    2>/dev/null &
driver=$!
i=0
while [ ! -s "$T/hang.pid" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
kill -TERM $driver
wait $driver 2>/dev/null
st=$?
kill "$(cat "$T/hang.pid")" 2>/dev/null
expect "SIGTERM: cilkcc dies of it" "143" "$st"
no_temps "SIGTERM"

# Killed while cc runs: the signal goes on to cc, which is waited for (it
# was left running, and re-created a temporary object after the cleanup),
# then the temporaries go and cilkcc dies of the same signal. (env
# --default-signal: sh starts background jobs with SIGINT ignored.)
cat >"$T/hangcc" <<EOF
#!/bin/sh
case " \$* " in *" -c "*) echo \$\$ >"\$HANG_PID"; exec sleep 300 ;; esac
exec $REALCC "\$@"
EOF
chmod +x "$T/hangcc"
for sig_num in TERM:15 INT:2; do
    sig=${sig_num%:*} num=${sig_num#*:}
    rm -f "$T/hang.pid"
    env --default-signal=INT CC="$T/hangcc" HANG_PID="$T/hang.pid" "$C" -I"$T/inc" \
        -c "$T/src/fib.cilkc" -o "$T/out/fib.o" 2>/dev/null &
    driver=$!
    i=0
    while [ ! -s "$T/hang.pid" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
    kill -$sig $driver
    wait $driver
    st=$?
    cc_pid=$(cat "$T/hang.pid")
    alive=no
    kill -0 "$cc_pid" 2>/dev/null && alive=yes
    kill "$cc_pid" 2>/dev/null
    expect "SIG$sig while cc runs: cilkcc dies of it, cc does not outlive it" \
        "$((128 + num)) no" "$st $alive"
    no_temps "SIG$sig while cc runs"
done

# Each temporary goes as soon as it has been used: a link of N .cilkc
# files keeps at most its N objects and the .i and .c of the input being
# built (it kept 3 per input, and stopped at 1024: a link of 400 inputs
# failed).
cat >"$T/countcc" <<EOF
#!/bin/sh
ls -A "\$TMPDIR" | grep -c '^cilkcc-' >>"\$LOGDIR/ntemps.log"
exec $REALCC "\$@"
EOF
chmod +x "$T/countcc"
: >"$T/ntemps.log"
many=
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
    printf 'int f%d(int n) { int x = spawn f%d(n); sync; return x; }\n' $k $k \
        >"$T/src/many$k.cilkc"
    many="$many $T/src/many$k.cilkc"
done
# shellcheck disable=SC2086
run_cc env CC="$T/countcc" "$C" $many -shared -fPIC -o "$T/out/libmany.so"
expect "12 inputs: status, at most 14 temporaries at a time" "0 14" \
    "$st $(sort -n "$T/ntemps.log" | tail -n 1)"
no_temps "12 inputs"

# CILKC overrides the translator beside cilkcc.
reset_logs
cp "$T/bin/cilkc" "$T/cilkc-other"
run_cc env CILKC="$T/cilkc-other" "$C" -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "CILKC: used" "0 1" "$st $(wc -l <"$T/cilkc.log")"

# A tool killed by a signal is named: cilkc (it was reported as 'cc'), or cc.
printf '#!/bin/sh\nkill -SEGV $$\n' >"$T/crash"
chmod +x "$T/crash"
run_cc env CILKC="$T/crash" "$C" -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "cilkc killed by a signal: named" "139 cilkcc: error: 'T/crash' terminated by signal 11" \
    "$st $(norm "$T/stderr")"
no_temps "cilkc killed by a signal"
cp "$T/crash" "$T/crashcc"
run_cc env CC="$T/crashcc" "$C" -c "$T/src/main.c" -o "$T/out/main.o"
expect "cc killed by a signal: named" "139 cilkcc: error: 'T/crashcc' terminated by signal 11" \
    "$st $(norm "$T/stderr")"

# CC naming cilkcc (`make CC=cilkcc` exports it to recipes) is not used
# as the C compiler: cilkcc would start itself without end. CILKCC_CC is.
run_cc timeout 30 env CC="$C" "$C" -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "CC=cilkcc: cc instead, no recursion" "0 " "$st $(cat "$T/stderr")"
run_cc timeout 30 env PATH="$T/bin:$PATH" CC="env cilkcc" cilkcc -I"$T/inc" -c "$T/src/fib.cilkc" \
    -o "$T/out/fib.o"
expect "CC='env cilkcc' found in PATH: cc instead, no recursion" "0 " "$st $(cat "$T/stderr")"
reset_logs
run_cc env CC="$C" CILKCC_CC="$T/logcc" "$C" -I"$T/inc" -c "$T/src/fib.cilkc" -o "$T/out/fib.o"
expect "CILKCC_CC: the C compiler, before CC" "0 2" "$st $(wc -l <"$T/cc.log")"
run_cc env CILKCC_CC="$C" "$C" -c "$T/src/main.c"
expect "CILKCC_CC naming cilkcc: an error" \
    "1 cilkcc: error: CILKCC_CC ('T/bin/cilkcc') runs cilkcc itself; set it to a C compiler" \
    "$st $(norm "$T/stderr")"
reset_logs
run_cc env CC="$T/logcc" "$C" --version
expect "--version names the C compiler" "cc:      T/logcc" "$(norm "$T/stdout" | sed -n 2p)"

# -x cilkc: a .c file or stdin is translated; cc never sees -x cilkc; the
# next -x ends it.
cp "$T/src/fib.cilkc" "$T/src/fibc.c"
reset_logs
run_cc env CC="$T/logcc" "$C" -I"$T/inc" -x cilkc "$T/src/fibc.c" -x c -DN=20 "$T/src/main.c" \
    -o "$T/out/prog"
expect "-x cilkc on a .c: translated, program runs" "0 fib(20) = 6765" "$st $("$T/out/prog")"
expect "-x cilkc on a .c: cilkc runs once, cc never sees -x cilkc" "1 0" \
    "$(wc -l <"$T/cilkc.log") $(grep -c 'cilkc ' "$T/cc.log")"
expect "-x cilkc: later -x c goes to cc, before main.c" "-IT/inc TMP.o -x c -DN=20 T/src/main.c" \
    "$(norm "$T/cc.log" | sed -n 3p | sed 's/ -I T.bin.*//')"
run_cc "$C" -I"$T/inc" -x cilkc -c - -o "$T/out/stdin.o" <"$T/src/fib.cilkc"
expect "-x cilkc -: stdin translated and compiled" "0 1" \
    "$st $(nm "$T/out/stdin.o" | grep -c ' T fib$')"
no_temps "-x cilkc"

# -MMD while compiling and linking in one step: the dependencies are the
# program's (OUT.d for one input, OUT-NAME.d for several).
rm -f "$T/out"/*.d
run_cc "$C" -MMD -I"$T/inc" -DN=20 "$T/src/fib.cilkc" "$T/src/main.c" -o "$T/out/prog"
expect "-MMD, compile and link: prog-fib.d names the program" "0 T/out/prog: T/src/fib.cilkc T/inc/val.h" \
    "$st $(norm "$T/out/prog-fib.d" | tr -d '\\\n' | tr -s ' ')"
run_cc "$C" -MMD -MP -I"$T/inc" -DCUTOFF=2 "$T/src/pmain.cilkc" -o "$T/out/pmain"
expect "-MMD -MP, one input: pmain.d, target pmain" "0 T/out/pmain: T/src/pmain.cilkc" \
    "$st $(norm "$T/out/pmain.d" | tr -d '\\\n' | tr -s ' ')"
no_temps "-MMD link"

# ---- part 2: the real translator and runtime ----------------------------
cd "$T/work" || exit 1
for mode in continuation child serial; do
    rm -f "$T/out/prog"
    run_cc "$BUILD/bin/cilkcc" --steal=$mode -O2 -I"$T/inc" -DN=20 "$T/src/fib.cilkc" \
        "$T/src/main.c" -o "$T/out/prog"
    expect "real tools, $mode: builds" "0 " "$st $(cat "$T/stderr")"
    expect "real tools, $mode: fib.cilkc + main.c runs" "fib(20) = 6765" \
        "$(CILK_NWORKERS=2 "$T/out/prog" 2>&1)"
    run_cc "$BUILD/bin/cilkcc" --steal=$mode "$T/src/pmain.cilkc" -o "$T/out/pmain"
    expect "real tools, $mode: parallel main runs" "0 fib(25) = 75025" \
        "$st $(CILK_NWORKERS=4 "$T/out/pmain" 2>&1)"
done
no_temps "real tools"

# Task groups (libcilkrt's cilk_spawnf) need libffi: cilkcc links it after
# the runtime, --as-needed, so only programs that use them record it.
cat >"$T/src/group.cilkc" <<'EOF'
#include <stdio.h>
#include <cilkrt.h>
long sq(long x) { return x * x; }
long pfib(long n) { long a, b; if (n < 2) return n; a = spawn pfib(n - 1); b = spawn pfib(n - 2); sync; return a + b; }
int main(void)
{
    long r[2];
    cilk_group g;
    cilk_group_init(&g);
    cilk_spawnf(&g, (void (*)(void))sq, "l(l)", &r[0], 7L);
    cilk_spawnf(&g, (void (*)(void))pfib, "l(l)", &r[1], 20L);
    cilk_group_destroy(&g);
    printf("%ld %ld\n", r[0], r[1]);
    return 0;
}
EOF
for mode in continuation child; do
    run_cc "$BUILD/bin/cilkcc" --steal=$mode "$T/src/group.cilkc" -o "$T/out/group"
    expect "real tools, $mode: task groups link and run" "0 49 6765" \
        "$st $(CILK_NWORKERS=2 "$T/out/group" 2>&1)"
done
expect "real tools: libffi recorded where task groups are used, not elsewhere" "1 0" \
    "$(readelf -d "$T/out/group" | grep -c 'NEEDED.*libffi') \
$(readelf -d "$T/out/pmain" | grep -c 'NEEDED.*libffi')"
no_temps "real tools, task groups"

# OpenCilk sources: cilk/cilk.h and cilk/cilk_api.h, under -x cilkc.
for mode in continuation child serial; do
    run_cc "$BUILD/bin/cilkcc" --steal=$mode -x cilkc "$T/src/ocilk.c" -o "$T/out/ocilk"
    expect "OpenCilk source, $mode: builds and runs" "0 fib(24) = 46368 on some workers" \
        "$st $(CILK_NWORKERS=2 "$T/out/ocilk" 2>&1)"
done
for mode in continuation child serial; do
    run_cc "$BUILD/bin/cilkcc" --steal=$mode -std=c99 -pedantic-errors -Wall -Wextra -Werror \
        "$T/src/ocilkfor.cilkc" -o "$T/out/ocilkfor"
    expect "cilk_for and cilk_scope through cilk/cilk.h, -pedantic-errors, $mode" "0 499500 144" \
        "$st $(CILK_NWORKERS=2 "$T/out/ocilkfor" 2>&1)"
done
run_cc "$BUILD/bin/cilkcc" -c "$T/src/ocilk.c" -o "$T/out/ocilk.o"
expect "cilk/cilk.h in plain C: a clear error" "1 1" \
    "$st $(grep -c 'error: #error "cilk/cilk.h of cilkc: compile this file as cilkc source' "$T/stderr")"

# The pedantic matrix: clean code compiles without a diagnostic under
# -std=c99|c11 -pedantic-errors -Wall -Wextra -Werror, every mode, gcc and
# clang (the runtime header is a system header; gcc's line-marker complaint
# is avoided by compiling the generated C as preprocessed input).
for pcc in gcc clang; do
    command -v $pcc >/dev/null 2>&1 || { echo "skip: no $pcc for the pedantic matrix"; continue; }
    for std in c99 c11; do
        for mode in continuation child serial; do
            rm -f "$T/out/ped"
            run_cc env CILKCC_CC=$pcc "$BUILD/bin/cilkcc" --steal=$mode -std=$std -pedantic-errors \
                -Wall -Wextra -Werror -I"$T/inc" -DUNUSED=1 "$T/src/pedantic.cilkc" -lm -o "$T/out/ped"
            expect "pedantic: $pcc -std=$std, $mode: no diagnostic, runs" "0 6765 1 2 4" \
                "$st $(cat "$T/stderr")$(CILK_NWORKERS=2 "$T/out/ped" 2>&1)"
        done
    done
done
no_temps "pedantic"

# Declarations: the generated clones of functions with external linkage
# have a prototype before their definition, and nothing is declared twice
# (-Wmissing-prototypes, -Wredundant-decls; neither is in -Wall -Wextra).
for pcc in gcc clang; do
    command -v $pcc >/dev/null 2>&1 || { echo "skip: no $pcc for the declaration warnings"; continue; }
    for mode in continuation child serial; do
        rm -f "$T/out/protos"
        run_cc env CILKCC_CC=$pcc "$BUILD/bin/cilkcc" --steal=$mode -Wall -Wextra \
            -Wmissing-prototypes -Wredundant-decls -Werror "$T/src/protos.cilkc" -o "$T/out/protos"
        expect "declarations: $pcc, $mode: no diagnostic, runs" "0 6765 1 1" \
            "$st $(cat "$T/stderr")$(CILK_NWORKERS=2 "$T/out/protos" 2>&1)"
    done
done
no_temps "declarations"

# cilk_for: the lowering's conversions of the iteration count to the loop
# variable are explicit (-Wconversion, -Wsign-conversion: clang's
# -Wshorten-64-to-32 and -Wimplicit-int-conversion among them).
for pcc in gcc clang; do
    command -v $pcc >/dev/null 2>&1 || { echo "skip: no $pcc for the loop conversions"; continue; }
    for mode in continuation child serial; do
        rm -f "$T/out/loopconv"
        run_cc env CILKCC_CC=$pcc "$BUILD/bin/cilkcc" --steal=$mode -Wall -Wextra \
            -Wconversion -Wsign-conversion -Werror "$T/src/loopconv.cilkc" -o "$T/out/loopconv"
        expect "loop conversions: $pcc, $mode: no diagnostic, runs" "0 2079" \
            "$st $(cat "$T/stderr")$(CILK_NWORKERS=2 "$T/out/loopconv" 2>&1)"
    done
done
no_temps "loop conversions"

# Two compiles of one file give the same object (no temporary name in it),
# with -pedantic (preprocessed twice) and without.
for pcc in gcc clang; do
    command -v $pcc >/dev/null 2>&1 || continue
    for opt in -O0 -pedantic; do
        for mode in continuation child; do
            env CILKCC_CC=$pcc "$BUILD/bin/cilkcc" --steal=$mode -g $opt -I"$T/inc" -c \
                "$T/src/fib.cilkc" -o "$T/out/r1.o"
            env CILKCC_CC=$pcc "$BUILD/bin/cilkcc" --steal=$mode -g $opt -I"$T/inc" -c \
                "$T/src/fib.cilkc" -o "$T/out/r2.o"
            expect "reproducible: $pcc $opt $mode: byte-identical objects" "same" \
                "$(cmp -s "$T/out/r1.o" "$T/out/r2.o" && echo same)"
        done
    done
done

# -fopenmp: an OpenMP loop in a parallel function works in child and serial
# mode; continuation mode refuses it at the pragma (its locals live in the
# frame there, where the pragma's clauses cannot name them).
printf 'int main(void) { return 0; }\n' >"$T/src/nothing.c"
if ! "$REALCC" -fopenmp "$T/src/nothing.c" -o "$T/out/nothing" 2>/dev/null; then
    echo "skip: $REALCC has no -fopenmp"
else
    for mode in child serial; do
        run_cc "$BUILD/bin/cilkcc" --steal=$mode -fopenmp "$T/src/omp.cilkc" -o "$T/out/omp"
        expect "-fopenmp, $mode: builds and runs" "0 5050" \
            "$st $(cat "$T/stderr")$(OMP_NUM_THREADS=2 CILK_NWORKERS=2 "$T/out/omp" 2>&1)"
    done
fi
run_cc "$BUILD/bin/cilkcc" -fopenmp -c "$T/src/omp.cilkc" -o "$T/out/omp.o"
expect "-fopenmp, continuation: refused at the pragma" "1 yes" \
    "$st $(grep -q "^$T/src/omp.cilkc:8:1: error: OpenMP pragma in a parallel function" "$T/stderr" && echo yes)"

# Diagnostic golden tests (tests/driver/diag/NAME.cilkc, expected stderr
# in NAME.CC.MODE.err, from Debian 12's gcc 12 and clang 14): the common
# mistakes come out once each, at the user's line and column, naming the
# user's functions; `x = spawn voidfn()` is cilkc's own error.
cp -R "$ROOT/tests/driver/diag" "$T/diag"
# diag_compile CC MODE NAME [OPTION...]: cilkcc -c NAME.cilkc in $T/diag,
# its stderr in $T/stderr and its status in st.
diag_compile() {
    local pcc=$1 mode=$2 name=$3
    shift 3
    (cd "$T/diag" && env CILKCC_CC=$pcc "$BUILD/bin/cilkcc" --steal=$mode "$@" -c "$name.cilkc" \
        -o "$T/out/diag.o" 2>"$T/stderr")
    st=$?
}
# diag_golden WHAT NAME CC MODE OUT COND: ok when cilkcc failed (st 1),
# COND is "yes" and OUT is NAME's golden for CC and MODE.
diag_golden() {
    if [ $st -eq 1 ] && [ "$6" = yes ] && cmp -s "$T/diag/$2.$3.$4.err" "$5"; then
        ok "$1: $2, $3, $4"
    else
        not_ok "$1: $2, $3, $4 (status $st)" "$(diff "$T/diag/$2.$3.$4.err" "$5" | head -20)"
    fi
}
for pcc in gcc clang; do
    command -v $pcc >/dev/null 2>&1 || { echo "skip: no $pcc for the diagnostic tests"; continue; }
    for mode in continuation child; do
        for src in "$T"/diag/*.cilkc; do
            name=$(basename "$src" .cilkc)
            diag_compile $pcc $mode "$name"
            diag_golden diagnostics "$name" $pcc $mode "$T/stderr" yes
        done
    done
done
no_temps "diagnostics"

# Colours: under -fdiagnostics-color=always (CMake's Ninja generator
# passes it) the messages come out coloured and, read without their
# colours, are the goldens': cilkcc reads through the colours to put back
# the user's names, drop repeats and sort. With its stderr a terminal
# (script(1)), cilkcc asks cc for colours itself, as cc run there would
# colour; not with TERM=dumb or -fno-diagnostics-color.
uncolour() { sed 's/\x1b\[[0-9;]*[mK]//g' "$1"; }
for pcc in gcc clang; do
    command -v $pcc >/dev/null 2>&1 || continue
    for mode in continuation child; do
        for name in order typeerr undecl; do
            diag_compile $pcc $mode "$name" -fdiagnostics-color=always
            uncolour "$T/stderr" >"$T/plain"
            diag_golden colours "$name" $pcc $mode "$T/plain" \
                "$(grep -q "$(printf '\033')" "$T/stderr" && echo yes)"
        done
    done
done
if command -v script >/dev/null 2>&1; then
    for setting in "TERM=xterm" "TERM=dumb" "TERM=xterm -fno-diagnostics-color"; do
        term=${setting%% *}
        opt=${setting#"$term"}
        (cd "$T/diag" && env "$term" script -qec \
            "'$BUILD/bin/cilkcc' $opt -c undecl.cilkc -o '$T/out/diag.o'" /dev/null >"$T/stdout" 2>&1)
        want=no
        [ "$setting" = TERM=xterm ] && want=yes
        expect "colours on a terminal ($setting)" "$want" \
            "$(grep -q "$(printf '\033')" "$T/stdout" && echo yes || echo no)"
    done
else
    echo "skip: no script(1) for the terminal colour test"
fi
no_temps "colours"

# Error limits: gcc's -fmax-errors=1 and -Wfatal-errors, clang's
# -ferror-limit=1: the first message as without the limit, then cc's
# closing line ("compilation terminated due to ...", clang's "too many
# errors" and its count, which counts it), nothing else.
for pcc in gcc clang; do
    command -v $pcc >/dev/null 2>&1 || continue
    for mode in continuation child; do
        golden=$T/diag/order.$pcc.$mode.err
        if [ $pcc = gcc ]; then
            set -- -fmax-errors=1 -Wfatal-errors
        else
            set -- -ferror-limit=1
        fi
        for limit in "$@"; do
            case $limit in
            -fmax-errors=1) want="$(sed -n 1,5p "$golden")
compilation terminated due to -fmax-errors=1." ;;
            -Wfatal-errors) want="$(sed -n 1,4p "$golden")
compilation terminated due to -Wfatal-errors." ;;
            *) want="$(sed -n 1,3p "$golden")
fatal error: too many errors emitted, stopping now [-ferror-limit=]
2 errors generated." ;;
            esac
            diag_compile $pcc $mode order $limit
            expect "error limit: $limit, $pcc, $mode" "1 $want" "$st $(cat "$T/stderr")"
        done
    done
done
set --
no_temps "error limits"

# Columns (tests/driver/cols/NAME.cilkc): cc's errors about a cilk_for's
# header (first value, bound, step) or body, or about what follows a spawn
# or a sync on its line, come out where cc puts them in the twin, the file
# with its Cilk words blanked to their width (cilk_for as `for     `, every
# spelling of spawn and sync as spaces, `#pragma cilk` left for cc to
# ignore): the same `LINE:COL: error: MESSAGE` lines, in every mode, with
# gcc and clang, in the twin's order: cc meets the errors of the other
# modes' helpers (the loop bodies, in front of the function) first, and
# cilkcc puts its messages back in the order of their lines. Child mode's task
# record types a spawn's arguments at file scope (lower_child.c), where an
# undeclared name is written 0 (emit.c): cc reports it in the function,
# with the twin's message, not as `undeclared here (not in a function)`.
cp -R "$ROOT/tests/driver/cols" "$T/cols"
# errors FILE: cc's error lines in FILE, without the file name, each once
errors() { sed -n 's/^[^:]*:\([0-9]*:[0-9]*: error: .*\)$/\1/p' "$1" | awk '!seen[$0]++'; }
for pcc in gcc clang; do
    command -v $pcc >/dev/null 2>&1 || { echo "skip: no $pcc for the column tests"; continue; }
    for src in "$T"/cols/*.cilkc; do
        name=$(basename "$src" .cilkc)
        sed -e 's/_Cilk_for/for      /g' -e 's/cilk_for/for     /g' -e 's/_Cilk_spawn/           /g' \
            -e 's/cilk_spawn/          /g' -e 's/\bspawn\b/     /g' -e 's/_Cilk_sync/          /g' \
            -e 's/cilk_sync/         /g' -e 's/\bsync\b/    /g' "$src" >"$T/cols/$name.c"
        (cd "$T/cols" && $pcc -c "$name.c" -o "$T/out/twin.o" 2>"$T/stderr")
        twin=$(errors "$T/stderr")
        [ -n "$twin" ] || not_ok "columns: $name, $pcc: the twin has no error"
        for mode in serial continuation child; do
            (cd "$T/cols" && env CILKCC_CC=$pcc "$BUILD/bin/cilkcc" --steal=$mode -c "$name.cilkc" \
                -o "$T/out/cols.o" 2>"$T/stderr")
            st=$?
            expect "columns: $name, $pcc, $mode" "1 $twin" "$st $(errors "$T/stderr")"
        done
    done
done
no_temps "columns"

# scripts/cilkc-gdb.py under gdb: after a steal, the thief stops in the
# slow clone, where `print a` finds nothing but cilkc-locals lists the
# locals by name; `step` on a spawn line goes into the child, not into the
# runtime (without the script it stops in cilkrt_frame_alloc).
if command -v gdb >/dev/null 2>&1; then
    "$BUILD/bin/cilkcc" -g -O0 "$T/src/dbg.cilkc" -o "$T/out/dbg"
    CILK_NWORKERS=2 timeout 120 gdb -batch -nx -ex "source $ROOT/scripts/cilkc-gdb.py" \
        -ex "break dbg.cilkc:13" -ex run -ex cilkc-locals "$T/out/dbg" >"$T/stdout" 2>&1
    expect "gdb: a stolen continuation stops in the slow clone" "1" \
        "$(grep -c 'hit Breakpoint .*cilkc_slow_f' "$T/stdout")"
    expect "gdb: cilkc-locals there lists the locals by source name" "a = 21|n = 20" \
        "$(grep -e '^a = ' -e '^n = ' "$T/stdout" | paste -sd'|')"
    CILK_NWORKERS=1 timeout 120 gdb -batch -nx -ex "source $ROOT/scripts/cilkc-gdb.py" \
        -ex "break dbg.cilkc:12" -ex run -ex step -ex frame "$T/out/dbg" >"$T/stdout" 2>&1
    expect "gdb: step on a spawn line enters the spawned function" "1" \
        "$(grep -c '^#0  g (n=21) at .*dbg.cilkc:5' "$T/stdout")"
else
    echo "skip: no gdb for the cilkc-gdb.py test"
fi

# Errors point at the .cilkc line: cc's through cilkc's #line directives.
run_cc "$BUILD/bin/cilkcc" -c "$T/src/badpar.cilkc" -o "$T/out/badpar.o"
expect "real tools: cc error in a parallel function at its .cilkc line" "1 yes" \
    "$st $(grep -q "^$T/src/badpar.cilkc:6:[0-9]*: error:" "$T/stderr" && echo yes)"
run_cc "$BUILD/bin/cilkcc" -c "$T/src/badspawn.cilkc" -o "$T/out/badspawn.o"
expect "real tools: cilkc error at its .cilkc line, no object" "1 yes no" \
    "$st $(grep -q "^$T/src/badspawn.cilkc:4:[0-9]*: error:" "$T/stderr" && echo yes) \
$([ -e "$T/out/badspawn.o" ] && echo yes || echo no)"
no_temps "real tools, errors"

# A shared object gets no runtime of its own; the program links the one copy.
run_cc "$BUILD/bin/cilkcc" -shared -fPIC -O2 -I"$T/inc" "$T/src/fib.cilkc" -o "$T/out/libfib.so"
expect "real tools, -shared: builds" "0 " "$st $(cat "$T/stderr")"
run_cc "$BUILD/bin/cilkcc" -DN=20 "$T/src/main.c" -L"$T/out" -lfib -Wl,-rpath,"$T/out" \
    -o "$T/out/sprog"
expect "real tools, -shared: the program links and runs" "0 fib(20) = 6765" \
    "$st $(CILK_NWORKERS=2 "$T/out/sprog" 2>&1)"

# The ABI version check (docs/abi.md): an object compiled against another
# version of cilkrt_abi.h (played by predefining the version) must not
# link with this runtime, static or shared, and the linker names the
# object's version; the same object at the current version links.
abi=$(sed -n 's/^#define CILKRT_ABI_VERSION \([0-9]*\)$/\1/p' "$ROOT/runtime/cilkrt_abi.h")
old_abi=$((abi - 1))
for mode in continuation child; do
    run_cc "$BUILD/bin/cilkcc" --steal=$mode -DCILKRT_ABI_VERSION=$old_abi -I"$T/inc" -c \
        "$T/src/fib.cilkc" -o "$T/out/stale.o"
    expect "ABI v$old_abi object, $mode: compiles" "0 " "$st $(cat "$T/stderr")"
    run_cc "$BUILD/bin/cilkcc" -DN=20 "$T/out/stale.o" "$T/src/main.c" -o "$T/out/stale"
    expect "ABI v$old_abi object, $mode: the static link fails naming cilkrt_abi_v$old_abi" "1 yes" \
        "$st $(grep -q "undefined reference to .cilkrt_abi_v$old_abi'" "$T/stderr" && echo yes)"
    run_cc "$REALCC" -DN=20 "$T/out/stale.o" "$T/src/main.c" -L"$BUILD/lib" -lcilkrt -lpthread \
        -o "$T/out/stale"
    expect "ABI v$old_abi object, $mode: the link with libcilkrt.so fails naming cilkrt_abi_v$old_abi" \
        "1 yes" "$st $(grep -q "undefined reference to .cilkrt_abi_v$old_abi'" "$T/stderr" && echo yes)"
done
run_cc "$BUILD/bin/cilkcc" -DCILKRT_ABI_VERSION=$abi -I"$T/inc" -DN=20 "$T/src/fib.cilkc" \
    "$T/src/main.c" -o "$T/out/current"
expect "ABI v$abi object: links and runs" "0 fib(20) = 6765" "$st $("$T/out/current" 2>&1)"

# tests/driver/project: a plain Makefile run with `make CC=cilkcc` (make
# exports CC to its recipes, where cilkcc once found itself and started
# copies of itself without end), -MMD -MP, a static and a shared library.
PJ="$T/project"
cp -R "$ROOT/tests/driver/project" "$PJ"
PMAKE="$MAKE --no-print-directory -C $PJ"
run_cc timeout 300 env MAKEFLAGS= $PMAKE CC="$BUILD/bin/cilkcc"
expect "project: make CC=cilkcc builds" "0" "$st"
expect "project: the program runs" "psum = 5000050000, pfib = 75025" \
    "$(CILK_NWORKERS=3 "$PJ/out/prog" 2>&1)"
run_cc env MAKEFLAGS= $PMAKE -q CC="$BUILD/bin/cilkcc"
expect "project: up to date after a build" "0" "$st"
touch "$PJ/app/util.h"
run_cc timeout 300 env MAKEFLAGS= $PMAKE CC="$BUILD/bin/cilkcc"
expect "project: util.h touched, main.o and util.o rebuilt, then the program" \
    "0 out/app/main.o out/app/util.o out/prog" \
    "$st $(grep -o ' -o out/[^ ]*' "$T/stdout" | sed 's/ -o //' | paste -sd' ')"
printf '#define EXTRA 1\n' >"$PJ/app/extra.h"
sed -i 's|#include "util.h"|#include "util.h"\n#include "extra.h"|' "$PJ/app/util.c"
run_cc timeout 300 env MAKEFLAGS= $PMAKE CC="$BUILD/bin/cilkcc"
sed -i '/extra.h/d' "$PJ/app/util.c"
rm "$PJ/app/extra.h"
run_cc timeout 300 env MAKEFLAGS= $PMAKE CC="$BUILD/bin/cilkcc"
expect "project: -MP, a header removed with its #include: util.o rebuilt" "0 out/app/util.o out/prog" \
    "$st $(grep -o ' -o out/[^ ]*' "$T/stdout" | sed 's/ -o //' | paste -sd' ')"
# The shared library needs the runtime from the program's link: a plain C
# program links it with the line README.md gives (pkg-config --libs cilkrt,
# here libcilkrt.a and -lpthread), and fails without it.
printf '#include "par.h"\nint main(void) { return pfib(20) != 6765; }\n' >"$PJ/plain.c"
run_cc "$REALCC" -I"$PJ/include" -o "$PJ/out/plain" "$PJ/plain.c" -L"$PJ/out" -lpfib \
    -Wl,-rpath,"$PJ/out" "$BUILD/lib/libcilkrt.a" -lpthread
expect "project: plain cc links a C program with the shared library and the runtime" "0 0" \
    "$st $(CILK_NWORKERS=2 "$PJ/out/plain" >/dev/null 2>&1; echo $?)"
run_cc "$REALCC" -I"$PJ/include" -o "$PJ/out/plain" "$PJ/plain.c" -L"$PJ/out" -lpfib
expect "project: without the runtime, libpfib.so's cilkrt_ references are undefined" "1 yes" \
    "$st $(grep -q 'libpfib.so: undefined reference to .cilkrt_' "$T/stderr" && echo yes)"
# export CC=cilkcc: the environment's CC reaches the recipes the same way.
(cd "$PJ" && MAKEFLAGS='' "$MAKE" -s clean)
run_cc timeout 300 env MAKEFLAGS= CC="$BUILD/bin/cilkcc" $PMAKE
expect "project: CC=cilkcc in the environment builds" "0 psum = 5000050000, pfib = 75025" \
    "$st $(CILK_NWORKERS=2 "$PJ/out/prog" 2>&1)"

# make install into a scratch PREFIX, then use the installed tree.
P="$T/prefix"
(cd "$ROOT" && MAKEFLAGS='' "$MAKE" -s --no-print-directory install PREFIX="$P" BUILD="$BUILD") \
    >"$T/install.log" 2>&1
expect "make install: status" "0" "$?"
for f in bin/cilkc bin/cilkcc lib/libcilkrt.a lib/libcilkrt.so include/cilkrt/cilkrt.h \
    include/cilkrt/cilkrt_abi.h include/cilkrt/cilk/cilk.h include/cilkrt/cilk/cilk_api.h \
    lib/pkgconfig/cilkrt.pc share/cilkc/cilkc-gdb.py share/man/man1/cilkc.1 \
    share/man/man1/cilkcc.1 share/man/man3/cilk_group.3; do
    expect_file "make install: $f" "$P/$f"
done
run_cc "$P/bin/cilkcc" --version
expect "installed cilkcc finds the installed runtime" \
    "include: T/prefix/bin/../include/cilkrt|runtime: T/prefix/bin/../lib/libcilkrt.a" \
    "$(norm "$T/stdout" | sed -n '4,5p' | paste -sd'|')"
run_cc "$P/bin/cilkcc" -save-temps -I"$T/inc" -DN=22 "$T/src/fib.cilkc" "$T/src/main.c" \
    -o "$T/out/iprog"
expect "installed cilkcc: builds and runs" "0 fib(22) = 17711" "$st $("$T/out/iprog" 2>&1)"

run_cc "$P/bin/cilkcc" -x cilkc "$T/src/ocilk.c" -o "$T/out/iocilk"
expect "installed cilkcc: OpenCilk headers" "0 fib(24) = 46368 on some workers" \
    "$st $("$T/out/iocilk" 2>&1)"

export PKG_CONFIG_PATH="$P/lib/pkgconfig"
flags=$(pkg-config --cflags --libs cilkrt 2>&1 | sed 's/ *$//')
expect "pkg-config --cflags --libs cilkrt" "-I$P/include/cilkrt -L$P/lib -lcilkrt -lpthread" "$flags"
expect "libcilkrt.so records libffi" "1" \
    "$(readelf -d "$P/lib/libcilkrt.so" | grep -c 'NEEDED.*libffi')"
expect "pkg-config --static: libffi for the task groups" \
    "-L$P/lib -lcilkrt -lpthread -lffi" "$(pkg-config --static --libs cilkrt 2>&1 | sed 's/ *$//')"
# The generated C kept above, compiled by plain cc with those flags and
# linked against the shared library.
# shellcheck disable=SC2086
"$REALCC" -DN=22 "$T/out/fib.cilkc.c" "$T/src/main.c" $flags -o "$T/out/pcprog" 2>"$T/stderr"
expect "pkg-config flags: cc builds generated C" "0 " "$? $(cat "$T/stderr")"
expect "pkg-config flags: the program runs on libcilkrt.so" "fib(22) = 17711" \
    "$(LD_LIBRARY_PATH="$P/lib" "$T/out/pcprog" 2>&1)"
expect "pkg-config flags: it uses libcilkrt.so" "1" \
    "$(LD_LIBRARY_PATH="$P/lib" ldd "$T/out/pcprog" | grep -c "$P/lib/libcilkrt.so")"

# DESTDIR stages the same tree; the .pc file still names PREFIX.
(cd "$ROOT" && MAKEFLAGS='' "$MAKE" -s --no-print-directory install PREFIX=/opt/cilkc \
    DESTDIR="$T/stage" BUILD="$BUILD") >"$T/install.log" 2>&1
expect "make install DESTDIR: status" "0" "$?"
expect_file "make install DESTDIR: staged cilkcc" "$T/stage/opt/cilkc/bin/cilkcc"
expect "make install DESTDIR: .pc names PREFIX" "prefix=/opt/cilkc" \
    "$(grep '^prefix=' "$T/stage/opt/cilkc/lib/pkgconfig/cilkrt.pc")"
no_temps "install"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
