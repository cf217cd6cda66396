"""FIDE's tie-breaks (C.07) and the standing in cells: the descriptors a cell names, a
wall chart's columns read into the crosstable the tie-breaks need (each player's rounds in
their places, the colours), every player's values one column per tie-break, and the ranks.

The rules live in :mod:`xlfuncs.core.tiebreaks`; this shows what it computes with every
value so that a higher one is better (``DE`` as how many tied players it places below:
:meth:`~xlfuncs.core.tiebreaks.TiebreakTable.ranking_column`), so that ``RANK_ALL`` ranks
by plain numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ..core.errors import InvalidInputError, NothingToComputeError, XlfuncsError
from ..core.tiebreaks import Descriptor, parse_descriptors, rank, tiebreaks
from .cells import colour, is_blank, key_columns, rank_key, text, tiebreak_rules
from .columns import crosstable_rows, read_once, results_games
from .errors import ExcelErrorInput, RowError, check_cell, check_error, first_error_among, to_excel
from .ranges import Cell, column, flatten, matrix

__all__ = ["descriptors", "players_only", "standing", "tiebreak_block", "tiebreak_rows"]

_NEEDS_ROUNDS = frozenset({"PS", "FB"})
"""The tie-breaks that need the order of the rounds (the progressive score; Fore Buchholz,
which counts the last round as a draw): a crosstable grid has none."""


_NEEDS_COLOURS = frozenset({"BPG", "BWG"})
"""The tie-breaks that count the games played with black: without the colours, none."""


def descriptors(value: Cell) -> tuple[Descriptor, ...]:
    """The tie-breaks a ``descriptor`` argument names: one cell, a row or column of cells,
    or text listing several (``"BH/C1, BH, SB"``); blank cells among them are skipped."""
    check_error(value, "descriptor")  # shared by every row: the whole result
    texts = [text(c, "descriptor") for c in flatten(value) if not is_blank(c)]
    if not texts:
        raise NothingToComputeError("descriptor: the cell is blank; give a tie-break, e.g. BH/C1")
    try:
        return parse_descriptors(", ".join(texts))
    except XlfuncsError as exc:
        raise InvalidInputError(f"descriptor: {exc}") from None


def tiebreak_block(
    descriptor: Cell, ratings: Cell, results: Cell, opponents: Cell, rules: Cell, colours: Cell
) -> tuple[list[list[Any]], list[str]]:
    """Each player's values of the tie-breaks named, one column each ("" where there is no
    value, and in an empty row), and the reasons of the rows that show an error: an error in
    any player's row shows in every player's (a tie-break depends on the whole table: the
    rounds played, the score groups, whether everyone is rated)."""
    ds = descriptors(descriptor)
    check_error(rules, "rules")
    edition = tiebreak_rules(rules)
    table, errors, empty, grid = tiebreak_rows(ratings, results, opponents, colours)
    count, width = len(table.entrants), len(ds)
    bad = [i for i, e in enumerate(errors) if e is not None]
    if bad:
        first = cast(RowError, errors[bad[0]])
        out: list[list[Any]] = []
        reasons: list[str] = []
        for i in range(count):
            error = errors[i]
            if error is not None:
                out.append([error.code] * width)
                reasons.append(f"row {i + 1}: {error}")
            elif empty[i]:
                out.append([""] * width)
            else:
                out.append([first.code] * width)
                reasons.append(
                    f"row {i + 1}: a tie-break uses every player's row; row {bad[0] + 1} "
                    f"shows {first.code}"
                )
        return out, reasons
    ordered = [d.text for d in ds if d.code in _NEEDS_ROUNDS]
    if grid and ordered:
        raise NothingToComputeError(
            f"descriptor: {', '.join(ordered)} need the order of the rounds, which a "
            "crosstable grid does not give; give the results by round, with opponents"
        )
    coloured = [d.text for d in ds if d.code in _NEEDS_COLOURS]
    if coloured and (colours is None or (is_blank(colours) and not isinstance(colours, list))):
        raise NothingToComputeError(
            f"descriptor: {', '.join(coloured)} count the games played with black: give the "
            "colours (the colours argument)"
        )
    kept = [i for i in range(count) if not empty[i]]
    found = tiebreaks(players_only(table, kept), ds, edition=edition)
    columns = [found.ranking_column(k) for k in range(width)]
    out = [[""] * width for _ in range(count)]
    for row, i in enumerate(kept):
        out[i] = ["" if c[row] is None else to_excel(c[row]) for c in columns]
    return out, []


def tiebreak_rows(
    ratings: Cell, results: Cell, opponents: Cell = None, colours: Cell = None
) -> tuple[Any, list[RowError | None], list[bool], bool]:
    """:func:`crosstable_rows` for the tie-breaks: each player's rounds kept in their places
    (a blank round of the per-round layout is ``Pairing(None, None)``, as a blank TRF round;
    the rounds run to the last one anyone has a result in), the colour of each game from
    *colours* (the same shape as *results*: ``w``/``b`` per cell, blank for a bye or not
    known; omitted: no colours). The crosstable is a round robin when *results* is a grid,
    or when every two players met (as the TRF reader decides: a double round robin in the
    per-round layout). Returns it, each row's error, which rows are empty (only if nobody
    met their player either) and whether *results* is a grid (whose games are in the
    opponents' order: it has no rounds)."""
    from dataclasses import replace

    from ..core.tournament import Crosstable, Pairing, is_round_robin

    with read_once():
        table, errors, empty = crosstable_rows(ratings, results, opponents)
        n = len(table.entrants)
        grid, result_rows, opponent_rows, parsed = results_games(results, opponents, n)
    omitted = colours is None or (not isinstance(colours, (list, tuple)) and is_blank(colours))
    colour_rows: list[list[Cell]] | None = None
    if not omitted:
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
                named = f"colours (row {i + 1}, {where} {j + 1})"
                if grid and j == i:
                    if colour_rows is not None:
                        check_cell(colour_rows[i][j], named)
                    continue
                shade = None if colour_rows is None else colour(colour_rows[i][j], named)
                if is_blank(res):
                    if not grid and j < rounds and not _own_number(opponent_rows[i][j], i + 1):
                        placed.append(Pairing(None, None))  # a round not played
                    continue
                game = next(found)
                placed.append(
                    game if shade is None else Pairing(game.opponent, game.outcome, shade)
                )
        except (XlfuncsError, ExcelErrorInput) as exc:
            cells = [] if colour_rows is None else [(colour_rows[i], f"colours (row {i + 1})")]
            errors[i] = RowError.of(exc, cells)
            placed = []
        entrants.append(replace(entrant, pairings=tuple(placed)))
    met = {p.opponent for e in entrants for p in e.pairings if p.opponent is not None}
    empty = [e and i + 1 not in met for i, e in enumerate(empty)]
    round_robin = grid or is_round_robin([e.pairings for e in entrants])
    rebuilt = Crosstable.build(entrants, round_robin=round_robin, rules=table.edition)
    return rebuilt, errors, empty, grid


def _own_number(value: Cell, number: int) -> bool:
    """Whether an opponent cell holds the player's own number: the diagonal of a double
    round robin's grid, read as rounds beside the opponents' numbers, where no game is."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == number


def players_only(table: Any, kept: Sequence[int]) -> Any:
    """*table* (a :class:`~xlfuncs.core.tournament.Crosstable`) with only the players
    *kept* (indexes from 0, in order), numbered again from 1; every opponent of theirs must
    be kept."""
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


def standing(keys: Sequence[tuple[Cell, str]]) -> list[list[Any]]:
    """Every player's rank by the columns of *keys* in order, each with its argument's name:
    the points first (a blank is an empty row, with no rank), then the tie-breaks given
    (each one column, or several side by side: several keys; :func:`key_columns`), higher
    better; equal ranks where every key is equal (1, 2, 2, 4). An error value in any of them
    is the whole result: every rank depends on every row."""
    found = first_error_among(keys)
    if found is not None:  # every rank depends on every row: the whole result
        raise found
    firsts = column(keys[0][0])
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
