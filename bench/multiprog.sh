#!/bin/bash
# bench/multiprog.sh [--quick] --bin DIR --docs DOCS: two cilkc programs
# sharing the machine (`make multiprog`, issue 13).
#
# fib and nqueens (DIR/fib.MODE, DIR/nqueens.MODE from make bench-build),
# in both modes, at P = 2 and P = 8 workers each:
#   alone     each program by itself, one after the other
#   together  both started at once; the wall time until both have finished
# Combined throughput = (fib alone + nqueens alone) / together: 100 % means
# sharing costs nothing against running them one after the other. Each
# measurement is repeated RUNS times (5; --quick 3), the configurations
# alternating within each round, and reported as median (min-max).
# Writes DOCS/bench-multiprog.csv (every run) and the table between the
# multiprog-results markers of DOCS/performance.md.
set -eu
quick=0 bin= docs=
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 ;;
    --bin) bin=$2; shift ;;
    --docs) docs=$2; shift ;;
    *) echo "multiprog.sh: error: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
[ -d "$bin" ] && [ -f "$docs/performance.md" ] ||
    { echo "usage: multiprog.sh [--quick] --bin DIR --docs DOCS" >&2; exit 2; }
if [ $quick = 1 ]; then
    runs=3 fib_n=32 queens_n=12
else
    runs=5 fib_n=34 queens_n=13
fi
modes="cont child"
for m in $modes; do
    for p in fib nqueens; do
        [ -x "$bin/$p.$m" ] || { echo "multiprog.sh: error: $bin/$p.$m is missing" >&2; exit 1; }
    done
done
csv=$docs/bench-multiprog.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

# run_one MODE P PROGRAM: runs it, checks its exit status, prints nothing.
run_one() {
    local n=$fib_n
    [ "$3" = nqueens ] && n=$queens_n
    CILK_NWORKERS=$2 "$bin/$3.$1" "$n" > /dev/null 2> "$tmp/err.$3" ||
        { echo "multiprog.sh: error: $3.$1 $n failed:" >&2; cat "$tmp/err.$3" >&2; exit 1; }
}

# measure MODE P: one round of alone (fib, nqueens) and together, as CSV rows.
measure() {
    local t0 t1 t2 t3
    t0=$(now); run_one "$1" "$2" fib
    t1=$(now); run_one "$1" "$2" nqueens
    t2=$(now)
    run_one "$1" "$2" fib & local a=$!
    run_one "$1" "$2" nqueens & local b=$!
    wait $a; wait $b
    t3=$(now)
    awk -v m="$1" -v p="$2" -v r="$round" -v t0="$t0" -v t1="$t1" -v t2="$t2" -v t3="$t3" 'BEGIN {
        printf "%s,%s,%s,%.4f,%.4f,%.4f\n", r, m, p, t1 - t0, t2 - t1, t3 - t2 }'
}

echo "round,mode,P,fib_alone,nqueens_alone,together" > "$csv"
for round in $(seq 1 "$runs"); do
    for m in $modes; do
        for p in 2 8; do
            measure "$m" "$p" >> "$csv"
        done
    done
done

# The table: median (min-max) over the rounds, per mode and P.
table=$tmp/table.md
{
    echo "fib($fib_n) and nqueens($queens_n), $runs rounds, $(date -u '+%Y-%m-%d %H:%M UTC'),"
    echo "$(nproc) cores, load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo "Seconds of wall time, median (min-max); throughput = (fib alone +"
    echo "nqueens alone) / together, from the medians."
    echo
    echo "| mode | P | fib alone | nqueens alone | one after the other | together | combined throughput |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for m in $modes; do
        for p in 2 8; do
            for col in 4 5 6; do
                awk -F, -v m="$m" -v p="$p" -v c="$col" 'NR > 1 && $2 == m && $3 == p { print $c }' "$csv" |
                    sort -g | awk '{ v[NR] = $1 } END {
                        med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                        printf "%.3f %.3f %.3f\n", med, v[1], v[NR] }' > "$tmp/col$col"
            done
            read -r f fmin fmax < "$tmp/col4"
            read -r q qmin qmax < "$tmp/col5"
            read -r t tmin tmax < "$tmp/col6"
            awk -v m="$m" -v p="$p" -v f="$f" -v fmin="$fmin" -v fmax="$fmax" -v q="$q" \
                -v qmin="$qmin" -v qmax="$qmax" -v t="$t" -v tmin="$tmin" -v tmax="$tmax" 'BEGIN {
                printf "| %s | %d | %.3f (%.3f-%.3f) | %.3f (%.3f-%.3f) | %.3f | %.3f (%.3f-%.3f) | %.0f %% |\n",
                    m, p, f, fmin, fmax, q, qmin, qmax, f + q, t, tmin, tmax, 100 * (f + q) / t }'
        done
    done
} > "$table"

# Replace what lies between the markers, keep the rest of performance.md.
awk -f "$(dirname "$0")/markers.awk" "$docs/performance.md" || exit 2
awk -v table="$table" '
    /<!-- END multiprog-results -->/ { skip = 0 }
    !skip { print }
    /<!-- BEGIN multiprog-results -->/ { while ((getline line < table) > 0) print line; skip = 1 }
' "$docs/performance.md" > "$tmp/performance.md"
grep -q "BEGIN multiprog-results" "$tmp/performance.md" ||
    { echo "multiprog.sh: error: no multiprog-results markers in $docs/performance.md" >&2; exit 1; }
cp "$tmp/performance.md" "$docs/performance.md"
cat "$table"
