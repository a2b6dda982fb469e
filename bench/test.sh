#!/bin/bash
# bench/test.sh: `make test-bench`, the harness's own test (no timing).
#   1. golden: bench/testdata/raw.csv and sweep-raw.csv through
#      summarize.awk, table.awk and sweep_table.awk give exactly the
#      checked-in *.expected files (missing, failed and wrong runs included);
#   2. contract with the runtime: bench/programs/fib.cilkc, built with
#      cilkcc in both modes and run at 2 workers with CILK_STATS=1, prints
#      the serial elision's result, and stats.awk reads from the runtime's
#      report exactly 2(fib(n+1) - 1) spawns and a positive peak of live
#      frames or tasks;
#   3. the data-parallel section: forloop, heatfor and reducesum at small
#      sizes, each cilkc program (when there is one) in both modes and its
#      loop peers (OpenMP parallel for and taskloop with gcc; oneTBB when
#      its headers are installed) at 2 workers, print the serial result.
set -eu
cd "$(dirname "$0")/.."
build=${BUILD:-build}/bench-test
data=bench/testdata
mkdir -p "$build"
fail=0

check() { # NAME EXPECTED ACTUAL
    if cmp -s "$2" "$3"; then
        echo "ok   $1"
    else
        echo "FAIL $1"
        diff -u "$2" "$3" | head -20
        fail=1
    fi
}

awk -F, -f bench/summarize.awk -v key=4 $data/raw.csv > "$build/summary.csv"
check "summarize.awk" $data/summary.expected "$build/summary.csv"
awk -F, -f bench/table.awk -v workers="1 2" -v ncpu=1 "$build/summary.csv" > "$build/table.md"
check "table.awk" $data/table.expected "$build/table.md"
awk -F, -f bench/summarize.awk -v key=3 $data/sweep-raw.csv |
    awk -F, -f bench/sweep_table.awk > "$build/sweep.md"
check "sweep_table.awk" $data/sweep.expected "$build/sweep.md"
awk -f bench/stats.awk $data/stats.txt > "$build/stats.out"
echo "176 3 6" | check "stats.awk" - "$build/stats.out"

n=20
spawns=21890 # 2(fib(21) - 1)
for mode in serial continuation child; do
    build/bin/cilkcc --steal=$mode -O2 -Ibench/common -o "$build/fib.$mode" bench/programs/fib.cilkc
done
"$build/fib.serial" $n > "$build/fib.serial.out" 2> /dev/null
for mode in continuation child; do
    CILK_NWORKERS=2 CILK_STATS=1 "$build/fib.$mode" $n > "$build/fib.$mode.out" 2> "$build/fib.$mode.err"
    check "fib $mode result" "$build/fib.serial.out" "$build/fib.$mode.out"
    read -r s steals peak < <(awk -f bench/stats.awk "$build/fib.$mode.err")
    if [ "$s" = $spawns ] && [ "$peak" -gt 0 ] 2> /dev/null; then
        echo "ok   fib $mode statistics"
    else
        echo "FAIL fib $mode statistics: spawns '$s' (expected $spawns), peak '$peak'"
        fail=1
    fi
done
# loop_check NAME SIZE: every version of NAME prints what the first does
# (the serial elision, or the gcc parallel for at 1 thread without a
# program).
loop_check() {
    local name=$1 size=$2 bins=() ref=""
    if [ -f bench/programs/$name.cilkc ]; then
        for mode in serial continuation child; do
            build/bin/cilkcc --steal=$mode -O2 -Ibench/common -o "$build/$name.$mode" \
                bench/programs/$name.cilkc
            bins+=("$build/$name.$mode")
        done
    fi
    for peer in ompfor taskloop; do
        gcc -std=gnu11 -O2 -fopenmp -Ibench/common -o "$build/$name.$peer" \
            bench/peers/${name}_$peer.c
        bins+=("$build/$name.$peer")
    done
    if echo '#include <tbb/parallel_reduce.h>' | g++ -std=c++17 -x c++ -E - > /dev/null 2>&1; then
        g++ -std=c++17 -O2 -Ibench/common -Ibench/peers -o "$build/$name.tbbfor" \
            bench/peers/${name}_tbbfor.cpp -ltbb -lpthread
        bins+=("$build/$name.tbbfor")
    fi
    for b in "${bins[@]}"; do
        local p=2
        [ -z "$ref" ] && p=1
        CILK_NWORKERS=$p OMP_NUM_THREADS=$p BENCH_NWORKERS=$p "$b" "$size" > "$b.out" 2> /dev/null
        if [ -z "$ref" ]; then
            ref=$b.out
        else
            check "$name $(basename "$b" | sed "s/^$name.//") result" "$ref" "$b.out"
        fi
    done
}
loop_check forloop 100000
loop_check heatfor 130
loop_check reducesum 1000000
exit $fail
