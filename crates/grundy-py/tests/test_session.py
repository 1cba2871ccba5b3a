"""grundy.Session: games against the computer, which never hands over a won game."""

import random

import pytest

import grundy


def test_session_of_a_library_game_plays_as_grundy_play():
    s = grundy.Session("nim", [3, 4, 5])
    assert (s.to_move, s.computer, s.over) == ("first", "second", False)
    assert s.play("1 2") == "take 2 from heap 1 (3 -> 1)"
    reply = s.computer_move()
    assert reply and s.position != ["1", "4", "5"]
    assert s.moves_played == 2 and s.undo() == 2 and s.position == ["3", "4", "5"]
    with pytest.raises(grundy.IllegalMove):
        s.play("1 9")
    with pytest.raises(grundy.BadInput):
        grundy.Session("nim", [1], level="genius")


def kayles(n):
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def play_out(session, rng, legal):
    """The person plays random legal moves until the game ends; returns the winner."""
    while not session.over:
        if session.to_move == session.computer:
            assert session.computer_move() is not None
        else:
            session.play(rng.choice(legal(session)))
    return session.winner


def test_the_computer_wins_every_won_game_of_a_heap_game():
    game = grundy.heap_game(kayles)
    rng = random.Random(5)
    for _ in range(10):
        heaps = [rng.randint(1, 8) for _ in range(3)]
        first_wins = game.analyze(heaps).outcome == "N"
        s = grundy.Session(game, heaps, computer_first=first_wins)
        legal = lambda s: [m.leaves for m in grundy.Session(game, s.position).hint().winning_moves] or [
            list(s.position[:i]) + [p for p in o if p] + list(s.position[i + 1 :])
            for i, h in enumerate(s.position)
            for o in kayles(h)
        ]
        assert play_out(s, rng, legal) == s.computer


def test_sessions_of_a_game_over_python_positions():
    take = grundy.game(lambda n: [n - t for t in (1, 2) if t <= n])
    s = grundy.Session(take, 10, computer_first=True)
    rng = random.Random(3)
    assert play_out(s, rng, lambda s: [s.position - t for t in (1, 2) if t <= s.position]) == "first"
    with pytest.raises(grundy.IllegalMove):
        s.play(0)
    s = grundy.Session(take, 9)
    with pytest.raises(grundy.IllegalMove):
        s.play(3)
    s.play(8)
    assert s.computer_move() == "8 -> 6"
    assert s.hint().winning_moves == [] and s.hint().outcome == "P"
