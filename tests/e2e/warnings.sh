#!/bin/sh
# tests/e2e/warnings.sh: cilkcc reports what cc reports. Each program is
# compiled with a broad warning set (WFLAGS, far beyond -Wall -Wextra: the
# conversion, shadowing and declaration warnings that projects build
# with -Werror) by gcc and by clang, in every steal mode, and its
# diagnostics must be those of its serial elision compiled by plain cc
# (the sed elision of tests/e2e/lib.sh, which never sees cilkc): the same
# warnings, each as often (a warning the generated code adds, one it
# hides, and one it repeats are all failures). Compared: file, line, kind,
# message and option, not the column (the elision deletes words, so
# columns move; tests/driver/cols checks them) nor the order.
# A difference that is not cilkc's to fix is declared in the source, on a
# line of its own, with its reason:
#     /* warnings-differ: ERE (why) */
# removes the diagnostics that match the extended regular expression ERE
# from both sides (for example a variable used only by a `#pragma cilk`
# that the elision deletes).
#
# usage: tests/e2e/warnings.sh [FILE.cilkc...]
#   default: the examples, the bench programs and the runtime corpus
#   (tests/corpus/*.cilkc); programs that the elision does not compile
#   cleanly of errors are skipped, and named.
# environment: BUILD (default build), CCS (default "gcc clang"),
#   MODES (default "continuation child serial"), WFLAGS.
# Ends with "N passed, M failed"; exit status 1 if any failed.

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
BUILD=${BUILD:-build}
CILKCC=$top/$BUILD/bin/cilkcc
CCS=${CCS:-gcc clang}
MODES=${MODES:-continuation child serial}
WFLAGS=${WFLAGS:--Wall -Wextra -Wshadow -Wconversion -Wsign-conversion -Wredundant-decls \
-Wmissing-prototypes -Wmissing-declarations -Wstrict-prototypes -Wcast-qual -Wundef \
-Wpointer-arith -Wwrite-strings -Wfloat-equal -Wdouble-promotion}
. tests/e2e/lib.sh

[ -x "$CILKCC" ] || { echo "warnings.sh: $CILKCC not found (run make first)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/cilkc-warn.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

if [ $# = 0 ]; then
    set -- examples/*.cilkc bench/programs/*.cilkc tests/corpus/*.cilkc
fi

# diags FILE: the diagnostics of a cc log, one per line, as compared: the
# column dropped, cilkcc's and cc's own lines (counts, notes) left out,
# and those that the source's warnings-differ lines ($work/differ) name.
diags() {
    sed -n -E 's/^([^: ]+\.(cilkc|h|c)):([0-9]+):[0-9]+: (warning|error): /\1:\3: \4: /p' "$1" |
        grep -v -E -f "$work/differ" | sort
}

for src in "$@"; do
    dir=$(dirname "$src")
    sed -n -E 's/.*warnings-differ:[[:space:]]*(.*[^[:space:]])[[:space:]]+\([^()]*\)[[:space:]]*\*\/.*/\1/p' \
        "$src" > "$work/differ"
    [ -s "$work/differ" ] || echo '^$' > "$work/differ"
    for cc in $CCS; do
        command -v "$cc" >/dev/null 2>&1 || continue
        # the reference: the elision, named as the source, by plain cc
        { printf '#line 1 "%s"\n' "$src"; elide "$src"; } > "$work/el.c"
        # shellcheck disable=SC2086
        if ! "$cc" -std=gnu11 -O2 $WFLAGS -I"$dir" -Itests/corpus -Ibench/common -Iruntime \
                -c "$work/el.c" -o "$work/el.o" > "$work/el.log" 2>&1; then
            echo "skip: $src ($cc: the elision does not compile)"
            continue
        fi
        diags "$work/el.log" > "$work/ref"
        for mode in $MODES; do
            # shellcheck disable=SC2086
            env CILKCC_CC="$cc" "$CILKCC" --steal="$mode" -std=gnu11 -O2 $WFLAGS -I"$dir" \
                -Itests/corpus -Ibench/common -c "$src" -o "$work/m.o" > "$work/m.log" 2>&1
            st=$?
            diags "$work/m.log" > "$work/got"
            if [ $st = 0 ] && cmp -s "$work/ref" "$work/got"; then
                pass
            else
                fail "$src $cc $mode: diagnostics differ from the elision's (< elision, > cilkcc; status $st)"
                diff "$work/ref" "$work/got" | grep '^[<>]' | head -6 | sed 's/^/    /'
            fi
        done
    done
done
echo "$passed passed, $failed failed"
[ $failed = 0 ]
