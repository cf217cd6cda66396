"""FIDE's tie-breaks (C.07) and the standing in cells (the rules live in
:mod:`xlfuncs.core.tiebreaks`): every value shown so that a higher one is better
(:meth:`~xlfuncs.core.tiebreaks.TiebreakTable.ranking_column`), for ``RANK_ALL``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..core.errors import InvalidInputError, NothingToComputeError, XlfuncsError
from ..core.tiebreaks import (
    Descriptor,
    TiebreakTable,
    check_edition,
    parse_descriptors,
    rank,
    tiebreaks,
)
from .calls import note_row_errors
from .cells import (
    colour,
    is_blank,
    key_columns,
    ptp_reading,
    rank_key,
    rating,
    text,
    tiebreak_rules,
)
from .cells import scoring as scoring_cell
from .cells import system as cell_system
from .columns import (
    ChartCells,
    crosstable_rows,
    pairing,
    per_player,
    player_number,
    results_games,
    shared_results,
)
from .errors import (
    ErrorValue,
    ExcelErrorInput,
    RowError,
    check_cell,
    check_error,
    check_errors,
    to_excel,
)
from .memo import PerValue
from .ranges import Cell, column, flatten, matrix

__all__ = [
    "TiebreakCells",
    "descriptors",
    "one_player",
    "players_only",
    "rank_all_cells",
    "sb_all_cells",
    "tiebreak_all_cells",
    "tiebreak_block",
    "tiebreak_cells",
    "tiebreak_rows",
    "tiebreak_table",
]

_NEEDS_ROUNDS = frozenset({"PS", "FB"})
"""The tie-breaks that need the order of the rounds, which a crosstable grid has not."""

_NEEDS_COLOURS = frozenset({"BPG", "BWG"})
"""The tie-breaks that count the games played with black."""


def descriptors(value: Cell) -> tuple[Descriptor, ...]:
    """The tie-breaks a ``descriptor`` argument names: cells, or text listing several
    (``"BH/C1, BH, SB"``); blank cells skipped."""
    check_error(value, "descriptor")  # shared by every row: the whole result
    texts = [text(c, "descriptor") for c in flatten(value) if not is_blank(c)]
    if not texts:
        raise NothingToComputeError("descriptor: the cell is blank; give a tie-break, e.g. BH/C1")
    try:
        return parse_descriptors(", ".join(texts))
    except XlfuncsError as exc:
        raise InvalidInputError(f"descriptor: {exc}") from None


@dataclass(frozen=True)
class TiebreakCells:
    """The event's cells as the tie-break functions take them (all but the descriptor, the
    player and the block's rows), each named as its argument (:data:`_TIEBREAK` of
    :mod:`xlfuncs.excel.functions` says what each holds)."""

    ratings: Cell
    results: Cell
    opponents: Cell = None
    rules: Cell = None
    colours: Cell = None
    unrated: Cell = None
    system: Cell = None
    ptp_full_score: Cell = None
    scoring: Cell = None


def tiebreak_table(
    descriptor: Cell, chart: TiebreakCells
) -> tuple[TiebreakTable | None, list[int], list[list[Any]], list[str]]:
    """The tie-breaks *descriptor* names, of *chart*'s players: the engine's table, the rows
    not empty (from 0, in its order); where a row shows an error, no table but each row's
    values (the error in every row: a tie-break depends on the whole table) and reasons."""
    ds = descriptors(descriptor)
    check_error(chart.rules, "rules")
    edition = tiebreak_rules(chart.rules)
    check_error(chart.unrated, "unrated")
    unrated_rating = rating(chart.unrated, "unrated")
    check_error(chart.ptp_full_score, "ptp_full_score")
    full_score = ptp_reading(chart.ptp_full_score)
    check_error(chart.scoring, "scoring")
    system_points = scoring_cell(chart.scoring)
    try:
        check_edition(ds, edition)
    except XlfuncsError as exc:
        raise InvalidInputError(f"descriptor: {exc}; rules {edition.id}") from None
    kind = cell_system(chart.system)  # shared by every row: a bad one is the whole result
    table, errors, empty, grid = tiebreak_rows(
        chart.ratings, chart.results, chart.opponents, chart.colours, kind
    )
    count, width = len(table.entrants), len(ds)
    bad = [i for i, e in enumerate(errors) if e is not None]
    if bad:
        first = cast(RowError, errors[bad[0]])
        out: list[list[Any]] = []
        reasons: list[str] = []
        for i in range(count):
            error = errors[i]
            if error is not None:
                cell = error.in_row(i + 1)
                reasons.append(cell.reason)
            elif empty[i]:
                out.append([""] * width)
                continue
            else:  # the list names the row in error; the cell, taken alone, its reason too
                reasons.append(
                    f"row {i + 1}: a tie-break uses every player's row; row {bad[0] + 1} "
                    f"shows {first.code}"
                )
                cell = ErrorValue(first.code, f"{reasons[-1]} ({first})")
            out.append([cell] * width)
        return None, [], out, reasons
    ordered = [d.text for d in ds if d.code in _NEEDS_ROUNDS]
    if grid and ordered:
        raise NothingToComputeError(
            f"descriptor: {', '.join(ordered)} need the order of the rounds, which a "
            "crosstable grid does not give; give the results by round, with opponents"
        )
    coloured = [d.text for d in ds if d.code in _NEEDS_COLOURS]
    colours = chart.colours
    if coloured and is_blank(colours):
        raise NothingToComputeError(
            f"descriptor: {', '.join(coloured)} count the games played with black: give the "
            "colours (the colours argument)"
        )
    kept = [i for i in range(count) if not empty[i]]
    found = tiebreaks(
        players_only(table, kept),
        ds,
        edition=edition,
        unrated=unrated_rating,
        ptp_full_score=full_score,
        scoring=system_points,
    )
    return found, kept, [[""] * width for _ in range(count)], []


def tiebreak_block(descriptor: Cell, chart: TiebreakCells) -> tuple[list[list[Any]], list[str]]:
    """Each player's values of the tie-breaks named, one column each (``""`` where none), and
    the reasons of the rows that show an error (:func:`tiebreak_table`)."""
    found, kept, out, reasons = tiebreak_table(descriptor, chart)
    if found is None:
        return out, reasons
    columns = [found.ranking_column(k) for k in range(len(found.descriptors))]
    for row, i in enumerate(kept):
        out[i] = ["" if c[row] is None else to_excel(c[row]) for c in columns]
    return out, []


def tiebreak_rows(
    ratings: Cell, results: Cell, opponents: Cell, colours: Cell, system: str | None
) -> tuple[Any, list[RowError | None], list[bool], bool]:
    """:func:`crosstable_rows` for the tie-breaks: each player's rounds kept in their places
    (a double round robin in the per-round layout; a blank round is ``Pairing(None, None)``,
    up to the last round anyone has a result in), each game's colour from *colours* (the
    shape of *results*). A round robin when *system* is ``"rr"``; without one, when
    *results* is a grid or every two players met (as the TRF reader guesses). Returns it,
    each row's error, which rows are empty (nobody met their player either) and whether
    *results* is a grid."""
    from dataclasses import replace

    from ..core.tournament import Crosstable, Pairing, is_round_robin

    with shared_results():
        table, errors, empty = crosstable_rows(ratings, results, opponents)
        n = len(table.entrants)
        grid, result_rows, opponent_rows, parsed = results_games(results, opponents, n)
    colour_rows: list[list[Cell]] | None = None
    if not is_blank(colours):
        if not isinstance(colours, (list, tuple)):
            check_error(colours, "colours")  # one cell for every row: the whole result
        colour_rows = matrix(colours, "colours")
        if len(colour_rows) != n or any(len(c) != len(r) for c, r in zip(colour_rows, result_rows)):
            raise InvalidInputError(
                "colours and results must have the same shape, with one row per player"
            )
    rounds = max(
        (
            j + 1
            for row in result_rows
            for j, res in enumerate(row)
            if res is not None and not is_blank(res)
        ),
        default=0,
    )
    where = "column" if grid else "round"
    shade_of = PerValue(colour, lambda at: f"colours (row {at[0] + 1}, {where} {at[1] + 1})")
    entrants = []
    for i, entrant in enumerate(table.entrants):
        games = parsed[i]
        if errors[i] is not None or isinstance(games, Exception):
            entrants.append(replace(entrant, pairings=()))
            continue
        found = iter(games)
        placed: list[Pairing] = []
        try:
            for j, res in enumerate(result_rows[i]):
                if grid and j == i:
                    if colour_rows is not None:
                        check_cell(colour_rows[i][j], f"colours (row {i + 1}, {where} {j + 1})")
                    continue
                shade = None if colour_rows is None else shade_of(colour_rows[i][j], (i, j))
                if is_blank(res):
                    if not grid and j < rounds and not _own_number(opponent_rows[i][j], i + 1):
                        placed.append(pairing(None, None))  # a round not played
                    continue
                game = next(found)
                placed.append(
                    game if shade is None else pairing(game.opponent, game.outcome, shade)
                )
        except (XlfuncsError, ExcelErrorInput) as exc:
            cells = [] if colour_rows is None else [(colour_rows[i], f"colours (row {i + 1})")]
            errors[i] = RowError.of(exc, cells)
            placed = []
        entrants.append(replace(entrant, pairings=tuple(placed)))
    met = {p.opponent for e in entrants for p in e.pairings if p.opponent is not None}
    empty = [e and i + 1 not in met for i, e in enumerate(empty)]
    if system is not None:
        round_robin = system == "rr"
    else:
        round_robin = grid or is_round_robin([e.pairings for e in entrants])
    rebuilt = Crosstable.build(entrants, round_robin=round_robin, rules=table.edition)
    return rebuilt, errors, empty, grid


def _own_number(value: Cell, number: int) -> bool:
    """Whether an opponent cell holds the player's own number (a double round robin's
    diagonal, read as rounds), where no game is."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == number


def players_only(table: Any, kept: Sequence[int]) -> Any:
    """*table* with only the players *kept* (from 0, in order, with all their opponents),
    numbered again from 1."""
    from dataclasses import replace

    from ..core.tournament import Crosstable, Pairing

    if len(kept) == len(table.entrants):
        return table
    number = {i + 1: k + 1 for k, i in enumerate(kept)}
    entrants = [
        replace(
            e,
            pairings=tuple(
                p if p.opponent is None else Pairing(number[p.opponent], p.outcome, p.colour)
                for p in e.pairings
            ),
        )
        for e in (table.entrants[i] for i in kept)
    ]
    return Crosstable.build(entrants, round_robin=table.round_robin, rules=table.edition)


def tiebreak_all_cells(descriptor: Cell, chart: TiebreakCells) -> list[list[Any]]:
    """:func:`tiebreak_block`, the rows' reasons kept for ``EXPLAIN_ERROR``."""
    out, reasons = tiebreak_block(descriptor, chart)
    note_row_errors("TIEBREAK_ALL", reasons)
    return out


def one_player(descriptor: Cell, player: Cell, ratings: Cell) -> int:
    """The player a one-player call names, whose descriptor must name one tie-break."""
    number = player_number(player, ratings)
    if len(descriptors(descriptor)) != 1:
        raise InvalidInputError("descriptor: one tie-break (TIEBREAK_ALL takes several)")
    return number


def tiebreak_cells(descriptor: Cell, player: Cell, chart: TiebreakCells) -> Any:
    """One player's tie-break: their row of :func:`tiebreak_block`; no value is ``#N/A``."""
    number = one_player(descriptor, player, chart.ratings)
    out, _ = tiebreak_block(descriptor, chart)
    value = out[number - 1][0]  # a row in error: its error value, with its reason
    if value == "":
        raise NothingToComputeError(
            f"player {number}: no {text(descriptor, 'descriptor')} (an empty row, or "
            "no value for this player: a rating tie-break without a game against a rated "
            "opponent, or with an unrated player in the event)"
        )
    return value


def rank_all_cells(points: Cell, *tiebreak_keys: Cell) -> list[list[Any]]:
    """Every player's rank by *points* (a blank: an empty row), then each tie-break key given
    (``None`` where omitted; :func:`~.cells.key_columns`), higher better; equal ranks where
    every key is equal (1, 2, 2, 4)."""
    keys = [
        (value, "points" if k == 0 else f"tiebreak{k}")
        for k, value in enumerate((points, *tiebreak_keys))
        if k == 0 or value is not None
    ]
    check_errors(keys)  # every rank depends on every row: the whole result
    firsts = column(points, "points")
    count = len(firsts)
    given: list[tuple[list[Cell], str]] = [(firsts, "points")]
    for value, name in keys[1:]:
        given.extend(key_columns(value, name, count))
    rows = [i for i in range(count) if not is_blank(firsts[i])]  # else an empty row
    columns = [[rank_key(cells[i], f"{name} (row {i + 1})") for i in rows] for cells, name in given]
    out: list[list[Any]] = [[""] for _ in range(count)]
    # numbers as the cells hold them: the core ranks floats as it ranks its own values
    for i, place in zip(rows, rank(cast(Any, columns))):
        out[i] = [place]
    return out


def sb_all_cells(results: Cell, opponents: Cell) -> list[list[Any]]:
    """Every player's Sonneborn-Berger, from the results alone."""
    rows = matrix(results, "results")
    placeholder = [[None] for _ in rows]
    chart = ChartCells(placeholder, results, opponents)
    return per_player("SB_ALL", lambda t, i: t.sonneborn_berger(i), chart)
