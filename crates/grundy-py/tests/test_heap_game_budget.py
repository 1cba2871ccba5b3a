"""A heap game's table past its budget is refused before the work, naming budget= (issue 47,
row 10): the options the whole table will list are forecast from those listed so far, at each
power of two from a sixteenth of the values on, and a budget named is one that then suffices."""

import pytest

import grundy


def kayles(n):
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def counted(options):
    calls = []

    def wrapped(n):
        calls.append(n)
        return options(n)

    return wrapped, calls


def test_kayles_like_to_20000_is_refused_at_once_naming_the_budget():
    options, calls = counted(kayles)
    with pytest.raises(grundy.GaveUp) as info:
        grundy.heap_game(options).sequence(20000)
    e = info.value
    # About 4·10^8 options; the default budget allows 1.28·10^8. Refused after the heaps
    # below 2048, 4·10^6 options, 1% of the work (the run went on for 109 s, then gave up
    # naming no budget).
    assert len(calls) <= 2048, len(calls)
    assert f"budget={e.suggested_budget}" in str(e) and e.suggested_budget > 2_000_000
    assert e.units == "positions searched" and e.budget == 2_000_000


def test_the_budget_named_suffices_and_the_forecast_is_within_3x():
    options, calls = counted(kayles)
    with pytest.raises(grundy.GaveUp) as info:
        grundy.heap_game(options, budget=2000).sequence(800)
    e = info.value
    assert len(calls) <= 256, len(calls)  # before the work (801 heap sizes)
    assert f"budget={e.suggested_budget}" in str(e)
    listed = sum(len(kayles(n)) for n in range(801))
    asked = e.suggested_budget * 64
    assert listed <= asked <= 3 * 1.5 * listed, (listed, asked)
    values = grundy.heap_game(options, budget=e.suggested_budget).sequence(800).values
    assert list(values) == list(grundy.sequence("kayles", 800).values)


def test_a_count_too_small_to_forecast_from_still_names_the_budget():
    def many(n):
        return [0] * 1000 if n else []

    with pytest.raises(grundy.GaveUp) as info:
        grundy.heap_game(many, budget=10).sequence(5)
    assert "budget=" in str(info.value)


def test_a_count_that_stops_growing_is_not_forecast_past_the_budget():
    # 100 options a heap from heap 100 on: about 2·10^6 for 20,001 heap sizes. Over the first
    # doublings the count grows as n^2, as Kayles's does; a forecast from them would refuse.
    def window(n):
        return range(max(0, n - 100), n)

    listed = sum(len(window(n)) for n in range(20001))
    budget = int(listed * 1.3 / 64)
    values = grundy.heap_game(window, budget=budget).sequence(20000).values
    assert len(values) == 20001


def test_games_within_the_budget_are_not_refused():
    def subtract_134(n):
        return [n - t for t in (1, 3, 4) if t <= n]

    # 3 options a heap: 3·10^5 options for 10^5 heap sizes, well within 10^5 · 64.
    values = grundy.heap_game(subtract_134, budget=100_001).sequence(100_000).values
    assert list(values[:8]) == [0, 1, 0, 1, 2, 3, 2, 0]
    # Kayles to 2000 lists 4·10^6 options, within the default budget's 1.28·10^8.
    assert list(grundy.heap_game(kayles).sequence(2000).values) == list(grundy.sequence("kayles", 2000).values)
