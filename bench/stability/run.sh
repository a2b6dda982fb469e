#!/bin/bash
# bench/stability/run.sh [--quick] --wgsim WGSIM --bin DIR --docs DOCS:
# the stability experiment of issue 13 (`make stability`).
#
#   1. wgsim, the model: load against time for every (D, f) at
#      lambda = 0.5, 0.9, 0.99; the steady-state load against lambda; the
#      load against n.
#   2. The same model on the runtime: DIR/wgrt.child and DIR/wgrt.cont
#      (bench/stability/wgrt.cilkc) at P = 2, D = point, for each steal
#      policy in STAB_POLICIES (default "one half").
# Writes DOCS/stability.md, the summaries DOCS/stability-*.csv and the
# plots DOCS/stability-*.svg (bench/stability/plot.sh). Under 5 minutes on
# 2 cores; --quick under 1 minute.
set -eu
quick=0 wgsim= bin= docs=
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 ;;
    --wgsim) wgsim=$2; shift ;;
    --bin) bin=$2; shift ;;
    --docs) docs=$2; shift ;;
    *) echo "run.sh: error: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
[ -x "$wgsim" ] && [ -d "$bin" ] && [ -d "$docs" ] ||
    { echo "usage: run.sh [--quick] --wgsim WGSIM --bin DIR --docs DOCS" >&2; exit 2; }
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=64
dists="uniform point skewed"
fs="none one half sqrt pow2"
lambdas="0.5 0.9 0.99"
sweep_lambdas="0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 0.95 0.99"
sweep_ns="4 8 16 32 64 128 256"
policies=${STAB_POLICIES:-one half}
units="20 100"
if [ $quick = 1 ]; then
    steps=20000 sweep_steps=10000 rt_steps=5000
    sweep_ns="4 8 16 32 64 128"
else
    steps=100000 sweep_steps=50000 rt_steps=20000
fi
every=$((steps / 400))
start=$(date +%s)

# ---- 1. the model ----
# One command a line, run two at a time (the machine has 2 cores).
for l in $lambdas; do
    for d in $dists; do
        for f in $fs; do
            echo "$wgsim -n $n -l $l -D $d -f $f -s $steps -e $every > $tmp/series.$d.$f.$l.csv"
        done
    done
done > "$tmp/jobs"
for d in $dists; do
    for f in $fs; do
        for l in $sweep_lambdas; do
            echo "$wgsim -S -n $n -l $l -D $d -f $f -s $sweep_steps > $tmp/lambda.$d.$f.$l.csv"
        done
        for m in $sweep_ns; do
            echo "$wgsim -S -n $m -l 0.9 -D $d -f $f -s $sweep_steps > $tmp/n.$d.$f.$m.csv"
        done
    done
done >> "$tmp/jobs"
tr '\n' '\0' < "$tmp/jobs" | nice xargs -0 -P 2 -n 1 sh -c

# The time series, summarised as wgsim -S would: means over the second half,
# and the drift (change of the total per step over that half).
summarise_series() { # file -> mean_total,mean_max,final_total,drift
    awk -F, -v steps="$steps" 'NR > 1 {
        if ($1 <= steps / 2) mid = $2
        else { t += $2; m += $3; k++ }
        last = $2
    } END { printf "%.1f,%.1f,%d,%.3f\n", t / k, m / k, last, (last - mid) / (steps / 2) }' "$1"
}
{
    echo "lambda,D,f,mean_total,mean_max,final_total,drift"
    for l in $lambdas; do
        for d in $dists; do
            for f in $fs; do
                echo "$l,$d,$f,$(summarise_series "$tmp/series.$d.$f.$l.csv")"
            done
        done
    done
} > "$docs/stability-time.csv"
{
    echo "n,lambda,D,f,steps,seed,mean_total,mean_max,final_total,final_max,drift"
    for f in $tmp/lambda.*.csv; do tail -n 1 "$f"; done | sort -t, -k3,3 -k4,4 -k2,2g
} > "$docs/stability-lambda.csv"
{
    echo "n,lambda,D,f,steps,seed,mean_total,mean_max,final_total,final_max,drift"
    for f in $tmp/n.*.csv; do tail -n 1 "$f"; done | sort -t, -k3,3 -k4,4 -k1,1n
} > "$docs/stability-n.csv"
model_seconds=$(($(date +%s) - start))

# ---- 2. the runtime ----
echo "mode,policy,unit_us,lambda,mean_total,max_total,final_total,mean_behind,final_behind,units,steals" \
    > "$docs/stability-runtime.csv"
for policy in $policies; do
    for u in $units; do
        for l in $lambdas; do
            for mode in child cont; do
                out=$tmp/rt.$mode.$policy.$u.$l
                CILK_NWORKERS=2 CILK_STEAL_POLICY=$policy \
                    "$bin/wgrt.$mode" "$rt_steps" "$l" "$u" > "$out.csv" 2> "$out.err"
                units_made=$(awk '/^units:/ { print $2 }' "$out.err")
                steals=$(awk '/^steals:/ { print $2 }' "$out.err")
                awk -F, -v pre="$mode,$policy,$u,$l" -v post="$units_made,$steals" 'NR > 1 {
                    n++; t += $2; b += $4; if ($2 > mx) mx = $2; last = $2; lastb = $4
                } END { printf "%s,%.1f,%d,%d,%.1f,%d,%s\n", pre, t / n, mx, last, b / n, lastb, post }' \
                    "$out.csv" >> "$docs/stability-runtime.csv"
            done
        done
    done
done
runtime_seconds=$(($(date +%s) - start - model_seconds))

bash "$here/plot.sh" "$tmp" "$docs" "$lambdas" "$dists" "$fs" "$policies" "$units"
STEPS=$steps SWEEP_STEPS=$sweep_steps RT_STEPS=$rt_steps N=$n QUICK=$quick \
    MODEL_SECONDS=$model_seconds RUNTIME_SECONDS=$runtime_seconds \
    RUN_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo '?') \
    RUN_DATE=$(date -u '+%Y-%m-%d %H:%M UTC') RUN_LOAD=$(cut -d' ' -f1-3 /proc/loadavg) \
    bash "$here/report.sh" "$docs" > "$docs/stability.md"
echo "stability: docs/stability.md written in $(($(date +%s) - start)) s"
