#!/usr/bin/env bash
# Runs every test of grundy from a fresh clone: the formatting and lint checks (cargo fmt,
# cargo clippy with warnings as errors), the Rust suites (unit, data-driven, property and
# end-to-end tests of the real binary, the server's load tests), a short fuzzing pass over
# every parser (fuzz/run.sh: installs cargo-fuzz when missing), then the browser tests, which
# install what a new machine lacks (Debian's chromium, node packages) before they run. Ends
# with one line that counts everything. The Python package (crates/grundy-py/run-tests.sh: its
# own fmt and clippy, a release build with pip into a virtualenv, pytest) runs before the
# browser tests; it installs maturin, numpy, pytest and dask from PyPI where they are missing.
set -euo pipefail
cd "$(dirname "$0")"
rust_log="$(mktemp)"
e2e_log="$(mktemp)"
py_log="$(mktemp)"
install_log="$(mktemp)"
trap 'rm -f "$rust_log" "$e2e_log" "$py_log" "$install_log"' EXIT
# Each phase's wall time, printed as it ends, so a slow CI run says where its time went.
start=$(date +%s)
phase() { echo "test.sh: $1 done at $(($(date +%s) - start)) s"; }
# What the browser and Python tests install on a fresh machine (Debian's chromium, the node
# packages, the virtualenv and its PyPI packages) waits on the network and the disk, not the
# cores: it runs in the background from the start, beside the Rust build, and is waited for
# before the Python tests. Each of those phases runs its installer again, which finds the work
# done, or does it (and fails there, saying why) where the background run could not.
(bash e2e/install.sh && bash crates/grundy-py/install.sh) >"$install_log" 2>&1 &
installs=$!
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
# The library without its faces (the `draw` feature): the rules, engines and analyses build
# and lint alone (`cargo test -p grundy --no-default-features` runs its tests so).
cargo clippy -p grundy --no-default-features --all-targets --locked -- -D warnings
phase "fmt and clippy"
# cargo-nextest, where the machine has it, runs the test binaries side by side (each test in its
# own process) rather than one binary after another; the doc tests run apart, as nextest has none.
if cargo nextest --version >/dev/null 2>&1; then
    cargo nextest run --workspace --locked --no-fail-fast --status-level fail --final-status-level slow 2>&1 | tee "$rust_log"
    cargo test --workspace --locked --doc 2>&1 | tee -a "$rust_log"
else
    cargo test --workspace --locked 2>&1 | tee "$rust_log"
fi
phase "the Rust tests"
# The binary the Rust tests ran is the one the Python and browser tests run (GRUNDY_BIN): a
# `cargo build --profile test -p grundy-cli` after them reused none of their build and made
# it all again (87 s of the Python tests' first run here, bench/HISTORY.md).
bin="${CARGO_TARGET_DIR:-$PWD/target}/debug/grundy"
[ -x "$bin" ] || { echo "test.sh: the Rust tests left no $bin" >&2; exit 1; }
export GRUNDY_BIN="$bin"
FUZZ_SECONDS="${FUZZ_SECONDS:-3}" bash fuzz/run.sh
phase "fuzzing"
wait "$installs" || { cat "$install_log"; echo "test.sh: the background installs failed (above); the phases try them again"; }
phase "the installs"
# The static page's WebAssembly build (web/build-static.sh, for the browser tests) runs in the
# background beside the Python tests, which use about 1.6 of the 2 cores (pytest is one
# process), and is waited for before the browser tests. Beside the fuzz targets' build, which
# also leaves a core idle at times, the two took 306 s against 194 s for the fuzz pass alone and
# 68 s for the WebAssembly (bench/HISTORY.md, 2026-12-02).
static_dir="$(mktemp -d)"
static_build_log="$(mktemp)"
trap 'rm -rf "$rust_log" "$e2e_log" "$py_log" "$install_log" "$static_dir" "$static_build_log"' EXIT
bash web/build-static.sh "$static_dir" 2>"$static_build_log" &
static_build=$!
bash crates/grundy-py/run-tests.sh 2>&1 | tee "$py_log"
phase "the Python tests"
static_status=0
wait "$static_build" || static_status=$?
phase "the static page's build"
E2E_STATIC_DIR="$static_dir" E2E_STATIC_STATUS="$static_status" E2E_STATIC_BUILD_LOG="$static_build_log" \
    bash e2e/run.sh 2>&1 | tee "$e2e_log"
phase "the browser tests"
rust=$(grep -oE 'test result: ok\. [0-9]+ passed|[0-9]+ tests? run: [0-9]+ passed' "$rust_log" | awk '{s += $(NF - 1)} END {print s + 0}')
browser=$(grep -oE '(ℹ|#) pass [0-9]+' "$e2e_log" | awk '{s += $3} END {print s + 0}')
python=$(grep -oE '^[0-9]+ passed' "$py_log" | tail -1 | awk '{print $1 + 0}')
[ "$browser" -gt 0 ] || { echo "the browser tests ran nothing" >&2; exit 1; }
[ "${python:-0}" -gt 0 ] || { echo "the Python tests ran nothing" >&2; exit 1; }
echo "rust, Python and browser tests: $((rust + python + browser)) passed, 0 failed"
