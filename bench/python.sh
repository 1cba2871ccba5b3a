#!/usr/bin/env bash
# The cost of games written in Python (crates/grundy-py/bench/callbacks.py): grundy.heap_game's
# table against plain Python brute force, interleaved in one process, medians of REPS rounds
# (default 5), and the bare cost of the callbacks; then judge-size positions
# (crates/grundy-py/bench/large_positions.py: grundy.analyze on 2·10^5 heaps of up to 10^9 against
# a plain Python one pass, the same way). Installs the package (a release build) into the venv
# crates/grundy-py/run-tests.sh uses, building it if missing.
#   bash bench/python.sh [UPTO]      (UPTO default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=crates/grundy-py/target/venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv --system-site-packages "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check maturin numpy
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps crates/grundy-py
"$venv/bin/python" crates/grundy-py/bench/callbacks.py "$@"
"$venv/bin/python" crates/grundy-py/bench/large_positions.py
