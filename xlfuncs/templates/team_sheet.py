"""The "Team standings" sheet of a filled crosstable workbook of a team event: the team
standing as arbiters publish it (rank, team, matches won, drawn and lost, match points, game
points, the team tie-breaks, and each round's opponent and game points), then each team's
players by board. Every cell is a value (numbers as numbers, text as text), the standing
worked out once on the analysed event (:class:`~xlfuncs.core.teams.TeamStandings`): the
team tie-breaks have no Excel function, so the sheet holds no formula.
"""

from __future__ import annotations

from fractions import Fraction

from xlsxwriter.workbook import Workbook

from ..core.results import Outcome
from ..core.teams import TeamStandings, places_note
from .common import Formats, write_text, write_value
from .event import Event

__all__ = ["SHEET", "add_team_sheet", "standing_rows"]

SHEET = "Team standings"
"""The sheet's name."""

HEADER_ROW = 4
"""The row (from 0) of the standing's column headers; the teams follow."""


def _number(v: Fraction | int | None) -> int | float | None:
    if v is None:
        return None
    if isinstance(v, int):
        return v
    return int(v) if v.denominator == 1 else float(v)


def standing_rows(s: TeamStandings) -> tuple[list[str], list[list[object]]]:
    """The standing's column headers and one row of values per team, in standing order:
    Rk, No., Team, the matches won, drawn and lost (``+``, ``=``, ``-``; a forfeited match
    as won or lost, a pairing-allocated bye as neither), MP, GP, the tie-breaks, and per
    round the opposing team (``bye`` for a pairing-allocated bye, ``H bye`` a half-point
    bye ..., blank: no match) and the
    team's game points."""
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
            _number(s.match_points[i]),
            _number(s.game_points[i]),
            *(_number(values[d]) for d in shown),
        ]
        for m in row:
            if m.outcome is Outcome.PAIRING_BYE:
                cells += ["bye", _number(m.game_points)]
            elif m.opponent is None and m.outcome is not None:  # H, F, Z byes ...
                cells += [f"{m.outcome.symbol} bye", _number(m.game_points)]
            elif m.opponent is None:
                cells += [None, None]
            elif m.outcome is not None and m.outcome.is_forfeit:
                mark = "+" if m.outcome is Outcome.FORFEIT_WIN else "-"
                cells += [f"{m.opponent}{mark}", _number(m.game_points)]
            else:
                cells += [m.opponent, _number(m.game_points)]
        rows.append(cells)
    return header, rows


def add_team_sheet(wb: Workbook, fmt: Formats, event: Event) -> None:
    """Add the :data:`SHEET` of *event*'s team standing (:attr:`Event.teams`) to *wb*;
    nothing for an event without teams."""
    s = event.teams
    if s is None:
        return
    ws = wb.add_worksheet(SHEET)
    write_text(ws, 0, 0, "Team standings", fmt.title)
    write_text(ws, 1, 0, event.name, fmt.subtitle)
    order = "match points" if s.primary == "MP" else "game points"
    listed = ", ".join(s.descriptors) or "nothing else"
    write_text(
        ws,
        2,
        0,
        f"Match points {s.match_scoring.text}; ranked by {order}, then {listed}. Computed by "
        "xlfuncs from the file (values, not formulas): a descriptor reads match points, "
        "with ':GP' game points" + places_note(s.descriptors) + "; R opp.: the opposing "
        "team (+/- a forfeited match won or lost, bye: a pairing-allocated bye).",
        fmt.hint,
    )
    header, rows = standing_rows(s)
    for c, h in enumerate(header):
        write_text(ws, HEADER_ROW, c, h, fmt.header)
    for r, cells in enumerate(rows, start=HEADER_ROW + 1):
        for c, v in enumerate(cells):
            if c == 2 or isinstance(v, str):
                write_text(ws, r, c, None if v is None else str(v), fmt.computed_text)
            else:
                write_value(ws, r, c, v, fmt.computed)
    ws.set_column(0, 1, 5)
    ws.set_column(2, 2, 28)
    ws.set_column(3, len(header) - 1, 7)
    ws.freeze_panes(HEADER_ROW + 1, 3)
    players = {p.number: p for p in event.players}
    row = HEADER_ROW + len(rows) + 2
    write_text(ws, row, 0, "Team players, by board", fmt.heading)
    row += 1
    for c, h in enumerate(("Team", "Board", "No.", "Name", "Rating", "Fed.")):
        write_text(ws, row, c + 1, h, fmt.header)
    for t in s.teams:
        for board, m in enumerate(t.members, start=1):
            row += 1
            p = players.get(m)
            write_text(ws, row, 1, t.name, fmt.computed_text)
            write_value(ws, row, 2, board, fmt.computed)
            write_value(ws, row, 3, m, fmt.computed)
            write_text(ws, row, 4, None if p is None else p.name, fmt.computed_text)
            write_value(ws, row, 5, None if p is None else p.rating, fmt.computed)
            write_text(ws, row, 6, None if p is None else p.federation, fmt.computed_text)
