"""Performances from cells: dp for a score (FIDE table 8.1(a)), the expected score against
the rated opponents (8.1(b), with the edition's 400-point rule), and the performance
ratings (exact, FIDE's Ra + dp, linear, C.07's Perfect Tournament Performance) from the
opponents' ratings and a bare score or the results beside them.

The rules live in :mod:`xlfuncs.core.performance` and :mod:`xlfuncs.core.tables`; this
reads the cells for them and shapes what they give for a cell.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError, XlfuncsError
from ..core.no_figure import NO_RATED_GAME
from ..core.performance import rp_exact_rounded, rp_fide, rp_linear, rp_ptp
from ..core.rating_change import expected_score
from ..core.tables import dp, pd_hundredths, round_half_up
from .cells import exact_number, number, optional_number, rated, ratings, rules, score_or_results
from .columns import ChartCells, NoFigure, per_player
from .ranges import Cell

__all__ = [
    "dp_lookup_cells",
    "expected_score_cells",
    "pd_lookup_cells",
    "ra_all_cells",
    "rated_games_all_cells",
    "rp_exact_all_cells",
    "rp_exact_cells",
    "rp_fide_all_cells",
    "rp_fide_cells",
    "rp_linear_cells",
    "rp_ptp_cells",
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
    """The expected score for a rating difference (positive: the higher-rated player), no
    400-point cap."""
    return pd_hundredths(number(rating_difference, "rating_difference")) / 100


def expected_score_cells(own_rating: Cell, opponent_ratings: Cell, rules_value: Cell) -> Fraction:
    """The sum of PD over the rated opponents (blank and 0 ratings left out), with the
    400-point rule of the edition *rules_value* names."""
    own = rated(own_rating, "own_rating")
    rs = [r for r in ratings(opponent_ratings, "opponent_ratings") if r is not None]
    if not rs:
        raise NothingToComputeError("opponent_ratings: no rated opponent")
    return expected_score(own, rs, rules=rules(rules_value))


def rp_exact_cells(opponent_ratings: Cell, score: Cell) -> int:
    """The exact performance, a whole number: the R whose logistic expected score equals
    the score."""
    s = score
    if type(s) is list and len(s) == 1 and type(s[0]) is list and len(s[0]) == 1:
        s = s[0][0]  # a single cell, as Excel passes it (ndim=2)
    if type(s) is int or (type(s) is float and (s + s).is_integer()):
        # The usual call: a column of ratings (lists of one cell each) and a bare score,
        # floats from classic xlwings, ints for whole numbers from xlwings Lite, handed to
        # the core, which checks them once (at C speed). The core accepts ratings from 1 to
        # MAX_RATING with 0 < s < n, on which the Excel reading below would give it the
        # same list, and refuses anything else: not a column, a blank or 0 (unrated, left
        # out below), text holding a number, an infinite performance... Those are read the
        # Excel way, which also gives Excel's error and its reason. A score that is not a
        # whole or half number (no games make it) goes the Excel way too, to be refused.
        try:
            return rp_exact_rounded([x for (x,) in opponent_ratings], s)
        except (TypeError, ValueError, XlfuncsError):
            pass
    return rp_exact_rounded(*score_or_results(opponent_ratings, score))


def rp_fide_cells(opponent_ratings: Cell, score: Cell) -> int:
    """FIDE's performance rating Ra + dp(p), a whole number, from a bare score or the
    results beside the ratings (:func:`~.cells.score_or_results`), as every performance."""
    return rp_fide(*score_or_results(opponent_ratings, score))


def rp_linear_cells(opponent_ratings: Cell, score: Cell) -> int:
    """The linear performance rating Ra + 800p - 400, a whole number."""
    return rp_linear(*score_or_results(opponent_ratings, score))


def rp_ptp_cells(opponent_ratings: Cell, score: Cell) -> int:
    """The Perfect Tournament Performance (C.07)."""
    return rp_ptp(*score_or_results(opponent_ratings, score))


def _exact_shown(table: Any, player: int) -> Any:
    """A player's exact performance in a whole-column form: the certified whole number,
    ``"∞"`` / ``"-∞"`` for 100 % / 0 %, ``None`` without a rated game."""
    value = table.rp_exact(player)
    if value is None:
        return None
    if value in (float("inf"), float("-inf")):
        return "\u221e" if value > 0 else "-\u221e"
    return round_half_up(value)  # the certified whole number: rp_exact keeps to its side


def _rated_game_column(
    function: str, figure: Callable[[Any, int], Any], chart: ChartCells
) -> list[list[Any]]:
    """Every player's *figure* of the rated games (``figure(table, player)``) for the
    whole-column form *function*: the games against rated opponents that the edition the
    event's rules name leaves rated (the rapid and blitz 600-point rule) at its minutes for
    60 moves (core's :func:`~xlfuncs.core.eligibility.rules_out`). Without a figure
    (``None``: no rated game against a rated opponent), blank, or with the *reasons* flag
    ``no rated game``."""

    def shown(table: Any, player: int) -> Any:
        value = figure(table, player)
        return NoFigure(NO_RATED_GAME) if value is None else value

    return per_player(function, shown, chart)


def rated_games_all_cells(chart: ChartCells) -> list[list[Any]]:
    """Every player's count of rated games against rated opponents, one row each
    (:func:`_rated_game_column`)."""
    return _rated_game_column("RATED_GAMES_ALL", lambda t, i: len(t.rated_games(i)), chart)


def ra_all_cells(chart: ChartCells) -> list[list[Any]]:
    """Every player's Ra: the average rating of the rated opponents in rated games
    (:func:`_rated_game_column`)."""
    return _rated_game_column("RA_ALL", lambda t, i: t.ra(i), chart)


def rp_fide_all_cells(chart: ChartCells) -> list[list[Any]]:
    """Every player's FIDE performance Ra + dp, against rated opponents in rated games
    (:func:`_rated_game_column`)."""
    return _rated_game_column("RP_FIDE_ALL", lambda t, i: t.rp_fide(i), chart)


def rp_exact_all_cells(chart: ChartCells) -> list[list[Any]]:
    """Every player's exact performance (whole numbers; "∞" / "-∞" for 100 % / 0 %), in the
    rated games (:func:`_rated_game_column`)."""
    return _rated_game_column("RP_EXACT_ALL", _exact_shown, chart)
