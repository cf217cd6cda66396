"""The Excel functions: thin wrappers over :mod:`xlfuncs.core`, decorated for xlwings.

This is the only module that imports xlwings. Classic xlwings (Windows) imports it through
the ``UDF Modules`` setting; ``xlfuncs lite`` bundles it into a ``main.py`` for xlwings Lite.
Off Windows the decorators leave each function as it is, so tests call them directly with
what Excel passes.

Every function returns a number or an array, or an Excel error value as text (``"#VALUE!"``,
``"#NUM!"``, ``"#N/A"``) and never raises; ``=EXPLAIN_ERROR("RP_FIDE", C5:C13, D5)`` repeats
a call and tells why it failed. The docstring's first line is the description Excel's
function wizard shows; each ``doc`` is an argument's help.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import xlwings as xw

from . import excel
from .core import (
    dp as _dp,
    expected_score as _expected_score,
    first_rating_from_totals as _first_rating_from_totals,
    k_factor as _k_factor,
    norm_performance as _norm_performance,
    norm_points as _norm_points,
    rating_change as _rating_change,
    rp_exact_rounded as _rp_exact_rounded,
    rp_fide as _rp_fide,
    rp_linear as _rp_linear,
    rp_ptp as _rp_ptp,
)
from .core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError
from .core.tables import pd_hundredths as _pd_hundredths
from .excel import Cell, excel_function

__all__ = [
    "DP_LOOKUP", "PD_LOOKUP", "EXPECTED_SCORE", "RP_EXACT", "RP_FIDE", "RP_LINEAR", "RP_PTP",
    "ELO_CHANGE", "ELO_DETAIL", "K_FACTOR", "BLOQUE", "NORM_RP", "NORM_POINTS",
    "EXPLAIN_ERROR", "FUNCTIONS",
]

CATEGORY = "xlfuncs (FIDE ratings)"
"""The category under which Excel's function wizard lists the functions."""

_RANGE = {"ndim": 2, "err_to_str": True}
_VALUE = {"err_to_str": True}

_OPPONENTS = "Opponents' ratings, one cell per game; blank or 0 = unrated opponent"
_SCORE = ("Points scored against the rated opponents, or a range of results (1, ½, 0, "
          "+, -) beside the ratings")
_RULES = "Edition of the FIDE rules: 2017, 2022, 2024, 2025 or a date; blank = in force today"


def _rated(value: Cell, name: str) -> int:
    r = excel.rating(value, name)
    if r is None:
        raise NothingToComputeError(f"{name}: the player is unrated (blank or 0)")
    return r


@xw.func(category=CATEGORY)
@xw.arg("p", doc="Fractional score 0..1, or points when games is given", **_VALUE)
@xw.arg("games", doc="Optional: number of games; then p is the points scored", **_VALUE)
@excel_function
def DP_LOOKUP(p: Cell, games: Cell = None) -> int:
    """Rating difference dp for a fractional score (FIDE table 8.1(a))."""
    value = excel.number(p, "p")
    n = excel.optional_number(games, "games")
    if n is None:
        return _dp(value)
    if n != int(n) or n < 1:
        raise InvalidInputError(f"games: expected a whole number of games, got {n:g}")
    if not 0 <= value <= n:
        raise OutOfRangeError(f"p: {value:g} points is not possible in {int(n)} games")
    return _dp(Fraction(value).limit_denominator(1000) / int(n))


@xw.func(category=CATEGORY)
@xw.arg("rating_difference", doc="Rating difference; positive for the higher-rated player",
        **_VALUE)
@excel_function
def PD_LOOKUP(rating_difference: Cell) -> float:
    """Expected score for a rating difference (FIDE table 8.1(b), no 400-point cap)."""
    return _pd_hundredths(excel.number(rating_difference, "rating_difference")) / 100


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc="The player's rating", **_VALUE)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def EXPECTED_SCORE(own_rating: Cell, opponent_ratings: Cell, rules: Cell = None) -> Fraction:
    """Expected score against the rated opponents, with the edition's 400-point rule."""
    own = _rated(own_rating, "own_rating")
    rs = [r for r in excel.ratings(opponent_ratings, "opponent_ratings") if r is not None]
    if not rs:
        raise NothingToComputeError("opponent_ratings: no rated opponent")
    return _expected_score(own, rs, rules=excel.rules(rules))


def _performance(method: Callable[[list[int], Fraction], int], opponent_ratings: Cell,
                 score: Cell) -> int:
    rs, s = excel.score_or_results(opponent_ratings, score)
    return method(rs, s)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_EXACT(opponent_ratings: Cell, score: Cell) -> int:
    """Exact performance rating: the R whose logistic expected score equals the score."""
    return _performance(_rp_exact_rounded, opponent_ratings, score)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_FIDE(opponent_ratings: Cell, score: Cell) -> int:
    """Performance rating by FIDE's method: Ra + dp(p), a whole number."""
    return _performance(_rp_fide, opponent_ratings, score)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_LINEAR(opponent_ratings: Cell, score: Cell) -> int:
    """Linear performance rating: Ra + 800p - 400, a whole number."""
    return _performance(_rp_linear, opponent_ratings, score)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_PTP(opponent_ratings: Cell, score: Cell) -> int:
    """Perfect Tournament Performance (FIDE tie-break C.07)."""
    return _performance(_rp_ptp, opponent_ratings, score)


def _change(own_rating: Cell, opponent_ratings: Cell, results: Cell, k: Cell,
            rules: Cell) -> Any:
    own = _rated(own_rating, "own_rating")
    found = excel.rated_games(excel.games(opponent_ratings, results))
    return _rating_change(own, [found], excel.whole_number(k, "k"), rules=excel.rules(rules))


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc="The player's rating", **_VALUE)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("results", doc="Results beside the ratings: 1, ½, 0 (rated); +, - forfeits", **_RANGE)
@xw.arg("k", doc="Development coefficient K (10, 20 or 40); lowered so that K x n <= 700",
        **_VALUE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("rounded", doc="TRUE (default): the rounded change; FALSE: the unrounded sum",
        **_VALUE)
@excel_function
def ELO_CHANGE(own_rating: Cell, opponent_ratings: Cell, results: Cell, k: Cell,
               rules: Cell = None, rounded: Cell = None) -> int | Fraction:
    """Rating change for the games given: K x sum(W - PD), rounded once."""
    change = _change(own_rating, opponent_ratings, results, k, rules)
    keep_rounded = True if excel.is_blank(rounded) else excel.boolean(rounded, "rounded")
    return int(change.change) if keep_rounded else change.unrounded


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc="The player's rating", **_VALUE)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("results", doc="Results beside the ratings: 1, ½, 0 (rated); +, - forfeits", **_RANGE)
@xw.arg("k", doc="Development coefficient K; lowered so that K x n <= 700", **_VALUE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def ELO_DETAIL(own_rating: Cell, opponent_ratings: Cell, results: Cell, k: Cell,
               rules: Cell = None) -> list[list[float]]:
    """One row per rated game: opponent rating used, PD, W - PD, K x (W - PD)."""
    change = _change(own_rating, opponent_ratings, results, k, rules)
    if not change.games:
        raise NothingToComputeError("results: no rated game against a rated opponent")
    return [[g.rating_used, float(g.expected), float(g.difference), float(g.change)]
            for g in change.games]


@xw.func(category=CATEGORY)
@xw.arg("rating", doc="The player's rating at the start of the period", **_VALUE)
@xw.arg("rated_games", doc="Rated games the player had completed before", **_VALUE)
@xw.arg("birth_year", doc="Year of birth (blank: unknown, no junior K)", **_VALUE)
@xw.arg("reached_2400", doc="TRUE if a published rating ever reached 2400", **_VALUE)
@xw.arg("period_date", doc="Date of the rating period (blank: today), for the junior rule",
        **_VALUE)
@excel_function
def K_FACTOR(rating: Cell, rated_games: Cell, birth_year: Cell = None,
             reached_2400: Cell = None, period_date: Cell = None) -> int:
    """FIDE development coefficient K (40, 20 or 10) from the player's data."""
    year = excel.optional_number(birth_year, "birth_year")
    return _k_factor(
        _rated(rating, "rating"), excel.whole_number(rated_games, "rated_games"),
        None if year is None else excel.whole_number(year, "birth_year"),
        excel.boolean(reached_2400, "reached_2400"),
        None if excel.is_blank(period_date) else excel.date(period_date, "period_date"),
    )


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("results_or_score", doc="Results beside the ratings, or the points against the "
        "rated opponents", **_RANGE)
@xw.arg("system", doc='"swiss" (default) or "rr" (round robin)', **_VALUE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def BLOQUE(opponent_ratings: Cell, results_or_score: Cell, system: Cell = None,
           rules: Cell = None) -> int:
    """First rating Ru of an unrated player under the chosen edition."""
    kind = excel.text(system, "system", default="swiss").lower()
    if kind in ("round robin", "round-robin", "roundrobin", "rr", "todos contra todos"):
        kind = "rr"
    if kind not in ("swiss", "suizo", "rr"):
        raise InvalidInputError(f'system: expected "swiss" or "rr", got {system!r}')
    kind = "swiss" if kind == "suizo" else kind
    edition = excel.rules(rules)
    results = excel.flatten(results_or_score)
    if isinstance(results_or_score, (list, tuple)) and len(results) > 1:
        found = excel.games(opponent_ratings, results_or_score, results_name="results_or_score")
        counted = [(r, o.points) for r, o in found if o.rated]
        rated = [r for r, _ in counted if r is not None]
        unrated = [w for r, w in counted if r is None]
        score = sum((w for r, w in counted if r is not None), Fraction(0))
        if kind == "rr" and edition.first_rating_round_robin_factor:
            score += sum(unrated, Fraction(0))
        n_unrated = len(unrated)
    else:
        cells = excel.flatten(opponent_ratings)
        listed = [excel.rating(c, f"opponent_ratings (cell {i})")
                  for i, c in enumerate(cells, start=1) if not excel.is_blank(c)]
        rated = [r for r in listed if r is not None]
        n_unrated = len(listed) - len(rated)
        score = Fraction(excel.number(results_or_score, "results_or_score")).limit_denominator(
            1000)
    return _first_rating_from_totals(rated, score, unrated_games=n_unrated,
                                     system="rr" if kind == "rr" else "swiss",
                                     rules=edition).rating


def _norm_opponents(opponent_ratings: Cell, score: Cell | None) -> tuple[list[int | None],
                                                                          Fraction | None]:
    if score is not None and isinstance(score, (list, tuple)) and len(excel.flatten(score)) > 1:
        found = [(r, o) for r, o in excel.games(opponent_ratings, score) if o.rated]
        return [r for r, _ in found], sum((o.points for _, o in found), Fraction(0))
    listed = [excel.rating(c, f"opponent_ratings (cell {i})")
              for i, c in enumerate(excel.flatten(opponent_ratings), start=1)
              if not excel.is_blank(c)]
    if score is None:
        return listed, None
    return listed, Fraction(excel.number(score, "score")).limit_denominator(1000)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc="Opponents' ratings; 0 = unrated opponent (counted at the "
        "edition's value)", **_RANGE)
@xw.arg("score", doc="Points scored, or a range of results beside the ratings", **_RANGE)
@xw.arg("title", doc='"GM", "IM", "WGM" or "WIM"', **_VALUE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def NORM_RP(opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell = None) -> int:
    """Title-norm performance Ra + dp, with the rating floor and unrated opponents applied."""
    listed, s = _norm_opponents(opponent_ratings, score)
    assert s is not None
    return _norm_performance(listed, s, excel.text(title, "title"),
                             rules=excel.rules(rules)).rp


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc="Opponents' ratings; 0 = unrated opponent", **_RANGE)
@xw.arg("title", doc='"GM", "IM", "WGM" or "WIM"', **_VALUE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def NORM_POINTS(opponent_ratings: Cell, title: Cell, rules: Cell = None) -> Fraction:
    """The fewest points that make the title norm against these opponents."""
    listed, _ = _norm_opponents(opponent_ratings, None)
    return _norm_points(listed, excel.text(title, "title"), rules=excel.rules(rules))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    f.__name__: f for f in (
        DP_LOOKUP, PD_LOOKUP, EXPECTED_SCORE, RP_EXACT, RP_FIDE, RP_LINEAR, RP_PTP,
        ELO_CHANGE, ELO_DETAIL, K_FACTOR, BLOQUE, NORM_RP, NORM_POINTS,
    )
}
"""Every Excel function by name (``EXPLAIN_ERROR`` aside)."""


@xw.func(category=CATEGORY)
@xw.arg("function_name", doc='Name of the function whose error to explain, e.g. "RP_FIDE"')
@xw.arg("arg1", doc="The same arguments as in the failing call", **_RANGE)
@xw.arg("arg2", **_RANGE)
@xw.arg("arg3", **_RANGE)
@xw.arg("arg4", **_RANGE)
@xw.arg("arg5", **_RANGE)
@xw.arg("arg6", **_RANGE)
def EXPLAIN_ERROR(function_name: Cell, arg1: Cell = None, arg2: Cell = None,
                  arg3: Cell = None, arg4: Cell = None, arg5: Cell = None,
                  arg6: Cell = None) -> str:
    """Why a call of one of our functions gives an error: "OK" or the reason, as text."""
    name = str(function_name or "").strip().upper().removeprefix("XLWINGS.")
    fn = FUNCTIONS.get(name)
    if fn is None:
        return f"EXPLAIN_ERROR: unknown function {function_name!r}; one of {', '.join(FUNCTIONS)}"
    return excel.explain(fn, arg1, arg2, arg3, arg4, arg5, arg6)
