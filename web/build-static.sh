#!/usr/bin/env bash
# Builds the static page: a folder that any static host serves (GitHub Pages, `python3 -m
# http.server`), the page of `grundy serve` with every request answered in the browser by the
# API compiled to WebAssembly (crates/grundy-wasm), in Web Workers. No server, and no request
# after the page has loaded.
#
#   bash web/build-static.sh DIR
#
# DIR is new, empty, or an earlier build (it holds the file .grundy-static-page); a folder that
# holds other files is refused in one line (exit 2), before any work.
#
# Installs what a fresh machine lacks: the target through `rustup target add
# wasm32-unknown-unknown`, and wasm-bindgen-cli of the version the workspace pins
# (`cargo install wasm-bindgen-cli --version X --locked`). Where the target cannot be had it
# says so in one line, starting "static page:", and exits 3 (e2e/run.sh then skips the tests of
# the static page, printing that line). One release build, in the profile `wasm` (opt-level
# "s", no LTO): BENCHMARKS.md has its time and size.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
out="${1:?usage: bash web/build-static.sh DIR}"
target=wasm32-unknown-unknown
unavailable() {
  echo "static page: $1" >&2
  exit 3
}
# The file that marks a folder as this script's build: a folder holding it is built again in
# place; any other folder that holds files is refused (exit 2) before any work, since the build
# replaces index.html, app.js and the rest and would overwrite a person's files of those names.
marker=.grundy-static-page
if [ -e "$out" ] && [ ! -d "$out" ]; then
  echo "static page: $out is a file, not a folder; give a new or empty folder" >&2
  exit 2
fi
if [ -d "$out" ] && [ ! -e "$out/$marker" ] && [ -n "$(ls -A "$out")" ]; then
  echo "static page: $out holds files and is not an earlier build (it has no $marker), and the build would replace index.html, app.js, style.css, favicon.svg, local-api.js, worker.js and grundy_wasm_bg.wasm in it (and delete grundy_wasm.js); give a new or empty folder" >&2
  exit 2
fi

if ! rustc --print target-libdir --target "$target" >/dev/null 2>&1 \
  || [ ! -d "$(rustc --print target-libdir --target "$target")" ]; then
  command -v rustup >/dev/null 2>&1 \
    || unavailable "the Rust target $target is not installed and there is no rustup to add it"
  rustup target add "$target" >/dev/null 2>&1 \
    || unavailable "the Rust target $target could not be installed (rustup target add $target failed)"
fi

# wasm-bindgen-cli must be the version of the wasm-bindgen crate the module is built with.
version="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$root/Cargo.toml")"
[ -n "$version" ] || unavailable "no pinned wasm-bindgen version in Cargo.toml"
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $version" ]; then
  echo "static page: installing wasm-bindgen-cli $version" >&2
  cargo install wasm-bindgen-cli --version "$version" --locked --quiet \
    || unavailable "wasm-bindgen-cli $version could not be installed (cargo install wasm-bindgen-cli --version $version --locked failed)"
fi

target_dir="${CARGO_TARGET_DIR:-$root/target}"
(cd "$root" && cargo rustc --quiet -p grundy-wasm --target "$target" --profile wasm --crate-type cdylib)
mkdir -p "$out"
echo "a folder built by grundy's web/build-static.sh, which builds it again in place" >"$out/$marker"
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" \
  "$target_dir/$target/wasm/grundy_wasm.wasm"

static="$root/crates/grundy-web/static"
js="$root/crates/grundy-wasm/js"
cp "$static/app.js" "$static/style.css" "$static/favicon.svg" "$js/local-api.js" "$out/"
# The worker's script: wasm-bindgen's glue (the global `wasm_bindgen`), then the worker's own
# code, one file that the page loads once and starts its workers from.
cat "$out/grundy_wasm.js" "$js/worker.js" >"$out/worker.js"
rm "$out/grundy_wasm.js"
# The page's HTML, with the static page's API loaded before the page's script, and a footer that
# says what this page is (the served page's names `grundy serve` and its API).
footer='<footer>A static page: grundy compiled to WebAssembly answers every request in your browser, and nothing is sent anywhere. Past its time limit, the command line <code>grundy</code> answers.</footer>'
sed -e 's|<script src="app.js"></script>|<script src="local-api.js"></script>\n<script src="app.js"></script>|' \
  -e "s|<footer>.*</footer>|$footer|" "$static/index.html" >"$out/index.html"
grep -q 'A static page:' "$out/index.html" || {
  echo "static page: index.html has no <footer>...</footer> line to replace" >&2
  exit 1
}
grep -q 'src="local-api.js"' "$out/index.html" || {
  echo "static page: index.html has no <script src=\"app.js\"> to load the static page's API before" >&2
  exit 1
}
echo "static page: $out ($(du -sh "$out" | cut -f1)); serve it with: python3 -m http.server -d $out"
