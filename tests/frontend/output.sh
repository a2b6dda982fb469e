#!/bin/sh
# output.sh: cilkc never loses data through its output file (compiler/output.c).
#
#   sh tests/frontend/output.sh CILKC
#
# A failed write leaves the old output as it was and no temporary behind;
# a device or FIFO is written in place and never removed; -o naming the
# input (directly, through a symlink or a hard link) is refused; a
# replaced output keeps its mode, and a symlinked output keeps its link.
# Ends with "N passed, M failed"; exits non-zero if any failed.
set -u
cilkc=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
T=$(mktemp -d "${TMPDIR:-/tmp}/cilkc-output.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

pass=0
fail=0
expect() {
    if [ "$2" = "$3" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        printf 'FAIL: %s\n    expected: %s\n    got:      %s\n' "$1" "$2" "$3"
    fi
}
# run: cilkc with ARGS; status in $st, stderr in $T/err
run() { "$cilkc" "$@" >/dev/null 2>"$T/err"; st=$?; }
# files: what the directory holds besides the inputs (temporaries show here)
files() { ls -A "$T" | grep -v -e '^in\.i$' -e '^big\.i$' -e '^err$' | paste -sd' ' -; }

printf 'int f(void) { return 1; }\n' >in.i
awk 'BEGIN { for (i = 0; i < 4000; i++) printf "int v%d;\n", i }' >big.i

# A full device: the write fails, the device stays. As root (who could
# delete /dev/full) the test uses its own node of the same device.
full=/dev/full
mknod full c 1 7 2>/dev/null && full=full
run -o $full in.i
expect "full device: status and message" \
    "1 cilkc: error: cannot write '$full': No space left on device" "$st $(cat err)"
expect "full device: still a character device" "yes" "$([ -c $full ] && echo yes)"
rm -f full

# /dev/null is written in place, as cc does.
run -o /dev/null in.i
expect "/dev/null: status" "0 " "$st $(cat err)"
expect "/dev/null: still a character device" "yes" "$([ -c /dev/null ] && echo yes)"

# A FIFO is written in place and stays a FIFO.
mkfifo fifo
cat fifo >from_fifo &
run -o fifo in.i
wait
expect "FIFO: status and content" "0 int f(void) { return 1; }" "$st $(cat from_fifo)"
expect "FIFO: still a FIFO" "yes" "$([ -p fifo ] && echo yes)"
rm -f fifo from_fifo

# A directory is refused.
mkdir dir
run -o dir in.i
expect "directory: refused" "1 cilkc: error: cannot open 'dir': Is a directory" "$st $(cat err)"
rmdir dir

# A write that fails (file size limit) leaves the old output untouched and
# no temporary.
echo old >out.c
(trap '' XFSZ; ulimit -f 8; "$cilkc" -o out.c big.i >/dev/null 2>err)
st=$?
expect "failed write: status and message" "1 cilkc: error: cannot write 'out.c': File too large" \
    "$st $(cat err)"
expect "failed write: old output kept" "old" "$(cat out.c)"
expect "failed write: no temporary" "out.c" "$(files)"

# A failed translation leaves the old output untouched too.
printf 'int f(void) { return ; ; }}\n' >bad.i
run -o out.c bad.i
expect "failed translation: old output kept" "1 old" "$st $(cat out.c)"
rm -f bad.i

# A replaced output keeps its mode; a symlinked output keeps its link.
chmod 640 out.c
run -o out.c in.i
expect "replaced: status, content, mode" "0 int f(void) { return 1; } 640" \
    "$st $(cat out.c) $(stat -c %a out.c)"
ln -s out.c link.c
echo old >out.c
run -o link.c in.i
expect "through a symlink: link kept, target replaced" "0 out.c int f(void) { return 1; }" \
    "$st $(readlink link.c) $(cat out.c)"
expect "no temporaries after success" "link.c out.c" "$(files)"
rm -f link.c out.c

# -o naming the input: refused before anything is written.
run -o in.i in.i
expect "-o is the input: refused" \
    "1 cilkc: error: input file 'in.i' is the same as output file 'in.i'" "$st $(cat err)"
ln -s in.i sym.i
run -o sym.i in.i
expect "-o is a symlink to the input: refused" \
    "1 cilkc: error: input file 'in.i' is the same as output file 'sym.i'" "$st $(cat err)"
ln in.i hard.i
run -o in.i hard.i
expect "-o is a hard link of the input: refused" \
    "1 cilkc: error: input file 'hard.i' is the same as output file 'in.i'" "$st $(cat err)"
expect "the input is unchanged" "int f(void) { return 1; }" "$(cat in.i)"
rm -f sym.i hard.i

echo "output: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
