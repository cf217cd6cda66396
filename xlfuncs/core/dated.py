"""What every edition of a FIDE regulation has: a name and the days it was in force.

The Rating Regulations (:mod:`xlfuncs.core.editions`) and the Title Regulations
(:mod:`xlfuncs.core.title_editions`) change on their own dates; both choose an edition by
date the same way, here.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from .errors import OutOfRangeError

__all__ = ["DatedEdition", "by_id", "edition_in_force"]


@dataclass(frozen=True)
class DatedEdition:
    """An edition of a regulation: its short name and the days it applied."""

    id: str
    """Short name used in cells and on the command line: the year it came into force."""
    in_force_from: _dt.date
    in_force_until: _dt.date | None
    """Last day the edition applied; ``None`` while it is in force."""

    def in_force_on(self, day: _dt.date) -> bool:
        """Whether this edition applied on *day*."""
        until = self.in_force_until
        return self.in_force_from <= day and (until is None or day <= until)

    def __str__(self) -> str:
        return self.id


E = TypeVar("E", bound=DatedEdition)


def by_id(*editions: E) -> dict[str, E]:
    """*editions* by id, in the order given (oldest first)."""
    return {e.id: e for e in editions}


def edition_in_force(editions: Mapping[str, E], day: _dt.date, *, of: str = "") -> E:
    """The edition of *editions* in force on *day*; *of* names the regulations in the error
    (``" of the Title Regulations"``).

    >>> from xlfuncs.core.editions import EDITIONS
    >>> edition_in_force(EDITIONS, _dt.date(2024, 3, 1)).id
    '2024'
    """
    if isinstance(day, _dt.datetime):
        day = day.date()
    for edition in editions.values():
        if edition.in_force_on(day):
            return edition
    first = min(editions.values(), key=lambda e: e.in_force_from)
    raise OutOfRangeError(
        f"rules: no implemented edition{of} was in force on {day.isoformat()}; "
        f"the oldest implemented ({first.id}) starts {first.in_force_from.isoformat()}"
    )
