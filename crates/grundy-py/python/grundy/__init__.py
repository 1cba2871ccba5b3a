"""grundy: exact answers for combinatorial games, impartial (Nim and its relatives) and partizan.

Who wins a position with best play, its Sprague-Grundy value and every winning move
(``analyze``); the Grundy sequence of a heap game as a numpy array, with its period
(``sequence``, resumable in the store ``grundy sg --store`` keeps); the rule a table of values
follows (``pattern``); games written in Python (``heap_game``, ``game``); many queries in one
call (``batch``); the misère quotient of a take-and-break game (``quotient``, Plambeck and
Siegel); a survey of octal and hexadecimal codes (``survey``, and ``python -m grundy.survey`` on a
Dask cluster); who wins a partizan board position with its search split into jobs on a Dask
cluster (the module ``grundy.outcome``, ``python -m grundy.outcome``); a position drawn as SVG
(``draw``, ``position``); a game against the computer (``Session``); and Conway's values of partizan games
(``value``, ``game_value``, ``partizan_game``: canonical forms, outcome classes, mean,
temperature, the thermograph as SVG, sums and the partial order of games), and each heap's value
and outcome of a partizan subtraction or octal game with the outcome period proven
(``partizan_table``). In a notebook
(Jupyter) a ``Position`` shows its board, an ``Analysis`` the board with its winning moves
marked, a ``Value`` its thermograph and a ``Quotient`` its multiplication table, as SVG.
Every bad argument raises
``grundy.BadInput`` naming it. The engine is the Rust library
grundy; this package is a thin binding of it. Ctrl-C stops every long call with
``KeyboardInterrupt``, and long calls release the interpreter to other threads.

>>> import grundy
>>> grundy.analyze("nim", [7, 9, 12, 15]).winning_moves[0].text
'take 5 from heap 2 (9 -> 4)'
"""

from grundy._native import (
    Analysis,
    Game,
    Generator,
    HeapGame,
    OutcomePeriod,
    PartizanGame,
    PartizanTable,
    Pattern,
    Period,
    Position,
    Quotient,
    Sequence,
    Session,
    Value,
    WinningMove,
    analyze,
    batch,
    draw,
    game,
    game_value,
    heap_game,
    options,
    partizan_game,
    partizan_table,
    pattern,
    position,
    quotient,
    sequence,
    set_value_work,
    survey,
    value,
)
from importlib.metadata import version as _version

from grundy.errors import BadInput, GaveUp, GrundyError, IllegalMove, NoRule, NotFinite, Refused, Stopped

#: The version of the package installed (that of the Rust crates it is built from).
__version__ = _version("grundy")

__all__ = [
    "Analysis",
    "BadInput",
    "GaveUp",
    "Game",
    "Generator",
    "GrundyError",
    "HeapGame",
    "IllegalMove",
    "NoRule",
    "NotFinite",
    "OutcomePeriod",
    "PartizanGame",
    "PartizanTable",
    "Pattern",
    "Period",
    "Position",
    "Quotient",
    "Refused",
    "Sequence",
    "Session",
    "Stopped",
    "Value",
    "WinningMove",
    "analyze",
    "batch",
    "draw",
    "game",
    "game_value",
    "heap_game",
    "options",
    "partizan_game",
    "partizan_table",
    "pattern",
    "position",
    "quotient",
    "sequence",
    "set_value_work",
    "survey",
    "value",
]
