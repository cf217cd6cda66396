"""The whole title-norm check of one player in one event, as FIDE checks it (Title
Regulations B.01, 2024 text; the 2017-2023 text where it differs, by its edition): one
:class:`NormCheck` per title, each requirement with its figure, threshold and whether it is
met, the games used and the games left out, and why (``docs/norms.md``, *What is checked*).

The games (1.4.1-1.4.2): :mod:`xlfuncs.core.norm_games` finds the best set. The opponents
(1.4.3-1.4.5): :func:`~xlfuncs.core.norms.norm_mix`, with the exemptions of 1.4.3a-d; in a
round robin the mix is counted on every game (1.4.1f). The ratings (1.4.6-1.4.8):
:func:`~xlfuncs.core.norms.norm_performance`.

What the event cannot tell (the rate of play, registration, the chief arbiter's title) is a
requirement marked "not checked" with what it needs; it does not stop a norm, but every
output names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final

from .eligibility import time_minimum
from .norm_event import EventType, NormEvent
from .norm_games import GameChoice, GameKind, NormGame, choose_games
from .norms import (
    FEDERATION_KEYS,
    MIN_NORM_PERCENT,
    MIX_KEYS,
    NORM_TITLES,
    NormPerformance,
    NormRules,
    NormTitle,
    norm_mix,
    norm_performance,
    norm_title,
)
from .title_editions import TitleEdition, title_edition

__all__ = [
    "MAX_CREDITED_GAMES",
    "WOMEN_NORMS",
    "GameKind",
    "NormCheck",
    "NormGame",
    "Requirement",
    "Requirements",
    "best_norm",
    "check_norm",
    "near_norm",
    "norm_checks",
    "norm_made",
    "titles_worth",
]

MAX_CREDITED_GAMES: Final = 13
"""A norm from more games counts as this many toward a title application (B.01 1.7)."""

WOMEN_NORMS: Final = ("WGM", "WIM")
"""Norms open to women only."""

_MIX_ARTICLES: Final = ("1.4.3", "1.4.4", "1.4.4", "1.4.5a", "1.4.5b-e")
"""The article of each mix check but the games' (:data:`~xlfuncs.core.norms.MIX_KEYS`)."""


@dataclass(frozen=True)
class Requirement:
    """One requirement of a norm: what it is, the article, the figure found, the threshold
    and whether it is met (``None``: not checked, :attr:`needs` says what would tell)."""

    key: str
    """A stable name: ``games``, ``other_federations``, ``own_federation``, ``one_federation``,
    ``titled``, ``title_or_higher``, ``ra``, ``score``, ``rp``, ``rate_of_play``,
    ``time_minimum``, ``registration``, ``chief_arbiter`` (a norm); ``norms``, ``games``,
    ``eight_of_nine``, ``general``, ``rating`` (a title application, 1.5)."""
    article: str
    """Of B.01 (2024 numbering)."""
    label: str
    figure: int | str | None
    threshold: int | str | None
    at_most: bool
    met: bool | None
    needs: str | None = None
    """For a requirement not checked: what it needs (``"the rate of play (--rate)"``)."""
    note: str = ""
    """E.g. ``"exempt: 1.4.3d"``, or the federations counted."""

    @classmethod
    def at_least(
        cls, key: str, article: str, label: str, figure: int, threshold: int
    ) -> Requirement:
        """The requirement that *figure* be at least *threshold*, checked."""
        return cls(key, article, label, figure, threshold, False, figure >= threshold)

    @property
    def decisive(self) -> bool:
        """Whether a norm needs this requirement known and met (the games, the mix and the
        figures); the event's own facts (rate, time, registration, arbiter) may stay
        unchecked."""
        return self.key not in ("rate_of_play", "registration", "chief_arbiter", "time_minimum")

    @property
    def bound(self) -> str:
        """The threshold as a bound (``>= 9``, ``<= 5``), one in words as it is; ``""``
        for none."""
        if isinstance(self.threshold, int):
            return f"{'<=' if self.at_most else '>='} {self.threshold}"
        return self.threshold or ""

    @property
    def status(self) -> str:
        """``met``, ``not met``, ``exempt`` or ``not checked: needs ...``."""
        if self.met is None:
            return f"not checked: needs {self.needs}" if self.needs else "not checked"
        if self.note.startswith("exempt"):
            return self.note
        return "met" if self.met else "not met"


class Requirements:
    """What a check holds: its requirements, each found by its key."""

    requirements: tuple[Requirement, ...]

    def requirement(self, key: str) -> Requirement:
        """The requirement called *key*."""
        for r in self.requirements:
            if r.key == key:
                return r
        raise KeyError(key)


@dataclass(frozen=True)
class NormCheck(Requirements):
    """One title's norm check for one player: the games used and left out, the figures and
    every requirement."""

    title: NormTitle
    requirements: tuple[Requirement, ...]
    used: tuple[NormGame, ...]
    """The games counted, in round order."""
    left_out: tuple[tuple[NormGame, str], ...]
    """Every other round of the player, and why it is not counted."""
    performance: NormPerformance | None
    """Ra, p, dp and Rp over :attr:`used` (``None`` without a game)."""
    games_credited: int
    """How many games the norm counts for in a title application (1.4.1b-c, 1.7)."""
    exemption: str | None = None
    """The article exempting the player from 1.4.3-1.4.4, if any."""

    @property
    def score(self) -> Fraction:
        """Points in :attr:`used`."""
        return sum((g.points for g in self.used), Fraction(0))

    @property
    def met(self) -> bool:
        """A norm: nothing failed, and every decisive requirement checked and met."""
        return all(r.met is True if r.decisive else r.met is not False for r in self.requirements)

    @property
    def rating_met(self) -> bool:
        """The rating figures made: games, Ra, 35 % and Rp."""
        keys = ("games", "ra", "score", "rp")
        return all(r.met is True for r in self.requirements if r.key in keys)

    @property
    def failed(self) -> tuple[Requirement, ...]:
        """The requirements not met."""
        return tuple(r for r in self.requirements if r.met is False)

    @property
    def unchecked(self) -> tuple[Requirement, ...]:
        """The requirements that could not be checked."""
        return tuple(r for r in self.requirements if r.met is None)


def _time_requirement(event: NormEvent, rating: int | None) -> list[Requirement]:
    """B.02 1.1 for the player's own band: every game of a player rated 2400 or more needs
    120 minutes for 60 moves, whoever the opponent (a norm counts rated games only)."""
    bands, time = event.time_bands, event.time
    if bands is None or time is None:
        return []
    need = time_minimum(bands, rating, None)
    label = f"Time for 60 moves at least {need.minutes} minutes ({need.band.removeprefix('a ')})"
    if time.different_times:
        figure: str | None = "different"
        met: bool | None = False
    elif time.minutes is None:
        figure, met = None, None
    else:
        figure, met = f"{float(time.minutes):g}", time.minutes >= need.minutes
    return [
        Requirement(
            "time_minimum",
            "B.02 1.1",
            label,
            figure,
            need.minutes,
            False,
            met,
            needs="the time control (TRF 222 or 122)" if met is None else None,
            note="" if time.assumption is None else f"read from {time.source.split(' ')[0]}'s text",
        )
    ]


def _event_requirements(event: NormEvent) -> list[Requirement]:
    rate = event.rate
    rate_req = Requirement(
        "rate_of_play",
        "1.1.3",
        "Standard play (no norm in a rapid or blitz event)",
        rate,
        "standard",
        False,
        None if rate is None else rate == "standard",
        needs="the rate of play (TRF 122 or --rate)" if rate is None else None,
    )
    reg = event.registered
    reg_req = Requirement(
        "registration",
        "1.1.1",
        "Registered with FIDE at least 30 days before the start",
        None if reg is None else ("yes" if reg else "no"),
        "yes",
        False,
        reg,
        needs="the registration (--registered yes|no)" if reg is None else None,
    )
    arbiter = (event.chief_arbiter_title or "").strip().upper() or None
    arb_req = Requirement(
        "chief_arbiter",
        "1.1.5",
        "Chief arbiter an IA or FA",
        arbiter,
        "IA or FA",
        False,
        None if arbiter is None else arbiter in ("IA", "FA"),
        needs=None if arbiter else "the chief arbiter's title (--chief-arbiter-title IA|FA)",
    )
    return [rate_req, reg_req, arb_req]


def _games_requirement(choice: GameChoice) -> Requirement:
    eight = " (8 played and a forfeit win or bye, 1.4.1c)" if choice.eight_of_nine else ""
    label = f"At least {choice.min_games} games{eight}"
    return Requirement.at_least("games", "1.4.1", label, len(choice.used), choice.min_games)


def _mix_requirements(
    mix_games: Sequence[NormGame], federation: str, t: NormTitle, exemption: str | None
) -> list[Requirement]:
    """The opponents' federations (1.4.3, 1.4.4; met where the event is *exempt*) and titles
    (1.4.5) among *mix_games*."""
    if not mix_games:
        return []
    mix = norm_mix([g.as_opponent for g in mix_games], federation, t)
    reqs: list[Requirement] = []
    for key, c, article in zip(MIX_KEYS[1:], mix.checks[1:], _MIX_ARTICLES, strict=True):
        note = ", ".join(c.federations)
        met = c.met
        needs = None
        if key in FEDERATION_KEYS and exemption is not None:
            met, note = True, f"exempt: {exemption}"
        elif c.met is None:
            needs = "the player's federation"
        label = c.requirement.replace("At least 1/3", "At least 1/3 (and 3)")
        reqs.append(
            Requirement(key, article, label, c.figure, c.threshold, c.at_most, met, needs, note)
        )
    return reqs


def _performance_requirements(
    used: Sequence[NormGame], t: NormTitle, rules: NormRules
) -> tuple[list[Requirement], NormPerformance | None]:
    """Ra (1.4.7), the score (1.4.8b) and Rp (1.4.8) of the games *used*."""
    if not used:
        return [], None
    score = sum((g.points for g in used), Fraction(0))
    perf = norm_performance([g.rating for g in used], score, t, rules=rules)
    return [
        Requirement.at_least(
            "ra",
            "1.4.7",
            "Average rating of the opponents (floor for the lowest, 1.4.6)",
            perf.ra,
            t.min_ra,
        ),
        Requirement.at_least(
            "score",
            "1.4.8b",
            f"Score at least {MIN_NORM_PERCENT} %",
            perf.percent,
            MIN_NORM_PERCENT,
        ),
        Requirement.at_least("rp", "1.4.8", "Performance Rp = Ra + dp", perf.rp, t.min_rp),
    ], perf


def _left_out(games: Sequence[NormGame], choice: GameChoice) -> tuple[tuple[NormGame, str], ...]:
    used = set(choice.used)
    out: list[tuple[NormGame, str]] = []
    for i, g in enumerate(games):
        if i in used:
            continue
        if g.kind is not GameKind.PLAYED:
            why = f"{g.kind.value}: not a game played (1.4.2c)"
            if choice.eight_of_nine and g.kind is not GameKind.NOT_PLAYED:
                why = f"{g.kind.value}: 8 games count as 9 (1.4.1c)"
        elif g.excluded is not None:
            why = g.excluded
        elif i in choice.later:
            why = "later round left out (1.4.1e)"
        else:
            why = "defeated opponent left out (1.4.1f)"
        out.append((g, why))
    return tuple(out)


def _credited(choice: GameChoice, event: NormEvent) -> int:
    n = len(choice.used)
    if choice.eight_of_nine or (event.event_type is EventType.WORLD_CUP and n == 8):
        return 9
    return min(n, MAX_CREDITED_GAMES)


def check_norm(
    games: Sequence[NormGame],
    title: str | NormTitle,
    event: NormEvent,
    *,
    federation: str,
    rules: NormRules = None,
    rating: int | None = None,
) -> NormCheck:
    """The norm check of *title* for a player of *federation* (rated *rating*: the band of
    the event's time minimum, B.02 1.1) whose rounds are *games*: on
    the best set of games that makes the norm (:func:`~xlfuncs.core.norm_games.choose_games`);
    failing that, on the largest set that makes the rating figures (the other failures
    named); failing that, on every game that counts.

    >>> from xlfuncs.core.norm_event import NormEvent
    >>> opps = [(2600, "GM", "GER"), (2550, "GM", "FRA"), (2500, "GM", "NED"),
    ...         (2450, "IM", "ENG"), (2450, "IM", "ESP"), (2400, "IM", "ITA"),
    ...         (2350, "FM", "ESP"), (2300, "FM", "SUI"), (2150, "", "ESP")]
    >>> games = [NormGame(i + 1, Fraction(1) if i < 5 else Fraction(1, 2), rating=r,
    ...                   title=ti, federation=f) for i, (r, ti, f) in enumerate(opps)]
    >>> check = check_norm(games, "GM", NormEvent(rounds=9, rate="standard"), federation="ESP")
    >>> check.met, check.performance.rp, [r.key for r in check.unchecked]
    (True, 2642, ['registration', 'chief_arbiter'])
    """
    t = norm_title(title)
    edition = title_edition(rules)
    federation = federation.strip()
    choice = choose_games(games, t, event, federation, edition)
    used = [games[i] for i in choice.used]
    mix_games = [g for g in games if g.counts] if event.mix_over_event else used
    exemption = event.exemption_for(federation)
    perf_reqs, perf = _performance_requirements(used, t, edition)
    reqs = [
        _games_requirement(choice),
        *_mix_requirements(mix_games, federation, t, exemption),
        *perf_reqs,
        *_time_requirement(event, rating),
        *_event_requirements(event),
    ]
    return NormCheck(
        title=t,
        requirements=tuple(reqs),
        used=tuple(used),
        left_out=_left_out(games, choice),
        performance=perf,
        games_credited=_credited(choice, event),
        exemption=exemption,
    )


def norm_made(
    games: Sequence[NormGame],
    title: NormTitle,
    event: NormEvent,
    federation: str,
    edition: TitleEdition,
    rating: int | None,
) -> tuple[bool, bool]:
    """Whether :func:`check_norm` finds the norm made (:attr:`NormCheck.met`), and whether
    it finds the rating figures made (:attr:`NormCheck.rating_met`), without building the
    requirements: the quick answer a crosstable's norm column needs for every player. The
    arguments as :func:`check_norm` resolves its own (*federation* stripped)."""
    choice = choose_games(games, title, event, federation, edition)
    return choice.makes_norm and _event_allows(event, rating), choice.makes_figures


@lru_cache(maxsize=64)
def _event_allows(event: NormEvent, rating: int | None = None) -> bool:
    """Whether none of the event's own requirements fails (rate, time for a player rated
    *rating*, registration, arbiter)."""
    reqs = _time_requirement(event, rating) + _event_requirements(event)
    return all(r.met is not False for r in reqs)


def norm_checks(
    games: Sequence[NormGame],
    event: NormEvent,
    *,
    federation: str,
    held_title: str | None = None,
    female: bool = False,
    rules: NormRules = None,
    rating: int | None = None,
) -> tuple[NormCheck, ...]:
    """:func:`check_norm` for every title worth reaching (above *held_title*; WGM and WIM for
    women only), strongest first."""
    return tuple(
        check_norm(games, t, event, federation=federation, rules=rules, rating=rating)
        for t in titles_worth(held_title, female)
    )


def titles_worth(held_title: str | None, female: bool) -> list[str]:
    """The norms a player holding *held_title* may reach, strongest first: the titles above
    it (GM above IM above WGM above WIM; all four for any other title or none), WGM and WIM
    for women only.

    >>> titles_worth("FM", False), titles_worth("IM", True), titles_worth(None, True)
    (['GM', 'IM'], ['GM'], ['GM', 'IM', 'WGM', 'WIM'])
    >>> titles_worth("WGM", True), titles_worth("GM", True)
    (['GM', 'IM'], [])
    """
    order = tuple(NORM_TITLES)
    key = (held_title or "").strip().upper()
    above = order[: order.index(key)] if key in order else order
    return [t for t in above if female or t not in WOMEN_NORMS]


def best_norm(checks: Sequence[NormCheck]) -> NormCheck | None:
    """The strongest norm made among *checks* (strongest first), or ``None``."""
    return next((c for c in checks if c.met), None)


def near_norm(checks: Sequence[NormCheck]) -> NormCheck | None:
    """Without a norm among *checks* (strongest first): the strongest title whose rating
    figures were made but another requirement was not; ``None`` otherwise."""
    if best_norm(checks) is not None:
        return None
    return next((c for c in checks if c.rating_met), None)
