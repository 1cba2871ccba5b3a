#!/usr/bin/env bash
# Conway's values of partizan positions, grundy against its peers, each run as its own program.
#
# With CGT=BIN (issue 61): against the Rust `cgt` crate (cgt-tools), driven by a small program
# built OUTSIDE this repository (the crate is AGPL): `BIN value GAME POSITION` prints the
# canonical form, mean and temperature, tab-separated. The positions: COUNT (default 20)
# random ones drawn from SEED (default: the time; printed, so a run can be repeated) — random
# Domineering boards of 5x5 to 8x8 cells with 2 to a quarter of them filled, random
# Toads-and-Frogs strips of 13 to 20 cells, Konane boards of 4x4 to 5x6 cells (a checkerboard with 2 to a quarter of its
# stones taken off), Snort and Col
# boards of 4x4 to 5x5 cells with up to three coloured, and rows of 18 to 24 blue and red
# toppling dominoes (the driver reads each game as grundy writes it: Snort and Col as the graph
# of their empty cells, tinted by their coloured neighbours) — then the empty Domineering
# rectangles up to 5x6
# (RECTANGLES=0 leaves them out), then AMAZONS (default 4) Amazons boards of 4x4 to 5x5 cells
# with 2 to 4 amazons and a quarter to a half of the cells burnt, drawn from SEED apart from the
# rest (a seed gives the other games' positions it gave before); after them
# NEW (default COUNT/4) random Ski Jumps boards of 4 or 5 rows and 5 to 7 columns with 4 to 8
# skiers and NEW Fission boards of 5x5 to 6x6 cells with 3 to 5 stones (FISSION=6-6,6-7,3-6:
# rows, columns and stones drawn from those ranges instead) (issue 83; both written
# as the crate writes them, rows joined by `/` for its `|`), then DIGRAPH (default NEW) random
# digraph placement positions of 18 to 24 vertices, each blue or red, each ordered pair an arc
# with chance 1/12 to 1/6 (drawn apart too; the driver reads grundy's `colours:arcs`). ONLY=game,game runs those games
# alone. Each position is run once by the crate within LIMIT seconds
# (default 120) of CPU; past it, grundy runs once within the same limit; else both run REPS times
# (default 3), interleaved (crate, grundy, crate, ...). Printed: the medians of CPU time (user +
# system) and of peak RSS, and the ratios grundy / crate; the values (canonical form, read back
# by grundy, mean and temperature) must be equal. grundy runs with its largest limits (the crate
# has none), so neither refuses for a bound.
#   CGT=/path/to/cgt-driver [GRUNDY=path] [SEED=n] [COUNT=20] [REPS=3] bash bench/partizan.sh
#
# With PYCGT_PYTHON=path (no CGT): against pycgt (a pure-Python library), run as its own program
# with the Python given: for each position, both compute the canonical form, the mean and the
# temperature, and the means and temperatures are checked equal (pycgt writes its forms in its
# own notation, so the forms are not compared as text). Domineering rectangles (pycgt's Left
# places vertical dominoes, as grundy's does), Toads-and-Frogs strips and Clobber boards.
# Medians of REPS interleaved runs (wall seconds, peak RSS); ratio = pycgt / grundy.
#   python3 -m venv /tmp/pycgt && /tmp/pycgt/bin/pip install pycgt
#   PYCGT_PYTHON=/tmp/pycgt/bin/python bash bench/partizan.sh   (GRUNDY=path; REPS=5)
set -euo pipefail
if [ -n "${CGT:-}" ]; then
    source "$(dirname "$0")/lib.sh"
    CGT=$(realpath "$CGT")
    [ -x "$CGT" ] || { echo "no cgt driver at $CGT" >&2; exit 1; }
    REPS=${REPS:-3}
    bench_init
    SEED=${SEED:-$(date +%s)}
    COUNT=${COUNT:-20}
    LIMIT=${LIMIT:-120}
    echo "seed $SEED, $COUNT random positions, $REPS runs each, crate limit $LIMIT s" >&2
    NEW=${NEW:-$((COUNT / 4))}
    positions=$(python3 - "$SEED" "$COUNT" "${RECTANGLES:-1}" "${AMAZONS:-4}" "$NEW" "${DIGRAPH:-$NEW}" "${FISSION:-5-6,5-6,3-5}" <<'PY'
import random, sys
r = random.Random(int(sys.argv[1]))
def grid(rows, cols, cells):
    return "/".join("".join(cells[i * cols:(i + 1) * cols]) for i in range(rows))
for _ in range(int(sys.argv[2])):
    kind = r.random()
    if kind < 0.45:
        rows, cols = r.randint(5, 8), r.randint(5, 8)
        filled = set(r.sample(range(rows * cols), r.randint(2, rows * cols // 4)))
        board = "/".join("".join("#" if i * cols + j in filled else "." for j in range(cols)) for i in range(rows))
        print("domineering", board)
    elif kind < 0.6:
        n = r.randint(13, 20)
        print("toads-frogs", "".join(r.choice("TTF..F.") for _ in range(n)))
    elif kind < 0.75:
        # Konane: a board of 4x4 to 5x6 cells, the stones in a checkerboard as a game starts,
        # 2 to a quarter of them taken off.
        rows, cols = r.randint(4, 5), r.randint(4, 6)
        cells = ["xo"[(i // cols + i % cols) % 2] for i in range(rows * cols)]
        for i in r.sample(range(rows * cols), r.randint(2, rows * cols // 4)):
            cells[i] = "."
        print("konane", grid(rows, cols, cells))
    elif kind < 0.9:
        # Snort or Col: 4x4 to 5x5 cells, up to three coloured.
        game = r.choice(["snort", "col"])
        rows, cols = r.randint(4, 5), r.randint(4, 5)
        cells = ["."] * (rows * cols)
        for i in r.sample(range(rows * cols), r.randint(0, 3)):
            cells[i] = r.choice("xo")
        print(game, grid(rows, cols, cells))
    else:
        # Toppling Dominoes: one row of 18 to 24 blue and red dominoes (the crate has no green).
        print("toppling-dominoes", "".join(r.choice("br") for _ in range(r.randint(18, 24))))
if sys.argv[3] != "0":
    for rows, cols in [(4, 4), (4, 5), (5, 5), (4, 6), (5, 6)]:
        print("domineering", "/".join(["." * cols] * rows))
# Amazons (issue 83): their own draws, so that adding them changed no other position of a seed.
a = random.Random(int(sys.argv[1]) * 1000 + 83)
for _ in range(int(sys.argv[4])):
    rows, cols = a.randint(4, 5), a.randint(4, 5)
    cells = ["."] * (rows * cols)
    n = a.randint(2, 4)
    for k, i in enumerate(a.sample(range(rows * cols), n + a.randint(rows * cols // 4, rows * cols // 2))):
        cells[i] = "xo"[k % 2] if k < n else "#"
    print("amazons", grid(rows, cols, cells))
for _ in range(int(sys.argv[5])):
    # Ski Jumps: 4 or 5 rows of 5 to 7 cells, 4 to 8 skiers, three in four of them jumpers.
    rows, cols = r.randint(4, 5), r.randint(5, 7)
    cells = ["."] * (rows * cols)
    for i in r.sample(range(rows * cols), r.randint(4, 8)):
        cells[i] = r.choice("LLLlRRRr")
    print("ski-jumps", grid(rows, cols, cells))
    # Fission: 5x5 to 6x6 cells, 3 to 5 stones (FISSION=ROWS,COLS,STONES as ranges LO-HI,
    # e.g. 6-6,6-7,3-6, draws larger ones).
    (rlo, rhi), (clo, chi), (slo, shi) = [map(int, x.split("-")) for x in sys.argv[7].split(",")]
    rows, cols = r.randint(rlo, rhi), r.randint(clo, chi)
    cells = ["."] * (rows * cols)
    for i in r.sample(range(rows * cols), r.randint(slo, shi)):
        cells[i] = "x"
    print("fission", grid(rows, cols, cells))
# Digraph placement: its own draws, as the Amazons'.
d = random.Random(int(sys.argv[1]) * 1000 + 831)
for _ in range(int(sys.argv[6])):
    n = d.randint(18, 24)
    p = d.uniform(1 / 12, 1 / 6)
    arcs = ["%d>%d" % (u, v) for u in range(1, n + 1) for v in range(1, n + 1) if u != v and d.random() < p]
    print("digraph-placement", "".join(d.choice("br") for _ in range(n)) + ":" + ",".join(arcs))
PY
)
    limits=(--json --value-only --budget 33554432 --work 68719476736 --memory 17179869184 --chars 100000)
    failed=0
    printf '%-44s %9s %9s %6s %9s %9s %6s  %s\n' position crate_s grundy_s ratio crate_MB grundy_MB ratio values
    while read -r game position; do
        [ -z "$game" ] && continue
        [ -n "${ONLY:-}" ] && [[ ",$ONLY," != *",$game,"* ]] && continue
        timed "$BENCH_TMP/c.out" "$CGT" value "$game" "$position"
        if [ "$T_OK" = 0 ]; then
            timed "$BENCH_TMP/g.out" "$GRUNDY" value "$game" "$position" "${limits[@]}"
            g_state=$([ "$T_OK" = 1 ] && echo "$T_CPU s" || echo "over $LIMIT s too")
            printf '%-44s %9s %9s %6s %9s %9s %6s  %s\n' "$game ${position:0:32}" ">$LIMIT" "$T_CPU" - - "$((T_KB / 1024))" - "crate over the limit; grundy $g_state"
            continue
        fi
        c_cpu=() c_kb=() g_cpu=() g_kb=()
        for _ in $(seq "$REPS"); do
            timed "$BENCH_TMP/c.out" "$CGT" value "$game" "$position"; c_cpu+=("$T_CPU"); c_kb+=("$T_KB")
            timed "$BENCH_TMP/g.out" "$GRUNDY" value "$game" "$position" "${limits[@]}"; g_cpu+=("$T_CPU"); g_kb+=("$T_KB")
            [ "$T_OK" = 1 ] || break
        done
        if [ "$T_OK" = 0 ]; then
            printf '%-44s grundy over %s s or refused: %s\n' "$game ${position:0:32}" "$LIMIT" "$(head -c 300 "$BENCH_TMP/g.out")"
            failed=1; continue
        fi
        cm=$(median "${c_cpu[@]}"); gm=$(median "${g_cpu[@]}"); ck=$(median "${c_kb[@]}"); gk=$(median "${g_kb[@]}")
        # The values: the crate's form read back by grundy (its notation is grundy's, ^ and v
        # for up and down), then form, mean and temperature compared.
        IFS=$'\t' read -r c_form c_mean c_temp < "$BENCH_TMP/c.out"
        "$GRUNDY" value "$c_form" --json --chars 100000 --work 68719476736 --memory 17179869184 > "$BENCH_TMP/cform.json" 2>/dev/null || true
        same=$(python3 - "$BENCH_TMP/g.out" "$BENCH_TMP/cform.json" "$c_mean" "$c_temp" <<'PY'
import json, sys
from fractions import Fraction
g = json.load(open(sys.argv[1]))
try:
    c = json.load(open(sys.argv[2]))
except ValueError:
    c = {}
ok = Fraction(g["mean"]) == Fraction(sys.argv[3]) and Fraction(g["temperature"]) == Fraction(sys.argv[4])
if g.get("canonical") is None or c.get("canonical") is None:
    # A form whose name is past --chars is not written: only mean and temperature compare.
    print(("equal" if ok else "DIFFERENT") + " (form past 100000 characters: mean and temperature only)")
else:
    form = g["canonical"] == c["canonical"]
    print("equal" if ok and form else "DIFFERENT (mean/temperature %s, form %s)" % (ok, form))
PY
)
        [[ "$same" = equal* ]] || failed=1
        ratio=$(awk -v g="$gm" -v c="$cm" 'BEGIN { printf "%.2f", (c > 0 ? g / c : 0) }')
        mratio=$(awk -v g="$gk" -v c="$ck" 'BEGIN { printf "%.2f", (c > 0 ? g / c : 0) }')
        note=$(awk -v c="$cm" 'BEGIN { print (c < 0.3 ? " (crate under 0.3 s)" : "") }')
        printf '%-44s %9s %9s %6s %9s %9s %6s  %s%s\n' "$game ${position:0:32}" "$cm" "$gm" "$ratio" "$((ck / 1024))" "$((gk / 1024))" "$mratio" "$same" "$note"
        echo "RESULT value-$game-$position $gm $cm $ratio $gk $ck cgt"
    done <<< "$positions"
    exit "$failed"
fi
source "$(dirname "$0")/lib.sh"
PY=${PYCGT_PYTHON:?set PYCGT_PYTHON to a Python with pycgt installed (pip install pycgt)}
"$PY" -c "import pycgt" || { echo "no pycgt in $PY" >&2; exit 1; }
bench_init
# The pycgt side: the game and position as grundy takes them, turned into pycgt's syntax.
PYCGT_SCRIPT='
import json, sys
from pycgt import render, mean, temperature
from pycgt.rulesets import domineering, toads_and_frogs, clobber
game, position = sys.argv[1], sys.argv[2]
if game == "domineering":
    g = domineering.parse("\n".join(position.split("/")))
elif game == "toads-frogs":
    g = toads_and_frogs.value(position.lower())
else:
    g = clobber.parse("\n".join(position.split("/")))
render(g)
print(json.dumps({"mean": str(mean(g)), "temperature": str(temperature(g))}))
'
CASES=${CASES:-"domineering ..../..../..../....
domineering ...../...../.....
domineering ...../...../...../.....
domineering ..../..../..../..../....
toads-frogs TTT...FFF
toads-frogs TT.T..F.FF
toads-frogs TTTT....FFFF
clobber xoxo/oxox/xoxo
clobber xoxox/oxoxo/xoxox
clobber xoxoxo/oxoxox"}
while read -r game position; do
    [ -z "$game" ] && continue
    echo "== $game $position"
    cmd_g=("$GRUNDY" value "$game" "$position" --json)
    cmd_p=("$PY" -c "$PYCGT_SCRIPT" "$game" "$position")
    interleave g p
    python3 - "$BENCH_TMP/g.out" "$BENCH_TMP/p.out" <<'PY'
import json, sys
from fractions import Fraction
g = json.load(open(sys.argv[1])); p = json.load(open(sys.argv[2]))
same = all(Fraction(g[k]) == Fraction(p[k]) for k in ("mean", "temperature"))
print("   grundy: mean %s temperature %s; pycgt: mean %s temperature %s; %s" % (
    g["mean"], g["temperature"], p["mean"], p["temperature"], "equal" if same else "DIFFERENT"), file=sys.stderr)
sys.exit(0 if same else 1)
PY
    result "value-$game-$position" g p
done <<< "$CASES"
