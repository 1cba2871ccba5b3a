#!/usr/bin/env bash
# Times `grundy batch` on COUNT random Nim queries (1 to 5 heaps below 1000, one JSON object a
# line, as a stress test against a contestant's solution sends them), one process on one core:
# the answers without explanations (the default), then with --explain (`analyze --json`'s
# every field). Interleaved (brief, explained, brief, ...), medians of wall time and peak
# memory, and the rate in lines per second. Checks first that every answer is a JSON line with
# an outcome and that the count of lines matches. There is no peer program (no other tool
# answers a stream of game queries), so the line ends with "-" where a peer would be:
#   RESULT case grundy_s peer_s ratio grundy_kb peer_kb peer
#
#   bash bench/batch.sh [COUNT]         COUNT queries (default 200000)
#   REPS=5 (default), GRUNDY=path (default: build it)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
count=${1:-200000}
bench_init
queries=$BENCH_TMP/queries.jsonl
python3 - "$count" > "$queries" <<'PY'
import json, random, sys
r = random.Random(20261124)
for _ in range(int(sys.argv[1])):
    heaps = [r.randrange(1000) for _ in range(r.randrange(1, 6))]
    print(json.dumps({"game": "nim", "position": heaps}))
PY
"$GRUNDY" batch "$queries" > "$BENCH_TMP/check.out"
lines=$(wc -l < "$BENCH_TMP/check.out")
outcomes=$(grep -c '"outcome":"[NP]"' "$BENCH_TMP/check.out" || true)
[ "$lines" -eq "$count" ] && [ "$outcomes" -eq "$count" ] || {
    echo "bench/batch.sh: $lines answers, $outcomes with an outcome, for $count queries" >&2; exit 1; }
cmd_brief=(taskset -c 0 "$GRUNDY" batch "$queries")
cmd_explained=(taskset -c 0 "$GRUNDY" batch --explain "$queries")
interleave brief explained
for side in brief explained; do
    rate=$(awk -v n="$count" -v s="${MED_S[$side]}" 'BEGIN { printf "%d", n / s }')
    echo "$side: $count lines in ${MED_S[$side]} s (median): $rate lines/s, peak ${MED_KB[$side]} KB"
done
result "nim-batch-$count" brief
