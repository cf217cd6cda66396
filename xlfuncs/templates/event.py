"""A filled event, as plain data: what the round-robin and Swiss templates are filled with.
How players, rounds and results are laid out: ``docs/templates.md`` ("The event model").

>>> alice = ChartPlayer(1, "Alice", rating=2100, results=(None, "1"))
>>> bob = ChartPlayer(2, "Bob", results=("0", None))
>>> Event(name="Club final", players=(alice, bob)).validate(round_robin=True)
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field

from ..core.editions import EDITIONS, get_edition
from ..core.errors import XlfuncsError
from ..core.performance import PTP_FULL_SCORE_DEFAULT, PtpFullScore
from ..core.results import Outcome, parse
from ..core.scoring import DEFAULT_SCORING, ScoringSystem
from ..core.sex import list_sex
from ..core.teams import TeamStandings
from ..core.tiebreak_editions import TIEBREAK_EDITIONS
from ..core.tiebreaks import TiebreakTable, parse_descriptors
from ..core.tournament import Crosstable
from ..core.validate import MAX_RATING, is_rating

__all__ = [
    "MAX_ROUNDS",
    "MAX_RR_PLAYERS",
    "MAX_SWISS_PLAYERS",
    "ChartPlayer",
    "Event",
    "Round",
    "result_cell",
]

MAX_RR_PLAYERS = 24
"""Players the round-robin template holds (single or double round robin)."""
MAX_SWISS_PLAYERS = 400
"""Players the blank Swiss wall chart holds; a filled chart grows a row per player."""
MAX_ROUNDS = 13
"""Rounds the blank Swiss wall chart holds; a filled chart grows three columns per round."""

DateLike = _dt.date | str | None
"""A date, or text as the organiser writes it (``"3-11 May 2026"``), or unknown."""


@dataclass(frozen=True)
class Round:
    """One round of a player in a Swiss event."""

    opponent: int | None = None
    """The opponent's number, ``None`` for a bye or no game."""
    colour: str | None = None
    """``"w"`` or ``"b"``; ``None`` when unknown or no game."""
    result: str | None = None
    """The result: a symbol in any spelling :func:`.results.parse` reads (``"1"``,
    ``"½"``, ``"="``, ``"+"``, ``"H"``, TRF's ``"W"`` for a win in less than one move ...),
    ``None`` when not played yet."""


@dataclass(frozen=True)
class ChartPlayer:
    """A player and their games. Only *number* and *name* are required."""

    number: int
    """Starting rank, from 1; opponents refer to the player by it."""
    name: str
    title: str | None = None
    """``"GM"``, ``"IM"``, ``"WGM"``, ... or ``None``."""
    federation: str | None = None
    """Three-letter code: ``"ESP"``."""
    fide_id: int | None = None
    birth_year: int | None = None
    sex: str | None = None
    """``"m"`` or ``"w"`` (``"w"`` makes the women's norms apply)."""
    rating: int | None = None
    """Published rating; ``None``: unrated."""
    rated_games_before: int | None = None
    """Rated games completed before this event (for K: 40 below 30 games)."""
    reached_2400: bool | None = None
    """Whether a published rating ever reached 2400 (for K: 10)."""
    k_override: int | None = None
    """K to use instead of the one computed from the data above."""
    results: tuple[str | None, ...] = ()
    """Round robin: the result against player *j* at index *j - 1*; in a double round robin
    (:attr:`Event.cycles` 2) the second game against *j* follows all the first ones, at
    index *count + j - 1* (*count*: the number of players)."""
    rounds: tuple[Round, ...] = ()
    """Swiss: one entry per round."""
    file_points: float | None = None
    """The points the source file gives (``None``: not given), marked on the chart where they
    differ from what the results add up to."""
    later_byes: tuple[tuple[int, str], ...] = ()
    """Swiss, a file written mid-event: the byes the file enters for rounds not counted yet
    (``(5, "H (0.5)")``), left out of those cells and noted on each."""
    file_rating: int | None = None
    """A rating the source file gives that is no FIDE rating (:attr:`file_rating_why`): the
    rating cell stays blank, with a note giving it."""
    file_rating_why: str = "no FIDE id"
    """Why :attr:`file_rating` is no FIDE rating, for the note."""


@dataclass(frozen=True)
class Event:
    """The header fields of an event and its players, in starting-rank order."""

    name: str | None = None
    place: str | None = None
    start: DateLike = None
    end: DateLike = None
    chief_arbiter: str | None = None
    rules: str | None = None
    """Edition of the rating regulations: ``"2017"``, ``"2022"``, ``"2024"``, ``"2025"``;
    ``None``: the edition in force."""
    rating_period: _dt.date | None = None
    """The rating period the event is rated in (decides the junior K); ``None``: today."""
    players: tuple[ChartPlayer, ...] = field(default_factory=tuple)
    cycles: int = 1
    """Round robin: how many times each two players meet (1, or 2 for a double round
    robin); see :attr:`ChartPlayer.results`."""
    tiebreaks: tuple[str, ...] = ()
    """The tie-breaks after points, in order, as C.07 writes them (``("BH/C1", "BH",
    "SB")``); empty: the chart's usual list (Swiss ``BH/C1, BH, SB``; round robin ``DE,
    WIN, SB, KS``)."""
    tiebreak_rules: str | None = None
    """The edition of the Tie-Break Regulations (C.07): ``"2023"``, ``"2026"``; ``None``: the
    one in force on :attr:`start` (when a date), else today's."""
    unrated_rating: int | None = None
    """The rating unrated players count at in the rating tie-breaks (the chart's
    ``UnratedRating`` cell); ``None``: none (C.07 10)."""
    ptp_full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT
    """How PTP and APPO read a full score (C.07 10.3; the chart's ``PtpFullScore`` cell):
    one of :data:`~xlfuncs.core.performance.PTP_FULL_SCORE_READINGS`."""
    scoring: ScoringSystem = DEFAULT_SCORING
    """The event's scoring system (TRF-2026 record ``162``; the chart's ``Scoring`` cell)."""
    minutes: float | None = None
    """Each player's time for 60 moves, increments included (Rating Regulations 1.1; the
    chart's ``Minutes`` cell); ``None``: not known, every game counts."""
    system: str | None = None
    """How the event was paired, ``"swiss"`` or ``"rr"``, which the Swiss chart's tie-break
    and first-rating formulas are told; ``None``: ``"swiss"``."""
    teams: TeamStandings | None = None
    """A team event's standing (:mod:`~xlfuncs.templates.team_sheet`); ``None``: none."""
    working: bool = False
    """Whether the filled chart gets the Working sheet (:mod:`~xlfuncs.templates.working_sheet`)."""
    tiebreak_table: TiebreakTable | None = field(default=None, compare=False, repr=False)
    """The event's tie-breaks as read, for the working sheet's stored values
    (:mod:`~xlfuncs.templates.working_sheet`); ``None``: worked out from the chart's cells."""
    crosstable: Crosstable | None = field(default=None, compare=False, repr=False)
    """The event's crosstable as read, likewise for the rating working."""

    @property
    def rounds(self) -> int:
        """The number of rounds of a Swiss event (the longest player's)."""
        return max((len(p.rounds) for p in self.players), default=0)

    def validate(self, *, round_robin: bool, capacity: int | None = None) -> None:
        """Raise :class:`ValueError` naming the first thing a template cannot hold: too
        many players (more than *capacity*, by default the template's) or rounds, numbers
        out of order, unknown opponents or symbols."""
        count = len(self.players)
        limit = capacity or (MAX_RR_PLAYERS if round_robin else MAX_SWISS_PLAYERS)
        if count > limit:
            kind = "round-robin" if round_robin else "Swiss"
            raise ValueError(f"{count} players: the {kind} template holds {limit}")
        if self.cycles not in (1, 2) or (self.cycles == 2 and not round_robin):
            raise ValueError(f"cycles: {self.cycles}, expected 1, or 2 for a double round robin")
        if self.rules is not None and self.rules not in EDITIONS:
            try:  # an edition at a rate of play, "2024-12 rapid", as the report names it
                get_edition(self.rules)
            except XlfuncsError:
                raise ValueError(
                    f"rules: unknown edition {self.rules!r}; one of {', '.join(EDITIONS)}"
                ) from None
        if self.tiebreaks:
            try:
                parse_descriptors(self.tiebreaks)
            except XlfuncsError as exc:
                raise ValueError(f"tiebreaks: {exc}") from None
        if self.unrated_rating is not None and not is_rating(self.unrated_rating):
            raise ValueError(
                f"unrated_rating: {self.unrated_rating!r}, expected a rating (1..{MAX_RATING})"
            )
        if self.tiebreak_rules is not None and self.tiebreak_rules not in TIEBREAK_EDITIONS:
            raise ValueError(
                f"tiebreak_rules: unknown C.07 edition {self.tiebreak_rules!r}; one of "
                f"{', '.join(TIEBREAK_EDITIONS)}"
            )
        for i, p in enumerate(self.players, start=1):
            if p.number != i:
                raise ValueError(
                    f"player {p.name!r}: number {p.number}, expected {i} "
                    "(players in starting-rank order from 1)"
                )
            if p.sex is not None and not list_sex(p.sex):  # neither a man nor a woman
                raise ValueError(f"player {i}: sex {p.sex!r}, expected 'm' or 'w'")
            if round_robin:
                if p.rounds:
                    raise ValueError(f"player {i}: rounds given for a round robin (use results)")
                if len(p.results) > count * self.cycles:
                    raise ValueError(
                        f"player {i}: {len(p.results)} results for {count} players"
                        + (f" meeting {self.cycles} times" if self.cycles > 1 else "")
                    )
                for index, symbol in enumerate(p.results):
                    j = index % count + 1
                    if j == i and symbol is not None:
                        raise ValueError(f"player {i}: a result against themself")
                    _validate_symbol(symbol, f"player {i} against {j}")
                continue
            if p.results:
                raise ValueError(f"player {i}: results given for a Swiss event (use rounds)")
            for rnd, rd in enumerate(p.rounds, start=1):
                where = f"player {i}, round {rnd}"
                _validate_symbol(rd.result, where)
                if rd.opponent is not None and not (1 <= rd.opponent <= count and rd.opponent != i):
                    raise ValueError(f"{where}: opponent {rd.opponent} is not another player")
                if rd.colour is not None and rd.colour.lower() not in ("w", "b"):
                    raise ValueError(f"{where}: colour {rd.colour!r}, expected 'w' or 'b'")


def _validate_symbol(symbol: str | None, where: str) -> None:
    if symbol is not None and parse(symbol) is None:
        raise ValueError(f"{where}: unknown result {symbol!r}")


def result_cell(symbol: str | None) -> float | str | None:
    """What a result cell holds, as an arbiter types it: 1 and 0 as numbers, every draw as
    ``"½"``, a game of less than one move (TRF's ``W``, ``D``, ``L``) as ``"W<1"``, ``"D<1"``,
    ``"L<1"`` (a cell refuses the bare letters: :attr:`.results.Outcome.cell`), the other
    symbols as upper-case text.

    >>> [result_cell(s) for s in ("1", "=", "0", "+", "h", "1/2", "W", None)]
    [1.0, '½', 0.0, '+', 'H', '½', 'W<1', None]
    """
    if symbol is None or not symbol.strip():
        return None
    outcome = parse(symbol)
    if outcome is None:
        return symbol.strip().upper()
    if outcome in (Outcome.WIN, Outcome.LOSS):
        return float(outcome.points)
    return outcome.cell
