#!/usr/bin/env bash
# The figures the docs state about building and testing grundy, measured on this machine and
# written back where the docs state them (issue 84: the docs said "one to two minutes" for a
# release build, 194 s of CPU for the Python build and 2.87 MB for the static page's
# WebAssembly long after each stopped holding). Each build starts from no build (a fresh
# CARGO_TARGET_DIR, dependencies included), as a new user's does.
#
#   bash bench/doc-figures.sh [--write] [--tests] [--only release,python,wasm]
#
# Prints one line a figure: the release build of the command line (wall and CPU time, the
# size of target/), the Python package's build (`pip install ./crates/grundy-py` into a fresh
# virtualenv: CPU time of the build), the static page's WebAssembly (the module's and the
# folder's size after web/build-static.sh), and with --tests the whole `./test.sh` (wall time).
# --write puts them into README.md, docs/install.md, docs/python.md and docs/static-page.md
# (the sentences that state them). A figure not measured leaves its sentence as it is.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
write=0 tests=0 only="release,python,wasm"
while [ $# -gt 0 ]; do
  case $1 in
    --write) write=1 ;;
    --tests) tests=1 ;;
    --only) only=$2; shift ;;
    *) echo "usage: bash $0 [--write] [--tests] [--only release,python,wasm] (unknown argument: $1)" >&2; exit 2 ;;
  esac
  shift
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
figures="$scratch/figures"
: >"$figures"
# Each figure is printed as it is measured (a later step that fails keeps the earlier ones).
note() { echo "$1 $2" | tee -a "$figures"; }
wants() { [[ ",$only," == *",$1,"* ]]; }
# Wall seconds, CPU seconds (user + system, children included) of a command.
timed() { /usr/bin/time -f "%e %U %S" -o "$scratch/time" "$@" >"$scratch/log" 2>&1 || { tail -20 "$scratch/log" >&2; exit 1; }
  read -r wall user sys <"$scratch/time"; echo "$wall $(python3 -c "print(round($user + $sys))")"; }

if wants release; then
  read -r wall cpu < <(timed env CARGO_TARGET_DIR="$scratch/release" cargo build --release -p grundy-cli)
  size=$(du -sm "$scratch/release" | cut -f1)
  note release_wall_s "$wall"; note release_cpu_s "$cpu"; note release_target_mb "$size"
  rm -rf "$scratch/release"
fi
if wants python; then
  python3 -m venv "$scratch/venv"
  "$scratch/venv/bin/python" -m pip install -q maturin >/dev/null
  read -r wall cpu < <(timed env PATH="$scratch/venv/bin:$PATH" CARGO_TARGET_DIR="$scratch/py-target" "$scratch/venv/bin/python" -m pip install -q --no-build-isolation ./crates/grundy-py)
  note python_wall_s "$wall"; note python_cpu_s "$cpu"
  rm -rf "$scratch/py-target" "$scratch/venv"
fi
if wants wasm; then
  read -r wall cpu < <(timed env CARGO_TARGET_DIR="$scratch/wasm-target" bash web/build-static.sh "$scratch/site")
  note wasm_mb "$(python3 -c "import os; print(round(os.path.getsize('$scratch/site/grundy_wasm_bg.wasm') / 1e6, 2))")"
  note site_mb "$(python3 -c "import os; d='$scratch/site'; print(round(sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d)) / 1e6, 2))")"
  note wasm_cpu_s "$cpu"
  rm -rf "$scratch/wasm-target"
fi
if [ "$tests" = 1 ]; then
  read -r wall cpu < <(timed ./test.sh)
  note tests_wall_s "$wall"
fi
[ "$write" = 1 ] || exit 0
python3 - "$figures" <<'PY'
import re, sys
f = dict(line.split() for line in open(sys.argv[1]))
def minutes(s):
    m = float(s) / 60
    return f"about {round(m)} minute{'s' if round(m) != 1 else ''}" if m >= 1.5 else f"about {round(float(s))} s"
edits = []
if "release_wall_s" in f:
    w = minutes(f["release_wall_s"])
    edits += [("README.md", r"a release build takes [^:]*? on two cores:", f"a release build takes {w} on two cores:"),
              ("docs/install.md", r"A release build from scratch takes .*? on two\ncores and \d+ MB", f"A release build from scratch takes {w} on two\ncores and {f['release_target_mb']} MB")]
if "python_cpu_s" in f:
    c = round(float(f["python_cpu_s"]))
    edits += [("README.md", r"with Rust: about [\d.]+ minutes of CPU time", f"with Rust: about {round(c / 60, 1)} minutes of CPU time"),
              ("docs/python.md", r"about [\d.]+ minutes of\nCPU time from a clean `target/` \(\d+ s measured", f"about {round(c / 60, 1)} minutes of\nCPU time from a clean `target/` ({c} s measured"),
              ("docs/python.md", r"dependencies included\), so .*? `crates/grundy-py/run-tests.sh`", f"dependencies included), {round(float(f['python_wall_s']))} s of wall time on two idle\ncores. `crates/grundy-py/run-tests.sh`")]
if "wasm_mb" in f:
    edits += [("docs/static-page.md", r"the WebAssembly module is [\d.]+ MB and the folder [\d.]+ MB", f"the WebAssembly module is {f['wasm_mb']} MB and the folder {f['site_mb']} MB")]
if "tests_wall_s" in f:
    edits += [(doc, r"A whole run takes about \S+ (minutes?|s) on two cores", f"A whole run takes {minutes(f['tests_wall_s'])} on two cores")
              for doc in ("README.md", "docs/install.md")]
for path, pattern, new in edits:
    text = open(path).read()
    changed, n = re.subn(pattern, new, text, count=1, flags=re.S)
    if n == 0:
        sys.exit(f"doc-figures: {path} has no sentence matching {pattern!r}")
    open(path, "w").write(changed)
    print(f"{path}: {new!r}")
PY
