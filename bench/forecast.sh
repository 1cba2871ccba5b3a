#!/usr/bin/env bash
# The time forecast of `grundy sg` without --store against the run it forecasts, per engine.
#
# Usage: bash bench/forecast.sh [CASE...]   CASE: officers row7 grundys-game naive dawsons hex
#        GRUNDY=path (default: build target/release/grundy), FORECAST=path (default: build the
#        library's example, `cargo build --release -p grundy --example forecast`)
#
# Per case the example (crates/grundy/examples/forecast.rs) makes the forecast that a run
# makes at its first reading past two seconds of CPU time (a limit of zero refuses there and
# hands back the forecast), then runs the same table with no limit and measures its CPU time,
# and prints both and forecast / run (within 1/3..3 is the house standard). Each case's run
# takes over two seconds, so that a forecast is made at all, and its doublings after the
# forecast's reading are extrapolated. Row 7 of issue 47 is also run as written with the
# binary: without --store it is not refused, and with --store its CPU time (user + sys) is
# printed.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
REPS=1 bench_init
if [ -z "${FORECAST:-}" ]; then
    cargo build --release -p grundy --example forecast >&2
    FORECAST=$PWD/target/release/examples/forecast
fi
CASES=${*:-officers row7 grundys-game naive dawsons hex}
echo "load: $(uptime | sed 's/.*load average: //')"
for c in $CASES; do
    case $c in
        officers) "$FORECAST" officers 16777215 --every-value ;;          # sparse engine, one-byte values
        row7) "$FORECAST" officers 4194304 --every-value ;;               # 2^22 + 1 values
        grundys-game) "$FORECAST" grundys-game 16777215 ;;               # Grundy's game (sparse engine)
        naive) "$FORECAST" octal:0.16 524287 --every-value --naive ;;   # plain method
        dawsons) "$FORECAST" dawsons-kayles 1048575 --every-value ;;     # measured choice -> plain method
        hex) "$FORECAST" hex:0.8 32767 ;;                                # three-heap splits
        *) echo "unknown case $c" >&2; exit 2 ;;
    esac
done
if [[ " $CASES " == *" row7 "* ]]; then
    echo "row 7 as written (the binary):"
    /usr/bin/time -f '  %U s user, %S s sys, %e s wall' "$GRUNDY" sg officers --upto 4194304 --every-value --summary > "$BENCH_TMP/out" 2> "$BENCH_TMP/err" \
        || { cat "$BENCH_TMP/err"; exit 1; }
    echo "  without --store: $(grep -c . "$BENCH_TMP/out") lines, not refused; $(tail -n 1 "$BENCH_TMP/err")"
    /usr/bin/time -f '%U s user, %S s sys, %e s wall' "$GRUNDY" sg officers --upto 4194304 --every-value --summary --store "$BENCH_TMP/store" > /dev/null 2> "$BENCH_TMP/err"
    echo "  with --store: $(tail -n 1 "$BENCH_TMP/err")"
fi
echo "load: $(uptime | sed 's/.*load average: //')"
