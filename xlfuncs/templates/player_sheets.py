"""What the one-player templates share (rating calculator, first rating, title norm): the
game data classes, the game rows' status formulas, a sheet's cells described as data
(:class:`LayoutCell`, a formula as a :mod:`.cell_formula` expression giving both its text and
its stored value) and the one writer that walks them (:func:`write_layout`).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from xlsxwriter.format import Format
from xlsxwriter.workbook import Workbook
from xlsxwriter.worksheet import Worksheet

from ..core.editions import DEFAULT_EDITION
from ..core.results import BYE_SYMBOLS, FORFEIT_SYMBOLS, UNDER_ONE_MOVE_CELLS, Outcome
from ..core.titles import FIDE_TITLES
from ..core.validate import MAX_RATING
from .cell_formula import Area, Expr, Name, Ref, Sheet, Value, blank_or, call, concat, if_, op
from .common import (
    Formats,
    cell,
    results_formatting,
    validate_results,
    write_array_block,
    write_formula,
    write_text,
    write_value,
)

__all__ = [
    "UNDER_ONE_MOVE",
    "COUNTED",
    "EDITION_APPLIED",
    "CellKind",
    "Game",
    "GameColumns",
    "LayoutCell",
    "TournamentGames",
    "Value",
    "add_player_sheet",
    "array_cell",
    "extra_formats",
    "game_row_checks",
    "formula_cell",
    "game_input_cells",
    "HEAD_ROWS",
    "PlayerEntered",
    "RULES",
    "is_error_expr",
    "layout_sheet",
    "mark_yes_no",
    "labelled_inputs",
    "mute_uncounted",
    "note",
    "player_head",
    "points_expr",
    "rating_validation",
    "result_cell",
    "span",
    "status_expr",
    "text_cell",
    "write_layout",
]

COUNTED: Final = "yes"
"""What the status column shows for a game that counts."""

UNDER_ONE_MOVE: Final = "under 1 move"
"""What the status column shows for a game of less than one move (scored, not rated)."""
_WIN_TEXT: Final = (Outcome.WIN.symbol,)
_DRAW_TEXT: Final = (Outcome.DRAW.shown, Outcome.DRAW.symbol)
_LOSS_TEXT: Final = (Outcome.LOSS.symbol,)
# The text a rated result's cell may hold: the drop-down's choices (see common.RESULT_CHOICES).


@dataclass(frozen=True)
class Game:
    """One game of the player: the opponent's rating (``None`` or 0: unrated) and the
    result from the player's side (``"1"``, ``"½"`` or ``"="``, ``"0"``, forfeits ``"+"``
    ``"-"``, byes ``"H"`` ``"F"`` ``"U"`` ``"Z"``; or 1, 0.5, 0)."""

    rating: int | None
    result: str | float
    opponent: str = ""
    title: str = ""
    federation: str = ""


@dataclass(frozen=True)
class TournamentGames:
    """The player's games in one tournament, with the tournament's name and last day."""

    name: str = ""
    games: Sequence[Game] = field(default_factory=tuple)
    end_date: _dt.date | None = None


def extra_formats(wb: Workbook, fmt: Formats) -> dict[str, Format]:
    """Formats the one-player sheets add to :class:`~.common.Formats`."""
    border = {"border": 1, "border_color": "#B7B7B7"}
    base = {"font_name": "Calibri", "font_size": 10}
    computed = {"bg_color": "#EEF3FA", **border, **base}
    section = {**base, "bold": True, "font_color": "#FFFFFF", "bg_color": "#44546A", **border}

    def centred(num_format: str, **props: Any) -> Format:
        return wb.add_format({**computed, "align": "center", "num_format": num_format, **props})

    return {
        "two": centred("0.00"),
        "signed_two": centred("+0.00;-0.00;0.00"),
        "signed": centred("+0;-0;0", bold=True, font_size=12),
        "big": centred("0", bold=True, font_size=12),
        "percent": centred("0%"),
        "points": centred("0.0"),
        "w": centred('[=0.5]"\u00bd";0'),
        "left": wb.add_format({**computed, "align": "left"}),
        "wrap": wb.add_format({**computed, "align": "left", "valign": "top", "text_wrap": True}),
        "number": centred("0"),
        "total_label": wb.add_format({**computed, "bold": True, "align": "right"}),
        "total": centred("0.0", bold=True),
        "total_two": centred("0.00", bold=True),
        "total_signed": centred("+0.00;-0.00;0.00", bold=True),
        "count": centred('0;-0;""', bold=True),
        "section": wb.add_format(section),
        "constant": wb.add_format({**base, "align": "center", "font_color": "#7F7F7F", **border}),
        "section_center": wb.add_format({**section, "align": "center"}),
        "at_least": centred('"\u2265 "0'),
        "at_most": centred('"\u2264 "0'),
        "at_least_percent": centred('"\u2265 "0%'),
        "verdict": wb.add_format({**computed, "align": "center", "bold": True, "font_size": 12}),
        "yes_soft": wb.add_format({"font_color": "#006100"}),
        "yes": wb.add_format({"bg_color": "#C6EFCE", "font_color": "#006100", "bold": True}),
        "no": wb.add_format({"bg_color": "#FFC7CE", "font_color": "#9C0006", "bold": True}),
        "capped": wb.add_format({"italic": True, "font_color": "#C55A11", "bold": True}),
        "muted": wb.add_format({"italic": True, "font_color": "#7F7F7F"}),
        "error": wb.add_format({"font_color": "#9C0006", "italic": True}),
        "helper_header": wb.add_format({**base, "italic": True, "font_color": "#7F7F7F"}),
    }


def mark_yes_no(ws: Worksheet, x: Mapping[str, Format], cells: str) -> None:
    """``yes`` green and ``no`` red (the ``yes`` and ``no`` formats of :func:`extra_formats`
    *x*) in *cells* (an A1 range)."""
    for text in ("yes", "no"):
        ws.conditional_format(
            cells, {"type": "cell", "criteria": "==", "value": f'"{text}"', "format": x[text]}
        )


# ------------------------------------------------------------------- layouts as data


CellKind = Literal["text", "formula", "array", "value"]
"""How a :class:`LayoutCell` is written: text as text, a formula or an array formula over the
cell's range with its values, or a value as :func:`.common.write_value` writes it."""


@dataclass(frozen=True)
class LayoutCell:
    """One cell of a sheet, as data: where, what, and the format by name (a field of
    :class:`~.common.Formats` or a key of :func:`extra_formats`; ``None``: no format). With
    *last_row* or *last_col* the cell is the first of a merged range (of an array formula's
    range for an ``"array"``)."""

    row: int
    col: int
    kind: CellKind
    content: Value
    """The text, the formula (an :class:`~.cell_formula.Expr`) or the value."""
    style: str | None = None
    last_row: int | None = None
    last_col: int | None = None


def layout_sheet(
    cells: Iterable[LayoutCell],
    rules: tuple[int, int, str | None],
    names: Mapping[str, tuple[int, int] | Area] | None = None,
) -> Sheet:
    """*cells* as a :class:`~.cell_formula.Sheet` with the defined *names*, to compute the
    formulas' values from; *rules*: the ``Rules`` cell's row, column and edition (``None``:
    the edition in force)."""
    row, col, edition = rules
    sheet = Sheet(names={"Rules": (row, col), **(names or {})})
    for c in cells:
        if c.kind == "array":
            sheet.put_array(c.row, c.col, *_last(c), c.content)
        else:
            sheet.put(c.row, c.col, c.content)
    sheet.put(row, col, edition or DEFAULT_EDITION.id)
    return sheet


def _last(c: LayoutCell) -> tuple[int, int]:
    """The last row and column of *c*'s range."""
    return (c.row if c.last_row is None else c.last_row), (
        c.col if c.last_col is None else c.last_col
    )


def write_layout(
    ws: Worksheet,
    cells: Iterable[LayoutCell],
    fmt: Formats,
    extra: Mapping[str, Format],
    sheet: Sheet,
) -> None:
    """Write *cells* in their order (a later cell at the same place replaces an earlier),
    each formula with its value on *sheet*."""
    for c in cells:
        style = (
            None
            if c.style is None
            else extra[c.style]
            if c.style in extra
            else getattr(fmt, c.style)
        )
        last_row, last_col = _last(c)
        if c.kind == "array":
            formula = "{=" + c.content.formula() + "}"
            rows, cols = range(c.row, last_row + 1), range(c.col, last_col + 1)
            values = [[sheet.value(r, col) for col in cols] for r in rows]
            write_array_block(ws, c.row, c.col, last_row, last_col, formula, style, values)
            continue
        if c.last_row is not None or c.last_col is not None:
            ws.merge_range(c.row, c.col, last_row, last_col, "", style)
        if c.kind == "formula":
            write_formula(
                ws, c.row, c.col, "=" + c.content.formula(), style, sheet.value(c.row, c.col)
            )
        elif c.kind == "text":
            write_text(ws, c.row, c.col, c.content, style)
        else:
            write_value(ws, c.row, c.col, c.content, style)


def text_cell(
    row: int,
    col: int,
    text: str | None,
    style: str | None = None,
    *,
    last_row: int | None = None,
    last_col: int | None = None,
) -> LayoutCell:
    """A text cell (a label, a header, a note; ``None``: a blank cell with *style*)."""
    return LayoutCell(row, col, "text", text, style, last_row, last_col)


def formula_cell(
    row: int,
    col: int,
    expr: Expr,
    style: str | None = None,
    *,
    last_row: int | None = None,
    last_col: int | None = None,
) -> LayoutCell:
    """A formula cell (its value is computed on the sheet)."""
    return LayoutCell(row, col, "formula", expr, style, last_row, last_col)


def array_cell(
    first_row: int, first_col: int, last_row: int, last_col: int, expr: Expr, style: str
) -> LayoutCell:
    """An array formula over a range (one call fills it; its values computed on the sheet).
    A format is needed: a blank without one would leave xlsxwriter's 0."""
    return LayoutCell(first_row, first_col, "array", expr, style, last_row, last_col)


def labelled_inputs(
    entries: Iterable[tuple[int, str, Value]],
    label_col: int,
    input_col: int,
    last_col: int,
    *,
    kind: CellKind = "text",
    style: str = "input_text",
) -> list[LayoutCell]:
    """Input cells one a row (*entries*: row, label, value), each with its label: the label
    in *label_col*, the input merged from *input_col* to *last_col*."""
    cells: list[LayoutCell] = []
    for row, label, value in entries:
        cells.append(text_cell(row, label_col, label, "label"))
        cells.append(LayoutCell(row, input_col, kind, value, style=style, last_col=last_col))
    return cells


HEAD_ROWS: Final = (0, 1, 2, 3, 4, 5)
"""The rows of a one-player sheet's head: its title, the line under it, the how-to note, then
the player's name, FIDE ID and federation (:func:`player_head`)."""


RULES: Final = Name("Rules")
"""The rules edition chosen on a one-player sheet (its settings block's cell; blank: the
edition in force today)."""

EDITION_APPLIED: Final = if_(op("=", RULES, ""), DEFAULT_EDITION.id, op("&", RULES, ""))
"""The edition a one-player sheet applies, as text: the one chosen, else the default."""


@dataclass(frozen=True)
class PlayerEntered:
    """The player a one-player sheet is given, as its head shows them, and the rules edition
    the sheet applies (an edition id; ``None``: the edition in force): what the records of
    the three one-player sheets share."""

    name: str = ""
    fide_id: str = ""
    federation: str = ""
    rules: str | None = None


def player_head(
    player: PlayerEntered,
    columns: tuple[int, int, int],
    title: str,
    empty: str,
    *line: Expr,
    entries: Sequence[tuple[int, str, Value]] = (),
    federation_label: str = "Federation",
) -> list[LayoutCell]:
    """A one-player sheet's head (:data:`HEAD_ROWS`): the *title*, a line repeating the name
    and FIDE ID entered and *line* (each part blank or beginning ``"  ·  "``; *empty* while
    there is no name), and the *player*'s name, FIDE ID, federation and *entries* as
    :func:`labelled_inputs` in *columns* (label, input, last column)."""
    title_row, line_row, _, name_row, id_row, fed_row = HEAD_ROWS
    name, fide_id = Ref(name_row, columns[1]), Ref(id_row, columns[1])
    fide = blank_or(fide_id, concat("  ·  FIDE ID ", fide_id))
    summary = if_(op("=", name, ""), empty, concat(name, fide, *line))
    inputs = (
        (name_row, "Player", player.name),
        (id_row, "FIDE ID", player.fide_id),
        (fed_row, federation_label, player.federation),
        *entries,
    )
    return [
        text_cell(title_row, 0, title, "title"),
        formula_cell(line_row, 0, summary, "subtitle"),
        *labelled_inputs(inputs, *columns),
    ]


@dataclass(frozen=True)
class GameColumns:
    """Where a one-player sheet's game rows hold the game's number, its input cells (the
    opponent's name, title and federation, rating, result) and its status (the counted
    column); ``None``: the sheet has no such column."""

    number: int
    opponent: int
    rating: int
    result: int
    status: int
    title: int | None = None
    federation: int | None = None


def game_input_cells(
    row: int, number: int, game: Game | None, columns: GameColumns, *, unrated_counts: bool = False
) -> list[LayoutCell]:
    """A game row's number, its input cells holding *game* (blank without one) and its
    status (:func:`status_expr`)."""
    inputs: list[tuple[int | None, CellKind, Value, str]] = [
        (columns.opponent, "text", game.opponent if game else None, "input_text"),
        (columns.title, "text", game.title if game else None, "input_center"),
        (columns.federation, "text", game.federation if game else None, "input_center"),
        (columns.rating, "value", game.rating if game else None, "input_number"),
        (columns.result, "value", result_cell(game.result) if game else None, "input_center"),
    ]
    return [
        LayoutCell(row, columns.number, "value", number, style="constant"),
        *(
            LayoutCell(row, col, kind, content, style=style)
            for col, kind, content, style in inputs
            if col is not None
        ),
        formula_cell(
            row,
            columns.status,
            status_expr(
                Ref(row, columns.rating), Ref(row, columns.result), unrated_counts=unrated_counts
            ),
            "computed_text",
        ),
    ]


# --------------------------------------------------------------------- the counted column


def _any_of(ref: Expr, texts: Sequence[str]) -> list[Expr]:
    """``ref="a"``, ``ref="b"``: the terms of an ``OR`` (Excel compares text ignoring case)."""
    return [op("=", ref, t) for t in texts]


def status_expr(rating: Expr, result: Expr, *, unrated_counts: bool = False) -> Expr:
    """The status column of a game row (*rating* and *result*: its cells): ``""`` (no
    game), ``"forfeit"``, ``"bye"``, ``"under 1 move"`` (:data:`UNDER_ONE_MOVE`), ``"yes"``
    (a rated result: 1, ½, 0), ``"unrated"`` (a rated result against an unrated opponent,
    unless *unrated_counts*) or ``"invalid"`` (a result the sheet does not know)."""
    r, w = rating, result
    rated_result = call(
        "OR",
        *_any_of(w, _WIN_TEXT + _LOSS_TEXT + _DRAW_TEXT),
        call("AND", call("ISNUMBER", w), call("OR", *(op("=", w, x) for x in (1, 0.5, 0)))),
    )
    counted: Expr | str = (
        COUNTED
        if unrated_counts
        else if_(call("AND", call("ISNUMBER", r), op(">", r, 0)), COUNTED, "unrated")
    )
    tests = (
        (FORFEIT_SYMBOLS, "forfeit"),
        (BYE_SYMBOLS, "bye"),
        (UNDER_ONE_MOVE_CELLS, UNDER_ONE_MOVE),
    )
    inner: Expr = if_(rated_result, counted, "invalid")
    for texts, shown in reversed(tests):
        inner = if_(call("OR", *_any_of(w, texts)), shown, inner)
    return blank_or(w, inner)


def points_expr(result: Expr) -> Expr:
    """The points of a rated result in *result* (1, ½ or 0)."""
    w = result
    number = call("ISNUMBER", w)
    return if_(
        call("OR", *_any_of(w, _WIN_TEXT), call("AND", number, op("=", w, 1))),
        1,
        if_(call("OR", *_any_of(w, _DRAW_TEXT), call("AND", number, op("=", w, 0.5))), 0.5, 0),
    )


def is_error_expr(ref: Expr) -> Expr:
    """TRUE when *ref* holds an error, whether Excel shows it as an error value or (as a
    text such as ``"#N/A"``) where a function's error arrives as text."""
    return call("IFERROR", op("=", call("LEFT", ref, 1), "#"), True)


# --------------------------------------------------------------------------- small helpers


def result_cell(result: str | float | None) -> Value:
    """A result as the cell holds it: text stays text, numbers become ``float``."""
    if result is None or result == "":
        return None
    if isinstance(result, (int, float)) and not isinstance(result, bool):
        return float(result)
    return str(result)


def rating_validation(ws: Worksheet, first_row: int, col: int, last_row: int) -> None:
    """Ratings: whole numbers 0..:data:`~xlfuncs.core.validate.MAX_RATING` (0 or blank:
    unrated)."""
    ws.data_validation(
        span(first_row, col, last_row),
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 0,
            "maximum": MAX_RATING,
            "input_title": "Rating",
            "input_message": "FIDE rating; blank or 0 = unrated",
            "error_title": "Rating",
            "error_message": f"A rating is a whole number 0..{MAX_RATING}.",
        },
    )


def game_row_checks(
    wb: Workbook, ws: Worksheet, first_row: int, last_row: int, columns: GameColumns
) -> None:
    """The game rows' input checks: the opponent's rating, the result (a drop-down, and
    coloured), and the opponent's title where the sheet has the column."""
    rating_validation(ws, first_row, columns.rating, last_row)
    validate_results(ws, [(first_row, columns.result, last_row, columns.result)])
    if columns.title is not None:
        ws.data_validation(
            span(first_row, columns.title, last_row),
            {
                "validate": "list",
                "source": list(FIDE_TITLES),
                "error_type": "warning",
                "error_message": "A FIDE title: GM, IM, FM, CM, WGM, WIM, WFM or WCM.",
            },
        )
    results_formatting(wb, ws, [(first_row, columns.result, last_row, columns.result)])


def mute_uncounted(
    ws: Worksheet, extra: Mapping[str, Format], first_row: int, last_row: int, col: int
) -> None:
    """The status column in grey where the game is listed but does not count."""
    top = cell(first_row, col)
    ws.conditional_format(
        span(first_row, col, last_row),
        {
            "type": "formula",
            "criteria": f'=AND({top}<>"",{top}<>"{COUNTED}")',
            "format": extra["muted"],
        },
    )


def add_player_sheet(
    wb: Workbook, name: str, widths: Iterable[tuple[int, float]], helpers: tuple[int, int, float]
) -> Worksheet:
    """The sheet *name* of a one-player workbook: no gridlines, rows 12.75 high and the title
    row 20, each column of *widths* (column, width) that wide, the *helpers* columns (first,
    last, width: intermediate results) hidden and grouped (a user unhides them with Format >
    Unhide Columns, which :func:`.common.protect` allows; they are not printed)."""
    ws = wb.add_worksheet(name)
    ws.hide_gridlines(2)
    ws.set_default_row(12.75)
    for col, width in widths:
        ws.set_column(col, col, width)
    first_col, last_col, width = helpers
    ws.set_column(first_col, last_col, width, None, {"level": 1, "hidden": True})
    ws.set_column(last_col + 1, last_col + 1, None, None, {"collapsed": True})
    ws.set_row(0, 20)
    return ws


def note(
    ws: Worksheet,
    fmt: Formats,
    row: int,
    first_col: int,
    last_col: int,
    text: str,
    *,
    height: float,
) -> None:
    """A wrapped note over merged cells (the "how to use" text), its row *height* high."""
    ws.merge_range(row, first_col, row, last_col, text, fmt.note)
    ws.set_row(row, height)


def span(first_row: int, col: int, last_row: int, *, absolute: bool = False) -> str:
    """A1 reference of a one-column range."""
    return f"{cell(first_row, col, absolute=absolute)}:{cell(last_row, col, absolute=absolute)}"
