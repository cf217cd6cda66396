"""The event as the title-norm check reads it (FIDE Title Regulations B.01: 1.1.1
registration, 1.1.3 standard play only, 1.1.5 the chief arbiter, 1.4.3 the exemptions): what
the file's records give (``032``, ``102``, ``122``), what the options say instead, and every
assumption made."""

from __future__ import annotations

from ..core.eligibility import TimeControl
from ..core.norm_event import EventType, NormEvent
from ..core.norm_field import crosstable_norm_event
from ..core.norm_readings import NormReadings
from ..text_output import counted
from ..trf import Tournament
from ..trf.to_crosstable import TrfCrosstable
from .options import EventOptions

__all__ = ["NormSetting", "chief_arbiter_title", "norm_setting"]

NormSetting = tuple[NormEvent, tuple[str, ...]]
"""The norm event and the assumptions it rests on, in the order they are said."""


def chief_arbiter_title(record: str) -> str | None:
    """The title at the start of a ``102`` record (``"IA Jane Doe"``: ``"IA"``), or ``None``.

    >>> chief_arbiter_title("IA Henrietta Marsh (99390001)"), chief_arbiter_title("J. Doe")
    ('IA', None)
    """
    first = record.strip().split(" ", 1)[0].upper().rstrip(".,")
    return first if first in ("IA", "FA", "NA") else None


def norm_setting(
    t: Tournament, read: TrfCrosstable, options: EventOptions, time: TimeControl
) -> NormSetting:
    """The norm event of *t* read into *read* under *options* (*time*: the event's time
    control), and what it assumes."""
    assumptions: list[str] = []
    known_rate: str | None = read.rate.value
    if read.rate_note.startswith("standard (assumed"):
        known_rate = None  # not known: shown as not checked, and said by the event
    else:
        assumptions.append(f"rate of play: {read.rate_note}")
    facts = options.rating_list
    if facts is not None:
        held = sum(1 for p in read.players if (p.fide_id or "") in facts.players)
        assumptions.append(
            f"titles and federations: from the rating list for {counted(held, 'player')}, "
            f"from the file for {len(read.players) - held} (not in the list by FIDE id)"
        )
    host = options.host_federation
    if host is None:
        host = t.federation.strip()
        if host:
            assumptions.append(f"host federation: {host}, from the file (032)")
    arbiter = options.chief_arbiter_title
    if arbiter is None:
        arbiter = chief_arbiter_title(t.chief_arbiter)
        if arbiter is not None:
            assumptions.append(f"chief arbiter's title: {arbiter}, from the file (102)")
    event_type = options.event_type
    if event_type is None:  # the event's system (--system, the file's, else guessed)
        event_type = EventType.ROUND_ROBIN if read.crosstable.round_robin else EventType.SWISS
        assumptions.append(
            f"event type: {read.system_note or event_type.label}; not a World or Continental "
            "Team or Club Championship, World Cup, national final or zonal (--event-type to "
            "say otherwise)"
        )
    event = crosstable_norm_event(
        read.crosstable,
        event_type=event_type,
        host_federation=host,
        rate=known_rate,
        registered=options.registered,
        chief_arbiter_title=arbiter,
        time=time,
        readings=NormReadings(
            options.big_swiss_count, options.round_robin_mix, options.last_round_forfeit
        ),
    )
    return event, (*assumptions, *event.assumptions)
