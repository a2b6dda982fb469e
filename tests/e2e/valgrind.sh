#!/bin/sh
# tests/e2e/valgrind.sh: the examples (small sizes) and the programs that
# force steals, built with cilkcc in both parallel modes, run at P = 2
# under valgrind's memcheck: any error or definite leak is a failure.
#
# What they cover besides spawn and sync, stolen: reducers
# (steal_reducer_*, data_reducer_local: local ones in nested blocks),
# cilk_for (steal_cilk_for, form_cilk_for_nested), cilk_scope
# (steal_scope_exact, form_cilk_scope), alloca regions
# (steal_alloca_region, steal_args_alloca, data_alloca), and in child
# mode steal-half's batches and proxies (steal_half_proxy; half is the
# default policy).
#
# usage: tests/e2e/valgrind.sh   (BUILD: build directory, default build)

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
BUILD=${BUILD:-build}
CILKCC=$top/$BUILD/bin/cilkcc
work=$(mktemp -d "${TMPDIR:-/tmp}/cilkc-vg.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0

# one program: NAME SOURCE ARGS...
check() {
    name=$1 src=$2
    shift 2
    for mode in continuation child; do
        exe=$work/$name-$mode
        if ! "$CILKCC" --steal="$mode" -O1 -g -Itests/corpus -o "$exe" "$src" 2>"$work/cc.log"; then
            echo "FAIL $name mode=$mode: cilkcc failed"
            sed 's/^/    /' "$work/cc.log"
            failed=$((failed + 1))
            continue
        fi
        if CILK_NWORKERS=2 valgrind -q --error-exitcode=99 --leak-check=full \
            --errors-for-leak-kinds=definite "$exe" "$@" >"$work/out" 2>"$work/vg"; then
            passed=$((passed + 1))
        else
            echo "FAIL $name mode=$mode: valgrind reported errors (or the program failed)"
            sed 's/^/    /' "$work/vg" | head -30
            failed=$((failed + 1))
        fi
    done
}

check fib examples/fib.cilkc 18
check fgh examples/fgh.cilkc 2000
check nqueens examples/nqueens.cilkc 7
check cilksort examples/cilksort.cilkc 20000
check matmul examples/matmul.cilkc 32
check knapsack examples/knapsack.cilkc 12
check heat examples/heat.cilkc 32
check spawnloop examples/spawnloop.cilkc 20000
check uts examples/uts.cilkc 50
for f in tests/corpus/steal_*.cilkc tests/corpus/data_alloca.cilkc tests/corpus/data_tree.cilkc \
    tests/corpus/data_reducer_local.cilkc tests/corpus/form_cilk_for_nested.cilkc \
    tests/corpus/form_cilk_scope.cilkc; do
    check "$(basename "$f" .cilkc)" "$f"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
