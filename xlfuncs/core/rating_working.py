"""The working of one player's rating change in one event: the game lines FIDE's own
calculation page shows (the opponent's rating, the rating used after the 400-point rule,
W, PD, W - PD, K x (W - PD)), K and K x n <= 700, the sum and the rounding.

:func:`rating_working` puts each game line of the crosstable's calculation
(:meth:`~xlfuncs.core.tournament.Crosstable.change`) beside the round and opponent it came
from; the games the 600-point rule leaves unrated (Rapid and Blitz 7.3.1,
:meth:`~xlfuncs.core.tournament.Crosstable.excluded_rounds`) are listed, left out. The
lines' K x (W - PD) sum to the unrounded change, which rounds once to the change.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .eligibility import EXCLUSION_ARTICLE
from .rating_change import MAX_K_TIMES_GAMES, RatingChange
from .tournament import Crosstable

__all__ = ["RatingGameLine", "RatingWorking", "rating_working"]


@dataclass(frozen=True)
class RatingGameLine:
    """One rated game of the calculation: the round, the opponent's number (from 1), and the
    figures of its :class:`~xlfuncs.core.rating_change.GameDetail` (``None`` for a game the
    edition does not rate)."""

    round: int
    opponent: int
    opponent_rating: int
    rating_used: int | None
    capped: bool
    points: Fraction
    expected: Fraction | None
    difference: Fraction | None
    change: Fraction | None
    left_out: str | None = None
    """Why the game is not rated (``None``: rated)."""


@dataclass(frozen=True)
class RatingWorking:
    """One player's rating change, line by line."""

    player: int
    own_rating: int
    edition: str
    """The Rating Regulations' edition (``"2024"``) and rate, as the calculation used."""
    lines: tuple[RatingGameLine, ...]
    k_requested: int
    """The player's K."""
    k: int
    """K used: lowered so that K x n <= 700."""
    calculation: RatingChange

    @property
    def n(self) -> int:
        """The rated games counted."""
        return self.calculation.n

    @property
    def k_lowered(self) -> bool:
        """Whether K x n <= 700 lowered K."""
        return self.k != self.k_requested

    @property
    def limit(self) -> int:
        """700: the most K x n may be."""
        return MAX_K_TIMES_GAMES

    @property
    def sum_difference(self) -> Fraction:
        """The sum of W - PD."""
        return self.calculation.score - self.calculation.expected

    @property
    def unrounded(self) -> Fraction:
        """K x sum(W - PD), the sum of the lines' K x (W - PD)."""
        return self.calculation.unrounded

    @property
    def change(self) -> int:
        """Rounded once, half away from zero."""
        return self.calculation.change


def rating_working(crosstable: Crosstable, number: int) -> RatingWorking | None:
    """Player *number*'s (from 1) rating change in *crosstable*, line by line; ``None`` for a
    player without one (unrated, or K not known)."""
    calc = crosstable.change(number)
    if calc is None:
        return None
    edition = crosstable.edition
    lines: list[RatingGameLine] = [
        RatingGameLine(
            r,
            opp,
            rating,
            None,
            False,
            Fraction(w),
            None,
            None,
            None,
            f"not rated: {edition.excluded_difference} points or more apart with a player "
            f"above {edition.excluded_above} ({EXCLUSION_ARTICLE})",
        )
        for r, opp, rating, w in crosstable.excluded_rounds(number)
    ]
    lines += [
        RatingGameLine(
            r,
            opp,
            g.opponent_rating,
            g.rating_used,
            g.capped,
            g.points,
            g.expected,
            g.difference,
            g.change,
        )
        for (r, opp), g in zip(crosstable.rated_rounds(number), calc.games, strict=True)
    ]
    lines.sort(key=lambda line: line.round)
    return RatingWorking(
        player=number,
        own_rating=calc.own_rating,
        edition=edition.id,
        lines=tuple(lines),
        k_requested=calc.k_requested,
        k=calc.k,
        calculation=calc,
    )
