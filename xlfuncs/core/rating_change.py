"""Rating change over one rating period: the 400-point rule, K, K x n <= 700, and rounding.

A period holds one or more tournaments (the 2022 limit on 400-point upgrades counts per
tournament). Each tournament is rated with the player's rating of the list in force at its
start, and the change is added to the latest list's rating (as FIDE's published per-player
calculations show it). Each rated game gives W - PD; the period's change is K x sum(W - PD),
rounded once, half away from zero (-2.50 -> -3; Rating Regulations 8.3.4), or each
tournament's on its own (:class:`Rounding`). Sums are exact (hundredths), never float.
Rapid and blitz use the same calculation with their edition's data
(:class:`~xlfuncs.core.editions.Edition`).
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final

from . import validate
from .editions import Edition, RulesSpec, get_edition
from .errors import InvalidInputError, OutOfRangeError
from .tables import Number, exact, pd_hundredths, round_half_away, round_half_up

__all__ = [
    "MAX_K",
    "MAX_K_TIMES_GAMES",
    "RULE_KS",
    "Rounding",
    "UPLIFT_2024_BELOW",
    "UPLIFT_2024_SHARE",
    "Game",
    "GameDetail",
    "KRule",
    "RatingChange",
    "capped_ratings",
    "check_k",
    "excluded_game",
    "expected_score",
    "k_for_games",
    "k_note",
    "k_rule",
    "k_values",
    "rating_at_rate",
    "floor_note",
    "rating_change",
    "unrated_again",
    "uplift_2024",
]

MAX_K_TIMES_GAMES = 700
"""K x n may not exceed this over one rating period; K is lowered to fit."""

Game = tuple[Number, Number]
"""One rated game: (opponent's rating, points scored: 1, 0.5 or 0)."""


class Rounding(enum.Enum):
    """How a period's change is rounded (half away from zero either way)."""

    PERIOD = "period"
    """Once, the period's K x sum(W - PD) (Rating Regulations 8.3.4)."""
    EVENT = "event"
    """Each tournament's K x sum(W - PD) rounded on its own, then added up: a reading that
    one of FIDE's published periods follows (``docs/period.md``)."""


@dataclass(frozen=True)
class GameDetail:
    """One game's line of the calculation, as on FIDE's per-player page."""

    tournament: int
    """Index of the tournament in the period, from 0."""
    opponent_rating: int
    """The opponent's rating as published."""
    rating_used: int
    """The opponent's rating after the 400-point rule."""
    points_hundredths: int
    """W in hundredths: 100, 50 or 0."""
    expected_hundredths: int
    """PD from table 8.1(b) in hundredths, for the difference to the rating used."""
    k: int
    """K used for the period (after K x n <= 700)."""

    @property
    def capped(self) -> bool:
        """Whether the 400-point rule changed the rating used."""
        return self.rating_used != self.opponent_rating

    @property
    def points(self) -> Fraction:
        """W: 1, 1/2 or 0."""
        return Fraction(self.points_hundredths, 100)

    @property
    def expected(self) -> Fraction:
        """PD."""
        return Fraction(self.expected_hundredths, 100)

    @property
    def difference(self) -> Fraction:
        """W - PD."""
        return Fraction(self.points_hundredths - self.expected_hundredths, 100)

    @property
    def change(self) -> Fraction:
        """K x (W - PD)."""
        return self.k * self.difference


@dataclass(frozen=True)
class RatingChange:
    """The whole calculation of one rating period."""

    own_rating: int
    """The rating the change is added to (the latest list's)."""
    games: tuple[GameDetail, ...]
    k_requested: int
    k: int
    """K after K x n <= 700."""
    edition: Edition
    tournament_ratings: tuple[int, ...] = ()
    """The player's rating each tournament was rated with (the list in force at its start),
    one per tournament; empty: :attr:`own_rating` for all."""
    rounding: Rounding = Rounding.PERIOD

    @property
    def n(self) -> int:
        """Rated games in the period."""
        return len(self.games)

    @property
    def score(self) -> Fraction:
        """Points scored, sum of W."""
        return Fraction(sum(g.points_hundredths for g in self.games), 100)

    @property
    def expected(self) -> Fraction:
        """Expected score, sum of PD."""
        return Fraction(sum(g.expected_hundredths for g in self.games), 100)

    @cached_property
    def unrounded(self) -> Fraction:
        """K x sum(W - PD) before rounding."""
        return self.k * (self.score - self.expected)

    @cached_property
    def tournament_changes(self) -> tuple[Fraction, ...]:
        """Each tournament's K x sum(W - PD) (the period's K), in order; they add up to
        :attr:`unrounded`. A tournament without a rated game has 0."""
        count = max(
            len(self.tournament_ratings), max((g.tournament for g in self.games), default=-1) + 1
        )
        hundredths = [0] * count
        for g in self.games:
            hundredths[g.tournament] += g.points_hundredths - g.expected_hundredths
        return tuple(Fraction(self.k * h, 100) for h in hundredths)

    @cached_property
    def change(self) -> int:
        """The period's change, half away from zero: rounded once (:attr:`Rounding.PERIOD`)
        or each tournament's on its own (:attr:`Rounding.EVENT`)."""
        if self.rounding is Rounding.EVENT:
            return sum(round_half_away(c) for c in self.tournament_changes)
        return round_half_away(self.unrounded)

    @property
    def new_rating(self) -> int:
        """The rating after the period."""
        return self.own_rating + self.change

    @property
    def unrated_again(self) -> bool:
        """Whether the new rating is below the edition's floor: the player is removed from
        the list and is unrated again (see :func:`unrated_again`)."""
        return unrated_again(self.new_rating, rules=self.edition)

    @property
    def floor_note(self) -> str | None:
        """``"below 1400: unrated again"`` (the edition's floor) where :attr:`unrated_again`,
        else ``None``: what to show beside, or instead of, the new rating."""
        return floor_note(self.new_rating, rules=self.edition)


def capped_ratings(
    own_rating: Number, opponent_ratings: Sequence[Number], *, rules: RulesSpec = None
) -> list[int]:
    """The opponents' ratings as used after the edition's 400-point rule, in one tournament.

    >>> capped_ratings(2000, [1063, 1299, 2500], rules="2022")
    [1600, 1299, 2400]
    >>> capped_ratings(2700, [2200], rules="2025"), capped_ratings(2700, [2200], rules="2024")
    ([2200], [2300])
    """
    edition = get_edition(rules)
    own = validate.rating(own_rating, name="own_rating")
    rs = [validate.rating(r, name="opponent_ratings") for r in opponent_ratings]
    cap = edition.cap_difference
    if edition.cap_exempt_from is not None and own >= edition.cap_exempt_from:
        return rs
    used = [min(r, own + cap) for r in rs]  # a stronger opponent: always at most own + cap
    upgrades = [i for i, r in enumerate(rs) if own - r > cap]
    if edition.cap_once_per_tournament and upgrades:
        upgrades = [min(upgrades, key=lambda i: (rs[i], i))]  # the largest difference
    for i in upgrades:
        used[i] = own - cap
    return used


def excluded_game(own_rating: Number, opponent_rating: Number, *, rules: RulesSpec = None) -> bool:
    """Whether the edition leaves a game between these two ratings unrated (rapid and blitz
    from 1 December 2024: :attr:`~xlfuncs.core.editions.Edition.excluded_difference`).

    >>> excluded_game(2650, 2050, rules="2025 blitz"), excluded_game(2650, 2051, rules="2025 blitz")
    (True, False)
    >>> excluded_game(2600, 1900, rules="2025 rapid"), excluded_game(2650, 2050, rules="2025")
    (False, False)
    """
    edition = get_edition(rules)
    if edition.excluded_difference is None or edition.excluded_above is None:
        return False
    own = validate.rating(own_rating, name="own_rating")
    other = validate.rating(opponent_rating, name="opponent_ratings")
    return abs(own - other) >= edition.excluded_difference and (
        max(own, other) > edition.excluded_above
    )


def rating_at_rate(
    rate_rating: Number | None, standard_rating: Number | None, *, rules: RulesSpec = None
) -> int | None:
    """The rating a player is rated with under *rules*: their rating at the edition's rate
    of play, else, where the edition says so
    (:attr:`~xlfuncs.core.editions.Edition.unrated_uses_standard`), their standard rating;
    ``None`` (unrated) when neither applies.

    >>> rating_at_rate(None, 1850, rules="2025 rapid"), rating_at_rate(1790, 1850, rules="blitz")
    (1850, 1790)
    >>> rating_at_rate(None, 1850, rules="2025") is None
    True
    """
    edition = get_edition(rules)
    if rate_rating is not None:
        return validate.rating(rate_rating, name="rate_rating")
    if standard_rating is not None and edition.unrated_uses_standard:
        return validate.rating(standard_rating, name="standard_rating")
    return None


def expected_score(
    own_rating: Number, opponent_ratings: Sequence[Number], *, rules: RulesSpec = None
) -> Fraction:
    """Sum of PD over the opponents of one tournament, with the 400-point rule; games the
    edition leaves unrated (:func:`excluded_game`) do not count.

    >>> float(expected_score(2000, [1063, 1299, 1413, 1872, 1851, 1427, 1682], rules="2022"))
    6.11
    """
    edition = get_edition(rules)
    if edition.excluded_difference is not None:
        opponent_ratings = [
            r for r in opponent_ratings if not excluded_game(own_rating, r, rules=edition)
        ]
    used = capped_ratings(own_rating, opponent_ratings, rules=edition)
    own = validate.rating(own_rating, name="own_rating")
    return Fraction(sum(pd_hundredths(own - r) for r in used), 100)


def k_for_games(k: Number, games: Number) -> int:
    """K lowered, if need be, to the largest whole number with K x n <= 700.

    >>> k_for_games(20, 39), k_for_games(20, 35), k_for_games(40, 18)
    (17, 20, 38)
    """
    kk = check_k(k)
    n = validate.whole(games, name="games")
    if n > 0 and kk * n > MAX_K_TIMES_GAMES:
        return MAX_K_TIMES_GAMES // n
    return kk


def rating_change(
    own_rating: Number,
    tournaments: Sequence[Sequence[Game]],
    k: Number,
    *,
    rules: RulesSpec = None,
    tournament_ratings: Sequence[Number | None] | None = None,
    rounding: Rounding = Rounding.PERIOD,
) -> RatingChange:
    """The calculation of one rating period: *tournaments* is a list of tournaments, each a
    list of rated games ``(opponent_rating, points)``. A period with no rated game has a
    change of 0. Games the edition leaves unrated (:func:`excluded_game`) are left out, and
    do not count in n for K x n <= 700.

    *tournament_ratings*: the player's rating each tournament is rated with (the list in
    force at its start; ``None`` or omitted: *own_rating*, the rating the change is added
    to), which the 400-point rule and the 600-point exclusion read.

    Worked example (chesschat.org thread "FIDE rating uplift change", 2022 rules): 2000
    scoring 5.5/7 against these opponents, K 20, gives -0.61 x 20 = -12.2, so -12.

    >>> games = [(1063, 1), (1299, 1), (1413, 1), (1872, .5), (1851, 0), (1427, 1), (1682, 1)]
    >>> rc = rating_change(2000, [games], 20, rules="2022")
    >>> float(rc.unrounded), rc.change
    (-12.2, -12)
    """
    edition = get_edition(rules)
    own = validate.rating(own_rating, name="own_rating")
    given = list(tournament_ratings) if tournament_ratings is not None else []
    if given and len(given) != len(tournaments):
        raise InvalidInputError(
            f"tournament_ratings: one rating per tournament, got {len(given)} for "
            f"{len(tournaments)}"
        )
    ratings = [
        own if r is None else validate.rating(r, name="tournament_ratings")
        for r in (given or [None] * len(tournaments))
    ]
    if edition.excluded_difference is not None:
        tournaments = [
            [g for g in games if not excluded_game(ratings[i], g[0], rules=edition)]
            for i, games in enumerate(tournaments)
        ]
    n = sum(len(t) for t in tournaments)
    k_requested = check_k(k)
    k_used = k_for_games(k_requested, n)
    details: list[GameDetail] = []
    for index, games in enumerate(tournaments):
        rated_at = ratings[index]
        published = [validate.rating(r, name="opponent_ratings") for r, _ in games]
        used = capped_ratings(rated_at, published, rules=edition)
        for (_, w), r, u in zip(games, published, used):
            details.append(
                GameDetail(
                    tournament=index,
                    opponent_rating=r,
                    rating_used=u,
                    points_hundredths=validate.game_hundredths(w),
                    expected_hundredths=pd_hundredths(rated_at - u),
                    k=k_used,
                )
            )
    return RatingChange(
        own_rating=own,
        games=tuple(details),
        k_requested=k_requested,
        k=k_used,
        edition=edition,
        tournament_ratings=tuple(ratings) if given else (),
        rounding=rounding,
    )


class KRule(enum.Enum):
    """The clause of the K rule (Rating Regulations 8.3.3) that gives a player's K, in the
    order :func:`k_rule` tries them (and says each)."""

    FIXED = "K 20 for all (rapid and blitz until 30 September 2022)"
    FEWER_THAN_30_GAMES = "fewer than 30 games"
    REACHED_2400 = "reached 2400"
    JUNIOR = "junior"
    ESTABLISHED = "established"

    @property
    def k(self) -> int:
        """The K this clause gives."""
        return _K_OF_RULE[self]


_K_OF_RULE = {
    KRule.FIXED: 20,
    KRule.FEWER_THAN_30_GAMES: 40,
    KRule.REACHED_2400: 10,
    KRule.JUNIOR: 40,
    KRule.ESTABLISHED: 20,
}


RULE_KS: Final[tuple[int, ...]] = tuple(sorted(set(_K_OF_RULE.values()), reverse=True))
"""Every K the K rule gives, in any edition and at any rate of play (8.3.3): 40, 20 and 10,
largest first. K x n <= 700 lowers K in a period's computation, never in data (a K file,
a rating list's K column): a lowered K such as 17 there would be lowered again."""


MAX_K: Final = 40
"""The largest K of FIDE's K rule (8.3.3): :func:`check_k` refuses a larger one."""


def check_k(value: Number, *, name: str = "k") -> int:
    """K as a rating change takes it (a cell, a K file): a whole number from 1 to
    :data:`MAX_K`, taken as given (:func:`k_note` says when it is not the edition's; which
    K are accepted and why: ``docs/fide-rules.md``, *Rating change*). Raises
    :class:`~xlfuncs.core.errors.InvalidInputError` (not a whole number) or
    :class:`~xlfuncs.core.errors.OutOfRangeError` (outside 1 to 40).

    >>> check_k(20), check_k(17.0), check_k(30)
    (20, 17, 30)
    >>> check_k(1000)
    Traceback (most recent call last):
    ...
    xlfuncs.core.errors.OutOfRangeError: k: K is a whole number from 1 to 40 (FIDE's K rule ...
    """
    q = exact(value)
    if q.denominator != 1:
        raise InvalidInputError(
            f"{name}: K is a whole number (FIDE's K rule gives 40, 20 or 10), got {float(q):g}"
        )
    if not 1 <= q <= MAX_K:
        raise OutOfRangeError(
            f"{name}: K is a whole number from 1 to {MAX_K} (FIDE's K rule gives 40, 20 or 10; "
            f"K x n <= 700 lowers it), got {int(q)}"
        )
    return int(q)


def k_note(k: int, *, rules: RulesSpec = None) -> str | None:
    """``None`` for a K the edition's K rule gives (:func:`k_values`); else what a K file's
    warning says of it: not the edition's, taken as given (:func:`check_k` accepts it).

    >>> k_note(20, rules="2025") is None, k_note(32, rules="2025")
    (True, 'K 32 is not a K the 2025 rules give (40, 20 or 10): used as given')
    >>> k_note(40, rules="2022 rapid")
    'K 40 is not a K the 2022 rapid rules give (20): used as given'
    """
    edition = get_edition(rules)
    allowed = k_values(edition)
    if k in allowed:
        return None
    ks = [str(x) for x in sorted(allowed, reverse=True)]
    listed = ks[0] if len(ks) == 1 else f"{', '.join(ks[:-1])} or {ks[-1]}"
    return f"K {k} is not a K the {edition.id} rules give ({listed}): used as given"


def k_values(rules: RulesSpec = None) -> frozenset[int]:
    """The K values the edition's K rule gives, before K x n <= 700 lowers one for a long
    rating period: 40, 20 and 10, or only 20 (rapid and blitz until 30 September 2022).

    >>> sorted(k_values("2025")), sorted(k_values("2025 blitz")), sorted(k_values("2022 rapid"))
    ([10, 20, 40], [10, 20, 40], [20])
    """
    edition = get_edition(rules)
    if edition.k_fixed is not None:
        return frozenset({edition.k_fixed})
    return frozenset(rule.k for rule in KRule if rule is not KRule.FIXED)


def k_rule(
    rating: Number,
    rated_games: Number,
    birth_year: Number | None = None,
    reached_2400: bool = False,
    period_date: _dt.date | None = None,
    *,
    rules: RulesSpec = None,
) -> KRule:
    """Which clause of the K rule (Rating Regulations 8.3.3; the same in every implemented
    edition) gives a player's K; its :attr:`KRule.k` is the K.

    In this order, the first clause that applies:

    - 10 once a published rating has reached 2400 (for good, even if it drops), whatever
      the games: a rating of 2400 or more, or *reached_2400*;
    - 40 until the player has completed events with at least 30 games;
    - 40 until the end of the year of the 18th birthday while rated under 2300;
    - 20 otherwise.

    The order is the 2014 text's reading (K 10 no longer tied to 30 games), quoted in
    ``docs/fide-rules.md``, *Rating change*, and ``docs/editions.md``, Sources [7].

    *period_date* (default: today) decides the junior rule; *birth_year* ``None``: not
    known, so no junior K. *rules* matters only where the edition fixes K: rapid and blitz
    until 30 September 2022 give K 20 to everyone (:attr:`KRule.FIXED`).

    >>> k_rule(1850, 10).k, k_rule(2410, 100).k, k_rule(2250, 80, 2008, False,
    ...     _dt.date(2026, 12, 1)).k, k_rule(2250, 80, 2007, False, _dt.date(2026, 1, 1)).k
    (40, 10, 40, 20)
    >>> k_rule(2250, 80, 2008, False, _dt.date(2026, 12, 1))
    <KRule.JUNIOR: 'junior'>
    >>> k_rule(2250, 80, 2008, False, _dt.date(2022, 5, 1), rules="2022 rapid").k
    20
    """
    r = validate.rating(rating)
    games = validate.whole(rated_games, name="rated_games")
    if rules is not None and get_edition(rules).k_fixed is not None:
        return KRule.FIXED
    if reached_2400 or r >= 2400:
        return KRule.REACHED_2400
    if games < 30:
        return KRule.FEWER_THAN_30_GAMES
    if birth_year is not None:
        year = validate.whole(birth_year, name="birth_year", minimum=1850)
        day = period_date or _dt.date.today()
        if day.year <= year + 18 and r < 2300:
            return KRule.JUNIOR
    return KRule.ESTABLISHED


def unrated_again(new_rating: Number, *, rules: RulesSpec = None) -> bool:
    """Whether a rating after a period is below the edition's floor
    (:attr:`~xlfuncs.core.editions.Edition.rating_floor`): the player is then unrated again
    (the 2024 text and the earlier ones: ``docs/editions.md``, *Rating Regulations (B.02)*).
    *new_rating* may be 0 or negative (a large loss from a low rating): below any floor.

    >>> unrated_again(1399, rules="2024"), unrated_again(1400, rules="2024")
    (True, False)
    >>> unrated_again(1399, rules="2022"), unrated_again(999, rules="2022")
    (False, True)
    """
    q = exact(new_rating)
    if q.denominator != 1:
        raise InvalidInputError(f"new_rating: expected a whole number, got {float(q):g}")
    return q < get_edition(rules).rating_floor


def floor_note(new_rating: Number, *, rules: RulesSpec = None) -> str | None:
    """The mark for a new rating below the floor, ``"below 1400: unrated again"`` (the
    edition's floor), or ``None`` where the rating stays on the list.

    >>> floor_note(1390, rules="2025"), floor_note(1390, rules="2017")
    ('below 1400: unrated again', None)
    """
    if not unrated_again(new_rating, rules=rules):
        return None
    return f"below {get_edition(rules).rating_floor}: unrated again"


UPLIFT_2024_BELOW = 2000
"""The one-time uplift of 1 March 2024 raised every standard rating below this."""

UPLIFT_2024_SHARE = Fraction(2, 5)
"""... by this share (0.40) of the distance to :data:`UPLIFT_2024_BELOW`."""


def uplift_2024(rating: Number) -> int:
    """The one-time uplift of standard ratings on 1 March 2024: a rating R below 2000
    became R + 0.40 x (2000 - R), rounded to the nearest whole number (8.3.4's rounding;
    *unconfirmed*: ``docs/editions.md``, *Points still unconfirmed* 5, which quotes the
    Council's decision); 2000 and above stayed as they were.

    >>> uplift_2024(1500), uplift_2024(1000), uplift_2024(1801), uplift_2024(2000)
    (1700, 1400, 1881, 2000)
    """
    r = validate.rating(rating)
    if r >= UPLIFT_2024_BELOW:
        return r
    return round_half_up(r + UPLIFT_2024_SHARE * (UPLIFT_2024_BELOW - r))
