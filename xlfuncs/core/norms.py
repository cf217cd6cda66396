"""Title norms (Title Regulations B.01, 2024 text): the rating floor, unrated opponents,
norm performance, the points a norm needs, and the opponents' mix (federations, titles).

The Title Regulations change on their own dates (:mod:`xlfuncs.core.title_editions`): every
``rules`` here resolves to the Title Regulations' edition, a date to the one in force that
day (an unrated opponent counts 1400 from 1 January 2024, 1000 before).

Rp = Ra + dp, with Ra rounded to a whole number (0.5 up) and p to a whole percent (0.5 % up),
and at least 35 %. At most one opponent, the lowest-rated, is raised to the title's floor.
The mix: at least 2 federations other than the player's, at most 3/5 of the opponents from
the player's federation and 2/3 from one federation, at least 50 % titled (CM and WCM
excluded) and 1/3 with the norm's title or higher; minimums round up, maximums down.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil, floor
from typing import Final

from . import validate
from .editions import RulesSpec
from .errors import InvalidInputError, NothingToComputeError
from .tables import Number, dp_hundredths, round_ratio_half_up
from .title_editions import TitleEdition, title_edition
from .titles import FIDE_TITLES

NormRules = RulesSpec | TitleEdition
"""What a norm function takes as ``rules``: a :class:`~xlfuncs.core.title_editions.TitleEdition`,
a date (the Title Regulations in force that day), a Rating Regulations edition or its id (the
Title Regulations in force on its first day), or ``None`` (in force today); see
:func:`~xlfuncs.core.title_editions.title_edition`."""

__all__ = [
    "COUNTING_TITLES",
    "FEDERATION_KEYS",
    "MAX_ONE_FEDERATION",
    "MAX_OWN_FEDERATION",
    "MIN_NORM_GAMES",
    "MIN_NORM_PERCENT",
    "MIN_OTHER_FEDERATIONS",
    "MIX_KEYS",
    "MIN_TITLED",
    "MIN_TITLE_OR_HIGHER",
    "NORM_TITLES",
    "NO_FEDERATION",
    "MixCheck",
    "MixLimits",
    "NormMix",
    "NormOpponent",
    "NormPerformance",
    "NormRules",
    "NormTitle",
    "federation_code",
    "figures_met",
    "is_titled",
    "norm_mix",
    "norm_performance",
    "norm_points",
    "norm_ratings",
    "norm_figures",
    "norm_percent",
    "norm_ra",
    "norm_ratings_before_floor",
    "norm_title",
    "raised_total",
    "title_or_higher",
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

    def floored(self, rating: int) -> int:
        """The lowest-rated opponent's rating as a norm counts it: raised to :attr:`floor`
        when below it (B.01 1.4.6-1.4.7: only the lowest-rated opponent is raised)."""
        return max(rating, self.floor)


NORM_TITLES: Final[dict[str, NormTitle]] = {
    "GM": NormTitle("GM", min_ra=2380, min_rp=2600, floor=2200),
    "IM": NormTitle("IM", min_ra=2230, min_rp=2450, floor=2050),
    "WGM": NormTitle("WGM", min_ra=2180, min_rp=2400, floor=2000),
    "WIM": NormTitle("WIM", min_ra=2030, min_rp=2250, floor=1850),
}
"""The four titles gained by norms, strongest first."""


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
    ratings_before_floor: tuple[int, ...] = ()
    """Opponents' ratings with unrated opponents at the Title Regulations' value, before the
    floor."""
    lowest: int = 0
    """Index (from 0) of the lowest-rated opponent, the one the floor applies to."""

    @property
    def reached(self) -> bool:
        """Whether every figure checked here makes the norm."""
        return not self.reasons

    @property
    def games(self) -> int:
        """Games counted."""
        return len(self.ratings_used)

    @property
    def raised(self) -> bool:
        """Whether the floor raised the lowest-rated opponent."""
        return self.ratings_used[self.lowest] != self.ratings_before_floor[self.lowest]

    @property
    def games_met(self) -> bool:
        """At least :data:`MIN_NORM_GAMES` games."""
        return self.games >= MIN_NORM_GAMES

    @property
    def ra_met(self) -> bool:
        """Ra at least the title's minimum."""
        return self.ra >= self.title.min_ra

    @property
    def percent_met(self) -> bool:
        """A score of at least :data:`MIN_NORM_PERCENT` %."""
        return self.percent >= MIN_NORM_PERCENT

    @property
    def rp_met(self) -> bool:
        """Rp at least the title's minimum."""
        return self.rp >= self.title.min_rp


def norm_title(title: str | NormTitle) -> NormTitle:
    """The norm figures for ``"GM"``, ``"IM"``, ``"WGM"`` or ``"WIM"`` (any case); a
    :class:`NormTitle` as it is."""
    if isinstance(title, NormTitle):
        return title
    key = str(title).strip().upper()
    if key not in NORM_TITLES:
        raise InvalidInputError(f"title: expected one of {', '.join(NORM_TITLES)}, got {title!r}")
    return NORM_TITLES[key]


def _valued(opponent_ratings: Sequence[Number | None], edition: TitleEdition) -> list[int]:
    """Each opponent's rating, an unrated one (``None``) at the Title Regulations' value."""
    return [edition.unrated_opponent if r is None else validate.rating(r) for r in opponent_ratings]


def norm_ratings_before_floor(
    opponent_ratings: Sequence[Number | None], *, rules: NormRules = None
) -> list[int]:
    """Ratings of the opponents of a norm before the floor: unrated opponents (``None``) at
    the Title Regulations' value
    (:attr:`~xlfuncs.core.title_editions.TitleEdition.unrated_opponent`).

    >>> norm_ratings_before_floor([2500, None, 2100], rules="2025")
    [2500, 1400, 2100]
    """
    return _valued(opponent_ratings, title_edition(rules))


def _floored(
    opponent_ratings: Sequence[Number | None], t: NormTitle, edition: TitleEdition
) -> tuple[list[int], list[int], int]:
    """The ratings before the floor, after it, and the index of the lowest-rated opponent."""
    before = _valued(opponent_ratings, edition)
    if not before:
        raise NothingToComputeError("opponent_ratings: no opponent")
    low = min(range(len(before)), key=lambda i: before[i])
    used = list(before)
    used[low] = t.floored(used[low])
    return before, used, low


def norm_ratings(
    opponent_ratings: Sequence[Number | None], title: str | NormTitle, *, rules: NormRules = None
) -> list[int]:
    """Ratings counted for a norm: unrated opponents (``None``) at the Title Regulations'
    value, then the lowest raised to the title's floor.

    >>> norm_ratings([2500, None, 2100, 2300], "GM", rules="2025")
    [2500, 2200, 2100, 2300]
    """
    t = norm_title(title)
    return _floored(opponent_ratings, t, title_edition(rules))[1]


def norm_ra(total: int, games: int) -> int:
    """Ra (B.01 1.4.7): the average of the opponents' ratings counted (*total* over *games*),
    rounded to a whole number, 0.5 up.

    >>> norm_ra(21803, 9), norm_ra(4501, 2)
    (2423, 2251)
    """
    return round_ratio_half_up(total, games)


def norm_percent(halves: int, games: int) -> int:
    """p (B.01 1.4.8): a score of *halves* half points over *games* games as a whole
    percent, 0.5 % up.

    >>> norm_percent(13, 9), norm_percent(7, 10)
    (72, 35)
    """
    return round_ratio_half_up(100 * halves, 2 * games)


def raised_total(ratings: Sequence[int], t: NormTitle) -> int:
    """The sum of *ratings* with the lowest raised to the title's floor (when below it).

    >>> raised_total([2300, 2100, 2250], NORM_TITLES["GM"])
    6750
    """
    low = min(ratings)
    return sum(ratings) - low + t.floored(low)


def figures_met(t: NormTitle, ra: int, percent: int, rp: int) -> bool:
    """Whether Ra, p and Rp make the norm's rating figures (B.01 1.4.7-1.4.8): Ra and Rp at
    least the title's minimums, p at least :data:`MIN_NORM_PERCENT` (the number of games is
    checked apart).

    >>> gm, im = NORM_TITLES["GM"], NORM_TITLES["IM"]
    >>> figures_met(gm, 2422, 72, 2588), figures_met(im, 2230, 35, 2450)
    (False, True)
    """
    return ra >= t.min_ra and percent >= MIN_NORM_PERCENT and rp >= t.min_rp


def norm_figures(total: int, halves: int, games: int) -> tuple[int, int, int]:
    """Ra (:func:`norm_ra`), p (:func:`norm_percent`) and Rp = Ra + dp (B.01 1.4.8) of
    *halves* half points over *games* games against opponents whose ratings counted (floor
    applied) sum to *total*.

    >>> norm_figures(21803, 13, 9)
    (2423, 72, 2589)
    """
    ra, percent = norm_ra(total, games), norm_percent(halves, games)
    return ra, percent, ra + dp_hundredths(percent)


def norm_performance(
    opponent_ratings: Sequence[Number | None],
    score: Number,
    title: str | NormTitle,
    *,
    rules: NormRules = None,
) -> NormPerformance:
    """The norm performance Ra + dp with the floor applied, and what falls short.

    >>> opps = [2600, 2550, 2500, 2450, 2450, 2400, 2350, 2300, 2150]
    >>> perf = norm_performance(opps, 6.5, "GM")
    >>> perf.ra, perf.percent, perf.dp, perf.rp, perf.reached
    (2422, 72, 166, 2588, False)
    """
    t = norm_title(title)
    edition = title_edition(rules)
    before, rs, low = _floored(opponent_ratings, t, edition)
    s = validate.score(score, len(rs))
    ra, percent, rp = norm_figures(sum(rs), int(2 * s), len(rs))
    perf = NormPerformance(
        title=t,
        ratings_used=tuple(rs),
        ra=ra,
        percent=percent,
        dp=rp - ra,
        rp=rp,
        reasons=(),
        ratings_before_floor=tuple(before),
        lowest=low,
    )
    reasons: list[str] = []
    if not perf.games_met:
        reasons.append(f"{len(rs)} game{'s' if len(rs) != 1 else ''}, fewer than {MIN_NORM_GAMES}")
    if not perf.ra_met:
        reasons.append(f"Ra {ra} is below {t.min_ra}")
    if not perf.percent_met:
        reasons.append(f"score {percent} % is below {MIN_NORM_PERCENT} %")
    if not perf.rp_met:
        reasons.append(f"Rp {perf.rp} is below {t.min_rp}")
    return replace(perf, reasons=tuple(reasons))


def norm_points(
    opponent_ratings: Sequence[Number | None], title: str | NormTitle, *, rules: NormRules = None
) -> Fraction:
    """The fewest points (in half points) that make the norm against these opponents.

    >>> opps = [2600, 2550, 2500, 2450, 2450, 2400, 2350, 2300, 2150]
    >>> norm_points(opps, "GM")
    Fraction(7, 1)
    """
    t = norm_title(title)
    rs = norm_ratings(opponent_ratings, t, rules=rules)
    n = len(rs)
    if n < MIN_NORM_GAMES:
        raise NothingToComputeError(
            f"opponent_ratings: {n} game{'s' if n != 1 else ''}; a norm needs at least "
            f"{MIN_NORM_GAMES}"
        )
    for half_points in range(2 * n + 1):
        ra, percent, rp = norm_figures(sum(rs), half_points, n)
        if ra < t.min_ra:
            raise NothingToComputeError(
                f"opponent_ratings: Ra {ra} is below the {t.title} minimum {t.min_ra}; "
                "no score makes the norm"
            )
        if figures_met(t, ra, percent, rp):
            return Fraction(half_points, 2)
    raise NothingToComputeError(f"no score against these opponents reaches Rp {t.min_rp}")


# ------------------------------------------------------------------- the opponents' mix

COUNTING_TITLES: Final = tuple(t for t in FIDE_TITLES if t not in ("CM", "WCM"))
"""Titles that count for the 50 % titled-opponents rule (B.01 1.4.5a): every FIDE title but
CM and WCM."""

NO_FEDERATION: Final = ("", "FID")
"""Federation codes that count as no federation: blank, and ``FID`` (B.01)."""

MIN_OTHER_FEDERATIONS: Final = 2
"""At least this many federations other than the player's among the opponents."""

FEDERATION_KEYS: Final = ("other_federations", "own_federation", "one_federation")
"""The keys of the mix checks on the opponents' federations (1.4.3, 1.4.4): those an
exemption (1.4.3a-d) meets."""

MIX_KEYS: Final = ("games", *FEDERATION_KEYS, "titled", "title_or_higher")
"""The keys of :class:`NormMix`'s checks, in the order of :attr:`NormMix.checks`."""

MAX_OWN_FEDERATION: Final = Fraction(3, 5)
"""At most this share of the opponents from the player's federation (rounded down)."""

MAX_ONE_FEDERATION: Final = Fraction(2, 3)
"""At most this share of the opponents from any one federation (rounded down)."""

MIN_TITLED: Final = Fraction(1, 2)
"""At least this share of titled opponents (:data:`COUNTING_TITLES`; rounded up)."""

MIN_TITLE_OR_HIGHER: Final = Fraction(1, 3)
"""At least this share of opponents with the norm's title or higher (rounded up)."""


@dataclass(frozen=True)
class MixLimits:
    """The counts the mix rules allow among *n* opponents (B.01 1.4.3-1.4.5): shares of n,
    the minimums rounded up, the maximums down.

    >>> m = MixLimits(9)
    >>> m.higher, m.titled, m.own_max, m.one_max
    (3, 5, 5, 6)
    """

    n: int

    @property
    def higher(self) -> int:
        """The fewest opponents with the norm's title or higher (:data:`MIN_TITLE_OR_HIGHER`)."""
        return ceil(MIN_TITLE_OR_HIGHER * self.n)

    @property
    def titled(self) -> int:
        """The fewest titled opponents (:data:`MIN_TITLED`)."""
        return ceil(MIN_TITLED * self.n)

    @property
    def own_max(self) -> int:
        """The most opponents from the player's federation (:data:`MAX_OWN_FEDERATION`)."""
        return floor(MAX_OWN_FEDERATION * self.n)

    @property
    def one_max(self) -> int:
        """The most opponents from one federation (:data:`MAX_ONE_FEDERATION`)."""
        return floor(MAX_ONE_FEDERATION * self.n)


def is_titled(title: str | None) -> bool:
    """Whether an opponent's title counts for the 50 % rule (CM and WCM do not).

    >>> is_titled("wfm"), is_titled("CM"), is_titled(None)
    (True, False, False)
    """
    return (title or "").strip().upper() in COUNTING_TITLES


def title_or_higher(title: str | None, norm: str | NormTitle) -> bool:
    """Whether an opponent holding *title* holds the norm's title or higher. Our reading of
    the rule: the norm titles ranked GM, IM, WGM, WIM; GM norm: GM; IM norm: GM or IM; WGM
    norm: GM, IM or WGM; WIM norm: any of the four.

    >>> title_or_higher("IM", "GM"), title_or_higher("IM", "WGM"), title_or_higher("FM", "WIM")
    (False, True, False)
    """
    t = norm_title(norm)
    order = tuple(NORM_TITLES)
    key = (title or "").strip().upper()
    return key in order and order.index(key) <= order.index(t.title)


@dataclass(frozen=True)
class NormOpponent:
    """One opponent of a norm event: rating (``None``: unrated), title and federation
    (FIDE's three-letter codes; blank: none)."""

    rating: int | None = None
    title: str = ""
    federation: str = ""


@dataclass(frozen=True)
class MixCheck:
    """One requirement of the opponents' mix: the figure found, the threshold and whether
    it is met."""

    requirement: str
    """What is required, in words (``"At least 2 federations other than the player's"``)."""
    figure: int | None
    """The count found (``None``: it cannot be known, the player's federation is blank)."""
    threshold: int
    """The least (or, :attr:`at_most`, the most) the count may be."""
    at_most: bool
    """Whether :attr:`threshold` is a maximum."""
    met: bool | None
    """Whether the requirement is met (``None``: it cannot be known)."""
    federations: tuple[str, ...] = ()
    """The federations the figure counts (other federations; the most frequent one)."""


@dataclass(frozen=True)
class NormMix:
    """The Title Regulations' checks on a norm event's opponents (B.01, 2024 text)."""

    title: NormTitle
    games: MixCheck
    other_federations: MixCheck
    own_federation: MixCheck
    one_federation: MixCheck
    titled: MixCheck
    title_or_higher: MixCheck

    @property
    def checks(self) -> tuple[MixCheck, ...]:
        """The six checks (each says its requirement), in the order above."""
        return (
            self.games,
            self.other_federations,
            self.own_federation,
            self.one_federation,
            self.titled,
            self.title_or_higher,
        )

    @property
    def met(self) -> bool:
        """Whether every check is met (a check that cannot be known is not)."""
        return all(c.met for c in self.checks)


def federation_code(code: str | None) -> str:
    """A federation as the norm rules count it: upper case; blank and ``FID`` (B.01 1.4.2a:
    accepted, but no federation) give ``""``.

    >>> federation_code(" esp"), federation_code("FID"), federation_code(None)
    ('ESP', '', '')
    """
    key = (code or "").strip().upper()
    return "" if key in NO_FEDERATION else key


def _at_least(requirement: str, figure: int, threshold: int) -> MixCheck:
    return MixCheck(requirement, figure, threshold, at_most=False, met=figure >= threshold)


def norm_mix(
    opponents: Sequence[NormOpponent], federation: str | None, title: str | NormTitle
) -> NormMix:
    """The mix checks for a player of *federation* (blank: not known) seeking the norm of
    *title*, against *opponents* (the games that count, one entry each). Shares of the
    number of games n: minimums are rounded up, maximums down. ``FID`` counts as no
    federation.

    >>> opps = [NormOpponent(2500, "GM", "GER")] * 3 + [NormOpponent(2400, "FM", "ESP")] * 6
    >>> mix = norm_mix(opps, "ESP", "GM")
    >>> [(c.figure, c.threshold, c.met) for c in mix.checks]
    [(9, 9, True), (1, 2, False), (6, 5, False), (6, 6, True), (9, 5, True), (3, 3, True)]
    """
    t = norm_title(title)
    n = len(opponents)
    if n == 0:
        raise NothingToComputeError("opponents: no opponent")
    own = federation_code(federation)
    feds = [federation_code(o.federation) for o in opponents]
    counts = Counter(f for f in feds if f)
    known = bool((federation or "").strip())
    other = tuple(f for f in counts if f != own)
    own_count = counts[own] if own else 0
    most = max(counts.values(), default=0)
    most_feds = tuple(f for f, _ in counts.most_common(1))
    limits = MixLimits(n)
    own_max, one_max = limits.own_max, limits.one_max
    titled = sum(1 for o in opponents if is_titled(o.title))
    higher = sum(1 for o in opponents if title_or_higher(o.title, t))
    return NormMix(
        title=t,
        games=_at_least(f"At least {MIN_NORM_GAMES} games", n, MIN_NORM_GAMES),
        other_federations=MixCheck(
            f"At least {MIN_OTHER_FEDERATIONS} federations other than the player's",
            len(other) if known else None,
            MIN_OTHER_FEDERATIONS,
            at_most=False,
            met=len(other) >= MIN_OTHER_FEDERATIONS if known else None,
            federations=other if known else (),
        ),
        own_federation=MixCheck(
            "At most 3/5 of the opponents from the player's federation",
            own_count if known else None,
            own_max,
            at_most=True,
            met=own_count <= own_max if known else None,
        ),
        one_federation=MixCheck(
            "At most 2/3 of the opponents from one federation",
            most,
            one_max,
            at_most=True,
            met=most <= one_max,
            federations=most_feds,
        ),
        titled=_at_least(
            "At least 50 % titled opponents (CM, WCM excluded)", titled, limits.titled
        ),
        title_or_higher=_at_least(
            "At least 1/3 with the norm's title or higher", higher, limits.higher
        ),
    )
