# stub.awk: the stderr of a stub benchmark for bench/test.sh: the time t
# (seconds at P = 1) over CILK_NWORKERS, 1.25 times that with
# CILK_STEAL_POLICY=one at P = 2; CPU time t; peak RSS 2 MiB, 4 MiB with
# CILK_CHILD_HELP=1 (a marker of the runs that had the setting), none
# when norss is 1; 10^6 spawns when cilk is 1.
BEGIN {
    p = ENVIRON["CILK_NWORKERS"]
    t /= p
    if (ENVIRON["CILK_STEAL_POLICY"] == "one" && p == 2) t *= 1.25
    rss = ENVIRON["CILK_CHILD_HELP"] == "1" ? 4096 : 2048
    printf "time: %.6f\n", t > "/dev/stderr"
    if (!norss) printf "maxrss_kb: %d\n", rss > "/dev/stderr"
    printf "cpu_s: %.6f\n", t * p > "/dev/stderr"
    if (cilk) printf "worker spawns steals frpeak\ntotal 1000000 1 2\n" > "/dev/stderr"
}
