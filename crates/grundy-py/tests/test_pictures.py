"""The pictures a notebook shows (`_repr_svg_`): a position's board, an analysis's board with
its winning moves marked, a value's thermograph, a quotient's table, a session's board. The
marked moves are checked against Bouton's rule worked out here for Nim, and against the
position each move leaves for other games."""

import html
import itertools
import re

import pytest

import grundy

MOVE = re.compile(r'data-move="([^"]*)"( data-winning="true")?')


def moves_of(svg):
    """Every move a drawing offers, and those it marks as winning."""
    offered, marked = set(), set()
    for move, winning in MOVE.findall(svg):
        offered.add(html.unescape(move))
        if winning:
            marked.add(html.unescape(move))
    return offered, marked


def test_the_marked_moves_of_nim_are_bouton_s_winning_moves():
    for heaps in itertools.product(range(5), repeat=3):
        svg = grundy.analyze("nim", list(heaps))._repr_svg_()
        offered, marked = moves_of(svg)
        total = heaps[0] ^ heaps[1] ^ heaps[2]
        winning = {f"{i + 1} -> {h ^ total}" for i, h in enumerate(heaps) if h ^ total < h}
        assert marked == winning, heaps
        assert winning <= offered, heaps
        # The style that colours them closes the drawing's own.
        assert svg.count("<style>") == 1 and "[data-winning]" in svg


def lost_for_the_second_player(game, position):
    """Whether the position a first player's move leaves is lost for the second player, who is
    to move there: a P-position of an impartial game; for a partizan game, a value at least 0
    (outcome L or P: Left, the first player, wins moving second)."""
    if game == "domineering":
        return grundy.value(game, position).outcome in ("L", "P")
    return grundy.analyze(game, position).outcome == "P"


@pytest.mark.parametrize(
    "game, position",
    [("kayles", [4, 3]), ("domineering", ".../..."), ("wythoff", [4, 6]), ("hackenbush", ["0-1,1-2,0-3"])],
)
def test_a_marked_move_leaves_a_lost_position_and_an_unmarked_one_a_won_one(game, position):
    svg = grundy.analyze(game, position)._repr_svg_()
    offered, marked = moves_of(svg)
    assert marked, (game, position)
    for move in offered:
        session = grundy.Session(game, position)
        session.play(move)
        # The player now to move (the computer) loses exactly after a winning move.
        assert lost_for_the_second_player(game, session.position) == (move in marked), (game, position, move)


def test_a_lost_position_marks_no_move():
    svg = grundy.analyze("nim", [1, 2, 3])._repr_svg_()
    offered, marked = moves_of(svg)
    assert offered and not marked


def test_a_position_shows_its_board_and_reads_back():
    p = grundy.position("nim", [3, 4, 5])
    assert p._repr_svg_() == grundy.draw("nim", [3, 4, 5]) == p.svg()
    assert (p.game, p.tokens, p.to_move, str(p)) == ("nim", ["3", "4", "5"], "first", "nim 3 4 5")
    q = grundy.position("kl:2,3", "4 5", to_move="second")
    assert repr(q) == "grundy.position('kl:2,3', ['4', '5'], to_move='second')"
    again = eval(repr(q), {"grundy": grundy})
    assert (again.game, again.tokens, again.to_move) == (q.game, q.tokens, q.to_move)
    assert q._repr_svg_() == grundy.draw("kl:2,3", [4, 5], to_move="second")


@pytest.mark.parametrize(
    "game, position, to_move, part",
    [("nimm", [3], None, "game"), ("nim", ["x"], None, "'x'"), ("nim", [3], "third", "to_move")],
)
def test_a_bad_position_names_its_bad_part(game, position, to_move, part):
    with pytest.raises(grundy.BadInput, match=part):
        grundy.position(game, position, to_move=to_move)



def test_a_picture_of_more_than_200_vertices_is_drawn():
    """Issue 80: Arc Kayles of 101 disjoint edges and Hackenbush of 101 two-edge stalks listed
    far edges first raised PanicException (the layout placed 200 of their 202 vertices)."""
    matching = ",".join(f"{2 * i}-{2 * i + 1}" for i in range(101))
    stalks = ",".join([f"{2 * i + 1}-{2 * i + 2}" for i in range(101)] + [f"0-{2 * i + 1}" for i in range(101)])
    for game, picture, moves in [("arc-kayles", matching, 101), ("hackenbush", stalks, 150)]:
        for to_move in ["first", "second"]:
            svg = grundy.draw(game, [picture], to_move=to_move)
            assert svg.count('class="vertex"') == 202, game
            assert len(moves_of(svg)[0]) == moves, game
        assert grundy.position(game, [picture])._repr_svg_() == grundy.draw(game, [picture])

def test_a_value_shows_its_thermograph_and_a_quotient_its_table():
    v = grundy.game_value("{2|-1}")
    assert v._repr_svg_() == v.thermograph_svg()
    q = grundy.quotient("octal:0.75")
    assert q._repr_svg_() == q.table_svg()
    # Past 64 elements there is no table: the notebook shows the repr.
    assert grundy.quotient("dawsons-kayles", 26)._repr_svg_() is None


def test_a_session_shows_its_board_now():
    s = grundy.Session("nim", [3, 4, 5])
    s.play("1 2")
    assert s._repr_svg_() == grundy.draw("nim", s.position)
    assert grundy.Session(grundy.game(lambda p: [p - 1] if p else []), 3)._repr_svg_() is None


def test_a_game_written_in_python_has_no_picture():
    g = grundy.heap_game(lambda n: [n - 1] if n else [])
    assert g.analyze([3])._repr_svg_() is None


def test_an_analysis_shows_who_wins_the_board_and_the_moves_in_html():
    a = grundy.analyze("nim", [3, 4, 5])
    page = a._repr_html_()
    assert "<b>nim</b> 3 4 5: N (the first player wins with best play); Sprague-Grundy value 2; 1 winning move" in page
    assert a._repr_svg_() in page
    assert "<li>take 2 from heap 1 (3 -&gt; 1)</li>" in page
    lost = grundy.analyze("kayles", [4, 4])._repr_html_()
    assert "P (the second player wins with best play)" in lost and "<li>" not in lost
    # A game written in Python: the same words, and no board.
    g = grundy.heap_game(lambda n: [n - 1] if n else [])
    page = g.analyze([3])._repr_html_()
    assert "N (the first player wins with best play)" in page and "<svg" not in page
    assert page.count("<li>") == len(g.analyze([3]).winning_moves)
