#!/usr/bin/env bash
# Browser end-to-end tests of `grundy serve`: installs what is missing on a fresh machine
# (e2e/install.sh: Debian's chromium, node, the npm packages of e2e/package-lock.json), builds
# the binary, serves on a free loopback port, runs the node tests (every e2e/*.test.mjs, or the
# files named as arguments) and stops the server. Exits non-zero when anything fails.
# GRUNDY_BIN=path serves that binary instead of building one (e.g. an older build, to see a
# new test fail on it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

bash "$here/install.sh"

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

# The static page (web/build-static.sh), served by Python's http.server, for static.test.mjs
# (built only when that test runs). Where the WebAssembly target cannot be had, the build says
# so in one line (exit 3): the line is printed and those tests are skipped with it as the reason.
static_url=""
static_log=""
static_skip=""
if printf '%s\n' "${tests[@]}" | grep -q 'static\.test\.mjs'; then
  static_log="$(mktemp)"
  if [ -n "${E2E_STATIC_DIR:-}" ]; then
    # Built already by the caller (./test.sh builds it beside the Python tests, on the core
    # they leave idle): its folder, the build's exit status and its standard error.
    static_dir="$E2E_STATIC_DIR"
    status="${E2E_STATIC_STATUS:?E2E_STATIC_DIR needs E2E_STATIC_STATUS}"
    build_log="${E2E_STATIC_BUILD_LOG:?E2E_STATIC_DIR needs E2E_STATIC_BUILD_LOG}"
    trap 'kill "$server" "$short_server" ${static_server:-} 2>/dev/null || true; rm -rf "$log" "$short_log" "$static_log"' EXIT
  else
    static_dir="$(mktemp -d)"
    build_log="$(mktemp)"
    trap 'kill "$server" "$short_server" ${static_server:-} 2>/dev/null || true; rm -rf "$log" "$short_log" "$static_dir" "$static_log" "$build_log"' EXIT
    status=0
    bash "$root/web/build-static.sh" "$static_dir" 2>"$build_log" || status=$?
  fi
  if [ "$status" -eq 3 ]; then
    static_skip="$(grep '^static page:' "$build_log" | tail -n 1)"
    echo "e2e: skipping the static page's tests: $static_skip" >&2
  elif [ "$status" -ne 0 ]; then
    cat "$build_log" >&2
    echo "e2e: web/build-static.sh failed ($status)" >&2
    exit 1
  else
    python3 -u -m http.server --bind 127.0.0.1 --directory "$static_dir" 0 >"$static_log" 2>&1 &
    static_server=$!
    for _ in $(seq 1 100); do
      port="$(sed -n 's/^Serving HTTP on [0-9.]* port \([0-9]*\).*/\1/p' "$static_log")"
      [ -n "$port" ] && break
      sleep 0.1
    done
    [ -n "$port" ] || { cat "$static_log" >&2; echo "e2e: the static page's server did not start" >&2; exit 1; }
    static_url="http://127.0.0.1:$port/"
  fi
fi
# Each test is bounded (--test-timeout), not the suite: on a machine loaded by other work the
# suite passes slowly instead of failing when a sum of honest tests passes a fixed total. A test
# that hangs still fails, after its own bound.
# The files run two at a time (E2E_CONCURRENCY), 4 min against 7 here; those named in `alone`
# run after them, one at a time: targets.test.mjs starts a new game after each of its hundred
# moves, and beside another file, on a loaded machine, a game's work could outlast its
# successor's start (bench/HISTORY.md, 2026-11-30 night).
alone=(targets.test.mjs)
together=()
apart=()
for t in "${tests[@]}"; do
  if [[ " ${alone[*]} " == *" $t "* ]]; then apart+=("$t"); else together+=("$t"); fi
done
run_node() { # CONCURRENCY FILE...
  local concurrency="$1"
  shift
  GRUNDY_URL="$url" GRUNDY_SHORT_URL="$short_url" CHROMIUM="$(command -v chromium)" \
    GRUNDY_STATIC_URL="$static_url" GRUNDY_STATIC_LOG="$static_log" GRUNDY_STATIC_SKIP="$static_skip" \
    node --test --test-concurrency="$concurrency" --test-timeout="${E2E_TEST_TIMEOUT_MS:-300000}" "$@"
}
failed=0
[ ${#together[@]} -eq 0 ] || run_node "${E2E_CONCURRENCY:-2}" "${together[@]}" || failed=1
[ ${#apart[@]} -eq 0 ] || run_node 1 "${apart[@]}" || failed=1
exit "$failed"
