"""Reader for the FIDE Tournament Report File (TRF16), as Swiss-Manager, Vega and similar
programs write it, and :func:`check_tournament`, which compares a file with itself. The
record layout, the result codes and what the reader keeps: ``docs/trf.md``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from itertools import groupby
from pathlib import Path
from types import MappingProxyType
from typing import BinaryIO, Final, Literal

from ..core.results import RATED_SYMBOLS, SYMBOLS, UNDER_ONE_MOVE_SYMBOLS, Outcome
from ..core.scoring import ScoringSystem
from ..core.titles import trf_title
from ..file_error import FileFieldError
from ..findings import Finding
from ..text_output import points_text
from .columns import PLAYER_COLUMNS, columns_named, columns_text, field_text, found_text
from .numbers import DIGITS, MAX_ROUNDS, POINTS, whole_number
from .rated import LOWEST_RATING, is_rated
from .records2026 import (
    AssignmentEffects,
    ExtraRecord,
    NationalRating,
    Trf2026,
    assignment_effects,
    is_national_line,
    read_national_line,
    read_records,
)
from .values import ValueCause, ValueNote

__all__ = [
    "PLAYER_COLUMNS",
    "RESULT_CODES",
    "Colour",
    "ConsistencyKind",
    "EVENT_CODES",
    "ExtraRecord",
    "MAX_ROUND_ENTRIES",
    "MAX_TRF_BYTES",
    "MAX_ROUNDS",
    "LOWEST_RATING",
    "Player",
    "SEXES",
    "RoundEntry",
    "Tournament",
    "TrfError",
    "WIDE_BOMS",
    "birth_year",
    "check_tournament",
    "csv_lines",
    "decode_trf",
    "decode_trf_noted",
    "decode_utf8_escaped",
    "ignored_record",
    "impossible_birth_date",
    "is_invalid_date",
    "not_a_trf",
    "parse_date",
    "parse_trf",
    "parse_trf_bytes",
    "read_bounded",
    "read_trf",
    "read_trf_file",
    "read_upto",
    "repeated_text",
    "round_columns",
    "trf_finding",
    "two_digit_dates",
    "SINGLE_RECORDS",
]

Colour = Literal["w", "b"]
"""A colour as the file writes it: ``w`` white, ``b`` black."""
_COLOURS: Mapping[str, Colour] = MappingProxyType({"w": "w", "b": "b"})
"""The colour each character of a round's colour column writes (``-`` and a blank: none)."""
_COLOUR_CODES = ("w", "b", "-", " ")
"""What a round's colour column may hold."""

RESULT_CODES = SYMBOLS + " "
"""Every result code TRF16 allows: the symbols of :class:`~xlfuncs.core.results.Outcome`
and the blank (no game). Case matters."""

_OUTCOME_WITH_OPPONENT: Mapping[str, Outcome | None] = MappingProxyType(
    {code: Outcome.from_trf(code, has_opponent=True) for code in RESULT_CODES}
)
"""``Outcome.from_trf`` of each result code with an opponent, worked out once."""
_OUTCOME_WITHOUT_OPPONENT: Mapping[str, Outcome | None] = MappingProxyType(
    {code: Outcome.from_trf(code, has_opponent=False) for code in RESULT_CODES}
)
"""The same without an opponent (``+``/``=``/``-``: byes written the old way)."""

_SEPARATORS: Mapping[int, str] = MappingProxyType(
    {
        4: "blank after the record code",
        **{
            last + 1: f"blank after the {name}"
            for name, (_, last) in PLAYER_COLUMNS.items()
            if name != "sex"  # the title follows it at once
        },
        91: "blank after the rank",
    }
)
"""The columns of a ``001`` line that must be blank, and what each separates (the rounds
begin at column 92)."""
_ROUNDS_START = 92  # first column of round 1
_ROUND_WIDTH = 10


MAX_ROUND_ENTRIES = 200_000
"""The most round entries (players x rounds) a file may need once every player is given the
rounds of the longest line, unless the file writes half that many itself: 20 players where
one line reaches round 999 need 19,980 and are read; 1,000 players padded to one line's 999
rounds would need 999,000 for a file that writes some 12,000, and are refused. Memory stays
in proportion to the file (``docs/trf.md``)."""


SEXES: frozenset[str] = frozenset({"", "m", "w", "f", "M", "W", "F"})
"""What column 10 (sex) may hold: ``m``, ``w`` (or ``f``, as some programs write it), either
case, or a blank."""

_YMD = re.compile(r"([0-9]{4}) ?[./-] ?([0-9]{1,2}) ?[./-] ?([0-9]{1,2})")
_DMY = re.compile(r"([0-9]{1,2}) ?[./-] ?([0-9]{1,2}) ?[./-] ?([0-9]{4})")
_YY_MM_DD = re.compile(r"([0-9]{2})/([0-9]{1,2})/([0-9]{1,2})")
_LINE_BREAK = re.compile(r"\r\n|\n|\r")
_MDY_NAMED = re.compile(r"([A-Za-z]{3,9})\.? +([0-9]{1,2}),? +([0-9]{4})")
_DMY_NAMED = re.compile(r"([0-9]{1,2})\.? +([A-Za-z]{3,9})\.?,? +([0-9]{4})")

_CONFUSABLE_DIGITS = str.maketrans("OoQDlIi|!", "000011111")
"""Characters a typist or a bad conversion puts for 0 and 1 in a record code."""

_PLAYER_SHAPE = re.compile(r"[^ ]{3} [ 0-9]{3}[0-9] ")
"""The start of a ``001`` line after its code: a blank, a starting rank, a blank."""

EVENT_CODES: tuple[str, ...] = tuple(f"{n:02d}2" for n in range(1, 14))
"""TRF16's event records, ``012`` to ``132``."""

SINGLE_RECORDS: frozenset[str] = frozenset(
    (*(c for c in EVENT_CODES if c != "112"), "142", "152", "162", "182", "192", "202")
    + ("212", "222", "352", "362", "XXR")
)
"""The records a file writes once (``112``, one line a deputy, is not one): the first is
read; a second is a ``repeated_record`` (:attr:`Tournament.repeated_records`)."""


def ignored_record(code: str) -> str | None:
    """What a record code beyond TRF16's event records and ``001`` holds, ``None`` for a code
    this reader does not know (``docs/trf.md``).

    >>> ignored_record("013"), ignored_record("XXR")
    ('team', 'pairing program data (XXR, XXC ...)')
    >>> ignored_record("162")
    'TRF-2026 event data'
    >>> ignored_record("240"), ignored_record("232") is None
    ('TRF-2026 byes', True)
    >>> ignored_record("0O1") is None
    True
    """
    if re.fullmatch(r"XX[A-Z]", code):
        return "pairing program data (XXR, XXC ...)"
    if re.fullmatch(r"BB[A-Z]", code):
        return "pairing program scoring (BBW, BBD ...)"
    return _KNOWN_RECORDS.get(code)


_KNOWN_RECORDS: Mapping[str, str] = MappingProxyType(
    {
        "013": "team",
        **dict.fromkeys(
            ("300", "310", "320", "330", "352", "362", "801", "802"), "team (TRF-2026)"
        ),
        **dict.fromkeys((f"{n}2" for n in range(14, 23)), "TRF-2026 event data"),
        "240": "TRF-2026 byes",
        "250": "TRF-2026 accelerated rounds",
        "260": "TRF-2026 prohibited pairings",
        "299": "TRF-2026 abnormal assignment of points",
    }
)


def round_columns(round_no: int) -> tuple[tuple[int, int], int, int]:
    """Columns (1-based) of round *round_no* on a ``001`` line: the opponent's starting rank
    (first, last), the colour and the result.

    >>> round_columns(1)
    ((92, 95), 97, 99)
    >>> round_columns(3)
    ((112, 115), 117, 119)
    """
    if round_no < 1:
        raise ValueError(f"round numbers start at 1, got {round_no}")
    first = _ROUNDS_START + _ROUND_WIDTH * (round_no - 1)
    return (first, first + 3), first + 5, first + 7


# --------------------------------------------------------------------------- errors


class TrfError(FileFieldError[str]):
    """A line of a TRF file that cannot be read: ``tournament.trf, line 7, columns 49-52
    (rating): expected a number, found 'abcd'``; its columns ``"49-52"`` or ``"97"``
    (``""``: none)."""

    def _place(self) -> str | None:
        """``columns 49-52`` or ``column 97`` (``None``: the file as a whole)."""
        return columns_named(self.columns) if self.columns else None


# --------------------------------------------------------------------------- data model


@dataclass(frozen=True)
class RoundEntry:
    """One round of one player: opponent, colour and result as the file writes them."""

    round: int
    """Round number, from 1."""
    opponent: int | None
    """The opponent's starting rank; ``None`` when blank or ``0000`` (no opponent)."""
    colour: Colour | None
    """``w`` or ``b``; ``None`` when the file writes ``-`` or a blank."""
    result: str
    """The result code as written, one character of :data:`RESULT_CODES` (blank: ``" "``)."""
    text: str = field(default="", compare=False)
    """The round's eight columns as written (padded with blanks where the line was cut)."""

    def __post_init__(self) -> None:
        """Refuse values the file format cannot hold (for entries built by hand)."""
        if len(self.result) != 1 or self.result not in RESULT_CODES:
            raise ValueError(f"result code {self.result!r} is not one of {RESULT_CODES!r}")
        if self.colour not in ("w", "b", None):
            raise ValueError(f"colour {self.colour!r} is not 'w', 'b' or None")
        if self.round < 1 or (self.opponent is not None and self.opponent < 1):
            raise ValueError("round numbers and starting ranks start at 1")

    @property
    def outcome(self) -> Outcome | None:
        """What the result means (``None``: blank); with no opponent, ``+``/``=``/``-`` are
        byes written the old way.

        >>> RoundEntry(1, None, None, "+").outcome
        <Outcome.PAIRING_BYE: ...>
        """
        if self.opponent is None:
            return _OUTCOME_WITHOUT_OPPONENT[self.result]
        return _OUTCOME_WITH_OPPONENT[self.result]

    @property
    def points(self) -> Decimal:
        """What the result scores (a blank: 0).

        >>> RoundEntry(1, None, None, "H").points
        Decimal('0.5')
        """
        outcome = self.outcome
        if outcome is None:
            return Decimal(0)
        return Decimal(outcome.points.numerator) / outcome.points.denominator


@dataclass(frozen=True)
class Player:
    """One ``001`` line."""

    start_no: int
    """Starting rank (columns 5-8)."""
    sex: str
    """Column 10 as written (``m``, ``w``, ``f`` ...), ``""`` when blank."""
    title: str
    """Columns 11-13 without blanks (``GM``, ``WIM``, or old style ``g``, ``m`` ...)."""
    name: str
    """Columns 15-47 less the blanks before and after; every other character is kept."""
    rating: int | None
    """The file's rating as written; ``None`` when blank, 0 or not a number. A FIDE rating
    only as :func:`~xlfuncs.trf.rated.fide_rating` reads it."""
    federation: str
    """Columns 54-56 without blanks."""
    fide_id: str | None
    """Columns 58-68 without blanks; ``None`` when blank."""
    birth_date: str
    """Columns 70-79 without blanks, as written."""
    birth_year: int | None
    """The year of :attr:`birth_date` when it has one (see :func:`birth_year`)."""
    points: Decimal | None
    """Columns 81-84 as written; ``None`` when blank."""
    rank: int | None
    """Columns 86-89; ``None`` when blank (some programs write 0 for unranked players)."""
    line_no: int
    """1-based line number in the file."""
    rounds: tuple[RoundEntry, ...]
    """One entry per round of the tournament (blank entries where the line has none)."""
    line: str = field(default="", repr=False, compare=False)
    """The line as written, without its line break."""

    @property
    def who(self) -> str:
        """The player as messages name them: ``no. 12 (Name)``."""
        return f"no. {self.start_no} ({self.name})"

    @property
    def computed_points(self) -> Decimal:
        """The sum of the rounds' :attr:`RoundEntry.points`."""
        return sum((r.points for r in self.rounds), Decimal(0))

    def round(self, round_no: int) -> RoundEntry:
        """The entry of round *round_no* (from 1)."""
        if not 1 <= round_no <= len(self.rounds):
            raise IndexError(f"round {round_no} is not in 1..{len(self.rounds)}")
        return self.rounds[round_no - 1]


@dataclass(frozen=True)
class Tournament:
    """A whole TRF file: event data, players and the records this reader does not know."""

    source: str
    """File name (``<string>`` for text)."""
    name: str = ""
    """``012`` tournament name."""
    city: str = ""
    """``022`` city."""
    federation: str = ""
    """``032`` federation."""
    start_date_text: str = ""
    """``042`` as written."""
    end_date_text: str = ""
    """``052`` as written."""
    start_date: date | None = None
    """``042`` read as a date where the text allows (see :func:`parse_date`)."""
    end_date: date | None = None
    """``052`` read as a date where the text allows."""
    players_text: str = ""
    """``062`` number of players, as written."""
    rated_players_text: str = ""
    """``072`` number of rated players, as written."""
    teams_text: str = ""
    """``082`` number of teams, as written."""
    event_type: str = ""
    """``092`` type of tournament."""
    chief_arbiter: str = ""
    """``102`` chief arbiter."""
    deputy_arbiters: tuple[str, ...] = ()
    """``112`` deputy chief arbiters, one item per ``112`` line."""
    time_control: str = ""
    """``122`` allotted times per moves/game."""
    round_dates_text: tuple[str, ...] = ()
    """``132`` one item per round, as written (``""`` where a round has none)."""
    round_dates: tuple[date | None, ...] = ()
    """``132`` read as dates (``YY/MM/DD`` is read as 20YY)."""
    players: tuple[Player, ...] = ()
    """``001`` lines in the file's order."""
    num_rounds: int = 0
    """The largest number of rounds written on any ``001`` line."""
    extra_records: tuple[ExtraRecord, ...] = ()
    """Lines of other record types, and repeats of event records, as written."""
    encoding: str | None = None
    """How the bytes were decoded (``None`` when text was given)."""
    value_notes: tuple[ValueNote, ...] = ()
    """The values the reader did not take as written, each with its line and columns, in
    file order (:mod:`xlfuncs.trf.values`: one warning per cause)."""
    trf2026: Trf2026 = field(default_factory=Trf2026)
    """The TRF-2026 records beyond TRF16's, read (scoring system, national ratings, point
    assignments, byes, comments ...)."""
    encoding_warning: Finding | None = None
    """What the decoding chose where the bytes were not all of one encoding
    (:func:`decode_trf_noted`); ``None``: nothing to say."""
    event_lines: Mapping[str, tuple[int, str]] = field(
        default_factory=lambda: MappingProxyType({}), repr=False, compare=False
    )
    """The line and text (from column 5) of each TRF16 event record read (the first of its
    code); its repeats are in :attr:`extra_records`."""
    by_start_no: Mapping[int, Player] = field(init=False, repr=False, compare=False)
    """The players by starting rank."""

    def __post_init__(self) -> None:
        """Build :attr:`by_start_no`."""
        lookup = {p.start_no: p for p in self.players}
        object.__setattr__(self, "by_start_no", MappingProxyType(lookup))

    def player(self, start_no: int) -> Player:
        """The player with starting rank *start_no* (``KeyError`` if none)."""
        return self.by_start_no[start_no]

    def record(self, code: str) -> ExtraRecord | None:
        """The first line of record *code* among :attr:`extra_records` (``None``: none):
        the one read of a record written once (:data:`SINGLE_RECORDS`)."""
        return next((r for r in self.extra_records if r.code == code), None)

    @cached_property
    def repeated_records(self) -> tuple[tuple[ExtraRecord, ExtraRecord], ...]:
        """Each repeat of a record written once (:data:`SINGLE_RECORDS`), after the line
        read (the first of its code), as (read, repeat), in file order."""
        first: dict[str, ExtraRecord] = {
            code: ExtraRecord(line_no, code, f"{code} {text}")
            for code, (line_no, text) in self.event_lines.items()
        }
        out: list[tuple[ExtraRecord, ExtraRecord]] = []
        for r in self.extra_records:
            if r.code not in SINGLE_RECORDS:
                continue
            read = first.setdefault(r.code, r)
            if read is not r:
                out.append((read, r))
        return tuple(out)

    @property
    def unknown_records(self) -> tuple[ExtraRecord, ...]:
        """The lines of :attr:`extra_records` that are neither an event record written
        again nor a record this reader knows (:func:`ignored_record`): what a report must
        name."""
        return tuple(
            r
            for r in self.extra_records
            if r.code not in EVENT_CODES and ignored_record(r.code) is None
        )

    @property
    def is_team_event(self) -> bool:
        """Whether the file has team records (``013``, TRF-2026's ``310``)."""
        return any(r.code in ("013", "310") for r in self.extra_records)

    @property
    def scoring(self) -> ScoringSystem:
        """What each result scores for the players: record ``162``'s scoring system (with
        what record ``299`` sets for the whole event), except in a team event, where ``162``
        gives the teams' game points and the players' games score 1, ½, 0
        (:func:`~xlfuncs.trf.records2026.assignment_effects` gives it so)."""
        return self.assignments.scoring

    @cached_property
    def assignments(self) -> AssignmentEffects:
        """What the file's ``299`` records do to the players' points
        (:func:`~xlfuncs.trf.records2026.assignment_effects`)."""
        return assignment_effects(
            self.trf2026,
            {p.start_no: tuple(e.outcome for e in p.rounds) for p in self.players},
            team_event=self.is_team_event,
        )

    def points_of(self, p: Player) -> Decimal:
        """What *p*'s results add up to under :attr:`scoring`, with the points record
        ``299`` assigns (:attr:`Player.computed_points` when there is neither)."""
        if self._points_as_computed:
            return p.computed_points
        scoring = self.scoring
        effects = self.assignments
        total = effects.bonus.get(p.start_no, Fraction(0))
        for e in p.rounds:
            fixed = effects.round_points.get((p.start_no, e.round))
            if fixed is not None:
                total += fixed
            elif e.outcome is not None:
                total += scoring.points(e.outcome)
        return Decimal(total.numerator) / total.denominator

    @cached_property
    def _points_as_computed(self) -> bool:
        """Whether every player's points are :attr:`Player.computed_points`: the default
        scoring, and no ``299`` record giving points (worked out once for all players)."""
        effects = self.assignments
        return self.scoring.is_default and not effects.bonus and not effects.round_points

    @property
    def declared_players(self) -> int | None:
        """``062`` as a number, when it is one."""
        return whole_number(self.players_text)

    @property
    def declared_rated_players(self) -> int | None:
        """``072`` as a number, when it is one."""
        return whole_number(self.rated_players_text)


# --------------------------------------------------------------------------- helpers


def _make_date(year: int, month: int, day: int) -> date | None:
    """A date, or ``None`` for an impossible one (day 0, month 13, ...)."""
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _month(name: str) -> int | None:
    """The month a number writes (``"07"``: 7; not checked), or 1-12 for an English month
    name or its beginning (``Sept``; the forms of :func:`parse_date` give three letters or
    more)."""
    number = whole_number(name)
    if number is not None:
        return number
    low = name.lower()
    return next((i for i, m in enumerate(_MONTH_NAMES, 1) if m.startswith(low)), None)


_MONTH_NAMES = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)


_NUMERIC_DATES = ((_YMD, 1, 2, 3), (_DMY, 3, 2, 1))
"""The dates written in numbers, ``YYYY/MM/DD`` and ``DD.MM.YYYY``, each with the groups of
its year, month and day."""
_DATE_FORMS = (*_NUMERIC_DATES, (_MDY_NAMED, 3, 1, 2), (_DMY_NAMED, 3, 2, 1))
"""Every form of a date :func:`parse_date` reads but ``YY/MM/DD``, in the order it tries
them."""


def _date_fields(
    text: str, forms: tuple[tuple[re.Pattern[str], int, int, int], ...], two_digit_year: bool
) -> tuple[int, int, int] | None:
    """The year, month and day *text* writes in the first of *forms* (then, with
    *two_digit_year*, ``YY/MM/DD`` as 20YY) it has; ``None`` for none, or a month name that
    names none. Not checked as a day."""
    for form, y, m, d in forms:
        found = form.fullmatch(text)
        if found:
            month = _month(found[m])
            return None if month is None else (int(found[y]), month, int(found[d]))
    found = _YY_MM_DD.fullmatch(text) if two_digit_year else None
    return None if found is None else (2000 + int(found[1]), int(found[2]), int(found[3]))


def parse_date(text: str, *, two_digit_year: bool = False) -> date | None:
    """A date written ``YYYY/MM/DD`` (or with ``.`` or ``-``), ``DD.MM.YYYY`` (or with ``/``
    or ``-``; blanks after the separators allowed, as in ``28. 07. 2005``), with an English
    month name or abbreviation (``May 29, 2020``, ``29 May 2020``, ``Sept. 3, 2021``), or, with
    *two_digit_year*, ``YY/MM/DD`` read as 20YY. ``None`` for anything else: other free
    text, impossible dates, ``0000/00/00``.

    >>> parse_date("2024/03/01")
    datetime.date(2024, 3, 1)
    >>> parse_date("28. 07. 2005")
    datetime.date(2005, 7, 28)
    >>> parse_date("24/03/01", two_digit_year=True)
    datetime.date(2024, 3, 1)
    >>> parse_date("May 29, 2020")
    datetime.date(2020, 5, 29)
    >>> parse_date("29. Mai 2020") is None
    True
    """
    fields = _date_fields(text.strip(), _DATE_FORMS, two_digit_year)
    return None if fields is None else _make_date(*fields)


_TWO_DIGITS = re.compile(r"([0-9]{2})([./-])([0-9]{2})\2([0-9]{2})")
_SEASON: Final = 366
"""The most days an event's end may come after its start for :func:`two_digit_dates` to
take a reading (a league season spans months, not years)."""


def two_digit_dates(start: str, end: str) -> tuple[date, str] | None:
    """The start date of an event whose start (``042``) and end (``052``) both have a
    two-digit year (``10.09.13``), and the reading's name: ``YY.MM.DD`` or ``DD.MM.YY``,
    whichever alone puts the end on or after the start within :data:`_SEASON` days; ``None``
    when neither or both do (no guess).

    >>> two_digit_dates("10.09.13", "11.03.13")  # 13 Sep 2010 to 13 Mar 2011
    (datetime.date(2010, 9, 13), 'YY.MM.DD')
    >>> two_digit_dates("13.09.10", "13.03.11")  # the other order: 13 Sep 2010 to 13 Mar 2011
    (datetime.date(2010, 9, 13), 'DD.MM.YY')
    >>> two_digit_dates("10.09.10", "11.09.10") is None  # 10 to 11 Sep 2010, or 2010 to 2011
    True
    """
    a, b = _TWO_DIGITS.fullmatch(start.strip()), _TWO_DIGITS.fullmatch(end.strip())
    if a is None or b is None:
        return None
    kept: list[tuple[date, str]] = []
    for name, (y, m, d) in (("YY.MM.DD", (1, 3, 4)), ("DD.MM.YY", (4, 3, 1))):
        first = _make_date(2000 + int(a[y]), int(a[m]), int(a[d]))
        last = _make_date(2000 + int(b[y]), int(b[m]), int(b[d]))
        if first is not None and last is not None and 0 <= (last - first).days <= _SEASON:
            kept.append((first, name))
    return kept[0] if len(kept) == 1 else None


def is_invalid_date(text: str) -> bool:
    """Whether *text* is written in one of :func:`parse_date`'s forms (not ``YY/MM/DD``)
    but names no day (``31.02.2024``, ``2024/13/01``). A date of zeros (``0000/00/00``,
    "none") is not.

    >>> is_invalid_date("31.02.2024"), is_invalid_date("29.02.2024")
    (True, False)
    >>> is_invalid_date("soon"), is_invalid_date("0000/00/00")
    (False, False)
    """
    t = text.strip()
    fields = _date_fields(t, _DATE_FORMS, two_digit_year=False)
    return fields is not None and _make_date(*fields) is None and bool(t.strip("0./- "))


def birth_year(text: str) -> int | None:
    """The year of a birth date written ``YYYY/MM/DD``, ``YYYY.MM.DD``, ``YYYY-MM-DD``,
    ``YYYY`` or ``DD.MM.YYYY`` (also ``DD/MM/YYYY``, ``DD-MM-YYYY``). Month and day are not
    checked (``1969/00/00`` gives 1969). ``None`` when there is no year, or year 0.

    >>> birth_year("1969.12.06"), birth_year("1987"), birth_year("06.12.1969")
    (1969, 1987, 1969)
    >>> birth_year("0000/00/00") is None
    True
    """
    t = text.strip()
    fields = _date_fields(t, _NUMERIC_DATES, two_digit_year=False)
    year = fields[0] if fields else int(t) if re.fullmatch("[0-9]{4}", t) else 0
    return year or None


def impossible_birth_date(text: str) -> bool:
    """Whether a birth date names a day that does not exist (``2024/02/30``, a month 13).
    Zeros for what is not known (``1990/00/00``), a year alone, other text and a blank are
    not impossible.

    >>> impossible_birth_date("2024/02/30"), impossible_birth_date("2024/02/29")
    (True, False)
    >>> impossible_birth_date("1990/00/00"), impossible_birth_date("1990/13/00")
    (False, True)
    """
    fields = _date_fields(text.strip(), _NUMERIC_DATES, two_digit_year=False)
    if fields is None:
        return False
    year, month, day = fields
    if month == 0:
        return day != 0
    if month > 12:
        return True
    return day != 0 and _make_date(year or 2000, month, day) is None


WIDE_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
"""The byte-order marks of UTF-32 and UTF-16, longest first, and their encodings."""
_UTF8_BOM = b"\xef\xbb\xbf"
_ALL_BOMS = (*WIDE_BOMS, (_UTF8_BOM, "utf-8"))


def decode_trf(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode a TRF file's bytes; returns the text and the encoding used.

    Without *encoding*: UTF-32 or UTF-16 after their byte-order mark, UTF-8 (a byte-order
    mark removed; after one, or where the other characters outside ASCII are UTF-8, a byte
    that is not UTF-8 raises ``UnicodeDecodeError``), else Windows-1252, else Latin-1.

    >>> decode_trf("012 Café".encode("latin-1"))
    ('012 Café', 'cp1252')
    """
    if encoding is not None:
        return data.decode(encoding), encoding
    for bom, enc in _ALL_BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom) :].decode(enc)
            except UnicodeDecodeError as exc:  # positions in the whole file, not after the BOM
                start, end = exc.start + len(bom), exc.end + len(bom)
                raise UnicodeDecodeError(enc, data, start, end, exc.reason) from None
            return text, "utf-8-sig" if enc == "utf-8" else enc
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        if _mostly_utf8(data):  # UTF-8 text with a bad byte, not another encoding
            raise UnicodeDecodeError("utf-8", data, exc.start, exc.end, MIXED_UTF8) from None
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


MIXED_UTF8 = "the file's other non-ASCII characters are UTF-8"
"""The reason of the ``UnicodeDecodeError`` :func:`decode_trf` raises for a file of UTF-8
text with a byte that is not UTF-8."""


def _mostly_utf8(data: bytes) -> bool:
    """Whether *data*, which is not UTF-8, holds at least as many characters written as
    UTF-8 writes them as bytes that are not UTF-8 (UTF-8 text with a bad byte or two)."""
    good = len(_UTF8_SEQUENCE.findall(data))
    return good > 0 and good >= data.decode("utf-8", "replace").count("\ufffd")


def decode_trf_noted(data: bytes, encoding: str | None = None) -> tuple[str, str, Finding | None]:
    """Decode a TRF file's bytes as :func:`decode_trf` does, reading the text a bad byte or
    two spoil rather than refusing it; returns the text, the encoding used and the warning
    (kind ``encoding``, at the first character concerned; ``None``: nothing to say).

    - UTF-8 text with bytes that are not UTF-8: read as UTF-8, each such byte as U+FFFD.
    - Text read as Windows-1252 that also holds characters written as UTF-8 writes them:
      read so, the warning saying what UTF-8 would make of the first.

    *encoding* given, or bytes after a UTF-16 or UTF-32 byte-order mark: strictly
    (``UnicodeDecodeError``)."""
    try:
        text, used = decode_trf(data, encoding)
    except UnicodeDecodeError as exc:
        if encoding is not None or exc.encoding != "utf-8":
            raise
        escaped, used = decode_utf8_escaped(data)
        text = _UNDECODED.sub("\ufffd", escaped)
        return text, used, _bad_utf8_warning(escaped, used == "utf-8-sig")
    found = _UTF8_SEQUENCE.search(data) if used in ("cp1252", "latin-1") else None
    if found is None:
        return text, used, None
    return text, used, _utf8_in_windows_warning(found, data, text, used)


def decode_utf8_escaped(data: bytes) -> tuple[str, str]:
    """*data*, UTF-8 text with bytes that are not UTF-8, decoded with each such byte kept as
    one character (``surrogateescape``: written back as the same byte), and the encoding
    (``utf-8-sig`` after UTF-8's byte-order mark, which is left out, else ``utf-8``)."""
    marked = data.startswith(_UTF8_BOM)
    text = data[len(_UTF8_BOM) if marked else 0 :].decode("utf-8", "surrogateescape")
    return text, "utf-8-sig" if marked else "utf-8"


_UNDECODED = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as the ``surrogateescape`` error handler decodes it."""

_SHOWN_AT_MOST = 3
"""How many places of bytes that are not UTF-8 a decoding warning names."""

_ENCODING_NAMES = {"cp1252": "Windows-1252", "latin-1": "Latin-1"}


def _line_and_column(text: str, offset: int) -> tuple[str, int, int]:
    """The record code, line and column (from 1, as the reader counts them) of the character
    at *offset* of *text*."""
    before = text[:offset]
    start = max(before.rfind("\n"), before.rfind("\r")) + 1
    code = text[start : start + 3]
    breaks = before.count("\n") + before.count("\r") - before.count("\r\n")  # CRLF is one
    return code, breaks + 1, offset - start + 1


def _encoding_finding(text: str, offset: int, said: str) -> Finding:
    """The warning of kind ``encoding`` *said* of the character at *offset* of *text*, its
    place first (``record 001, line 3, column 18: ...``)."""
    code, line_no, column = _line_and_column(text, offset)
    placed = f"record {code}, line {line_no}, column {column}: {said}"
    return Finding("encoding", "warning", placed, line=line_no, columns=str(column))


def _bad_utf8_warning(escaped: str, bom: bool) -> Finding:
    """The warning for UTF-8 text *escaped* (decoded with ``surrogateescape``) read with its
    bytes that are not UTF-8 replaced."""
    bad = [m.start() for m in _UNDECODED.finditer(escaped)]
    first = bad[0]
    byte = ord(escaped[first]) - 0xDC00
    windows = bytes([byte]).decode("cp1252", "replace")
    more = ""
    if len(bad) > 1:
        places = (_line_and_column(escaped, i) for i in bad[1:_SHOWN_AT_MOST])
        shown = "; ".join(f"line {line_no}, column {column}" for _, line_no, column in places)
        left = len(bad) - _SHOWN_AT_MOST
        rest = f" and {left} more" if left > 0 else ""
        more = f" (and {len(bad) - 1} more: {shown}{rest})"
    utf8 = len(escaped) - len(escaped.encode("ascii", "ignore")) - len(bad)  # UTF-8's
    why = (
        "it starts with UTF-8's byte-order mark"
        if bom
        else f"its {utf8} other character{'s' if utf8 != 1 else ''} outside ASCII "
        f"{'are' if utf8 != 1 else 'is'} written as UTF-8 writes {'them' if utf8 != 1 else 'it'}"
    )
    said = (
        f"the byte 0x{byte:02X} is not UTF-8{more}: read as "
        f"\ufffd (U+FFFD); the file is read as UTF-8, as {why} (in Windows-1252, 0x{byte:02X} "
        f"is {windows!r}); correct the character in the file"
    )
    return _encoding_finding(escaped, first, said)


def _utf8_in_windows_warning(found: re.Match[bytes], data: bytes, text: str, used: str) -> Finding:
    """The warning for *data*, read as Windows-1252 (or Latin-1) into *text*, whose first
    character written as UTF-8 writes it is *found* (each byte one character, so byte
    offsets are the text's)."""
    bad = data.decode("utf-8", "replace").count("\ufffd")
    name = _ENCODING_NAMES.get(used, used)
    as_utf8 = found.group().decode("utf-8")
    said = (
        f"{text[found.start() : found.end()]!r} is how "
        f"{name} reads UTF-8's {as_utf8!r}; the file is read as {name}, as {bad} of its "
        f"bytes {'are' if bad != 1 else 'is'} not UTF-8 (more than the characters written as "
        "UTF-8 writes them); correct the character in the file"
    )
    return _encoding_finding(text, found.start(), said)


_UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]"
    rb"|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]"
    rb"|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}"
)
"""A character of two to four bytes as UTF-8 writes it (RFC 3629's well-formed sequences;
each match decodes): UTF-8 text holds one for every character outside ASCII, text in
Windows-1252 or Latin-1 almost never."""


# --------------------------------------------------------------------------- line reading


@dataclass
class _Line:
    """One line, with helpers to cut 1-based columns and raise :class:`TrfError`."""

    text: str
    line_no: int
    source: str

    def cut(self, first: int, last: int) -> str:
        """Columns *first*..*last* (1-based), shorter or empty where the line ends early."""
        return self.text[first - 1 : last]

    def error(
        self, first: int, last: int, fld: str, expected: str, found: str | None = None
    ) -> TrfError:
        """A :class:`TrfError` about columns *first*..*last*; *found* defaults to the
        columns' text."""
        if found is None:
            found = found_text(self.text, first, last)
        columns = columns_text(first, last)
        return TrfError(self.source, self.line_no, columns, fld, expected, found)

    def text_field(self, fld: str) -> str:
        """The text in the columns of *fld*, without surrounding blanks."""
        return field_text(self.text, fld)

    def blank(self, column: int, what: str) -> None:
        """Check that *column* is blank (or past the end of the line)."""
        ch = self.cut(column, column)
        if ch not in ("", " "):
            raise self.error(column, column, what, "a blank column between fields")


def _read_player(line: _Line, notes: list[ValueNote]) -> Player:
    """Read a ``001`` line: the player, with the rounds the line writes (not yet padded to
    the file's). A value the format does not allow is read by its treatment and added to
    *notes*; only what leaves the line unreadable raises :class:`TrfError` (``docs/trf.md``,
    *Values and structure*)."""
    start_no = whole_number(line.text_field("starting rank"))
    if not start_no:  # a blank, text, 0000
        raise line.error(5, 8, "starting rank", "a starting rank (a whole number, 1-9999)")
    for col, what in _SEPARATORS.items():
        line.blank(col, what)
    name_first, name_last = PLAYER_COLUMNS["name"]
    if len(line.text.rstrip(" ")) < name_first:  # cut before the name: no player is named
        raise line.error(name_first, name_last, "name", "the player's name")
    name = line.cut(name_first, name_last).strip(" ")
    who = f"no. {start_no} ({name})"

    def note(cause: ValueCause, fld: str, detail: str = "") -> None:
        columns = columns_text(*PLAYER_COLUMNS[fld])
        notes.append(ValueNote(cause, line.line_no, columns, line.text_field(fld), who, detail))

    rating = whole_number(line.text_field("rating"))
    if rating is None and line.text_field("rating"):
        note("rating_text", "rating")
    elif rating and rating < LOWEST_RATING:
        note("rating_below_floor", "rating")
    sex = line.text_field("sex")
    if sex not in SEXES:
        note("sex", "sex")
        sex = ""
    title = line.text_field("title")
    if title and trf_title(title) is None:
        note("title", "title")
        title = ""
    points_text = line.text_field("points")
    points = Decimal(points_text) if POINTS.fullmatch(points_text) else None
    if points is None and points_text:
        note("points", "points")
    rank = whole_number(line.text_field("rank"))
    if rank is None and line.text_field("rank"):
        note("rank", "rank")
    fide_id = line.text_field("FIDE id") or None
    if fide_id is not None and not DIGITS.fullmatch(fide_id):
        note("fide_id", "FIDE id")
        fide_id = None
    birth = line.text_field("birth date")
    impossible = impossible_birth_date(birth)
    if impossible:
        note("birth_date", "birth date")

    body = line.text.rstrip(" ")
    n_rounds = max(0, (len(body) - _ROUNDS_START) // _ROUND_WIDTH + 1)
    if n_rounds > MAX_ROUNDS:
        last = len(body)
        raise line.error(
            last,
            last,
            f"round {n_rounds}",
            f"at most {MAX_ROUNDS} rounds on a line (the text ends at column {last})",
            found=repr(body[-1]),
        )
    return Player(
        start_no=start_no,
        sex=sex,
        title=title,
        name=name,
        rating=rating or None,
        federation=line.text_field("federation"),
        fide_id=fide_id,
        birth_date=birth,
        birth_year=None if impossible else birth_year(birth),
        points=points,
        rank=rank,
        line_no=line.line_no,
        rounds=tuple(_read_round(line, r, notes, who) for r in range(1, n_rounds + 1)),
        line=line.text,
    )


def _read_round(line: _Line, r: int, notes: list[ValueNote], who: str) -> RoundEntry:
    """Read round *r* of a ``001`` line; a colour or result code the format does not have
    is read by its treatment and added to *notes*."""
    (o_first, o_last), c_col, r_col = round_columns(r)
    # The usual round, read at once: every column as the checks below want it (the same
    # entry they give); anything else takes the column-by-column way and its errors.
    seg = line.text[o_first - 1 : o_first + 9]
    if len(seg) >= 8 and seg[4] == " " and seg[6] == " " and seg[8:] in ("", " ", "  "):
        opp_raw, c, res = seg[:4].strip(), seg[5], seg[7]
        opponent = whole_number(opp_raw)
        if (opponent is not None or not opp_raw) and c in _COLOUR_CODES and res in RESULT_CODES:
            return RoundEntry(r, opponent or None, _COLOURS.get(c), res, seg[:8])
    label = f"round {r}"
    opp_raw = line.cut(o_first, o_last).strip()
    opponent = whole_number(opp_raw)
    if opp_raw and opponent is None:
        expected = "an opponent's starting rank, 0000 or a blank"
        raise line.error(o_first, o_last, f"{label} opponent", expected)
    line.blank(o_last + 1, f"{label}, blank after the opponent")
    c = line.cut(c_col, c_col) or " "
    if c not in _COLOUR_CODES:
        notes.append(ValueNote("colour", line.line_no, str(c_col), c, who, label))
        c = " "
    line.blank(c_col + 1, f"{label}, blank after the colour")
    res = line.cut(r_col, r_col) or " "
    if res not in RESULT_CODES:
        notes.append(ValueNote("result", line.line_no, str(r_col), res, who, label))
        res = " "
    for col in (r_col + 1, r_col + 2):
        line.blank(col, f"{label}, blank after the result")
    text = line.cut(o_first, r_col).ljust(r_col - o_first + 1)
    return RoundEntry(r, opponent or None, _COLOURS.get(c), res, text)


def _round_dates(text: str) -> tuple[str, ...]:
    """Split a ``132`` line into one text per round: each round's ten columns (92-101 for
    round 1, so that a date one column to the right or of ten characters is read whole), or,
    for a line with text before column 92, at blanks."""
    if len(text) >= _ROUNDS_START and text[4 : _ROUNDS_START - 1].strip() == "":
        starts = range(_ROUNDS_START - 1, len(text.rstrip()), _ROUND_WIDTH)  # to the last date
        return tuple(text[start : start + _ROUND_WIDTH].strip() for start in starts)
    return tuple(text[3:].split())


def _damaged_player(raw: str, line_no: int, source: str) -> TrfError | None:
    """The error for a line that is not a ``001`` line but looks like a damaged one: the
    code ``001`` after blanks or stray characters, a code with letters for digits (``0O1``,
    ``OO1``, ``0l1``), or an unknown code followed by a player's columns. ``None`` for any
    other line."""
    m = re.match(r"[^0-9A-Za-z]{1,3}001", raw)
    code = raw[:3]
    if m:
        columns, found = f"1-{m.end()}", m[0]
        expected = "the record code 001 in columns 1-3 (a player line cannot be shifted)"
    elif code.translate(_CONFUSABLE_DIGITS) == "001":
        columns, found, expected = "1-3", code, "the record code 001 in digits"
    elif (
        code not in EVENT_CODES
        and ignored_record(code) is None
        and _PLAYER_SHAPE.match(raw)
        and len(raw.rstrip(" ")) >= PLAYER_COLUMNS["name"][0] + 3
    ):
        columns, found = "1-3", code
        expected = "001 (the line has a player's columns: starting rank and name)"
    else:
        return None
    return TrfError(source, line_no, columns, "record code", expected, repr(found))


def _record_text(text: str) -> str:
    """The text of an event record: from column 5 (the blank after the code is dropped),
    without trailing blanks."""
    return text[3:].removeprefix(" ").rstrip()


def csv_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines of a CSV file's *text* (a K file, a field) that hold data, each with its
    number from 1: UTF-8's byte-order mark, blank lines and ``#`` comments left out."""
    for line_no, raw in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            yield line_no, raw


def _split_lines(text: str) -> list[str]:
    """Split at CRLF, LF or CR only (not at the other characters :meth:`str.splitlines`
    takes as line breaks, which Latin-1 text may hold)."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


# --------------------------------------------------------------------------- entry points


def parse_trf(text: str, *, source: str = "<string>", encoding: str | None = None) -> Tournament:
    """Read a TRF file's text.

    *source* names the file in error messages; *encoding* is only recorded in the result.
    A value the format does not allow is read by its treatment and noted
    (:attr:`Tournament.value_notes`). Raises :class:`TrfError` for a structure that cannot be
    read (``docs/trf.md``, *Values and structure*).

    >>> t = parse_trf("012 Test Open\\n001    1 m GM Doe, Jane" + " " * 58 + "1.0")
    >>> t.name, t.players[0].name, t.players[0].points
    ('Test Open', 'Doe, Jane', Decimal('1.0'))
    """
    read = _read_lines(text.removeprefix("\ufeff"), source)
    padded = _padded_players(read.players, read.num_rounds, source)
    national = _national_of_players(read.national, read.first_line, read.notes)
    records = read_records(read.extra, national, read.comments, read.notes)
    event = read.event
    round_texts = _round_dates(event["132"]) if "132" in event else ()
    start_text = event.get("042", "")
    end_text = event.get("052", "")
    return Tournament(
        source=source,
        name=event.get("012", ""),
        city=event.get("022", ""),
        federation=event.get("032", ""),
        start_date_text=start_text,
        end_date_text=end_text,
        start_date=parse_date(start_text),
        end_date=parse_date(end_text),
        players_text=event.get("062", ""),
        rated_players_text=event.get("072", ""),
        teams_text=event.get("082", ""),
        event_type=event.get("092", ""),
        chief_arbiter=event.get("102", ""),
        deputy_arbiters=tuple(read.deputies),
        time_control=event.get("122", ""),
        round_dates_text=round_texts,
        round_dates=tuple(parse_date(d, two_digit_year=True) for d in round_texts),
        players=padded,
        num_rounds=read.num_rounds,
        extra_records=tuple(read.extra),
        encoding=encoding,
        value_notes=tuple(sorted(read.notes, key=lambda n: n.line_no)),
        trf2026=records,
        event_lines=MappingProxyType(read.event_lines),
    )


@dataclass
class _FileLines:
    """A TRF's lines as read one by one (:func:`_read_lines`), sorted by what they are."""

    event: dict[str, str] = field(default_factory=dict)
    """The event's records (``012`` ...) by code, the first of each."""
    event_lines: dict[str, tuple[int, str]] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    extra: list[ExtraRecord] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    first_line: dict[int, int] = field(default_factory=dict)
    """Each starting rank's line."""
    num_rounds: int = 0
    comments: list[ExtraRecord] = field(default_factory=list)
    national: list[NationalRating] = field(default_factory=list)
    notes: list[ValueNote] = field(default_factory=list)


def _read_lines(text: str, source: str) -> _FileLines:
    """Every line of *text* read, sorted by what it is; :class:`TrfError` for a starting rank
    used twice or a line that looks like a damaged player line."""
    read = _FileLines()
    for line_no, raw in enumerate(_split_lines(text), start=1):
        if raw.strip() == "":
            continue
        code = raw[:3]
        if code == "###":
            read.comments.append(ExtraRecord(line_no, code, raw))
            continue
        if is_national_line(raw) and code.translate(_CONFUSABLE_DIGITS) != "001":
            national = read_national_line(raw, line_no, read.notes)
            if national is not None:
                read.national.append(national)
            continue
        damaged = None if code == "001" else _damaged_player(raw, line_no, source)
        if damaged is not None:
            raise damaged
        if code == "001":
            line = _Line(raw, line_no, source)
            player = _read_player(line, read.notes)
            if player.start_no in read.first_line:
                first = read.first_line[player.start_no]
                expected = f"a starting rank not used before (line {first} has it)"
                raise line.error(5, 8, "starting rank", expected)
            read.first_line[player.start_no] = line_no
            read.players.append(player)
            read.num_rounds = max(read.num_rounds, len(player.rounds))
        elif code == "112":
            if _record_text(raw):  # a blank 112 names nobody
                read.deputies.append(_record_text(raw))
        elif code in EVENT_CODES and code not in read.event:
            read.event[code] = raw if code == "132" else _record_text(raw)
            read.event_lines[code] = (line_no, _record_text(raw))
        else:
            read.extra.append(ExtraRecord(line_no, code, raw))
    return read


def _padded_players(players: list[Player], num_rounds: int, source: str) -> tuple[Player, ...]:
    """Every player with *num_rounds* rounds, those a line does not write blank; a file
    whose padding would be out of proportion to what it writes
    (:data:`MAX_ROUND_ENTRIES`) raises :class:`TrfError` at its longest line."""
    entries = len(players) * num_rounds
    written = sum(len(p.rounds) for p in players)
    if entries > MAX_ROUND_ENTRIES and entries > 2 * written:
        longest = max(players, key=lambda p: len(p.rounds))
        last = _ROUNDS_START + _ROUND_WIDTH * (num_rounds - 1)
        raise TrfError(
            source,
            longest.line_no,
            f"{last}-{len(longest.line.rstrip(' '))}",
            f"round {num_rounds}",
            f"rounds in proportion to the file: {len(players)} players padded to this "
            f"line's {num_rounds} rounds would need {entries:,} round entries (at most "
            f"{MAX_ROUND_ENTRIES:,}); the other lines write {written - num_rounds:,}",
            f"text up to column {len(longest.line.rstrip(' '))}",
        )
    return tuple(
        replace(
            p,
            rounds=p.rounds
            + tuple(
                RoundEntry(r, None, None, " ", " " * 8)
                for r in range(len(p.rounds) + 1, num_rounds + 1)
            ),
        )
        if len(p.rounds) < num_rounds
        else p
        for p in players
    )


def _national_of_players(
    national: list[NationalRating], first_line: Mapping[int, int], notes: list[ValueNote]
) -> list[NationalRating]:
    """The national-rating lines of the file's players (*first_line*: by starting rank);
    each other is left out, with a note in *notes*."""
    for nat in national:
        if nat.start_no not in first_line:
            who = f"{nat.federation} national-rating line"
            detail = f"starting rank {nat.start_no}: no 001 line has it"
            notes.append(ValueNote("record", nat.line_no, "5-8", str(nat.start_no), who, detail))
    return [nat for nat in national if nat.start_no in first_line]


def parse_trf_bytes(
    data: bytes, *, source: str = "<bytes>", encoding: str | None = None
) -> Tournament:
    """Decode a TRF file's bytes (:func:`decode_trf_noted`) and read them: UTF-8 text with a
    byte that is not UTF-8 is read with a warning (:attr:`Tournament.encoding_warning`).
    Bytes that are not of the encoding given (*encoding*), or of UTF-16 or UTF-32 after
    their byte-order mark, raise :class:`TrfError` naming the line and column of the first
    one."""
    try:
        text, used, warning = decode_trf_noted(data, encoding)
    except UnicodeDecodeError as exc:
        raise decode_error(data, exc, source) from None
    read = parse_trf(text, source=source, encoding=used)
    return read if warning is None else replace(read, encoding_warning=warning)


def decode_error(data: bytes, exc: UnicodeDecodeError, source: str) -> TrfError:
    """A :class:`TrfError` at the line and column of the byte that *exc* could not decode."""
    before = data[: exc.start]
    line_no = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    column = exc.start - line_start + 1
    if line_start == 0:  # a byte-order mark is not a column
        column -= next((len(bom) for bom, _ in _ALL_BOMS if data.startswith(bom)), 0)
    if exc.reason == MIXED_UTF8:
        bom = f" ({MIXED_UTF8})"
    elif any(data.startswith(mark) for mark, _ in _ALL_BOMS):
        bom = " (the file starts with its byte-order mark)"
    else:
        bom = ""
    bad = data[exc.start : exc.end]
    return TrfError(
        source,
        line_no,
        str(column),
        "encoding",
        f"{exc.encoding.upper()} text{bom}",
        f"the byte{'s' if len(bad) > 1 else ''} {' '.join(f'0x{b:02X}' for b in bad)}",
    )


MAX_TRF_BYTES = 128 << 20
"""The largest TRF file read, 128 MiB (the largest real ones are well under 10 MB); a bigger
or endless one is refused once this much has been read."""


_READ_BLOCK = 1 << 20
"""How much :func:`read_upto` reads at a time (1 MiB)."""


def read_upto(stream: BinaryIO, limit: int) -> bytes:
    """*stream* to its end, or its first bytes past *limit* (the caller refuses it), read a
    block at a time (one read of *limit* + 1 bytes would set aside that memory for any
    file)."""
    blocks: list[bytes] = []
    size = 0
    while size <= limit:
        block = stream.read(_READ_BLOCK)
        if not block:
            break
        blocks.append(block)
        size += len(block)
    return b"".join(blocks)


def read_bounded(stream: BinaryIO, source: str) -> bytes:
    """All of *stream*, refused with a :class:`TrfError` naming *source* once it passes
    :data:`MAX_TRF_BYTES` (memory stays bounded whatever the file is)."""
    data = read_upto(stream, MAX_TRF_BYTES)
    if len(data) > MAX_TRF_BYTES:
        raise TrfError(
            source,
            None,
            "",
            "size",
            f"a tournament file of at most {MAX_TRF_BYTES >> 20} MiB (the largest real ones "
            "are under 10 MB)",
            f"more than {MAX_TRF_BYTES:,} bytes",
        )
    return data


def read_trf_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the TRF file *path* (:func:`read_bounded`, named by its base name)."""
    with open(path, "rb") as stream:
        return read_bounded(stream, Path(path).name)


def read_trf(path: str | os.PathLike[str], *, encoding: str | None = None) -> Tournament:
    """Read a TRF file (:func:`read_trf_file`, :func:`parse_trf_bytes`); error messages name
    the file by its base name."""
    return parse_trf_bytes(read_trf_file(path), source=Path(path).name, encoding=encoding)


def not_a_trf(data: bytes, t: Tournament) -> str | None:
    """Why *t*, read from *data*, is not a tournament: ``None`` when it has a player record
    (``001``), else what the file holds instead, for a message.

    >>> not_a_trf(b"", parse_trf(""))
    'no player record (001): the file is empty'
    >>> not_a_trf(b"PK\\x03\\x04...", parse_trf("PK"))
    'no player record (001): a ZIP archive (an .xlsx workbook?), not a text file'
    """
    if t.players:
        return None
    head = "no player record (001): "
    if not data.strip():
        return head + ("the file is empty" if not data else "the file holds only blanks")
    if data.startswith(b"PK\x03\x04"):
        return head + "a ZIP archive (an .xlsx workbook?), not a text file"
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        return head + "an old Office document (.xls?), not a text file"
    if b"\x00" in data:
        if max(data[0::2].count(0), data[1::2].count(0)) > len(data) * 0.4:
            return head + "UTF-16 text without a byte-order mark (save it as UTF-8)"
        return head + "binary data (NUL bytes), not a text file"
    controls = sum(1 for b in data if b < 32 and b not in (9, 10, 13))
    if controls > len(data) // 20:
        return head + f"binary data ({controls} control bytes), not a text file"
    lines = [line for line in _split_lines(data.decode("latin-1")) if line.strip()]
    codes = sorted({line[:3] for line in lines if line[:3] in EVENT_CODES})
    if codes:
        return head + f"{len(lines)} lines, with event records {', '.join(codes)} only"
    return head + f"{len(lines)} lines, none a TRF record (line 1: {lines[0][:40]!r})"


# --------------------------------------------------------------------------- checks

ConsistencyKind = Literal[
    "player_count",
    "rated_count",
    "rated_count_any",
    "repeated_record",
    "points",
    "rank",
    "unknown_opponent",
    "self_pairing",
    "not_mirrored",
    "results_not_complementary",
    "same_colour",
    "bye_with_opponent",
    "result_without_opponent",
    "no_result",
    "duplicate_fide_id",
]
"""The kinds of :class:`~xlfuncs.findings.Finding` :func:`check_tournament` makes."""

_WARNING_KINDS: Final = frozenset({"repeated_record", "rated_count_any"})
"""The kinds of :func:`check_tournament` that are warnings; every other kind is an error
(``docs/check.md``, *The checks*)."""


def trf_finding(
    t: Tournament,
    kind: ConsistencyKind,
    message: str,
    p: Player | None = None,
    rnd: int | None = None,
    line_no: int | None = None,
) -> Finding:
    """One finding of :func:`check_tournament` on *t* (or of its ranks against a standing,
    kind ``rank``): of player *p* (their line), in round *rnd*, or at line *line_no*."""
    return Finding(
        kind=kind,
        severity="warning" if kind in _WARNING_KINDS else "error",
        message=message,
        file=t.source,
        line=p.line_no if p is not None else line_no,
        player=p.start_no if p is not None else None,
        round=rnd,
    )


def repeated_text(read: ExtraRecord, again: ExtraRecord) -> str:
    """What a record written again says, naming both lines and the one read.

    >>> print(repeated_text(ExtraRecord(15, "142", "142 3"), ExtraRecord(16, "142", "142 9")))
    record 142 written again on line 16 ('9'; line 15 gives '3'): line 15's is read
    """
    said, written = read.text[4:].strip(), again.text[4:].strip()
    what = (
        f"as line {read.line_no} gives it"
        if said == written
        else f"{written!r}; line {read.line_no} gives {said!r}"
    )
    return (
        f"record {again.code} written again on line {again.line_no} ({what}): line "
        f"{read.line_no}'s is read"
    )


_OVER_THE_BOARD: Final = frozenset(RATED_SYMBOLS + UNDER_ONE_MOVE_SYMBOLS)
"""The results of a game played over the board: ``1 = 0`` and, under one move, ``W D L``."""


def _last_round_over_the_board(t: Tournament) -> int:
    """The last round in which a game was played over the board (0: none): the last round
    the standing of a file written mid-event counts."""
    return max(
        (
            e.round
            for p in t.players
            for e in p.rounds
            if e.opponent is not None and e.result in _OVER_THE_BOARD
        ),
        default=0,
    )


def _later_bye_points(t: Tournament, p: Player, last_played: int) -> Decimal:
    """The points of the byes (and forfeits without an opponent) *p* has entered for rounds
    after *last_played*: they count when their round is played."""
    total = sum(
        (
            t.scoring.points(e.outcome)
            for e in p.rounds
            if e.round > last_played and e.opponent is None and e.outcome is not None
        ),
        Fraction(0),
    )
    return Decimal(total.numerator) / total.denominator


def check_tournament(t: Tournament) -> list[Finding]:
    """Compare the file with itself; returns what disagrees: file-wide findings first, then
    player by player in file order, then the rank findings. Never raises. The checks and
    their kinds: ``docs/check.md`` (*The checks*). A file written mid-event may give the
    points without the byes entered for rounds after the last played: either sum agrees;
    ``-``/``-`` is a double forfeit; players equal on points in any order are not reported.
    """
    return [
        *_count_findings(t),
        *(
            trf_finding(t, "repeated_record", repeated_text(read, again), line_no=again.line_no)
            for read, again in t.repeated_records
        ),
        *_fide_id_findings(t),
        *_player_findings(t),
        *_rank_findings(t),
    ]


def _count_findings(t: Tournament) -> list[Finding]:
    """``062`` and ``072`` against the number of players and of rated players."""
    found: list[Finding] = []
    declared = t.declared_players
    if declared is not None and declared != len(t.players):
        found.append(
            trf_finding(
                t,
                "player_count",
                f"062 gives {declared} player{'' if declared == 1 else 's'}, the file has "
                f"{len(t.players)}",
            )
        )
    rated = sum(1 for p in t.players if is_rated(p))
    declared_rated = t.declared_rated_players
    if declared_rated is not None and declared_rated != rated:
        with_any = sum(1 for p in t.players if p.rating)
        found.append(
            trf_finding(
                t,
                "rated_count_any" if declared_rated == with_any else "rated_count",
                f"072 gives {declared_rated} rated players, {rated} "
                f"player{' has' if rated == 1 else 's have'} a FIDE rating (a FIDE id and a "
                f"rating of {LOWEST_RATING} or more)"
                + (
                    f": the file counts every player with a rating of any kind ({with_any})"
                    if declared_rated == with_any
                    else ""
                ),
            )
        )
    return found


def _fide_id_findings(t: Tournament) -> list[Finding]:
    """Each player whose FIDE id an earlier player has."""
    found: list[Finding] = []
    first_with: dict[str, Player] = {}
    for p in t.players:
        fide_id = (p.fide_id or "").lstrip("0")
        first = first_with.setdefault(fide_id, p)
        if fide_id and first is not p:
            message = f"{p.who}: FIDE id {p.fide_id} is given to {first.who} too"
            found.append(trf_finding(t, "duplicate_fide_id", message, p))
    return found


def _player_findings(t: Tournament) -> list[Finding]:
    """Player by player: their points against their results', then their round entries."""
    found: list[Finding] = []
    last_played = _last_round_over_the_board(t)
    for p in t.players:
        computed = t.points_of(p)
        if (
            p.points is not None
            and p.points != computed
            and p.points != computed - _later_bye_points(t, p, last_played)
        ):
            scored = "" if t.scoring.is_default else f" (scoring {t.scoring.text}, record 162)"
            found.append(
                trf_finding(
                    t,
                    "points",
                    f"{p.who}: the file gives {points_text(p.points)} points, the results "
                    f"add up to {points_text(computed)}{scored}",
                    p,
                )
            )
        for e in p.rounds:
            found += _entry_findings(t, p, e)
    return found


def _entry_findings(t: Tournament, p: Player, e: RoundEntry) -> list[Finding]:
    """What is wrong with player *p*'s round entry *e*, then the pairing against the
    opponent's line (:func:`_pair_findings`)."""
    r = e.round
    outcome = e.outcome
    if e.opponent is None:
        if outcome is not None and not outcome.is_bye:
            message = f"{p.who}, round {r}: result {e.result!r} without an opponent"
            return [trf_finding(t, "result_without_opponent", message, p, r)]
        return []
    found: list[Finding] = []
    if outcome is not None and outcome.is_bye:
        message = f"{p.who}, round {r}: bye code {e.result!r} with opponent {e.opponent}"
        found.append(trf_finding(t, "bye_with_opponent", message, p, r))
    elif outcome is None:
        message = f"{p.who}, round {r}: opponent {e.opponent} but no result"
        found.append(trf_finding(t, "no_result", message, p, r))
    return found + _pair_findings(t, p, e)


def _pair_findings(t: Tournament, p: Player, e: RoundEntry) -> list[Finding]:
    """Player *p*'s game *e* (with an opponent) against the opponent's line (the pair checked
    once, from the lower starting rank)."""
    r = e.round
    if e.opponent == p.start_no:
        message = f"{p.who}, round {r}: paired against their own starting rank"
        return [trf_finding(t, "self_pairing", message, p, r)]
    q = t.by_start_no.get(e.opponent) if e.opponent is not None else None
    if q is None:
        message = f"{p.who}, round {r}: opponent {e.opponent} is not in the file"
        return [trf_finding(t, "unknown_opponent", message, p, r)]
    f = q.rounds[r - 1]
    if f.opponent != p.start_no:
        theirs = "no opponent" if f.opponent is None else f"opponent {f.opponent}"
        message = f"{p.who}, round {r}: plays {q.who}, whose line gives {theirs}"
        return [trf_finding(t, "not_mirrored", message, p, r)]
    if p.start_no > q.start_no:
        return []  # the pair is checked once, from the lower starting rank
    found: list[Finding] = []
    outcome, other = e.outcome, f.outcome
    if (
        outcome is not None
        and other is not None
        and outcome.opposite is not other
        and not (outcome is other is Outcome.FORFEIT_LOSS)  # a double forfeit
    ):
        message = (
            f"{p.who}, round {r}: result {e.result!r} against {q.who}, whose line gives "
            f"{f.result!r}"
        )
        found.append(trf_finding(t, "results_not_complementary", message, p, r))
    if e.colour is not None and e.colour == f.colour:
        message = f"{p.who}, round {r}: both {p.who} and {q.who} have colour {e.colour!r}"
        found.append(trf_finding(t, "same_colour", message, p, r))
    return found


def _rank_findings(t: Tournament) -> list[Finding]:
    """Players ranked above someone with more points: by the file's points (the results'
    where none); unranked players left out."""
    ranked = [p for p in t.players if p.rank]
    ranked.sort(key=lambda p: (p.rank or 0, p.line_no))
    out: list[Finding] = []
    best: Player | None = None  # most points among the players ranked below
    for group in reversed([list(g) for _, g in groupby(ranked, key=lambda p: p.rank)]):
        for p in group:
            if best is not None and _score(best, t) > _score(p, t):
                message = (
                    f"{p.who} is ranked {p.rank} with {points_text(_score(p, t))} points, "
                    f"above {best.who}, ranked {best.rank} with {points_text(_score(best, t))}"
                )
                out.append(trf_finding(t, "rank", message, p))
        for p in group:
            if best is None or _score(p, t) > _score(best, t):
                best = p
    out.sort(key=lambda d: d.line or 0)
    return out


def _score(p: Player, t: Tournament) -> Decimal:
    """The file's points, or the results' where the file has none."""
    return p.points if p.points is not None else t.points_of(p)
