#!/usr/bin/env bash
# What the Python package's tests need, installed where a fresh machine lacks it: the virtualenv
# target/venv (with Debian's python3-venv through apt-get when the venv module is missing), and
# in it, from PyPI, maturin, numpy, pytest, dask[distributed] and the notebook runner (nbclient,
# nbformat, ipykernel: tests/test_notebook.py). Requirements already satisfied (this machine's
# own packages, seen through --system-site-packages) are not fetched again.
# run-tests.sh calls it first; ./test.sh also starts it in the background while the Rust tests
# build, since it waits on the network and the disk, not the cores.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/target/venv"
if [ ! -x "$venv/bin/python" ]; then
    if ! python3 -m venv --system-site-packages "$venv"; then
        rm -rf "$venv"
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        $sudo apt-get install -y -qq python3-venv
        python3 -m venv --system-site-packages "$venv"
    fi
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check maturin numpy pytest "dask[distributed]" nbclient nbformat ipykernel
