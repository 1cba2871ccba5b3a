#!/usr/bin/env bash
# Times the divisor game's factoriser (`grundy factor`) against GNU `factor` (coreutils) on the
# same 64-bit semiprimes (two random ~32-bit primes each, the hardest case for Pollard's rho),
# interleaved: grundy, GNU, grundy, GNU, ... Checks first that both print the same
# factorisations, then prints the median wall time and peak memory of each, the ratio (GNU
# median / grundy median), and ends with the line
#   RESULT case grundy_s peer_s ratio grundy_kb peer_kb peer
#
#   bash bench/factor.sh [COUNT]        COUNT semiprimes (default 2000)
#   REPS=5 (default; a second argument also sets it), GRUNDY=path (default: build it)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
count=${1:-2000}
REPS=${2:-${REPS:-5}}
bench_init
command -v factor >/dev/null || { echo "bench/factor.sh needs GNU factor (coreutils)" >&2; exit 1; }
nums=$BENCH_TMP/numbers
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

"$GRUNDY" factor < "$nums" > "$BENCH_TMP/check.grundy"
factor < "$nums" > "$BENCH_TMP/check.gnu"
cmp -s "$BENCH_TMP/check.grundy" "$BENCH_TMP/check.gnu" || { echo "the factorisations differ" >&2; exit 1; }
echo "== factor: $count semiprimes of two 32-bit primes, same factorisations; $REPS interleaved rounds" >&2
cmd_grundy=("$GRUNDY" factor); in_grundy=$nums
cmd_gnu_factor=(factor); in_gnu_factor=$nums
interleave grundy gnu_factor
awk -v g="${MED_S[grundy]}" -v f="${MED_S[gnu_factor]}" -v n="$count" \
    'BEGIN { printf "   per number: grundy %.0f us, GNU factor %.0f us\n", g / n * 1e6, f / n * 1e6 }' >&2
result "factor-$count-semiprimes" grundy gnu_factor
