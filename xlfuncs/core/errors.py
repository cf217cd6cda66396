"""Exceptions raised by the rating core.

Each one subclasses :class:`ValueError` and names the Excel error value that the cell layer
(:mod:`xlfuncs.excel.errors`) shows for it, so the mapping from a broken rule to a cell lives
in one place. Messages name the argument and the bad value, since they are what the user reads.
"""

from __future__ import annotations

__all__ = ["InvalidInputError", "NothingToComputeError", "OutOfRangeError", "XlfuncsError"]


class XlfuncsError(ValueError):
    """Base class of every error the core raises on purpose. *short*: where the error says
    that the rule gives no figure (a first rating without a game against a rated opponent,
    a norm in rapid play), the few words a chart's cell shows in place of the figure
    (``"no rated game"``, ``"rapid: no norms"``); ``None`` for a broken rule."""

    excel_code: str = "#VALUE!"
    """The Excel error value a cell shows for this error."""

    def __init__(self, *args: object, short: str | None = None) -> None:
        super().__init__(*args)
        self.short = short


class InvalidInputError(XlfuncsError):
    """A value of the wrong type or shape: text where a rating is expected, ranges of
    different lengths, an unknown edition or title. Shown as ``#VALUE!`` (the base's)."""


class OutOfRangeError(XlfuncsError):
    """A value of the right type outside what the rules allow: a score above the number of
    games, a negative rating, a fractional score not in 0..1, an infinite performance.
    Shown as ``#NUM!``."""

    excel_code = "#NUM!"


class NothingToComputeError(XlfuncsError):
    """The input holds nothing the rule can work on: no rated opponent, no rated game, a norm
    no score can reach. Shown as ``#N/A``."""

    excel_code = "#N/A"
