"""grundy: exact answers for Nim and its relatives (impartial combinatorial games).

Who wins a position with best play, its Sprague-Grundy value and every winning move
(``analyze``); the Grundy sequence of a heap game as a numpy array, with its period
(``sequence``, resumable in the store ``grundy sg --store`` keeps); the rule a table of values
follows (``pattern``); games written in Python (``heap_game``, ``game``); many queries in one
call (``batch``); the misère quotient of a take-and-break game (``quotient``, Plambeck and
Siegel); a survey of octal and hexadecimal codes (``survey``); a position drawn as SVG
(``draw``); and a game against the computer (``Session``). Every bad argument raises
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
    Pattern,
    Period,
    Quotient,
    Sequence,
    Session,
    WinningMove,
    analyze,
    batch,
    draw,
    game,
    heap_game,
    pattern,
    quotient,
    sequence,
    survey,
)
from grundy.errors import BadInput, GaveUp, GrundyError, IllegalMove, NoRule, NotFinite, Refused, Stopped

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
    "Pattern",
    "Period",
    "Quotient",
    "Refused",
    "Sequence",
    "Session",
    "Stopped",
    "WinningMove",
    "analyze",
    "batch",
    "draw",
    "game",
    "heap_game",
    "pattern",
    "quotient",
    "sequence",
    "survey",
]
