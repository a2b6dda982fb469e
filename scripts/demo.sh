#!/bin/bash
# scripts/demo.sh: `make demo`, the project in under two minutes.
#
#   1. installs what the build needs (as root) and builds cilkc, cilkcc and
#      the runtime;
#   2. shows part of the C that cilkc generates for examples/fib.cilkc;
#   3. runs fib and the spawn loop in both steal modes with CILK_STATS=1;
#   4. prints a comparison table: time, steals, peak memory, peak frames
#      or tasks.
# Everything it builds goes to build/demo/. Plain output, no colours.

set -eu
cd "$(dirname "$0")/.."
export LC_ALL=C

out=build/demo
workers=${CILK_NWORKERS:-$(nproc)}
fib_n=${DEMO_FIB:-35}
loop_n=${DEMO_LOOP:-3000000}

step() {
    printf '\n==== %s\n\n' "$*"
}

step "1. Build (installs flex, bison, libffi-dev and time if missing)"
./scripts/deps.sh time || echo "(no /usr/bin/time: the table will show no memory)"
make -s -j2 all
echo "built: build/bin/cilkc, build/bin/cilkcc, build/lib/libcilkrt.a"

mkdir -p "$out/continuation" "$out/child"
for mode in continuation child; do
    for prog in fib spawnloop; do
        build/bin/cilkcc --steal=$mode -O2 -save-temps \
            -o "$out/$mode/$prog" "examples/$prog.cilkc"
    done
done

# excerpt FILE FUNC: the definition of FUNC in generated C, up to the next
# static function, without #line lines, long lines folded.
excerpt() {
    awk -v f="$2" '
        !on && index($0, f " (cilkrt_worker *cilkc_") && !/;$/ { on = 1 }
        on && /^static / { exit }
        on && !/^#/ { print }' "$1" | fold -s -w 100 | sed 's/^/    /'
}

step "2. What cilkc makes of examples/fib.cilkc"
echo "Source (the parallel function):"
echo
awk '/^[a-z].*fib\(int n\)$/ { on = 1 } on { print "    " $0 } on && /^}/ { exit }' examples/fib.cilkc
gen=$out/continuation/fib.cilkc.c
echo
echo "Continuation mode (the default), the fast clone. The frame struct, the"
echo "slow clone and the inlet are in $gen:"
echo
excerpt "$gen" cilkc_fast_fib
gen=$out/child/fib.cilkc.c
echo
echo "Child mode (--steal=child), the body; each spawn becomes a task ($gen):"
echo
excerpt "$gen" cilkc_body_fib

# run MODE PROG ARG: runs one program with statistics, shows its output and
# leaves "seconds maxrss_kb" in $out/MODE/PROG.time, stats in .stats.
run() {
    local mode=$1 prog=$2 arg=$3
    local exe=$out/$mode/$prog base=$out/$mode/$prog
    local t0 t1 timer=()
    [ -x /usr/bin/time ] && timer=(/usr/bin/time -f %M -o "$base.rss")
    echo "\$ CILK_NWORKERS=$workers CILK_STATS=1 $exe $arg"
    echo - > "$base.rss"
    t0=$(date +%s%N)
    CILK_NWORKERS=$workers CILK_STATS=1 "${timer[@]}" "$exe" "$arg" 2> "$base.stats"
    t1=$(date +%s%N)
    echo "$(( (t1 - t0) / 1000 )) $(cat "$base.rss")" |
        awk '{ printf "%.3f %s\n", $1 / 1e6, $2 }' > "$base.time"
    sed 's/^/    /' "$base.stats"
    echo
}

step "3. fib($fib_n) and the spawn loop ($loop_n spawns), $workers workers, both modes"
for prog in fib spawnloop; do
    arg=$fib_n
    [ $prog = spawnloop ] && arg=$loop_n
    for mode in continuation child; do
        run $mode $prog $arg
    done
done

step "4. Side by side ($workers workers; wall time and peak RSS of the whole process)"
printf '%-10s %-13s %9s %9s %12s %18s\n' program mode "time (s)" steals "peak RSS" "peak frames/tasks"
for prog in fib spawnloop; do
    for mode in continuation child; do
        set -- $(cat "$out/$mode/$prog.time") $(awk -f bench/stats.awk "$out/$mode/$prog.stats")
        # $1 seconds, $2 maxrss KiB, $3 spawns, $4 steals, $5 peak live
        rss=-
        [ "$2" != - ] && rss=$(awk -v k="$2" 'BEGIN { printf "%.1f MiB", k / 1024 }')
        printf '%-10s %-13s %9s %9s %12s %18s\n' $prog $mode "$1" "$4" "$rss" "$5"
    done
done
cat << 'EOF'

Continuation stealing runs each spawned child at once and lets a thief take
the parent's continuation: the spawn loop needs one frame whatever n is.
Child stealing queues every spawned child as a task until the sync: the
spawn loop holds up to n tasks, and memory grows with n. More: make bench
(docs/performance.md).
EOF
