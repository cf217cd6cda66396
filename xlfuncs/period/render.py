"""A rating period printed: an aligned text report (:func:`render_text`), JSON
(:func:`render_json`) or CSV (:func:`render_csv`). The keys: :data:`JSON_KEYS`; what they
mean: ``docs/period.md``.
"""

from __future__ import annotations

import textwrap
from dataclasses import fields

from ..core.rating_calendar import Placement
from ..findings import Finding, text_items
from ..output import visible
from ..report.render import csv_cell, csv_text
from ..text_output import (
    JsonValue,
    change_text,
    counted,
    json_text,
    listed,
    new_rating_text,
    or_dash,
    table_lines,
    underlined,
    without_argument,
)
from ..trf.k_policy import ASSUMED_GAMES, KSource
from .read import EventRead
from .rows import Period, PeriodRow, RateSection

__all__ = [
    "CSV_KEYS",
    "JSON_KEYS",
    "json_object",
    "render_csv",
    "render_json",
    "render_text",
    "warning_lines",
]

JSON_KEYS: tuple[str, ...] = tuple(f.name for f in fields(PeriodRow))
"""The keys of each object of ``--format json``, in order: the fields of :class:`PeriodRow`
(``events`` a list of objects with ``file``, ``rated_with``, ``rating``, ``games`` and
``change_unrounded``)."""

CSV_KEYS: tuple[str, ...] = tuple(k for k in JSON_KEYS if k != "events") + ("events", "files")
"""The CSV header: the JSON keys, with ``events`` the number of events and ``files`` their
names (``;`` between them)."""


def json_object(row: PeriodRow) -> dict[str, JsonValue]:
    """*row* as one object of ``--format json`` (as :func:`dataclasses.asdict`, quicker)."""
    out: dict[str, JsonValue] = {k: getattr(row, k) for k in JSON_KEYS}
    out["events"] = [
        {
            "file": e.file,
            "rated_with": e.rated_with,
            "rating": e.rating,
            "games": e.games,
            "change_unrounded": e.change_unrounded,
        }
        for e in row.events
    ]
    return out


def render_json(period: Period) -> str:
    """A JSON list, one object per player: every rate of play in turn, the players with a
    FIDE id by name, then those without one."""
    objects = [json_object(r) for r in period.all_rows]
    return json_text(objects) + "\n"


def render_csv(period: Period) -> str:
    """CSV with the header :data:`CSV_KEYS`, one row per player (as :func:`render_json`);
    text cells that a spreadsheet would run are written after a ``'``."""
    rows: list[list[object]] = [list(CSV_KEYS)]
    for r in period.all_rows:
        values = [getattr(r, k) for k in CSV_KEYS[:-2]]
        values += [len(r.events), ";".join(e.file for e in r.events)]
        rows.append([csv_cell(v) for v in values])
    return csv_text(rows)


_K_SHORT = {s.label: s.short for s in KSource}
"""The text table's short form of each ``k_source``."""
_HEADER = ["FIDE id", "Name", "Fed", "Rtg", "Ev", "N", "K", "K from", "Σ K(W−PD)", "+/-", "New"]
_LEFT = {1, 2, 7}


def _cells(r: PeriodRow) -> list[str]:
    k = or_dash(r.k)
    if r.k is not None and r.k_listed is not None and r.k < r.k_listed:
        k = f"{r.k}<{r.k_listed}"
    return [
        r.fide_id or "-",
        r.name,
        r.federation,
        or_dash(r.rating),
        str(len(r.events)),
        str(r.games),
        k,
        "-" if r.k_source is None else _K_SHORT.get(r.k_source, r.k_source),
        "-" if r.rating_change_unrounded is None else f"{r.rating_change_unrounded:+.2f}",
        change_text(r.rating_change),
        new_rating_text(r.new_rating, r.new_rating_note),
    ]


def _first_ratings(rows: tuple[PeriodRow, ...]) -> list[str]:
    out = []
    for r in rows:
        if r.rating is not None:
            continue
        fide_id = f"{r.fide_id} " if r.fide_id else ""
        who = f"{fide_id}{r.name} ({counted(r.games, 'game')}, {counted(len(r.events), 'event')})"
        if r.initial_rating is None:
            out.append(f"- {who}: none ({without_argument(r.initial_rating_note or '')})")
        elif r.initial_rating_published:
            said = f"; {r.initial_rating_note}" if r.initial_rating_note else ""
            out.append(f"- {who}: {r.initial_rating} (published{said})")
        else:
            out.append(f"- {who}: {r.initial_rating} (not published: {r.initial_rating_note})")
    return out


def render_text(period: Period, *, verbose: bool = False) -> str:
    """The period: per rate of play its events and a table of its players (those without a
    FIDE id apart), their first ratings, then the notes, skipped files and warnings (each
    of a kind with many only when *verbose*: :func:`~xlfuncs.findings.text_items`)."""
    n_events = sum(len(s.events) for s in period.sections)
    out = underlined(f"Rating period: {counted(n_events, 'event')}")
    if period.list_date is not None:
        made = period.list_date.strftime("%Y-%m")
        given = "given" if period.list_date_given else "the first every event may be on"
        out.append(f"List being made: {made} ({given})")
    for s in period.sections:
        out += _section_lines(period, s)
    out += ["", "Notes", *_note_lines(period)]
    if period.skipped:
        out += ["", "Skipped files (not rated)", *(f"- {b.message}" for b in period.skipped)]
    out += listed("Warnings", warning_lines(period, verbose=verbose))
    return visible("\n".join(out)) + "\n"


def warning_lines(period: Period, *, verbose: bool = False) -> list[str]:
    """The period's warnings, one a line (:func:`~xlfuncs.findings.text_items`: without
    *verbose*, many of a kind counted in one line, which names their file when they all come
    from one, as a single finding's message does)."""
    out = []
    for item in text_items(period.warnings, verbose=verbose):
        if isinstance(item, Finding):
            out.append(item.message)
            continue
        files = {f.file for f in item.findings}
        out.append(f"{next(iter(files))}: {item}" if len(files) == 1 else str(item))
    return out


def _section_lines(period: Period, s: RateSection) -> list[str]:
    """One rate of play of the text report: its head and rules, a line per event, the table
    of its players (those without a FIDE id in a table apart) and their first ratings."""
    how = "given" if period.rules_given else "in force on the latest event's date"
    head = (
        f"{s.rate.capitalize()} ({counted(len(s.events), 'event')}, "
        f"{counted(len(s.rows), 'player')} with a FIDE id)"
    )
    out = ["", *underlined(head, "-"), f"  rules: {s.edition.id} ({how})"]
    timing = {p.source: p.placement for p in period.placed}
    out += [_event_line(e, timing.get(e.source)) for e in s.events]
    out.append("")
    out += table_lines([_HEADER] + [_cells(r) for r in s.rows], _LEFT)
    if s.apart:
        out += ["", "Players without a FIDE id (not matched between files: each file alone)"]
        out += table_lines([_HEADER] + [_cells(r) for r in s.apart], _LEFT)
    firsts = _first_ratings(s.rows + s.apart)
    if firsts and all(r.rating is None for r in (*s.rows, *s.apart)):
        firsts = ["- none: no player of these events is rated, so no game is against a rated one"]
    if firsts:
        out += ["", "First ratings (unrated players, games pooled over the period's events)"]
        out += firsts
    return out


def _event_line(e: EventRead, placed: Placement | None) -> str:
    """An event of the text report: its file, name, days, system, players and, where the
    period is placed on the calendar, the list it is rated on."""
    kind = "round robin" if e.round_robin else "Swiss"
    days = e.date.isoformat()
    if e.last_day != e.date:
        days += f" to {e.last_day.isoformat()}"
    when = (
        ""
        if placed is None
        else f", list {placed.rated_with.strftime('%Y-%m')}"
        + (" (late)" if placed.timing.value == "late" else "")
    )
    return (
        f"  {e.source}: {e.name or '(no name)'}, {days}, {kind}, "
        f"{counted(len(e.players), 'player')}{when}"
    )


def _note_lines(period: Period) -> list[str]:
    """The notes of the text report, wrapped: where K comes from (only where a player is
    rated: K applies to no one else), then what the columns hold."""
    k_note = (
        f"K: from the K file where it names the player (file), else the rating list (list), "
        f"else computed from the file ({ASSUMED_GAMES}+ games assumed: a TRF does not give a "
        "player's rated games); K<K0: lowered so that K x n <= 700 over the period's games."
        if period.k_list_given
        else f"K: no rating list given: assumed as `xlfuncs report` does ({ASSUMED_GAMES}+ "
        "rated games, 2400 reached only when rated 2400+ in the file, the junior K 40 from "
        "the birth year), unless the K file gives one (file); K<K0: lowered so that K x n <= "
        "700 over the period's games."
    )
    rounded = (
        "rounded once for the period"
        if period.rounding.value == "period"
        else "each event's change rounded on its own, added up (--rounding event)"
    )
    columns = (
        "Rtg: the rating the change is added to (the latest list's); each event is rated "
        "with the player's rating of the list valid at its start; "
        "Ev: the player's events; N: rated games against rated opponents in the period; "
        f"Σ K(W−PD): the period's change before rounding; +/-: {rounded}; "
        "each event a tournament (the 2022 rules allow one 400-point upgrade per tournament)."
    )
    rated = any(r.rating is not None for r in period.all_rows)  # K applies only to a rated player
    return [
        textwrap.fill(note, 96, initial_indent="- ", subsequent_indent="  ")
        for note in ((k_note, columns) if rated else (columns,))
    ]
