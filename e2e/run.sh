#!/usr/bin/env bash
# Browser end-to-end tests of `grundy serve`: installs what is missing on a fresh machine
# (Debian's chromium, node, the npm packages of e2e/package-lock.json), builds the binary,
# serves on a free loopback port, runs the node tests (every e2e/*.test.mjs, or the files
# named as arguments) and stops the server. Exits non-zero when anything fails.
# GRUNDY_BIN=path serves that binary instead of building one (e.g. an older build, to see a
# new test fail on it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "e2e: installing ${need_apt[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ -n "${GRUNDY_BIN:-}" ]; then
  bin="$GRUNDY_BIN"
else
  (cd "$root" && cargo build --quiet -p grundy-cli)
  bin="${CARGO_TARGET_DIR:-$root/target}/debug/grundy"
fi

log="$(mktemp)"
short_log="$(mktemp)"
"$bin" serve --host 127.0.0.1 --port 0 >"$log" 2>&1 &
server=$!
# A second server with a time limit of 1 s, for the tests of requests stopped at the limit: a
# request that passes 1 s is slow on any machine, while one that passes the default 10 s on
# this one may not on a faster one.
"$bin" serve --host 127.0.0.1 --port 0 --time-limit 1 >"$short_log" 2>&1 &
short_server=$!
trap 'kill "$server" "$short_server" 2>/dev/null || true; rm -f "$log" "$short_log"' EXIT

# A server prints its address once it listens (port 0 picks a free one).
address() { # LOG PID
  local found=""
  for _ in $(seq 1 100); do
    found="$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$1" || true)"
    [ -n "$found" ] && break
    kill -0 "$2" 2>/dev/null || { cat "$1" >&2; echo "e2e: the server did not start" >&2; return 1; }
    sleep 0.1
  done
  [ -n "$found" ] || { echo "e2e: the server did not report its address" >&2; return 1; }
  echo "$found"
}
url="$(address "$log" "$server")"
short_url="$(address "$short_log" "$short_server")"

cd "$here"
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=(*.test.mjs)
# Each test is bounded (--test-timeout), not the suite: on a machine loaded by other work the
# suite passes slowly instead of failing when a sum of honest tests passes a fixed total. A test
# that hangs still fails, after its own bound.
GRUNDY_URL="$url" GRUNDY_SHORT_URL="$short_url" CHROMIUM="$(command -v chromium)" \
  node --test --test-concurrency=1 --test-timeout="${E2E_TEST_TIMEOUT_MS:-300000}" "${tests[@]}"
