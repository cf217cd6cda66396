"""From a tournament report file (TRF16) to the figures an arbiter checks, player by player.

:func:`crosstable_from_trf` turns a :class:`~xlfuncs.trf.Tournament` into a
:class:`~xlfuncs.core.tournament.Crosstable` (with each rated player's K and where it came
from); :func:`build_report` adds the discrepancies of the file and the warnings, and
:func:`render_text`, :func:`render_json` and :func:`render_csv` print it. The ``xlfuncs
report`` command is a thin layer over these.

How the file is read
--------------------

Players are numbered in starting-rank order. Each round of a player becomes a pairing:

==========================================  ============================================
TRF round entry                             pairing
==========================================  ============================================
opponent and ``1 = 0``                      a rated game (rated when both have ratings)
opponent and ``+ -``                        a forfeit: scores, not rated
opponent and ``W D L``                      under one move: scores, not rated
opponent and a blank result                 a game without a result yet: no points
no opponent and ``H F U Z``                 the bye of that code (½, 1, 1, 0)
no opponent and ``+`` (``0000 - +``)        an old-style bye scoring 1 (not a forfeit)
no opponent and ``-`` (``0000 - -``)        an old-style zero-point bye
no opponent and a blank result              no game (absent, withdrawn): no points
==========================================  ============================================

An entry the parser's :func:`~xlfuncs.trf.check_tournament` reports as wrong keeps its points
but loses its opponent (a bye code with an opponent, an opponent not in the file, a player
paired with themself): the points then agree with the file's arithmetic, and no game is
rated that the file does not clearly describe.

Round robin or Swiss
--------------------

The event is a round robin when every two players met (a game, a forfeit or a game without a
result, in any round), leaving out the pairs with a player who withdrew, i.e. who has no
opponent and no points in the last round (a round robin keeps its nature when a player
leaves; a bye of the last round that scores, ``H F U``, is no withdrawal).
A double round robin counts. The ``092`` record is only compared with the finding (a warning
when they disagree). The kind of event matters for the 2017 first-rating rule.

K
-

A TRF does not say how many rated games a player has completed, nor whether their rating
ever reached 2400. Every rated player is assumed **established (30 or more games)** and to
have reached 2400 only when the rating in the file is 2400 or more; K is then
:func:`~xlfuncs.core.k_factor` on the event's date (the junior rule uses the birth year).
A K file (``fide_id,k``, see :func:`parse_k_file`) overrides K by FIDE id: use it for a player
with fewer than 30 games (K 40), a player who once reached 2400 (K 10), or K lowered for the
other events of the rating period. Each K says where it came from (:data:`K_SOURCES`).

The event's date and the rules
------------------------------

The event's date is the ``042`` start date, else the ``052`` end date, else the earliest
``132`` round date, else today (with a warning). It decides the junior K and, unless rules
are given, the edition of the regulations: the one in force that day, or the oldest
implemented edition (``2017``, from 1 July 2017) for an older event, with a warning. The
start date, because the Rating Regulations apply a change "to tournaments starting on or
after that date" (B.02 0.11 in the handbook of the 2000s; the 2024 and 2025 announcements
give only the day the rules came into force) and take K from the rating at the start of the
event. An event that started under one edition and ended under another gets a warning.

Figures
-------

One :class:`ReportRow` per player. Ra is the average of the rated opponents in rated games;
``rp_fide`` is Ra + dp; ``rp_exact`` is the exact performance rounded to a whole number, or
``None`` with ``rp_exact_note`` ``"+inf (100 % score)"`` / ``"-inf (0 % score)"`` when the
score against rated opponents is all or nothing (the text table shows ``+inf`` / ``-inf``).
The rating change is for this event alone. Norms are checked on rating figures only (nine
games, Ra with the floor, Rp, 35 %); the opponents' federations and titles are not. A norm
for a title the player already holds, or a weaker one, is not reported.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from fractions import Fraction

from .core import Outcome, k_factor
from .core.editions import EDITIONS, Edition, RulesSpec, edition_on, get_edition
from .core.norms import NORM_TITLES, norm_performance
from .core.tables import round_half_up
from .core.tournament import Crosstable, Entrant, Pairing, PlayerFigures
from .core.validate import MAX_RATING
from .trf import Discrepancy, Player, RoundEntry, Tournament, check_tournament, decode_trf

__all__ = [
    "ASSUMED_GAMES",
    "JSON_KEYS",
    "K_SOURCES",
    "KFileError",
    "PlayerK",
    "Report",
    "ReportRow",
    "TrfCrosstable",
    "build_report",
    "crosstable_from_trf",
    "event_date",
    "held_norm_title",
    "is_round_robin",
    "parse_k_file",
    "read_k_file",
    "render_csv",
    "render_json",
    "render_text",
    "report_rows",
]

ASSUMED_GAMES = 30
"""Rated games a player is assumed to have completed: a TRF does not say (K 40 below 30)."""

K_OVERRIDE = "override file"
K_JUNIOR = "computed: junior"
K_2400 = "computed: rating 2400+"
K_ASSUMED = "assumed 30+ games"

K_SOURCES: Mapping[str, str] = {
    K_OVERRIDE: "file",
    K_JUNIOR: "junior",
    K_2400: "2400+",
    K_ASSUMED: "30+?",
}
"""Where a K comes from, and the short form of the text table:

- ``override file``: the K file gave it;
- ``computed: junior``: 40, until the end of the year of the 18th birthday while under 2300;
- ``computed: rating 2400+``: 10, the rating in the file is 2400 or more;
- ``assumed 30+ games``: 20, the player is assumed to have completed 30 rated games.

A K lowered by the rule K x n <= 700 adds ``; lowered from N (K x n <= 700)``."""

MAX_K = 40
"""The largest K a K file may give (FIDE's K is 40, 20 or 10; a lower whole number serves a
K already lowered for the other events of the rating period)."""

_BYE_CODES = "HFUZ"
_OLD_STYLE_BYES: Mapping[str, Outcome] = {"+": Outcome.PAIRING_BYE, "-": Outcome.ZERO_BYE}


# --------------------------------------------------------------------------- the K file


class KFileError(ValueError):
    """A K file that cannot be read. The message names the file, line, column and field,
    like :class:`~xlfuncs.trf.TrfError`:
    ``k.csv, line 4, column 2 (k): expected a whole number from 1 to 40, found 'abc'``."""

    source: str
    line_no: int | None
    """1-based line number (``None``: the file as a whole)."""
    column: int | None
    """1-based CSV column (``None``: the line as a whole)."""
    field: str
    expected: str
    found: str

    def __init__(
        self,
        source: str,
        line_no: int | None,
        column: int | None,
        field: str,
        expected: str,
        found: str,
    ) -> None:
        """Keep the parts and build the message from them."""
        self.source = source
        self.line_no = line_no
        self.column = column
        self.field = field
        self.expected = expected
        self.found = found
        where = source
        if line_no is not None:
            where += f", line {line_no}"
        if column is not None:
            where += f", column {column}"
        super().__init__(f"{where} ({field}): expected {expected}, found {found}")

    def __reduce__(
        self,
    ) -> tuple[type[KFileError], tuple[str, int | None, int | None, str, str, str]]:
        """Pickle and copy by the parts, not by the message."""
        return (
            KFileError,
            (self.source, self.line_no, self.column, self.field, self.expected, self.found),
        )


_K_HEADER = ["fide_id", "k"]
_FIDE_ID = re.compile(r"[0-9]{1,11}")
_LINE_BREAK = re.compile(r"\r\n|\n|\r")


def parse_k_file(text: str, *, source: str = "<string>") -> dict[str, int]:
    """K by FIDE id from the text of a K file.

    The file is CSV: a header line ``fide_id,k`` (either case), then one player a line.
    Blank lines and lines starting with ``#`` are skipped. A FIDE id is 1 to 11 digits; K a
    whole number from 1 to 40. Raises :class:`KFileError` for anything else, a FIDE id given
    twice included.

    >>> parse_k_file("# juniors\\nfide_id,k\\n99300010, 40\\n")
    {'99300010': 40}
    """
    text = text.removeprefix("\ufeff")
    out: dict[str, int] = {}
    first_line: dict[str, int] = {}
    header_seen = False
    for line_no, raw in enumerate(_LINE_BREAK.split(text), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        row = [cell.strip() for cell in next(csv.reader([raw]))]
        if not header_seen:
            if [cell.lower() for cell in row] != _K_HEADER:
                raise KFileError(
                    source, line_no, None, "header", "the header line fide_id,k", repr(stripped)
                )
            header_seen = True
            continue
        if len(row) != 2:
            raise KFileError(
                source,
                line_no,
                None,
                "row",
                "two fields, a FIDE id and K",
                f"{len(row)} field{'' if len(row) == 1 else 's'}: {stripped!r}",
            )
        fide_id, k_text = row
        if not _FIDE_ID.fullmatch(fide_id):
            found = "a blank" if not fide_id else repr(fide_id)
            raise KFileError(source, line_no, 1, "fide_id", "a FIDE id (1 to 11 digits)", found)
        if fide_id in first_line:
            raise KFileError(
                source,
                line_no,
                1,
                "fide_id",
                f"a FIDE id not given before (line {first_line[fide_id]} gives it)",
                repr(fide_id),
            )
        if not (k_text.isascii() and k_text.isdigit() and 1 <= int(k_text) <= MAX_K):
            found = "a blank" if not k_text else repr(k_text)
            raise KFileError(source, line_no, 2, "k", f"a whole number from 1 to {MAX_K}", found)
        first_line[fide_id] = line_no
        out[fide_id] = int(k_text)
    if not header_seen:
        raise KFileError(
            source,
            None,
            None,
            "header",
            "the header line fide_id,k",
            "no header (the file is empty or all comments)",
        )
    return out


def read_k_file(path: str | os.PathLike[str]) -> dict[str, int]:
    """:func:`parse_k_file` on a file (UTF-8, else Windows-1252, as a TRF); messages name
    the file by its base name. ``OSError`` when it cannot be read."""
    with open(path, "rb") as fh:
        data = fh.read()
    text, _ = decode_trf(data)
    return parse_k_file(text, source=os.path.basename(os.fspath(path)))


# --------------------------------------------------------------------------- crosstable


@dataclass(frozen=True)
class PlayerK:
    """The K of one player and where it came from."""

    start_no: int
    k: int | None
    """``None`` for an unrated player (no rating change)."""
    source: str | None
    """One of :data:`K_SOURCES` (``None`` for an unrated player)."""


@dataclass(frozen=True)
class TrfCrosstable:
    """A TRF read into a crosstable: player *i* of the crosstable (from 1) is ``players[i-1]``
    and has K ``ks[i-1]``."""

    crosstable: Crosstable
    players: tuple[Player, ...]
    """The file's players in starting-rank order."""
    ks: tuple[PlayerK, ...]
    event_date: _dt.date
    """The date used for K and (without rules) for the edition."""
    warnings: tuple[str, ...]
    """What the reader had to assume or could not use."""


def event_date(t: Tournament, *, today: _dt.date | None = None) -> tuple[_dt.date, str | None]:
    """The event's date (start, else end, else earliest round date, else *today*) and a
    warning when it is not the start date.

    >>> from xlfuncs.trf import parse_trf
    >>> event_date(parse_trf("042 2026/03/14"))
    (datetime.date(2026, 3, 14), None)
    >>> event_date(parse_trf("052 2026/03/16"))[1]
    'no start date (042) in the file: used the end date (052), 2026-03-16'
    """
    if t.start_date is not None:
        return t.start_date, None
    why = (
        "no start date (042) in the file"
        if not t.start_date_text
        else f"the start date (042) {t.start_date_text!r} is not a date"
    )
    if t.end_date is not None:
        return t.end_date, f"{why}: used the end date (052), {t.end_date.isoformat()}"
    rounds = [d for d in t.round_dates if d is not None]
    if rounds:
        first = min(rounds)
        return (
            first,
            f"{why} nor end date (052): used the first round date (132), {first.isoformat()}",
        )
    day = today or _dt.date.today()
    return day, f"{why} nor end date (052) nor round dates (132): used today, {day.isoformat()}"


def _choose_edition(t: Tournament, rules: RulesSpec, day: _dt.date) -> tuple[Edition, list[str]]:
    """The edition: *rules* when given, else the one in force on *day*."""
    if rules is not None:
        return get_edition(rules), []
    oldest = next(iter(EDITIONS.values()))
    if day < oldest.in_force_from:
        return oldest, [
            f"the event ({day.isoformat()}) is older than the oldest implemented rules "
            f"({oldest.id}, in force from {oldest.in_force_from.isoformat()}): used the "
            f"{oldest.id} rules; give --rules to choose"
        ]
    edition = edition_on(day)
    warnings: list[str] = []
    end = t.end_date
    if (
        end is not None
        and end > day
        and edition.in_force_until is not None
        and end > edition.in_force_until
    ):
        warnings.append(
            f"the event ran from {day.isoformat()} to {end.isoformat()}, across a change of "
            f"the rules: used the {edition.id} rules, in force at the start; give --rules to "
            "choose"
        )
    return edition, warnings


def _pairing(e: RoundEntry, own: int, number: Mapping[int, int]) -> Pairing:
    """The crosstable pairing of one TRF round entry (see the module's table)."""
    opponent = e.opponent
    if opponent is None or e.result in _BYE_CODES or opponent == own or opponent not in number:
        if e.result == " ":
            return Pairing(None, None)
        outcome = _OLD_STYLE_BYES.get(e.result) if opponent is None else None
        return Pairing(None, outcome or Outcome.from_symbol(e.result))
    return Pairing(number[opponent], None if e.result == " " else Outcome.from_symbol(e.result))


def _withdrew(pairings: Sequence[Pairing]) -> bool:
    """No opponent and no points in the last round (a blank, ``Z`` or ``0000 - -``)."""
    return (
        bool(pairings)
        and pairings[-1].opponent is None
        and pairings[-1].outcome in (None, Outcome.ZERO_BYE)
    )


def is_round_robin(pairings: Sequence[Sequence[Pairing]]) -> bool:
    """Whether every two players met, leaving out the pairs with a player who withdrew (no
    opponent and no points in the last round). Players are numbered from 1 in list order.

    >>> P = Pairing
    >>> is_round_robin([[P(2, None), P(3, None)], [P(1, None), P(None, None)],
    ...                 [P(None, None), P(1, None)]])
    True
    >>> is_round_robin([[P(2, None)], [P(1, None)], [P(4, None)], [P(3, None)]])
    False
    """
    staying = [i for i, ps in enumerate(pairings, start=1) if not _withdrew(ps)]
    if len(pairings) < 2 or len(staying) < 2:
        return False
    everyone = set(staying)
    for i in staying:
        met = {p.opponent for p in pairings[i - 1] if p.opponent is not None}
        if not everyone - {i} <= met:
            return False
    return True


def _female(p: Player) -> bool:
    return p.sex.lower() in ("w", "f")


def _k_source(k: int) -> str:
    """Which rule gave *k* from :func:`k_factor` with 30 games assumed."""
    if k == 10:
        return K_2400
    if k == 40:
        return K_JUNIOR
    return K_ASSUMED


def crosstable_from_trf(
    t: Tournament,
    *,
    rules: RulesSpec = None,
    k_overrides: Mapping[str, int] | None = None,
    today: _dt.date | None = None,
) -> TrfCrosstable:
    """The crosstable of a TRF, each rated player's K, and the reader's warnings.

    *rules*: the edition (id, date or :class:`Edition`); ``None``: the one in force on the
    event's date (see :func:`event_date`). *k_overrides*: K by FIDE id (see
    :func:`read_k_file`). *today* stands in for the date when the file gives none.
    Raises :class:`~xlfuncs.core.XlfuncsError` for rules that name no edition.
    """
    overrides = dict(k_overrides or {})
    day, why = event_date(t, today=today)
    warnings = [why] if why else []
    edition, more = _choose_edition(t, rules, day)
    warnings += more

    players = tuple(sorted(t.players, key=lambda p: p.start_no))
    number = {p.start_no: i for i, p in enumerate(players, start=1)}
    pairings = [tuple(_pairing(e, p.start_no, number) for e in p.rounds) for p in players]
    round_robin = is_round_robin(pairings)
    said = t.event_type.lower()
    if "robin" in said and not round_robin:
        warnings.append(
            f"092 says {t.event_type!r}, but not every two players met: treated as a Swiss"
        )
    elif "swiss" in said and round_robin:
        warnings.append(
            f"092 says {t.event_type!r}, but every two players met: treated as a round robin"
        )

    entrants: list[Entrant] = []
    ks: list[PlayerK] = []
    no_birth: list[str] = []
    used_ids: set[str] = set()
    for p, ps in zip(players, pairings):
        rating = p.rating
        if rating is not None and rating > MAX_RATING:
            warnings.append(
                f"no. {p.start_no} ({p.name}), line {p.line_no}: {rating} is not "
                f"a rating (1..{MAX_RATING}): treated as unrated"
            )
            rating = None
        k: int | None = None
        source: str | None = None
        if p.fide_id is not None and p.fide_id in overrides:
            used_ids.add(p.fide_id)
            if rating is None:
                warnings.append(
                    f"K file: no. {p.start_no} ({p.name}, FIDE id {p.fide_id}) is "
                    "unrated: K not used"
                )
            else:
                k, source = overrides[p.fide_id], K_OVERRIDE
        if rating is not None and k is None:
            year = p.birth_year if p.birth_year is not None and p.birth_year >= 1850 else None
            if year is None:
                no_birth.append(f"no. {p.start_no}")
            k = k_factor(rating, ASSUMED_GAMES, year, rating >= 2400, day)
            source = _k_source(k)
        ks.append(PlayerK(p.start_no, k, source))
        entrants.append(
            Entrant(
                rating=rating, pairings=ps, k=k, female=_female(p), title=held_norm_title(p.title)
            )
        )
    unknown = sorted(set(overrides) - used_ids)
    if unknown:
        warnings.append(f"K file: no player of the tournament has FIDE id {', '.join(unknown)}")
    if no_birth:
        warnings.append(
            f"{len(no_birth)} rated player{'s have' if len(no_birth) > 1 else ' has'}"
            f" no birth year, so the junior K 40 could not be considered: "
            f"{_short_list(no_birth)}"
        )
    crosstable = Crosstable.build(entrants, round_robin=round_robin, rules=edition)
    return TrfCrosstable(
        crosstable=crosstable,
        players=players,
        ks=tuple(ks),
        event_date=day,
        warnings=tuple(warnings),
    )


def _short_list(items: Sequence[str], limit: int = 12) -> str:
    if len(items) <= limit:
        return ", ".join(items)
    return f"{', '.join(items[:limit])} and {len(items) - limit} more"


# --------------------------------------------------------------------------- report


@dataclass(frozen=True)
class ReportRow:
    """One player's line of the report. Every value is plain data (JSON-ready)."""

    start_no: int
    name: str
    """Exactly as the file writes it."""
    sex: str
    title: str
    federation: str
    fide_id: str | None
    birth_year: int | None
    rating: int | None
    """``None`` when unrated."""
    points: float
    """Recomputed from the results."""
    file_points: float | None
    """As the file writes them (``None`` when blank)."""
    rank: int | None
    """The file's rank."""
    rated_games: int
    """Rated games against rated opponents."""
    ra: float | None
    """Average rating of those opponents, to two decimals."""
    rp_fide: int | None
    """Ra + dp (``None`` without a rated game)."""
    rp_exact: int | None
    """The exact performance, rounded; ``None`` when infinite (see :attr:`rp_exact_note`)
    or without a rated game."""
    rp_exact_note: str | None
    """``"+inf (100 % score)"`` or ``"-inf (0 % score)"`` when the exact performance is
    infinite."""
    k: int | None
    """K used (after K x n <= 700); ``None`` for an unrated player."""
    k_source: str | None
    """Where K came from (:data:`K_SOURCES`)."""
    rating_change: int | None
    """This event's change, rounded; ``None`` for an unrated player."""
    rating_change_unrounded: float | None
    """K x sum(W - PD), to two decimals as FIDE shows it."""
    new_rating: int | None
    initial_rating: int | None
    """For an unrated player: the first rating from this event, when it can be computed;
    ``None`` for a rated player."""
    initial_rating_published: bool | None
    """Whether that first rating would be published (``False`` when none can be computed;
    ``None`` for a rated player)."""
    initial_rating_note: str | None
    """Why it would not be published, or why none can be computed."""
    norm: str | None
    """The best title norm the rating figures make, ``None`` when none or when the player
    already holds that title or a stronger one (see
    :func:`xlfuncs.core.norms.norms_worth`)."""
    sb: float
    """Sonneborn-Berger."""


JSON_KEYS: tuple[str, ...] = tuple(f.name for f in fields(ReportRow))
"""The keys of each object of ``--format json`` and the CSV header, in order."""


@dataclass(frozen=True)
class Report:
    """A whole report: the rows and what the arbiter should read with them."""

    tournament: Tournament
    edition: Edition
    rules_given: bool
    round_robin: bool
    event_date: _dt.date
    rows: tuple[ReportRow, ...]
    norm_details: tuple[str, ...]
    """One line per player with norm figures: the figures behind the norm."""
    warnings: tuple[str, ...]
    discrepancies: tuple[Discrepancy, ...]
    """What :func:`~xlfuncs.trf.check_tournament` found (file points included)."""
    notes: tuple[str, ...]
    """The assumptions behind the figures."""


_ARGUMENT = re.compile(r"^[a-z_]+: ")
"""The argument name the core puts before its messages (``opponent_ratings: ...``)."""


def _round2(x: Fraction) -> float:
    return float(round(x, 2))


_OLD_STYLE_TITLES: Mapping[str, str] = {"g": "GM", "m": "IM", "wg": "WGM", "wm": "WIM"}
"""Norm titles as older files write them (lower case)."""


def held_norm_title(title: str) -> str | None:
    """The norm title (GM, IM, WGM, WIM) a player holds by the file's title field, new or
    old style; ``None`` for any other title or none.

    >>> held_norm_title("WGM"), held_norm_title("g"), held_norm_title("FM")
    ('WGM', 'GM', None)
    """
    t = title.strip()
    if t.upper() in NORM_TITLES and t.isupper():
        return t.upper()
    return _OLD_STYLE_TITLES.get(t)


def _row(p: Player, f: PlayerFigures, pk: PlayerK, rating: int | None) -> ReportRow:
    exact: int | None = None
    exact_note: str | None = None
    if f.rp_exact is not None:
        if math.isinf(f.rp_exact):
            exact_note = "+inf (100 % score)" if f.rp_exact > 0 else "-inf (0 % score)"
        else:
            exact = round_half_up(f.rp_exact)
    k, k_source = pk.k, pk.source
    change = f.change
    if change is not None and change.k != change.k_requested:
        k = change.k
        k_source = f"{k_source}; lowered from {change.k_requested} (K x n <= 700)"
    initial: int | None = None
    published: bool | None = None
    note: str | None = None
    if rating is None:
        if f.first is not None:
            initial, published = f.first.rating, f.first.published
            note = "; ".join(f.first.reasons) or None
        else:
            published = False
            note = None if f.first_error is None else _ARGUMENT.sub("", f.first_error)
    return ReportRow(
        start_no=p.start_no,
        name=p.name,
        sex=p.sex,
        title=p.title,
        federation=p.federation,
        fide_id=p.fide_id,
        birth_year=p.birth_year,
        rating=rating,
        points=float(f.points),
        file_points=None if p.points is None else float(p.points),
        rank=p.rank,
        rated_games=f.rated_games,
        ra=None if f.ra is None else _round2(f.ra),
        rp_fide=f.rp_fide,
        rp_exact=exact,
        rp_exact_note=exact_note,
        k=k,
        k_source=k_source,
        rating_change=None if change is None else change.change,
        rating_change_unrounded=None if change is None else _round2(change.unrounded),
        new_rating=None if change is None else change.new_rating,
        initial_rating=initial,
        initial_rating_published=published,
        initial_rating_note=note,
        norm=f.norm,
        sb=float(f.sonneborn_berger),
    )


def _norm_detail(ct: Crosstable, number: int, row: ReportRow) -> str:
    games = ct.games(number)
    score = sum((w for _, w in games), Fraction(0))
    assert row.norm is not None
    perf = norm_performance([r for r, _ in games], score, NORM_TITLES[row.norm], rules=ct.edition)
    return (
        f"no. {row.start_no} {row.name}: {row.norm} norm figures, {_pts(float(score))}/"
        f"{len(games)} ({perf.percent} %), Ra {perf.ra} (floor and unrated opponents "
        f"applied), Rp {perf.rp}"
    )


def _notes(edition: Edition) -> tuple[str, ...]:
    return (
        f"K: a TRF does not give a player's rated games, so every rated player is assumed to "
        f"have completed {ASSUMED_GAMES} or more (no K 40 for new players) and to have "
        "reached 2400 only when rated 2400+ in the file; give other K with --k-file.",
        "Rating change: this event alone (K x n <= 700 on its games only); other events of "
        "the rating period are not included.",
        f"First ratings: this event alone, {edition.id} rules; '*' marks one that would not "
        "be published.",
        "Norms: rating figures only (9+ games, Ra with the floor, Rp, 35 %); the opponents' "
        "federations and titles are not checked.",
        "Rp exact: +inf / -inf for a 100 % / 0 % score against rated opponents.",
    )


def build_report(
    t: Tournament,
    *,
    rules: RulesSpec = None,
    k_overrides: Mapping[str, int] | None = None,
    today: _dt.date | None = None,
) -> Report:
    """The report of a tournament (see :func:`crosstable_from_trf` for the arguments)."""
    built = crosstable_from_trf(t, rules=rules, k_overrides=k_overrides, today=today)
    ct = built.crosstable
    rows: list[ReportRow] = []
    details: list[str] = []
    for number, (p, pk, entrant) in enumerate(zip(built.players, built.ks, ct.entrants), start=1):
        row = _row(p, ct.figures(number), pk, entrant.rating)
        rows.append(row)
        if row.norm is not None:
            details.append(_norm_detail(ct, number, row))
    return Report(
        tournament=t,
        edition=ct.edition,
        rules_given=rules is not None,
        round_robin=ct.round_robin,
        event_date=built.event_date,
        rows=tuple(rows),
        norm_details=tuple(details),
        warnings=built.warnings,
        discrepancies=tuple(check_tournament(t)),
        notes=_notes(ct.edition),
    )


def report_rows(
    t: Tournament,
    *,
    rules: RulesSpec = None,
    k_overrides: Mapping[str, int] | None = None,
    today: _dt.date | None = None,
) -> list[ReportRow]:
    """The rows of :func:`build_report`, one per player in starting-rank order."""
    return list(build_report(t, rules=rules, k_overrides=k_overrides, today=today).rows)


# --------------------------------------------------------------------------- rendering


def _pts(x: float) -> str:
    return f"{x:.1f}" if x * 2 == int(x * 2) else f"{x:g}"


def _opt(x: int | None) -> str:
    return "-" if x is None else str(x)


def _signed(x: int | None) -> str:
    if x is None:
        return "-"
    return f"{x:+d}" if x else "0"


def _text_cells(r: ReportRow) -> list[str]:
    if r.rp_exact_note is not None:
        exact = r.rp_exact_note.split(" ", 1)[0]
    else:
        exact = _opt(r.rp_exact)
    first = "-"
    if r.initial_rating is not None:
        first = f"{r.initial_rating}{'' if r.initial_rating_published else '*'}"
    k_from = "-" if r.k_source is None else K_SOURCES.get(r.k_source.split(";")[0], r.k_source)
    if r.k_source is not None and ";" in r.k_source:
        k_from += "<"
    return [
        str(r.start_no),
        r.name,
        r.title,
        r.federation,
        _opt(r.rating),
        _pts(r.points),
        _opt(r.rank),
        str(r.rated_games),
        "-" if r.ra is None else str(round_half_up(r.ra)),
        _opt(r.rp_fide),
        exact,
        _opt(r.k),
        k_from,
        _signed(r.rating_change),
        _opt(r.new_rating),
        first,
        r.norm or "-",
        f"{r.sb:.2f}",
    ]


_TEXT_HEADER = [
    "No",
    "Name",
    "Ti",
    "Fed",
    "Rtg",
    "Pts",
    "Rk",
    "N",
    "Ra",
    "RpF",
    "RpX",
    "K",
    "K from",
    "+/-",
    "New",
    "1st",
    "Norm",
    "SB",
]
_LEFT = {1, 2, 3, 12, 16}


def render_text(report: Report) -> str:
    """An aligned table, one row per player in starting-rank order, then the notes, first
    ratings, norms, warnings and discrepancies."""
    t = report.tournament
    out: list[str] = []
    title = t.name or t.source
    out.append(title)
    out.append("=" * len(title))
    facts = [("file", t.source)]
    if t.city:
        facts.append(("place", t.city))
    dates = " to ".join(d for d in (t.start_date_text, t.end_date_text) if d)
    facts.append(("dates", dates or "not given"))
    rated = sum(1 for r in report.rows if r.rating is not None)
    facts.append(("players", f"{len(report.rows)} ({rated} rated), {t.num_rounds} rounds"))
    facts.append(
        (
            "event",
            "round robin (every two players met)"
            if report.round_robin
            else "Swiss (not every two players met)",
        )
    )
    how = "given" if report.rules_given else f"in force on {report.event_date.isoformat()}"
    facts.append(("rules", f"{report.edition.id} ({how})"))
    facts.append(("K date", report.event_date.isoformat()))
    width = max(len(k) for k, _ in facts)
    out += [f"{k + ':':<{width + 1}} {v}" for k, v in facts]
    out.append("")

    table = [_TEXT_HEADER] + [_text_cells(r) for r in report.rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(_TEXT_HEADER))]

    def line(cells: list[str]) -> str:
        parts = [
            c.ljust(w) if i in _LEFT else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))
        ]
        return "  ".join(parts).rstrip()

    out.append(line(table[0]))
    out.append(line(["-" * w for w in widths]))
    out += [line(cells) for cells in table[1:]]
    out.append("")
    out.append(
        "N: rated games against rated opponents; RpF: Ra + dp; RpX: exact performance; "
        "K from: "
        + ", ".join(f"{short} = {long}" for long, short in K_SOURCES.items())
        + (
            "; < = lowered by K x n <= 700"
            if any(r.k_source and ";" in r.k_source for r in report.rows)
            else ""
        )
        + "."
    )
    out.append("")
    out.append("Notes")
    out += [f"- {n}" for n in report.notes]
    unrated = [r for r in report.rows if r.rating is None]
    if unrated:
        out.append("")
        out.append("First ratings (unrated players)")
        none: dict[str, list[str]] = {}
        for r in unrated:
            if r.initial_rating is not None:
                state = (
                    "published"
                    if r.initial_rating_published
                    else f"not published: {r.initial_rating_note}"
                )
                out.append(f"- no. {r.start_no} {r.name}: {r.initial_rating} ({state})")
            else:
                none.setdefault(r.initial_rating_note or "", []).append(f"no. {r.start_no}")
        for why, who in none.items():
            out.append(f"- none ({why}): {_short_list(who, 40)}")
    if report.norm_details:
        out.append("")
        out.append("Norm figures")
        out += [f"- {d}" for d in report.norm_details]
    out.append("")
    out.append("Warnings")
    out += [f"- {w}" for w in report.warnings] or ["- none"]
    out.append("")
    out.append("Discrepancies in the file")
    out += [f"- {d}" for d in report.discrepancies] or ["- none"]
    return "\n".join(out) + "\n"


def render_json(report: Report) -> str:
    """A JSON list, one object per player (keys :data:`JSON_KEYS`; ``null`` for none)."""
    return json.dumps([asdict(r) for r in report.rows], indent=2, ensure_ascii=False) + "\n"


def _csv_cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def render_csv(report: Report) -> str:
    """CSV with a header of :data:`JSON_KEYS`; empty cells for none, ``true``/``false``."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(JSON_KEYS)
    for r in report.rows:
        writer.writerow([_csv_cell(getattr(r, key)) for key in JSON_KEYS])
    return buf.getvalue()
