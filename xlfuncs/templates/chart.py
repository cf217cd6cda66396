"""What the round-robin crosstable and the Swiss wall chart share: the header block, the
player columns, the computed columns, and the cached values of a filled chart. The sheet's
layout, why each computed column is one array formula in a hidden column, and the rank
order: ``docs/templates.md``.
"""

from __future__ import annotations

import datetime as _dt
import functools
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, NamedTuple

from xlsxwriter.utility import xl_col_to_name, xl_rowcol_to_cell
from xlsxwriter.workbook import Workbook
from xlsxwriter.worksheet import Worksheet

from ..core.editions import DEFAULT_EDITION, OLDEST_EDITION
from ..core.performance import PTP_FULL_SCORE_DEFAULT, PTP_FULL_SCORE_READINGS
from ..core.scoring import ScoringSystem
from ..core.tiebreak_editions import TIEBREAK_EDITIONS, tiebreak_edition_for
from ..core.tiebreaks import default_tiebreaks
from ..core.titles import FIDE_TITLES
from ..core.validate import MAX_RATING
from ..excel import is_blank, shared_results
from ..parallel import Answer, in_child
from ..progress import Progress, no_progress, scaled
from .chart_calls import (
    Inputs,
    argument_texts,
    argument_values,
    call_formula,
    call_value,
    cell_value,
    shown_column,
)
from .chart_layout import (
    ARRAYS,
    BORN,
    COMPUTED,
    FED,
    FIDE_ID,
    FIRST_ROW,
    GAMES_BEFORE,
    GROUP_ROW,
    HEAD_ROW,
    HINT_ROW,
    K_OVERRIDE,
    MIDDLE,
    NAME,
    NO,
    RATING,
    REACHED,
    SEX,
    TITLE,
    TITLE_ROW,
    K,
    Layout,
    expand_tiebreaks,
)
from .common import (
    Formats,
    LitePackage,
    PartsRewrite,
    cell,
    close_workbook,
    is_number,
    new_workbook,
    print_setup,
    protect,
    results_formatting,
    settings_block,
    strike_below_floor,
    validate_areas,
    validate_results,
    write_array,
    write_array_block,
    write_formula,
    write_formulas,
    write_text,
    write_value,
    write_values,
)
from .event import ChartPlayer, Event, result_cell
from .team_sheet import add_team_sheet
from .working_sheet import add_working_sheet

__all__ = ["ChartTemplate", "Layout", "build_chart", "figures"]

# ------------------------------------------------------------------ choices and formulas

_MIDDLE_VALUE_COLS = 7
"""Columns of each value of the header's middle block (Chief arbiter ...): K and the first
six results columns, fewer where a small event's chart hides some of those."""

SWISS_CHOICES = (
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "BH",
    "FB",
    "FB/C1",
    "SB",
    "SB/C1",
    "PS",
    "PS/C1",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "GE",
    "REP",
    "KS",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "AOB",
    "STD",
    "TPN",
    "RTNG",
    "AOB/F",
)
"""The tie-break headers' drop-down in the Swiss chart (another descriptor may be typed: the
list warns, the function judges)."""
ROUND_ROBIN_CHOICES = (
    "DE",
    "WIN",
    "WON",
    "SB",
    "KS",
    "BH",
    "GE",
    "REP",
    "ARO",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "AOB",
    "KS/L-1",
    "STD",
    "TPN",
    "RTNG",
)
"""The drop-down in the round robin: a grid has neither the order of the rounds nor the
colours, so ``PS``, ``FB``, ``BPG`` and ``BWG`` are not offered."""


def formulas(layout: Layout) -> dict[str, str]:
    """The array formula of each column computed by one of our functions (:data:`ARRAYS`)."""
    texts = argument_texts(layout)
    return {name: call_formula(name, texts) for name in ARRAYS}


_ROW = "\0"
"""Where :func:`_row_texts` leaves a row's number out (no formula holds it)."""


@functools.lru_cache(maxsize=8)
def _row_texts(layout: Layout) -> dict[str, str]:
    """The ordinary formulas of a player row, each reference's row number left out
    (:data:`_ROW`; the rows' formulas differ in nothing else): K used, and each visible
    column that shows its row of a hidden array. ``IFERROR(..., "")`` catches only Excel's
    own errors (our functions return theirs as text, which shows): an array that cannot be
    computed (no add-in, LibreOffice) leaves the cell empty instead of ``#NAME?``."""
    names = expand_tiebreaks(ARRAYS, layout.tiebreaks)
    hidden = {name: xl_col_to_name(layout.hidden(name)) + _ROW for name in names}
    k_ovr = xl_col_to_name(K_OVERRIDE) + _ROW
    out = {"k": f'=IF(ISBLANK({k_ovr}),IFERROR({hidden["k_data"]},""),{k_ovr})'}
    for name in names[1:]:
        out[name] = f'=IFERROR({hidden[name]},"")'
    return out


LOADED = "Rating figures by FIDE's rules, computed by xlfuncs."
NOT_LOADED = (
    "The xlfuncs functions are NOT LOADED: see the 'How to use' sheet "
    "(xlwings add-in, UDF module xlfuncs.udfs)."
)


# -------------------------------------------------------------------- cell values


def chart_scoring(event: Event) -> ScoringSystem:
    """The scoring system the chart's ``Scoring`` cell holds: the event's, less record
    ``299``'s results that score otherwise (:attr:`~xlfuncs.core.scoring.ScoringSystem.overrides`),
    which no cell text names (the chart says so beside the cell)."""
    return replace(event.scoring, overrides=())


def tiebreaks_of(layout: Layout, event: Event) -> tuple[str, ...]:
    """The descriptors of the chart's tie-break columns: the event's, else core's defaults
    for the kind of chart (:func:`~xlfuncs.core.tiebreaks.default_tiebreaks`)."""
    if event.tiebreaks:
        return tuple(event.tiebreaks)
    return default_tiebreaks(round_robin=not layout.swiss)


def tiebreak_rules_of(event: Event) -> str:
    """The C.07 edition of the chart: the event's, else the one in force on its start
    date (an event older than the 2023 text: that text, as FIDE's engine does), else
    today's."""
    if event.tiebreak_rules:
        return event.tiebreak_rules
    start = event.start if isinstance(event.start, _dt.date) else None
    return tiebreak_edition_for(None, start)[0].id


def _num(value: int | None) -> float | None:
    return None if value is None else float(value)


def _row_players(layout: Layout, event: Event) -> list[ChartPlayer | None]:
    """The player of each player row of *layout* (``None``: an empty row)."""
    return [*event.players, *[None] * (layout.capacity - len(event.players))]


def inputs(layout: Layout, event: Event) -> Inputs:
    """The input cell values of *event* in *layout*."""
    n = layout.capacity
    players = _row_players(layout, event)

    def per(get: Callable[[ChartPlayer], Any]) -> list[Any]:
        return [None if p is None else get(p) for p in players]

    opponents: list[list[Any]] | None = None
    colours: list[list[Any]] | None = None
    if layout.swiss:  # each player's rounds, padded to the chart's
        cells = [() if p is None else p.rounds for p in players]
        rounds = [[*rs, *[None] * (layout.rounds - len(rs))] for rs in cells]
        results = [[None if rd is None else result_cell(rd.result) for rd in r] for r in rounds]
        opponents = [[None if rd is None else _num(rd.opponent) for rd in r] for r in rounds]
        colours = [  # "w", "b" or blank
            [None if rd is None or rd.colour is None else rd.colour.lower() for rd in r]
            for r in rounds
        ]
    else:
        results = [_grid_row(layout, p, len(event.players)) for p in players]
    if layout.double:
        opponents = [
            [None if j == i else float(j) for j in range(1, n + 1) for _ in range(layout.cycles)]
            for i in range(1, n + 1)
        ]
    return Inputs(
        numbers=[float(i) for i in range(1, n + 1)],
        ratings=per(lambda p: _num(p.rating)),
        games_before=per(lambda p: _num(p.rated_games_before)),
        born=per(lambda p: _num(p.birth_year)),
        reached=per(
            lambda p: None if p.reached_2400 is None else ("yes" if p.reached_2400 else "no")
        ),
        k_override=per(lambda p: _num(p.k_override)),
        sexes=per(lambda p: None if p.sex is None else p.sex.lower()),
        titles=per(lambda p: p.title),
        federations=per(lambda p: p.federation),
        results=results,
        opponents=opponents,
        period=event.rating_period,
        rules=event.rules or DEFAULT_EDITION.id,
        colours=colours,
        tiebreaks=tiebreaks_of(layout, event),
        tiebreak_rules=tiebreak_rules_of(event),
        unrated=event.unrated_rating,
        ptp_full_score=event.ptp_full_score,
        scoring=chart_scoring(event).text,
        minutes=event.minutes,
    )


def _grid_row(layout: Layout, p: ChartPlayer | None, count: int) -> list[Any]:
    """A round-robin player's row of the grid, in the sheet's column order
    (:meth:`Layout.grid_col`); *count* players make the event."""
    got = list(p.results) if p is not None else []
    row: list[Any] = [None] * layout.middle_width
    for index, symbol in enumerate(got):
        cycle, j = divmod(index, count)
        row[layout.grid_col(j + 1, cycle + 1) - MIDDLE] = result_cell(symbol)
    return row


def figures(
    layout: Layout,
    data: Inputs,
    progress: Progress = no_progress,
    meanwhile: Callable[[Mapping[str, list[Any]]], object] = lambda known: None,
) -> dict[str, list[Any]]:
    """The value of every formula cell of the player rows, by column name (``COMPUTED``,
    ``"k"``, ``"k_data"``), computed as the workbook's formulas compute them (some columns
    by a forked child at the same time, :data:`_IN_CHILD`); *progress* hears each column.
    *meanwhile* is called with the columns known once this process has computed its own,
    before the child's are asked for."""
    args = argument_values(layout, data)
    k_data = _column_of(call_value("k_data", args), 0, layout.capacity)
    k = [
        k_data[i] if data.k_override[i] is None else data.k_override[i]
        for i in range(layout.capacity)
    ]
    args["k"] = shown_column(k)
    out: dict[str, list[Any]] = {"k_data": k_data, "k": k}
    steps = [
        (name, functools.partial(call_value, name, args))
        for name in ARRAYS
        if name not in ("k_data", "rank")  # these two: before and after the others
    ]
    with shared_results():  # the results block is read once for all the calls
        # the columns of _IN_CHILD computed at once by a forked child (..parallel), the others
        # here; those of _BEFORE_CHILD first, here: the child starts with the results read
        moved = _IN_CHILD if layout.capacity >= FORK_FROM else frozenset()
        found_all: dict[str, list[list[Any]]] = {}

        def theirs() -> dict[str, list[list[Any]]]:
            return {name: compute() for name, compute in steps if name in moved}

        mine = [(name, compute) for name, compute in steps if name not in moved]
        mine.sort(key=lambda step: step[0] not in _BEFORE_CHILD)  # a stable sort
        second: Callable[[], dict[str, list[list[Any]]]] = theirs
        try:
            for done, (name, compute) in enumerate(mine):
                if moved and second is theirs and name not in _BEFORE_CHILD:
                    second = in_child(theirs)
                progress(f"computing {_COMPUTED_COLUMNS[name].header}", done / len(mine))
                found_all[name] = compute()
            meanwhile({**out, **_columns(layout, found_all)})
        except BaseException:
            if isinstance(second, Answer):
                second.discard()  # its answer will not be asked for: the child stopped
            raise
        found_all.update(second())
    out.update(_columns(layout, {name: found_all[name] for name, _ in steps}))
    # RANK_ALL reads the visible points and tie-breaks, where a formula's "" is an empty
    # cell (None), as Excel passes it
    names = [f"tb{i + 1}" for i in range(layout.tiebreaks)]
    args["tiebreak_values"] = [
        [cell_value(out[name][i]) for name in names] for i in range(layout.capacity)
    ]
    args["points"] = shown_column(out["points"])
    out["rank"] = _column_of(call_value("rank", args), 0, layout.capacity)
    out["new"] = [
        r + c if isinstance(r, float) and is_number(c) else c
        for r, c in zip(data.ratings, out["change"])
    ]
    args["changes"] = shown_column(out["change"])
    out["floor"] = _column_of(call_value("floor", args), 0, layout.capacity)
    return out


def _columns(layout: Layout, found: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The columns of the array functions' results *found* (by step name), by column name:
    the tie-breaks' block a column per tie-break (``tb1`` ...)."""
    out: dict[str, list[Any]] = {}
    for name, result in found.items():
        if name == "tiebreaks":  # one block, a column per tie-break
            for i in range(layout.tiebreaks):
                out[f"tb{i + 1}"] = _column_of(result, i, layout.capacity)
        else:
            out[name] = _column_of(result, 0, layout.capacity)
    return out


_IN_CHILD = frozenset(("tiebreaks", "change", "norm"))
"""The columns :func:`figures` has a forked child compute while it computes the others (about
half the work each), for a chart of :data:`FORK_FROM` rows or more, where a child can be
forked."""

_BEFORE_CHILD = frozenset(("games",))
"""The columns :func:`figures` computes before it forks its child: the first builds the
crosstable from the chart's columns, which the child then finds built."""

FORK_FROM = 1000
"""The rows from which a chart's figures are computed by two processes (:data:`_IN_CHILD`)."""


def _column_of(found: Any, index: int, rows: int) -> list[Any]:
    """Column *index* of an array function's result (a list of rows), or its one value
    repeated (an error value of the whole result fills every cell of the array, as the norm
    functions' ``#VALUE!`` does under rules naming rapid or blitz)."""
    if isinstance(found, list):
        return [row[index] for row in found]
    return [found] * rows


# ------------------------------------------------------------------------ writing


class _ColumnLook(NamedTuple):
    """How a column of the player rows looks: its header, its width and its cells' format
    (a field of :class:`~xlfuncs.templates.common.Formats`)."""

    header: str
    width: float
    style: str


_PLAYER_COLUMNS: Final = (
    _ColumnLook("No.", 4.5, "fixed"),
    _ColumnLook("Title", 5, "input_center"),
    _ColumnLook("Name", 24, "input_text"),
    _ColumnLook("Fed", 5, "input_center"),
    _ColumnLook("FIDE ID", 10, "input_number"),
    _ColumnLook("Born", 5.5, "input_number"),
    _ColumnLook("Sex", 4, "input_center"),
    _ColumnLook("Rating", 6.5, "input_number"),
    _ColumnLook("Rated games before", 7, "input_number"),
    _ColumnLook("Reached 2400", 6.5, "input_center"),
    _ColumnLook("K override", 6.5, "input_number"),
    _ColumnLook("K", 4.5, "computed"),
)
"""The player columns, from ``NO`` to ``K`` (all input cells but K)."""

_COMPUTED_COLUMNS: Final = {
    "points": _ColumnLook("Pts", 5, "computed_bold"),
    "rank": _ColumnLook("Rank", 5, "computed"),
    "tiebreaks": _ColumnLook("Tie-breaks", 6.5, "computed_text"),  # as the number is: 19.75, 3
    "games": _ColumnLook("Rated games", 6, "computed"),
    "ra": _ColumnLook("Ra", 6, "computed"),
    "rp_fide": _ColumnLook("Rp FIDE", 6.5, "computed"),
    "rp_exact": _ColumnLook("Rp exact", 6.5, "computed"),
    "change": _ColumnLook("Rating change", 6.5, "computed_signed"),
    "new": _ColumnLook("New rating", 6.5, "computed"),
    "first": _ColumnLook("First rating", 6.5, "computed"),
    "norm": _ColumnLook("Norm", 6, "yes_no"),
}
"""The computed columns (:data:`COMPUTED`)."""


def _fit_words(ws: Worksheet, layout: Layout, values: Mapping[str, Sequence[Any]]) -> None:
    """Widen each rating figure's column of a filled chart to the longest words it shows
    where a player has no figure (``rapid: no norms``, ``no rated game``:
    :data:`~.chart_calls.REASONS`), so that they are read whole on screen and on paper."""
    for name in _WORDS_SHOWN:
        longest = max(
            (len(v) for v in values[name] if isinstance(v, str) and v[:1] != "#"), default=0
        )
        width = round(longest * _WIDTH_PER_LETTER + 1, 1)
        if width > _COMPUTED_COLUMNS[name].width:
            ws.set_column(layout.col(name), layout.col(name), width)


_WORDS_SHOWN = ("ra", "rp_fide", "rp_exact", "change", "new", "first", "norm")
"""The computed columns whose rows without a figure say why (:data:`~.chart_calls.REASONS`), side by
side in :data:`COMPUTED`'s order."""

_WIDTH_PER_LETTER = 0.85
"""A lower-case letter of the computed cells' type (Calibri 10), in column width units."""


HOW_TO_HEADER = (
    "1. Header: the event, place, dates and chief arbiter (for the printout); the rules "
    "edition (drop-down; the edition in force is chosen) and the rating period (its "
    "first day decides the junior K; blank: today)."
)
"""The how-to's first item, the same in both charts."""

HOW_TO_K = (
    "3. K: from the player's data (rated games before this event, year of birth, "
    "reached 2400: yes/no, and the rating period), as FIDE's rules give it. To use "
    "another K (a whole number from 1 to 40), type it in 'K override'; clear it to go "
    "back to the computed K."
)
"""The how-to's third item, the same in both charts."""


def how_to_functions(number: int) -> tuple[str, str]:
    """The how-to's last two items, numbered from *number*: where the functions come from,
    and the sheet of FIDE's tables."""
    return (
        f"{number}. The functions come from xlfuncs through classic xlwings (the xlwings.conf "
        "sheet names the module xlfuncs.udfs). Each computed column is one array formula: "
        'one call fills the column. =EXPLAIN_ERROR("RP_FIDE_ALL", ...) with a column\'s '
        "arguments tells why a cell shows an error.",
        f"{number + 1}. The 'FIDE tables' sheet shows the conversion tables 8.1(a) and 8.1(b) "
        "for reference.",
    )


@dataclass(frozen=True)
class Texts:
    """What differs in words between the two charts."""

    title: str
    sheet: str
    hint: str
    how_to: tuple[str, ...]


@dataclass(frozen=True)
class ChartTemplate:
    """One kind of chart: its words, and the layout an event needs (``None``: the blank
    chart's)."""

    texts: Texts
    layout_of: Callable[[Event | None], Layout]

    def build(
        self,
        path: Path,
        event: Event | None = None,
        *,
        progress: Progress = no_progress,
        lite: LitePackage | None = None,
        rewrite: PartsRewrite | None = None,
    ) -> None:
        """Write the chart to *path*, blank or filled with *event* (:func:`build_chart`)."""
        build_chart(Path(path), self.layout_of(event), self.texts, event, progress, lite, rewrite)


def build_chart(
    path: Path,
    layout: Layout,
    texts: Texts,
    event: Event | None,
    progress: Progress = no_progress,
    lite: LitePackage | None = None,
    rewrite: PartsRewrite | None = None,
) -> None:
    """Write the chart: blank when *event* is ``None``, else filled with it, every formula
    cell with its value; *lite* and *rewrite*: :func:`~xlfuncs.templates.common.new_workbook`'s."""
    layout = replace(layout, tiebreaks=len(tiebreaks_of(layout, event or Event())))
    if event is not None:
        event.validate(round_robin=not layout.swiss, capacity=layout.capacity)
        if layout.swiss and event.rounds > layout.rounds:
            raise ValueError(f"{event.rounds} rounds: the chart holds {layout.rounds}")
        if not layout.swiss and event.cycles != layout.cycles:
            raise ValueError(f"cycles: the event has {event.cycles}, the chart {layout.cycles}")
    if layout.floor_helper >= _EXCEL_COLUMNS:
        raise ValueError(
            f"{layout.rounds} rounds: the chart would need {layout.floor_helper + 1} columns, "
            f"a worksheet has {_EXCEL_COLUMNS}"
        )
    wb, fmt = new_workbook(path, title=texts.title, lite=lite, rewrite=rewrite)
    ws = wb.add_worksheet(texts.sheet)
    data = inputs(layout, event or Event())
    shown = layout.results_shown(event)
    _header_block(wb, ws, fmt, layout, texts, event or Event(), data.tiebreak_rules, shown)
    _column_headers(ws, fmt, layout, data.tiebreaks, shown)
    rows = _PlayerRows(wb, ws, fmt, layout, event, data)
    # the input cells stored while a forked child computes its figures, then the formulas
    inputs_stored = scaled(progress, _FIGURES, _INPUTS)
    values = None
    if event is not None:

        def meanwhile(known: Mapping[str, list[Any]]) -> None:
            rows.inputs(inputs_stored)
            rows.formulas(known)  # the row formulas whose values are known already

        values = figures(layout, data, scaled(progress, 0.0, _FIGURES), meanwhile)
    else:
        rows.inputs(inputs_stored)
    rows.computed(values, scaled(progress, _INPUTS, _ROWS))
    if values is not None:
        _fit_words(ws, layout, values)
    _formatting(wb, ws, layout, data.tiebreaks)
    ws.freeze_panes(FIRST_ROW, NAME + 1)
    ws.set_column(layout.hidden(ARRAYS[0]), layout.floor_helper, 6, None, {"hidden": True})
    players = len(event.players) if event is not None else layout.capacity
    ws.print_area(0, 0, FIRST_ROW + max(players, 1) - 1, layout.last_visible)
    if shown < layout.middle_width:  # a finished event: hide the grid columns or rounds not used
        ws.set_column(
            MIDDLE + shown, MIDDLE + layout.middle_width - 1, None, None, {"hidden": True}
        )
    _print_setup(ws, layout, shown, rows.marked)
    protect(ws)
    ws.activate()
    if event is not None:
        add_team_sheet(wb, fmt, event)  # a team event's standing: a sheet of its own
        # one player's working: a sheet of its own
        add_working_sheet(wb, fmt, texts.sheet, layout, data, values or {}, event)
    _how_to_sheet(wb, fmt, texts)
    progress("saving the workbook", _ROWS)
    close_workbook(wb, fmt)
    progress("saved", 1.0)


_EXCEL_COLUMNS = 16384
"""Columns of a worksheet (A to XFD): a chart of some 3,000 rounds would not fit."""

_FIGURES = 0.35
"""The share of a big chart's time spent computing the figures (measured at 5,000 players)."""
_INPUTS = 0.5
"""The share spent once the rows' input cells are stored."""
_ROWS = 0.7
"""The share spent once the rows are stored; saving the file takes the rest."""


def print_widths(layout: Layout, shown: int, marked: bool) -> list[float]:
    """The width of each column of the chart's print area (0: hidden), as
    :func:`_column_headers` sets them: *shown* results columns
    (:meth:`Layout.results_shown`), the points column widened where *marked* (the file's
    points written beside ours)."""
    widths = [look.width for look in _PLAYER_COLUMNS]
    if layout.swiss:
        widths += [look.width for look in _ROUND_COLUMNS] * layout.rounds
    else:
        widths += [_GRID_WIDTH] * layout.middle_width
    widths[MIDDLE + shown : MIDDLE + layout.middle_width] = [0.0] * (layout.middle_width - shown)
    for name in layout.computed:
        kind = "tiebreaks" if name.startswith("tb") else name
        widths.append(_COMPUTED_COLUMNS[kind].width)
    if marked:
        widths[layout.col("points")] = _MARKED_POINTS_WIDTH
    return widths


def band_starts(layout: Layout) -> list[int]:
    """Where a page of the chart may begin: at the results, at each round (Swiss) or each
    opponent's column (round robin), at the standing and at the rating figures; never
    inside a round, nor between a player's data columns."""
    if layout.swiss:
        results = [layout.round_cols(rnd)[0] for rnd in range(1, layout.rounds + 1)]
    else:
        results = [layout.grid_col(j) for j in range(1, layout.capacity + 1)]
    return [MIDDLE, *results, layout.col("points"), layout.col("games")]


def _print_setup(ws: Worksheet, layout: Layout, shown: int, marked: bool) -> None:
    """A4 landscape, the column groups and headers on every page; a chart too wide for one
    page at :data:`~xlfuncs.templates.printing.PRINT_SCALE` prints at that scale in bands
    (:func:`band_starts`), No., Title and Name on every page (``docs/templates.md``)."""
    print_setup(
        ws,
        landscape=True,
        repeat_rows=(GROUP_ROW, HEAD_ROW),
        widths=print_widths(layout, shown, marked),
        starts=band_starts(layout),
        repeat_columns=NAME + 1,
    )


def _merged(ws: Worksheet, row: int, first: int, last: int, value: Any, fmt: Any) -> None:
    """A merged cell; user text stays text, dates become dates (:func:`write_value`)."""
    if last > first:
        ws.merge_range(row, first, row, last, "", fmt)
    write_value(ws, row, first, value, fmt)


def _setting(
    wb: Workbook,
    ws: Worksheet,
    fmt: Formats,
    row: int,
    cols: tuple[int, int],
    label: str,
    value: Any,
    name: str,
    validation: dict[str, Any],
    *,
    width: int = 2,
    value_format: Any = None,
) -> None:
    """One setting of the header in *row*: the label from column ``cols[0]`` up to the
    value's column ``cols[1]``, the value (an input cell *width* columns wide, centred or in
    *value_format*) with its *validation*, and the value's cell named *name* for the
    formulas."""
    first, at = cols
    _merged(ws, row, first, at - 1, label, fmt.label)
    _merged(ws, row, at, at + width - 1, value, value_format or fmt.input_center)
    ws.data_validation(row, at, row, at, validation)
    wb.define_name(name, f"='{ws.get_name()}'!{cell(row, at, absolute=True)}")


def _header_block(
    wb: Workbook,
    ws: Worksheet,
    fmt: Formats,
    layout: Layout,
    texts: Texts,
    event: Event,
    tiebreak_rules: str,
    shown: int,
) -> None:
    """The title row and the header's fields (rows 1-4), in columns no chart hides (*shown*:
    :meth:`Layout.results_shown`): the event's on the left, the rating fields over K and
    the results, the standing's settings over the standing, the minutes over the figures."""
    ws.set_row(TITLE_ROW, 24)
    ws.write_string(TITLE_ROW, NO, texts.title, fmt.title)
    probe = cell(FIRST_ROW, layout.hidden(ARRAYS[0]))  # the title row's note: loaded or not
    status = f'=IF(ISERROR({probe}),"{NOT_LOADED}","{LOADED}")'
    write_formula(ws, TITLE_ROW, MIDDLE, status, fmt.subtitle, LOADED)
    left = (
        ("Event", event.name, fmt.input_text),
        ("Place", event.place, fmt.input_text),
        ("Start date", event.start, fmt.input_date),
        ("End date", event.end, fmt.input_date),
    )
    for i, (label, value, style) in enumerate(left, start=1):
        _merged(ws, i, NO, TITLE, label, fmt.label)
        if isinstance(value, str):
            style = fmt.input_text  # a date as the organiser wrote it
        _merged(ws, i, NAME, SEX, value, style)
    _rating_fields(wb, ws, fmt, layout, event, shown)
    tb_value = layout.settings_cols[1]
    for row, label, value, name, validation in _standing_settings(event, tiebreak_rules):
        _setting(wb, ws, fmt, row, layout.settings_cols, label, value, name, validation)
    if event.scoring.overrides:
        ws.write_comment(
            1,
            tb_value,
            "The file's record 299 makes some results score otherwise ("
            + ", ".join(f"{o.symbol} {v}" for o, v in event.scoring.overrides)
            + "): this chart's formulas do not; its points and tie-breaks follow "
            + chart_scoring(event).text
            + ". The report (xlfuncs report) counts them.",
            {"author": "xlfuncs", "x_scale": 2},
        )
    # each player's time for 60 moves (the rating columns' minutes, Rating Regulations 1.1),
    # over the rating figures
    _setting(
        wb,
        ws,
        fmt,
        1,
        layout.minutes_cols,
        "Minutes (60 moves)",
        event.minutes,
        "Minutes",
        _MINUTES_RULE,
    )
    start = event.start if isinstance(event.start, _dt.date) else None
    first, note = tiebreak_edition_for(None, start)
    if note and tiebreak_rules == first.id:  # older than C.07's first text: computed with it
        ws.write_comment(2, tb_value, note[0].upper() + note[1:] + ".", {"x_scale": 2})
    ws.write_string(HINT_ROW, NO, texts.hint, fmt.hint)


def _rating_fields(
    wb: Workbook, ws: Worksheet, fmt: Formats, layout: Layout, event: Event, shown: int
) -> None:
    """The fields over K and the results columns shown (*shown*): the chief arbiter, the
    rules edition, the rating period and the number of players."""
    label_cols = K_OVERRIDE - RATING + 1
    value_cols = min(_MIDDLE_VALUE_COLS, MIDDLE + shown - K)
    _merged(ws, 1, RATING, K_OVERRIDE, "Chief arbiter", fmt.label)
    _merged(ws, 1, K, K + value_cols - 1, event.chief_arbiter, fmt.input_fit)
    settings_block(
        wb, ws, fmt, 2, RATING, rules=event.rules, label_cols=label_cols, value_cols=value_cols
    )
    _setting(
        wb,
        ws,
        fmt,
        3,
        (RATING, K),
        "Rating period",
        event.rating_period,
        "RatingPeriod",
        {
            "validate": "date",
            "criteria": "between",
            "minimum": OLDEST_EDITION.in_force_from,
            "maximum": _dt.date(2100, 12, 31),
            "input_title": "Rating period",
            "input_message": "The first day of the rating list the event is rated in: it "
            "decides the junior K (blank: today).",
            "error_title": "Rating period",
            "error_message": f"Enter a date ({OLDEST_EDITION.in_force_from.year} or later).",
        },
        width=value_cols,
        value_format=fmt.input_date,
    )
    _merged(ws, 4, RATING, K_OVERRIDE, "Players", fmt.label)
    named = sum(1 for p in event.players if p.name)
    write_formula(ws, 4, K, f"=COUNTA({layout.column(NAME)})", fmt.computed, named)


def _standing_settings(
    event: Event, tiebreak_rules: str
) -> tuple[tuple[int, str, Any, str, dict[str, Any]], ...]:
    """The settings the standing reads, over it (row, label, value, name, validation), in
    the order they are written: ``TIEBREAK_ALL``'s rules, unrated and ptp_full_score, and
    ``POINTS_ALL``'s scoring (TRF-2026 162)."""
    return (
        (
            2,
            "Tie-break rules",
            tiebreak_rules,
            "TiebreakRules",
            {
                "validate": "list",
                "source": list(TIEBREAK_EDITIONS),
                "input_title": "Tie-break rules (C.07)",
                "input_message": "The edition of FIDE's Tie-Break Regulations: 2026 from "
                "1 Mar 2026, 2023 before (events older than its 2024 start: computed with it).",
                "error_title": "Tie-break rules",
                "error_message": "Choose an edition from the list.",
            },
        ),
        (
            3,
            "Unrated rating",
            event.unrated_rating,
            "UnratedRating",
            {
                "validate": "integer",
                "criteria": "between",
                "minimum": 1,
                "maximum": MAX_RATING,
                "ignore_blank": True,
                "input_title": "Rating of unrated players",
                "input_message": "The rating unrated players count at in the rating "
                "tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG), as the event's rules give it. "
                "Blank: none, and those are blank once a player is unrated (C.07 10).",
                "error_title": "Rating of unrated players",
                "error_message": f"Enter a rating, 1 to {MAX_RATING}, or leave it blank.",
            },
        ),
        (
            4,
            "PTP of 100 %",
            event.ptp_full_score,
            "PtpFullScore",
            {
                "validate": "list",
                "source": list(PTP_FULL_SCORE_READINGS),
                "input_title": "PTP of a 100 % score",
                "input_message": f"C.07 10.3: {PTP_FULL_SCORE_DEFAULT}, the highest-rated "
                "opponent + 800; "
                "definition, the lowest rating whose expected score reaches it (+ 736, as "
                "FIDE's engine). APPO follows.",
                "error_title": "PTP of a 100 % score",
                "error_message": f"Choose {' or '.join(PTP_FULL_SCORE_READINGS)}.",
            },
        ),
        (
            1,
            "Scoring",
            chart_scoring(event).text,
            "Scoring",
            {
                "validate": "any",
                "input_title": "Scoring system",
                "input_message": "Points of a win-draw-loss: 1-½-0 (FIDE's), 3-1-0 ... "
                "(TRF-2026 record 162); the points and the point-based tie-breaks follow it, "
                "the rating figures read the results.",
            },
        ),
    )


_MINUTES_RULE: Final[dict[str, Any]] = {
    "validate": "decimal",
    "criteria": ">",
    "value": 0,
    "ignore_blank": True,
    "input_title": "Time for 60 moves",
    "input_message": "Each player's time for 60 moves with increments (90 min + "
    "30 s a move: 120). Games below the minimum of Rating Regulations 1.1 (120 / "
    "90 / 60 by the higher rating) count in no N, Ra, Rp, +/- or Ru. Blank: all do.",
    "error_title": "Time for 60 moves",
    "error_message": "Enter the minutes, above 0, or leave it blank.",
}
"""The validation of the minutes for 60 moves (the rating figures' ``Minutes``)."""


_GRID_WIDTH = 3.6
"""Width of a results grid column."""
_ROUND_COLUMNS: Final = (
    _ColumnLook("Opp", 4.3, "input_number"),
    _ColumnLook("Col", 3.3, "input_center"),
    _ColumnLook("Res", 3.6, "input_center"),
)
"""A Swiss round's opponent, colour and result columns."""


def _grid_group(layout: Layout, shown: int) -> str:
    """The grid's group header, the longest that its *shown* columns hold (a bold
    character takes some 0.9 of a column's width unit)."""
    full = "Result against player No."
    for text in (full + (" (1st and 2nd game)" if layout.double else ""), full):
        if 0.9 * len(text) <= shown * _GRID_WIDTH:
            return text
    return "Results"


def _column_headers(
    ws: Worksheet, fmt: Formats, layout: Layout, tiebreaks: Sequence[str], shown: int
) -> None:
    """The column groups and headers; the grid's group over the *shown* results columns
    only (:meth:`Layout.results_shown`), so that a small event's does not run into hidden
    columns."""
    ws.set_row(GROUP_ROW, 16)
    ws.set_row(HEAD_ROW, 40)
    # "Player" over the columns every printed page repeats, whole on each
    ws.merge_range(GROUP_ROW, NO, GROUP_ROW, NAME, "Player", fmt.group)
    ws.merge_range(GROUP_ROW, FED, GROUP_ROW, RATING, "Player data", fmt.group)
    ws.merge_range(GROUP_ROW, GAMES_BEFORE, GROUP_ROW, K, "K factor", fmt.group)
    for col, look in enumerate(_PLAYER_COLUMNS):
        ws.write_string(HEAD_ROW, col, look.header, fmt.header)
        ws.set_column(col, col, look.width)
    if layout.swiss:
        for rnd in range(1, layout.rounds + 1):
            o, c, r = layout.round_cols(rnd)
            ws.merge_range(GROUP_ROW, o, GROUP_ROW, r, f"Round {rnd}", fmt.group)
            for col, look in zip((o, c, r), _ROUND_COLUMNS):
                ws.write_string(HEAD_ROW, col, look.header, fmt.header)
                ws.set_column(col, col, look.width)
    else:
        _merged(ws, GROUP_ROW, MIDDLE, MIDDLE + shown - 1, _grid_group(layout, shown), fmt.group)
        for j in range(1, layout.capacity + 1):
            first, last = layout.grid_col(j, 1), layout.grid_col(j, layout.cycles)
            if last > first:
                ws.merge_range(HEAD_ROW, first, HEAD_ROW, last, j, fmt.header)
            else:
                ws.write_number(HEAD_ROW, first, j, fmt.header)
        ws.set_column(MIDDLE, MIDDLE + layout.middle_width - 1, _GRID_WIDTH)
    last_tb = layout.col(f"tb{layout.tiebreaks}")
    ws.merge_range(GROUP_ROW, layout.col("points"), GROUP_ROW, last_tb, "Standing", fmt.group)
    ws.merge_range(
        GROUP_ROW,
        layout.col("games"),
        GROUP_ROW,
        layout.last_visible,
        "Rating figures (FIDE)",
        fmt.group,
    )
    for name in COMPUTED:
        if name == "tiebreaks":
            continue
        ws.write_string(HEAD_ROW, layout.col(name), _COMPUTED_COLUMNS[name].header, fmt.header)
        ws.set_column(layout.col(name), layout.col(name), _COMPUTED_COLUMNS[name].width)
    # the tie-break headers: each a drop-down of descriptors, read by TIEBREAK_ALL
    for i, descriptor in enumerate(tiebreaks, start=1):
        write_text(ws, HEAD_ROW, layout.col(f"tb{i}"), descriptor, fmt.header_input)
    ws.set_column(layout.col("tb1"), last_tb, _COMPUTED_COLUMNS["tiebreaks"].width)
    for name in expand_tiebreaks(ARRAYS, layout.tiebreaks):
        if name == "k_data":
            label = "K from data"
        elif name.startswith("tb"):
            label = f"Tie-break {name[2:]} (array)"
        else:
            label = f"{_COMPUTED_COLUMNS[name].header} (array)"
        ws.write_string(HEAD_ROW, layout.hidden(name), label, fmt.header)
    if layout.swiss:
        for rnd in range(1, layout.rounds + 1):
            ws.write_string(HEAD_ROW, layout.opp_helper(rnd), f"Opp {rnd}", fmt.header)
            ws.write_string(HEAD_ROW, layout.res_helper(rnd), f"Res {rnd}", fmt.header)
            ws.write_string(HEAD_ROW, layout.colour_helper(rnd), f"Col {rnd}", fmt.header)
    elif layout.double:
        for k in range(layout.middle_width):
            label = f"Opp {k // layout.cycles + 1}.{k % layout.cycles + 1}"
            ws.write_string(HEAD_ROW, layout.opp_helper(k + 1), label, fmt.header)


class _PlayerRows:
    """The player rows' cells, stored in two steps: :meth:`inputs` (no figure needed), then
    :meth:`computed` (the formulas and their stored values; :meth:`formulas` stores some
    columns' before, as their values are known). The cells are the same in whichever order:
    no formula's value is a shared string."""

    def __init__(
        self,
        wb: Workbook,
        ws: Worksheet,
        fmt: Formats,
        layout: Layout,
        event: Event | None,
        data: Inputs,
    ) -> None:
        self.wb, self.ws, self.fmt, self.layout, self.data = wb, ws, fmt, layout, data
        self.filled = event is not None
        """Filled with an event: the gathering columns store the rounds' values."""
        self.players = _row_players(layout, event or Event())
        self._stored: set[str] = set()
        """The row formulas' columns stored (:meth:`formulas`)."""
        self._marks = _FilePointsMarks(wb)

    @property
    def marked(self) -> bool:
        """Whether a points cell shows the file's figure beside ours (the column widened)."""
        return self._marks.count > 0

    def inputs(self, progress: Progress = no_progress) -> None:
        """The input cells from No. to K override and the rounds' (left to right: text as
        text, a name starting "=" stays a name), a note where the file's rating is not
        counted, and the hidden columns gathering the rounds (:func:`_gathered`)."""
        ws, fmt, layout, data = self.ws, self.fmt, self.layout, self.data
        n = layout.capacity
        every = max(n // 100, 1)
        player_formats = [getattr(fmt, look.style) for look in _PLAYER_COLUMNS[:K]]
        round_formats = [getattr(fmt, look.style) for look in _ROUND_COLUMNS] * layout.rounds
        for i, p in enumerate(self.players):
            if i % every == 0:
                progress("writing the rows", i / n)
            row = FIRST_ROW + i
            cells: list[Any] = [
                i + 1,
                None if p is None else p.title,
                None if p is None else p.name,
                None if p is None else p.federation,
                None if p is None else p.fide_id,
                data.born[i],
                data.sexes[i],
                data.ratings[i],
                data.games_before[i],
                data.reached[i],
                data.k_override[i],
            ]
            if p is not None and p.file_rating is not None:
                ws.write_comment(
                    row,
                    RATING,
                    f"The file gives rating {p.file_rating}: not a FIDE rating "
                    f"({p.file_rating_why}), so not counted: the player is unrated here.",
                    {"author": "xlfuncs", "x_scale": 1.6},
                )
            write_values(ws, row, NO, cells, player_formats)
            if layout.swiss:
                assert data.opponents is not None and data.colours is not None
                rounds = zip(data.opponents[i], data.colours[i], data.results[i], strict=True)
                write_values(ws, row, MIDDLE, [v for rd in rounds for v in rd], round_formats)
                for rnd, bye in () if p is None else p.later_byes:
                    if rnd <= layout.rounds:
                        ws.write_comment(
                            row,
                            MIDDLE + 3 * (rnd - 1) + 2,
                            f"The file enters {bye} for round {rnd}, which is not played "
                            "yet: left out here, so that the points are those of the rounds "
                            "played (as the standing counts them). Enter it when the round "
                            "is played.",
                            {"author": "xlfuncs", "x_scale": 1.6},
                        )
            else:
                for k in range(layout.middle_width):
                    if k // layout.cycles == i:
                        ws.write_blank(row, MIDDLE + k, None, fmt.diagonal)
                    else:
                        write_value(ws, row, MIDDLE + k, data.results[i][k], fmt.input_center)
        _gathered(ws, fmt, layout, data, gathered=self.filled)

    def formulas(
        self, values: Mapping[str, list[Any]] | None, progress: Progress = no_progress
    ) -> None:
        """Each row's formulas (K used, and each visible computed column's row of its hidden
        array) with their values *values* (``None``: blank), those of the columns *values*
        holds (``None``: all) and not stored yet, the points that differ from the file's
        marked."""
        ws, fmt, layout = self.ws, self.fmt, self.layout
        n = layout.capacity
        every = max(n // 100, 1)
        shapes = _row_texts(layout)
        names = [  # the row formulas' columns, formats
            name
            for name in shapes
            if name not in self._stored and (values is None or name in values)
        ]
        if not names:
            return
        self._stored.update(names)
        cols = [K if name == "k" else layout.col(name) for name in names]
        formats = [getattr(fmt, _style(name)) for name in names]
        points_at = names.index("points") if "points" in names else None
        for i, p in enumerate(self.players):
            if i % every == 0:
                progress("writing the formulas", i / n)
            row = FIRST_ROW + i
            number = str(row + 1)
            texts = [shapes[name].replace(_ROW, number) for name in names]
            cached = [None] * len(names) if values is None else [values[name][i] for name in names]
            styles = list(formats)
            if points_at is not None and p is not None and p.file_points is not None:
                styles[points_at] = (
                    self._marks.mark(ws, row, cols[points_at], cached[points_at], p.file_points)
                    or styles[points_at]
                )
            write_formulas(ws, row, cols, texts, styles, cached)

    def computed(
        self, values: dict[str, list[Any]] | None, progress: Progress = no_progress
    ) -> None:
        """The row formulas not stored yet (:meth:`formulas`) with their values *values*
        (``None``: blank), then the hidden arrays of our functions (:func:`_arrays`)."""
        self.formulas(values, progress)
        if self._marks.count:
            col = self.layout.col("points")
            self.ws.set_column(col, col, _MARKED_POINTS_WIDTH)
        _arrays(self.ws, self.fmt, self.layout, self.data, values)


_MARKED_POINTS_WIDTH = 13
"""Width of the points column when it shows the file's figures beside ours."""


class _FilePointsMarks:
    """Marks the points cells whose value differs from the points the source file gives:
    a shaded cell whose number format writes the file's figure beside ours
    (``7.5 (file 8.0)``, legible on screen and in print) and a note with the sentence."""

    def __init__(self, wb: Workbook) -> None:
        self._wb = wb
        self._formats: dict[float, Any] = {}
        self.count = 0
        """Cells marked so far."""

    def mark(self, ws: Worksheet, row: int, col: int, value: Any, file_points: float | None) -> Any:
        """The format of a marked cell (after adding its note), or ``None`` when the cell
        needs no mark."""
        if file_points is None or not is_number(value) or value == file_points:
            return None
        figure = f"{file_points:.1f}"
        if file_points not in self._formats:
            self._formats[file_points] = self._wb.add_format(
                {
                    "font_name": "Calibri",
                    "font_size": 10,
                    "bold": True,
                    "align": "center",
                    "num_format": f'0.0" (file {figure})"',
                    "bg_color": "#FCE4D6",
                    "font_color": "#9C0006",
                    "border": 2,
                    "border_color": "#C65911",
                }
            )
        ws.write_comment(
            row,
            col,
            f"The file gives {figure} points; the results add up to {value:.1f}.",
            {"author": "xlfuncs", "x_scale": 1.6},
        )
        self.count += 1
        return self._formats[file_points]


def _style(name: str) -> str:
    """The format of a computed column, or of ``k``, ``k_data`` or ``floor`` (a tie-break:
    as the number is, ``19.75``, ``3``)."""
    if name.startswith("tb") or name == "floor":
        return "computed_text"
    return "computed" if name in ("k", "k_data") else _COMPUTED_COLUMNS[name].style


def _gathered(ws: Worksheet, fmt: Formats, layout: Layout, data: Inputs, *, gathered: bool) -> None:
    """The hidden columns that gather each round's opponents, results and colours into
    blocks (a plain array formula each, its values the cells' own: *gathered*), and a
    double round robin's opponent numbers (constants)."""
    first, last = FIRST_ROW, layout.last_row
    if layout.swiss:
        for rnd in range(1, layout.rounds + 1):
            o, _, r = layout.round_cols(rnd)
            for helper, src, cells in (
                (layout.opp_helper(rnd), o, data.opponents),
                (layout.res_helper(rnd), r, data.results),
                (layout.colour_helper(rnd), o + 1, data.colours),
            ):
                ref = layout.column(src)
                found = None
                if gathered:
                    assert cells is not None
                    found = ["" if is_blank(row[rnd - 1]) else row[rnd - 1] for row in cells]
                write_array(
                    ws,
                    first,
                    helper,
                    last,
                    f'{{=IF(ISBLANK({ref}),"",{ref})}}',
                    fmt.computed_text,
                    found,
                )
    if layout.double:  # the opponent's number of each grid column: constants
        assert data.opponents is not None
        for k in range(layout.middle_width):
            for i, numbers in enumerate(data.opponents):
                write_value(ws, first + i, layout.opp_helper(k + 1), numbers[k], fmt.computed)


def _arrays(
    ws: Worksheet, fmt: Formats, layout: Layout, data: Inputs, values: dict[str, list[Any]] | None
) -> None:
    """The hidden array formulas of our functions, and the visible new ratings and the floor
    marks, with their values *values* (``None``: blank)."""
    first, last = FIRST_ROW, layout.last_row
    tiebreaks = [f"tb{i}" for i in range(1, layout.tiebreaks + 1)]
    arrays = [(layout.hidden(name), name, formula) for name, formula in formulas(layout).items()]
    # the new rating, rating + change; where there is no change, the change column's words
    # (unrated), or blank
    rating, change = layout.column(RATING), layout.column(layout.col("change"))
    new = f"=IF(ISNUMBER({rating})*ISNUMBER({change}),{rating}+{change},{change})"
    arrays += [
        (layout.col("new"), "new", new),
        (layout.floor_helper, "floor", call_formula("floor", argument_texts(layout))),
    ]
    for col, name, formula in arrays:
        style = getattr(fmt, _style(name))
        if name == "tiebreaks":  # one call, a column per tie-break
            blank = [[None] * len(tiebreaks)] * layout.capacity
            rows = blank if values is None else list(zip(*(values[n] for n in tiebreaks)))
            last_col = layout.hidden(tiebreaks[-1])
            write_array_block(ws, first, col, last, last_col, "{" + formula + "}", style, rows)
        else:
            cached = None if values is None else values[name]
            write_array(ws, first, col, last, "{" + formula + "}", style, cached)


def _formatting(wb: Workbook, ws: Worksheet, layout: Layout, tiebreaks: Sequence[str]) -> None:
    """The main sheet's rules: the tie-break headers' drop-down, the marks of the new
    ratings and of the words without a figure, each input column's validation, and the
    results' (and a Swiss's opponents' and colours') drop-downs and colours."""
    _tiebreak_choices(ws, layout, tiebreaks)
    _figure_marks(wb, ws, layout)
    for col, rule in _COLUMN_RULES:
        ws.data_validation(layout.column(col), rule)
    _round_rules(wb, ws, layout)


def _tiebreak_choices(ws: Worksheet, layout: Layout, tiebreaks: Sequence[str]) -> None:
    """Each tie-break header: a drop-down of descriptors (the event's own *tiebreaks*
    first); another descriptor may be typed (a warning, not a refusal: ``TIEBREAK_ALL``
    judges it)."""
    choices = SWISS_CHOICES if layout.swiss else ROUND_ROBIN_CHOICES
    offered = [*dict.fromkeys([*tiebreaks, *choices])]
    while len(",".join(offered)) > 255:  # Excel's limit on a list written in the rule
        offered.pop()
    ws.data_validation(
        layout.tiebreak_headers,
        {
            "validate": "list",
            "source": offered,
            "error_type": "warning",
            "input_title": "Tie-break",
            "input_message": "Choose the tie-break of this column (C.07: BH/C1 Buchholz cut "
            "1, SB Sonneborn-Berger, DE direct encounter; 2026 text: STD, TPN, RTNG...); the "
            "rank follows points, then these columns left to right.",
            "error_title": "Tie-break",
            "error_message": "Not in the list: a C.07 descriptor such as BH/C1, SB, DE.",
        },
    )


def _figure_marks(wb: Workbook, ws: Worksheet, layout: Layout) -> None:
    """A new rating below the floor struck out in red (the player is unrated again), with a
    note on its header; the words of a player without a figure in grey."""
    first, last = FIRST_ROW, layout.last_row
    new = layout.col("new")
    mark = xl_rowcol_to_cell(first, layout.floor_helper, col_abs=True)
    strike_below_floor(wb, ws, (first, new, last, new), mark)
    # the words of a player without a figure (REASONS) in grey, so that the figures stand
    # out: text longer than a figure's (GM, WIM, the infinite Rp exact)
    words = cell(first, layout.col(_WORDS_SHOWN[0]))
    ws.conditional_format(
        layout.block(layout.col(_WORDS_SHOWN[0]), layout.col(_WORDS_SHOWN[-1])),
        {
            "type": "formula",
            "criteria": f"=AND(ISTEXT({words}),LEN({words})>3)",
            "format": wb.add_format({"font_color": "#595959", "bold": False}),
        },
    )
    ws.write_comment(
        HEAD_ROW,
        new,
        "Struck out in red: the new rating is below the floor of the rules' edition (1400 "
        "from 1 March 2024, 1000 before): the player is removed from the list and is "
        "unrated again.",
    )


_COLUMN_RULES: Final[tuple[tuple[int, dict[str, Any]], ...]] = (
    (TITLE, {"validate": "list", "source": list(FIDE_TITLES)}),
    (
        SEX,
        {
            "validate": "list",
            "source": ["m", "w"],
            "input_title": "Sex",
            "input_message": "w: women's norms (WGM, WIM) apply; m or blank: they do not.",
        },
    ),
    (
        REACHED,
        {
            "validate": "list",
            "source": ["yes", "no"],
            "input_title": "Reached 2400",
            "input_message": "yes: a published rating of the player "
            "was ever 2400 or more (K = 10 for good).",
        },
    ),
    (
        FED,
        {
            "validate": "length",
            "criteria": "==",
            "value": 3,
            "error_message": "A three-letter federation code, e.g. ESP.",
        },
    ),
    (
        FIDE_ID,
        {"validate": "integer", "criteria": "between", "minimum": 1, "maximum": 999999999},
    ),
    (
        BORN,
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 1900,
            "maximum": 2100,
            "error_message": "A year of birth, e.g. 2008.",
        },
    ),
    (
        RATING,
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 0,
            "maximum": MAX_RATING,
            "input_title": "Rating",
            "input_message": "The published FIDE rating; blank or 0: unrated.",
        },
    ),
    (
        GAMES_BEFORE,
        {
            "validate": "integer",
            "criteria": ">=",
            "value": 0,
            "input_title": "Rated games before",
            "input_message": "Rated games the player completed "
            "before this event (K = 40 below 30; blank: 30 or "
            "more).",
        },
    ),
    (
        K_OVERRIDE,
        {
            "validate": "list",
            "source": ["40", "20", "10"],
            "input_title": "K override",
            "input_message": "Leave blank to use the K computed from "
            "the player's data; fill to force a K.",
            "error_type": "warning",
            "error_title": "K override",
            "error_message": "FIDE's K rule gives 40, 20 or 10. Another whole number "
            "from 1 to 40 (a national federation's K, or K lowered for K x n <= 700) "
            "is used as given; anything else is an error in the player's row.",
        },
    ),
)
"""The validation of each input column of the player rows (title, sex, 2400 reached,
federation, FIDE id, year of birth, rating, rated games before, K override)."""


def _round_rules(wb: Workbook, ws: Worksheet, layout: Layout) -> None:
    """The results' drop-down and colours, and a Swiss's opponents' and colours'
    drop-downs, over every round's cells (a round robin: the grid)."""
    first, last = FIRST_ROW, layout.last_row
    if not layout.swiss:
        grid = [(first, MIDDLE, last, MIDDLE + layout.middle_width - 1)]
        validate_results(ws, grid)
        results_formatting(wb, ws, grid)
        return
    opp, colour, res = (
        [
            (first, layout.round_cols(r)[k], last, layout.round_cols(r)[k])
            for r in range(1, layout.rounds + 1)
        ]
        for k in range(3)
    )
    validate_areas(
        ws,
        opp,
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 1,
            "maximum": layout.capacity,
            "input_title": "Opponent",
            "input_message": "The opponent's No.; blank for a bye.",
            "error_title": "Opponent",
            "error_message": f"A player number from 1 to {layout.capacity}.",
        },
    )
    validate_areas(
        ws,
        colour,
        {
            "validate": "list",
            "source": ["w", "b"],
            "input_title": "Colour",
            "input_message": "w white, b black; blank for a bye.",
        },
    )
    validate_results(ws, res)
    results_formatting(wb, ws, res)


def _how_to_sheet(wb: Workbook, fmt: Formats, texts: Texts) -> None:
    """The 'How to use' sheet: the paragraphs wrapped by hand, one line per row, so that
    every program shows them the same way."""
    ws = wb.add_worksheet("How to use")
    ws.set_column(0, 0, 100)
    ws.set_row(0, 22)
    ws.write_string(0, 0, f"How to use: {texts.title}", fmt.title)
    row = 2
    for paragraph in texts.how_to:
        for line in textwrap.wrap(paragraph, width=100, subsequent_indent="    "):
            ws.write_string(row, 0, line, fmt.body)
            row += 1
        row += 1
    print_setup(ws, landscape=False)
    protect(ws)
