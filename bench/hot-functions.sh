#!/usr/bin/env bash
# Writes crates/grundy-cli/hot-functions.txt: the functions of the release `grundy` that common
# runs execute (a Conway value of a board and of a strip, `grundy value 0`, `grundy analyze`),
# which the release link puts first in the code (crates/grundy-cli/build.rs), so that a run
# touches few of the binary's pages: the kernel maps 64 KB of code around each page a run
# touches, and scattered over 7.6 MB of code these functions made 2.9 MB of the resident size
# (bench/HISTORY.md, 2026-11-27). The list names functions by their symbols, which change with
# the compiler's version: rerun this after a toolchain update (`--check` says how many of the
# list the binary still has; a stale list costs memory, never correctness).
#
#   bash bench/hot-functions.sh            GRUNDY=path (default: build it); needs valgrind, nm
#   bash bench/hot-functions.sh --check
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
list=crates/grundy-cli/hot-functions.txt
nm "$GRUNDY" | awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u > "$BENCH_TMP/symbols"
if [ "${1:-}" = --check ]; then
    total=$(grep -cv '^#' "$list")
    found=$(grep -v '^#' "$list" | sort -u | comm -12 - "$BENCH_TMP/symbols" | wc -l)
    echo "$found of the $total functions of $list are in $GRUNDY"
    exit 0
fi
command -v valgrind > /dev/null || { echo "$0 needs valgrind" >&2; exit 1; }
limits=(--value-only --budget 33554432 --work 68719476736 --memory 17179869184 --chars 100000)
runs=(
    "value 0 --value-only"
    "value domineering #.#.../....../.#..../....../..#### --json ${limits[*]}"
    "value domineering ..../..../.... ${limits[*]}"
    "value toads-frogs TT.F.TF..F --json ${limits[*]}"
    "value {1|0,*}"
    "analyze nim 7 9 12 15 --explain"
    "analyze kayles 5 8 --json"
)
# The runs are words; none is a file pattern.
set -f
i=0
for run in "${runs[@]}"; do
    i=$((i + 1))
    # shellcheck disable=SC2086 # the run's words are its arguments
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$BENCH_TMP/cg.$i" "$GRUNDY" $run > /dev/null 2>> "$BENCH_TMP/valgrind.err"
    # The functions of grundy's own object (not libc's) that the run executed.
    python3 - "$BENCH_TMP/cg.$i" "$GRUNDY" > "$BENCH_TMP/run.$i" <<'PY'
import re, sys
names, objects, current, executed = {}, {}, None, set()
for line in open(sys.argv[1]):
    m = re.match(r"(c?ob)=\((\d+)\)(?: (.*))?$", line.strip())
    if m:
        if m.group(3):
            objects[m.group(2)] = m.group(3)
        if m.group(1) == "ob":
            current = objects[m.group(2)]
        continue
    m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?$", line.strip())
    if m:
        if m.group(3):
            names[m.group(2)] = m.group(3)
        if m.group(1) == "fn" and current == sys.argv[2]:
            # callgrind marks a recursive call's frame with 'N.
            executed.add(re.sub(r"'\d+$", "", names[m.group(2)]))
print("\n".join(sorted(executed)))
PY
done
# Each function once, in the order of the runs that execute it (the start of every run first,
# then a board's value, ...), and only those that are the binary's symbols.
{
    echo "# The functions common runs of the release grundy execute, put first in its code by"
    echo "# crates/grundy-cli/build.rs. Written by bench/hot-functions.sh: rerun it after a"
    echo "# toolchain update."
    for j in $(seq "$i"); do cat "$BENCH_TMP/run.$j"; done | awk '!seen[$1]++' | awk 'NR == FNR { s[$1] = 1; next } $1 in s' "$BENCH_TMP/symbols" -
} > "$list"
echo "$(grep -cv '^#' "$list") functions written to $list" >&2
