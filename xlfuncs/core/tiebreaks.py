"""FIDE's tie-breaks (Tie-Break Regulations, handbook C.07) of one event's crosstable, and the
standing they make: :func:`parse_descriptors` reads a list (``"BH/C1, BH, SB"``),
:func:`tiebreaks` computes a :class:`TiebreakTable`, :func:`rank` ranks any columns of keys
(1, 2, 2, 4).

Values are exact: :class:`~fractions.Fraction` for the point-based tie-breaks, ``int`` for
counts, ratings and ``DE`` (0, or a place, 1 best), ``None`` where undefined. How each is
computed, the unplayed rounds (Article 16) and the sources: ``docs/tiebreaks.md``; FIDE's
reference engine, ``gacrux``, is the test reference (``tests/test_tiebreaks_gacrux.py``).
"""

from __future__ import annotations

import bisect
import datetime as _dt
import math
import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, cast

from .errors import InvalidInputError
from .performance import PTP_FULL_SCORE_DEFAULT, PtpFullScore, rp_ptp
from .results import Outcome
from .scoring import ScoringSystem
from .tables import dp_hundredths, percent_hundredths, round_half_up
from .tiebreak_editions import (
    TiebreakEdition,
    TiebreakRulesSpec,
    introduced_in,
    tiebreak_edition_for,
)
from .tournament import Crosstable
from .validate import MAX_RATING, digits_number

__all__ = [
    "CODES",
    "KOYA_SCORES_DEFAULT",
    "KOYA_SCORES_READINGS",
    "DEFAULT_ROUND_ROBIN_TIEBREAKS",
    "REFUSED",
    "DEFAULT_SWISS_TIEBREAKS",
    "Descriptor",
    "KoyaScores",
    "TiebreakError",
    "TiebreakTable",
    "Value",
    "check_edition",
    "default_tiebreaks",
    "parse_descriptor",
    "parse_descriptors",
    "rank",
    "ranked_columns",
    "team_article",
    "tiebreaks",
    "tied_groups",
]

Value = Fraction | int | None
"""One tie-break value: exact, or ``None`` where undefined."""

KoyaScores = Literal["results", "standing"]
"""Which score of an opponent Koya (C.07 9.2) compares with its limit where record ``299``
gives a bonus or penalty: ``"results"``, the points of their results (as Buchholz, 8.1),
or ``"standing"``, the bonus included, as FIDE's engine reads it (``docs/report.md``,
``--koya-scores``)."""

KOYA_SCORES_DEFAULT: KoyaScores = "results"
"""The reading of :data:`KoyaScores` where none is given (``--koya-scores``'s default)."""

KOYA_SCORES_READINGS: tuple[KoyaScores, ...] = (KOYA_SCORES_DEFAULT, "standing")
"""The readings of :data:`KoyaScores`, the default first."""


class TiebreakError(InvalidInputError):
    """An unknown or malformed tie-break descriptor. Shown as ``#VALUE!``."""


DEFAULT_SWISS_TIEBREAKS: Final[tuple[str, ...]] = ("BH/C1", "BH", "SB")
"""The tie-breaks of a Swiss whose event names none (C.07 4.1 of the 2023 text leaves the
list to the event's regulations): the list arbiters most often publish for a Swiss."""

DEFAULT_ROUND_ROBIN_TIEBREAKS: Final[tuple[str, ...]] = ("DE", "WIN", "SB", "KS")
"""The tie-breaks of a round robin whose event names none (see
:data:`DEFAULT_SWISS_TIEBREAKS`): the list arbiters most often publish for a round robin."""


def default_tiebreaks(round_robin: bool) -> tuple[str, ...]:
    """The tie-breaks of an event that names none: :data:`DEFAULT_ROUND_ROBIN_TIEBREAKS` for
    a round robin, else :data:`DEFAULT_SWISS_TIEBREAKS`.

    >>> default_tiebreaks(True), default_tiebreaks(False)
    (('DE', 'WIN', 'SB', 'KS'), ('BH/C1', 'BH', 'SB'))
    """
    return DEFAULT_ROUND_ROBIN_TIEBREAKS if round_robin else DEFAULT_SWISS_TIEBREAKS


CODES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "PTS": ("", "points (the primary score; only first)"),
        "BH": ("CMP", "Buchholz"),
        "FB": ("CMP", "Fore Buchholz"),
        "SB": ("CMP", "Sonneborn-Berger"),
        "PS": ("C", "progressive score"),
        "DE": ("P", "direct encounter"),
        "WIN": ("", "rounds scoring a win's points (with or without playing)"),
        "WON": ("", "games won over the board"),
        "BPG": ("", "games played with black"),
        "BWG": ("", "games won with black"),
        "GE": ("", "games elected to play (as REP)"),
        "REP": ("", "rounds elected to play"),
        "STD": ("", "standard points: each round 1, 1/2 or 0 against the opponent (2026 text)"),
        "TPN": ("R", "tournament pairing number, lower first (2026 text)"),
        "KS": ("L", "Koya score"),
        "ARO": ("CMU", "average rating of the opponents"),
        "TPR": ("CMU", "tournament performance rating"),
        "PTP": ("CMU", "perfect tournament performance"),
        "APRO": ("U", "average of the opponents' TPR"),
        "APPO": ("U", "average of the opponents' PTP"),
        "AOB": ("F", "average of the opponents' Buchholz"),
        "RTNG": ("RU", "rating, higher first (2026 text)"),
    }
)
"""Every accepted tie-break code: the letters of the modifiers it takes (C.07 14 and FIDE's
MTB26 list: ``docs/tiebreaks.md``, *Descriptors*) and what it is."""


_TEAM_ONLY: Final = (
    "a team tie-break: C.07 {article} is among the tie-breaks for team competitions only "
    "(Articles 11-13: a team's match and game points, its boards), which a player's "
    "standing does not have"
)

REFUSED: Mapping[str, str] = MappingProxyType(
    {
        **{
            code: _TEAM_ONLY.format(article=article)
            for code, article in (
                ("MPVGP", "13.1 (MPvGP, match points or game points: the other score)"),
                ("ESB", "13.2 (ESB, the extended Sonneborn-Berger)"),
                ("EMMSB", "13.2 (EMMSB, an extended Sonneborn-Berger)"),
                ("EMGSB", "13.2 (EMGSB, an extended Sonneborn-Berger)"),
                ("EGMSB", "13.2 (EGMSB, an extended Sonneborn-Berger)"),
                ("EGGSB", "13.2 (EGGSB, an extended Sonneborn-Berger)"),
                ("EDE", "13.3 (EDE, the extended direct encounter; players: DE, Article 6)"),
                ("EDEC", "13.3 (the extended direct encounter and the board count)"),
                ("EDET", "13.3.2 (EDET)"),
                ("EDEB", "13.3.2 (EDEB)"),
                ("EDEBT", "13.3.2 (EDEBT)"),
                ("EDEBB", "13.3.2 (EDEBB)"),
                ("SSSC", "13.4 (SSSC, the score and strength combination)"),
                ("BC", "12.1 (BC, the board count)"),
                ("TBR", "12.2 (TBR, the top board result)"),
                ("BBE", "12.3 (BBE, the bottom board elimination)"),
                ("MP", "11 (MP, match points)"),
                ("GP", "11 (GP, game points)"),
                ("MPTS", "11 (match points)"),
                ("GPTS", "11 (game points)"),
            )
        },
        "VUR": (
            "not a tie-break of C.07: a voluntary unplayed round (VUR) is a kind of unplayed "
            "round (Article 16.1.2), which 16.3-16.5 treat apart in the other tie-breaks; "
            "Article 5's table of tie-breaks has no VUR (the rounds elected to play: REP, 7.6)"
        ),
        "COD": (
            "not a tie-break of C.07: the colour difference is a quantity of the pairing "
            "rules (C.04), not in Article 5's table of tie-breaks (games with black: BPG, 7.3)"
        ),
        "COP": (
            "not a tie-break of C.07: the colour preference is a quantity of the pairing "
            "rules (C.04), not in Article 5's table of tie-breaks"
        ),
        "CHP": "not a tie-break of C.07: Article 5's table of tie-breaks has no CHP",
    }
)
"""The codes refused for a player, with the article that rules each out: C.07's team
tie-breaks (Articles 11-13; :func:`xlfuncs.core.teams.team_descriptor` reads them) and codes
FIDE's engine lists that C.07's Article 5 does not."""


def team_article(text: str) -> str | None:
    """The article of C.07 that gives the team tie-break *text* (``"ESB/C1"``: ``"13.2"``;
    :data:`REFUSED`); ``None`` for another.

    >>> team_article("esb/c1"), team_article("EDEBT"), team_article("BH:GP")
    ('13.2', '13.3.2', None)
    """
    code = text.strip().upper().partition("/")[0].partition(":")[0]
    reason = REFUSED.get(code, "")
    found = _ARTICLE.search(reason) if reason.startswith("a team tie-break") else None
    return None if found is None else found.group(1)


_ARTICLE: Final = re.compile(r"C\.07 ([0-9][0-9.]*[0-9])")


@dataclass(frozen=True)
class Descriptor:
    """A tie-break as written in C.07 and TRF-2026: ``BH/C1`` is code ``BH`` with the
    modifier ``C1``."""

    code: str
    """The tie-break's code, upper case (``"BH"``; see :data:`CODES`)."""
    modifiers: tuple[str, ...] = ()
    """Its modifiers in the order written (``("C1",)``)."""

    @property
    def text(self) -> str:
        """The descriptor as C.07 writes it: ``"BH/C1"``."""
        return "/".join((self.code, *self.modifiers))

    def __str__(self) -> str:
        return self.text

    def _number(self, letters: str) -> int | None:
        """The number of the first modifier whose letter is one of *letters* (``C1``: 1)."""
        return next((int(m[1:]) for m in self.modifiers if m[0] in letters), None)

    @property
    def cut(self) -> int:
        """How many of the least significant values are cut (``/Cn``, and ``/Mn``)."""
        return self._number("CM") or 0

    def cuts(self, values: int) -> tuple[int, int]:
        """How many of *values* are cut, the least significant (:attr:`cut`) and the most
        significant (``/Mn``): never more than there are, the least first."""
        low = min(self.cut, values)
        return low, min(self._number("M") or 0, values - low)

    @property
    def as_played(self) -> bool:
        """``/P``: unplayed games with an opponent count as played."""
        return "P" in self.modifiers

    @property
    def limit(self) -> int:
        """``/L+n``, ``/L-n``: how many half points Koya's limit is raised (or lowered)."""
        return self._number("L") or 0

    @property
    def unrated(self) -> int | None:
        """``/Un``: the rating unrated players count at in this tie-break (``None``: the
        one given for the event, if any)."""
        return self._number("U")

    @property
    def ascending(self) -> bool:
        """Whether a lower value is better: ``DE`` (a place), ``TPN`` (the pairing number,
        lower first) and ``RTNG/R`` (the rating, lower first)."""
        if self.code == "DE":
            return True
        reverse = "R" in self.modifiers
        return (self.code == "TPN" and not reverse) or (self.code == "RTNG" and reverse)

    @property
    def keys(self) -> tuple[str, ...]:
        """The code and each modifier's letter after it (``"AOB"``, ``"AOB/F"``): what an
        edition may add (:func:`~xlfuncs.core.tiebreak_editions.introduced_in`)."""
        return (self.code, *(f"{self.code}/{m[0]}" for m in self.modifiers))


def _accepted() -> str:
    return ", ".join(
        f"{c}{'/' + '/'.join(_EXAMPLES[m] for m in ms) if ms else ''}"
        for c, (ms, _) in CODES.items()
    )


_EXAMPLES: Final = {"C": "Cn", "M": "Mn", "P": "P", "L": "L-n", "F": "F", "R": "R", "U": "U1000"}


def parse_descriptor(text: str | Descriptor) -> Descriptor:
    """A descriptor from its text (letters in either case, blanks around ignored).

    >>> parse_descriptor(" bh/c1 ").text
    'BH/C1'
    >>> parse_descriptor("BH/X")
    Traceback (most recent call last):
    ...
    xlfuncs.core.tiebreaks.TiebreakError: tie-break 'BH/X': unknown modifier 'X' (BH takes ...)
    """
    if isinstance(text, Descriptor):
        return text
    if not isinstance(text, str):
        raise TiebreakError(f"tie-break: expected a descriptor such as 'BH/C1', got {text!r}")
    where = f"tie-break {text.strip()!r}"
    parts = [p.strip() for p in text.strip().upper().split("/")]
    code, mods = parts[0], parts[1:]
    if code not in CODES and code.partition(":")[0] in REFUSED:
        raise TiebreakError(f"{where}: {REFUSED[code.partition(':')[0]]}")
    if code not in CODES:
        raise TiebreakError(f"{where}: unknown code {code!r}; accepted: {_accepted()}")
    allowed = CODES[code][0]
    kinds: set[str] = set()
    normal: list[str] = []
    for m in mods:
        kind = m[:1]
        takes = ", ".join(f"/{_EXAMPLES[a]}" for a in allowed) or "no modifier"
        if not m or kind not in allowed or (kind not in "CMLU" and m != kind):
            raise TiebreakError(f"{where}: unknown modifier {m!r} ({code} takes {takes})")
        if kind in "CM":
            cut = digits_number(m[1:])
            if cut is None or cut < 1:
                raise TiebreakError(
                    f"{where}: modifier {m!r} needs a whole number of "
                    f"values to cut, 1 or more (/{kind}1)"
                )
            if kinds & {"C", "M"}:
                raise TiebreakError(f"{where}: more than one cut")
            m = f"{kind}{cut}"
        elif kind == "L":
            sign, n = m[1:2], m[2:]
            halves = digits_number(n)
            if sign not in ("+", "-") or halves is None:
                raise TiebreakError(
                    f"{where}: modifier {m!r} needs a sign and a whole "
                    "number of half points: /L-1 lowers Koya's limit by half a point, /L+2 "
                    "raises it by one point"
                )
            m = f"L{sign}{halves}"
        elif kind == "U":
            rating = digits_number(m[1:])
            if rating is None or not 1 <= rating <= MAX_RATING:
                raise TiebreakError(
                    f"{where}: modifier {m!r} needs the rating unrated "
                    f"players count at, 1..{MAX_RATING} (/U1000)"
                )
            m = f"U{rating}"
        if kind in kinds:
            raise TiebreakError(f"{where}: modifier {m!r} given twice")
        kinds.add(kind)
        normal.append(m)
    return Descriptor(code, tuple(normal))


def parse_descriptors(text: str | Iterable[str | Descriptor]) -> tuple[Descriptor, ...]:
    """Descriptors from a comma-separated list (``"BH/C1, BH ,SB"``) or from an iterable of
    texts or descriptors. ``PTS`` may only come first.

    >>> [d.text for d in parse_descriptors("BH/C1, bh ,SB")]
    ['BH/C1', 'BH', 'SB']
    """
    items = [t for t in text.split(",") if t.strip()] if isinstance(text, str) else text
    out = tuple(parse_descriptor(t) for t in items)
    for i, d in enumerate(out):
        if d.code == "PTS" and i > 0:
            raise TiebreakError(
                f"tie-break {d.text!r} at position {i + 1}: points (PTS) can only come first"
            )
    return out


@dataclass(frozen=True)
class TiebreakTable:
    """Every player's tie-breaks and rank, players in starting order (number *i* is index
    ``i - 1``)."""

    descriptors: tuple[Descriptor, ...]
    points: tuple[Fraction, ...]
    """Each player's points in the rounds counted (:attr:`rounds`), with any bonus."""
    values: tuple[tuple[Value, ...], ...]
    """``values[i][k]``: player ``i + 1``'s value of ``descriptors[k]``."""
    ranks: tuple[int, ...]
    """Each player's rank by points, then the descriptors in order (1 is first; equal ranks
    where everything is equal)."""
    edition: TiebreakEdition
    round_robin: bool
    """Whether the round-robin rules were used (unplayed games count as played: C.07 15.2)."""
    rounds: int
    engine: _TiebreakView = field(repr=False, compare=False)
    """The crosstable as the engine read it, from which one player's working is derived
    (:mod:`~xlfuncs.core.tiebreak_working`)."""
    notes: tuple[str, ...] = ()
    """What the reader should know (an event older than the 2023 text, ratings undefined
    because a player is unrated ...)."""
    ptp_full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT
    koya_scores: KoyaScores = KOYA_SCORES_DEFAULT

    def index(self, descriptor: str | Descriptor) -> int:
        """Where *descriptor* is among the table's (from 0); :class:`TiebreakError` if not."""
        d = parse_descriptor(descriptor)
        if d not in self.descriptors:
            given = ", ".join(x.text for x in self.descriptors)
            raise TiebreakError(f"tie-break {d.text!r} was not computed (only {given})")
        return self.descriptors.index(d)

    def column(self, descriptor: str | Descriptor) -> tuple[Value, ...]:
        """Every player's value of one descriptor (as given to :func:`tiebreaks`)."""
        k = self.index(descriptor)
        return tuple(row[k] for row in self.values)

    def by_descriptor(self, number: int) -> dict[str, Value]:
        """Player *number*'s values (from 1), by descriptor text, in order."""
        return {d.text: v for d, v in zip(self.descriptors, self.values[number - 1])}

    @property
    def all_played(self) -> bool:
        """Whether every round counted of every player was a game over the board: then every
        C.07 text gives the same values (they differ only on unplayed rounds, 15.2 and 16)."""
        return all(
            x.opponent is not None and x.played and not x.forfeit
            for row in self.engine.rows
            for x in row
        )

    def ranks_by(self, descriptors: Iterable[str | Descriptor]) -> list[int]:
        """Every player's rank by points, then *descriptors* (any list, not only the table's
        own), read from the same crosstable under the same rules, each column worked out
        once by the :attr:`engine` for every list (the candidates of
        :mod:`~xlfuncs.core.tiebreak_candidates`).

        >>> from xlfuncs.core.tournament import Crosstable, Entrant, Pairing
        >>> W, L, D = Outcome.WIN, Outcome.LOSS, Outcome.DRAW
        >>> ct = Crosstable.build([Entrant(2000, (Pairing(2, W, "w"), Pairing(3, D, "b"))),
        ...                        Entrant(1900, (Pairing(1, L, "b"), Pairing(3, W, "w"))),
        ...                        Entrant(1800, (Pairing(2, L, "b"), Pairing(1, D, "w")))])
        >>> t = tiebreaks(ct, "BH", edition="2026")
        >>> t.ranks, t.ranks_by(["SB"]), t.ranks_by(["DE"])
        ((1, 2, 3), [1, 2, 3], [1, 2, 3])
        """
        ds = parse_descriptors(list(descriptors))
        return _standing(self.engine, ds, self.points, {})[1]

    def ranking_column(self, k: int) -> list[Value]:
        """Every player's value of column *k* as a ranking key, higher better: the values as
        they are, the keys where lower is better (``TPN``, ``RTNG/R``) negated (pairing number
        3 is -3), and a ``DE`` as how many of the players tied with each one (on the keys
        before it) it places below them, 0 where it does not separate them."""
        column = [row[k] for row in self.values]
        if self.descriptors[k].code == "DE":
            groups = self.engine.tied_before[k]
            places: dict[int, list[int]] = {}
            for group, v in zip(groups, column):
                if v:
                    places.setdefault(group, []).append(cast(int, v))
            for found in places.values():
                found.sort()
            return [
                len(places[g]) - bisect.bisect_right(places[g], cast(int, v)) if v else 0
                for g, v in zip(groups, column)
            ]
        if self.descriptors[k].ascending:
            return [None if v is None else -cast(int, v) for v in column]
        return column


# --- the standing -------------------------------------------------------------------------


def rank(columns: Sequence[Sequence[Value]], *, ascending: Iterable[int] = ()) -> list[int]:
    """The rank of every player by the columns of keys in order (the first column first;
    higher is better, ``None`` worst), equal ranks where every key is equal (1, 2, 2, 4).
    *ascending*: the indexes of the columns where lower is better (``DE``).

    >>> rank([[3, 2, 3, 1], [1, 5, 2, 0]])
    [2, 3, 1, 4]
    >>> rank([[1, 1, 0], [None, None, 5]])
    [1, 1, 3]
    >>> rank([[Fraction(1, 2), 1, None, Fraction(3, 4), Fraction(2, 4)], [1.5, 0, 0, 0, 2.5]])
    [4, 1, 5, 2, 3]
    """
    if not columns:
        return []
    n = len(columns[0])
    for k, col in enumerate(columns):
        if len(col) != n:
            raise InvalidInputError(f"rank: column {k + 1} has {len(col)} values, column 1 has {n}")
    up = set(ascending)
    # each column as whole numbers, 0 best (few distinct values: fractions compared once)
    dense: list[list[int]] = []
    for k, col in enumerate(columns):
        col = _whole_keys(col)
        present = sorted({v for v in col if v is not None}, reverse=k not in up)
        place = {v: j for j, v in enumerate(present)}
        worst = len(present)
        dense.append([worst if v is None else place[v] for v in col])
    keys = list(zip(*dense))
    order = sorted(range(n), key=keys.__getitem__)
    ranks = [0] * n
    for pos, i in enumerate(order):
        if pos and keys[i] == keys[order[pos - 1]]:
            ranks[i] = ranks[order[pos - 1]]
        else:
            ranks[i] = pos + 1
    return ranks


def ranked_columns(
    first: Sequence[Value],
    count: int,
    column: Callable[[int, Callable[[], list[int]]], Sequence[Value]],
    ascending: Callable[[int], bool],
) -> tuple[list[Sequence[Value]], list[int]]:
    """A standing's columns of keys, *first* (the score) then ``column(k, before)`` for each
    key *k* (``before()``: the ranks by the keys before it, for ``DE``, ``EDE``, ``TBR``),
    and the ranks they make (:func:`rank`); ``ascending(k)``: whether lower is better."""
    columns: list[Sequence[Value]] = [first]
    up: list[int] = []
    for k in range(count):
        col = column(k, lambda: rank(columns, ascending=up))
        if ascending(k):
            up.append(len(columns))
        columns.append(col)
    return columns, rank(columns, ascending=up)


def _whole_keys(col: Sequence[Value]) -> Sequence[Value]:
    """*col* with the same order and ties as whole numbers (times the common denominator),
    quicker to sort than fractions, where every value is an int or a fraction."""
    kinds = set(map(type, col))
    kinds.discard(type(None))
    if Fraction not in kinds or not kinds <= {int, Fraction}:
        return col
    scale = math.lcm(*{v.denominator for v in col if v is not None})
    return [None if v is None else v.numerator * (scale // v.denominator) for v in col]


# --- the rounds as the tie-breaks see them --------------------------------------------------

_PLAYED: Final = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.SHORT_WIN,
        Outcome.SHORT_DRAW,
        Outcome.SHORT_LOSS,
        Outcome.PAIRING_BYE,
    }
)
"""Rounds counted as played: games over the board (under one move too) and the
pairing-allocated bye (C.07 16.2.1: not a voluntary unplayed round; it counts as a game
elected to play)."""

_WIN: Final = 2
"""A win's points in half points (1-½-0): what :attr:`Outcome.halves` gives a win. The
engine counts points as ints of the event's unit (exact, and much quicker than fractions)."""


class _Round(NamedTuple):
    """One player's round as the tie-breaks read it (a named tuple: made in thousands, it is
    several times quicker to make than a frozen dataclass)."""

    h: int
    """Points scored, in the event's units (half points under the default scoring)."""
    opponent: int | None
    """The opponent's index (from 0), forfeits included; ``None``: none."""
    played: bool
    """Over the board, or a pairing-allocated bye."""
    vur: bool
    """A voluntary unplayed round (16.2): a half- or zero-point bye, a forfeit loss, no game."""
    black: bool
    rated_h: int | None
    """Half points for the rating tie-breaks: over-the-board games with an opponent only
    (the game's result, 1, ½ or 0, whatever the event's scoring system)."""
    won: bool = False
    """A result that wins (a win, forfeit win, full-point or pairing-allocated bye)."""
    forfeit: bool = False
    """A game won or lost by forfeit, with an opponent (a round robin's regular game in the
    own-record tie-breaks: C.07 15.2)."""
    std_h: int = 0
    """Standard points (C.07 7.7), in half points (:meth:`_TiebreakView.rounds_scored`)."""
    win_round: bool = False
    """Scored a win's points (C.07 7.1; :meth:`_TiebreakView.rounds_scored`)."""


_NO_GAME: Final = _Round(0, None, False, True, False, None)


def _round(
    p_outcome: Outcome | None,
    opponent: int | None,
    colour: str | None,
    units: Mapping[Outcome, int],
) -> _Round:
    """One round; *units*: each result's points in the event's units (``STD`` and ``WIN``
    are set apart: :meth:`_TiebreakView.rounds_scored`)."""
    if p_outcome is None:
        return _Round(0, opponent, False, True, False, None)
    played = p_outcome in _PLAYED
    halves = p_outcome.halves
    won = halves == _WIN
    otb = played and opponent is not None
    return _Round(
        units[p_outcome],
        opponent,
        played,
        not played and not won,
        colour == "b",
        halves if otb else None,
        won,
        opponent is not None and p_outcome.is_forfeit,
    )


_Part = tuple[bool, int, int, int, int | None, str]
"""One contribution to a Buchholz-type tie-break: (a voluntary unplayed round, the score
counted, the value added (for ``SB`` the score times the points), the round, the opponent's
index or ``None``, where the score comes from: :data:`OPPONENT`, :data:`DUMMY`,
:data:`CAPPED_OPPONENT`, :data:`CAPPED_HALF`). Scores in the event's units."""

_RatedGame = tuple[int, int, int, int]
"""A game as the rating tie-breaks count it: (round, opponent's index, the opponent's
rating, half points scored)."""

OPPONENT: Final = "opponent"
"""A contribution from the opponent's adjusted score (a game played or counted as played)."""
DUMMY: Final = "dummy"
"""From the dummy opponent of an own unplayed round: the player's own score (C.07 16.2)."""
CAPPED_OPPONENT: Final = "capped at the opponent"
"""The dummy's score capped at the forfeiting opponent's adjusted score (16.4.1, 2026)."""
CAPPED_HALF: Final = "capped at half the rounds"
"""The dummy's score capped at a draw a round, without an opponent (16.4.2, 2026)."""
CUT_LEAST: Final = "least"
"""Cut as the least significant value (``/Cn``, ``/Mn``: C.07 14.1, 14.2)."""
CUT_UNPLAYED: Final = "unplayed"
"""Cut first as a voluntary unplayed round's contribution (C.07 16)."""
CUT_MOST: Final = "most"
"""Cut as the most significant value (``/Mn``: C.07 14.2)."""


def cut(parts: list[_Part], low: int, high: int) -> list[tuple[_Part, str]]:
    """Remove from *parts* the *low* least significant values, then the *high* most
    significant (C.07 14), and return those removed with why. A voluntary unplayed round's
    contribution is cut before a lower played one, unless that one's is smaller still."""
    removed: list[tuple[_Part, str]] = []
    for _ in range(low):
        if not parts:
            break
        least = min(parts, key=lambda p: (p[1], p[2]))
        why = CUT_LEAST
        vurs = [p for p in parts if p[0]]
        if vurs:
            least_vur = min(vurs, key=lambda p: (p[2], p[1]))
            if not least[2] > least_vur[2]:
                least = least_vur
                why = CUT_UNPLAYED
        parts.remove(least)
        removed.append((least, why))
    for _ in range(high):
        if not parts:
            break
        most = max(parts, key=lambda p: (p[1], p[2]))
        parts.remove(most)
        removed.append((most, CUT_MOST))
    return removed


def tied_groups(ranks: Iterable[tuple[int, int]]) -> list[list[int]]:
    """The players (*ranks*: each one's number and rank) that share a rank, a list per rank
    two or more share, in the order first met.

    >>> tied_groups(enumerate([1, 2, 1, 3, 2]))
    [[0, 2], [1, 4]]
    """
    groups: dict[int, list[int]] = {}
    for i, r in ranks:
        groups.setdefault(r, []).append(i)
    return [g for g in groups.values() if len(g) > 1]


def ratings_and_score(kept: Sequence[_RatedGame]) -> tuple[list[int], Fraction]:
    """The opponents' ratings in the games *kept* (:meth:`_TiebreakView.rating_parts`) and
    the points scored in them."""
    return [g[2] for g in kept], Fraction(sum(g[3] for g in kept), 2)


def aro_of(ratings: Sequence[int]) -> Value:
    """``ARO`` of the ratings counted: their average, rounded half up (C.07 10.1)."""
    return round_half_up(Fraction(sum(ratings), len(ratings))) if ratings else None


def tpr_of(ratings: Sequence[int], score: Fraction) -> Value:
    """``TPR``: ARO + dp of the fraction scored (table 8.1(a), C.07 10.2)."""
    ra = aro_of(ratings)
    return None if ra is None else ra + dp_hundredths(percent_hundredths(score / len(ratings)))


def ptp_of(
    ratings: Sequence[int], score: Fraction, full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT
) -> Value:
    """``PTP`` (C.07 10.3): :func:`~xlfuncs.core.performance.rp_ptp`, a full score read as
    *full_score* says."""
    return rp_ptp(list(ratings), score, full_score) if ratings else None


def average_of(values: Sequence[Value], whole: bool) -> Value:
    """The average of *values* (``APRO``, ``APPO``, ``AOB``), rounded half up to a whole
    number when *whole*; ``None`` when there is none."""
    if not values:
        return None
    avg = Fraction(sum(cast(Sequence[int], values)), len(values))
    return round_half_up(avg) if whole else avg


class _TiebreakView:
    """The crosstable read once for every tie-break."""

    def __init__(
        self,
        ct: Crosstable,
        rounds: int,
        round_robin: bool,
        edition: TiebreakEdition,
        unrated: int | None,
        scoring: ScoringSystem,
        round_points: Mapping[tuple[int, int], Fraction] | None,
        final: int,
        ptp_full_score: PtpFullScore,
    ) -> None:
        self.n = len(ct.entrants)
        self.ptp_full_score: PtpFullScore = ptp_full_score
        """How ``PTP`` (and ``APPO`` through it) reads a full score (C.07 10.3)."""
        self.rounds = rounds
        self.final = final
        """The event's last round, which Fore Buchholz counts as drawn (C.07 8)."""
        self.rr = round_robin
        self.edition = edition
        fixed = dict(round_points or {})
        self.unit = math.lcm(scoring.unit, *(v.denominator for v in fixed.values()))
        """Points are counted in 1/unit ths (2: half points, the default scoring)."""
        units = {o: int(scoring.points(o) * self.unit) for o in Outcome}
        self.win_u = units[Outcome.WIN]
        self.draw_u = units[Outcome.DRAW]
        self.rows: list[list[_Round]] = [
            [
                _round(p.outcome, None if p.opponent is None else p.opponent - 1, p.colour, units)
                for p in e.pairings[:rounds]
            ]
            + [_NO_GAME] * (rounds - len(e.pairings))
            for e in ct.entrants
        ]
        for (number, r), value in fixed.items():
            if 1 <= number <= self.n and 1 <= r <= rounds:
                row = self.rows[number - 1]
                row[r - 1] = row[r - 1]._replace(h=int(value * self.unit))
        self.rounds_scored()
        self.halves = [sum(x.h for x in row) for row in self.rows]
        """Each player's points in the event's units (half points by default)."""
        self.points = [Fraction(h, self.unit) for h in self.halves]
        self.koya_points: Sequence[Fraction] = self.points
        """The opponents' scores Koya compares with its limit (:data:`KoyaScores`): the
        results' points, or the scores in the standing (set by :func:`tiebreaks`)."""
        self.own_ratings = [e.rating for e in ct.entrants]
        self.unrated = unrated
        self.everyone_rated = all(r is not None for r in self.own_ratings)
        self.all_rated = unrated is not None or self.everyone_rated
        # last round not voluntarily unplayed; last round paired or played
        self.lna = [
            max((r + 1 for r, x in enumerate(row) if not x.vur), default=0) for row in self.rows
        ]
        self.tied_before: dict[int, list[int]] = {}
        """By the index of a ``DE`` among the descriptors: the ranks by every key before it,
        whose equal ranks are the groups it separates."""
        self.memo: dict[Descriptor, list[Value]] = {}
        """The columns worked out (APRO, APPO and AOB reuse TPR, PTP and BH)."""
        self.lmp = [
            max((r + 1 for r, x in enumerate(row) if x.played or x.opponent is not None), default=0)
            for row in self.rows
        ]

    def rounds_scored(self) -> None:
        """Every round's ``WIN`` and ``STD`` from the points it scored (record ``299``'s
        included), not from its result's name: ``WIN`` (C.07 7.1) a round scoring a win's
        points, with or without playing; ``STD`` (7.7) 1, ½ or 0 for more, as much or less
        than the scheduled opponent over the board, else than a draw's points."""
        win, draw = self.win_u, self.draw_u
        for row in self.rows:
            for r, x in enumerate(row):
                if x.opponent is not None and x.played:
                    theirs = self.rows[x.opponent][r].h
                else:
                    theirs = draw
                std = 2 if x.h > theirs else 1 if x.h == theirs else 0
                row[r] = x._replace(std_h=std, win_round=win > 0 and x.h >= win)

    def column(self, d: Descriptor) -> list[Value]:
        """The column of *d* (every code but ``PTS`` and ``DE``), worked out once."""
        if d not in self.memo:
            self.memo[d] = _compute(self, d)
        return self.memo[d]

    # --- Buchholz family (C.07 8, 9, 16) ---

    def adjusted_one(self, i: int, fore: bool) -> tuple[int, int, tuple[int, ...], int]:
        """Player *i*'s adjusted score (C.07 16.3: in a Swiss, the voluntary unplayed rounds
        after the last one not voluntarily unplayed count as draws; in a round robin, rounds
        without an opponent as nothing), their own score, the rounds so counted, and what
        Fore Buchholz's last round counted as a draw changes (C.07 8). In the event's units."""
        row = self.rows[i]
        last = self.final  # the event's last round: not played yet mid-event
        is_fore = fore and self.lmp[i] == last
        lna = last if is_fore else self.lna[i]
        replaced = tuple(r for r in range(lna + 1, len(row) + 1) if row[r - 1].opponent is None)
        mine = self.halves[i]
        no_opp = 0 if self.rr else self.draw_u
        total = mine + sum(no_opp - row[r - 1].h for r in replaced)
        shift = 0
        if is_fore and 0 < last <= len(row) and row[last - 1].opponent is not None:
            shift = self.draw_u - row[last - 1].h
        return total + shift, mine + shift, replaced, shift

    def adjusted(self, fore: bool) -> tuple[list[int], list[int]]:
        """Every player's adjusted and own score (:meth:`adjusted_one`)."""
        found = [self.adjusted_one(i, fore) for i in range(self.n)]
        return [f[0] for f in found], [f[1] for f in found]

    def buchholz_parts(
        self,
        i: int,
        d: Descriptor,
        abh: Sequence[int] | Mapping[int, int],
        own: Sequence[int] | Mapping[int, int],
        sb: bool,
        fore: bool,
    ) -> list[_Part]:
        """Player *i*'s contributions to ``BH``, ``FB`` or ``SB`` (*sb*) before any cut, a
        round each: the opponent's adjusted score (a game played or counted as played), else,
        in a Swiss, the dummy opponent of an own unplayed round scoring the player's own score
        (16.2), capped in the 2026 text (16.4); for ``SB`` times the points scored. *abh*,
        *own*: :meth:`adjusted`'s, by player index."""
        rr = self.rr
        as_played = rr or d.as_played
        caps = self.edition.caps_unplayed
        cap_no_opp = self.rounds * self.draw_u  # a draw a round
        parts: list[_Part] = []
        for r, x in enumerate(self.rows[i], start=1):
            opp = x.opponent
            vur = x.vur
            if (as_played or (fore and r == self.final) or x.played) and opp is not None:
                vur = False
                score = abh[opp]
                kind = OPPONENT
            elif not rr:
                score = own[i]
                kind = DUMMY
                if caps:
                    cap = abh[opp] if opp is not None else cap_no_opp
                    if cap < score:
                        score = cap
                        kind = CAPPED_OPPONENT if opp is not None else CAPPED_HALF
            else:  # a round robin's round without an opponent adds nothing
                continue
            parts.append((vur, score, score * x.h if sb else score, r, opp, kind))
        return parts

    def buchholz(self, d: Descriptor, sb: bool, fore: bool) -> list[Value]:
        abh, own = self.adjusted(fore)
        low, high = d.cuts(self.rounds)
        denominator = self.unit * self.unit if sb else self.unit
        out: list[Value] = []
        for i in range(self.n):
            parts = self.buchholz_parts(i, d, abh, own, sb, fore)
            if low or high:
                cut(parts, low, high)
            out.append(Fraction(sum(p[2] for p in parts), denominator))
        return out

    # --- other point-based (C.07 7.5, 9.2) ---

    def progressive_parts(self, i: int, d: Descriptor) -> list[tuple[int, int, bool]]:
        """Player *i*'s running score after each round (in the event's units), and whether
        it counts: ``/Cn`` leaves out the first *n* rounds."""
        running = accumulate(x.h for x in self.rows[i])
        return [(r, s, r > d.cut) for r, s in enumerate(running, start=1)]

    def progressive(self, d: Descriptor) -> list[Value]:
        return [
            Fraction(sum(s for _, s, counted in self.progressive_parts(i, d) if counted), self.unit)
            for i in range(self.n)
        ]

    def koya_limit(self, d: Descriptor) -> int:
        """Twice Koya's limit (half the most points possible, C.07 9.2), in the event's
        units; ``/L+n``, ``/L-n`` raise or lower it by *n* half points (14.5)."""
        games = self.rounds
        if self.rr:
            if self.n and games % self.n == 0:
                games -= games // self.n
            games -= sum(1 for m in self.lmp if m == 0)
        return games * self.win_u + d.limit * self.unit

    def koya_parts(self, i: int, limit: int) -> list[tuple[int, int, int]]:
        """The rounds of player *i* that Koya counts: (round, opponent, points), against the
        opponents whose score reaches the limit (:meth:`koya_limit`)."""
        scores, unit = self.koya_points, self.unit
        return [
            (r, x.opponent, x.h)
            for r, x in enumerate(self.rows[i], start=1)
            if x.opponent is not None and 2 * unit * scores[x.opponent] >= limit
        ]

    def koya(self, d: Descriptor) -> list[Value]:
        """Points scored against the opponents with half the possible points or more (C.07
        9.2); ``/L+n``, ``/L-n``: that limit raised or lowered by *n* half points (14.5)."""
        limit = self.koya_limit(d)
        return [
            Fraction(sum(h for _, _, h in self.koya_parts(i, limit)), self.unit)
            for i in range(self.n)
        ]

    # --- ratings (C.07 10) ---

    def ratings(self, d: Descriptor) -> list[int | None] | None:
        """Every player's rating as *d* counts it: unrated players at *d*'s ``/U`` rating,
        else at the event's; ``None`` when a player is unrated and neither is given (C.07
        10)."""
        unrated = d.unrated if d.unrated is not None else self.unrated
        if unrated is None and not self.everyone_rated:
            return None
        return [r if r is not None else unrated for r in self.own_ratings]

    def rating_parts(
        self, i: int, d: Descriptor
    ) -> tuple[list[_RatedGame], list[tuple[_RatedGame, str]]] | None:
        """Player *i*'s games over the board (:data:`_RatedGame`), lowest rating first, those
        counted and those a cut removed with why; ``None`` when the ratings are undefined
        (:meth:`ratings`)."""
        ratings = self.ratings(d)
        if ratings is None:
            return None
        games: list[_RatedGame] = []
        for r, x in enumerate(self.rows[i], start=1):
            if x.rated_h is not None and x.opponent is not None:
                rating = ratings[x.opponent]
                if rating is not None:
                    games.append((r, x.opponent, rating, x.rated_h))
        games.sort(key=lambda g: g[2])
        low, high = d.cuts(self.rounds)
        top = max(len(games) - high, low)
        removed = [(g, CUT_LEAST) for g in games[:low]] + [(g, CUT_MOST) for g in games[top:]]
        return games[low:top], removed

    def rating_games(self, i: int, d: Descriptor) -> tuple[list[int], Fraction]:
        """The opponents' ratings in player *i*'s games over the board, cuts applied, and the
        points scored in them (none when the ratings are undefined: :meth:`ratings`)."""
        found = self.rating_parts(i, d)
        return ([], Fraction(0)) if found is None else ratings_and_score(found[0])

    def rating(self, d: Descriptor) -> list[Value]:
        """``RTNG`` (C.07 10.6, 2026 text): each player's own rating (:meth:`ratings`)."""
        ratings = self.ratings(d)
        return [None] * self.n if ratings is None else list(ratings)

    def opponents_values(self, i: int, values: Sequence[Value]) -> list[tuple[int, int, Value]]:
        """(round, opponent, value) of player *i*'s opponents over the board that have a
        value in *values*: what an average of the opponents' figures counts."""
        return [
            (r, x.opponent, values[x.opponent])
            for r, x in enumerate(self.rows[i], start=1)
            if x.played and x.opponent is not None and values[x.opponent] is not None
        ]

    # --- direct encounter (C.07 6) ---

    def direct_encounter(self, d: Descriptor, before: list[int]) -> list[Value]:
        """0 where the players tied on every key before DE stay tied; else each one's place
        (1 best) among them by their games against one another (6.1, 6.2)."""
        as_played = self.rr or d.as_played
        out: list[Value] = [0] * self.n
        for members in tied_groups(enumerate(before)):
            for i, place in self.encounter_places(members, as_played).items():
                out[i] = place
        return out

    def encounter_places(self, members: list[int], as_played: bool) -> dict[int, int]:
        """Each of *members*' place (1 best) among them by their games against one another
        (C.07 6.1, 6.2); none when that does not separate them."""
        place = {i: 0 for i in members}  # players ahead of each one
        self.separate(members, place, as_played)
        if len(set(place.values())) > 1:
            return {i: place[i] + 1 for i in members}
        return {}

    def games_within(
        self, i: int, inside: Container[int], as_played: bool
    ) -> list[tuple[int, int, int]]:
        """Player *i*'s games against the players *inside* (round, opponent, points in the
        event's units): those played over the board, with *as_played* forfeits too (C.07 6)."""
        return [
            (r, x.opponent, x.h)
            for r, x in enumerate(self.rows[i], start=1)
            if x.opponent is not None and x.opponent in inside and (as_played or x.played)
        ]

    def encounter_score(
        self, i: int, inside: Container[int], as_played: bool
    ) -> tuple[Fraction, int]:
        """Player *i*'s points against the players *inside* (:meth:`games_within`: two games
        against one opponent count as their average, C.07 6), and how many of them *i* met."""
        met: dict[int, list[int]] = {}
        for _, opp, h in self.games_within(i, inside, as_played):
            met.setdefault(opp, []).append(h)
        s = sum((Fraction(sum(v), self.unit * len(v)) for v in met.values()), Fraction(0))
        return s, len(met)

    def separate(self, members: list[int], place: dict[int, int], as_played: bool) -> None:
        """Separate *members* (tied so far, with the same *place*: how many are ahead of
        them) by their games against one another, and on within each group still tied (C.07
        6.1, 6.2), *place* updated; a team event's extended direct encounter calls it too."""
        inside = set(members)
        most = len(members) - 1
        score: dict[int, Fraction] = {}
        best: dict[int, Fraction] = {}
        all_met = True
        for i in members:
            s, met = self.encounter_score(i, inside, as_played)
            score[i] = s
            if not self.rr and met < most:
                all_met = False
                best[i] = s + (most - met) * Fraction(self.win_u, self.unit)
            else:
                best[i] = s
        order = sorted(members, key=lambda i: (-score[i], -best[i], i))
        tiers: list[list[int]] = [[order[0]]]
        if all_met:
            for prev, i in zip(order, order[1:]):
                if score[i] != score[prev]:
                    tiers.append([i])
                else:
                    tiers[-1].append(i)
        else:
            top = [best[i] for i in order]  # top[k]: the best any of order[k:] can still make
            for k in range(len(order) - 2, -1, -1):
                top[k] = max(top[k], top[k + 1])
            apart = True
            for k in range(1, len(order)):
                if apart and score[order[k - 1]] > top[k]:
                    tiers.append([order[k]])
                else:
                    tiers[-1].append(order[k])
                    apart = False
        if len(tiers) == 1:
            return
        ahead = place[members[0]]
        for tier in tiers:
            for i in tier:
                place[i] = ahead
            ahead += len(tier)
            if len(tier) > 1:
                self.separate(tier, place, as_played)


def tiebreaks(
    crosstable: Crosstable,
    descriptors: str | Iterable[str | Descriptor],
    *,
    edition: TiebreakRulesSpec = None,
    start: _dt.date | None = None,
    round_robin: bool | None = None,
    rounds: int | None = None,
    unrated: int | None = None,
    scoring: ScoringSystem | None = None,
    adjustments: Sequence[Fraction] | None = None,
    round_points: Mapping[tuple[int, int], Fraction] | None = None,
    final_round: int | None = None,
    ptp_full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT,
    koya_scores: KoyaScores = KOYA_SCORES_DEFAULT,
) -> TiebreakTable:
    """Every player's value of every descriptor, and the ranks they make.

    *edition*: the C.07 edition (:data:`TiebreakRulesSpec`; ``None``: the one in force on
    *start*, else today's). *round_robin*: unplayed games count as played (``None``: the
    crosstable's flag). *rounds*: the rounds counted, those missing counted as not played
    (``None``: up to the last round with a game over the board, as FIDE's engine does, with
    a note). *unrated*: the rating of unrated players for the rating tie-breaks (``None``:
    they are undefined for everyone once a player is unrated, C.07 10). *scoring*: ``None``:
    the crosstable's; the rating tie-breaks read the results, 1, ½ or 0. *adjustments*:
    record ``299``'s bonuses and penalties, one per player: in the points and the groups
    ``DE`` separates, not in what the opponents' tie-breaks read. *round_points*: a round's
    points by (player, round), both from 1, in place of what the result scores, everywhere.
    *final_round*: the event's last round, which Fore Buchholz counts as drawn (C.07 8;
    ``None`` or fewer than *rounds*: the last counted). *ptp_full_score*,
    *koya_scores*: the readings of :data:`~xlfuncs.core.performance.PtpFullScore` and
    :data:`KoyaScores`.

    >>> from xlfuncs.core.tournament import Crosstable, Entrant, Pairing
    >>> W, L = Outcome.WIN, Outcome.LOSS
    >>> ct = Crosstable.build([Entrant(2000, (Pairing(2, W, "w"),)),
    ...                        Entrant(1900, (Pairing(1, L, "b"),))])
    >>> t = tiebreaks(ct, "BH, WIN, BPG", edition="2026")
    >>> t.values, t.ranks
    (((Fraction(0, 1), 1, 0), (Fraction(1, 1), 0, 1)), (1, 2))
    """
    ds = parse_descriptors(descriptors)
    chosen, note = tiebreak_edition_for(edition, start)
    notes = [note] if note else []
    rr = crosstable.round_robin if round_robin is None else round_robin
    rounds = _rounds_counted(crosstable, rounds, notes)
    check_edition(ds, chosen)
    final = rounds if final_round is None else max(final_round, rounds)
    ev = _TiebreakView(
        crosstable,
        rounds,
        rr,
        chosen,
        unrated,
        scoring or crosstable.scoring,
        round_points,
        final,
        ptp_full_score,
    )
    points = list(ev.points)
    if adjustments is not None:
        points = _adjusted(ev, ds, adjustments, koya_scores, notes)
    undefined = [
        d.text for d in ds if d.code in _RATING_CODES and d.unrated is None and not ev.all_rated
    ]
    if undefined:
        notes.append(_UNDEFINED.format(", ".join(undefined)))
    columns, current = _standing(ev, ds, points, ev.tied_before)
    values = tuple(tuple(columns[k + 1][i] for k in range(len(ds))) for i in range(ev.n))
    return TiebreakTable(
        descriptors=ds,
        points=tuple(points),
        values=values,
        ranks=tuple(current),
        edition=chosen,
        round_robin=rr,
        rounds=rounds,
        notes=tuple(notes),
        engine=ev,
        ptp_full_score=ptp_full_score,
        koya_scores=koya_scores,
    )


_UNDEFINED: Final = (
    "tie-breaks: some players are unrated and no rating was given for them: the rating "
    "tie-breaks ({}) are undefined (C.07 10: the tournament's rules give unrated players one)"
)
"""The note of :func:`tiebreaks` where a rating tie-break has no rating for the unrated."""


def _rounds_counted(crosstable: Crosstable, rounds: int | None, notes: list[str]) -> int:
    """The rounds :func:`tiebreaks` counts: *rounds* checked, or (``None``)
    :func:`last_round_played` (a note says which later rounds are left out)."""
    if rounds is None:
        most = max((len(e.pairings) for e in crosstable.entrants), default=0)
        rounds = last_round_played(crosstable) or most
        if rounds < most:
            later = f"round {most}" if most == rounds + 1 else f"rounds {rounds + 1}-{most}"
            notes.append(
                f"tie-breaks: no game was played in {later} yet: the standing after round "
                f"{rounds} (byes and forfeits of later rounds not counted)"
            )
    elif isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise InvalidInputError(
            f"rounds: expected a whole number of rounds, 1 or more, got {rounds!r}"
        )
    return rounds


def _adjusted(
    ev: _TiebreakView,
    ds: Sequence[Descriptor],
    adjustments: Sequence[Fraction],
    koya_scores: KoyaScores,
    notes: list[str],
) -> list[Fraction]:
    """The players' scores in the standing: their points plus *adjustments* (record
    ``299``'s bonuses and penalties), which ``KS`` compares with its limit where
    *koya_scores* is ``"standing"`` (a note says which reading ``KS`` takes)."""
    if len(adjustments) != ev.n:
        raise InvalidInputError(
            f"adjustments: expected one per player ({ev.n}), got {len(adjustments)}"
        )
    points = [p + a for p, a in zip(ev.points, adjustments)]
    if koya_scores == "standing":
        ev.koya_points = points
    koya = [d.text for d in ds if d.code == "KS"]
    if koya and any(adjustments):
        notes.append(
            f"tie-breaks: {', '.join(koya)} compares the opponents' scores "
            + (
                "in the standing, record 299's bonuses and penalties included, with "
                "Koya's limit (as FIDE's engine does; BH reads their results' points)"
                if koya_scores == "standing"
                else "of their results, without record 299's bonuses and penalties, with "
                "Koya's limit, as BH reads them (C.07 8.1 and 9.2 both say 'scores'); "
                "FIDE's engine counts them in KS (--koya-scores standing)"
            )
        )
    return points


def _standing(
    ev: _TiebreakView,
    ds: Sequence[Descriptor],
    points: Sequence[Fraction],
    tied: dict[int, list[int]],
) -> tuple[list[Sequence[Value]], list[int]]:
    """The columns *points* then each descriptor's (each worked out once by the engine;
    ``DE`` among the players tied on every key before it, whose ranks by those keys *tied*
    keeps by the descriptor's index), and the ranks they make (:func:`ranked_columns`)."""

    def column(k: int, before: Callable[[], list[int]]) -> Sequence[Value]:
        d = ds[k]
        if d.code == "PTS":
            return points
        if d.code == "DE":
            tied[k] = before()
            return ev.direct_encounter(d, tied[k])
        return ev.column(d)

    return ranked_columns(points, len(ds), column, lambda k: ds[k].ascending)


_RATING_CODES: Final = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""The rating tie-breaks (C.07 10): undefined while a player is unrated and no rating is
given for unrated players."""


def check_edition(descriptors: Iterable[Descriptor], edition: TiebreakEdition) -> None:
    """Raise :class:`TiebreakError` for a descriptor that *edition* of C.07 does not have
    (a later text added it: :func:`~xlfuncs.core.tiebreak_editions.introduced_in`).

    >>> check_edition(parse_descriptors("BH, TPN"), tiebreak_edition_for("2023")[0])
    Traceback (most recent call last):
    ...
    xlfuncs.core.tiebreaks.TiebreakError: tie-break 'TPN': not in the 2023 text of C.07; the ...
    """
    for d in descriptors:
        for key in d.keys:
            added = introduced_in(key)
            if added is not None and added.in_force_from > edition.in_force_from:
                what = "" if key == d.code else f" ({key}: the modifier /{key[-1]})"
                raise TiebreakError(
                    f"tie-break {d.text!r}: not in the {edition.id} text of C.07{what}; the "
                    f"{added.id} text (in force from {added.in_force_from.isoformat()}) added "
                    f"it: rank by that text (edition {added.id}) to use it"
                )


def last_round_played(crosstable: Crosstable) -> int:
    """The last round in which a game was played over the board (0: none): the rounds of the
    standing when none is given, as FIDE's reference engine counts them."""
    return max(
        (
            r
            for e in crosstable.entrants
            for r, p in enumerate(e.pairings, start=1)
            if p.opponent is not None and p.outcome in _PLAYED
        ),
        default=0,
    )


def count_test(ev: _TiebreakView, code: str) -> Callable[[_Round], bool] | None:
    """Which rounds a counting tie-break counts (C.07 7: ``WIN``, ``WON``, ``BPG``, ``BWG``,
    ``GE``, ``REP``); ``None`` for another code. A round robin's forfeits: C.07 15.2
    (:attr:`~xlfuncs.core.tiebreak_editions.TiebreakEdition.rr_forfeit_losses_played`)."""
    rr = ev.rr
    wins = rr
    losses = rr and ev.edition.rr_forfeit_losses_played
    if code == "WIN":
        return lambda x: x.win_round
    if code == "WON":
        return lambda x: x.won and x.opponent is not None and (x.played or (wins and x.forfeit))
    if code == "BPG":
        return lambda x: x.black and (x.played or (x.forfeit and (wins if x.won else losses)))
    if code == "BWG":
        return lambda x: x.black and x.won and (x.played or (wins and x.forfeit))
    if code in ("GE", "REP"):
        return lambda x: x.played or x.won or (losses and x.forfeit)
    return None


def _compute(ev: _TiebreakView, d: Descriptor) -> list[Value]:
    """One descriptor's column (every code but ``PTS`` and ``DE``)."""
    code = d.code
    if code in ("BH", "FB", "SB"):
        return ev.buchholz(d, sb=code == "SB", fore=code == "FB")
    if code == "PS":
        return ev.progressive(d)
    if code == "KS":
        return ev.koya(d)
    test = count_test(ev, code)
    if test is not None:
        return [sum(1 for x in row if test(x)) for row in ev.rows]
    if code == "STD":
        return [Fraction(sum(x.std_h for x in row), 2) for row in ev.rows]
    if code == "TPN":
        return list(range(1, ev.n + 1))
    if code == "RTNG":
        return ev.rating(d)
    if code in ("ARO", "TPR", "PTP"):
        games = [ev.rating_games(i, d) for i in range(ev.n)]
        if code == "ARO":
            return [aro_of(ratings) for ratings, _ in games]
        if code == "TPR":
            return [tpr_of(*g) for g in games]
        return [ptp_of(ratings, score, ev.ptp_full_score) for ratings, score in games]
    of = averaged(d)
    if of is not None:  # over each player's opponents over the board with a value
        values = ev.column(of)
        found = [ev.opponents_values(i, values) for i in range(ev.n)]
        return [average_of([v for _, _, v in f], whole=code != "AOB") for f in found]
    raise TiebreakError(f"tie-break {d.text!r}: not implemented")  # pragma: no cover


def averaged(d: Descriptor) -> Descriptor | None:
    """The opponents' figure an average tie-break averages (C.07 10: ``APRO`` their TPR,
    ``APPO`` their PTP, each with *d*'s ``/U`` rating; 8.2: ``AOB`` their Buchholz, ``/F``
    their Fore Buchholz, 2026 text); ``None`` for another code."""
    own = tuple(m for m in d.modifiers if m[0] == "U")
    if d.code == "AOB":
        return Descriptor("FB" if "F" in d.modifiers else "BH")
    return {"APRO": Descriptor("TPR", own), "APPO": Descriptor("PTP", own)}.get(d.code)
