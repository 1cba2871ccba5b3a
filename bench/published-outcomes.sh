#!/usr/bin/env bash
# Who wins the empty Domineering rectangles too large for a test (issue 61), against the
# published outcomes, each with its source; crates/grundy/tests/published_values.rs checks the
# small ones. Left places vertical dominoes; m x n is m rows of n columns (the papers' m is
# the vertical dimension). Classes: V (Vertical, Left, wins whoever starts), H (Horizontal),
# 1 (the first player wins), 2 (the second player wins).
#
# Sources:
#   Bullock, the table of rectangles in `obsequi/Check` of Obsequi, the solver of his M.Sc.
#     thesis (University of Alberta, 2002; repository nathanbullock/obsequi): every m x n
#     below. The 6 x 6 board is 1, a first-player win.
#   Uiterwijk, "Perfectly Solving Domineering Boards" (CGW 2013, Springer CCIS 408, 2014),
#     abstract, Vertical starting: every 3 x n board, n > 3, and every 5 x 2k board are won by
#     Horizontal (so 3 x 10 to 3 x 13 and 5 x 6, 5 x 8, 5 x 10 are H or 2 there).
#   Breuker, Uiterwijk and van den Herik, "Solving 8 x 8 Domineering" (Theoretical Computer
#     Science 230, 2000), abstract: 8 x 8 is a win for the player who moves first.
# Lachmann, Moore and Rapaport's table ("Who wins Domineering on rectangular boards?", More
# Games of No Chance, 2002) was not found in a readable copy; their section 1 gives 2 x 2 = 1.
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
declare -A published=(
    [3x10]=H [3x11]=H [3x12]=H [3x13]=H
    [4x7]=V [4x8]=H [4x9]=V [4x10]=H [4x11]=V [4x12]=H
    [5x6]=H [5x7]=H [5x8]=H [5x9]=H [5x10]=H
    [6x6]=1 [6x7]=V [6x8]=H [7x7]=1 [7x8]=H [8x8]=1
)
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
