"""``initial_rating.xlsx``: the first rating of an unrated player, from games across
events (sheet ``First rating``: the player, thirty game rows, the chosen edition's rules
looked up on the ``Editions`` sheet, the calculation in plain formulas and ``BLOQUE``'s first
rating, and whether it would be published; ``docs/templates.md``).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from xlsxwriter.format import Format
from xlsxwriter.workbook import Workbook
from xlsxwriter.worksheet import Worksheet

from ..core.editions import EDITIONS
from . import common
from . import player_sheets as ps
from .cell_formula import Area, Expr, Name, Paren, Ref, blank_or, call, concat, if_, op
from .common import write_text, write_value
from .player_sheets import COUNTED, RULES, Game, LayoutCell, TournamentGames, Value, formula_cell

__all__ = ["MAX_GAMES", "TournamentGames", "FirstRatingData", "Game", "build"]

MAX_GAMES: Final = 30
SHEET: Final = "First rating"
EDITIONS_SHEET: Final = "Editions"

C_NO, C_EVENT, C_NAME, C_RATING, C_RESULT, C_STATUS, C_W = range(7)
_GAME_COLUMNS: Final = ps.GameColumns(C_NO, C_NAME, C_RATING, C_RESULT, C_STATUS)
C_LABEL, C_VALUE, C_RAW = 8, 9, 10  # the panel; C_RAW: hidden raw lookups
LAST_COL = C_VALUE

_, _, R_NOTE, R_NAME, R_ID, R_FED = ps.HEAD_ROWS
R_RULES, R_SYSTEM, R_EDITION = 3, 4, 5
R_HEAD = 7
R_FIRST = R_HEAD + 1
R_LAST = R_FIRST + MAX_GAMES - 1

# The panel (rows of C_LABEL / C_VALUE).
P_RULES = R_HEAD
P_FLOOR, P_HYP, P_BONUS, P_RR, P_MAX, P_ZERO, P_MIN = range(P_RULES + 1, P_RULES + 8)
P_CALC = P_MIN + 2
(P_NR, P_PR, P_NU, P_H, P_N, P_S, P_RA, P_P, P_RULE, P_DP, P_RU) = range(P_CALC + 1, P_CALC + 12)
P_RESULT = P_RU + 2
P_FIRST, P_PUBLISHED, P_WHY = P_RESULT + 1, P_RESULT + 2, P_RESULT + 3
P_WHY_LAST = P_WHY + 2

HOW_TO = (
    "How to use: fill the yellow cells: the player, the rules edition and one row per game "
    "(event, opponent's rating, blank = unrated, and result: 1, ½ or =, 0; + / - forfeits "
    "and byes are listed but do not count). Games against unrated opponents do not count "
    "(except under the 2017 round-robin rule). The first rating is BLOQUE's; the lines above "
    "it show the edition's calculation step by step."
)

_EDITION_COLUMNS = (
    "Edition",
    "In force",
    "Rating floor",
    "Hypothetical opponents",
    "Their rating",
    "Points per half point above 50 % (0: Ra + dp)",
    "Round robin below 50 %: dp × n/(n+1)",
    "Highest first rating",
    "Games against rated opponents needed",
    "Zero score in the first event disregarded",
)


@dataclass(frozen=True)
class FirstRatingData(ps.PlayerEntered):
    """An unrated player's games, event by event (at most 30 games in all). ``system`` is
    ``"swiss"`` or ``"rr"`` (round robin; only the 2017 rule differs); ``rules`` an edition
    id (``None``: the edition in force)."""

    system: str = "swiss"
    events: Sequence[TournamentGames] = field(default_factory=tuple)


def _system_cell(system: str) -> str:
    return (
        "round robin" if system.strip().lower() in ("rr", "round robin", "round-robin") else "Swiss"
    )


def _edition_row(edition_id: str) -> list[Value]:
    e = EDITIONS[edition_id]

    def day(d: _dt.date) -> str:
        return f"{d.day} {d:%b %Y}"

    until = day(e.in_force_until) if e.in_force_until else "today"
    return [
        e.id,
        f"{day(e.in_force_from)} – {until}",
        float(e.rating_floor),
        float(e.first_rating_hypothetical_draws),
        float(e.hypothetical_rating),
        float(e.first_rating_bonus_per_half_point),
        "yes" if e.first_rating_round_robin_factor else "no",
        "none" if e.first_rating_maximum is None else float(e.first_rating_maximum),
        float(e.first_rating_min_games),
        "yes" if e.zero_score_disregarded else "no",
    ]


def _editions_sheet(wb: Workbook, fmt: common.Formats) -> None:
    ws = wb.add_worksheet(EDITIONS_SHEET)
    ws.set_default_row(12.75)
    write_text(ws, 0, 0, "FIDE rules editions: what differs for a first rating", fmt.title)
    ws.set_row(0, 20)
    write_text(
        ws,
        1,
        0,
        "The First rating sheet looks up the chosen edition here (read "
        "only; see xlfuncs.core.editions).",
        fmt.subtitle,
    )
    for col, text in enumerate(_EDITION_COLUMNS):
        write_text(ws, 3, col, text, fmt.header)
    ws.set_row(3, 54)
    for i, edition_id in enumerate(EDITIONS):
        for col, value in enumerate(_edition_row(edition_id)):
            cell_format = fmt.computed if isinstance(value, float) else fmt.computed_text
            write_value(ws, 4 + i, col, value, cell_format)
    last = 4 + len(EDITIONS) - 1
    wb.define_name("Editions", f"='{EDITIONS_SHEET}'!$A$5:$J${last + 1}")
    ws.set_column(0, 0, 8)
    ws.set_column(1, 1, 24)
    ws.set_column(2, 9, 12)
    common.protect(ws)
    common.print_setup(ws, landscape=True, repeat_rows=(3, 3))


COLUMN_WIDTHS: Final = (
    (C_NO, 4),
    (C_EVENT, 20),
    (C_NAME, 20),
    (C_RATING, 8),
    (C_RESULT, 7),
    (C_STATUS, 9),
    (C_W, 5),
    (C_W + 1, 2),
    (C_LABEL, 37),
    (C_VALUE, 27),
)

# The references the panel's formulas use.
_SYSTEM = Ref(R_SYSTEM, C_VALUE, absolute=True)
_EDITION = Ref(R_EDITION, C_VALUE, absolute=True)
_FIRST = Ref(P_FIRST, C_VALUE)
_RATINGS, _RESULTS, _STATUSES, _WS = (
    Area(R_FIRST, col, R_LAST, col, absolute=True) for col in (C_RATING, C_RESULT, C_STATUS, C_W)
)
_RAW_ROWS = (P_FLOOR, P_HYP, P_RULES, P_BONUS, P_RR, P_MAX, P_ZERO, P_MIN)
"""Where the hidden column holds the edition's figures: floor, h, their rating, bonus, rr,
max, zero, min."""
_RAW_COLS = (3, 4, 5, 6, 7, 8, 10, 9)
"""The ``Editions`` column of each (floor, h, their rating, bonus, rr, max, zero, min)."""
_FLOOR, _HYP, _HR, _BONUS, _RR, _MAXIMUM, _ZERO, _MINIMUM = (
    Ref(row, C_RAW, absolute=True) for row in _RAW_ROWS
)
_NR, _NU = Ref(P_NR, C_VALUE, absolute=True), Ref(P_NU, C_VALUE, absolute=True)
_PU = Ref(P_NU, C_RAW, absolute=True)
_RRC = Ref(P_N, C_RAW, absolute=True)
_BONUS_ACTIVE = Ref(P_RULE, C_RAW, absolute=True)
_H, _N, _S = (Ref(r, C_VALUE, absolute=True) for r in (P_H, P_N, P_S))
_RA, _DP = Ref(P_RA, C_VALUE, absolute=True), Ref(P_DP, C_VALUE, absolute=True)


def _section(row: int, text: str) -> LayoutCell:
    return ps.text_cell(row, C_LABEL, text, "section", last_col=C_VALUE)


def _line(
    row: int, label: str, expr: Expr, style: str = "computed_text"
) -> tuple[LayoutCell, LayoutCell]:
    """A panel line: the label, and the formula."""
    return (ps.text_cell(row, C_LABEL, label, "label"), formula_cell(row, C_VALUE, expr, style))


def _head_layout(data: FirstRatingData) -> list[LayoutCell]:
    """Title, the one-line summary, the player and the settings beside the rules edition."""
    shown = concat("  ·  first rating ", _FIRST, " (rules ", Ref(R_EDITION, C_VALUE), ")")
    return [
        *ps.player_head(
            data,
            (C_EVENT, C_NAME, C_STATUS),
            "First rating of an unrated player (FIDE)",
            "Enter the player's games in the yellow cells.",
            if_(ps.is_error_expr(_FIRST), "", blank_or(_FIRST, shown)),
        ),
        ps.text_cell(R_SYSTEM, C_LABEL, "Kind of event (only the 2017 rules differ)", "label"),
        ps.text_cell(R_SYSTEM, C_VALUE, _system_cell(data.system), "input_center"),
        ps.text_cell(R_EDITION, C_LABEL, "Edition applied", "label"),
        formula_cell(R_EDITION, C_VALUE, ps.EDITION_APPLIED, "computed_text"),
    ]


def _games_layout(data: FirstRatingData) -> list[LayoutCell]:
    """The header and the thirty game rows: input cells and the counted column."""
    rows: list[tuple[str, Game]] = [(e.name, g) for e in data.events for g in e.games]
    cells = [
        ps.text_cell(R_HEAD, col, text, "header")
        for col, text in enumerate(("#", "Event", "Opponent", "Rating", "Result", "Counted?", "W"))
    ]
    for k in range(MAX_GAMES):
        row = R_FIRST + k
        event, g = rows[k] if k < len(rows) else ("", None)
        st = Ref(row, C_STATUS)
        counted = call("OR", op("=", st, COUNTED), op("=", st, "unrated"))
        cells += [
            *ps.game_input_cells(row, k + 1, g, _GAME_COLUMNS),
            ps.text_cell(row, C_EVENT, event if g else None, "input_text"),
            formula_cell(row, C_W, if_(counted, ps.points_expr(Ref(row, C_RESULT)), ""), "w"),
        ]
    return cells


def _rules_layout() -> list[LayoutCell]:
    """The chosen edition's rules: the hidden lookups and their wording."""
    lookups = [
        formula_cell(row, C_RAW, call("VLOOKUP", _EDITION, Name("Editions"), col, False))
        for row, col in zip(_RAW_ROWS, _RAW_COLS)
    ]
    hypothetical = concat(_HYP, " rated ", _HR, ", counted as draws")
    bonus = concat("Ra + ", _BONUS, " per half point above 50 %")
    return [
        _section(P_RULES, "The edition's rules for a first rating"),
        *lookups,
        *_line(P_FLOOR, "Rating floor (lowest rating published)", _FLOOR, "computed"),
        *_line(P_HYP, "Hypothetical opponents", if_(op("=", _HYP, 0), "none", hypothetical)),
        *_line(P_BONUS, "At 50 % or more", if_(op(">", _BONUS, 0), bonus, "Ra + dp")),
        *_line(
            P_RR,
            "Below 50 % in a round robin",
            if_(op("=", _RR, "yes"), "Ra + dp × n/(n+1)", "Ra + dp, as in a Swiss event"),
        ),
        *_line(P_MAX, "Highest first rating", _MAXIMUM, "computed"),
        *_line(
            P_ZERO,
            "A zero score in the first event",
            if_(op("=", _ZERO, "yes"), "disregarded (no first rating)", "counts"),
        ),
        *_line(P_MIN, "Games against rated opponents needed", _MINIMUM, "computed"),
    ]


def _none_rated(then: Expr) -> Expr:
    """*then*, blank while no game against a rated opponent counts."""
    return if_(op("=", _NR, 0), "", then)


def _counted_figures() -> list[LayoutCell]:
    """The games and points counted: rated, unrated, hypothetical; n, points, Ra and p."""
    nr, nu, h, n, s, rrc = _NR, _NU, _H, _N, _S, _RRC

    rated_sum = call("SUMIF", _STATUSES, COUNTED, _RATINGS)
    round_robin = call("OR", op("=", _SYSTEM, "round robin"), op("=", _SYSTEM, "rr"))
    return [
        _section(P_CALC, "Calculation"),
        *_line(
            P_NR, "Games against rated opponents", call("COUNTIF", _STATUSES, COUNTED), "computed"
        ),
        *_line(
            P_PR, "Points against rated opponents", call("SUMIF", _STATUSES, COUNTED, _WS), "points"
        ),
        *_line(P_NU, "", call("COUNTIF", _STATUSES, "unrated"), "computed"),
        formula_cell(
            P_NU,
            C_LABEL,
            if_(rrc, "Unrated opponents (counted)", "Unrated opponents (not counted)"),
            "label",
        ),
        formula_cell(P_NU, C_RAW, call("SUMIF", _STATUSES, "unrated", _WS)),
        formula_cell(P_N, C_RAW, call("AND", round_robin, op("=", _RR, "yes"))),
        *_line(P_H, "Hypothetical games (counted as draws)", _none_rated(_HYP), "computed"),
        *_line(P_N, "Games counted n", _none_rated(op("+", nr, h, if_(rrc, nu, 0))), "computed"),
        *_line(
            P_S,
            "Points counted",
            _none_rated(op("+", Ref(P_PR, C_VALUE), op("/", h, 2), if_(rrc, _PU, 0))),
            "points",
        ),
        *_line(
            P_RA,
            "Ra (rated + hypothetical opponents)",
            _none_rated(op("/", Paren(op("+", rated_sum, op("*", h, _HR))), Paren(op("+", nr, h)))),
            "two",
        ),
        *_line(
            P_P,
            "p = points / games (to the hundredth)",
            _none_rated(call("ROUND", op("/", s, n), 2)),
            "two",
        ),
    ]


def _calculation_layout() -> list[LayoutCell]:
    """The rule applied, dp, Ru, then the first rating and whether it is published."""
    nr, nu, n, s, rrc, bonus, first = _NR, _NU, _N, _S, _RRC, _BONUS_ACTIVE, _FIRST
    published = Ref(P_PUBLISHED, C_VALUE)
    bloque_args = (_RATINGS, _RESULTS, _SYSTEM, RULES, True)

    rule = if_(
        bonus,
        concat("Ra + ", _BONUS, " × half points above 50 %"),
        if_(rrc, "Ra + dp × n/(n+1)", "Ra + dp"),
    )
    dp_label = if_(
        bonus, concat("Half points above 50 % × ", _BONUS), "dp for p (table 8.1(a), DP_LOOKUP)"
    )
    half_points = op("*", _BONUS, Paren(op("-", op("*", 2, s), n)))
    dp = if_(bonus, half_points, call("DP_LOOKUP", s, n))
    scaled = op("/", op("*", _DP, n), Paren(op("+", n, 1)))
    ru = op("+", _RA, if_(bonus, _DP, if_(rrc, scaled, _DP)))
    enough = call("AND", op(">=", first, _FLOOR), op(">=", nr, _MINIMUM))
    why_published = concat(
        "Published: at least ",
        _MINIMUM,
        " games against rated opponents and not below the rating floor ",
        _FLOOR,
        ".",
    )
    why_not = call(
        "TRIM",
        concat(
            if_(
                op("<", first, _FLOOR),
                concat(first, " is below the rating floor ", _FLOOR, ". "),
                "",
            ),
            if_(
                op("<", nr, _MINIMUM),
                concat("Only ", nr, " game(s) against rated opponents; ", _MINIMUM, " are needed."),
                "",
            ),
        ),
    )
    why = if_(
        ps.is_error_expr(first),
        call("EXPLAIN_ERROR", "BLOQUE", *bloque_args),
        blank_or(first, if_(op("=", published, "yes"), why_published, why_not)),
    )
    return [
        formula_cell(
            P_RULE,
            C_RAW,
            if_(op("=", nr, 0), False, call("AND", op(">", _BONUS, 0), op(">=", op("*", 2, s), n))),
        ),
        *_line(P_RULE, "Rule applied", _none_rated(rule)),
        formula_cell(P_DP, C_LABEL, dp_label, "label"),
        formula_cell(P_DP, C_VALUE, _none_rated(dp), "computed"),
        *_line(P_RU, "Ru before rounding", _none_rated(ru), "two"),
        _section(P_RESULT, "First rating"),
        *_line(
            P_FIRST,
            "First rating Ru (BLOQUE)",
            if_(op("=", op("+", nr, nu), 0), "", call("BLOQUE", *bloque_args)),
            "big",
        ),
        *_line(
            P_PUBLISHED,
            "Would it be published?",
            if_(ps.is_error_expr(first), "no", blank_or(first, if_(enough, "yes", "no"))),
            "yes_no",
        ),
        formula_cell(P_WHY, C_LABEL, why, "wrap", last_row=P_WHY_LAST, last_col=C_VALUE),
    ]


def build(path: Path, data: FirstRatingData | None = None) -> None:
    """Write ``initial_rating.xlsx``: blank (``data`` is ``None``) or filled in, every
    formula cell carrying the value it computes."""
    data = data or FirstRatingData()
    if sum(len(e.games) for e in data.events) > MAX_GAMES:
        raise ValueError(f"at most {MAX_GAMES} games in all")
    wb, fmt = common.new_workbook(path, title="FIDE first rating of an unrated player")
    x = ps.extra_formats(wb, fmt)
    ws = ps.add_player_sheet(wb, SHEET, COLUMN_WIDTHS, (C_RAW, C_RAW, 10))
    ps.note(ws, fmt, R_NOTE, 0, LAST_COL, HOW_TO, height=40)
    common.settings_block(wb, ws, fmt, R_RULES, C_LABEL, rules=data.rules)
    layout = [
        *_head_layout(data),
        *_games_layout(data),
        *_rules_layout(),
        *_counted_figures(),
        *_calculation_layout(),
    ]
    sheet = ps.layout_sheet(layout, (R_RULES, C_VALUE, data.rules))
    sheet.tables["Editions"] = [_edition_row(e) for e in EDITIONS]
    ps.write_layout(ws, layout, fmt, x, sheet)
    _validations_and_formats(wb, ws, x)
    common.finish_sheet(ws, R_HEAD + 1, R_LAST, LAST_COL)
    _editions_sheet(wb, fmt)
    common.close_workbook(wb, fmt)


def _validations_and_formats(wb: Workbook, ws: Worksheet, x: Mapping[str, Format]) -> None:
    """The kind of event's drop-down, the games' validations and the highlights."""
    ws.data_validation(
        common.cell(R_SYSTEM, C_VALUE),
        {
            "validate": "list",
            "source": ["Swiss", "round robin"],
            "input_message": "2017 rules: below 50 % in a round robin, Ru = Ra + dp × n/(n+1) "
            "with the games against unrated opponents counted.",
            "error_message": "Swiss or round robin",
        },
    )
    ps.game_row_checks(wb, ws, R_FIRST, R_LAST, _GAME_COLUMNS)
    ps.mute_uncounted(ws, x, R_FIRST, R_LAST, C_STATUS)
    ps.mark_yes_no(ws, x, common.cell(P_PUBLISHED, C_VALUE))
