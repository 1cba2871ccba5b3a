"""grundy.analyze, grundy.sequence and grundy.batch: the library's answers through Python."""

import json

import numpy as np
import pytest

import grundy


def test_analyze_nim_gives_bouton_winning_moves():
    a = grundy.analyze("nim", [7, 9, 12, 15])
    assert (a.outcome, a.sg, a.winning_move_count, a.winner) == ("N", 7 ^ 9 ^ 12 ^ 15, 3, "first")
    assert [m.text for m in a.winning_moves] == [
        "take 5 from heap 2 (9 -> 4)",
        "take 11 from heap 3 (12 -> 1)",
        "take 13 from heap 4 (15 -> 2)",
    ]
    assert a.winning_moves[0].leaves == ["7", "4", "12", "15"]
    assert a.explanation and "Bouton" in a.explanation[0]
    assert a.to_dict()["winning_move_count"] == 3


@pytest.mark.parametrize(
    "game,position",
    [
        ("nim", [3, 5, 7, 100]),
        ("kayles", [10, 7, 3]),
        ("subtraction:1,3,4", [17, 9]),
        ("octal:0.16", [40, 33]),
        ("bounded", ["7/3", "9/2", "12/5"]),
        ("wythoff", [5, 9]),
        ("hackenbush", ["0-1,1-2,2-0,1-3", "0-1,1-1"]),
        ("sum", ["euclid=34,12", "wythoff=2,3", "kayles=7"]),
    ],
)
def test_every_winning_move_leaves_a_lost_position_that_types_back(game, position):
    a = grundy.analyze(game, position)
    assert a.outcome == "N"
    assert a.winning_move_count == len(a.winning_moves) > 0
    for m in a.winning_moves:
        assert all(isinstance(t, str) for t in m.leaves)
        after = grundy.analyze(game, m.leaves)
        assert after.outcome == "P", (m.text, m.leaves)


def test_analyze_misere_and_limit():
    a = grundy.analyze("nim", [1, 1, 1], misere=True)
    assert (a.outcome, a.sg) == ("P", None)
    big = grundy.analyze("kayles", [1000000], limit=5)
    assert big.winning_move_count == 83338 and len(big.winning_moves) == 5
    assert big.winning_moves_not_listed.startswith("the first 5 of 83338")


def test_bad_input_is_a_typed_exception_naming_the_bad_part():
    with pytest.raises(grundy.BadInput, match="'x'"):
        grundy.analyze("nim", ["x"])
    with pytest.raises(grundy.BadInput):
        grundy.analyze("no-such-game", [1])
    with pytest.raises(ValueError):  # BadInput is a ValueError too
        grundy.analyze("nim", [-3])
    with pytest.raises(grundy.BadInput, match="heap 2"):
        grundy.analyze("nim", [1, 2.5])
    with pytest.raises(grundy.BadInput, match="budget"):
        grundy.analyze("nim", [1], budget=1 << 40)
    assert issubclass(grundy.GaveUp, grundy.GrundyError)


def test_a_search_past_its_budget_gives_up_with_a_budget_that_does():
    # A heap of 40 lies past the misère quotient an analysis computes for 0.137 (heap 30 is
    # inside it since the quotient's proof got faster, and answered from the quotient).
    with pytest.raises(grundy.GaveUp) as info:
        grundy.analyze("octal:0.137", [40], misere=True, budget=50)
    e = info.value
    assert e.budget == 50 and e.suggested_budget > 50 and e.units == "positions searched"
    assert str(e.suggested_budget) in str(e)
    budget = e.suggested_budget
    while True:
        try:
            a = grundy.analyze("octal:0.137", [40], misere=True, budget=budget)
            break
        except grundy.GaveUp as again:
            assert again.suggested_budget > budget
            budget = again.suggested_budget
    assert a.outcome in ("N", "P")


def test_sequence_is_a_numpy_array_with_its_proven_period():
    s = grundy.sequence("octal:0.16", 200000)
    assert isinstance(s.values, np.ndarray) and s.values.dtype == np.uint64
    assert s.values.shape == (200001,) and len(s) == 200001
    sub = grundy.sequence("subtraction:1,3,4", 50)
    assert list(sub.values[:7]) == [0, 1, 0, 1, 2, 3, 2]
    p = sub.period
    assert (p.preperiod, p.period, p.saltus, p.proven) == (0, 7, 0, True)
    kayles = grundy.sequence("kayles", 300)
    assert kayles.period.period == 12 and kayles.period.proven
    # The values are the analysis's values of single heaps.
    for n in range(0, 300, 37):
        assert kayles.values[n] == grundy.analyze("kayles", [n]).sg
    with pytest.raises(grundy.BadInput):
        grundy.sequence("euclid", 10)
    with pytest.raises(grundy.Refused):
        grundy.sequence("nim", 1 << 40)


def test_batch_answers_each_query_in_order_as_grundy_batch():
    queries = [
        {"game": "nim", "position": [1, 2, 3]},
        {"game": "nim", "position": [-1]},
        '{"game": "kayles", "position": [7, 5], "limit": 1}',
        {"game": "wat", "position": [1]},
        {"game": "octal:0.137", "position": [40], "misere": True, "budget": 50},
    ]
    answers = grundy.batch(queries)
    assert len(answers) == 5
    assert answers[0] == grundy.analyze("nim", [1, 2, 3], explain=False).to_dict()
    assert answers[1] == {
        "error": {"kind": "bad_input", "message": "heap 1 '-1' is negative", "argument": "position"},
        "line": 2,
    }
    assert len(answers[2]["winning_moves"]) == 1 and answers[2]["winning_move_count"] > 1
    assert answers[3]["error"]["argument"] == "game" and answers[3]["line"] == 4
    assert answers[4]["error"]["kind"] == "gave_up" and '"budget":' in answers[4]["error"]["message"]
    assert json.dumps(answers)  # plain JSON all through


def test_the_version_is_the_crates():
    # grundy.__version__ is the installed package's (pyproject.toml's), kept equal to the
    # binding crate's (Cargo.toml's).
    import pathlib
    import re

    here = pathlib.Path(__file__).resolve().parent.parent
    for name in ("Cargo.toml", "pyproject.toml"):
        declared = re.search(r'^version = "([^"]+)"', (here / name).read_text(), re.M).group(1)
        assert grundy.__version__ == declared, name
    assert re.fullmatch(r"\d+\.\d+\.\d+", grundy.__version__)
