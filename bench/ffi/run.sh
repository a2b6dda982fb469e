#!/bin/sh
# bench/ffi/run.sh BIN DOC: ns per spawn of libcilkrt's task groups
# (cilk_spawnf, cilk_spawn_ffi; from a worker and from a thread that is not
# one) against a translated child-mode spawn (spawnloop.child) and oneTBB's
# task_group::run (spawnloop.tbb), on the spawn loop: one parent, n tiny
# children, one sync. ns/spawn = time / n, from the wall clock of the loop
# and from the CPU time of the whole process (user + system, which other
# jobs on a shared machine do not inflate; at P = 2 it includes the idle
# worker's search). Configurations alternate within each round; the table
# gives the median and the min-max range over the rounds, and goes into
# DOC between <!-- BEGIN ffi --> and <!-- END ffi -->.
set -e
bin=$1 doc=$2
n=${FFI_N:-1000000} rounds=${FFI_ROUNDS:-7}
configs="child tbb spawnf-worker ffi-worker spawnf-thread ffi-thread"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # config P: prints the wall and CPU seconds of one run, checks the output
    case $1 in
    child | tbb) prog="$bin/spawnloop.$1" arg="" ;;
    *) prog="$bin/spawnloop_ffi" arg=$1 ;;
    esac
    [ -x "$prog" ] || { echo missing; return; }
    CILK_NWORKERS=$2 BENCH_NWORKERS=$2 /usr/bin/time -f '%U %S' -o "$tmp/cpu" \
        "$prog" "$n" $arg >"$tmp/out" 2>"$tmp/err"
    [ "$(cat "$tmp/out")" = "$want" ] || { echo "bench/ffi: $1 P=$2: wrong output" >&2; exit 1; }
    echo "$(sed -n 's/^time: //p' "$tmp/err") $(awk '{ print $1 + $2 }' "$tmp/cpu")"
}

cell() { # P config column: "median | min-max" of ns/spawn from that column
    awk -v p="$1" -v c="$2" -v k="$3" -v n="$n" \
        '$1 == p && $2 == c && $3 != "missing" { print $k * 1e9 / n }' "$tmp/times" |
        sort -g | awk '
        { v[NR] = $1 }
        END {
            if (NR == 0) { printf "missing | "; exit }
            m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%.0f | %.0f-%.0f", m, v[1], v[NR]
        }'
}

want=$(CILK_NWORKERS=1 "$bin/spawnloop_ffi" "$n" spawnf-thread 2>/dev/null)
for p in 1 2; do
    r=0
    while [ $r -lt "$rounds" ]; do
        for c in $configs; do echo "$p $c $(run "$c" "$p")"; done
        r=$((r + 1))
    done
done >"$tmp/times"

out="$tmp/table"
{
    echo "Spawn loop of $n children, one sync; ns/spawn = time / $n, wall clock of"
    echo "the loop and CPU time (user + system) of the whole process; median and"
    echo "min-max of $rounds runs per cell, configurations alternating."
    echo
    echo "| spawn | P | ns/spawn, wall (median) | min-max | ns/spawn, CPU (median) | min-max |"
    echo "|---|---|---|---|---|---|"
    for p in 1 2; do
        for c in $configs; do
            echo "| $c | $p | $(cell $p $c 3) | $(cell $p $c 4) |"
        done
    done
    echo
    echo "child: cilkc --steal=child (bench/programs/spawnloop.cilkc); tbb: oneTBB"
    echo "task_group::run from the main thread; spawnf/ffi: cilk_spawnf and"
    echo "cilk_spawn_ffi (bench/ffi/spawnloop_ffi.c), the loop on a worker or on the"
    echo "main thread (not a worker)."
} >"$out"
cat "$out"

[ -f "$doc" ] || printf '# Performance\n' >"$doc"
grep -q '^<!-- BEGIN ffi -->$' "$doc" || printf '\n<!-- BEGIN ffi -->\n<!-- END ffi -->\n' >>"$doc"
awk -v table="$out" '
    /^<!-- BEGIN ffi -->$/ {
        print; print "## Task groups: ns per spawn"; print ""
        while ((getline line < table) > 0) print line
        skip = 1; next
    }
    /^<!-- END ffi -->$/ { skip = 0 }
    !skip' "$doc" >"$doc.tmp"
mv "$doc.tmp" "$doc"
echo "written into $doc"
