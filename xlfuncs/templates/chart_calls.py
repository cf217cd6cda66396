"""The calls of our functions a chart makes (its arrays, and the Working sheet's): each
call's function and arguments said once, each argument both as a formula writes it
(:func:`argument_texts`) and as the value Excel passes the function
(:func:`argument_values`), so that a formula and the value stored beside it are one call."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core.performance import PTP_FULL_SCORE_DEFAULT, PtpFullScore
from ..core.scoring import DEFAULT_SCORING
from ..core.tiebreak_editions import DEFAULT_TIEBREAK_EDITION
from ..core.tiebreaks import DEFAULT_SWISS_TIEBREAKS
from ..excel import functions as excel_functions
from .chart_layout import BORN, FED, GAMES_BEFORE, RATING, REACHED, SEX, TITLE, K, Layout
from .common import call_text

__all__ = [
    "REASONS",
    "CallArgument",
    "Inputs",
    "argument_texts",
    "argument_values",
    "as_column",
    "call_formula",
    "call_value",
    "cell_value",
    "on_sheet",
    "shown_column",
]

REASONS = "TRUE"
"""The ``reasons`` argument of the rating figures' calls: a row without a figure says why
in a few words (``unrated``, ``no rated game``, ``rapid: no norms``), never blank where a
player is (:mod:`~xlfuncs.core.no_figure`); the empty rows stay blank."""


@dataclass(frozen=True)
class Inputs:
    """The input cells of a chart, as Excel hands them to a function: numbers as float,
    text as str, blanks as None; one entry per player row (``capacity`` rows)."""

    numbers: list[float]
    ratings: list[float | None]
    games_before: list[float | None]
    born: list[float | None]
    reached: list[str | None]
    k_override: list[float | None]
    sexes: list[str | None]
    titles: list[str | None]
    federations: list[str | None]
    results: list[list[Any]]
    """The results block the functions get (the grid, or the gathered rounds)."""
    opponents: list[list[Any]] | None
    """The gathered opponents (Swiss), the opponents' numbers of the grid's columns (double
    round robin), ``None`` for a single grid."""
    period: _dt.date | None
    rules: str
    colours: list[list[Any]] | None = None
    """The gathered colours (Swiss: ``"w"``, ``"b"`` or blank), ``None`` for a grid."""
    tiebreaks: tuple[str, ...] = DEFAULT_SWISS_TIEBREAKS
    """The tie-break headers' descriptors, in order."""
    tiebreak_rules: str = DEFAULT_TIEBREAK_EDITION.id
    """The C.07 edition the ``TiebreakRules`` cell holds."""
    unrated: int | None = None
    """The rating the ``UnratedRating`` cell holds: what unrated players count at in the
    rating tie-breaks (``None``: blank, none)."""
    ptp_full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT
    """What the ``PtpFullScore`` cell holds: how PTP and APPO read a full score."""
    scoring: str = DEFAULT_SCORING.text
    """What the ``Scoring`` cell holds: the event's scoring system (``"3-1-0"``), which the
    points and the point-based tie-breaks follow."""
    minutes: float | None = None
    """The time for 60 moves the ``Minutes`` cell holds (``None``: blank, not known)."""


CallArgument = float | str | bool | _dt.date | list[list[Any]] | None
"""One argument of a call as Excel passes it to the function: a cell's number, text, truth
value or date, a range's rows of cells, or a blank."""


_GAMES = ("ratings", "results", "opponents", "rules", "minutes")
_CALLS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "k_data": ("K_FACTOR_ALL", ("ratings", "games_before", "born", "reached", "period")),
    "points": ("POINTS_ALL", ("results", "scoring")),
    "tiebreaks": (
        "TIEBREAK_ALL",
        ("tiebreak_headers", "ratings", "results", "opponents", "tiebreak_rules", "colours")
        + ("unrated", "swiss_system", "ptp_full_score", "scoring"),
    ),
    "rank": ("RANK_ALL", ("points", "tiebreak_values")),
    "games": ("RATED_GAMES_ALL", _GAMES),
    "ra": ("RA_ALL", (*_GAMES, "reasons")),
    "rp_fide": ("RP_FIDE_ALL", (*_GAMES, "reasons")),
    "rp_exact": ("RP_EXACT_ALL", (*_GAMES, "reasons")),
    "change": (
        "ELO_CHANGE_ALL",
        ("ratings", "k", "results", "opponents", "rules", "minutes", "reasons"),
    ),
    "first": (
        "BLOQUE_ALL",
        ("ratings", "results", "opponents", "system", "rules", "none", "minutes", "reasons"),
    ),
    "norm": (
        "NORM_ALL",
        ("ratings", "results", "opponents", "sexes", "rules", "titles", "federations")
        + ("minutes", "reasons"),
    ),
    "floor": ("UNRATED_AGAIN", ("ratings", "changes", "rules")),
    "tiebreak_working": (
        "TIEBREAK_WORKING",
        ("descriptor", "player", "ratings", "results", "opponents", "tiebreak_rules", "colours")
        + ("unrated", "swiss_system", "rows", "ptp_full_score", "scoring"),
    ),
    "rating_working": (
        "RATING_WORKING",
        ("player", "ratings", "k", "results", "opponents", "rules", "system", "rows")
        + ("minutes", "reasons"),
    ),
}
"""Each call of our functions a chart makes (its arrays, the floor marks, the Working
sheet's two): the function and its arguments, by the names of :func:`argument_texts` and
:func:`argument_values`."""


def argument_texts(layout: Layout, sheet: str = "") -> dict[str, str]:
    """Each argument of :data:`_CALLS` as the chart's formulas write it (on another sheet:
    the chart's ranges on its *sheet*; the cells named, and a range left out, as they are)."""

    def on(ref: str) -> str:
        return on_sheet(sheet, ref) if sheet else ref

    return {
        "ratings": on(layout.column(RATING)),
        "games_before": on(layout.column(GAMES_BEFORE)),
        "born": on(layout.column(BORN)),
        "reached": on(layout.column(REACHED)),
        "period": "RatingPeriod",
        "results": on(layout.results_ref),
        "opponents": on(layout.opponents_ref),
        "colours": on(layout.colours_ref),
        "tiebreak_headers": on(layout.tiebreak_headers),
        "tiebreak_rules": "TiebreakRules",
        "unrated": "UnratedRating",
        "system": f'"{layout.system_name}"',
        "swiss_system": f'"{layout.system_name}"' if layout.swiss else "",  # a grid: an rr
        "ptp_full_score": "PtpFullScore",
        "scoring": "Scoring",
        "rules": "Rules",
        "minutes": "Minutes",
        "reasons": REASONS,
        "none": "",
        "k": on(layout.column(K)),
        "sexes": on(layout.column(SEX)),
        "titles": on(layout.column(TITLE)),
        "federations": on(layout.column(FED)),
        "points": on(layout.column(layout.col("points"))),
        "tiebreak_values": on(layout.block(layout.col("tb1"), layout.col(f"tb{layout.tiebreaks}"))),
        "changes": on(layout.column(layout.col("change"))),
    }


def argument_values(layout: Layout, data: Inputs) -> dict[str, CallArgument]:
    """The arguments of :data:`_CALLS` that the input cells *data* give, as Excel passes
    them to the functions (each the same object for every call)."""
    return {
        "ratings": as_column(data.ratings),
        "games_before": as_column(data.games_before),
        "born": as_column(data.born),
        "reached": as_column(data.reached),
        "period": data.period,
        "results": data.results,
        "opponents": data.opponents,
        "colours": data.colours,
        "tiebreak_headers": [list(data.tiebreaks)],
        "tiebreak_rules": data.tiebreak_rules,
        "unrated": None if data.unrated is None else float(data.unrated),
        "system": layout.system_name,
        "swiss_system": layout.system_name if layout.swiss else None,
        "ptp_full_score": data.ptp_full_score,
        "scoring": data.scoring,
        "rules": data.rules,
        "minutes": data.minutes,
        "reasons": True,
        "none": None,
        "sexes": as_column(data.sexes),
        "titles": as_column(data.titles),
        "federations": as_column(data.federations),
    }


def on_sheet(sheet: str, ref: str) -> str:
    """*ref* on the chart's *sheet*; empty stays empty (an argument left out)."""
    return f"'{sheet}'!{ref}" if ref else ""


def call_formula(name: str, texts: Mapping[str, str]) -> str:
    """The formula of the call of *name* (:data:`_CALLS`)."""
    function, arguments = _CALLS[name]
    return call_text(function, *(texts[a] for a in arguments))


def call_value(name: str, values: Mapping[str, CallArgument]) -> Any:
    """What the call of *name* (:data:`_CALLS`) answers on the cells' *values*."""
    function, arguments = _CALLS[name]
    return getattr(excel_functions, function)(*(values[a] for a in arguments))


def as_column(values: Sequence[Any]) -> list[list[Any]]:
    """*values* as a column of cells is handed to a function: a row each."""
    return [[v] for v in values]


def cell_value(value: Any) -> Any:
    """A visible cell's value as Excel hands it to a function: a formula's ``""`` is an
    empty cell (``None``)."""
    return None if value == "" else value


def shown_column(values: Sequence[Any]) -> list[list[Any]]:
    """A visible column of formulas as Excel hands it to a function (:func:`as_column`,
    :func:`cell_value`)."""
    return as_column([cell_value(v) for v in values])
