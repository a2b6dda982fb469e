#!/bin/sh
# tests/cilk5/run.sh: Cilk-5 programs (tests/cilk5/NAME.cilk, written in
# Cilk-5.4.6's dialect) built unchanged with cilkcc.
#
# For every program:
#   1. its serial elision (cilkcc --steal=serial: Cilk-5's words have no
#      sed elision, so cilkc writes it) must print NAME.out and exit 0
#      (or with the status of a last line `exit=N` in NAME.out);
#   2. in continuation and child mode, at CILK_NWORKERS = 1, 2, 4, its
#      stdout and exit status must equal the elision's (tests/e2e/lib.sh,
#      check_modes, as for the corpus);
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
MODES="continuation child"
NWORKERS=${NWORKERS:-1 2 4}
TIMEOUT=${TIMEOUT:-30}
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -pthread -Itests/corpus"
names=
. tests/e2e/lib.sh

for arg in "$@"; do
    case $arg in
    --sanitize=asan|--sanitize=tsan)
        use_sanitizer "${arg#--sanitize=}"
        NWORKERS=4
        TIMEOUT=120 ;;
    -*)
        echo "usage: tests/cilk5/run.sh [--sanitize=asan|tsan] [NAME...]" >&2
        exit 2 ;;
    *)
        names="$names $arg" ;;
    esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/cilkc-cilk5.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
unset CILK_STATS

# build_mode MODE EXE LOG (also for check_modes): the program $src
build_mode() {
    # shellcheck disable=SC2086
    "$CILKCC" --steal="$1" $CFLAGS $san_flags "$src" $san_lib -o "$2" > "$3" 2>&1
}

check_program() {
    src=$1
    name=$(basename "$src" .cilk)
    d=$work/$name
    mkdir -p "$d"
    RUN_ARGS=$(sed -n 's/.*args: *\([^*]*\).*/\1/p' "$src" | head -n 1)
    # 1. the elision against the expected output
    if ! build_mode serial "$d/serial" "$d/serial.cc"; then
        fail "$name serial: cilkcc failed"
        sed 's/^/    /' "$d/serial.cc" | head -20
        return
    fi
    # shellcheck disable=SC2086
    run_prog "$d/serial" "$d/ref" "$d/ref.err" $RUN_ARGS
    cp "${src%.cilk}.out" "$d/expected"
    tail -n 1 "$d/expected" | grep -q '^exit=' || echo exit=0 >> "$d/expected"
    if cmp -s "$d/expected" "$d/ref"; then
        pass
    else
        fail "$name serial: output differs from ${src%.cilk}.out"
        diff "$d/expected" "$d/ref" | head -10 | sed 's/^/    /'
        head -3 "$d/ref.err" | sed 's/^/    /'
    fi
    # 2. both parallel modes at every worker count, and 3. steals
    steals=0
    grep -q 'expect: steals' "$src" && steals=1
    check_modes "$name" "$d" "$d/ref" $steals
    # 3. spawns cut off, in the statistics run of check_modes
    if grep -q 'expect: cutoff' "$src" && [ -z "$san" ]; then
        for mode in $MODES; do
            n=$(sed -n 's/^cut off \([0-9]*\).*/\1/p' "$d/$mode.stats.err" 2> /dev/null | head -n 1)
            if [ -n "$n" ] && [ "$n" -gt 0 ] 2> /dev/null; then
                pass
            else
                fail "$name mode=$mode P=4: expected spawns cut off by abort, got '${n:-}'"
            fi
        done
    fi
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
