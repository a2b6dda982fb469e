# shellcheck shell=sh disable=SC2034,SC2154
# (SC2034, SC2154: variables set here for the caller, and by it)
# tests/e2e/lib.sh: what tests/e2e/run.sh and tests/cilk5/run.sh share
# (sourced, not run): sanitizer set-up, pass/fail counting, running a
# program with a time-out, checking a program in every steal mode at
# every worker count against its reference output, and the serial elision
# that tests/e2e/warnings.sh compiles too.
#
# The caller sets top (the source tree), BUILD, work (a scratch
# directory), MODES, NWORKERS and TIMEOUT, and defines
#     build_mode MODE EXE LOG
# which builds the program in steal mode MODE into EXE (cilkcc's messages
# into LOG) and fails if cilkcc does. RUN_ARGS (default empty) are the
# command-line arguments of every run. POLICIES (default "one") are the
# CILK_STEAL_POLICY values child mode runs with besides the default, half.

passed=0
failed=0
san=
san_flags=
san_lib=
RUN_ARGS=${RUN_ARGS:-}
POLICIES=${POLICIES:-one}
# the runtime's settings come from the tests, never from the caller's environment
unset CILK_STEAL_POLICY CILK_CHILD_HELP CILK_PIN

pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL $*"
}

# use_sanitizer asan|tsan: build with it, link the matching runtime variant.
use_sanitizer() {
    san=$1
    case $san in
    asan)
        san_flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" ;;
    tsan)
        san_flags="-fsanitize=thread -DCILKRT_ATOMIC_BOUNDS" ;;
    esac
    san_lib=$top/$BUILD/lib/libcilkrt-$san.a
    # stop at the first report, with a non-zero status
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
    TSAN_OPTIONS=halt_on_error=1:exitcode=66
    export ASAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS
}

# run_prog EXE OUT ERR [ARGS...]: stdout to OUT, stderr to ERR, then the
# outcome as `exit=N` (124 = timed out) appended to OUT.
run_prog() {
    _exe=$1 _out=$2 _err=$3
    shift 3
    timeout -k 5 "$TIMEOUT" "$_exe" "$@" > "$_out" 2> "$_err"
    _rc=$?
    echo "exit=$_rc" >> "$_out"
    return $_rc
}

# Did the run (stderr file $1) report a sanitizer error?
san_report() {
    grep -q -E 'ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer|runtime error:' "$1"
}

# Total steal count from the CILK_STATS=1 report (stderr file $1): the
# column headed `steals` of the row `total` (runtime/stats.c prints a header
# row `worker spawns steals ...`, one row per worker, then `total ...`).
# Prints nothing if the report is missing.
stats_steals() {
    awk '$1 == "worker" { for (i = 1; i <= NF; i++) if ($i == "steals") col = i }
         $1 == "total" && col { print $col; exit }' "$1"
}

# A figure of the CILK_STATS=1 report (stderr file $1): the column named
# $2 of the row `total`, or $2=N on the `mechanisms:` line
# (runtime/stats.c). Prints nothing if the report lacks it.
stats_value() {
    awk -v name="$2" '
        $1 == "worker" { for (i = 1; i <= NF; i++) if ($i == name) col = i }
        $1 == "total" && col { print $col; exit }
        $1 == "mechanisms:" {
            for (i = 2; i <= NF; i++) if (index($i, name "=") == 1) {
                print substr($i, length(name) + 2); exit
            }
        }' "$1"
}

# check_expected_stats NAME EXE D REF MODE: the lines
#     expect-stats: MODE[/POLICY] [P=N] [CILK_NAME=VALUE...] FIGURE...
# of the program's sources ($expect_srcs) for this MODE: a run at P = N
# (default 4), with CILK_STEAL_POLICY=POLICY if given, each setting
# CILK_NAME=VALUE (a runtime variable, e.g. CILK_CHILD_HELP=1; no spaces
# in VALUE) in its environment for that run only, and CILK_STATS=1, must
# give the reference output and count each FIGURE (stats_value) > 0: the
# mechanism the program is named after ran. A setting of anything but a
# CILK_ variable, or one that P=, CILK_STATS, CILK_STEAL_POLICY or
# CILK_NWORKERS already give, is a failure. A forced schedule may miss on
# a loaded machine, so a run that counts 0 is tried again, up to 3 runs;
# without the mechanism every run counts 0.
check_expected_stats() {
    [ -n "${expect_srcs:-}" ] || return 0
    # shellcheck disable=SC2086
    grep -h -o 'expect-stats:[^*]*' $expect_srcs 2> /dev/null |
        while read -r _tag _spec _rest; do
            [ "${_spec%%/*}" = "$5" ] || continue
            _pol=
            case $_spec in */*) _pol=${_spec#*/} ;; esac
            _p=4
            case $_rest in P=*)
                _p=${_rest%% *}
                _p=${_p#P=}
                _rest=${_rest#P="$_p"} ;;
            esac
            _set='' _bad=''
            for _w in $_rest; do
                case $_w in
                CILK_STATS=* | CILK_STEAL_POLICY=* | CILK_NWORKERS=*) _bad="$_bad $_w" ;;
                CILK_[A-Z0-9_]*=*) _set="$_set $_w" ;;
                *=*) _bad="$_bad $_w" ;;
                *) break ;;
                esac
                _rest=${_rest#*"$_w"}
            done
            if [ -n "$_bad" ]; then
                echo "FAIL $1 mode=$_spec P=$_p: not a setting expect-stats takes:$_bad" \
                    "(CILK_NAME=VALUE, other than CILK_STATS, CILK_STEAL_POLICY and CILK_NWORKERS)"
                continue
            fi
            case $_rest in *[![:space:]]*) ;; *)
                echo "FAIL $1 mode=$_spec P=$_p$_set: expect-stats names no FIGURE"
                continue ;;
            esac
            _o=$3/$5.expect.$_p
            for _try in 1 2 3; do
                _missing=
                # (the settings in a subshell: exported for this run only)
                # shellcheck disable=SC2086
                (
                    # shellcheck disable=SC2163
                    for _s in $_set; do export "$_s"; done
                    CILK_STATS=1 CILK_STEAL_POLICY=$_pol CILK_NWORKERS=$_p run_prog "$2" "$_o" \
                        "$_o.err" $RUN_ARGS < /dev/null
                )
                for _fig in $_rest; do
                    _n=$(stats_value "$_o.err" "$_fig")
                    [ "${_n:-0}" -gt 0 ] 2> /dev/null || _missing="$_missing $_fig=${_n:-none}"
                done
                [ -z "$_missing" ] && break
            done
            if ! cmp -s "$4" "$_o"; then
                echo "FAIL $1 mode=$_spec P=$_p$_set CILK_STATS=1: output differs from the serial" \
                    "elision"
            elif [ -n "$_missing" ]; then
                echo "FAIL $1 mode=$_spec P=$_p$_set: expected$_missing to be > 0 (3 runs)"
            else
                echo PASS
            fi
        done > "$3/$5.expect"
    while read -r _line; do
        if [ "$_line" = PASS ]; then
            pass
        else
            fail "${_line#FAIL }"
        fi
    done < "$3/$5.expect"
}

# check_policies NAME EXE D REF STEALS: child mode's runs with each policy
# of $POLICIES (the default ran in check_modes), output compared with REF:
# at P = 2 and 4, or, for a program that forces steals (each such run
# waits out its budget in child mode, seconds), once at P = 4 with
# CILK_STATS=1, which must count steals.
check_policies() {
    for pol in $POLICIES; do
        _ps="2 4"
        [ "$5" = 1 ] && _ps=4
        for p in $_ps; do
            _o=$3/child.$pol.$p
            # shellcheck disable=SC2086
            CILK_STATS=$5 CILK_STEAL_POLICY=$pol CILK_NWORKERS=$p run_prog "$2" "$_o" "$_o.err" \
                $RUN_ARGS
            if cmp -s "$4" "$_o"; then
                pass
            else
                fail "$1 mode=child P=$p CILK_STEAL_POLICY=$pol: output differs from the" \
                    "serial elision ($(tail -n 1 "$_o"))"
                diff "$4" "$_o" | head -6 | sed 's/^/    /'
            fi
            if [ "$5" = 1 ] && ! [ "$(stats_steals "$_o.err")" -gt 0 ] 2> /dev/null; then
                fail "$1 mode=child P=4 CILK_STEAL_POLICY=$pol: expected steals"
            fi
        done
    done
}

# check_modes NAME D REF STEALS: build the program (build_mode) in each of
# $MODES into D/MODE, run it at each of $NWORKERS, and compare stdout and
# exit status with the file REF. A run that times out skips the mode's
# other worker counts (they would likely hang too). If STEALS is 1, one
# more run per parallel mode at P = 4 with CILK_STATS=1 (its stderr kept
# in D/MODE.stats.err) must count steals. Not under a sanitizer: its
# slowness changes the schedule, and its warnings are its own. Child mode
# also runs with the other steal policies (check_policies).
check_modes() {
    _name=$1 _d=$2 _ref=$3 _steals=$4
    for mode in $MODES; do
        exe=$_d/$mode
        if ! build_mode "$mode" "$exe" "$_d/$mode.cc"; then
            fail "$_name mode=$mode: cilkcc failed"
            sed 's/^/    /' "$_d/$mode.cc" | head -20
            continue
        fi
        if [ -s "$_d/$mode.cc" ] && [ -z "$san" ]; then
            fail "$_name mode=$mode: warnings from cilkcc"
            sed 's/^/    /' "$_d/$mode.cc" | head -10
        fi
        _timed_out=0
        for p in $NWORKERS; do
            if [ $_timed_out = 1 ]; then
                fail "$_name mode=$mode P=$p: skipped after a time-out"
                continue
            fi
            # shellcheck disable=SC2086
            CILK_NWORKERS=$p run_prog "$exe" "$_d/$mode.$p" "$_d/$mode.$p.err" $RUN_ARGS
            if [ "$(tail -n 1 "$_d/$mode.$p")" = exit=124 ]; then
                _timed_out=1
                fail "$_name mode=$mode P=$p: timed out after $TIMEOUT s"
            elif [ -n "$san" ] && san_report "$_d/$mode.$p.err"; then
                fail "$_name mode=$mode P=$p: $san report"
                grep -m 5 -E 'ERROR:|WARNING:|runtime error:|SUMMARY' \
                    "$_d/$mode.$p.err" | sed 's/^/    /'
            elif cmp -s "$_ref" "$_d/$mode.$p"; then
                pass
            else
                fail "$_name mode=$mode P=$p: output differs from the serial elision" \
                    "($(tail -n 1 "$_d/$mode.$p"))"
                diff "$_ref" "$_d/$mode.$p" | head -6 | sed 's/^/    /'
                head -3 "$_d/$mode.$p.err" | sed 's/^/    /'
            fi
        done
        if [ "$_steals" = 1 ] && [ "$mode" != serial ] && [ -z "$san" ]; then
            # shellcheck disable=SC2086
            CILK_STATS=1 CILK_NWORKERS=4 run_prog "$exe" "$_d/$mode.stats.out" \
                "$_d/$mode.stats.err" $RUN_ARGS
            n=$(stats_steals "$_d/$mode.stats.err")
            if [ -z "$n" ]; then
                fail "$_name mode=$mode P=4: no CILK_STATS report on stderr"
            elif [ "$n" -gt 0 ] 2> /dev/null; then
                pass
            else
                fail "$_name mode=$mode P=4: expected steals, CILK_STATS total steals = $n"
            fi
        fi
        if [ "$mode" != serial ] && [ -z "$san" ] && [ $_timed_out = 0 ]; then
            check_expected_stats "$_name" "$exe" "$_d" "$_ref" "$mode"
        fi
        if [ "$mode" = child ] && [ -z "$san" ] && [ $_timed_out = 0 ]; then
            check_policies "$_name" "$exe" "$_d" "$_ref" "$_steals"
        fi
    done
}

# The serial elision of a .cilkc file on stdout: delete the Cilk words on
# word boundaries, except `sync` directly followed by `(` (a call of the
# POSIX function); cilk_for becomes for, cilk_scope, `#pragma cilk` lines
# and cilk_reducer(identity, reduce) go. #include lines keep their words
# (a header may be named sync.h, or live in cilk/), but `#include
# <cilk/cilk.h>` is blanked: it only spells OpenCilk's keywords for cilkc,
# and refuses plain C. The reducer library headers (runtime/cilk/*_reducer.h)
# declare plain variables when compiled as C.
elide() {
    sed -E -e '/^[[:space:]]*#[[:space:]]*pragma[[:space:]]+cilk\b/d' \
        -e 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*<cilk\/cilk\.h>.*//' \
        -e '/^[[:space:]]*#[[:space:]]*include\b/b' \
        -e 's/\b(_Cilk_for|cilk_for)\b/for/g' -e 's/\b(_Cilk_scope|cilk_scope)\b//g' \
        -e 's/\b(cilk_reducer|_Hyperobject)[[:space:]]*\([^()]*\)//g' \
        -e 's/\bsync([[:space:]]*\()/@CILKC_SYNC_CALL@\1/g' \
        -e 's/\b(_Cilk_spawn|_Cilk_sync|cilk_spawn|cilk_sync|spawn|sync|cilk)\b//g' \
        -e 's/@CILKC_SYNC_CALL@/sync/g' "$1"
}
