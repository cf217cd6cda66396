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
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from xlsxwriter.workbook import Workbook

from .. import udfs
from ..core.editions import DEFAULT_EDITION, EDITIONS
from ..core.first_rating import FirstRating, System, first_rating, round_robin_variant
from . import common
from .common import write_formula, write_text, write_value
from .player_sheets import (
    COUNTED,
    Game,
    TournamentGames,
    Value,
    a1,
    extra_formats,
    hide_helper_columns,
    is_error,
    is_error_formula,
    note,
    points,
    points_formula,
    rating_validation,
    result_cell,
    span,
    status,
    status_formula,
)

__all__ = ["MAX_GAMES", "TournamentGames", "FirstRatingData", "Game", "build"]

MAX_GAMES: Final = 30
SHEET: Final = "First rating"
EDITIONS_SHEET: Final = "Editions"

C_NO, C_EVENT, C_NAME, C_RATING, C_RESULT, C_STATUS, C_W = range(7)
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


def _text_of(value: Value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


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


def _compute(data: FirstRatingData) -> dict[str, Any]:
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
    raw = _edition_row(rules)
    floor, h, hr, bonus, rr, maximum, minimum, zero = (
        raw[2],
        raw[3],
        raw[4],
        raw[5],
        raw[6],
        raw[7],
        raw[8],
        raw[9],
    )
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
    v: dict[str, Any] = {
        "rules": rules,
        "system": system,
        "statuses": statuses,
        "w": ws_,
        "edition": rules,
        "raw": [floor, h, hr, bonus, rr, maximum, zero, minimum],
        "floor": floor,
        "hyp": "none" if h == 0 else f"{_text_of(h)} rated {_text_of(hr)}, counted as draws",
        "bonus": f"Ra + {_text_of(bonus)} per half point above 50 %" if bonus > 0 else "Ra + dp",
        "rr": "Ra + dp × n/(n+1)" if rr == "yes" else "Ra + dp, as in a Swiss event",
        "max": maximum,
        "zero": "disregarded (no first rating)" if zero == "yes" else "counts",
        "min": minimum,
        "nr": nr,
        "pr": pr,
        "nu": nu,
        "pu": pu,
        "rrc": rrc,
        "bonus_active": bonus_active,
        "dp_label": (
            f"Half points above 50 % × {_text_of(bonus)}"
            if bonus_active
            else "dp for p (table 8.1(a), DP_LOOKUP)"
        ),
    }
    if calc is None:
        v.update(h="", n="", s="", ra="", p="", rule="", dp="", ru="")
    else:
        v.update(
            h=h,
            n=float(calc.games),
            s=float(calc.score),
            ra=float(calc.ra),
            p=calc.percent / 100,
            dp=float((calc.bonus if calc.dp is None else calc.dp) or 0),
            ru=float(calc.unrounded),
            rule=(
                f"Ra + {_text_of(bonus)} × half points above 50 %"
                if bonus_active
                else "Ra + dp × n/(n+1)"
                if calc.round_robin
                else "Ra + dp"
            ),
        )
    first: Value = ""
    if nr + nu > 0:
        # provisional TRUE: the figure even where it would not be published (the lines
        # below say whether it would be, and why not)
        first = udfs.BLOQUE([[r] for r in ratings], [[w] for w in results], system, rules, True)
        first = float(first) if isinstance(first, int) else first
    v["first"] = first
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
            f"Published: at least {_text_of(minimum)} games against rated opponents "
            f"and not below the rating floor {_text_of(floor)}."
        )
    else:
        published = "no"
        parts = []
        if calc.below_floor:
            parts.append(f"{calc.rating} is below the rating floor {_text_of(floor)}.")
        if calc.too_few_rated_games:
            parts.append(
                f"Only {calc.rated_games} game(s) against rated opponents; "
                f"{_text_of(minimum)} are needed."
            )
        why = " ".join(parts)
    v.update(published=published, why=why)
    line = "Enter the player's games in the yellow cells."
    if data.name:
        line = data.name + (f"  ·  FIDE ID {data.fide_id}" if data.fide_id else "")
        if first != "" and not is_error(first):
            line += f"  ·  first rating {_text_of(first)} (rules {rules})"
    v["line"] = line
    v["rows"] = rows
    return v


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


def build(path: Path, data: FirstRatingData | None = None) -> None:
    """Write ``initial_rating.xlsx``: blank (``data`` is ``None``) or filled in, every
    formula cell carrying the value it computes."""
    data = data or FirstRatingData()
    if sum(len(e.games) for e in data.events) > MAX_GAMES:
        raise ValueError(f"at most {MAX_GAMES} games in all")
    v = _compute(data)
    wb, fmt = common.new_workbook(path, title="FIDE first rating of an unrated player")
    x = extra_formats(wb, fmt)
    ws = wb.add_worksheet(SHEET)
    ws.hide_gridlines(2)
    ws.set_default_row(12.75)
    for col, width in (
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
    ):
        ws.set_column(col, col, width)
    hide_helper_columns(ws, C_RAW, C_RAW, 10)

    write_text(ws, R_TITLE, 0, "First rating of an unrated player (FIDE)", fmt.title)
    ws.set_row(R_TITLE, 20)
    name, fide_id = a1(R_NAME, C_NAME), a1(R_ID, C_NAME)
    first = a1(P_FIRST, C_VALUE)
    write_formula(
        ws,
        R_LINE,
        0,
        f'=IF({name}="","Enter the player\'s games in the yellow cells.",{name}'
        f'&IF({fide_id}="","","  ·  FIDE ID "&{fide_id})&IF({is_error_formula(first)},"",'
        f'IF({first}="","","  ·  first rating "&{first}&" (rules "'
        f'&{a1(R_EDITION, C_VALUE)}&")")))',
        fmt.subtitle,
        v["line"],
    )
    note(ws, fmt, R_NOTE, 0, LAST_COL, HOW_TO, height=40)

    for row, label, value in (
        (R_NAME, "Player", data.name),
        (R_ID, "FIDE ID", data.fide_id),
        (R_FED, "Federation", data.federation),
    ):
        write_text(ws, row, C_EVENT, label, fmt.label)
        ws.merge_range(row, C_NAME, row, C_STATUS, "", fmt.input_text)
        write_text(ws, row, C_NAME, value, fmt.input_text)
    rules = common.settings_block(wb, ws, fmt, R_RULES, C_LABEL, rules=v["rules"])
    write_text(ws, R_SYSTEM, C_LABEL, "Kind of event (only the 2017 rules differ)", fmt.label)
    write_text(ws, R_SYSTEM, C_VALUE, v["system"], fmt.input_center)
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
    system = a1(R_SYSTEM, C_VALUE, absolute=True)
    write_text(ws, R_EDITION, C_LABEL, "Edition applied", fmt.label)
    write_formula(
        ws,
        R_EDITION,
        C_VALUE,
        f'=IF({rules}="","{DEFAULT_EDITION.id}",{rules}&"")',
        fmt.computed_text,
        v["edition"],
    )
    edition = a1(R_EDITION, C_VALUE, absolute=True)

    # Game rows.
    for col, text in enumerate(("#", "Event", "Opponent", "Rating", "Result", "Counted?", "W")):
        write_text(ws, R_HEAD, col, text, fmt.header)
    rows = v["rows"]
    for k in range(MAX_GAMES):
        row = R_FIRST + k
        event, g = rows[k] if k < len(rows) else ("", None)
        write_value(ws, row, C_NO, k + 1, x["constant"])
        write_text(ws, row, C_EVENT, event if g else None, fmt.input_text)
        write_text(ws, row, C_NAME, g.opponent if g else None, fmt.input_text)
        write_value(ws, row, C_RATING, g.rating if g else None, fmt.input_number)
        write_value(ws, row, C_RESULT, result_cell(g.result) if g else None, fmt.input_center)
        st = a1(row, C_STATUS)
        write_formula(
            ws,
            row,
            C_STATUS,
            status_formula(a1(row, C_RATING), a1(row, C_RESULT)),
            fmt.computed_text,
            v["statuses"][k],
        )
        write_formula(
            ws,
            row,
            C_W,
            f'=IF(OR({st}="{COUNTED}",{st}="unrated"),{points_formula(a1(row, C_RESULT))},"")',
            x["w"],
            v["w"][k],
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
    ratings_range = span(R_FIRST, C_RATING, R_LAST, absolute=True)
    results_range = span(R_FIRST, C_RESULT, R_LAST, absolute=True)
    status_range = span(R_FIRST, C_STATUS, R_LAST, absolute=True)
    w_range = span(R_FIRST, C_W, R_LAST, absolute=True)

    # The edition's rules: raw lookups (hidden column) and their wording.
    def section(row: int, text: str) -> None:
        ws.merge_range(row, C_LABEL, row, C_VALUE, "", x["section"])
        write_text(ws, row, C_LABEL, text, x["section"])

    def line(row: int, label: str, formula: str, value: Value, cell_format: Any = None) -> None:
        write_text(ws, row, C_LABEL, label, fmt.label)
        write_formula(ws, row, C_VALUE, formula, cell_format or fmt.computed_text, value)

    section(P_RULES, "The edition's rules for a first rating")
    raw_cols = (3, 4, 5, 6, 7, 8, 10, 9)  # floor, h, their rating, bonus, rr, max, zero, min
    raw_rows = (P_FLOOR, P_HYP, P_RULES, P_BONUS, P_RR, P_MAX, P_ZERO, P_MIN)
    for row, col, value in zip(raw_rows, raw_cols, v["raw"]):
        write_formula(ws, row, C_RAW, f"=VLOOKUP({edition},Editions,{col},FALSE)", None, value)
    raw = {
        name: a1(row, C_RAW, absolute=True)
        for name, row in zip(("floor", "h", "hr", "bonus", "rr", "max", "zero", "min"), raw_rows)
    }
    line(
        P_FLOOR,
        "Rating floor (lowest rating published)",
        f"={raw['floor']}",
        v["floor"],
        fmt.computed,
    )
    line(
        P_HYP,
        "Hypothetical opponents",
        f'=IF({raw["h"]}=0,"none",{raw["h"]}&" rated "&{raw["hr"]}&", counted as draws")',
        v["hyp"],
    )
    line(
        P_BONUS,
        "At 50 % or more",
        f'=IF({raw["bonus"]}>0,"Ra + "&{raw["bonus"]}&" per half point above 50 %","Ra + dp")',
        v["bonus"],
    )
    line(
        P_RR,
        "Below 50 % in a round robin",
        f'=IF({raw["rr"]}="yes","Ra + dp × n/(n+1)","Ra + dp, as in a Swiss event")',
        v["rr"],
    )
    line(P_MAX, "Highest first rating", f"={raw['max']}", v["max"], fmt.computed)
    line(
        P_ZERO,
        "A zero score in the first event",
        f'=IF({raw["zero"]}="yes","disregarded (no first rating)","counts")',
        v["zero"],
    )
    line(P_MIN, "Games against rated opponents needed", f"={raw['min']}", v["min"], fmt.computed)

    section(P_CALC, "Calculation")
    nr, nu = a1(P_NR, C_VALUE, absolute=True), a1(P_NU, C_VALUE, absolute=True)
    pu = a1(P_NU, C_RAW, absolute=True)
    rrc = a1(P_N, C_RAW, absolute=True)
    bonus_active = a1(P_RULE, C_RAW, absolute=True)
    h, n, s = (a1(r, C_VALUE, absolute=True) for r in (P_H, P_N, P_S))
    ra, dp = a1(P_RA, C_VALUE, absolute=True), a1(P_DP, C_VALUE, absolute=True)
    line(
        P_NR,
        "Games against rated opponents",
        f'=COUNTIF({status_range},"{COUNTED}")',
        v["nr"],
        fmt.computed,
    )
    line(
        P_PR,
        "Points against rated opponents",
        f'=SUMIF({status_range},"{COUNTED}",{w_range})',
        v["pr"],
        x["points"],
    )
    line(P_NU, "", f'=COUNTIF({status_range},"unrated")', v["nu"], fmt.computed)
    write_formula(
        ws,
        P_NU,
        C_LABEL,
        f'=IF({rrc},"Unrated opponents (counted)","Unrated opponents (not counted)")',
        fmt.label,
        "Unrated opponents (counted)" if v["rrc"] else "Unrated opponents (not counted)",
    )
    write_formula(ws, P_NU, C_RAW, f'=SUMIF({status_range},"unrated",{w_range})', None, v["pu"])
    write_formula(
        ws,
        P_N,
        C_RAW,
        f'=AND(OR({system}="round robin",{system}="rr"),{raw["rr"]}="yes")',
        None,
        v["rrc"],
    )
    line(
        P_H,
        "Hypothetical games (counted as draws)",
        f'=IF({nr}=0,"",{raw["h"]})',
        v["h"],
        fmt.computed,
    )
    line(P_N, "Games counted n", f'=IF({nr}=0,"",{nr}+{h}+IF({rrc},{nu},0))', v["n"], fmt.computed)
    line(
        P_S,
        "Points counted",
        f'=IF({nr}=0,"",{a1(P_PR, C_VALUE)}+{h}/2+IF({rrc},{pu},0))',
        v["s"],
        x["points"],
    )
    line(
        P_RA,
        "Ra (rated + hypothetical opponents)",
        f'=IF({nr}=0,"",(SUMIF({status_range},"{COUNTED}",{ratings_range})'
        f"+{h}*{raw['hr']})/({nr}+{h}))",
        v["ra"],
        x["two"],
    )
    line(
        P_P,
        "p = points / games (to the hundredth)",
        f'=IF({nr}=0,"",ROUND({s}/{n},2))',
        v["p"],
        x["two"],
    )
    write_formula(
        ws,
        P_RULE,
        C_RAW,
        f"=IF({nr}=0,FALSE,AND({raw['bonus']}>0,2*{s}>={n}))",
        None,
        v["bonus_active"] if v["nr"] else False,
    )
    line(
        P_RULE,
        "Rule applied",
        f'=IF({nr}=0,"",IF({bonus_active},"Ra + "&{raw["bonus"]}&" × half points above '
        f'50 %",IF({rrc},"Ra + dp × n/(n+1)","Ra + dp")))',
        v["rule"],
    )
    write_formula(
        ws,
        P_DP,
        C_LABEL,
        f'=IF({bonus_active},"Half points above 50 % × "&{raw["bonus"]},'
        f'"dp for p (table 8.1(a), DP_LOOKUP)")',
        fmt.label,
        v["dp_label"] if v["nr"] else "dp for p (table 8.1(a), DP_LOOKUP)",
    )
    write_formula(
        ws,
        P_DP,
        C_VALUE,
        f'=IF({nr}=0,"",IF({bonus_active},{raw["bonus"]}*(2*{s}-{n}),DP_LOOKUP({s},{n})))',
        fmt.computed,
        v["dp"],
    )
    line(
        P_RU,
        "Ru before rounding",
        f'=IF({nr}=0,"",{ra}+IF({bonus_active},{dp},IF({rrc},{dp}*{n}/({n}+1),{dp})))',
        v["ru"],
        x["two"],
    )

    section(P_RESULT, "First rating")
    line(
        P_FIRST,
        "First rating Ru (BLOQUE)",
        f'=IF({nr}+{nu}=0,"",BLOQUE({ratings_range},{results_range},{system},{rules},TRUE))',
        v["first"],
        x["big"],
    )
    line(
        P_PUBLISHED,
        "Would it be published?",
        f'=IF({is_error_formula(first)},"no",IF({first}="","",'
        f'IF(AND({first}>={raw["floor"]},{nr}>={raw["min"]}),"yes","no")))',
        v["published"],
        fmt.yes_no,
    )
    published = a1(P_PUBLISHED, C_VALUE)
    ws.conditional_format(
        P_PUBLISHED,
        C_VALUE,
        P_PUBLISHED,
        C_VALUE,
        {"type": "cell", "criteria": "==", "value": '"yes"', "format": x["yes"]},
    )
    ws.conditional_format(
        P_PUBLISHED,
        C_VALUE,
        P_PUBLISHED,
        C_VALUE,
        {"type": "cell", "criteria": "==", "value": '"no"', "format": x["no"]},
    )
    ws.merge_range(P_WHY, C_LABEL, P_WHY_LAST, C_VALUE, "", x["wrap"])
    write_formula(
        ws,
        P_WHY,
        C_LABEL,
        f'=IF({is_error_formula(first)},EXPLAIN_ERROR("BLOQUE",{ratings_range},'
        f'{results_range},{system},{rules},TRUE),IF({first}="","",IF({published}="yes",'
        f'"Published: at least "&{raw["min"]}&" games against rated opponents and not below '
        f'the rating floor "&{raw["floor"]}&".",TRIM(IF({first}<{raw["floor"]},{first}&'
        f'" is below the rating floor "&{raw["floor"]}&". ","")&IF({nr}<{raw["min"]},'
        f'"Only "&{nr}&" game(s) against rated opponents; "&{raw["min"]}&" are needed.",'
        f'"")))))',
        x["wrap"],
        v["why"],
    )

    ws.freeze_panes(R_HEAD + 1, 0)
    ws.print_area(0, 0, R_LAST, LAST_COL)
    common.print_setup(ws, landscape=True, repeat_rows=(R_TITLE, R_LINE))
    common.protect(ws)
    ws.activate()
    _editions_sheet(wb, fmt)
    common.add_tables_sheet(wb, fmt)
    common.add_xlwings_conf_sheet(wb)
    wb.close()
