#!/bin/sh
# tools/wgsim/cli_test.sh WGSIM: the command line. Bad input gets one
# "wgsim: error: ..." line and exit status 2; good input gives the CSV.
set -u
wgsim=$1
fail=0

bad() {
    err=$("$wgsim" "$@" 2>&1 >/dev/null)
    status=$?
    case "$status:$err" in
    "2:wgsim: error: "*) ;;
    *) echo "FAIL: wgsim $* gave status $status and: $err"; fail=1 ;;
    esac
}

bad -l 1.5
bad -l x
bad -n 0
bad -n 99999999999
bad -D zipf
bad -f all
bad -s 0
bad -s 10 extra

out=$("$wgsim" -n 4 -l 1 -D point -f none -s 3)
expected=$(printf 'step,total,max\n1,3,3\n2,6,6\n3,9,9')
[ "$out" = "$expected" ] || { echo "FAIL: series: $out"; fail=1; }

out=$("$wgsim" -n 4 -l 0 -s 10 -S | tail -n 1)
[ "$out" = "4,0,uniform,half,10,1,0.000,0.000,0,0,0.0000" ] || { echo "FAIL: summary: $out"; fail=1; }

out=$("$wgsim" -n 4 -l 1 -D point -f none -s 10 -S | tail -n 1)
[ "$out" = "4,1,point,none,10,1,24.000,24.000,30,30,3.0000" ] || { echo "FAIL: drift: $out"; fail=1; }

[ $fail -eq 0 ] && echo "wgsim command line: ok"
exit $fail
