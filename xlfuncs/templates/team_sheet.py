"""The "Team standings" sheet of a filled crosstable workbook of a team event: the team
standing as arbiters publish it, then each team's players by board; values only (the team
tie-breaks have no Excel function), worked out once by :class:`~xlfuncs.core.teams.TeamStandings`.
"""

from __future__ import annotations

from xlsxwriter.workbook import Workbook

from ..core.results import Outcome
from ..core.teams import TeamStandings, places_note, score_note
from ..excel.errors import to_excel
from .common import Formats, print_setup, write_text, write_value
from .event import Event

__all__ = ["SHEET", "add_team_sheet", "standing_rows"]

SHEET = "Team standings"
"""The sheet's name."""

HEADER_ROW = 4
"""The row (from 0) of the standing's column headers; the teams follow."""


def standing_rows(s: TeamStandings) -> tuple[list[str], list[list[object]]]:
    """The standing's column headers and one row of values per team, in standing order:
    Rk, No., Team, the matches won, drawn and lost (a forfeited match as won or lost, a
    pairing-allocated bye as neither), MP, GP, the tie-breaks, and per round the opposing
    team (``bye``, ``H bye`` ..., blank: no match) and the team's game points."""
    rounds = max((len(r) for r in s.rounds), default=0)
    shown = [d for d in s.descriptors if d not in ("MP", "GP")]
    header = ["Rk", "No.", "Team", "+", "=", "-", "MP", "GP", *shown]
    for r in range(1, rounds + 1):
        header += [f"R{r} opp.", f"R{r} GP"]
    rows: list[list[object]] = []
    for i in s.order():
        row = s.rounds[i]
        won = sum(1 for m in row if m.outcome in (Outcome.WIN, Outcome.FORFEIT_WIN))
        drawn = sum(1 for m in row if m.outcome is Outcome.DRAW)
        lost = sum(1 for m in row if m.outcome in (Outcome.LOSS, Outcome.FORFEIT_LOSS))
        values = dict(zip(s.descriptors, s.values[i]))
        cells: list[object] = [
            s.ranks[i],
            s.teams[i].number,
            s.teams[i].name,
            won,
            drawn,
            lost,
            to_excel(s.match_points[i]),
            to_excel(s.game_points[i]),
            *(to_excel(values[d]) for d in shown),
        ]
        for m in row:
            if m.outcome is Outcome.PAIRING_BYE:
                cells += ["bye", to_excel(m.game_points)]
            elif m.opponent is None and m.outcome is not None:  # H, F, Z byes ...
                cells += [f"{m.outcome.symbol} bye", to_excel(m.game_points)]
            elif m.opponent is None:
                cells += [None, None]
            elif m.outcome is not None and m.outcome.is_forfeit:
                mark = "+" if m.outcome is Outcome.FORFEIT_WIN else "-"
                cells += [f"{m.opponent}{mark}", to_excel(m.game_points)]
            else:
                cells += [m.opponent, to_excel(m.game_points)]
        rows.append(cells)
    return header, rows


def _widths(header: list[str]) -> list[float]:
    """Each column's width (the players' list below shares them): 15 teams, three
    tie-breaks and seven rounds fit one A4 page across at
    :data:`~xlfuncs.templates.printing.PRINT_SCALE`."""
    fixed = [5.0, 5.0, 24.0, 6.0, 4.5, 3.5, 4.5, 4.5]
    rounds = sum(1 for h in header if h.endswith(" opp."))
    tiebreaks = len(header) - len(fixed) - 2 * rounds
    return fixed + [5.5] * tiebreaks + [4.5, 4.0] * rounds


ROWS_PER_PAGE = 44
"""Rows of the players' list a printed page holds (A4 landscape at
:data:`~xlfuncs.templates.printing.PRINT_SCALE`, some to spare): a team's boards are not
split over two pages."""


def add_team_sheet(wb: Workbook, fmt: Formats, event: Event) -> None:
    """Add the :data:`SHEET` of *event*'s team standing (:attr:`Event.teams`) to *wb*, where
    there is one: the standing on the first page (in bands where too wide, Rk, No. and Team
    repeated), the players' list from the second on, each team's boards on one page."""
    s = event.teams
    if s is None:
        return
    ws = wb.add_worksheet(SHEET)
    header, rows = standing_rows(s)
    widths = _widths(header)
    last = len(header) - 1
    write_text(ws, 0, 0, "Team standings", fmt.title)
    write_text(ws, 1, 0, event.name, fmt.subtitle)
    order = "match points" if s.primary == "MP" else "game points"
    listed = ", ".join(s.descriptors) or "nothing else"
    starts = [i for i, h in enumerate(header) if h.endswith(" opp.")]
    bands = print_setup(ws, landscape=True, widths=widths, starts=starts, repeat_columns=3)
    ws.merge_range(2, 0, 2, bands[0] - 1 if bands else last, "", fmt.note)  # the first page's
    ws.set_row(2, 40)  # three lines of the wrapped note
    write_text(
        ws,
        2,
        0,
        f"Match points {s.match_scoring.text}; ranked by {order}, then {listed}. Computed by "
        "xlfuncs from the file (values, not formulas): "
        + score_note(s.primary)
        + places_note(s.descriptors)
        + "; R opp.: the opposing "
        "team (+/- a forfeited match won or lost, bye: a pairing-allocated bye).",
        fmt.note,
    )
    ws.set_row(HEADER_ROW, 27)  # "R1 opp." on two lines
    for c, h in enumerate(header):
        write_text(ws, HEADER_ROW, c, h, fmt.header)
    for r, cells in enumerate(rows, start=HEADER_ROW + 1):
        for c, v in enumerate(cells):
            if c == 2 or isinstance(v, str):
                write_text(ws, r, c, None if v is None else str(v), fmt.computed_text)
            else:
                write_value(ws, r, c, v, fmt.computed)
    for c, width in enumerate(widths):
        ws.set_column(c, c, width)
    ws.freeze_panes(HEADER_ROW + 1, 3)
    players = {p.number: p for p in event.players}
    row = HEADER_ROW + len(rows) + 2
    breaks = [row]  # the players' list begins a page
    write_text(ws, row, 0, "Team players, by board", fmt.heading)
    row += 1
    for c, h in enumerate(("Board", "No.", "Name", "Rating", "Fed.")):
        write_text(ws, row, c, h, fmt.header)
    on_page = 2
    for t in s.teams:
        block = 2 + len(t.members)  # a blank row, the team's heading, its boards
        if on_page + block > ROWS_PER_PAGE:
            breaks.append(row + 2)  # at the heading: the blank row ends the page before
            on_page = 0
        row += 2
        on_page += block
        write_text(ws, row, 0, f"{t.name} (team no. {t.number})", fmt.heading)
        for board, m in enumerate(t.members, start=1):
            row += 1
            p = players.get(m)
            write_value(ws, row, 0, board, fmt.computed)
            write_value(ws, row, 1, m, fmt.computed)
            write_text(ws, row, 2, None if p is None else p.name, fmt.computed_text)
            write_value(ws, row, 3, None if p is None else p.rating, fmt.computed)
            write_text(ws, row, 4, None if p is None else p.federation, fmt.computed_text)
    ws.print_area(0, 0, row, last)
    ws.set_h_pagebreaks(breaks)
