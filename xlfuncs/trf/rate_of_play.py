"""The rate of play of a TRF's event, from its time-control record (``122``, free text;
TRF-2026's ``222``) when it says it plainly (``docs/report.md``, *The rate of play*).

The time for 60 moves (the time allotted plus 60 times the increment; with several periods,
the first's minutes plus the second's when the first is for fewer than 60 moves) is
**blitz** at 10 minutes or less, **rapid** under 60, **standard** from 60 (Laws of Chess,
appendices A.1 and B.1); 3 minutes or less is below a rated blitz game's minimum (Rapid and
Blitz Rating Regulations 2024, 1.1.2). A word says it too (``blitz``, ``rapid``,
``standard`` ...). Where a word and the times disagree (``Rapid 10 min``), or nothing can be
read: ``None``, with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..core.editions import RateOfPlay
from ..core.validate import MAX_DIGITS
from .parser import Tournament

__all__ = [
    "BLITZ_MINIMUM",
    "RAPID_FROM",
    "STANDARD_FROM",
    "RateReading",
    "TimeReading",
    "event_rate",
    "gives_different_times",
    "rate_of_minutes",
    "rate_of_time_control",
    "read_encoded_time_control",
    "read_time_control",
]

RAPID_FROM = Fraction(10)
"""More than this many minutes for 60 moves is rapid (Laws of Chess A.1)."""

STANDARD_FROM = Fraction(60)
"""This many minutes for 60 moves or more is standard play (A.1: rapid is less than 60)."""

BLITZ_MINIMUM = Fraction(3)
"""A blitz game is rated only with more than this many minutes (Rapid and Blitz Rating
Regulations 2024, 1.1.2: "more than 3 minutes but not more than 10 minutes")."""

_WORDS: tuple[tuple[re.Pattern[str], RateOfPlay], ...] = (
    (re.compile(r"\b(?:blitz\w*|bullet|lightning)\b"), RateOfPlay.BLITZ),
    (re.compile(r"\b(?:rapid\w*|quick\w*|schnell\w*|semi-?rapid)\b"), RateOfPlay.RAPID),
    (re.compile(r"\b(?:standard|classic\w*|slow)\b"), RateOfPlay.STANDARD),
)
"""Words that name a rate, in the order tried."""

_NUMBER = r"([0-9]+(?:[.,][0-9]+)?)"
_MIN = r"(?:'|min(?:ute)?s?\b|m\b)"
_SEC = r"(?:\"|s\b|secs?\b|seconds?\b|sek\w*)"
_MINUTES_PER_MOVES = re.compile(_NUMBER + r"\s*" + _MIN + r"\s*/\s*([0-9]+)\s*(?:moves?|mv)\b")
_MINUTES_AFTER_MOVES = re.compile(
    _NUMBER + r"\s*" + _MIN + r"\s*(?:added\s+)?after\s+(?:move\s*)?([0-9]+)(?:\s*moves?\b)?"
)
"""A second period written as what it adds after the first's moves (``30 min after 40
moves``, ``30 min after move 40``)."""
_MOVES_PER_MINUTES = re.compile(r"([0-9]+)\s*(?:moves?\s*)?/\s*" + _NUMBER + r"\s*" + _MIN + "?")
_GAME = re.compile(r"\b(?:g|game|sd|qpf)\s*/\s*" + _NUMBER)
_INCREMENT = re.compile(_NUMBER + r"\s*" + _SEC)
_INCREMENT_WORD = re.compile(r"\b(?:inc[a-z]*|bonus|delay)\.?\s*:?\s*\+?\s*" + _NUMBER)
_MINUTES = re.compile(_NUMBER + r"\s*" + _MIN)
_BARE_PLUS = re.compile(_NUMBER + r"\s*\+\s*" + _NUMBER)
_NOISE = re.compile(r"\b(?:from\s+)?moves?\s*[0-9]+\b|\bper\s+move\b|/\s*moves?\b")
_BARE = re.compile(_NUMBER)
_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_DIGITS + 1},}}")
"""A run of more digits than any time control has (:data:`~xlfuncs.core.validate.MAX_DIGITS`):
an encoded time control holding one gives no time that can be read."""
_QUOTES = str.maketrans("’′´”″", "'''" + '""')
"""Typographic minute and second marks, as plain ones."""


@dataclass(frozen=True)
class TimeReading:
    """What could be read of a time-control text."""

    minutes: Fraction | None
    """The time for 60 moves, in minutes (``None``: no time found)."""
    word: RateOfPlay | None
    """The rate a word names (``None``: none)."""


def _number(text: str) -> Fraction:
    return Fraction(text.replace(",", "."))


def _without_long_numbers(text: str) -> str:
    """*text* with each number of more digits than any time has
    (:data:`~xlfuncs.core.validate.MAX_DIGITS`, a decimal's digits counted together) as ``#``.

    >>> _without_long_numbers("3 min + 2 s (event " + "1" * 19 + ")")
    '3 min + 2 s (event #)'
    """

    def shown(m: re.Match[str]) -> str:
        digits = len(m.group()) - m.group().count(".") - m.group().count(",")
        return "#" if digits > MAX_DIGITS else m.group()

    return _BARE.sub(shown, text)


def read_time_control(text: str) -> TimeReading:
    """The time for 60 moves and the word of a time-control text (see the module's rules); a
    number of more digits than any time has is no number (:func:`_without_long_numbers`).

    >>> read_time_control("90'+30\\"").minutes, read_time_control("3+2").minutes
    (Fraction(120, 1), Fraction(5, 1))
    >>> read_time_control("90 min/40 moves + 30 min, 30 s/move from move 1").minutes
    Fraction(150, 1)
    >>> read_time_control("90 minutes plus 30 sec plus 30 min after 40 moves").minutes
    Fraction(150, 1)
    """
    t = _without_long_numbers(text.lower().translate(_QUOTES).replace("''", '"'))
    word = next((rate for pattern, rate in _WORDS if pattern.search(t)), None)
    periods: list[tuple[int | None, Fraction]] = []  # (moves or None, minutes)

    def take(pattern: re.Pattern[str]) -> list[re.Match[str]]:
        nonlocal t
        found = list(pattern.finditer(t))
        t = pattern.sub(" ", t)
        return found

    later = [(int(m.group(2)), _number(m.group(1))) for m in take(_MINUTES_AFTER_MOVES)]
    periods += [(int(m.group(2)), _number(m.group(1))) for m in take(_MINUTES_PER_MOVES)]
    for m in take(_MOVES_PER_MINUTES):
        moves, minutes = int(m.group(1)), _number(m.group(2))
        if moves > minutes and not m.group(0).rstrip()[-1:].isalpha():  # "120/40": 40 moves
            moves, minutes = int(minutes), Fraction(moves)
        periods.append((moves, minutes))
    t = _NOISE.sub(" ", t)
    periods += [(None, _number(m.group(1))) for m in take(_GAME)]
    increment = max(
        [_number(m.group(1)) for m in take(_INCREMENT_WORD) + take(_INCREMENT)],
        default=Fraction(0),
    )
    periods += [(None, _number(m.group(1))) for m in take(_MINUTES)]
    for m in take(_BARE_PLUS):
        periods.append((None, _number(m.group(1))))
        increment = max(increment, _number(m.group(2)))
    bare = [_number(m.group(1)) for m in _BARE.finditer(t)]
    if bare and (not periods or (periods[0][0] is not None and len(periods) == 1)):
        periods.append((None, bare[0]))  # "15", or the second period of "40/120, 60"
    if later and periods:  # "90 min ... 30 min after 40 moves": the first period is 40 moves
        moves, added = later[0]
        if periods[0][0] is None:
            periods[0] = (moves, periods[0][1])
        periods.insert(1, (None, added))
    if not periods:
        return TimeReading(None, word)
    first_moves, first_minutes = periods[0]
    if first_moves is not None and first_moves < 60 and len(periods) > 1:
        first_minutes += periods[1][1]
    return TimeReading(first_minutes + increment, word)


_PERIOD = re.compile(r"(?:([0-9]+)/)?([0-9]+)(?:\+([0-9]+))?")
"""One period of TRF-2026's encoded time control (record 222): ``M/S``, ``M/S+I``, ``S`` or
``S+I`` (moves, seconds, seconds added a move)."""


_TWO_TIMES = re.compile(r"W[0-9/+:]+-B[0-9/+:]+", re.IGNORECASE)
"""Record 222's form for different times for White and Black (``W300-B240``)."""


def gives_different_times(text: str) -> bool:
    """Whether a record ``222`` gives White and Black different times (``W300-B240``).

    >>> gives_different_times("W300-B240"), gives_different_times("5400+30")
    (True, False)
    """
    return _TWO_TIMES.fullmatch(text.strip()) is not None


def read_encoded_time_control(text: str) -> Fraction | None:
    """The minutes for 60 moves of a TRF-2026 encoded time control (record ``222``: periods
    ``M/S``, ``M/S+I``, ``S``, ``S+I`` joined by ``:``), counting each period's time and
    increments while the first 60 moves are in it; ``None`` when *text* is not in that form
    (an Armageddon's ``W300-B240`` is not).

    >>> read_encoded_time_control("5400+30"), read_encoded_time_control("40/6000+30:900+30")
    (Fraction(120, 1), Fraction(145, 1))
    >>> read_encoded_time_control("180+2"), read_encoded_time_control("W300-B240") is None
    (Fraction(5, 1), True)
    """
    if _LONG_NUMBER.search(text):
        return None
    periods = text.strip().split(":")
    seconds = Fraction(0)
    moves_left = 60
    for i, period in enumerate(periods):
        m = _PERIOD.fullmatch(period.strip())
        if m is None:
            return None
        moves = int(m.group(1)) if m.group(1) else None
        if moves is not None and (moves == 0 or i == len(periods) - 1):
            return None  # the last period covers the rest of the game
        if moves_left <= 0:
            continue
        in_period = moves_left if moves is None else min(moves, moves_left)
        seconds += int(m.group(2)) + in_period * int(m.group(3) or 0)
        moves_left -= in_period
    return seconds / 60


def rate_of_minutes(minutes: Fraction) -> RateOfPlay:
    """The rate of play of *minutes* for 60 moves (Laws of Chess A.1, B.1).

    >>> rate_of_minutes(Fraction(10)), rate_of_minutes(Fraction(59)), rate_of_minutes(Fraction(60))
    (<RateOfPlay.BLITZ: 'blitz'>, <RateOfPlay.RAPID: 'rapid'>, <RateOfPlay.STANDARD: 'standard'>)
    """
    if minutes >= STANDARD_FROM:
        return RateOfPlay.STANDARD
    if minutes > RAPID_FROM:
        return RateOfPlay.RAPID
    return RateOfPlay.BLITZ


def rate_of_time_control(text: str) -> RateOfPlay | None:
    """The rate a time-control text says plainly, else ``None``.

    >>> [rate_of_time_control(t).value for t in ("90'+30\\"", "15+10", "3+2", "G/90;inc30")]
    ['standard', 'rapid', 'blitz', 'standard']
    >>> rate_of_time_control("Blitz").value, rate_of_time_control("Rapid 10 min") is None
    ('blitz', True)
    """
    found = read_time_control(text)
    by_time = None if found.minutes is None else rate_of_minutes(found.minutes)
    if by_time is not None and found.word is not None and by_time is not found.word:
        return None
    return by_time or found.word


@dataclass(frozen=True)
class RateReading:
    """The rate of play a TRF says, and where it says it."""

    rate: RateOfPlay | None
    """``None``: the file does not say it plainly."""
    record: str | None
    """``"122"`` or ``"222"``: the record read (``None``: neither is in the file)."""
    text: str
    """The record's text as written (``""`` when blank or absent)."""
    minutes: Fraction | None
    """The time for 60 moves read from it, if any."""

    @property
    def note(self) -> str:
        """What the report says about the rate: where it came from, or why it is not known.

        >>> RateReading(RateOfPlay.RAPID, "122", "15+10", Fraction(25)).note
        "rapid: 122 '15+10' (25 minutes for 60 moves)"
        """
        if self.record is None:
            return "the file gives no time control (122 blank or absent)"
        if not self.text:
            return f"the time control ({self.record}) is blank"
        said = f"{self.record} {self.text!r}"
        if self.rate is None:
            found = read_time_control(self.text)
            if found.minutes is not None and found.word is not None:
                return (
                    f"{said} names {found.word.value} play but gives "
                    f"{_minutes(found.minutes)} for 60 moves "
                    f"({rate_of_minutes(found.minutes).value}): not plain"
                )
            return f"{said} gives no time control that can be read"
        if self.minutes is None:
            return f"{self.rate.value}: {said}"
        extra = ""
        if self.rate is RateOfPlay.BLITZ and self.minutes <= BLITZ_MINIMUM:
            extra = (
                "; 3 minutes or less is below the minimum of a rated blitz game (more than "
                "3 minutes, Rapid and Blitz Rating Regulations 1.1.2): FIDE would not rate it"
            )
        return f"{self.rate.value}: {said} ({_minutes(self.minutes)} for 60 moves){extra}"


def _minutes(value: Fraction) -> str:
    shown = f"{float(value):g}"
    return f"{shown} minute" if value == 1 else f"{shown} minutes"


def event_rate(t: Tournament) -> RateReading:
    """The rate of play of the event by its time-control record: ``122``, else ``222`` (its
    encoded form, else free text), the first that says it plainly.

    >>> from xlfuncs.trf import parse_trf
    >>> event_rate(parse_trf("122 3 min + 2 s")).note
    "blitz: 122 '3 min + 2 s' (5 minutes for 60 moves)"
    """
    encoded_record = t.record("222")  # read once: a second is the file's repeated record
    encoded_text = "" if encoded_record is None else encoded_record.text[3:].strip()
    readings = [_reading("122", t.time_control)] if t.time_control else []
    readings += [_reading("222", encoded_text)] if encoded_text else []
    if not readings:
        return RateReading(None, None, "", None)
    return next((r for r in readings if r.rate is not None), readings[0])


def _reading(record: str, text: str) -> RateReading:
    """The rate of play the time control *text* of *record* says: record ``222``'s encoded
    form, else what the text says plainly."""
    encoded = read_encoded_time_control(text) if record == "222" else None
    if record == "222" and gives_different_times(text):
        return RateReading(None, record, text, None)
    if encoded is not None:
        return RateReading(rate_of_minutes(encoded), record, text, encoded)
    return RateReading(rate_of_time_control(text), record, text, read_time_control(text).minutes)
