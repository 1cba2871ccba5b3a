#!/usr/bin/env bash
# Tokens on a graph of 10^6 edges (graph:FILE): times `grundy analyze graph:FILE 0 1 2` on
# random graphs written by a seeded python3 generator (the same files every run), REPS runs
# each, and prints the medians of wall time, user time and peak memory. No peer: no other
# program computes the generalized Sprague-Grundy function of a loopy graph.
# Usage: REPS=5 bash bench/graph.sh
set -euo pipefail
cd "$(dirname "$0")/.."
reps="${REPS:-5}"
cargo build --quiet --release -p grundy-cli
bin="$PWD/target/release/grundy"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
gen() { # VERTICES EDGES SEED FILE
  python3 -c '
import random, sys
n, m, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
r = random.Random(seed)
sys.stdout.write("".join(f"{r.randrange(n)} {r.randrange(n)}\n" for _ in range(m)))' "$1" "$2" "$3" > "$4"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for case in "300000 1000000 1" "1000000 1000000 2"; do
  set -- $case
  file="$dir/g-$1-$2.txt"
  gen "$1" "$2" "$3" "$file"
  : > "$dir/times"
  for _ in $(seq "$reps"); do
    /usr/bin/time -f "%e %U %M" -a -o "$dir/times" "$bin" analyze "graph:$file" 0 1 2 > "$dir/out"
  done
  wall=$(cut -d' ' -f1 "$dir/times" | median)
  user=$(cut -d' ' -f2 "$dir/times" | median)
  kb=$(cut -d' ' -f3 "$dir/times" | median)
  echo "graph of $1 vertices, $2 random edges: $(sed -n 2p "$dir/out")"
  echo "RESULT graph-$1-$2 wall ${wall}s user ${user}s ${kb}KB"
done
