#!/usr/bin/env bash
# Who wins Domineering (issue 82): `grundy analyze domineering` against Obsequi, Nathan
# Bullock's Domineering solver (the program of his M.Sc. thesis, University of Alberta, 2002;
# public on GitHub as nathanbullock/obsequi and its copy orangepips/obsequi, GPL). Obsequi is
# built by the script's user from its public source, outside this repository; the script takes
# the path of its binary, which reads `solve rows R cols C bits 24 [bR,C;R,C;...] V|H` on
# standard input (blocked cells at row R, column C, counted from 0; V or H: who moves first)
# and prints `winner V, move (1,2), nodes 2,021,154.`.
#
# Left places vertical dominoes (Obsequi's V, grundy's first player), Right horizontal ones
# (H, `--to-move second`). Each board is asked with each player first, each program answering
# that first player alone (grundy with `--to-move-only`, like for like: without it grundy also
# searches the other first player, for the outcome class); per board and first
# player, both programs run REPS times (default 3), interleaved (grundy, Obsequi, grundy, ...),
# each run within LIMIT seconds of CPU (default 120; a run past it is reported as "past the
# cap", and not repeated). Printed: who wins (the two must agree: a disagreement is printed
# loudly and the script exits 1), the published winner where there is one (also checked), the
# medians of CPU time (user + system) and of peak RSS of each, the ratio grundy / Obsequi of
# the CPU medians, and the nodes each searched (grundy's `search_nodes`; "value" where
# Conway's value answered; Obsequi's own count). A grundy refusal (exit 2) is shown as
# "refused" with its time; after the two rows of a board, its outcome class (and grundy's).
#
# The boards: the empty 6x6, 6x7, 7x7, 7x8 and 8x8; every rectangle of Bullock's check list
# (Obsequi's `Check` script, as crates/grundy/tests/library/data/domineering_outcomes.txt holds it,
# with the published classes); and COUNT (default 10) random boards of 6 to 8 rows and columns
# with FILLED (default 2-12) cells filled, drawn from SEED (default: the time; printed, so a run
# can be repeated). `--quick`: one run each, a 20 s cap, the empty 6x6, the check list's boards
# of at most 16 cells and 2 random boards. `RECTANGLES=all`: instead of the empty boards and the
# check list, every empty rectangle of at most 64 cells (2 to 16 rows and columns: the boards
# grundy reads hold at most 16 of each), to see that none Obsequi solves is refused at the
# default budget. GRUNDY_ARGS is added to grundy's command (e.g.
# `--budget 33554432`); by default grundy runs with its default limits. OBSEQUI_BITS (default
# 24, as its README's example) sizes Obsequi's transposition table, 2^BITS entries: at 24 it
# takes 389 MB and about 0.17 s of CPU (most of it system time) before the search starts, and
# the search itself is no faster for it: measured 2026-11-29 on the 2-core machine, the empty
# 8x8 with Vertical first took 0.65 s of CPU and 11 MB at 18 bits (2,102,055 nodes), 0.8 s at
# 20, 0.95 s at 22, 1.1-1.2 s and 389 MB at 24 (2,021,154 nodes), 1.9 s and 1.5 GB at 26.
#   OBSEQUI=/path/to/Obsequi [GRUNDY=path] [REPS=3] [LIMIT=120] [SEED=n] [COUNT=10] \
#     [FILLED=2-12] [RECTANGLES=all] [GRUNDY_ARGS=...] [OBSEQUI_BITS=24] bash bench/outcome.sh [--quick]
set -euo pipefail
OBSEQUI=${OBSEQUI:?set OBSEQUI to the Obsequi binary, built from its public source (see the top of $0)}
OBSEQUI=$(realpath "$OBSEQUI")
[ -x "$OBSEQUI" ] || { echo "no Obsequi binary at $OBSEQUI" >&2; exit 1; }
source "$(dirname "$0")/lib.sh"
bench_quick "OBSEQUI=BIN [GRUNDY=path] bash $0 [--quick]" "$@"
if [ "$QUICK" = 1 ]; then REPS=${REPS:-1}; LIMIT=${LIMIT:-20}; COUNT=${COUNT:-2}; else REPS=${REPS:-3}; LIMIT=${LIMIT:-120}; COUNT=${COUNT:-10}; fi
bench_init
SEED=${SEED:-$(date +%s)}
FILLED=${FILLED:-2-12}
BITS=${OBSEQUI_BITS:-24}
read -ra extra <<< "${GRUNDY_ARGS:-}"
case ${RECTANGLES:-} in "" | all) ;; *) echo "RECTANGLES takes \"all\" (or nothing), not \"$RECTANGLES\"" >&2; exit 2 ;; esac
echo "seed $SEED, $COUNT random boards with $FILLED cells filled, $REPS runs each, cap $LIMIT s of CPU a run, Obsequi table 2^$BITS entries" >&2

# One case a line: name, rows, cols, blocked cells (r,c;r,c or -), the published winners with
# Left first and with Right first (L, R or -).
cases=$(python3 - "$SEED" "$COUNT" "$FILLED" "$QUICK" crates/grundy/tests/library/data/domineering_outcomes.txt "${RECTANGLES:-}" <<'PY'
import random, sys
seed, count, (lo, hi), quick = int(sys.argv[1]), int(sys.argv[2]), map(int, sys.argv[3].split("-")), sys.argv[4] == "1"
every_rectangle = sys.argv[6] == "all"
published, check = {}, []
for line in open(sys.argv[5]):
    w = line.split()
    if len(w) != 6 or line.startswith("#"):
        continue
    board = (int(w[0]), int(w[1]))
    known = published.setdefault(board, ["-", "-"])
    for i in (0, 1):
        if w[2 + i] != "-":
            known[i] = w[2 + i]
    if w[5].startswith("Check") and board not in check:
        check.append(board)
empty = [(6, 6)] if quick else [(6, 6), (6, 7), (7, 7), (7, 8), (8, 8)]
rest = sorted((b for b in check if b not in empty and (not quick or b[0] * b[1] <= 16)), key=lambda b: (b[0] * b[1], b))
if every_rectangle:
    empty, rest = [], [(r, c) for r in range(2, 17) for c in range(2, 17) if r * c <= 64]
for rows, cols in empty + rest:
    print("%dx%d" % (rows, cols), rows, cols, "-", *published.get((rows, cols), ["-", "-"]))
r = random.Random(seed)
for i in range(count):
    rows, cols = r.randint(6, 8), r.randint(6, 8)
    filled = sorted(r.sample(range(rows * cols), min(r.randint(lo, hi), rows * cols)))
    print("random%d-%dx%d-%d" % (i + 1, rows, cols, len(filled)), rows, cols,
          ";".join("%d,%d" % divmod(k, cols) for k in filled), "-", "-")
PY
)

# The answer of a run, from its output: winner (V or H), nodes and class (grundy's, or -), or
# "refused" / "past the cap" / "failed (exit N)".
read_grundy() {
    if [ "$T_RC" = 2 ]; then echo "refused - -"; return; fi
    if [ "$T_OK" = 0 ]; then case $T_RC in 124 | 137 | 152) echo "past-the-cap - -" ;; *) echo "failed(exit-$T_RC) - -" ;; esac; return; fi
    python3 - "$1" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
winner = {"first": "V", "second": "H"}.get(a.get("winner"), "none")
nodes = a.get("search_nodes", "value")
c = a.get("outcome_class") or (a.get("conway") or {}).get("outcome") or "-"
print(winner, nodes, c)
PY
}
read_obsequi() {
    if [ "$T_OK" = 0 ]; then case $T_RC in 124 | 137 | 152) echo "past-the-cap -" ;; *) echo "failed(exit-$T_RC) -" ;; esac; return; fi
    sed -n 's/^winner \([VH]\), move ([-0-9]*,[-0-9]*), nodes \([0-9,]*\)\.$/\1 \2/p' "$1" | tr -d , | grep . || echo "unreadable -"
}

failed=0
# The tally: cases (a board with one player first), answered by both, refused by grundy, and
# the cases where Obsequi took 0.5 s or more, with grundy within half its time on how many.
cases_n=0 both_n=0 refused_n=0 slow_n=0 slow_ok=0 worst=-
mb() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
printf '%-22s %-5s %-7s %-9s %12s %12s %7s %9s %10s %14s %14s  %s\n' board first winner published \
    grundy_cpu_s obsequi_cpu_s g/o grundy_MB obsequi_MB grundy_nodes obsequi_nodes note
while read -r name rows cols blocks pub_l pub_r; do
    [ -z "$name" ] && continue
    position=$(python3 - "$rows" "$cols" "$blocks" <<'PY'
import sys
rows, cols, blocks = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
cells = [["."] * cols for _ in range(rows)]
for b in ([] if blocks == "-" else blocks.split(";")):
    r, c = map(int, b.split(","))
    cells[r][c] = "#"
print("/".join("".join(row) for row in cells))
PY
)
    [ "$blocks" = - ] || echo "$name: $position"
    winners=""
    for first in V H; do
        to_move=$([ "$first" = V ] && echo first || echo second)
        published=$([ "$first" = V ] && echo "$pub_l" || echo "$pub_r")
        published=${published/L/V}; published=${published/R/H}
        printf 'solve rows %s cols %s bits %s %s%s\n' "$rows" "$cols" "$BITS" "$([ "$blocks" = - ] || echo "b$blocks ")" "$first" > "$BENCH_TMP/o.in"
        g_cpu=() g_kb=() o_cpu=() o_kb=() g_ans="" o_ans=""
        for _ in $(seq "$REPS"); do
            if [ -z "$g_ans" ] || [[ "$g_ans" = [VH]* ]]; then
                timed "$BENCH_TMP/g.out" "$GRUNDY" analyze domineering "$position" --json --to-move "$to_move" --to-move-only "${extra[@]}"
                g_ans=$(read_grundy "$BENCH_TMP/g.out"); g_cpu+=("$T_CPU"); g_kb+=("$T_KB")
            fi
            if [ -z "$o_ans" ] || [[ "$o_ans" = [VH]* ]]; then
                T_IN=$BENCH_TMP/o.in timed "$BENCH_TMP/o.out" "$OBSEQUI"
                o_ans=$(read_obsequi "$BENCH_TMP/o.out"); o_cpu+=("$T_CPU"); o_kb+=("$T_KB")
            fi
        done
        read -r g_win g_nodes g_class <<< "$g_ans"
        read -r o_win o_nodes <<< "$o_ans"
        gm=$(median "${g_cpu[@]}"); om=$(median "${o_cpu[@]}")
        note=""
        winner=-
        for w in "$g_win" "$o_win"; do [[ "$w" = [VH] ]] && winner=$w; done
        if [[ "$g_win" = [VH] && "$o_win" = [VH] && "$g_win" != "$o_win" ]]; then
            note="DISAGREE: grundy $g_win, Obsequi $o_win"; failed=1
            echo "!!! $name, $first first: grundy says $g_win wins, Obsequi $o_win" >&2
        elif [ "$published" != - ] && [ "$winner" != - ] && [ "$winner" != "$published" ]; then
            note="DIFFERS from the published $published"; failed=1
            echo "!!! $name, $first first: $winner wins here, $published published" >&2
        fi
        [[ "$g_win" = [VH] ]] || note="grundy $g_win${note:+; $note}"
        [[ "$o_win" = [VH] ]] || note="Obsequi $o_win${note:+; $note}"
        ratio=-
        if [[ "$g_win" = [VH] && "$o_win" = [VH] ]]; then
            ratio=$(awk -v g="$gm" -v o="$om" 'BEGIN { if (o > 0) printf "%.2f", g / o; else print "-" }')
        fi
        printf '%-22s %-5s %-7s %-9s %12s %12s %7s %9s %10s %14s %14s  %s\n' "$name" "$first" "$winner" "$published" \
            "$gm" "$om" "$ratio" "$(mb "$(median "${g_kb[@]}")")" "$(mb "$(median "${o_kb[@]}")")" "$g_nodes" "$o_nodes" "$note"
        winners+=$winner
        cases_n=$((cases_n + 1))
        [ "$g_win" = refused ] && refused_n=$((refused_n + 1))
        if [ "$ratio" != - ]; then
            both_n=$((both_n + 1))
            if awk -v o="$om" 'BEGIN { exit !(o >= 0.5) }'; then
                slow_n=$((slow_n + 1))
                awk -v r="$ratio" 'BEGIN { exit !(r <= 0.5) }' && slow_ok=$((slow_ok + 1))
                worst=$(awk -v r="$ratio" -v w="$worst" 'BEGIN { print (w == "-" || r > w) ? r : w }')
            fi
        fi
    done
    # The class from the two winners (Left first, Right first), against grundy's own.
    class=$(case $winners in VV) echo L ;; HH) echo R ;; VH) echo N ;; HV) echo P ;; *) echo - ;; esac)
    if [ "$class" != - ] && [ "$g_class" != - ] && [ "$g_class" != "$class" ]; then
        echo "!!! $name: grundy's class $g_class, the winners make $class" >&2; failed=1
    fi
    printf '%-22s class %s (grundy: %s)\n' "$name" "$class" "$g_class"
done <<< "$cases"
echo "$cases_n cases (board and first player): $both_n answered by both, $refused_n refused by grundy;" \
    "where Obsequi took 0.5 s or more ($slow_n), grundy took at most half its time on $slow_ok (worst ratio $worst)"
exit "$failed"
