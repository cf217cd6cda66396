"""``norms.xlsx``: one player's title norm in one event (Title Regulations, 2024 text).

The layout, the checks and where each figure comes from: ``docs/templates.md``. Each
computed cell is one :mod:`.cell_formula` expression, which gives both its formula and the
value stored beside it (``NORM_RATINGS``, ``NORM_TITLED``, ``NORM_MIX``, ``NORM_FIGURES``,
``NORM_RP`` and ``NORM_POINTS`` called on the sheet's cells).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from xlsxwriter.format import Format
from xlsxwriter.worksheet import Worksheet

from ..core.editions import EDITIONS
from ..core.norms import COUNTING_TITLES, MIN_NORM_PERCENT, NORM_TITLES
from ..core.title_editions import title_edition
from . import common
from . import player_sheets as ps
from .cell_formula import Area, Expr, Name, Paren, Ref, blank_or, call, concat, if_, op
from .player_sheets import COUNTED, RULES, Game, LayoutCell, formula_cell

__all__ = ["COUNTING_TITLES", "MAX_GAMES", "NORM_RANKS", "Game", "NormSheetData", "build"]

MAX_GAMES: Final = 15
SHEET: Final = "Title norm"

NORM_RANKS: Final = tuple(NORM_TITLES)
"""The norm titles, strongest first (:data:`xlfuncs.core.norms.NORM_TITLES`)."""

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
_GAME_COLUMNS: Final = ps.GameColumns(C_NO, C_NAME, C_RATING, C_RESULT, C_STATUS, C_TITLE, C_FED)
C_H0 = 13  # hidden helpers: N rating for NORM_POINTS, O W, P:Q NORM_RATINGS' array (the
# rating, unrated at the edition's value; the rating counted); beside the checks, N:Q hold
# NORM_MIX's array (count, needed, met, federations), then N:P NORM_FIGURES' (figure,
# minimum, met) beside the Ra, 35 % and Rp checks; R:S NORM_TITLED's (titled? the norm's
# title or higher?)
H_POINTS, H_W, H_VALUE, H_USED, H_TITLED, H_HIGHER = range(C_H0, C_H0 + 6)
H_LAST = H_HIGHER

_, _, R_NOTE, R_NAME, R_ID, R_FED = ps.HEAD_ROWS
R_EVENT = 6
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
class NormSheetData(ps.PlayerEntered):
    """A player's event for a title norm: the player's federation, the norm sought
    (``"GM"``, ``"IM"``, ``"WGM"`` or ``"WIM"``) and the opponents in round order (at most
    15; :class:`Game` with ``title`` and ``federation``)."""

    title: str = "GM"
    event: str = ""
    games: Sequence[Game] = field(default_factory=tuple)


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
_TARGET = Ref(R_NORM, C_HIGHER, absolute=True)
_OWN = Ref(R_FED, C_TITLE, absolute=True)
_N = Ref(R_TOTAL, C_STATUS, absolute=True)
_POINTS = Ref(R_TOTAL, C_COUNTED, absolute=True)
_IDX = Ref(R_TOTAL, H_VALUE, absolute=True)
_RATINGS, _RESULTS, _TITLES, _FEDS, _FOR_POINTS, _VALUES, _USED, _STATUSES = (
    Area(R_FIRST, col, R_LAST, col, absolute=True)
    for col in (C_RATING, C_RESULT, C_TITLE, C_FED, H_POINTS, H_VALUE, H_USED, C_STATUS)
)


def _norm_figure(col: int) -> Expr:
    """The norm's figure from the ``Norms`` table: 2 min Ra, 3 min Rp, 4 the floor."""
    return call("VLOOKUP", _TARGET, Name("Norms"), col, False)


def _when_counted(then: Expr) -> Expr:
    """*then*, blank while no game counts."""
    return if_(op("=", _N, 0), "", then)


def _head_layout(data: NormSheetData) -> list[LayoutCell]:
    """Title, the one-line summary, the player and the settings beside the rules edition."""
    event, verdict = Ref(R_EVENT, C_TITLE), Ref(P_VERDICT, C_MET)
    cells = ps.player_head(
        data,
        (C_NAME, C_TITLE, C_STATUS),
        "FIDE title norm: one player, one event",
        "Enter the player's event in the yellow cells.",
        blank_or(event, concat("  ·  ", event)),
        blank_or(verdict, concat("  ·  ", call("UPPER", _TARGET), " norm: ", verdict)),
        entries=((R_EVENT, "Event", data.event),),
        federation_label="Player's federation",
    )
    figures = concat(
        call("UPPER", _TARGET),
        " norm: Ra ≥ ",
        _norm_figure(2),
        ", Rp ≥ ",
        _norm_figure(3),
        "; floor ",
        _norm_figure(4),
    )
    return [
        *cells,
        ps.text_cell(R_NORM, C_TITLED, "Norm sought", "label"),
        ps.text_cell(R_NORM, C_HIGHER, data.title, "input_center"),
        ps.text_cell(
            R_UNRATED, C_COUNTED, "Unrated opponents count as", "label", last_col=C_TITLED
        ),
        formula_cell(
            R_UNRATED,
            C_HIGHER,
            call("VLOOKUP", ps.EDITION_APPLIED, Name("Unrated"), 2, False),
            "computed",
        ),
        formula_cell(R_FIGURES, C_COUNTED, figures, "computed_text", last_col=C_MET),
    ]


def _game_row(row: int) -> list[LayoutCell]:
    """A game row's computed cells: the helpers for NORM_POINTS and W, the rating counted,
    the note, and whether the opponent is titled and holds the norm's title or higher."""
    st, rt, wt = (Ref(row, c) for c in (C_STATUS, C_RATING, C_RESULT))
    hp, hv, hu = Ref(row, H_POINTS), Ref(row, H_VALUE), Ref(row, H_USED)
    yes = op("=", st, COUNTED)
    rated = if_(call("AND", call("ISNUMBER", rt), op(">", rt, 0)), rt, 0)
    to_come = if_(
        call("AND", call("ISNUMBER", rt), op("=", wt, "")), if_(op(">", rt, 0), rt, 0), ""
    )
    note = if_(
        op("<>", hu, hv),
        concat("raised to the floor ", hu),
        if_(op("=", hp, 0), concat("unrated: counts as ", hv), ""),
    )
    cells = [
        formula_cell(row, H_POINTS, if_(yes, rated, to_come)),
        formula_cell(row, H_W, if_(yes, ps.points_expr(wt), "")),
        formula_cell(row, C_COUNTED, if_(ps.is_error_expr(hu), "", hu), "computed"),
        formula_cell(
            row, C_NOTE, if_(call("OR", call("NOT", yes), ps.is_error_expr(hu)), "", note), "left"
        ),
    ]
    for col, helper in ((C_TITLED, H_TITLED), (C_HIGHER, H_HIGHER)):
        h = Ref(row, helper)
        shown = if_(call("AND", yes, call("ISLOGICAL", h)), if_(h, "yes", "no"), "")
        cells.append(formula_cell(row, col, shown, "computed_text"))
    return cells


def _games_layout(data: NormSheetData) -> list[LayoutCell]:
    """The headers and the fifteen opponent rows: input cells, helpers, computed columns."""
    cells = [
        *(ps.text_cell(R_HEAD, col, text, "header") for col, text in enumerate(GAME_HEADERS)),
        *(
            ps.text_cell(R_HEAD, C_H0 + j, text, "helper_header")
            for j, text in enumerate(HELPER_HEADERS)
        ),
    ]
    games = list(data.games)
    for k in range(MAX_GAMES):
        row = R_FIRST + k
        g = games[k] if k < len(games) else None
        cells += [
            *ps.game_input_cells(row, k + 1, g, _GAME_COLUMNS, unrated_counts=True),
            *_game_row(row),
        ]
    return cells


def _totals_layout() -> list[LayoutCell]:
    """The totals row: games counted, points, titled opponents; the floor's row (hidden)."""
    lowest = call("MATCH", call("MIN", _VALUES), _VALUES, 0)
    return [
        ps.text_cell(R_TOTAL, 0, "Games counted and points", "total_label", last_col=C_RESULT),
        formula_cell(R_TOTAL, C_STATUS, call("COUNTIF", _STATUSES, COUNTED), "count"),
        formula_cell(R_TOTAL, C_COUNTED, call("SUM", Area(R_FIRST, H_W, R_LAST, H_W)), "total"),
        ps.text_cell(R_TOTAL, C_NOTE, None, "total"),
        *(
            formula_cell(
                R_TOTAL, col, call("COUNTIF", Area(R_FIRST, col, R_LAST, col), "yes"), "count"
            )
            for col in (C_TITLED, C_HIGHER)
        ),
        formula_cell(R_TOTAL, H_VALUE, _when_counted(lowest)),
    ]


def _performance_layout() -> list[LayoutCell]:
    """The norm performance panel: n, points, the floor, Ra, p, dp, Rp, the points needed."""
    n, pts, idx = _N, _POINTS, _IDX
    # NORM_FIGURES' figures, in the hidden helpers beside the Ra and 35 % checks
    h_ra, h_p = Ref(K_ROWS[6], C_H0), Ref(K_ROWS[7], C_H0)
    needed = Ref(P_NEEDED, C_TITLE)
    before, used = call("INDEX", _VALUES, idx), call("INDEX", _USED, idx)
    floor = if_(
        op("<>", used, before),
        concat("Rd ", idx, ": ", before, " raised to ", used),
        concat("none: the lowest (", call("MIN", _VALUES), ") is not below ", _norm_figure(4)),
    )
    to_come = op("-", call("COUNT", _FOR_POINTS), n)
    more = concat(
        "Points needed: ",
        Paren(op("-", needed, pts)),
        " more",
        if_(
            op(">", call("COUNT", _FOR_POINTS), n),
            concat(
                " in the ",
                Paren(to_come),
                if_(op("=", to_come, 1), " round", " rounds"),
                " to come",
            ),
            "",
        ),
    )
    points_args = (_FOR_POINTS, _TARGET, RULES)
    needed_text = if_(
        ps.is_error_expr(needed),
        call("EXPLAIN_ERROR", "NORM_POINTS", *points_args),
        if_(op(">=", pts, needed), "Points needed: reached", more),
    )

    def line(row: int, label: str, expr: Expr, style: str) -> tuple[LayoutCell, LayoutCell]:
        return (
            ps.text_cell(row, C_NAME, label, "label"),
            formula_cell(row, C_TITLE, expr, style, last_col=C_RESULT),
        )

    return [
        ps.text_cell(P_TOP, C_NAME, "Norm performance", "section", last_col=C_RESULT),
        *line(P_GAMES, "Games counted n", n, "computed"),
        *line(P_POINTS, "Points", pts, "points"),
        *line(P_FLOOR, "Rating floor applied", _when_counted(call("IFERROR", floor, "")), "left"),
        *line(P_RA, "Ra (floor applied, rounded)", _when_counted(h_ra), "computed"),
        *line(P_P, "p (to the whole percent)", _when_counted(h_p), "percent"),
        *line(P_DP, "dp (table 8.1(a))", _when_counted(call("DP_LOOKUP", pts, n)), "computed"),
        *line(
            P_RP,
            "Norm performance (NORM_RP)",
            _when_counted(call("NORM_RP", _RATINGS, _RESULTS, _TARGET, RULES)),
            "big",
        ),
        *line(
            P_NEEDED,
            "Points needed (NORM_POINTS)",
            _when_counted(call("NORM_POINTS", *points_args)),
            "big",
        ),
        formula_cell(
            P_NEEDED + 1,
            C_NAME,
            _when_counted(needed_text),
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
    layout = [
        *_head_layout(data),
        *_games_layout(data),
        *_totals_layout(),
        *_performance_layout(),
        # beside the games, one call each: NORM_RATINGS' (the rating, unrated at the
        # edition's value; the rating counted) and NORM_TITLED's
        ps.array_cell(
            R_FIRST,
            H_VALUE,
            R_LAST,
            H_USED,
            call("NORM_RATINGS", _RATINGS, _RESULTS, _TARGET, RULES),
            "computed",
        ),
        ps.array_cell(
            R_FIRST,
            H_TITLED,
            R_LAST,
            H_HIGHER,
            call("NORM_TITLED", _TITLES, _RESULTS, _TARGET),
            "computed",
        ),
    ]
    checks = _checks_layout()
    tables = _tables_layout()
    sheet = ps.layout_sheet(
        [*layout, *checks, *tables],
        (R_RULES, C_HIGHER, data.rules),
        {"Norms": _NORMS, "Unrated": _UNRATED},
    )
    wb, fmt = common.new_workbook(path, title="FIDE title norm: one player, one event")
    x = ps.extra_formats(wb, fmt)
    ws = ps.add_player_sheet(wb, SHEET, COLUMN_WIDTHS, (C_H0, H_LAST, 9))
    ws.set_row(R_HEAD, 27)
    ps.note(ws, fmt, R_NOTE, 0, LAST_COL, HOW_TO, height=40)
    common.settings_block(wb, ws, fmt, R_RULES, C_TITLED, rules=data.rules, rates=False)
    ps.write_layout(ws, layout, fmt, x, sheet)
    _validations_and_formats(wb, ws, x)
    ps.write_layout(ws, checks[:-1], fmt, x, sheet)
    for met in (ps.span(K_ROWS[0], C_MET, K_ROWS[-1]), common.cell(P_VERDICT, C_MET)):
        ps.mark_yes_no(ws, x, met)
    ps.write_layout(ws, [*checks[-1:], *tables], fmt, x, sheet)
    for name, area in (("Norms", _NORMS), ("Unrated", _UNRATED)):
        wb.define_name(name, f"='{SHEET}'!{area.formula()}")
    common.finish_sheet(ws, R_HEAD + 1, P_TABLE + 7, LAST_COL)
    ws.fit_to_pages(1, 1)
    common.close_workbook(wb, fmt)


def _validations_and_formats(wb: Any, ws: Worksheet, x: dict[str, Format]) -> None:
    """The drop-downs and checks of the input cells, and the highlights."""
    ws.data_validation(
        common.cell(R_NORM, C_HIGHER),
        {
            "validate": "list",
            "source": list(NORM_RANKS),
            "input_title": "Norm",
            "input_message": "GM, IM, WGM or WIM",
            "error_message": "GM, IM, WGM or WIM",
        },
    )
    ps.game_row_checks(wb, ws, R_FIRST, R_LAST, _GAME_COLUMNS)
    ws.data_validation(
        ps.span(R_FIRST, C_FED, R_LAST),
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
            ps.span(R_FIRST, col, R_LAST),
            {"type": "cell", "criteria": "==", "value": '"yes"', "format": x["yes_soft"]},
        )
    ps.mute_uncounted(ws, x, R_FIRST, R_LAST, C_STATUS)
    ws.conditional_format(
        ps.span(R_FIRST, C_COUNTED, R_LAST),
        {
            "type": "formula",
            "criteria": f'=LEFT({common.cell(R_FIRST, C_NOTE)},6)="raised"',
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


def _check_row(i: int, row: int) -> list[LayoutCell]:
    """Check *i* (of :data:`_CHECKS`) on *row*: its text, count, what is needed and whether
    it is met, from the hidden array beside it."""
    h_count, h_need, h_met, h_feds = (Ref(row, C_H0 + j) for j in range(4))
    met = if_(
        ps.is_error_expr(h_met), "no", if_(call("ISLOGICAL", h_met), if_(h_met, "yes", "no"), "")
    )
    need: Expr = (
        _when_counted(h_need)
        if i < 6
        else (  # the norm's figures, shown on a blank sheet too
            _norm_figure(2),
            op("/", MIN_NORM_PERCENT, 100),
            _norm_figure(3),
        )[i - 6]
    )
    if i == 3:
        most = if_(ps.is_error_expr(h_feds), "", blank_or(h_feds, concat(" (most: ", h_feds, ")")))
        text = formula_cell(row, C_STATUS, concat(_CHECKS[3], most), "left", last_col=C_NOTE)
    else:
        text = ps.text_cell(row, C_STATUS, _CHECKS[i], "left", last_col=C_NOTE)
    return [
        text,
        formula_cell(row, C_TITLED, _when_counted(h_count), "percent" if i == 7 else "computed"),
        formula_cell(row, C_HIGHER, need, _NEED_FORMATS[i]),
        formula_cell(row, C_MET, _when_counted(met), "yes_no"),
    ]


_NEED_FORMATS: Final = (
    "at_least",
    "at_least",
    "at_most",
    "at_most",
    "at_least",
    "at_least",
    "at_least",
    "at_least_percent",
    "at_least",
)


def _checks_layout() -> list[LayoutCell]:
    """The checks: the first six from one NORM_MIX call (hidden, beside them), then Ra, p
    and Rp against the norm's figures from one NORM_FIGURES call (hidden, beside them); the
    verdict, and our reading of the regulations."""
    met_range = Area(K_ROWS[0], C_MET, K_ROWS[-1], C_MET)
    mix = call("NORM_MIX", _RATINGS, _RESULTS, _TITLES, _FEDS, _OWN, _TARGET)
    norm_figures = call("NORM_FIGURES", _RATINGS, _RESULTS, _TARGET, RULES)
    all_met = if_(op("=", call("COUNTIF", met_range, "yes"), len(K_ROWS)), "yes", "no")
    verdict = concat("A ", call("UPPER", _TARGET), " norm on these figures (every check met)")
    return [
        ps.text_cell(P_TOP, C_STATUS, "Title Regulations checks", "section", last_col=C_NOTE),
        *(
            ps.text_cell(P_TOP, col, text, "section_center")
            for col, text in ((C_TITLED, "Count"), (C_HIGHER, "Needed"), (C_MET, "Met?"))
        ),
        *(
            ps.text_cell(P_TOP, C_H0 + j, text, "helper_header")
            for j, text in enumerate(("NORM_MIX: count", "needed", "met", "federations"))
        ),
        # beside the checks, one call each: NORM_MIX's (count, needed, met, federations)
        # beside the first six, NORM_FIGURES' (figure, minimum, met) beside Ra, 35 % and Rp
        ps.array_cell(K_ROWS[0], C_H0, K_ROWS[5], C_H0 + 3, mix, "computed_text"),
        ps.array_cell(K_ROWS[6], C_H0, K_ROWS[-1], C_H0 + 2, norm_figures, "computed"),
        *(c for i, row in enumerate(K_ROWS) for c in _check_row(i, row)),
        formula_cell(P_VERDICT, C_STATUS, verdict, "total_label", last_col=C_HIGHER),
        formula_cell(P_VERDICT, C_MET, _when_counted(all_met), "verdict"),
        ps.text_cell(P_READING, C_NAME, READING, "note", last_row=P_READING + 4, last_col=C_MET),
    ]


_NORMS: Final = Area(P_TABLE + 1, C_NAME, P_TABLE + len(NORM_RANKS), C_RESULT, absolute=True)
"""The ``Norms`` table: each norm's title, minimum Ra and Rp, floor and rank."""
_UNRATED: Final = Area(P_TABLE + 1, C_TITLED, P_TABLE + len(EDITIONS), C_HIGHER, absolute=True)
"""The ``Unrated`` table: what an unrated opponent counts as, by rules edition."""


def _tables_layout() -> list[LayoutCell]:
    """The norm figures and the unrated opponents' value per edition (:data:`_NORMS`,
    :data:`_UNRATED`, which the formulas look up)."""
    top = P_TABLE
    headers = ((C_NAME, "Norm"), (C_TITLE, "Min Ra"), (C_FED, "Min Rp"), (C_RATING, "Floor"))
    cells = [
        *(ps.text_cell(top, col, text, "header") for col, text in headers),
        ps.text_cell(top, C_RESULT, "Rank", "header"),
        ps.text_cell(
            top, C_STATUS, "Opponents with the norm's title or higher", "header", last_col=C_NOTE
        ),
    ]
    for i, key in enumerate(NORM_RANKS):
        t, row = NORM_TITLES[key], top + 1 + i
        figures = ((C_TITLE, t.min_ra), (C_FED, t.min_rp), (C_RATING, t.floor), (C_RESULT, i + 1))
        cells += [
            ps.text_cell(row, C_NAME, t.title, "computed_text"),
            *(LayoutCell(row, col, "value", v, style="computed") for col, v in figures),
            ps.text_cell(
                row, C_STATUS, ", ".join(NORM_RANKS[: i + 1]), "computed_text", last_col=C_NOTE
            ),
        ]
    cells += [
        ps.text_cell(top, C_TITLED, "Rules", "header"),
        ps.text_cell(top, C_HIGHER, "Unrated counts as", "header", last_col=C_MET),
    ]
    for i, key in enumerate(EDITIONS):
        # the rules cell names a Rating Regulations edition; the norms follow the Title
        # Regulations in force on its first day (xlfuncs.core.title_editions.title_edition)
        unrated = title_edition(key).unrated_opponent
        cells += [
            ps.text_cell(top + 1 + i, C_TITLED, key, "computed_text"),
            LayoutCell(top + 1 + i, C_HIGHER, "value", unrated, style="computed", last_col=C_MET),
        ]
    figures_used = (
        "Figures used (Title Regulations; unrated opponents: xlfuncs.core.title_editions)"
    )
    cells.append(ps.text_cell(top - 1, C_NAME, figures_used, "subtitle", last_col=C_MET))
    return cells
