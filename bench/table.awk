# table.awk: docs/bench.csv (from summarize.awk) to the Markdown tables of
# bench/run.sh: one row per benchmark and configuration, then ns per spawn
# for fib. Variables: workers (the P values, "1 2 4"), ncpu, loops (the
# data-parallel benchmarks, whose peers are loops: "forloop heatfor").
# Columns of the input: bench,size,config,P,runs,ok,median_s,min_s,max_s,
# maxrss_kb,spawns,steals,peak_live,status.

function ms(s) {
    s *= 1000
    return s >= 100 ? sprintf("%.0f", s) : s >= 10 ? sprintf("%.1f", s) : sprintf("%.2f", s)
}

function cell(id) {
    if (!(id in status)) return "missing"
    if (status[id] != "ok" && ok[id] == 0) return status[id]
    return ms(med[id]) " (" ms(lo[id]) "-" ms(hi[id]) ")" (status[id] != "ok" ? " " status[id] : "")
}

function ratio(a, b) {
    if (!(a in med) || !(b in med) || med[a] == "-" || med[b] == "-" || med[b] == 0) return "-"
    return sprintf("%.2f", med[a] / med[b])
}

function stat(v, config) {
    if (config != "cont" && config != "child") return "n/a"
    return v == "" ? "-" : v
}

# Spawns of fib(n) with two spawns per call above the base case: 2(fib(n+1) - 1).
function fib_spawns(n,    a, b, t, i) {
    a = 0; b = 1
    for (i = 0; i < n + 1; i++) { t = a + b; a = b; b = t }
    return 2 * (a - 1)
}

BEGIN {
    np = split(workers, P, " ")
    split("cont child gomp iomp tbb", configs, " ")
    split("cont child gompfor iompfor gomptl iomptl tbbfor", loop_configs, " ")
    nloop = split(loops, L, " ")
    for (i = 1; i <= nloop; i++) is_loop[L[i]] = 1
    label["gompfor"] = "OpenMP parallel for, gcc (libgomp)"
    label["iompfor"] = "OpenMP parallel for, clang (libomp)"
    label["gomptl"] = "OpenMP taskloop, gcc (libgomp)"
    label["iomptl"] = "OpenMP taskloop, clang (libomp)"
    label["tbbfor"] = "oneTBB parallel_for / parallel_reduce"
    label["cont"] = "cilkc continuation"
    label["child"] = "cilkc child"
    label["gomp"] = "OpenMP tasks, gcc (libgomp)"
    label["iomp"] = "OpenMP tasks, clang (libomp)"
    label["tbb"] = "oneTBB task_group"
    label["serial"] = "serial elision (Ts)"
    label["serial-noinline"] = "serial elision, -fno-inline"
}
NR == 1 { next }
{
    id = $1 SUBSEP $3 SUBSEP $4
    if (!($1 in size)) bench[++nb] = $1
    size[$1] = $2
    med[id] = $7; lo[id] = $8; hi[id] = $9
    rss[id] = $10; spawns[id] = $11; steals[id] = $12; peak[id] = $13
    ok[id] = $6; status[id] = $14
}
END {
    printf "| benchmark | configuration |"
    for (i = 1; i <= np; i++) printf " T%s ms |", P[i]
    printf " T1/Ts | T1/T2 | steals P=2 | peak RSS MiB P=2 | peak frames/tasks P=2 |\n"
    printf "|---|---|"
    for (i = 1; i <= np; i++) printf "---|"
    printf "---|---|---|---|---|\n"
    for (b = 1; b <= nb; b++) {
        name = bench[b]
        ts = name SUBSEP "serial" SUBSEP 1
        printf "| %s %s | %s | %s |", name, size[name], label["serial"], cell(ts)
        for (i = 2; i <= np; i++) printf " |"
        printf " 1.00 | | | %s | |\n", (ts in rss && rss[ts] != "-") ? sprintf("%.1f", rss[ts] / 1024) : "-"
        nc = name in is_loop ? 7 : 5
        for (c = 1; c <= nc; c++) {
            cf = name in is_loop ? loop_configs[c] : configs[c]
            printf "| | %s |", label[cf]
            for (i = 1; i <= np; i++) printf " %s |", cell(name SUBSEP cf SUBSEP P[i])
            t1 = name SUBSEP cf SUBSEP 1
            t2 = name SUBSEP cf SUBSEP 2
            r = (t2 in rss && rss[t2] != "-") ? sprintf("%.1f", rss[t2] / 1024) : "-"
            printf " %s | %s | %s | %s | %s |\n", ratio(t1, ts), ratio(t1, t2), \
                stat(steals[t2], cf), r, stat(peak[t2], cf)
        }
    }

    name = "fib"
    if (!(name in size)) exit
    ni = name SUBSEP "serial-noinline" SUBSEP 1
    computed = fib_spawns(size[name])
    printf "\nfib(%s): ns per spawn = (T1 - Ts with -fno-inline) / spawns; Ts -fno-inline = %s ms.\n", \
        size[name], cell(ni)
    printf "Spawns counted by the runtime (CILK_STATS); for the peers, 2(fib(n+1)-1) = %d.\n\n", computed
    printf "| configuration | T1 ms | spawns | ns per spawn |\n|---|---|---|---|\n"
    for (c = 1; c <= 5; c++) {
        cf = configs[c]
        t1 = name SUBSEP cf SUBSEP 1
        n = (cf == "cont" || cf == "child") ? spawns[t1] : computed
        nsps = "-"
        if (t1 in med && med[t1] != "-" && ni in med && med[ni] != "-" && n != "-" && n > 0)
            nsps = sprintf("%.1f", (med[t1] - med[ni]) * 1e9 / n)
        printf "| %s | %s | %s | %s |\n", label[cf], cell(t1), n == "" ? "-" : n, nsps
    }
}
