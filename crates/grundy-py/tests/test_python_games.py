"""Games written in Python: heap_game (a mex table built in Rust) and game (the library's
ImpartialSolver), checked against grundy's own games and against plain searches written here."""

import functools
import random

import numpy as np
import pytest

import grundy


def subtract_134(n):
    return [n - t for t in (1, 3, 4) if t <= n]


def kayles(n):
    """Knock down one pin or two adjacent pins: the row splits in two (tuples)."""
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def test_heap_game_equals_grundys_subtraction_134_to_2000():
    mine = grundy.heap_game(subtract_134).sequence(2000)
    assert isinstance(mine.values, np.ndarray) and mine.values.shape == (2001,)
    assert np.array_equal(mine.values, grundy.sequence("subtraction:1,3,4", 2000).values)
    p = mine.period
    assert (p.preperiod, p.period, p.saltus, p.proven) == (0, 7, 0, False)


def test_kayles_written_in_python_equals_kayles_to_600():
    mine = grundy.heap_game(kayles).sequence(600).values
    assert np.array_equal(mine, grundy.sequence("kayles", 600).values)


def plain_values(options, upto):
    """G(0..upto) by the definition, one option at a time."""
    g = []
    for n in range(upto + 1):
        seen = set()
        for o in options(n):
            parts = o if isinstance(o, tuple) else (o,)
            x = 0
            for p in parts:
                x ^= g[p]
            seen.add(x)
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


def random_rules(rng):
    takes = rng.sample(range(1, 7), rng.randint(1, 3))
    splits = rng.random() < 0.5

    def options(n):
        out = []
        for t in takes:
            if t <= n:
                out.append(n - t)
                if splits and n - t >= 2:
                    out.append((1, n - t - 1))
        return out

    return options


def test_the_mex_table_against_the_definition_and_the_library_solver():
    rng = random.Random(36)
    for _ in range(20):
        options = random_rules(rng)
        table = grundy.heap_game(options).sequence(60).values
        assert list(table) == plain_values(options, 60)

        # The same game through grundy.game: the library's ImpartialSolver over sorted heaps.
        def sum_options(heaps):
            out = []
            for i, h in enumerate(heaps):
                for o in options(h):
                    parts = o if isinstance(o, tuple) else (o,)
                    rest = heaps[:i] + heaps[i + 1 :] + tuple(p for p in parts if p)
                    out.append(tuple(sorted(rest)))
            return out

        solver = grundy.game(sum_options, lambda heaps: [(h,) for h in heaps] if len(heaps) > 1 else [heaps])
        for n in range(0, 61, 7):
            assert solver.value((n,) if n else ()) == table[n]


def misere_wins(options, heaps):
    """Misère outcome of a sum of heaps by plain search (the player to move wins?)."""

    @functools.lru_cache(maxsize=None)
    def wins(pos):
        moves = []
        for i, h in enumerate(pos):
            for o in options(h):
                parts = o if isinstance(o, tuple) else (o,)
                moves.append(tuple(sorted(pos[:i] + pos[i + 1 :] + tuple(p for p in parts if p))))
        if not moves:
            return True  # no move: under misère play the player to move has won
        return any(not wins(m) for m in moves)

    return wins(tuple(sorted(h for h in heaps if h)))


def test_heap_game_analyze_sums_under_both_conventions():
    game = grundy.heap_game(kayles)
    values = game.sequence(30).values
    rng = random.Random(7)
    for _ in range(40):
        heaps = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
        a = game.analyze(heaps)
        x = 0
        for h in heaps:
            x ^= int(values[h])
        assert a.sg == x and a.outcome == ("P" if x == 0 else "N")
        for m in a.winning_moves:
            assert game.analyze(m.leaves).sg == 0, m.text
        assert a.winning_move_count == len(a.winning_moves) == (0 if x == 0 else a.winning_move_count)
        m = game.analyze(heaps, misere=True)
        assert m.sg is None
        assert m.outcome == ("N" if misere_wins(kayles, heaps) else "P"), heaps
        for w in m.winning_moves:
            assert not misere_wins(kayles, w.leaves), w.text


def test_callback_errors_propagate_as_the_python_exception():
    def boom(n):
        if n == 7:
            raise KeyError("seven")
        return [n - 1] if n else []

    with pytest.raises(KeyError, match="seven"):
        grundy.heap_game(boom).sequence(10)
    with pytest.raises(KeyError, match="seven"):
        grundy.heap_game(boom).analyze([3, 9], misere=True)
    g = grundy.game(boom)
    with pytest.raises(KeyError, match="seven"):
        g.value(9)
    # What the solver learnt before the error is not trusted afterwards: asking again raises again.
    with pytest.raises(KeyError, match="seven"):
        g.value(9)
    assert g.value(6) == 0


@pytest.mark.parametrize(
    "options,named",
    [
        (lambda n: ["a"] if n else [], "'a'"),
        (lambda n: [-1] if n else [], "-1"),
        (lambda n: [n], "must leave heaps smaller"),
        (lambda n: [(n - 1, n)] if n else [], "must leave heaps smaller"),
        (lambda n: 5, "not a list of options"),
        (lambda n: [1.5] if n > 2 else [], "1.5"),
    ],
)
def test_a_bad_value_from_options_raises_bad_input_naming_it(options, named):
    with pytest.raises(grundy.BadInput, match=named.replace("(", r"\(")):
        grundy.heap_game(options).sequence(5)


def test_work_is_bounded_before_it_starts():
    with pytest.raises(grundy.GaveUp) as info:
        grundy.heap_game(subtract_134, budget=1000).sequence(5000)
    assert info.value.needed == 5001 and info.value.suggested_budget == 5001
    assert len(grundy.heap_game(subtract_134, budget=5001).sequence(5000)) == 5001
    with pytest.raises(grundy.GaveUp):
        grundy.heap_game(kayles, budget=100).sequence(99)  # about 100 * 100 options, past 64 per heap
    with pytest.raises(grundy.Refused):
        grundy.heap_game(subtract_134).sequence(1 << 40)


def nim_options(heaps):
    out = []
    for i, h in enumerate(heaps):
        for left in range(h):
            out.append(tuple(sorted(heaps[:i] + (left,) + heaps[i + 1 :])))
    return out


def test_game_over_hashable_positions_with_components():
    nim = grundy.game(nim_options, lambda heaps: [(h,) for h in heaps] if len(heaps) > 1 else [heaps])
    assert nim.value((3, 5, 6)) == 3 ^ 5 ^ 6
    assert nim.outcome((1, 2, 3)) == "P"
    assert nim.outcome((1, 1, 1), misere=True) == "P"
    a = nim.analyze((3, 4, 5))
    assert (a.outcome, a.sg) == ("N", 2)
    assert sorted(m.leaves for m in a.winning_moves) == sorted(nim.winning_moves((3, 4, 5)))
    for m in a.winning_moves:
        assert nim.value(m.leaves) == 0


def test_game_refusals():
    with pytest.raises(grundy.NotFinite):
        grundy.game(lambda p: [1 - p]).value(0)
    with pytest.raises(grundy.BadInput, match="hashed"):
        grundy.game(lambda p: [[1]]).value(0)
    with pytest.raises(grundy.GaveUp) as info:
        grundy.game(lambda p: [p - 1] if p else [], budget=100).value(1000)
    # A search learns which positions it reaches only by reaching them: no budget is advised.
    assert info.value.suggested_budget is None and "not known" in str(info.value)
