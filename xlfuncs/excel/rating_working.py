"""One player's rating working as a block of cells (``RATING_WORKING``): a rated player's
change game by game (:func:`~xlfuncs.core.rating_working.rating_working`), or an unrated
player's first rating (:func:`~xlfuncs.core.first_rating_working.first_rating_working`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.errors import NothingToComputeError, XlfuncsError
from ..core.first_rating_working import FirstRatingWorking, first_rating_working
from ..core.no_figure import NO_K
from ..core.rating_working import RatingWorking, rating_working
from .cells import is_blank, system
from .columns import ChartCells, crosstable_rows, player_number, reasons_flag, results_games
from .errors import broken_rule
from .ranges import Cell
from .tiebreak_working import block_cell, block_rows, padded

__all__ = [
    "FIRST_RATING",
    "RATING_CHANGE",
    "RATING_COLUMNS",
    "first_rating_block",
    "no_figure_block",
    "rating_change_block",
    "rating_working_cells",
]

RATING_COLUMNS = 9
"""The block's width: round, opponent's row, rating, rating used (or "in Ra"), W, PD (or
"in score"), W - PD, K x (W - PD) (or the step's figure), what it is."""

RATING_CHANGE = "rating change"
"""The first cell of a rated player's working."""
FIRST_RATING = "first rating"
"""The first cell of an unrated player's working."""


def _row(*cells: Any) -> list[Any]:
    """A row of the block, blanks after the cells given."""
    out = [block_cell(c) for c in cells]
    return out + [""] * (RATING_COLUMNS - len(out))


def _first_row(kind: str, edition: str, value: Any, how: str) -> list[Any]:
    """A block's first row: *kind*, *edition*, the figure *value*, and *how* it is made."""
    return _row(kind, edition, value, *[""] * 5, f"Rating Regulations {edition}: {how}")


def rating_change_block(w: RatingWorking) -> list[list[Any]]:
    """A rated player's change, :data:`RATING_COLUMNS` wide: a first row, the headers, a row
    a game and a last row of the sums and how they make the change."""
    k = f"K {w.k_requested}"
    if w.k_lowered:
        k += f", lowered to {w.k} so that K x n <= {w.limit} ({w.n} games)"
    else:
        k += f" (K x n = {w.k * w.n} <= {w.limit})"
    out = [
        _first_row(RATING_CHANGE, w.edition, w.change, f"own rating {w.own_rating}; {k}"),
        _row("round", "opp.", "rating", "used", "W", "PD", "W - PD", "K x (W - PD)", ""),
    ]
    for g in w.lines:
        note = g.left_out or ("400-point rule: the rating used is 400 away" if g.capped else "")
        out.append(
            _row(
                g.round,
                g.opponent,
                g.opponent_rating,
                g.rating_used,
                g.points,
                g.expected,
                g.difference,
                g.change,
                note,
            )
        )
    how = (
        f"K {w.k} x {float(w.sum_difference):.2f} = {float(w.unrounded):.2f}, rounded once "
        f"(half away from zero): {w.change:+d}; new rating {w.own_rating + w.change}"
    )
    sums = (w.calculation.score, w.calculation.expected, w.sum_difference, w.unrounded)
    out.append(_row("=", "", "", "", *sums, how))
    return out


def first_rating_block(w: FirstRatingWorking) -> list[list[Any]]:
    """An unrated player's first rating, :data:`RATING_COLUMNS` wide: a first row, the
    headers, a row a game (and a hypothetical opponent), then the steps Ra, p, Ru unrounded,
    Ru, published and the edition's rule."""
    c = w.calculation
    out = [
        _first_row(FIRST_RATING, w.edition, w.rating, w.formula),
        _row("round", "opp.", "rating", "in Ra", "W", "in score", "", "", ""),
    ]
    for x in w.lines:
        text = x.text + (f" [{x.left_out}]" if x.left_out else "")
        out.append(
            _row(
                x.round, x.opponent, x.opponent_rating, x.in_ra, x.points, x.in_score, "", "", text
            )
        )
    steps = w.steps
    out += [
        _row("Ra", "", w.ra_sum, w.ra_count, "", "", "", c.ra, steps[0]),
        _row("p", "", "", "", w.score, w.games, "", c.percent / 100, steps[1]),
        _row("Ru", "", "", "", "", "", "", c.unrounded, steps[2]),
        _row("=", "", "", "", "", "", "", w.rating, steps[3]),
        _row("published", "", "", "", "", "", "", w.published, steps[4]),
        _row("rule", "", "", "", "", "", "", "", w.rule),
    ]
    return out


def rating_working_cells(
    player: Cell, k: Cell, system_value: Cell, rows: Cell, chart: ChartCells
) -> list[list[Any]]:
    """Player *player*'s (their row, from 1) rating working: a rated player's change or an
    unrated player's first rating, ``#N/A`` where none (with the *reasons* flag,
    :func:`no_figure_block`); an error of the player's row, or an opponent's, is the answer.
    *rows*: the block's height (:func:`~xlfuncs.excel.tiebreak_working.padded`)."""
    why = reasons_flag(chart.reasons)
    height = block_rows(rows)
    number = player_number(player, chart.ratings)
    kind = system(system_value)
    table, errors, empty = crosstable_rows(
        chart.ratings,
        chart.results,
        chart.opponents,
        k=k,
        rules_value=chart.rules,
        round_robin=None if kind is None else kind == "rr",
        minutes_value=chart.minutes,
    )
    mine = errors[number - 1]
    if mine is not None:
        raise broken_rule(mine.code, f"row {number}: {mine}")
    if empty[number - 1]:
        raise NothingToComputeError(f"player {number}: an empty row")
    for p in table.entrants[number - 1].pairings:
        theirs = None if p.opponent is None else errors[p.opponent - 1]
        if theirs is not None:
            raise broken_rule(
                theirs.code,
                f"row {number}: met the player of row {p.opponent}, whose row shows "
                f"{theirs.code} ({theirs})",
            )
    if table.entrants[number - 1].rating is None:
        try:
            first = first_rating_working(table, number)
        except XlfuncsError as exc:
            if not why or exc.short is None:
                raise
            return padded(no_figure_block(FIRST_RATING, table.edition.id, exc.short, exc), height)
        assert first is not None  # unrated
        first = replace(first, lines=_in_rounds(first.lines, chart, len(table.entrants), number))
        return padded(first_rating_block(first), height)
    change = rating_working(table, number)
    if change is None:
        missing = NothingToComputeError(
            f"player {number}: K is not known (the k column is blank)", short=NO_K
        )
        if not why:
            raise missing
        return padded(no_figure_block(RATING_CHANGE, table.edition.id, NO_K, missing), height)
    change = replace(change, lines=_in_rounds(change.lines, chart, len(table.entrants), number))
    return padded(rating_change_block(change), height)


def _in_rounds(lines: tuple[Any, ...], chart: ChartCells, n: int, number: int) -> tuple[Any, ...]:
    """Player *number*'s working *lines*, each pairing's place made its round in the
    per-round layout (the crosstable keeps only the rounds with a result); as they are in a
    grid, and a hypothetical opponent's line (no round)."""
    grid, result_rows, _, _ = results_games(chart.results, chart.opponents, n)
    if grid:
        return lines
    rounds = [j + 1 for j, cell in enumerate(result_rows[number - 1]) if not is_blank(cell)]
    return tuple(
        x
        if x.round is None or not 0 < x.round <= len(rounds)
        else replace(x, round=rounds[x.round - 1])
        for x in lines
    )


def no_figure_block(kind: str, edition: str, short: str, reason: object) -> list[list[Any]]:
    """The first row of a working that has no figure: in the figure's place the few words
    why (*short*), in the last column the whole *reason*."""
    return [_row(kind, edition, short, *[""] * 5, f"No {kind}: {reason}")]
