"""``rating_calculator.xlsx``: one player's rating period, laid out like FIDE's per-player
calculation page (``docs/templates.md``): ``ELO_DETAIL`` for each tournament's games, one
``ELO_CHANGE`` over the period's games labelled with their tournament.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from xlsxwriter.format import Format
from xlsxwriter.workbook import Workbook
from xlsxwriter.worksheet import Worksheet

from . import common
from . import player_sheets as ps
from .cell_formula import Area, Call, Expr, Name, Paren, Ref, Sheet, blank_or, call, concat, if_, op
from .common import write_formula
from .player_sheets import COUNTED, RULES, Game, LayoutCell, TournamentGames, Value, formula_cell

__all__ = [
    "MAX_GAMES",
    "MAX_TOURNAMENTS",
    "TournamentGames",
    "Game",
    "RatingPeriod",
    "build",
    "validate",
    "write_sheet",
]

MAX_TOURNAMENTS: Final = 6
MAX_GAMES: Final = 15
SHEET: Final = "Rating period"

# Columns of the game rows.
C_NO, C_NAME, C_TITLE, C_FED, C_RATING, C_RESULT = range(6)
C_STATUS, C_USED, C_W, C_PD, C_DIFF, C_KDIFF = range(6, 12)
_GAME_COLUMNS: Final = ps.GameColumns(C_NO, C_NAME, C_RATING, C_RESULT, C_STATUS, C_TITLE, C_FED)
C_HELP = 13  # ELO_DETAIL's four columns: N:Q
C_PERIOD = C_HELP + 4  # the period's games for ELO_CHANGE, R:T: rating, result, tournament
LAST_COL = C_KDIFF

# Rows (0-based).
_, _, R_NOTE, R_NAME, R_ID, R_FED = ps.HEAD_ROWS
R_RATING, R_RULES = 6, 7
R_BEFORE, R_BIRTH, R_REACHED, R_DATE, R_KDATA, R_KOVER = 3, 4, 5, 6, 7, 8
R_SUMHEAD, R_SUM, R_CHANGE, R_NEW = 10, 11, 12, 13
R_FLOOR = 14
"""Below the new rating: ``UNRATED_AGAIN``'s mark ("below 1400: unrated again") when the new
rating is below the edition's floor, else blank."""
R_FIRST_BLOCK = 15
BLOCK_ROWS: Final = MAX_GAMES + 4  # header, column titles, games, totals, a blank row

V_COL = 2  # the left group's value column (C:F merged)
M_LABEL, M_VALUE = 6, 10  # the middle group: label G:J merged, value K:L merged

HOW_TO = (
    "How to use: fill the yellow cells. Player: rating Ro at the start of the period and "
    "what K depends on (or enter K). Each tournament block takes up to 15 games: opponent's "
    "rating (blank = unrated) and result (1, ½ or =, 0; + / - forfeits and H, F, U, Z byes "
    "are listed but not rated). K applies K × n ≤ 700 over all the period's games; the "
    "change is K × Σ(W − PD), rounded once for the period. Functions: xlwings add-in with "
    "xlfuncs.udfs; without it the figures shown are those stored when the file was made."
)

LEGEND = (
    "Rating used in orange: the 400-point rule changed it. Rated? in grey: the game "
    "is listed but not rated (forfeit, bye, unrated opponent)."
)


@dataclass(frozen=True)
class RatingPeriod(ps.PlayerEntered):
    """One player's rating period: the player, what K depends on, and the tournaments (at
    most 6, of at most 15 games each). ``k`` overrides the K of ``K_FACTOR``; ``rules`` is
    an edition id (``"2025"``, ...; ``None``: the edition in force)."""

    rating: int | None = None
    rated_games_before: int | None = None
    birth_year: int | None = None
    reached_2400: bool = False
    period_date: _dt.date | None = None
    k: int | None = None
    tournaments: Sequence[TournamentGames] = field(default_factory=tuple)


def _block_row(index: int) -> int:
    """First row (the block's header) of tournament *index* (0-based)."""
    return R_FIRST_BLOCK + index * BLOCK_ROWS


def build(path: Path, data: RatingPeriod | None = None) -> None:
    """Write ``rating_calculator.xlsx``: blank (``data`` is ``None``) or filled in, every
    formula cell carrying the value it computes."""
    blank = data is None
    data = data or RatingPeriod()
    validate(data)
    wb, fmt = common.new_workbook(path, title="FIDE rating change: one player's rating period")
    write_sheet(wb, fmt, ps.extra_formats(wb, fmt), data, blank=blank)
    common.close_workbook(wb, fmt)


def validate(data: RatingPeriod) -> None:
    """Raise ``ValueError`` when *data* does not fit the sheet: more than
    :data:`MAX_TOURNAMENTS` tournaments, or more than :data:`MAX_GAMES` games in one."""
    if len(data.tournaments) > MAX_TOURNAMENTS:
        raise ValueError(f"at most {MAX_TOURNAMENTS} tournaments, got {len(data.tournaments)}")
    for t in data.tournaments:
        if len(t.games) > MAX_GAMES:
            raise ValueError(
                f"at most {MAX_GAMES} games per tournament, got {len(t.games)} in {t.name!r}"
            )


RATING, K_USED = Name("Rating"), Name("K_used")
"""The sheet's names: the player's rating Ro and the K applied."""


def _player_layout(data: RatingPeriod, *, blank: bool) -> list[LayoutCell]:
    """The title, the repeated player line, the player (left) and what K depends on
    (middle), with K from the player's data."""
    new, change = Ref(R_NEW, LAST_COL), Ref(R_CHANGE, LAST_COL)
    shown = concat("  ·  new rating ", new, " (", if_(op(">", change, 0), "+", ""), change, ")")
    cells = ps.player_head(
        data,
        (C_NAME, V_COL, V_COL + 3),
        "FIDE rating change: one player's rating period",
        "Enter the player's data in the yellow cells.",
        blank_or(RATING, concat("  ·  Ro ", RATING)),
        if_(ps.is_error_expr(new), "", blank_or(new, shown)),
    )
    cells += ps.labelled_inputs(
        ((R_RATING, "Rating Ro (start of the period)", data.rating),),
        C_NAME,
        V_COL,
        V_COL + 3,
        kind="value",
        style="input_number",
    )
    reached = "yes" if data.reached_2400 else ("" if blank else "no")
    middle: tuple[tuple[int, str, Value, str], ...] = (
        (R_BEFORE, "Rated games before the period", data.rated_games_before, "input_number"),
        (R_BIRTH, "Year of birth (blank: unknown)", data.birth_year, "input_number"),
        (R_REACHED, "A published rating has reached 2400", reached, "input_center"),
        (R_DATE, "Date of the rating period (blank: today)", data.period_date, "input_date"),
        (R_KOVER, "K entered (blank: as computed)", data.k, "input_number"),
    )
    for row, label, value, style in middle:
        cells += [
            ps.text_cell(row, M_LABEL, label, "label", last_col=M_LABEL + 3),
            LayoutCell(row, M_VALUE, "value", value, style=style, last_col=M_VALUE + 1),
        ]
    before, birth, reached_cell, date = (
        Ref(r, M_VALUE) for r in (R_BEFORE, R_BIRTH, R_REACHED, R_DATE)
    )
    return [
        *cells,
        ps.text_cell(
            R_KDATA, M_LABEL, "K from the player's data (K_FACTOR)", "label", last_col=M_LABEL + 3
        ),
        formula_cell(
            R_KDATA,
            M_VALUE,
            if_(
                call("OR", op("=", RATING, ""), op("=", before, "")),
                "",
                call("K_FACTOR", RATING, before, birth, reached_cell, date),
            ),
            "computed",
            last_col=M_VALUE + 1,
        ),
    ]


_TOTALS_ROWS: Final = tuple(_block_row(i) + MAX_GAMES + 2 for i in range(MAX_TOURNAMENTS))
"""Each tournament block's totals row."""
SUMMARY_HEADERS: Final = (
    (C_STATUS, "Rated games n"),
    (C_USED, "K (K×n ≤ 700)"),
    (C_W, "Σ W"),
    (C_PD, "Σ PD"),
    (C_DIFF, "Σ (W − PD)"),
    (C_KDIFF, "K × Σ (W − PD)"),
)


def _summary_layout() -> list[LayoutCell]:
    """The period's summary: n, K (K × n ≤ 700), the sums over the tournaments, K × Σ (W −
    PD), the change (one ELO_CHANGE over every game) and the new rating."""
    k_entered = Ref(R_KOVER, M_VALUE, absolute=True)
    k_requested = if_(op("<>", k_entered, ""), k_entered, Ref(R_KDATA, M_VALUE, absolute=True))
    n_cell = Ref(R_SUM, C_STATUS, absolute=True)
    tournaments = op("+", *(if_(op(">", Ref(t, C_STATUS), 0), 1, 0) for t in _TOTALS_ROWS))
    first, last = _block_row(0) + 2, _block_row(MAX_TOURNAMENTS - 1) + 1 + MAX_GAMES
    ratings, results, labels = (
        Area(first, C_PERIOD + j, last, C_PERIOD + j, absolute=True) for j in range(3)
    )
    change = Ref(R_CHANGE, LAST_COL)
    summary = concat(
        n_cell,
        " rated games in ",
        Paren(tournaments),
        " tournament(s); K ",
        k_requested,
        if_(
            op("<", K_USED, k_requested),
            concat(" lowered to ", K_USED, " so that K × n ≤ 700"),
            "",
        ),
    )

    def elo_change(rounded: bool) -> Expr:
        return call("ELO_CHANGE", RATING, ratings, results, K_USED, RULES, rounded, labels)

    def sums(col: int) -> Expr:
        return call("SUM", *(Ref(t, col) for t in _TOTALS_ROWS))

    no_rating_or_k = call("OR", op("=", RATING, ""), op("=", K_USED, ""))
    unknown = "K unknown: enter the rated games before the period, or a K"
    return [
        ps.text_cell(R_SUMHEAD, 0, "Rating period (all tournaments)", "header", last_col=C_RESULT),
        *(ps.text_cell(R_SUMHEAD, col, text, "header") for col, text in SUMMARY_HEADERS),
        formula_cell(
            R_SUM,
            0,
            blank_or(RATING, if_(op("=", k_requested, ""), unknown, summary)),
            "left",
            last_col=C_RESULT,
        ),
        formula_cell(R_SUM, C_STATUS, op("+", *(Ref(t, C_STATUS) for t in _TOTALS_ROWS)), "number"),
        formula_cell(
            R_SUM,
            C_USED,
            blank_or(k_requested, call("K_FOR_GAMES", k_requested, n_cell)),
            "big",
        ),
        formula_cell(R_SUM, C_W, sums(C_W), "total"),
        formula_cell(R_SUM, C_PD, call("ROUND", sums(C_PD), 2), "two"),
        formula_cell(R_SUM, C_DIFF, call("ROUND", sums(C_DIFF), 2), "signed_two"),
        formula_cell(
            R_SUM,
            C_KDIFF,
            blank_or(K_USED, if_(op("=", RATING, ""), 0, elo_change(False))),
            "signed_two",
        ),
        ps.text_cell(
            R_CHANGE,
            C_STATUS,
            "Rating change (rounded once, ½ away from 0)",
            "label",
            last_col=C_DIFF,
        ),
        formula_cell(R_CHANGE, LAST_COL, if_(no_rating_or_k, "", elo_change(True)), "signed"),
        ps.text_cell(R_NEW, C_STATUS, "New rating: Ro + change", "label", last_col=C_DIFF),
        formula_cell(R_NEW, LAST_COL, blank_or(change, op("+", RATING, change)), "big"),
        ps.text_cell(R_CHANGE, 0, LEGEND, "note", last_row=R_NEW, last_col=C_RESULT),
    ]


def _floor_mark() -> Expr:
    """``UNRATED_AGAIN``'s mark under the new rating."""
    change = Ref(R_CHANGE, LAST_COL)
    return if_(
        call("OR", op("=", RATING, ""), op("=", change, "")),
        "",
        call("UNRATED_AGAIN", RATING, change, RULES),
    )


_COLUMN_WIDTHS: Final = (
    (C_NO, 4), (C_NAME, 26), (C_TITLE, 6), (C_FED, 6), (C_RATING, 8), (C_RESULT, 7),
    (C_STATUS, 9), (C_USED, 9), (C_W, 6), (C_PD, 7), (C_DIFF, 9), (C_KDIFF, 12),
    (LAST_COL + 1, 2),
)  # fmt: skip
_K_VALIDATIONS: Final[tuple[tuple[int, dict[str, Any]], ...]] = (
    (
        R_BEFORE,
        {
            "validate": "integer",
            "criteria": ">=",
            "value": 0,
            "input_title": "Rated games",
            "input_message": "Games rated before this period (K is 40 until the player has 30).",
            "error_message": "A whole number, 0 or more.",
        },
    ),
    (
        R_BIRTH,
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 1900,
            "maximum": 2100,
            "error_message": "A year, e.g. 2009.",
        },
    ),
    (R_REACHED, {"validate": "list", "source": ["yes", "no"], "error_message": "yes or no"}),
    (
        R_DATE,
        {
            "validate": "date",
            "criteria": ">",
            "value": _dt.date(1970, 1, 1),
            "input_message": "For the junior rule: K 40 to the end of the year of the 18th "
            "birthday while under 2300.",
            "error_message": "A date.",
        },
    ),
    (
        R_KOVER,
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 1,
            "maximum": 40,
            "input_message": "Overrides the K computed above (still lowered so that K × n ≤ 700).",
            "error_message": "A whole number 1..40.",
        },
    ),
)
"""The validation of each input cell K depends on (the middle group)."""


def _cells(data: RatingPeriod, *, blank: bool) -> tuple[list[list[LayoutCell]], Sheet]:
    """The sheet's cells in the order they are written, in parts, and the sheet that values
    them."""
    events = [
        data.tournaments[i] if i < len(data.tournaments) else TournamentGames()
        for i in range(MAX_TOURNAMENTS)
    ]
    parts = [
        _player_layout(data, blank=blank),
        _summary_layout(),
        *(_block_layout(i, e) + _totals_layout(i) for i, e in enumerate(events)),
        [formula_cell(R_FLOOR, C_STATUS, _floor_mark())],
    ]
    grid = ps.layout_sheet(
        (c for part in parts for c in part),
        (R_RULES, C_NAME + 1, data.rules),
        {"Rating": (R_RATING, V_COL), "K_used": (R_SUM, C_USED)},
    )
    return parts, grid


def write_sheet(
    wb: Workbook,
    fmt: common.Formats,
    x: dict[str, Format],
    data: RatingPeriod,
    *,
    blank: bool = False,
    sheet: str = SHEET,
    local: bool = False,
) -> Worksheet:
    """The calculation sheet of *data*, named *sheet*, added to *wb* (*x*: the
    :func:`~.player_sheets.extra_formats` of *wb*; the FIDE tables and xlwings sheets are
    the caller's). *local*: the sheet's names defined for this sheet only, so that many such
    sheets share a workbook (else for the workbook, the sheet activated)."""
    validate(data)
    (player, summary, *blocks, floor), grid = _cells(data, blank=blank)
    ws = ps.add_player_sheet(wb, sheet, _COLUMN_WIDTHS, (C_HELP, C_PERIOD + 2, 10))

    def define(name: str, ref: str) -> None:
        wb.define_name(f"'{sheet}'!{name}" if local else name, f"='{sheet}'!{ref}")

    ps.note(ws, fmt, R_NOTE, 0, LAST_COL, HOW_TO, height=54)
    ps.write_layout(ws, player, fmt, x, grid)
    ps.rating_validation(ws, R_RATING, V_COL, R_RATING)
    define("Rating", common.cell(R_RATING, V_COL, absolute=True))
    common.settings_block(wb, ws, fmt, R_RULES, C_NAME, rules=data.rules, local=local)
    for row, options in _K_VALIDATIONS:
        ws.data_validation(row, M_VALUE, row, M_VALUE, options)
    # The period's summary.
    ws.set_row(R_SUMHEAD, 27)
    ps.write_layout(ws, summary, fmt, x, grid)
    define("K_used", common.cell(R_SUM, C_USED, absolute=True))
    # Below the floor the new rating is not a rating the list carries: the player is
    # unrated again (core's floor_note, through UNRATED_AGAIN); the number is struck out.
    mark = wb.add_format({"font_color": "#9C0006", "bold": True, "align": "right"})
    ws.merge_range(R_FLOOR, C_STATUS, R_FLOOR, LAST_COL, "", mark)
    formula = "=" + floor[0].content.formula()
    write_formula(ws, R_FLOOR, C_STATUS, formula, mark, grid.value(R_FLOOR, C_STATUS))
    common.strike_below_floor(
        wb, ws, (R_NEW, LAST_COL, R_NEW, LAST_COL), common.cell(R_FLOOR, C_STATUS, absolute=True)
    )
    for criteria, style in ((">", "yes"), ("<", "no")):
        ws.conditional_format(
            common.cell(R_CHANGE, LAST_COL),
            {"type": "cell", "criteria": criteria, "value": 0, "format": x[style]},
        )

    # The tournaments.
    for i in range(MAX_TOURNAMENTS):
        _write_block(wb, ws, fmt, x, i, blocks[i], grid)
    define("Games", f"$A${_block_row(0) + 1}:$L${_TOTALS_ROWS[-1] + 1}")

    common.finish_sheet(ws, R_NOTE, _TOTALS_ROWS[-1], LAST_COL, active=not local)
    ws.set_h_pagebreaks([_block_row(i) for i in (1, 3, 5)])
    return ws


BLOCK_HEADERS: Final = (
    "#",
    "Opponent",
    "Title",
    "Fed",
    "Rating",
    "Result",
    "Rated?",
    "Rating used",
    "W",
    "PD",
    "W − PD",
    "K × (W − PD)",
)
DETAIL_HEADERS: Final = ("ELO_DETAIL: rating used", "PD", "W − PD", "K × (W − PD)")
PERIOD_HEADERS: Final = ("ELO_CHANGE: rating", "result", "tournament")
_DETAIL_COLUMNS: Final = (
    (C_USED, 1, "computed"),
    (C_PD, 2, "two"),
    (C_DIFF, 3, "signed_two"),
    (C_KDIFF, 4, "signed_two"),
)
"""The columns that show ELO_DETAIL's figures: the column, the figure (1: the rating used,
2: PD, 3: W − PD, 4: K × (W − PD)) and the format."""


def _block_layout(i: int, event: TournamentGames) -> list[LayoutCell]:
    """Tournament *i*'s header (name, end date, a count of rated games), its column titles
    and its fifteen game rows: input cells, the rated column, ELO_DETAIL's figures by
    INDEX, W, and the game again in the hidden columns of the period's ELO_CHANGE."""
    top = _block_row(i)
    r0, r1 = top + 2, top + 1 + MAX_GAMES
    n, w = Ref(r1 + 1, C_STATUS), Ref(r1 + 1, C_W)
    header = concat(
        n,
        " rated game",
        if_(op("=", n, 1), "", "s"),
        ", ",
        w,
        " point",
        if_(op("=", w, 1), "", "s"),
    )
    cells = [
        ps.text_cell(top, 0, f"Tournament {i + 1}", "section", last_col=1),
        ps.text_cell(top, C_TITLE, event.name, "input_text", last_col=C_RESULT),
        ps.text_cell(top, C_STATUS, "Ends on", "total_label"),
        LayoutCell(top, C_USED, "value", event.end_date, style="input_date", last_col=C_W),
        formula_cell(top, C_PD, if_(op("=", n, 0), "", header), "section", last_col=C_KDIFF),
        *(ps.text_cell(top + 1, col, text, "header") for col, text in enumerate(BLOCK_HEADERS)),
        *(
            ps.text_cell(top + 1, C_HELP + j, text, "helper_header")
            for j, text in enumerate(DETAIL_HEADERS)
        ),
    ]
    if i == 0:  # above the period's range, which runs through every block
        cells += [
            ps.text_cell(top + 1, C_PERIOD + j, text, "helper_header")
            for j, text in enumerate(PERIOD_HEADERS)
        ]
    helper = Area(r0, C_HELP, r1, C_HELP + 3, absolute=True)
    games = list(event.games)
    for k in range(MAX_GAMES):
        row = r0 + k
        g: Game | None = games[k] if k < len(games) else None
        counted = op("=", Ref(row, C_STATUS), COUNTED)
        index = call("COUNTIF", Area(r0, C_STATUS, row, C_STATUS, True, False), COUNTED)
        cells += [
            *ps.game_input_cells(row, k + 1, g, _GAME_COLUMNS),
            # +0 turns an error that arrives as text into an error value, so that the sums
            # show it too
            *(
                formula_cell(
                    row, col, if_(counted, op("+", call("INDEX", helper, index, j), 0), ""), style
                )
                for col, j, style in _DETAIL_COLUMNS
            ),
            formula_cell(row, C_W, if_(counted, ps.points_expr(Ref(row, C_RESULT)), ""), "w"),
            *(  # the game, for the period's ELO_CHANGE
                formula_cell(
                    row,
                    C_PERIOD + j,
                    if_(op("=", Ref(row, col), ""), "", Ref(row, col)),
                    "computed_decimal",
                )
                for j, col in enumerate((C_RATING, C_RESULT))
            ),
            LayoutCell(row, C_PERIOD + 2, "value", i + 1, style="computed_decimal"),
        ]
    # ELO_DETAIL's figures in the hidden columns, which the game rows show by INDEX
    return [*cells, ps.array_cell(r0, C_HELP, r1, C_HELP + 3, _detail(i), "computed_decimal")]


def _detail(i: int) -> Call:
    """Tournament *i*'s ELO_DETAIL: the rating used, PD, W − PD and K × (W − PD) of each
    rated game."""
    r0, r1 = _block_row(i) + 2, _block_row(i) + 1 + MAX_GAMES
    ratings = Area(r0, C_RATING, r1, C_RATING, absolute=True)
    results = Area(r0, C_RESULT, r1, C_RESULT, absolute=True)
    return call("ELO_DETAIL", RATING, ratings, results, K_USED, RULES)


def _totals_layout(i: int) -> list[LayoutCell]:
    """Tournament *i*'s totals row: the count of rated games, the sums, and the reason
    when ELO_DETAIL fails."""
    r0, r1 = _block_row(i) + 2, _block_row(i) + 1 + MAX_GAMES
    total = r1 + 1
    statuses = Area(r0, C_STATUS, r1, C_STATUS, absolute=True)
    n = Ref(total, C_STATUS)
    detail = _detail(i)
    failed = call(
        "AND",
        call("OR", op(">", n, 0), op(">", call("COUNTIF", statuses, "invalid"), 0)),
        ps.is_error_expr(Ref(r0, C_HELP, absolute=True)),
    )
    label = if_(
        failed, call("EXPLAIN_ERROR", "ELO_DETAIL", *detail.args), f"Tournament {i + 1}: sums"
    )

    def total_of(col: int) -> Expr:
        figure = call("SUM", Area(r0, col, r1, col))
        return if_(op("=", n, 0), "", figure if col == C_W else call("ROUND", figure, 2))

    return [
        formula_cell(total, 0, label, "total_label", last_col=C_RESULT),
        formula_cell(total, C_STATUS, call("COUNTIF", statuses, COUNTED), "count"),
        ps.text_cell(total, C_USED, None, "total"),
        formula_cell(total, C_W, total_of(C_W), "total"),
        formula_cell(total, C_PD, total_of(C_PD), "total_two"),
        formula_cell(total, C_DIFF, total_of(C_DIFF), "total_signed"),
        formula_cell(total, C_KDIFF, total_of(C_KDIFF), "total_signed"),
    ]


def _write_block(
    wb: Workbook,
    ws: Worksheet,
    fmt: common.Formats,
    x: dict[str, Format],
    i: int,
    cells: Sequence[LayoutCell],
    sheet: Sheet,
) -> None:
    """Tournament *i*'s block: its *cells* (the totals row's last) valued on *sheet*,
    ELO_DETAIL in the hidden columns, and the game rows' validation and formatting."""
    top = _block_row(i)
    r0, r1 = top + 2, top + 1 + MAX_GAMES
    ps.write_layout(ws, cells[:-7], fmt, x, sheet)
    ws.set_row(top + 1, 24)

    # Validation and formatting of the input rows.
    ps.game_row_checks(wb, ws, r0, r1, _GAME_COLUMNS)
    used, rating_cell = common.cell(r0, C_USED), common.cell(r0, C_RATING)
    ws.conditional_format(
        ps.span(r0, C_USED, r1),
        {
            "type": "formula",
            "criteria": f'=AND({common.cell(r0, C_STATUS)}="{COUNTED}",{used}<>{rating_cell})',
            "format": x["capped"],
        },
    )
    ps.mute_uncounted(ws, x, r0, r1, C_STATUS)
    ps.write_layout(ws, cells[-7:-6], fmt, x, sheet)
    ws.conditional_format(
        common.cell(r1 + 1, 0),
        {
            "type": "formula",
            "criteria": f'=LEFT({common.cell(r1 + 1, 0)},11)="ELO_DETAIL:"',
            "format": x["error"],
        },
    )
    ps.write_layout(ws, cells[-6:], fmt, x, sheet)
