"""The "Working" sheet of a filled crosstable workbook: one player's working of every figure,
the player chosen from a drop-down of the chart's numbers, the sheet recomputing live.

Each of the chart's tie-breaks is one ``TIEBREAK_WORKING`` call and the rating one
``RATING_WORKING`` call over the chart's own columns, each an array formula over a fixed range
in hidden columns shown by ordinary formulas; the values stored beside them are player 1's
(``docs/working.md``): core's working, from the event as read where that is the Swiss chart's
(:attr:`~xlfuncs.templates.event.Event.tiebreak_table`), else computed by the functions on
the chart's cells (a round-robin grid's always).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from xlsxwriter.workbook import Workbook
from xlsxwriter.worksheet import Worksheet

from ..core.eligibility import TimeControl
from ..core.errors import XlfuncsError
from ..core.first_rating_working import first_rating_working
from ..core.rating_working import rating_working
from ..core.tiebreak_working import tiebreak_working
from ..core.tournament import Crosstable
from ..excel import rules as read_rules
from ..excel.eligibility import event_minutes
from ..excel.errors import to_excel
from ..excel.rating_working import RATING_COLUMNS, first_rating_block, rating_change_block
from ..excel.tiebreak_working import WORKING_COLUMNS, padded, working_block
from .chart_calls import (
    Inputs,
    argument_texts,
    argument_values,
    call_formula,
    call_value,
    on_sheet,
    shown_column,
)
from .chart_layout import FIRST_ROW, HEAD_ROW, NAME, NO, Layout
from .common import (
    Formats,
    cell,
    is_number,
    print_setup,
    protect,
    write_array_block,
    write_formula,
    write_text,
    write_value,
)
from .event import Event

__all__ = ["SHEET", "add_working_sheet", "default_blocks"]

SHEET = "Working"
"""The sheet's name."""

PLAYER_ROW, PLAYER_COL = 3, 1
"""The player's number (from 0): cell B4, a drop-down of the chart's numbers."""
PLAYER_CELL = cell(PLAYER_ROW, PLAYER_COL, absolute=True)

FIRST_BLOCK = 6
"""The row (from 0) of the first block's heading."""

RATING_COL = WORKING_COLUMNS + 1
"""The rating working's first column, right of the tie-breaks' blocks (and a blank one)."""

HIDDEN = 20
"""How far right of the cells that show them (column U on) the arrays of the calls are, in
hidden columns (as the charts' arrays: ``docs/templates.md``)."""

WIDTHS = (9.0, 8.0, 8.0, 96.0, 28.0, 2.0, 12.0, *[8.5] * 7, 72.0)
"""The widths of the shown columns: the tie-breaks' blocks (A:E), a blank one, the rating
working (G:O), each one A4 page across at :data:`~xlfuncs.templates.printing.PRINT_SCALE`."""

RATING_EXTRA = 10
"""Rows of the rating block beyond its lines: a first row, the headers, two hypothetical
opponents, six steps (a first rating; a rating change needs three)."""


def lines_of(layout: Layout, event: Event) -> int:
    """The most lines a working of this chart can have: a round each of the chart's (a
    Swiss: results may be entered in its rounds not played yet), a game against each other
    player each cycle (a round robin's grid, whose unused columns a filled chart hides)."""
    if layout.swiss:
        return layout.rounds
    return max(len(event.players) - 1, 1) * event.cycles


def add_working_sheet(
    wb: Workbook,
    fmt: Formats,
    sheet: str,
    layout: Layout,
    data: Inputs,
    values: Mapping[str, Sequence[Any]],
    event: Event,
) -> None:
    """Add the :data:`SHEET` to *wb*, reading the chart on *sheet* laid out as *layout*
    (*data*: its input cells, *values*: its computed columns), where the event has players
    and asks for it (:attr:`~xlfuncs.templates.event.Event.working`)."""
    if not event.players or not event.working:
        return
    ws = wb.add_worksheet(SHEET)
    lines = lines_of(layout, event)
    texts = argument_texts(layout, sheet) | {"player": PLAYER_CELL}
    blocks = default_blocks(layout, data, values, event)
    plain = {"font_name": "Calibri", "font_size": 10, "valign": "top"}
    text, wrapped = wb.add_format(plain), wb.add_format({**plain, "text_wrap": True})
    _player_choice(ws, fmt, sheet, layout, event)

    height = lines + 2
    row = FIRST_BLOCK
    for k_index in range(layout.tiebreaks):
        header = cell(HEAD_ROW, layout.col(f"tb{k_index + 1}"), absolute=True)
        texts |= {"descriptor": on_sheet(sheet, header), "rows": str(height)}
        heading = f"Tie-break {k_index + 1}: "
        formula = f'="{heading}"&{texts["descriptor"]}'
        write_formula(ws, row, 0, formula, fmt.heading, heading + data.tiebreaks[k_index])
        area = (row + 1, 0, height, WORKING_COLUMNS)
        formula = call_formula("tiebreak_working", texts)
        _block(ws, (text, wrapped, {3, 4}), area, formula, blocks[k_index])
        row += height + 2

    write_text(ws, FIRST_BLOCK, RATING_COL, "Rating change, or first rating", fmt.heading)
    # where there is no figure, the block says why (no K, no rated game): reasons
    formula = call_formula("rating_working", texts | {"rows": str(lines + RATING_EXTRA)})
    area = (FIRST_BLOCK + 1, RATING_COL, lines + RATING_EXTRA, RATING_COLUMNS)
    _block(ws, (text, wrapped, {8}), area, formula, blocks[-1])

    # the player again over the rating block, which prints on pages of its own
    write_formula(
        ws,
        PLAYER_ROW,
        RATING_COL,
        f'="Player no. "&{PLAYER_CELL}&": "&{cell(PLAYER_ROW, PLAYER_COL + 1, absolute=True)}',
        fmt.heading,
        f"Player no. 1: {event.players[0].name or ''}",
    )
    for col, width in enumerate(WIDTHS):
        ws.set_column(col, col, width)
    ws.set_column(HIDDEN, HIDDEN + RATING_COL + RATING_COLUMNS - 1, 6, None, {"hidden": True})
    last = max(row, FIRST_BLOCK + 1 + lines + RATING_EXTRA)
    ws.print_area(0, 0, last, RATING_COL + RATING_COLUMNS - 1)
    print_setup(
        ws, landscape=True, repeat_rows=(0, PLAYER_ROW), widths=WIDTHS, starts=[RATING_COL - 1]
    )
    protect(ws)


def _player_choice(ws: Worksheet, fmt: Formats, sheet: str, layout: Layout, event: Event) -> None:
    """The sheet's title and hint, and the player's number (a drop-down of the chart's
    numbers) with the name beside it."""
    count = len(event.players)
    numbers = (
        f"{cell(FIRST_ROW, NO, absolute=True)}:{cell(FIRST_ROW + count - 1, NO, absolute=True)}"
    )
    write_text(ws, 0, 0, "Working of one player's figures", fmt.title)
    write_text(ws, 1, 0, event.name, fmt.subtitle)
    ws.merge_range(2, 0, 2, WORKING_COLUMNS - 1, "", fmt.note)
    ws.set_row(2, 27)  # two lines of the wrapped hint, over the tie-breaks' columns
    write_text(
        ws,
        2,
        0,
        "Choose a player's number: each tie-break's working (TIEBREAK_WORKING) and the rating "
        "change, or an unrated player's first rating (RATING_WORKING), recompute from the "
        f"'{sheet}' sheet. The values stored are no. 1's (shown without the add-in).",
        fmt.note,
    )
    write_text(ws, PLAYER_ROW, 0, "Player no.", fmt.label)
    write_value(ws, PLAYER_ROW, PLAYER_COL, 1, fmt.input_number)
    ws.data_validation(
        cell(PLAYER_ROW, PLAYER_COL),
        {
            "validate": "list",
            "source": f"={on_sheet(sheet, numbers)}",
            "input_title": "Player",
            "input_message": f"A player's number on the '{sheet}' sheet (1..{count}).",
            "error_title": "Player",
            "error_message": f"A number of the '{sheet}' sheet's No. column (1..{count}).",
        },
    )
    ws.merge_range(PLAYER_ROW, PLAYER_COL + 1, PLAYER_ROW, PLAYER_COL + 2, "", fmt.computed_text)
    write_formula(
        ws,
        PLAYER_ROW,
        PLAYER_COL + 1,
        f'=IFERROR(INDEX({on_sheet(sheet, layout.column(NAME))},{PLAYER_CELL}),"")',
        fmt.computed_text,
        event.players[0].name or "",
    )


def _block(
    ws: Worksheet,
    formats: tuple[Any, Any, set[int]],
    area: tuple[int, int, int, int],
    formula: str,
    values: list[list[Any]] | str,
) -> None:
    """One legacy array formula over *area* (first row, first column, height, width) moved
    :data:`HIDDEN` columns right, and the visible cells of *area* showing it
    (``=IFERROR(U8,"")``), each with its value of *values* (a block, or one error value for
    every cell). *formats*: the cells', the wrapped text columns', and those columns."""
    first_row, first_col, height, width = area
    plain, wrapped, texts = formats
    if isinstance(values, str):
        cells: list[list[Any]] = [[values] * width for _ in range(height)]
    else:
        cells = [list(r) + [None] * (width - len(r)) for r in values[:height]]
        cells += [[None] * width for _ in range(height - len(cells))]
    col = first_col + HIDDEN
    last_row = first_row + height - 1
    write_array_block(ws, first_row, col, last_row, col + width - 1, formula, plain, cells)
    for i, row in enumerate(cells):
        for j, value in enumerate(row):
            shown = f'=IFERROR({cell(first_row + i, col + j)},"")'
            fmt = wrapped if j in texts else plain
            write_formula(ws, first_row + i, first_col + j, shown, fmt, value)


def default_blocks(
    layout: Layout, data: Inputs, values: Mapping[str, Sequence[Any]], event: Event
) -> list[list[list[Any]] | str]:
    """The answers of the sheet's calls for player 1: each tie-break's
    ``TIEBREAK_WORKING``, then ``RATING_WORKING``, as the chart's cells give them (each
    padded with blank rows to its block's height)."""
    out: list[list[list[Any]] | str] = []
    lines = lines_of(layout, event)
    height = lines + 2
    table = event.tiebreak_table
    # a grid's workings name the rounds by its columns, not the event's: from its cells
    shown = layout.swiss and _same_tiebreaks(
        table, data, values, len(event.players), layout.tiebreaks
    )
    args = argument_values(layout, data) | {"player": 1.0, "rows": float(height)}
    for d in data.tiebreaks[: layout.tiebreaks]:
        if shown and table is not None:
            out.append(padded(working_block(tiebreak_working(table, 1, d)), height))
        else:
            out.append(call_value("tiebreak_working", args | {"descriptor": d}))
    found = _core_rating_block(layout, data, values, event)
    if found is None:
        args |= {"k": shown_column(values["k"])}
        found = call_value("rating_working", args | {"rows": float(lines + RATING_EXTRA)})
    else:
        found = padded(found, lines + RATING_EXTRA)
    out.append(found)
    return out


def _shown(value: Any) -> Any:
    """A core value as a chart's cell shows it."""
    return "" if value is None else to_excel(value)


def _same_tiebreaks(
    table: Any, data: Any, values: Mapping[str, Sequence[Any]], count: int, width: int
) -> bool:
    """Whether *table* (the event's tie-breaks as read) is the one the chart's
    ``TIEBREAK_ALL`` computed: the same descriptors and edition, and the same value of
    every tie-break for every player."""
    if table is None or len(table.points) != count or table.edition.id != data.tiebreak_rules:
        return False
    texts = [d.text for d in table.descriptors]
    for k_index in range(width):
        d = data.tiebreaks[k_index]
        if d not in texts:
            return False
        column = table.ranking_column(texts.index(d))
        chart = values[f"tb{k_index + 1}"]
        if any(_shown(column[i]) != chart[i] for i in range(count)):
            return False
    return True


def _own_games(
    ct: Crosstable, number: int, time: TimeControl | None = None
) -> tuple[Crosstable, list[int]]:
    """Player *number*'s games alone (all a rating change or first rating reads): a
    crosstable of the player (number 1) and their opponents (2, 3 ..., their own games left
    out) at the chart's *time*, and each one's number in *ct*."""
    me = ct.entrants[number - 1]
    opponents = sorted({p.opponent for p in me.pairings if p.opponent is not None})
    new = {o: i for i, o in enumerate(opponents, start=2)}
    pairings = tuple(
        p if p.opponent is None else replace(p, opponent=new[p.opponent]) for p in me.pairings
    )
    entrants = [replace(me, pairings=pairings)]
    entrants += [replace(ct.entrants[o - 1], pairings=()) for o in opponents]
    own = Crosstable.build(entrants, round_robin=ct.round_robin, rules=ct.edition, time=time)
    return own, [number, *opponents]


def _core_rating_block(
    layout: Layout, data: Any, values: Mapping[str, Sequence[Any]], event: Event
) -> list[list[Any]] | None:
    """Player 1's rating working from the event's crosstable as read, where it is the
    chart's (the same ratings, edition, system, K, rated games and figure); else ``None``."""
    ct = event.crosstable
    if not layout.swiss or ct is None or len(ct.entrants) != len(event.players):
        return None
    ratings = [None if r is None else int(r) for r in data.ratings[: len(event.players)]]
    if [e.rating for e in ct.entrants] != ratings:
        return None
    try:
        if read_rules(data.rules) != ct.edition:
            return None
    except XlfuncsError:
        return None
    if ct.round_robin != (layout.system_name == "rr"):
        return None
    own, numbers = _own_games(ct, 1, event_minutes(data.minutes))
    k = values["k"][0]
    if (None if k == "" else k) != own.entrants[0].k:
        return None
    if values["games"][0] != (len(own.rated_games(1)) or ""):
        return None
    if own.entrants[0].rating is None:
        try:
            first = first_rating_working(own, 1)
        except XlfuncsError:
            return None
        shown = values["first"][0]
        if first is None or (shown != first.rating if first.published else is_number(shown)):
            return None
        lines = tuple(
            x if x.opponent is None else replace(x, opponent=numbers[x.opponent - 1])
            for x in first.lines
        )
        return first_rating_block(replace(first, lines=lines))
    change = rating_working(own, 1)
    if change is None or values["change"][0] != change.change:
        return None
    found = tuple(replace(x, opponent=numbers[x.opponent - 1]) for x in change.lines)
    return rating_change_block(replace(change, lines=found))
