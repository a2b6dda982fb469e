#!/bin/sh
# fuzz/seeds.sh: the seeds of fuzz-translate, made from the programs of
# examples/ and tests/corpus/ (single files and multi-file directories).
#
# Each program is preprocessed as cilkcc would (cilkc's macros, the
# runtime's headers) but against fuzz/include/, a stand-in of a few
# dozen lines for the C library's headers: the seed keeps the program and
# the type names it needs, so it parses and reaches the lowering, and it
# stays within the fuzzer's -max_len. A program the stand-in cannot
# preprocess falls back to its text with the # lines deleted. The seeds
# are generated, never committed.
#
# usage: fuzz/seeds.sh OUTDIR [--count]
#   --count: then translate every seed with cilkc (continuation mode) and
#   print how many reach the lowering (cilkc exits 0), beside the same
#   count for the seeds with the # lines deleted.
# environment: BUILD (default build), CC (default cc)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
CC=${CC:-cc}
out=$1
mkdir -p "$out"
cd "$top" || exit 2

# seed NAME DIR FILE: one seed, OUTDIR/NAME.i
seed() {
    if ! $CC -E -P -x c -nostdinc -Ifuzz/include -I"$BUILD/include" -Iruntime -I"$2" -Itests/corpus \
            -D__cilk=200 -D__cilkc__=1 -D__cilkc_steal_continuation__=1 "$3" \
            > "$out/$1.i" 2> /dev/null; then
        sed '/^#/d' "$3" > "$out/$1.i"
    fi
}

for f in examples/*.cilkc tests/corpus/*.cilkc tests/corpus/*/*.cilkc; do
    case $f in tests/corpus/errors/*) continue ;; esac
    name=$(echo "${f%.cilkc}" | tr / _)
    seed "$name" "$(dirname "$f")" "$f"
done

[ "${2:-}" = --count ] || exit 0
# reaches DIR: how many DIR/*.i cilkc translates
reaches() {
    _n=0 _ok=0
    for _f in "$1"/*.i; do
        _n=$((_n + 1))
        "$BUILD/bin/cilkc" --steal=continuation "$_f" -o /dev/null > /dev/null 2>&1 &&
            _ok=$((_ok + 1))
    done
    echo "$_ok of $_n"
}
stripped=$(mktemp -d)
trap 'rm -rf "$stripped"' EXIT
for f in examples/*.cilkc tests/corpus/*.cilkc tests/corpus/*/*.cilkc; do
    case $f in tests/corpus/errors/*) continue ;; esac
    sed '/^#/d' "$f" > "$stripped/$(echo "${f%.cilkc}" | tr / _).i"
done
echo "seeds that reach the lowering: $(reaches "$out") preprocessed against" \
    "fuzz/include; $(reaches "$stripped") with the # lines deleted"
