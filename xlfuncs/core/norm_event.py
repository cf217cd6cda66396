"""What a title norm needs to know about its event: the kind of event, its rounds, the rate of
play, the host federation, the administrative facts a crosstable cannot give (1.1.1, 1.1.5),
and the exemptions from the federation requirements (FIDE Title Regulations B.01, 2024 text,
1.4.3a-d; the 2017-2023 text numbers them 1.4x, e.g. 1.42 for 1.4.1). The articles, each
with what it asks: ``docs/norms.md``, *What is checked*.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .eligibility import TimeBands, TimeControl
from .norm_readings import DEFAULT_READINGS, NormReadings
from .norms import NORM_TITLES, federation_code

__all__ = [
    "BIG_SWISS_FEDERATIONS",
    "BIG_SWISS_PLAYERS",
    "BIG_SWISS_TITLED",
    "BIG_SWISS_TITLES",
    "BigSwiss",
    "EventType",
    "FieldPlayer",
    "NormEvent",
    "big_swiss",
]


class EventType(enum.Enum):
    """The kind of event, as far as the Title Regulations care (``--event-type``)."""

    SWISS = "swiss"
    """An individual Swiss (the default when not every two players met)."""
    ROUND_ROBIN = "rr"
    """A round robin (fixed pairings: 1.4.1e, every scheduled round counts)."""
    TEAM = "team"
    """A World or Continental Team or Club Championship: 7 games are enough (1.4.1b)."""
    WORLD_CUP = "world-cup"
    """The World Cup or Women's World Cup: 8 games are enough and count as 9 (1.4.1b)."""
    NATIONAL_FINAL = "national-final"
    """The final of a national (open, men's or women's) championship: exempt from the
    federation requirements (1.4.3a)."""
    NATIONAL_TEAM = "national-team"
    """A national team championship: exempt for the players of the host federation (1.4.3b)."""
    ZONAL = "zonal"
    """A zonal or sub-zonal tournament: exempt from the federation requirements (1.4.3c)."""

    @property
    def min_games(self) -> int:
        """The fewest games that make a norm in this kind of event (1.4.1a-b)."""
        return {EventType.TEAM: 7, EventType.WORLD_CUP: 8}.get(self, 9)

    @property
    def label(self) -> str:
        """How the text names this kind of event (``Swiss``, ``round robin``); the value
        (``swiss``, ``rr``) is what ``--event-type`` takes."""
        return {
            EventType.SWISS: "Swiss",
            EventType.ROUND_ROBIN: "round robin",
            EventType.TEAM: "World or Continental Team or Club Championship",
            EventType.WORLD_CUP: "World Cup",
            EventType.NATIONAL_FINAL: "national championship final",
            EventType.NATIONAL_TEAM: "national team championship",
            EventType.ZONAL: "zonal",
        }[self]

    @property
    def exemption(self) -> str | None:
        """The article that exempts the event from the federation requirements, if any."""
        return {
            EventType.NATIONAL_FINAL: "1.4.3a",
            EventType.NATIONAL_TEAM: "1.4.3b",
            EventType.ZONAL: "1.4.3c",
        }.get(self)

    @classmethod
    def read(cls, text: str) -> EventType:
        """The event type named *text* (``"swiss"``, ``"rr"``, ``"team"``, ...; any case)."""
        key = text.strip().lower().replace("_", "-")
        aliases = {"round-robin": "rr", "robin": "rr", "worldcup": "world-cup"}
        try:
            return cls(aliases.get(key, key))
        except ValueError:
            choices = ", ".join(k.value for k in cls)
            raise ValueError(f"event type: expected one of {choices}, got {text!r}") from None


BIG_SWISS_PLAYERS: Final = 20
"""1.4.3d: at least this many FIDE-rated players not from the host federation, every round."""
BIG_SWISS_FEDERATIONS: Final = 3
"""1.4.3d: ... from at least this many federations."""
BIG_SWISS_TITLED: Final = 10
"""1.4.3d: ... at least this many of them GM, IM, WGM or WIM."""
BIG_SWISS_TITLES: Final = tuple(NORM_TITLES)
"""The titles 1.4.3d counts: the four norm titles, GM, IM, WGM and WIM."""


@dataclass(frozen=True)
class FieldPlayer:
    """One player of the field, as 1.4.3d counts them."""

    rated: bool
    title: str
    federation: str
    missed: int
    """Rounds without a game, a forfeit win or a pairing-allocated bye."""
    present: tuple[bool, ...]
    """For each round, whether the player had a game, a forfeit win or a pairing-allocated
    bye in it."""


@dataclass(frozen=True)
class BigSwiss:
    """The figures of 1.4.3d: in the round that has fewest, the eligible players (FIDE rated,
    not from the host federation, missing at most one round), their federations and those
    holding GM, IM, WGM or WIM."""

    players: int
    federations: int
    titled: int

    @property
    def met(self) -> bool:
        """Whether the event is exempt under 1.4.3d."""
        return (
            self.players >= BIG_SWISS_PLAYERS
            and self.federations >= BIG_SWISS_FEDERATIONS
            and self.titled >= BIG_SWISS_TITLED
        )

    def __str__(self) -> str:
        return (
            f"fewest in a round: {self.players} rated player{'' if self.players == 1 else 's'} "
            f"not from the host federation (need {BIG_SWISS_PLAYERS}), {self.federations} "
            f"federation{'' if self.federations == 1 else 's'} (need "
            f"{BIG_SWISS_FEDERATIONS}), {self.titled} GM/IM/WGM/WIM (need {BIG_SWISS_TITLED})"
        )


def big_swiss(
    field: Sequence[FieldPlayer], rounds: int, host: str, *, per_round: bool = True
) -> BigSwiss:
    """The 1.4.3d figures of a Swiss hosted by federation *host*: for each round, the FIDE-rated
    players not from *host* (``FID`` and blank count as no federation, so not as foreign) who
    miss at most one round (pairing-allocated byes excepted) and are present in that round;
    the figures of the round with fewest of each. *per_round* ``False`` (the other reading,
    :mod:`xlfuncs.core.norm_readings`): those players counted once over the event.

    >>> p = FieldPlayer(True, "GM", "GER", 0, (True, True))
    >>> big_swiss([p] * 20, 2, "ESP")
    BigSwiss(players=20, federations=1, titled=20)
    """
    own = federation_code(host)
    eligible = [
        p
        for p in field
        if p.rated and federation_code(p.federation) not in ("", own) and p.missed <= 1
    ]

    def figures(players: Sequence[FieldPlayer]) -> tuple[int, int, int]:
        federations = {federation_code(p.federation) for p in players}
        titled = sum(1 for p in players if p.title.strip().upper() in BIG_SWISS_TITLES)
        return len(players), len(federations), titled

    if not per_round:
        return BigSwiss(*figures(eligible))
    each = [
        figures([p for p in eligible if r < len(p.present) and p.present[r]]) for r in range(rounds)
    ]
    players, federations, titled = (min(column) for column in zip(*each or [(0, 0, 0)]))
    return BigSwiss(players, federations, titled)


@dataclass(frozen=True)
class NormEvent:
    """An event as the norm check sees it. What a crosstable cannot say is ``None`` (not
    known) and shows as "not checked" in the result, never as met."""

    rounds: int
    """Rounds of the event (scheduled, as far as the file shows)."""
    event_type: EventType = EventType.SWISS
    fixed_pairings: bool = False
    """A round robin's fixed pairings: no later round may be left out (1.4.1e)."""
    host_federation: str = ""
    """The federation that registered the event (TRF ``032``); blank: not known."""
    rate: str | None = None
    """``"standard"``, ``"rapid"`` or ``"blitz"`` (1.1.3: a norm only in standard play);
    ``None``: not known."""
    registered: bool | None = None
    """Registered with FIDE in time (1.1.1); ``None``: not known."""
    chief_arbiter_title: str | None = None
    """``"IA"``, ``"FA"``, or another (1.1.5: IA or FA); ``None``: not known."""
    big_swiss: BigSwiss | None = None
    """The 1.4.3d figures, for a Swiss whose host federation is known; ``None`` otherwise."""
    time: TimeControl | None = None
    """The event's time control (``None``: not read, no time requirement checked)."""
    time_bands: TimeBands | None = None
    """The minimum times of the rating edition (B.02 1.1; ``None``: none checked)."""
    readings: NormReadings = DEFAULT_READINGS
    """The reading taken on each point the text leaves open (:mod:`.norm_readings`)."""

    @property
    def mix_over_event(self) -> bool:
        """Whether the opponents' mix is taken over the whole event (fixed pairings, and the
        1.4.1f reading ``event``), not over the games used."""
        return self.fixed_pairings and self.readings.round_robin_mix == "event"

    assumptions: tuple[str, ...] = ()
    """What was taken for granted to build this event (said in every output)."""

    def exemption_for(self, federation: str) -> str | None:
        """The article exempting a player of *federation* from 1.4.3 and 1.4.4, or ``None``."""
        article = self.event_type.exemption
        if article == "1.4.3b":
            host = federation_code(self.host_federation)
            return article if host and federation_code(federation) == host else None
        if article is not None:
            return article
        if self.big_swiss is not None and self.big_swiss.met:
            return "1.4.3d"
        return None
