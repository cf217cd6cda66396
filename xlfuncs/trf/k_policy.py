"""Each rated player's K when a TRF is read, and where it came from: a TRF gives neither a
player's rated games nor whether their rating ever reached 2400, so these are assumed
(``docs/report.md``, section K).
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Mapping
from dataclasses import dataclass

from ..core.editions import RulesSpec
from ..core.rating_change import KRule, k_rule
from .parser import Player

__all__ = ["ASSUMED_GAMES", "KSource", "PlayerK", "known_birth_year", "player_k"]

ASSUMED_GAMES = 30
"""Rated games a player is assumed to have completed: a TRF does not say (K 40 below 30)."""

MIN_BIRTH_YEAR = 1850
"""An earlier birth year in a file is taken as a placeholder, not a birth year."""


class KSource(enum.Enum):
    """Where a player's K came from, with the label the report prints (:attr:`label` in JSON
    and CSV, :attr:`short` in the text table)."""

    OVERRIDE = ("override file", "file")
    """The K file gave it."""
    LIST = ("rating list", "list")
    """FIDE's rating list gave it, for the event's rate of play (``--rating-list``)."""
    JUNIOR = ("computed: junior", "junior")
    """40: until the end of the year of the 18th birthday, while rated under 2300."""
    RATING_2400 = ("computed: rating 2400+", "2400+")
    """10: the rating in the file is 2400 or more."""
    ASSUMED_30_GAMES = ("assumed 30+ games", "30+?")
    """20: the player is assumed to have completed 30 rated games (a TRF does not say)."""
    RAPID_BLITZ_20 = ("rapid/blitz: K 20 for all", "R/B 20")
    """20: every player's K in rapid and blitz until 30 September 2022."""

    def __init__(self, label: str, short: str) -> None:
        self.label = label
        """What the JSON and CSV ``k_source`` say, e.g. ``"computed: junior"``."""
        self.short = short
        """The short form of the text table's ``K from`` column, e.g. ``"junior"``."""


_SOURCE_OF_RULE: Mapping[KRule, KSource] = {
    KRule.FIXED: KSource.RAPID_BLITZ_20,
    KRule.JUNIOR: KSource.JUNIOR,
    KRule.REACHED_2400: KSource.RATING_2400,
    KRule.ESTABLISHED: KSource.ASSUMED_30_GAMES,
}
"""Core's clause of the K rule, as the report names it. ``FEWER_THAN_30_GAMES`` cannot
apply: :data:`ASSUMED_GAMES` is 30."""


@dataclass(frozen=True)
class PlayerK:
    """The K of one player and where it came from."""

    start_no: int
    k: int | None
    """``None`` for an unrated player (no rating change)."""
    source: KSource | None
    """``None`` for an unrated player."""


def known_birth_year(p: Player) -> int | None:
    """The birth year the junior rule can use: ``None`` when the file gives none, or one
    before :data:`MIN_BIRTH_YEAR`."""
    year = p.birth_year
    return year if year is not None and year >= MIN_BIRTH_YEAR else None


def player_k(
    p: Player,
    rating: int | None,
    overrides: Mapping[str, int],
    day: _dt.date,
    list_k: int | None = None,
    *,
    rules: RulesSpec = None,
) -> PlayerK:
    """The K of player *p* rated *rating* (``None``: unrated, no K): the K file's by FIDE id
    (*overrides*), else the rating list's (*list_k*), else core's K rule on *day* with
    :data:`ASSUMED_GAMES` under *rules* (the edition and rate of play: rapid and blitz fix K
    at 20 until 30 September 2022).

    >>> from xlfuncs.trf import parse_trf
    >>> ash = parse_trf("001    1 w    Ash, Ada                          2250 ENG    "
    ...                 "99300010 2012/01/01").players[0]
    >>> player_k(ash, 2250, {}, _dt.date(2026, 3, 1)).source.label
    'computed: junior'
    >>> player_k(ash, 2250, {"99300010": 30}, _dt.date(2026, 3, 1)).k
    30
    """
    if rating is None:
        return PlayerK(p.start_no, None, None)
    if p.fide_id is not None and p.fide_id in overrides:
        return PlayerK(p.start_no, overrides[p.fide_id], KSource.OVERRIDE)
    if list_k is not None:
        return PlayerK(p.start_no, list_k, KSource.LIST)
    rule = k_rule(rating, ASSUMED_GAMES, known_birth_year(p), rating >= 2400, day, rules=rules)
    return PlayerK(p.start_no, rule.k, _SOURCE_OF_RULE[rule])
