# summarize.awk: per-run rows to one row per configuration (bench/run.sh).
# Input: CSV with a header; the first `key` fields name the configuration,
# then run, status, time_s, maxrss_kb, spawns, steals, peak_live and
# cpu_s (absent in rows written before it was measured).
# Output: the key fields, runs, ok, median_s, min_s, max_s and the medians
# of maxrss_kb, spawns, steals, peak_live, a status: ok when every run
# was ok, else the first other status with its count ("wrong 2/5"), then
# cpu_median_s, cpu_min_s, cpu_max_s (after the status, so that the
# columns before it keep their places for the readers of docs/bench.csv).
# Medians and extremes are taken over the ok runs only; "-" where none.

function sort_values(s, v,    n, i, j, t) {
    n = split(s, v, " ")
    for (i = 2; i <= n; i++)
        for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
            t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
        }
    return n
}

function median(s,    v, n) {
    n = sort_values(s, v)
    if (n == 0) return "-"
    return n % 2 ? v[(n + 1) / 2] : sprintf("%.6g", (v[n / 2] + v[n / 2 + 1]) / 2)
}

function extreme(s, which,    v, n) {
    n = sort_values(s, v)
    if (n == 0) return "-"
    return which == "min" ? v[1] : v[n]
}

function add(col, id, x) {
    if (x != "" && x != "-") values[col, id] = values[col, id] " " x
}

NR == 1 {
    for (i = 1; i <= key; i++) header = header $i ","
    print header "runs,ok,median_s,min_s,max_s,maxrss_kb,spawns,steals,peak_live,status," \
        "cpu_median_s,cpu_min_s,cpu_max_s"
    next
}
{
    id = $1
    for (i = 2; i <= key; i++) id = id "," $i
    if (!(id in runs)) order[++nids] = id
    runs[id]++
    status = $(key + 2)
    if (status != "ok") {
        if (!(id in bad_status)) bad_status[id] = status
        if (status == bad_status[id]) bad_count[id]++
        next
    }
    ok[id]++
    add("t", id, $(key + 3))
    add("rss", id, $(key + 4))
    add("spawns", id, $(key + 5))
    add("steals", id, $(key + 6))
    add("peak", id, $(key + 7))
    add("cpu", id, $(key + 8))
}
END {
    for (k = 1; k <= nids; k++) {
        id = order[k]
        st = id in bad_status ? bad_status[id] " " bad_count[id] "/" runs[id] : "ok"
        if (bad_count[id] == runs[id]) st = bad_status[id]
        print id "," runs[id] "," ok[id] + 0 "," median(values["t", id]) "," \
            extreme(values["t", id], "min") "," extreme(values["t", id], "max") "," \
            median(values["rss", id]) "," median(values["spawns", id]) "," \
            median(values["steals", id]) "," median(values["peak", id]) "," st "," \
            median(values["cpu", id]) "," extreme(values["cpu", id], "min") "," \
            extreme(values["cpu", id], "max")
    }
}
