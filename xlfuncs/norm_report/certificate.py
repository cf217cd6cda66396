"""``xlfuncs norms FILE --certificate N -o OUT.xlsx``: one player's norm certificate on one
A4 page, laid out like FIDE's form IT1 (B.01 1.8; what it holds: ``docs/norms.md``). Every
value is written as a value (names as text, never formulas)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import xlsxwriter

from ..core.norm_check import NormCheck
from ..output import write_atomically
from ..text_output import counted, or_dash, points_text
from .build import NormReport, PlayerNorms

__all__ = ["SHEET", "write_certificate"]

SHEET = "IT1 certificate"
"""The worksheet's name."""

_WIDTHS = (6, 30, 7, 7, 11, 9, 10, 12)
"""Columns A-H: round, opponent, title, federation, FIDE id, rating, rating counted, result."""


def _formats(book: Any) -> dict[str, Any]:
    base = {"font_name": "Arial", "font_size": 9, "valign": "vcenter"}

    def f(**more: Any) -> Any:
        return book.add_format({**base, **more})

    return {
        "title": f(bold=True, font_size=14),
        "sub": f(italic=True, font_color="#555555", text_wrap=True),
        "section": f(bold=True, font_size=10, bg_color="#D9E1F2", border=1),
        "label": f(bold=True, border=1, bg_color="#F2F2F2"),
        "value": f(border=1, text_wrap=True),
        "head": f(bold=True, border=1, bg_color="#F2F2F2", align="center", text_wrap=True),
        "cell": f(border=1),
        "center": f(border=1, align="center"),
        "number": f(border=1, align="right"),
        "grey": f(border=1, font_color="#777777", italic=True),
        "met": f(border=1, font_color="#006100", bg_color="#C6EFCE"),
        "failed": f(border=1, font_color="#9C0006", bg_color="#FFC7CE"),
        "open": f(border=1, font_color="#7F6000", bg_color="#FFEB9C", text_wrap=True),
        "verdict": f(bold=True, font_size=11, border=2),
        "sign": f(top=1),
        "small": f(font_size=8, text_wrap=True, valign="top"),
    }


def write_certificate(report: NormReport, start_no: int, path: str | Path) -> Path:
    """Write player *start_no*'s certificate to *path*, atomically. Raises
    :class:`KeyError` when no player has that number."""
    p = report.player(start_no)
    return write_atomically(path, lambda tmp: _write(report, p, tmp))


class _Sheet:
    """The certificate's worksheet, written row by row from the top."""

    def __init__(self, book: Any) -> None:
        self.fmt = _formats(book)
        self.ws = book.add_worksheet(SHEET)
        for col, width in enumerate(_WIDTHS):
            self.ws.set_column(col, col, width)
        self.ws.set_paper(9)  # A4
        self.ws.set_portrait()
        self.ws.set_margins(left=0.5, right=0.5, top=0.5, bottom=0.5)
        self.ws.fit_to_pages(1, 1)
        self.ws.hide_gridlines(2)
        self.last = len(_WIDTHS) - 1
        self.row = 0

    def line(self, text: str, style: str) -> None:
        """*text* across the page."""
        self.ws.merge_range(self.row, 0, self.row, self.last, text, self.fmt[style])
        self.row += 1

    def section(self, name: str) -> None:
        self.line(name, "section")

    def pair(self, label: str, value: object) -> None:
        ws, fmt = self.ws, self.fmt
        ws.merge_range(self.row, 0, self.row, 1, label, fmt["label"])
        shown = "" if value is None else str(value)
        ws.merge_range(self.row, 2, self.row, self.last, shown, fmt["value"])
        self.row += 1


def _write(report: NormReport, p: PlayerNorms, target: Path) -> None:
    c = p.shown
    book = xlsxwriter.Workbook(str(target))
    s = _Sheet(book)
    heading = "Certificate of title result: " + (
        f"{p.norm.title.title} norm" if p.norm else "no norm"
    )
    s.line(heading, "title")
    s.line(
        "Laid out like FIDE's form IT1 (Title Regulations B.01, 1.8); prepared by xlfuncs from "
        "the tournament report file, to be checked and signed by the chief arbiter and "
        "countersigned by the organising federation.",
        "sub",
    )
    s.ws.set_row(s.row - 1, 24)
    s.row += 1
    _event_part(s, report)
    _player_part(s, report, p)
    if c is None:
        s.section("No norm is worth checking for this player")
        book.close()
        return
    _games_part(s, report, c)
    _figures_part(s, c)
    _requirements_part(s, c)
    notes = [f"Not checked: {r.label} ({r.article}): needs {r.needs}" for r in c.unchecked]
    notes += [f"Assumed: {a}" for a in report.assumptions]
    if notes:
        s.section("6. To be confirmed by the chief arbiter")
        for text in notes:
            s.ws.merge_range(s.row, 0, s.row, s.last, text, s.fmt["small"])
            s.ws.set_row(s.row, 12 if len(text) < 120 else 22)
            s.row += 1
        s.row += 1
    s.row += 2
    for who in ("Chief arbiter", "Federation official (rating officer or president)"):
        s.ws.merge_range(s.row, 0, s.row, 2, f"{who}: name", s.fmt["sign"])
        s.ws.merge_range(s.row, 3, s.row, 5, "signature", s.fmt["sign"])
        s.ws.merge_range(s.row, 6, s.row, s.last, "date", s.fmt["sign"])
        s.row += 3
    s.ws.print_area(0, 0, s.row, s.last)
    book.close()


def _event_part(s: _Sheet, report: NormReport) -> None:
    """Section 1: the event (records 012-122 of the file, the norm event's type)."""
    t, e = report.tournament, report.event
    s.section("1. The event")
    s.pair("Event", t.name)
    s.pair("Place", t.city)
    s.pair("Host federation", e.host_federation or "not known")
    s.pair("Dates", " to ".join(d for d in (t.start_date_text, t.end_date_text) if d))
    kind = e.event_type.label + (" (fixed pairings)" if e.fixed_pairings else "")
    rounds, players = counted(e.rounds, "round"), counted(len(report.players), "player")
    s.pair("Type of event / rounds", f"{kind}, {rounds}, {players}")
    s.pair("Rate of play", e.rate or "not known")
    s.pair("Time control (122)", t.time_control)
    s.pair("Chief arbiter (102)", t.chief_arbiter)
    s.pair("Title Regulations", f"{report.title_rules.id} edition")
    s.row += 1


def _player_part(s: _Sheet, report: NormReport, p: PlayerNorms) -> None:
    """Section 2: the player and the norm made."""
    player = next(q for q in report.tournament.players if q.start_no == p.start_no)
    s.section("2. The player")
    s.pair("Name", p.name)
    s.pair("FIDE id", player.fide_id or "")
    s.pair("Federation", p.federation)
    s.pair("Title held / rating", f"{p.title or 'none'} / {p.rating or 'unrated'}")
    s.pair("Birth date / sex", f"{player.birth_date} / {player.sex}")
    s.pair("Norm", p.norm.title.title if p.norm else "none made")
    s.row += 1


def _games_part(s: _Sheet, report: NormReport, c: NormCheck) -> None:
    """Section 3: the games counted (the rating each counts at, 1.4.6) and the rounds left
    out, with why."""
    ws, fmt = s.ws, s.fmt
    s.section(f"3. The games counted for the {c.title.title} norm")
    heads = ("Rd", "Opponent", "Title", "Fed", "FIDE id", "Rating", "Counted", "Result")
    for col, h in enumerate(heads):
        ws.write(s.row, col, h, fmt["head"])
    s.row += 1
    rating_counted = (
        dict(zip((g.round for g in c.used), c.performance.ratings_used)) if c.performance else {}
    )
    players = sorted(report.tournament.players, key=lambda q: q.start_no)
    ids = {n: pl.fide_id or "" for n, pl in enumerate(players, start=1)}
    for g in c.used:
        row = s.row
        ws.write_number(row, 0, g.round, fmt["center"])
        ws.write_string(row, 1, report.names.get(g.opponent or 0, ""), fmt["cell"])
        ws.write_string(row, 2, g.title, fmt["center"])
        ws.write_string(row, 3, g.federation, fmt["center"])
        ws.write_string(row, 4, ids.get(g.opponent or 0, ""), fmt["center"])
        ws.write(row, 5, "unrated" if g.rating is None else g.rating, fmt["number"])
        ws.write_number(row, 6, rating_counted.get(g.round, 0), fmt["number"])
        ws.write_string(row, 7, g.result, fmt["center"])
        s.row += 1
    for g, why in c.left_out:
        ws.write_number(s.row, 0, g.round, fmt["grey"])
        who = report.names.get(g.opponent, "") if g.opponent else ""
        text = f"not counted: {who + ', ' if who else ''}{why}"
        ws.merge_range(s.row, 1, s.row, s.last, text, fmt["grey"])
        s.row += 1
    s.row += 1


def _figures_part(s: _Sheet, c: NormCheck) -> None:
    """Section 4: games, points, Ra, p, dp and Rp (1.4.7-1.4.9)."""
    s.section("4. The figures")
    perf = c.performance
    s.pair("Games counted", f"{len(c.used)} (counts as {c.games_credited} toward a title)")
    s.pair("Points", f"{points_text(c.score)} of {len(c.used)}")
    if perf is not None:
        s.pair("Ra (1.4.7)", f"{perf.ra} (the floor raises the lowest-rated opponent only, 1.4.6)")
        s.pair("p", f"{perf.percent} %")
        s.pair("dp (1.4.9)", str(perf.dp))
        s.pair("Rp = Ra + dp (1.4.8)", str(perf.rp))
    s.row += 1


def _requirements_part(s: _Sheet, c: NormCheck) -> None:
    """Section 5: each requirement with its article, figure, threshold and status, then the
    verdict."""
    ws, fmt = s.ws, s.fmt
    s.section("5. The requirements")
    for col, h in ((0, "Art."), (1, "Requirement"), (5, "Figure"), (6, "Needs"), (7, "Status")):
        ws.write(s.row, col, h, fmt["head"])
    ws.merge_range(s.row, 1, s.row, 4, "Requirement", fmt["head"])
    s.row += 1
    for r in c.requirements:
        row = s.row
        status_fmt = fmt["open"] if r.met is None else fmt["met"] if r.met else fmt["failed"]
        ws.write_string(row, 0, r.article, fmt["cell"])
        ws.merge_range(row, 1, row, 4, r.label, fmt["cell"])
        ws.write_string(row, 5, or_dash(r.figure), fmt["number"])
        ws.write_string(row, 6, r.bound, fmt["number"])
        ws.write_string(row, 7, "not checked" if r.met is None else r.status, status_fmt)
        s.row += 1
    verdict = (
        f"{c.title.title} norm: every requirement checked is met"
        if c.met
        else f"{c.title.title}: not a norm ({', '.join(r.key for r in c.failed) or 'see above'})"
    )
    s.line(verdict, "verdict")
    s.row += 1
