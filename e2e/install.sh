#!/usr/bin/env bash
# What the browser tests need, installed where a fresh machine lacks it: Debian's chromium (and
# nodejs, npm) through apt-get, with sudo unless run as root, and the node packages of
# e2e/package-lock.json (playwright-core, which drives the system Chromium) with `npm ci`.
# e2e/run.sh calls it first; ./test.sh also starts it in the background while the Rust tests
# build, since the download and unpacking wait on the network and the disk, not the cores.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
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
