"""Whether each game of an event is rated, and the rule that decides it (FIDE Rating
Regulations B.02, and the Rapid and Blitz Rating Regulations).

The minimum playing time of a standard game (B.02 1.1; texts quoted in ``docs/norms.md``,
*Game eligibility*): "For a game to be rated each player must [at the start of the
tournament; the 2024 text as published today: at the start of the game] have the following
minimum periods in which to complete all the moves, assuming the game lasts 60 moves":

- from 1 January 2022: 120 minutes where at least one of the players in the game has a
  rating of 2400 or higher; 90 minutes where at least one has 1800 or higher; 60 minutes
  where both are rated below 1800;
- 1 July 2017 - 31 December 2021: the same with 2200 and 1600.

Not rated either: a game of less than one move and a forfeit (unplayed games are not
counted); a game in which the two players had different times (each player must have the
minimum: FIDE rates no game with unequal times, an Armageddon); in rapid and blitz from
1 December 2024 (Rapid and Blitz Rating Regulations 7.3.1), "Games played between players
with a rating difference of 600 points or more shall not be rated if at least one of the
players is rated above 2600 on the relevant list"
(:func:`~xlfuncs.core.rating_change.excluded_game`): not rated for either player.

:func:`rules_out` is the one rule that both each game's verdict (:func:`game_eligibility`)
and a crosstable's rating figures (rated games, Ra, Rp, the change) read.

The time comes from the event (:class:`EventTime`): where it is not known the verdict is
"not known" (``rated`` ``None``), never "rated"; where it rests on reading free text, the
verdict says so (:attr:`GameEligibility.assumption`).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from .editions import Edition, RateOfPlay
from .rating_change import excluded_game
from .results import Outcome

__all__ = [
    "BANDS_2017",
    "BANDS_2022",
    "FIRST_CONTROL_MOVES",
    "EventTime",
    "GameEligibility",
    "RoundEligibility",
    "TimeBands",
    "TimeMinimum",
    "EXCLUSION_ARTICLE",
    "first_control_rule",
    "game_eligibility",
    "excluded_by_difference",
    "rules_out",
    "time_bands",
    "time_minimum",
    "time_rules_out",
]


@dataclass(frozen=True)
class TimeBands:
    """The minimum times of B.02 1.1 in one edition: by the higher rating in the game."""

    id: str
    top: int
    """A player rated this or higher: :attr:`top_minutes`."""
    middle: int
    """A player rated this or higher (and none :attr:`top`): :attr:`middle_minutes`."""
    top_minutes: int = 120
    middle_minutes: int = 90
    bottom_minutes: int = 60
    """Both players below :attr:`middle` (or unrated)."""


BANDS_2017: Final = TimeBands("2017", top=2200, middle=1600)
"""B.02 1.1, 1 July 2017 - 31 December 2021: 2200 and 1600."""
BANDS_2022: Final = TimeBands("2022", top=2400, middle=1800)
"""B.02 1.1 from 1 January 2022 (the 2022, 2024 and 2025 texts): 2400 and 1800, the times
each player has at the start of the tournament."""

_BANDS_2022_FROM: Final = _dt.date(2022, 1, 1)

FIRST_CONTROL_MOVES: Final = 30
"""B.02 1.2 (the 2024 text, and as amended 1 October 2025): "Where a certain number of moves
is specified in the first time control, it shall be at least 30 moves." """
_FIRST_CONTROL_FROM: Final = _dt.date(2024, 3, 1)
"""The first edition whose 1.2 was read word for word (``docs/norms.md``); the earlier
texts' own wording of it was not found, and it is not applied to them."""


def first_control_rule(edition: Edition) -> bool:
    """Whether *edition* (standard play) requires a first time control naming a number of
    moves to name at least :data:`FIRST_CONTROL_MOVES` (B.02 1.2)."""
    return edition.rate is RateOfPlay.STANDARD and edition.in_force_from >= _FIRST_CONTROL_FROM


def time_bands(edition: Edition) -> TimeBands | None:
    """The minimum times of *edition* (standard play); ``None`` for rapid and blitz, whose
    time is their rate's own definition (the rate is read from the same time control).

    >>> from xlfuncs.core.editions import get_edition
    >>> time_bands(get_edition("2017")).top, time_bands(get_edition("2025")).top
    (2200, 2400)
    >>> time_bands(get_edition("2025 rapid")) is None
    True
    """
    if edition.rate is not RateOfPlay.STANDARD:
        return None
    return BANDS_2017 if edition.in_force_from < _BANDS_2022_FROM else BANDS_2022


@dataclass(frozen=True)
class TimeMinimum:
    """The minimum time for 60 moves of one game, and why."""

    minutes: int
    article: str
    """``"B.02 1.1"`` and the band's text."""
    band: str
    """``"a player rated 2400 or higher"``, ``"both players below 1800 or unrated"``."""


def time_minimum(bands: TimeBands, rating: int | None, other: int | None) -> TimeMinimum:
    """The minimum time for 60 moves of a game between *rating* and *other* (``None``:
    unrated, which puts a player in no band).

    >>> time_minimum(BANDS_2022, 2000, 2450)
    TimeMinimum(minutes=120, article='B.02 1.1', band='a player rated 2400 or higher')
    >>> time_minimum(BANDS_2022, 1799, None).minutes, time_minimum(BANDS_2017, 2200, 1500).minutes
    (60, 120)
    """
    high = max((r for r in (rating, other) if r is not None), default=None)
    if high is not None and high >= bands.top:
        return TimeMinimum(bands.top_minutes, "B.02 1.1", f"a player rated {bands.top} or higher")
    if high is not None and high >= bands.middle:
        return TimeMinimum(
            bands.middle_minutes, "B.02 1.1", f"a player rated {bands.middle} or higher"
        )
    return TimeMinimum(
        bands.bottom_minutes, "B.02 1.1", f"both players below {bands.middle} or unrated"
    )


@dataclass(frozen=True)
class EventTime:
    """The event's time control as far as it is known."""

    minutes: Fraction | None
    """Each player's time for 60 moves, increments included; ``None``: not known."""
    source: str = ""
    """Where it came from (``"222 '5400+30'"``), or why it is not known."""
    exact: bool = False
    """Read from TRF-2026's encoded form (record ``222``); ``False``: read from free text
    (TRF16 ``122``), a reading the verdicts name as their assumption."""
    different_times: bool = False
    """The two players had different times (``222`` ``W...-B...``)."""
    first_moves: int | None = None
    """The moves of the first time control where it names a number (``222``
    ``40/5400+30:1800+30``: 40); ``None``: it names none, or it is not known (TRF16's free
    text is not read for it)."""

    @property
    def assumption(self) -> str | None:
        """What a verdict on this time rests on, if anything."""
        if self.minutes is None or self.exact:
            return None
        return f"time read from free text: {self.source} as {_minutes(self.minutes)} for 60 moves"


def _minutes(value: Fraction) -> str:
    return f"{float(value):g} minutes"


def time_rules_out(
    edition: Edition, rating: int | None, other: int | None, time: EventTime | None
) -> bool:
    """Whether the event's *time* makes a played game between *rating* and *other*
    (``None``: unrated) not rated under *edition*: the two players had different times, or
    each had less than the minimum of B.02 1.1 for the higher rating in the game. ``False``
    where the time is not known (*time* ``None``, or no minutes), and in rapid and blitz for
    the minutes (their time is their rate's own definition). The one rule that both each
    game's verdict (:func:`game_eligibility`) and a crosstable's rating figures
    (:class:`~xlfuncs.core.tournament.Crosstable`, ``time``) read.

    >>> from xlfuncs.core.editions import get_edition
    >>> e = get_edition("2025")
    >>> hour = EventTime(Fraction(60))
    >>> time_rules_out(e, 2000, 1700, hour), time_rules_out(e, 1700, 1600, hour)
    (True, False)
    >>> time_rules_out(e, 2450, 2000, None), time_rules_out(e, 2450, 2000, EventTime(None))
    (False, False)
    """
    if time is None:
        return False
    if time.different_times:
        return True
    bands = time_bands(edition)
    if bands is None or time.minutes is None:
        return False
    if _short_first_control(edition, time):
        return True
    return time.minutes < time_minimum(bands, rating, other).minutes


def _short_first_control(edition: Edition, time: EventTime) -> bool:
    """B.02 1.2: a first time control naming fewer than 30 moves (from the 2024 text)."""
    return (
        time.first_moves is not None
        and time.first_moves < FIRST_CONTROL_MOVES
        and first_control_rule(edition)
    )


EXCLUSION_ARTICLE: Final = "Rapid and Blitz 7.3.1"
"""The article of the 600-point rule (Rapid and Blitz Rating Regulations, 2024 text,
7.3.1, "Effective from 1 December 2024")."""


def excluded_by_difference(edition: Edition, rating: int | None, other: int | None) -> bool:
    """Whether *edition* leaves a game between *rating* and *other* (``None``: unrated)
    unrated for the difference of the two ratings (Rapid and Blitz 7.3.1, from 1 December
    2024: 600 points or more apart, one player rated above 2600;
    :func:`~xlfuncs.core.rating_change.excluded_game`). Not rated for either player: the
    text says the game "shall not be rated".

    >>> from xlfuncs.core.editions import get_edition
    >>> b = get_edition("2025 blitz")
    >>> excluded_by_difference(b, 2650, 2050), excluded_by_difference(b, 2050, 2650)
    (True, True)
    >>> excluded_by_difference(b, 2650, None), excluded_by_difference(b, 2600, 1900)
    (False, False)
    >>> excluded_by_difference(get_edition("2025"), 2650, 2050)
    False
    """
    return (
        edition.excluded_difference is not None
        and rating is not None
        and other is not None
        and excluded_game(rating, other, rules=edition)
    )


def rules_out(
    edition: Edition, rating: int | None, other: int | None, time: EventTime | None
) -> bool:
    """Whether a played game (a rated result) between *rating* and *other* (``None``:
    unrated) is not rated under *edition* at the event's *time* (``None``: not known), for
    a reason other than the result: the time (:func:`time_rules_out`) or the 600-point rule
    of rapid and blitz (:func:`excluded_by_difference`). The one rule that each game's
    verdict (:func:`game_eligibility`) and a crosstable's rating figures
    (:class:`~xlfuncs.core.tournament.Crosstable`: rated games, Ra, Rp, the change) read.

    >>> from xlfuncs.core.editions import get_edition
    >>> rules_out(get_edition("2025 blitz"), 2650, 2050, None)
    True
    >>> rules_out(get_edition("2025 blitz"), 2650, 2300, None)
    False
    """
    return excluded_by_difference(edition, rating, other) or time_rules_out(
        edition, rating, other, time
    )


@dataclass(frozen=True)
class GameEligibility:
    """Whether one game is rated, and why."""

    rated: bool | None
    """``None``: not known (the time control is not known)."""
    article: str
    """The rule that decides (``"B.02 1.1"``)."""
    reason: str
    assumption: str | None = None
    """What the verdict rests on (the time read from free text), if anything."""

    @property
    def shown(self) -> str:
        """``"rated"``, ``"not rated"`` or ``"not known"``."""
        return {True: "rated", False: "not rated", None: "not known"}[self.rated]


def game_eligibility(
    edition: Edition,
    rating: int | None,
    opponent_rating: int | None,
    outcome: Outcome,
    time: EventTime | None,
) -> GameEligibility:
    """Whether a game with *outcome* between *rating* and *opponent_rating* (``None``:
    unrated) is rated under *edition*, at the event's *time* (``None``: not known). A bye is
    no game (:class:`ValueError`).

    >>> from xlfuncs.core.editions import get_edition
    >>> g = game_eligibility(get_edition("2025"), 2000, 2050, Outcome.WIN, EventTime(Fraction(60)))
    >>> g.rated, g.reason
    (False, '60 minutes for 60 moves; a player rated 1800 or higher needs 90 (B.02 1.1)')
    """
    if outcome.is_bye:
        raise ValueError(f"a bye ({outcome.symbol}) is no game")
    if outcome.is_forfeit:
        return GameEligibility(False, "B.02 unplayed games", "forfeit: an unplayed game")
    if not outcome.rated:
        return GameEligibility(
            False,
            "B.02 unplayed games",
            "less than one move: a game is rated once both players have made a move",
        )
    if rating is None and opponent_rating is None:
        return GameEligibility(False, "B.02 unrated players", "neither player rated")
    if time is not None and time.different_times:  # time_rules_out's first clause
        return GameEligibility(
            False,
            "B.02 1.1",
            "different times for the two players: each player must have the minimum",
        )
    if excluded_by_difference(edition, rating, opponent_rating):
        apart = abs((rating or 0) - (opponent_rating or 0))  # both rated: excluded
        return GameEligibility(
            False,
            EXCLUSION_ARTICLE,
            f"{apart} points apart, one player rated above "
            f"{edition.excluded_above}: not rated for either player ({edition.rate.value}, "
            f"{EXCLUSION_ARTICLE}, from 1 December 2024)",
        )
    bands = time_bands(edition)
    if bands is None:
        return GameEligibility(
            True, f"{edition.rate.value} rules {edition.id}", f"{edition.rate.value} game"
        )
    need = time_minimum(bands, rating, opponent_rating)
    if time is None or time.minutes is None:
        why = f" ({time.source})" if time is not None and time.source else ""
        return GameEligibility(
            None,
            need.article,
            f"time control not known{why}: {need.band} needs {need.minutes} minutes for 60 moves",
        )
    have = _minutes(time.minutes)
    if _short_first_control(edition, time):
        return GameEligibility(
            False,
            "B.02 1.2",
            f"the first time control names {time.first_moves} moves; at least "
            f"{FIRST_CONTROL_MOVES} (B.02 1.2)",
            time.assumption,
        )
    if time_rules_out(edition, rating, opponent_rating, time):
        return GameEligibility(
            False,
            need.article,
            f"{have} for 60 moves; {need.band} needs {need.minutes} ({need.article})",
            time.assumption,
        )
    return GameEligibility(
        True,
        need.article,
        f"{have} for 60 moves; {need.band} needs {need.minutes}",
        time.assumption,
    )


@dataclass(frozen=True)
class RoundEligibility:
    """One game of a player in a crosstable, and its verdict."""

    round: int
    """From 1."""
    opponent: int
    """The opponent's number (from 1)."""
    outcome: Outcome
    eligibility: GameEligibility
