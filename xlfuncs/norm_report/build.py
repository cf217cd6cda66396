"""A TRF's players through the whole title-norm check (:mod:`xlfuncs.core.norm_check`).

What the file cannot say comes from the arbiter's options (the event type, the rate of play,
the registration, the chief arbiter's title, the host federation); the event's own records
give what they can (``032`` the host federation, ``102`` the chief arbiter's title when it
begins the record: ``102 IA Jane Doe``); everything taken for granted is listed in
:attr:`NormReport.assumptions`.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..core.editions import RateOfPlay, RulesSpec
from ..core.norm_check import NormCheck
from ..core.norm_event import EventType, NormEvent
from ..core.norm_field import CrosstableNorms, crosstable_norm_event
from ..core.title_editions import TitleEdition
from ..core.tournament import Crosstable
from ..trf import Player, Tournament
from ..trf.to_crosstable import crosstable_from_trf

__all__ = ["ListFacts", "NormReport", "PlayerNorms", "build_norm_report", "chief_arbiter_title"]


@dataclass(frozen=True)
class ListFacts:
    """What a rating list says of a player (by FIDE id): title and federation."""

    title: str
    federation: str


@dataclass(frozen=True)
class PlayerNorms:
    """One player's norm checks."""

    start_no: int
    name: str
    title: str
    federation: str
    rating: int | None
    checks: tuple[NormCheck, ...]
    """One per title worth reaching, strongest first."""

    @property
    def norm(self) -> NormCheck | None:
        """The strongest norm made, or ``None``."""
        return next((c for c in self.checks if c.met), None)

    @property
    def near(self) -> NormCheck | None:
        """Without a norm: the strongest title whose rating figures were made but another
        requirement was not; ``None`` otherwise."""
        if self.norm is not None:
            return None
        return next((c for c in self.checks if c.rating_met), None)

    @property
    def shown(self) -> NormCheck | None:
        """The check to show for this player: the norm, else the near miss, else the
        strongest title's."""
        return self.norm or self.near or (self.checks[0] if self.checks else None)


@dataclass(frozen=True)
class NormReport:
    """Every player's norm checks and what they rest on."""

    tournament: Tournament
    crosstable: Crosstable
    event: NormEvent
    title_rules: TitleEdition
    players: tuple[PlayerNorms, ...]
    names: Mapping[int, str]
    """Each player's name by number (from 1), for the opponents."""
    assumptions: tuple[str, ...]
    warnings: tuple[str, ...]

    def player(self, start_no: int) -> PlayerNorms:
        """The player of starting rank *start_no* (``KeyError`` when none)."""
        for p in self.players:
            if p.start_no == start_no:
                return p
        raise KeyError(start_no)


def chief_arbiter_title(record: str) -> str | None:
    """The title at the start of a ``102`` record (``"IA Jane Doe"``: ``"IA"``), or ``None``.

    >>> chief_arbiter_title("IA Henrietta Marsh (99390001)"), chief_arbiter_title("J. Doe")
    ('IA', None)
    """
    first = record.strip().split(" ", 1)[0].upper().rstrip(".,")
    return first if first in ("IA", "FA", "NA") else None


def _apply_list(
    ct: Crosstable, players: tuple[Player, ...], facts: Mapping[str, ListFacts]
) -> Crosstable:
    entrants = []
    for p, e in zip(players, ct.entrants):
        found = facts.get(p.fide_id or "")
        if found is None:
            entrants.append(e)
            continue
        entrants.append(
            replace(
                e,
                fide_title=found.title or e.fide_title,
                federation=found.federation or e.federation,
            )
        )
    return replace(ct, entrants=tuple(entrants))


def build_norm_report(
    t: Tournament,
    *,
    rules: RulesSpec = None,
    event_type: EventType | None = None,
    host_federation: str | None = None,
    rate: RateOfPlay | str | None = None,
    registered: bool | None = None,
    chief_arbiter: str | None = None,
    list_facts: Mapping[str, ListFacts] | None = None,
    today: _dt.date | None = None,
) -> NormReport:
    """The norm checks of every player of *t*. *rate*: the rate of play (``--rate``; ``None``:
    what the file's time control says plainly, else not known). *list_facts*: titles and
    federations from a rating list, by FIDE id (they replace the file's)."""
    if isinstance(rate, str):
        rate = RateOfPlay.parse(rate)
    built = crosstable_from_trf(t, rules=rules, today=today, rate=rate)
    ct = built.crosstable
    assumptions: list[str] = []
    known_rate: str | None = built.rate.value
    if built.rate_note.startswith("standard (assumed"):
        known_rate = None  # not known: shown as not checked, and said below
    else:
        assumptions.append(f"rate of play: {built.rate_note}")
    if list_facts is not None:
        ct = _apply_list(ct, built.players, list_facts)
        missing = sum(1 for p in built.players if (p.fide_id or "") not in list_facts)
        assumptions.append(
            f"titles and federations: from the rating list for {len(built.players) - missing} "
            f"players, from the file for {missing} (not in the list by FIDE id)"
        )
    host = host_federation
    if host is None:
        host = t.federation.strip()
        if host:
            assumptions.append(f"host federation: {host}, from the file (032)")
    arbiter = chief_arbiter
    if arbiter is None:
        arbiter = chief_arbiter_title(t.chief_arbiter)
        if arbiter is not None:
            assumptions.append(f"chief arbiter's title: {arbiter}, from the file (102)")
    event = crosstable_norm_event(
        ct,
        event_type=event_type,
        host_federation=host,
        rate=known_rate,
        registered=registered,
        chief_arbiter_title=arbiter,
    )
    checked = CrosstableNorms(ct, event=event)
    assumptions += event.assumptions
    players = tuple(
        PlayerNorms(
            start_no=p.start_no,
            name=p.name,
            title=p.title,
            federation=e.federation,
            rating=e.rating,
            checks=checked.checks(n),
        )
        for n, (p, e) in enumerate(zip(built.players, ct.entrants), start=1)
    )
    return NormReport(
        tournament=t,
        crosstable=ct,
        event=event,
        title_rules=checked.title_rules,
        players=players,
        names={n: p.name for n, p in enumerate(built.players, start=1)},
        assumptions=tuple(assumptions),
        warnings=built.warnings,
    )
