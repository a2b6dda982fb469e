#!/bin/sh
# run.sh BINDIR DOC: the hand-lowered benchmark of issue 2 (a report, not a
# test). Times fib(38) and nqueens(12) in the serial elision (Ts) and in
# both runtime modes with 1 and 2 workers (T1, T2), medians of BENCH_RUNS
# runs (default 5), and the spawn loop's peak RSS in each mode; prints a
# Markdown table and writes it into DOC between the runtime markers.
set -eu
bin=$1
doc=$2
runs=${BENCH_RUNS:-5}
fib_n=${BENCH_FIB:-38}
queens_n=${BENCH_QUEENS:-12}
loop_n=1000000
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# run MODE P PROGRAM N: BENCH_RUNS runs; prints "wall cpu spawns" (medians
# of the wall-clock and of the CPU seconds)
run() {
    for i in $(seq "$runs"); do
        CILK_NWORKERS=$2 "$bin/bench_hand-$1" "$3" "$4"
    done | awk '{ w[NR] = $1; c[NR] = $5; s = $3 }
        function median(a, n,   i, j, x) {
            for (i = 2; i <= n; i++)
                for (j = i; j > 1 && a[j - 1] > a[j]; j--) { x = a[j]; a[j] = a[j - 1]; a[j - 1] = x }
            return a[int((n + 1) / 2)]
        }
        END { print median(w, NR), median(c, NR), s }'
}

# rows PROGRAM N LABEL: the serial row and one row per mode
rows() {
    set -- "$1" "$2" "$3" $(run serial 1 "$1" "$2")
    printf '| %s | serial | %.3f | | | | | | | |\n' "$3" "$4"
    for mode in cont child; do
        r1=$(run $mode 1 "$1" "$2")
        t2=$(run $mode 2 "$1" "$2" | cut -d' ' -f1)
        echo "$r1" | awk -v l="$3" -v m=$mode -v ts="$4" -v tsc="$5" -v t2="$t2" '{
            t1 = $1; t1c = $2; s = $3
            name = m == "cont" ? "continuation" : "child"
            printf "| %s | %s | %.3f | %.3f | %.3f | %.2f | %.2f | %d | %.1f | %.1f |\n",
                   l, name, ts, t1, t2, t1 / ts, t1 / t2, s,
                   (t1 - ts) / s * 1e9, (t1c - tsc) / s * 1e9 }'
    done
}

rss() {
    for mode in serial cont child; do
        for p in 1 2; do
            [ $mode = serial ] && [ $p = 2 ] && continue
            CILK_NWORKERS=$p "$bin/bench_hand-$mode" loop $loop_n |
                awk -v m=$mode -v p=$p '{ printf "| %s | %s | %.3f | %d |\n", m, m == "serial" ? "-" : p, $1, $4 }'
        done
    done
}

{
    echo "Hand-lowered programs (tests/runtime/hand), \`make bench-hand\`, $(date -u +%Y-%m-%d),"
    echo "$(nproc) CPUs (shared with other jobs: expect noise). Medians of $runs runs."
    echo "Ts: serial elision; T1, T2: 1 and 2 workers (wall clock); ns/spawn ="
    echo "(T1 - Ts) / spawns, from wall-clock time and from CPU time (user + system,"
    echo "which other jobs on the machine do not inflate)."
    echo
    echo "| program | mode | Ts (s) | T1 (s) | T2 (s) | T1/Ts | T1/T2 | spawns | ns/spawn | ns/spawn (CPU) |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    rows fib "$fib_n" "fib($fib_n)"
    rows queens "$queens_n" "nqueens($queens_n)"
    echo
    echo "Spawn loop: $loop_n children, one sync (one run each):"
    echo
    echo "| mode | P | time (s) | peak RSS (KiB) |"
    echo "|---|---|---|---|"
    rss
    echo
    echo "Continuation mode keeps one frame for the whole loop; child mode holds"
    echo "up to a million pending tasks (64 bytes each) and a deque of 2^20 entries."
    echo "What a continuation spawn costs and what would shrink it:"
    echo "[runtime.md, the fast path](runtime.md#the-fast-path-and-what-it-costs)."
} >"$out"
cat "$out"

# Replace the runtime section of DOC (create DOC or the section if absent).
[ -f "$doc" ] || printf '# Performance\n' >"$doc"
grep -q '^<!-- BEGIN runtime -->$' "$doc" ||
    printf '\n<!-- BEGIN runtime -->\n<!-- END runtime -->\n' >>"$doc"
awk -v table="$out" '
    /^<!-- BEGIN runtime -->$/ {
        print; print "## Runtime: hand-lowered benchmark"; print ""
        while ((getline line < table) > 0) print line
        skip = 1; next
    }
    /^<!-- END runtime -->$/ { skip = 0 }
    !skip' "$doc" >"$doc.tmp"
mv "$doc.tmp" "$doc"
echo "written into $doc"
