#!/usr/bin/env bash
# Who wins Clobber and Konane boards of up to 30 cells (issue 82): `grundy analyze` (the
# outcome search where the value is out of reach) on each board, one run each, within LIMIT
# seconds of CPU (default 30). There is no peer to interleave with: the figures are grundy's
# own, CPU time (user + system) and peak memory, beside the positions searched and the class.
#
# The boards: Clobber's full checkerboards 4x6, 6x4, 5x6, 6x5, 3x10 and 10x3 (the alternating
# start);
# Konane's 5x6 and 6x5 starts after their first two holes (Left takes a stone off a corner or
# the centre, Right one beside it); then COUNT (default 12) random boards drawn from SEED
# (default: the time; printed, so that a run can be repeated): a game (Clobber or Konane), a
# frame of at most 30 cells (5x6, 6x5, 4x7, 7x4, 3x10, 10x3, 2x15, 15x2, 4x6, 3x9), each cell
# empty with a chance drawn for the board from 0-0.1 (half the boards) or 0-0.4, else a stone of a random colour or of the
# checkerboard's. `--quick`: no full boards, COUNT 4. VALUE=1 also asks `grundy value` (its
# outcome class, within the same cap) and checks the classes agree where both answer.
# GRUNDY_ARGS is added to the analysis (e.g. `--budget 8000000`).
#   [GRUNDY=path] [LIMIT=30] [SEED=n] [COUNT=12] [VALUE=1] [GRUNDY_ARGS=...] \
#     bash bench/outcome-grid.sh [--quick]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_quick "[GRUNDY=path] bash $0 [--quick]" "$@"
REPS=1
bench_init
LIMIT=${LIMIT:-30}
SEED=${SEED:-$(date +%s)}
if [ "$QUICK" = 1 ]; then COUNT=${COUNT:-4}; else COUNT=${COUNT:-12}; fi
read -ra extra <<< "${GRUNDY_ARGS:-}"
echo "seed $SEED, $COUNT random boards, one run each, cap $LIMIT s of CPU a run" >&2

cases=$(python3 - "$SEED" "$COUNT" "$QUICK" <<'PY'
import random, sys
seed, count, quick = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
def board(rows, cols, cell):
    return "/".join("".join(cell(r, c) for c in range(cols)) for r in range(rows))
checker = lambda r, c: "xo"[(r + c) % 2]
if not quick:
    for rows, cols in [(4, 6), (6, 4), (5, 6), (6, 5), (3, 10), (10, 3)]:
        print("clobber", board(rows, cols, checker))
    # Konane's start: Left (x) takes off a stone of hers at a corner or in the centre, Right
    # (o) one of his beside the hole.
    for rows, cols, holes in [(5, 6, [(0, 0), (0, 1)]), (6, 5, [(0, 0), (1, 0)]),
                              (5, 6, [(2, 2), (2, 3)]), (6, 5, [(2, 2), (3, 2)])]:
        print("konane", board(rows, cols, lambda r, c: "." if (r, c) in holes else checker(r, c)))
rand = random.Random(seed)
frames = [(5, 6), (6, 5), (4, 7), (7, 4), (3, 10), (10, 3), (2, 15), (15, 2), (4, 6), (3, 9)]
for i in range(count):
    game = rand.choice(["clobber", "konane"])
    rows, cols = rand.choice(frames)
    # Half the boards dense (at most a tenth of the cells empty), where the search is hardest.
    empty = rand.uniform(0.0, 0.1) if rand.random() < 0.5 else rand.uniform(0.0, 0.4)
    mixed = rand.random() < 0.5
    def cell(r, c):
        if rand.random() < empty:
            return "."
        return rand.choice("xo") if mixed else checker(r, c)
    print(game, board(rows, cols, cell))
PY
)

read_class() {
    if [ "$T_RC" = 2 ]; then echo "refused -"; return; fi
    if [ "$T_OK" = 0 ]; then case $T_RC in 124 | 137 | 152) echo "past-the-cap -" ;; *) echo "failed(exit-$T_RC) -" ;; esac; return; fi
    python3 - "$1" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
c = a.get("outcome_class") or (a.get("conway") or {}).get("outcome") or a.get("outcome") or "-"
print(c, a.get("search_nodes", "value"))
PY
}

failed=0 n=0 answered=0 within10=0 worst=0
printf '%-8s %-32s %-6s %9s %8s %12s  %s\n' game board class cpu_s MB positions note
while read -r game position; do
    [ -z "$game" ] && continue
    timed "$BENCH_TMP/g.out" "$GRUNDY" analyze "$game" "$position" --json "${extra[@]}"
    read -r class nodes <<< "$(read_class "$BENCH_TMP/g.out")"
    cpu=$T_CPU kb=$T_KB note=""
    if [ "${VALUE:-0}" = 1 ] && [[ "$class" = [LRNP] ]]; then
        timed "$BENCH_TMP/v.out" "$GRUNDY" value "$game" "$position" --json
        read -r vclass _ <<< "$(read_class "$BENCH_TMP/v.out")"
        if [[ "$vclass" = [LRNP] ]]; then
            note="value: $vclass"
            if [ "$vclass" != "$class" ]; then note="DISAGREES with the value's $vclass"; failed=1; fi
        else
            note="value: $vclass"
        fi
    fi
    n=$((n + 1))
    if [[ "$class" = [LRNP] ]]; then
        answered=$((answered + 1))
        awk -v c="$cpu" 'BEGIN { exit !(c <= 10) }' && within10=$((within10 + 1))
        worst=$(awk -v c="$cpu" -v w="$worst" 'BEGIN { print (c > w) ? c : w }')
    fi
    printf '%-8s %-32s %-6s %9s %8s %12s  %s\n' "$game" "$position" "$class" "$cpu" \
        "$(awk -v k="$kb" 'BEGIN { printf "%.0f", k / 1024 }')" "$nodes" "$note"
done <<< "$cases"
echo "$n boards: $answered answered, $within10 within 10 s of CPU (slowest answered $worst s)"
exit "$failed"
