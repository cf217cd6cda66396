"""``xlfuncs norms FILE --certificate N -o OUT.xlsx``: one player's norm certificate, laid
out like FIDE's certificate of a title result (form IT1, B.01 1.8: the chief arbiter prepares
and signs it, the organising federation's rating officer or president countersigns it).

One A4 portrait page: the event, the player, the games counted (opponent, title, federation,
FIDE id, rating, the rating counted, result) and the rounds left out with why, the figures
(games, points, Ra, p, dp, Rp), each requirement with its article, figure, threshold and
status, what was assumed or could not be checked, and the signature lines. Every value is
written as a value (names as text, never formulas), ready for the arbiter to check.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import xlsxwriter

from ..core.norm_check import NormCheck
from ..output import write_atomically
from ..text_output import counted, points_text
from .build import NormReport, PlayerNorms

__all__ = ["SHEET", "write_certificate"]

SHEET = "IT1 certificate"
"""The worksheet's name."""

_WIDTHS = (6, 30, 7, 7, 11, 9, 10, 12)
"""Columns A-H: round, opponent, title, federation, FIDE id, rating, rating counted, result."""


def _check_for(p: PlayerNorms) -> NormCheck | None:
    return p.shown


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
    """Write player *start_no*'s certificate to *path* (atomically: a failure leaves any
    old file whole). Raises :class:`KeyError` when no player has that number."""
    p = report.player(start_no)
    return write_atomically(path, lambda tmp: _write(report, p, tmp))


def _write(report: NormReport, p: PlayerNorms, target: Path) -> None:
    t = report.tournament
    e = report.event
    c = _check_for(p)
    book = xlsxwriter.Workbook(str(target))
    fmt = _formats(book)
    ws = book.add_worksheet(SHEET)
    for col, width in enumerate(_WIDTHS):
        ws.set_column(col, col, width)
    ws.set_paper(9)  # A4
    ws.set_portrait()
    ws.set_margins(left=0.5, right=0.5, top=0.5, bottom=0.5)
    ws.fit_to_pages(1, 1)
    ws.hide_gridlines(2)
    last = len(_WIDTHS) - 1
    row = 0
    norm = p.norm
    heading = (
        f"Certificate of title result: {norm.title.title} norm"
        if norm
        else "Certificate of title result: no norm"
    )
    ws.merge_range(row, 0, row, last, heading, fmt["title"])
    row += 1
    ws.merge_range(
        row,
        0,
        row,
        last,
        "Laid out like FIDE's form IT1 (Title Regulations B.01, 1.8); prepared by xlfuncs from "
        "the tournament report file, to be checked and signed by the chief arbiter and "
        "countersigned by the organising federation.",
        fmt["sub"],
    )
    ws.set_row(row, 24)
    row += 2

    def section(name: str) -> None:
        nonlocal row
        ws.merge_range(row, 0, row, last, name, fmt["section"])
        row += 1

    def pair(label: str, value: object) -> None:
        nonlocal row
        ws.merge_range(row, 0, row, 1, label, fmt["label"])
        shown = "" if value is None else str(value)
        ws.merge_range(row, 2, row, last, shown, fmt["value"])
        row += 1

    section("1. The event")
    pair("Event", t.name)
    pair("Place", t.city)
    pair("Host federation", e.host_federation or "not known")
    pair("Dates", " to ".join(d for d in (t.start_date_text, t.end_date_text) if d))
    kind = e.event_type.label + (" (fixed pairings)" if e.fixed_pairings else "")
    rounds, players = counted(e.rounds, "round"), counted(len(report.players), "player")
    pair("Type of event / rounds", f"{kind}, {rounds}, {players}")
    pair("Rate of play", e.rate or "not known")
    pair("Time control (122)", t.time_control)
    pair("Chief arbiter (102)", t.chief_arbiter)
    pair("Title Regulations", f"{report.title_rules.id} edition")
    row += 1
    section("2. The player")
    player = next(q for q in t.players if q.start_no == p.start_no)
    pair("Name", p.name)
    pair("FIDE id", player.fide_id or "")
    pair("Federation", p.federation)
    pair("Title held / rating", f"{p.title or 'none'} / {p.rating or 'unrated'}")
    pair("Birth date / sex", f"{player.birth_date} / {player.sex}")
    pair("Norm", norm.title.title if norm else "none made")
    row += 1

    if c is None:
        section("No norm is worth checking for this player")
        book.close()
        return
    section(f"3. The games counted for the {c.title.title} norm")
    heads = ("Rd", "Opponent", "Title", "Fed", "FIDE id", "Rating", "Counted", "Result")
    for col, h in enumerate(heads):
        ws.write(row, col, h, fmt["head"])
    row += 1
    rating_counted = (
        dict(zip((g.round for g in c.used), c.performance.ratings_used)) if c.performance else {}
    )
    ids = {
        n: pl.fide_id or ""
        for n, pl in enumerate(sorted(t.players, key=lambda q: q.start_no), start=1)
    }
    for g in c.used:
        name = report.names.get(g.opponent or 0, "")
        ws.write_number(row, 0, g.round, fmt["center"])
        ws.write_string(row, 1, name, fmt["cell"])
        ws.write_string(row, 2, g.title, fmt["center"])
        ws.write_string(row, 3, g.federation, fmt["center"])
        ws.write_string(row, 4, ids.get(g.opponent or 0, ""), fmt["center"])
        if g.rating is None:
            ws.write_string(row, 5, "unrated", fmt["number"])
        else:
            ws.write_number(row, 5, g.rating, fmt["number"])
        ws.write_number(row, 6, rating_counted.get(g.round, 0), fmt["number"])
        ws.write_string(row, 7, g.result, fmt["center"])
        row += 1
    for g, why in c.left_out:
        ws.write_number(row, 0, g.round, fmt["grey"])
        who = report.names.get(g.opponent, "") if g.opponent else ""
        ws.merge_range(
            row, 1, row, last, f"not counted: {who + ', ' if who else ''}{why}", fmt["grey"]
        )
        row += 1
    row += 1
    section("4. The figures")
    perf = c.performance
    figures = [
        ("Games counted", f"{len(c.used)} (counts as {c.games_credited} toward a title)"),
        ("Points", f"{points_text(c.score)} of {len(c.used)}"),
    ]
    if perf is not None:
        figures += [
            ("Ra (1.4.7)", f"{perf.ra} (the floor raises the lowest-rated opponent only, 1.4.6)"),
            ("p", f"{perf.percent} %"),
            ("dp (1.4.9)", str(perf.dp)),
            ("Rp = Ra + dp (1.4.8)", str(perf.rp)),
        ]
    for label, value in figures:
        pair(label, value)
    row += 1
    section("5. The requirements")
    for col, h in enumerate(("Art.", "Requirement", "", "", "", "Figure", "Needs", "Status")):
        if col in (2, 3, 4):
            continue
        ws.write(row, col, h, fmt["head"])
    ws.merge_range(row, 1, row, 4, "Requirement", fmt["head"])
    row += 1
    for r in c.requirements:
        status_fmt = fmt["open"] if r.met is None else fmt["met"] if r.met else fmt["failed"]
        ws.write_string(row, 0, r.article, fmt["cell"])
        ws.merge_range(row, 1, row, 4, r.label, fmt["cell"])
        ws.write_string(row, 5, "-" if r.figure is None else str(r.figure), fmt["number"])
        threshold = "" if r.threshold is None else str(r.threshold)
        if isinstance(r.threshold, int):
            threshold = f"{'<=' if r.at_most else '>='} {r.threshold}"
        ws.write_string(row, 6, threshold, fmt["number"])
        status = "not checked" if r.met is None else r.status
        ws.write_string(row, 7, status, status_fmt)
        row += 1
    verdict = (
        f"{c.title.title} norm: every requirement checked is met"
        if c.met
        else f"{c.title.title}: not a norm ({', '.join(r.key for r in c.failed) or 'see above'})"
    )
    ws.merge_range(row, 0, row, last, verdict, fmt["verdict"])
    row += 2
    notes = [f"Not checked: {r.label} ({r.article}): needs {r.needs}" for r in c.unchecked]
    notes += [f"Assumed: {a}" for a in report.assumptions]
    if notes:
        section("6. To be confirmed by the chief arbiter")
        for text in notes:
            ws.merge_range(row, 0, row, last, text, fmt["small"])
            ws.set_row(row, 12 if len(text) < 120 else 22)
            row += 1
        row += 1
    row += 2
    for who in ("Chief arbiter", "Federation official (rating officer or president)"):
        ws.merge_range(row, 0, row, 2, f"{who}: name", fmt["sign"])
        ws.merge_range(row, 3, row, 5, "signature", fmt["sign"])
        ws.merge_range(row, 6, row, last, "date", fmt["sign"])
        row += 3
    ws.print_area(0, 0, row, last)
    book.close()
