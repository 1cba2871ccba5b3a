"""Conway's values of short partizan games through Python: grundy.value, grundy.game_value,
grundy.Value (outcome, mean, temperature, stops, the partial order, sums, the thermograph) and
grundy.partizan_game (games written in Python). Known values are cited where they are checked:
Lessons in Play (Albert, Nowakowski & Wolfe), Winning Ways (Berlekamp, Conway & Guy) and
Siegel's Combinatorial Game Theory (2013)."""

import ast
import pathlib
import time
from fractions import Fraction

import pytest

import grundy
from grundy import game_value as gv


def test_known_sums_of_infinitesimals():
    # Lessons in Play, chapter 5 (↑ and *): ↑ + ↑ = ⇑, ↑ + * is confused with 0, {0|*} = ↑,
    # * + * = 0.
    up, star = gv("↑"), gv("*")
    assert up + up == gv("⇑")
    assert (up + star).confused_with(0) and (up + star).outcome == "N"
    assert gv([0], ["*"]) == up and gv("{0|*}") == up
    assert star + star == 0 and (star + star).outcome == "P"
    assert up > 0 and not up > star and not up < star and up.confused_with(star)
    assert -up == gv("↓") and up - up == 0


def test_outcome_classes_and_the_order():
    # Siegel, section I.1: L when G > 0, R when G < 0, P when G = 0, N when G || 0.
    assert [gv(t).outcome for t in ["1", "-1/2", "0", "*", "±1", "↑"]] == ["L", "R", "P", "N", "N", "L"]
    assert gv(1) > Fraction(1, 2) >= gv("1/2") and gv("1/2") > gv("↑") > 0
    assert gv("↓*").confused_with(0)
    # ±1 is confused with every number from -1 to 1 (Lessons in Play, chapter 6).
    assert gv("±1") < 2 and gv("±1") > -2 and not gv("±1") <= 1 and not gv("±1") >= 0
    assert gv("±1").confused_with(1) and gv("±1").confused_with(Fraction(-1, 2))
    assert gv(3) == 3 and gv("3/4") == Fraction(3, 4) and gv(3) != 4
    assert gv("*") != 0 and not (gv("*") == "*")  # a text is no operand: game_value reads it


def test_mean_temperature_and_stops_are_exact_fractions():
    # Winning Ways, chapter 6; Siegel, section II.5: {2|-1} has stops 2 and -1, mean 1/2 and
    # temperature 3/2; a number m/2^k has temperature -1/2^k, an integer -1.
    v = gv("{2|-1}")
    assert (v.mean, v.temperature, v.stops) == (Fraction(1, 2), Fraction(3, 2), (Fraction(2), Fraction(-1)))
    assert all(isinstance(x, Fraction) for x in [v.mean, v.temperature, *v.stops])
    assert (gv("3/4").temperature, gv(5).temperature, gv("*").temperature) == (Fraction(-1, 4), -1, 0)
    assert (gv("±1").mean, gv("±1").temperature) == (0, 1)


def test_repr_reads_back_as_the_same_value():
    for text in ["0", "-5/8", "*3", "↑*", "⇓", "±1", "{1|0,*}", "{2|{1|-1}}", "1/2↑*"]:
        v = gv(text)
        again = eval(repr(v), {"grundy": grundy})
        assert again == v and repr(again) == repr(v) and str(v) == v.canonical
    assert repr(gv("^^")) == "grundy.game_value('⇑')"  # ASCII reads too; the name is Lessons in Play's


def test_sums_with_ints_fractions_and_sum():
    up = gv("↑")
    assert 1 + up == up + 1 == gv("1↑") and up - 1 == gv("-1↑") and 1 - up == gv("1↓")
    assert up + Fraction(1, 2) == gv("1/2↑")
    assert sum([up, up, up]) == gv("↑3")
    assert +up is up


def test_equal_values_hash_alike():
    assert hash(gv(3)) == hash(3) and hash(gv("1/2")) == hash(Fraction(1, 2))
    assert {gv(3): "three"}[3] == "three"
    assert len({gv("{1|0,*}"), gv([1], [0, "*"]), gv("{1|0,*}")}) == 1


def test_big_ups_and_nimbers_are_valued_at_once():
    # Issue 62, rows 1 and 2: x + n·↑ + *m has mean x, temperature 0 and both stops x by a
    # closed form; the walk of ↑N's options aborted the interpreter, *N's took N^2 steps.
    start = time.monotonic()
    assert gv("^1000000000").mean == 0
    assert grundy.value("nim", [100000]).mean == 0
    big = gv("*4000000000")
    assert (big.temperature, big.stops) == (0, (0, 0))
    assert gv("3/4v999999999*5").mean == Fraction(3, 4)
    assert time.monotonic() - start < 5


def test_options_and_birthday():
    v = gv("{1|0,*}")
    assert v.left_options == [1] and v.right_options == [0, gv("*")]
    assert (gv(3).birthday, gv("*").birthday, v.birthday) == (3, 1, 2)


def test_value_of_a_kl_nim_position_matches_the_game_written_in_python():
    # K-L-Nim (kl:2,3): Nim where Left (the first player) never takes exactly 2 and Right never
    # exactly 3. The library values it from its Left and Right options; the same game written
    # in Python through partizan_game must have the same value at every small position.
    def moves(banned):
        def options(heaps):
            out = []
            for i, h in enumerate(heaps):
                for take in range(1, h + 1):
                    if take != banned:
                        out.append(tuple(sorted(heaps[:i] + (h - take,) + heaps[i + 1 :])))
            return out

        return options

    kl = grundy.partizan_game(moves(2), moves(3), name="kl")
    checked = 0
    for a in range(7):
        for b in range(a + 1):
            heaps = tuple(sorted((a, b)))
            v = grundy.value("kl:2,3", [str(h) for h in heaps])
            assert v == kl.value(heaps), heaps
            assert v.outcome == kl.outcome(heaps)
            assert v.canonical is not None
            checked += 1
    assert checked == 28
    assert kl.name == "kl" and "kl" in repr(kl)


def test_value_of_impartial_games_and_sums_is_a_nimber():
    # Sprague-Grundy: an impartial game equals *G; a sum's value is the sum of the values.
    assert grundy.value("nim", [3, 5]) == gv("*6")
    assert grundy.value("sum", ["nim=3", "kayles=4"]) == gv("*3") + gv("*1")


def stalk(colours):
    """Blue-Red Hackenbush on one stalk written in Python: a position is the string of edge
    colours from the ground up; Left cuts a blue edge, Right a red one, and the edges above it
    fall."""
    return [colours[:i] for i, c in enumerate(colours) if c == "B"], [colours[:i] for i, c in enumerate(colours) if c == "R"]


def test_hackenbush_stalks_written_in_python_are_binary_fractions():
    # Berlekamp's rule (Winning Ways, chapter 2; Lessons in Play, chapter 3): the edges up to
    # the first change of colour count 1 each, each later one half the one before.
    h = grundy.partizan_game(lambda s: stalk(s)[0], lambda s: stalk(s)[1])
    expected = {"": 0, "B": 1, "R": -1, "BR": Fraction(1, 2), "BBR": Fraction(3, 2), "BRB": Fraction(3, 4),
                "BRR": Fraction(1, 4), "RBB": Fraction(-1, 4), "BRBB": Fraction(7, 8)}
    for s, x in expected.items():
        v = h.value(s)
        assert v == x and v.canonical == str(x), (s, v)
    # A picture of several stalks: components split it into its stalks, whose values add.
    forest = grundy.partizan_game(
        lambda f: [(t,) for t in stalk(f[0])[0]],
        lambda f: [(t,) for t in stalk(f[0])[1]],
        lambda f: [(s,) for s in f],
        name="forest",
    )
    assert forest.value(("BR", "R")) == Fraction(-1, 2) and forest.value(("BRB", "BR", "R")) == Fraction(1, 4)
    assert forest.outcome(("B", "R")) == "P" and forest.value(()) == 0


def test_domineering_written_in_python():
    # Winning Ways, chapter 5 (Lessons in Play, chapter 1): Left places vertical dominoes,
    # Right horizontal ones; the 2x2 board is ±1, a vertical strip of two 1, a horizontal one -1.
    def placed(board, cells):
        rows = [list(r) for r in board]
        for r, c in cells:
            rows[r][c] = "#"
        return tuple("".join(r) for r in rows)

    def left(board):
        return [placed(board, [(r, c), (r + 1, c)]) for r in range(len(board) - 1) for c in range(len(board[0]))
                if board[r][c] == board[r + 1][c] == "."]

    def right(board):
        return [placed(board, [(r, c), (r, c + 1)]) for r in range(len(board)) for c in range(len(board[0]) - 1)
                if board[r][c] == board[r][c + 1] == "."]

    d = grundy.partizan_game(left, right, name="domineering")
    assert d.value(("..", "..")) == gv("±1")
    assert d.value((".", ".")) == 1 and d.value(("..",)) == -1
    assert d.value(("...", "...")).outcome in "LRPN"


def test_thermograph_svg_has_both_walls_and_the_exact_numbers():
    svg = gv("{2|-1}").thermograph_svg()
    assert svg.startswith("<svg") and 'data-wall="left"' in svg and 'data-wall="right"' in svg
    assert "mean 1/2" in svg and "temperature 3/2" in svg and 'data-temperature="3/2"' in svg


def test_a_name_too_long_to_write_is_none_with_the_reason():
    # ±1 + ±2 + ±4 + ...: switches of different temperatures do not simplify, and the name of
    # their sum doubles with each one (its options are written out at each place).
    g = sum(gv("±%d" % (2**k)) for k in range(14))
    assert g.canonical is None and "longer than 100000 characters" in g.canonical_not_written
    assert "born on day" in repr(g) and g.outcome == "N" and g.mean == 0
    assert gv("±1").canonical_not_written is None


def test_bad_input_is_a_typed_exception_naming_the_bad_part():
    with pytest.raises(grundy.BadInput, match="1/3"):
        gv(Fraction(1, 3))
    with pytest.raises(grundy.BadInput, match="1.5"):
        gv(1.5)
    with pytest.raises(grundy.BadInput):
        gv("{1|")
    with pytest.raises(grundy.BadInput, match=r"left\[1\]"):
        gv([0, object()], [])
    with pytest.raises(grundy.BadInput, match="list of options"):
        gv("*", "0")
    with pytest.raises(grundy.BadInput, match="2\\^63"):
        gv(2**63)
    with pytest.raises(grundy.BadInput):
        grundy.value("no-such-game", [1])
    with pytest.raises(grundy.BadInput, match="'x'"):
        grundy.value("kl:2,3", ["x"])
    with pytest.raises(TypeError):
        gv("↑") + "*"  # a text is no operand
    with pytest.raises(grundy.BadInput, match="not a function"):
        grundy.partizan_game([], lambda p: [])
    g = grundy.partizan_game(lambda p: 5, lambda p: [])
    with pytest.raises(grundy.BadInput, match=r"left\(0\) returned 5"):
        g.value(0)
    with pytest.raises(grundy.BadInput, match="hashed"):
        grundy.partizan_game(lambda p: [[1]], lambda p: []).value(0)


def test_a_game_with_a_cycle_is_not_finite():
    loop = grundy.partizan_game(lambda p: [(p + 1) % 3], lambda p: [])
    with pytest.raises(grundy.NotFinite, match="can follow itself"):
        loop.value(0)


def test_work_past_the_budget_is_refused_before_more_callbacks():
    calls = []

    def left(n):
        calls.append(n)
        return [n - 1] if n > 0 else []

    chain = grundy.partizan_game(left, lambda n: [], budget=10)
    with pytest.raises(grundy.GaveUp) as e:
        chain.value(100)
    assert e.value.units == "positions searched" and len(calls) <= 10
    chain.budget = 1000
    assert chain.value(100) == 100  # what was valued is kept; a larger budget goes on


def test_a_callback_exception_is_raised_as_itself():
    def left(n):
        if n == 3:
            raise KeyError("three")
        return [n - 1] if n > 0 else []

    g = grundy.partizan_game(left, lambda n: [])
    with pytest.raises(KeyError, match="three"):
        g.value(5)
    assert g.value(2) == 2


def test_callbacks_may_use_values():
    # The store is not held while a callback runs: a callback that adds values works.
    seen = []

    def left(n):
        seen.append(gv("↑") + n)
        return [n - 1] if n > 0 else []

    assert grundy.partizan_game(left, lambda n: []).value(3) == 3 and len(seen) == 4


def test_the_work_limit_is_a_typed_refusal_that_names_its_remedy():
    # Switches no other test makes: the store is the process's, and a sum it has made already
    # is remembered, costing no work.
    switches = ["±%d" % (5 * 2**k) for k in range(8)]
    old = grundy.set_value_work(50)
    try:
        with pytest.raises(grundy.GaveUp, match=r"grundy\.set_value_work") as e:
            sum(gv(s) for s in switches)
        assert e.value.units == "steps of work" and e.value.budget == 50
    finally:
        assert grundy.set_value_work(old) == 50
    assert sum(gv(s) for s in switches).outcome == "N"
    with pytest.raises(grundy.BadInput):
        grundy.set_value_work(0)


def test_the_stub_names_what_the_module_has():
    # The checked stub: every function and class of grundy._native is in _native.pyi, and
    # every public member of Value and PartizanGame is declared there.
    stub = ast.parse((pathlib.Path(grundy.__file__).parent / "_native.pyi").read_text())
    top = {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    native = {n for n in dir(grundy._native) if not n.startswith("_")}
    assert native <= top, native - top
    for cls in ["Value", "PartizanGame"]:
        node = next(n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == cls)
        declared = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        declared |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        public = {n for n in dir(getattr(grundy, cls)) if not n.startswith("_")}
        assert public <= declared, (cls, public - declared)


def test_a_value_refused_says_the_outcome_its_parts_decide():
    # Twenty K-L-Nim heaps are past the work a value may take, yet their atomic weights decide
    # the row at once: the refusal says so, as `grundy value` and the web do.
    heaps = [2 + (i * 7) % 30 for i in range(20)]
    with pytest.raises((grundy.GaveUp, grundy.Refused)) as e:
        grundy.value("kl:2,3", heaps)
    assert "its outcome is known without it: Right wins whoever starts (outcome class R)" in str(e.value)
    assert grundy.analyze("kl:2,3", heaps).outcome == "P"


# Konane's 8x8 opening (two stones taken from the middle) and the 8x8 Clobber checkerboard.
KONANE_OPENING = "xoxoxoxo/oxoxoxox/xoxoxoxo/oxo..oxo/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox"
CLOBBER_8X8 = "/".join(("xoxoxoxo" if r % 2 == 0 else "oxoxoxox") for r in range(8))


@pytest.mark.parametrize("game,board", [("konane", KONANE_OPENING), ("clobber", CLOBBER_8X8)])
def test_a_value_is_bounded_as_a_whole(game, board):
    # Issue 80, row 5: one bound over all the operations of a value, as `grundy value` and the
    # web bound it (before: each operation was bounded alone, and Konane's 8x8 opening was
    # refused only after 10-14 s, Clobber's 8x8 board still running at 240 s at the largest
    # budget). The refusal names the whole value and what raises the bound.
    for budget in (None, 2**31):
        with pytest.raises(grundy.GaveUp, match=r"^Conway's value, in all \(it was at .*\), needs more than 50000000 steps") as e:
            grundy.value(game, board, budget=budget)
        assert "grundy.set_value_work(steps)" in str(e.value)


def test_the_worksheets_comparisons_and_cooling():
    # Issue 84, as CGSuite's worksheet answers: {1|0} >= * holds ({1|0} > *); ↑ is confused
    # with *. Cooling {3|-1} by 1 gives {2|0}, by 2 it freezes to 1*, past 2 it is its mean 1
    # (Winning Ways, chapter 6; Siegel, section II.5); * heated by 1 is ±1; 1/2 = {0|1}
    # overheated from 1 to 1 is {1|0}.
    g, star, up = gv("{1|0}"), gv("*"), gv("↑")
    assert g >= star and g > star and not g <= star and not g == star and g != star
    assert up.confused_with(star) and not up >= star and not up <= star
    hot = gv("{3|-1}")
    assert hot.cool(1) == gv("{2|0}") and str(hot.cool(1)) == "{2|0}"
    assert hot.cool(Fraction(5, 2)) == 1 and hot.cool(gv("2")) == gv("1*")
    assert hot.freeze() == gv("1*") and gv("3/4").freeze() == Fraction(3, 4)
    assert star.heat(1) == gv("±1") and up.heat(1) == gv("{1|{0|-2}}")
    assert gv("1/2").overheat(1, 1) == gv("{1|0}")
    # Heating by t then cooling by t gives the game back.
    for text in ["{1|0}", "↑*", "{2|-1}", "*2"]:
        assert gv(text).heat(Fraction(1, 2)).cool(Fraction(1, 2)) == gv(text)
    # The text reader takes the same operations.
    assert gv("cool({3|-1}, 1)") == hot.cool(1) and gv("overheat(1/2, 1, 1)") == gv("{1|0}")
    with pytest.raises(grundy.BadInput, match="a game is cooled by a number"):
        hot.cool(star)
    with pytest.raises(grundy.Refused, match="defined for t > -1"):
        hot.cool(-1)
    with pytest.raises(grundy.BadInput, match="unknown name `x`"):
        gv("cool(*, x)")


def test_a_positions_options_are_listed_with_their_values():
    """grundy.options lists a position's options as `grundy value GAME POSITION --options` does:
    each move's position (typed back as input) and value, Left's then Right's."""
    o = grundy.options("domineering", "../..")
    assert (o["game"], o["position"], o["value"]) == ("domineering", ["../.."], "±1")
    assert [e["value"] for e in o["left"]] == ["1", "1"]
    assert [e["value"] for e in o["right"]] == ["-1", "-1"]
    for side in ("left", "right"):
        for e in o[side]:
            # Each option's position reads back, and its value is the value of that position.
            assert str(grundy.value("domineering", e["position"])) == e["value"]
    # The options' values are the form's options (Conway's value of the position).
    v = grundy.value("domineering", "../..")
    assert [str(x) for x in v.left_options] == ["1"] and [str(x) for x in v.right_options] == ["-1"]
    with pytest.raises(grundy.BadInput, match="'x' is not one of"):
        grundy.options("domineering", "..x")
