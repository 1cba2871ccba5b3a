#!/usr/bin/env bash
# Tokens on a graph of 10^6 edges (graph:FILE): times `grundy analyze graph:FILE 0 1 2` on
# random graphs written by a seeded python3 generator (the same files every run), REPS runs
# each, and prints the medians of wall time, user time and peak memory. No peer: no other
# program computes the generalized Sprague-Grundy function of a loopy graph.
# Then the labelling's worst shapes: the complete DAG of N vertices (`i j` for every j < i,
# N(N-1)/2 edges; values 0..N-1, where labelling level by level once cost N^3) and random graphs
# with many cycles (every vertex 10 random followers), `analyze graph:FILE` of two tokens.
# OLD=path also times another build on the same files, interleaved (before/after a change).
# Usage: REPS=5 [DAG=6000] [OLD=path] bash bench/graph.sh
set -euo pipefail
cd "$(dirname "$0")/.."
reps="${REPS:-5}"
if [ -n "${GRUNDY:-}" ]; then bin="$GRUNDY"; else
  cargo build --quiet --release -p grundy-cli
  bin="$PWD/target/release/grundy"
fi
dag="${DAG:-6000}"
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
# The complete DAG and random graphs with cycles.
python3 -c '
import sys
n = int(sys.argv[1])
w = sys.stdout.write
for i in range(n):
    w("".join(f"{i} {j}\n" for j in range(i)))' "$dag" > "$dir/dag.txt"
python3 -c '
import random, sys
n, seed = int(sys.argv[1]), int(sys.argv[2])
r = random.Random(seed)
sys.stdout.write("".join(f"{u} {r.randrange(n)}\n" for u in range(n) for _ in range(10)))' 100000 3 > "$dir/cyc.txt"
bins=("$bin" ${OLD:+"$OLD"})
for case in "dag.txt $((dag - 1)) $((dag / 60))" "cyc.txt 0 1"; do
  set -- $case
  for i in "${!bins[@]}"; do : > "$dir/times-$i"; done
  for _ in $(seq "$reps"); do
    for i in "${!bins[@]}"; do
      /usr/bin/time -f "%e %U %M" -a -o "$dir/times-$i" "${bins[$i]}" analyze "graph:$dir/$1" "$2" "$3" > "$dir/out" || true
    done
  done
  edges=$(wc -l < "$dir/$1")
  echo "$1 ($edges edges), tokens $2 $3: $(sed -n 2p "$dir/out")"
  for i in "${!bins[@]}"; do
    t="$dir/times-$i"
    echo "RESULT $1 ${bins[$i]} wall $(cut -d' ' -f1 "$t" | median)s user $(cut -d' ' -f2 "$t" | median)s $(cut -d' ' -f3 "$t" | median)KB"
  done
done
