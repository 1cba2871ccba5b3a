#!/usr/bin/env bash
# The inputs of the hostile pass of 2026-11-25 (all but the server's), each run under a 4 GB
# address-space limit and a 20 s watchdog: each must answer or be refused (exit 0 or 2), with an
# error of at most three lines, no panic and no abort. Prints one line per input and exits 1
# when any fails. Usage: [GRUNDY=path] bash bench/hostile.sh
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -n "${GRUNDY:-}" ]; then bin="$GRUNDY"; else
  cargo build --quiet --release -p grundy-cli
  bin="$PWD/target/release/grundy"
fi
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
python3 -c 'import random; r = random.Random(1); print(" ".join(str(r.randrange(10**6)) for _ in range(30000)))' > "$dir/stairs30k"
python3 -c 'import random; r = random.Random(2); print(" ".join(str(r.randrange(10**6)) for _ in range(10000)))' > "$dir/stairs10k"
python3 -c '
import sys
w = sys.stdout.write
for i in range(6000):
    w("".join(f"{i} {j}\n" for j in range(i)))' > "$dir/dag.txt"
python3 -c 'print(",".join(f"{i}-{i+1}" for i in range(600000)))' > "$dir/hb600k.txt"
printf '\xef\xbb\xbfa b\nb c\n' > "$dir/bom.txt"
printf 'a b # a comment\nb c\n' > "$dir/geo.txt"
sums=$(printf 'nim=5 %.0s' $(seq 3000))
failed=0
check() { # NAME STDIN-COMMAND ARGS...
  local name="$1" feed="$2"; shift 2
  local start end code lines
  start=$(date +%s.%N)
  ( ulimit -v 4194304; eval "$feed" | timeout 20 "$bin" "$@" > "$dir/out" 2> "$dir/err" ); code=$?
  end=$(date +%s.%N)
  lines=$(wc -l < "$dir/err")
  local verdict=ok
  if [ "$code" != 0 ] && [ "$code" != 2 ]; then verdict=FAIL; fi
  if [ "$lines" -gt 3 ] || grep -q "panicked" "$dir/err"; then verdict=FAIL; fi
  [ "$verdict" = ok ] || failed=1
  printf '%-4s %-44s exit %3s  %5.1f s  %s\n' "$verdict" "$name" "$code" "$(echo "$end - $start" | bc)" "$(head -c 150 "$dir/err" | head -1)"
}
M=18446744073709551615
check "1 moore:2^64-1" true analyze moore:$M 5 6
check "1 moore:2^64-1 --json" true analyze moore:$M 5 6 --json
check "1 moore:2^64-1 play" "echo quit" play moore:$M 5 6
check "1 moore:2^64-1 batch" "echo '{\"game\":\"moore:$M\",\"position\":[5,6]}'" batch
check "2 sum of 3000 nim heaps --every" true analyze sum $sums --every
check "2 staircase of 10,000 steps" true analyze staircase $(cat "$dir/stairs10k")
check "3 octal:0.16 10^9" true analyze octal:0.16 1000000000
check "3 octal:0.16 3.5*10^8" true analyze octal:0.16 350000000
check "3 octal:0.16 2^64-1" true analyze octal:0.16 $M
check "4 staircase of 30,000 steps --json" true analyze staircase $(cat "$dir/stairs30k") --json
check "5 /dev/zero into play" "head -c 4000000000 /dev/zero" play nim 3 4 5
check "5 /dev/zero into batch" "head -c 4000000000 /dev/zero" batch
check "6 sg subtraction:30000000 --upto 10" true sg subtraction:30000000 --upto 10
check "7 complete DAG of 6000" true analyze "graph:$dir/dag.txt" 5999 100
check "8 graph export nim 1000 1000" true graph export nim 1000 1000
check "8 graph export kayles 1000" true graph export kayles 1000
check "10 subtraction:10000000 5" true analyze subtraction:10000000 5
check "10 the same with --budget 30000000" true analyze subtraction:10000000 5 --budget 30000000
check "11 subtraction:2^64-1 2^64-1" true analyze subtraction:$M $M
check "12 fibonacci-nim --budget 0" true analyze fibonacci-nim 1000 --budget 0
check "13 Hackenbush of 600,000 edges" true analyze hackenbush "@$dir/hb600k.txt"
check "14 graph file with a byte-order mark" true analyze "graph:$dir/bom.txt" a
check "14 geography file with a byte-order mark" true analyze "geography:$dir/bom.txt" a
check "15 geography file with a # comment" true analyze "geography:$dir/geo.txt" a
check "17 graph export kayles 40" true graph export kayles 40
check "fuzz: misère Moore, K = 2^64-1, ten heaps" true analyze moore:$M 4 4 4 4 4 4 4 4 4 4 --misere
check "fuzz: misère Moore, K = 2^64-1, 20 heaps" true analyze moore:$M 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 --misere
exit "$failed"
