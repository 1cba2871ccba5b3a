#!/usr/bin/env bash
# How long the Python package takes to install from a wheel built once (issue 64): REPS (default
# 5) fresh virtualenvs, each timed in two steps, and the medians printed:
#   venv     `python3 -m venv` (Python's own cost, the same for every package);
#   install  `pip install WHEEL` into it, numpy included, from a local folder (no network, so
#            that a slow index is not counted as grundy's).
# Wall and CPU seconds (user + system, of pip and its children) for each. Builds the wheel with
# `maturin build --release` (abi3, Python 3.9+) when crates/grundy-py/target/wheels has none.
#   bash bench/wheel-install.sh            WHEEL=path to measure another wheel
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C
reps=${REPS:-5}
wheel=${WHEEL:-$(ls crates/grundy-py/target/wheels/grundy-*-abi3-*.whl 2>/dev/null | head -1 || true)}
if [ -z "$wheel" ]; then
    (cd crates/grundy-py && maturin build --release --quiet)
    wheel=$(ls crates/grundy-py/target/wheels/grundy-*-abi3-*.whl | head -1)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# numpy once, into a folder pip installs from without the network.
python3 -m pip download --quiet --disable-pip-version-check --only-binary=:all: -d "$work/wheels" numpy >/dev/null
cp "$wheel" "$work/wheels/"

timed() { # LABEL CMD...: appends "wall cpu" to $work/LABEL
    local label=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" >/dev/null
    awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$work/t" >>"$work/times.$label"
}
for ((i = 1; i <= reps; i++)); do
    rm -rf "$work/venv"
    timed venv python3 -m venv "$work/venv"
    timed install "$work/venv/bin/pip" install --quiet --disable-pip-version-check --no-index \
        --find-links "$work/wheels" "$work/wheels/$(basename "$wheel")"
    "$work/venv/bin/python" -c 'import grundy; grundy.analyze("nim", [1, 2, 3])' \
        || { echo "the installed package does not import" >&2; exit 1; }
done
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "wheel: $wheel ($(du -h "$wheel" | cut -f1)), $reps runs, load $(cut -d' ' -f1-3 /proc/loadavg)"
for step in venv install; do
    printf '%-8s median %6.2f s wall %6.2f s cpu\n' "$step" \
        "$(cut -d' ' -f1 "$work/times.$step" | median)" "$(cut -d' ' -f2 "$work/times.$step" | median)"
done
