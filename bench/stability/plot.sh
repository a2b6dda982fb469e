#!/bin/bash
# bench/stability/plot.sh TMP DOCS "LAMBDAS" "DISTS" "FS" "POLICIES" "UNITS":
# the plots of bench/stability/run.sh, with gnuplot, as SVG:
#   DOCS/stability-time.svg     total load (log scale) against time, one
#                               panel per (lambda, D), one line per f
#   DOCS/stability-lambda.svg   mean steady-state total load against lambda
#   DOCS/stability-n.svg        mean total load against n, at lambda = 0.9
#   DOCS/stability-runtime.svg  the runtime: queued units (child mode) and
#                               the generator's lateness (continuation mode)
# TMP holds run.sh's time series; DOCS the summaries it wrote.
set -eu
tmp=$1 docs=$2 lambdas=$3 dists=$4 fs=$5 policies=$6 units=$7
command -v gnuplot > /dev/null || { echo "plot.sh: gnuplot is missing: no plots" >&2; exit 0; }
gp=$tmp/plot.gp

styles() {
    echo 'set style line 1 lc rgb "#7f7f7f" lw 2'
    echo 'set style line 2 lc rgb "#d62728" lw 2'
    echo 'set style line 3 lc rgb "#1f77b4" lw 2'
    echo 'set style line 4 lc rgb "#2ca02c" lw 2'
    echo 'set style line 5 lc rgb "#ff7f0e" lw 2'
    echo 'set style line 6 lc rgb "#9467bd" lw 2'
}

# plot_lines FILE-PATTERN(with %f) XCOL YCOL: one line per f; +1 so that an
# empty system shows on the log scale.
plot_f_lines() {
    local line="plot" i=0
    for f in $fs; do
        i=$((i + 1))
        line="$line '$(printf "$1" "$f")' using $2:(\$$3 + 1) with lines ls $i title 'f = $f',"
    done
    echo "${line%,}"
}

{
    echo 'set terminal svg size 1400,1000 dynamic noenhanced font "sans,11"'
    echo "set output '$docs/stability-time.svg'"
    echo 'set multiplot layout 3,3 title "total load + 1 (log scale) against steps, n = 64; rows: lambda, columns: D"'
    echo 'set datafile separator ","'
    echo 'set logscale y'
    echo 'set format y "%g"'
    echo 'set key top left font ",8"'
    echo 'set grid ytics'
    echo 'set xtics rotate by -30'
    styles
    for l in $lambdas; do
        for d in $dists; do
            echo "set title 'lambda = $l, D = $d'"
            plot_f_lines "$tmp/series.$d.%s.$l.csv" 1 2
        done
    done
    echo 'unset multiplot'

    for what in lambda n; do
        echo "set terminal svg size 1400,450 dynamic noenhanced font \"sans,11\""
        echo "set output '$docs/stability-$what.svg'"
        if [ $what = lambda ]; then
            echo 'set multiplot layout 1,3 title "mean total load + 1 over the second half of the run, against lambda (n = 64)"'
            echo 'set xlabel "lambda"'
            echo 'unset logscale x'
            echo 'set xtics norotate 0.1'
            xcol=2
        else
            echo 'set multiplot layout 1,3 title "mean total load + 1 over the second half of the run, against n (lambda = 0.9)"'
            echo 'set xlabel "n"'
            echo 'set logscale x 2'
            echo 'set xtics norotate auto'
            xcol=1
        fi
        for d in $dists; do
            for f in $fs; do
                awk -F, -v d="$d" -v f="$f" 'NR > 1 && $3 == d && $4 == f { print }' \
                    "$docs/stability-$what.csv" > "$tmp/$what.$d.$f.dat"
            done
            echo "set title 'D = $d'"
            echo 'set key top left font ",8"'
            plot_f_lines "$tmp/$what.$d.%s.dat" $xcol 7
        done
        echo 'unset multiplot'
    done

    echo 'set terminal svg size 1400,450 dynamic noenhanced font "sans,11"'
    echo "set output '$docs/stability-runtime.svg'"
    echo 'set multiplot layout 1,2 title "the model on the runtime: P = 2, D = point, one generator, unit tasks of u microseconds"'
    echo 'unset logscale x'
    echo 'set xlabel "step"'
    echo 'set xtics auto'
    for mode in child cont; do
        if [ $mode = child ]; then
            echo "set title 'child mode: units queued in the deques + 1'"
            col=2
        else
            echo "set title 'continuation mode: generator steps behind its clock + 1'"
            col=4
        fi
        line="plot" i=0
        for policy in $policies; do
            for u in $units; do
                for l in $lambdas; do
                    i=$((i + 1))
                    line="$line '$tmp/rt.$mode.$policy.$u.$l.csv' every 2 using 1:(\$$col + 1) with lines lw 2 lc $i title '$policy, u = $u, lambda = $l',"
                done
            done
        done
        echo "${line%,}"
    done
    echo 'unset multiplot'
} > "$gp"
gnuplot "$gp"
