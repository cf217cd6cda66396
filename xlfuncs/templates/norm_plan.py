"""``norm_plan.xlsx``: a norm event planned before it starts, from its field.

Sheet ``Norm plan``: title, summary and how-to; the event (system, rounds, host federation,
rules edition); forty player rows (name, rating, title, federation, sex) and one
``NORM_PLAN`` call for GM, IM, WGM and WIM (the fewest points a norm needs, else what blocks
it, blank where the player cannot seek it); one more row, the player the organiser could add,
and a second ``NORM_PLAN`` call with that player. The planning is core's
(:mod:`xlfuncs.core.norm_plan`); both calls sit in hidden columns shown by plain formulas, as
the charts' do (docs/templates.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..core.editions import DEFAULT_EDITION
from ..core.norm_plan import PlanPlayer
from ..core.titles import FIDE_TITLES
from ..excel import functions as excel_functions
from ..excel.norm_plan import PLAN_TITLES
from . import common
from .common import cell, write_array_block, write_formula, write_text, write_value
from .player_sheets import add_player_sheet, extra_formats, note, rating_validation, span

__all__ = ["MAX_PLAYERS", "SHEET", "PlanSheetData", "build"]

MAX_PLAYERS: Final = 40
SHEET: Final = "Norm plan"

C_NO, C_NAME, C_RATING, C_TITLE, C_FED, C_SEX = range(6)
C_PLAN = C_SEX + 1  # GM, IM, WGM, WIM
C_GAP = C_PLAN + len(PLAN_TITLES)
C_MORE = C_GAP + 1  # the same with one more player
LAST_COL = C_MORE + len(PLAN_TITLES) - 1
H_PLAN = LAST_COL + 1  # hidden: the two calls' arrays, shown by the columns above
H_MORE = H_PLAN + len(PLAN_TITLES)
H_LAST = H_MORE + len(PLAN_TITLES) - 1

R_TITLE, R_LINE, R_NOTE = 0, 1, 2
R_SYSTEM, R_ROUNDS, R_HOST, R_RULES = 3, 4, 5, 6
R_GROUP = 8
R_HEAD = R_GROUP + 1
R_FIRST = R_HEAD + 1
R_LAST = R_FIRST + MAX_PLAYERS - 1
R_ADDED = R_LAST + 1
R_KEY = R_ADDED + 2

HOW_TO = (
    "How to use: choose the system (rr: each player meets every other; drr: twice; "
    "swiss: give the rounds), the host federation (for a Swiss, 1.4.3d) and the rules, "
    "and fill one yellow row per player (rating 0 = unrated; title GM ... WCM; "
    "federation; sex w for the WGM and WIM norms). Each norm shows the fewest points it "
    "needs when the field allows it, else what blocks it. The last yellow row is a player "
    "you could add: the right-hand block shows every norm with that player in the field."
)

KEY = (
    "no: federations = the federation mix (1.4.3-1.4.4: 2 other federations, at most 3/5 own, "
    "2/3 one); titles = too few title holders (1.4.5: half titled, a third with the norm's "
    "title); Ra = the average rating (1.4.7); rounds = fewer than 9 games (1.4.1); players = "
    "fewer opponents than rounds; federation? = the player's federation not given. In a Swiss "
    "the points are against the strongest opponents that meet the mix."
)

SYSTEM_CHOICES: Final = ("rr", "drr", "swiss")

COLUMN_WIDTHS: Final = (
    (C_NO, 5),
    (C_NAME, 26),
    (C_RATING, 7),
    (C_TITLE, 6),
    (C_FED, 6),
    (C_SEX, 5),
    *((col, 13) for col in range(C_PLAN, LAST_COL + 1) if col != C_GAP),
    (C_GAP, 2),
)


@dataclass(frozen=True)
class PlanSheetData:
    """A field to plan (at most :data:`MAX_PLAYERS` players), the event (``system`` ``rr``,
    ``drr`` or ``swiss`` with its ``rounds``; ``rules`` ``None``: the edition in force), and
    the player the organiser could add."""

    players: Sequence[PlanPlayer] = field(default_factory=tuple)
    system: str = "rr"
    rounds: int | None = None
    host_federation: str = ""
    rules: str | None = None
    added: PlanPlayer | None = None


def _rows(data: PlanSheetData) -> list[PlanPlayer | None]:
    """The player rows, from the first to the added player's (``None``: an empty row)."""
    return [*data.players, *[None] * (MAX_PLAYERS - len(data.players)), data.added]


def _column(players: Sequence[PlanPlayer | None], pick: Any) -> list[list[Any]]:
    """One column of cells as a function receives it (blank: an empty row)."""
    return [[pick(p) if p is not None else None] for p in players]


def _plan(data: PlanSheetData, rows: int, rules: str, added: bool) -> list[list[Any]]:
    """What the ``NORM_PLAN`` call over *rows* rows gives (the cached values)."""
    if not data.players and not (added and data.added):
        return [[""] * len(PLAN_TITLES) for _ in range(rows)]
    people = _rows(data)[:rows]
    found = excel_functions.NORM_PLAN(
        _column(people, lambda p: float(p.rating or 0)),
        _column(people, lambda p: p.title or None),
        _column(people, lambda p: p.federation or None),
        _column(people, lambda p: "w" if p.female else "m"),
        _rounds_cell(data),
        data.host_federation or None,
        rules,
    )
    if isinstance(found, str):  # an error value: every cell shows it
        return [[found] * len(PLAN_TITLES) for _ in range(rows)]
    return [list(row) for row in found]


def _rounds_cell(data: PlanSheetData) -> Any:
    """What the sheet's ``IF(System="swiss", Rounds, System)`` gives ``NORM_PLAN``."""
    if data.system == "swiss":
        return None if data.rounds is None else float(data.rounds)
    return data.system


def build(path: Path, data: PlanSheetData | None = None) -> None:
    """Write ``norm_plan.xlsx``: blank (``data`` is ``None``) or filled in, every formula
    cell carrying the value it computes."""
    data = data or PlanSheetData()
    if len(data.players) > MAX_PLAYERS:
        raise ValueError(f"at most {MAX_PLAYERS} players, got {len(data.players)}")
    wb, fmt = common.new_workbook(path, title="FIDE title norms: an event planned")
    shown = extra_formats(wb, fmt)["points"]
    ws = add_player_sheet(wb, SHEET, COLUMN_WIDTHS, (H_PLAN, H_LAST, 13))
    write_text(ws, R_TITLE, 0, "Norm event plan: who can still make a norm", fmt.title)
    write_text(
        ws,
        R_LINE,
        0,
        "Each player's chance of each title norm with this field and these rounds "
        "(FIDE Title Regulations B.01)",
        fmt.subtitle,
    )
    note(ws, fmt, R_NOTE, 0, LAST_COL, HOW_TO, height=40)
    _event(wb, ws, fmt, data)
    _field(ws, fmt, data)
    system, rounds, host = (
        cell(r, C_NAME + 1, absolute=True) for r in (R_SYSTEM, R_ROUNDS, R_HOST)
    )
    rules_id = data.rules or DEFAULT_EDITION.id
    for hidden, shown_col, last_row, added in (
        (H_PLAN, C_PLAN, R_LAST, False),
        (H_MORE, C_MORE, R_ADDED, True),
    ):
        inputs = ",".join(
            span(R_FIRST, col, last_row, absolute=True) for col in (C_RATING, C_TITLE, C_FED, C_SEX)
        )
        formula = f'{{=NORM_PLAN({inputs},IF({system}="swiss",{rounds},{system}),{host},Rules)}}'
        cached = _plan(data, last_row - R_FIRST + 1, rules_id, added=added)
        # over hidden columns, shown row by row in the visible ones (as the charts' arrays:
        # docs/templates.md)
        last = hidden + len(PLAN_TITLES) - 1
        write_array_block(ws, R_FIRST, hidden, last_row, last, formula, shown, cached)
        for i, row in enumerate(cached):
            for j, value in enumerate(row):
                ref = cell(R_FIRST + i, hidden + j)
                show = f'=IF(ISERROR({ref}),"",IF({ref}="","",{ref}))'
                write_formula(ws, R_FIRST + i, shown_col + j, show, shown, value)
    note(ws, fmt, R_KEY, 0, LAST_COL, KEY, height=40)
    common.finish_sheet(ws, R_HEAD + 1, R_KEY, LAST_COL)
    common.close_workbook(wb, fmt)


def _event(wb: Any, ws: Any, fmt: common.Formats, data: PlanSheetData) -> None:
    """The event's inputs: system, rounds, host federation (each a named cell) and the rules
    edition (``Rules``)."""
    value = C_NAME + 1
    for row, label in ((R_SYSTEM, "System"), (R_ROUNDS, "Rounds"), (R_HOST, "Host federation")):
        ws.write_string(row, C_NAME, label, fmt.label)
    ws.write_string(R_SYSTEM, value, data.system, fmt.input_center)
    ws.data_validation(
        cell(R_SYSTEM, value),
        {
            "validate": "list",
            "source": list(SYSTEM_CHOICES),
            "input_title": "System",
            "input_message": "rr: a round robin (each meets every other); drr: a double one; "
            "swiss: give the rounds",
            "error_title": "System",
            "error_message": "Choose rr, drr or swiss.",
        },
    )
    write_value(ws, R_ROUNDS, value, data.rounds, fmt.input_number)
    ws.data_validation(
        cell(R_ROUNDS, value),
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 1,
            "maximum": 99,
            "input_title": "Rounds",
            "input_message": "A Swiss's rounds (a round robin's follow from the field)",
            "error_title": "Rounds",
            "error_message": "A whole number of rounds.",
        },
    )
    write_value(ws, R_HOST, value, data.host_federation or None, fmt.input_center)
    common.settings_block(wb, ws, fmt, R_RULES, C_NAME, rules=data.rules, rates=False)


def _field(ws: Any, fmt: common.Formats, data: PlanSheetData) -> None:
    """The headers and the player rows (inputs), the added player's row last."""
    ws.merge_range(R_GROUP, C_PLAN, R_GROUP, C_PLAN + 3, "This field", fmt.group)
    ws.merge_range(R_GROUP, C_MORE, R_GROUP, LAST_COL, "With the player added", fmt.group)
    heads = ["No.", "Name", "Rating", "Title", "Fed", "Sex"]
    for col, text in enumerate(heads):
        ws.write_string(R_HEAD, col, text, fmt.header)
    for j, t in enumerate(PLAN_TITLES):
        ws.write_string(R_HEAD, C_PLAN + j, f"{t} norm", fmt.header)
        ws.write_string(R_HEAD, C_MORE + j, f"{t} norm", fmt.header)
    for i, p in enumerate(_rows(data)):
        row = R_FIRST + i
        if row == R_ADDED:
            ws.write_string(row, C_NO, "+", fmt.fixed)
        else:
            ws.write_number(row, C_NO, i + 1, fmt.fixed)
        name = "" if p is None else p.name
        write_text(ws, row, C_NAME, name, fmt.input_text)
        rating = None if p is None else float(p.rating or 0)
        write_value(ws, row, C_RATING, rating, fmt.input_number)
        for col, text in (
            (C_TITLE, "" if p is None else p.title),
            (C_FED, "" if p is None else p.federation),
            (C_SEX, "" if p is None else ("w" if p.female else "m")),
        ):
            write_text(ws, row, col, text, fmt.input_center)
    rating_validation(ws, R_FIRST, C_RATING, R_ADDED)
    ws.data_validation(
        span(R_FIRST, C_TITLE, R_ADDED),
        {
            "validate": "list",
            "source": list(FIDE_TITLES),
            "input_title": "Title",
            "input_message": "The FIDE title held; blank: none",
            "error_title": "Title",
            "error_message": "Choose a FIDE title or leave it blank.",
        },
    )
    ws.data_validation(
        span(R_FIRST, C_SEX, R_ADDED),
        {
            "validate": "list",
            "source": ["m", "w"],
            "input_title": "Sex",
            "input_message": "w: a woman (the WGM and WIM norms)",
            "error_title": "Sex",
            "error_message": "m or w.",
        },
    )
