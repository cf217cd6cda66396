"""A TRF's players through the whole title-norm check (:mod:`xlfuncs.core.norm_check`), the
event read as for every command (:mod:`xlfuncs.event`); what it takes for granted is listed in
:attr:`NormReport.assumptions`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.editions import RateOfPlay
from ..core.norm_check import NormCheck, best_norm, near_norm
from ..core.norm_event import NormEvent
from ..core.title_editions import TitleEdition
from ..core.titles import trf_title
from ..core.tournament import Crosstable
from ..event import AnalysedEvent, EventOptions, analyse_event
from ..findings import Finding
from ..trf import Tournament

__all__ = ["NormReport", "PlayerNorms", "build_norm_report"]


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
        return best_norm(self.checks)

    @property
    def near(self) -> NormCheck | None:
        """Without a norm: the strongest title whose rating figures were made but another
        requirement was not; ``None`` otherwise."""
        return near_norm(self.checks)

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
    warnings: tuple[Finding, ...]
    planned_rounds: int | None = None
    """The event's rounds in all (TRF-2026 ``142``, else ``XXR``); ``None``: not known."""
    rounds_text: str = ""
    """``"9 rounds"``, or for a file written mid-event ``"after round 4 of 9"``."""

    def player(self, start_no: int) -> PlayerNorms:
        """The player of starting rank *start_no* (``KeyError`` when none)."""
        found = next((p for p in self.players if p.start_no == start_no), None)
        if found is None:
            raise KeyError(start_no)
        return found


def build_norm_report(t: Tournament | AnalysedEvent, /, **options: Any) -> NormReport:
    """The norm checks of every player of the event *t* as read, or of a tournament read now
    with *options* (the fields of :class:`~xlfuncs.event.EventOptions`; ``rate`` may be a
    name)."""
    if isinstance(t, AnalysedEvent):
        event = t
    else:
        if isinstance(options.get("rate"), str):
            options["rate"] = RateOfPlay.parse(options["rate"])
        event = analyse_event(t, EventOptions(**options))
    ct = event.crosstable
    checked = event.norms
    players = tuple(
        PlayerNorms(
            start_no=p.start_no,
            name=p.name,
            title=trf_title(p.title) or "",  # FIDE's spelling (GM), not TRF16's old code
            federation=e.federation,
            rating=e.rating,
            checks=checked.checks(n),
        )
        for n, (p, e) in enumerate(zip(event.players, ct.entrants), start=1)
    )
    return NormReport(
        tournament=event.tournament,
        crosstable=ct,
        event=event.norm_event,
        title_rules=checked.title_rules,
        players=players,
        names={n: p.name for n, p in enumerate(event.players, start=1)},
        assumptions=event.norm_assumptions,
        warnings=event.reader_warnings,
        planned_rounds=event.planned_rounds,
        rounds_text=event.rounds_text,
    )
