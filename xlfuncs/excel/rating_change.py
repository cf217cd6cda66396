"""Rating changes from cells (Rating Regulations 8.3; the rules live in
:mod:`xlfuncs.core.rating_change`): a player's change and its detail, K (8.3.3) and K for a
period's games, the uplift of 1 March 2024, the mark of a new rating below the floor, and
every player's change in a whole-column form.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.errors import InvalidInputError, NothingToComputeError, XlfuncsError
from ..core.no_figure import NO_K, UNRATED
from ..core.rating_change import (
    RatingChange,
    floor_note,
    k_for_games,
    k_rule,
    rating_change,
    uplift_2024,
)
from .calls import note_row_errors
from .cells import (
    boolean,
    date,
    games,
    is_blank,
    number,
    optional_number,
    rated,
    rated_games,
    rating,
    rules,
    same_size,
    whole_number,
)
from .cells import rules as rules_cell
from .columns import ChartCells, NoFigure, per_player, player_column
from .errors import ExcelErrorInput, check_cell, check_error, check_errors, code_of
from .ranges import Cell, column

__all__ = [
    "ESTABLISHED_GAMES",
    "PeriodGames",
    "elo_change_all_cells",
    "elo_change_cells",
    "elo_detail_cells",
    "k_factor_all_cells",
    "k_factor_cells",
    "k_for_games_cells",
    "period_change",
    "tournament_label",
    "tournaments",
    "unrated_again_cells",
    "uplift_2024_cells",
]

ESTABLISHED_GAMES = 30
"""What a blank "rated games before" means in K_FACTOR_ALL: an established player (as in the
TRF report)."""


def tournament_label(value: Cell) -> str:
    """A tournament label as compared: text without blanks around it, any case; a whole
    number as written (1 and "1" are one label); blank is the label ""."""
    if is_blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip().casefold()


def tournaments(
    opponent_ratings: Cell, results: Cell, labels_value: Cell
) -> tuple[list[list[tuple[int, Fraction]]], list[list[int]]]:
    """The rated games grouped into tournaments by the labels beside them (in the order of
    first appearance; omitted: one tournament), and each game's place in reading order."""
    found = games(opponent_ratings, results)
    if is_blank(labels_value):
        rated = rated_games(found)
        return [rated], [list(range(len(rated)))]
    labels, cells = same_size(labels_value, "tournaments", results, "results")
    for i, label in enumerate(labels, start=1):
        check_cell(label, f"tournaments (cell {i})")
    rows = [i for i, w in enumerate(cells) if not is_blank(w)]  # games() keeps these
    groups: dict[str, list[tuple[int, Fraction]]] = {}
    places: dict[str, list[int]] = {}
    position = 0
    for i, (r, o) in zip(rows, found):
        if r is None or not o.rated:
            continue
        key = tournament_label(labels[i])
        groups.setdefault(key, []).append((r, o.points))
        places.setdefault(key, []).append(position)
        position += 1
    return list(groups.values()), list(places.values())


@dataclass(frozen=True)
class PeriodGames:
    """A player's games of a rating period as ``ELO_CHANGE`` and ``ELO_DETAIL`` take them,
    each named as its argument."""

    own_rating: Cell
    opponent_ratings: Cell
    results: Cell
    k: Cell
    rules: Cell = None
    tournaments: Cell = None


def period_change(games: PeriodGames) -> tuple[RatingChange, list[int]]:
    """The core's calculation for the period, and for each of its game details (in the
    core's order, tournament by tournament) the game's place in reading order."""
    own = rated(games.own_rating, "own_rating")
    groups, places = tournaments(games.opponent_ratings, games.results, games.tournaments)
    change = rating_change(own, groups, number(games.k, "k"), rules=rules(games.rules))
    return change, [p for group in places for p in group]


def elo_change_cells(games: PeriodGames, rounded: Cell) -> int | Fraction:
    """The change for the games given, rounded once (*rounded* blank or TRUE) or not."""
    change, _ = period_change(games)
    keep_rounded = True if is_blank(rounded) else boolean(rounded, "rounded")
    return int(change.change) if keep_rounded else change.unrounded


def elo_detail_cells(games: PeriodGames) -> list[list[float]]:
    """One row per rated game, in the games' order (``ELO_DETAIL``)."""
    change, places = period_change(games)
    if not change.games:
        raise NothingToComputeError("results: no rated game against a rated opponent")
    in_order = sorted(zip(places, change.games), key=lambda placed: placed[0])
    return [
        [g.rating_used, float(g.expected), float(g.difference), float(g.change)]
        for _, g in in_order
    ]


def k_factor_cells(
    rating: Cell,
    rated_games: Cell,
    birth_year: Cell = None,
    reached_2400: Cell = None,
    period_date: Cell = None,
    rules: Cell = None,
    names: Sequence[str] = ("rating", "rated_games", "birth_year", "reached_2400"),
) -> int:
    """K (40, 20 or 10) from one player's data (8.3.3); the first four cells named by *names*
    (``K_FACTOR``'s arguments, or ``K_FACTOR_ALL``'s with the row)."""
    year = optional_number(birth_year, names[2])
    day = None if is_blank(period_date) else date(period_date, "period_date")
    return k_rule(
        rated(rating, names[0]),
        whole_number(rated_games, names[1]),
        None if year is None else whole_number(year, names[2]),
        boolean(reached_2400, names[3]),
        day,
        rules=None if is_blank(rules) else rules_cell(rules, day=day or _dt.date.today()),
    ).k


def k_factor_all_cells(
    ratings: Cell,
    rated_games: Cell,
    birth_years: Cell,
    reached_2400: Cell,
    period_date: Cell,
    rules_value: Cell,
) -> list[list[Any]]:
    """K of every player (:func:`k_factor_cells` row by row; blank rated games:
    :data:`ESTABLISHED_GAMES`): blank for an unrated player, an error in its row; a bad date
    or rules is the whole result."""
    check_error(period_date, "period_date")  # shared by every row: the whole result
    if not is_blank(rules_value):  # shared by every row: a bad one is the whole result
        day = None if is_blank(period_date) else date(period_date, "period_date")
        rules(rules_value, day=day or _dt.date.today())
    rs = column(ratings, "ratings")
    n = len(rs)
    games_cells = player_column(rated_games, "rated_games", n)
    years = player_column(birth_years, "birth_years", n)
    reached = player_column(reached_2400, "reached_2400", n)
    out: list[list[Any]] = []
    reasons: list[str] = []
    for i in range(n):
        row = f"row {i + 1}"
        cells = (rs[i], games_cells[i], years[i], reached[i])
        names = [f"{a} ({row})" for a in ("ratings", "rated_games", "birth_years", "reached_2400")]
        try:
            unrated = rating(rs[i], names[0]) is None
        except (XlfuncsError, ExcelErrorInput):
            unrated = False  # k_factor_cells below gives the error and its reason
        games_before = float(ESTABLISHED_GAMES) if is_blank(games_cells[i]) else games_cells[i]
        try:
            check_errors(list(zip(cells, names)))  # an error in the row passes through
            if unrated:  # no K, and no error in the row
                out.append([""])
                continue
            k = k_factor_cells(
                rs[i], games_before, years[i], reached[i], period_date, rules_value, names
            )
            out.append([k])
        except (XlfuncsError, ExcelErrorInput) as exc:
            out.append([code_of(exc)])
            reasons.append(f"{row}: {exc}")
    note_row_errors("K_FACTOR_ALL", reasons)
    return out


def k_for_games_cells(k: Cell, games_value: Cell) -> int:
    """K lowered so that K x n <= 700 for *games_value* rated games (blank: K unchanged)."""
    n = optional_number(games_value, "games")
    return k_for_games(number(k, "k"), 0 if n is None else n)


def uplift_2024_cells(rating_value: Cell) -> int:
    """The one-time uplift of 1 March 2024 of a rating (an unrated player: ``#N/A``)."""
    return uplift_2024(rated(rating_value, "rating"))


def unrated_again_cells(ratings: Cell, changes: Cell, rules_value: Cell) -> Any:
    """The mark of a new rating (rating + change) below the edition's floor, or ``""``: one
    cell each (``#N/A`` when one is blank), or a column (blank where unrated or no change,
    an error in its row); the words ``ELO_CHANGE_ALL`` shows for no change are no change."""
    rs, cs = column(ratings, "ratings"), column(changes, "changes")
    if len(rs) == 1 and len(cs) == 1:
        check_errors([(rs[0], "ratings"), (cs[0], "changes"), (rules_value, "rules")])
        if is_blank(rs[0]) or _no_change(cs[0]):
            raise NothingToComputeError("ratings, changes: a blank cell (unrated, or no change)")
        own = rated(rs[0], "ratings")
        change = whole_number(cs[0], "changes")
        return floor_note(own + change, rules=rules(rules_value)) or ""
    check_error(rules_value, "rules")
    if len(rs) != len(cs):
        raise InvalidInputError(f"changes: expected one cell per rating ({len(rs)}), got {len(cs)}")
    edition = rules(rules_value)
    out: list[list[Any]] = []
    reasons: list[str] = []
    for i, (r, c) in enumerate(zip(rs, cs), start=1):
        try:
            check_errors([(r, f"ratings (row {i})"), (c, f"changes (row {i})")])
            row_rating = None if is_blank(r) else rating(r, f"ratings (row {i})")
            if row_rating is None or _no_change(c):
                out.append([""])  # unrated, or no change: nothing to mark
                continue
            row_change = whole_number(c, f"changes (row {i})")
        except (XlfuncsError, ExcelErrorInput) as exc:
            out.append([code_of(exc)])
            reasons.append(f"row {i}: {exc}")
            continue
        found = floor_note(row_rating + row_change, rules=edition)
        out.append(["" if found is None else found])
    note_row_errors("UNRATED_AGAIN", reasons)
    return out


def _no_change(value: Cell) -> bool:
    """Whether a change cell is blank or holds ``ELO_CHANGE_ALL``'s ``unrated`` or ``no K``."""
    return is_blank(value) or (isinstance(value, str) and value.strip() in (UNRATED, NO_K))


def elo_change_all_cells(k: Cell, chart: ChartCells) -> list[list[Any]]:
    """Every rated player's change in *chart*'s event with their *k* (K x n <= 700, rounded
    once); where there is none, blank, or with the *reasons* flag why."""

    def change(table: Any, player: int) -> Any:
        found = table.change(player)
        if found is not None:
            return found.change
        return NoFigure(UNRATED if table.entrants[player - 1].rating is None else NO_K)

    return per_player("ELO_CHANGE_ALL", change, chart, k=k)
