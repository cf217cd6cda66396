"""``rating_calculator.xlsx``: one player's rating period, laid out like FIDE's per-player
calculation page.

The layout, and why ``ELO_DETAIL`` sits in hidden columns: ``docs/templates.md``. The stored
values come from ``ELO_DETAIL`` (each tournament's games) and ``ELO_CHANGE`` (the period: one
call over every tournament's games, labelled with their tournament, so that the 2022
one-upgrade-per-tournament rule and the rounding once for the period are computed in core).
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

from .. import udfs
from ..core.editions import DEFAULT_EDITION
from . import common
from .common import write_formula, write_text
from .player_sheets import (
    COUNTED,
    TITLE_CHOICES,
    Game,
    GameColumns,
    LayoutCell,
    TournamentGames,
    Value,
    a1,
    excel_round,
    extra_formats,
    game_input_cells,
    heading_cells,
    hide_helper_columns,
    is_error,
    is_error_formula,
    labelled_inputs,
    note,
    points,
    points_formula,
    rating_validation,
    result_cell,
    serial,
    span,
    status,
    text_of,
    write_array_block,
    write_layout,
)

__all__ = [
    "MAX_GAMES",
    "MAX_TOURNAMENTS",
    "TournamentGames",
    "Game",
    "RatingPeriod",
    "build",
    "check",
    "write_sheet",
]

MAX_TOURNAMENTS: Final = 6
MAX_GAMES: Final = 15
SHEET: Final = "Rating period"

# Columns of the game rows.
C_NO, C_NAME, C_TITLE, C_FED, C_RATING, C_RESULT = range(6)
C_STATUS, C_USED, C_W, C_PD, C_DIFF, C_KDIFF = range(6, 12)
_GAME_COLUMNS: Final = GameColumns(C_NO, C_NAME, C_RATING, C_RESULT, C_STATUS, C_TITLE, C_FED)
C_HELP = 13  # ELO_DETAIL's four columns: N:Q
C_PERIOD = C_HELP + 4  # the period's games for ELO_CHANGE, R:T: rating, result, tournament
LAST_COL = C_KDIFF

# Rows (0-based).
R_TITLE, R_LINE, R_NOTE = 0, 1, 2
R_NAME, R_ID, R_FED, R_RATING, R_RULES = 3, 4, 5, 6, 7
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
class RatingPeriod:
    """One player's rating period: the player, what K depends on, and the tournaments (at
    most 6, of at most 15 games each). ``k`` overrides the K of ``K_FACTOR``; ``rules`` is
    an edition id (``"2025"``, ...; ``None``: the edition in force)."""

    rating: int | None = None
    name: str = ""
    fide_id: str = ""
    federation: str = ""
    rated_games_before: int | None = None
    birth_year: int | None = None
    reached_2400: bool = False
    period_date: _dt.date | None = None
    k: int | None = None
    rules: str | None = None
    tournaments: Sequence[TournamentGames] = field(default_factory=tuple)


def _block_row(index: int) -> int:
    """First row (the block's header) of tournament *index* (0-based)."""
    return R_FIRST_BLOCK + index * BLOCK_ROWS


def _num(value: int | None) -> float | None:
    return None if value is None else float(value)


def _sum(values: Sequence[Value]) -> Value:
    """Excel's SUM: numbers added, text and blanks ignored, the first error returned."""
    for v in values:
        if is_error(v):
            return v
    return float(sum(v for v in values if isinstance(v, float)))


def _plus0(value: Value) -> Value:
    """``value+0``: an error arriving as text becomes ``#VALUE!``."""
    return "#VALUE!" if is_error(value) else value


@dataclass(frozen=True)
class _Block:
    """One tournament's figures: its game rows, ELO_DETAIL's array and the sums."""

    ratings: list[Value]
    results: list[Value]
    statuses: list[str]
    detail: list[list[Value]]
    rows: list[list[Value]]  # per game row: used, W, PD, W-PD, K x (W-PD)
    n: float
    totals: list[Value]  # points, PD, W-PD, K x (W-PD)
    message: str
    rated: list[tuple[Value, float]]  # the rated games: (opponent's rating, W)


@dataclass(frozen=True)
class RatingPeriodFigures:
    """What every formula cell of the sheet shows for a :class:`RatingPeriod` (its cached
    value): K, each tournament's block, the period's sums, change and new rating."""

    k_data: Value
    """K from the player's data (``K_FACTOR``), ``""`` when it cannot be known."""
    k_used: Value
    """The K applied: the override or K from the data, lowered so that K × n ≤ 700."""
    n: float
    blocks: tuple[_Block, ...]
    sum_w: Value
    sum_pd: Value
    sum_diff: Value
    k_times: Value
    change: Value
    new: Value
    floor: Value
    """``UNRATED_AGAIN``'s mark: the new rating below the edition's floor."""
    summary: str
    line: str
    rules: Value


def _figures(data: RatingPeriod) -> RatingPeriodFigures:
    """Every computed cell's value, as Excel shows it."""
    rating = _num(data.rating)
    before = _num(data.rated_games_before)
    birth = _num(data.birth_year)
    reached: Value = "yes" if data.reached_2400 else None
    period = serial(data.period_date)
    override = _num(data.k)
    rules: Value = data.rules or DEFAULT_EDITION.id
    k_data: Value = (
        ""
        if rating is None or before is None
        else udfs.K_FACTOR(rating, before, birth, reached, period)
    )
    k_data = float(k_data) if isinstance(k_data, int) else k_data
    k_requested: Value = override if override is not None else k_data

    blocks_in: list[tuple[list[Value], list[Value]]] = []
    for i in range(MAX_TOURNAMENTS):
        games = list(data.tournaments[i].games) if i < len(data.tournaments) else []
        ratings = [_num(g.rating) for g in games] + [None] * (MAX_GAMES - len(games))
        results = [result_cell(g.result) for g in games] + [None] * (MAX_GAMES - len(games))
        blocks_in.append((ratings, results))
    statuses = [[status(r, w) for r, w in zip(rs, ws)] for rs, ws in blocks_in]
    n_total = float(sum(s.count(COUNTED) for s in statuses))
    k_used: Value = k_requested
    if k_requested != "" and not is_error(k_requested):
        found = udfs.K_FOR_GAMES(k_requested, n_total)
        k_used = float(found) if isinstance(found, int) else found

    blocks: list[_Block] = []
    for (ratings, results), sts in zip(blocks_in, statuses):
        raw = udfs.ELO_DETAIL(
            rating,
            [[r] for r in ratings],
            [[w] for w in results],
            None if k_used == "" else k_used,
            rules,
        )
        detail: list[list[Value]]
        if isinstance(raw, list):
            detail = [[float(v) for v in row] for row in raw]
            detail += [["#N/A"] * 4 for _ in range(MAX_GAMES - len(detail))]
        else:
            detail = [[raw] * 4 for _ in range(MAX_GAMES)]
        rows: list[list[Value]] = []
        seen = 0
        for w, st in zip(results, sts):
            if st == COUNTED:
                seen += 1
                line = [_plus0(value) for value in detail[seen - 1]]
                rows.append([line[0], points(w), line[1], line[2], line[3]])
            else:
                rows.append([""] * 5)
        n = float(sts.count(COUNTED))
        totals = [_sum([r[1] for r in rows])]
        for c in (2, 3, 4):
            s = _sum([r[c] for r in rows])
            totals.append(s if is_error(s) else excel_round(s, 2))
        message = ""
        if (n > 0 or "invalid" in sts) and is_error(detail[0][0]):
            message = udfs.EXPLAIN_ERROR(
                "ELO_DETAIL",
                rating,
                [[r] for r in ratings],
                [[w] for w in results],
                None if k_used == "" else k_used,
                rules,
            )
        if n == 0:
            totals = ["", "", "", ""]
        rated = [(r, points(w)) for r, w, st in zip(ratings, results, sts) if st == COUNTED]
        blocks.append(_Block(ratings, results, sts, detail, rows, n, totals, message, rated))

    sum_w = _sum([b.totals[0] for b in blocks])
    sums = []
    for c in (1, 2):
        s = _sum([b.totals[c] for b in blocks])
        sums.append(s if is_error(s) else excel_round(s, 2))
    # The period's figures: K x n <= 700, K x sum(W - PD), rounded once, from one
    # ELO_CHANGE call over every tournament's games, each labelled with its tournament.
    ratings_all, results_all, labels = _period_columns(blocks_in)
    k_times: Value = ""
    change: Value = ""
    new: Value = ""
    if k_used != "":
        k_times = (
            0.0  # no rated game can be listed without the player's rating
            if rating is None
            else _excel_value(
                udfs.ELO_CHANGE(rating, ratings_all, results_all, k_used, rules, False, labels)
            )
        )
    if rating is not None and k_used != "":
        change = _excel_value(
            udfs.ELO_CHANGE(rating, ratings_all, results_all, k_used, rules, True, labels)
        )
        new = change if is_error(change) else rating + change
    floor_mark: Value = ""
    if rating is not None and change != "":
        floor_mark = udfs.UNRATED_AGAIN(rating, change, rules)
    tournaments = float(sum(1 for b in blocks if b.n > 0))
    summary: str
    if rating is None:
        summary = ""
    elif k_requested == "":
        summary = "K unknown: enter the rated games before the period, or a K"
    else:
        summary = (
            f"{text_of(n_total)} rated games in {text_of(tournaments)} "
            f"tournament(s); K {text_of(k_requested)}"
        )
        if not is_error(k_used) and not is_error(k_requested) and k_used < k_requested:
            summary += f" lowered to {text_of(k_used)} so that K × n ≤ 700"
    player_line: str = "Enter the player's data in the yellow cells."
    if data.name:
        player_line = data.name + (f"  ·  FIDE ID {data.fide_id}" if data.fide_id else "")
        player_line += f"  ·  Ro {text_of(rating)}" if rating is not None else ""
        if new != "" and not is_error(new):
            player_line += (
                f"  ·  new rating {text_of(new)} ({'+' if change > 0 else ''}{text_of(change)})"
            )
    return RatingPeriodFigures(
        k_data=k_data,
        k_used=k_used,
        n=n_total,
        blocks=tuple(blocks),
        sum_w=sum_w,
        sum_pd=sums[0],
        sum_diff=sums[1],
        k_times=k_times,
        change=change,
        new=new,
        floor=floor_mark,
        summary=summary,
        line=player_line,
        rules=rules,
    )


def _period_columns(
    blocks_in: Sequence[tuple[list[Value], list[Value]]],
) -> tuple[list[list[Value]], list[list[Value]], list[list[Value]]]:
    """The hidden columns R:T as ELO_CHANGE receives them, from the first game row of the
    first tournament to the last of the last: each game row's rating and result (blank
    where blank) and its tournament's number; the rows between the blocks are blank."""
    ratings: list[list[Value]] = []
    results: list[list[Value]] = []
    labels: list[list[Value]] = []
    for i, (rs, ws_) in enumerate(blocks_in):
        if i:
            gap = BLOCK_ROWS - MAX_GAMES
            for column in (ratings, results, labels):
                column.extend([[None]] * gap)
        ratings.extend([[r] for r in rs])
        results.extend([[w] for w in ws_])
        labels.extend([[float(i + 1)]] * MAX_GAMES)
    return ratings, results, labels


def _excel_value(value: Any) -> Value:
    """A function's result as a cell shows it (an int as a float, a fraction as a float)."""
    return value if isinstance(value, str) else float(value)


def _block_header_text(n: float, pts: Value) -> str:
    if n == 0:
        return ""
    return (
        f"{text_of(n)} rated game{'' if n == 1 else 's'}, "
        f"{text_of(pts)} point{'' if pts == 1 else 's'}"
    )


def build(path: Path, data: RatingPeriod | None = None) -> None:
    """Write ``rating_calculator.xlsx``: blank (``data`` is ``None``) or filled in, every
    formula cell carrying the value it computes."""
    blank = data is None
    data = data or RatingPeriod()
    check(data)
    wb, fmt = common.new_workbook(path, title="FIDE rating change: one player's rating period")
    write_sheet(wb, fmt, extra_formats(wb, fmt), data, blank=blank)
    common.add_tables_sheet(wb, fmt)
    common.add_xlwings_conf_sheet(wb)
    wb.close()


def check(data: RatingPeriod) -> None:
    """Raise ``ValueError`` when *data* does not fit the sheet: more than
    :data:`MAX_TOURNAMENTS` tournaments, or more than :data:`MAX_GAMES` games in one."""
    if len(data.tournaments) > MAX_TOURNAMENTS:
        raise ValueError(f"at most {MAX_TOURNAMENTS} tournaments, got {len(data.tournaments)}")
    for t in data.tournaments:
        if len(t.games) > MAX_GAMES:
            raise ValueError(
                f"at most {MAX_GAMES} games per tournament, got {len(t.games)} in {t.name!r}"
            )


def _player_layout(data: RatingPeriod, v: RatingPeriodFigures, *, blank: bool) -> list[LayoutCell]:
    """The title, the repeated player line, the player (left) and what K depends on
    (middle), with K from the player's data."""
    name, fide_id = a1(R_NAME, V_COL), a1(R_ID, V_COL)
    new, change = a1(R_NEW, LAST_COL), a1(R_CHANGE, LAST_COL)
    cells = heading_cells(
        R_TITLE,
        R_LINE,
        "FIDE rating change: one player's rating period",
        f'=IF({name}="","Enter the player\'s data in the yellow cells.",'
        f'{name}&IF({fide_id}="","","  ·  FIDE ID "&{fide_id})'
        f'&IF(Rating="","","  ·  Ro "&Rating)'
        f'&IF({is_error_formula(new)},"",IF({new}="","",'
        f'"  ·  new rating "&{new}&" ("&IF({change}>0,"+","")'
        f'&{change}&")")))',
        v.line,
    )
    cells += labelled_inputs(
        (
            (R_NAME, "Player", data.name),
            (R_ID, "FIDE ID", data.fide_id),
            (R_FED, "Federation", data.federation),
        ),
        C_NAME,
        V_COL,
        V_COL + 3,
    )
    cells += labelled_inputs(
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
            LayoutCell(row, M_LABEL, "text", label, style="label", last_col=M_LABEL + 3),
            LayoutCell(row, M_VALUE, "value", value, style=style, last_col=M_VALUE + 1),
        ]
    before, birth, reached_cell, date = (
        a1(r, M_VALUE) for r in (R_BEFORE, R_BIRTH, R_REACHED, R_DATE)
    )
    return [
        *cells,
        LayoutCell(
            R_KDATA,
            M_LABEL,
            "text",
            "K from the player's data (K_FACTOR)",
            style="label",
            last_col=M_LABEL + 3,
        ),
        LayoutCell(
            R_KDATA,
            M_VALUE,
            "formula",
            f'=IF(OR(Rating="",{before}=""),"",'
            f"K_FACTOR(Rating,{before},{birth},{reached_cell},{date}))",
            v.k_data,
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


def _summary_layout(v: RatingPeriodFigures, rules_name: str) -> list[LayoutCell]:
    """The period's summary: n, K (K × n ≤ 700), the sums over the tournaments, K × Σ (W −
    PD), the change (one ELO_CHANGE over every game) and the new rating."""
    totals_rows = _TOTALS_ROWS
    k_requested = (
        f'IF({a1(R_KOVER, M_VALUE, absolute=True)}<>"",'
        f"{a1(R_KOVER, M_VALUE, absolute=True)},"
        f"{a1(R_KDATA, M_VALUE, absolute=True)})"
    )
    n_cell = a1(R_SUM, C_STATUS, absolute=True)
    tournaments = "+".join(f"IF({a1(t, C_STATUS)}>0,1,0)" for t in totals_rows)
    first, last = _block_row(0) + 2, _block_row(MAX_TOURNAMENTS - 1) + 1 + MAX_GAMES
    period = ",".join(
        f"{a1(first, C_PERIOD + j, absolute=True)}:{a1(last, C_PERIOD + j, absolute=True)}"
        for j in range(3)
    )
    *games, labels = period.split(",")
    elo_change = f"ELO_CHANGE(Rating,{','.join(games)},K_used,{rules_name},{{rounded}},{labels})"
    change = a1(R_CHANGE, LAST_COL)

    def sums(col: int) -> str:
        return ",".join(a1(t, col) for t in totals_rows)

    return [
        LayoutCell(
            R_SUMHEAD,
            0,
            "text",
            "Rating period (all tournaments)",
            style="header",
            last_col=C_RESULT,
        ),
        *(
            LayoutCell(R_SUMHEAD, col, "text", text, style="header")
            for col, text in SUMMARY_HEADERS
        ),
        LayoutCell(
            R_SUM,
            0,
            "formula",
            f'=IF(Rating="","",IF({k_requested}="","K unknown: enter the rated games '
            f'before the period, or a K",{n_cell}&" rated games in "&({tournaments})'
            f'&" tournament(s); K "&{k_requested}&IF(K_used<{k_requested},'
            f'" lowered to "&K_used&" so that K × n ≤ 700","")))',
            v.summary,
            "left",
            last_col=C_RESULT,
        ),
        LayoutCell(
            R_SUM,
            C_STATUS,
            "formula",
            "=" + "+".join(a1(t, C_STATUS) for t in totals_rows),
            v.n,
            "number",
        ),
        LayoutCell(
            R_SUM,
            C_USED,
            "formula",
            f'=IF({k_requested}="","",K_FOR_GAMES({k_requested},{n_cell}))',
            v.k_used,
            "big",
        ),
        LayoutCell(R_SUM, C_W, "formula", f"=SUM({sums(C_W)})", v.sum_w, "total"),
        LayoutCell(R_SUM, C_PD, "formula", f"=ROUND(SUM({sums(C_PD)}),2)", v.sum_pd, "two"),
        LayoutCell(
            R_SUM, C_DIFF, "formula", f"=ROUND(SUM({sums(C_DIFF)}),2)", v.sum_diff, "signed_two"
        ),
        LayoutCell(
            R_SUM,
            C_KDIFF,
            "formula",
            f'=IF(K_used="","",IF(Rating="",0,{elo_change.format(rounded="FALSE")}))',
            v.k_times,
            "signed_two",
        ),
        LayoutCell(
            R_CHANGE,
            C_STATUS,
            "text",
            "Rating change (rounded once, ½ away from 0)",
            style="label",
            last_col=C_DIFF,
        ),
        LayoutCell(
            R_CHANGE,
            LAST_COL,
            "formula",
            f'=IF(OR(Rating="",K_used=""),"",{elo_change.format(rounded="TRUE")})',
            v.change,
            "signed",
        ),
        LayoutCell(
            R_NEW, C_STATUS, "text", "New rating: Ro + change", style="label", last_col=C_DIFF
        ),
        LayoutCell(
            R_NEW,
            LAST_COL,
            "formula",
            f'=IF({change}="","",Rating+{change})',
            v.new,
            "big",
        ),
        LayoutCell(R_CHANGE, 0, "text", LEGEND, style="note", last_row=R_NEW, last_col=C_RESULT),
    ]


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
    :func:`~.player_sheets.extra_formats` of *wb*); the workbook's FIDE tables and xlwings
    sheets are the caller's. *local*: the sheet's names (``Rating``, ``K_used``, ``Rules``,
    ``Games``) are defined for this sheet only, so that many such sheets share a workbook
    (the one-player template defines them for the workbook, and activates the sheet)."""
    check(data)
    v = _figures(data)
    ws = wb.add_worksheet(sheet)

    def define(name: str, ref: str) -> None:
        wb.define_name(f"'{sheet}'!{name}" if local else name, f"='{sheet}'!{ref}")

    ws.hide_gridlines(2)
    ws.set_default_row(12.75)
    for col, width in (
        (C_NO, 4),
        (C_NAME, 26),
        (C_TITLE, 6),
        (C_FED, 6),
        (C_RATING, 8),
        (C_RESULT, 7),
        (C_STATUS, 9),
        (C_USED, 9),
        (C_W, 6),
        (C_PD, 7),
        (C_DIFF, 9),
        (C_KDIFF, 12),
        (LAST_COL + 1, 2),
    ):
        ws.set_column(col, col, width)
    hide_helper_columns(ws, C_HELP, C_PERIOD + 2, 10)

    note(ws, fmt, R_NOTE, 0, LAST_COL, HOW_TO, height=54)
    ws.set_row(R_TITLE, 20)
    write_layout(ws, _player_layout(data, v, blank=blank), fmt, x)
    rating_validation(ws, R_RATING, V_COL, R_RATING)
    define("Rating", a1(R_RATING, V_COL, absolute=True))
    rules_name = common.settings_block(wb, ws, fmt, R_RULES, C_NAME, rules=v.rules, local=local)
    ws.data_validation(
        R_BEFORE,
        M_VALUE,
        R_BEFORE,
        M_VALUE,
        {
            "validate": "integer",
            "criteria": ">=",
            "value": 0,
            "input_title": "Rated games",
            "input_message": "Games rated before this period (K is 40 until the player has 30).",
            "error_message": "A whole number, 0 or more.",
        },
    )
    ws.data_validation(
        R_BIRTH,
        M_VALUE,
        R_BIRTH,
        M_VALUE,
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 1900,
            "maximum": 2100,
            "error_message": "A year, e.g. 2009.",
        },
    )
    ws.data_validation(
        R_REACHED,
        M_VALUE,
        R_REACHED,
        M_VALUE,
        {"validate": "list", "source": ["yes", "no"], "error_message": "yes or no"},
    )
    ws.data_validation(
        R_DATE,
        M_VALUE,
        R_DATE,
        M_VALUE,
        {
            "validate": "date",
            "criteria": ">",
            "value": _dt.date(1970, 1, 1),
            "input_message": "For the junior rule: K 40 to the end of the year of the 18th "
            "birthday while under 2300.",
            "error_message": "A date.",
        },
    )
    ws.data_validation(
        R_KOVER,
        M_VALUE,
        R_KOVER,
        M_VALUE,
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 1,
            "maximum": 40,
            "input_message": "Overrides the K computed above (still lowered so that K × n ≤ 700).",
            "error_message": "A whole number 1..40.",
        },
    )
    # The period's summary.
    ws.set_row(R_SUMHEAD, 27)
    write_layout(ws, _summary_layout(v, rules_name), fmt, x)
    define("K_used", a1(R_SUM, C_USED, absolute=True))
    # Below the floor the new rating is not a rating the list carries: the player is
    # unrated again (core's floor_note, through UNRATED_AGAIN); the number is struck out.
    mark = wb.add_format({"font_color": "#9C0006", "bold": True, "align": "right"})
    ws.merge_range(R_FLOOR, C_STATUS, R_FLOOR, LAST_COL, "", mark)
    write_formula(
        ws,
        R_FLOOR,
        C_STATUS,
        f'=IF(OR(Rating="",{a1(R_CHANGE, LAST_COL)}=""),"",'
        f"UNRATED_AGAIN(Rating,{a1(R_CHANGE, LAST_COL)},{rules_name}))",
        mark,
        v.floor,
    )
    ws.conditional_format(
        R_NEW,
        LAST_COL,
        R_NEW,
        LAST_COL,
        {
            "type": "formula",
            "criteria": f'={a1(R_FLOOR, C_STATUS, absolute=True)}<>""',
            "format": wb.add_format({"font_strikeout": True, "font_color": "#9C0006"}),
        },
    )
    ws.conditional_format(
        R_CHANGE,
        LAST_COL,
        R_CHANGE,
        LAST_COL,
        {"type": "cell", "criteria": ">", "value": 0, "format": x["yes"]},
    )
    ws.conditional_format(
        R_CHANGE,
        LAST_COL,
        R_CHANGE,
        LAST_COL,
        {"type": "cell", "criteria": "<", "value": 0, "format": x["no"]},
    )

    # The tournaments.
    for i in range(MAX_TOURNAMENTS):
        _write_block(wb, ws, fmt, x, i, data, v.blocks[i], rules_name)
    define("Games", f"$A${_block_row(0) + 1}:$L${_TOTALS_ROWS[-1] + 1}")

    ws.freeze_panes(R_NOTE, 0)
    ws.print_area(0, 0, _TOTALS_ROWS[-1], LAST_COL)
    common.print_setup(ws, landscape=True, repeat_rows=(R_TITLE, R_LINE))
    ws.set_h_pagebreaks([_block_row(i) for i in (1, 3, 5)])
    common.protect(ws)
    if not local:
        ws.activate()
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


def _block_layout(i: int, event: TournamentGames, b: _Block) -> list[LayoutCell]:
    """Tournament *i*'s header (name, end date, a count of rated games), its column titles
    and its fifteen game rows: input cells, the rated column, ELO_DETAIL's figures by
    INDEX, W, and the game again in the hidden columns of the period's ELO_CHANGE."""
    top = _block_row(i)
    r0, r1 = top + 2, top + 1 + MAX_GAMES
    total = r1 + 1
    n_ref, w_ref = a1(total, C_STATUS), a1(total, C_W)
    cells = [
        LayoutCell(top, 0, "text", f"Tournament {i + 1}", style="section", last_col=1),
        LayoutCell(top, C_TITLE, "text", event.name, style="input_text", last_col=C_RESULT),
        LayoutCell(top, C_STATUS, "text", "Ends on", style="total_label"),
        LayoutCell(top, C_USED, "value", event.end_date, style="input_date", last_col=C_W),
        LayoutCell(
            top,
            C_PD,
            "formula",
            f'=IF({n_ref}=0,"",{n_ref}&" rated game"&IF({n_ref}=1,"","s")&", "&{w_ref}'
            f'&" point"&IF({w_ref}=1,"","s"))',
            _block_header_text(b.n, b.totals[0]),
            "section",
            last_col=C_KDIFF,
        ),
        *(
            LayoutCell(top + 1, col, "text", text, style="header")
            for col, text in enumerate(BLOCK_HEADERS)
        ),
        *(
            LayoutCell(top + 1, C_HELP + j, "text", text, style="helper_header")
            for j, text in enumerate(DETAIL_HEADERS)
        ),
    ]
    if i == 0:  # above the period's range, which runs through every block
        cells += [
            LayoutCell(top + 1, C_PERIOD + j, "text", text, style="helper_header")
            for j, text in enumerate(PERIOD_HEADERS)
        ]
    helper = f"{a1(r0, C_HELP, absolute=True)}:{a1(r1, C_HELP + 3, absolute=True)}"
    games = list(event.games)
    for k in range(MAX_GAMES):
        row = r0 + k
        g: Game | None = games[k] if k < len(games) else None
        st = a1(row, C_STATUS)
        index = f'COUNTIF({a1(r0, C_STATUS, absolute=True)}:{st},"{COUNTED}")'
        cells += [
            *game_input_cells(row, k + 1, g, _GAME_COLUMNS, b.statuses[k]),
            # +0 turns an error that arrives as text into an error value, so that the sums
            # show it too
            *(
                LayoutCell(
                    row,
                    col,
                    "formula",
                    f'=IF({st}="{COUNTED}",INDEX({helper},{index},{j})+0,"")',
                    b.rows[k][0 if j == 1 else j],
                    style,
                )
                for col, j, style in _DETAIL_COLUMNS
            ),
            LayoutCell(
                row,
                C_W,
                "formula",
                f'=IF({st}="{COUNTED}",{points_formula(a1(row, C_RESULT))},"")',
                b.rows[k][1],
                "w",
            ),
            *(  # the game, for the period's ELO_CHANGE
                LayoutCell(
                    row,
                    C_PERIOD + j,
                    "formula",
                    f'=IF({a1(row, col)}="","",{a1(row, col)})',
                    "" if value is None else value,
                    "computed_decimal",
                )
                for j, (col, value) in enumerate(
                    ((C_RATING, b.ratings[k]), (C_RESULT, b.results[k]))
                )
            ),
            LayoutCell(row, C_PERIOD + 2, "value", i + 1, style="computed_decimal"),
        ]
    return cells


def _write_block(
    wb: Workbook,
    ws: Worksheet,
    fmt: common.Formats,
    x: dict[str, Format],
    i: int,
    data: RatingPeriod,
    b: _Block,
    rules_name: str,
) -> None:
    top = _block_row(i)
    r0, r1 = top + 2, top + 1 + MAX_GAMES
    total = r1 + 1
    event = data.tournaments[i] if i < len(data.tournaments) else TournamentGames()
    write_layout(ws, _block_layout(i, event, b), fmt, x)
    ws.set_row(top + 1, 24)
    ratings_range = span(r0, C_RATING, r1, absolute=True)
    results_range = span(r0, C_RESULT, r1, absolute=True)
    status_range = span(r0, C_STATUS, r1, absolute=True)
    write_array_block(
        ws,
        r0,
        C_HELP,
        r1,
        C_HELP + 3,
        f"{{=ELO_DETAIL(Rating,{ratings_range},{results_range},K_used,{rules_name})}}",
        fmt.computed_decimal,
        b.detail,
    )

    # Validation and formatting of the input rows.
    rating_validation(ws, r0, C_RATING, r1)
    common.validate_results(ws, r0, C_RESULT, r1, C_RESULT)
    ws.data_validation(
        r0,
        C_TITLE,
        r1,
        C_TITLE,
        {
            "validate": "list",
            "source": list(TITLE_CHOICES),
            "error_type": "warning",
            "error_message": "A FIDE title: GM, IM, FM, CM, WGM, WIM, WFM or WCM.",
        },
    )
    common.results_formatting(wb, ws, r0, C_RESULT, r1, C_RESULT)
    used, rating_cell = a1(r0, C_USED), a1(r0, C_RATING)
    ws.conditional_format(
        r0,
        C_USED,
        r1,
        C_USED,
        {
            "type": "formula",
            "criteria": f'=AND({a1(r0, C_STATUS)}="{COUNTED}",{used}<>{rating_cell})',
            "format": x["capped"],
        },
    )
    ws.conditional_format(
        r0,
        C_STATUS,
        r1,
        C_STATUS,
        {
            "type": "formula",
            "criteria": f'=AND({a1(r0, C_STATUS)}<>"",{a1(r0, C_STATUS)}<>"{COUNTED}")',
            "format": x["muted"],
        },
    )

    # Totals, and the reason when ELO_DETAIL fails.
    ws.merge_range(total, 0, total, C_RESULT, "", x["total_label"])
    write_formula(
        ws,
        total,
        0,
        f'=IF(AND(OR({a1(total, C_STATUS)}>0,COUNTIF({status_range},"invalid")>0),'
        f'{is_error_formula(a1(r0, C_HELP, absolute=True))}),EXPLAIN_ERROR("ELO_DETAIL",'
        f"Rating,{ratings_range},{results_range},K_used,{rules_name}),"
        f'"Tournament {i + 1}: sums")',
        x["total_label"],
        b.message or f"Tournament {i + 1}: sums",
    )
    ws.conditional_format(
        total,
        0,
        total,
        0,
        {
            "type": "formula",
            "criteria": f'=LEFT({a1(total, 0)},11)="ELO_DETAIL:"',
            "format": x["error"],
        },
    )
    write_formula(ws, total, C_STATUS, f'=COUNTIF({status_range},"{COUNTED}")', x["count"], b.n)
    write_text(ws, total, C_USED, None, x["total"])
    n_total = a1(total, C_STATUS)
    write_formula(
        ws,
        total,
        C_W,
        f'=IF({n_total}=0,"",SUM({span(r0, C_W, r1)}))',
        x["total"],
        b.totals[0] if b.n else "",
    )
    for col, j in ((C_PD, 1), (C_DIFF, 2), (C_KDIFF, 3)):
        write_formula(
            ws,
            total,
            col,
            f'=IF({n_total}=0,"",ROUND(SUM({span(r0, col, r1)}),2))',
            x["total_two"] if col == C_PD else x["total_signed"],
            b.totals[j] if b.n else "",
        )
