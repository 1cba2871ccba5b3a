"""python -m grundy.outcome: who wins a partizan board position, the root's moves expanded into
jobs combined by the rule of a game tree; in this process and on a Dask cluster of two workers
it gives the outcome classes of grundy.analyze (Conway's values), and its winning moves win."""

import json
import logging
import os
import subprocess
import sys

import pytest

import grundy
from grundy import outcome

from test_survey import grundy_binary

# Domineering boards (rows joined by /, # filled), empty and partly filled, and Clobber boards:
# each small enough for Conway's value, which answers grundy.analyze.
DOMINEERING = [
    ".../.../...",
    "..../..../..../....",
    "...../...../...../.....",
    "..../..../..../..../....",
    ".#../..../..#./....",
    "##.../...../.#.#./.....",
    "...#/.#../..../#...",
    "....../....../......",
]
# The empty 6 x 6 board: some two thousand positions for the search, past a budget of one unit.
SIX_BY_SIX = "/".join(["......"] * 6)
CLOBBER = ["xox/oxo/xox", "xoxo/oxox", "xo.x/.xox/oxo.", "xxo/o..", "xxox/o..x"]


def conway_class(game, board):
    """The outcome class of Conway's value (grundy.value), found apart from any search."""
    return grundy.value(game, [board]).outcome


def loses_moving_first(game, board, player):
    """Whether `player` ("first" is Left) loses `board` moving first, by Conway's value."""
    return conway_class(game, board) in (("R", "P") if player == "first" else ("L", "P"))


def check(game, board, answer):
    """`answer` (to_move both) agrees with Conway's value, and each winning move wins."""
    assert answer["outcome_class"] == conway_class(game, board), (game, board, answer)
    for player in ("first", "second"):
        a = answer[player]
        assert a["outcome"] == ("N" if a["winner"] == player else "P")
        if a["winner"] == player:
            (leaves,) = a["winning_move"]["leaves"]
            assert loses_moving_first(game, leaves, "second" if player == "first" else "first"), (board, a)
        else:
            assert a["winning_move"] is None


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_in_this_process_every_depth_gives_conways_outcome_class(depth):
    for board in DOMINEERING[:5]:
        answer = outcome.search("domineering", [board], "both", depth=depth)
        check("domineering", board, answer)
        assert answer["jobs_run"] <= answer["jobs"]


def test_in_this_process_more_boards_and_clobber():
    for game, boards in (("domineering", DOMINEERING[5:]), ("clobber", CLOBBER)):
        for board in boards:
            check(game, board, outcome.search(game, board, "both"))


def test_one_player_to_move_gives_its_answer_and_no_class():
    for to_move in ("first", "second"):
        a = outcome.search("domineering", ["...../...../...../....."], to_move)
        assert "outcome_class" not in a
        full = grundy.value("domineering", ["...../...../...../....."]).outcome
        assert full == "L"
        assert a["winner"] == "first" and a["outcome"] == ("N" if to_move == "first" else "P")
        assert a["winning_moves"] == ([a["winning_move"]] if to_move == "first" else [])


def test_a_won_root_stops_at_the_first_winning_move():
    # 4x5 Domineering, Left first: Left's first move wins, so the jobs under the other root
    # moves are never run.
    a = outcome.search("domineering", ["...../...../...../....."], "first", depth=2)
    assert a["winning_move"]["text"] == "Left places a vertical domino on a1-a2"
    assert a["jobs_run"] < a["jobs"] / 4, a
    # With both players first, a position two moves deep is reached from either root, and the
    # outcome class one job gives answers it for the other player to move too.
    both = outcome.search("domineering", ["...../...../...../...../....."], "both", depth=2)
    assert both["jobs_shared"] > 0
    assert both["jobs_run"] + both["jobs_shared"] <= both["jobs"]
    # Nothing is left to search when the game is over at the root: no job.
    over = outcome.search("domineering", ["#.#/.#./#.#"], "both")
    assert over["jobs"] == 0 and over["outcome_class"] == "P"


@pytest.fixture(scope="module")
def scheduler():
    from dask.distributed import LocalCluster

    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
    )
    yield cluster.scheduler_address
    cluster.close()


def test_two_dask_workers_give_the_answers_of_one_process(scheduler):
    for game, board, depth in [("domineering", b, 2) for b in DOMINEERING] + [
        ("domineering", DOMINEERING[2], 3),
        ("domineering", DOMINEERING[1], 1),
    ] + [("clobber", b, 2) for b in CLOBBER]:
        on_dask = outcome.search(game, [board], "both", depth=depth, scheduler=scheduler)
        here = outcome.search(game, [board], "both", depth=depth)
        check(game, board, on_dask)
        for player in ("first", "second"):
            assert on_dask[player]["winner"] == here[player]["winner"], (board, player)
        assert on_dask["jobs"] == here["jobs"]
        assert on_dask["jobs_run"] + on_dask["jobs_cancelled"] <= on_dask["jobs"]


def module(*args, check=True, env=None):
    run = subprocess.run(
        [sys.executable, "-m", "grundy.outcome", *args], capture_output=True, text=True, timeout=600, env=env
    )
    if check:
        assert run.returncode == 0, run.stderr
    return run


def test_the_module_on_a_local_cluster_of_two_workers_prints_grundy_analyze_words():
    text = module("domineering", "..../..../....", "--workers", "2").stdout
    lines = text.splitlines()
    assert lines[0] == "domineering ..../..../.... (normal play, first player to move)"
    assert lines[1] == "outcome: Left, to move, loses: Right wins with best play"
    assert lines[2] == "winning moves: none"
    assert lines[3].startswith("jobs: 48 (the positions 2 moves deep), ")
    assert "on a local Dask cluster of 2 workers" in lines[3]
    both = json.loads(module("domineering", "..../..../....", "--to-move", "both", "--workers", "2", "--json").stdout)
    assert both["outcome_class"] == "R" == conway_class("domineering", "..../..../....")
    assert both["second"]["winning_move"]["leaves"][0].count("R") == 2


def test_grundy_analyze_dask_runs_the_module_on_the_scheduler(scheduler):
    env = dict(os.environ, PYTHON=sys.executable)
    run = subprocess.run(
        [grundy_binary(), "analyze", "clobber", "xoxo/oxox", "--to-move", "both", "--json", "--dask", scheduler],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    check("clobber", "xoxo/oxox", answer)
    assert answer["ran_on"] == f"the Dask cluster at {scheduler}"
    bad = subprocess.run(
        [grundy_binary(), "analyze", "domineering", "..x/...", "--dask", scheduler],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "x" in bad.stderr, bad.stderr


def test_bad_input_raises_the_typed_exceptions():
    with pytest.raises(grundy.BadInput) as e:
        outcome.search("domineering", ["..x/..."])
    # At depth 0 too (no move listed), and before any cluster starts.
    with pytest.raises(grundy.BadInput):
        outcome.search("domineering", ["..x/..."], depth=0, workers=2)
    assert "'x'" in str(e.value) or "x" in str(e.value)
    with pytest.raises(grundy.BadInput, match="not a partizan board game"):
        outcome.search("nim", ["3", "4"])
    with pytest.raises(grundy.BadInput, match="not a partizan board game"):
        grundy._native.outcome_moves("kayles", ["5"], "first")
    with pytest.raises(grundy.BadInput, match="--to-move"):
        outcome.search("domineering", ["..../...."], "left")
    with pytest.raises(grundy.BadInput, match="to-move"):
        grundy._native.outcome_job("domineering", ["..../...."], "third")
    with pytest.raises(grundy.BadInput):
        grundy._native.outcome_job("domineering", ["..../...."], "first", budget=-1)
    with pytest.raises(grundy.BadInput, match="--depth 101 is past 100"):
        outcome.search("backsliding-toads-frogs", ["FF..TT"], depth=101)
    # 100 moves of a strip whose play repeats: one position a level, no recursion too deep.
    assert outcome.search("backsliding-toads-frogs", ["FF..TT"], depth=100)["outcome"] == "D"


def test_each_job_takes_its_memory_on_the_workers(scheduler):
    """`memory` (--memory) reaches each worker's search: 1 MiB answers the empty 6 x 6 board (an
    outcome search: its value is past the quick forecast), and a bound the machine cannot give
    is refused by the worker's search itself; one under 1 MiB is refused before any job."""
    small = outcome.search("domineering", [SIX_BY_SIX], "both", depth=0, scheduler=scheduler, memory=1 << 20)
    assert small["outcome_class"] == "N"
    with pytest.raises(grundy.Refused, match="half of --memory"):
        outcome.search("domineering", [SIX_BY_SIX], "first", depth=0, scheduler=scheduler, memory=1 << 62)
    with pytest.raises(grundy.BadInput, match="--memory 1000 is less than"):
        outcome.search("domineering", [SIX_BY_SIX], depth=0, scheduler=scheduler, memory=1000)
    run = module("domineering", SIX_BY_SIX, "--depth", "0", "--memory", "1048576", "--workers", "2", "--json")
    assert json.loads(run.stdout)["winner"] == "first"


def test_a_budget_too_small_for_a_job_is_refused_naming_the_flag():
    # Refused by the job's probe, whose forecast passes the budget, with the budget that would
    # hold it; or, where no forecast is made, given up at the budget's bound.
    with pytest.raises((grundy.GaveUp, grundy.Refused)) as e:
        outcome.search("domineering", [SIX_BY_SIX], depth=0, budget=1)
    assert "--budget" in str(e.value)
    run = module("domineering", SIX_BY_SIX, "--depth", "0", "--budget", "1", "--workers", "0", "--json", check=False)
    assert run.returncode == 2
    error = json.loads(run.stdout)["error"]
    assert error["kind"] in ("gave_up", "refused") and "--budget" in error["message"]


def test_an_expansion_past_the_bound_is_refused_before_any_job(monkeypatch):
    monkeypatch.setattr(outcome, "MAX_JOBS", 50)
    ran = []
    monkeypatch.setattr(outcome, "job", lambda *a: ran.append(a))
    with pytest.raises(grundy.Refused, match="give a smaller --depth"):
        outcome.search("domineering", ["...../...../...../....."], depth=2)
    assert ran == []


def test_the_moves_and_one_job_of_the_native_module():
    winner, moves = grundy._native.outcome_moves("domineering", "../..", "first")
    assert winner is None
    assert moves == [
        ("Left places a vertical domino on a1-a2", ["L./L."]),
        ("Left places a vertical domino on b1-b2", [".L/.L"]),
    ]
    # Over: Right has no move on one column, so Left, not to move, has won.
    assert grundy._native.outcome_moves("domineering", "./.", "second") == ("first", [])
    job = grundy._native.outcome_job("domineering", "L./L.", "second")
    assert job["winner"] == "first" and job["winning_move"] is None
    assert job["outcome_class"] == conway_class("domineering", "L./L.")
    # The player to move alone (grundy analyze --to-move-only): the same winner, fewer
    # positions, no class.
    board = "...#.../......./......./...#.../......./......./......."
    for to_move in ["first", "second"]:
        both = grundy._native.outcome_job("domineering", board, to_move)
        alone = grundy._native.outcome_job("domineering", board, to_move, to_move_only=True)
        assert alone["winner"] == both["winner"] and both["outcome_class"] == "L"
        assert alone["outcome_class"] is None
        assert alone["search_nodes"] < both["search_nodes"], (alone, both)


def test_a_game_whose_play_repeats_has_its_draws():
    # Backsliding Toads and Frogs: FF..TT is drawn, T..F won by the player to move (docs/loopy.md);
    # a draw below the root is a draw at the root unless a move wins.
    for strip in ["FF..TT", "T..F", "TT.F", "F..T", "T.F.F", ".TF.T"]:
        mine = outcome.search("backsliding-toads-frogs", [strip], "first", depth=2)
        theirs = grundy.analyze("backsliding-toads-frogs", [strip])
        assert (mine["outcome"], mine["winner"]) == (theirs.outcome, theirs.winner), strip
    assert outcome.search("backsliding-toads-frogs", ["FF..TT"], "both")["outcome_class"] is None
