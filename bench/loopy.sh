#!/usr/bin/env bash
# Loopy values at size (issue 81): `grundy value` of Fox and Geese boards, whose graphs run to
# millions of positions, and of loopy games written in CGSuite's notation, each run REPS times
# (default 3); printed: the value (checked against the published one where there is one), the
# positions of the graph, the medians of wall and CPU time (user + system: the value's parts
# are simplified on every core) and of peak RSS. No peer runs here: CGSuite (Java, the only
# program with loopy values) is not built by this script.
#   [GRUNDY=target/release/grundy] [REPS=3] bash bench/loopy.sh
set -euo pipefail
GRUNDY=${GRUNDY:-target/release/grundy}
REPS=${REPS:-3}
[ -x "$GRUNDY" ] || { echo "no grundy at $GRUNDY (cargo build --release -p grundy-cli)" >&2; exit 1; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# name @ published value ('-' for none) @ arguments
cases=(
  "Fox and Geese, Winning Ways' start on 8 x 8 (Welton)@2 + over@fox-and-geese ....F.../......../......../......../......../......../......../.G.G.G.G --budget 10000000 --work 4000000000"
  "Fox and Geese, the start on CGSuite's board, endless behind the geese (10 rows; 1 + over is quoted for an endless board)@2 + over@fox-and-geese ....F.../......../......../......../......../......../......../.G.G.G.G/......../........ --budget 10000000 --work 4000000000"
  "Fox and Geese, CGSuite's geese on row 4, fox at (1,1) (its test suite)@{4*|7/2}@fox-and-geese F......./......../......../.G.G.G.G/......../........ --budget 10000000 --work 4000000000"
  "Winning Ways' game C plus upon and over@-@c:{a:{0||c|}||a|}+upon+over"
)
printf '%-60s %-14s %10s %8s %8s %8s\n' workload value positions wall_s cpu_s rss_MB
for c in "${cases[@]}"; do
  IFS='@' read -r name want args <<<"$c"
  walls=(); cpus=(); rsss=(); out=""
  for _ in $(seq "$REPS"); do
    # shellcheck disable=SC2086
    out=$( { /usr/bin/time -f '%e %U %S %M' "$GRUNDY" value --json $args > /tmp/loopy-bench.json; } 2>&1 | tail -n 1)
    read -r wall user sys rss <<<"$out"
    walls+=("$wall"); cpus+=("$(echo "$user + $sys" | bc)"); rsss+=("$((rss / 1024))")
  done
  value=$(python3 -c 'import json,sys; print(json.load(open("/tmp/loopy-bench.json"))["value"])')
  positions=$(python3 -c 'import json,sys; print(json.load(open("/tmp/loopy-bench.json"))["positions"])')
  if [ "$want" != "-" ] && [ "$value" != "$want" ]; then
    echo "MISMATCH: $name: grundy $value, published $want" >&2
  fi
  printf '%-60s %-14s %10s %8s %8s %8s\n' "$name" "$value" "$positions" \
    "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)" "$(printf '%s\n' "${rsss[@]}" | median)"
done
