"""One player's whole rating period: the games of every event summed, each event a tournament.

A rating officer (and FIDE) rates a period, not an event. Every rule used here lives in its
own module and is only applied here:

- a rated player: :func:`~xlfuncs.core.rating_change.rating_change` over the period's events,
  each event one tournament rated with the player's rating of the list in force at its start
  (:attr:`EventGames.rating`), so K x n <= 700 counts every game of the period;
- an unrated player: :func:`~xlfuncs.core.first_rating.first_rating` over the games of the
  period's events pooled, less a first event with a zero score, which the edition
  disregards (8.2.1; the text and the two readings, :data:`ScorelessEvents`:
  ``docs/norms.md``, *Readings*).

What this module adds is the bookkeeping: which event each game came from, and each
event's share of the period's unrounded change, so that a report can show the change per
event beside the period's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from .editions import Edition, RulesSpec, get_edition
from .errors import InvalidInputError, NothingToComputeError, XlfuncsError
from .first_rating import FirstRating, first_rating
from .rating_change import RatingChange, Rounding, rating_change
from .tables import Number

__all__ = ["SCORELESS_EVENTS", "EventGames", "PlayerPeriod", "ScorelessEvents", "period_rating"]


ScorelessEvents = Literal["first", "leading"]
"""Which scoreless events an unrated player's first rating disregards (8.2.1): ``"first"``,
the first event only, as the text says ("their first event"); ``"leading"``, every
scoreless event in a row from the first (a disregarded event as if not played, the next
becoming the first)."""

SCORELESS_EVENTS: tuple[ScorelessEvents, ...] = ("first", "leading")


@dataclass(frozen=True)
class EventGames:
    """One player's games in one event of the period: the games with a rated result (played,
    one move or more) against an opponent, ``(opponent's rating or None when unrated,
    points 1, 1/2 or 0)``. Forfeits and byes are not games here."""

    games: tuple[tuple[int | None, Number], ...]
    round_robin: bool = False
    """Whether the event is a round robin (only the 2017 first rating tells them apart)."""
    rating: int | None = None
    """The player's rating this event is rated with: that of the list in force at its start
    (the ratings a tournament file carries); ``None``: the period's rating (the latest
    list's; so too for a player first rated after the event started, Rating Regulations
    8.2.4)."""

    @property
    def rated(self) -> list[tuple[int, Number]]:
        """The games against rated opponents: those that move a rating."""
        return [(r, w) for r, w in self.games if r is not None]


@dataclass(frozen=True)
class PlayerPeriod:
    """The calculation of one player's rating period."""

    rating: int | None
    """The rating at the start of the period; ``None``: unrated."""
    events: tuple[EventGames, ...]
    """The player's events in the period's order (the first rating's "first event" is the
    first of them)."""
    edition: Edition
    change: RatingChange | None
    """A rated player's period: every event one tournament; ``None`` for an unrated player."""
    first: FirstRating | None = None
    """An unrated player's first rating from the pooled games, ``None`` when none could be
    computed (see :attr:`first_error`) or the player is rated."""
    first_error: str | None = None
    """Why no first rating could be computed (no game against a rated opponent, every event
    a disregarded zero score)."""
    pooled: tuple[int, ...] = ()
    """The indices (in :attr:`events`) of the events whose games the first rating pools."""
    scoreless: ScorelessEvents = "first"
    """The reading of 8.2.1 the first rating was worked out with."""
    scoreless_differs: bool = False
    """Whether the other reading of 8.2.1 would pool other events (a scoreless event after
    a disregarded first one): where it bears, the output names the reading taken."""

    @property
    def games(self) -> int:
        """Rated games against rated opponents in the period (the n of K x n)."""
        return sum(self.event_games)

    @property
    def event_games(self) -> tuple[int, ...]:
        """Each event's games against rated opponents (for a rated player, those the period
        rates: not those the edition leaves unrated, see
        :func:`~xlfuncs.core.rating_change.excluded_game`)."""
        if self.change is None:
            return tuple(len(e.rated) for e in self.events)
        counts = Counter(g.tournament for g in self.change.games)
        return tuple(counts[i] for i in range(len(self.events)))

    @property
    def event_changes(self) -> tuple[Fraction, ...] | None:
        """Each event's share of the period's unrounded change: K x the event's sum of
        W - PD, with the period's K (after K x n <= 700), at the event's own rating. They
        add up to ``change.unrounded``. ``None`` for an unrated player."""
        if self.change is None:
            return None
        return self.change.tournament_changes


def period_rating(
    rating: Number | None,
    events: Sequence[EventGames],
    k: Number | None,
    *,
    rules: RulesSpec = None,
    rounding: Rounding = Rounding.PERIOD,
    scoreless: ScorelessEvents = "first",
) -> PlayerPeriod:
    """The period of a player rated *rating* on the latest list (``None``: unrated) with K
    *k* (before K x n <= 700; ignored for an unrated player) over *events*, in the period's
    order; *rounding*: once for the period (8.3.4) or per event.

    Rated: one :func:`~xlfuncs.core.rating_change.rating_change` over every event, each one
    tournament. Two events of 10 games at K 40 give n = 20, so K 35:

    >>> e = EventGames(tuple((2000, 1) for _ in range(10)))
    >>> p = period_rating(2000, [e, e], 40, rules="2025")
    >>> p.change.k, [float(c) for c in p.event_changes], p.change.change
    (35, [175.0, 175.0], 350)

    Each event at the rating of its own start list, the change added to the latest list
    (FIDE's published December 2025 calculation of one player, ``docs/period.md``: rounded
    once 2405; per event -6 + 4 + 8, the published 2406):

    >>> a = EventGames(((1995, 1), (2205, .5), (2325, 0), (1995, 1), (1995, 1)), rating=2395)
    >>> b = EventGames(((2000, 1), (2000, 1), (2121, 1), (2800, 0), (2084, 1)))
    >>> c = EventGames(((2000, 1), (2000, 1), (2230, 1), (2505, 1), (2155, .5)))
    >>> p = period_rating(2400, [a, b, c], 10, rules="2025")
    >>> [float(x) for x in p.event_changes], p.change.new_rating
    ([-6.1, 3.7, 7.8], 2405)
    >>> period_rating(2400, [a, b, c], 10, rules="2025", rounding=Rounding.EVENT).change.new_rating
    2406

    Unrated: the games of every event pooled for :func:`~xlfuncs.core.first_rating.first_rating`
    (a round robin's variant only when every pooled event is one), less the scoreless first
    events :func:`_pooled` leaves out. A first rating that cannot be computed is not an
    error: :attr:`PlayerPeriod.first_error` says why.

    >>> a = EventGames(((1900, 1), (1950, 1), (2000, 1)))
    >>> b = EventGames(((2050, 0), (2100, 0)))
    >>> period_rating(None, [a, b], None, rules="2022").first.rating
    2020
    >>> p = period_rating(None, [b, b, a], None, rules="2022")
    >>> p.pooled, p.scoreless_differs
    ((1, 2), True)
    >>> period_rating(None, [b, b, a], None, rules="2022", scoreless="leading").pooled
    (2,)
    """
    edition = get_edition(rules)
    events = tuple(events)
    if rating is not None:
        if k is None:
            raise NothingToComputeError("k: a rated player's K is needed for the period")
        change = rating_change(
            rating,
            [e.rated for e in events],
            k,
            rules=edition,
            tournament_ratings=[e.rating for e in events],
            rounding=rounding,
        )
        return PlayerPeriod(change.own_rating, events, edition, change)
    if scoreless not in SCORELESS_EVENTS:
        raise InvalidInputError(
            f"scoreless: expected one of {', '.join(SCORELESS_EVENTS)}, got {scoreless!r}"
        )
    pools = {how: _pooled(events, edition, how) for how in SCORELESS_EVENTS}
    pooled = pools[scoreless]
    first, error = _first_of_pool(events, pooled, edition)
    return PlayerPeriod(
        None,
        events,
        edition,
        None,
        first=first,
        first_error=error,
        pooled=tuple(pooled),
        scoreless=scoreless,
        scoreless_differs=pools["first"] != pools["leading"],
    )


def _first_of_pool(
    events: Sequence[EventGames], pooled: Sequence[int], edition: Edition
) -> tuple[FirstRating | None, str | None]:
    """The first rating of the games of the events *pooled* (a round robin's variant when
    every one is a round robin), or why there is none."""
    dropped = len(pooled) < len(events)
    if dropped and not any(events[i].rated for i in pooled):
        return None, f"a zero score in a first event is disregarded (rules {edition.id})"
    games = [g for i in pooled for g in events[i].games]
    round_robin = bool(pooled) and all(events[i].round_robin for i in pooled)
    # Once the first event is disregarded, the events pooled hold no first event: a zero
    # score among them counts ("Otherwise, their rating is calculated using all their
    # results"), so first_rating's own disregarding of a zero score is turned off.
    pool_rules = replace(edition, zero_score_disregarded=False) if dropped else edition
    try:
        first = first_rating(games, system="rr" if round_robin else "swiss", rules=pool_rules)
    except XlfuncsError as exc:
        return None, str(exc)
    return (replace(first, edition=edition) if dropped else first), None


def _pooled(
    events: Sequence[EventGames], edition: Edition, scoreless: ScorelessEvents
) -> list[int]:
    """The indices of *events* an unrated player's first rating pools: all, less the first
    event with a game against a rated opponent where the player scored nothing against
    rated opponents there and the edition disregards it (8.2.1); ``"leading"``: the next
    such event is then the first, and so on."""
    pooled = list(range(len(events)))
    while edition.zero_score_disregarded:
        first_event = next((i for i in pooled if events[i].rated), None)
        if first_event is None or any(w != 0 for _, w in events[first_event].rated):
            break
        pooled.remove(first_event)
        if scoreless == "first":
            break
    return pooled
