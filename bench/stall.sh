#!/usr/bin/env bash
# Cheap requests under a storm of slow ones (loopback only): starts `grundy serve` on a free
# loopback port, then for each CLIENTS count runs crates/grundy-web/examples/stall.rs: CLIENTS
# threads keep sending `octal:0.764` of 30000 (about 1.7 s of work each) for SECONDS while
# one more client sends POST /api/analyze nim 3 4 5 every second and times it; then the same
# with a different heap in every slow request (`--distinct`). Prints, per run, the cheap
# requests' median and maximum latency, how many passed 1 s, and what the slow requests were
# answered (200, 503 busy, 503 time_limit). There is no peer: the figure is the server's own.
#
#   bash bench/stall.sh [SECONDS] [CLIENTS...]     (default: 20 s, 100 and 250 clients)
#   GRUNDY=path (default: build it), SERVE_ARGS="--time-limit 10" (passed to grundy serve)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
seconds=${1:-20}
shift || true
counts=("${@:-100}")
[ $# -gt 0 ] || counts=(100 250)
bench_init
cargo build --quiet --release -p grundy-web --example stall >&2
stall=$PWD/target/release/examples/stall
log=$BENCH_TMP/serve.log
# shellcheck disable=SC2086
"$GRUNDY" serve --port 0 ${SERVE_ARGS:-} > "$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$BENCH_TMP"' EXIT
for _ in $(seq 100); do grep -q 'listening on' "$log" && break; sleep 0.1; done
addr=$(sed -n 's|.*listening on http://\([^/]*\)/.*|\1|p' "$log")
[ -n "$addr" ] || { echo "bench/stall.sh: the server did not start:" >&2; cat "$log" >&2; exit 1; }
echo "grundy serve on $addr ($(nproc) cores), $seconds s per run" >&2
for clients in "${counts[@]}"; do
    for mode in same distinct; do
        flag=(); [ "$mode" = distinct ] && flag=(--distinct)
        "$stall" --addr "$addr" --clients "$clients" --seconds "$seconds" "${flag[@]}" | grep -v '^cheap request'
        # Let the slow lane drain before the next run.
        sleep 12
    done
done
