"""The exceptions of grundy: one base class, ``GrundyError``, and one class per kind of
refusal, as the library's typed errors map to them."""

from typing import Optional


class GrundyError(Exception):
    """Anything grundy refuses: bad input, a budget that ran out, work past the limits."""


class BadInput(GrundyError, ValueError):
    """A game, position, move or value that cannot be read; the message names the bad part.

    A callback of a game written in Python that returns a bad value raises this too, naming
    the value."""


class IllegalMove(BadInput):
    """A move the game does not allow (or any move once the game is over)."""


class GaveUp(GrundyError):
    """A budget ran out. ``budget`` is the budget that ran out, ``needed`` a budget known to be
    enough (or None), ``suggested_budget`` the budget to ask for next (None when no allowed
    budget would do), ``units`` what the budget counts ("positions searched", ...)."""

    def __init__(
        self,
        message: str,
        budget: int = 0,
        needed: Optional[int] = None,
        suggested_budget: Optional[int] = None,
        units: str = "",
    ) -> None:
        super().__init__(message)
        self.budget = budget
        self.needed = needed
        self.suggested_budget = suggested_budget
        self.units = units


class Refused(GrundyError):
    """Work past what one computation may take here, or that no theorem answers exactly; the
    message says what it would take."""


class NotFinite(GrundyError):
    """A game written in Python in which a position can follow itself: it has no value by the
    definition."""


class NoRule(GrundyError):
    """No family of rules fits the values (the rule finder never claims a rule the values
    contradict); the message lists the families tried."""


class Stopped(GrundyError):
    """The work was stopped from outside before it finished."""


__all__ = ["GrundyError", "BadInput", "IllegalMove", "GaveUp", "Refused", "NotFinite", "NoRule", "Stopped"]
