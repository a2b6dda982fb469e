#!/bin/sh
# bench/stability/test.sh DIR: wgrt (DIR/wgrt.child, DIR/wgrt.cont) at one
# worker, where nobody steals, so the queue lengths it samples through
# cilkrt_stats_deque_length are known exactly. No timing is checked.
set -u
dir=$1
fail=0

# Child mode, lambda = 1, one generator: step t has queued t + 1 units,
# none run before the final sync.
out=$(CILK_NWORKERS=1 "$dir/wgrt.child" 100 1 1 2>/dev/null) || { echo "FAIL: wgrt.child exited $?"; fail=1; }
echo "$out" | awk -F, 'NR == 1 { next } $2 != $1 + 1 || $3 != $1 + 1 { bad++ }
    END { exit !(NR == 101 && bad == 0) }' || { echo "FAIL: child-mode queue lengths:"; echo "$out" | head; fail=1; }

# Continuation mode: each unit ran before the generator samples: empty.
out=$(CILK_NWORKERS=1 "$dir/wgrt.cont" 100 1 1 2>/dev/null) || { echo "FAIL: wgrt.cont exited $?"; fail=1; }
echo "$out" | awk -F, 'NR > 1 && ($2 != 0 || $3 != 0) { bad++ } END { exit !(NR == 101 && bad == 0) }' ||
    { echo "FAIL: continuation-mode queue lengths:"; echo "$out" | head; fail=1; }

# The policy is reported as set, "half" (the default) when unset; bad
# arguments exit 2.
err=$(CILK_NWORKERS=1 CILK_STEAL_POLICY=one "$dir/wgrt.child" 10 0.5 1 2>&1 >/dev/null)
echo "$err" | grep -qx "policy: one" || { echo "FAIL: policy not reported: $err"; fail=1; }
err=$(CILK_NWORKERS=1 "$dir/wgrt.child" 10 0.5 1 2>&1 >/dev/null)
echo "$err" | grep -qx "policy: half" || { echo "FAIL: default policy not reported: $err"; fail=1; }
CILK_NWORKERS=1 "$dir/wgrt.child" 10 1.5 1 >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: lambda 1.5 accepted"; fail=1; }

[ $fail -eq 0 ] && echo "wgrt: ok"
exit $fail
