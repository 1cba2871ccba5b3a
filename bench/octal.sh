#!/usr/bin/env bash
# Octal games and Grundy's game: `grundy sg` against ogsolve 0.0.7 (crates.io), interleaved.
#
# Usage: bash bench/octal.sh [CASE...]     CASE: 0.16-every officers grundys-game 0.16-default
#        REPS=5 (default), GRUNDY=path (default: build target/release/grundy)
#
# Each round runs grundy, then ogsolve -m rc, then ogsolve -m rc2 (g, p, p, g, p, p, ...), so
# that a slow minute of this shared machine hits every side alike. Per case it prints every
# run, the medians of wall time and peak memory (max RSS, /usr/bin/time) and the ratio
# (median of ogsolve's faster method / median of grundy), and ends with a line
#   RESULT case grundy_s peer_s ratio grundy_kb peer_kb peer
# grundy runs with --every-value, so that it computes every value like ogsolve does, even past
# a proven period (without it, 0.16 stops at 2^19 values: the last case, the period shortcut,
# a row of its own).
#
# Checks: grundy's values G(0..N) (one untimed --json run first) give the same Fletcher-32
# checksum as ogsolve prints, and G(N) agrees; the default 0.16 run's summary equals the
# --every-value one's.
#
# grundy refuses a run without --store that it forecasts past two minutes (from the time its
# first values took). Such refusals are run again (up to 20 times, counted in the output); if
# the untimed first run of a case is refused 10 times, the case is timed with --store (a fresh
# directory on /dev/shm each run) and named CASE+store: its time is comparable, its peak memory
# is not (the store copies the values it saves). GRUNDY_STORE=1 does so for every case.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init

if command -v ogsolve >/dev/null 2>&1; then OGSOLVE=$(command -v ogsolve)
elif [ -x "$HOME/.cargo/bin/ogsolve" ]; then OGSOLVE=$HOME/.cargo/bin/ogsolve
else
    echo "installing ogsolve 0.0.7 (cargo install ogsolve --version 0.0.7)..." >&2
    cargo install ogsolve --version 0.0.7 >&2
    OGSOLVE=$HOME/.cargo/bin/ogsolve
fi
CASES=${*:-0.16-every officers grundys-game 0.16-default}
wanted() { [[ " $CASES " == *" $1 "* ]]; }
RETRY_ON="is forecast to take"
STORE_BASE=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$BENCH_TMP" "$STORE_BASE"' EXIT

# use_store 0|1: sets SG, the start of every grundy command, and SUFFIX, the case names' end.
use_store() {
    if [ "$1" = 1 ]; then
        SG=(bash -c 'rm -rf -- "$0"; exec "$@" --store "$0"' "$STORE_BASE/store" "$GRUNDY" sg); SUFFIX=+store
    else
        SG=("$GRUNDY" sg); SUFFIX=""
    fi
}

# first_run ARGS...: the untimed first run of a case (its stdout in $BENCH_TMP/first.out);
# switches to --store when a plain run is refused 10 times running.
first_run() {
    use_store "${GRUNDY_STORE:-0}"
    local try
    for try in $(seq 10); do
        if "${SG[@]}" "$@" > "$BENCH_TMP/first.out" 2> "$BENCH_TMP/first.err"; then return; fi
        grep -Eq "$RETRY_ON" "$BENCH_TMP/first.err" || { cat "$BENCH_TMP/first.err" >&2; exit 1; }
    done
    echo "   grundy refused 10 times: $(cat "$BENCH_TMP/first.err")" >&2
    echo "   so this case is timed with --store; its peak memory is not comparable" >&2
    use_store 1
    "${SG[@]}" "$@" > "$BENCH_TMP/first.out"
}

# Fletcher-32 over the 16-bit values, as ogsolve computes it (src/main.rs, fn checksum).
fletcher() {
    python3 -c '
import json, sys
a = b = 0
for v in json.load(sys.stdin)["values"]:
    a = (a + v) & 0xFFFF
    b = (b + a) & 0xFFFF
print("%X" % (b << 16 | a))'
}

case_vs_ogsolve() {
    local case=$1 code=$2 n=$3 side sum gn
    echo "== $case: octal $code to n = $n, grundy --every-value against ogsolve rc and rc2, $REPS interleaved rounds" >&2
    first_run "octal:$code" --upto "$n" --every-value --json
    sum=$(fletcher < "$BENCH_TMP/first.out")
    cmd_grundy=("${SG[@]}" "octal:$code" --upto "$n" --summary --every-value)
    cmd_ogsolve_rc=("$OGSOLVE" -m rc -n "$n" "$code")
    cmd_ogsolve_rc2=("$OGSOLVE" -m rc2 -n "$n" "$code")
    REFUSED=0
    interleave grundy ogsolve_rc ogsolve_rc2
    [ "$REFUSED" = 0 ] || echo "   (grundy refused $REFUSED runs by its forecast; each was run again)" >&2
    # The same values: the checksum of G(0..n) and G(n).
    gn=$(sed -n "s/^G($n) = //p" "$BENCH_TMP/grundy.out")
    for side in ogsolve_rc ogsolve_rc2; do
        grep -q "checksum: $sum\$" "$BENCH_TMP/$side.out" \
            || { echo "$code: $side's checksum differs from grundy's $sum" >&2; exit 1; }
        grep -q "nimber of $n: $gn " "$BENCH_TMP/$side.out" \
            || { echo "$code: $side's G($n) differs from grundy's $gn" >&2; exit 1; }
    done
    echo "   same values: Fletcher-32 of G(0..$n) $sum for grundy and both ogsolve methods, G($n) = $gn" >&2
    result "$case$SUFFIX" grundy ogsolve_rc ogsolve_rc2
}

grundy_alone() {
    local case=$1; shift
    echo "== $case: grundy sg $* ($REPS runs, no peer)" >&2
    first_run "$@"
    cmd_grundy=("${SG[@]}" "$@")
    REFUSED=0
    interleave grundy
    [ "$REFUSED" = 0 ] || echo "   (grundy refused $REFUSED runs by its forecast; each was run again)" >&2
    result "$case$SUFFIX" grundy
}

if wanted 0.16-every; then
    case_vs_ogsolve 0.16-every-2^22 0.16 4194304
    cp "$BENCH_TMP/grundy.out" "$BENCH_TMP/016-every.out"
fi
if wanted officers; then case_vs_ogsolve officers-every-2^20 0.6 1048576; fi
if wanted grundys-game; then grundy_alone grundys-game-2^20 grundys-game --upto 1048576 --summary; fi
if wanted 0.16-default; then
    grundy_alone 0.16-default-2^22 octal:0.16 --upto 4194304 --summary
    if [ -f "$BENCH_TMP/016-every.out" ]; then
        # The same G(N) and counts of values, whether computed or derived from the period.
        diff <(grep -Ev '^(sparse engine|method by)' "$BENCH_TMP/016-every.out") \
             <(grep -Ev '^(sparse engine|method by)' "$BENCH_TMP/grundy.out") >&2 \
            || { echo "0.16: the default run's summary differs from the --every-value run's" >&2; exit 1; }
        echo "   same summary (G(N) and counts) as the --every-value run" >&2
    fi
fi
