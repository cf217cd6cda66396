"""Which games a title norm counts: the best set of a player's games that makes the norm
(FIDE Title Regulations B.01, 2024 text, 1.4.1).

From the games that count (played over the board, 1.4.2), a player may leave out later rounds
once the norm is made, unless the pairings were fixed (1.4.1e), and may drop games against
opponents they defeated (1.4.1f), provided that what is left still meets every requirement.
In a 9-round event, 8 games played and a forfeit win or a pairing-allocated bye count as 9
(1.4.1c).

**The best set** is the one with the most games, then the highest Rp, then the fewest later
rounds left out (how :func:`choose_games` finds it, and why the search may skip a size:
``docs/norms.md``, *The best set of games*). For each size and prefix of rounds, dropping the
lowest-rated defeated opponents gives the highest Ra any choice of that many drops can give
(keeping a higher-rated opponent adds the difference to the sum and takes at most as much
from the floor's raise), so where that choice misses the figures no choice of that size does.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Final

from .norm_event import NormEvent
from .norms import (
    FEDERATION_KEYS,
    MIN_OTHER_FEDERATIONS,
    MIX_KEYS,
    MixLimits,
    NormOpponent,
    NormTitle,
    federation_code,
    figures_met,
    is_titled,
    norm_figures,
    norm_mix,
    raised_total,
    title_or_higher,
)
from .results import played
from .title_editions import TitleEdition

__all__ = [
    "MAX_CHOICES",
    "GameChoice",
    "GameKind",
    "NormGame",
    "choose_games",
    "figures_out_of_reach",
]

MAX_CHOICES: Final = 50_000
"""The most sets of dropped wins tried for one size and one prefix of rounds (13 wins give
at most 1,716); beyond it only the lowest-rated are tried, and the choice says so."""


class GameKind(enum.Enum):
    """What a round was for the norm rules."""

    PLAYED = "played"
    """A game played over the board (1, ½, 0): it counts."""
    FORFEIT_WIN = "forfeit win"
    """Not counted (1.4.2c), but completes 8 games to 9 in a 9-round event (1.4.1c)."""
    PAIRING_BYE = "pairing-allocated bye"
    """Not counted, but completes 8 games to 9 in a 9-round event (1.4.1c)."""
    NOT_PLAYED = "not played"
    """A forfeit loss, a requested bye, a game of less than one move, or no game (1.4.2c)."""


@dataclass(frozen=True)
class NormGame:
    """One round of the player, with what the norm rules need of the opponent."""

    round: int
    """From 1."""
    points: Fraction
    kind: GameKind = GameKind.PLAYED
    rating: int | None = None
    """The opponent's rating; ``None``: unrated (counted at the edition's value, 1.4.6)."""
    title: str = ""
    federation: str = ""
    opponent: int | None = None
    """The opponent's number in the event, when there is one."""
    name: str = ""
    excluded: str | None = None
    """Why a played game never counts (1.4.2b: an unrated round-robin opponent who scored
    nothing against rated opponents); ``None``: it counts."""
    note: str = ""
    """How a round counts other than as it was played (1.4.2c: a last-round forfeit counted
    as a game lost); blank: as played."""

    @property
    def as_opponent(self) -> NormOpponent:
        """The opponent as the mix rules count them."""
        return NormOpponent(self.rating, self.title, self.federation)

    @property
    def counts(self) -> bool:
        """Whether the game can count for a norm."""
        return self.kind is GameKind.PLAYED and self.excluded is None

    @property
    def result(self) -> str:
        """``1``, ``½``, ``0``, or what the round was."""
        if self.kind is not GameKind.PLAYED:
            return str(self.kind.value)
        outcome = played(self.points)
        return str(self.points) if outcome is None else outcome.shown


@dataclass(frozen=True)
class GameChoice:
    """The games a norm check counts, as indexes into the player's rounds."""

    used: tuple[int, ...]
    later: frozenset[int]
    """The games left out as later rounds (1.4.1e); the other counted games not used were
    defeated opponents dropped (1.4.1f)."""
    min_games: int
    eight_of_nine: bool = False
    """8 games and a forfeit win or bye in a 9-round event, counted as 9 (1.4.1c)."""
    makes_norm: bool = False
    """Whether these games make the norm (mix and figures)."""
    makes_figures: bool = False
    """Whether they make the rating figures (games, Ra, 35 %, Rp)."""
    capped: bool = False
    """Whether :data:`MAX_CHOICES` cut the search short somewhere."""


class _Search:
    """The figures of sets of one player's counted games, for one title."""

    def __init__(
        self,
        games: Sequence[NormGame],
        counted: list[int],
        t: NormTitle,
        event: NormEvent,
        federation: str,
        edition: TitleEdition,
    ) -> None:
        self.games = games
        self.t = t
        self.value = {
            i: edition.unrated_opponent if games[i].rating is None else int(games[i].rating or 0)
            for i in counted
        }
        self.halves = {
            i: 2 * games[i].points.numerator // games[i].points.denominator for i in counted
        }
        self.federation = federation
        self.exempt = event.exemption_for(federation) is not None
        self.fixed_mix: bool | None = None
        if event.mix_over_event:  # 1.4.1f: the mix of the complete round robin
            self.fixed_mix = self._mix_ok(counted)

    def figures_ok(self, idx: Sequence[int]) -> tuple[bool, int]:
        """Whether the games *idx* make Ra, 35 % and Rp, and their Rp."""
        n = len(idx)
        if n == 0:
            return False, 0
        total = raised_total([self.value[i] for i in idx], self.t)
        ra, percent, rp = norm_figures(total, sum(self.halves[i] for i in idx), n)
        return figures_met(self.t, ra, percent, rp), rp

    def _mix_ok(self, idx: Sequence[int]) -> bool:
        if not idx:
            return False
        mix = norm_mix([self.games[i].as_opponent for i in idx], self.federation, self.t)
        return all(
            c.met is True
            for key, c in zip(MIX_KEYS, mix.checks)
            if key != "games" and not (self.exempt and key in FEDERATION_KEYS)
        )

    def mix_possible(self, prefix: Sequence[int], size: int) -> bool:
        """A quick necessary condition: whether *size* games of *prefix* could meet the mix
        (what only falls when games are dropped: the other federations, the titled opponents
        and those with the norm's title or higher, counted over the whole prefix)."""
        if self.fixed_mix is not None:
            return self.fixed_mix
        games = [self.games[i] for i in prefix]
        titled = sum(1 for g in games if is_titled(g.title))
        higher = sum(1 for g in games if title_or_higher(g.title, self.t))
        limits = MixLimits(size)
        if titled < limits.titled or higher < max(3, limits.higher):
            return False
        if self.exempt or not self.federation.strip():
            return self.exempt
        own = federation_code(self.federation)
        others = {federation_code(g.federation) for g in games} - {"", own}
        return len(others) >= MIN_OTHER_FEDERATIONS

    def mix_ok(self, idx: Sequence[int]) -> bool:
        """Whether the opponents' mix allows the norm with the games *idx*."""
        return self.fixed_mix if self.fixed_mix is not None else self._mix_ok(idx)


def _eight_of_nine(games: Sequence[NormGame], counted: list[int], event: NormEvent) -> bool:
    """1.4.1c: a 9-round event, 8 games that count and one forfeit win or pairing-allocated
    bye."""
    if event.rounds != 9 or len(counted) != 8 or len(games) != 9:
        return False
    rest = [g for i, g in enumerate(games) if i not in set(counted)]
    return len(rest) == 1 and rest[0].kind in (GameKind.FORFEIT_WIN, GameKind.PAIRING_BYE)


def figures_out_of_reach(values: Sequence[int], halves: int, t: NormTitle, min_games: int) -> bool:
    """A quick bound: whether no set of at least *min_games* of the games against opponents
    counted at *values*, worth *halves* half points in all, can reach Ra and Rp for *t* (the
    highest ratings with the floor's raise, and all the points over the fewest games).

    >>> from xlfuncs.core.norms import NORM_TITLES
    >>> figures_out_of_reach([2300] * 9, 14, NORM_TITLES["GM"], 9)
    True
    """
    if len(values) < min_games or min_games <= 0:
        return True
    total = raised_total(sorted(values, reverse=True)[:min_games], t)
    return not figures_met(t, *norm_figures(total, min(halves, 2 * min_games), min_games))


def choose_games(
    games: Sequence[NormGame],
    t: NormTitle,
    event: NormEvent,
    federation: str,
    edition: TitleEdition,
) -> GameChoice:
    """The best set of *games* for the norm of *t* (see the module's docstring); when none
    makes the norm, the largest that makes the rating figures; failing that, every game
    that counts.
    """
    counted = sorted((i for i, g in enumerate(games) if g.counts), key=lambda i: games[i].round)
    min_games = event.event_type.min_games
    search = _Search(games, counted, t, event, federation, edition)
    capped = False
    figures_only: GameChoice | None = None
    values = [search.value[i] for i in counted]
    halves = sum(search.halves[i] for i in counted)
    if not figures_out_of_reach(values, halves, t, min_games):
        prefixes = [len(counted)] if event.fixed_pairings else list(range(len(counted), 0, -1))
        for size in range(len(counted), min_games - 1, -1):
            best: tuple[int, int, tuple[int, ...], int] | None = None  # rp, -later, used, j
            for j in prefixes:
                if j < size:
                    continue
                prefix = counted[:j]
                wins = sorted(
                    (i for i in prefix if games[i].points == 1), key=lambda i: search.value[i]
                )
                drop = j - size
                if drop > len(wins):
                    continue
                lowest = set(wins[:drop])
                greedy = tuple(i for i in prefix if i not in lowest)
                ok, _ = search.figures_ok(greedy)
                if not ok:
                    continue  # no choice of `drop` wins to drop makes the figures here
                if figures_only is None:
                    figures_only = GameChoice(
                        greedy, frozenset(counted[j:]), min_games, makes_figures=True
                    )
                if not search.mix_possible(prefix, size):
                    continue  # no choice of these games can meet the mix
                choices: Iterable[tuple[int, ...]] = combinations(wins, drop)
                if comb(len(wins), drop) > MAX_CHOICES:
                    capped = True
                    choices = [tuple(wins[:drop])]
                for dropped in choices:
                    out = set(dropped)
                    used = tuple(i for i in prefix if i not in out)
                    ok, rp = search.figures_ok(used)
                    if not ok or not search.mix_ok(used):
                        continue
                    key = (rp, -(len(counted) - j), used, j)
                    if best is None or key[:2] > best[:2]:
                        best = key
            if best is not None:
                _, _, used, j = best
                return GameChoice(
                    used,
                    frozenset(counted[j:]),
                    min_games,
                    makes_norm=True,
                    makes_figures=True,
                    capped=capped,
                )
    if _eight_of_nine(games, counted, event):
        used = tuple(counted)
        ok, _ = search.figures_ok(used)
        eight = GameChoice(used, frozenset(), 8, eight_of_nine=True, makes_figures=ok)
        if ok and search.mix_ok(used):
            return replace(eight, makes_norm=True)
        if ok and figures_only is None:
            return eight
    if figures_only is not None:
        return replace(figures_only, capped=capped)
    return GameChoice(tuple(counted), frozenset(), min_games, capped=capped)
