"""Issue 63's operations on values from Python: atomic weights (Siegel, Combinatorial Game
Theory, section II.7; Lessons in Play, chapter 9), reduced forms, incentives, ordinal sums and
Norton products, and their refusals as typed exceptions."""

import pytest

import grundy


def test_atomic_weights_of_uptimals_and_clobber():
    assert grundy.game_value("^3*").atomic_weight == 3
    assert grundy.game_value("{0|↓*}").atomic_weight == 0
    # Clobber xxxo is {0|↑} = ⇑*, of atomic weight 2: Left wins by the two-ahead rule.
    v = grundy.value("clobber", ["xxxo"])
    assert v.all_small
    assert v.atomic_weight == 2
    with pytest.raises(grundy.Refused, match="not all-small"):
        grundy.game_value("{1|0}").atomic_weight


def test_reduced_incentives_ordinal_sum_and_norton():
    assert grundy.game_value("^*").reduced() == 0
    assert grundy.game_value("{1|^}").reduced().canonical == "{1|0}"
    i = grundy.game_value("{2|-1}").incentives()
    assert [x.canonical for x in i["left"]] == ["{3|0}"]
    assert sorted(i) == ["dominant", "left", "right"]
    assert grundy.game_value(1).ordinal_sum(-1) == grundy.game_value("1/2")
    assert grundy.game_value(3).norton("^").canonical == "↑3"
    with pytest.raises(grundy.Refused, match="must be positive"):
        grundy.game_value(1).norton("{1|0}")
