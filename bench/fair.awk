# fair.awk: the fair-fight section of bench/run.sh (issue 9's "must show"):
# a table of the cilkc modes against the serial elision at large sizes,
# then each goal of issues 9, 11 and 13 beside its figure, met or not met.
#
# usage: awk -F, -f fair.awk FAIR_CSV MAIN_CSV SWEEP_CSV FAIR_RAW MAIN_RAW
#   FAIR_CSV   docs/bench-fair.csv: the fair fight's own runs
#   MAIN_CSV   docs/bench.csv: the main table's runs, for the goals on
#              programs it already measures (spawn loop, reducer sum,
#              cilk_for loop): nothing is run twice
#   SWEEP_CSV  docs/bench-spawnloop-memory.csv: peak RSS at 10^7 spawns
#   FAIR_RAW, MAIN_RAW  the runs the first two summarize, one row a run
#              (results/fair-raw.csv, results/raw.csv), for the rounds
# The first two have the columns of summarize.awk with key=4: bench,size,
# config,P,runs,ok,median_s,min_s,max_s,maxrss_kb,spawns,steals,peak_live,
# status,cpu_median_s,cpu_min_s,cpu_max_s; the sweep has key=3 (no size);
# the raw files bench,size,config,P,run,status,time_s,... (run.sh).
# Any of them may be empty (/dev/null): its goals read "not measured", or
# have no range without their raw runs.
#
# Each figure is a ratio (or a difference per spawn) of medians. Its range
# comes from the rounds: run.sh alternates a program's configurations
# within a round, so run i of one configuration and run i of another ran
# seconds apart, on the same state of the (shared) machine, while their
# extremes may be minutes apart. The figure is computed for each round
# that both configurations ran ok (a failed run drops its round: the
# pairs column counts the rest), and the range is the min-max of these
# per-round figures, beside their median. A goal is met when the figure
# of the medians, as printed, meets it; it is decided when the whole
# per-round range is on one side ("(range crosses it)" otherwise). CPU
# time (user + system of the process, start-up included) gives the same
# figure again where it means the same thing: not for T1/T2, where two
# workers use more CPU, not less.

function ms(s) {
    s *= 1000
    return s >= 100 ? sprintf("%.0f", s) : s >= 10 ? sprintf("%.1f", s) : sprintf("%.2f", s)
}

# Has configuration id a median (at least one run ok)?
function has(id) {
    return (id in med) && med[id] != "-"
}

function cell(id) {
    if (!(id in status)) return "missing"
    if (!has(id)) return status[id]
    return ms(med[id]) " (" ms(lo[id]) "-" ms(hi[id]) ")" (status[id] != "ok" ? " " status[id] : "")
}

function cpu_cell(id) {
    if (!(id in status)) return ""
    if (!has(id) || cmed[id] == "-") return "-"
    return ms(cmed[id]) " (" ms(clo[id]) "-" ms(chi[id]) ")"
}

# ratio(a, b, m): m[a] / m[b], m the wall-time or the CPU-time medians.
function ratio(a, b, m) {
    if (!has(a) || !has(b) || m[a] == "-" || m[b] == "-" || m[b] == 0) return "-"
    return sprintf("%.2f", m[a] / m[b])
}

function id_of(src, name, config, p) {
    return src SUBSEP name SUBSEP config SUBSEP p
}

# ---- rounds -----------------------------------------------------------------

# Are id's raw runs the ones its summary row counts (as many ok runs, the
# same extremes)? The main table's summary (in --docs) and raw file (in
# --bin) come from the last run.sh with the main programs only when every
# run used the same --docs and --bin.
function has_rounds(id) {
    return has(id) && nraw[id] == nok[id] && rmin[id] == lo[id] + 0 && rmax[id] == hi[id] + 0
}

# rounds(a, b, f, per_spawn): fills f[1..n], sorted, with the figure of
# each round that a and b both ran ok, and returns n: t_a / t_b, or with
# per_spawn, (t_a - t_b) in ns / per_spawn. 0 without both raw runs.
function rounds(a, b, f, per_spawn,    r, n, i, x) {
    n = 0
    if (!has_rounds(a) || !has_rounds(b)) return 0
    for (r = 1; r <= last_round[a]; r++) {
        if (!((a, r) in rt) || !((b, r) in rt)) continue
        if (per_spawn) x = (rt[a, r] - rt[b, r]) * 1e9 / per_spawn
        else if (rt[b, r] > 0) x = rt[a, r] / rt[b, r]
        else continue
        for (i = ++n; i > 1 && f[i - 1] > x; i--) f[i] = f[i - 1]
        f[i] = x
    }
    return n
}

# rounds_of(a, b): how many rounds a goal on a and b had, ok or not.
function rounds_of(a, b) {
    return nruns[a] > nruns[b] ? nruns[a] : nruns[b]
}

# ---- goal rows --------------------------------------------------------------

function meets(x, op, goal) {
    return op == "<=" ? x + 0 <= goal + 0 : x + 0 >= goal + 0
}

# verdict(v, l, h, op, goal, m): v the figure, l and h the per-round range,
# as printed ("-" when there is none); m the rounds the goal had.
function verdict(v, l, h, op, goal, m,    r) {
    if (v == "-") return "not measured"
    r = meets(v, op, goal) ? "met" : "not met"
    if (l == "-") return m > 0 ? r " (no paired rounds)" : r
    if (meets(l, op, goal) != meets(h, op, goal)) return r " (range crosses it)"
    # Only when a failed run dropped a round: with every round paired, a
    # median of a over (or minus) a median of b lies within the rounds' figures.
    if (meets(l, op, goal) != meets(v, op, goal)) return r " (every round on the other side)"
    return r
}

# goal_row(what, op, goal, v, f, n, m, cpu_v, note): one row of the goals
# table; goal is a string, printed as the issue writes it ("2.0"); f[1..n]
# the sorted per-round figures of m rounds (m 0: a goal without rounds).
function goal_row(what, op, goal, v, f, n, m, cpu_v, note,    l, h, med_f, pairs) {
    l = h = med_f = "-"
    if (v != "-" && n > 0) {
        l = sprintf("%.2f", f[1])
        h = sprintf("%.2f", f[n])
        med_f = sprintf("%.2f", n % 2 ? f[(n + 1) / 2] : (f[n / 2] + f[n / 2 + 1]) / 2)
    }
    pairs = m == 0 || v == "-" ? "-" : n == m ? n : n " of " m
    printf "| %s | %s %s | %s | %s | %s | %s | %s | %s |\n", what, op == "<=" ? "≤" : "≥", goal, v,
        l == "-" ? "-" : l " to " h, med_f, pairs, cpu_v, verdict(v, l, h, op, goal, m) note
}

# ratio_goal(what, a, b, op, goal, with_cpu): goal on med[a] / med[b].
function ratio_goal(what, a, b, op, goal, with_cpu,    v, f, n, c) {
    v = ratio(a, b, med)
    n = rounds(a, b, f, 0)
    c = with_cpu ? ratio(a, b, cmed) : "-"
    goal_row(what, op, goal, v, f, n, rounds_of(a, b), c, missing_note(a, b))
}

# A goal says which of its configurations is missing, or had runs that
# were not ok (its figure then comes from the others).
function missing_note(a, b) {
    return status_note(a) (status_note(a) == "" ? status_note(b) : "")
}

function status_note(id,    k) {
    if ((id in status) && status[id] == "ok") return ""
    split(id, k, SUBSEP)
    return ": " k[2] " " k[3] " P=" k[4] " " (id in status ? status[id] : "missing")
}

# title(src, name): "fib(36)", the program and its size.
function title(src, name) {
    return (src, name) in size ? name "(" size[src, name] ")" : name
}

# spawn_goal(config, op, goal): fib's ns per spawn above the -fno-inline
# serial program, (T1 - Ts) / spawns, the spawns from CILK_STATS.
function spawn_goal(config, goal,    t1, ts, sp, v, f, k, c) {
    t1 = id_of("F", "fib", config, 1)
    ts = id_of("F", "fib", "serial-noinline", 1)
    sp = spawns[t1]
    v = c = "-"
    k = 0
    if (has(t1) && has(ts) && sp != "-" && sp > 0) {
        v = sprintf("%.2f", (med[t1] - med[ts]) * 1e9 / sp)
        k = rounds(t1, ts, f, sp)
        if (cmed[t1] != "-" && cmed[ts] != "-")
            c = sprintf("%.2f", (cmed[t1] - cmed[ts]) * 1e9 / sp)
    }
    goal_row("9: " title("F", "fib") ", ns per spawn above the `-fno-inline` serial program, " \
        label[config], "<=", goal, v, f, k, rounds_of(t1, ts), c, missing_note(t1, ts))
}

# rss_goal(config, goal): peak RSS (MiB) of the spawn loop at 10^7 spawns
# (the median of the sweep's runs: no rounds).
function rss_goal(config, goal,    id, v, f) {
    id = 10000000 SUBSEP config
    v = id in rss && rss[id] != "-" ? sprintf("%.2f", rss[id] / 1024) : "-"
    goal_row("9: spawnloop(10^7), pending children, peak RSS MiB at P = " sweep_p[id] ", " \
        label[config], "<=", goal, v, f, 0, 0, "-", \
        v == "-" ? (id in rss ? ": " sweep_status[id] : ": no sweep at 10^7 (QUICK stops at 10^6)") : "")
}

# ceiling_row(name): no goal, the machine's: the T1/T2 that the two vCPUs
# allow a program with no parallel overhead at all, 2 Ts over the slower
# of two copies of the serial elision run at once (run.sh's serial-pair),
# figure and rounds as for a goal, beside the T1/T2 goals it bounds.
function ceiling_row(name,    ts, pair, v, f, n, i, l, h, med_f, m) {
    ts = id_of("F", name, "serial", 1)
    pair = id_of("F", name, "serial-pair", 2)
    if (!(pair in status)) return
    v = has(ts) && has(pair) && med[pair] > 0 ? sprintf("%.2f", 2 * med[ts] / med[pair]) : "-"
    n = rounds(ts, pair, f, 0)
    l = h = med_f = "-"
    if (v != "-" && n > 0) {
        l = sprintf("%.2f", 2 * f[1])
        h = sprintf("%.2f", 2 * f[n])
        med_f = sprintf("%.2f", n % 2 ? 2 * f[(n + 1) / 2] : f[n / 2] + f[n / 2 + 1])
    }
    m = rounds_of(ts, pair)
    printf "| the machine: %s, 2 Ts / the slower of two serial copies at once | - | %s | %s | %s | %s | - | the ceiling of T1/T2 above%s |\n", \
        title("F", name), v, l == "-" ? "-" : l " to " h, med_f, v == "-" || m == 0 ? "-" : n == m ? n : n " of " m, \
        missing_note(ts, pair)
}

function fair_goals(    i, m, name, mode) {
    print "| goal (issue) | goal | figure | range of the rounds | median of the rounds | pairs | by CPU time | verdict |"
    print "|---|---|---|---|---|---|---|---|"
    spawn_goal("cont", "2.5")
    spawn_goal("child", "2.0")
    for (m = 1; m <= 2; m++) {
        mode = modes[m]
        ratio_goal("9: " title("F", "nqueens5") " T1/Ts, " label[mode], \
            id_of("F", "nqueens5", mode, 1), id_of("F", "nqueens5", "serial", 1), "<=", "1.05", 1)
    }
    ratio_goal("9: " title("F", "knapsack") " T1/Ts, " label["cont"], \
        id_of("F", "knapsack", "cont", 1), id_of("F", "knapsack", "serial", 1), "<=", "2.7", 1)
    ratio_goal("9: " title("F", "knapsack") " T1/Ts, " label["child"], \
        id_of("F", "knapsack", "child", 1), id_of("F", "knapsack", "serial", 1), "<=", "5.0", 1)
    ratio_goal("9: " title("F", "uts") " T1/Ts, " label["cont"], \
        id_of("F", "uts", "cont", 1), id_of("F", "uts", "serial", 1), "<=", "1.15", 1)
    ratio_goal("9: " title("F", "uts") " T1/Ts, " label["child"], \
        id_of("F", "uts", "child", 1), id_of("F", "uts", "serial", 1), "<=", "1.75", 1)
    split("fib nqueens knapsack uts", speedup, " ")
    for (i = 1; i <= 4; i++) {
        for (m = 1; m <= 2; m++) {
            name = speedup[i]; mode = modes[m]
            ratio_goal("9: " title("F", name) " T1/T2, " label[mode], \
                id_of("F", name, mode, 1), id_of("F", name, mode, 2), ">=", "1.9", 0)
        }
        ceiling_row(speedup[i])
    }
    rss_goal("cont", "2")
    rss_goal("child", "500")
    ratio_goal("13: " title("M", "spawnloop") " T1/T2, " label["child"] " (default policy, half)", \
        id_of("M", "spawnloop", "child", 1), id_of("M", "spawnloop", "child", 2), ">=", "1.5", 0)
    for (i = 1; i <= nfair; i++)
        ratio_goal("13: " title("F", fair[i]) " T2 half / T2 one, " label["child"], \
            id_of("F", fair[i], "child", 2), id_of("F", fair[i], "child-one", 2), "<=", "1.05", 1)
    ratio_goal("13: " title("M", "spawnloop") " T2 half / T2 one, " label["child"], \
        id_of("M", "spawnloop", "child", 2), id_of("M", "spawnloop", "child-one", 2), "<=", "1.05", 1)
    for (m = 1; m <= 2; m++)
        for (i = 1; i <= 2; i++) {
            mode = modes[m]
            ratio_goal("11: " title("M", "reducesum") " reducer sum, T" i " / OpenMP `reduction` (gcc) T" i ", " \
                label[mode], id_of("M", "reducesum", mode, i), id_of("M", "reducesum", "gompfor", i), \
                "<=", "1.1", 1)
        }
    for (m = 1; m <= 2; m++)
        ratio_goal("11: " title("M", "forloop") " cilk_for loop, T1/T2, " label[modes[m]], \
            id_of("M", "forloop", modes[m], 1), id_of("M", "forloop", modes[m], 2), ">=", "1.9", 0)
}

# ---- the fair fight's own table --------------------------------------------

function fair_row(name, config,    t1, t2, ts) {
    t1 = id_of("F", name, config, 1)
    t2 = id_of("F", name, config, 2)
    ts = id_of("F", name, "serial", 1)
    if (!(t1 in status) && !(t2 in status)) return
    printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", \
        config == "serial" ? title("F", name) : "", label[config], \
        t1 in status ? cell(t1) : "", t2 in status ? cell(t2) : "", cpu_cell(t1), cpu_cell(t2), \
        t1 in status ? ratio(t1, ts, med) : "", t1 in status ? ratio(t1, ts, cmed) : "", \
        (t1 in status) && (t2 in status) ? ratio(t1, t2, med) : "", \
        config ~ /^(cont|child)$/ && spawns[t1] != "" ? spawns[t1] : ""
}

function fair_table(    i, c) {
    print "| program | configuration | T1 ms | T2 ms | CPU ms P=1 | CPU ms P=2 | T1/Ts | T1/Ts CPU | T1/T2 | spawns |"
    print "|---|---|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= nfair; i++)
        for (c = 1; c <= nconf; c++)
            fair_row(fair[i], confs[c])
}

BEGIN {
    split("cont child", modes, " ")
    nconf = split("serial serial-noinline cont child child-one serial-pair", confs, " ")
    label["serial"] = "serial elision (Ts)"
    label["serial-noinline"] = "serial elision, -fno-inline"
    label["cont"] = "continuation"
    label["child"] = "child"
    label["child-one"] = "child, CILK_STEAL_POLICY=one"
    label["serial-pair"] = "two serial elisions at once, one a CPU (T2: the slower)"
}
FNR == 1 { next }
FILENAME == ARGV[3] {
    id = $1 SUBSEP $2
    rss[id] = $5 > 0 ? $9 : "-"
    sweep_status[id] = $13
    sweep_p[id] = $3
    next
}
# A raw file: each ok run's time by its round (run.sh's "run" column).
FILENAME == ARGV[4] || FILENAME == ARGV[5] {
    if ($6 != "ok") next
    id = id_of(FILENAME == ARGV[4] ? "F" : "M", $1, $3, $4)
    rt[id, $5] = $7
    if (!(id in nraw) || $7 + 0 < rmin[id]) rmin[id] = $7 + 0
    if (!(id in nraw) || $7 + 0 > rmax[id]) rmax[id] = $7 + 0
    if ($5 + 0 > last_round[id]) last_round[id] = $5 + 0
    nraw[id]++
    next
}
{
    src = FILENAME == ARGV[1] ? "F" : "M"
    if (src == "F" && !(($1) in in_fair)) { in_fair[$1] = 1; fair[++nfair] = $1 }
    size[src, $1] = $2
    id = id_of(src, $1, $3, $4)
    nruns[id] = $5; nok[id] = $6
    med[id] = $7; lo[id] = $8; hi[id] = $9; spawns[id] = $11; status[id] = $14
    cmed[id] = NF >= 17 ? $15 : "-"; clo[id] = NF >= 17 ? $16 : "-"; chi[id] = NF >= 17 ? $17 : "-"
}
END {
    fair_table()
    print ""
    fair_goals()
}
