"""The charts' header (rows 1-5): every label and value, each named setting's cell with its
label and its data validation, lies in columns the chart shows, whatever the event's size.

A filled chart hides the results columns its event does not use (a round robin's grid
columns of the players beyond its count, a Swiss's rounds beyond its last): a 3-player round
robin shows grid columns 1-3 only, a 3-round Swiss rounds 1-3 only; the header must not sit
on, nor be merged across, the hidden ones."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import column_index_from_string, range_boundaries
from openpyxl.worksheet.worksheet import Worksheet

from xlfuncs.templates import round_robin, swiss
from xlfuncs.templates.event import ChartPlayer, Event, Round

LABELS = {
    "Rules": "Rules edition",
    "RatingPeriod": "Rating period",
    "Scoring": "Scoring",
    "TiebreakRules": "Tie-break rules",
    "UnratedRating": "Unrated rating",
    "PtpFullScore": "PTP of 100 %",
    "Minutes": "Minutes (60 moves)",
}
"""Each named header setting and its label, the cell left of the value."""

HEADER_ROWS = 5


def _round_robin_3() -> Event:
    """Three players, each game once (row player's result against players 1-3)."""
    table = (("", "1", "="), ("0", "", "1"), ("=", "0", ""))
    return Event(
        name="Three-player round robin",
        chief_arbiter="IA A Rather Long Name Of A Chief Arbiter",
        players=tuple(
            ChartPlayer(
                i, f"Player {i}", rating=2100 - 50 * i, results=tuple(r or None for r in row)
            )
            for i, row in enumerate(table, start=1)
        ),
    )


def _double_round_robin_2() -> Event:
    """A two-game match as a double round robin: the first games, then the second."""
    return Event(
        name="Match",
        players=(
            ChartPlayer(1, "Player 1", rating=2200, results=(None, "1", None, "=")),
            ChartPlayer(2, "Player 2", rating=2150, results=("0", None, "=", None)),
        ),
        cycles=2,
    )


_SWISS_4 = (
    # each player's rounds: opponent, colour, result (all four meet in three rounds)
    ((3, "w", "1"), (2, "b", "="), (4, "w", "1")),
    ((4, "b", "="), (1, "w", "="), (3, "b", "1")),
    ((1, "b", "0"), (4, "w", "1"), (2, "w", "0")),
    ((2, "w", "="), (3, "b", "0"), (1, "b", "0")),
)


def _swiss(table: tuple[tuple[tuple[int, str, str], ...], ...]) -> Event:
    """A Swiss of one player per row of *table*, each row the player's rounds."""
    return Event(
        name=f"Swiss of {len(table)}",
        chief_arbiter="IA A Rather Long Name Of A Chief Arbiter",
        players=tuple(
            ChartPlayer(
                i, f"Player {i}", rating=2000 - 10 * i, rounds=tuple(Round(*g) for g in row)
            )
            for i, row in enumerate(table, start=1)
        ),
    )


CHARTS: dict[str, tuple[Callable[..., None], Callable[[], Event | None]]] = {
    "round robin, blank": (round_robin.build, lambda: None),
    "round robin of 3": (round_robin.build, _round_robin_3),
    "double round robin of 2": (round_robin.build, _double_round_robin_2),
    "swiss, blank": (swiss.build, lambda: None),
    "swiss of 4, 3 rounds": (swiss.build, lambda: _swiss(_SWISS_4)),
    "swiss of 2, 1 round": (swiss.build, lambda: _swiss((((2, "w", "1"),), ((1, "b", "0"),)))),
}


def _hidden(ws: Worksheet) -> set[int]:
    """The sheet's hidden columns (hidden, or of width 0), numbered from 1."""
    out: set[int] = set()
    for dim in ws.column_dimensions.values():
        if dim.hidden or (dim.customWidth and not dim.width):
            out.update(range(dim.min, dim.max + 1))
    return out


def _named_cell(book: openpyxl.Workbook, name: str, sheet: str) -> tuple[int, int]:
    ((title, ref),) = book.defined_names[name].destinations
    assert title == sheet, (name, title)
    col, row, _, _ = range_boundaries(ref.replace("$", ""))
    assert col is not None and row is not None
    return row, col


@pytest.mark.parametrize("chart", list(CHARTS))
def test_the_header_lies_in_shown_columns(chart: str, tmp_path: Path) -> None:
    build, event = CHARTS[chart]
    made = event()
    path = tmp_path / "chart.xlsx"
    build(path, made)
    book = openpyxl.load_workbook(path)
    ws = book.worksheets[0]
    hidden = _hidden(ws)
    if made is not None:  # a small event's chart hides some results columns
        assert hidden & set(range(column_index_from_string("M"), ws.max_column)), chart
    # every cell written in rows 1-5, and every merged range of them, in shown columns
    written = [
        c.coordinate
        for row in ws.iter_rows(max_row=HEADER_ROWS)
        for c in row
        if c.value is not None and c.column in hidden
    ]
    assert written == [], chart
    merged = [
        str(r)
        for r in ws.merged_cells.ranges
        if r.min_row <= HEADER_ROWS and hidden & set(range(r.min_col, r.max_col + 1))
    ]
    assert merged == [], chart
    validated = {
        (row, col)
        for dv in ws.data_validations.dataValidation
        for rng in dv.sqref.ranges
        for row in range(rng.min_row, rng.max_row + 1)
        for col in range(rng.min_col, rng.max_col + 1)
    }
    for name, label in LABELS.items():
        row, col = _named_cell(book, name, ws.title)
        assert row <= HEADER_ROWS and col not in hidden, (chart, name)
        assert (row, col) in validated, (chart, name)  # its drop-down or check came along
        # the label ends just left of the value, in the same row
        (left,) = [r for r in ws.merged_cells.ranges if (row, col - 1) in set(r.cells)]
        assert ws.cell(left.min_row, left.min_col).value == label, (chart, name)
    comments = [
        c.coordinate
        for row in ws.iter_rows(max_row=HEADER_ROWS)
        for c in row
        if c.comment is not None and c.column in hidden
    ]
    assert comments == [], chart
