"""``GAME_RATED``'s body: whether a played game is rated
(:func:`~xlfuncs.core.eligibility.game_eligibility`, Rating Regulations 1.1)."""

from __future__ import annotations

from ..core.eligibility import TimeControl, game_eligibility
from ..core.errors import InvalidInputError, NothingToComputeError
from ..core.results import Outcome
from .cells import exact_number, is_blank, rating, rules
from .errors import check_errors
from .ranges import Cell

__all__ = ["event_minutes", "game_rated_cells"]


def event_minutes(minutes: Cell) -> TimeControl | None:
    """The event's time for 60 moves from a cell; ``None`` for a blank cell (not known).

    >>> event_minutes(120).minutes, event_minutes(None) is None
    (Fraction(120, 1), True)
    """
    if is_blank(minutes):
        return None
    value = exact_number(minutes, "minutes")
    if value <= 0:
        raise InvalidInputError(f"minutes: expected a time above 0, got {float(value):g}")
    return TimeControl(value, "minutes", exact=True)


def game_rated_cells(
    own_rating: Cell, opponent_rating: Cell, minutes: Cell, rules_value: Cell
) -> str:
    """``"rated"``, or ``"not rated: "`` and the reason, for a game played; ``#N/A`` for
    blank minutes at standard play or neither player rated (rapid and blitz need none).

    >>> game_rated_cells(2000, 2050, 60, 2025)
    'not rated: 60 minutes for 60 moves; a player rated 1800 or higher needs 90 (B.02 1.1)'
    >>> game_rated_cells(1700, 1600, 60, 2025)
    'rated'
    """
    check_errors(
        [
            (own_rating, "own_rating"),
            (opponent_rating, "opponent_rating"),
            (minutes, "minutes"),
            (rules_value, "rules"),
        ]
    )
    edition = rules(rules_value)
    own = rating(own_rating, "own_rating")
    other = rating(opponent_rating, "opponent_rating")
    if own is None and other is None:  # blank cells too: nothing to compute
        raise NothingToComputeError(
            "own_rating, opponent_rating: neither player rated (blank or 0): no rated game"
        )
    time = event_minutes(minutes) or TimeControl(None, "minutes blank")
    verdict = game_eligibility(edition, own, other, Outcome.WIN, time)
    if verdict.rated is None:
        raise NothingToComputeError(
            "minutes: blank, the time for 60 moves not known (" + verdict.reason + ")"
        )
    return "rated" if verdict.rated else f"not rated: {verdict.reason}"
