#!/usr/bin/env bash
# The rule finder's speed: `grundy pattern` on 10^6 values (G(0..999999)) of rules of each kind
# (a period, an arithmetic period, a self-similar rule, geometric ranges) and of a sequence with
# no rule (every family tried to the end). No peer has a rule finder; the figures are grundy's
# alone: medians of REPS runs (wall seconds, peak RSS), reading the values from a file.
#   bash bench/pattern.sh            (GRUNDY=path to time another build; REPS=5)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
N=${N:-1000000}
python3 - "$N" "$BENCH_TMP" <<'PY'
import sys
n, out = int(sys.argv[1]), sys.argv[2]
seqs = {
    "period": [[0, 1, 0, 1, 2, 3, 2][i % 7] for i in range(n)],
    "arithmetic": [[1, 2, 4, 3][(i - 1) % 4] + 4 * ((i - 1) // 4) if i else 0 for i in range(n)],
    "self-similar": [(i >> ((~i & (i + 1)).bit_length())) for i in range(n)],
    "popcount": [bin(i).count("1") for i in range(n)],
}
g = []
for i in range(n):  # divide by 2 to 6, rounding down (CodeChef FDIVGAME)
    g.append(0 if i == 0 else min(set(range(6)) - {g[i // d] for d in range(2, 7)}))
seqs["ranges"] = g
import random
random.seed(1)
seqs["none"] = [random.randrange(8) for _ in range(n)]
for name, s in seqs.items():
    with open(f"{out}/{name}.txt", "w") as f:
        f.write(" ".join(map(str, s)) + "\n")
PY
for name in period arithmetic self-similar popcount ranges none; do
    echo "== $name ($N values)"
    # "no rule" exits 1 by design.
    cmd_g=(sh -c '"$0" pattern "$1" >/dev/null; [ $? -le 1 ]' "$GRUNDY" "$BENCH_TMP/$name.txt")
    interleave g
    result "pattern-$name" g
done
