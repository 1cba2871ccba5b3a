"""Type stubs of grundy's native module (the Rust part of the package).

Every long call (analyze, sequence, pattern, batch, quotient, survey, and the games written in
Python) stops at Ctrl-C with KeyboardInterrupt; those that run no Python code release the
interpreter to other threads while they work. Every bad argument (a negative number, one past
2^64 - 1, a value of the wrong type, something not callable given as a callback) raises
BadInput naming the argument."""

import os
from fractions import Fraction
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence as Seq, Tuple, Union

import numpy as np
import numpy.typing as npt

Token = Union[int, str]
Option = Union[int, Tuple[int, ...]]

class WinningMove:
    """One winning move: its words and the position it leaves (made into a list when read)."""

    text: str
    """The move in words, e.g. "take 5 from heap 2 (9 -> 4)"."""
    leaves: Any
    """The position the move leaves, written so that it types back: tokens (list of str) for a
    game grundy knows, heaps (list of int) for a heap_game, the position itself for a game."""

class Analysis:
    """Who wins a position, its Sprague-Grundy value, and every winning move. For a game grundy
    knows, the parts that grow with the position (position, each move's leaves, explanation,
    to_dict()) are made when first read."""

    game: str
    position: Any
    outcome: str
    """"N" (the player to move wins), "P" (they lose) or "D" (a draw)."""
    winner: Optional[str]
    """"first" or "second"; None for a draw."""
    sg: Optional[int]
    """The Sprague-Grundy value (normal play), else None."""
    winning_move_count: Optional[int]
    """The exact number of winning moves, or None when not every one is known."""
    winning_moves: List[WinningMove]
    explanation: List[str]
    winning_moves_not_listed: Optional[str]
    def to_dict(self) -> dict:
        """The whole answer, as `grundy analyze --json` writes it (for a game grundy knows)."""
    def _repr_html_(self) -> str:
        """Who wins, the value and the number of winning moves, the board with the listed winning
        moves marked, and those moves in words, for a notebook."""
    def _repr_svg_(self) -> Optional[str]:
        """The board with the listed winning moves marked (each shape `data-winning="true"`,
        drawn green), for a notebook; None for a game written in Python."""

class Period:
    """An eventual period: G(n + period) = G(n) + saltus for every n >= preperiod."""

    preperiod: int
    period: int
    saltus: int
    proven: bool
    """True when a theorem proves it; False when it is only seen in the values computed."""

class Pattern:
    """The rule a table of values follows from n0 on, as `grundy pattern` finds it."""

    words: str
    """The rule in words, with the values it was found from and confirmed on ("proven" for a
    proven period)."""
    expression: str
    """The rule as an expression over n that `grundy verify --sg` accepts."""
    cpp: str
    """The rule as a C++ function `long long g(long long n)`."""
    python: str
    """The rule as a Python function `def g(n):`."""
    rule: str
    """The family: "period", "arithmetic-period", "linear-on-residue-classes", "self-similar",
    "geometric-ranges" or "number-theoretic"."""
    n0: int
    checked: int
    given: int
    proven: bool
    def value(self, n: int) -> Optional[int]:
        """G(n) by the rule."""
    def predict(self, k: int) -> npt.NDArray[np.uint64]:
        """The next k values the rule implies, after the last one given."""
    def to_dict(self, predict: int = 0) -> dict:
        """The object of `grundy pattern --json`."""

class Sequence:
    """G(0), G(1), ..., G(upto) of a game, with its period."""

    game: str
    values: npt.NDArray[np.uint64]
    period: Optional[Period]
    def __len__(self) -> int: ...
    def pattern(self) -> Pattern:
        """The rule of the values (the proven period when there is one); raises NoRule."""

class HeapGame:
    """A heap game written in Python (see heap_game)."""

    name: str
    budget: int
    def value(self, n: int) -> int:
        """G(n), the Sprague-Grundy value of one heap of n."""
    def sequence(self, upto: int) -> Sequence:
        """G(0..=upto) as a numpy array, with the period seen in it (proven=False): the period of
        the rule pattern() states, None when that rule is of another family or there is none."""
    def analyze(self, heaps: Iterable[int], misere: bool = False, limit: Optional[int] = None) -> Analysis:
        """Who wins the sum of heaps, its value (normal play), and every winning move."""

class Game:
    """An impartial game over hashable Python positions (see game)."""

    name: str
    budget: int
    def value(self, position: Hashable) -> int:
        """The Sprague-Grundy value of position (normal play)."""
    def outcome(self, position: Hashable, misere: bool = False) -> str:
        """"N" when the player to move wins, "P" when they lose: by a memoised win/lose search
        that stops at the first option the opponent loses (value visits every position)."""
    def winning_moves(self, position: Hashable, misere: bool = False) -> List[Any]:
        """Every position a winning move leaves, in the order options gives them (each
        option's outcome by the same search)."""
    def analyze(self, position: Hashable, misere: bool = False) -> Analysis: ...

class Session:
    """A game against the computer."""

    def __init__(
        self,
        game: Union[str, HeapGame, Game],
        position: Any,
        misere: bool = False,
        computer_first: bool = False,
        level: str = "perfect",
        seed: int = 0,
        budget: Optional[int] = None,
    ) -> None: ...
    position: Any
    to_move: str
    computer: str
    winner: Optional[str]
    over: bool
    moves_played: int
    def play(self, move: Any) -> str:
        """Plays your move (text as `grundy play` reads it, or the position a move of a Python
        game leaves) and returns it in words."""
    def computer_move(self) -> Optional[str]:
        """Plays the computer's move and returns it in words; None when the game is over."""
    def hint(self) -> Analysis:
        """The analysis of the position for the player to move."""
    def undo(self) -> int:
        """Takes back your last move and the reply to it; returns how many moves."""
    def _repr_svg_(self) -> Optional[str]:
        """The board now, for a notebook (a game grundy knows; None for a game written in
        Python)."""

def analyze(
    game: str,
    position: Union[Seq[Token], str],
    misere: bool = False,
    limit: Optional[int] = None,
    *,
    budget: Optional[int] = None,
    explain: bool = True,
) -> Analysis:
    """Analyses a position of a game grundy knows."""

def sequence(
    game: str, upto: int, *, budget: Optional[int] = None, store: Optional[Union[str, "os.PathLike[str]"]] = None
) -> Sequence:
    """G(0..=upto) of a heap ruleset grundy knows, with its proven period. Refused before the
    work when its peak memory (the array, 8 bytes a value, and the table) passes 8 GiB. store:
    a directory keeping a take-and-break game's values as `grundy sg --store DIR` keeps them
    (the same files; a run resumes from them)."""

def draw(game: str, position: Union[Seq[Token], str], *, to_move: str = "first") -> str:
    """The position drawn as SVG text, as `grundy draw` writes it."""

class Position:
    """A position of a game grundy knows with the player to move; a notebook shows its board."""

    game: str
    tokens: List[str]
    """The position's tokens, as `grundy analyze` reads them back."""
    to_move: str
    def svg(self) -> str:
        """The board as SVG text, as `grundy.draw` writes it."""
    def _repr_svg_(self) -> str:
        """The board, for a notebook's display (image/svg+xml)."""

def position(game: str, position: Union[Seq[Token], str], *, to_move: str = "first") -> Position:
    """A position of a game grundy knows (read as `analyze` reads it), shown as its board in a
    notebook."""

def pattern(values: Union[Iterable[int], npt.NDArray[np.uint64]]) -> Pattern:
    """The simplest rule that fits G(0), G(1), ... from some n0 on; raises NoRule when none fits,
    BadInput past 8,388,608 values (the cap of `grundy pattern`)."""

class Generator:
    """A generator of a misère quotient: its name and the first heap that pretends to be it."""

    name: str
    heap: int

class Quotient:
    """The misère quotient (Plambeck and Siegel) of a take-and-break game."""

    game: str
    order: int
    """The number of elements."""
    elements: List[str]
    """Every element, as its normal form in the generators ("1", "a", "ab^2", ...)."""
    p_portion: List[str]
    """The elements of the P-portion: a sum is lost for the player to move exactly when the
    product of its heaps' elements lies in it."""
    generators: List[Generator]
    relations: List[Tuple[str, str]]
    """The relations of a presentation, e.g. ("a^2", "1")."""
    pretending: List[str]
    """The element each heap size computed pretends to be (index = heap size)."""
    computed_upto: int
    period: Optional[Period]
    """The pretending function's period when the periodicity theorem proves it, else None."""
    proven: bool
    tame: bool
    """True when the quotient is misère Nim's (Conway's genus theory plays the game)."""
    stopped: str
    """Why the computation stopped, in words."""
    presentation: str
    """The order, generators, relations and P-portion in words."""
    def element(self, n: int) -> Optional[str]:
        """The element a heap of n pretends to be (None past the heaps covered)."""
    def is_p(self, heaps: List[int]) -> bool:
        """Whether the sum of heaps is lost for the player to move under misère play."""
    def table_svg(self) -> Optional[str]:
        """The multiplication table drawn as SVG for a quotient of at most 64 elements (else
        None): each cell the product of its row's and column's elements, on that element's
        colour, outlined when it lies in the P-portion."""
    def _repr_svg_(self) -> Optional[str]:
        """The multiplication table (table_svg()), for a notebook; None past 64 elements."""

def quotient(
    game: str,
    upto: Optional[int] = None,
    *,
    budget: Optional[int] = None,
    work: Optional[int] = None,
    time: Optional[float] = None,
) -> Quotient:
    """The misère quotient of a take-and-break game for the heaps up to upto (default and at
    most 100,000) within budget elements (default: the memory's bound), work units of work and
    time seconds (default: no bound), as `grundy quotient`."""

def survey(codes: Union[str, List[str]], upto: int) -> List[dict]:
    """Classifies codes (a code, a pattern such as "0.xx", or a list of them) to upto, as
    `grundy survey --json`: one dict per code, in order."""

def heap_game(
    options: Callable[[int], Iterable[Option]], *, name: Optional[str] = None, budget: Optional[int] = None
) -> HeapGame:
    """A heap game written in Python: options(n) lists what a move from a heap of n leaves (at
    most 2^20 options a heap: past them, BadInput). A table forecast to list more than 64
    options per unit of budget is refused with GaveUp naming the budget= that would do."""

def game(
    options: Callable[[Any], Iterable[Hashable]],
    components: Optional[Callable[[Any], Iterable[Hashable]]] = None,
    *,
    name: Optional[str] = None,
    budget: Optional[int] = None,
) -> Game:
    """An impartial game over any hashable positions (at most 2^20 options a position: past
    them, BadInput)."""

class Value:
    """A short partizan game's value in canonical form (Conway; Siegel, "Combinatorial Game
    Theory", 2013), in the process's one store: equal values are one form. Exact numbers are
    fractions.Fraction throughout (mean, temperature, stops). Operators take Values, ints and
    dyadic Fractions (texts go through game_value); == and hash agree with ints and Fractions
    for numbers. <, <=, >, >= are the partial order of games: all four are False for confused
    values (see confused_with). Each operation is bounded by the work limit (set_value_work);
    past it GaveUp.

    Or a loopy game's value (value("a:{0,a|*}"), docs/loopy.md): outcome_left_first,
    outcome_right_first, stopper, canonical (a stopper's simplest form), onside and offside
    answer; str() is its value as CGSuite writes it ("upon", "on & off"); what only short games
    have (mean, temperature, stops, thermograph, options, birthday, atomic weight, reduced form,
    incentives, sums, the order) raises Refused; == is identity."""

    canonical: Optional[str]
    """The canonical form's name ("3/4", "↑*", "±1", "{1|0,*}"), which game_value reads back;
    None when longer than 100,000 characters (see canonical_not_written). A loopy stopper's
    simplest form ("upon", "over"); None for a loopy game that is not a stopper."""
    canonical_not_written: Optional[str]
    """Why canonical is None; None when it is written."""
    outcome: str
    """"L" (Left wins whoever starts), "R" (Right wins), "P" (the second player wins) or "N"
    (the first player wins); a loopy game's may be CGSuite's "D" (a draw whoever starts),
    "NHat", "PCheck", "PHat" or "NCheck" (a draw with one player first)."""
    outcome_left_first: str
    """Who wins with Left moving first: "L", "R", or "D" for a draw (play goes on for ever)."""
    outcome_right_first: str
    """Who wins with Right moving first: "L", "R", or "D" for a draw."""
    stopper: bool
    """Whether no endless alternating play starts from any position (every short game is one)."""
    loopfree: bool
    """Whether the game has no cycle at all (every short game)."""
    onside: Optional[str]
    """A loopy game's onside (endless play a win for Left), when it is not a stopper; else None."""
    offside: Optional[str]
    """A loopy game's offside (endless play a win for Right), when it is not a stopper; else None."""
    mean: Fraction
    """The mean value, exact."""
    temperature: Fraction
    """The temperature, exact (Siegel's: -1 for an integer, -1/2^k for m/2^k)."""
    stops: Tuple[Fraction, Fraction]
    """Left's stop and Right's stop, exact."""
    left_options: List["Value"]
    """The canonical form's Left options."""
    right_options: List["Value"]
    """The canonical form's Right options."""
    birthday: int
    """The canonical form's birthday (an integer n is born on day |n|)."""
    atomic_weight: "Value"
    """The atomic weight of an all-small game (Siegel's atomic weight calculus; Lessons in Play,
    ch. 9): how many ↑ it is worth; by the two-ahead rule a weight of 2 or more wins for Left.
    Refused for a game that is not all-small."""
    all_small: bool
    """Whether the game is all-small (in every subposition both players can move, or neither)."""
    def reduced(self) -> "Value":
        """The reduced canonical form (Calistrate; Grossman and Siegel): the simplest value that
        differs from this one by an infinitesimal."""
    def incentives(self) -> Dict[str, List["Value"]]:
        """{"left": [G^L - G...], "right": [G - G^R...], "dominant": [those no other exceeds]}."""
    def ordinal_sum(self, over: "ValueLike") -> "Value":
        """The ordinal sum self:over (Python has no `:` operator; game_value reads "G:H")."""
    def norton(self, unit: "ValueLike") -> "Value":
        """The Norton product self.unit by a positive unit (game_value reads "G.U"); Refused
        when the unit is not positive."""
    def cool(self, t: "ValueLike") -> "Value":
        """This game cooled by the number t > -1 (Siegel II.5): {2|0} for {3|-1} cooled by 1, the
        mean past the temperature; BadInput when t is not a number, Refused for t <= -1."""
    def heat(self, t: "ValueLike") -> "Value":
        """This game heated by t: itself if a number, else {heated G^L + t | heated G^R - t}."""
    def overheat(self, s: "ValueLike", t: "ValueLike") -> "Value":
        """This game overheated from s to t: n copies of s for the integer n, else as heat."""
    def freeze(self) -> "Value":
        """The frozen value: cooled by its temperature (a number's is itself)."""
    def _repr_svg_(self) -> Optional[str]:
        """The thermograph (thermograph_svg()), for a notebook's display; None for a loopy game."""
    def thermograph_svg(self) -> str:
        """The thermograph drawn as SVG, 320 units wide: Left's wall on the left (Winning Ways),
        the mast at the mean, the stops, mean and temperature as exact fractions."""
    def confused_with(self, other: "ValueLike") -> bool:
        """Whether the two are incomparable (their difference is a first-player win)."""
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __lt__(self, other: "Operand") -> bool: ...
    def __le__(self, other: "Operand") -> bool: ...
    def __gt__(self, other: "Operand") -> bool: ...
    def __ge__(self, other: "Operand") -> bool: ...
    def __hash__(self) -> int: ...
    def __add__(self, other: "Operand") -> "Value": ...
    def __radd__(self, other: "Operand") -> "Value": ...
    def __sub__(self, other: "Operand") -> "Value": ...
    def __rsub__(self, other: "Operand") -> "Value": ...
    def __neg__(self) -> "Value": ...
    def __pos__(self) -> "Value": ...
    def __repr__(self) -> str:
        """grundy.game_value('...'): eval() with grundy imported gives the same value back (a
        loopy game with sides: <grundy.Value of a loopy game: on & off>)."""

Operand = Union[Value, int, Fraction]
"""What an operator of Value takes."""
ValueLike = Union[Value, int, Fraction, str]
"""What names a value: a Value, an int, a dyadic Fraction, or a text game_value reads."""

def value(game: str, position: Optional[Union[Seq[Token], str]] = None, *, budget: Optional[int] = None) -> Value:
    """Conway's value of a position of a game grundy knows, as `grundy value`: a partizan board
    game's from its Left and Right options, an impartial game's as the nimber of its
    Sprague-Grundy value, a sum's as the sum of values. budget: the most positions valued. The
    whole value is bounded by grundy.set_value_work's limit (all its operations together), and one
    whose forecast passes it is refused before the work (grundy.GaveUp). A value refused past its
    bounds whose outcome grundy.analyze gives at once says it in the message.

    With no position, game is a game written as text, as `grundy value 'TEXT'` reads it: a
    short game in Conway's notation ("{1|0}") or a loopy game in CGSuite's ("a:{0,a|*}", "dud",
    "on + over"); a text that does not read raises BadInput naming the bad part."""

def options(game: str, position: Union[Seq[Token], str], *, budget: Optional[int] = None) -> Dict[str, Any]:
    """A position's options, as `grundy value GAME POSITION --options` lists them: a dict
    {"game", "position", "value", "left", "right"}, "left" and "right" each a list of
    {"position": tokens, "value": canonical form} for each move of Left (the first player) and
    of Right, in the order of the moves; "value" the position's own. Each value is bounded as
    value() bounds one; a side of more than a thousand options is refused before any is
    valued (grundy.Refused). A form's options: Value.left_options and Value.right_options."""

def game_value(text_or_left: Union[str, Value, int, Fraction, Iterable[ValueLike]], right: Optional[Iterable[ValueLike]] = None) -> Value:
    """A value from its text, game_value("{1|0,*}") (integers, dyadic numbers, *n, ↑ or ^, ⇑,
    ±x or +-x, braces, sums such as "↑+*"; a loopy game's too, as value(text) reads it), or from
    its options, game_value(left, right): {left | right}."""

def set_value_work(steps: int) -> int:
    """Sets the steps of work one operation on values may do (50,000,000 at first, a few
    seconds); returns the limit it replaces."""

class PartizanGame:
    """A partizan game over hashable Python positions (see partizan_game)."""

    name: str
    budget: int
    def value(self, position: Hashable) -> Value:
        """Conway's value of position, in canonical form (memoised across calls)."""
    def outcome(self, position: Hashable) -> str:
        """"L", "R", "P" or "N": the outcome class of the position's value."""

def partizan_game(
    left: Callable[[Any], Iterable[Hashable]],
    right: Callable[[Any], Iterable[Hashable]],
    components: Optional[Callable[[Any], Iterable[Hashable]]] = None,
    *,
    name: Optional[str] = None,
    budget: Optional[int] = None,
) -> PartizanGame:
    """A partizan game written in Python, as game() is an impartial one: left(position) and
    right(position) list the positions Left's and Right's moves leave; components(position),
    when given, splits a position into independent parts whose values are added. At most
    budget positions (and 64 options listed a position of it; past either, GaveUp); a position
    that can follow itself raises NotFinite."""

class OutcomePeriod:
    """The proven period of a partizan game's heaps' outcome classes: the class of heap n is that
    of heap n - period for every n >= preperiod + period."""

    preperiod: int
    period: int
    block: str
    """The classes of heaps preperiod .. preperiod + period - 1, a letter each (L, R, N, P)."""
    behaviour: str
    """The behaviour the period shows (Duchêne, Heinrich, Nowakowski and Parreau):
    "left-dominance", "right-dominance", "left-weak-dominance", "right-weak-dominance",
    "fairness" or "ultimate-impartiality"."""
    behaviour_words: str
    proof: str
    """How the period is proven, in a sentence."""

class PartizanTable:
    """Each heap's Conway value and outcome class of a partizan game of heaps (see
    partizan_table), as `grundy sg GAME --upto N` gives them."""

    game: str
    upto: int
    rows: List[Tuple[int, Optional[str], str]]
    """(heap, value, outcome) for each heap from 0 whose outcome is known: the value a canonical
    form (None where longer than 400 characters or nested too deep to write), the outcome "L",
    "R", "N" or "P"."""
    period: Optional[OutcomePeriod]
    """The proven period of the outcomes; None when none is proven (no_period says why: always
    for a game whose moves may split a heap)."""
    no_period: Optional[str]
    values_stop: Optional[str]
    """Why the values (or the rows) stop short of upto; None when they do not."""
    searched: int
    """The last heap whose outcome was computed."""
    def outcome_at(self, m: int) -> Optional[str]:
        """The outcome class of heap m, at any size once a period is proven; None past the heaps
        computed when none is."""

def partizan_table(game: str, upto: int, *, budget: Optional[int] = None) -> PartizanTable:
    """Each heap's Conway value and outcome, heaps 0..=upto, of a partizan game of heaps
    ("psub:1,2:1,3", "poctal:0.07:0.15"), with the outcome period where one is proven and the
    behaviour it shows, as `grundy sg GAME --upto N` computes them; budget: the most heaps valued
    (default 2,000,000). BadInput for a game that is no partizan game of heaps, GaveUp past the
    budget."""

def batch(queries: Iterable[Union[dict, str]], *, budget: Optional[int] = None, explain: bool = False) -> List[dict]:
    """Answers queries as `grundy batch` does: one dict per query, in order."""

# The pieces of the library's survey that grundy.survey (python -m grundy.survey) calls.
def survey_is_pattern(spec: str) -> bool: ...
def survey_expand_pattern(pattern: str) -> List[str]: ...
def survey_canonical(code: str) -> str: ...
def survey_codes_from_text(text: str) -> List[str]: ...
def survey_shard(spec: str, codes: List[str]) -> List[str]: ...
def survey_check(codes: int, upto: int) -> None: ...
def survey_classify(code: str, upto: int) -> str:
    """One code's survey line, as JSON text (one task of a Dask survey)."""
def survey_group(lines: List[str]) -> List[str]: ...
def survey_markdown(lines: List[str]) -> str: ...
def survey_text(lines: List[str]) -> str:
    """The lines in words, as ``grundy survey`` prints them, one a line."""
def survey_store_name(code: str, upto: int) -> str:
    """The file a survey store keeps the line of ``code`` at ``upto`` in."""
def survey_read_back(text: str, file: str, code: str, upto: int) -> str:
    """A stored line read back and checked (raises Refused naming a damaged file), as JSON text."""

# The pieces of the outcome search split into jobs that grundy.outcome (python -m
# grundy.outcome) calls.
def outcome_moves(
    game: str, position: Union[str, Iterable[Token]], to_move: str
) -> Tuple[Optional[str], List[Tuple[str, List[str]]]]:
    """The moves of to_move ("first" or "second") in a partizan board position: (winner, moves),
    winner who has won when the game is over there (else None), moves each move's words and the
    position it leaves as tokens. Raises BadInput for a game that is not a partizan board game
    or a position it cannot read."""
def outcome_job(
    game: str,
    position: Union[str, Iterable[Token]],
    to_move: str,
    budget: Optional[int] = None,
    memory: Optional[int] = None,
    to_move_only: bool = False,
) -> Dict[str, Any]:
    """One job: who wins the position with to_move to move, by the library's analyze. A dict of
    winner ("first", "second", None for a draw), winning_move ({"text", "leaves"} or None),
    outcome_class (L, R, N, P or None) and search_nodes (None when Conway's value answered).
    to_move_only: the outcome search asks the player to move alone (grundy analyze
    --to-move-only), about half the work, and gives no outcome class."""
