#!/bin/sh
# tests/cilk5/run.sh: Cilk-5 programs (tests/cilk5/NAME.cilk, written in
# Cilk-5.4.6's dialect) built unchanged with cilkcc.
#
# For every program:
#   1. its serial elision (cilkcc --steal=serial: Cilk-5's words have no
#      sed elision, so cilkc writes it) must print NAME.out and exit 0
#      (or with the status of a last line `exit=N` in NAME.out);
#   2. in continuation and child mode, at CILK_NWORKERS = 1, 2, 4, its
#      stdout and exit status must equal the elision's;
#   3. if its source says `expect: steals`, a run at P = 4 with
#      CILK_STATS=1 must count steals in both parallel modes; if it says
#      `expect: cutoff`, that run's stderr must report `cut off N` with
#      N > 0 (spawns an abort stopped).
# A line `args: WORDS` in the source gives the command-line arguments of
# every run (Cilk-5 runtime options included). The programs include
# tests/corpus/steal_util.h to force steals.
#
# usage: tests/cilk5/run.sh [--sanitize=asan|tsan] [NAME...]
#   --sanitize builds with the sanitizer, links the matching runtime
#   variant and runs P = 4 only; any sanitizer report is a failure.
# environment: BUILD (default build), NWORKERS (default "1 2 4"),
#   TIMEOUT (seconds per run, default 30, 120 with --sanitize).
# Ends with `N passed, M failed`; exit status 1 if anything failed.

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
BUILD=${BUILD:-build}
CILKCC=$top/$BUILD/bin/cilkcc
NWORKERS=${NWORKERS:-1 2 4}
TIMEOUT=${TIMEOUT:-30}
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -pthread -Itests/corpus"
san=
san_flags=
san_lib=
names=

for arg in "$@"; do
    case $arg in
    --sanitize=asan)
        san=asan
        san_flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
        san_lib=$top/$BUILD/lib/libcilkrt-asan.a ;;
    --sanitize=tsan)
        san=tsan
        san_flags="-fsanitize=thread -DCILKRT_SEQ_CST_POP"
        san_lib=$top/$BUILD/lib/libcilkrt-tsan.a ;;
    -*)
        echo "usage: tests/cilk5/run.sh [--sanitize=asan|tsan] [NAME...]" >&2
        exit 2 ;;
    *)
        names="$names $arg" ;;
    esac
done
if [ -n "$san" ]; then
    NWORKERS=4
    TIMEOUT=120
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/cilkc-cilk5.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
TSAN_OPTIONS=halt_on_error=1:exitcode=66
export ASAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS
unset CILK_STATS

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL $*"
}

# run EXE OUT ERR ARGS...: stdout and `exit=N` into OUT, stderr into ERR
run_prog() {
    _exe=$1 _out=$2 _err=$3
    shift 3
    timeout -k 5 "$TIMEOUT" "$_exe" "$@" > "$_out" 2> "$_err"
    echo "exit=$?" >> "$_out"
}

build() { # build MODE SRC EXE LOG
    # shellcheck disable=SC2086
    "$CILKCC" --steal="$1" $CFLAGS $san_flags "$2" $san_lib -o "$3" > "$4" 2>&1
}

check_program() {
    src=$1
    name=$(basename "$src" .cilk)
    d=$work/$name
    mkdir -p "$d"
    args=$(sed -n 's/.*args: *\([^*]*\).*/\1/p' "$src" | head -n 1)
    # 1. the elision against the expected output
    if ! build serial "$src" "$d/serial" "$d/serial.cc"; then
        fail "$name serial: cilkcc failed"
        sed 's/^/    /' "$d/serial.cc" | head -20
        return
    fi
    # shellcheck disable=SC2086
    run_prog "$d/serial" "$d/ref" "$d/ref.err" $args
    cp "${src%.cilk}.out" "$d/expected"
    tail -n 1 "$d/expected" | grep -q '^exit=' || echo exit=0 >> "$d/expected"
    if cmp -s "$d/expected" "$d/ref"; then
        pass
    else
        fail "$name serial: output differs from ${src%.cilk}.out"
        diff "$d/expected" "$d/ref" | head -10 | sed 's/^/    /'
        head -3 "$d/ref.err" | sed 's/^/    /'
    fi
    for mode in continuation child; do
        exe=$d/$mode
        if ! build "$mode" "$src" "$exe" "$d/$mode.cc"; then
            fail "$name mode=$mode: cilkcc failed"
            sed 's/^/    /' "$d/$mode.cc" | head -20
            continue
        fi
        if [ -s "$d/$mode.cc" ] && [ -z "$san" ]; then
            fail "$name mode=$mode: warnings from cilkcc"
            sed 's/^/    /' "$d/$mode.cc" | head -10
        fi
        # 2. every worker count
        for p in $NWORKERS; do
            # shellcheck disable=SC2086
            CILK_NWORKERS=$p run_prog "$exe" "$d/$mode.$p" "$d/$mode.$p.err" $args
            if [ -n "$san" ] && grep -q -E 'ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|runtime error:' "$d/$mode.$p.err"; then
                fail "$name mode=$mode P=$p: $san report"
                grep -m 5 -E 'ERROR:|WARNING:|runtime error:|SUMMARY' "$d/$mode.$p.err" | sed 's/^/    /'
            elif cmp -s "$d/ref" "$d/$mode.$p"; then
                pass
            else
                fail "$name mode=$mode P=$p: output differs from the serial elision"
                diff "$d/ref" "$d/$mode.$p" | head -6 | sed 's/^/    /'
                head -3 "$d/$mode.$p.err" | sed 's/^/    /'
            fi
        done
        # 3. forced steals happened
        if grep -q 'expect: steals' "$src" && [ -z "$san" ]; then
            # shellcheck disable=SC2086
            CILK_STATS=1 CILK_NWORKERS=4 run_prog "$exe" "$d/$mode.stats" "$d/$mode.stats.err" $args
            n=$(awk '$1 == "worker" { for (i = 1; i <= NF; i++) if ($i == "steals") col = i }
                     $1 == "total" && col { print $col; exit }' "$d/$mode.stats.err")
            if [ -n "$n" ] && [ "$n" -gt 0 ] 2> /dev/null; then
                pass
            else
                fail "$name mode=$mode P=4: expected steals, CILK_STATS total steals = '${n:-}'"
            fi
        fi
        if grep -q 'expect: cutoff' "$src" && [ -z "$san" ]; then
            n=$(sed -n 's/^cut off \([0-9]*\).*/\1/p' "$d/$mode.stats.err" | head -n 1)
            if [ -n "$n" ] && [ "$n" -gt 0 ] 2> /dev/null; then
                pass
            else
                fail "$name mode=$mode P=4: expected spawns cut off by abort, got '${n:-}'"
            fi
        fi
    done
}

for src in tests/cilk5/*.cilk; do
    name=$(basename "$src" .cilk)
    if [ -n "$names" ]; then
        case " $names " in *" $name "*) ;; *) continue ;; esac
    fi
    check_program "$src"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
