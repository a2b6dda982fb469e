# stub.awk: the stderr of a stub benchmark for bench/test.sh: the time t
# (seconds at P = 1) over CILK_NWORKERS, 1.25 times that with
# CILK_STEAL_POLICY=one at P = 2; CPU time t; 10^6 spawns when cilk is 1.
BEGIN {
    p = ENVIRON["CILK_NWORKERS"]
    t /= p
    if (ENVIRON["CILK_STEAL_POLICY"] == "one" && p == 2) t *= 1.25
    printf "time: %.6f\nmaxrss_kb: 2048\ncpu_s: %.6f\n", t, t * p > "/dev/stderr"
    if (cilk) printf "worker spawns steals frpeak\ntotal 1000000 1 2\n" > "/dev/stderr"
}
