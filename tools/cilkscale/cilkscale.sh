#!/bin/sh
# cilkscale: scalability analysis of a cilkc program (docs/workspan.md).
#
# usage: cilkscale [-p N] [-o DIR] INSTRUMENTED PLAIN [ARGS...]
#
# INSTRUMENTED is the program built with `cilkcc --workspan`, PLAIN the
# same program built without it. cilkscale runs INSTRUMENTED once for the
# work and span of each region (its wsp_dump rows, and the run's row with
# the empty tag), then PLAIN at CILK_NWORKERS = 1 .. N (default: online
# CPUs) for the measured time of each region (in a plain build a region's
# row is its wall-clock time) and of the whole run. Writes:
#   DIR/cilkscale.csv   tag,P,work,span,parallelism,burdened_parallelism,
#                       time,speedup,work_law,span_law,greedy,burdened_greedy
#                       (bounds on the speedup: the Work Law P, the Span
#                       Law T1/Tinf, and the greedy bound's guaranteed
#                       speedup 1/(1/P + 1/parallelism), and the same with
#                       the burdened parallelism)
#   DIR/TAG.svg         speedup against P with the bounds (needs gnuplot)
# and prints the table. The run's row is tagged "run". DIR: cilkscale.out.
set -eu
P=$(nproc 2> /dev/null || echo 2)
dir=cilkscale.out
usage() { echo "usage: cilkscale [-p N] [-o DIR] INSTRUMENTED PLAIN [ARGS...]" >&2; exit 2; }
while getopts p:o: opt; do
    case $opt in
    p) P=$OPTARG ;;
    o) dir=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
case $P in '' | *[!0-9]* | 0) echo "cilkscale: -p expects a positive number, not '$P'" >&2; exit 2 ;; esac
ws=$1
plain=$2
shift 2
for f in "$ws" "$plain"; do
    [ -x "$f" ] || { echo "cilkscale: $f: not an executable" >&2; exit 2; }
done
case $ws in */*) ;; *) ws=./$ws ;; esac
case $plain in */*) ;; *) plain=./$plain ;; esac
mkdir -p "$dir"

now() { date +%s%N; }

# work and span: one instrumented run
CILKSCALE_OUT=$dir/workspan.csv "$ws" "$@" > /dev/null ||
    { echo "cilkscale: $ws failed" >&2; exit 1; }

# measured times: the plain program at each P (rows: tag,P,seconds)
: > "$dir/times.csv"
p=1
while [ "$p" -le "$P" ]; do
    t0=$(now)
    CILK_NWORKERS=$p CILKSCALE_OUT=$dir/plain.csv "$plain" "$@" > /dev/null ||
        { echo "cilkscale: $plain failed at P = $p" >&2; exit 1; }
    t1=$(now)
    echo "run,$p,$(echo "$t0 $t1" | awk '{ printf "%.9f", ($2 - $1) / 1e9 }')" >> "$dir/times.csv"
    if [ -f "$dir/plain.csv" ]; then
        awk -F, -v p="$p" 'NR > 1 && $1 != "" { print $1 "," p "," $2 }' "$dir/plain.csv" \
            >> "$dir/times.csv"
        rm -f "$dir/plain.csv"
    fi
    p=$((p + 1))
done

# join: work/span per tag with the times per (tag, P)
awk -F, '
FNR == 1 { file++ }
file == 1 && FNR > 1 {
    tag = $1 == "" ? "run" : $1
    work[tag] = $2; span[tag] = $3; bspan[tag] = $5; order[++n] = tag
}
file == 2 { t[$1, $2] = $3; if ($2 > maxp) maxp = $2 }
END {
    print "tag,P,work,span,parallelism,burdened_parallelism,time,speedup,work_law,span_law,greedy,burdened_greedy"
    for (i = 1; i <= n; i++) {
        tag = order[i]
        if (span[tag] <= 0 || !((tag, 1) in t)) continue
        par = work[tag] / span[tag]; bpar = work[tag] / bspan[tag]
        for (p = 1; p <= maxp; p++) {
            s = t[tag, p] > 0 ? t[tag, 1] / t[tag, p] : 0
            printf "%s,%d,%.9f,%.9f,%.3f,%.3f,%.9f,%.3f,%d,%.3f,%.3f,%.3f\n", tag, p, work[tag],
                span[tag], par, bpar, t[tag, p], s, p, par, 1 / (1 / p + 1 / par),
                1 / (1 / p + 1 / bpar)
        }
    }
}' "$dir/workspan.csv" "$dir/times.csv" > "$dir/cilkscale.csv"

awk -F, 'NR == 1 { printf "%-12s %3s %12s %12s %10s %10s %12s %8s %8s\n", "tag", "P", "work (s)",
             "span (s)", "parallel.", "burdened", "T_P (s)", "speedup", "greedy"; next }
         { printf "%-12s %3d %12.6f %12.6f %10.1f %10.1f %12.6f %8.2f %8.2f\n", $1, $2, $3, $4,
             $5, $6, $7, $8, $11 }' "$dir/cilkscale.csv"

command -v gnuplot > /dev/null 2>&1 || { echo "cilkscale: no gnuplot, no plots" >&2; exit 0; }
for tag in $(awk -F, 'NR > 1 { print $1 }' "$dir/cilkscale.csv" | uniq); do
    grep "^$tag," "$dir/cilkscale.csv" > "$dir/$tag.dat"
    gnuplot <<GP
set terminal svg size 640,420
set output '$dir/$tag.svg'
set datafile separator ','
set title 'cilkscale: $tag'
set xlabel 'workers P'
set ylabel 'speedup T1/TP'
set key left top
set xrange [1:*]
set yrange [0:*]
plot '$dir/$tag.dat' using 2:9 with lines title 'Work Law (P)', \
     '' using 2:10 with lines title 'Span Law (parallelism)', \
     '' using 2:11 with lines title 'greedy bound', \
     '' using 2:12 with lines title 'burdened greedy bound', \
     '' using 2:8 with linespoints title 'measured'
GP
    rm -f "$dir/$tag.dat"
done
