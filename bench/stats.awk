# stats.awk: reads a program's stderr and prints "spawns steals peak_live"
# from the runtime's CILK_STATS=1 report (runtime/stats.c, docs/runtime.md):
#     cilkrt statistics (2 workers)
#     worker  spawns steals attempts failpop suspend frames frpeak tasks taskpeak deque idle(s)
#     0       ...
#     total   ...
# Columns are found by name in the header. peak_live is the peak of live
# frames (continuation mode) plus the peak of live tasks (child mode); one
# of the two is 0 in a given mode. "-" for a figure that is absent (the
# peers and the serial elision print no report).

$1 == "worker" && $2 == "spawns" {
    for (i = 1; i <= NF; i++) col[$i] = i
    next
}
$1 == "total" && ("spawns" in col) {
    spawns = $(col["spawns"])
    steals = $(col["steals"])
    peak = ("frpeak" in col ? $(col["frpeak"]) : 0) + ("taskpeak" in col ? $(col["taskpeak"]) : 0)
    found = 1
}
END {
    if (found) print spawns, steals, peak
    else print "- - -"
}
