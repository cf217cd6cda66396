"""A title application over several events (Title Regulations B.01, 1.5): the norms of one
player for one title, each from the norm check of its event
(:func:`~xlfuncs.core.norm_check.check_norm`), and the player's peak rating, checked
against what the application needs: 1.5.1 (two norms, 27 games, counted as 1.4.1b-d and
1.7 say), 1.5.6 (a norm without an exemption of 1.4.3a-d) and 1.5.3 (the title's rating).
Each requirement has its figure, threshold, whether it is met, and its article; the texts
and the reading of 1.4.1d: ``docs/title.md``, *The requirements* and *The texts*.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from types import MappingProxyType
from typing import Final

from .errors import InvalidInputError, NothingToComputeError
from .norm_check import NormCheck, Requirement, Requirements
from .norms import NORM_TITLES, NormRules, norm_points

__all__ = [
    "MAX_EIGHT_OF_NINE",
    "MIN_APPLICATION_GAMES",
    "MIN_APPLICATION_NORMS",
    "TITLE_RATINGS",
    "TitleApplication",
    "TitleNorm",
    "check_application",
    "title_norm",
]

MIN_APPLICATION_GAMES: Final = 27
"""A title application needs norms covering at least this many games (B.01 1.5.1)."""

MIN_APPLICATION_NORMS: Final = 2
"""A title application needs at least this many norms, one an event (B.01 1.5.1)."""

MAX_EIGHT_OF_NINE: Final = 1
"""At most this many norms of an application may count 8 games and a forfeit win or a
pairing-allocated bye as 9 (B.01 1.4.1c)."""

TITLE_RATINGS: Final[Mapping[str, int]] = MappingProxyType(
    {"GM": 2500, "IM": 2400, "WGM": 2300, "WIM": 2200}
)
"""The rating a title by norms needs (B.01 1.5.3), one for each of
:data:`~xlfuncs.core.norms.NORM_TITLES`."""


@dataclass(frozen=True)
class TitleNorm:
    """One event's norm check of the title applied for, and what it brings to the
    application."""

    event: str
    """The event's name (or its file's)."""
    start: _dt.date | None
    end: _dt.date | None
    check: NormCheck
    points_needed: Fraction | None
    """The fewest points that make the norm against the opponents of the games counted
    (``None``: no score makes it there)."""

    @property
    def met(self) -> bool:
        """Whether the event's check made the norm."""
        return self.check.met

    @property
    def eight_of_nine(self) -> bool:
        """8 games and a forfeit win or a pairing-allocated bye counted as 9 (1.4.1c)."""
        return len(self.check.used) == 8 and "1.4.1c" in self.check.requirement("games").label

    @property
    def extra_games(self) -> int:
        """Games credited for the full points above :attr:`points_needed` (1.4.1d)."""
        if not self.met or self.points_needed is None:
            return 0
        return max(0, floor(self.check.score - self.points_needed))

    @property
    def games(self) -> int:
        """Games this norm covers in the application: those its check credits (1.4.1b-c,
        1.7) and :attr:`extra_games` (1.4.1d); none without a norm."""
        return self.check.games_credited + self.extra_games if self.met else 0

    @property
    def general(self) -> bool:
        """A norm from an event meeting the general requirement: no exemption of 1.4.3a-d
        used (1.5.6)."""
        return self.met and self.check.exemption is None


def title_norm(
    event: str,
    check: NormCheck,
    *,
    start: _dt.date | None = None,
    end: _dt.date | None = None,
    rules: NormRules = None,
) -> TitleNorm:
    """The :class:`TitleNorm` of *check* (the norm check of the title applied for in
    *event*, under the Title Regulations *rules* of that event)."""
    ratings = [g.rating for g in check.used]
    try:
        needed: Fraction | None = norm_points(ratings, check.title, rules=rules)
    except NothingToComputeError:
        needed = None
    return TitleNorm(event, start, end, check, needed)


@dataclass(frozen=True)
class TitleApplication(Requirements):
    """A title application checked: the norms, and every requirement."""

    title: str
    norms: tuple[TitleNorm, ...]
    """Every event given, in the order given (with or without the norm)."""
    peak_rating: int | None
    requirements: tuple[Requirement, ...]

    @property
    def met(self) -> bool:
        """The title: every requirement checked and met."""
        return all(r.met is True for r in self.requirements)


def check_application(
    title: str, norms: Sequence[TitleNorm], peak_rating: int | None = None
) -> TitleApplication:
    """Check an application for *title* (GM, IM, WGM, WIM) on *norms* (one per event; those
    without the norm count for nothing) and the player's *peak_rating* (``None``: the rating
    condition not checked).

    >>> app = check_application("GM", [], 2510)
    >>> [(r.key, r.figure, r.threshold, r.met) for r in app.requirements]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('norms', 0, 2, False), ('games', 0, 27, False), ('eight_of_nine', 0, 1, True),
     ('general', 0, 1, False), ('rating', 2510, 2500, True)]
    """
    key = title.strip().upper()
    if key not in NORM_TITLES:
        raise InvalidInputError(
            f"title: {title!r} is not a title gained by norms ({', '.join(NORM_TITLES)})"
        )
    for n in norms:
        if n.check.title.title != key:
            raise InvalidInputError(
                f"norms: {n.event} is checked for {n.check.title.title}, not {key}"
            )
    made = [n for n in norms if n.met]
    games = sum(n.games for n in made)
    eights = sum(1 for n in made if n.eight_of_nine)
    general = sum(1 for n in made if n.general)
    threshold = TITLE_RATINGS[key]
    reqs = (
        Requirement.at_least(
            "norms",
            "1.5.1",
            f"At least {MIN_APPLICATION_NORMS} {key} norms, one an event",
            len(made),
            MIN_APPLICATION_NORMS,
        ),
        Requirement.at_least(
            "games",
            "1.5.1, 1.4.1b-d, 1.7",
            f"Norms covering at least {MIN_APPLICATION_GAMES} games",
            games,
            MIN_APPLICATION_GAMES,
        ),
        Requirement(
            "eight_of_nine",
            "1.4.1c",
            "8 games and a forfeit win or bye counted as 9, at most once",
            eights,
            MAX_EIGHT_OF_NINE,
            True,
            eights <= MAX_EIGHT_OF_NINE,
        ),
        Requirement.at_least(
            "general",
            "1.5.6",
            "A norm from an event meeting the general requirement (no exemption of 1.4.3)",
            general,
            1,
        ),
        Requirement(
            "rating",
            "1.5.3",
            f"A rating of at least {threshold} reached",
            peak_rating,
            threshold,
            False,
            None if peak_rating is None else peak_rating >= threshold,
            "the peak rating (--peak-rating)" if peak_rating is None else None,
        ),
    )
    return TitleApplication(key, tuple(norms), peak_rating, reqs)
