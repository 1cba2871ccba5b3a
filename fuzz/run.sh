#!/usr/bin/env bash
# A short fuzzing pass for the test command: every cargo-fuzz target in fuzz/fuzz_targets runs
# for FUZZ_SECONDS (default 10) seconds from its committed corpus (fuzz/corpus/TARGET, only
# read: what the pass finds goes to a temporary directory). Exits non-zero when any target
# crashes, hangs (-timeout) or fails to build; the input that did it is kept in
# fuzz/artifacts/TARGET/ and named in the output.
#
# Installs cargo-fuzz when missing. Uses the nightly toolchain when there is one, else stable
# with RUSTC_BOOTSTRAP=1. Built without a sanitizer (the code is safe Rust: panics, overflow checks and
# debug assertions are what is looked for), which builds and runs faster than AddressSanitizer.
# FUZZ_JOBS targets run at a time (default 2).
# FUZZ_RUNS caps the inputs a target runs (default 5000000; -1: no cap, for the long pass:
# FUZZ_SECONDS=180 FUZZ_RUNS=-1 bash fuzz/run.sh). Targets named as arguments run alone, in that
# order (the long pass runs the targets whose code changed: bash fuzz/run.sh quotient sg_expr).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-10}"
flags=(--sanitizer none)

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz/run.sh: installing cargo-fuzz" >&2
    cargo install cargo-fuzz --locked --quiet || exit 1
fi
# The nightly toolchain where the machine has one; otherwise the stable one, told to accept the
# few unstable flags cargo-fuzz passes (a machine of this project cannot fetch a toolchain).
if cargo +nightly --version >/dev/null 2>&1; then
    fuzz() { cargo +nightly fuzz "$@"; }
else
    fuzz() { RUSTC_BOOTSTRAP=1 cargo fuzz "$@"; }
fi
start=$(date +%s)
fuzz build "${flags[@]}" || { echo "fuzz/run.sh: the fuzz targets do not build" >&2; exit 1; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
if [ "$#" -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(fuzz list); fi
# One target's run: its report in $scratch/TARGET.out (and .err), its exit status in .status.
run_target() { # TARGET
    local target="$1" log="$scratch/$1.log"
    mkdir -p "$scratch/$target" "fuzz/corpus/$target"
    if fuzz run "${flags[@]}" "$target" "$scratch/$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -runs="${FUZZ_RUNS:-5000000}" -max_len=256 -timeout=5 -rss_limit_mb=2048 \
        -print_final_stats=1 >"$log" 2>&1; then
        runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')
        echo "fuzz $target: ok, ${runs:-?} runs" >"$scratch/$target.out"
        echo 0 >"$scratch/$target.status"
    else
        echo "fuzz $target: FAILED" >"$scratch/$target.err"
        grep -E "panicked|ERROR: libFuzzer|SUMMARY|Failing input|artifacts/" "$log" | head -20 >>"$scratch/$target.err"
        echo 1 >"$scratch/$target.status"
    fi
}
# A target's run is one process on one core: FUZZ_JOBS (default 2, this machine's cores) run
# side by side, each for its FUZZ_SECONDS, and their reports are printed in the targets' order.
jobs="${FUZZ_JOBS:-2}"
for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    run_target "$target" &
done
wait
failed=()
for target in "${targets[@]}"; do
    [ -f "$scratch/$target.out" ] && cat "$scratch/$target.out"
    [ -f "$scratch/$target.err" ] && cat "$scratch/$target.err" >&2
    [ "$(cat "$scratch/$target.status" 2>/dev/null)" = 0 ] || failed+=("$target")
done
echo "fuzz: ${#failed[@]} of the targets failed in $(($(date +%s) - start)) s"
[ "${#failed[@]}" -eq 0 ]
