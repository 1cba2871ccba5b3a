#!/usr/bin/env bash
# Times the divisor game's factoriser (`grundy factor`) against GNU `factor` on the same
# 64-bit semiprimes (two random ~32-bit primes each, the hardest case for Pollard's rho), in
# one run, alternating the two programs. Checks that both print the same factorisations, then
# prints the median wall time of each and the ratio.
#
#   bash bench/factor.sh [COUNT] [REPETITIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-2000}
reps=${2:-7}
cargo build --release -q -p grundy-cli
grundy=target/release/grundy
nums=$(mktemp)
trap 'rm -f "$nums" "$nums".*' EXIT
python3 - "$count" > "$nums" <<'PY'
import random, sys
random.seed(20261122)
def is_prime(n):
    if n < 2: return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0: return n == p
    d, s = n - 1, 0
    while d % 2 == 0: d, s = d // 2, s + 1
    for a in (2, 325, 9375, 28178, 450775, 9780504, 1795265022):
        x = pow(a % n, d, n)
        if x in (0, 1, n - 1): continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1: break
        else: return False
    return True
def prime_near(x):
    while not is_prime(x): x += 1
    return x
for _ in range(int(sys.argv[1])):
    p = prime_near(random.randrange(1 << 31, 1 << 32))
    q = prime_near(random.randrange(1 << 31, 1 << 32))
    print(p * q)
PY
"$grundy" factor < "$nums" > "$nums.grundy"
factor < "$nums" > "$nums.gnu"
cmp -s "$nums.grundy" "$nums.gnu" || { echo "the factorisations differ" >&2; exit 1; }
ms() { local t0 t1; t0=$(date +%s%N); "$@" < "$nums" > /dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000 )); }
g=(); f=()
for _ in $(seq "$reps"); do
  g+=("$(ms "$grundy" factor)")
  f+=("$(ms factor)")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
gm=$(median "${g[@]}"); fm=$(median "${f[@]}")
echo "$count semiprimes of two 32-bit primes, $reps runs each, median wall time:"
echo "  grundy factor: $gm us ($(( gm / count )) us per number)"
echo "  GNU factor:    $fm us ($(( fm / count )) us per number)"
awk -v g="$gm" -v f="$fm" 'BEGIN { printf "  ratio GNU/grundy: %.2fx\n", f / g }'
