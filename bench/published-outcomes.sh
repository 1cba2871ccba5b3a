#!/usr/bin/env bash
# Who wins the empty Domineering rectangles too large for a test (issue 61), against the
# published outcomes, each with its source; crates/grundy/tests/library/outcome_tables.rs checks the
# small ones. Left places vertical dominoes; m x n is m rows of n columns (the papers' m is
# the vertical dimension). Classes: V (Vertical, Left, wins whoever starts), H (Horizontal),
# 1 (the first player wins), 2 (the second player wins).
#
# Sources: crates/grundy/tests/library/data/domineering_outcomes.txt, which cites each (Bullock's check
# list of Obsequi for every m x n below; Breuker, Uiterwijk and van den Herik 2000 for 8 x 8).
#
# Measured 2026-11-27, debug build (opt-level 1) on the 2-core machine at load 4-6, others'
# builds beside it: 6x6 = 1 (first player wins), agreeing with Bullock's table, in 319 s
# CPU and 5.7 GB peak; 3x12 H (38 s, 1 GB), 3x13 H (184 s, 3.8 GB), 5x7 H (129 s, 2.5 GB),
# 3x11 H, 4x8 H, 3x10 H, 4x7 V and 5x6 H (under 15 s each) agree too.
#
# Each board runs once in LIMIT seconds (default 600) with grundy's largest limits; printed:
# the board, the published class, grundy's outcome (or why none), the CPU seconds and peak MB.
# Exits 1 if an outcome differs from the published one (a board not finished is no failure).
#   [GRUNDY=path] [LIMIT=600] bash bench/published-outcomes.sh [MxN...]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
REPS=1
bench_init
LIMIT=${LIMIT:-600}
# The published classes, from the table the tests read (L, R, N, P written V, H, 1, 2).
declare -A published=()
while read -r rows cols _ _ class _; do
    published[${rows}x$cols]=$(tr LRNP VH12 <<< "$class")
done < <(grep -E '^[0-9]+ +[0-9]+ +[LR-] +[LR-] +[LRNP] ' crates/grundy/tests/library/data/domineering_outcomes.txt)
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(3x10 3x11 3x12 3x13 4x7 4x8 4x9 4x10 4x11 4x12 5x6 5x7 5x8 5x9 5x10 6x6 6x7 6x8 7x7 7x8 8x8)
failed=0
printf '%-6s %-9s %-9s %8s %8s\n' board published grundy cpu_s peak_MB
for b in "${boards[@]}"; do
    want=${published[$b]:?"no published class for $b"}
    rows=${b%x*} cols=${b#*x}
    position=$(python3 -c "import sys; r, c = map(int, sys.argv[1:]); print('/'.join(['.' * c] * r))" "$rows" "$cols")
    got=""
    if /usr/bin/time -f '%U %S %M' -o "$BENCH_TMP/time" timeout "$LIMIT" "$GRUNDY" value domineering "$position" \
        --json --budget 33554432 --work 68719476736 --memory 17179869184 --chars 1 > "$BENCH_TMP/out" 2> "$BENCH_TMP/err"; then
        got=$(python3 -c "import json, sys; print({'L': 'V', 'R': 'H', 'N': '1', 'P': '2'}[json.load(open(sys.argv[1]))['outcome']])" "$BENCH_TMP/out")
    fi
    read -r u s kb < <(tail -n 1 "$BENCH_TMP/time") || true
    cpu=$(awk -v u="${u:-0}" -v s="${s:-0}" 'BEGIN { printf "%.1f", u + s }')
    if [ -z "$got" ]; then
        why=$(head -c 120 "$BENCH_TMP/err")
        printf '%-6s %-9s %-9s %8s %8s  %s\n' "$b" "$want" - "$cpu" "$((${kb:-0} / 1024))" "not finished: ${why:-over $LIMIT s}"
        continue
    fi
    verdict=agrees
    if [ "$got" != "$want" ]; then verdict=DIFFERS; failed=1; fi
    printf '%-6s %-9s %-9s %8s %8s  %s\n' "$b" "$want" "$got" "$cpu" "$((${kb:-0} / 1024))" "$verdict"
done
exit "$failed"
