"""The Excel functions without xlwings (:mod:`xlfuncs.udfs` registers them): each one's
signature, its arguments' help and reading (:data:`ARGUMENTS`), and a body calling the
``*_cells`` function that reads the cells, asks the core and shapes the answer. Each returns
a number, an array or an Excel error value as text and never raises (:mod:`.calls`); the
docstring's first line is the description Excel's wizard shows.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

from ..core.performance import rp_fide, rp_linear, rp_ptp
from . import (
    columns,
    eligibility,
    first_rating,
    norm_plan,
    norms,
    performance,
    rating_change,
    rating_working,
    tiebreak_working,
    tiebreaks,
)
from .calls import answers_first_error, excel_function, explain_error
from .cells import PTP_FULL_SCORE_DEFAULT, SYSTEM_HELP
from .columns import ChartCells
from .ranges import Cell
from .rating_change import PeriodGames
from .tiebreaks import TiebreakCells

CATEGORY = "xlfuncs (FIDE ratings)"
"""The category under which Excel's function wizard lists the functions."""

_F = TypeVar("_F", bound=Callable[..., Any])

_RANGE = MappingProxyType({"ndim": 2, "err_to_str": True})
_VALUE = MappingProxyType({"err_to_str": True})


class ExcelArgument(NamedTuple):
    """An argument as ``xw.arg`` registers it: the wizard's help, and ``xw.arg``'s keyword
    options (:data:`_RANGE`: rows of cells; :data:`_VALUE`: one value; none: as Excel passes it)."""

    doc: str
    options: Mapping[str, int | bool] = MappingProxyType({})


def _range(doc: str) -> ExcelArgument:
    """An argument read as a range (rows of cells)."""
    return ExcelArgument(doc, _RANGE)


def _value(doc: str) -> ExcelArgument:
    """An argument read as one value."""
    return ExcelArgument(doc, _VALUE)


ARGUMENTS: dict[str, dict[str, ExcelArgument]] = {}
"""Every Excel function's arguments by function name, in the order of its parameters."""

_DEFINED: dict[str, Callable[..., Any]] = {}
"""Every function :func:`_excel` listed, by name, in the order of :data:`ARGUMENTS`."""


def _excel(*shared: Mapping[str, ExcelArgument], **own: ExcelArgument) -> Callable[[_F], _F]:
    """List a function in :data:`ARGUMENTS` and :data:`_DEFINED`, each parameter's argument
    from *own*, else from the first *shared* table naming it; a parameter none names, or an
    argument of *own* the function does not take, fails at import."""

    def register(function: _F) -> _F:
        names = list(inspect.signature(function).parameters)
        extra = set(own) - set(names)
        if extra:
            raise TypeError(f"{function.__name__} takes no {', '.join(sorted(extra))}")
        arguments: dict[str, ExcelArgument] = {}
        for name in names:
            found = own.get(name) or next((t[name] for t in shared if name in t), None)
            if found is None:
                raise TypeError(f"{function.__name__}: no help for {name}")
            arguments[name] = found
        ARGUMENTS[function.__name__] = arguments
        _DEFINED[function.__name__] = function
        return function

    return register


# ------------------------------------------------------------------- one player's games

_RULES = (
    "Edition of the FIDE rules: 2017, 2022, 2024, 2025 or a date, then rapid or blitz for those "
    'rates ("2025 rapid", "blitz"; none: standard); blank = standard, in force today'
)
_K_RULES = _value(
    'Optional rate of play: "rapid" or "blitz" (K 20 for all until 30 Sep 2022, then the '
    "standard rule), or an edition or date with it as for rules; blank = standard"
)
_PROVISIONAL = (
    "Optional: TRUE shows Ru even where the rules publish none (fewer than 5 games against "
    "rated opponents, below the floor); blank/FALSE: #N/A there"
)
_GAMES = {
    "own_rating": _value("The player's rating"),
    "opponent_ratings": _range(
        "Opponents' ratings, one cell per game; blank or 0 = unrated opponent"
    ),
    "results": _range(
        "Results beside the ratings: 1, ½, 0 (rated); +, - forfeits; W<1, D<1, L<1 less than "
        "one move (a bare W, D, L: #VALUE!, two meanings)"
    ),
    "score": _range(
        "Points scored against the rated opponents, or a range of results (1, ½, 0, "
        "+, -, W<1 ...; a bare W, D, L: #VALUE!) beside the ratings"
    ),
    "rules": _value(_RULES),
    "tournaments": _range(
        "Optional: tournament labels beside the games (one name or number per game); games "
        "with the same label form one tournament. Omitted: all games are one tournament"
    ),
    "provisional": _value(_PROVISIONAL),
}
"""The arguments of the functions of one player's games."""


@_excel(
    p=_value("Fractional score 0..1, or points when games is given"),
    games=_value("Optional: number of games; then p is the points scored"),
)
@excel_function
def DP_LOOKUP(p: Cell, games: Cell = None) -> int:
    """Rating difference dp for a fractional score (FIDE table 8.1(a))."""
    return performance.dp_lookup_cells(p, games)


@_excel(rating_difference=_value("Rating difference; positive for the higher-rated player"))
@excel_function
def PD_LOOKUP(rating_difference: Cell) -> float:
    """Expected score for a rating difference (FIDE table 8.1(b), no 400-point cap)."""
    return performance.pd_lookup_cells(rating_difference)


@_excel(_GAMES)
@excel_function
def EXPECTED_SCORE(own_rating: Cell, opponent_ratings: Cell, rules: Cell = None) -> Fraction:
    """Expected score against the rated opponents, with the edition's 400-point rule."""
    return performance.expected_score_cells(own_rating, opponent_ratings, rules)


@_excel(_GAMES)
@excel_function
def RP_EXACT(opponent_ratings: Cell, score: Cell) -> int:
    """Exact performance rating: the R whose logistic expected score equals the score."""
    return performance.rp_exact_cells(opponent_ratings, score)


@_excel(_GAMES)
@excel_function
def RP_FIDE(opponent_ratings: Cell, score: Cell) -> int:
    """Performance rating by FIDE's method: Ra + dp(p), a whole number."""
    return performance.rp_cells(rp_fide, opponent_ratings, score)


@_excel(_GAMES)
@excel_function
def RP_LINEAR(opponent_ratings: Cell, score: Cell) -> int:
    """Linear performance rating: Ra + 800p - 400, a whole number."""
    return performance.rp_cells(rp_linear, opponent_ratings, score)


@_excel(_GAMES)
@excel_function
def RP_PTP(opponent_ratings: Cell, score: Cell) -> int:
    """Perfect Tournament Performance (FIDE tie-break C.07)."""
    return performance.rp_cells(rp_ptp, opponent_ratings, score)


@_excel(
    _GAMES,
    k=_value("K (10, 20 or 40), after the results (unlike ELO_CHANGE_ALL); K x n <= 700"),
    rounded=_value("TRUE (default): the rounded change; FALSE: the unrounded sum"),
)
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
    games = PeriodGames(own_rating, opponent_ratings, results, k, rules, tournaments)
    return rating_change.elo_change_cells(games, rounded)


@_excel(_GAMES, k=_value("Development coefficient K; lowered so that K x n <= 700"))
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
    games = PeriodGames(own_rating, opponent_ratings, results, k, rules, tournaments)
    return rating_change.elo_detail_cells(games)


@_excel(
    rating=_value("The player's rating at the start of the period"),
    rated_games=_value("Rated games the player had completed before"),
    birth_year=_value("Year of birth (blank: unknown, no junior K)"),
    reached_2400=_value("TRUE if a published rating ever reached 2400"),
    period_date=_value("Date of the rating period (blank: today), for the junior rule"),
    rules=_K_RULES,
)
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


@_excel(
    k=_value("K before the limit: 40, 20 or 10 (K_FACTOR), or a K entered"),
    games=_value("Rated games n in the rating period (blank: K unchanged)"),
)
@excel_function
def K_FOR_GAMES(k: Cell, games: Cell = None) -> int:
    """K used for a rating period of n rated games: K lowered so that K x n <= 700."""
    return rating_change.k_for_games_cells(k, games)


@_excel(rating=_value("A standard rating before 1 March 2024 (blank or 0: unrated, #N/A)"))
@excel_function
def UPLIFT_2024(rating: Cell) -> int:
    """The one-time uplift of 1 March 2024: R + 0.4 x (2000 - R) below 2000, rounded."""
    return rating_change.uplift_2024_cells(rating)


@_excel(
    _GAMES,
    ratings=_range("Ratings at the start of the period: a cell or a column"),
    changes=_range("The rating changes beside them (ELO_CHANGE, ELO_CHANGE_ALL)"),
)
@excel_function
def UNRATED_AGAIN(ratings: Cell, changes: Cell, rules: Cell = None) -> Any:
    """Marks a new rating below the floor: "below 1400: unrated again"; blank where not."""
    return rating_change.unrated_again_cells(ratings, changes, rules)


@_excel(
    _GAMES,
    own_rating=_value("The player's rating (blank or 0: unrated)"),
    opponent_rating=_value("The opponent's rating (blank or 0: unrated)"),
    minutes=_value(
        "Each player's time for 60 moves, increments included (90 min + 30 s a move: 120); "
        "blank: not known, #N/A"
    ),
)
@excel_function
def GAME_RATED(
    own_rating: Cell, opponent_rating: Cell, minutes: Cell = None, rules: Cell = None
) -> str:
    """Whether a played game is rated: "rated", or "not rated: " and why (120/90/60 minutes)."""
    return eligibility.game_rated_cells(own_rating, opponent_rating, minutes, rules)


@_excel(
    _GAMES,
    results_or_score=_range(
        "Results beside the ratings, or the points against the rated opponents"
    ),
    system=_value(f"{SYSTEM_HELP}; blank = swiss"),
)
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


# ------------------------------------------------------------------------- title norms

_NORM_RULES = _value(
    "Title Regulations: a date (those in force then: unrated opponents 1400 from 1 Jan 2024), "
    "or 2017, 2022, 2024, 2025 (in force when that rating edition began); blank = today; "
    '"rapid" or "blitz": #VALUE!, no norm there'
)
_TITLES = '"GM", "IM", "WGM" or "WIM"'
_NORM = {
    "opponent_ratings": _range(
        "Opponents' ratings; 0 = unrated opponent (counted at the edition's value)"
    ),
    "score": _range("Points scored, or a range of results beside the ratings"),
    "results": _range("Results beside them; only games played (1, ½, 0) count"),
    "title": _value(f"The norm sought: {_TITLES}"),
    "rules": _NORM_RULES,
}
"""The arguments of the functions of one player's title norm."""


@_excel(_NORM, title=_value(_TITLES))
@excel_function
def NORM_RP(opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell = None) -> int:
    """Title-norm performance Ra + dp, with the rating floor and unrated opponents applied."""
    return norms.norm_rp_cells(opponent_ratings, score, title, rules)


@_excel(
    _NORM,
    opponent_ratings=_range("Opponents' ratings; 0 = unrated opponent"),
    title=_value(_TITLES),
)
@excel_function
def NORM_POINTS(opponent_ratings: Cell, title: Cell, rules: Cell = None) -> Fraction:
    """The fewest points that make the title norm against these opponents."""
    return norms.norm_points_cells(opponent_ratings, title, rules)


@_excel(
    _NORM, opponent_ratings=_range("Opponents' ratings, one row per game; blank or 0 = unrated")
)
@excel_function
def NORM_RATINGS(
    opponent_ratings: Cell, results: Cell, title: Cell, rules: Cell = None
) -> list[list[Any]]:
    """Opponents' ratings for a title norm, one row per game: as valued and as counted."""
    return norms.norm_ratings_cells(opponent_ratings, results, title, rules)


@_excel(_NORM)
@excel_function
def NORM_FIGURES(
    opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell = None
) -> list[list[Any]]:
    """Norm figures Ra, p and Rp (three rows): figure, the norm's minimum, met (TRUE/FALSE)."""
    return norms.norm_figures_cells(opponent_ratings, score, title, rules)


@_excel(
    _NORM, titles=_range("Opponents' titles, one row per game (GM, IM, FM, WGM, ...; blank: none)")
)
@excel_function
def NORM_TITLED(titles: Cell, results: Cell, title: Cell) -> list[list[Any]]:
    """Opponents' titles for a title norm, one row per game: titled? norm's title or higher?"""
    return norms.norm_titled_cells(titles, results, title)


@_excel(
    _NORM,
    opponent_ratings=_range("Opponents' ratings; blank or 0 = unrated opponent"),
    titles=_range("Opponents' titles beside them (GM, IM, FM, WGM, ...; blank: none)"),
    federations=_range("Opponents' federations beside them (ESP, GER, ...)"),
    federation=_value("The player's federation (blank: not known)"),
)
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
    opponents = norms.mix_opponents(opponent_ratings, results, titles, federations)
    return norms.norm_mix_cells(opponents, federation, title)


# ------------------------------------------------------------ whole-column (array) forms
#
# One call fills a column of a wall chart (Excel pays per call): one value per player, "" where
# it does not apply, an error value in the rows that cannot be computed.

_EVENT = {
    "ratings": _range("Players' ratings, one row each; blank or 0 = unrated"),
    "results": _range(
        "Results: a crosstable grid (N x N), or one column per round when opponents is given"
    ),
    "opponents": _range(
        "Optional: opponents' numbers, one column per round (omit for a crosstable grid)"
    ),
    "rules": _value(_RULES),
    "minutes": _value(
        "Optional: each player's time for 60 moves, increments included (90 min + 30 s a "
        "move: 120); games below the minimum (120/90/60 by rating) are not rated; blank: all "
        "counted"
    ),
    "reasons": _value(columns.REASONS_HELP),
    "scoring": _value(
        "Optional: the event's scoring system, points of a win-draw-loss as text: 3-1-0, "
        '"2-1-0, absence 0", "1-½-0, pairing-allocated bye ½" (TRF-2026 record 162); blank = '
        "1-½-0"
    ),
    "player": _value("The player's number: their row in the ranges, from 1"),
    "rows": _value(tiebreak_working.ROWS_HELP),
    "sexes": _range('Optional: "w" or "f" marks a woman (WGM and WIM norms)'),
}
"""The arguments of the functions of a whole event."""


@_excel(_EVENT)
@excel_function
def POINTS_ALL(results: Cell, scoring: Cell = None) -> list[list[Any]]:
    """Points of every player (one row each): wins, draws, forfeits and byes counted."""
    return columns.points_all_cells(results, scoring)


@_excel(_EVENT)
@excel_function
def SB_ALL(results: Cell, opponents: Cell = None) -> list[list[Any]]:
    """Sonneborn-Berger of every player: points of opponents beaten, half of those drawn."""
    return tiebreaks.sb_all_cells(results, opponents)


@_excel(_EVENT)
@excel_function
def RATED_GAMES_ALL(
    ratings: Cell, results: Cell, opponents: Cell = None, rules: Cell = None, minutes: Cell = None
) -> list[list[Any]]:
    """Rated games of every player against rated opponents."""
    chart = ChartCells(ratings, results, opponents, rules, minutes)
    return performance.rated_game_cells("RATED_GAMES_ALL", chart)


@_excel(_EVENT)
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
    chart = ChartCells(ratings, results, opponents, rules, minutes, reasons)
    return performance.rated_game_cells("RA_ALL", chart)


@_excel(_EVENT)
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
    chart = ChartCells(ratings, results, opponents, rules, minutes, reasons)
    return performance.rated_game_cells("RP_FIDE_ALL", chart)


@_excel(_EVENT)
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
    chart = ChartCells(ratings, results, opponents, rules, minutes, reasons)
    return performance.rated_game_cells("RP_EXACT_ALL", chart)


@_excel(
    _EVENT, k=_range("Each player's K, before the results (unlike ELO_CHANGE); blank: no change")
)
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
    chart = ChartCells(ratings, results, opponents, rules, minutes, reasons)
    return rating_change.elo_change_all_cells(k, chart)


@_excel(
    _EVENT,
    system=_value(f'{SYSTEM_HELP}; blank: "rr" for a grid, "swiss" with opponents'),
    provisional=_value(_PROVISIONAL.replace("#N/A", "blank")),
)
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
    chart = ChartCells(ratings, results, opponents, rules, minutes, reasons)
    return first_rating.bloque_all_cells(system, provisional, chart)


@_excel(
    _EVENT,
    rules=_NORM_RULES,
    titles=_range(
        "Optional: the titles players hold (GM ... WCM): only stronger norms are shown, and "
        "the opponents' titles count for the 50 % and 1/3 rules"
    ),
    federations=_range(
        "Players' federations (three letters); a norm needs them (2 other federations, at "
        "most 3/5 own and 2/3 one); blank: no norm can be confirmed"
    ),
)
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
    chart = ChartCells(ratings, results, opponents, rules, minutes, reasons)
    return norms.norm_all_cells(sexes, titles, federations, chart)


@_excel(
    _EVENT,
    ratings=_range("The field's ratings, one row a player (0 = unrated); a blank row is no player"),
    titles=_range("The titles the players hold (GM ... WCM; blank: none)"),
    federations=_range("The players' federations (three letters)"),
    rounds=_value(
        'A Swiss\'s rounds; "rr" or blank: a round robin (each meets every other); "drr": double'
    ),
    host_federation=_value("The host federation (1.4.3d, a big Swiss; blank: not known)"),
    rules=_NORM_RULES,
)
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


@_excel(
    ratings=_range("Players' ratings, one row each"),
    rated_games=_range(
        "Rated games each player had completed before (blank: 30 or more, an established player)"
    ),
    birth_years=_range("Years of birth (blank: unknown)"),
    reached_2400=_range("TRUE where a published rating ever reached 2400"),
    period_date=_value("Date of the rating period (blank: today)"),
    rules=_K_RULES,
)
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


@_excel(
    _EVENT,
    k=_range("Each player's K, before the results (as ELO_CHANGE_ALL's)"),
    system=_value(
        f"{SYSTEM_HELP} (the first rating's 2017 round robin); blank: rr for a grid, "
        "swiss with opponents"
    ),
    reasons=_value(
        "Optional: TRUE says why where there is no figure (no K, no rated game); "
        "blank/FALSE: #N/A there"
    ),
)
@excel_function
@answers_first_error
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
    chart = ChartCells(ratings, results, opponents, rules, minutes, reasons)
    return rating_working.rating_working_cells(player, k, system, rows, chart)


# ------------------------------------------------------------------ tie-breaks (C.07)

_TIEBREAK = {
    **_EVENT,
    "descriptor": _value("One tie-break as C.07 writes it: BH/C1, SB, DE, ARO..."),
    "rules": _value(
        "Edition of C.07: 2023 or 2026, or a date (the one in force then: the event's start); "
        "2017..2025 (a rating edition): the one in force then; blank = in force today"
    ),
    "colours": _range(
        "Optional: colours beside the results, the same shape: w or b per game (BPG and BWG "
        "need them)"
    ),
    "unrated": _value(
        "Optional: the rating unrated players count at in the rating tie-breaks (ARO, TPR, "
        "PTP, APRO, APPO, RTNG), as the event's rules give it; blank = none: those are then "
        "blank when a player is unrated (C.07 10)"
    ),
    "system": _value(
        f"How the event was paired: {SYSTEM_HELP} (C.07: a round robin counts every "
        "pairing as played); blank: rr for a grid or when every two players met, else swiss"
    ),
    "ptp_full_score": _value(
        "Optional: the PTP of a 100% score (and APPO through it), C.07 10.3: "
        f"{PTP_FULL_SCORE_DEFAULT} (blank: the highest-rated opponent + 800) or "
        "definition (the lowest rating whose expected score reaches it: + 736, as FIDE's "
        "engine)"
    ),
}
"""The arguments of the tie-break functions."""


@_excel(
    _TIEBREAK,
    descriptor=_range(
        'Tie-break as C.07 writes it ("BH/C1", "SB", "DE", "ARO"; the 2026 text\'s "STD", '
        '"TPN", "RTNG", "AOB/F"; "KS/L-1", "ARO/U1000"...), or several (a row of cells, or '
        '"BH/C1, BH, SB"): one column each; TPN and RTNG/R (lower first) shown negated'
    ),
)
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
    chart = TiebreakCells(
        ratings, results, opponents, rules, colours, unrated, system, ptp_full_score, scoring
    )
    return tiebreaks.tiebreak_all_cells(descriptor, chart)


@_excel(_TIEBREAK)
@excel_function
@answers_first_error
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
    chart = TiebreakCells(
        ratings, results, opponents, rules, colours, unrated, system, ptp_full_score, scoring
    )
    return tiebreaks.tiebreak_cells(descriptor, player, chart)


@_excel(_TIEBREAK)
@excel_function
@answers_first_error
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
    chart = TiebreakCells(
        ratings, results, opponents, rules, colours, unrated, system, ptp_full_score, scoring
    )
    return tiebreak_working.tiebreak_working_cells(descriptor, player, rows, chart)


_TIEBREAK_KEY = _range(
    "Optional: tie-break values beside the points (TIEBREAK_ALL; higher is better), in "
    "order; several columns are several tie-breaks"
)


@_excel(
    {f"tiebreak{k}": _TIEBREAK_KEY for k in range(1, 7)},
    points=_range("Points of every player, one row each (POINTS_ALL); blank: an empty row"),
)
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


FUNCTIONS: dict[str, Callable[..., Any]] = dict(_DEFINED)
"""Every Excel function by name but ``EXPLAIN_ERROR`` (defined below), in source order."""


def _explained(k: int) -> ExcelArgument:
    """The help of ``EXPLAIN_ERROR``'s argument *k*: the explained function's *k*-th."""
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")
    more = {
        1: ", as in the failing call",
        2: " (leave out what it does not take)",
        13: " (none takes one: one too many)",
    }
    return _range(f"The explained function's {nth} argument{more.get(k, ', if it takes one')}")


@_excel(
    {f"arg{k}": _explained(k) for k in range(1, 14)},
    function_name=ExcelArgument('Name of the function whose error to explain, e.g. "RP_FIDE"'),
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
    args = (arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13)
    return explain_error(FUNCTIONS, function_name, *args)


__all__ = ["ARGUMENTS", "FUNCTIONS", "ExcelArgument", *ARGUMENTS]
