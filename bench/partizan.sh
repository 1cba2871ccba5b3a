#!/usr/bin/env bash
# Conway's values of partizan positions, grundy against pycgt (a pure-Python library of
# combinatorial game theory, run as its own program with the Python given): for each position,
# both compute the canonical form, the mean and the temperature, and the means and
# temperatures are checked equal (pycgt writes its forms in its own notation, so the forms are
# not compared as text). Domineering rectangles (pycgt's Left places vertical dominoes, as
# grundy's does), Toads-and-Frogs strips and Clobber boards. Medians of REPS interleaved runs
# (wall seconds, peak RSS); ratio = pycgt / grundy.
#   python3 -m venv /tmp/pycgt && /tmp/pycgt/bin/pip install pycgt
#   PYCGT_PYTHON=/tmp/pycgt/bin/python bash bench/partizan.sh   (GRUNDY=path; REPS=5)
set -euo pipefail
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
