"""Loopy games written as text through Python (issue 81): grundy.value(text) of a game in
CGSuite's notation gives a Value with the outcome each player first (a draw where play never
ends), the stopper flag, a stopper's simplest form or the two sides, as `grundy value TEXT`
gives them; a short game's text is the short game's Value as before; bad text is BadInput
naming the bad part. The figures are Winning Ways' (vol. 2, ch. 11) and Siegel's
("Combinatorial Game Theory", ch. VI)."""

import pytest

import grundy


@pytest.mark.parametrize(
    "text, shown, stopper, canonical, sides",
    [
        # {0, a | *} with a pointing back to itself is upon.
        ("a:{0,a|*}", "upon", True, "upon", (None, None)),
        # on absorbs every stopper but off: on + over = on, its two sides equal.
        ("on + over", "on", False, None, ("on", "on")),
        # dud = {pass|pass}: sides on and off.
        ("dud", "on & off", False, None, ("on", "off")),
        # Winning Ways' game C: onside 3/2, offside ↓ (CGSuite writes v).
        ("c:{a:{0||c|}||a|}", "3/2 & ↓", False, None, ("3/2", "↓")),
    ],
)
def test_the_published_figures(text, shown, stopper, canonical, sides):
    v = grundy.value(text)
    assert isinstance(v, grundy.Value)
    assert str(v) == shown
    assert v.stopper is stopper
    assert v.canonical == canonical
    assert (v.onside, v.offside) == sides
    assert (v.canonical_not_written is None) is stopper


def test_outcomes_with_each_player_first():
    # on: Left can always pass and Right has no move; dud: both pass for ever.
    on = grundy.value("on")
    assert (on.outcome_left_first, on.outcome_right_first, on.outcome) == ("L", "L", "L")
    dud = grundy.value("dud")
    assert (dud.outcome_left_first, dud.outcome_right_first, dud.outcome) == ("D", "D", "D")
    # A short game's pair follows from its class: * is a first-player win, 0 a second-player one.
    star, zero = grundy.value("*"), grundy.value("0")
    assert (star.outcome_left_first, star.outcome_right_first) == ("L", "R")
    assert (zero.outcome_left_first, zero.outcome_right_first) == ("R", "L")
    # The loopy reader's games with no cycle answer as the short ones.
    for loopy, short in [("a:{0|0}", "*"), ("a:{|}", "0")]:
        a, b = grundy.value(loopy), grundy.value(short)
        assert a.loopfree and (a.outcome_left_first, a.outcome_right_first) == (
            b.outcome_left_first,
            b.outcome_right_first,
        )
        assert a.canonical == b.canonical


def test_a_short_text_is_the_short_value_as_before():
    v = grundy.value("{1|0}")
    assert v == grundy.game_value("{1|0}")
    assert v.stopper and v.loopfree and v.onside is None and v.offside is None
    assert v.mean == grundy.game_value("1/2")
    assert grundy.game_value("upon").canonical == "upon"


def test_what_only_short_games_have_is_refused_for_a_loopy_game():
    dud = grundy.value("dud")
    for name in ["mean", "temperature", "stops", "birthday", "left_options"]:
        with pytest.raises(grundy.Refused, match="loopy game"):
            getattr(dud, name)
    with pytest.raises(grundy.Refused, match="one text"):
        dud + 1
    with pytest.raises(grundy.Refused):
        grundy.game_value("1") + dud
    assert dud._repr_svg_() is None
    assert repr(dud) == "<grundy.Value of a loopy game: on & off>"
    # A stopper's repr reads back.
    upon = grundy.value("a:{0,a|*}")
    assert eval(repr(upon), {"grundy": grundy}).canonical == "upon"
    assert dud != grundy.value("dud") and dud == dud


@pytest.mark.parametrize(
    "text, names",
    [
        ("a:{0,b|*}", "'b'"),
        ("a:{0|} + a:{|0}", "defined twice"),
        ("pass", "'pass'"),
        ("{pass}", "bar"),
    ],
)
def test_bad_text_is_bad_input_naming_the_part(text, names):
    with pytest.raises(grundy.BadInput, match=names) as e:
        grundy.value(text)
    assert "\n" not in str(e.value)


def test_a_game_of_the_list_still_needs_its_position():
    with pytest.raises(grundy.BadInput, match="no position given after nim"):
        grundy.value("nim")


def test_a_position_of_fox_and_geese_is_valued_as_a_loopy_game():
    # CGSuite's ValuesTable (its test suite, GameGridTest.scala): the fox on row 2 at column 2,
    # the geese on row 3, valued 2 + over; two spare rows stand for CGSuite's endless board.
    v = grundy.value("fox-and-geese", "......../.F....../G.G.G.G./......../........")
    assert str(v) == "2 + over"
    assert v.stopper is True
    assert (v.outcome_left_first, v.outcome_right_first) == ("L", "L")
    assert v.onside is None and v.offside is None
