#!/usr/bin/env bash
# Answers at the size users bring (issue 47): a small heap of a take-and-break game answered
# from the values it needs (Officers and Treblecross at heap 5: the period search only when a
# heap is past the table), a judge's 200,000 heaps up to 10^9 from a file and from standard
# input (nim, bounded:3, staircase, misère nim), AtCoder DP K "Stones" at full size (100 sizes
# up to 10^5, heap 10^5), and Grundy's game at 262,145. Each case is one side of one
# interleaved run (a, b, c, ..., a, b, c, ...), medians of wall time and peak memory. There is
# no peer program, so each line ends with "-" where a peer would be:
#   RESULT case grundy_s peer_s ratio grundy_kb peer_kb peer
#
#   bash bench/answers.sh               REPS=5 (default), GRUNDY=path (default: build it)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
heaps=$BENCH_TMP/heaps.txt
python3 -c '
import random
r = random.Random(47)
print("\n".join(str(r.randrange(1, 10**9 + 1)) for _ in range(200000)))' > "$heaps"
stones=$(python3 -c '
import random
r = random.Random(48)
print(",".join(str(s) for s in sorted(r.sample(range(1, 100001), 100))))')
cmd_officers=("$GRUNDY" analyze officers 5)
cmd_treblecross=("$GRUNDY" analyze octal:0.11337 5)
cmd_nim_file=("$GRUNDY" analyze nim "@$heaps")
cmd_nim_stdin=("$GRUNDY" analyze nim -)
in_nim_stdin=$heaps
cmd_bounded=("$GRUNDY" analyze bounded:3 "@$heaps")
cmd_staircase=("$GRUNDY" analyze staircase "@$heaps")
cmd_misere=("$GRUNDY" analyze nim "@$heaps" --misere)
cmd_stones=("$GRUNDY" analyze "subtraction:$stones" 100000)
cmd_grundys=("$GRUNDY" analyze grundys-game 262145)
sides=(officers treblecross nim_file nim_stdin bounded staircase misere stones grundys)
interleave "${sides[@]}"
for side in "${sides[@]}"; do
    result "$side" "$side"
done
