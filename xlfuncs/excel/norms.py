"""Title norms from cells (FIDE Title Regulations; the rules live in
:mod:`xlfuncs.core.norms` and :mod:`xlfuncs.core.norm_field`): one player's norm figures,
opponents and mix checks, and every player's best norm in a whole-column form.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.errors import InvalidInputError, NothingToComputeError, XlfuncsError
from ..core.no_figure import NO_NORM
from ..core.norm_field import CrosstableNorms, crosstable_norm_event
from ..core.norms import (
    MIN_NORM_PERCENT,
    NormOpponent,
    NormPerformance,
    is_titled,
    norm_mix,
    norm_performance,
    norm_points,
    norm_ratings,
    norm_ratings_before_floor,
    norm_title,
    title_or_higher,
)
from .cells import (
    exact_number,
    games,
    is_blank,
    is_results,
    listed_ratings,
    outcome,
    rating,
    same_size,
    text,
    title_rules,
)
from .columns import ChartCells, NoFigure, per_player, reasons_flag
from .errors import check_error
from .ranges import Cell, flatten

__all__ = [
    "mix_opponents",
    "norm_all_cells",
    "norm_figures_cells",
    "norm_games",
    "norm_mix_cells",
    "norm_points_cells",
    "norm_ratings_cells",
    "norm_rp_cells",
    "norm_titled_cells",
]


def norm_games(opponent_ratings: Cell, score: Cell) -> tuple[list[int | None], Fraction]:
    """Opponents and score for a norm, from a bare score (every non-blank cell an opponent)
    or results beside the ratings (a blank rating: an unrated opponent)."""
    if is_results(score):
        found = [(r, o) for r, o in games(opponent_ratings, score, results_name="score") if o.rated]
        return [r for r, _ in found], sum((o.points for _, o in found), Fraction(0))
    return listed_ratings(opponent_ratings, "opponent_ratings"), exact_number(score, "score")


def _norm(opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell) -> NormPerformance:
    """Core's norm calculation (:class:`~xlfuncs.core.norms.NormPerformance`) from cells."""
    listed, s = norm_games(opponent_ratings, score)
    return norm_performance(listed, s, text(title, "title"), rules=title_rules(rules))


def norm_rp_cells(opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell) -> int:
    """The norm performance Ra + dp, with the rating floor and unrated opponents applied."""
    return _norm(opponent_ratings, score, title, rules).rp


def norm_points_cells(opponent_ratings: Cell, title: Cell, rules: Cell) -> Fraction:
    """The fewest points that make the title norm against these opponents."""
    listed = listed_ratings(opponent_ratings, "opponent_ratings")
    return norm_points(listed, text(title, "title"), rules=title_rules(rules))


def norm_ratings_cells(
    opponent_ratings: Cell, results: Cell, title: Cell, rules: Cell
) -> list[list[Any]]:
    """One row per input row: the opponent's rating as valued and as counted (floor
    applied); blank where no game counts."""
    cells = flatten(results)
    found = games(opponent_ratings, results)  # the rows with a result, in order
    rows = [i for i, w in enumerate(cells) if not is_blank(w)]
    counted = [(i, r) for i, (r, o) in zip(rows, found) if o.rated]
    listed = [r for _, r in counted]
    edition = title_rules(rules)
    valued = norm_ratings_before_floor(listed, rules=edition)
    used = norm_ratings(listed, text(title, "title"), rules=edition)
    out: list[list[Any]] = [["", ""] for _ in cells]
    for (i, _), before, after in zip(counted, valued, used):
        out[i] = [before, after]
    return out


def norm_figures_cells(
    opponent_ratings: Cell, score: Cell, title: Cell, rules: Cell
) -> list[list[Any]]:
    """Three rows, Ra, p (a fraction) and Rp: the figure, the norm's minimum, met."""
    perf = _norm(opponent_ratings, score, title, rules)
    return [
        [perf.ra, perf.title.min_ra, perf.ra_met],
        [Fraction(perf.percent, 100), Fraction(MIN_NORM_PERCENT, 100), perf.percent_met],
        [perf.rp, perf.title.min_rp, perf.rp_met],
    ]


def norm_titled_cells(titles: Cell, results: Cell, title: Cell) -> list[list[Any]]:
    """One row per game: whether the opponent is titled (CM and WCM excluded) and holds the
    norm's title or higher; blank where no game counts."""
    norm = norm_title(text(title, "title"))
    check_error(titles, "titles")  # in the rows of games not played too
    names, cells = same_size(titles, "titles", results, "results")
    out: list[list[Any]] = []
    for i, (t, w) in enumerate(zip(names, cells), start=1):
        result = outcome(w, f"results (cell {i})")
        if result is None or not result.rated:
            out.append(["", ""])
            continue
        held = text(t, f"titles (cell {i})")
        out.append([is_titled(held), title_or_higher(held, norm)])
    if all(row == ["", ""] for row in out):
        raise NothingToComputeError("results: no game played (1, ½, 0)")
    return out


def mix_opponents(
    opponent_ratings: Cell, results: Cell, titles: Cell, federations: Cell
) -> list[NormOpponent]:
    """The opponents of the games played (1, ½, 0), with their titles and federations."""
    names = ("opponent_ratings", "results", "titles", "federations")
    columns = [flatten(c) for c in (opponent_ratings, results, titles, federations)]
    for name, c in zip(names, columns):
        check_error(c, name)  # in the rows of games not played too
    if len({len(c) for c in columns}) > 1:
        sizes = ", ".join(f"{name} {len(c)}" for name, c in zip(names, columns))
        raise InvalidInputError(f"the four ranges must be the same size; cells: {sizes}")
    found: list[NormOpponent] = []
    for i, (r, w, t, f) in enumerate(zip(*columns), start=1):
        result = outcome(w, f"results (cell {i})")
        if result is None or not result.rated:
            continue
        found.append(
            NormOpponent(
                rating(r, f"opponent_ratings (cell {i})"),
                text(t, f"titles (cell {i})"),
                text(f, f"federations (cell {i})"),
            )
        )
    return found


def norm_mix_cells(opponents: list[NormOpponent], federation: Cell, title: Cell) -> list[list[Any]]:
    """The mix checks of *opponents* for a player of *federation* and a norm of *title*:
    six rows of count, threshold, met, federations."""
    mix = norm_mix(opponents, text(federation, "federation"), text(title, "title"))
    return [
        [
            "" if c.figure is None else c.figure,
            c.threshold,
            "" if c.met is None else c.met,
            ", ".join(c.federations),
        ]
        for c in mix.checks
    ]


def norm_all_cells(
    sexes: Cell, titles: Cell, federations: Cell, chart: ChartCells
) -> list[list[Any]]:
    """Every player's best title norm (GM, IM, WGM, WIM) by the whole check of the Title
    Regulations; blank where none (a game below the minimum time, B.02 1.1, is not rated:
    :func:`~xlfuncs.core.norm_field.crosstable_norm_event`). With the *reasons* flag:
    ``none``, and under rapid or blitz rules ``rapid: no norms`` in every row instead of
    ``#VALUE!``."""
    why = reasons_flag(chart.reasons)
    try:
        norm_rules = title_rules(chart.rules)
    except XlfuncsError as exc:
        if not why or exc.short is None:
            raise
        refused = NoFigure(exc.short)

        def best(table: Any, number: int) -> str | NoFigure:
            return refused

    else:
        checked: dict[int, CrosstableNorms] = {}  # the one crosstable's, by its identity

        def best(table: Any, number: int) -> str | NoFigure:
            norms = checked.get(id(table))
            if norms is None:
                time = table.time
                event = None if time is None else crosstable_norm_event(table, time=time)
                norms = checked[id(table)] = CrosstableNorms(table, norm_rules, event)
            return norms.best(number) or NoFigure(NO_NORM)

    return per_player("NORM_ALL", best, chart, female=sexes, titles=titles, federations=federations)
