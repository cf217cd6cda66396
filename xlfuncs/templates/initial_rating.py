"""``initial_rating.xlsx``: the first rating of an unrated player, from games across events.

Layout (sheet ``First rating``):

- rows 1-3: title, a one-line summary of the player (repeated on every printed page) and
  how to use the sheet; the player, the rules edition and the kind of event (Swiss or round
  robin, which matters only for the 2017 round-robin rule);
- left, thirty game rows: event, opponent, opponent's rating (blank = unrated), result, then
  computed: whether the game counts (``yes``; ``unrated``; ``forfeit``; ``bye``) and W;
- right, the chosen edition's rules for a first rating (looked up on the ``Editions``
  sheet: the rating floor, the two hypothetical 1800 opponents drawn in 2024/2025, 20 points
  per half point above 50 % before 2024, the 2200 maximum, ...), the calculation in plain
  formulas (games and points counted, Ra, p, dp or the bonus, Ru before rounding), the
  first rating from ``BLOQUE`` and whether it would be published, and why not, as text.
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

from .. import udfs
from ..core.editions import DEFAULT_EDITION, EDITIONS
from ..core.first_rating import FirstRating, System, first_rating, round_robin_variant
from . import common
from .common import write_text, write_value
from .player_sheets import (
    COUNTED,
    Game,
    GameColumns,
    LayoutCell,
    TournamentGames,
    Value,
    a1,
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
    span,
    status,
    text_of,
    write_layout,
)

__all__ = ["MAX_GAMES", "TournamentGames", "FirstRatingData", "Game", "build"]

MAX_GAMES: Final = 30
SHEET: Final = "First rating"
EDITIONS_SHEET: Final = "Editions"

C_NO, C_EVENT, C_NAME, C_RATING, C_RESULT, C_STATUS, C_W = range(7)
_GAME_COLUMNS: Final = GameColumns(C_NO, C_NAME, C_RATING, C_RESULT, C_STATUS)
C_LABEL, C_VALUE, C_RAW = 8, 9, 10  # the panel; C_RAW: hidden raw lookups
LAST_COL = C_VALUE

R_TITLE, R_LINE, R_NOTE = 0, 1, 2
R_NAME, R_ID, R_FED = 3, 4, 5
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
class FirstRatingData:
    """An unrated player's games, event by event (at most 30 games in all). ``system`` is
    ``"swiss"`` or ``"rr"`` (round robin; only the 2017 rule differs); ``rules`` an edition
    id (``None``: the edition in force)."""

    name: str = ""
    fide_id: str = ""
    federation: str = ""
    system: str = "swiss"
    rules: str | None = None
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


@dataclass(frozen=True)
class FirstRatingFigures:
    """What every formula cell of the sheet shows for *data* (its cached value): the games'
    rows, the edition's rules in words, the calculation, the first rating and whether it
    would be published. The calculation's figures are ``""`` when no game counts."""

    rules: str
    system: str
    """The kind of event as the cell holds it: ``"Swiss"`` or ``"round robin"``."""
    rows: tuple[tuple[str, Game], ...]
    """(event name, game) of each game, in order."""
    statuses: tuple[str, ...]
    w: tuple[Value, ...]
    raw: tuple[Value, ...]
    """The edition's row on the ``Editions`` sheet as the hidden lookups read it: floor,
    hypothetical games, their rating, bonus, round-robin rule, maximum, zero rule, minimum."""
    floor: Value
    hyp: str
    bonus: str
    rr: str
    max: Value
    zero: str
    min: Value
    nr: float
    pr: float
    nu: float
    pu: float
    rrc: bool
    """The 2017 round-robin rule applies (games against unrated opponents counted)."""
    bonus_active: bool
    dp_label: str
    h: Value
    n: Value
    s: Value
    ra: Value
    p: Value
    rule: str
    dp: Value
    ru: Value
    first: Value
    published: str
    why: str
    line: str


def _figures(data: FirstRatingData) -> FirstRatingFigures:
    rows: list[tuple[str, Game]] = [(e.name, g) for e in data.events for g in e.games]
    ratings: list[Value] = [None if g.rating is None else float(g.rating) for _, g in rows]
    results: list[Value] = [result_cell(g.result) for _, g in rows]
    pad = MAX_GAMES - len(rows)
    ratings += [None] * pad
    results += [None] * pad
    statuses = [status(r, w) for r, w in zip(ratings, results)]
    ws_ = [points(w) if s in (COUNTED, "unrated") else "" for w, s in zip(results, statuses)]
    rules: str = data.rules or DEFAULT_EDITION.id
    system = _system_cell(data.system)
    floor, h, hr, bonus, rr, maximum, minimum, zero = _edition_row(rules)[2:10]
    nr = float(statuses.count(COUNTED))
    nu = float(statuses.count("unrated"))
    pr = float(sum(w for w, s in zip(ws_, statuses) if s == COUNTED and isinstance(w, float)))
    pu = float(sum(w for w, s in zip(ws_, statuses) if s == "unrated" and isinstance(w, float)))
    kind: System = "rr" if system == "round robin" else "swiss"
    rrc = round_robin_variant(kind, rules)
    calc: FirstRating | None = None
    if nr:
        games = [
            (r if st == COUNTED else None, points(w))
            for r, w, st in zip(ratings, results, statuses)
            if st in (COUNTED, "unrated")
        ]
        calc = first_rating(games, system=kind, rules=rules, zero_score_figures=True)
    bonus_active = calc is not None and calc.bonus is not None
    first: Value = ""
    if nr + nu > 0:
        # provisional TRUE: the figure even where it would not be published (the lines
        # below say whether it would be, and why not)
        first = udfs.BLOQUE([[r] for r in ratings], [[w] for w in results], system, rules, True)
        first = float(first) if isinstance(first, int) else first
    if is_error(first):
        published = "no"
        why = udfs.EXPLAIN_ERROR(
            "BLOQUE", [[r] for r in ratings], [[w] for w in results], system, rules, True
        )
    elif first == "" or calc is None:
        published = why = ""
    elif calc.published:
        published = "yes"
        why = (
            f"Published: at least {text_of(minimum)} games against rated opponents "
            f"and not below the rating floor {text_of(floor)}."
        )
    else:
        published = "no"
        parts = []
        if calc.below_floor:
            parts.append(f"{calc.rating} is below the rating floor {text_of(floor)}.")
        if calc.too_few_rated_games:
            parts.append(
                f"Only {calc.rated_games} game(s) against rated opponents; "
                f"{text_of(minimum)} are needed."
            )
        why = " ".join(parts)
    line = "Enter the player's games in the yellow cells."
    if data.name:
        line = data.name + (f"  ·  FIDE ID {data.fide_id}" if data.fide_id else "")
        if first != "" and not is_error(first):
            line += f"  ·  first rating {text_of(first)} (rules {rules})"
    plain_dp = "dp for p (table 8.1(a), DP_LOOKUP)"
    return FirstRatingFigures(
        rules=rules,
        system=system,
        rows=tuple(rows),
        statuses=tuple(statuses),
        w=tuple(ws_),
        raw=(floor, h, hr, bonus, rr, maximum, zero, minimum),
        floor=floor,
        hyp="none" if h == 0 else f"{text_of(h)} rated {text_of(hr)}, counted as draws",
        bonus=f"Ra + {text_of(bonus)} per half point above 50 %" if bonus > 0 else "Ra + dp",
        rr="Ra + dp × n/(n+1)" if rr == "yes" else "Ra + dp, as in a Swiss event",
        max=maximum,
        zero="disregarded (no first rating)" if zero == "yes" else "counts",
        min=minimum,
        nr=nr,
        pr=pr,
        nu=nu,
        pu=pu,
        rrc=rrc,
        bonus_active=bonus_active if nr else False,
        dp_label=f"Half points above 50 % × {text_of(bonus)}" if bonus_active and nr else plain_dp,
        h="" if calc is None else h,
        n="" if calc is None else float(calc.games),
        s="" if calc is None else float(calc.score),
        ra="" if calc is None else float(calc.ra),
        p="" if calc is None else calc.percent / 100,
        rule=""
        if calc is None
        else f"Ra + {text_of(bonus)} × half points above 50 %"
        if bonus_active
        else "Ra + dp × n/(n+1)"
        if calc.round_robin
        else "Ra + dp",
        dp="" if calc is None else float((calc.bonus if calc.dp is None else calc.dp) or 0),
        ru="" if calc is None else float(calc.unrounded),
        first=first,
        published=published,
        why=why,
        line=line,
    )


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
_SYSTEM = a1(R_SYSTEM, C_VALUE, absolute=True)
_EDITION = a1(R_EDITION, C_VALUE, absolute=True)
_FIRST = a1(P_FIRST, C_VALUE)
_RATINGS = span(R_FIRST, C_RATING, R_LAST, absolute=True)
_RESULTS = span(R_FIRST, C_RESULT, R_LAST, absolute=True)
_STATUSES = span(R_FIRST, C_STATUS, R_LAST, absolute=True)
_WS = span(R_FIRST, C_W, R_LAST, absolute=True)
_RAW_ROWS = (P_FLOOR, P_HYP, P_RULES, P_BONUS, P_RR, P_MAX, P_ZERO, P_MIN)
"""Where the hidden column holds each of :attr:`FirstRatingFigures.raw`."""
_RAW_COLS = (3, 4, 5, 6, 7, 8, 10, 9)
"""The ``Editions`` column of each (floor, h, their rating, bonus, rr, max, zero, min)."""
_RAW = {
    name: a1(row, C_RAW, absolute=True)
    for name, row in zip(("floor", "h", "hr", "bonus", "rr", "max", "zero", "min"), _RAW_ROWS)
}
_NR, _NU = a1(P_NR, C_VALUE, absolute=True), a1(P_NU, C_VALUE, absolute=True)
_PU = a1(P_NU, C_RAW, absolute=True)
_RRC = a1(P_N, C_RAW, absolute=True)
_BONUS_ACTIVE = a1(P_RULE, C_RAW, absolute=True)
_H, _N, _S = (a1(r, C_VALUE, absolute=True) for r in (P_H, P_N, P_S))
_RA, _DP = a1(P_RA, C_VALUE, absolute=True), a1(P_DP, C_VALUE, absolute=True)


def _section(row: int, text: str) -> LayoutCell:
    return LayoutCell(row, C_LABEL, "text", text, style="section", last_col=C_VALUE)


def _line(
    row: int, label: str, formula: str, value: Value, style: str = "computed_text"
) -> tuple[LayoutCell, LayoutCell]:
    """A panel line: the label, and the formula with its value."""
    return (
        LayoutCell(row, C_LABEL, "text", label, style="label"),
        LayoutCell(row, C_VALUE, "formula", formula, value, style),
    )


def _hidden(row: int, formula: str, value: Value) -> LayoutCell:
    """A formula of the hidden column (an intermediate figure)."""
    return LayoutCell(row, C_RAW, "formula", formula, value)


def _head_layout(data: FirstRatingData, f: FirstRatingFigures, rules: str) -> list[LayoutCell]:
    """Title, the one-line summary, the player and the settings beside the rules edition."""
    name, fide_id = a1(R_NAME, C_NAME), a1(R_ID, C_NAME)
    cells = heading_cells(
        R_TITLE,
        R_LINE,
        "First rating of an unrated player (FIDE)",
        f'=IF({name}="","Enter the player\'s games in the yellow cells.",{name}'
        f'&IF({fide_id}="","","  ·  FIDE ID "&{fide_id})&IF({is_error_formula(_FIRST)},"",'
        f'IF({_FIRST}="","","  ·  first rating "&{_FIRST}&" (rules "'
        f'&{a1(R_EDITION, C_VALUE)}&")")))',
        f.line,
    )
    cells += labelled_inputs(
        (
            (R_NAME, "Player", data.name),
            (R_ID, "FIDE ID", data.fide_id),
            (R_FED, "Federation", data.federation),
        ),
        C_EVENT,
        C_NAME,
        C_STATUS,
    )
    return [
        *cells,
        LayoutCell(
            R_SYSTEM, C_LABEL, "text", "Kind of event (only the 2017 rules differ)", style="label"
        ),
        LayoutCell(R_SYSTEM, C_VALUE, "text", f.system, style="input_center"),
        LayoutCell(R_EDITION, C_LABEL, "text", "Edition applied", style="label"),
        LayoutCell(
            R_EDITION,
            C_VALUE,
            "formula",
            f'=IF({rules}="","{DEFAULT_EDITION.id}",{rules}&"")',
            f.rules,
            "computed_text",
        ),
    ]


def _games_layout(f: FirstRatingFigures) -> list[LayoutCell]:
    """The header and the thirty game rows: input cells and the counted column."""
    cells = [
        LayoutCell(R_HEAD, col, "text", text, style="header")
        for col, text in enumerate(("#", "Event", "Opponent", "Rating", "Result", "Counted?", "W"))
    ]
    for k in range(MAX_GAMES):
        row = R_FIRST + k
        event, g = f.rows[k] if k < len(f.rows) else ("", None)
        st = a1(row, C_STATUS)
        counted = f'OR({st}="{COUNTED}",{st}="unrated")'
        cells += [
            *game_input_cells(row, k + 1, g, _GAME_COLUMNS, f.statuses[k]),
            LayoutCell(row, C_EVENT, "text", event if g else None, style="input_text"),
            LayoutCell(
                row,
                C_W,
                "formula",
                f'=IF({counted},{points_formula(a1(row, C_RESULT))},"")',
                f.w[k],
                "w",
            ),
        ]
    return cells


def _rules_layout(f: FirstRatingFigures) -> list[LayoutCell]:
    """The chosen edition's rules: the hidden lookups and their wording."""
    raw = _RAW
    lookups = [
        _hidden(row, f"=VLOOKUP({_EDITION},Editions,{col},FALSE)", value)
        for row, col, value in zip(_RAW_ROWS, _RAW_COLS, f.raw)
    ]
    return [
        _section(P_RULES, "The edition's rules for a first rating"),
        *lookups,
        *_line(
            P_FLOOR,
            "Rating floor (lowest rating published)",
            f"={raw['floor']}",
            f.floor,
            "computed",
        ),
        *_line(
            P_HYP,
            "Hypothetical opponents",
            f'=IF({raw["h"]}=0,"none",{raw["h"]}&" rated "&{raw["hr"]}&", counted as draws")',
            f.hyp,
        ),
        *_line(
            P_BONUS,
            "At 50 % or more",
            f'=IF({raw["bonus"]}>0,"Ra + "&{raw["bonus"]}&" per half point above 50 %","Ra + dp")',
            f.bonus,
        ),
        *_line(
            P_RR,
            "Below 50 % in a round robin",
            f'=IF({raw["rr"]}="yes","Ra + dp × n/(n+1)","Ra + dp, as in a Swiss event")',
            f.rr,
        ),
        *_line(P_MAX, "Highest first rating", f"={raw['max']}", f.max, "computed"),
        *_line(
            P_ZERO,
            "A zero score in the first event",
            f'=IF({raw["zero"]}="yes","disregarded (no first rating)","counts")',
            f.zero,
        ),
        *_line(P_MIN, "Games against rated opponents needed", f"={raw['min']}", f.min, "computed"),
    ]


def _calculation_layout(f: FirstRatingFigures, rules: str) -> list[LayoutCell]:
    """The calculation step by step, then the first rating and whether it is published."""
    raw, nr, nu, h, n, s, rrc, bonus = _RAW, _NR, _NU, _H, _N, _S, _RRC, _BONUS_ACTIVE
    first = _FIRST
    published = a1(P_PUBLISHED, C_VALUE)
    bloque_args = f"{_RATINGS},{_RESULTS},{_SYSTEM},{rules},TRUE"
    unrated_label = "Unrated opponents (counted)" if f.rrc else "Unrated opponents (not counted)"
    return [
        _section(P_CALC, "Calculation"),
        *_line(
            P_NR,
            "Games against rated opponents",
            f'=COUNTIF({_STATUSES},"{COUNTED}")',
            f.nr,
            "computed",
        ),
        *_line(
            P_PR,
            "Points against rated opponents",
            f'=SUMIF({_STATUSES},"{COUNTED}",{_WS})',
            f.pr,
            "points",
        ),
        *_line(P_NU, "", f'=COUNTIF({_STATUSES},"unrated")', f.nu, "computed"),
        LayoutCell(
            P_NU,
            C_LABEL,
            "formula",
            f'=IF({rrc},"Unrated opponents (counted)","Unrated opponents (not counted)")',
            unrated_label,
            "label",
        ),
        _hidden(P_NU, f'=SUMIF({_STATUSES},"unrated",{_WS})', f.pu),
        _hidden(P_N, f'=AND(OR({_SYSTEM}="round robin",{_SYSTEM}="rr"),{raw["rr"]}="yes")', f.rrc),
        *_line(
            P_H,
            "Hypothetical games (counted as draws)",
            f'=IF({nr}=0,"",{raw["h"]})',
            f.h,
            "computed",
        ),
        *_line(
            P_N, "Games counted n", f'=IF({nr}=0,"",{nr}+{h}+IF({rrc},{nu},0))', f.n, "computed"
        ),
        *_line(
            P_S,
            "Points counted",
            f'=IF({nr}=0,"",{a1(P_PR, C_VALUE)}+{h}/2+IF({rrc},{_PU},0))',
            f.s,
            "points",
        ),
        *_line(
            P_RA,
            "Ra (rated + hypothetical opponents)",
            f'=IF({nr}=0,"",(SUMIF({_STATUSES},"{COUNTED}",{_RATINGS})'
            f"+{h}*{raw['hr']})/({nr}+{h}))",
            f.ra,
            "two",
        ),
        *_line(
            P_P,
            "p = points / games (to the hundredth)",
            f'=IF({nr}=0,"",ROUND({s}/{n},2))',
            f.p,
            "two",
        ),
        _hidden(P_RULE, f"=IF({nr}=0,FALSE,AND({raw['bonus']}>0,2*{s}>={n}))", f.bonus_active),
        *_line(
            P_RULE,
            "Rule applied",
            f'=IF({nr}=0,"",IF({bonus},"Ra + "&{raw["bonus"]}&" × half points above '
            f'50 %",IF({rrc},"Ra + dp × n/(n+1)","Ra + dp")))',
            f.rule,
        ),
        LayoutCell(
            P_DP,
            C_LABEL,
            "formula",
            f'=IF({bonus},"Half points above 50 % × "&{raw["bonus"]},'
            f'"dp for p (table 8.1(a), DP_LOOKUP)")',
            f.dp_label,
            "label",
        ),
        LayoutCell(
            P_DP,
            C_VALUE,
            "formula",
            f'=IF({nr}=0,"",IF({bonus},{raw["bonus"]}*(2*{s}-{n}),DP_LOOKUP({s},{n})))',
            f.dp,
            "computed",
        ),
        *_line(
            P_RU,
            "Ru before rounding",
            f'=IF({nr}=0,"",{_RA}+IF({bonus},{_DP},IF({rrc},{_DP}*{n}/({n}+1),{_DP})))',
            f.ru,
            "two",
        ),
        _section(P_RESULT, "First rating"),
        *_line(
            P_FIRST,
            "First rating Ru (BLOQUE)",
            f'=IF({nr}+{nu}=0,"",BLOQUE({bloque_args}))',
            f.first,
            "big",
        ),
        *_line(
            P_PUBLISHED,
            "Would it be published?",
            f'=IF({is_error_formula(first)},"no",IF({first}="","",'
            f'IF(AND({first}>={raw["floor"]},{nr}>={raw["min"]}),"yes","no")))',
            f.published,
            "yes_no",
        ),
        LayoutCell(
            P_WHY,
            C_LABEL,
            "formula",
            f'=IF({is_error_formula(first)},EXPLAIN_ERROR("BLOQUE",{bloque_args}),'
            f'IF({first}="","",IF({published}="yes",'
            f'"Published: at least "&{raw["min"]}&" games against rated opponents and not below '
            f'the rating floor "&{raw["floor"]}&".",TRIM(IF({first}<{raw["floor"]},{first}&'
            f'" is below the rating floor "&{raw["floor"]}&". ","")&IF({nr}<{raw["min"]},'
            f'"Only "&{nr}&" game(s) against rated opponents; "&{raw["min"]}&" are needed.",'
            f'"")))))',
            f.why,
            "wrap",
            last_row=P_WHY_LAST,
            last_col=C_VALUE,
        ),
    ]


def build(path: Path, data: FirstRatingData | None = None) -> None:
    """Write ``initial_rating.xlsx``: blank (``data`` is ``None``) or filled in, every
    formula cell carrying the value it computes."""
    data = data or FirstRatingData()
    if sum(len(e.games) for e in data.events) > MAX_GAMES:
        raise ValueError(f"at most {MAX_GAMES} games in all")
    f = _figures(data)
    wb, fmt = common.new_workbook(path, title="FIDE first rating of an unrated player")
    x = extra_formats(wb, fmt)
    ws = wb.add_worksheet(SHEET)
    ws.hide_gridlines(2)
    ws.set_default_row(12.75)
    for col, width in COLUMN_WIDTHS:
        ws.set_column(col, col, width)
    hide_helper_columns(ws, C_RAW, C_RAW, 10)
    ws.set_row(R_TITLE, 20)
    note(ws, fmt, R_NOTE, 0, LAST_COL, HOW_TO, height=40)
    rules = common.settings_block(wb, ws, fmt, R_RULES, C_LABEL, rules=f.rules)
    layout = [
        *_head_layout(data, f, rules),
        *_games_layout(f),
        *_rules_layout(f),
        *_calculation_layout(f, rules),
    ]
    write_layout(ws, layout, fmt, x)
    _validations_and_formats(wb, ws, x)
    ws.freeze_panes(R_HEAD + 1, 0)
    ws.print_area(0, 0, R_LAST, LAST_COL)
    common.print_setup(ws, landscape=True, repeat_rows=(R_TITLE, R_LINE))
    common.protect(ws)
    ws.activate()
    _editions_sheet(wb, fmt)
    common.add_tables_sheet(wb, fmt)
    common.add_xlwings_conf_sheet(wb)
    wb.close()


def _validations_and_formats(wb: Workbook, ws: Worksheet, x: Mapping[str, Format]) -> None:
    """The kind of event's drop-down, the games' validations and the highlights."""
    ws.data_validation(
        R_SYSTEM,
        C_VALUE,
        R_SYSTEM,
        C_VALUE,
        {
            "validate": "list",
            "source": ["Swiss", "round robin"],
            "input_message": "2017 rules: below 50 % in a round robin, Ru = Ra + dp × n/(n+1) "
            "with the games against unrated opponents counted.",
            "error_message": "Swiss or round robin",
        },
    )
    rating_validation(ws, R_FIRST, C_RATING, R_LAST)
    common.validate_results(ws, R_FIRST, C_RESULT, R_LAST, C_RESULT)
    common.results_formatting(wb, ws, R_FIRST, C_RESULT, R_LAST, C_RESULT)
    ws.conditional_format(
        R_FIRST,
        C_STATUS,
        R_LAST,
        C_STATUS,
        {
            "type": "formula",
            "criteria": f'=AND({a1(R_FIRST, C_STATUS)}<>"",{a1(R_FIRST, C_STATUS)}<>"{COUNTED}")',
            "format": x["muted"],
        },
    )
    for text, style in (('"yes"', "yes"), ('"no"', "no")):
        ws.conditional_format(
            P_PUBLISHED,
            C_VALUE,
            P_PUBLISHED,
            C_VALUE,
            {"type": "cell", "criteria": "==", "value": text, "format": x[style]},
        )
