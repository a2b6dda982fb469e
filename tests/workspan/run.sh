#!/bin/sh
# tests/workspan/run.sh: the instrumented build (cilkcc --workspan) against
# closed forms. Each ws_NAME.cilkc is built in both steal modes and run at
# CILK_NWORKERS = 1, 2, 4 in the strand unit with a burden of 10 strands;
# its output (figures, and any mismatch with the closed form the program
# computes, or a missing forced steal) must equal ws_NAME.out. Then the
# CSV (CILKSCALE_OUT) must hold the header and the run's row, and fib in
# the time unit must give 0 < span <= burdened span and span <= work.
#
# usage: tests/workspan/run.sh [--sanitize=asan|tsan]
#   --sanitize builds with -fsanitize=address,undefined or =thread against
#   the runtime's matching variant; any sanitizer report is a failure.
# Environment: BUILD (default build), CC.
set -u
san_flags=
san_lib=
case ${1:-} in
--sanitize=asan)
    san_flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
    san_lib=lib/libcilkrt-asan.a ;;
--sanitize=tsan)
    san_flags="-fsanitize=thread -DCILKRT_ATOMIC_BOUNDS"
    san_lib=lib/libcilkrt-tsan.a ;;
"") ;;
*)
    echo "usage: tests/workspan/run.sh [--sanitize=asan|tsan]" >&2
    exit 2 ;;
esac
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
CILKCC=$top/$BUILD/bin/cilkcc
dir=$top/tests/workspan
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

for src in "$dir"/ws_*.cilkc; do
    name=$(basename "$src" .cilkc)
    for mode in continuation child; do
        exe=$tmp/$name.$mode
        # shellcheck disable=SC2086
        # both spellings of the flag: --workspan, and OpenCilk's
        flag=--workspan
        [ $mode = child ] && flag=-fcilktool=cilkscale
        if ! "$CILKCC" --steal=$mode $flag $san_flags -I"$dir" "$src" \
                ${san_lib:+"$top/$BUILD/$san_lib"} -o "$exe" 2> "$tmp/err"; then
            fail "$name mode=$mode: cilkcc failed"
            sed 's/^/    /' "$tmp/err" | head -10
            continue
        fi
        for p in 1 2 4; do
            csv=$tmp/$name.$mode.$p.csv
            TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
                CILKSCALE_UNIT=strands CILKSCALE_BURDEN=10 CILKSCALE_OUT=$csv CILK_NWORKERS=$p \
                timeout 120 "$exe" > "$tmp/out" 2>&1
            if ! cmp -s "$tmp/out" "$dir/$name.out"; then
                fail "$name mode=$mode P=$p: output differs from $name.out"
                diff "$dir/$name.out" "$tmp/out" | head -10 | sed 's/^/    /'
            fi
            if ! head -n 1 "$csv" | grep -q '^tag,work (strands),span (strands),parallelism,'; then
                fail "$name mode=$mode P=$p: no CSV header in CILKSCALE_OUT"
            elif ! tail -n 1 "$csv" | grep -q '^,[0-9]*,[0-9]*,'; then
                fail "$name mode=$mode P=$p: no row for the run in CILKSCALE_OUT"
            elif [ $name = ws_fib ] && ! grep -q '^fib,20902,37,564.918919,129,' "$csv"; then
                fail "$name mode=$mode P=$p: no wsp_dump row 'fib' in CILKSCALE_OUT"
                sed 's/^/    /' "$csv"
            fi
        done
    done
    echo "workspan: $name"
done

# Root calls from several threads at once (the run's record is shared):
# instrumented, the corpus program must still give its output, and its
# CSV the run's row; under --sanitize, with no report.
corpus=$top/tests/corpus
for mode in continuation child; do
    exe=$tmp/link_pthreads.$mode
    # shellcheck disable=SC2086
    if ! "$CILKCC" --steal=$mode --workspan $san_flags -I"$corpus" "$corpus/link_pthreads.cilkc" \
            ${san_lib:+"$top/$BUILD/$san_lib"} -o "$exe" 2> "$tmp/err"; then
        fail "link_pthreads mode=$mode: cilkcc failed"
        sed 's/^/    /' "$tmp/err" | head -10
        continue
    fi
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" CILKSCALE_OUT=$tmp/lp.csv CILK_NWORKERS=4 \
        timeout 120 "$exe" > "$tmp/out" 2>&1
    if ! cmp -s "$tmp/out" "$corpus/link_pthreads.out" ||
        ! tail -n 1 "$tmp/lp.csv" | grep -q '^,[0-9.]*,[0-9.]*,'; then
        fail "link_pthreads mode=$mode --workspan: output or CSV differs"
        diff "$corpus/link_pthreads.out" "$tmp/out" | head -10 | sed 's/^/    /'
    fi
done
echo "workspan: link_pthreads"

# bench/workspan.sh on a made-up bench.csv: fib at P = 2 faster than the
# Work Law allows must be flagged, P = 4 not; the instrumented builds take
# bench.mk's BENCH_OPT, as the timed ones (read from bench.mk here). P = 4 takes T1 itself, which
# no parallelism (>= 1: span <= work) can flag, so the check does not
# depend on the measured figures.
if [ -z "$san_flags" ]; then
    mkdir -p "$tmp/bw"
    {
        echo "bench,size,config,P,runs,ok,median_s,min_s,max_s,maxrss_kb,spawns,steals,peak_live,status"
        for c in cont child; do
            echo "fib,16,$c,1,1,1,1.0,1.0,1.0,0,-,-,-,ok"
            echo "fib,16,$c,2,1,1,0.4,0.4,0.4,0,-,-,-,ok"
            echo "fib,16,$c,4,1,1,1.0,1.0,1.0,0,-,-,-,ok"
        done
    } > "$tmp/bw/bench.csv"
    printf '# perf\n<!-- BEGIN workspan-results -->\n<!-- END workspan-results -->\n' \
        > "$tmp/bw/performance.md"
    if ! BUILD=$BUILD sh "$top/bench/workspan.sh" "$tmp/bwbin" "$tmp/bw" > "$tmp/bw.out" 2>&1 ||
        [ "$(grep -c '^fib,\(cont\|child\),2,.*,below Work Law$' "$tmp/bw/bench-workspan.csv")" != 2 ] ||
        [ "$(grep -c '^fib,\(cont\|child\),4,.*,ok$' "$tmp/bw/bench-workspan.csv")" != 2 ] ||
        ! grep -q '^| fib | cont | 2 |' "$tmp/bw/performance.md" ||
        ! grep -qF -- '`cilkcc --workspan -O2 -falign-functions=64 -falign-loops=64`' "$tmp/bw/performance.md"; then
        fail "bench/workspan.sh: expected the P = 2 Work Law flag, P = 4 ok, and the table, built with bench.mk's flags"
        sed 's/^/    /' "$tmp/bw.out" "$tmp/bw/bench-workspan.csv" 2> /dev/null | head -10
    fi
    echo "workspan: bench/workspan.sh"
fi

# The time unit: no figure is checked against a clock (the machine is
# shared), only the order the definitions impose.
for mode in continuation child; do
    exe=$tmp/ws_fib.$mode
    [ -x "$exe" ] || continue
    CILKSCALE_OUT=$tmp/time.csv CILK_NWORKERS=2 "$exe" > /dev/null 2>&1
    if ! tail -n 1 "$tmp/time.csv" |
        awk -F, '{ exit !($3 > 0 && $3 <= $2 && $3 <= $5) }'; then
        fail "ws_fib mode=$mode time unit: expected 0 < span <= work, span <= burdened span"
        sed 's/^/    /' "$tmp/time.csv"
    fi
done

# The time unit on spawn loops (time_loop.cilkc): the loop is the path,
# whoever reads the clock. Lowest of three regions each; and both modes'
# heavy spans within a factor 3 of each other. Bounds on ratios only, each
# between what the code before c87187c gave and what the code since gives
# (checked by building c87187c^: the figures below).
#
# heavy (N = 1000 long parent strands, trivial children): the loop holds
# all the time but N trivial strands, so span/work is about 1, and the
# bound is half of what the clock allows: the unit is wall time, and a
# worker whose thread waits for a CPU keeps its strand open, so with
# share = ceil(P / CPUs this test may use) workers to a CPU a strand off
# the path can be charged the time another worker's strand ran there:
# span/work can fall toward 1/share. (On one CPU a thief steals only
# while its victim waits for the CPU, and in continuation mode the
# victim's child, whose pop then fails, is charged the time since its
# last reading (cilkrt_wsp_give): the thief's whole time slice, spent on
# the path. At P = 2, 3 runs: span = the region's wall time, work
# 1.8-1.9 times it; the cause as read from the code, not traced.) Bound
# 1 / (2 share): 0.5 on free CPUs, 0.25 with P = 2 on one CPU (taskset
# -c 1, as the lead runs long tests), where 0.5 failed once (0.49):
# continuation mode gives 0.50-0.60
# there (child 0.99-1.00), and 0.94-0.99 at P = 1. Broken (before spawns
# ended the parent's strand): continuation 0.005-0.16 (about 1/N; 0.11 on
# one CPU at P = 2), child at P = 2 0.04 (a waited sync dropped the loop).
#
# short (spawnloop, every strand below the quantum): the loop holds about
# half the strands; span/work 0.28-0.45 in child mode at P = 1 (its
# children's strands cost more than the loop's), 0.34-0.9 elsewhere;
# broken (before groups of short strands were spread over their strands,
# the reading child took the loop's time) 0.01-0.05, lowest of three.
# Bound 0.1, alike at every share (the time a waiting worker is charged
# is spread over a group's strands, on and off the path: 0.34 or more at
# P = 2 on one CPU).
if [ -z "$san_flags" ]; then
    cpus=$(nproc 2> /dev/null || echo 1)
    for mode in continuation child; do
        exe=$tmp/time_loop.$mode
        if ! "$CILKCC" --steal=$mode --workspan -O2 "$dir/time_loop.cilkc" -o "$exe" 2> "$tmp/err"; then
            fail "time_loop mode=$mode: cilkcc failed"
            sed 's/^/    /' "$tmp/err" | head -10
            continue
        fi
        for p in 1 2; do
            share=$(((p + cpus - 1) / cpus))
            heavy=$(awk -v s=$share 'BEGIN { print 1 / (2 * s) }')
            CILKSCALE_BURDEN=0 CILKSCALE_OUT=$tmp/tl.$mode.$p.csv CILK_NWORKERS=$p \
                timeout 120 "$exe" > /dev/null 2>&1
            if ! awk -F, -v heavy="$heavy" '
                $1 == "heavy" || $1 == "short" { r = $3 / $2; n[$1]++
                    if (!($1 in lo) || r < lo[$1]) lo[$1] = r }
                END { exit !(n["heavy"] == 3 && n["short"] == 3 && lo["heavy"] >= heavy &&
                    lo["short"] >= 0.1) }' "$tmp/tl.$mode.$p.csv"; then
                fail "time_loop mode=$mode P=$p ($cpus CPUs): expected span/work >= $heavy (heavy), >= 0.1 (short)"
                sed 's/^/    /' "$tmp/tl.$mode.$p.csv"
            fi
        done
    done
    if [ -f "$tmp/tl.continuation.1.csv" ] && [ -f "$tmp/tl.child.1.csv" ] &&
        ! awk -F, '$1 == "heavy" { s[FILENAME] += $3; f[++k] = FILENAME }
            END { a = s[f[1]]; b = s[f[k]]; exit !(a > 0 && b > 0 && a < 3 * b && b < 3 * a) }' \
            "$tmp/tl.continuation.1.csv" "$tmp/tl.child.1.csv"; then
        fail "time_loop: heavy's span in the two modes differs by more than a factor 3"
        grep '^heavy' "$tmp/tl.continuation.1.csv" "$tmp/tl.child.1.csv" | sed 's/^/    /'
    fi
    echo "workspan: time_loop"
fi

# A plain build (benchmark mode): a region's row is its wall-clock time.
# Then cilkscale joins both builds' rows: one line per region and P.
if [ -z "$san_flags" ] && "$CILKCC" -I"$dir" "$dir/ws_fib.cilkc" -o "$tmp/plain" 2> "$tmp/err"; then
    CILKSCALE_OUT=$tmp/plain.csv CILK_NWORKERS=2 "$tmp/plain" > /dev/null 2>&1
    if ! { head -n 1 "$tmp/plain.csv" | grep -q '^tag,time (seconds)$' &&
        grep -q '^fib,[0-9]*\.[0-9]*$' "$tmp/plain.csv"; }; then
        fail "plain build: expected a tag,time header and a time row for fib"
        sed 's/^/    /' "$tmp/plain.csv"
    fi
    if ! sh "$top/$BUILD/bin/cilkscale" -p 2 -o "$tmp/cs" "$tmp/ws_fib.continuation" \
            "$tmp/plain" > "$tmp/cs.out" 2>&1; then
        fail "cilkscale failed"
        sed 's/^/    /' "$tmp/cs.out"
    elif [ "$(grep -c '^fib,[12],' "$tmp/cs/cilkscale.csv")" != 2 ] ||
        [ "$(grep -c '^run,[12],' "$tmp/cs/cilkscale.csv")" != 2 ] ||
        ! awk -F, 'NR > 1 && $9 != $2 { exit 1 }' "$tmp/cs/cilkscale.csv"; then
        fail "cilkscale: expected rows for fib and run at P = 1, 2 with the Work Law = P"
        sed 's/^/    /' "$tmp/cs/cilkscale.csv"
    elif command -v gnuplot > /dev/null 2>&1 && [ ! -s "$tmp/cs/fib.svg" ]; then
        fail "cilkscale: no plot fib.svg"
    fi
    echo "workspan: plain build and cilkscale"
elif [ -z "$san_flags" ]; then
    fail "ws_fib: plain build failed"
fi

# Cilk-5's inlets, abort and SYNCHED with the work/span hooks between
# them (tests/cilk5): instrumented, each program must still print its
# usual output (stdout; stderr has the abort's cut-off report) and exit 0,
# in both modes at P = 1 and 4.
for name in inlet abort_search synched_steal void_main_synched; do
    for mode in continuation child; do
        exe=$tmp/$name.$mode
        # shellcheck disable=SC2086
        if ! "$CILKCC" --steal=$mode --workspan $san_flags -I"$corpus" \
                "$top/tests/cilk5/$name.cilk" ${san_lib:+"$top/$BUILD/$san_lib"} -o "$exe" \
                2> "$tmp/err"; then
            fail "cilk5 $name mode=$mode: cilkcc --workspan failed"
            sed 's/^/    /' "$tmp/err" | head -10
            continue
        fi
        for p in 1 4; do
            TSAN_OPTIONS="halt_on_error=1 exitcode=66" CILKSCALE_OUT=/dev/null CILK_NWORKERS=$p \
                timeout 120 "$exe" > "$tmp/out" 2> "$tmp/stderr"
            rc=$?
            if [ $rc -ne 0 ] || ! cmp -s "$tmp/out" "$top/tests/cilk5/$name.out"; then
                fail "cilk5 $name mode=$mode P=$p --workspan: exit $rc or output differs"
                diff "$top/tests/cilk5/$name.out" "$tmp/out" | head -10 | sed 's/^/    /'
                head -5 "$tmp/stderr" | sed 's/^/    /'
            fi
        done
    done
done
echo "workspan: cilk5 inlets, abort, SYNCHED"

if [ $fails -ne 0 ]; then
    echo "workspan: $fails failure(s)"
    exit 1
fi
echo "workspan: all passed"
