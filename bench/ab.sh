#!/usr/bin/env bash
# A/B of two grundy binaries (e.g. a session's start and its end): each case runs with one
# binary, then the other, REPS rounds, and the medians of user seconds and peak memory (max
# RSS) are printed side by side. No peer: this is how a change is checked for regressions.
#
# Usage: REPS=5 [CASES=FILE] bash bench/ab.sh OLD_BINARY NEW_BINARY
set -euo pipefail
old="$1"
new="$2"
REPS="${REPS:-5}"
cases=(
    "sg octal:0.16 --upto 4194303 --full --summary"
    "sg grundys-game --upto 1048575 --summary"
    "sg officers --upto 1048575 --full --summary"
    "analyze nim 7 9 12 15"
    "analyze officers 5"
    "analyze octal:0.11337 5"
    "sg hex:0.f8 --upto 8192 --summary"
    "quotient kayles"
    "quotient octal:0.07 --upto 31"
    "analyze kayles 1000000000000000000 1000000000000 7 --misere"
    "analyze kl:1,2 40 41 42 43 44 45"
    "analyze wythoff 1000000000000 1618033988749"
    "analyze euclid 1000000007 998244353"
    "value domineering ..../..../..../...."
    "value domineering ....#/...../...../...../....."
    "value domineering .#..../....../#...##/....../...#.#"
    "value toads-frogs TTF.F...F..TFF...."
    "value clobber xoxo/oxox/xoxo"
    "value clobber xoxox/oxoxo/xoxox"
    "value cutcake 8x8 5x7"
    "value hackenbush 0-1:b,1-2:r,2-3:b,0-4:r,4-5:b,0-6:g"
    "value kl:2,3 30 31"
    "value konane xox.x/ox.xo/.oxox/oxo.o/.oxox"
    "value snort ..../..../..../...."
    "value col ...../...../....."
    "value toppling-dominoes brrbrbrrrrbrbbbrbrrbb"
)
# CASES=FILE replaces the list above with the file's lines (one case a line).
if [ -n "${CASES:-}" ]; then
    mapfile -t cases <"$CASES"
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for _ in $(seq 1 "$REPS"); do
    for i in "${!cases[@]}"; do
        for side in old new; do
            bin="$old"
            [ "$side" = new ] && bin="$new"
            # shellcheck disable=SC2086 # the case is words
            # A case one binary refuses (a bound it had) is timed too, not the end of the run.
            /usr/bin/time -o "$scratch/t" -f "%U %M" "$bin" ${cases[$i]} >/dev/null 2>&1 || true
            tail -n 1 "$scratch/t" >>"$scratch/$side.$i"
        done
    done
done
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for i in "${!cases[@]}"; do
    printf '%s: user %s / %s s, peak %s / %s KB (old / new)\n' "${cases[$i]}" \
        "$(cut -d' ' -f1 "$scratch/old.$i" | median)" "$(cut -d' ' -f1 "$scratch/new.$i" | median)" \
        "$(cut -d' ' -f2 "$scratch/old.$i" | median)" "$(cut -d' ' -f2 "$scratch/new.$i" | median)"
done
# Peak memory of small runs is mostly code pages: say whether the new build still finds the
# functions that the release link puts first (a list gone stale with a change of features or
# dependencies cost about 2 MB a run, noticed 2026-11-28).
if command -v nm >/dev/null; then
    GRUNDY="$new" bash "$(dirname "$0")/hot-functions.sh" --check
fi
