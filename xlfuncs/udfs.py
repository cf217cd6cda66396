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

import datetime as _dt
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import xlwings as xw

from . import excel
from .core import (
    dp as _dp,
)
from .core import (
    expected_score as _expected_score,
)
from .core import (
    first_rating as _first_rating,
)
from .core import (
    first_rating_from_totals as _first_rating_from_totals,
)
from .core import (
    k_factor as _k_factor,
)
from .core import (
    k_for_games as _k_for_games,
)
from .core import (
    norm_performance as _norm_performance,
)
from .core import (
    norm_points as _norm_points,
)
from .core import (
    rating_change as _rating_change,
)
from .core import (
    rp_exact_rounded as _rp_exact_rounded,
)
from .core import (
    rp_fide as _rp_fide,
)
from .core import (
    rp_linear as _rp_linear,
)
from .core import (
    rp_ptp as _rp_ptp,
)
from .core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError, XlfuncsError
from .core.first_rating import FirstRating as _FirstRating
from .core.norm_field import CrosstableNorms as _CrosstableNorms
from .core.norms import MIN_NORM_PERCENT as _MIN_NORM_PERCENT
from .core.norms import NormOpponent as _NormOpponent
from .core.norms import NormPerformance as _NormPerformance
from .core.norms import is_titled as _is_titled
from .core.norms import norm_mix as _norm_mix
from .core.norms import norm_ratings as _norm_ratings
from .core.norms import norm_ratings_before_floor as _norm_ratings_before_floor
from .core.norms import norm_title as _norm_title
from .core.norms import title_or_higher as _title_or_higher
from .core.rating_change import floor_note as _floor_note
from .core.rating_change import uplift_2024 as _uplift_2024
from .core.tables import pd_hundredths as _pd_hundredths
from .core.tables import round_half_up as _round_half_up
from .core.validate import half_points as _half_points
from .excel import Cell, excel_function

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
    "K_FACTOR",
    "K_FACTOR_ALL",
    "K_FOR_GAMES",
    "NORM_ALL",
    "NORM_FIGURES",
    "NORM_MIX",
    "NORM_POINTS",
    "NORM_RATINGS",
    "NORM_RP",
    "NORM_TITLED",
    "PD_LOOKUP",
    "POINTS_ALL",
    "RATED_GAMES_ALL",
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
    "UNRATED_AGAIN",
    "UPLIFT_2024",
]

CATEGORY = "xlfuncs (FIDE ratings)"
"""The category under which Excel's function wizard lists the functions."""

ESTABLISHED_GAMES = 30
"""What a blank "rated games before" means in K_FACTOR_ALL: an established player (the
same assumption as the TRF report, which cannot know the games either)."""


_RANGE = {"ndim": 2, "err_to_str": True}
_VALUE = {"err_to_str": True}

_OPPONENTS = "Opponents' ratings, one cell per game; blank or 0 = unrated opponent"
_SCORE = (
    "Points scored against the rated opponents, or a range of results (1, ½, 0, "
    "+, -) beside the ratings"
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
    return _dp(excel.exact_number(value, "p") / int(n))


@xw.func(category=CATEGORY)
@xw.arg(
    "rating_difference", doc="Rating difference; positive for the higher-rated player", **_VALUE
)
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


def _performance(method: Callable[[Any, Any], int], opponent_ratings: Cell, score: Cell) -> int:
    rs, s = excel.score_or_results(opponent_ratings, score)
    return method(rs, s)


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("score", doc=_SCORE, **_RANGE)
@excel_function
def RP_EXACT(opponent_ratings: Cell, score: Cell) -> int:
    """Exact performance rating: the R whose logistic expected score equals the score."""
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
            return _rp_exact_rounded([x for (x,) in opponent_ratings], s)
        except (TypeError, ValueError, XlfuncsError):
            pass
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


def _label(value: Cell) -> str:
    """A tournament label as compared: text without blanks around it, any case; a whole
    number as written (1 and "1" are one label); blank is the label ""."""
    if excel.is_blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip().casefold()


def _tournaments(
    opponent_ratings: Cell, results: Cell, tournaments: Cell
) -> tuple[list[list[tuple[int, Fraction]]], list[list[int]]]:
    """The rated games grouped into tournaments by the labels beside them (in the order
    each label first appears), and each game's position among the rated games in reading
    order. Omitted or all blank: every game is one tournament."""
    found = excel.games(opponent_ratings, results)
    if excel.is_blank(tournaments) and not isinstance(tournaments, (list, tuple)):
        rated = excel.rated_games(found)
        return [rated], [list(range(len(rated)))]
    labels = excel.flatten(tournaments)
    cells = excel.flatten(results)
    if len(labels) != len(cells):
        raise InvalidInputError(
            f"tournaments has {len(labels)} cells but results has {len(cells)}; they must be "
            "the same size"
        )
    for i, label in enumerate(labels, start=1):
        if isinstance(label, str) and label.strip().upper() in excel.EXCEL_ERRORS:
            raise excel.ExcelErrorInput(label.strip().upper(), f"tournaments (cell {i})")
    rows = [i for i, w in enumerate(cells) if not excel.is_blank(w)]  # games() keeps these
    groups: dict[str, list[tuple[int, Fraction]]] = {}
    places: dict[str, list[int]] = {}
    position = 0
    for i, (r, o) in zip(rows, found):
        if r is None or not o.rated:
            continue
        key = _label(labels[i])
        groups.setdefault(key, []).append((r, o.points))
        places.setdefault(key, []).append(position)
        position += 1
    return list(groups.values()), list(places.values())


def _change(
    own_rating: Cell,
    opponent_ratings: Cell,
    results: Cell,
    k: Cell,
    rules: Cell,
    tournaments: Cell = None,
) -> tuple[Any, list[int]]:
    """The core's calculation for the period, and for each of its game details (in the
    core's order, tournament by tournament) the game's place in reading order."""
    own = _rated(own_rating, "own_rating")
    groups, places = _tournaments(opponent_ratings, results, tournaments)
    change = _rating_change(own, groups, excel.whole_number(k, "k"), rules=excel.rules(rules))
    return change, [p for group in places for p in group]


_TOURNAMENTS = (
    "Optional: tournament labels beside the games (one name or number per game); games "
    "with the same label form one tournament. Omitted: all games are one tournament"
)


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc="The player's rating", **_VALUE)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("results", doc="Results beside the ratings: 1, ½, 0 (rated); +, - forfeits", **_RANGE)
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
    change, _ = _change(own_rating, opponent_ratings, results, k, rules, tournaments)
    keep_rounded = True if excel.is_blank(rounded) else excel.boolean(rounded, "rounded")
    return int(change.change) if keep_rounded else change.unrounded


@xw.func(category=CATEGORY)
@xw.arg("own_rating", doc="The player's rating", **_VALUE)
@xw.arg("opponent_ratings", doc=_OPPONENTS, **_RANGE)
@xw.arg("results", doc="Results beside the ratings: 1, ½, 0 (rated); +, - forfeits", **_RANGE)
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
    change, places = _change(own_rating, opponent_ratings, results, k, rules, tournaments)
    if not change.games:
        raise NothingToComputeError("results: no rated game against a rated opponent")
    rows = [
        [g.rating_used, float(g.expected), float(g.difference), float(g.change)]
        for g in change.games
    ]
    ordered: list[list[float]] = [[] for _ in rows]
    for place, row in zip(places, rows):
        ordered[place] = row
    return ordered


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
    year = excel.optional_number(birth_year, "birth_year")
    day = None if excel.is_blank(period_date) else excel.date(period_date, "period_date")
    return _k_factor(
        _rated(rating, "rating"),
        excel.whole_number(rated_games, "rated_games"),
        None if year is None else excel.whole_number(year, "birth_year"),
        excel.boolean(reached_2400, "reached_2400"),
        day,
        rules=None if excel.is_blank(rules) else excel.rules(rules, day=day or _dt.date.today()),
    )


@xw.func(category=CATEGORY)
@xw.arg("k", doc="K before the limit: 40, 20 or 10 (K_FACTOR), or a K entered", **_VALUE)
@xw.arg("games", doc="Rated games n in the rating period (blank: K unchanged)", **_VALUE)
@excel_function
def K_FOR_GAMES(k: Cell, games: Cell = None) -> int:
    """K used for a rating period of n rated games: K lowered so that K x n <= 700."""
    n = excel.optional_number(games, "games")
    return _k_for_games(excel.whole_number(k, "k"), 0 if n is None else n)


@xw.func(category=CATEGORY)
@xw.arg("rating", doc="A standard rating before 1 March 2024 (blank or 0: unrated, #N/A)", **_VALUE)
@excel_function
def UPLIFT_2024(rating: Cell) -> int:
    """The one-time uplift of 1 March 2024: R + 0.4 x (2000 - R) below 2000, rounded."""
    return _uplift_2024(_rated(rating, "rating"))


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Ratings at the start of the period: a cell or a column", **_RANGE)
@xw.arg("changes", doc="The rating changes beside them (ELO_CHANGE, ELO_CHANGE_ALL)", **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def UNRATED_AGAIN(ratings: Cell, changes: Cell, rules: Cell = None) -> Any:
    """Marks a new rating below the floor: "below 1400: unrated again"; blank where not."""
    # One cell each: the mark, or blank (#N/A when either cell is blank). A column: one row per
    # rating, blank for an unrated player or a blank change.
    rs, cs = excel.column(ratings), excel.column(changes)
    if len(rs) == 1 and len(cs) == 1:
        found_error = excel.first_error_among(
            [(rs[0], "ratings"), (cs[0], "changes"), (rules, "rules")]
        )
        if found_error is not None:
            raise found_error
        if excel.is_blank(rs[0]) or excel.is_blank(cs[0]):
            raise NothingToComputeError("ratings, changes: a blank cell (unrated, or no change)")
        rating = _rated(rs[0], "ratings")
        change = excel.whole_number(cs[0], "changes")
        return _floor_note(rating + change, rules=excel.rules(rules)) or ""
    excel.check_error(rules, "rules")
    if len(rs) != len(cs):
        raise InvalidInputError(f"changes: expected one cell per rating ({len(rs)}), got {len(cs)}")
    edition = excel.rules(rules)
    out: list[list[Any]] = []
    reasons: list[str] = []
    for i, (r, c) in enumerate(zip(rs, cs), start=1):
        try:
            found_error = excel.first_error_among(
                [(r, f"ratings (row {i})"), (c, f"changes (row {i})")]
            )
            if found_error is not None:
                raise found_error
            row_rating = None if excel.is_blank(r) else excel.rating(r, f"ratings (row {i})")
            if row_rating is None or excel.is_blank(c):
                out.append([""])  # unrated, or no change: nothing to mark
                continue
            row_change = excel.whole_number(c, f"changes (row {i})")
        except (XlfuncsError, excel.ExcelErrorInput) as exc:
            out.append([excel.code_of(exc)])
            reasons.append(f"row {i}: {exc}")
            continue
        found = _floor_note(row_rating + row_change, rules=edition)
        out.append(["" if found is None else found])
    excel.note_row_errors("UNRATED_AGAIN", reasons)
    return out


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
    # None: fewer than 5 games against rated opponents, below the floor.
    kind = excel.system(system) or "swiss"
    edition = excel.rules(rules)
    anyway = excel.boolean(provisional, "provisional")
    if excel.is_results(results_or_score):
        found = excel.games(opponent_ratings, results_or_score, results_name="results_or_score")
        counted = [(r, o.points) for r, o in found if o.rated]
        return _published(_first_rating(counted, system=kind, rules=edition), anyway)
    listed = excel.listed_ratings(opponent_ratings, "opponent_ratings")
    rated = [r for r in listed if r is not None]
    found_totals = _first_rating_from_totals(
        rated,
        _half_points(
            excel.exact_number(results_or_score, "results_or_score"), name="results_or_score"
        ),
        unrated_games=len(listed) - len(rated),
        system=kind,
        rules=edition,
    )
    return _published(found_totals, anyway)


def _published(found: _FirstRating, provisional: bool) -> int:
    """Ru where the rules publish it (or *provisional* asks for it anyway); else the reasons
    it is not published, as ``#N/A``."""
    if found.published or provisional:
        return found.rating
    raise NothingToComputeError(
        f"no first rating is published ({found.rating} provisional): "
        + "; ".join(found.reasons)
        + "; provisional TRUE shows the figure"
    )


def _norm_opponents(opponent_ratings: Cell) -> list[int | None]:
    """Every non-blank cell is an opponent; 0 is an unrated one."""
    return excel.listed_ratings(opponent_ratings, "opponent_ratings")


def _norm_games(opponent_ratings: Cell, score: Cell) -> tuple[list[int | None], Fraction]:
    """Opponents and score for a norm: a bare score, or results beside the ratings (then a
    blank rating beside a rated result is an unrated opponent)."""
    if excel.is_results(score):
        found = [(r, o) for r, o in excel.games(opponent_ratings, score) if o.rated]
        return [r for r, _ in found], sum((o.points for _, o in found), Fraction(0))
    return _norm_opponents(opponent_ratings), excel.exact_number(score, "score")


def _norm(opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell) -> _NormPerformance:
    """Core's norm calculation (:class:`~xlfuncs.core.norms.NormPerformance`) from cells."""
    listed, s = _norm_games(opponent_ratings, score)
    return _norm_performance(listed, s, excel.text(title, "title"), rules=excel.title_rules(rules))


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
    return _norm(opponent_ratings, score, title, rules).rp


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc="Opponents' ratings; 0 = unrated opponent", **_RANGE)
@xw.arg("title", doc='"GM", "IM", "WGM" or "WIM"', **_VALUE)
@xw.arg("rules", doc=_NORM_RULES, **_VALUE)
@excel_function
def NORM_POINTS(opponent_ratings: Cell, title: Cell, rules: Cell = None) -> Fraction:
    """The fewest points that make the title norm against these opponents."""
    listed = _norm_opponents(opponent_ratings)
    return _norm_points(listed, excel.text(title, "title"), rules=excel.title_rules(rules))


@xw.func(category=CATEGORY)
@xw.arg(
    "opponent_ratings", doc="Opponents' ratings, one row per game; blank or 0 = unrated", **_RANGE
)
@xw.arg("results", doc="Results beside them; only games played (1, ½, 0) count", **_RANGE)
@xw.arg("title", doc='The norm sought: "GM", "IM", "WGM" or "WIM"', **_VALUE)
@xw.arg("rules", doc=_NORM_RULES, **_VALUE)
@excel_function
def NORM_RATINGS(
    opponent_ratings: Cell, results: Cell, title: Cell, rules: Cell = None
) -> list[list[Any]]:
    """Opponents' ratings for a title norm, one row per game: as valued and as counted."""
    # Unrated at the edition's value; the lowest raised to the floor; blank where no game counts.
    cells = excel.flatten(results)
    found = excel.games(opponent_ratings, results)  # the rows with a result, in order
    rows = [i for i, w in enumerate(cells) if not excel.is_blank(w)]
    counted = [(i, r) for i, (r, o) in zip(rows, found) if o.rated]
    listed = [r for _, r in counted]
    edition = excel.title_rules(rules)
    valued = _norm_ratings_before_floor(listed, rules=edition)
    used = _norm_ratings(listed, excel.text(title, "title"), rules=edition)
    out: list[list[Any]] = [["", ""] for _ in cells]
    for (i, _), before, after in zip(counted, valued, used):
        out[i] = [before, after]
    return out


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
    perf = _norm(opponent_ratings, score, title, rules)
    return [
        [perf.ra, perf.title.min_ra, perf.ra_met],
        [Fraction(perf.percent, 100), Fraction(_MIN_NORM_PERCENT, 100), perf.percent_met],
        [perf.rp, perf.title.min_rp, perf.rp_met],
    ]


@xw.func(category=CATEGORY)
@xw.arg(
    "titles",
    doc="Opponents' titles, one row per game (GM, IM, FM, WGM, ...; blank: none)",
    **_RANGE,
)
@xw.arg("results", doc="Results beside them; only games played (1, ½, 0) count", **_RANGE)
@xw.arg("title", doc='The norm sought: "GM", "IM", "WGM" or "WIM"', **_VALUE)
@excel_function
def NORM_TITLED(titles: Cell, results: Cell, title: Cell) -> list[list[Any]]:
    """Opponents' titles for a title norm, one row per game: titled? norm's title or higher?"""
    # TRUE/FALSE per game played (titled: CM and WCM excluded); blank where no game counts.
    norm = _norm_title(excel.text(title, "title"))
    excel.check_error(titles, "titles")  # in the rows of games not played too
    names, cells = excel.flatten(titles), excel.flatten(results)
    if len(names) != len(cells):
        raise InvalidInputError(
            f"titles has {len(names)} cells but results has {len(cells)}; they must be the "
            "same size"
        )
    out: list[list[Any]] = []
    for i, (t, w) in enumerate(zip(names, cells), start=1):
        result = excel.outcome(w, f"results (cell {i})")
        if result is None or not result.rated:
            out.append(["", ""])
            continue
        held = excel.text(t, f"titles (cell {i})")
        out.append([_is_titled(held), _title_or_higher(held, norm)])
    if all(row == ["", ""] for row in out):
        raise NothingToComputeError("results: no game played (1, ½, 0)")
    return out


def _mix_opponents(
    opponent_ratings: Cell, results: Cell, titles: Cell, federations: Cell
) -> list[_NormOpponent]:
    """The opponents of the games played (1, ½, 0), with their titles and federations."""
    names = ("opponent_ratings", "results", "titles", "federations")
    columns = [excel.flatten(c) for c in (opponent_ratings, results, titles, federations)]
    for name, c in zip(names, columns):
        excel.check_error(c, name)  # in the rows of games not played too
    if len({len(c) for c in columns}) > 1:
        sizes = ", ".join(f"{name} {len(c)}" for name, c in zip(names, columns))
        raise InvalidInputError(f"the four ranges must be the same size; cells: {sizes}")
    found: list[_NormOpponent] = []
    for i, (r, w, t, f) in enumerate(zip(*columns), start=1):
        result = excel.outcome(w, f"results (cell {i})")
        if result is None or not result.rated:
            continue
        found.append(
            _NormOpponent(
                excel.rating(r, f"opponent_ratings (cell {i})"),
                excel.text(t, f"titles (cell {i})"),
                excel.text(f, f"federations (cell {i})"),
            )
        )
    return found


@xw.func(category=CATEGORY)
@xw.arg("opponent_ratings", doc="Opponents' ratings; blank or 0 = unrated opponent", **_RANGE)
@xw.arg("results", doc="Results beside them; only games played (1, ½, 0) count", **_RANGE)
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
    # Rows: games, other federations, own federation, one federation, titled, norm title or higher.
    mix = _norm_mix(
        _mix_opponents(opponent_ratings, results, titles, federations),
        excel.text(federation, "federation"),
        excel.text(title, "title"),
    )
    return [
        [
            "" if c.figure is None else c.figure,
            c.threshold,
            "" if c.met is None else c.met,
            ", ".join(c.federations),
        ]
        for c in mix.checks
    ]


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


@xw.func(category=CATEGORY)
@xw.arg("results", doc=_GRID, **_RANGE)
@excel_function
def POINTS_ALL(results: Cell) -> list[list[Any]]:
    """Points of every player (one row each): wins, draws, forfeits and byes counted."""
    out: list[list[Any]] = []
    reasons: list[str] = []
    for i, row in enumerate(excel.matrix(results, "results"), start=1):
        try:
            found = [
                excel.outcome(c, f"results (row {i}, column {j})")
                for j, c in enumerate(row, start=1)
                if not excel.is_diagonal(c)
            ]
        except (XlfuncsError, excel.ExcelErrorInput) as exc:
            error = excel.RowError.of(exc, [(row, f"results (row {i})")])
            out.append([error.code])
            reasons.append(f"row {i}: {error}")
            continue
        played = [o for o in found if o is not None]
        out.append([excel.to_excel(sum((o.points for o in played), Fraction(0))) if played else ""])
    excel.note_row_errors("POINTS_ALL", reasons)
    return out


@xw.func(category=CATEGORY)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@excel_function
def SB_ALL(results: Cell, opponents: Cell = None) -> list[list[Any]]:
    """Sonneborn-Berger of every player: points of opponents beaten, half of those drawn."""
    rows = excel.matrix(results, "results")
    placeholder = [[None] for _ in rows]
    return excel.per_player(
        "SB_ALL", lambda t, i: t.sonneborn_berger(i), placeholder, results, opponents
    )


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@excel_function
def RATED_GAMES_ALL(ratings: Cell, results: Cell, opponents: Cell = None) -> list[list[Any]]:
    """Rated games of every player against rated opponents."""
    return excel.per_player(
        "RATED_GAMES_ALL", lambda t, i: len(t.rated_games(i)), ratings, results, opponents
    )


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@excel_function
def RA_ALL(ratings: Cell, results: Cell, opponents: Cell = None) -> list[list[Any]]:
    """Average rating of each player's rated opponents in rated games (Ra)."""
    return excel.per_player("RA_ALL", lambda t, i: t.ra(i), ratings, results, opponents)


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@excel_function
def RP_FIDE_ALL(ratings: Cell, results: Cell, opponents: Cell = None) -> list[list[Any]]:
    """FIDE performance Ra + dp of every player, against rated opponents in rated games."""
    return excel.per_player("RP_FIDE_ALL", lambda t, i: t.rp_fide(i), ratings, results, opponents)


def _exact_shown(t: Any, i: int) -> Any:
    value = t.rp_exact(i)
    if value is None:
        return None
    if value in (float("inf"), float("-inf")):
        return "\u221e" if value > 0 else "-\u221e"
    return _round_half_up(value)  # the certified whole number: rp_exact keeps to its side


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@excel_function
def RP_EXACT_ALL(ratings: Cell, results: Cell, opponents: Cell = None) -> list[list[Any]]:
    """Exact performance of every player (whole numbers; "∞" / "-∞" for 100 % / 0 %)."""
    return excel.per_player("RP_EXACT_ALL", _exact_shown, ratings, results, opponents)


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
@xw.arg(
    "k", doc="Each player's K, before the results (unlike ELO_CHANGE); blank: no change", **_RANGE
)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_RULES, **_VALUE)
@excel_function
def ELO_CHANGE_ALL(
    ratings: Cell, k: Cell, results: Cell, opponents: Cell = None, rules: Cell = None
) -> list[list[Any]]:
    """Rating change of every rated player in this event (K x n <= 700, rounded once)."""

    def change(t: Any, i: int) -> Any:
        found = t.change(i)
        return None if found is None else found.change

    return excel.per_player(
        "ELO_CHANGE_ALL", change, ratings, results, opponents, k=k, rules_value=rules
    )


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg(
    "system", doc=f'{excel.SYSTEM_HELP}; blank: "rr" for a grid, "swiss" with opponents', **_VALUE
)
@xw.arg("rules", doc=_RULES, **_VALUE)
@xw.arg("provisional", doc=_PROVISIONAL.replace("#N/A", "blank"), **_VALUE)
@excel_function
def BLOQUE_ALL(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    system: Cell = None,
    rules: Cell = None,
    provisional: Cell = None,
) -> list[list[Any]]:
    """First rating Ru of every unrated player; blank for rated players and where none."""
    # None: no rated opponent, a zero score, fewer than 5 rated games, below the floor.
    kind = excel.system(system)
    anyway = excel.boolean(provisional, "provisional")

    def first(t: Any, i: int) -> Any:
        try:
            found = t.first(i)
        except NothingToComputeError:  # no rated opponent, or a zero score disregarded
            return None
        if found is None or not (found.published or anyway):
            return None
        return found.rating

    return excel.per_player(
        "BLOQUE_ALL",
        first,
        ratings,
        results,
        opponents,
        rules_value=rules,
        round_robin=None if kind is None else kind == "rr",
    )


@xw.func(category=CATEGORY)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
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
@excel_function
def NORM_ALL(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    sexes: Cell = None,
    rules: Cell = None,
    titles: Cell = None,
    federations: Cell = None,
) -> list[list[Any]]:
    """Best title norm (GM, IM, WGM, WIM) each player made by the whole check; blank if none."""
    # The whole check of the Title Regulations: games, opponents' federations and titles, Ra, Rp,
    # 35 %.
    norm_rules = excel.title_rules(rules)
    checked: dict[int, _CrosstableNorms] = {}  # the one crosstable's, by its identity

    def best(table: Any, number: int) -> str | None:
        norms = checked.get(id(table)) or checked.setdefault(
            id(table), _CrosstableNorms(table, norm_rules)
        )
        return norms.best(number)

    return excel.per_player(
        "NORM_ALL",
        best,
        ratings,
        results,
        opponents,
        female=sexes,
        titles=titles,
        federations=federations,
        rules_value=rules,
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
    excel.check_error(period_date, "period_date")  # shared by every row: the whole result
    if not excel.is_blank(rules):  # shared by every row: a bad one is the whole result
        day = None if excel.is_blank(period_date) else excel.date(period_date, "period_date")
        excel.rules(rules, day=day or _dt.date.today())
    rs = excel.column(ratings)
    n = len(rs)

    def col(value: Cell) -> list[Cell]:
        cells = [None] * n if value is None else excel.column(value)
        if len(cells) != n:
            raise InvalidInputError(f"every column must have {n} rows, one per player")
        return cells

    games, years, reached = col(rated_games), col(birth_years), col(reached_2400)
    out: list[list[Any]] = []
    reasons: list[str] = []
    for i in range(n):
        try:
            unrated = excel.rating(rs[i], f"ratings (row {i + 1})") is None
        except (XlfuncsError, excel.ExcelErrorInput):
            unrated = False  # K_FACTOR below gives the error and its reason
        if unrated:
            row = f"row {i + 1}"
            found = excel.first_error_among(
                [
                    (games[i], f"rated_games ({row})"),
                    (years[i], f"birth_years ({row})"),
                    (reached[i], f"reached_2400 ({row})"),
                ]
            )
            if found is not None:  # an error in the row passes through
                out.append([found.code])
                reasons.append(f"{row}: {found}")
                continue
            out.append([""])
            continue
        games_before = float(ESTABLISHED_GAMES) if excel.is_blank(games[i]) else games[i]
        value = K_FACTOR(rs[i], games_before, years[i], reached[i], period_date, rules)
        if isinstance(value, str):
            reasons.append(f"row {i + 1}: {excel.last_errors().get('K_FACTOR', value)}")
        out.append([value])
    excel.note_row_errors("K_FACTOR_ALL", reasons)
    return out


# ------------------------------------------------------------------ tie-breaks (C.07)
#
# FIDE's Tie-Break Regulations (C.07) live in xlfuncs.core.tiebreaks, their cells in
# xlfuncs.excel.tiebreaks: every value shown so that a higher one is better (RANK_ALL ranks
# by plain numbers).

_DESCRIPTOR = (
    'Tie-break as C.07 writes it ("BH/C1", "SB", "DE", "ARO"...), or several (a row of '
    'cells, or "BH/C1, BH, SB"): one column each'
)
_TIEBREAK_RULES = (
    "Edition of C.07: 2023 or 2026, or a date (the one in force then: the event's start); "
    "2017..2025 (a rating edition): the one in force then; blank = in force today"
)
_COLOURS = (
    "Optional: colours beside the results, the same shape: w or b per game (BPG and BWG need them)"
)


@xw.func(category=CATEGORY)
@xw.arg("descriptor", doc=_DESCRIPTOR, **_RANGE)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_TIEBREAK_RULES, **_VALUE)
@xw.arg("colours", doc=_COLOURS, **_RANGE)
@excel_function
def TIEBREAK_ALL(
    descriptor: Cell,
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    colours: Cell = None,
) -> list[list[Any]]:
    """FIDE tie-breaks (C.07) of every player: a row each, a column per tie-break."""
    # Higher is better; blank where there is no value.
    out, reasons = excel.tiebreak_block(descriptor, ratings, results, opponents, rules, colours)
    excel.note_row_errors("TIEBREAK_ALL", reasons)
    return out


@xw.func(category=CATEGORY)
@xw.arg("descriptor", doc="One tie-break as C.07 writes it: BH/C1, SB, DE, ARO...", **_VALUE)
@xw.arg("player", doc="The player's number: their row in the ranges, from 1", **_VALUE)
@xw.arg("ratings", doc="Players' ratings, one row each; blank or 0 = unrated", **_RANGE)
@xw.arg("results", doc=_GRID, **_RANGE)
@xw.arg("opponents", doc=_OPP, **_RANGE)
@xw.arg("rules", doc=_TIEBREAK_RULES, **_VALUE)
@xw.arg("colours", doc=_COLOURS, **_RANGE)
@excel_function
def TIEBREAK(
    descriptor: Cell,
    player: Cell,
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    rules: Cell = None,
    colours: Cell = None,
) -> Any:
    """A FIDE tie-break (C.07) of one player: their row of TIEBREAK_ALL; #N/A if none."""
    args = (descriptor, player, ratings, results, opponents, rules, colours)
    found = excel.first_error(TIEBREAK, args)
    if found is not None:  # one value: the first error among the arguments
        raise found
    number = excel.whole_number(player, "player")
    count = len(excel.column(ratings))
    if not 1 <= number <= count:
        raise OutOfRangeError(f"player: {number} is not a player number (1..{count})")
    if len(excel.descriptors(descriptor)) != 1:
        raise InvalidInputError("descriptor: one tie-break (TIEBREAK_ALL takes several)")
    out, reasons = excel.tiebreak_block(descriptor, ratings, results, opponents, rules, colours)
    value = out[number - 1][0]
    if value == "":
        raise NothingToComputeError(
            f"player {number}: no {excel.text(descriptor, 'descriptor')} (an empty row, or "
            "no value for this player: a rating tie-break without a game against a rated "
            "opponent, or with an unrated player in the event)"
        )
    return value


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
    # Higher is better; equal ranks where all are equal; blank for an empty row.
    given = [
        (value, "points" if k == 0 else f"tiebreak{k}")
        for k, value in enumerate(
            (points, tiebreak1, tiebreak2, tiebreak3, tiebreak4, tiebreak5, tiebreak6)
        )
        if k == 0 or value is not None
    ]
    return excel.standing(given)


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
        NORM_ALL,
        K_FACTOR_ALL,
        TIEBREAK_ALL,
        TIEBREAK,
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
def EXPLAIN_ERROR(
    function_name: Cell,
    arg1: Cell = None,
    arg2: Cell = None,
    arg3: Cell = None,
    arg4: Cell = None,
    arg5: Cell = None,
    arg6: Cell = None,
    arg7: Cell = None,
) -> str:
    """Why a call of one of our functions gives an error: "OK" or the reason, as text."""
    name = str(function_name or "").strip().upper().removeprefix("XLWINGS.")
    fn = FUNCTIONS.get(name)
    if fn is None:
        return f"EXPLAIN_ERROR: unknown function {function_name!r}; one of {', '.join(FUNCTIONS)}"
    return excel.explain(fn, arg1, arg2, arg3, arg4, arg5, arg6, arg7)
