"""The event's time control as the game-eligibility rules read it
(:class:`~xlfuncs.core.eligibility.TimeControl`)."""

from __future__ import annotations

import re

from ..core.eligibility import TimeControl
from ..trf import Tournament
from ..trf.rate_of_play import (
    event_rate,
    gives_different_times,
    read_encoded_time_control,
    read_time_control,
)

__all__ = ["event_time"]

_FIRST_MOVES = re.compile(r"\s*([0-9]+)/", re.ASCII)
"""The moves of an encoded ``222``'s first period, where it names them (``40/5400+30``)."""


def event_time(t: Tournament) -> TimeControl:
    """The time for 60 moves of *t*'s games: a ``222`` in TRF-2026's encoded form first
    (exact), else the record :func:`~xlfuncs.trf.rate_of_play.event_rate` reads (free text:
    an assumption), else not known, with the reason.

    >>> from xlfuncs.trf import parse_trf
    >>> e = event_time(parse_trf("222 40/5400+30:1800+30"))
    >>> e.minutes, e.first_moves
    (Fraction(150, 1), 40)
    >>> e = event_time(parse_trf("122 90 min + 30 s"))
    >>> e.minutes, e.exact, e.assumption.removeprefix("time read from free text: ")
    (Fraction(120, 1), False, "122 '90 min + 30 s' as 120 minutes for 60 moves")
    >>> event_time(parse_trf("012 x")).source
    'the file gives no time control (122 blank or absent)'
    """
    r = t.record("222")  # read once: a second is the file's repeated record
    if r is not None:
        text = r.text[3:].strip()
        if gives_different_times(text):
            return TimeControl(None, f"222 {text!r}", exact=True, different_times=True)
        minutes = read_encoded_time_control(text)
        if minutes is not None:
            first = _FIRST_MOVES.match(text)
            moves = int(first.group(1)) if first else None
            return TimeControl(minutes, f"222 {text!r}", exact=True, first_moves=moves)
    found = event_rate(t)
    if found.record is None:
        return TimeControl(None, found.note)
    minutes = read_time_control(found.text).minutes if found.text else None
    if minutes is None:
        return TimeControl(None, found.note)
    return TimeControl(minutes, f"{found.record} {found.text!r}")
