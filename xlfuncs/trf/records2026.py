"""The records TRF-2026 adds to TRF16, read: what each says, by line, for the commands to act
on. What each record does here: ``docs/trf.md`` (*TRF-2026 records*).

A field that is not what the format defines raises :class:`RecordError`; the reader notes
it as a value (the line is not read, with a warning naming line, columns and field); in a
``299`` record too (:attr:`Trf2026.unread_assignments`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple

from ..core.results import Outcome
from ..core.scoring import DEFAULT_SCORING, ScoringSystem
from ..findings import Finding
from ..text_output import points_text
from .columns import PLAYER_COLUMNS, columns_named, columns_text, field_text, found_text
from .numbers import DECIMAL, DIGITS, MAX_ROUNDS, rounds_number, whole_number
from .values import ValueNote

__all__ = [
    "ASSIGNMENT_KINDS",
    "BYE_KINDS",
    "NRS_METHODS",
    "Acceleration",
    "AssignmentEffects",
    "ExtraRecord",
    "NationalRating",
    "NationalSupport",
    "PointAssignment",
    "ProhibitedPairing",
    "RecordError",
    "RoundBye",
    "Trf2026",
    "assignment_effects",
    "bye_notes",
    "is_national_line",
    "read_national_line",
    "read_records",
]

NRS_METHODS: Mapping[str, str] = {
    "FIDE": "FIDE rating only",
    "NRO": "national rating only",
    "FIDON": "FIDE rating if any, else the national rating",
    "NIDOF": "national rating if any, else the FIDE rating",
    "HBFN": "the higher of FIDE and national rating",
    "LBFN": "the lower of FIDE and national rating",
    "OTHER": "another ranking method",
}
"""Record 172's ranking methods (columns 9-13): how the starting ranks were made."""

_NRS_CODE = re.compile(r"[A-Z]{3}")
_PROGRAM_CODE = re.compile(r"(?:XX|BB)[A-Z]")
_NRS_SHAPE = re.compile(r"[A-Z]{3} [ 0-9]{3}[0-9](?: |$)")


class RecordError(ValueError):
    """A field of a TRF-2026 record that is not what the format defines (:func:`read_records`
    notes the line as not read)."""

    def __init__(self, line_no: int, columns: str, fld: str, expected: str, found: str) -> None:
        super().__init__(f"line {line_no}, columns {columns} ({fld}): expected {expected}")
        self.line_no = line_no
        self.columns = columns
        self.field = fld
        self.expected = expected
        self.found = found


class ExtraRecord(NamedTuple):
    """A line that is not a player line nor a known event record, kept as written."""

    line_no: int
    """1-based line number."""
    code: str
    """The first three characters of the line (``162``, ``XXR``, ...)."""
    text: str
    """The whole line as written, without its line break."""


def _error(line_no: int, first: int, last: int, fld: str, expected: str, text: str) -> RecordError:
    """The error for columns *first* to *last* of line *line_no*, *text*."""
    return RecordError(
        line_no, columns_text(first, last), fld, expected, found_text(text, first, last)
    )


# --------------------------------------------------------------------------- NRS


@dataclass(frozen=True)
class NationalSupport:
    """Record ``172``: whose national ratings the file carries and how the starting ranks
    were made from them."""

    federation: str | None
    """Columns 5-7, FIDE's code of the federation; ``None`` where the record gives only the
    method (``172 NIDOF``, as Sharly Chess writes it)."""
    method: str
    """Columns 9-13, one of :data:`NRS_METHODS` (as written, upper case)."""
    line_no: int

    @property
    def meaning(self) -> str:
        """The method in words."""
        return NRS_METHODS.get(self.method, "a method TRF-2026 does not define")


@dataclass(frozen=True)
class NationalRating:
    """One national-rating line, linked by starting rank to the ``001`` line; no rating
    calculation reads it."""

    federation: str
    """Columns 1-3: the rating federation (``FRA``)."""
    start_no: int
    """Columns 5-8."""
    sex: str
    classification: str
    """Columns 11-13: the national classification (a category, not a FIDE title)."""
    name: str
    rating: int | None
    """Columns 49-52: the national rating; ``None`` when blank or 0."""
    origin: str
    """Columns 54-56: the region, county ... within the federation."""
    national_id: str
    """Columns 58-68."""
    birth_date: str
    line_no: int


def is_national_line(raw: str) -> bool:
    """Whether *raw* is a national-rating line: three capital letters (not a pairing
    program's ``XX?``/``BB?``), a blank, a starting rank.

    >>> is_national_line("FRA    1    A" + " " * 35 + "2200 IDF"), is_national_line("XXR 9")
    (True, False)
    """
    code = raw[:3]
    return (
        bool(_NRS_CODE.fullmatch(code))
        and not _PROGRAM_CODE.fullmatch(code)
        and bool(_NRS_SHAPE.match(raw))
    )


def read_national_line(raw: str, line_no: int, notes: list[ValueNote]) -> NationalRating | None:
    """A national-rating line (:func:`is_national_line`); a national rating that is not a
    number read as none, a line whose starting rank is not a number not read (``None``),
    each added to *notes*."""
    start_text = field_text(raw, "starting rank")
    start_no = whole_number(start_text)
    if start_no is None:
        who = f"{raw[:3]} national-rating line"
        detail = "the starting rank is not a number"
        notes.append(ValueNote("record", line_no, "5-8", start_text, who, detail))
        return None
    rating_text = field_text(raw, "rating")
    rating = whole_number(rating_text)
    if rating is None and rating_text:
        who = f"{raw[:3]} national-rating line of no. {start_no}"
        notes.append(ValueNote("national_rating", line_no, "49-52", rating_text, who))
    name_first, name_last = PLAYER_COLUMNS["name"]
    return NationalRating(
        federation=raw[:3],
        start_no=start_no,
        sex=field_text(raw, "sex"),
        classification=field_text(raw, "title"),
        name=raw[name_first - 1 : name_last].strip(" "),
        rating=rating or None,
        origin=field_text(raw, "federation"),
        national_id=field_text(raw, "FIDE id"),
        birth_date=field_text(raw, "birth date"),
        line_no=line_no,
    )


# --------------------------------------------------------------------------- pairing data


@dataclass(frozen=True)
class RoundBye:
    """Record ``240``: a bye (``F`` full-point, ``H`` half-point, ``Z`` zero-point) in one
    round for the players listed."""

    kind: str
    round: int
    players: tuple[int, ...]
    line_no: int


@dataclass(frozen=True)
class Acceleration:
    """Record ``250``: fictitious points added for pairing in rounds
    :attr:`first_round`..:attr:`last_round` to players :attr:`first`..:attr:`last`."""

    match_points: Fraction | None
    points: Fraction | None
    first_round: int
    last_round: int
    first: int
    last: int
    line_no: int


@dataclass(frozen=True)
class ProhibitedPairing:
    """Record ``260``: players who may not meet in rounds :attr:`first_round` to
    :attr:`last_round`."""

    first_round: int
    last_round: int
    players: tuple[int, ...]
    line_no: int


@dataclass(frozen=True)
class PointAssignment:
    """Record ``299``: an abnormal assignment of points; what each field does:
    ``docs/trf.md`` (*Record 299*)."""

    kind: str
    """Column 5: ``W D L F H Z + -`` or ``" "`` (bonus or penalty)."""
    match_points: Fraction | None
    """Columns 8-11, for team events; ``None``: blank."""
    points: Fraction | None
    """Columns 14-17: the game points (teams), the points (individuals); ``None``: blank."""
    round: int | None
    """Columns 20-22; ``None``: ``000`` or blank (all rounds)."""
    players: tuple[int, ...]
    """The starting ranks (team numbers in a team event) from column 24, five a player;
    none: every competitor."""
    line_no: int
    shifted: bool = False
    """Whether the line writes its fields one column to the left of TRF-2026's (points in
    12-15, round in 17-19, players from 21), as Sharly Chess writes them."""


# --------------------------------------------------------------------------- the records


@dataclass(frozen=True)
class Trf2026:
    """Every TRF-2026 record of a file beyond TRF16's, read."""

    scoring: ScoringSystem = DEFAULT_SCORING
    """Record ``162``; the default when the file has none."""
    scoring_line: int | None = None
    """The ``162`` line read (``None``: none)."""
    national_support: tuple[NationalSupport, ...] = ()
    national_ratings: tuple[NationalRating, ...] = ()
    rounds_text: str = ""
    """``142`` number of rounds, as written."""
    initial_colour: str = ""
    """``152`` ``W`` or ``B``."""
    pairing_controller: str = ""
    """``182``."""
    encoded_type: str = ""
    """``192`` (``FIDE_DUTCH_2026`` ...)."""
    time_control: str = ""
    """``222`` as written (``40/6000+30:900+30``)."""
    byes: tuple[RoundBye, ...] = ()
    accelerations: tuple[Acceleration, ...] = ()
    prohibited: tuple[ProhibitedPairing, ...] = ()
    assignments: tuple[PointAssignment, ...] = ()
    unread_assignments: tuple[Finding, ...] = ()
    """The ``299`` lines not read (a field not the format's), one warning each, naming the
    line, columns and field."""
    comments: tuple[ExtraRecord, ...] = ()
    """``###`` lines, as written."""

    @property
    def declared_rounds(self) -> int | None:
        """``142`` as a number of rounds (1 to :data:`~xlfuncs.trf.numbers.MAX_ROUNDS`),
        when it is one."""
        return rounds_number(self.rounds_text)

    def national(self, start_no: int) -> tuple[NationalRating, ...]:
        """The national-rating lines of one player, in file order."""
        return tuple(n for n in self.national_ratings if n.start_no == start_no)


def _read_162(raw: str, line_no: int) -> ScoringSystem:
    """Record 162: a symbol at column 6, its points in 7-10, the next symbol at 15 ..."""
    values: dict[str, Fraction] = {}
    if raw[4:5].strip():
        expected = "a blank (the first symbol is in column 6)"
        raise _error(line_no, 5, 5, "scoring symbol", expected, raw)
    for col in range(6, len(raw.rstrip()) + 1, 9):
        symbol, points = raw[col - 1].upper(), raw[col : col + 4].strip()
        if symbol == " ":
            cell = raw[col - 1 : col + 8]
            if cell.strip():
                first = col + len(cell) - len(cell.lstrip(" "))
                expected = f"a symbol at column {col} (a symbol and its points every 9 columns)"
                raise _error(line_no, first, first, "scoring symbol", expected, raw)
        elif symbol not in "WDLAPX":
            raise _error(line_no, col, col, "scoring symbol", "one of W, D, L, A, P, X", raw)
        elif not DECIMAL.fullmatch(points):
            expected = "a number of points such as 1.0"
            raise _error(line_no, col + 1, col + 4, f"points of {symbol}", expected, raw)
        else:
            values[symbol] = Fraction(points)
    return ScoringSystem(
        win=values.get("W", Fraction(1)),
        draw=values.get("D", Fraction(1, 2)),
        loss=values.get("L", Fraction(0)),
        absence=values.get("A", Fraction(0)),
        pairing_bye=values.get("P"),
        unknown=values.get("X"),
    )


def _read_172(raw: str, line_no: int) -> NationalSupport:
    words = raw[4:].split()
    if len(words) == 1 and words[0].upper() in NRS_METHODS:
        return NationalSupport(None, words[0].upper(), line_no)
    method = raw[8:13].strip().upper()
    if not _NRS_CODE.fullmatch(raw[4:7]) or method not in NRS_METHODS:
        expected = f"a federation in columns 5-7 and a method in 9-13 ({', '.join(NRS_METHODS)})"
        raise _error(line_no, 5, 13, "national rating support", expected, raw)
    return NationalSupport(raw[4:7], method, line_no)


def _int_field(
    raw: str, first: int, last: int, line_no: int, fld: str, *, blank: int | None
) -> int:
    text = raw[first - 1 : last].strip()
    if not text and blank is not None:
        return blank
    if not DIGITS.fullmatch(text):
        raise _error(line_no, first, last, fld, "a whole number", raw)
    return int(text)


def _round_field(
    raw: str, first: int, last: int, line_no: int, fld: str, *, blank: int | None
) -> int:
    """A round number of a record: a whole number from 1 (:func:`_int_field`)."""
    value = _int_field(raw, first, last, line_no, fld, blank=blank)
    if value < 1:
        raise _error(line_no, first, last, fld, "a round number from 1", raw)
    return value


def _numbers(raw: str, first: int, width: int, line_no: int, fld: str) -> tuple[int, ...]:
    """The whole numbers of fields *width* - 1 columns wide, one every *width* columns from
    *first*, blank fields and ``0000`` left out."""
    starts = range(first, len(raw.rstrip()) + 1, width)
    values = (_int_field(raw, col, col + width - 2, line_no, fld, blank=0) for col in starts)
    return tuple(value for value in values if value)


def _read_240(raw: str, line_no: int) -> RoundBye:
    kind = raw[4:5].upper()
    if kind not in BYE_KINDS:
        raise _error(line_no, 5, 5, "type of bye", "F, H or Z", raw)
    rnd = _round_field(raw, 7, 9, line_no, "round", blank=None)
    return RoundBye(kind, rnd, _numbers(raw, 11, 5, line_no, "player"), line_no)


def _points_field(raw: str, first: int, line_no: int, fld: str) -> Fraction | None:
    """The points in columns *first* to *first* + 3 (``None``: blank)."""
    text = raw[first - 1 : first + 3].strip()
    if text and not DECIMAL.fullmatch(text):
        raise _error(line_no, first, first + 3, fld, "a number such as 1.0 or a blank", raw)
    return Fraction(text) if text else None


def _read_250(raw: str, line_no: int) -> Acceleration:
    match_points = _points_field(raw, 5, line_no, "fictitious match points")
    points = _points_field(raw, 10, line_no, "fictitious points")
    first_round = _round_field(raw, 15, 17, line_no, "first round", blank=None)
    last_round = _round_field(raw, 19, 21, line_no, "last round", blank=first_round)
    first = _int_field(raw, 23, 26, line_no, "first player", blank=None)
    last = _int_field(raw, 28, 31, line_no, "last player", blank=first)
    return Acceleration(match_points, points, first_round, last_round, first, last, line_no)


def _read_260(raw: str, line_no: int) -> ProhibitedPairing:
    first_round = _round_field(raw, 5, 7, line_no, "first round", blank=None)
    last_round = _round_field(raw, 9, 11, line_no, "last round", blank=first_round)
    return ProhibitedPairing(
        first_round, last_round, _numbers(raw, 13, 5, line_no, "player"), line_no
    )


_LAYOUTS = ((8, 14, 20, 24), (7, 12, 17, 21))
"""Record 299's columns (match points, points, round, first player): TRF-2026's, and the
same one column to the left, as Sharly Chess writes them."""


def _read_299(raw: str, line_no: int) -> PointAssignment:
    """Record 299, in TRF-2026's columns or one column to the left (:data:`_LAYOUTS`).
    Raises :class:`RecordError` for a field that is not the format's in TRF-2026's."""
    kind = raw[4:5] or " "
    if kind.upper() not in "WDLFHZ+- ":
        raise _error(line_no, 5, 5, "type of assignment", "W, D, L, F, H, Z, +, - or a blank", raw)
    bad = _bad_299(raw, line_no, _LAYOUTS[0])
    if bad is not None and _bad_299(raw, line_no, _LAYOUTS[1]) is not None:
        raise bad
    mp, gp, rnd, who = _LAYOUTS[bad is not None]
    round_text = raw[rnd - 1 : rnd + 2].strip()
    return PointAssignment(
        kind=kind.upper(),
        match_points=_points_field(raw, mp, line_no, "match points"),
        points=_points_field(raw, gp, line_no, "points"),
        round=int(round_text) or None if round_text else None,
        players=_numbers(raw, who, 5, line_no, "player"),
        line_no=line_no,
        shifted=bad is not None,
    )


def _bad_299(raw: str, line_no: int, layout: tuple[int, int, int, int]) -> RecordError | None:
    """The first field of a ``299`` line read in the columns of *layout* that is not the
    format's; ``None``: none."""
    mp, gp, rnd, who = layout
    fields = f"match points in columns {mp}-{mp + 3}, points in {gp}-{gp + 3}"
    if not raw[5 : gp + 3].strip():
        expected = f"match points in columns {mp}-{mp + 3} or points in {gp}-{gp + 3}"
        return _error(line_no, mp, gp + 3, "points", expected, raw)
    for first, fld in ((mp, "match points"), (gp, "points")):
        text = raw[first - 1 : first + 3].strip()
        if text and not DECIMAL.fullmatch(text):
            return _error(line_no, first, first + 3, fld, "a number such as 1.0 or a blank", raw)
    text = raw[rnd - 1 : rnd + 2].strip()
    if text and not DIGITS.fullmatch(text):
        return _error(line_no, rnd, rnd + 2, "round", "a round number, 000 or a blank", raw)
    for first, last in ((6, mp - 1), (mp + 4, gp - 1), (gp + 4, rnd - 1), (rnd + 3, who - 1)):
        if raw[first - 1 : last].strip():
            expected = (
                f"a blank between the fields ({fields}, the round in {rnd}-{rnd + 2}, starting "
                f"ranks from {who}, five columns each)"
            )
            return _error(line_no, first, last, "abnormal assignment", expected, raw)
    for col in range(who, len(raw.rstrip()) + 1, 5):
        text = raw[col - 1 : col + 3].strip()
        if text and not DIGITS.fullmatch(text):
            return _error(line_no, col, col + 3, "starting rank", "a number or a blank", raw)
        if raw[col + 3 : col + 4].strip():
            expected = (
                f"a blank between two (starting ranks in columns {who}-{who + 3}, "
                f"{who + 5}-{who + 8}, {who + 10}-{who + 13} ...)"
            )
            return _error(line_no, col + 4, col + 4, "starting ranks", expected, raw)
    return None


def read_records(
    extra: Sequence[ExtraRecord],
    national: Sequence[NationalRating],
    comments: Sequence[ExtraRecord],
    notes: list[ValueNote],
) -> Trf2026:
    """Every TRF-2026 record among *extra* (the lines the TRF16 reader keeps), with the
    national-rating lines and the comments the reader set apart; a line with a field that
    is not what the format defines is not read, and added to *notes*."""
    first: dict[str, ExtraRecord] = {}
    support: list[NationalSupport] = []
    byes: list[RoundBye] = []
    accelerations: list[Acceleration] = []
    prohibited: list[ProhibitedPairing] = []
    assignments: list[PointAssignment] = []
    unread: list[Finding] = []
    scoring = DEFAULT_SCORING
    scoring_line: int | None = None
    for r in extra:
        code, raw, n = r.code, r.text, r.line_no
        try:
            if code == "162" and scoring_line is None:
                scoring, scoring_line = _read_162(raw, n), n
            elif code == "172":
                support.append(_read_172(raw, n))
            elif code == "240":
                byes.append(_read_240(raw, n))
            elif code == "250":
                accelerations.append(_read_250(raw, n))
            elif code == "260":
                prohibited.append(_read_260(raw, n))
        except RecordError as exc:
            detail = f"{exc.field}: expected {exc.expected}, found {exc.found}"
            notes.append(
                ValueNote("record", n, exc.columns, raw.rstrip(), f"record {code}", detail)
            )
        if code == "299":
            try:
                assignments.append(_read_299(raw, n))
            except RecordError as exc:
                why = (
                    f"record 299, line {n}: {columns_named(exc.columns)} ({exc.field}): expected "
                    f"{exc.expected}, found {exc.found}: the line is not read"
                )
                unread.append(Finding("assignment", "warning", why, line=n))
        if code in ("142", "152", "182", "192", "222", "XXR") and code not in first:
            first[code] = r
    for code in ("142", "XXR"):  # the number of rounds: read by planned_rounds
        said = first.get(code)
        written = "" if said is None else said.text[3:].strip()
        if said is not None and rounds_number(written) is None:
            detail = f"number of rounds: expected a whole number from 1 to {MAX_ROUNDS}, found " + (
                repr(written) if written else "a blank"
            )
            columns = columns_text(5, max(5, len(said.text.rstrip())))
            notes.append(
                ValueNote(
                    "record", said.line_no, columns, said.text.rstrip(), f"record {code}", detail
                )
            )

    def text(code: str) -> str:
        return first[code].text[4:].rstrip() if code in first else ""

    return Trf2026(
        scoring=scoring,
        scoring_line=scoring_line,
        national_support=tuple(support),
        national_ratings=tuple(national),
        rounds_text=text("142"),
        initial_colour=text("152"),
        pairing_controller=text("182"),
        encoded_type=text("192"),
        time_control=text("222"),
        byes=tuple(byes),
        accelerations=tuple(accelerations),
        prohibited=tuple(prohibited),
        assignments=tuple(assignments),
        unread_assignments=tuple(unread),
        comments=tuple(comments),
    )


# --------------------------------------------------------------------------- 299 applied

ASSIGNMENT_KINDS: Mapping[str, Outcome] = {
    "W": Outcome.WIN,
    "D": Outcome.DRAW,
    "L": Outcome.LOSS,
    "F": Outcome.FULL_BYE,
    "H": Outcome.HALF_BYE,
    "Z": Outcome.ZERO_BYE,
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.FORFEIT_LOSS,
}
"""Record 299's types of assignment and the results they are."""

_SAME_KIND: Mapping[Outcome, Outcome] = {
    Outcome.SHORT_WIN: Outcome.WIN,
    Outcome.SHORT_DRAW: Outcome.DRAW,
    Outcome.SHORT_LOSS: Outcome.LOSS,
}


@dataclass(frozen=True)
class AssignmentEffects:
    """What a file's ``299`` records do to an individual event's points."""

    scoring: ScoringSystem
    """The scoring system (record ``162``) with the types of result whose points the whole
    event's ``299`` records set (a type, no round, no player)."""
    bonus: Mapping[int, Fraction]
    """Points added to (negative: taken from) a player's score, by starting rank (a blank
    type): the standing's points, not what the opponents' tie-breaks read."""
    round_points: Mapping[tuple[int, int], Fraction]
    """The points of one round of one player, by (starting rank, round) (a type, a round and
    players): the round's points everywhere (the player's score, the opponents'
    tie-breaks)."""
    notes: tuple[Finding, ...]
    """What was applied (notes), and what was not and why (warnings), one sentence each, at
    the record's line."""


def assignment_effects(
    records: Trf2026,
    outcomes: Mapping[int, Sequence[Outcome | None]],
    *,
    team_event: bool,
) -> AssignmentEffects:
    """The effects of *records*' ``299`` lines on the players whose rounds' results are
    *outcomes* (by starting rank), with a note or warning for each line (``docs/trf.md``,
    *Record 299*). A team event's ``299`` records concern the teams
    (:func:`xlfuncs.trf.teams.event_teams`), not the players."""
    scoring = records.scoring
    found = records.assignments
    notes: list[Finding] = list(records.unread_assignments)
    if team_event or not found:
        return AssignmentEffects(DEFAULT_SCORING if team_event else scoring, {}, {}, tuple(notes))
    defaults: dict[Outcome, Fraction] = dict(scoring.overrides)
    bonus: dict[int, Fraction] = {}
    round_points: dict[tuple[int, int], Fraction] = {}
    for a in found:
        where = f"record 299, line {a.line_no}"

        def note(text: str, line: int = a.line_no) -> None:
            notes.append(Finding("assignment", "note", text, line=line))

        def unused(text: str, line: int = a.line_no) -> None:
            notes.append(Finding("assignment", "warning", text, line=line))

        if a.shifted:
            note(
                f"{where}: its fields are one column to the left of TRF-2026's (points in "
                "12-15, round 17-19, players from 21, as Sharly Chess writes them): read so"
            )
        if a.points is None:
            unused(
                f"{where}: match points only (columns 8-11), which are a team's; no points "
                "for a player (columns 14-17): not applied"
            )
            continue
        if a.match_points is not None:
            note(
                f"{where}: its match points (columns 8-11) are a team's: the players' points "
                "are those of columns 14-17"
            )
        kind = ASSIGNMENT_KINDS.get(a.kind)
        if kind is not None and a.round is None and not a.players:
            defaults[kind] = a.points
            note(f"{where}: every {a.kind!r} of the event scores {points_text(a.points)}")
            continue
        for n in a.players:
            if n not in outcomes:
                unused(f"{where}: no. {n} is not a player of the file: not applied")
        known = [n for n in a.players if n in outcomes] if a.players else sorted(outcomes)
        if kind is None:  # a bonus or a penalty
            for n in known:
                bonus[n] = bonus.get(n, Fraction(0)) + a.points
            if known:
                who = ", ".join(f"no. {n}" for n in known) if a.players else "every player"
                what = "a bonus" if a.points >= 0 else "a penalty"
                sign = "+" if a.points >= 0 else ""
                points = f"{sign}{points_text(a.points)} point{'s' if abs(a.points) != 1 else ''}"
                note(f"{where}: {who} {points} ({what}) in the standing")
            continue
        if a.round is None or not a.players:
            note(_typed_rounds(where, a, kind, a.points, known, outcomes, round_points))
            continue
        for n in known:
            rounds = outcomes[n]
            if a.round > len(rounds):
                unused(
                    f"{where}: round {a.round} is not in the file (no. {n} has "
                    f"{len(rounds)}): not applied"
                )
                continue
            round_points[(n, a.round)] = a.points
            written = rounds[a.round - 1]
            said = f"{where}: no. {n}, round {a.round}: {a.kind!r} scoring {points_text(a.points)}"
            if written is None or _SAME_KIND.get(written, written) is not kind:
                shown = "no result" if written is None else repr(written.symbol)
                said += (
                    f"; the 001 line writes {shown}: the points are 299's, the result (for "
                    "the counts and the unplayed rounds) the 001 line's"
                )
            note(said)
    if defaults != dict(scoring.overrides):
        scoring = replace(scoring, overrides=tuple(defaults.items()))
    return AssignmentEffects(scoring, bonus, round_points, tuple(notes))


def _typed_rounds(
    where: str,
    a: PointAssignment,
    kind: Outcome,
    points: Fraction,
    players: Sequence[int],
    outcomes: Mapping[int, Sequence[Outcome | None]],
    round_points: dict[tuple[int, int], Fraction],
) -> str:
    """A typed record naming a round but no player, or players but no round: the points of
    each round of *players* whose result is that type, set in *round_points*; what was done,
    in one sentence."""
    hits: list[str] = []
    for n in players:
        for r, o in enumerate(outcomes[n], start=1):
            if a.round not in (None, r) or o is None or _SAME_KIND.get(o, o) is not kind:
                continue
            round_points[(n, r)] = points
            hits.append(f"no. {n} round {r}")
    who = ", ".join(f"no. {n}" for n in players) if a.players else "every player"
    rounds = "every round" if a.round is None else f"round {a.round}"
    said = f"{where}: {a.kind!r} scoring {points_text(points)} for {who}, {rounds}"
    if not hits:
        return said + f": no such result ({a.kind!r}) in the file: nothing to apply"
    return said + ": " + ", ".join(hits)


BYE_KINDS: Mapping[str, Outcome] = {kind: ASSIGNMENT_KINDS[kind] for kind in "FHZ"}
"""Record ``240``'s kinds of bye and the results they are."""


def bye_notes(
    records: Trf2026, outcomes: Mapping[int, Sequence[Outcome | None]], rounds: int
) -> list[Finding]:
    """Where a ``240`` bye disagrees with the ``001`` lines (the results counted are theirs):
    a player the file does not have, a round whose entry is not that bye, a round after the
    file's last; warnings (kind ``bye``)."""
    out: list[Finding] = []
    for b in records.byes:
        where = f"record 240, line {b.line_no}"
        later = [n for n in b.players if n in outcomes and b.round > rounds]
        if later:
            said = (
                f"{where}: a {b.kind!r} bye in round {b.round}, after the file's last round "
                f"({rounds}), for {', '.join(f'no. {n}' for n in later)}"
            )
            out.append(Finding("bye", "warning", said, line=b.line_no))
        for n in b.players:
            if n not in outcomes:
                said = f"{where}: no. {n} is not a player of the file"
                out.append(Finding("bye", "warning", said, line=b.line_no))
            elif b.round <= len(outcomes[n]):
                written = outcomes[n][b.round - 1]
                if written is not BYE_KINDS[b.kind] and not (b.kind == "Z" and written is None):
                    shown = "no result" if written is None else repr(written.symbol)
                    said = (
                        f"{where}: no. {n}, round {b.round}: a {b.kind!r} bye, the 001 line "
                        f"writes {shown} (the 001 line's is counted)"
                    )
                    out.append(Finding("bye", "warning", said, line=b.line_no))
    return out
