#!/usr/bin/env bash
# Every octal code of a list (default ../shared/octal-codes.txt: "CODE N [nonaive]" a line):
# `grundy sg octal:CODE --upto N --every-value` (every value computed, no shortcut at a proven
# period) against each ogsolve 0.0.7 method (naive, rc, rc2; naive left out for codes marked
# nonaive) and, when TCZAJKA names an already-built binary of T. Czajka's octal-games solver
# (its C++ `analyze`; see bench/tczajka-run.sh: these scripts never fetch or build it), that
# solver too, interleaved in one run (grundy, naive, rc, rc2, tczajka, grundy, ...), REPS rounds
# (default 1: the sweep is a survey; rerun a code with more). The tczajka side is left out of a
# code where it stops at a proven period before N values (it computes fewer values there);
# its values are checked by the largest value and where it first occurs, its peak memory is
# that of its runner (bash) and itself, not comparable.
#
# Per code it checks that every side computed the same values (the Fletcher-32 checksum of
# G(0..N) that ogsolve prints, computed from grundy's JSON, and G(N)), then prints the medians
# and the ratio grundy / fastest ogsolve method (below 1: grundy is faster). N doubles (up to
# 2^24) until the fastest peer method takes at least 0.2 s, whatever grundy takes (as the
# list's header asks), so that the ratio measures computation, not start-up. Before each doubling,
# an ogsolve method more than 8 times slower than the fastest one is left out (its time grows at
# least as fast, so it cannot become the fastest, and rc on some periodic codes would run for
# hours). A peer's run past TIMEOUT seconds (default 300) is stopped and counts as TIMEOUT
# seconds, a lower bound: that method is left out of the value checks and of the next doubling
# (any other failed run, grundy's past TIMEOUT included, ends the sweep). Where the
# fastest method takes under SHORT seconds (default 0.5) at an n, grundy and that method are
# timed again there, SHORT_REPS rounds (default 5), and their medians decide whether n doubles
# and give the ratio: single runs of 30-300 ms move by a third on a shared machine.
#
# Each code ends with a line
#   SWEEP code n grundy_s best_s best_method ratio grundy_kb best_kb
# and the sweep with a summary: how many codes at or under 0.5x, in (0.5, 1], (1, 2] and above
# 2, the codes within 50 ms at 2^24, and the three worst ratios.
#
#   bash bench/octal-sweep.sh [LIST] [CODE...]    only the CODEs named, when any are
#   REPS=1 TIMEOUT=300 SHORT=0.5 SHORT_REPS=5 GRUNDY=path (default: build it)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
list=${1:-../shared/octal-codes.txt}
[ $# -gt 0 ] && shift
only=" $* "
REPS=${REPS:-1}
bench_init
[ -f "$list" ] || { echo "bench/octal-sweep.sh: no code list at $list" >&2; exit 1; }
if command -v ogsolve >/dev/null 2>&1; then OGSOLVE=$(command -v ogsolve)
elif [ -x "$HOME/.cargo/bin/ogsolve" ]; then OGSOLVE=$HOME/.cargo/bin/ogsolve
else
    echo "installing ogsolve 0.0.7 (cargo install ogsolve --version 0.0.7)..." >&2
    cargo install ogsolve --version 0.0.7 >&2
    OGSOLVE=$HOME/.cargo/bin/ogsolve
fi
if [ -n "${TCZAJKA:-}" ]; then
    TCZAJKA=$(realpath "$TCZAJKA")
    [ -x "$TCZAJKA" ] || { echo "bench/octal-sweep.sh: TCZAJKA=$TCZAJKA is not an executable" >&2; exit 1; }
else
    echo "bench/octal-sweep.sh: TCZAJKA is not set: T. Czajka's solver is left out (build its analyze program from github.com/tczajka/octal-games, old/, outside this repository, and give its path)" >&2
fi
TIMEOUT=${TIMEOUT:-300}
SHORT=${SHORT:-0.5}
SHORT_REPS=${SHORT_REPS:-5}
MAX_N=16777216

# lib.sh's measure, but a peer's run stopped by `timeout` (exit 124) counts as TIMEOUT seconds
# and marks its side in TIMED_OUT instead of ending the sweep.
declare -A TIMED_OUT=()
measure() {
    local out=$1 in=$2 t0 t1 status=0; shift 2
    t0=$EPOCHREALTIME
    /usr/bin/time -f '%M' -o "$BENCH_TMP/time" "$@" < "$in" > "$out" 2> "$out.err" || status=$?
    t1=$EPOCHREALTIME
    if [ "$status" = 124 ] && [ "$out" != "$BENCH_TMP/grundy.out" ]; then
        M_S=$TIMEOUT M_KB=0
        TIMED_OUT[$(basename "$out" .out)]=1
        return 0
    fi
    [ "$status" = 0 ] || { echo "failed: $*" >&2; cat "$out.err" >&2; exit 1; }
    M_S=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    M_KB=$(tail -n 1 "$BENCH_TMP/time")
}

# Fletcher-32 over the 16-bit values of grundy's JSON, as ogsolve computes it.
fletcher() {
    python3 -c '
import json, sys
a = b = 0
for v in json.load(sys.stdin)["values"]:
    a = (a + v) & 0xFFFF
    b = (b + a) & 0xFFFF
print("%X" % (b << 16 | a))'
}

# One code at one n: sets SIDES (the sides run) and fills MED_S, MED_KB.
run_code() {
    local code=$1 n=$2
    cmd_grundy=(timeout "$TIMEOUT" "$GRUNDY" sg "octal:$code" --upto "$n" --every-value --summary)
    cmd_tczajka=(timeout "$TIMEOUT" bash bench/tczajka-run.sh "${TCZAJKA:-}" "$code" "$n")
    cmd_naive=(timeout "$TIMEOUT" "$OGSOLVE" -m naive -n "$n" "$code")
    cmd_rc=(timeout "$TIMEOUT" "$OGSOLVE" -m rc -n "$n" "$code")
    cmd_rc2=(timeout "$TIMEOUT" "$OGSOLVE" -m rc2 -n "$n" "$code")
    SIDES=(grundy "${PEERS[@]}")
    interleave "${SIDES[@]}" 2>"$BENCH_TMP/interleave.err" || { cat "$BENCH_TMP/interleave.err" >&2; return 1; }
}

# The fastest method of those last run (`checked`, grundy first) by median: sets best, and
# small (grundy and it within 50 ms) and short (it under 0.2 s).
pick_best() {
    best=""
    for side in "${checked[@]:1}"; do
        if [ -z "$best" ] || awk -v a="${MED_S[$side]}" -v b="${MED_S[$best]}" 'BEGIN { exit !(a < b) }'; then
            best=$side
        fi
    done
    small=$(awk -v g="${MED_S[grundy]}" -v p="${MED_S[$best]}" 'BEGIN { print (g <= 0.05 && p <= 0.05) ? 1 : 0 }')
    short=$(awk -v p="${MED_S[$best]}" 'BEGIN { print (p < 0.2) ? 1 : 0 }')
}

declare -a ratios=() quick=()
while read -r code n flag; do
    case "$code" in ''|'#'*) continue ;; esac
    if [ "$only" != "  " ] && [[ "$only" != *" $code "* ]]; then continue; fi
    naive=1
    [ "${flag:-}" = nonaive ] && naive=0
    PEERS=(rc rc2)
    [ "$naive" = 1 ] && PEERS=(naive rc rc2)
    # tczajka only where it computes every value up to n (it stops at a proven period).
    if [ -n "${TCZAJKA:-}" ] && [ "${n:-0}" -gt 0 ]; then
        if timeout "$TIMEOUT" bash bench/tczajka-run.sh "$TCZAJKA" "$code" "$n" > /dev/null 2> "$BENCH_TMP/tczajka.probe"; then
            PEERS+=(tczajka)
        else
            echo "   $code at $n: tczajka left out: $(tail -n 1 "$BENCH_TMP/tczajka.probe")" >&2
        fi
    fi
    while :; do
        TIMED_OUT=()
        if ! run_code "$code" "$n"; then
            echo "SWEEP $code $n failed (a run failed or passed ${TIMEOUT} s)"
            continue 2
        fi
        checked=("${SIDES[@]}")
        pick_best
        # Runs of under SHORT seconds move by a third from one run to the next: grundy and the
        # fastest method are timed again, SHORT_REPS rounds, and their medians decide (whether
        # to double n, and the ratio). The other methods' outputs at this n stay checked.
        if [ "$REPS" -lt "$SHORT_REPS" ] && awk -v p="${MED_S[$best]}" -v s="$SHORT" 'BEGIN { exit !(p < s) }'; then
            all=("${PEERS[@]}")
            PEERS=("$best")
            if ! REPS=$SHORT_REPS run_code "$code" "$n"; then
                echo "SWEEP $code $n failed (a run failed or passed ${TIMEOUT} s)"
                continue 2
            fi
            PEERS=("${all[@]}")
            pick_best
        fi
        # Double until the fastest method takes 0.2 s (before, only codes where both sides took
        # under 50 ms doubled, so many were timed in runs of 50-150 ms, where load decides).
        if [ "$short" = 1 ] && [ "$n" -lt "$MAX_N" ]; then
            n=$((n * 2))
            keep=()
            for side in "${PEERS[@]}"; do
                if awk -v a="${MED_S[$side]}" -v b="${MED_S[$best]}" 'BEGIN { exit !(a <= 8 * b) }'; then
                    keep+=("$side")
                fi
            done
            PEERS=("${keep[@]}")
            # tczajka's solver may prove the period before the new n (it then computes fewer
            # values than asked): probed again, and left out from there on.
            if [[ " ${PEERS[*]} " == *" tczajka "* ]] \
                && ! timeout "$TIMEOUT" bash bench/tczajka-run.sh "$TCZAJKA" "$code" "$n" > /dev/null 2> "$BENCH_TMP/tczajka.probe"; then
                echo "   $code at $n: tczajka left out: $(tail -n 1 "$BENCH_TMP/tczajka.probe")" >&2
                keep=()
                for side in "${PEERS[@]}"; do [ "$side" = tczajka ] || keep+=("$side"); done
                PEERS=("${keep[@]}")
            fi
            continue
        fi
        break
    done
    # The same values on every side.
    "$GRUNDY" sg "octal:$code" --upto "$n" --every-value --json > "$BENCH_TMP/values.json"
    sum=$(fletcher < "$BENCH_TMP/values.json")
    gn=$(sed -n "s/^G($n) = //p" "$BENCH_TMP/grundy.out")
    for side in "${checked[@]:1}"; do
        if [ -n "${TIMED_OUT[$side]:-}" ]; then
            echo "   $code at $n: $side passed ${TIMEOUT} s (counted as ${TIMEOUT} s, not checked)" >&2
            continue
        fi
        if [ "$side" = tczajka ]; then
            # Its line at 2^k = n values: the largest of G(0..n-1) and where it first occurs.
            want=$(python3 -c '
import json, sys
v = json.load(sys.stdin)["values"][:int(sys.argv[1])]
m = max(v)
print("largest G[%d]=%d " % (v.index(m), m))' "$n" < "$BENCH_TMP/values.json")
            grep -qF "$want" "$BENCH_TMP/tczajka.out" \
                || { echo "$code at $n: tczajka's line differs from grundy's $want" >&2; exit 1; }
            continue
        fi
        grep -q "checksum: $sum\$" "$BENCH_TMP/$side.out" \
            || { echo "$code at $n: ogsolve $side's checksum differs from grundy's $sum" >&2; exit 1; }
        grep -q "nimber of $n: $gn " "$BENCH_TMP/$side.out" \
            || { echo "$code at $n: ogsolve $side's G($n) differs from grundy's $gn" >&2; exit 1; }
    done
    ratio=$(awk -v g="${MED_S[grundy]}" -v p="${MED_S[$best]}" 'BEGIN { printf "%.3f", g / (p > 0 ? p : 0.001) }')
    echo "SWEEP $code $n ${MED_S[grundy]} ${MED_S[$best]} $best $ratio ${MED_KB[grundy]} ${MED_KB[$best]}"
    if awk -v g="${MED_S[grundy]}" -v p="${MED_S[$best]}" 'BEGIN { exit !(g <= 0.05 && p <= 0.05) }'; then
        quick+=("$code")
    else
        ratios+=("$ratio $code $n")
    fi
done < "$list"

echo "== summary: ${#ratios[@]} codes timed, ${#quick[@]} within 50 ms on both sides at 2^24 (${quick[*]:-none})"
printf '%s\n' "${ratios[@]}" | awk '
    { r = $1 + 0; if (r <= 0.5) a++; else if (r <= 1) b++; else if (r <= 2) c++; else d++ }
    END { printf "   at or under 0.5x: %d; (0.5, 1]: %d; (1, 2]: %d; over 2x: %d\n", a, b, c, d }'
echo "   worst three (ratio code n):"
printf '%s\n' "${ratios[@]}" | sort -g -r | head -3 | sed 's/^/     /'
