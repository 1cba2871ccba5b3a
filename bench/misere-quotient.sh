#!/usr/bin/env bash
# Misère quotients (Plambeck and Siegel): the time to prove each quotient the tests reproduce
# (`grundy quotient GAME`, which stops at the proof), and a misère sum with heaps of 10^18 and
# 10^12 answered from the proven quotient with every winning move counted. No peer runs here
# (bench/misere.sh runs Siegel's MisereSolver against grundy, heaps reached in equal time); the
# figures are grundy's alone: medians of REPS runs (wall seconds, peak RSS).
#   bash bench/misere-quotient.sh    (GRUNDY=path to time another build; REPS=5)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
for game in octal:0.75 octal:0.34 octal:0.53 octal:0.71 kayles octal:0.15; do
    echo "== grundy quotient $game"
    cmd_g=("$GRUNDY" quotient "$game")
    interleave g
    grep -E "^order|^proven" "$BENCH_TMP/g.out" >&2
    result "quotient-$game" g
done
# Dawson's Kayles (0.07) has no proven period: the quotient of the heaps up to 31 (Q_30 has
# Plambeck and Siegel's 360 elements, Q_31 520), found by refinement from the failing sums.
echo "== grundy quotient octal:0.07 --upto 31"
cmd_g=("$GRUNDY" quotient octal:0.07 --upto 31)
interleave g
grep -E "^order" "$BENCH_TMP/g.out" >&2
result "quotient-0.07-upto-31" g
for game in kayles octal:0.75; do
    echo "== grundy analyze $game 10^18 10^12 7 --misere"
    cmd_g=("$GRUNDY" analyze "$game" 1000000000000000000 1000000000000 7 --misere --json)
    interleave g
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print('  ', d['outcome'], d['method'], d['winning_move_count'])" "$BENCH_TMP/g.out" >&2
    result "misere-sum-$game" g
done
