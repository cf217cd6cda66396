"""The Excel functions: the xlwings layer over :mod:`xlfuncs.excel`.

This is the only module that imports xlwings. Classic xlwings (Windows) imports it through
the ``UDF Modules`` setting; ``xlfuncs lite`` bundles it into a ``main.py`` for xlwings Lite.
Off Windows the decorators leave each function as it is, so tests call them directly with
what Excel passes.

Every function returns a number or an array, or an Excel error value as text (``"#VALUE!"``,
``"#NUM!"``, ``"#N/A"``) and never raises; ``=EXPLAIN_ERROR("RP_FIDE", C5:C13, D5)`` repeats
a call and tells why it failed. The docstring's first line is the description Excel's
function wizard shows; each ``doc`` is an argument's help. Each body is one call of the
function of :mod:`xlfuncs.excel` that reads the cells, asks the core and shapes the answer
(``RP_FIDE``: :func:`xlfuncs.excel.performance.rp_fide_cells`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import xlwings as xw

from . import excel
from .excel import (
    Cell,
    columns,
    eligibility,
    excel_function,
    first_rating,
    norm_plan,
    norms,
    performance,
    rating_change,
    rating_working,
    tiebreak_working,
    tiebreaks,
)

__all__ = [
    "BLOQUE",
    "BLOQUE_ALL",
    "DP_LOOKUP",
    "ELO_CHANGE",
    "ELO_CHANGE_ALL",
    "ELO_DETAIL",
    "EXPECTED_SCORE",
    "EXPLAIN_ERROR",
    "FUNCTIONS",
    "GAME_RATED",
    "K_FACTOR",
    "K_FACTOR_ALL",
    "K_FOR_GAMES",
    "NORM_ALL",
    "NORM_FIGURES",
    "NORM_MIX",
    "NORM_PLAN",
    "NORM_POINTS",
    "NORM_RATINGS",
    "NORM_RP",
    "NORM_TITLED",
    "PD_LOOKUP",
    "POINTS_ALL",
    "RATED_GAMES_ALL",
    "RATING_WORKING",
    "RANK_ALL",
    "RA_ALL",
    "RP_EXACT",
    "RP_EXACT_ALL",
    "RP_FIDE",
    "RP_FIDE_ALL",
    "RP_LINEAR",
    "RP_PTP",
    "SB_ALL",
    "TIEBREAK",
    "TIEBREAK_ALL",
    "TIEBREAK_WORKING",
    "UNRATED_AGAIN",
    "UPLIFT_2024",
]

CATEGORY = "xlfuncs (FIDE ratings)"
"""The category under which Excel's function wizard lists the functions."""

_RANGE = {"ndim": 2, "err_to_str": True}
_VALUE = {"err_to_str": True}

_OPPONENTS = "Opponents' ratings, one cell per game; blank or 0 = unrated opponent"
_OWN_RATING = "The player's rating"
_RESULTS = (
    "Results beside the ratings: 1, ½, 0 (rated); +, - forfeits; W<1, D<1, L<1 less than one "
    "move (a bare W, D, L: #VALUE!, two meanings)"
)
_PLAYED = "Results beside them; only games played (1, ½, 0) count"
_PLAYERS_RATINGS = "Players' ratings, one row each; blank or 0 = unrated"
_SCORE = (
    "Points scored against the rated opponents, or a range of results (1, ½, 0, "
    "+, -, W<1 ...; a bare W, D, L: #VALUE!) beside the ratings"
)
_RULES = (
    "Edition of the FIDE rules: 2017, 2022, 2024, 2025 or a date, then rapid or blitz for those "
    'rates ("2025 rapid", "blitz"; none: standard); blank = standard, in force today'
)
_NORM_RULES = (
    "Title Regulations: a date (those in force then: unrated opponents 1400 from 1 Jan 2024), "
    "or 2017, 2022, 2024, 2025 (in force when that rating edition began); blank = today; "
    '"rapid" or "blitz": #VALUE!, no norm there'
)
_K_RULES = (
    'Optional rate of play: "rapid" or "blitz" (K 20 for all until 30 Sep 2022, then the '
    "standard rule), or an edition or date with it as for rules; blank = standard"
)
_PROVISIONAL = (
    "Optional: TRUE shows Ru even where the rules publish none (fewer than 5 games against "
    "rated opponents, below the floor); blank/FALSE: #N/A there"
)


@xw.func(category=CATEGORY)
@xw.arg("p", doc="Fractional score 0..1, or points when games is given", **_VALUE)
@xw.arg("games", doc="Optional: number of games; then p is the points scored", **_VALUE)
@excel_function
def DP_LOOKUP(p: Cell, games: Cell = None) -> int:
    """Rating difference dp for a fractional score (FIDE table 8.1(a))."""
    return performance.dp_lookup_cells(p, games)


@xw.func(category=CATEGORY)
@xw.arg(
    "rating_difference", doc="Rating difference; positive for the higher-rated player", **_VALUE
)
@excel_function
def PD_LOOKUP(rating_difference: Cell) -> float:
    """Expected score for a rating difference (FIDE table 8.1(b), no 400-point cap)."""
    return performance.pd_lookup_cells(rating_difference)


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc=_OWN_RATING, **_VALUE)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def EXPECTED_SCORE(own_rating: Cell, opponent_ratings: Cell, rules: Cell = None) -> Fraction:
    """Expected score against the rated opponents, with the edition's 400-point rule."""
    return performance.expected_score_cells(own_rating, opponent_ratings, rules)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_EXACT(opponent_ratings: Cell, score: Cell) -> int:
    """Exact performance rating: the R whose logistic expected score equals the score."""
    return performance.rp_exact_cells(opponent_ratings, score)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_FIDE(opponent_ratings: Cell, score: Cell) -> int:
    """Performance rating by FIDE's method: Ra + dp(p), a whole number."""
    return performance.rp_fide_cells(opponent_ratings, score)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_LINEAR(opponent_ratings: Cell, score: Cell) -> int:
    """Linear performance rating: Ra + 800p - 400, a whole number."""
    return performance.rp_linear_cells(opponent_ratings, score)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_PTP(opponent_ratings: Cell, score: Cell) -> int:
    """Perfect Tournament Performance (FIDE tie-break C.07)."""
    return performance.rp_ptp_cells(opponent_ratings, score)


_TOURNAMENTS = (
    "Optional: tournament labels beside the games (one name or number per game); games "
    "with the same label form one tournament. Omitted: all games are one tournament"
)


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc=_OWN_RATING, **_VALUE)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("results", doc=_RESULTS, **_RANGE)
@xw.arg(
    "k", doc="K (10, 20 or 40), after the results (unlike ELO_CHANGE_ALL); K x n <= 700", **_VALUE
)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("rounded", doc="TRUE (default): the rounded change; FALSE: the unrounded sum", **_VALUE)
@xw.arg("tournaments", doc=_TOURNAMENTS, **_RANGE)
@excel_function
def ELO_CHANGE(
    own_rating: Cell,
    opponent_ratings: Cell,
    results: Cell,
    k: Cell,
    rules: Cell = None,
    rounded: Cell = None,
    tournaments: Cell = None,
) -> int | Fraction:
    """Rating change for the games given: K x sum(W - PD), rounded once for the period."""
    return rating_change.elo_change_cells(
        own_rating, opponent_ratings, results, k, rules, rounded, tournaments
    )


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc=_OWN_RATING, **_VALUE)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("results", doc=_RESULTS, **_RANGE)
@xw.arg("k", doc="Development coefficient K; lowered so that K x n <= 700", **_VALUE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("tournaments", doc=_TOURNAMENTS, **_RANGE)
@excel_function
def ELO_DETAIL(
    own_rating: Cell,
    opponent_ratings: Cell,
    results: Cell,
    k: Cell,
    rules: Cell = None,
    tournaments: Cell = None,
) -> list[list[float]]:
    """One row per rated game: opponent rating used, PD, W - PD, K x (W - PD)."""
    return rating_change.elo_detail_cells(
        own_rating, opponent_ratings, results, k, rules, tournaments
    )


@xw.func(category=CATEGORY)
@xw.arg("rating", doc="The player's rating at the start of the period", **_VALUE)
@xw.arg("rated_games", doc="Rated games the player had completed before", **_VALUE)
@xw.arg("birth_year", doc="Year of birth (blank: unknown, no junior K)", **_VALUE)
@xw.arg("reached_2400", doc="TRUE if a published rating ever reached 2400", **_VALUE)
@xw.arg(
    "period_date", doc="Date of the rating period (blank: today), for the junior rule", **_VALUE
)
@xw.arg("rules", doc=_K_RULES, **_VALUE)
@excel_function
def K_FACTOR(
    rating: Cell,
    rated_games: Cell,
    birth_year: Cell = None,
    reached_2400: Cell = None,
    period_date: Cell = None,
    rules: Cell = None,
) -> int:
    """FIDE development coefficient K (40, 20 or 10) from the player's data."""
    return rating_change.k_factor_cells(
        rating, rated_games, birth_year, reached_2400, period_date, rules
    )


@xw.func(category=CATEGORY)
@xw.arg("k", doc="K before the limit: 40, 20 or 10 (K_FACTOR), or a K entered", **_VALUE)
@xw.arg("games", doc="Rated games n in the rating period (blank: K unchanged)", **_VALUE)
@excel_function
def K_FOR_GAMES(k: Cell, games: Cell = None) -> int:
    """K used for a rating period of n rated games: K lowered so that K x n <= 700."""
    return rating_change.k_for_games_cells(k, games)


@xw.func(category=CATEGORY)
@xw.arg("rating", doc="A standard rating before 1 March 2024 (blank or 0: unrated, #N/A)", **_VALUE)
@excel_function
def UPLIFT_2024(rating: Cell) -> int:
    """The one-time uplift of 1 March 2024: R + 0.4 x (2000 - R) below 2000, rounded."""
    return rating_change.uplift_2024_cells(rating)


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Ratings at the start of the period: a cell or a column", **_RANGE)
@xw.arg("changes", doc="The rating changes beside them (ELO_CHANGE, ELO_CHANGE_ALL)", **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def UNRATED_AGAIN(ratings: Cell, changes: Cell, rules: Cell = None) -> Any:
    """Marks a new rating below the floor: "below 1400: unrated again"; blank where not."""
    return rating_change.unrated_again_cells(ratings, changes, rules)


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc="The player's rating (blank or 0: unrated)", **_VALUE)
@xw.arg("opponent_rating", doc="The opponent's rating (blank or 0: unrated)", **_VALUE)
@xw.arg(
    "minutes",
    doc="Each player's time for 60 moves, increments included (90 min + 30 s a move: 120); "
    "blank: not known, #N/A",
    **_VALUE,
)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def GAME_RATED(
    own_rating: Cell, opponent_rating: Cell, minutes: Cell = None, rules: Cell = None
) -> str:
    """Whether a played game is rated: "rated", or "not rated: " and why (120/90/60 minutes)."""
    return eligibility.game_rated_cells(own_rating, opponent_rating, minutes, rules)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg(
    "results_or_score",
    doc="Results beside the ratings, or the points against the rated opponents",
    **_RANGE,
)
@xw.arg("system", doc=f"{excel.SYSTEM_HELP}; blank = swiss", **_VALUE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("provisional", doc=_PROVISIONAL, **_VALUE)
@excel_function
def BLOQUE(
    opponent_ratings: Cell,
    results_or_score: Cell,
    system: Cell = None,
    rules: Cell = None,
    provisional: Cell = None,
) -> int:
    """First rating Ru of an unrated player under the chosen edition; #N/A where none."""
    return first_rating.bloque_cells(opponent_ratings, results_or_score, system, rules, provisional)


_NORM_OPPONENTS = "Opponents' ratings; 0 = unrated opponent (counted at the edition's value)"
_NORM_SCORE = "Points scored, or a range of results beside the ratings"


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_NORM_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_NORM_SCORE, **_RANGE)
@xw.arg("title", doc='"GM", "IM", "WGM" or "WIM"', **_VALUE)
@xw.arg("rules", doc=_NORM_RULES, **_VALUE)
@excel_function
def NORM_RP(opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell = None) -> int:
    """Title-norm performance Ra + dp, with the rating floor and unrated opponents applied."""
    return norms.norm_rp_cells(opponent_ratings, score, title, rules)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc="Opponents' ratings; 0 = unrated opponent", **_RANGE)
@xw.arg("title", doc='"GM", "IM", "WGM" or "WIM"', **_VALUE)
@xw.arg("rules", doc=_NORM_RULES, **_VALUE)
@excel_function
def NORM_POINTS(opponent_ratings: Cell, title: Cell, rules: Cell = None) -> Fraction:
    """The fewest points that make the title norm against these opponents."""
    return norms.norm_points_cells(opponent_ratings, title, rules)


@xw.func(category=CATEGORY)
@xw.arg(
    "opponent_ratings", doc="Opponents' ratings, one row per game; blank or 0 = unrated", **_RANGE
)
@xw.arg("results", doc=_PLAYED, **_RANGE)
@xw.arg("title", doc='The norm sought: "GM", "IM", "WGM" or "WIM"', **_VALUE)
@xw.arg("rules", doc=_NORM_RULES, **_VALUE)
@excel_function
def NORM_RATINGS(
    opponent_ratings: Cell, results: Cell, title: Cell, rules: Cell = None
) -> list[list[Any]]:
    """Opponents' ratings for a title norm, one row per game: as valued and as counted."""
    return norms.norm_ratings_cells(opponent_ratings, results, title, rules)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_NORM_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_NORM_SCORE, **_RANGE)
@xw.arg("title", doc='The norm sought: "GM", "IM", "WGM" or "WIM"', **_VALUE)
@xw.arg("rules", doc=_NORM_RULES, **_VALUE)
@excel_function
def NORM_FIGURES(
    opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell = None
) -> list[list[Any]]:
    """Norm figures Ra, p and Rp (three rows): figure, the norm's minimum, met (TRUE/FALSE)."""
    return norms.norm_figures_cells(opponent_ratings, score, title, rules)


@xw.func(category=CATEGORY)
@xw.arg(
    "titles",
    doc="Opponents' titles, one row per game (GM, IM, FM, WGM, ...; blank: none)",
    **_RANGE,
)
@xw.arg("results", doc=_PLAYED, **_RANGE)
@xw.arg("title", doc='The norm sought: "GM", "IM", "WGM" or "WIM"', **_VALUE)
@excel_function
def NORM_TITLED(titles: Cell, results: Cell, title: Cell) -> list[list[Any]]:
    """Opponents' titles for a title norm, one row per game: titled? norm's title or higher?"""
    return norms.norm_titled_cells(titles, results, title)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc="Opponents' ratings; blank or 0 = unrated opponent", **_RANGE)
@xw.arg("results", doc=_PLAYED, **_RANGE)
@xw.arg("titles", doc="Opponents' titles beside them (GM, IM, FM, WGM, ...; blank: none)", **_RANGE)
@xw.arg("federations", doc="Opponents' federations beside them (ESP, GER, ...)", **_RANGE)
@xw.arg("federation", doc="The player's federation (blank: not known)", **_VALUE)
@xw.arg("title", doc='The norm sought: "GM", "IM", "WGM" or "WIM"', **_VALUE)
@excel_function
def NORM_MIX(
    opponent_ratings: Cell,
    results: Cell,
    titles: Cell,
    federations: Cell,
    federation: Cell,
    title: Cell,
) -> list[list[Any]]:
    """Title norm mix checks: six rows of count, threshold, met (TRUE/FALSE), federations."""
    return norms.norm_mix_cells(opponent_ratings, results, titles, federations, federation, title)


# ------------------------------------------------------------ whole-column (array) forms
#
# One call fills a column of a wall chart or crosstable: Excel pays per call, so a 400-player
# chart makes one call per computed column, not 400. Arguments, one row per player:
# ratings (blank or 0 = unrated); results, either a crosstable grid (N x N, the row player's
# result against the column player) or, with opponents, one column per round beside a
# matrix of opponents' numbers. Each returns one value per player ("" where it does not
# apply, an error value in the rows that cannot be computed).

_GRID = "Results: a crosstable grid (N x N), or one column per round when opponents is given"
_OPP = "Optional: opponents' numbers, one column per round (omit for a crosstable grid)"
_EVENT_MINUTES = (
    "Optional: each player's time for 60 moves, increments included (90 min + 30 s a move: "
    "120); games below the minimum (120/90/60 by rating) are not rated; blank: all counted"
)


_SCORING = (
    "Optional: the event's scoring system, points of a win-draw-loss as text: 3-1-0, "
    '"2-1-0, absence 0", "1-½-0, pairing-allocated bye ½" (TRF-2026 record 162); blank = 1-½-0'
)


@xw.func(category=CATEGORY)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("scoring", doc=_SCORING, **_VALUE)
@excel_function
def POINTS_ALL(results: Cell, scoring: Cell = None) -> list[list[Any]]:
    """Points of every player (one row each): wins, draws, forfeits and byes counted."""
    return columns.points_all_cells(results, scoring)


@xw.func(category=CATEGORY)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@excel_function
def SB_ALL(results: Cell, opponents: Cell = None) -> list[list[Any]]:
    """Sonneborn-Berger of every player: points of opponents beaten, half of those drawn."""
    return tiebreaks.sb_all_cells(results, opponents)


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("minutes", doc=_EVENT_MINUTES, **_VALUE)
@excel_function
def RATED_GAMES_ALL(
    ratings: Cell, results: Cell, opponents: Cell = None, rules: Cell = None, minutes: Cell = None
) -> list[list[Any]]:
    """Rated games of every player against rated opponents."""
    return performance.rated_games_all_cells(ratings, results, opponents, rules, minutes)


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("minutes", doc=_EVENT_MINUTES, **_VALUE)
@xw.arg("reasons", doc=columns.REASONS_HELP, **_VALUE)
@excel_function
def RA_ALL(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    minutes: Cell = None,
    reasons: Cell = None,
) -> list[list[Any]]:
    """Average rating of each player's rated opponents in rated games (Ra)."""
    return performance.ra_all_cells(ratings, results, opponents, rules, minutes, reasons)


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("minutes", doc=_EVENT_MINUTES, **_VALUE)
@xw.arg("reasons", doc=columns.REASONS_HELP, **_VALUE)
@excel_function
def RP_FIDE_ALL(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    minutes: Cell = None,
    reasons: Cell = None,
) -> list[list[Any]]:
    """FIDE performance Ra + dp of every player, against rated opponents in rated games."""
    return performance.rp_fide_all_cells(ratings, results, opponents, rules, minutes, reasons)


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("minutes", doc=_EVENT_MINUTES, **_VALUE)
@xw.arg("reasons", doc=columns.REASONS_HELP, **_VALUE)
@excel_function
def RP_EXACT_ALL(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    minutes: Cell = None,
    reasons: Cell = None,
) -> list[list[Any]]:
    """Exact performance of every player (whole numbers; "∞" / "-∞" for 100 % / 0 %)."""
    return performance.rp_exact_all_cells(ratings, results, opponents, rules, minutes, reasons)


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg(
    "k", doc="Each player's K, before the results (unlike ELO_CHANGE); blank: no change", **_RANGE
)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("minutes", doc=_EVENT_MINUTES, **_VALUE)
@xw.arg("reasons", doc=columns.REASONS_HELP, **_VALUE)
@excel_function
def ELO_CHANGE_ALL(
    ratings: Cell,
    k: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    minutes: Cell = None,
    reasons: Cell = None,
) -> list[list[Any]]:
    """Rating change of every rated player in this event (K x n <= 700, rounded once)."""
    return rating_change.elo_change_all_cells(
        ratings, k, results, opponents, rules, minutes, reasons
    )


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg(
    "system", doc=f'{excel.SYSTEM_HELP}; blank: "rr" for a grid, "swiss" with opponents', **_VALUE
)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("provisional", doc=_PROVISIONAL.replace("#N/A", "blank"), **_VALUE)
@xw.arg("minutes", doc=_EVENT_MINUTES, **_VALUE)
@xw.arg("reasons", doc=columns.REASONS_HELP, **_VALUE)
@excel_function
def BLOQUE_ALL(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    system: Cell = None,
    rules: Cell = None,
    provisional: Cell = None,
    minutes: Cell = None,
    reasons: Cell = None,
) -> list[list[Any]]:
    """First rating Ru of every unrated player; blank for rated players and where none."""
    return first_rating.bloque_all_cells(
        ratings, results, opponents, system, rules, provisional, minutes, reasons
    )


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("sexes", doc='Optional: "w" or "f" marks a woman (WGM and WIM norms)', **_RANGE)
@xw.arg("rules", doc=_NORM_RULES, **_VALUE)
@xw.arg(
    "titles",
    doc="Optional: the titles players hold (GM ... WCM): only stronger norms are shown, and "
    "the opponents' titles count for the 50 % and 1/3 rules",
    **_RANGE,
)
@xw.arg(
    "federations",
    doc="Players' federations (three letters); a norm needs them (2 other federations, at "
    "most 3/5 own and 2/3 one); blank: no norm can be confirmed",
    **_RANGE,
)
@xw.arg("minutes", doc=_EVENT_MINUTES, **_VALUE)
@xw.arg("reasons", doc=columns.REASONS_HELP, **_VALUE)
@excel_function
def NORM_ALL(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    sexes: Cell = None,
    rules: Cell = None,
    titles: Cell = None,
    federations: Cell = None,
    minutes: Cell = None,
    reasons: Cell = None,
) -> list[list[Any]]:
    """Best title norm (GM, IM, WGM, WIM) each player made by the whole check; blank if none."""
    return norms.norm_all_cells(
        ratings, results, opponents, sexes, rules, titles, federations, minutes, reasons
    )


@xw.func(category=CATEGORY)
@xw.arg(
    "ratings",
    doc="The field's ratings, one row a player (0 = unrated); a blank row is no player",
    **_RANGE,
)
@xw.arg("titles", doc="The titles the players hold (GM ... WCM; blank: none)", **_RANGE)
@xw.arg("federations", doc="The players' federations (three letters)", **_RANGE)
@xw.arg("sexes", doc='Optional: "w" or "f" marks a woman (WGM and WIM norms)', **_RANGE)
@xw.arg(
    "rounds",
    doc='A Swiss\'s rounds; "rr" or blank: a round robin (each meets every other); "drr": double',
    **_VALUE,
)
@xw.arg(
    "host_federation", doc="The host federation (1.4.3d, a big Swiss; blank: not known)", **_VALUE
)
@xw.arg("rules", doc=_NORM_RULES, **_VALUE)
@excel_function
def NORM_PLAN(
    ratings: Cell,
    titles: Cell = None,
    federations: Cell = None,
    sexes: Cell = None,
    rounds: Cell = None,
    host_federation: Cell = None,
    rules: Cell = None,
) -> list[list[Any]]:
    """A field's norm plan: for GM, IM, WGM, WIM the points needed, or what blocks the norm."""
    return norm_plan.norm_plan_cells(
        ratings, titles, federations, sexes, rounds, host_federation, rules
    )


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Players' ratings, one row each", **_RANGE)
@xw.arg(
    "rated_games",
    doc="Rated games each player had completed before (blank: 30 or more, an established player)",
    **_RANGE,
)
@xw.arg("birth_years", doc="Years of birth (blank: unknown)", **_RANGE)
@xw.arg("reached_2400", doc="TRUE where a published rating ever reached 2400", **_RANGE)
@xw.arg("period_date", doc="Date of the rating period (blank: today)", **_VALUE)
@xw.arg("rules", doc=_K_RULES, **_VALUE)
@excel_function
def K_FACTOR_ALL(
    ratings: Cell,
    rated_games: Cell,
    birth_years: Cell = None,
    reached_2400: Cell = None,
    period_date: Cell = None,
    rules: Cell = None,
) -> list[list[Any]]:
    """K of every player from their data; blank for unrated players and empty rows."""
    return rating_change.k_factor_all_cells(
        ratings, rated_games, birth_years, reached_2400, period_date, rules
    )


@xw.func(category=CATEGORY)
@xw.arg("player", doc="The player's number: their row in the ranges, from 1", **_VALUE)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("k", doc="Each player's K, before the results (as ELO_CHANGE_ALL's)", **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg(
    "system",
    doc=f"{excel.SYSTEM_HELP} (the first rating's 2017 round robin); blank: rr for a grid, "
    "swiss with opponents",
    **_VALUE,
)
@xw.arg("rows", doc=tiebreak_working.ROWS_HELP, **_VALUE)
@xw.arg("minutes", doc=_EVENT_MINUTES, **_VALUE)
@xw.arg(
    "reasons",
    doc="Optional: TRUE says why where there is no figure (no K, no rated game); "
    "blank/FALSE: #N/A there",
    **_VALUE,
)
@excel_function
def RATING_WORKING(
    player: Cell,
    ratings: Cell,
    k: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    system: Cell = None,
    rows: Cell = None,
    minutes: Cell = None,
    reasons: Cell = None,
) -> list[list[Any]]:
    """One player's rating working: the change game by game, or an unrated player's Ru."""
    return rating_working.rating_working_cells(
        player, ratings, k, results, opponents, rules, system, rows, minutes, reasons
    )


# ------------------------------------------------------------------ tie-breaks (C.07)
#
# FIDE's Tie-Break Regulations (C.07) live in xlfuncs.core.tiebreaks, their cells in
# xlfuncs.excel.tiebreaks: every value shown so that a higher one is better (RANK_ALL ranks
# by plain numbers).

_DESCRIPTOR = (
    'Tie-break as C.07 writes it ("BH/C1", "SB", "DE", "ARO"; the 2026 text\'s "STD", "TPN", '
    '"RTNG", "AOB/F"; "KS/L-1", "ARO/U1000"...), or several (a row of cells, or "BH/C1, BH, '
    'SB"): one column each; TPN and RTNG/R (lower first) shown negated'
)
_TIEBREAK_RULES = (
    "Edition of C.07: 2023 or 2026, or a date (the one in force then: the event's start); "
    "2017..2025 (a rating edition): the one in force then; blank = in force today"
)
_COLOURS = (
    "Optional: colours beside the results, the same shape: w or b per game (BPG and BWG need them)"
)
_UNRATED = (
    "Optional: the rating unrated players count at in the rating tie-breaks (ARO, TPR, PTP, "
    "APRO, APPO, RTNG), as the event's rules give it; blank = none: those are then blank "
    "when a player is unrated (C.07 10)"
)
_PTP_FULL_SCORE = (
    "Optional: the PTP of a 100% score (and APPO through it), C.07 10.3: "
    f"{excel.PTP_FULL_SCORE_DEFAULT} (blank: the highest-rated opponent + 800) or definition "
    "(the lowest rating whose expected score reaches it: + 736, as FIDE's engine)"
)
_TIEBREAK_SYSTEM = (
    f"How the event was paired: {excel.SYSTEM_HELP} (C.07: a round robin counts every "
    "pairing as played); blank: rr for a grid or when every two players met, else swiss"
)


@xw.func(category=CATEGORY)
@xw.arg("descriptor", doc=_DESCRIPTOR, **_RANGE)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_TIEBREAK_RULES, **_VALUE)
@xw.arg("colours", doc=_COLOURS, **_RANGE)
@xw.arg("unrated", doc=_UNRATED, **_VALUE)
@xw.arg("system", doc=_TIEBREAK_SYSTEM, **_VALUE)
@xw.arg("ptp_full_score", doc=_PTP_FULL_SCORE, **_VALUE)
@xw.arg("scoring", doc=_SCORING, **_VALUE)
@excel_function
def TIEBREAK_ALL(
    descriptor: Cell,
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    colours: Cell = None,
    unrated: Cell = None,
    system: Cell = None,
    ptp_full_score: Cell = None,
    scoring: Cell = None,
) -> list[list[Any]]:
    """FIDE tie-breaks (C.07) of every player: a row each, a column per tie-break."""
    return tiebreaks.tiebreak_all_cells(
        descriptor,
        ratings,
        results,
        opponents,
        rules,
        colours,
        unrated,
        system,
        ptp_full_score,
        scoring,
    )


@xw.func(category=CATEGORY)
@xw.arg("descriptor", doc="One tie-break as C.07 writes it: BH/C1, SB, DE, ARO...", **_VALUE)
@xw.arg("player", doc="The player's number: their row in the ranges, from 1", **_VALUE)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_TIEBREAK_RULES, **_VALUE)
@xw.arg("colours", doc=_COLOURS, **_RANGE)
@xw.arg("unrated", doc=_UNRATED, **_VALUE)
@xw.arg("system", doc=_TIEBREAK_SYSTEM, **_VALUE)
@xw.arg("ptp_full_score", doc=_PTP_FULL_SCORE, **_VALUE)
@xw.arg("scoring", doc=_SCORING, **_VALUE)
@excel_function
def TIEBREAK(
    descriptor: Cell,
    player: Cell,
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    colours: Cell = None,
    unrated: Cell = None,
    system: Cell = None,
    ptp_full_score: Cell = None,
    scoring: Cell = None,
) -> Any:
    """A FIDE tie-break (C.07) of one player: their row of TIEBREAK_ALL; #N/A if none."""
    return tiebreaks.tiebreak_cells(
        descriptor,
        player,
        ratings,
        results,
        opponents,
        rules,
        colours,
        unrated,
        system,
        ptp_full_score,
        scoring,
    )


@xw.func(category=CATEGORY)
@xw.arg("descriptor", doc="One tie-break as C.07 writes it: BH/C1, SB, DE, ARO...", **_VALUE)
@xw.arg("player", doc="The player's number: their row in the ranges, from 1", **_VALUE)
@xw.arg("ratings", doc=_PLAYERS_RATINGS, **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_TIEBREAK_RULES, **_VALUE)
@xw.arg("colours", doc=_COLOURS, **_RANGE)
@xw.arg("unrated", doc=_UNRATED, **_VALUE)
@xw.arg("system", doc=_TIEBREAK_SYSTEM, **_VALUE)
@xw.arg("rows", doc=tiebreak_working.ROWS_HELP, **_VALUE)
@xw.arg("ptp_full_score", doc=_PTP_FULL_SCORE, **_VALUE)
@xw.arg("scoring", doc=_SCORING, **_VALUE)
@excel_function
def TIEBREAK_WORKING(
    descriptor: Cell,
    player: Cell,
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    colours: Cell = None,
    unrated: Cell = None,
    system: Cell = None,
    rows: Cell = None,
    ptp_full_score: Cell = None,
    scoring: Cell = None,
) -> list[list[Any]]:
    """The working of one player's FIDE tie-break (C.07): a row a round, what it adds, why."""
    return tiebreak_working.tiebreak_working_cells(
        descriptor,
        player,
        ratings,
        results,
        opponents,
        rules,
        colours,
        unrated,
        system,
        rows,
        ptp_full_score,
        scoring,
    )


_TIEBREAK_KEY = (
    "Optional: tie-break values beside the points (TIEBREAK_ALL; higher is better), in "
    "order; several columns are several tie-breaks"
)


@xw.func(category=CATEGORY)
@xw.arg(
    "points", doc="Points of every player, one row each (POINTS_ALL); blank: an empty row", **_RANGE
)
@xw.arg("tiebreak1", doc=_TIEBREAK_KEY, **_RANGE)
@xw.arg("tiebreak2", doc=_TIEBREAK_KEY, **_RANGE)
@xw.arg("tiebreak3", doc=_TIEBREAK_KEY, **_RANGE)
@xw.arg("tiebreak4", doc=_TIEBREAK_KEY, **_RANGE)
@xw.arg("tiebreak5", doc=_TIEBREAK_KEY, **_RANGE)
@xw.arg("tiebreak6", doc=_TIEBREAK_KEY, **_RANGE)
@excel_function
def RANK_ALL(
    points: Cell,
    tiebreak1: Cell = None,
    tiebreak2: Cell = None,
    tiebreak3: Cell = None,
    tiebreak4: Cell = None,
    tiebreak5: Cell = None,
    tiebreak6: Cell = None,
) -> list[list[Any]]:
    """Standing of every player: by points, then each tie-break in turn (1, 2, 2, 4)."""
    return tiebreaks.rank_all_cells(
        points, tiebreak1, tiebreak2, tiebreak3, tiebreak4, tiebreak5, tiebreak6
    )


FUNCTIONS: dict[str, Callable[..., Any]] = {
    f.__name__: f
    for f in (
        DP_LOOKUP,
        PD_LOOKUP,
        EXPECTED_SCORE,
        RP_EXACT,
        RP_FIDE,
        RP_LINEAR,
        RP_PTP,
        ELO_CHANGE,
        ELO_DETAIL,
        K_FACTOR,
        K_FOR_GAMES,
        UPLIFT_2024,
        UNRATED_AGAIN,
        GAME_RATED,
        BLOQUE,
        NORM_RP,
        NORM_POINTS,
        NORM_MIX,
        NORM_RATINGS,
        NORM_FIGURES,
        NORM_TITLED,
        POINTS_ALL,
        SB_ALL,
        RATED_GAMES_ALL,
        RA_ALL,
        RP_FIDE_ALL,
        RP_EXACT_ALL,
        ELO_CHANGE_ALL,
        BLOQUE_ALL,
        RATING_WORKING,
        NORM_ALL,
        NORM_PLAN,
        K_FACTOR_ALL,
        TIEBREAK_ALL,
        TIEBREAK,
        TIEBREAK_WORKING,
        RANK_ALL,
    )
}
"""Every Excel function by name (``EXPLAIN_ERROR`` aside)."""


@xw.func(category=CATEGORY)
@xw.arg("function_name", doc='Name of the function whose error to explain, e.g. "RP_FIDE"')
@xw.arg("arg1", doc="The explained function's 1st argument, as in the failing call", **_RANGE)
@xw.arg(
    "arg2", doc="The explained function's 2nd argument (leave out what it does not take)", **_RANGE
)
@xw.arg("arg3", doc="The explained function's 3rd argument, if it takes one", **_RANGE)
@xw.arg("arg4", doc="The explained function's 4th argument, if it takes one", **_RANGE)
@xw.arg("arg5", doc="The explained function's 5th argument, if it takes one", **_RANGE)
@xw.arg("arg6", doc="The explained function's 6th argument, if it takes one", **_RANGE)
@xw.arg("arg7", doc="The explained function's 7th argument, if it takes one", **_RANGE)
@xw.arg("arg8", doc="The explained function's 8th argument, if it takes one", **_RANGE)
@xw.arg("arg9", doc="The explained function's 9th argument, if it takes one", **_RANGE)
@xw.arg("arg10", doc="The explained function's 10th argument, if it takes one", **_RANGE)
@xw.arg("arg11", doc="The explained function's 11th argument, if it takes one", **_RANGE)
@xw.arg("arg12", doc="The explained function's 12th argument, if it takes one", **_RANGE)
@xw.arg(
    "arg13", doc="The explained function's 13th argument (none takes one: one too many)", **_RANGE
)
def EXPLAIN_ERROR(
    function_name: Cell,
    arg1: Cell = None,
    arg2: Cell = None,
    arg3: Cell = None,
    arg4: Cell = None,
    arg5: Cell = None,
    arg6: Cell = None,
    arg7: Cell = None,
    arg8: Cell = None,
    arg9: Cell = None,
    arg10: Cell = None,
    arg11: Cell = None,
    arg12: Cell = None,
    arg13: Cell = None,
) -> str:
    """Why a call of one of our functions gives an error: "OK" or the reason, as text."""
    return excel.explain_error(
        FUNCTIONS,
        function_name,
        arg1,
        arg2,
        arg3,
        arg4,
        arg5,
        arg6,
        arg7,
        arg8,
        arg9,
        arg10,
        arg11,
        arg12,
        arg13,
    )
