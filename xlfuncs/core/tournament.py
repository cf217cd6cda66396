"""One tournament's crosstable and the figures of each player in it.

The same calculations serve the Excel array functions (one call fills a column of a wall
chart), the TRF report and the filled workbooks, so a player's figures agree everywhere.

Players are numbered from 1 (starting rank). Each round of a player is a :class:`Pairing`:
the opponent's number (``None`` for a bye or no game) and the :class:`Outcome`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from .editions import Edition, RulesSpec, get_edition
from .eligibility import (
    Match,
    RoundEligibility,
    TimeControl,
    excluded_by_difference,
    game_eligibility,
    match_of,
    match_rule,
    rules_out,
)
from .errors import InvalidInputError, XlfuncsError
from .first_rating import FirstRating, first_rating
from .performance import rp_exact, rp_fide
from .rating_change import RatingChange, rating_change
from .results import Outcome
from .scoring import DEFAULT_SCORING, ScoringSystem

__all__ = ["Crosstable", "Entrant", "Pairing", "PlayerFigures", "is_round_robin"]


_Rule = tuple[Edition, "TimeControl | None", "Match | None"]
"""The edition, the event's time and its match, as :meth:`Crosstable._results` reads them."""


@dataclass(frozen=True)
class Pairing:
    """One round of one player."""

    opponent: int | None
    """The opponent's number (from 1), or ``None``: a bye or no game."""
    outcome: Outcome | None
    """The result, or ``None``: not played (yet)."""
    colour: str | None = None
    """``"w"`` or ``"b"``: the colour the player had; ``None`` when not known or no game
    (the tie-breaks BPG and BWG count the games played with black)."""


@dataclass(frozen=True)
class Entrant:
    """A player as the crosstable knows them."""

    rating: int | None
    """Published rating, ``None`` when unrated."""
    pairings: tuple[Pairing, ...]
    k: int | None = None
    """K for the rating change (``None``: not known, no change computed)."""
    female: bool = False
    """Whether women's norms (WGM, WIM) apply."""
    title: str | None = None
    """The title the player holds (``"IM"``...): only stronger norms are looked for."""
    fide_title: str = ""
    """Any FIDE title the player holds (``"FM"``, ``"WCM"`` ...), for the opponents' mix of
    a norm (:func:`~xlfuncs.core.norm_field.fide_title`); blank: none or not known."""
    federation: str = ""
    """The player's federation (FIDE's three letters); blank: not known."""


@dataclass(frozen=True)
class PlayerFigures:
    """Everything the crosstable shows for one player."""

    number: int
    points: Fraction
    rated_games: int
    """Rated games against rated opponents (what moves a rating)."""
    ra: Fraction | None
    """Average rating of the rated opponents in rated games."""
    rp_fide: int | None
    rp_exact: float | None
    """Unrounded; infinite for 0 % or 100 %. Rounded half up (``round_half_up``) it is the
    certified whole number of ``rp_exact_rounded``, exact halves included."""
    change: RatingChange | None
    """For a rated player with K known."""
    first: FirstRating | None
    """For an unrated player with games against rated opponents."""
    first_error: str | None
    """Why no first rating could be computed, for an unrated player."""
    sonneborn_berger: Fraction


@dataclass(frozen=True)
class Crosstable:
    """All players of one event, numbered from 1 in list order."""

    entrants: tuple[Entrant, ...]
    round_robin: bool = False
    edition: Edition = field(default_factory=get_edition)
    scoring: ScoringSystem = DEFAULT_SCORING
    """What each result scores (TRF-2026 record ``162``; the default 1, ½, 0): the points
    and Sonneborn-Berger read it, the rating figures read the games' results."""
    time: TimeControl | None = None
    """The event's time control (a TRF's ``222`` or ``122``; ``None``: not known, as for the
    Excel functions). A game that :func:`~xlfuncs.core.eligibility.rules_out` makes not
    rated (the time, B.02 1.1; the 600-point rule, Rapid and Blitz 7.3.1; a :attr:`match`'s
    rules) is left out of every rating figure (:meth:`games`, :meth:`rated_games`, Ra, Rp,
    the change, the first rating); its points still count."""
    match: Match | None = None
    """A two-player event read as a match (B.02 6: :meth:`build`'s *match_games*)."""

    @classmethod
    def build(
        cls,
        entrants: Sequence[Entrant],
        *,
        round_robin: bool = False,
        rules: RulesSpec = None,
        scoring: ScoringSystem = DEFAULT_SCORING,
        time: TimeControl | None = None,
        match_games: tuple[int, str] | None = None,
    ) -> Crosstable:
        """A crosstable, checking that every opponent number names a player.

        *match_games*: for a two-player event, the games the match is taken to be over and
        where that comes from (``(6, "XXR '6'")``): the crosstable reads it as a match
        (:attr:`match`, :func:`~xlfuncs.core.eligibility.match_of`). Ignored for any other
        number of players."""
        count = len(entrants)
        for i, e in enumerate(entrants, start=1):
            for r, p in enumerate(e.pairings, start=1):
                if p.opponent is not None and not 1 <= p.opponent <= count:
                    raise InvalidInputError(
                        f"player {i}, round {r}: opponent {p.opponent} is not a player (1..{count})"
                    )
                if p.opponent == i:
                    raise InvalidInputError(f"player {i}, round {r}: paired with themself")
        match = None
        if match_games is not None and count == 2:
            halves = tuple(
                [None if p.outcome is None else p.outcome.halves for p in e.pairings]
                for e in entrants
            )
            match = match_of((halves[0], halves[1]), *match_games)
        return cls(tuple(entrants), round_robin, get_edition(rules), scoring, time, match)

    _WORKED_OUT = ("_halves", "_points", "_played", "_games", "_rated")
    """The figures of the games worked out once per crosstable (``cached_property``)."""

    def share_games(self, other: Crosstable) -> bool:
        """Take the games *other* worked out (each player's points, games and rated games)
        when they are this crosstable's too: the same event settings, every player's rating
        the same and their pairings the very same objects. Returns whether it did."""
        if other is self or not (
            len(self.entrants) == len(other.entrants)
            and self.round_robin == other.round_robin
            and self.edition == other.edition
            and self.scoring == other.scoring
            and self.time == other.time
            and self.match == other.match
            and all(
                a.pairings is b.pairings and a.rating == b.rating
                for a, b in zip(self.entrants, other.entrants)
            )
        ):
            return False
        for name in self._WORKED_OUT:
            self.__dict__[name] = getattr(other, name)  # what cached_property keeps
        return True

    @cached_property
    def _halves(self) -> tuple[int, ...]:
        """Each player's points, forfeits and byes included, in half points."""
        return tuple(
            sum(p.outcome.halves for p in e.pairings if p.outcome is not None)
            for e in self.entrants
        )

    @cached_property
    def _points(self) -> tuple[Fraction, ...]:
        if self.scoring.is_default:
            return tuple(Fraction(h, 2) for h in self._halves)
        points = self.scoring.points
        return tuple(
            sum((points(p.outcome) for p in e.pairings if p.outcome is not None), Fraction(0))
            for e in self.entrants
        )

    @cached_property
    def _games(self) -> tuple[tuple[tuple[tuple[int | None, Fraction], ...], int], ...]:
        """Each player's :meth:`games` and their score in half points, worked out once."""
        return tuple(
            (tuple((r, o.points) for r, o in games), sum(o.halves for _, o in games))
            for games in self._played
        )

    @cached_property
    def _rated(self) -> tuple[tuple[tuple[tuple[int, Fraction], ...], int], ...]:
        """Each player's :meth:`rated_games` and their score in half points."""
        return tuple(
            (
                tuple((r, o.points) for r, o in games if r is not None),
                sum(o.halves for r, o in games if r is not None),
            )
            for games in self._played
        )

    @cached_property
    def _played(self) -> tuple[list[tuple[int | None, Outcome]], ...]:
        """Every player's games with a rated result: (the opponent's rating, the result)."""
        numbers = range(1, len(self.entrants) + 1)
        return tuple([(r, o) for _, _, r, o in self._results(n)] for n in numbers)

    @cached_property
    def _ratings(self) -> list[int | None]:
        return [e.rating for e in self.entrants]

    def _results(self, number: int) -> Iterator[tuple[int, int, int | None, Outcome]]:
        """The rounds of player *number* (from 1) with a rated result against an opponent
        that :attr:`_rule` does not make not rated: (round from 1, opponent's number, their
        rating or ``None``, the result)."""
        e = self.entrants[number - 1]
        ratings = self._ratings
        rule = self._rule
        for r, p in enumerate(e.pairings, start=1):
            o = p.outcome
            if p.opponent is not None and o is not None and o.rated:
                rating = ratings[p.opponent - 1]
                if rule is not None and rules_out(rule[0], e.rating, rating, rule[1], rule[2], r):
                    continue
                yield r, p.opponent, rating, o

    @property
    def _rule(self) -> _Rule | None:
        """What :meth:`_results` needs to leave out the played games that are not
        rated (:func:`~xlfuncs.core.eligibility.rules_out`); ``None``: no such game."""
        t = self.time
        if t is not None and t.minutes is None and not t.different_times:
            t = None
        m = self.match if self.match is not None and match_rule(self.edition) else None
        if t is None and m is None and self.edition.excluded_difference is None:
            return None
        return self.edition, t, m

    def rated_rounds(self, number: int) -> list[tuple[int, int]]:
        """The rounds (from 1) and opponents (numbers from 1) of :meth:`rated_games`, in
        the same order."""
        return [(r, opp) for r, opp, rating, _ in self._results(number) if rating is not None]

    def excluded_rounds(self, number: int) -> list[tuple[int, int, int, Fraction]]:
        """The played games of player *number* (from 1) against a rated opponent that the
        600-point rule leaves unrated (:func:`~xlfuncs.core.eligibility.excluded_by_difference`):
        (round from 1, opponent's number, their rating, points)."""
        e = self.entrants[number - 1]
        if e.rating is None or self.edition.excluded_difference is None:
            return []
        out: list[tuple[int, int, int, Fraction]] = []
        for r, p in enumerate(e.pairings, start=1):
            o = p.outcome
            if p.opponent is None or o is None or not o.rated:
                continue
            other = self.entrants[p.opponent - 1].rating
            if other is not None and excluded_by_difference(self.edition, e.rating, other):
                out.append((r, p.opponent, other, o.points))
        return out

    def eligibility(self, number: int) -> tuple[RoundEligibility, ...]:
        """Every game (a round with an opponent and a result) of player *number* (from 1),
        with its verdict under the crosstable's edition at its :attr:`time`
        (:func:`~xlfuncs.core.eligibility.game_eligibility`); byes and rounds not played are
        no games."""
        e = self.entrants[number - 1]
        out: list[RoundEligibility] = []
        for r, p in enumerate(e.pairings, start=1):
            if p.opponent is None or p.outcome is None or p.outcome.is_bye:
                continue
            other = self.entrants[p.opponent - 1].rating
            verdict = game_eligibility(
                self.edition, e.rating, other, p.outcome, self.time, self.match, r
            )
            out.append(RoundEligibility(r, p.opponent, p.outcome, verdict))
        return tuple(out)

    def points(self, number: int) -> Fraction:
        """Points scored, forfeits and byes included."""
        return self._points[number - 1]

    def games(self, number: int) -> list[tuple[int | None, Fraction]]:
        """Rated-result games against an opponent: (opponent's rating or None, points)."""
        return list(self._games[number - 1][0])

    def game_halves(self, number: int) -> int:
        """The points of player *number*'s :meth:`games`, in half points."""
        return self._games[number - 1][1]

    def game_rounds(self, number: int) -> tuple[int, ...]:
        """The rounds (from 1) of player *number*'s :meth:`games`, in the same order."""
        return tuple(r for r, _, _, _ in self._results(number))

    def rated_games(self, number: int) -> list[tuple[int, Fraction]]:
        """The games that move ratings: rated results against rated opponents."""
        return list(self._rated[number - 1][0])

    def sonneborn_berger(self, number: int) -> Fraction:
        """Sum of the points of the opponents beaten and half of those drawn (games with an
        opponent, forfeits included; byes add nothing)."""
        if not self.scoring.is_default:
            points, totals = self.scoring.points, self._points
            return sum(
                (
                    points(p.outcome) * totals[p.opponent - 1]
                    for p in self.entrants[number - 1].pairings
                    if p.opponent is not None and p.outcome is not None
                ),
                Fraction(0),
            )
        halves = self._halves
        quarters = 0  # points x points, each in half points
        for p in self.entrants[number - 1].pairings:
            if p.opponent is not None and p.outcome is not None:
                quarters += p.outcome.halves * halves[p.opponent - 1]
        return Fraction(quarters, 4)

    def ra(self, number: int) -> Fraction | None:
        """Average rating of the rated opponents in rated games."""
        rated = self._rated[number - 1][0]
        return Fraction(sum(r for r, _ in rated), len(rated)) if rated else None

    def rp_fide(self, number: int) -> int | None:
        """FIDE performance against the rated opponents in rated games."""
        rated, halves = self._rated[number - 1]
        if not rated:
            return None
        return rp_fide([r for r, _ in rated], Fraction(halves, 2))

    def rp_exact(self, number: int) -> float | None:
        """Exact performance (unrounded; infinite for 0 % or 100 %), which rounds half up to
        the certified whole number (see :func:`~xlfuncs.core.performance.rp_exact`)."""
        rated, halves = self._rated[number - 1]
        if not rated:
            return None
        return rp_exact([r for r, _ in rated], Fraction(halves, 2))

    def change(self, number: int) -> RatingChange | None:
        """The rating change of a rated player whose K is known."""
        entrant = self.entrants[number - 1]
        if entrant.rating is None or entrant.k is None:
            return None
        return rating_change(
            entrant.rating, [self.rated_games(number)], entrant.k, rules=self.edition
        )

    def first(self, number: int) -> FirstRating | None:
        """The first rating of an unrated player (raises when none can be computed)."""
        if self.entrants[number - 1].rating is not None:
            return None
        return first_rating(
            self.games(number), system="rr" if self.round_robin else "swiss", rules=self.edition
        )

    def figures(self, number: int) -> PlayerFigures:
        """All the figures of player *number* (from 1)."""
        first = None
        first_error = None
        try:
            first = self.first(number)
        except XlfuncsError as exc:
            first_error = str(exc)
        return PlayerFigures(
            number=number,
            points=self.points(number),
            rated_games=len(self._rated[number - 1][0]),
            ra=self.ra(number),
            rp_fide=self.rp_fide(number),
            rp_exact=self.rp_exact(number),
            change=self.change(number),
            first=first,
            first_error=first_error,
            sonneborn_berger=self.sonneborn_berger(number),
        )


def withdrew(pairings: Sequence[Pairing]) -> bool:
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
    staying = [i for i, ps in enumerate(pairings, start=1) if not withdrew(ps)]
    if len(staying) < 2:
        return False
    everyone = set(staying)
    return all(everyone - {i} <= {p.opponent for p in pairings[i - 1]} for i in staying)
