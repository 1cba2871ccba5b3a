"""grundy.game(options).outcome() and winning_moves() by a memoised win/lose search that stops
at the first option the opponent loses (issue 47, row 9); values only when asked for."""

import random

import grundy


def cards_game(cards):
    """AtCoder ABC 354E: a position is the set of cards left (a bitmask); a move removes two
    cards that share their front or their back number. Returns the options callback and the
    list that counts its calls."""
    calls = []
    pairs = [
        (1 << i) | (1 << j)
        for i in range(len(cards))
        for j in range(i + 1, len(cards))
        if cards[i][0] == cards[j][0] or cards[i][1] == cards[j][1]
    ]

    def options(left):
        calls.append(left)
        return [left & ~both for both in pairs if left & both == both]

    return options, calls


def random_cards(n, k, seed):
    rng = random.Random(seed)
    return [(rng.randrange(k), rng.randrange(k)) for _ in range(n)]


def test_abc354e_outcome_visits_a_small_part_of_the_positions():
    # 18 cards, numbers below 4: 2^18 = 262,144 sets of cards, 110,525 of them reached from
    # the full set; the outcome lists the options of 15,567.
    options, calls = cards_game(random_cards(18, 4, 354))
    full = (1 << 18) - 1
    outcome = grundy.game(options).outcome(full)
    searched = len(calls)
    assert len(set(calls)) == searched  # memoised: each position's options listed once
    moves = grundy.game(options).winning_moves(full)
    # The value lists the options of every set reached.
    del calls[:]
    value = grundy.game(options).value(full)
    valued = len(calls)
    assert outcome == ("N" if value else "P")
    assert searched * 5 < valued, (searched, valued)
    assert (outcome == "N") == bool(moves)


def test_the_sample_of_abc354e():
    options, _ = cards_game([(1, 9), (2, 5), (4, 9), (1, 4), (2, 5)])
    assert grundy.game(options).outcome(0b11111) == "P"  # Aoki wins


def test_outcomes_and_winning_moves_agree_with_values_on_random_games():
    for seed in range(40):
        n = 7
        options, _ = cards_game(random_cards(n, 2 + seed % 4, seed))
        searched, valued = grundy.game(options), grundy.game(options)
        for left in range(1 << n):
            value = valued.value(left)
            assert searched.outcome(left) == ("N" if value else "P"), (seed, left)
            zero = [o for o in options(left) if valued.value(o) == 0]
            assert searched.winning_moves(left) == zero, (seed, left)
        # Asked in the other order on one game: values after outcomes, outcomes after values.
        both = grundy.game(options)
        for left in range(1 << n):
            assert both.outcome(left) == ("N" if both.value(left) else "P")
            assert both.outcome(left, misere=True) == searched.outcome(left, misere=True)


def test_a_game_of_parts_decides_by_the_values_of_its_parts():
    # Nim heaps given as parts: the outcome of a sum comes from the parts' values XORed.
    def options(p):
        if isinstance(p, tuple):
            return [p[:i] + (h,) + p[i + 1 :] for i in range(len(p)) for h in range(p[i])]
        return list(range(p))

    def components(p):
        return list(p) if isinstance(p, tuple) else [p]

    g = grundy.game(options, components)
    for a in range(5):
        for b in range(5):
            for c in range(5):
                assert g.outcome((a, b, c)) == ("N" if a ^ b ^ c else "P")
