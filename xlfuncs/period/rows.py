"""A rating period's content: the files read (:mod:`.read`) matched by FIDE id, each
player's period computed by core (:func:`~xlfuncs.core.period.rate_period`), one typed
:class:`PeriodRow` per player, one :class:`RateSection` per rate of play.

What is matched and assumed (``docs/period.md``): the same FIDE id in two files is one player
(a name that differs is a warning); a player without a FIDE id (blank or ``0``) cannot be
matched and is rated on that one file alone, listed apart, and is unrated (FIDE rates only
players with a FIDE id). Each file is read as ``xlfuncs report`` reads it (the rating list's
rating and K when one is given, its rule for a player unrated at rapid or blitz included);
K is the K file's when it names the player, else that of the event as read, shown as such.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.editions import Edition, RateOfPlay, RulesSpec, get_edition
from ..core.errors import XlfuncsError
from ..core.period import EventGames, PlayerPeriod, rate_period
from ..core.rating_change import floor_note
from ..trf.k_policy import KSource
from ..trf.short_list import short_list
from .read import BadFile, EventRead, PlayerEntry

__all__ = [
    "LIST_K",
    "EventShare",
    "Period",
    "PeriodRow",
    "RateSection",
    "build_period",
    "player_period",
]

LIST_K = KSource.LIST.label
"""The ``k_source`` of a K taken from the rating list."""

RATES = tuple(r.value for r in RateOfPlay)
"""The rates of play, in the order the sections are printed."""

_POINTS = (Fraction(0), Fraction(1, 2), Fraction(1))
"""Points by half points (0, 1, 2)."""


@dataclass(frozen=True)
class EventShare:
    """One event of a player's period."""

    file: str
    games: int
    """Games against rated opponents in this event."""
    change_unrounded: float | None
    """K x sum(W - PD) of this event, with the period's K (``None`` for an unrated player)."""


@dataclass(frozen=True)
class PeriodRow:
    """One player's line of the period."""

    rate: str
    fide_id: str | None
    name: str
    federation: str
    birth_year: int | None
    rating: int | None
    """The rating at the start of the period (``None``: unrated)."""
    games: int
    """Rated games against rated opponents in the period."""
    k: int | None
    """K used: after K x n <= 700 over the period's games."""
    k_listed: int | None
    """K before K x n <= 700 (from the list, the K file or computed)."""
    k_source: str | None
    rating_change: int | None
    """The period's change, rounded once."""
    rating_change_unrounded: float | None
    """K x sum(W - PD) over the period, to two decimals."""
    new_rating: int | None
    """Rated: rating + change. Unrated: the first rating when it would be published."""
    new_rating_note: str | None
    """``"below 1400: unrated again"`` (the edition's floor) when the new rating is below it."""
    initial_rating: int | None
    """An unrated player's first rating from the pooled games (``None`` when none)."""
    initial_rating_published: bool | None
    initial_rating_note: str | None
    """Why the first rating is not published, or why there is none."""
    events: tuple[EventShare, ...]


@dataclass(frozen=True)
class RateSection:
    """One rate of play: its events, its players with a FIDE id, the others."""

    rate: str
    edition: Edition
    """The edition the section's events are rated under (at its rate of play)."""
    events: tuple[EventRead, ...]
    rows: tuple[PeriodRow, ...]
    """Players with a FIDE id, by name."""
    apart: tuple[PeriodRow, ...]
    """Players without a FIDE id, each rated on one file alone, by file and name."""


@dataclass(frozen=True)
class Period:
    """The whole period."""

    edition: Edition
    """The first section's edition (each section has its own: :attr:`RateSection.edition`)."""
    rules_given: bool
    sections: tuple[RateSection, ...]
    skipped: tuple[BadFile, ...]
    warnings: tuple[str, ...]
    k_list_given: bool


def _event_games(entry: PlayerEntry, round_robin: bool) -> EventGames:
    return EventGames(tuple((r, _POINTS[h]) for r, h in entry.games), round_robin)


def _two(x: Fraction) -> float:
    return round(float(x), 2)


def _row(
    rate: str,
    fide_id: str | None,
    first: PlayerEntry,
    calc: PlayerPeriod,
    files: Sequence[str],
    k_listed: int | None,
    k_source: str | None,
) -> PeriodRow:
    change = calc.change
    shares = calc.event_changes
    events = tuple(
        EventShare(f, n, None if shares is None else _two(shares[i]))
        for i, (f, n) in enumerate(zip(files, calc.event_games))
    )
    if change is not None:
        return PeriodRow(
            rate=rate,
            fide_id=fide_id,
            name=first.name,
            federation=first.federation,
            birth_year=first.birth_year,
            rating=change.own_rating,
            games=change.n,
            k=change.k,
            k_listed=k_listed,
            k_source=k_source,
            rating_change=change.change,
            rating_change_unrounded=_two(change.unrounded),
            new_rating=change.new_rating,
            new_rating_note=floor_note(change.new_rating, rules=calc.edition),
            initial_rating=None,
            initial_rating_published=None,
            initial_rating_note=None,
            events=events,
        )
    fr = calc.first
    published = fr is not None and fr.published
    return PeriodRow(
        rate=rate,
        fide_id=fide_id,
        name=first.name,
        federation=first.federation,
        birth_year=first.birth_year,
        rating=None,
        games=calc.games,
        k=None,
        k_listed=None,
        k_source=None,
        rating_change=None,
        rating_change_unrounded=None,
        new_rating=fr.rating if fr is not None and published else None,
        new_rating_note=None,
        initial_rating=None if fr is None else fr.rating,
        initial_rating_published=published,
        initial_rating_note=calc.first_error if fr is None else "; ".join(fr.reasons) or None,
        events=events,
    )


def player_period(
    entries: Sequence[tuple[EventRead, PlayerEntry]],
    rating: int | None,
    k: int | None,
    edition: Edition,
) -> PlayerPeriod:
    """Core's calculation of one player's period from their entries (in the period's order)."""
    return rate_period(
        rating, [_event_games(e, ev.round_robin) for ev, e in entries], k, rules=edition
    )


def _file_warnings(events: Sequence[EventRead]) -> list[str]:
    """The files' warnings, each named once with the files that give it (a period of
    thousands of files without a time control says so once, not thousands of times)."""
    files: dict[str, list[str]] = {}
    for e in events:
        for w in e.warnings:
            files.setdefault(w, []).append(e.source)
    return [
        f"{named[0]}: {w}" if len(named) == 1 else f"{len(named)} files: {w}: {short_list(named)}"
        for w, named in files.items()
    ]


def _period_edition(
    events: Sequence[EventRead], rules: RulesSpec, rate: str
) -> tuple[Edition, list[str]]:
    """The edition of the period's events at one rate of play: *rules* (``--rules``) at that
    rate when given, else the one in force on the latest event's date (a warning when the
    events' dates fall under several)."""
    if rules is not None or not events:
        return get_edition(rules, rate=rate), []
    latest = max(events, key=lambda e: (e.date, e.source))
    edition = get_edition(latest.edition)
    others = sorted({e.edition for e in events} - {edition.id})
    if not others:
        return edition, []
    return edition, [
        f"the {rate} events' dates fall under the {', '.join(others)} and {edition.id} rules: "
        f"they are rated under the {edition.id} rules, in force on {latest.date.isoformat()} "
        f"({latest.source}, the latest event); give --rules to choose"
    ]


def build_period(
    read: Sequence[EventRead | BadFile],
    *,
    rules: RulesSpec = None,
    k_overrides: Mapping[str, int] | None = None,
    list_given: bool = False,
    progress: Callable[[float], None] = lambda _: None,
) -> Period:
    """The period of the files *read* (bad files are listed as skipped). *k_overrides*: K by
    FIDE id (the K file); *list_given*: whether the files were read with a rating list."""
    events = sorted((e for e in read if isinstance(e, EventRead)), key=lambda e: (e.date, e.source))
    skipped = tuple(b for b in read if isinstance(b, BadFile))
    warnings = _file_warnings(events)
    overrides = dict(k_overrides or {})
    used_overrides: set[str] = set()
    sections: list[RateSection] = []
    total = sum(len(e.players) for e in events) or 1
    done = 0
    rates = sorted({e.rate for e in events}, key=lambda r: (RATES + (r,)).index(r))
    editions: list[Edition] = []
    for rate in rates:
        rate_events = [e for e in events if e.rate == rate]
        edition, more = _period_edition(rate_events, rules, rate)
        editions.append(edition)
        warnings += more
        by_id: dict[str, list[tuple[EventRead, PlayerEntry]]] = {}
        no_id: list[tuple[EventRead, PlayerEntry]] = []
        for ev in rate_events:
            for p in ev.players:
                if p.fide_id is None:
                    no_id.append((ev, p))
                else:
                    by_id.setdefault(p.fide_id, []).append((ev, p))
        rows: list[PeriodRow] = []
        name_clash: list[str] = []
        rating_clash: list[str] = []
        for fide_id, entries in by_id.items():
            names: dict[str, list[str]] = {}
            for ev, p in entries:
                names.setdefault(p.name, []).append(ev.source)
            if len(names) > 1:
                name_clash.append(
                    f"FIDE id {fide_id}: "
                    + "; ".join(f"{n!r} in {', '.join(files)}" for n, files in names.items())
                )
            rated = [(ev, p) for ev, p in entries if p.rating is not None]
            first = rated[0] if rated else entries[0]
            rating = first[1].rating
            if len({p.rating for _, p in entries}) > 1:
                rating_clash.append(
                    f"FIDE id {fide_id} ({first[1].name}): "
                    + ", ".join(f"{p.rating or 'unrated'} in {ev.source}" for ev, p in entries)
                    + f": rated {rating or 'unrated'}, as in {first[0].source}"
                )
            k, source = first[1].k, first[1].k_source
            if rating is not None and fide_id in overrides:
                k, source = overrides[fide_id], KSource.OVERRIDE.label
            if fide_id in overrides:
                used_overrides.add(fide_id)
            try:
                calc = player_period(entries, rating, k, edition)
            except XlfuncsError as exc:  # a K the rules refuse (a list's K of 0, say)
                warnings.append(f"FIDE id {fide_id} ({first[1].name}): not rated: {exc}")
                continue
            rows.append(
                _row(rate, fide_id, first[1], calc, [ev.source for ev, _ in entries], k, source)
            )
            done += len(entries)
            if len(rows) % 1000 == 0:
                progress(done / total)
        if name_clash:
            warnings.append(
                f"{len(name_clash)} FIDE id{'s' if len(name_clash) > 1 else ''} with names "
                f"that differ between files ({rate}): " + short_list(name_clash, 20)
            )
        if rating_clash:
            warnings.append(
                f"{len(rating_clash)} player{'s' if len(rating_clash) > 1 else ''} rated "
                f"differently in different files ({rate}): " + short_list(rating_clash, 20)
            )
        apart: list[PeriodRow] = []
        for ev, p in no_id:
            try:
                calc = player_period([(ev, p)], p.rating, p.k, edition)
            except XlfuncsError as exc:
                warnings.append(f"{ev.source}, no. {p.start_no} ({p.name}): not rated: {exc}")
                continue
            apart.append(_row(rate, None, p, calc, [ev.source], p.k, p.k_source))
            done += 1
        rows.sort(key=lambda r: (r.name.casefold(), r.fide_id or ""))
        sections.append(RateSection(rate, edition, tuple(rate_events), tuple(rows), tuple(apart)))
    unknown = sorted(set(overrides) - used_overrides)
    if unknown:
        warnings.append(f"K file: no player of the period has FIDE id {short_list(unknown)}")
    progress(1.0)
    return Period(
        edition=editions[0] if editions else get_edition(rules),
        rules_given=rules is not None,
        sections=tuple(sections),
        skipped=skipped,
        warnings=tuple(warnings),
        k_list_given=list_given,
    )
