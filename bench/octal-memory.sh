#!/usr/bin/env bash
# Peak memory only: for each code of an octal sweep's log (its `SWEEP code n grundy_s best_s
# best_method ...` lines, see bench/octal-sweep.sh), runs `grundy sg octal:CODE --upto N --full
# --summary` and ogsolve with that sweep's fastest method at the same n, three times each, and
# prints "MEMORY code n grundy_kb ogsolve_kb" (medians of max RSS), then how many codes grundy
# takes at most ogsolve's peak, to n = 2^18 and past it. Times are not taken: the sweep does.
#
#   bash bench/octal-memory.sh SWEEP_LOG      GRUNDY=path (default: build it)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
log=$(realpath "${1:?usage: bench/octal-memory.sh SWEEP_LOG}")
bench_init
OGSOLVE=$(command -v ogsolve || echo "$HOME/.cargo/bin/ogsolve")
[ -x "$OGSOLVE" ] || { echo "needs ogsolve 0.0.7 (cargo install ogsolve --version 0.0.7)" >&2; exit 1; }
# The median of three runs' peak memory (lib.sh's `measure`: a failed run stops the script).
peak() {
    local kb=()
    for _ in 1 2 3; do
        measure "$BENCH_TMP/out" /dev/null "$@"
        kb+=("$M_KB")
    done
    median "${kb[@]}"
}
grep '^SWEEP ' "$log" | while read -r _ code n _ _ method _; do
    echo "MEMORY $code $n $(peak "$GRUNDY" sg "octal:$code" --upto "$n" --full --summary) $(peak "$OGSOLVE" -m "$method" -n "$n" "$code")"
done | tee "$BENCH_TMP/memory"
awk '{ s = ($3 <= 262144) ? "to 2^18" : "past 2^18"; c[s]++; if ($4 <= $5) ok[s]++ }
     END { for (s in c) printf "%s: %d codes, grundy at most ogsolve'"'"'s peak on %d\n", s, c[s], ok[s] + 0 }' "$BENCH_TMP/memory"
