"""pattern(): the rule finder of `grundy pattern` on values computed in Python."""

import random

import numpy as np
import pytest

import grundy


def subtract_134(n):
    return [n - t for t in (1, 3, 4) if t <= n]


def test_the_rule_of_a_python_heap_game_continues_its_values():
    mine = grundy.heap_game(subtract_134).sequence(2000)
    rule = mine.pattern()
    assert rule.rule == "period" and not rule.proven and rule.n0 == 0
    later = grundy.sequence("subtraction:1,3,4", 2100).values[2001:]
    predicted = rule.predict(100)
    assert isinstance(predicted, np.ndarray) and predicted.shape == (100,)
    assert np.array_equal(predicted, later)
    assert "seen, not proven" in rule.words
    d = rule.to_dict(predict=3)
    assert set(d) == {"rule", "words", "expression", "cpp", "python", "from", "checked", "predicted"}
    assert d["predicted"] == list(later[:3])


def test_a_proven_period_is_stated_as_proven():
    rule = grundy.sequence("kayles", 200).pattern()
    assert rule.proven and rule.rule == "period" and rule.n0 == 71
    assert all(rule.value(n) == v for n, v in enumerate(grundy.sequence("kayles", 500).values))


def brute_force(options, upto):
    g = []
    for n in range(upto + 1):
        seen = {g[o] for o in options(n)}
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


def test_a_binary_rule_from_a_brute_force_in_python():
    # LightOJ 1296: take 1 to half of the heap; G(2k) = k, G(2k + 1) = G(k).
    values = brute_force(lambda n: [n - t for t in range(1, n // 2 + 1)], 1999)
    rule = grundy.pattern(values)
    later = brute_force(lambda n: [n - t for t in range(1, n // 2 + 1)], 2099)[2000:]
    assert list(rule.predict(100)) == later
    assert rule.expression and rule.python.startswith("def g(n):")


def test_no_rule_is_claimed_for_values_without_one():
    rng = random.Random(36)
    with pytest.raises(grundy.NoRule, match="no rule among"):
        grundy.pattern([rng.randrange(50) for _ in range(400)])
    with pytest.raises(grundy.BadInput):
        grundy.pattern([0, 1, 2])
    with pytest.raises(grundy.BadInput, match="G\\(2\\)"):
        grundy.pattern([0, 1, -1, 3])


def grundys_game(n):
    """Split a heap into two unequal heaps."""
    return [(a, n - a) for a in range(1, n) if 2 * a < n]


def test_a_python_games_period_is_the_period_of_its_pattern():
    # One period finder: `period` is the period of the rule pattern() states, never a period
    # found by another test. Random take-and-split games, short and long tables.
    rng = random.Random(48)
    with_period = without = 0
    for _ in range(40):
        takes = rng.sample(range(1, 9), rng.randint(1, 3))
        splits = rng.random() < 0.5

        def options(n, takes=takes, splits=splits):
            out = [n - t for t in takes if t <= n]
            if splits:
                out += [(1, n - t - 1) for t in takes if n - t >= 2]
            return out

        for upto in (15, 30, 60, 200):
            s = grundy.heap_game(options).sequence(upto)
            if s.period is None:
                without += 1
                try:
                    assert not s.pattern().rule.endswith("period")
                except grundy.NoRule:
                    pass
                continue
            with_period += 1
            p, rule = s.period, s.pattern()
            assert not p.proven and not rule.proven
            assert rule.rule == ("period" if p.saltus == 0 else "arithmetic-period")
            assert rule.n0 == p.preperiod
            for n in range(upto + 1 + 3 * p.period):
                m = n if n < p.preperiod + p.period else p.preperiod + (n - p.preperiod) % p.period
                k = 0 if n < p.preperiod + p.period else (n - p.preperiod) // p.period
                assert rule.value(n) == int(s.values[m]) + k * p.saltus
    assert with_period >= 40 and without >= 5, (with_period, without)
    # Grundy's game G(0..19) holds G(n + 5) = G(n) + 1 from n = 6, which the old second finder
    # stated as the period; G(20) = 0 contradicts it. The rule finder confirms no rule there.
    s = grundy.heap_game(grundys_game).sequence(19)
    assert s.period is None
    with pytest.raises(grundy.NoRule):
        s.pattern()
