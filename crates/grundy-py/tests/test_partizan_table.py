"""grundy.partizan_table: each heap's Conway value and outcome of a partizan subtraction game
(psub) and a partizan octal game (poctal), with the outcome period proven where Fraenkel and
Kotzig's argument proves one, as `grundy sg GAME --upto N` gives them; the outcomes checked
against a plain recursion written here, the values against grundy.value."""

import functools

import pytest

import grundy


def plain_outcomes(left, right, upto):
    """The outcome class of heaps 0..upto of psub:LEFT:RIGHT by the definition alone: a player
    moving first wins when some size of theirs leaves a heap the other, moving first, loses."""

    @functools.lru_cache(maxsize=None)
    def wins(n, mover):
        sizes = left if mover == 0 else right
        return any(not wins(n - t, 1 - mover) for t in sizes if t <= n)

    letter = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
    return [letter[(wins(n, 0), wins(n, 1))] for n in range(upto + 1)]


def test_psub_rows_and_period():
    # Fraenkel and Kotzig's dominance: in psub:1,2:1,3 every heap from 4 on is L.
    t = grundy.partizan_table("psub:1,2:1,3", 20)
    assert t.game == "psub:1,2:1,3" and t.upto == 20
    assert [o for _, _, o in t.rows] == plain_outcomes((1, 2), (1, 3), 20)
    assert [n for n, _, _ in t.rows] == list(range(21))
    assert t.rows[2] == (2, "↑", "L")
    for n, value, outcome in t.rows[:8]:
        assert grundy.value("psub:1,2:1,3", [n]).outcome == outcome
        assert grundy.value("psub:1,2:1,3", [n]) == grundy.game_value(value)
    p = t.period
    assert (p.preperiod, p.period, p.block, p.behaviour) == (4, 1, "L", "left-dominance")
    assert "Fraenkel and Kotzig" in p.proof and t.no_period is None
    assert t.outcome_at(10**15) == "L"


def test_a_fair_game_through_the_period():
    # psub:1,6:2,3: the block P L N R P N N N from heap 0, both L and R (fairness).
    t = grundy.partizan_table("psub:1,6:2,3", 30)
    assert [o for _, _, o in t.rows] == plain_outcomes((1, 6), (2, 3), 30)
    assert (t.period.preperiod, t.period.block, t.period.behaviour) == (0, "PLNRPNNN", "fairness")
    want = plain_outcomes((1, 6), (2, 3), 200)
    assert [t.outcome_at(m) for m in range(201)] == want


def test_poctal_of_a_subtraction_is_psub():
    # A 3 at each size taken: poctal:0.33:0.303 is psub:1,2:1,3, heap by heap.
    a = grundy.partizan_table("poctal:0.33:0.303", 30)
    b = grundy.partizan_table("psub:1,2:1,3", 30)
    assert a.rows == b.rows
    assert (a.period.preperiod, a.period.period, a.period.block) == (4, 1, "L")


def test_poctal_that_splits_claims_no_period():
    t = grundy.partizan_table("poctal:0.07:0.15", 12)
    assert t.period is None and "split" in t.no_period
    assert len(t.rows) == 13
    for n, value, outcome in t.rows:
        v = grundy.value("poctal:0.07:0.15", [n])
        assert v.outcome == outcome and v == grundy.game_value(value)
    assert t.outcome_at(12) == t.rows[12][2] and t.outcome_at(13) is None


def test_bad_games_are_typed_errors():
    with pytest.raises(grundy.BadInput, match="partizan game of heaps"):
        grundy.partizan_table("kayles", 10)
    with pytest.raises(grundy.BadInput, match="'8'"):
        grundy.partizan_table("poctal:0.8:0.7", 10)
    with pytest.raises(grundy.BadInput):
        grundy.partizan_table("psub:1,2:1,3", -1)
    with pytest.raises(grundy.GaveUp):
        grundy.partizan_table("psub:1,2:1,3", 100, budget=50)
    assert issubclass(grundy.BadInput, grundy.GrundyError)
