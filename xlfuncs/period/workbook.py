"""The period's workbook: a summary sheet, one row a player, and for the first players a
calculation sheet each, laid out as the rating-calculator template (the same writer), with
live formulas and the values they compute, so that a player's figure can be audited in Excel.

Which players get a sheet: the rated players with a FIDE id, in the summary's order, whose
period fits the calculator, up to ``player_sheets`` of them. Their summary row links to the
sheet and reads K, the change and the new rating from it; the other rows hold the values. The
calculator has one rating and rounds once: a player whose events were rated at other ratings
or a period rounded per event gets no sheet, and the summary says so.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Final

from ..core.rating_change import Rounding
from ..core.results import played
from ..output import write_atomically
from ..templates import common
from ..templates import rating_calculator as rc
from ..templates.player_sheets import Game, TournamentGames, extra_formats
from ..text_output import counted
from .read import EventRead, PlayerEntry
from .rows import Period, PeriodRow, RateSection

__all__ = ["SUMMARY", "write_period_workbook"]


def _shown(halves: int) -> str:
    """A rated game's result, from its half points, as the calculator's result cell holds
    it (``1``, ``½``, ``0``)."""
    outcome = played(Fraction(halves, 2))
    if outcome is None:
        raise ValueError(f"a rated game scores 1, ½ or 0, not {halves} half points")
    return outcome.shown


SUMMARY: Final = "Summary"

_HEAD = (
    ("Rate", 9),
    ("FIDE id", 11),
    ("Name", 28),
    ("Fed", 5),
    ("Old rating", 8),
    ("Events", 7),
    ("Games", 7),
    ("K", 5),
    ("K from", 16),
    ("K × Σ(W − PD)", 11),
    ("Change", 8),
    ("New rating", 9),
    ("First rating", 9),
    ("Published", 10),
    ("Note", 40),
    ("Calculation", 12),
)
C_K, C_UNROUNDED, C_CHANGE, C_NEW = 7, 9, 10, 11
C_SHEET = len(_HEAD) - 1


def _sheet_name(row: PeriodRow) -> str:
    """A player's sheet: the rate's initial and the FIDE id (``S 1001``), at most 31
    characters, none of them one Excel refuses."""
    return f"{row.rate[:1].upper()} {row.fide_id}"[:31]


def _entries(section: RateSection, ids: set[str]) -> dict[str, list[tuple[EventRead, PlayerEntry]]]:
    out: dict[str, list[tuple[EventRead, PlayerEntry]]] = {i: [] for i in ids}
    for ev in section.events:
        for p in ev.players:
            if p.fide_id in out:
                out[p.fide_id].append((ev, p))
    return out


def _one_rating(row: PeriodRow, period: Period) -> bool:
    """Whether the calculator's one rating and one rounding compute *row*'s period: every
    event rated at the rating the change is added to, read as the summary's files, none in
    parts, the change rounded once."""
    return (
        period.rounding is Rounding.PERIOD
        and all(e.rating == row.rating for e in row.events)
        and not any(e.file in period.reread or e.file in period.parts for e in row.events)
    )


def _calculation(
    row: PeriodRow, entries: list[tuple[EventRead, PlayerEntry]], rules: str
) -> rc.RatingPeriod | None:
    """The calculator's data for *row*, or ``None`` when the period does not fit a sheet."""
    if len(entries) > rc.MAX_TOURNAMENTS or any(len(p.games) > rc.MAX_GAMES for _, p in entries):
        return None
    return rc.RatingPeriod(
        rating=row.rating,
        name=row.name,
        fide_id=row.fide_id or "",
        federation=row.federation,
        k=row.k_listed,
        rules=rules,
        tournaments=[
            TournamentGames(
                name=ev.name or ev.source,
                games=[Game(r, _shown(h)) for r, h in p.games],
                end_date=ev.date,
            )
            for ev, p in entries
        ],
    )


def write_period_workbook(
    period: Period,
    path: str | Path,
    *,
    player_sheets: int = 100,
    progress: Callable[[float], None] = lambda _: None,
) -> Path:
    """Write the workbook of *period* to *path* (atomically: a failure leaves no half-written
    file); at most *player_sheets* calculation sheets."""

    def build(target: Path) -> None:
        wb, fmt = common.new_workbook(target, title="FIDE rating period")
        x = extra_formats(wb, fmt)
        ws = wb.add_worksheet(SUMMARY)
        ws.activate()
        link = wb.add_format({"font_color": "#0563C1", "underline": 1, "font_size": 10})
        ws.write_string(0, 0, "FIDE rating period: every player", fmt.title)
        how = "given" if period.rules_given else "in force on the latest event's date"
        n_events = sum(len(s.events) for s in period.sections)
        rules = ", ".join(f"{s.rate} {s.edition.id}" for s in period.sections)
        summary = (
            f"{counted(n_events, 'event')}; rules: {rules} ({how}); the "
            "change is K × Σ(W − PD) over the period's games, rounded once; K lowered so that "
            "K × n ≤ 700; each event a tournament (the 2022 one-upgrade limit)."
        )
        for col, (text, width) in enumerate(_HEAD):
            ws.write_string(3, col, text, fmt.header)
            ws.set_column(col, col, width)
        ws.freeze_panes(4, 3)
        rows = period.all_rows
        chosen: list[tuple[PeriodRow, rc.RatingPeriod]] = []
        for s in period.sections:
            want = [r for r in s.rows if r.rating is not None]
            found = _entries(s, {r.fide_id for r in want if r.fide_id is not None})
            for r in want:
                if len(chosen) >= player_sheets:
                    break
                if not _one_rating(r, period):
                    continue
                data = _calculation(r, found[r.fide_id or ""], s.edition.id)
                if data is not None:
                    chosen.append((r, data))
        sheet_of = {id(r): _sheet_name(r) for r, _ in chosen}
        for i, r in enumerate(rows):
            line = 4 + i
            sheet = sheet_of.get(id(r))
            values = (
                r.rate,
                r.fide_id,
                r.name,
                r.federation,
                r.rating,
                len(r.events),
                r.games,
                r.k,
                r.k_source,
                r.rating_change_unrounded,
                r.rating_change,
                r.new_rating,
                r.initial_rating,
                r.initial_rating_published,
                r.new_rating_note or r.initial_rating_note,
            )
            for col, value in enumerate(values):
                common.write_value(ws, line, col, value, fmt.body)
            if sheet is not None:
                ref = f"'{sheet}'!"
                for col, (row_, col_), value in (
                    (C_K, (rc.R_SUM, rc.C_USED), r.k),
                    (C_UNROUNDED, (rc.R_SUM, rc.C_KDIFF), r.rating_change_unrounded),
                    (C_CHANGE, (rc.R_CHANGE, rc.LAST_COL), r.rating_change),
                    (C_NEW, (rc.R_NEW, rc.LAST_COL), r.new_rating),
                ):
                    ws.write_formula(line, col, f"={ref}{common.cell(row_, col_)}", fmt.body, value)
                ws.write_url(line, C_SHEET, f"internal:{ref}A1", link, string=sheet)
            elif r.rating is not None and r.fide_id is not None:
                why = "" if _one_rating(r, period) else ": events at other ratings"
                ws.write_string(line, C_SHEET, f"(not written{why})", fmt.body)
        ws.autofilter(3, 0, 3 + len(rows), len(_HEAD) - 1)
        ws.print_area(0, 0, 3 + len(rows), len(_HEAD) - 1)
        breaks = common.print_setup(  # bands of whole columns, Rate, FIDE id, Name repeated
            ws,
            landscape=True,
            repeat_rows=(3, 3),
            widths=[width for _, width in _HEAD],
            starts=range(3, len(_HEAD)),
            repeat_columns=3,
        )
        # the summary wrapped over the first page's columns, two lines
        ws.merge_range(1, 0, 1, (breaks or [len(_HEAD)])[0] - 1, "", fmt.note)
        ws.set_row(1, 27)
        ws.write_string(1, 0, summary, fmt.note)
        for j, (r, data) in enumerate(chosen):
            rc.write_sheet(wb, fmt, x, data, sheet=sheet_of[id(r)], local=True)
            progress((j + 1) / max(len(chosen), 1))
        common.add_tables_sheet(wb, fmt)
        common.add_xlwings_conf_sheet(wb)
        wb.close()

    return write_atomically(path, build)
