"""The editions of FIDE's Tie-Break Regulations (handbook C.07) that the tie-breaks follow, as
data: the 2023 text (in force from 1 August 2024) and the 2026 text (from 1 March 2026),
which differ in Article 16 (the unplayed rounds of a Swiss), 15.2 (a round robin's forfeits)
and the tie-breaks the 2026 text adds (``docs/tiebreaks.md``, *Editions and Article 16*).
An event older than the 2023 text is computed with it, as FIDE's reference engine
(``gacrux``) does, with a note (:func:`tiebreak_edition_for`).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Final

from .dated import DatedEdition, by_id, edition_in_force
from .errors import InvalidInputError

__all__ = [
    "DEFAULT_TIEBREAK_EDITION",
    "TIEBREAK_EDITIONS",
    "TiebreakEdition",
    "TiebreakRulesSpec",
    "introduced_in",
    "tiebreak_edition",
    "tiebreak_edition_for",
]


@dataclass(frozen=True)
class TiebreakEdition(DatedEdition):
    """One edition of the Tie-Break Regulations (``id`` ``"2023"``, ``"2026"``) and the rule
    that differs between them."""

    caps_unplayed: bool
    """Article 16.4 (2026 text): the dummy opponent of an own unplayed round scores at most
    the forfeiting opponent's adjusted score (16.4.1), or half the number of rounds (16.4.2)."""

    rr_forfeit_losses_played: bool
    """Article 15.2 in a round robin: whether a forfeit loss counts as a game in the
    own-record tie-breaks (``BPG``, ``GE``/``REP``): in the 2023 text, not the 2026 text."""

    introduces: frozenset[str] = frozenset()
    """The tie-breaks and modifiers this text adds to C.07, as codes (``"STD"``) or a code
    and a modifier's letter (``"AOB/F"``): an older text does not have them (2026: ``STD`` 7.7,
    ``TPN`` 7.8, ``RTNG`` 10.6, ``AOB/F`` 8.2)."""


_D = _dt.date

TIEBREAK_EDITIONS: Final[dict[str, TiebreakEdition]] = by_id(
    TiebreakEdition(
        "2023", _D(2024, 8, 1), _D(2026, 2, 28), caps_unplayed=False, rr_forfeit_losses_played=True
    ),
    TiebreakEdition(
        "2026",
        _D(2026, 3, 1),
        None,
        caps_unplayed=True,
        rr_forfeit_losses_played=False,
        introduces=frozenset({"STD", "TPN", "RTNG", "AOB/F"}),
    ),
)
"""Every implemented edition of C.07 by id, oldest first, from the dates FIDE's reference
engine uses."""

DEFAULT_TIEBREAK_EDITION: Final[TiebreakEdition] = TIEBREAK_EDITIONS["2026"]
"""The edition in force today, used when neither an edition nor a date is given."""

TiebreakRulesSpec = TiebreakEdition | str | int | _dt.date | None
"""A tie-break ``edition``: a :class:`TiebreakEdition`, its id (``"2023"``, ``2026``), a date
(the edition in force that day) or ``None`` (the event's start date, else today)."""


def introduced_in(key: str) -> TiebreakEdition | None:
    """The edition that added the tie-break or modifier *key* (``"STD"``, ``"AOB/F"``;
    see :attr:`TiebreakEdition.introduces`), ``None`` for one every edition has.

    >>> introduced_in("TPN").id, introduced_in("BH")
    ('2026', None)
    """
    return next((e for e in TIEBREAK_EDITIONS.values() if key in e.introduces), None)


def tiebreak_edition(spec: TiebreakRulesSpec = None) -> TiebreakEdition:
    """The edition a caller names (see :data:`TiebreakRulesSpec`), without a note.

    >>> tiebreak_edition().id, tiebreak_edition(2023).id, tiebreak_edition("2026-02-28").id
    ('2026', '2023', '2023')
    """
    return tiebreak_edition_for(spec)[0]


def tiebreak_edition_for(
    spec: TiebreakRulesSpec = None, start: _dt.date | None = None
) -> tuple[TiebreakEdition, str | None]:
    """The edition for an event and a note when it needs one: *spec* when given, else the
    one in force on *start*, else today's. An event (or date) older than the 2023 text is
    computed with that text, and the note says so.

    >>> tiebreak_edition_for(None, _dt.date(2026, 3, 1))[0].id
    '2026'
    >>> print(tiebreak_edition_for(None, _dt.date(2005, 3, 26))[1])
    tie-breaks: the event (2005-03-26) is older than the 2023 text of C.07 (in force from
    2024-08-01): computed with that text
    """
    if isinstance(spec, TiebreakEdition):
        return spec, None
    if isinstance(spec, int) and not isinstance(spec, bool):
        spec = str(spec)
    day: _dt.date | None
    if isinstance(spec, str):
        key = spec.strip()
        if key in TIEBREAK_EDITIONS:
            return TIEBREAK_EDITIONS[key], None
        try:
            day = _dt.date.fromisoformat(key)
        except ValueError:
            raise InvalidInputError(
                f"edition: unknown C.07 edition {spec!r}; use one of "
                f"{', '.join(TIEBREAK_EDITIONS)} or a date (YYYY-MM-DD)"
            ) from None
    elif isinstance(spec, _dt.date):
        day = spec
    elif spec is None:
        day = start
    else:
        raise InvalidInputError(f"edition: expected a C.07 edition or a date, got {spec!r}")
    if day is None:
        return DEFAULT_TIEBREAK_EDITION, None
    if isinstance(day, _dt.datetime):
        day = day.date()
    first = TIEBREAK_EDITIONS["2023"]
    if day < first.in_force_from:
        return first, (
            f"tie-breaks: the event ({day.isoformat()}) is older than the 2023 text of C.07 "
            f"(in force from {first.in_force_from.isoformat()}): computed with that text"
        )
    return edition_in_force(TIEBREAK_EDITIONS, day, of=" of C.07"), None
