#!/usr/bin/env bash
# Issue 63's speed line: a Clobber board's atomic weight against its value's time, in one
# store as `grundy value` computes them (crates/grundy/examples/atomic_weight.rs), REPS runs
# each board; the target is (value + weight) / value <= 1.5 on Clobber 3x4.
#   REPS=5 bash bench/atomic-weight.sh [BOARD...]
set -euo pipefail
cd "$(dirname "$0")/.."
REPS=${REPS:-5}
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(xoxo/oxox/xoxo xxox/oxoo/xoxx xoxo/xxox/oxoo xxoo/ooxx/xxoo xoxox/oxoxo)
cargo build --release -q -p grundy --example atomic_weight
for b in "${boards[@]}"; do
    for _ in $(seq "$REPS"); do
        target/release/examples/atomic_weight "$b"
    done
done
