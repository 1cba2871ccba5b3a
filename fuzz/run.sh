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
failed=()
if [ "$#" -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(fuzz list); fi
for target in "${targets[@]}"; do
    mkdir -p "$scratch/$target" "fuzz/corpus/$target"
    log="$scratch/$target.log"
    if fuzz run "${flags[@]}" "$target" "$scratch/$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -runs="${FUZZ_RUNS:-5000000}" -max_len=256 -timeout=5 -rss_limit_mb=2048 \
        -print_final_stats=1 >"$log" 2>&1; then
        runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')
        echo "fuzz $target: ok, ${runs:-?} runs"
    else
        echo "fuzz $target: FAILED" >&2
        grep -E "panicked|ERROR: libFuzzer|SUMMARY|Failing input|artifacts/" "$log" | head -20 >&2
        failed+=("$target")
    fi
done
echo "fuzz: ${#failed[@]} of the targets failed in $(($(date +%s) - start)) s"
[ "${#failed[@]}" -eq 0 ]
