#!/bin/sh
# tests/e2e/run.sh: end-to-end tests of cilkc, cilkcc and libcilkrt.
#
# For every program (tests/corpus/NAME.cilkc, a multi-file program in the
# directory tests/corpus/NAME/, and examples/NAME.cilkc):
#   1. build its serial elision independently of cilkc (sed deletes the
#      words spawn, sync, cilk and the OpenCilk spellings outside #include
#      lines, and `#include <cilk/cilk.h>`; plain `sync(` calls stay) with
#      $CC as C, run it, and check its output against
#      NAME.out when there is one: that output is the reference;
#   2. build it with cilkcc in every steal mode and run it at every worker
#      count; stdout and the exit status must equal the reference;
#   (a program whose source says `not under: tsan` skips step 2 under
#   --sanitize=tsan)
#   3. if its source says `expect: steals`, run it once more at P = 4 with
#      CILK_STATS=1 in the two parallel modes: the total steal count must
#      be > 0;
#   4. for each line
#          expect-stats: MODE[/POLICY] [P=N] [CILK_NAME=VALUE...] FIGURE...
#      in its source, a run in that mode (and CILK_STEAL_POLICY) at P = N
#      (default 4), with each CILK_NAME=VALUE setting (a runtime variable
#      such as CILK_CHILD_HELP=1, for that run only) and CILK_STATS=1, must
#      count each FIGURE > 0 (a column of the total row, or a figure of the
#      `mechanisms:` line, docs/runtime.md), up to 3 tries: the mechanism
#      the program is named after ran (check_expected_stats,
#      tests/e2e/lib.sh). Every other run has the runtime's defaults:
#      CILK_STEAL_POLICY, CILK_CHILD_HELP and CILK_PIN from the caller's
#      environment are unset.
# Every program in tests/corpus/errors/ must be rejected by cilkcc in
# every steal mode (the serial elision too: a program is accepted by all
# three or refused by all three) with a
# `NAME.cilkc:LINE:COL: error:` message on the line marked `expect-error:`,
# matching the extended regex after the marker (case-insensitive), and a
# non-zero exit status that is not a crash; the first such message must
# be the same in every mode.
#
# usage: tests/e2e/run.sh [--sanitize=asan|tsan | --elision-only] [NAME...]
#   NAME selects programs by name (e.g. fib, form_compound, linkage).
#   --elision-only checks only step 1 (no cilkcc needed).
#   --sanitize builds with -fsanitize=address,undefined or =thread, links
#   the matching runtime variant, and runs every mode at P = 4 only; any
#   sanitizer report is a failure.
# environment:
#   BUILD     build directory (default: build)
#   CC        C compiler for the serial elision (default: cc)
#   MODES     steal modes (default: "continuation child serial")
#   NWORKERS  worker counts (default: "1 2 4 8")
#   POLICIES  CILK_STEAL_POLICY values child mode also runs with, at P = 2
#             and 4 (default: "one"; the default policy, half, runs above)
#   TIMEOUT   seconds a single run may take (default: 30, 120 with
#             --sanitize); after a time-out the other worker counts of that
#             mode are skipped (and counted as failures)
#   EXTRA_CFLAGS  more options for every cilkcc command (e.g. -O0)
#   KEEP=1    keep the work directory
#
# Prints one line per failure and ends with exactly `N passed, M failed`;
# the exit status is 1 if anything failed.

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
BUILD=${BUILD:-build}
CC=${CC:-cc}
CILKCC=$top/$BUILD/bin/cilkcc
MODES=${MODES:-continuation child serial}
NWORKERS=${NWORKERS:-1 2 4 8}
TIMEOUT=${TIMEOUT:-}
CFLAGS_E2E="-std=gnu11 -O2 -g -Wall -Wextra -pthread"
EXTRA_CFLAGS=${EXTRA_CFLAGS:-}
elision_only=0
. tests/e2e/lib.sh

for arg in "$@"; do
    case $arg in
    --sanitize=asan|--sanitize=tsan)
        use_sanitizer "${arg#--sanitize=}"
        NWORKERS=4 ;;
    --elision-only)
        elision_only=1 ;;
    --sanitize=*|-*)
        echo "usage: tests/e2e/run.sh [--sanitize=asan|tsan | --elision-only] [NAME...]" >&2
        exit 2 ;;
    esac
done

if [ -z "$TIMEOUT" ]; then
    TIMEOUT=30
    [ -n "$san" ] && TIMEOUT=120
fi
if [ $elision_only = 1 ]; then
    MODES=
elif [ ! -x "$CILKCC" ]; then
    echo "run.sh: $CILKCC not found (run make first)" >&2
    exit 2
fi
if [ -n "$san" ] && [ ! -f "$san_lib" ]; then
    echo "run.sh: $san_lib not found" >&2
    exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/cilkc-e2e.XXXXXX") || exit 2
if [ "${KEEP:-0}" != 1 ]; then
    trap 'rm -rf "$work"' EXIT
    trap 'exit 130' INT TERM
fi

unset CILK_STATS

# Is NAME selected by the command line (no names: everything)?
selected() {
    _any=0
    for _a in "$@"; do
        case $_a in -*) continue ;; esac
        _any=1
    done
    [ $_any = 0 ] && return 0
    for _a in "$@"; do
        [ "$_a" = "$name" ] && return 0
    done
    return 1
}

# build_mode MODE EXE LOG for check_modes: the program's sources
# ($srcs), its directory ($dir) on the include path.
build_mode() {
    # shellcheck disable=SC2086
    "$CILKCC" --steal="$1" $CFLAGS_E2E $EXTRA_CFLAGS $san_flags -I"$dir" -Itests/corpus \
        $srcs $san_lib -o "$2" > "$3" 2>&1
}

# Build and check one program. $1 = name, $2 = directory of its sources
# (for -I), remaining = its source files.
check_program() {
    name=$1
    dir=$2
    shift 2
    srcs=$*
    d=$work/$name
    mkdir -p "$d"

    # 1. the serial elision, built and run without cilkc
    el_srcs=
    for src in "$@"; do
        case $src in
        *.cilkc)
            base=$(basename "$src" .cilkc)
            elide "$src" > "$d/$base.elided.c"
            el_srcs="$el_srcs $d/$base.elided.c" ;;
        *)
            el_srcs="$el_srcs $src" ;;
        esac
    done
    # shellcheck disable=SC2086
    if ! $CC $CFLAGS_E2E -I"$dir" -Itests/corpus -Iruntime $el_srcs -o "$d/elision" \
            > "$d/elision.cc" 2>&1; then
        fail "$name elision: does not compile as C"
        sed 's/^/    /' "$d/elision.cc" | head -20
        return
    fi
    if [ -s "$d/elision.cc" ]; then
        fail "$name elision: compiler warnings"
        sed 's/^/    /' "$d/elision.cc" | head -20
    fi
    run_prog "$d/elision" "$d/ref" "$d/ref.err"
    if [ "$(tail -n 1 "$d/ref")" = exit=0 ]; then
        pass
    else
        fail "$name elision: $(tail -n 1 "$d/ref")"
        head -3 "$d/ref.err" | sed 's/^/    /'
    fi
    expected=
    if [ -d "$dir" ] && [ -f "$dir.out" ]; then
        expected=$dir.out
    elif [ -f "${1%.cilkc}.out" ]; then
        expected=${1%.cilkc}.out
    fi
    if [ -n "$expected" ]; then
        { cat "$expected"; echo "exit=0"; } > "$d/expected"
        if cmp -s "$d/expected" "$d/ref"; then
            pass
        else
            fail "$name elision: output differs from $expected"
            diff "$d/expected" "$d/ref" | head -10 | sed 's/^/    /'
        fi
    fi

    expect_srcs=$*
    steals=0
    if grep -q 'expect: steals' "$@" 2> /dev/null; then
        steals=1
    fi

    # 2. each steal mode, each worker count; a program that says
    # `not under: tsan` (a limit of the tool, explained in its source) is
    # not run under that sanitizer
    if [ -n "$san" ] && grep -q "not under: $san" "$@" 2> /dev/null; then
        return
    fi
    check_modes "$name" "$d" "$d/ref" $steals
}

# One program of tests/corpus/errors: it must be rejected with a located
# error. $1 = the file.
check_error() {
    src=$1
    name=errors/$(basename "$src" .cilkc)
    marker=$(grep -n 'expect-error:' "$src" | head -n 1)
    line=${marker%%:*}
    pattern=$(printf '%s\n' "$marker" | sed -E 's/.*expect-error:[[:space:]]*//; s/[[:space:]]*\*\/.*$//')
    first=
    for mode in continuation child serial; do
        out=$work/$(basename "$src").$mode.err
        # shellcheck disable=SC2086
        "$CILKCC" --steal="$mode" $EXTRA_CFLAGS -c "$src" -o "$work/error.o" > "$out" 2>&1
        rc=$?
        message=$(grep -m 1 -E "$(basename "$src"):$line:[0-9]+: error: " "$out")
        if [ $rc -eq 0 ]; then
            fail "$name mode=$mode: accepted, expected an error on line $line"
        elif [ $rc -ge 128 ]; then
            fail "$name mode=$mode: cilkcc crashed (status $rc)"
        elif ! printf '%s\n' "$message" | grep -q -i -E "$pattern"; then
            fail "$name mode=$mode: no \`$(basename "$src"):$line:COL: error:\` matching /$pattern/"
            head -5 "$out" | sed 's/^/    /'
        elif [ -n "$first" ] && [ "$message" != "$first" ]; then
            fail "$name mode=$mode: not the continuation mode's message: $message"
        else
            pass
        fi
        [ -n "$first" ] || first=$message
    done
}

for src in tests/corpus/*.cilkc examples/*.cilkc; do
    name=$(basename "$src" .cilkc)
    selected "$@" || continue
    check_program "$name" "$(dirname "$src")" "$src"
done
for dir in tests/corpus/*/; do
    dir=${dir%/}
    name=$(basename "$dir")
    [ "$name" = errors ] && continue
    selected "$@" || continue
    # shellcheck disable=SC2046
    check_program "$name" "$dir" $(ls "$dir"/*.cilkc "$dir"/*.c 2> /dev/null)
done
if [ -z "$san" ] && [ $elision_only = 0 ]; then
    for src in tests/corpus/errors/*.cilkc; do
        name=errors/$(basename "$src" .cilkc)
        selected "$@" || continue
        check_error "$src"
    done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
