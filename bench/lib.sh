# Shared by bench/octal.sh, bench/factor.sh and others (sourced, not run).
#
# bench_quick USAGE ARGS...
#                   QUICK=1 where ARGS is `--quick`, else 0; any other argument refused (exit 2).
# bench_init        cd to the repository root; REPS (default 5); GRUNDY=path, or build it:
#                   `cargo build --release -p grundy-cli` (fat LTO, a few minutes from clean)
# measure OUT IN CMD...
#                   runs CMD once with stdin from IN and stdout to OUT (stderr to OUT.err);
#                   sets M_S (wall seconds, from bash's clock) and M_KB (peak RSS, /usr/bin/time).
#                   A run that fails with RETRY_ON (an extended regex) in its stderr is run
#                   again, up to 20 times; REFUSED counts those runs.
# interleave SIDE...
#                   for each rep, runs every side once, in the order given (g, p, g, p, ...):
#                   side S runs the command in the array cmd_S, with stdin from in_S (default
#                   /dev/null); its last run's stdout is left in $BENCH_TMP/S.out. Prints each
#                   side's runs and sets MED_S[S], MED_KB[S] to the medians.
# result CASE GRUNDY_SIDE [PEER_SIDE...]
#                   picks the peer with the lowest median and prints the summary line
#                   RESULT case grundy_s peer_s ratio grundy_kb peer_kb peer
#                   (ratio = peer median / grundy median; "-" where there is no peer).
# timed OUT CMD...  runs CMD once within LIMIT seconds of CPU, stdin from T_IN (default
#                   /dev/null), stdout to OUT (stderr to OUT.err); sets T_CPU (user + system
#                   seconds), T_KB (peak RSS), T_RC (CMD's exit status: 124, 137 or 152 past the
#                   limit) and T_OK (0 past the limit or on an error). Used by partizan.sh and
#                   outcome.sh.

export LC_ALL=C

# Reads a script's arguments, where the one it takes is `--quick`: sets QUICK to 1 or 0, and
# refuses anything else with the usage line "$1" (exit 2). Call as `bench_quick "USAGE" "$@"`.
bench_quick() {
    local usage=$1 arg
    shift
    QUICK=0
    for arg in "$@"; do
        case $arg in
            --quick) QUICK=1 ;;
            *) echo "usage: $usage (unknown argument: $arg)" >&2; exit 2 ;;
        esac
    done
}

bench_init() {
    # A relative GRUNDY is relative to where the script was started.
    if [ -n "${GRUNDY:-}" ]; then GRUNDY=$(realpath "$GRUNDY"); fi
    cd "$(dirname "${BASH_SOURCE[0]}")/.."
    REPS=${REPS:-5}
    [ -x /usr/bin/time ] || { echo "$0 needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
    if [ -z "${GRUNDY:-}" ]; then
        cargo build --release -p grundy-cli >&2
        GRUNDY=$PWD/target/release/grundy
    fi
    [ -x "$GRUNDY" ] || { echo "no grundy binary at $GRUNDY" >&2; exit 1; }
    BENCH_TMP=$(mktemp -d)
    trap 'rm -rf "$BENCH_TMP"' EXIT
    declare -gA MED_S=() MED_KB=()
    REFUSED=0
}

measure() {
    local out=$1 in=$2; shift 2
    local t0 t1 try
    for try in $(seq 21); do
        t0=$EPOCHREALTIME
        if /usr/bin/time -f '%M' -o "$BENCH_TMP/time" "$@" < "$in" > "$out" 2> "$out.err"; then break; fi
        if [ "$try" -le 20 ] && [ -n "${RETRY_ON:-}" ] && grep -Eq "$RETRY_ON" "$out.err"; then
            REFUSED=$((REFUSED + 1)); continue
        fi
        echo "failed: $*" >&2; cat "$out.err" >&2; exit 1
    done
    t1=$EPOCHREALTIME
    M_S=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    M_KB=$(tail -n 1 "$BENCH_TMP/time")
}

median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

interleave() {
    local side rep
    declare -A runs_s=() runs_kb=()
    for rep in $(seq "$REPS"); do
        for side in "$@"; do
            local cmd="cmd_$side[@]" in_var="in_$side"
            measure "$BENCH_TMP/$side.out" "${!in_var:-/dev/null}" "${!cmd}"
            runs_s[$side]+="$M_S "; runs_kb[$side]+="$M_KB "
        done
        echo "   round $rep/$REPS done" >&2
    done
    for side in "$@"; do
        # shellcheck disable=SC2086
        MED_S[$side]=$(median ${runs_s[$side]})
        # shellcheck disable=SC2086
        MED_KB[$side]=$(median ${runs_kb[$side]})
        printf '   %-12s median %7.3f s %8d KB   (runs: %s s; %s KB)\n' "$side" "${MED_S[$side]}" \
            "${MED_KB[$side]}" "${runs_s[$side]% }" "${runs_kb[$side]% }" >&2
    done
}

result() {
    local case=$1 g=$2; shift 2
    local best="" side
    for side in "$@"; do
        if [ -z "$best" ] || awk -v a="${MED_S[$side]}" -v b="${MED_S[$best]}" 'BEGIN { exit !(a < b) }'; then
            best=$side
        fi
    done
    if [ -z "$best" ]; then
        echo "RESULT $case ${MED_S[$g]} - - ${MED_KB[$g]} - -"
    else
        local ratio
        ratio=$(awk -v p="${MED_S[$best]}" -v g="${MED_S[$g]}" 'BEGIN { printf "%.2f", p / g }')
        echo "   ratio $best/grundy (peer median / grundy median): ${ratio}x;" \
            "peak memory grundy/$best: ${MED_KB[$g]}/${MED_KB[$best]} KB" >&2
        echo "RESULT $case ${MED_S[$g]} ${MED_S[$best]} $ratio ${MED_KB[$g]} ${MED_KB[$best]} $best"
    fi
}

timed() {
    local out=$1; shift
    T_OK=1 T_RC=0
    # The limit is on CPU time (ulimit -t: the kernel stops the program past it), inside the
    # clock so that the program itself is stopped and its CPU counted; the machine's load then
    # changes neither who finishes nor what is compared. A wall-clock stop at 4x the limit
    # guards against a program that waits.
    /usr/bin/time -f '%U %S %M' -o "$BENCH_TMP/time" timeout "$((4 * LIMIT))" bash -c 'ulimit -t "$1"; shift; exec "$@"' _ "$LIMIT" "$@" \
        < "${T_IN:-/dev/null}" > "$out" 2> "$out.err" || T_RC=$?
    [ "$T_RC" = 0 ] || T_OK=0
    local u=0 s=0 kb=0
    read -r u s kb < <(tail -n 1 "$BENCH_TMP/time") || true
    if ! [[ "$u" =~ ^[0-9.]+$ ]]; then u=$LIMIT; s=0; kb=0; fi
    T_CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    T_KB=$kb
}
