"""Every bad argument of every public function and method is a grundy.BadInput that names the
argument (issue 47, row 15): a negative number, one past 2^64 - 1, a value of the wrong type,
something not callable where a callback is asked for. Before, PyO3's conversions raised a bare
OverflowError or TypeError, and heap_game(5) was accepted."""

import numpy as np
import pytest

import grundy

NEGATIVE, HUGE = -1, 2**64


def subtract_12(n):
    return [n - t for t in (1, 2) if t <= n]


def countdown(p):
    return [p - 1] if p > 0 else []


def made():
    """One object of each class, to call its methods with bad arguments."""
    return {
        "heap_game": grundy.heap_game(subtract_12),
        "game": grundy.game(countdown),
        "pattern": grundy.pattern([0, 1, 2] * 20),
        "quotient": grundy.quotient("kayles", 30),
        "session": grundy.Session("nim", [3, 5]),
    }


def cases():
    """(what is called, the call, the argument its message names)."""
    o = made()
    hg, g, p, q, s = o["heap_game"], o["game"], o["pattern"], o["quotient"], o["session"]

    def set_budget(obj, value):
        obj.budget = value

    whole = []  # calls taking a whole number, as f(value)
    whole += [
        ("sequence upto", lambda v: grundy.sequence("kayles", v), "upto"),
        ("sequence budget", lambda v: grundy.sequence("kayles", 10, budget=v), "budget"),
        ("analyze limit", lambda v: grundy.analyze("nim", [1, 2], limit=v), "limit"),
        ("analyze budget", lambda v: grundy.analyze("nim", [1, 2], budget=v), "budget"),
        ("batch budget", lambda v: grundy.batch([], budget=v), "budget"),
        ("game budget", lambda v: grundy.game(countdown, budget=v), "budget"),
        ("heap_game budget", lambda v: grundy.heap_game(subtract_12, budget=v), "budget"),
        ("quotient upto", lambda v: grundy.quotient("kayles", v), "upto"),
        ("quotient budget", lambda v: grundy.quotient("kayles", 10, budget=v), "budget"),
        ("quotient work", lambda v: grundy.quotient("kayles", 10, work=v), "work"),
        ("survey upto", lambda v: grundy.survey("0.77", v), "upto"),
        ("Session seed", lambda v: grundy.Session("nim", [3], seed=v), "seed"),
        ("Session budget", lambda v: grundy.Session("nim", [3], budget=v), "budget"),
        ("HeapGame.value", lambda v: hg.value(v), "n"),
        ("HeapGame.sequence", lambda v: hg.sequence(v), "upto"),
        ("HeapGame.analyze limit", lambda v: hg.analyze([3], limit=v), "limit"),
        ("HeapGame.budget", lambda v: set_budget(hg, v), "budget"),
        ("Game.budget", lambda v: set_budget(g, v), "budget"),
        ("Pattern.value", lambda v: p.value(v), "n"),
        ("Pattern.predict", lambda v: p.predict(v), "k"),
        ("Pattern.to_dict", lambda v: p.to_dict(v), "predict"),
        ("Quotient.element", lambda v: q.element(v), "n"),
        ("Quotient.is_p", lambda v: q.is_p([v]), "heap 1"),
        ("analyze heap", lambda v: grundy.analyze("nim", [v]), "heap 1"),
    ]
    out = []
    for what, call, name in whole:
        # A heap of a position may be a string (a token such as "7/3"); a list is refused as
        # the position's item, None as any argument that has a default.
        kinds = (NEGATIVE, HUGE, 2.5, True) + ((None,) if name == "heap 1" else ("7", [3]))
        for bad in kinds:
            out.append((f"{what} = {bad!r}", lambda call=call, bad=bad: call(bad), name))
    flags = [
        ("analyze misere", lambda v: grundy.analyze("nim", [1], misere=v), "misere"),
        ("analyze explain", lambda v: grundy.analyze("nim", [1], explain=v), "explain"),
        ("batch explain", lambda v: grundy.batch([], explain=v), "explain"),
        ("Game.outcome", lambda v: g.outcome(3, misere=v), "misere"),
        ("Game.winning_moves", lambda v: g.winning_moves(3, misere=v), "misere"),
        ("Game.analyze", lambda v: g.analyze(3, misere=v), "misere"),
        ("HeapGame.analyze", lambda v: hg.analyze([3], misere=v), "misere"),
        ("Session misere", lambda v: grundy.Session("nim", [3], misere=v), "misere"),
        ("Session computer_first", lambda v: grundy.Session("nim", [3], computer_first=v), "computer_first"),
    ]
    for what, call, name in flags:
        for bad in (1, "yes", 0.0):
            out.append((f"{what} = {bad!r}", lambda call=call, bad=bad: call(bad), name))
    texts = [
        ("analyze game", lambda v: grundy.analyze(v, [1]), "game"),
        ("sequence game", lambda v: grundy.sequence(v, 5), "game"),
        ("quotient game", lambda v: grundy.quotient(v), "game"),
        ("game name", lambda v: grundy.game(countdown, name=v), "name"),
        ("heap_game name", lambda v: grundy.heap_game(subtract_12, name=v), "name"),
        ("Session level", lambda v: grundy.Session("nim", [3], level=v), "level"),
        ("Session game", lambda v: grundy.Session(v, [3]), "game"),
        ("draw game", lambda v: grundy.draw(v, [3]), "game"),
        ("draw to_move", lambda v: grundy.draw("nim", [3], to_move=v), "to_move"),
    ]
    for what, call, name in texts:
        for bad in (5, b"nim", ["nim"]):
            out.append((f"{what} = {bad!r}", lambda call=call, bad=bad: call(bad), name))
    callables = [
        ("heap_game options", lambda v: grundy.heap_game(v), "options"),
        ("game options", lambda v: grundy.game(v), "options"),
        ("game components", lambda v: grundy.game(countdown, v), "components"),
    ]
    for what, call, name in callables:
        for bad in (5, "options", [1, 2]):
            out.append((f"{what} = {bad!r}", lambda call=call, bad=bad: call(bad), name))
    others = [
        ("pattern values", lambda: grundy.pattern([0, -1]), "G(1)"),
        ("pattern values type", lambda: grundy.pattern(5), "values"),
        ("batch queries", lambda: grundy.batch(5), "queries"),
        ("survey codes", lambda: grundy.survey(5, 10), "codes"),
        ("Game.value unhashable", lambda: g.value([1]), "position"),
        ("Session.play", lambda: s.play(5), "move"),
        ("HeapGame.analyze heaps", lambda: hg.analyze([-1]), "heap 1"),
        ("sequence store", lambda: grundy.sequence("kayles", 10, store=5), "store"),
        ("draw heap", lambda: grundy.draw("nim", [2.5]), "heap 1"),
    ]
    out += others
    return out


@pytest.mark.parametrize("what,call,name", cases(), ids=lambda x: x if isinstance(x, str) else "")
def test_each_bad_argument_is_bad_input_naming_it(what, call, name):
    with pytest.raises(grundy.BadInput) as info:
        call()
    assert name in str(info.value), f"{what}: {info.value}"
    assert "\n" not in str(info.value)


def test_good_arguments_of_other_kinds_are_still_read():
    assert list(grundy.sequence("kayles", np.int64(5)).values) == [0, 1, 2, 3, 1, 4]
    assert grundy.analyze("nim", [1, 2], misere=np.bool_(True)).outcome == "N"
    assert grundy.analyze("nim", [np.uint64(3), 2**63]).outcome == "N"
    assert grundy.heap_game(subtract_12, budget=np.int32(100)).value(np.int64(4)) == 1
