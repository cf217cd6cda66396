"""Whether each game of an event is rated, and the rule that decides it (FIDE Rating
Regulations B.02, and the Rapid and Blitz Rating Regulations; the texts are quoted in
``docs/norms.md``, *Game eligibility*, and ``docs/rated.md``, *Games not rated*).

Not rated: a game below the minimum time for 60 moves of B.02 1.1 (:class:`TimeBands`:
2400/1800 from 1 January 2022, 2200/1600 before), or whose first control names fewer than
30 moves (B.02 1.2, from the 2024 text); a game in which the two players had different
times; a game of less than one move and a forfeit; in rapid and blitz from 1 December 2024,
a game 600 points or more apart with one player above 2600 (Rapid and Blitz 7.3.1), for
either player; in a two-player event read as a :class:`Match` (B.02 6, applied from the
2024 text), a game with one player unrated (6.1) or played after one player had won (6.2,
assuming a fixed number of games and no waiver: the verdicts name it).

:func:`rules_out` is the one rule that both each game's verdict (:func:`game_eligibility`)
and a crosstable's rating figures read. Where the time is not known the verdict is "not
known" (``rated`` ``None``), never "rated"; where it rests on reading free text, the verdict
says so (:attr:`GameEligibility.assumption`).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
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
    "TimeControl",
    "GameEligibility",
    "RoundEligibility",
    "TimeBands",
    "TimeMinimum",
    "EXCLUSION_ARTICLE",
    "MATCH_RULES_FROM",
    "Match",
    "match_articles",
    "match_of",
    "match_rule",
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

    @property
    def longest(self) -> int:
        """The longest of the three minimum times: a time of at least this is enough in
        every game."""
        return max(self.top_minutes, self.middle_minutes, self.bottom_minutes)


BANDS_2017: Final = TimeBands("2017", top=2200, middle=1600)
"""B.02 1.1, 1 July 2017 - 31 December 2021."""
BANDS_2022: Final = TimeBands("2022", top=2400, middle=1800)
"""B.02 1.1 from 1 January 2022 (the 2022, 2024 and 2025 texts)."""

_BANDS_2022_FROM: Final = _dt.date(2022, 1, 1)

FIRST_CONTROL_MOVES: Final = 30
"""B.02 1.2 (the 2024 text, and as amended 1 October 2025): "Where a certain number of moves
is specified in the first time control, it shall be at least 30 moves." """
_FIRST_CONTROL_FROM: Final = _dt.date(2024, 3, 1)
"""The first edition whose 1.2 was read word for word (``docs/norms.md``): not applied
before."""


def first_control_rule(edition: Edition) -> bool:
    """Whether *edition* applies B.02 1.2 (:data:`FIRST_CONTROL_MOVES`)."""
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
    high = max((r for r in (rating, other) if r is not None), default=0)
    for least, minutes in ((bands.top, bands.top_minutes), (bands.middle, bands.middle_minutes)):
        if high >= least:
            return TimeMinimum(minutes, "B.02 1.1", f"a player rated {least} or higher")
    return TimeMinimum(
        bands.bottom_minutes, "B.02 1.1", f"both players below {bands.middle} or unrated"
    )


@dataclass(frozen=True)
class TimeControl:
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
    edition: Edition, rating: int | None, other: int | None, time: TimeControl | None
) -> bool:
    """Whether the event's *time* makes a played game between *rating* and *other*
    (``None``: unrated) not rated under *edition*: different times for the two players, a
    short first control (B.02 1.2), or less than the minimum of B.02 1.1 for the higher
    rating in the game. ``False`` where the time is not known, and in rapid and blitz for
    the minutes (their time is their rate's own definition).

    >>> from xlfuncs.core.editions import get_edition
    >>> e = get_edition("2025")
    >>> hour = TimeControl(Fraction(60))
    >>> time_rules_out(e, 2000, 1700, hour), time_rules_out(e, 1700, 1600, hour)
    (True, False)
    >>> time_rules_out(e, 2450, 2000, None), time_rules_out(e, 2450, 2000, TimeControl(None))
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
    if time.minutes >= bands.longest:  # at least every band's minimum: no game ruled out
        return False
    return time.minutes < time_minimum(bands, rating, other).minutes


def _short_first_control(edition: Edition, time: TimeControl) -> bool:
    """B.02 1.2: a first time control naming fewer than 30 moves (from the 2024 text)."""
    return (
        time.first_moves is not None
        and time.first_moves < FIRST_CONTROL_MOVES
        and first_control_rule(edition)
    )


EXCLUSION_ARTICLE: Final = "Rapid and Blitz 7.3.1"
"""The article of the 600-point rule (from 1 December 2024)."""


def excluded_by_difference(edition: Edition, rating: int | None, other: int | None) -> bool:
    """Whether *edition* leaves a game between *rating* and *other* (``None``: unrated)
    unrated for either player by the 600-point rule
    (:func:`~xlfuncs.core.rating_change.excluded_game`).

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


MATCH_RULES_FROM: Final = _dt.date(2024, 3, 1)
"""The first edition whose matches section (B.02 6) was read word for word
(``docs/rated.md``): not applied before."""


def match_rule(edition: Edition) -> bool:
    """Whether *edition* applies the matches section (B.02 6; Rapid and Blitz 5): from the
    2024 texts (:data:`MATCH_RULES_FROM`).

    >>> from xlfuncs.core.editions import get_edition
    >>> match_rule(get_edition("2025")), match_rule(get_edition("2025 blitz"))
    (True, True)
    >>> match_rule(get_edition("2022"))
    False
    """
    return edition.in_force_from >= MATCH_RULES_FROM


def match_articles(edition: Edition) -> tuple[str, str]:
    """The articles of the two match rules in *edition*'s chapter (the rapid and blitz
    chapter has one section fewer before them).

    >>> from xlfuncs.core.editions import get_edition
    >>> match_articles(get_edition("2025 rapid"))
    ('Rapid and Blitz 5.1', 'Rapid and Blitz 5.2')
    """
    if edition.rate is RateOfPlay.STANDARD:
        return "B.02 6.1", "B.02 6.2"
    return "Rapid and Blitz 5.1", "Rapid and Blitz 5.2"


@dataclass(frozen=True)
class Match:
    """A two-player event read as a match (B.02 6)."""

    games: int
    """The number of games the match is taken to be over."""
    source: str
    """Where :attr:`games` comes from (``"142 '6'"``, ``"XXR '6'"``, ``"the file's 6
    rounds"``)."""
    decided_after: int | None = None
    """The round (from 1) after which one player had won: more than half the points of
    :attr:`games`; ``None``: no one had (yet)."""
    winner: int | None = None
    """Who had won then (1 or 2)."""
    score: str = ""
    """The score then (``"3.5-0.5"``, the winner's first)."""

    @property
    def assumption(self) -> str:
        """What a verdict of B.02 6.2 rests on."""
        return (
            f"a match over a fixed number of games, {self.games} ({self.source}), and no "
            "waiver requested before it (6.2: 'This requirement may be waived by prior "
            "request')"
        )


def match_of(
    halves: tuple[Sequence[int | None], Sequence[int | None]], games: int, source: str
) -> Match:
    """The match of two players whose points in each round (in half points; ``None``: no
    result) are *halves*, taken to be over *games* games: the round after which one had
    more than half of the *games* points, "won" (B.02 6.2).

    >>> m = match_of(([2, 2, 2, 0], [0, 0, 0, 2]), 4, "XXR '4'")  # 3-0 after round 3 of 4
    >>> m.decided_after, m.winner, m.score
    (3, 1, '3-0')
    >>> match_of(([2, 1, 0, 1], [0, 1, 2, 1]), 4, "XXR '4'").decided_after is None
    True
    """
    totals = [0, 0]
    rounds = max(len(halves[0]), len(halves[1]))
    for r in range(rounds):
        for side in (0, 1):
            got = halves[side][r] if r < len(halves[side]) else None
            totals[side] += got or 0
        for side in (0, 1):
            if totals[side] > games:  # more than games / 2 points
                other = totals[1 - side]
                return Match(games, source, r + 1, side + 1, f"{_pts(totals[side])}-{_pts(other)}")
    return Match(games, source)


def _pts(halves: int) -> str:
    return f"{halves // 2}" if halves % 2 == 0 else f"{halves / 2:g}"


def _match_out(
    edition: Edition,
    rating: int | None,
    other: int | None,
    match: Match | None,
    round_no: int | None,
) -> int:
    """0: the match rules leave the game rated; 1: B.02 6.1 (one player unrated); 2: B.02
    6.2 (played after one player had won)."""
    if match is None or not match_rule(edition):
        return 0
    if (rating is None) != (other is None):
        return 1
    if match.decided_after is not None and round_no is not None and round_no > match.decided_after:
        return 2
    return 0


def rules_out(
    edition: Edition,
    rating: int | None,
    other: int | None,
    time: TimeControl | None,
    match: Match | None = None,
    round_no: int | None = None,
) -> bool:
    """Whether a played game (a rated result) between *rating* and *other* (``None``:
    unrated) is not rated under *edition* at the event's *time* (``None``: not known), for
    a reason other than the result: the time (:func:`time_rules_out`), the 600-point rule
    (:func:`excluded_by_difference`), or, in round *round_no* (from 1) of a *match*, the
    match rules (B.02 6.1, 6.2).

    >>> from xlfuncs.core.editions import get_edition
    >>> rules_out(get_edition("2025 blitz"), 2650, 2050, None)
    True
    >>> rules_out(get_edition("2025 blitz"), 2650, 2300, None)
    False
    """
    return (
        _match_out(edition, rating, other, match, round_no) != 0
        or excluded_by_difference(edition, rating, other)
        or time_rules_out(edition, rating, other, time)
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
    time: TimeControl | None,
    match: Match | None = None,
    round_no: int | None = None,
) -> GameEligibility:
    """Whether a game with *outcome* between *rating* and *opponent_rating* (``None``:
    unrated) is rated under *edition*, at the event's *time* (``None``: not known), in round
    *round_no* (from 1) of a *match* (``None``: not a match). A bye is no game
    (:class:`ValueError`).

    >>> from xlfuncs.core.editions import get_edition
    >>> hour = TimeControl(Fraction(60))
    >>> g = game_eligibility(get_edition("2025"), 2000, 2050, Outcome.WIN, hour)
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
    in_match = _match_out(edition, rating, opponent_rating, match, round_no)
    if in_match and match is not None:
        one, two = match_articles(edition)
        if in_match == 1:
            return GameEligibility(
                False,
                one,
                f"a match with one player unrated: not rated ({one})",
                "a two-player event read as a match",
            )
        return GameEligibility(
            False,
            two,
            f"played after the match was won (no. {match.winner}, {match.score} after round "
            f"{match.decided_after} of {match.games}): not rated ({two})",
            match.assumption,
        )
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
