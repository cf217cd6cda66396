"""Shared checks of the round-robin and Swiss templates (a helper module, not a test file).

The expected figures come straight from the core (:class:`~xlfuncs.core.tournament.Crosstable`
built from the event model here, independently of the template code), so a template that
passed the wrong range or argument to a function disagrees with them.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import openpyxl
from engine import evaluate
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.formula import ArrayFormula

from xlfuncs import udfs
from xlfuncs.core import Outcome, k_rule
from xlfuncs.core.norm_field import CrosstableNorms, fide_title
from xlfuncs.core.results import parse
from xlfuncs.core.tables import round_half_up
from xlfuncs.core.tiebreaks import TiebreakTable, tiebreaks
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing
from xlfuncs.excel import EXCEL_ERRORS
from xlfuncs.templates.chart import COMPUTED, FIRST_ROW, K, Layout
from xlfuncs.templates.event import Event

Values = dict[tuple[str, str], Any]


def counting_functions() -> tuple[dict[str, Callable[..., Any]], dict[str, int]]:
    """Our functions, each counting its calls."""
    calls: dict[str, int] = {}

    def wrap(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any) -> Any:
            calls[name] = calls.get(name, 0) + 1
            return fn(*args)

        counted.__wrapped__ = fn  # type: ignore[attr-defined]
        return counted

    return {name: wrap(name, fn) for name, fn in udfs.FUNCTIONS.items()}, calls


def evaluate_counting(path: Path) -> tuple[Values, dict[str, int]]:
    functions, calls = counting_functions()
    return evaluate(path, functions), calls


def errors_in(values: Mapping[tuple[str, str], Any]) -> list[tuple[tuple[str, str], Any]]:
    """Cells holding an Excel error value (as text)."""
    return [
        (k, v)
        for k, v in values.items()
        if isinstance(v, str) and v.strip().upper() in EXCEL_ERRORS
    ]


def _outcome(symbol: str) -> Outcome:
    found = parse(symbol)
    assert found is not None, symbol
    return found


def core_table(event: Event, *, round_robin: bool) -> Crosstable:
    """The event as the core sees it, with each player's K (override, else from the data)."""
    entrants = []
    for p in event.players:
        if round_robin:  # a double round robin's second games follow the first ones
            count = len(event.players)
            pairings = tuple(
                Pairing(index % count + 1, _outcome(s))
                for index, s in enumerate(p.results)
                if s is not None
            )
        else:
            pairings = tuple(
                Pairing(None if _outcome(rd.result).is_bye else rd.opponent, _outcome(rd.result))
                for rd in p.rounds
                if rd.result is not None
            )
        k = p.k_override
        if k is None and p.rating is not None:
            games = 30 if p.rated_games_before is None else p.rated_games_before  # blank: 30+
            k = k_rule(p.rating, games, p.birth_year, bool(p.reached_2400), event.rating_period).k
        entrants.append(
            Entrant(
                rating=p.rating,
                pairings=pairings,
                k=k,
                female=(p.sex or "").lower() == "w",
                title=p.title,
                fide_title=fide_title(p.title or ""),
                federation=p.federation or "",
            )
        )
    return Crosstable.build(entrants, round_robin=round_robin, rules=event.rules)


def expected_figures(table: Crosstable, number: int) -> dict[str, Any]:
    """What each computed column must show for player *number*, from the core."""
    entrant = table.entrants[number - 1]
    f = table.figures(number)
    # where the rules give no figure the cell says why in a few words, never blank: no Ra
    # or performance without a game against a rated opponent, no change for an unrated
    # player (or one without K), no first rating for a rated one
    no_game = "no rated game"
    exact: Any = no_game
    if f.rp_exact is not None:
        exact = (
            ("\u221e" if f.rp_exact > 0 else "-\u221e")
            if math.isinf(f.rp_exact)
            else round_half_up(f.rp_exact)
        )
    change: Any = f.change.change if f.change is not None else ""
    if change == "":
        change = "unrated" if entrant.rating is None else "no K"
    return {
        "k": "" if entrant.rating is None else entrant.k,
        "points": float(f.points),
        "games": f.rated_games,
        "ra": no_game if f.ra is None else float(f.ra),
        "rp_fide": no_game if f.rp_fide is None else f.rp_fide,
        "rp_exact": exact,
        "change": change,
        "new": change if isinstance(change, str) else entrant.rating + change,  # type: ignore[operator]
        "first": _first_shown(entrant.rating, f.first, f.first_error),
        "norm": CrosstableNorms(table).best(number) or "none",
    }


def _first_shown(rating: int | None, first: Any, error: str | None) -> Any:
    """The first rating column's cell: Ru where it is published (7.1.4: 5 games against
    rated opponents, at or above the floor: 1400 from March 2024, 1000 before), else why."""
    if rating is not None:
        return "rated"
    if first is None:  # no game against a rated opponent, or a zero score disregarded
        return "zero score" if error is not None and "zero score" in error else "no rated game"
    if first.published:
        return first.rating
    if first.disregarded:
        return "zero score"
    if first.rating < first.edition.rating_floor:
        return f"Ru < {first.edition.rating_floor}"
    return "< 5 games"


def core_tiebreaks(event: Event, descriptors: Sequence[str], *, round_robin: bool) -> TiebreakTable:
    """The event's tie-breaks and ranks as the core computes them (C.07 edition: the one in
    force on the event's start), from the event model, independently of the template: each
    Swiss round in its place (with its colour), a round robin's games in the opponents'
    order, a double round robin's second games after the first ones."""
    entrants = []
    for p in event.players:
        if round_robin:
            count = len(event.players)
            pairings = tuple(
                Pairing(index % count + 1, _outcome(s))
                for index, s in enumerate(p.results)
                if s is not None
            )
        else:
            pairings = tuple(
                Pairing(None, None)
                if rd.result is None
                else Pairing(
                    None if _outcome(rd.result).is_bye else rd.opponent,
                    _outcome(rd.result),
                    rd.colour,
                )
                for rd in p.rounds
            )
        entrants.append(Entrant(rating=p.rating, pairings=pairings))
    table = Crosstable.build(entrants, round_robin=round_robin)
    start = event.start if isinstance(event.start, _dt.date) else None
    return tiebreaks(table, descriptors, start=start)


def tiebreak_mismatches(
    values: Values, sheet: str, layout: Layout, table: TiebreakTable, *, ranks: bool = True
) -> list[str]:
    """Every tie-break cell (and rank, with *ranks*) that differs from the core's table.
    ``DE`` is left out: the core gives it as an order (lower first), the chart as the count
    of tied players it places below (higher first); the ranks check its effect."""
    bad = []
    for number in range(1, len(table.values) + 1):
        for k, d in enumerate(table.descriptors, start=1):
            if d.code == "DE":
                continue
            want = table.values[number - 1][k - 1]
            got = shown(values, sheet, layout, f"tb{k}", number)
            same = (
                got == ""
                if want is None
                else (
                    isinstance(got, (int, float)) and math.isclose(got, float(want), abs_tol=1e-9)
                )
            )
            if not same:
                bad.append(f"player {number}, {d.text}: sheet {got!r}, core {want!r}")
        if ranks and shown(values, sheet, layout, "rank", number) != table.ranks[number - 1]:
            got = shown(values, sheet, layout, "rank", number)
            bad.append(f"player {number}, rank: sheet {got!r}, core {table.ranks[number - 1]}")
    return bad


def shown(values: Values, sheet: str, layout: Layout, name: str, number: int) -> Any:
    """The evaluated value of computed column *name* for player *number*."""
    col = K if name == "k" else layout.col(name)
    return values.get((sheet, f"{get_column_letter(col + 1)}{FIRST_ROW + number}"))


def figure_mismatches(values: Values, sheet: str, layout: Layout, table: Crosstable) -> list[str]:
    """Every computed cell that differs from the core, as readable lines."""
    bad = []
    for number in range(1, len(table.entrants) + 1):
        for name, want in expected_figures(table, number).items():
            got = shown(values, sheet, layout, name, number)
            same = got == want or (
                isinstance(got, float)
                and isinstance(want, (int, float))
                and math.isclose(got, want, abs_tol=1e-9)
            )
            if not same:
                bad.append(f"player {number}, {name}: sheet {got!r}, core {want!r}")
    return bad


def cached_mismatches(path: Path, values: Values, sheet: str) -> list[str]:
    """Formula cells whose value stored in the file differs from the evaluated one."""
    formulas_wb = openpyxl.load_workbook(path)
    cached_wb = openpyxl.load_workbook(path, data_only=True)
    bad = []
    ws, cached = formulas_wb[sheet], cached_wb[sheet]
    array_cells: set[str] = set()
    for row in ws.iter_rows():
        for c in row:
            if isinstance(c.value, ArrayFormula):
                for r in ws[c.value.ref]:
                    array_cells.update(x.coordinate for x in r)
    for row in ws.iter_rows():
        for c in row:
            is_formula = (
                isinstance(c.value, str) and c.value.startswith("=")
            ) or c.coordinate in array_cells
            if not is_formula:
                continue
            stored = cached[c.coordinate].value
            got = values.get((sheet, c.coordinate))
            stored = "" if stored is None else stored
            got = "" if got is None else got
            if isinstance(stored, (int, float)) and isinstance(got, (int, float)):
                if math.isclose(stored, got, abs_tol=1e-9):
                    continue
            elif stored == got:
                continue
            bad.append(f"{c.coordinate}: stored {stored!r}, evaluated {got!r}")
    return bad


def stored_values(path: Path, sheet: str) -> Values:
    """Every cell's value as stored in the file (what a reader without a formula engine
    shows): ``{(sheet, "B3"): value}``, a blank formula value as ``""``."""
    return sheet_values(openpyxl.load_workbook(path, data_only=True)[sheet])


def sheet_values(ws: Any) -> Values:
    """:func:`stored_values` of the sheet *ws* of a workbook already read (``data_only``)."""
    sheet = ws.title
    return {
        (sheet, c.coordinate): "" if c.value is None else c.value
        for row in ws.iter_rows()
        for c in row
    }


def computed_names() -> tuple[str, ...]:
    return ("k", *COMPUTED)
