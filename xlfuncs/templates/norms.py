"""``norms.xlsx``: one player's title norm in one event (Title Regulations, 2024 text).

The layout, the checks and where each figure comes from: ``docs/templates.md``. The stored
values come from :func:`xlfuncs.core.norms.norm_performance` and from ``NORM_MIX``,
``NORM_POINTS`` (:func:`xlfuncs.core.norms.norm_mix`, :func:`~xlfuncs.core.norms.norm_points`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from xlsxwriter.format import Format
from xlsxwriter.worksheet import Worksheet

from .. import udfs
from ..core.editions import DEFAULT_EDITION, EDITIONS
from ..core.norms import (
    COUNTING_TITLES,
    MIN_NORM_PERCENT,
    NORM_TITLES,
    NormPerformance,
    is_titled,
    norm_performance,
    title_or_higher,
)
from ..core.title_editions import title_edition
from . import common
from .common import write_formula, write_text, write_value
from .player_sheets import (
    COUNTED,
    TITLE_CHOICES,
    Game,
    GameColumns,
    LayoutCell,
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
    write_array_block,
    write_layout,
)

__all__ = ["COUNTING_TITLES", "MAX_GAMES", "NORM_RANKS", "Game", "NormSheetData", "build"]

MAX_GAMES: Final = 15
SHEET: Final = "Title norm"

NORM_RANKS: Final = tuple(NORM_TITLES)
"""The norm titles, strongest first (:data:`xlfuncs.core.norms.NORM_TITLES`): for a norm, an
opponent holds "the norm's title or higher" when their title comes at or before the norm's
in this list (:func:`xlfuncs.core.norms.title_or_higher`)."""

(
    C_NO,
    C_NAME,
    C_TITLE,
    C_FED,
    C_RATING,
    C_RESULT,
    C_STATUS,
    C_COUNTED,
    C_NOTE,
    C_TITLED,
    C_HIGHER,
    C_MET,
) = range(12)
LAST_COL = C_MET
_GAME_COLUMNS: Final = GameColumns(C_NO, C_NAME, C_RATING, C_RESULT, C_STATUS, C_TITLE, C_FED)
C_H0 = 13  # hidden helpers: N rating for NORM_POINTS, O W, P:Q NORM_RATINGS' array (the
# rating, unrated at the edition's value; the rating counted); beside the checks, N:Q hold
# NORM_MIX's array (count, needed, met, federations), then N:P NORM_FIGURES' (figure,
# minimum, met) beside the Ra, 35 % and Rp checks; R:S NORM_TITLED's (titled? the norm's
# title or higher?)
H_POINTS, H_W, H_VALUE, H_USED, H_TITLED, H_HIGHER = range(C_H0, C_H0 + 6)
H_LAST = H_HIGHER

R_TITLE, R_LINE, R_NOTE = 0, 1, 2
R_NAME, R_ID, R_FED, R_EVENT = 3, 4, 5, 6
R_RULES, R_NORM, R_UNRATED, R_FIGURES = 3, 4, 5, 6
R_HEAD = 8
R_FIRST = R_HEAD + 1
R_LAST = R_FIRST + MAX_GAMES - 1
R_TOTAL = R_LAST + 1

P_TOP = R_TOTAL + 2  # both panels' section row
(P_GAMES, P_POINTS, P_FLOOR, P_RA, P_P, P_DP, P_RP, P_NEEDED) = range(P_TOP + 1, P_TOP + 9)
K_ROWS = tuple(range(P_TOP + 1, P_TOP + 10))  # nine checks
P_VERDICT = P_TOP + 10
P_READING = P_VERDICT + 1
P_TABLE = P_READING + 6

HOW_TO = (
    "How to use: fill the yellow cells: the player's federation, the norm sought, and one row "
    "per round: opponent's title, federation, rating (blank or 0 = unrated) and result (1, ½ "
    "or =, 0; forfeits + / - and byes are listed but not counted). The sheet applies the "
    "rating floor to the lowest-rated opponent, computes Rp with NORM_RP and the points "
    "needed with NORM_POINTS, and checks the opponents' mix with NORM_MIX. In an event still "
    "running, give the rating of each opponent already paired (0 if unrated) with no result: "
    "the points needed are then what the rounds to come must bring."
)

READING = (
    "Our reading of the Title Regulations: only games played (1, ½, 0) count, forfeits and "
    "byes do not. Titled = GM, IM, FM, WGM, WIM, WFM (CM and WCM excluded). The norm's title "
    "or higher: GM norm: GM; IM norm: GM, IM; WGM norm: GM, IM, WGM; WIM norm: GM, IM, WGM, "
    "WIM. Fractions: 3/5 and 2/3 of n rounded down (at most), 50 % and 1/3 rounded up (at "
    "least). FID counts as no federation. Not checked: the exceptions for national "
    "championships, team and Swiss events, the 13-round rule, limits on unrated opponents "
    "and the event's own conditions (time control, arbiters, registration)."
)


@dataclass(frozen=True)
class NormSheetData:
    """A player's event for a title norm: the player's federation, the norm sought
    (``"GM"``, ``"IM"``, ``"WGM"`` or ``"WIM"``) and the opponents in round order (at most
    15; :class:`Game` with ``title`` and ``federation``)."""

    federation: str = ""
    title: str = "GM"
    name: str = ""
    fide_id: str = ""
    event: str = ""
    rules: str | None = None
    games: Sequence[Game] = field(default_factory=tuple)


def _yes_no(met: Value) -> str:
    """A check's Met? cell from NORM_MIX's met: TRUE/FALSE, blank (not known) or an error."""
    if is_error(met):
        return "no"
    return "" if not isinstance(met, bool) else "yes" if met else "no"


@dataclass(frozen=True)
class NormSheetFigures:
    """What every formula cell of the sheet shows for *data* (its cached value): per game row
    (fifteen), the totals, the norm performance and the checks. The performance figures are
    ``""`` when no game counts."""

    statuses: tuple[str, ...]
    for_points: tuple[Value, ...]
    """The ratings ``NORM_POINTS`` reads (0: unrated), the rounds to come included."""
    values: tuple[Value, ...]
    """Each counted opponent's rating, unrated at the edition's value."""
    w: tuple[Value, ...]
    used: tuple[Value, ...]
    """Each counted opponent's rating as the norm counts it (the floor applied)."""
    notes: tuple[str, ...]
    titled: tuple[str, ...]
    higher: tuple[str, ...]
    idx: Value
    """The row (from 1) of the lowest-rated opponent, whom the floor may raise."""
    n: float
    points: float
    rules: str
    unrated: float
    target: str
    figures: str
    rating_rows: Sequence[Sequence[Value]]
    titled_rows: Sequence[Sequence[Value]]
    figures_array: Sequence[Sequence[Value]]
    mix: Sequence[Sequence[Value]]
    floor_text: str
    ra: Value
    p: Value
    dp: Value
    rp: Value
    needed: Value
    needed_text: str
    checks: tuple[tuple[Value, Value, str], ...]
    verdict: str
    most_label: str
    line: str


def _array(found: Any, rows: int, cols: int) -> Sequence[Sequence[Value]]:
    """A function's array as the cells show it: an error fills every cell."""
    return found if isinstance(found, list) else [[found] * cols for _ in range(rows)]


def _figures(data: NormSheetData) -> NormSheetFigures:
    """Every computed cell's value, as Excel shows it: the figures from the core
    (:func:`~xlfuncs.core.norms.norm_performance`) and from the functions the formulas call."""
    games = list(data.games)
    pad = MAX_GAMES - len(games)
    ratings: list[Value] = [None if g.rating is None else float(g.rating) for g in games]
    ratings += [None] * pad
    results: list[Value] = [result_cell(g.result) for g in games] + [None] * pad
    titles: list[Value] = [g.title or None for g in games] + [None] * pad
    feds: list[Value] = [g.federation or None for g in games] + [None] * pad
    rules = data.rules or DEFAULT_EDITION.id
    target = data.title.strip().upper()
    norm = NORM_TITLES[target]

    statuses = [status(r, w, unrated_counts=True) for r, w in zip(ratings, results)]
    rows = [k for k, st in enumerate(statuses) if st == COUNTED]
    for_points: list[Value] = [""] * MAX_GAMES
    ws_: list[Value] = [""] * MAX_GAMES
    for k in rows:
        r = ratings[k]
        for_points[k] = r if isinstance(r, float) and r > 0 else 0.0
        ws_[k] = points(results[k])
    # Rounds to come (a rating, 0 for an unrated opponent, and no result yet): NORM_POINTS
    # counts them too, so that "Points needed" is what the rounds to come must bring.
    to_come = [
        k
        for k, (r, w) in enumerate(zip(ratings, results))
        if isinstance(r, float) and (w is None or w == "")
    ]
    for k in to_come:
        r = ratings[k]
        for_points[k] = r if isinstance(r, float) and r > 0 else 0.0
    n = float(len(rows))
    pts = float(sum(w for w in ws_ if isinstance(w, float)))
    perf: NormPerformance | None = None
    if rows:
        listed = [int(for_points[k]) or None for k in rows]
        perf = norm_performance(listed, pts, norm, rules=rules)
    values: list[Value] = [""] * MAX_GAMES
    used: list[Value] = [""] * MAX_GAMES
    notes: list[str] = [""] * MAX_GAMES
    idx: Value = ""
    if perf is not None:
        idx = float(rows[perf.lowest] + 1)
        for j, k in enumerate(rows):
            values[k] = float(perf.ratings_before_floor[j])
            used[k] = float(perf.ratings_used[j])
            if j == perf.lowest and perf.raised:
                notes[k] = f"raised to the floor {norm.floor}"
            elif for_points[k] == 0:
                notes[k] = f"unrated: counts as {perf.ratings_before_floor[j]}"
    titled = [
        ("yes" if is_titled(titles[k]) else "no") if k in rows else "" for k in range(MAX_GAMES)
    ]
    higher = [
        ("yes" if title_or_higher(titles[k], norm) else "no") if k in rows else ""
        for k in range(MAX_GAMES)
    ]
    columns = ([[r] for r in ratings], [[w] for w in results])
    mix = _array(
        udfs.NORM_MIX(
            *columns,
            [[t] for t in titles],
            [[f] for f in feds],
            data.federation or None,
            data.title,
        ),
        6,
        4,
    )
    floor_text = needed_text = verdict = ""
    ra: Value = ""
    p: Value = ""
    dp: Value = ""
    rp: Value = ""
    needed: Value = ""
    most_label = _CHECKS[3]
    if perf is None:
        thresholds = (float(norm.min_ra), MIN_NORM_PERCENT / 100, float(norm.min_rp))
        checks: list[tuple[Value, Value, str]] = [("", "", "")] * 6
        checks += [("", t, "") for t in thresholds]
    else:
        low = text_of(values[rows[perf.lowest]])
        floor_text = (
            f"Rd {text_of(idx)}: {low} raised to {norm.floor}"
            if perf.raised
            else f"none: the lowest ({low}) is not below {norm.floor}"
        )
        ra, p, dp, rp = float(perf.ra), perf.percent / 100, float(perf.dp), float(perf.rp)
        needed = udfs.NORM_POINTS([[p_] for p_ in for_points], data.title, rules)
        needed = float(needed) if isinstance(needed, (int, float)) else needed
        if is_error(needed):
            needed_text = udfs.EXPLAIN_ERROR(
                "NORM_POINTS", [[p_] for p_ in for_points], data.title, rules
            )
        elif pts >= needed:
            needed_text = "Points needed: reached"
        else:
            needed_text = f"Points needed: {text_of(needed - pts)} more" + (
                f" in the {len(to_come)} round{'' if len(to_come) == 1 else 's'} to come"
                if to_come
                else ""
            )
        checks = [(row[0], row[1], _yes_no(row[2])) for row in mix]
        for figure, threshold, met in (
            (ra, norm.min_ra, perf.ra_met),
            (p, MIN_NORM_PERCENT / 100, perf.percent_met),
            (rp, norm.min_rp, perf.rp_met),
        ):
            checks.append((figure, float(threshold), "yes" if met else "no"))
        verdict = "yes" if all(met == "yes" for *_, met in checks) else "no"
        most = mix[3][3]
        most_label = _CHECKS[3] + ("" if is_error(most) or not most else f" (most: {most})")
    line = "Enter the player's event in the yellow cells."
    if data.name:
        line = data.name + (f"  ·  FIDE ID {data.fide_id}" if data.fide_id else "")
        line += f"  ·  {data.event}" if data.event else ""
        if verdict:
            line += f"  ·  {target} norm: {verdict}"
    return NormSheetFigures(
        statuses=tuple(statuses),
        for_points=tuple(for_points),
        values=tuple(values),
        w=tuple(ws_),
        used=tuple(used),
        notes=tuple(notes),
        titled=tuple(titled),
        higher=tuple(higher),
        idx=idx,
        n=n,
        points=pts,
        rules=rules,
        unrated=float(title_edition(rules).unrated_opponent),
        target=data.title,
        figures=f"{target} norm: Ra ≥ {norm.min_ra}, Rp ≥ {norm.min_rp}; floor {norm.floor}",
        rating_rows=_array(udfs.NORM_RATINGS(*columns, data.title, rules), MAX_GAMES, 2),
        titled_rows=_array(
            udfs.NORM_TITLED([[t] for t in titles], columns[1], data.title), MAX_GAMES, 2
        ),
        figures_array=_array(udfs.NORM_FIGURES(*columns, data.title, rules), 3, 3),
        mix=mix,
        floor_text=floor_text,
        ra=ra,
        p=p,
        dp=dp,
        rp=rp,
        needed=needed,
        needed_text=needed_text,
        checks=tuple(checks),
        verdict=verdict,
        most_label=most_label,
        line=line,
    )


COLUMN_WIDTHS: Final = (
    (C_NO, 4),
    (C_NAME, 24),
    (C_TITLE, 6),
    (C_FED, 6),
    (C_RATING, 8),
    (C_RESULT, 7),
    (C_STATUS, 9),
    (C_COUNTED, 9),
    (C_NOTE, 24),
    (C_TITLED, 8),
    (C_HIGHER, 9),
    (C_MET, 8),
)
GAME_HEADERS: Final = (
    "Rd",
    "Opponent",
    "Title",
    "Fed",
    "Rating",
    "Result",
    "Counted?",
    "Rating counted",
    "Note",
    "Titled?",
    "Norm title or higher?",
)
HELPER_HEADERS: Final = (
    "for NORM_POINTS",
    "W",
    "NORM_RATINGS: rating",
    "counted",
    "NORM_TITLED",
    "higher",
)

# The references the formulas use.
_TARGET = a1(R_NORM, C_HIGHER, absolute=True)
_OWN = a1(R_FED, C_TITLE, absolute=True)
_FLOOR = f"VLOOKUP({_TARGET},Norms,4,FALSE)"
_N = a1(R_TOTAL, C_STATUS, absolute=True)
_POINTS = a1(R_TOTAL, C_COUNTED, absolute=True)
_IDX = a1(R_TOTAL, H_VALUE, absolute=True)
_VALUES = span(R_FIRST, H_VALUE, R_LAST, absolute=True)
_STATUSES = span(R_FIRST, C_STATUS, R_LAST, absolute=True)


def _head_layout(data: NormSheetData, v: NormSheetFigures, rules: str) -> list[LayoutCell]:
    """Title, the one-line summary, the player and the settings beside the rules edition."""
    name, fide_id, event = a1(R_NAME, C_TITLE), a1(R_ID, C_TITLE), a1(R_EVENT, C_TITLE)
    verdict = a1(P_VERDICT, C_MET)
    cells = heading_cells(
        R_TITLE,
        R_LINE,
        "FIDE title norm: one player, one event",
        f'=IF({name}="","Enter the player\'s event in the yellow cells.",{name}'
        f'&IF({fide_id}="","","  ·  FIDE ID "&{fide_id})&IF({event}="","","  ·  "&{event})'
        f'&IF({verdict}="","","  ·  "&UPPER({_TARGET})&" norm: "&{verdict}))',
        v.line,
    )
    cells += labelled_inputs(
        (
            (R_NAME, "Player", data.name),
            (R_ID, "FIDE ID", data.fide_id),
            (R_FED, "Player's federation", data.federation),
            (R_EVENT, "Event", data.event),
        ),
        C_NAME,
        C_TITLE,
        C_STATUS,
    )
    return [
        *cells,
        LayoutCell(R_NORM, C_TITLED, "text", "Norm sought", style="label"),
        LayoutCell(R_NORM, C_HIGHER, "text", data.title, style="input_center"),
        LayoutCell(
            R_UNRATED,
            C_COUNTED,
            "text",
            "Unrated opponents count as",
            style="label",
            last_col=C_TITLED,
        ),
        LayoutCell(
            R_UNRATED,
            C_HIGHER,
            "formula",
            f'=VLOOKUP(IF({rules}="","{DEFAULT_EDITION.id}",{rules}&""),Unrated,2,FALSE)',
            v.unrated,
            "computed",
        ),
        LayoutCell(
            R_FIGURES,
            C_COUNTED,
            "formula",
            f'=UPPER({_TARGET})&" norm: Ra ≥ "&VLOOKUP({_TARGET},Norms,2,FALSE)&", Rp ≥ "'
            f'&VLOOKUP({_TARGET},Norms,3,FALSE)&"; floor "&VLOOKUP({_TARGET},Norms,4,FALSE)',
            v.figures,
            "computed_text",
            last_col=C_MET,
        ),
    ]


def _games_layout(data: NormSheetData, v: NormSheetFigures) -> list[LayoutCell]:
    """The headers and the fifteen opponent rows: input cells, helpers, computed columns."""
    cells = [
        *(
            LayoutCell(R_HEAD, col, "text", text, style="header")
            for col, text in enumerate(GAME_HEADERS)
        ),
        *(
            LayoutCell(R_HEAD, C_H0 + j, "text", text, style="helper_header")
            for j, text in enumerate(HELPER_HEADERS)
        ),
    ]
    games = list(data.games)
    for k in range(MAX_GAMES):
        row = R_FIRST + k
        g = games[k] if k < len(games) else None
        st, rt, wt = (a1(row, c) for c in (C_STATUS, C_RATING, C_RESULT))
        hp, hv, hu = a1(row, H_POINTS), a1(row, H_VALUE), a1(row, H_USED)
        yes = f'{st}="{COUNTED}"'
        cells += [
            *game_input_cells(row, k + 1, g, _GAME_COLUMNS, v.statuses[k], unrated_counts=True),
            LayoutCell(
                row,
                H_POINTS,
                "formula",
                f"=IF({yes},IF(AND(ISNUMBER({rt}),{rt}>0),{rt},0),"
                f'IF(AND(ISNUMBER({rt}),{wt}=""),IF({rt}>0,{rt},0),""))',
                v.for_points[k],
            ),
            LayoutCell(row, H_W, "formula", f'=IF({yes},{points_formula(wt)},"")', v.w[k]),
            LayoutCell(
                row,
                C_COUNTED,
                "formula",
                f'=IF({is_error_formula(hu)},"",{hu})',
                v.used[k],
                "computed",
            ),
            LayoutCell(
                row,
                C_NOTE,
                "formula",
                f'=IF(OR(NOT({yes}),{is_error_formula(hu)}),"",IF({hu}<>{hv},"raised to the '
                f'floor "&{hu},IF({hp}=0,"unrated: counts as "&{hv},"")))',
                v.notes[k],
                "left",
            ),
        ]
        for col, helper, shown in ((C_TITLED, H_TITLED, v.titled), (C_HIGHER, H_HIGHER, v.higher)):
            h = a1(row, helper)
            cells.append(
                LayoutCell(
                    row,
                    col,
                    "formula",
                    f'=IF(AND({yes},ISLOGICAL({h})),IF({h},"yes","no"),"")',
                    shown[k],
                    "computed_text",
                )
            )
    return cells


def _totals_layout(v: NormSheetFigures) -> list[LayoutCell]:
    """The totals row: games counted, points, titled opponents; the floor's row (hidden)."""
    return [
        LayoutCell(
            R_TOTAL,
            0,
            "text",
            "Games counted and points",
            style="total_label",
            last_col=C_RESULT,
        ),
        LayoutCell(
            R_TOTAL, C_STATUS, "formula", f'=COUNTIF({_STATUSES},"{COUNTED}")', v.n, "count"
        ),
        LayoutCell(
            R_TOTAL,
            C_COUNTED,
            "formula",
            f"=SUM({span(R_FIRST, H_W, R_LAST)})",
            v.points,
            "total",
        ),
        LayoutCell(R_TOTAL, C_NOTE, "text", None, style="total"),
        LayoutCell(
            R_TOTAL,
            C_TITLED,
            "formula",
            f'=COUNTIF({span(R_FIRST, C_TITLED, R_LAST)},"yes")',
            float(v.titled.count("yes")),
            "count",
        ),
        LayoutCell(
            R_TOTAL,
            C_HIGHER,
            "formula",
            f'=COUNTIF({span(R_FIRST, C_HIGHER, R_LAST)},"yes")',
            float(v.higher.count("yes")),
            "count",
        ),
        LayoutCell(
            R_TOTAL,
            H_VALUE,
            "formula",
            f'=IF({_N}=0,"",MATCH(MIN({_VALUES}),{_VALUES},0))',
            v.idx,
        ),
    ]


def _performance_layout(v: NormSheetFigures, rules: str) -> list[LayoutCell]:
    """The norm performance panel: n, points, the floor, Ra, p, dp, Rp, the points needed."""
    n, pts, target, idx, values = _N, _POINTS, _TARGET, _IDX, _VALUES
    ratings = span(R_FIRST, C_RATING, R_LAST, absolute=True)
    results = span(R_FIRST, C_RESULT, R_LAST, absolute=True)
    for_points = span(R_FIRST, H_POINTS, R_LAST, absolute=True)
    used = span(R_FIRST, H_USED, R_LAST, absolute=True)
    # NORM_FIGURES' figures, in the hidden helpers beside the Ra and 35 % checks
    h_ra, h_p = a1(K_ROWS[6], C_H0), a1(K_ROWS[7], C_H0)
    needed = a1(P_NEEDED, C_TITLE)

    def line(
        row: int, label: str, formula: str, value: Value, style: str
    ) -> tuple[LayoutCell, LayoutCell]:
        return (
            LayoutCell(row, C_NAME, "text", label, style="label"),
            LayoutCell(row, C_TITLE, "formula", formula, value, style, last_col=C_RESULT),
        )

    return [
        LayoutCell(P_TOP, C_NAME, "text", "Norm performance", style="section", last_col=C_RESULT),
        *line(P_GAMES, "Games counted n", f"={n}", v.n, "computed"),
        *line(P_POINTS, "Points", f"={pts}", v.points, "points"),
        *line(
            P_FLOOR,
            "Rating floor applied",
            f'=IF({n}=0,"",IFERROR(IF(INDEX({used},{idx})<>INDEX({values},{idx}),'
            f'"Rd "&{idx}&": "&INDEX({values},{idx})&" raised to "&INDEX({used},{idx}),'
            f'"none: the lowest ("&MIN({values})&") is not below "&{_FLOOR}),""))',
            v.floor_text,
            "left",
        ),
        *line(P_RA, "Ra (floor applied, rounded)", f'=IF({n}=0,"",{h_ra})', v.ra, "computed"),
        *line(P_P, "p (to the whole percent)", f'=IF({n}=0,"",{h_p})', v.p, "percent"),
        *line(P_DP, "dp (table 8.1(a))", f'=IF({n}=0,"",DP_LOOKUP({pts},{n}))', v.dp, "computed"),
        *line(
            P_RP,
            "Norm performance (NORM_RP)",
            f'=IF({n}=0,"",NORM_RP({ratings},{results},{target},{rules}))',
            v.rp,
            "big",
        ),
        *line(
            P_NEEDED,
            "Points needed (NORM_POINTS)",
            f'=IF({n}=0,"",NORM_POINTS({for_points},{target},{rules}))',
            v.needed,
            "big",
        ),
        LayoutCell(
            P_NEEDED + 1,
            C_NAME,
            "formula",
            f'=IF({n}=0,"",IF({is_error_formula(needed)},EXPLAIN_ERROR("NORM_POINTS",'
            f'{for_points},{target},{rules}),IF({pts}>={needed},"Points needed: reached",'
            f'"Points needed: "&({needed}-{pts})&" more"&IF(COUNT({for_points})>{n},'
            f'" in the "&(COUNT({for_points})-{n})&" rounds to come",""))))',
            v.needed_text,
            "wrap",
            last_row=P_NEEDED + 2,
            last_col=C_RESULT,
        ),
    ]


def build(path: Path, data: NormSheetData | None = None) -> None:
    """Write ``norms.xlsx``: blank (``data`` is ``None``) or filled in, every formula cell
    carrying the value it computes."""
    data = data or NormSheetData()
    if data.title.strip().upper() not in NORM_RANKS:
        raise ValueError(f"title: one of {', '.join(NORM_RANKS)}, got {data.title!r}")
    if len(data.games) > MAX_GAMES:
        raise ValueError(f"at most {MAX_GAMES} games, got {len(data.games)}")
    v = _figures(data)
    wb, fmt = common.new_workbook(path, title="FIDE title norm: one player, one event")
    x = extra_formats(wb, fmt)
    ws = wb.add_worksheet(SHEET)
    ws.hide_gridlines(2)
    ws.set_default_row(12.75)
    for col, width in COLUMN_WIDTHS:
        ws.set_column(col, col, width)
    hide_helper_columns(ws, C_H0, H_LAST, 9)
    ws.set_row(R_TITLE, 20)
    ws.set_row(R_HEAD, 27)
    note(ws, fmt, R_NOTE, 0, LAST_COL, HOW_TO, height=40)
    rules = common.settings_block(wb, ws, fmt, R_RULES, C_TITLED, rules=v.rules, rates=False)
    layout = [
        *_head_layout(data, v, rules),
        *_games_layout(data, v),
        *_totals_layout(v),
        *_performance_layout(v, rules),
    ]
    write_layout(ws, layout, fmt, x)
    _arrays(ws, fmt, v, rules)
    _validations_and_formats(wb, ws, x)
    _checks(ws, fmt, x, v, _N, _OWN, rules)
    _tables(wb, ws, fmt)
    ws.freeze_panes(R_HEAD + 1, 0)
    ws.print_area(0, 0, P_TABLE + 7, LAST_COL)
    common.print_setup(ws, landscape=True, repeat_rows=(R_TITLE, R_LINE))
    ws.fit_to_pages(1, 1)
    common.protect(ws)
    ws.activate()
    common.add_tables_sheet(wb, fmt)
    common.add_xlwings_conf_sheet(wb)
    wb.close()


def _arrays(ws: Worksheet, fmt: common.Formats, v: NormSheetFigures, rules: str) -> None:
    """The hidden arrays beside the games: NORM_RATINGS' and NORM_TITLED's, one call each."""
    inputs = [span(R_FIRST, col, R_LAST, absolute=True) for col in (C_RATING, C_RESULT)]
    write_array_block(
        ws,
        R_FIRST,
        H_VALUE,
        R_LAST,
        H_USED,
        f"{{=NORM_RATINGS({','.join(inputs)},{_TARGET},{rules})}}",
        fmt.computed,  # a format: a blank without one would leave xlsxwriter's 0
        v.rating_rows,
    )
    inputs = [span(R_FIRST, col, R_LAST, absolute=True) for col in (C_TITLE, C_RESULT)]
    write_array_block(
        ws,
        R_FIRST,
        H_TITLED,
        R_LAST,
        H_HIGHER,
        f"{{=NORM_TITLED({','.join(inputs)},{_TARGET})}}",
        fmt.computed,
        v.titled_rows,
    )


def _validations_and_formats(wb: Any, ws: Worksheet, x: dict[str, Format]) -> None:
    """The drop-downs and checks of the input cells, and the highlights."""
    ws.data_validation(
        R_NORM,
        C_HIGHER,
        R_NORM,
        C_HIGHER,
        {
            "validate": "list",
            "source": list(NORM_RANKS),
            "input_title": "Norm",
            "input_message": "GM, IM, WGM or WIM",
            "error_message": "GM, IM, WGM or WIM",
        },
    )
    rating_validation(ws, R_FIRST, C_RATING, R_LAST)
    common.validate_results(ws, R_FIRST, C_RESULT, R_LAST, C_RESULT)
    common.results_formatting(wb, ws, R_FIRST, C_RESULT, R_LAST, C_RESULT)
    ws.data_validation(
        R_FIRST,
        C_TITLE,
        R_LAST,
        C_TITLE,
        {
            "validate": "list",
            "source": list(TITLE_CHOICES),
            "error_type": "warning",
            "error_message": "A FIDE title: GM, IM, FM, CM, WGM, WIM, WFM or WCM.",
        },
    )
    ws.data_validation(
        R_FIRST,
        C_FED,
        R_LAST,
        C_FED,
        {
            "validate": "length",
            "criteria": "==",
            "value": 3,
            "error_type": "warning",
            "input_message": "FIDE federation code, e.g. ESP",
            "error_message": "Three letters.",
        },
    )
    for col in (C_TITLED, C_HIGHER):
        ws.conditional_format(
            R_FIRST,
            col,
            R_LAST,
            col,
            {"type": "cell", "criteria": "==", "value": '"yes"', "format": x["yes_soft"]},
        )
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
    ws.conditional_format(
        R_FIRST,
        C_COUNTED,
        R_LAST,
        C_COUNTED,
        {
            "type": "formula",
            "criteria": f'=LEFT({a1(R_FIRST, C_NOTE)},6)="raised"',
            "format": x["capped"],
        },
    )


_CHECKS = (
    "At least 9 games",
    "At least 2 federations other than the player's",
    "At most 3/5 of the opponents from the player's federation",
    "At most 2/3 from one federation",  # the cell adds the most frequent federation
    "At least 50 % titled opponents (CM, WCM excluded)",
    "At least 1/3 with the norm's title or higher",
    "Ra at least the norm's minimum",
    "Score at least 35 %",
    "Norm performance Rp at least the norm's minimum",
)


def _checks(
    ws: Worksheet,
    fmt: common.Formats,
    x: dict[str, Format],
    v: NormSheetFigures,
    n: str,
    own: str,
    rules: str,
) -> None:
    """The checks: the first six from one NORM_MIX call (hidden, beside them), then Ra, p
    and Rp against the norm's figures from one NORM_FIGURES call (hidden, beside them)."""
    ws.merge_range(P_TOP, C_STATUS, P_TOP, C_NOTE, "", x["section"])
    write_text(ws, P_TOP, C_STATUS, "Title Regulations checks", x["section"])
    for col, text in ((C_TITLED, "Count"), (C_HIGHER, "Needed"), (C_MET, "Met?")):
        write_text(ws, P_TOP, col, text, x["section_center"])
    for j, text in enumerate(("NORM_MIX: count", "needed", "met", "federations")):
        write_text(ws, P_TOP, C_H0 + j, text, x["helper_header"])
    ranges = [
        span(R_FIRST, col, R_LAST, absolute=True) for col in (C_RATING, C_RESULT, C_TITLE, C_FED)
    ]
    target = a1(R_NORM, C_HIGHER, absolute=True)
    mix_rows = K_ROWS[:6]
    write_array_block(
        ws,
        mix_rows[0],
        C_H0,
        mix_rows[-1],
        C_H0 + 3,
        f"{{=NORM_MIX({','.join(ranges)},{own},{target})}}",
        fmt.computed_text,  # a format: a blank without one would leave xlsxwriter's 0
        v.mix,
    )
    ratings, results = ranges[:2]
    write_array_block(
        ws,
        K_ROWS[6],
        C_H0,
        K_ROWS[-1],
        C_H0 + 2,
        f"{{=NORM_FIGURES({ratings},{results},{target},{rules})}}",
        fmt.computed,
        v.figures_array,
    )
    at_least, at_most = x["at_least"], x["at_most"]
    need_formats = [at_least, at_least, at_most, at_most, at_least, at_least, at_least]
    need_formats += [x["at_least_percent"], at_least]
    for i, row in enumerate(K_ROWS):
        ws.merge_range(row, C_STATUS, row, C_NOTE, "", x["left"])
        h_count, h_need, h_met, h_feds = (a1(row, C_H0 + j) for j in range(4))
        count_formula = f'=IF({n}=0,"",{h_count})'
        met_formula = (
            f'=IF({n}=0,"",IF({is_error_formula(h_met)},"no",'
            f'IF(ISLOGICAL({h_met}),IF({h_met},"yes","no"),"")))'
        )
        if i < len(mix_rows):
            need_formula = f'=IF({n}=0,"",{h_need})'
        else:  # the norm's figures, shown on a blank sheet too
            need_formula = (
                f"=VLOOKUP({target},Norms,2,FALSE)",
                f"={MIN_NORM_PERCENT}/100",
                f"=VLOOKUP({target},Norms,3,FALSE)",
            )[i - len(mix_rows)]
        if i == 3:
            write_formula(
                ws,
                row,
                C_STATUS,
                f'="{_CHECKS[3]}"&IF({is_error_formula(h_feds)},"",IF({h_feds}="","",'
                f'" (most: "&{h_feds}&")"))',
                x["left"],
                v.most_label,
            )
        else:
            write_text(ws, row, C_STATUS, _CHECKS[i], x["left"])
        value, needed, met = v.checks[i]
        count_format = x["percent"] if row == K_ROWS[7] else fmt.computed
        write_formula(ws, row, C_TITLED, count_formula, count_format, value)
        write_formula(ws, row, C_HIGHER, need_formula, need_formats[i], needed)
        write_formula(ws, row, C_MET, met_formula, fmt.yes_no, met)
    met_range = span(K_ROWS[0], C_MET, K_ROWS[-1])
    ws.merge_range(P_VERDICT, C_STATUS, P_VERDICT, C_HIGHER, "", x["total_label"])
    write_formula(
        ws,
        P_VERDICT,
        C_STATUS,
        f'="A "&UPPER({target})&" norm on these figures (every check met)"',
        x["total_label"],
        f"A {v.target.strip().upper()} norm on these figures (every check met)",
    )
    write_formula(
        ws,
        P_VERDICT,
        C_MET,
        f'=IF({n}=0,"",IF(COUNTIF({met_range},"yes")={len(K_ROWS)},"yes","no"))',
        x["verdict"],
        v.verdict,
    )
    for cell_range in (met_range, a1(P_VERDICT, C_MET)):
        ws.conditional_format(
            cell_range, {"type": "cell", "criteria": "==", "value": '"yes"', "format": x["yes"]}
        )
        ws.conditional_format(
            cell_range, {"type": "cell", "criteria": "==", "value": '"no"', "format": x["no"]}
        )
    ws.merge_range(P_READING, C_NAME, P_READING + 4, C_MET, READING, fmt.note)


def _tables(wb: Any, ws: Worksheet, fmt: common.Formats) -> None:
    """The norm figures and the unrated opponents' value per edition (looked up)."""
    top = P_TABLE
    for col, text in (
        (C_NAME, "Norm"),
        (C_TITLE, "Min Ra"),
        (C_FED, "Min Rp"),
        (C_RATING, "Floor"),
        (C_RESULT, "Rank"),
    ):
        write_text(ws, top, col, text, fmt.header)
    ws.merge_range(top, C_STATUS, top, C_NOTE, "", fmt.header)
    write_text(ws, top, C_STATUS, "Opponents with the norm's title or higher", fmt.header)
    for i, key in enumerate(NORM_RANKS):
        t = NORM_TITLES[key]
        row = top + 1 + i
        write_text(ws, row, C_NAME, t.title, fmt.computed_text)
        for col, value in (
            (C_TITLE, t.min_ra),
            (C_FED, t.min_rp),
            (C_RATING, t.floor),
            (C_RESULT, i + 1),
        ):
            write_value(ws, row, col, value, fmt.computed)
        ws.merge_range(
            row, C_STATUS, row, C_NOTE, ", ".join(NORM_RANKS[: i + 1]), fmt.computed_text
        )
    wb.define_name(
        "Norms",
        f"='{SHEET}'!{a1(top + 1, C_NAME, absolute=True)}:"
        f"{a1(top + len(NORM_RANKS), C_RESULT, absolute=True)}",
    )
    write_text(ws, top, C_TITLED, "Rules", fmt.header)
    ws.merge_range(top, C_HIGHER, top, C_MET, "", fmt.header)
    write_text(ws, top, C_HIGHER, "Unrated counts as", fmt.header)
    for i, key in enumerate(EDITIONS):
        # the rules cell names a Rating Regulations edition; the norms follow the Title
        # Regulations in force on its first day (xlfuncs.core.title_editions.title_edition)
        row = top + 1 + i
        write_text(ws, row, C_TITLED, key, fmt.computed_text)
        ws.merge_range(row, C_HIGHER, row, C_MET, "", fmt.computed)
        write_value(ws, row, C_HIGHER, title_edition(key).unrated_opponent, fmt.computed)
    wb.define_name(
        "Unrated",
        f"='{SHEET}'!{a1(top + 1, C_TITLED, absolute=True)}:"
        f"{a1(top + len(EDITIONS), C_HIGHER, absolute=True)}",
    )
    ws.merge_range(top - 1, C_NAME, top - 1, C_MET, "", fmt.subtitle)
    write_text(
        ws,
        top - 1,
        C_NAME,
        "Figures used (Title Regulations; unrated opponents: xlfuncs.core.title_editions)",
        fmt.subtitle,
    )
