#!/usr/bin/env bash
# Runs T. Czajka's octal-games solver (its C++ `analyze` program, built from its public source
# OUTSIDE this repository: never vendored, never built by these scripts) on CODE until it has
# computed G(0..N-1) for N a power of two, then stops it.
#
#   bash bench/tczajka-run.sh BINARY CODE N
#
# The program takes only a code and computes until it proves a period (checked at each power
# of two) or reaches 2^28 values; it prints a line "n=2^K largest G[i]=v ..." at each power of
# two. This runner reads those lines, stops the program at "n=2^K" with 2^K = N, and prints that
# line. A program that exits before (it proved a period: it computed fewer values than asked)
# makes the runner exit 3: it did not compute every value, so it is no like-for-like peer there.
set -uo pipefail
binary=$1 code=$2 n=$3
k=0
while [ $((1 << k)) -lt "$n" ]; do k=$((k + 1)); done
[ $((1 << k)) -eq "$n" ] || { echo "tczajka-run: N=$n is not a power of two" >&2; exit 2; }
# A process substitution, not a coprocess: bash unsets a coprocess's variables as soon as it
# ends, and the program ends at once on a code whose period it proves early.
exec {out}< <(exec "$binary" "$code")
pid=$!
while IFS= read -r line <&"$out"; do
    case "$line" in
        "n=2^$k "*)
            kill "$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
            echo "$line"
            exit 0 ;;
        "Found period"*)
            wait "$pid" 2>/dev/null
            echo "tczajka-run: $code: $line before 2^$k values (it stops at a proven period)" >&2
            exit 3 ;;
    esac
done
wait "$pid" 2>/dev/null
echo "tczajka-run: $code: the program ended before 2^$k values" >&2
exit 3
