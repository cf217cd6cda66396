"""A rating period's content: the files read (:mod:`.read`) matched by FIDE id, each
player's period computed by core (:func:`~xlfuncs.core.period.period_rating`), one typed
:class:`PeriodRow` per player, one :class:`RateSection` per rate of play.

What is matched and assumed, and how the calendar places each event: ``docs/period.md``.
The same FIDE id in two files is one player; a player without a FIDE id is rated on that one
file alone, listed apart. K is the K file's when it names the player, else that of the
event as read. Each event is rated with the player's rating of the list valid at its start,
and the change is added to the latest list's rating.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..core.editions import Edition, RateOfPlay, RulesSpec, get_edition
from ..core.errors import XlfuncsError
from ..core.period import EventGames, PlayerPeriod, ScorelessEvents, period_rating
from ..core.rating_calendar import (
    EventPart,
    Placement,
    Timing,
    add_months,
    earliest_list,
    event_parts,
    list_in_force,
    place_event,
)
from ..core.rating_change import Rounding, floor_note
from ..findings import Finding
from ..text_output import counted
from ..trf.k_file import KFile, edition_notes
from ..trf.k_policy import KSource
from ..trf.short_list import short_list
from .read import BadFile, EventRead, PlayerEntry

__all__ = [
    "EventShare",
    "Period",
    "Placed",
    "PeriodRow",
    "RateSection",
    "build_period",
]

RATES = tuple(r.value for r in RateOfPlay)
"""The rates of play, in the order the sections are printed."""

_POINTS = (Fraction(0), Fraction(1, 2), Fraction(1))
"""Points by half points (0, 1, 2)."""


@dataclass(frozen=True)
class EventShare:
    """One event of a player's period: an object of a row's ``events``."""

    file: str
    games: int
    change_unrounded: float | None
    rating: int | None = None
    rated_with: str = ""


@dataclass(frozen=True)
class PeriodRow:
    """One player's line of the period; each field a key of ``--format json``, whose meaning
    ``docs/period.md`` gives."""

    rate: str
    fide_id: str | None
    name: str
    federation: str
    birth_year: int | None
    rating: int | None
    games: int
    k: int | None
    k_listed: int | None
    k_source: str | None
    rating_change: int | None
    rating_change_unrounded: float | None
    new_rating: int | None
    new_rating_note: str | None
    initial_rating: int | None
    initial_rating_published: bool | None
    initial_rating_note: str | None
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
class Placed:
    """One file against the list being made."""

    source: str
    placement: Placement


@dataclass(frozen=True)
class Period:
    edition: Edition
    """The first section's edition (each section has its own: :attr:`RateSection.edition`)."""
    rules_given: bool
    sections: tuple[RateSection, ...]
    skipped: tuple[BadFile, ...]
    warnings: tuple[Finding, ...]
    """What the files' reading and the period's rating had to assume or could not use, in
    the order the period lists them (:func:`build_period`)."""
    k_list_given: bool
    list_date: _dt.date | None = None
    """The list being made (``None``: no event)."""
    list_date_given: bool = False
    placed: tuple[Placed, ...] = ()
    """Every file read, against :attr:`list_date`, in date order (those not rated too)."""
    rounding: Rounding = Rounding.PERIOD
    scoreless: ScorelessEvents = "first"
    """The reading of Rating Regulations 8.2.1 for first ratings (``--scoreless-events``)."""
    reread: frozenset[str] = frozenset()
    """The files (by name) whose games were rated from a second reading, without the list
    given (their events started under an earlier list)."""
    parts: frozenset[str] = frozenset()
    """The labels of the parts of events rated in parts (``x.trf (rounds 1-4)``), as
    :attr:`EventShare.file` gives them."""

    @property
    def all_rows(self) -> list[PeriodRow]:
        """Every player's row: each rate of play in turn, its players with a FIDE id, then
        the others."""
        return [r for s in self.sections for r in (*s.rows, *s.apart)]


def _two(x: Fraction) -> float:
    return round(float(x), 2)


def _row(
    rate: str,
    fide_id: str | None,
    first: PlayerEntry,
    calc: PlayerPeriod,
    pieces: Sequence[tuple[EventRead, PlayerEntry, str, _dt.date]],
    k_listed: int | None,
    k_source: str | None,
) -> PeriodRow:
    """The row of a player of the period: a rated player's change (*k_listed*: K before
    K x n <= 700 lowers it), an unrated player's first rating; each event's share (*pieces*:
    :meth:`_Rating.pieces`)."""
    change = calc.change
    shares = calc.event_changes
    events = tuple(
        EventShare(
            f,
            n,
            None if shares is None else _two(shares[i]),
            calc.events[i].rating if change is None else change.tournament_ratings[i],
            _month(when),
        )
        for i, ((_, _, f, when), n) in enumerate(zip(pieces, calc.event_games))
    )
    fr = calc.first
    published = fr is not None and fr.published
    unrated = PeriodRow(
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
        initial_rating_note=_first_note(calc),
        events=events,
    )
    if change is None:
        return unrated
    return replace(
        unrated,
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
    )


SCORELESS_NOTE = {
    "first": "8.2.1 read as the text says: only the first event's zero score disregarded, "
    "a later scoreless event counted (--scoreless-events leading: every scoreless event "
    "in a row disregarded)",
    "leading": "8.2.1 read as --scoreless-events leading: every scoreless event in a row "
    "from the first disregarded (the text names the first event only)",
}
"""The reading of 8.2.1 taken, said where it bears on a player's first rating."""


def _first_note(calc: PlayerPeriod) -> str | None:
    """Why an unrated player's first rating is not published, and the reading of 8.2.1
    taken where the other would pool other events."""
    notes = [calc.first_error] if calc.first is None else list(calc.first.reasons)
    if calc.scoreless_differs:
        notes.append(SCORELESS_NOTE[calc.scoreless])
    return "; ".join(n for n in notes if n) or None


def default_list_date(events: Sequence[EventRead]) -> _dt.date | None:
    """The list a period is made for when none is given: the first list every event may be
    rated on (Rating Regulations 7.1.3); ``None`` for no event."""
    return max((earliest_list(e.last_day) for e in events), default=None)


def _month(d: _dt.date) -> str:
    return d.strftime("%Y-%m")


def _placement_warnings(placed: Sequence[Placed]) -> list[Finding]:
    """The files not on time for the list being made (kind ``placement``): rated late (a
    note), or not rated (a warning); each said, however many."""
    return [
        Finding(
            "placement",
            "warning" if not p.placement.rated else "note",
            f"{p.source}: {'not rated: ' if not p.placement.rated else ''}{p.placement.reason()}",
            file=p.source,
            grouped=False,
        )
        for p in placed
        if p.placement.timing is not Timing.ON_TIME
    ]


def _file_warnings(events: Sequence[EventRead]) -> list[Finding]:
    """The files' findings, each message said once with the files that give it; at its file
    and line where one file gives it."""
    files: dict[str, tuple[Finding, list[str]]] = {}
    for e in events:
        for w in e.warnings:
            files.setdefault(w.message, (w, []))[1].append(e.source)
    out: list[Finding] = []
    for w, named in files.values():
        if len(named) == 1:
            out.append(replace(w, message=f"{named[0]}: {w.message}", file=named[0]))
        else:
            said = f"{len(named)} files: {w.message}: {short_list(named)}"
            out.append(Finding(w.kind, w.severity, said, grouped=w.grouped))
    return out


def _period_edition(
    events: Sequence[EventRead], rules: RulesSpec, rate: str
) -> tuple[Edition, list[Finding]]:
    """The edition of the period's events at one rate of play: *rules* (``--rules``) at that
    rate when given, else the one in force on the latest event's date (a note of kind
    ``rules`` when the events' dates fall under several)."""
    if rules is not None or not events:
        return get_edition(rules, rate=rate), []
    latest = max(events, key=lambda e: (e.date, e.source))
    edition = get_edition(latest.edition)
    others = sorted({e.edition for e in events} - {edition.id})
    if not others:
        return edition, []
    said = (
        f"the {rate} events' dates fall under the {', '.join(others)} and {edition.id} rules: "
        f"they are rated under the {edition.id} rules, in force on {latest.date.isoformat()} "
        f"({latest.source}, the latest event); give --rules to choose"
    )
    return edition, [Finding("rules", "note", said)]


@dataclass
class _Rating:
    """What rating every player of a period needs, and what it gathers as it goes."""

    own: Mapping[str, EventRead]
    """By path, the files read again without the list given."""
    latest: _dt.date | None
    """The list given (the one before the list being made), ``None`` without one."""
    long_events: Mapping[str, tuple[EventPart, ...]]
    """By path, the events rated in parts."""
    k_overrides: Mapping[str, int]
    """K by FIDE id (the K file, :class:`~xlfuncs.trf.k_file.KFile` when one is read)."""
    rounding: Rounding
    scoreless: ScorelessEvents
    progress: Callable[[float], None]
    total: int
    """The players' entries of every event rated, for :attr:`progress`."""
    warnings: list[Finding]
    used_overrides: set[str]
    done: int = 0

    def pieces(
        self, ev: EventRead, p: PlayerEntry
    ) -> list[tuple[EventRead, PlayerEntry, str, _dt.date]]:
        """Player *p*'s games of *ev* as rated: ``(reading, entry, label, list)``, one for an
        event, one per part for an event rated in parts (:func:`event_parts`), a part played
        under the list given (:attr:`latest`) taken from the reading with it, the others from
        the file's own ratings."""
        parts = self.long_events.get(ev.path)
        if parts is None:
            e, q = _own_reading(ev, p, self.own)
            return [(e, q, ev.source, list_in_force(ev.date))]
        out: list[tuple[EventRead, PlayerEntry, str, _dt.date]] = []
        for part in parts:
            e, q = (ev, p) if part.rated_with == self.latest else _own_reading(ev, p, self.own)
            keep = set(part.rounds)
            chosen = [i for i, r in enumerate(q.game_rounds) if r in keep]
            q = replace(
                q,
                games=tuple(q.games[i] for i in chosen),
                game_rounds=tuple(q.game_rounds[i] for i in chosen),
            )
            out.append((e, q, f"{ev.source} ({_rounds_text(part.rounds)})", part.rated_with))
        return out

    def calculate(
        self,
        pieces: Sequence[tuple[EventRead, PlayerEntry, str, _dt.date]],
        rating: int | None,
        k: int | None,
        edition: Edition,
    ) -> PlayerPeriod:
        """Core's calculation of one player's period from *pieces* (in the period's order):
        each event at the entry's rating (the list valid at its start), the change added to
        *rating* (the latest list's)."""
        events = [
            EventGames(tuple((r, _POINTS[h]) for r, h in p.games), ev.round_robin, p.rating)
            for ev, p, _, _ in pieces
        ]
        return period_rating(
            rating, events, k, rules=edition, rounding=self.rounding, scoreless=self.scoreless
        )


def build_period(
    read: Sequence[EventRead | BadFile],
    *,
    rules: RulesSpec = None,
    k_overrides: Mapping[str, int] | None = None,
    list_given: bool = False,
    list_date: _dt.date | None = None,
    unlisted: Mapping[str, EventRead] | None = None,
    rounding: Rounding = Rounding.PERIOD,
    scoreless: ScorelessEvents = "first",
    progress: Callable[[float], None] = lambda _: None,
) -> Period:
    """The period of the files *read* (bad files are listed as skipped) for the list of
    *list_date* (``None``: :func:`default_list_date`). *k_overrides*: K by FIDE id (the K
    file); *list_given*: whether the files were read with a rating list; *unlisted*: by path,
    the files whose events started before the list given, read again without it (their
    games are rated with the file's ratings; the list gives the base rating and K);
    *rounding*: once for the period, or per event; *scoreless*: the reading of 8.2.1 for
    first ratings."""
    read_events = sorted(
        (e for e in read if isinstance(e, EventRead)), key=lambda e: (e.date, e.source)
    )
    skipped = tuple(b for b in read if isinstance(b, BadFile))
    made = list_in_force(list_date) if list_date is not None else default_list_date(read_events)
    placed: tuple[Placed, ...] = ()
    if made is not None:
        placed = tuple(Placed(e.source, place_event(e.date, e.last_day, made)) for e in read_events)
    events = [e for e, p in zip(read_events, placed) if p.placement.rated]
    own = dict(unlisted or {})
    warnings = _file_warnings(events) + _placement_warnings(placed)
    latest = add_months(made, -1) if made is not None and list_given else None
    long_events = _long_events(events, latest, warnings)
    if isinstance(k_overrides, KFile):
        warnings += k_overrides.warnings
    rating = _Rating(
        own=own,
        latest=latest,
        long_events=long_events,
        k_overrides=k_overrides or {},
        rounding=rounding,
        scoreless=scoreless,
        progress=progress,
        total=sum(len(e.players) for e in events) or 1,
        warnings=warnings,
        used_overrides=set(),
    )
    rates = sorted({e.rate for e in events}, key=lambda r: (RATES + (r,)).index(r))
    sections = [
        _rate_section(rate, [e for e in events if e.rate == rate], rules, rating) for rate in rates
    ]
    unknown = sorted(set(rating.k_overrides) - rating.used_overrides)
    if unknown:
        said = f"K file: no player of the period has FIDE id {short_list(unknown)}"
        warnings.append(Finding("k_file", "note", said))
    progress(1.0)
    return Period(
        edition=sections[0].edition if sections else get_edition(rules),
        rules_given=rules is not None,
        sections=tuple(sections),
        skipped=skipped,
        warnings=tuple(warnings),
        k_list_given=list_given,
        list_date=made,
        list_date_given=list_date is not None,
        placed=placed,
        rounding=rounding,
        scoreless=scoreless,
        reread=frozenset(e.source for e in own.values()),
        parts=frozenset(
            f"{e.source} ({_rounds_text(part.rounds)})"
            for e in events
            for part in long_events.get(e.path, ())
        ),
    )


def _long_events(
    events: Sequence[EventRead], latest: _dt.date | None, warnings: list[Finding]
) -> dict[str, tuple[EventPart, ...]]:
    """By path, the *events* rated in parts (:func:`event_parts`), each said in *warnings*
    (:func:`_parts_warning`)."""
    long_events: dict[str, tuple[EventPart, ...]] = {}
    for e in events:
        parts = event_parts(e.date, e.last_day, e.round_dates)
        if len(parts) > 1:
            long_events[e.path] = parts
            warnings.append(_parts_warning(e, parts, latest))
    return long_events


def _rate_section(
    rate: str, rate_events: list[EventRead], rules: RulesSpec, rating: _Rating
) -> RateSection:
    """One rate of play of the period: its edition, its players with a FIDE id rated over
    the period (by name), the others each on its file alone."""
    warnings = rating.warnings
    edition, more = _period_edition(rate_events, rules, rate)
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
        clash = _name_clash(fide_id, entries)
        if clash is not None:
            name_clash.append(clash)
        row = _id_row(rate, fide_id, entries, edition, rating, rating_clash)
        if row is not None:
            rows.append(row)
            rating.done += len(entries)
            if len(rows) % 1000 == 0:
                rating.progress(rating.done / rating.total)
    overrides = set(rating.k_overrides)
    rated_here = {r.fide_id for r in rows if r.fide_id is not None}
    warnings += edition_notes(rating.k_overrides, rated_here & overrides, edition)
    warnings += _clash_warnings(rate, name_clash, rating_clash)
    apart = [
        row for ev, p in no_id if (row := _apart_row(rate, ev, p, edition, rating)) is not None
    ]
    rows.sort(key=lambda r: (r.name.casefold(), r.fide_id or ""))
    return RateSection(rate, edition, tuple(rate_events), tuple(rows), tuple(apart))


def _name_clash(fide_id: str, entries: Sequence[tuple[EventRead, PlayerEntry]]) -> str | None:
    """The names one FIDE id has in different files, where there are several."""
    names: dict[str, list[str]] = {}
    for ev, p in entries:
        names.setdefault(p.name, []).append(ev.source)
    if len(names) < 2:
        return None
    return f"FIDE id {fide_id}: " + "; ".join(
        f"{n!r} in {', '.join(files)}" for n, files in names.items()
    )


def _clash_warnings(rate: str, name_clash: list[str], rating_clash: list[str]) -> list[Finding]:
    """The warnings of one rate of play's players whose names differ between files, and of
    those rated differently in files of the same list."""
    out = []
    if name_clash:
        said = (
            f"{counted(len(name_clash), 'FIDE id')} with names that differ between files "
            f"({rate}): " + short_list(name_clash, 20)
        )
        out.append(Finding("name_clash", "warning", said))
    if rating_clash:
        said = (
            f"{counted(len(rating_clash), 'player')} rated differently in files of the same "
            f"list ({rate}; each event is rated with its file's rating): "
            + short_list(rating_clash, 20)
        )
        out.append(Finding("rating_clash", "warning", said))
    return out


def _id_row(
    rate: str,
    fide_id: str,
    entries: Sequence[tuple[EventRead, PlayerEntry]],
    edition: Edition,
    rating: _Rating,
    rating_clash: list[str],
) -> PeriodRow | None:
    """The row of the player with *fide_id*, rated over the period from *entries*; ``None``,
    with a warning, when the rules refuse their K. A player rated differently in files of
    the same list is added to *rating_clash*."""
    # The base: the latest event's reading (the list given, else the file closest to the
    # latest list); each event at its own reading (the list valid at its start).
    rated = [(ev, p) for ev, p in entries if p.rating is not None]
    base = rated[-1] if rated else entries[-1]
    pieces = [piece for ev, p in entries for piece in rating.pieces(ev, p)]
    by_list: dict[_dt.date, set[int | None]] = {}
    for _, p, _, when in pieces:
        by_list.setdefault(when, set()).add(p.rating)
    if any(len(r) > 1 for r in by_list.values()):
        rating_clash.append(
            f"FIDE id {fide_id} ({base[1].name}): "
            + ", ".join(f"{p.rating or 'unrated'} in {ev.source}" for ev, p, _, _ in pieces)
            + " (events starting under the same list)"
        )
    k, source = base[1].k, base[1].k_source
    if fide_id in rating.k_overrides:
        rating.used_overrides.add(fide_id)
        if base[1].rating is not None:
            k, source = rating.k_overrides[fide_id], KSource.OVERRIDE.label
    try:
        calc = rating.calculate(pieces, base[1].rating, k, edition)
    except XlfuncsError as exc:  # a K the rules refuse (a list's K of 0, say)
        said = f"FIDE id {fide_id} ({base[1].name}): not rated: {exc}"
        rating.warnings.append(_not_rated(said, base[0], base[1]))
        return None
    return _row(rate, fide_id, entries[0][1], calc, pieces, k, source)


def _apart_row(
    rate: str, ev: EventRead, p: PlayerEntry, edition: Edition, rating: _Rating
) -> PeriodRow | None:
    """The row of player *p* of *ev*, without a FIDE id, rated on that file alone; ``None``,
    with a warning, when the rules refuse their K."""
    alone = rating.pieces(ev, p)
    try:
        calc = rating.calculate(alone, p.rating, p.k, edition)
    except XlfuncsError as exc:
        said = f"{ev.source}, no. {p.start_no} ({p.name}): not rated: {exc}"
        rating.warnings.append(_not_rated(said, ev, p))
        return None
    rating.done += 1
    return _row(rate, None, p, calc, alone, p.k, p.k_source)


def _not_rated(said: str, ev: EventRead, p: PlayerEntry) -> Finding:
    return Finding("not_rated", "warning", said, file=ev.source, line=p.line_no, player=p.start_no)


def _rounds_text(rounds: Sequence[int]) -> str:
    return f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {rounds[0]}-{rounds[-1]}"


def _parts_warning(e: EventRead, parts: Sequence[EventPart], latest: _dt.date | None) -> Finding:
    """What rating a long event in parts says (kind ``event_parts``): its parts (a note),
    and the lists not at hand (then a warning)."""
    listed = ", ".join(f"{_month(p.rated_with)}: {_rounds_text(p.rounds)}" for p in parts)
    days = (e.last_day - e.date).days + 1
    text = (
        f"{e.source}: {days} days, rated in parts, each with the list valid when its games "
        f"were played ({listed})"
    )
    missing = [_month(p.rated_with) for p in parts[1:] if latest is None or p.rated_with != latest]
    if missing:
        text += (
            f"; the {', '.join(missing)} list{'s' if len(missing) > 1 else ''} not given: "
            "the file's ratings used there"
        )
    return Finding("event_parts", "warning" if missing else "note", text, file=e.source)


def _own_reading(
    ev: EventRead, p: PlayerEntry, own: Mapping[str, EventRead]
) -> tuple[EventRead, PlayerEntry]:
    """Player *p* of *ev* as the event's games are rated: from the reading of the file
    without the list given (*own*, by path) when there is one, else as read."""
    again = own.get(ev.path)
    if again is None:
        return ev, p
    found = next((q for q in again.players if q.start_no == p.start_no), None)
    return (ev, p) if found is None else (again, found)
