"""The rating calendar: which list an event's games are rated on, which list's ratings they
are rated with, and when an event is too late to be rated (Rating Regulations 2024, the same
words since 2022: 7.1 and 7.1.1, :func:`list_in_force`; 7.1.3, :func:`earliest_list`; 9.1,
:func:`due_list` and :func:`last_list`; an event longer than 30 days rated in parts, our
reading, :func:`event_parts`). The texts: ``docs/period.md``, *What is rated, and how*.

Dates only: no I/O, no clock.
"""

from __future__ import annotations

import calendar as _calendar
import datetime as _dt
import enum
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "CLOSING_DAYS",
    "LAST_LIST",
    "LONG_EVENT_DAYS",
    "MONTH_END_DAYS",
    "EventPart",
    "Placement",
    "Timing",
    "add_months",
    "closing_date",
    "due_list",
    "earliest_list",
    "event_parts",
    "last_list",
    "list_in_force",
    "place_event",
]

CLOSING_DAYS = 3
"""7.1.3: the closing date for a list is this many days before the list's date."""

MONTH_END_DAYS = 5
"""9.1: an event ending this many days or fewer before the end of its month is due on the
following list."""

LAST_LIST = 3
"""9.1: an event not rated by the third list after it ends is not rated."""

LONG_EVENT_DAYS = 30
"""An event lasting longer than this many days is rated in parts (:func:`event_parts`)."""


def list_in_force(day: _dt.date) -> _dt.date:
    """The date of the list valid on *day*: the first of its month (7.1, 7.1.1).

    >>> list_in_force(_dt.date(2025, 10, 31))
    datetime.date(2025, 10, 1)
    """
    return day.replace(day=1)


def add_months(list_date: _dt.date, months: int) -> _dt.date:
    """The list *months* lists after (negative: before) the list of *list_date*'s month.

    >>> add_months(_dt.date(2025, 11, 1), 2), add_months(_dt.date(2025, 1, 1), -1)
    (datetime.date(2026, 1, 1), datetime.date(2024, 12, 1))
    """
    index = list_date.year * 12 + list_date.month - 1 + months
    return _dt.date(index // 12, index % 12 + 1, 1)


def closing_date(list_date: _dt.date) -> _dt.date:
    """The last day an event may end to be rated on the list of *list_date* (7.1.3).

    >>> closing_date(_dt.date(2025, 12, 1))
    datetime.date(2025, 11, 28)
    """
    return list_in_force(list_date) - _dt.timedelta(days=CLOSING_DAYS)


def earliest_list(end: _dt.date, *, official: bool = False) -> _dt.date:
    """The first list an event ending on *end* may be rated on: the first whose closing date
    is on or after *end* (7.1.3); an official FIDE event (*official*) only needs to end
    before the list's date.

    >>> earliest_list(_dt.date(2025, 11, 28)), earliest_list(_dt.date(2025, 11, 29))
    (datetime.date(2025, 12, 1), datetime.date(2026, 1, 1))
    >>> earliest_list(_dt.date(2025, 11, 30), official=True)
    datetime.date(2025, 12, 1)
    """
    following = add_months(list_in_force(end), 1)
    last_day = following - _dt.timedelta(days=1) if official else closing_date(following)
    return following if end <= last_day else add_months(following, 1)


def due_list(end: _dt.date) -> _dt.date:
    """The list an event ending on *end* is due on (9.1): the one after its last month, or,
    when it ends five days or fewer before the end of that month, the one after that.

    >>> due_list(_dt.date(2025, 11, 23)), due_list(_dt.date(2025, 11, 25))
    (datetime.date(2025, 12, 1), datetime.date(2026, 1, 1))
    """
    days_in_month = _calendar.monthrange(end.year, end.month)[1]
    extra = 1 if days_in_month - end.day <= MONTH_END_DAYS else 0
    return add_months(list_in_force(end), 1 + extra)


def last_list(end: _dt.date) -> _dt.date:
    """The last list an event ending on *end* can be rated on: the third list after it ends
    (9.1).

    >>> last_list(_dt.date(2025, 8, 20))
    datetime.date(2025, 11, 1)
    """
    return add_months(list_in_force(end), LAST_LIST)


class Timing(enum.Enum):
    """Where a list falls for an event."""

    TOO_EARLY = "too early"
    """Before :func:`earliest_list`: the event ends after the list's closing date."""
    ON_TIME = "on time"
    """From :func:`earliest_list` to :func:`due_list`."""
    LATE = "late"
    """After the list it was due on, up to :func:`last_list`: rated, named as late."""
    TOO_LATE = "too late"
    """After :func:`last_list`: not rated (9.1)."""


@dataclass(frozen=True)
class Placement:
    """An event (its start and end) against the list being made."""

    start: _dt.date
    end: _dt.date
    list_date: _dt.date
    """The list being made."""
    timing: Timing
    earliest: _dt.date
    due: _dt.date
    last: _dt.date

    @property
    def rated(self) -> bool:
        """Whether the event's games are rated on this list (on time or late)."""
        return self.timing in (Timing.ON_TIME, Timing.LATE)

    @property
    def rated_with(self) -> _dt.date:
        """The list whose ratings the event is rated with: the one valid at its start."""
        return list_in_force(self.start)

    def reason(self) -> str:
        """What the rules say of this event on this list, in words."""
        made = self.list_date.strftime("%Y-%m")
        if self.timing is Timing.TOO_EARLY:
            return (
                f"ends {self.end.isoformat()}, after the closing date of the {made} list "
                f"({closing_date(self.list_date).isoformat()}, Rating Regulations 7.1.3): rated "
                f"on the {self.earliest.strftime('%Y-%m')} list at the earliest"
            )
        if self.timing is Timing.TOO_LATE:
            return (
                f"ended {self.end.isoformat()}: the third list after it is "
                f"{self.last.strftime('%Y-%m')}; on the {made} list it is not rated "
                "(Rating Regulations 9.1)"
            )
        if self.timing is Timing.LATE:
            return (
                f"ended {self.end.isoformat()}: due on the {self.due.strftime('%Y-%m')} list "
                f"(Rating Regulations 9.1), rated late on the {made} list"
            )
        return f"on time for the {made} list"


def place_event(
    start: _dt.date, end: _dt.date, list_date: _dt.date, *, official: bool = False
) -> Placement:
    """Event from *start* to *end* against the list of *list_date* (its month's first day).

    FIDE's December 2025 calculations: an event from 31 October to 2 November is on time
    for the December list and rated with the October list; one ending 20 August is too late
    for it.

    >>> p = place_event(_dt.date(2025, 10, 31), _dt.date(2025, 11, 2), _dt.date(2025, 12, 1))
    >>> p.timing.value, p.rated_with
    ('on time', datetime.date(2025, 10, 1))
    >>> d = _dt.date
    >>> place_event(d(2025, 8, 10), d(2025, 8, 20), d(2025, 12, 1)).timing.value
    'too late'
    """
    made = list_in_force(list_date)
    first = earliest_list(end, official=official)
    due = max(due_list(end), first)
    last = last_list(end)
    if made < first:
        timing = Timing.TOO_EARLY
    elif made <= due:
        timing = Timing.ON_TIME
    elif made <= last:
        timing = Timing.LATE
    else:
        timing = Timing.TOO_LATE
    return Placement(start, end, made, timing, first, due, last)


@dataclass(frozen=True)
class EventPart:
    """A part of an event rated with one list's ratings."""

    rated_with: _dt.date
    """The list valid when the part's games were played."""
    rounds: tuple[int, ...]
    """The rounds (from 1) of the part."""


def event_parts(
    start: _dt.date, end: _dt.date, round_dates: Sequence[_dt.date | None]
) -> tuple[EventPart, ...]:
    """The parts an event is rated in: one, with the list valid at its start, unless it lasts
    longer than :data:`LONG_EVENT_DAYS` days and every round's date is known (*round_dates*,
    round 1 first); then one part per list valid on its rounds' dates, in order.

    >>> d = _dt.date
    >>> parts = event_parts(d(2025, 10, 20), d(2025, 11, 30), [d(2025, 10, 20), d(2025, 11, 30)])
    >>> [(p.rated_with.month, p.rounds) for p in parts]
    [(10, (1,)), (11, (2,))]
    >>> len(event_parts(d(2025, 10, 20), d(2025, 11, 10), [d(2025, 10, 20), d(2025, 11, 10)]))
    1
    """
    rounds = tuple(range(1, len(round_dates) + 1))
    one = (EventPart(list_in_force(start), rounds),)
    if (end - start).days + 1 <= LONG_EVENT_DAYS or not round_dates:
        return one
    known = [d for d in round_dates if d is not None]
    if len(known) != len(round_dates):
        return one
    parts: dict[_dt.date, list[int]] = {}
    for number, day in zip(rounds, known):
        parts.setdefault(list_in_force(day), []).append(number)
    return tuple(EventPart(when, tuple(rs)) for when, rs in sorted(parts.items()))
