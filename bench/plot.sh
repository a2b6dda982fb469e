#!/bin/bash
# bench/plot.sh SUMMARY_CSV SWEEP_CSV DOCS_DIR "WORKERS": the two plots of
# bench/run.sh, with gnuplot, as SVG:
#   DOCS_DIR/bench-time.svg             time against workers, one panel per
#                                       benchmark, one line per mode or peer
#                                       (bars: min-max), Ts in black
#   DOCS_DIR/bench-spawnloop-memory.svg spawn loop peak RSS against the
#                                       number of pending spawns (not made
#                                       when SWEEP_CSV has no rows), with
#                                       child mode also with the owner's
#                                       help (child-help, dashed red)
set -eu
summary=$1 sweep=$2 docs=$3 workers=$4
command -v gnuplot > /dev/null || exit 1
dat=$(mktemp -d)
trap 'rm -rf "$dat"' EXIT
configs="cont child gomp iomp tbb gompfor iompfor gomptl iomptl tbbfor"
benches=$(awk -F, 'NR > 1 && !seen[$1]++ { printf "%s ", $1 }' "$summary")
sweep_rows=$(awk -F, 'NR > 1 && !seen[$1]++ { print $1 }' "$sweep")

# One data file per benchmark and configuration: P median min max (ms).
for b in $benches; do
    for c in $configs serial; do
        awk -F, -v b="$b" -v c="$c" 'NR > 1 && $1 == b && $3 == c && $7 != "-" {
            print $4, $7 * 1000, $8 * 1000, $9 * 1000 }' "$summary" > "$dat/$b.$c"
    done
done
for c in serial child-help $configs; do
    awk -F, -v c="$c" 'NR > 1 && $2 == c && $9 != "-" { print $1, $9 / 1024 }' "$sweep" > "$dat/sweep.$c"
done

# The time plot's gnuplot commands: one panel per benchmark.
time_plot() {
    echo 'set terminal svg size 1400,700 dynamic noenhanced font "sans,11"'
    echo "set output '$docs/bench-time.svg'"
    echo 'set multiplot layout 3,4 title "time (ms, log scale) against workers P; bars: min-max; black: serial elision"'
    echo 'set logscale y'
    echo "set xtics ($(echo $workers | sed 's/ /, /g'))"
    echo 'set xrange [0.8:*]'
    echo 'set key top right font ",8"'
    echo 'set grid ytics'
    echo 'set style line 1 lc rgb "#1f77b4" lw 2 pt 7'
    echo 'set style line 2 lc rgb "#d62728" lw 2 pt 5'
    echo 'set style line 3 lc rgb "#2ca02c" lw 1 pt 9'
    echo 'set style line 4 lc rgb "#9467bd" lw 1 pt 11'
    echo 'set style line 5 lc rgb "#ff7f0e" lw 1 pt 13'
    echo 'set style line 6 lc rgb "#2ca02c" lw 1 pt 9 dt 2'
    echo 'set style line 7 lc rgb "#9467bd" lw 1 pt 11 dt 2'
    echo 'set style line 8 lc rgb "#8c564b" lw 1 pt 6'
    echo 'set style line 9 lc rgb "#e377c2" lw 1 pt 4'
    echo 'set style line 10 lc rgb "#ff7f0e" lw 1 pt 13 dt 2'
    for b in $benches; do
        echo "set title '$b'"
        ts=$(awk '{ print $2; exit }' "$dat/$b.serial")
        line="plot"
        i=0
        for c in $configs; do
            i=$((i + 1))
            if [ -s "$dat/$b.$c" ]; then
                line="$line '$dat/$b.$c' using 1:2:3:4 with yerrorlines ls $i title '$c',"
            fi
        done
        [ -n "$ts" ] && line="$line $ts with lines lw 1 lc rgb 'black' title 'Ts',"
        # a panel without data (every configuration missing) stays empty:
        # a bare "plot" is a gnuplot error
        [ "$line" = plot ] && line="set multiplot next"
        echo "${line%,}"
    done
    echo 'unset multiplot'
}

# The memory plot's gnuplot commands.
memory_plot() {
    echo 'set terminal svg size 800,500 dynamic noenhanced font "sans,11"'
    echo "set output '$docs/bench-spawnloop-memory.svg'"
    echo 'set title "spawn loop: peak RSS against pending spawns (one loop of n spawns, one sync)"'
    echo 'set logscale xy'
    tics=""
    for n in $sweep_rows; do
        tics="$tics, '10^$((${#n} - 1))' $n"
    done
    echo "set xtics (${tics#, })"
    echo 'set xrange [*:*]'
    echo 'set autoscale xfix'
    echo 'set xlabel "spawns n"'
    echo 'set ylabel "peak RSS (MiB)"'
    echo 'set key top left font ",10"'
    echo 'set style line 11 lc rgb "#d62728" lw 2 pt 4 dt 2'
    line="plot"
    i=0
    for c in $configs; do
        i=$((i + 1))
        [ -s "$dat/sweep.$c" ] && line="$line '$dat/sweep.$c' using 1:2 with linespoints ls $i title '$c',"
        # the opt-in owner help (bench/run.sh, run_one) beside the default
        if [ "$c" = child ] && [ -s "$dat/sweep.child-help" ]; then
            line="$line '$dat/sweep.child-help' using 1:2 with linespoints ls 11 title 'child, CILK_CHILD_HELP=1 (owner help)',"
        fi
    done
    [ -s "$dat/sweep.serial" ] && line="$line '$dat/sweep.serial' using 1:2 with lines lw 1 lc rgb 'black' title 'serial',"
    echo "${line%,}"
}

{
    time_plot
    # Without the spawn loop (bench/run.sh --only) the sweep has no rows,
    # and a plot of nothing would be a gnuplot error that loses both files.
    [ -z "$sweep_rows" ] || memory_plot
} > "$dat/plot.gp"
gnuplot "$dat/plot.gp"
