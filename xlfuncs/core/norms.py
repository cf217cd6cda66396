"""Title norms (Title Regulations B.01, 2024 text): the rating floor, unrated opponents,
norm performance and the points a norm needs.

Rp = Ra + dp, with Ra rounded to a whole number (0.5 up) and p to a whole percent (0.5 % up),
and at least 35 %. At most one opponent, the lowest-rated, is raised to the title's floor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from . import validate
from .editions import Edition, RulesSpec, get_edition
from .errors import InvalidInputError, NothingToComputeError
from .tables import Number, dp_hundredths, percent_hundredths, round_half_up

__all__ = [
    "MIN_NORM_GAMES",
    "MIN_NORM_PERCENT",
    "NORM_TITLES",
    "NormPerformance",
    "NormTitle",
    "norm_performance",
    "norm_points",
    "norm_ratings",
    "norm_title",
    "norms_worth",
]


@dataclass(frozen=True)
class NormTitle:
    """The figures of one norm."""

    title: str
    min_ra: int
    """Lowest average rating of the opponents (after the floor)."""
    min_rp: int
    """Lowest norm performance."""
    floor: int
    """The lowest-rated opponent counts at least this much."""


NORM_TITLES: Final[dict[str, NormTitle]] = {
    "GM": NormTitle("GM", min_ra=2380, min_rp=2600, floor=2200),
    "IM": NormTitle("IM", min_ra=2230, min_rp=2450, floor=2050),
    "WGM": NormTitle("WGM", min_ra=2180, min_rp=2400, floor=2000),
    "WIM": NormTitle("WIM", min_ra=2030, min_rp=2250, floor=1850),
}
"""The four titles gained by norms, strongest first."""


def norms_worth(held: str | None) -> tuple[str, ...]:
    """The norm titles worth reaching for a player who holds *held*: the stronger ones
    (GM above IM above WGM above WIM); all four for any other title or none.

    >>> norms_worth("IM"), norms_worth("WGM"), norms_worth("GM"), norms_worth("FM")
    (('GM',), ('GM', 'IM'), (), ('GM', 'IM', 'WGM', 'WIM'))
    """
    order = tuple(NORM_TITLES)
    key = (held or "").strip().upper()
    return order[: order.index(key)] if key in order else order


MIN_NORM_GAMES: Final = 9
"""A norm needs at least nine games."""

MIN_NORM_PERCENT: Final = 35
"""A norm needs a score of at least 35 % (p rounded to a whole percent)."""


@dataclass(frozen=True)
class NormPerformance:
    """A norm calculation for one player in one event."""

    title: NormTitle
    ratings_used: tuple[int, ...]
    """Opponents' ratings after the unrated value and the floor."""
    ra: int
    percent: int
    """p as a whole percent."""
    dp: int
    rp: int
    reasons: tuple[str, ...]
    """What keeps the result from being a norm (empty: a norm on these figures)."""

    @property
    def reached(self) -> bool:
        """Whether every figure checked here makes the norm."""
        return not self.reasons


def norm_title(title: str) -> NormTitle:
    """The norm figures for ``"GM"``, ``"IM"``, ``"WGM"`` or ``"WIM"`` (any case)."""
    key = str(title).strip().upper()
    if key not in NORM_TITLES:
        raise InvalidInputError(f"title: expected one of {', '.join(NORM_TITLES)}, got {title!r}")
    return NORM_TITLES[key]


def norm_ratings(
    opponent_ratings: Sequence[Number | None], title: str | NormTitle, *, rules: RulesSpec = None
) -> list[int]:
    """Ratings counted for a norm: unrated opponents (``None``) at the edition's value, then
    the lowest raised to the title's floor.

    >>> norm_ratings([2500, None, 2100, 2300], "GM", rules="2025")
    [2500, 2200, 2100, 2300]
    """
    t = title if isinstance(title, NormTitle) else norm_title(title)
    edition = get_edition(rules)
    rs = [
        edition.norm_unrated_opponent if r is None else validate.rating(r) for r in opponent_ratings
    ]
    if not rs:
        raise NothingToComputeError("opponent_ratings: no opponent")
    low = min(range(len(rs)), key=lambda i: rs[i])
    rs[low] = max(rs[low], t.floor)
    return rs


def _performance(rs: Sequence[int], score: Fraction) -> tuple[int, int, int]:
    ra = round_half_up(Fraction(sum(rs), len(rs)))
    percent = percent_hundredths(score / len(rs))
    d = dp_hundredths(percent)
    return ra, percent, d


def norm_performance(
    opponent_ratings: Sequence[Number | None],
    score: Number,
    title: str | NormTitle,
    *,
    rules: RulesSpec = None,
) -> NormPerformance:
    """The norm performance Ra + dp with the floor applied, and what falls short.

    >>> opps = [2600, 2550, 2500, 2450, 2450, 2400, 2350, 2300, 2150]
    >>> perf = norm_performance(opps, 6.5, "GM")
    >>> perf.ra, perf.percent, perf.dp, perf.rp, perf.reached
    (2422, 72, 166, 2588, False)
    """
    t = title if isinstance(title, NormTitle) else norm_title(title)
    edition: Edition = get_edition(rules)
    rs = norm_ratings(opponent_ratings, t, rules=edition)
    s = validate.score(score, len(rs))
    ra, percent, d = _performance(rs, s)
    rp = ra + d
    reasons: list[str] = []
    if len(rs) < MIN_NORM_GAMES:
        reasons.append(f"{len(rs)} games, fewer than {MIN_NORM_GAMES}")
    if ra < t.min_ra:
        reasons.append(f"Ra {ra} is below {t.min_ra}")
    if percent < MIN_NORM_PERCENT:
        reasons.append(f"score {percent} % is below {MIN_NORM_PERCENT} %")
    if rp < t.min_rp:
        reasons.append(f"Rp {rp} is below {t.min_rp}")
    return NormPerformance(
        title=t, ratings_used=tuple(rs), ra=ra, percent=percent, dp=d, rp=rp, reasons=tuple(reasons)
    )


def norm_points(
    opponent_ratings: Sequence[Number | None], title: str | NormTitle, *, rules: RulesSpec = None
) -> Fraction:
    """The fewest points (in half points) that make the norm against these opponents.

    >>> opps = [2600, 2550, 2500, 2450, 2450, 2400, 2350, 2300, 2150]
    >>> norm_points(opps, "GM")
    Fraction(7, 1)
    """
    t = title if isinstance(title, NormTitle) else norm_title(title)
    rs = norm_ratings(opponent_ratings, t, rules=rules)
    n = len(rs)
    if n < MIN_NORM_GAMES:
        raise NothingToComputeError(
            f"opponent_ratings: {n} games; a norm needs at least {MIN_NORM_GAMES}"
        )
    for half_points in range(2 * n + 1):
        s = Fraction(half_points, 2)
        ra, percent, d = _performance(rs, s)
        if ra < t.min_ra:
            raise NothingToComputeError(
                f"opponent_ratings: Ra {ra} is below the {t.title} minimum {t.min_ra}; "
                "no score makes the norm"
            )
        if percent >= MIN_NORM_PERCENT and ra + d >= t.min_rp:
            return s
    raise NothingToComputeError(f"no score against these opponents reaches Rp {t.min_rp}")
