#!/usr/bin/env bash
# Misère quotients: the two refinements of `grundy quotient` against each other, reach in equal
# time. When a heap adds a generator, a trial quotient is refined from a sum where its proof
# fails: `--refinement least` (the default) puts right the least failing sum in the order of
# words over the heaps, as Siegel's MisereSolver does; `--refinement descent` the sum the proof
# found, followed down its failing options until they all come out right. For each octal code,
# `grundy quotient octal:CODE --upto 100000 --time TIME --json` with each refinement, one after
# the other (code by code, least first), and one row a code: the heap each reached, the order
# there, the trial monoids tried, and which reached further. The two must find the same
# quotients on the heaps both reached (the quotient is unique); the last column says whether
# they do (the order at each heap where it grew, and all of it where both stopped alike).
#
#   [GRUNDY=path] [TIME=20] [CODES="0.07 0.17" | CODES_FILE=f] bash bench/refinement.sh
#
# CODES_FILE defaults to bench/misere-codes.txt (the codes bench/misere.sh runs). Without
# GRUNDY the release build is made (lib.sh).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
TIME=${TIME:-20}
bench_init
if [ -n "${CODES:-}" ]; then
    read -r -a codes <<< "$CODES"
else
    mapfile -t codes < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "${CODES_FILE:-bench/misere-codes.txt}")
fi
echo "grundy: $GRUNDY; TIME=$TIME s each; $(nproc) CPUs; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| code | least: heap | order | trials | descent: heap | order | trials | further | same quotient |"
echo "|---|---|---|---|---|---|---|---|---|"
for code in "${codes[@]}"; do
    for r in least descent; do
        timeout $((TIME + 60)) "$GRUNDY" quotient "octal:$code" --upto 100000 --time "$TIME" --refinement "$r" --json \
            > "$BENCH_TMP/$r.json" 2> "$BENCH_TMP/$r.err" || true
    done
    python3 - "$code" "$BENCH_TMP/least.json" "$BENCH_TMP/descent.json" <<'EOF'
import json, sys
code, a, b = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
def reach(d):
    # A proven quotient covers every heap.
    return float("inf") if d["proven"] else d["computed_upto"]
def cell(d):
    heap = f'{d["computed_upto"]} (proven)' if d["proven"] else str(d["computed_upto"])
    return f'{heap} | {d["order"]} | {d["trials"]}'
ra, rb = reach(a), reach(b)
further = "equal" if ra == rb else ("least" if ra > rb else "descent")
# The growth (order at each heap where the quotient grew) on the heaps both reached, and where
# both reached the same heap, the whole quotient (a later quotient names elements anew).
n = min(a["computed_upto"], b["computed_upto"])
same = [g for g in a["growth"] if g["heap"] <= n] == [g for g in b["growth"] if g["heap"] <= n]
if a["computed_upto"] == b["computed_upto"]:
    same = same and all(a[k] == b[k] for k in ("order", "pretending", "relations", "p_portion"))
print(f'| {code} | {cell(a)} | {cell(b)} | {further} | {"yes" if same else "NO"}, to heap {n} |')
EOF
done
