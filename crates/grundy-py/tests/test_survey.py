"""python -m grundy.survey: the survey on a local Dask cluster of two workers gives the lines of
the one-process survey, and its store resumes."""

import functools
import json
import os
import pathlib
import subprocess
import sys

import pytest

CODES = ["0.1x", "4.x", "0.77", ".16", "dawsons-kayles"]
ROOT = pathlib.Path(__file__).resolve().parents[3]


@functools.lru_cache(maxsize=None)
def grundy_binary():
    """The command-line program: GRUNDY_BIN (./test.sh sets it to the binary its Rust tests
    ran), or else the test profile's build of the package, made up to date first."""
    given = os.environ.get("GRUNDY_BIN")
    if given:
        return given
    subprocess.run(
        ["cargo", "build", "--profile", "test", "-p", "grundy-cli", "--locked", "--quiet"], cwd=ROOT, check=True
    )
    return str(ROOT / "target" / "debug" / "grundy")


def cli_survey(*args):
    run = subprocess.run([grundy_binary(), "survey", *args], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return run


def survey(*args, check=True):
    run = subprocess.run(
        [sys.executable, "-m", "grundy.survey", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if check:
        assert run.returncode == 0, run.stderr
    return run


@pytest.fixture(scope="module")
def one_process():
    return {
        fmt: survey(*CODES, "--upto", "3000", "--workers", "0", *flag).stdout
        for fmt, flag in (("json", ["--json"]), ("markdown", ["--markdown"]), ("text", []))
    }


def test_the_one_process_survey_is_grundy_survey(one_process, tmp_path):
    for fmt, flag in (("json", ["--json"]), ("markdown", ["--markdown"]), ("text", [])):
        assert cli_survey(*CODES, "--upto", "3000", *flag).stdout == one_process[fmt], fmt
    # Each reads the other's store.
    store = str(tmp_path / "cli")
    cli_survey("0.1x", "--upto", "3000", "--store", store)
    mine = survey(*CODES, "--upto", "3000", "--workers", "0", "--json", "--store", store)
    # .16 is 0.16: its line is the stored one too.
    assert mine.stdout == one_process["json"] and ": 9 from the store," in mine.stderr
    theirs = cli_survey(*CODES, "--upto", "3000", "--json", "--store", store)
    assert theirs.stdout == one_process["json"] and " 0 classified" in theirs.stderr


def test_two_dask_workers_give_the_lines_of_one_process(one_process, tmp_path):
    store = tmp_path / "store"
    dask = survey(*CODES, "--upto", "3000", "--workers", "2", "--json", "--store", str(store))
    assert dask.stdout == one_process["json"]
    lines = [json.loads(l) for l in dask.stdout.splitlines()]
    # Each code once, in the order of CODES; 0.77 and kayles are one game, .16 is 0.16.
    assert [l["code"] for l in lines[:8]] == ["0.1", "0.11", "0.12", "0.13", "0.14", "0.15", "0.16", "0.17"]
    assert {l["class"] for l in lines} >= {"trivial", "solved"} or {l["class"] for l in lines} >= {"trivial"}
    kayles = next(l for l in lines if l["code"] == "0.77")
    assert (kayles["class"], kayles["preperiod"], kayles["period"]) == ("trivial", 71, 12)
    sixteen = next(l for l in lines if l["code"] == ".16")
    assert "0.16" in sixteen["equivalent"]
    # The store holds every code; a rerun in one process takes them all from it.
    assert len(os.listdir(store)) == len({l["canonical"] for l in lines})
    again = survey(*CODES, "--upto", "3000", "--workers", "0", "--json", "--store", str(store))
    assert again.stdout == one_process["json"]
    assert f"{len(lines)} codes: {len(lines)} from the store, 0 classified" in again.stderr


def test_markdown_text_and_shards_match_the_one_process_survey(one_process, tmp_path):
    assert survey(*CODES, "--upto", "3000", "--workers", "2", "--markdown").stdout == one_process["markdown"]
    assert "|" in one_process["markdown"] and one_process["text"].count("\n") == one_process["json"].count("\n")
    # Two shards (one on the cluster, one in this process) keep their codes in one store; the
    # whole survey then reads them all back.
    store = str(tmp_path / "shards")
    for shard, workers in (("1/2", "2"), ("2/2", "0")):
        survey(*CODES, "--upto", "3000", "--workers", workers, "--json", "--shard", shard, "--store", store)
    whole = survey(*CODES, "--upto", "3000", "--workers", "0", "--json", "--store", store)
    assert whole.stdout == one_process["json"] and " 0 classified" in whole.stderr


def test_refusals_are_one_line_with_exit_status_2(tmp_path):
    bad = survey("0.9", "--upto", "100", "--workers", "0", check=False)
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and bad.stderr.count("\n") == 1
    codes = tmp_path / "codes.lst"
    codes.write_text("# two codes\n0.77\n0.xyz\n")
    bad = survey(str(codes), "--upto", "100", "--workers", "0", check=False)
    assert bad.returncode == 2 and "line 3" in bad.stderr
    too_many = survey("0.xxxx", "--upto", "100000000", "--workers", "0", check=False)
    assert too_many.returncode == 2 and "shard" in too_many.stderr


def test_a_damaged_store_is_named_in_the_words_of_grundy_survey(tmp_path):
    # The store's files and the checks of a line read back are the library's: the Dask survey
    # names a damaged file as grundy survey does, word for word, and reads its lines the same.
    store = tmp_path / "store"
    survey("0.77", "--upto", "100", "--workers", "0", "--store", str(store))
    (kept,) = store.iterdir()
    assert kept.name == "survey-0.77-upto-100.json"
    good = kept.read_text()
    for damage in ("{", good.replace('"upto":100', '"upto":99')):
        kept.write_text(damage)
        mine = survey("kayles", "--upto", "100", "--workers", "0", "--store", str(store), check=False)
        theirs = subprocess.run(
            [grundy_binary(), "survey", "kayles", "--upto", "100", "--store", str(store)], capture_output=True, text=True
        )
        assert mine.returncode == theirs.returncode == 2, mine.stderr
        assert mine.stderr.count("\n") == 1 and str(kept) in mine.stderr, mine.stderr
        assert mine.stderr.removeprefix("error: ") == theirs.stderr.removeprefix("grundy: ")
    kept.write_text(good)
    line = survey("kayles", "--upto", "100", "--workers", "0", "--json", "--store", str(store)).stdout
    assert line == cli_survey("kayles", "--upto", "100", "--json").stdout
    from grundy.survey import text_line

    assert text_line(json.loads(line)) == cli_survey("kayles", "--upto", "100").stdout
