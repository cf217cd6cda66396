"""First rating of an unrated player (the seed's "bloque", Ru), in every edition.

- ``2017``: Ra = average of the rated opponents; at 50 % or more Ru = Ra + 20 per half point
  above 50 %; below 50 % Ru = Ra + dp, or Ra + dp x n/(n+1) in a round robin, where (seed's
  variant) the results against unrated opponents count too.
- ``2022``: as 2017 without the round-robin variant.
- ``2024``/``2025``: two hypothetical opponents rated 1800, both drawn, join Ra and the score;
  Ru = Ra + dp, at most 2200.

A zero score in a first event is disregarded in every edition. A first rating is published
(2024 text 7.1.4; 7.14 in the 2014 text) when it rests on at least five games against rated
opponents (those of events within 26 months pooled) and Ru reaches the edition's floor:
:attr:`FirstRating.published` and :attr:`FirstRating.reasons` say whether and why not (the
texts: ``docs/editions.md``, Sources [9]).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from . import validate
from .editions import Edition, RulesSpec, get_edition
from .errors import InvalidInputError, NothingToComputeError
from .no_figure import NO_RATED_GAME, ZERO_SCORE, below_floor, too_few_games
from .tables import Number, dp_hundredths, percent_hundredths, round_half_up

__all__ = [
    "FirstRating",
    "System",
    "first_rating",
    "first_rating_from_totals",
    "round_robin_variant",
]

System = Literal["swiss", "rr"]
"""The kind of event: a Swiss (or any event but a round robin), or a round robin."""


@dataclass(frozen=True)
class FirstRating:
    """The calculation of a first rating and whether it would be published."""

    rating: int
    """Ru, rounded to a whole number (half up), after the edition's maximum."""
    unrounded: Fraction
    """Ru before rounding and before the maximum."""
    ra: Fraction
    """The average rating used (with any hypothetical opponents)."""
    score: Fraction
    """Points counted (with any hypothetical draws)."""
    games: int
    """Games counted (with any hypothetical opponents)."""
    rated_games: int
    """Real games against rated opponents."""
    dp: int | None
    """dp used, or ``None`` where the 20-per-half-point bonus applied."""
    published: bool
    """Whether the rating would be published."""
    reasons: tuple[str, ...]
    """Why it would not be published (empty when it would)."""
    edition: Edition
    percent: int = 0
    """p = score / games, in whole hundredths (half up)."""
    bonus: int | None = None
    """Points added to Ra at 50 % or more (20 per half point above 50 %), or ``None`` where
    Ra + dp applied."""
    round_robin: bool = False
    """Whether the round-robin variant applied (unrated opponents' games counted, dp x
    n/(n+1) below 50 %)."""
    disregarded: bool = False
    """Whether the edition disregards this score (a zero score in a first event); computed
    only on request (``zero_score_figures``)."""

    @property
    def below_floor(self) -> bool:
        """Whether Ru is below the edition's rating floor (then it is not published)."""
        return self.rating < self.edition.rating_floor

    @property
    def too_few_rated_games(self) -> bool:
        """Whether too few games against rated opponents were played to publish Ru."""
        return self.rated_games < self.edition.first_rating_min_games

    @property
    def short(self) -> str | None:
        """Why Ru would not be published, in the few words a chart's cell shows
        (:mod:`~xlfuncs.core.no_figure`): the first of :attr:`reasons`; ``None`` when it
        would be published."""
        if self.published:
            return None
        if self.disregarded:
            return ZERO_SCORE
        if self.below_floor:
            return below_floor(self.edition.rating_floor)
        return too_few_games(self.edition.first_rating_min_games)


def round_robin_variant(system: System, rules: RulesSpec = None) -> bool:
    """Whether the round-robin variant applies: the 2017 rules in a round robin, where the
    games against unrated opponents count and Ru = Ra + dp x n/(n+1) below 50 %.

    >>> round_robin_variant("rr", "2017"), round_robin_variant("rr", "2022")
    (True, False)
    """
    return system == "rr" and get_edition(rules).first_rating_round_robin_factor


def first_rating(
    games: Sequence[tuple[Number | None, Number]],
    *,
    system: System = "swiss",
    rules: RulesSpec = None,
    zero_score_figures: bool = False,
) -> FirstRating:
    """Ru from the player's games ``(opponent_rating or None if unrated, points)``.
    *zero_score_figures*: as in :func:`first_rating_from_totals`.

    Worked figures (project reference, 5 games against an average of 2000 with 3 points):

    >>> g = [(1900, 1), (1950, 1), (2000, 1), (2050, 0), (2100, 0)]
    >>> first_rating(g, rules="2022").rating, first_rating(g, rules="2024").rating
    (2020, 1993)
    """
    rated: list[int] = []
    rated_w = unrated_w = unrated_games = 0  # W in hundredths
    for opponent, w in games:
        if opponent is None:
            unrated_games += 1
            unrated_w += validate.game_hundredths(w)
        else:
            rated.append(validate.rating(opponent, name="opponent_ratings"))
            rated_w += validate.game_hundredths(w)
    edition = get_edition(rules)
    return first_rating_from_totals(
        rated,
        Fraction(rated_w + (unrated_w if round_robin_variant(system, edition) else 0), 100),
        unrated_games=unrated_games,
        system=system,
        rules=edition,
        zero_score_figures=zero_score_figures,
    )


def first_rating_from_totals(
    opponent_ratings: Sequence[Number],
    score: Number,
    *,
    unrated_games: int = 0,
    system: System = "swiss",
    rules: RulesSpec = None,
    zero_score_figures: bool = False,
    score_name: str = "score",
) -> FirstRating:
    """Ru from the rated opponents' ratings and a score (named *score_name* in a message).

    *score* covers the games against the rated opponents, except under a round-robin
    variant (2017, ``system="rr"``), where it covers every game, the *unrated_games* against
    unrated opponents included. Elsewhere *unrated_games* is ignored.

    A zero score that the edition disregards raises :class:`NothingToComputeError`, or, with
    *zero_score_figures*, gives the figures all the same, marked ``disregarded`` and not
    published.

    >>> first_rating_from_totals([2000] * 5, 3, rules="2022").rating
    2020
    """
    edition = get_edition(rules)
    if system not in ("swiss", "rr"):
        raise InvalidInputError(f"system: expected 'swiss' or 'rr', got {system!r}")
    rated = [validate.rating(r, name="opponent_ratings") for r in opponent_ratings]
    if not rated:
        raise NothingToComputeError(
            "opponent_ratings: no game against a rated opponent", short=NO_RATED_GAME
        )
    round_robin = round_robin_variant(system, edition)
    unrated = validate.whole(unrated_games, name="unrated_games") if round_robin else 0
    real_score = validate.score(score, len(rated) + unrated, name=score_name)
    disregarded = real_score == 0 and edition.zero_score_disregarded
    zero_reason = f"a zero score in a first event is disregarded (rules {edition.id})"
    if disregarded and not zero_score_figures:
        raise NothingToComputeError(zero_reason, short=ZERO_SCORE)
    h = edition.first_rating_hypothetical_draws
    ra = Fraction(sum(rated) + h * edition.hypothetical_rating, len(rated) + h)
    n = len(rated) + h + unrated
    total = real_score + Fraction(h, 2)
    per_half_point = edition.first_rating_bonus_per_half_point
    percent = percent_hundredths(total / n)
    dp: int | None = None
    bonus: int | None = None
    if per_half_point and 2 * total >= n:
        bonus = int(per_half_point * (2 * total - n))  # 2 x score - n: half points above 50 %
        ru = ra + bonus
    else:
        dp = dp_hundredths(percent)
        ru = ra + (Fraction(dp * n, n + 1) if round_robin else dp)
    value = round_half_up(ru)
    if edition.first_rating_maximum is not None:
        value = min(value, edition.first_rating_maximum)
    found = FirstRating(
        rating=value,
        unrounded=ru,
        ra=ra,
        score=total,
        games=n,
        rated_games=len(rated),
        dp=dp,
        published=False,
        reasons=(),
        edition=edition,
        percent=percent,
        bonus=bonus,
        round_robin=round_robin,
        disregarded=disregarded,
    )
    reasons: list[str] = [zero_reason] if disregarded else []
    if found.below_floor:
        reasons.append(f"{value} is below the rating floor {edition.rating_floor}")
    if found.too_few_rated_games:
        games = "1 game" if len(rated) == 1 else f"{len(rated)} games"
        reasons.append(
            f"{games} against rated opponents, fewer than {edition.first_rating_min_games} "
            "(the games of events within 26 months count together)"
        )
    return replace(found, published=not reasons, reasons=tuple(reasons))
