"""Performances from cells (the rules live in :mod:`xlfuncs.core.performance` and
:mod:`xlfuncs.core.tables`): dp (table 8.1(a)), the expected score (8.1(b)), and the
performance ratings of one player and of every player.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError, XlfuncsError
from ..core.no_figure import NO_RATED_GAME
from ..core.performance import rp_exact_rounded
from ..core.rating_change import expected_score
from ..core.tables import dp, pd_hundredths, round_half_up
from .cells import exact_number, number, optional_number, rated, ratings, rules, score_or_results
from .columns import ChartCells, NoFigure, per_player
from .ranges import Cell

__all__ = [
    "dp_lookup_cells",
    "expected_score_cells",
    "pd_lookup_cells",
    "rated_game_cells",
    "rp_cells",
    "rp_exact_cells",
]


def dp_lookup_cells(p: Cell, games: Cell) -> int:
    """dp for the fractional score *p*, or for *p* points out of *games* games (then the
    fraction is exact: 2 of 3 is 2/3, not 0.67)."""
    value = number(p, "p")
    n = optional_number(games, "games")
    if n is None:
        return dp(value)
    if n != int(n) or n < 1:
        raise InvalidInputError(f"games: expected a whole number of games, got {n:g}")
    if not 0 <= value <= n:
        raise OutOfRangeError(f"p: {value:g} points is not possible in {int(n)} games")
    return dp(exact_number(value, "p") / int(n))


def pd_lookup_cells(rating_difference: Cell) -> float:
    """The expected score for a rating difference, no 400-point cap."""
    return pd_hundredths(number(rating_difference, "rating_difference")) / 100


def expected_score_cells(own_rating: Cell, opponent_ratings: Cell, rules_value: Cell) -> Fraction:
    """The sum of PD over the rated opponents, with the edition's 400-point rule."""
    own = rated(own_rating, "own_rating")
    rs = [r for r in ratings(opponent_ratings, "opponent_ratings") if r is not None]
    if not rs:
        raise NothingToComputeError("opponent_ratings: no rated opponent")
    return expected_score(own, rs, rules=rules(rules_value))


def rp_exact_cells(opponent_ratings: Cell, score: Cell) -> int:
    """The exact performance, a whole number."""
    s = score
    if type(s) is list and len(s) == 1 and type(s[0]) is list and len(s[0]) == 1:
        s = s[0][0]  # a single cell, as Excel passes it (ndim=2)
    if type(s) is int or (type(s) is float and (s + s).is_integer()):
        # The usual call, a column of ratings and a bare score, handed to the core, which
        # checks them at C speed and accepts only what the Excel reading below would give
        # it as they are; anything it refuses is read the Excel way, for Excel's error.
        try:
            return rp_exact_rounded([x for (x,) in opponent_ratings], s)
        except (TypeError, ValueError, XlfuncsError):
            pass
    return rp_exact_rounded(*score_or_results(opponent_ratings, score))


def rp_cells(
    method: Callable[[list[int] | list[float], Fraction | float], int],
    opponent_ratings: Cell,
    score: Cell,
) -> int:
    """A whole-number performance rating by *method* (the core's FIDE, linear or PTP one) of
    the rated opponents and the score against them."""
    return method(*score_or_results(opponent_ratings, score))


def _exact_shown(table: Any, player: int) -> Any:
    """A player's exact performance as a whole number, ``"∞"`` / ``"-∞"`` for 100 % / 0 %."""
    value = table.rp_exact(player)
    if value is None:
        return None
    if value in (float("inf"), float("-inf")):
        return "\u221e" if value > 0 else "-\u221e"
    return round_half_up(value)  # the certified whole number: rp_exact keeps to its side


_RATED_GAME_FIGURES: dict[str, Callable[[Any, int], Any]] = {
    "RATED_GAMES_ALL": lambda t, i: len(t.rated_games(i)),
    "RA_ALL": lambda t, i: t.ra(i),
    "RP_FIDE_ALL": lambda t, i: t.rp_fide(i),
    "RP_EXACT_ALL": _exact_shown,
}
"""Each whole-column form of the rated games, by name: its figure of the crosstable and a
player's number (their count, Ra, FIDE's Ra + dp, the exact performance)."""


def rated_game_cells(function: str, chart: ChartCells) -> list[list[Any]]:
    """Every player's figure of the whole-column form *function* (:data:`_RATED_GAME_FIGURES`)
    of the rated games against rated opponents (:func:`~xlfuncs.core.eligibility.rules_out`);
    without one, blank, or with the *reasons* flag ``no rated game``."""
    figure = _RATED_GAME_FIGURES[function]

    def shown(table: Any, player: int) -> Any:
        value = figure(table, player)
        return NoFigure(NO_RATED_GAME) if value is None else value

    return per_player(function, shown, chart)
