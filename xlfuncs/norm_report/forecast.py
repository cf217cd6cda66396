"""``xlfuncs norms --forecast``: in an event still running, the points each player still
needs for a norm in the remaining rounds (:func:`xlfuncs.core.norms.norm_points` over the
games so far and to come; an opponent not yet known at the average of the player's so far).
What it counts and assumes: ``docs/norms.md``."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.errors import XlfuncsError
from ..core.norm_check import NormCheck
from ..core.norms import MIX_KEYS, norm_points, norm_ra, norm_ratings_before_floor
from ..output import visible
from ..text_output import counted, points_text, underlined
from .build import NormReport, PlayerNorms

__all__ = ["Forecast", "forecast", "render_forecast"]


@dataclass(frozen=True)
class Forecast:
    """What one player needs for one title in the rounds left."""

    start_no: int
    name: str
    title: str
    played: int
    """Games so far that count."""
    points: Fraction
    """Points in them."""
    remaining: int
    assumed_rating: int | None
    """The rating assumed for each opponent not yet known (``None``: none assumed)."""
    needed: Fraction
    """Points still needed in the remaining rounds."""
    mix_failing: tuple[str, ...]
    """The mix requirements not met so far (they may still be met)."""


def _forecast(
    number: int, p: PlayerNorms, c: NormCheck, report: NormReport, rounds: int
) -> Forecast | None:
    """Player *number*'s (from 1) forecast for the title of *c*; ``None``: out of reach."""
    ct = report.crosstable
    entrant = ct.entrants[number - 1]
    so_far = sorted([*c.used, *(g for g, _ in c.left_out if g.counts)], key=lambda g: g.round)
    points = sum((g.points for g in so_far), Fraction(0))
    done = sum(1 for q in entrant.pairings if q.outcome is not None)
    paired: list[int | None] = [
        ct.entrants[q.opponent - 1].rating
        for q in entrant.pairings
        if q.outcome is None and q.opponent is not None
    ]
    remaining = max(rounds - done, 0)
    unknown = max(remaining - len(paired), 0)
    ratings: list[int | None] = [g.rating for g in so_far]
    assumed: int | None = None
    if unknown:
        valued = norm_ratings_before_floor(ratings, rules=report.title_rules) if ratings else []
        if not valued:
            return None
        assumed = norm_ra(sum(valued), len(valued))
    future = paired[:remaining] + [assumed] * unknown
    if remaining == 0:
        return None
    try:
        total = norm_points(ratings + future, c.title, rules=report.title_rules)
    except XlfuncsError:
        return None  # no score makes it (too few games, or Ra too low)
    needed = max(total - points, Fraction(0))
    if needed > remaining:
        return None
    failing = tuple(r.label for r in c.requirements if r.key in MIX_KEYS[1:] and r.met is False)
    return Forecast(
        start_no=p.start_no,
        name=p.name,
        title=c.title.title,
        played=len(so_far),
        points=points,
        remaining=remaining,
        assumed_rating=assumed,
        needed=needed,
        mix_failing=failing,
    )


def _total(report: NormReport, rounds: int | None) -> int:
    """The event's rounds in all: *rounds*, else the file's ``142`` or ``XXR`` (when no fewer
    than the rounds it writes), else the rounds it writes."""
    if rounds is not None:
        return rounds
    planned = report.planned_rounds
    return max(planned, report.event.rounds) if planned is not None else report.event.rounds


def forecast(report: NormReport, rounds: int | None = None) -> list[Forecast]:
    """For every player still able to make a norm, the strongest title within reach and the
    points it needs in the rounds left."""
    total = _total(report, rounds)
    found = (
        next(filter(None, (_forecast(n, p, c, report, total) for c in p.checks)), None)
        for n, p in enumerate(report.players, start=1)
    )
    return [f for f in found if f is not None]


def render_forecast(report: NormReport, rounds: int | None = None) -> str:
    """The forecast as text."""
    total = _total(report, rounds)
    t = report.tournament
    out = [*underlined(f"Norm forecast: {t.name or t.source}"), f"rounds: {total} in all", ""]
    found = forecast(report, rounds)
    for f in found:
        assumed = (
            f"; the {counted(f.remaining, 'opponent')} to come assumed at {f.assumed_rating}"
            if f.assumed_rating is not None
            else ""
        )
        mix = f"; mix not met so far: {', '.join(f.mix_failing)}" if f.mix_failing else ""
        out.append(
            f"- no. {f.start_no} {f.name}: {f.title} needs {points_text(f.needed)} of the "
            f"{counted(f.remaining, 'remaining round')} ({points_text(f.points)}/{f.played} so far"
            f"{assumed}{mix})"
        )
    if not found:
        out.append(_why_none(report, total))
    elif any(f.assumed_rating is not None for f in found):
        out += [
            "",
            "An opponent not yet paired is assumed to be rated as the player's opponents so "
            "far average; the points needed change with the real opponents.",
        ]
    return visible("\n".join(out)) + "\n"


def _why_none(report: NormReport, total: int) -> str:
    """Why no player is forecast: no player rated, no round left of *total*, or no norm
    within reach in the rounds left."""
    if all(p.rating is None for p in report.players):
        return "- nobody can make a norm: no player is rated"
    entrants = report.crosstable.entrants
    done = max((sum(1 for q in e.pairings if q.outcome is not None) for e in entrants), default=0)
    if done >= total:
        verb = "is" if total == 1 else "are"
        return f"- no round is left: the event's {counted(total, 'round')} {verb} played"
    return "- nobody can still make a norm in the rounds left"
