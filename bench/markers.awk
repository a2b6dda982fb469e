# bench/markers.awk: every `<!-- BEGIN NAME -->` line of a generated
# document (docs/performance.md) has its `<!-- END NAME -->` further down.
# The table writers (run.sh's replace_section, workspan.sh, multiprog.sh)
# replace what lies between the two: without the END they would drop the
# rest of the file, as a mistaken edit that deleted one once let happen.
# Prints `FILE:LINE: error: ...` for each unmatched marker; exit status 1
# if there is one.
#   awk -f bench/markers.awk FILE
match($0, /^<!-- (BEGIN|END) [^ ]+ -->$/) {
    split($0, w, " ")
    if (w[2] == "BEGIN") {
        if (w[3] in open)
            unmatched(FILENAME, open[w[3]], "BEGIN", w[3], "has no <!-- END " w[3] " --> before the next BEGIN")
        open[w[3]] = FNR
    } else if (w[3] in open) {
        delete open[w[3]]
    } else {
        unmatched(FILENAME, FNR, "END", w[3], "without a BEGIN before it")
    }
}

function unmatched(file, line, kind, name, why) {
    printf "%s:%d: error: <!-- %s %s --> %s\n", file, line, kind, name, why > "/dev/stderr"
    bad = 1
}

END {
    for (name in open)
        unmatched(FILENAME, open[name], "BEGIN", name, "has no <!-- END " name " --> after it")
    exit bad
}
