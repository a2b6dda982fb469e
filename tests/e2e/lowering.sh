#!/bin/sh
# tests/e2e/lowering.sh: properties of the generated code that the outputs
# of the corpus cannot show, and the generated code under clang.
#   - a spawn of a function declared with `cilk` (defined in another file)
#     calls its fast clone through a weak reference;
#   - a fast clone allocates its frame at its first spawn (fib's leaves
#     allocate none);
#   - a spawn saves only the locals live after it and changed since they
#     were last saved (fib's first spawn saves none, its second only x;
#     steal_saves checks each case and that the thief still sees them;
#     steal_loop_saves the locals of a loop's block);
#   - CILK_STATS counts every spawn in both modes, stolen or not;
#   - child mode's runs assign results by value to locals of word types,
#     also through typedef names (steal_value_typedef), not to structs;
#   - a function whose only spawns are in a cilk_scope is itself a
#     parallel function (it gets a root thunk), so that called from a
#     thread that is not a worker it enters the pool once, not at each
#     execution of the scope;
#   - with CC=clang the examples, the steal tests and form_spawn_void compile without a
#     warning in both parallel modes (the ABI header's atomics differ);
#   - every #line names a line of the input, and the generated helpers are
#     presumed at their function's line;
#   - cilk_for's struct has a cache line of its own;
#   - the layout of small translations (tests/e2e/layout), and no trailing
#     white space in any.
# usage: tests/e2e/lowering.sh   (BUILD: build directory, default build;
#        UPDATE=1 rewrites the layout goldens)

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
BUILD=${BUILD:-build}
CILKC=$top/$BUILD/bin/cilkc
CILKCC=$top/$BUILD/bin/cilkcc
work=$(mktemp -d "${TMPDIR:-/tmp}/cilkc-lower.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0

ok() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# grep_generated NAME FILE MODE PATTERN: the translation of FILE contains
# PATTERN, compared without #line directives and without white space (user
# tokens keep their source columns, so the layout of the output varies)
grep_generated() {
    if ! "$CILKC" --steal="$3" -I "$(dirname "$2")" -o "$work/out.c" "$2"; then
        fail "$1: cilkc failed"
    elif grep -v '^#line ' "$work/out.c" | tr -d ' \t\n' |
        grep -qF -- "$(printf '%s' "$4" | tr -d ' \t\n')"; then
        ok
    else
        fail "$1: generated code lacks: $4"
    fi
}

# lacks_generated NAME FILE MODE PATTERN: the translation of FILE does not
# contain PATTERN (compared as grep_generated does)
lacks_generated() {
    if ! "$CILKC" --steal="$3" -I "$(dirname "$2")" -o "$work/out.c" "$2"; then
        fail "$1: cilkc failed"
    elif grep -v '^#line ' "$work/out.c" | tr -d ' \t\n' |
        grep -qF -- "$(printf '%s' "$4" | tr -d ' \t\n')"; then
        fail "$1: generated code has: $4"
    else
        ok
    fi
}

grep_generated "weak fast clone declared" tests/corpus/linkage_marked/main.cilkc continuation \
    "__attribute__((weak));"
grep_generated "weak fast clone called" tests/corpus/linkage_marked/main.cilkc continuation \
    "(cilkc_fast_tree ? cilkc_fast_tree(cilkc_w"
# a plain call of a parallel function with no child out is a spawn and a
# sync (compiler/calls.c): a cilk_scope's helper call too; with a child out
# it stays a call
grep_generated "scope call spawned" tests/corpus/form_cilk_scope.cilkc continuation \
    "cilkc_fast_cilkc_scope_"
grep_generated "call spawned" tests/e2e/layout/calls.i continuation \
    "cilkc_r = cilkc_lazy_g(cilkc_w, &cilkc_f->h, 1, 0, &cilkc_t, 0, cilkc_a0);"
# a spawn of a parallel function of the unit calls its lazy entry, which
# pushes the parent's frame after a leaf test that runs in bounded time
# (fib's), before one that calls a function (split's), and says where;
# the resume index is the spawn site, stored just before the push
grep_generated "lazy push after the leaf test" examples/fib.cilkc continuation \
    "cilkc_parent->entry = cilkc_site; *cilkc_tp = cilkrt_push(cilkc_w, cilkc_parent); return cilkc_spawning_fib("
grep_generated "lazy entry: no push yet" examples/fib.cilkc continuation "*cilkc_tp = -1;"
grep_generated "lazy entry pushes before a call" tests/corpus/steal_split_entry.cilkc continuation \
    "cilkc_parent->entry = cilkc_site; *cilkc_tp = cilkrt_push(cilkc_w, cilkc_parent); return cilkc_fast_split("
grep_generated "lazy pop" tests/corpus/steal_lazy_push.cilkc continuation \
    "if (cilkc_t >= 0 && !cilkrt_pop(cilkc_w, cilkc_t))"
# a fast clone with one spawn site stores its resume index once, when it
# allocates its frame, and its lazy entries do not store it again (1 says
# so); with two sites (fib) each push stores its own, and a slow clone
# always does; the lazy entry is always inlined
grep_generated "one site: resume index at the allocation" tests/corpus/steal_fastin.cilkc \
    continuation "cilkc_f->l.nc_6 = nc; cilkc_f->h.entry = 1; }"
grep_generated "one site: the lazy entry does not store it" tests/corpus/steal_fastin.cilkc \
    continuation "cilkc_lazy_node(cilkc_w, &cilkc_f->h, 1, (void *)cilkc_d, &cilkc_t, 1, cilkc_a0,"
grep_generated "one site: the slow clone's lazy entry stores it" tests/corpus/steal_fastin.cilkc \
    continuation "cilkc_lazy_node(cilkc_w, cilkc_h, 1, (void *)cilkc_d, &cilkc_t, 0, cilkc_a0,"
grep_generated "lazy entry: the resume index unless set" tests/corpus/steal_fastin.cilkc \
    continuation "if (!cilkc_entry_set) cilkc_parent->entry = cilkc_site;"
grep_generated "lazy entry always inlined" tests/corpus/steal_fastin.cilkc continuation \
    "inline __attribute__((unused, always_inline)) static long cilkc_lazy_node ("
grep_generated "two sites: each push stores its index" examples/fib.cilkc continuation \
    "cilkc_f->h.entry = 2; cilkc_t = cilkrt_push(cilkc_w, &cilkc_f->h);"
# a fast clone with three parameters takes its worker from the thread
# when it allocates its frame (cilkc_fastin_FN: the arguments fit in six
# registers), and the fast clone with the worker argument passes the call
# on; with fewer, the worker stays an argument
grep_generated "fastin: worker from the thread" tests/corpus/steal_fastin.cilkc continuation \
    "{ cilkrt_worker *cilkc_w = 0;"
grep_generated "fastin: worker read at the frame's allocation" tests/corpus/steal_fastin.cilkc \
    continuation "cilkrt_frame_alloc(cilkc_w = cilkrt_self(), sizeof *cilkc_f, &cilkc_desc_node,"
grep_generated "fastin: lazy entry calls it" tests/corpus/steal_fastin.cilkc continuation \
    "return cilkc_fastin_node(cilkc_parent, cilkc_site, cilkc_dst, id, depth, maxdepth); }"
grep_generated "fastin: fast clone passes on" tests/corpus/steal_fastin.cilkc continuation \
    "{ (void)cilkc_w; cilkc_fastin_fill(cilkc_parent, cilkc_site, cilkc_dst, out, base, n); }"
lacks_generated "no fastin below three parameters" examples/fib.cilkc continuation "cilkc_fastin_"
# fib's spawns of itself try the child's entry first: the frame, the saves
# and the push only for a child that is no leaf
grep_generated "leaf try" examples/fib.cilkc continuation \
    "cilkc_r = cilkc_try_fib(cilkc_w, &cilkc_p, cilkc_a0); if (cilkc_p.go) { if (!cilkc_f) {"
grep_generated "lazy entry runs the try" examples/fib.cilkc continuation \
    "if (!cilkc_p.go) { *cilkc_tp = -1; return cilkc_r; }"
grep_generated "call kept" tests/e2e/layout/calls.i continuation "c = g(n + 1);"
grep_generated "lazy frame" examples/fib.cilkc continuation "struct cilkc_frame_fib *cilkc_f = 0;"
grep_generated "fib spawn 1 saves nothing" examples/fib.cilkc continuation \
    "cilkc_f->l.n_0 = n; } cilkc_f->h.entry = 1;"
grep_generated "fib spawn 2 saves x" examples/fib.cilkc continuation \
    "cilkc_f->l.n_0 = n; } cilkc_f->l.x_1 = x; cilkc_f->h.entry = 2;"
grep_generated "saves: kept and changed at spawn 1" tests/corpus/steal_saves.cilkc continuation \
    "cilkc_f->l.kept_1 = kept; cilkc_f->l.changed_2 = changed; cilkc_f->h.entry = 1;"
grep_generated "saves: changed again and r1 at spawn 2" tests/corpus/steal_saves.cilkc continuation \
    "cilkc_a0 = (base); cilkc_f->l.changed_2 = changed; cilkc_f->l.r1_4 = r1; cilkc_f->h.entry = 2;"
grep_generated "saves: late and r2 at spawn 3" tests/corpus/steal_saves.cilkc continuation \
    "cilkc_a1 = (late); cilkc_f->l.late_3 = late; cilkc_f->l.r2_5 = r2; cilkc_f->h.entry = 3;"
grep_generated "scope only: parallel, continuation" tests/corpus/steal_scope_exact.cilkc \
    continuation "static void cilkc_root_nested("
grep_generated "scope only: parallel, child" tests/corpus/steal_scope_exact.cilkc child \
    "static void cilkc_root_nested("

grep_generated "loop saves: b's block ends unread after spawn 1" tests/corpus/steal_loop_saves.cilkc \
    continuation "cilkc_f->l.k_7 = k; cilkc_f->h.entry = 1;"
grep_generated "loop saves: only k, not b, at spawn 2" \
    tests/corpus/steal_loop_saves.cilkc continuation \
    "((void *)0)); cilkc_f->l.k_7 = k; cilkc_f->h.entry = 2;"
grep_generated "loop saves: acc, i and x once before the inner loop, which writes none" \
    tests/corpus/steal_loop_saves.cilkc continuation \
    "{ if (cilkc_f) { cilkc_f->l.acc_3 = acc; cilkc_f->l.i_6 = i; cilkc_f->l.x_9 = x; } for (k = 0;"
grep_generated "loop hoist: k2 and base before a loop with a lazy frame" \
    tests/corpus/steal_loop_hoist.cilkc continuation \
    "{ if (cilkc_f) { cilkc_f->l.k2_1 = k2; cilkc_f->l.base_2 = base; } for ("

# child mode's runs assign results by value to locals whose type is a
# word, also through typedef names (compiler/lower_child.c, fits_slot):
# the C library's (size_t, int64_t, uint32_t, uint8_t), a user's and a
# typedef of it, of double, of a pointer, and a pointer to a typedef'd
# struct; a struct typedef goes through its thunk
for v in "z = cilkc_body_slow_size" "s = cilkc_body_fast_int64" "u = cilkc_body_slow_uint32" \
    "c = cilkc_body_fast_uint8" "n = cilkc_body_slow_count" "m = cilkc_body_fast_count2" \
    "d = cilkc_body_slow_real" "p = cilkc_body_fast_name" "q = cilkc_body_slow_node"; do
    grep_generated "by value: ${v%% *}" tests/corpus/steal_value_typedef.cilkc child "$v(cilkc_w"
done
lacks_generated "struct typedef not by value" tests/corpus/steal_value_typedef.cilkc child \
    "pr = cilkc_body_pair_of("

# The spawn count of CILK_STATS is exact: a fast clone adds its spawns once,
# when its frame is freed or at a failed pop (cilkrt_count_spawns), a slow
# clone at each spawn; child mode counts at the sync. The steal programs
# (continuations stolen at P = 4) and fib must count the same in both
# parallel modes, at P = 1 and at 4 (a cilk_for's grain depends on P).
stats_spawns() {
    CILK_STATS=1 CILK_NWORKERS=$2 "$1" >/dev/null 2>"$work/stats.log" &&
        awk '$1 == "total" { print $2 }' "$work/stats.log"
}
for f in examples/fib.cilkc tests/corpus/steal_*.cilkc; do
    counts=
    for mode in continuation child; do
        if ! "$CILKCC" --steal="$mode" -Itests/corpus -O2 -o "$work/$mode" "$f"; then
            fail "$f mode=$mode: does not build"
            continue
        fi
        for p in 1 4; do
            counts="$counts $(stats_spawns "$work/$mode" "$p")"
        done
    done
    set -- $counts
    if [ $# -eq 4 ] && [ "$1" = "$3" ] && [ "$2" = "$4" ] && [ "$1" -gt 0 ]; then
        ok
    else
        fail "$f: spawns counted (cont P=1, 4, child P=1, 4):$counts"
    fi
done

# presumed FILE: each line of cilkc's output FILE, prefixed with the line
# it is presumed at (#line directives followed, the directives left out),
# when that line is one of the input's, "-" otherwise
presumed() {
    awk -v input="$2" '
        /^#line / { line = $2; if (NF > 2) { f = $3; gsub(/"/, "", f); in_ = f == input }; next }
        /^# [0-9]/ { line = $2; f = $3; gsub(/"/, "", f); in_ = f == input; next }
        { print (in_ ? line : "-") " " $0; line++ }' "$1"
}

# Every #line of a translation names a line of the input file (helpers
# were once presumed past its end, cilk_for's and cilk_scope's too).
for f in examples/*.cilkc tests/corpus/*.cilkc; do
    lines=$(wc -l <"$f")
    for mode in continuation child; do
        "$CILKC" --steal=$mode -Itests/corpus -I"$top/$BUILD/include" -o "$work/out.c" "$f" || { fail "$f $mode: cilkc"; continue; }
        bad=$(presumed "$work/out.c" "$f" | awk -v n="$lines" '$1 != "-" && ($1 < 1 || $1 > n)' | head -1)
        [ -z "$bad" ] && ok || fail "$f $mode: a line presumed outside the file: $bad"
    done
done

# The generated helpers (root thunk, entry, inlet, child thunks, sync
# function) are presumed at their function's definition, line 2: their
# code is not given to a line of the body, and nothing generated is
# presumed in main (line 8) or past the end of the file. One exception:
# the inlet's store of a delivered result, whose operator is the user's
# `=` at its place (lower_op), so that cc's message about a result of the
# wrong type points there, as the other stores' do.
printf 'int g(int n) { return n + 1; }\nint f(int n)\n{\n    int x = spawn g(n);\n    sync;\n    return x;\n}\nint main(void) { return f(1) != 2; }\n' >"$work/helpers.cilkc"
helper='cilkc_root_f|cilkrt_root_call|cilkrt_boundary_|cilkc_p->v|CILKRT_RECORD_OF|cilkrt_record_free|cilkrt_group_count|cilkrt_task_pop'
for mode in continuation child; do
    "$CILKC" --steal=$mode -o "$work/helpers.c" "$work/helpers.cilkc" || { fail "helpers $mode: cilkc"; continue; }
    presumed "$work/helpers.c" "$work/helpers.cilkc" >"$work/presumed"
    bad=$(grep -E "$helper" "$work/presumed" | grep -v '^2 ' | grep -v '^4 *= cilkc_p->v;' | head -1)
    [ -z "$bad" ] && ok || fail "helpers $mode: a helper's line not at the definition: $bad"
    bad=$(awk '/cilkc_/ { if (!first) first = NR; last = NR } { l[NR] = $0 }
        END { for (i = first; i <= last; i++) if (l[i] !~ /^[2-7] /) { print l[i]; exit } }' "$work/presumed")
    [ -z "$bad" ] && ok || fail "helpers $mode: generated line outside f: $bad"
done

# The helpers of a cilk_for and of a cilk_scope (compiler/loops.c) are
# presumed at the construct's lines (4-7, 9-11: the lowering of the helper
# may put scaffolding at any line of it), never past the end of the file,
# and laid out one statement or member per line: none of their lines is
# long (they once reached 739 characters).
printf 'int g(int x) { return x + 1; }\nint main(void)\n{\n    int a[100], s = 0; cilk_for (int i = 0; i < 100; i += 2) {\n        a[i] = i;\n        a[i + 1] = s;\n    }\n    int t = 0;\n    cilk_scope {\n        t = cilk_spawn g(a[98]);\n    }\n    return t != 99;\n}\n' >"$work/loop.cilkc"
for mode in continuation child; do
    "$CILKC" --steal=$mode -o "$work/loop.c" "$work/loop.cilkc" || { fail "loop helpers $mode: cilkc"; continue; }
    presumed "$work/loop.c" "$work/loop.cilkc" >"$work/presumed"
    bad=$(grep -E 'cilkc_for_1|cilkc_n_1|\bcilkc_(delta|grain|lo|hi|mid)\b' "$work/presumed" | grep -v '^[4-7] ' | head -1)
    [ -z "$bad" ] && ok || fail "loop helpers $mode: a cilk_for helper's line not at the loop: $bad"
    bad=$(grep -E 'cilkc_scope_2' "$work/presumed" | grep -Ev '^(9|10|11) ' | head -1)
    [ -z "$bad" ] && ok || fail "loop helpers $mode: a cilk_scope helper's line not at the scope: $bad"
    bad=$(grep -E 'cilkc_(for|scope)_|cilkc_n_' "$work/loop.c" | awk 'length($0) > 200' | head -1)
    [ -z "$bad" ] && ok || fail "loop helpers $mode: a line over 200 characters: $bad"
done

# cilk_for's struct, which every worker reads at each split and leaf, has
# a cache line of its own: the leftmost strand's writes to F's locals
# beside it (a reducer's own view, once a leaf) do not share its line
for mode in continuation child; do
    "$CILKC" --steal=$mode -o "$work/line.c" tests/e2e/layout/loop.i ||
        { fail "cilk_for struct line $mode: cilkc"; continue; }
    printf '%s\n' '_Static_assert(_Alignof(struct cilkc_for_1) == CILKRT_CACHE_LINE &&' \
        'sizeof(struct cilkc_for_1) % CILKRT_CACHE_LINE == 0, "shares a cache line");' >>"$work/line.c"
    if cc -fsyntax-only -I"$top/$BUILD/include" "$work/line.c" 2>"$work/cc.log"; then
        ok
    else
        fail "cilk_for struct line $mode: not on a cache line of its own"
        sed 's/^/    /' "$work/cc.log" | head -5
    fi
done

# Layout: the translation of tests/e2e/layout/NAME.i is
# tests/e2e/layout/NAME.MODE.c (UPDATE=1 rewrites them; calls.i: plain
# calls of a parallel function, spawn and sync where no child is out, the
# boundary where one may be; loop.i: cilk_for's leaf, with a literal step
# where the step is a constant), and no generated line of the corpus ends
# in white space.
for name in fib calls loop; do
    for mode in continuation child; do
        golden=tests/e2e/layout/$name.$mode.c
        "$CILKC" --steal=$mode -o "$work/$name.c" tests/e2e/layout/$name.i ||
            { fail "layout $name $mode: cilkc"; continue; }
        [ "${UPDATE:-}" = 1 ] && cp "$work/$name.c" "$golden"
        if cmp -s "$golden" "$work/$name.c"; then
            ok
        else
            fail "layout $name $mode: translation differs from $golden"
            diff "$golden" "$work/$name.c" | head -20
        fi
    done
done
for f in examples/*.cilkc tests/corpus/*.cilkc; do
    for mode in continuation child; do
        "$CILKC" --steal=$mode -Itests/corpus -I"$top/$BUILD/include" -o "$work/out.c" "$f" || { fail "$f $mode: cilkc"; continue; }
        bad=$(grep -n 'cilkc_.*[[:blank:]]$' "$work/out.c" | head -1)
        [ -z "$bad" ] && ok || fail "$f $mode: trailing white space: $bad"
    done
done

./scripts/deps.sh clang >/dev/null || exit 2
for f in examples/*.cilkc tests/corpus/steal_*.cilkc tests/corpus/form_spawn_void.cilkc; do
    for mode in continuation child; do
        if CC=clang "$CILKCC" --steal="$mode" -Itests/corpus -Wall -Wextra -Werror \
            -Wno-unused-but-set-variable -c -o "$work/x.o" "$f" 2>"$work/cc.log"; then
            ok
        else
            fail "$f mode=$mode: clang -Wall -Wextra -Werror"
            sed 's/^/    /' "$work/cc.log" | head -10
        fi
    done
done

# the instrumented build (--workspan) too: its hooks add no warning
for f in examples/*.cilkc tests/workspan/ws_*.cilkc; do
    for mode in continuation child; do
        if CC=clang "$CILKCC" --steal="$mode" --workspan -Itests/corpus -Itests/workspan -Wall \
            -Wextra -Werror -Wno-unused-but-set-variable -c -o "$work/x.o" "$f" 2>"$work/cc.log"; then
            ok
        else
            fail "$f mode=$mode --workspan: clang -Wall -Wextra -Werror"
            sed 's/^/    /' "$work/cc.log" | head -10
        fi
    done
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
