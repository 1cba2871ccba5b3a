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
