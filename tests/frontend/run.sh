#!/bin/sh
# run.sh: front-end tests of the cilkc command.
#
#   sh tests/frontend/run.sh golden CILKC    golden diagnostics: each input in
#       tests/frontend/errors/ (NAME.cilkc or NAME.i, plus two made here:
#       binary garbage, a 1 MB line, blocks nested 12000 and 130000 deep) must print exactly NAME.err on
#       stderr, exit 1 and write no output; an empty NAME.err means success
#   sh tests/frontend/run.sh headers CILKC   each standard C and POSIX header
#       and tests/frontend/pass/*.c go through cilkc unchanged (the output
#       is `cc -E -C` of the input, byte for byte, as cilkc keeps comments) and cc compiles the output
#       without a diagnostic
#
#   sh tests/frontend/run.sh same CILKC OTHER   both translate examples/ and
#       tests/corpus/ to the same bytes in every steal mode (bootstrap)
#
# CC (default cc) is the compiler cilkc preprocesses with and the one that
# compiles the output.
set -u
mode=$1
cilkc=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")" && pwd)
: "${CC:=cc}"
export CC
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0

# Inputs made at test time (no binary or 1 MB file in the repository).
make_generated()
{
    printf '\177ELF\002\001\001\000\000\000\000\000\003\000>\000\001\000' >"$tmp/garbage.i"
    awk 'BEGIN { printf "int x = 1"; for (i = 0; i < 262144; i++) printf " + 1"; print " @ 2;" }' \
        >"$tmp/long_line.i"
    awk 'BEGIN { printf "int x = 1"; for (i = 0; i < 262144; i++) printf " + 1"; print ";" }' \
        >"$tmp/long_line_ok.i"
    nested 12000 >"$tmp/nested_ok.i"
    nested 130000 >"$tmp/nested_too_deep.i"
}

# nested N: a parallel function with a spawn N blocks deep
nested()
{
    awk -v n="$1" 'BEGIN { print "int g(int);"; printf "int f(int x) {";
        for (i = 0; i < n; i++) printf "{"; printf " x = spawn g(x); sync; ";
        for (i = 0; i < n; i++) printf "}"; print " return x; }" }'
}

# check DIR NAME: run cilkc on DIR/NAME.*, compare with errors/NAME.err.
check()
{
    dir=$1 input=$2
    name=${input%.*}
    expected=$here/errors/$name.err
    n=$((n + 1))
    rm -f "$tmp/out.c"
    (cd "$dir" && "$cilkc" -o "$tmp/out.c" "$input" 2>"$tmp/err" >/dev/null)
    status=$?
    if ! cmp -s "$expected" "$tmp/err"; then
        echo "FAIL $input: diagnostics differ from errors/$name.err:"
        diff "$expected" "$tmp/err" | head -20
        fail=1
    elif [ -s "$expected" ] && { [ $status -ne 1 ] || [ -e "$tmp/out.c" ]; }; then
        echo "FAIL $input: expected exit status 1 and no output, got $status"
        fail=1
    elif [ ! -s "$expected" ] && [ $status -ne 0 ]; then
        echo "FAIL $input: expected success, got exit status $status"
        fail=1
    fi
}

golden()
{
    make_generated
    for f in "$here"/errors/*.cilkc "$here"/errors/*.i; do
        check "$here/errors" "$(basename "$f")"
    done
    for f in garbage.i long_line.i long_line_ok.i nested_ok.i nested_too_deep.i; do
        check "$tmp" "$f"
    done
}

HEADERS="assert complex ctype dirent errno fcntl float inttypes limits locale math
pthread setjmp signal stdalign stdarg stdatomic stdbool stddef stdint stdio stdlib
stdnoreturn string strings tgmath threads time uchar unistd wchar wctype sys/mman
sys/stat sys/time sys/types sys/wait sys/socket sys/resource sys/select sys/uio
netinet/in arpa/inet netdb poll sched semaphore spawn termios regex glob dlfcn"

# through FILE: cilkc FILE must equal `cc -E -C` of it and compile cleanly.
through()
{
    n=$((n + 1))
    if ! "$cilkc" -o "$tmp/out.c" "$1" 2>"$tmp/err"; then
        echo "FAIL $1: cilkc failed:"; head -10 "$tmp/err"; fail=1; return
    fi
    $CC -E -C -x c "$1" >"$tmp/pp.c" 2>/dev/null
    if ! cmp -s "$tmp/pp.c" "$tmp/out.c"; then
        echo "FAIL $1: output differs from cc -E -C"; fail=1; return
    fi
    if ! $CC -std=gnu11 -Wall -Wextra -c -o "$tmp/out.o" -x c "$tmp/out.c" 2>"$tmp/err" ||
        [ -s "$tmp/err" ]; then
        echo "FAIL $1: cc on the output:"; head -10 "$tmp/err"; fail=1
    fi
}

headers()
{
    for h in $HEADERS; do
        printf '#define _GNU_SOURCE\n#include <%s.h>\n' "$h" >"$tmp/h_$(echo "$h" | tr / _).c"
    done
    printf '#include <%s.h>\n' $HEADERS | grep -v threads >"$tmp/all_headers.c"
    for f in "$tmp"/h_*.c "$tmp/all_headers.c" "$here"/pass/*.c; do
        through "$f"
    done
}

same()
{
    other=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    for f in "$here"/../../examples/*.cilkc "$here"/../corpus/*.cilkc "$here"/../cilk5/*.cilk; do
        for steal in continuation child serial; do
            n=$((n + 1))
            "$cilkc" --steal=$steal -o "$tmp/a.c" "$f" 2>"$tmp/a.err"
            a=$?
            "$other" --steal=$steal -o "$tmp/b.c" "$f" 2>"$tmp/b.err"
            b=$?
            if [ $a -ne $b ] || ! cmp -s "$tmp/a.err" "$tmp/b.err" ||
                { [ $a -eq 0 ] && ! cmp -s "$tmp/a.c" "$tmp/b.c"; }; then
                echo "FAIL $(basename "$f") --steal=$steal: translations differ"
                fail=1
            fi
        done
    done
}

case $mode in
golden) golden ;;
headers) headers ;;
same) same "$3" ;;
*) echo "usage: run.sh golden|headers CILKC, run.sh same CILKC OTHER" >&2; exit 2 ;;
esac
[ $fail -eq 0 ] && echo "frontend $mode: $n checks passed"
exit $fail
