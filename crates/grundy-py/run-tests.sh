#!/usr/bin/env bash
# The Python package's checks, run by ./test.sh: cargo fmt and clippy of the binding crate (its
# own workspace, so the root's checks do not cover it), then one release build of the package
# into a virtualenv (target/venv) with `pip install`, as the guide says (docs/python.md), and its pytest
# tests. A fresh machine gets what it lacks first (install.sh): the venv module (Debian's
# python3-venv, through apt-get), and maturin, numpy, pytest, dask[distributed] and the notebook
# runner (nbclient, nbformat, ipykernel: tests/test_notebook.py) from PyPI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
cargo fmt --check
# Not --locked: the binding's Cargo.lock pins its own dependencies (pyo3, numpy), but a dependency
# the core library gains on main is not in it yet; cargo adds it and keeps every other pin.
cargo clippy --all-targets -- -D warnings
bash "$here/install.sh"
venv="$here/target/venv"
py="$venv/bin/python"
# maturin's build hook runs the `maturin` program by name: the venv's own bin comes first on the
# PATH (a fresh machine has no maturin anywhere else).
export PATH="$venv/bin:$PATH"
start=$(date +%s)
"$py" -m pip install --quiet --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps "$here"
echo "grundy-py: built and installed in $(($(date +%s) - start)) s"
cd "$here/tests"
"$py" -m pytest -q -p no:cacheprovider
