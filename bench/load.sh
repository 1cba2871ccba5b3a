#!/usr/bin/env bash
# Bounded load test of POST /api/analyze on loopback (127.0.0.1) only: builds the release
# example and runs it; it serves the app itself on a free loopback port, sends at most
# REQUESTS requests from CLIENTS keep-alive connections, stops after SECONDS at the latest and
# prints requests/s and p50/p99 latency. Usage: bench/load.sh [REQUESTS] [CLIENTS] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
requests="${1:-20000}"
clients="${2:-4}"
seconds="${3:-60}"
cargo run --quiet --release -p grundy-web --example load -- \
  --requests "$requests" --clients "$clients" --seconds "$seconds"
