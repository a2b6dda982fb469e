# sweep_table.awk: docs/bench-spawnloop-memory.csv to a Markdown table:
# one row per number of spawns, per configuration "peak RSS MiB / peak
# live frames or tasks". Input columns: n,config,P,runs,ok,median_s,min_s,
# max_s,maxrss_kb,spawns,steals,peak_live,status. child-help is child
# mode with CILK_CHILD_HELP=1 (bench/run.sh, run_one).

BEGIN {
    nconfigs = split("serial cont child child-help gomp iomp tbb", configs, " ")
    label["serial"] = "serial"
    label["cont"] = "continuation"
    label["child"] = "child"
    label["child-help"] = "child, CILK_CHILD_HELP=1"
    label["gomp"] = "libgomp"
    label["iomp"] = "libomp"
    label["tbb"] = "oneTBB"
}
NR == 1 { next }
{
    if (!($1 in seen)) { seen[$1] = 1; ns[++nn] = $1 }
    id = $1 SUBSEP $2
    if ($13 != "ok" && $5 == 0)
        v[id] = $13
    else
        v[id] = ($9 != "-" ? sprintf("%.1f", $9 / 1024) : "-") ($12 != "-" ? " / " $12 : "")
}
END {
    printf "| spawns |"
    for (c = 1; c <= nconfigs; c++) printf " %s |", label[configs[c]]
    printf "\n|---|"
    for (c = 1; c <= nconfigs; c++) printf "---|"
    printf "\n"
    for (i = 1; i <= nn; i++) {
        printf "| %s |", ns[i]
        for (c = 1; c <= nconfigs; c++) {
            id = ns[i] SUBSEP configs[c]
            printf " %s |", id in v ? v[id] : "missing"
        }
        printf "\n"
    }
}
