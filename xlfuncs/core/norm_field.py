"""A crosstable's players as the title-norm check sees them: each player's rounds as
:class:`~xlfuncs.core.norm_games.NormGame`, the event as a
:class:`~xlfuncs.core.norm_event.NormEvent` (with the 1.4.3d figures of a Swiss), and the
checks of every title worth reaching (FIDE Title Regulations B.01, 2024 text), each
player's worked out once (:class:`CrosstableNorms`). The crosstable itself
(:mod:`xlfuncs.core.tournament`) holds figures only and knows nothing of norms.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction
from functools import cached_property

from .eligibility import TimeControl, game_eligibility, time_bands
from .norm_check import NormCheck, best_norm, near_norm, norm_checks, norm_made, titles_worth
from .norm_event import BigSwiss, EventType, FieldPlayer, NormEvent, big_swiss
from .norm_games import GameKind, NormGame, figures_out_of_reach
from .norm_readings import DEFAULT_READINGS, NormReadings
from .norms import NORM_TITLES
from .results import Outcome
from .title_editions import TitleEdition, title_edition
from .titles import trf_title
from .tournament import Crosstable

__all__ = ["CrosstableNorms", "crosstable_norm_event", "fide_title", "field", "norm_games"]

FEWEST_NORM_GAMES = min(kind.min_games for kind in EventType)
"""The fewest games that make a norm in any event (7, at a team championship: B.01 1.4.1b)."""


def _kind(outcome: Outcome | None, has_opponent: bool) -> GameKind:
    if outcome is None:
        return GameKind.NOT_PLAYED
    if outcome is Outcome.FORFEIT_WIN:
        return GameKind.FORFEIT_WIN
    if outcome is Outcome.PAIRING_BYE:
        return GameKind.PAIRING_BYE
    if outcome.rated and has_opponent:
        return GameKind.PLAYED
    return GameKind.NOT_PLAYED


def zero_scorers(ct: Crosstable) -> frozenset[int]:
    """1.4.2b: in a round robin, the unrated players who scored nothing against rated
    opponents (their games are not counted for anyone's norm)."""
    if not ct.round_robin:
        return frozenset()
    return frozenset(
        n
        for n, e in enumerate(ct.entrants, start=1)
        if e.rating is None and sum(w for _, w in ct.rated_games(n)) == 0
    )


def norm_games(
    ct: Crosstable,
    number: int,
    zero: frozenset[int] | None = None,
    time: TimeControl | None = None,
    forfeit_as_loss: int | None = None,
) -> tuple[NormGame, ...]:
    """Player *number*'s rounds (from 1) as the norm check reads them; *zero*: the players
    whose games never count (1.4.2b), worked out once per crosstable when given; *time*: the
    event's time control, when known: a game below the minimum of its players' ratings (B.02
    1.1) is not rated and never counts (:mod:`xlfuncs.core.eligibility`); *forfeit_as_loss*:
    the event's last round, when a forfeit won there counts as a game lost to the opponent
    who did not play (the 1.4.2c reading ``loss``, :mod:`xlfuncs.core.norm_readings`)."""
    if zero is None:
        zero = zero_scorers(ct)
    own = ct.entrants[number - 1].rating
    out: list[NormGame] = []
    for r, p in enumerate(ct.entrants[number - 1].pairings, start=1):
        kind = _kind(p.outcome, p.opponent is not None)
        points = Fraction(0) if p.outcome is None else p.outcome.points
        if p.opponent is None:
            out.append(NormGame(r, points, kind))
            continue
        o = ct.entrants[p.opponent - 1]
        note = ""
        if kind is GameKind.FORFEIT_WIN and r == forfeit_as_loss:
            kind, points, note = GameKind.PLAYED, Fraction(0), "1.4.2c: forfeit counted as lost"
        excluded = None
        if kind is GameKind.PLAYED and p.opponent in zero:
            excluded = (
                "unrated opponent who scored nothing against rated opponents in a round "
                "robin (1.4.2b)"
            )
        elif kind is GameKind.PLAYED and time is not None and p.outcome is not None and not note:
            verdict = game_eligibility(ct.edition, own, o.rating, p.outcome, time)
            if verdict.rated is False:
                excluded = f"not rated: {verdict.reason}"
        out.append(
            NormGame(
                r,
                points,
                kind,
                rating=o.rating,
                title=o.fide_title or (o.title or ""),
                federation=o.federation,
                opponent=p.opponent,
                excluded=excluded,
                note=note,
            )
        )
    return tuple(out)


def field(ct: Crosstable) -> list[FieldPlayer]:
    """Every player as 1.4.3d counts them."""
    out: list[FieldPlayer] = []
    for e in ct.entrants:
        present = tuple(
            p.outcome is not Outcome.ZERO_BYE
            and (
                (p.opponent is not None and (p.outcome is None or p.outcome.rated))
                or p.outcome in (Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE)
            )
            for p in e.pairings
        )
        missed = sum(1 for p, here in zip(e.pairings, present) if not here)
        out.append(
            FieldPlayer(
                rated=e.rating is not None,
                title=e.fide_title or (e.title or ""),
                federation=e.federation,
                missed=missed,
                present=present,
            )
        )
    return out


def crosstable_norm_event(
    ct: Crosstable,
    *,
    event_type: EventType | None = None,
    host_federation: str = "",
    rate: str | None = None,
    registered: bool | None = None,
    chief_arbiter_title: str | None = None,
    rounds: int | None = None,
    time: TimeControl | None = None,
    readings: NormReadings = DEFAULT_READINGS,
) -> NormEvent:
    """The norm event of *ct*. Without *event_type*: a round robin when every two players
    met, else a Swiss (said in :attr:`~xlfuncs.core.norm_event.NormEvent.assumptions`). A
    Swiss (only: not a team event or the World Cup) with *host_federation* gets its 1.4.3d
    figures. With *time* (known or not), the time minimum of the crosstable's edition is
    checked. *readings*: the reading taken on each open point, named in the assumptions
    where it bears on the event."""
    assumptions: list[str] = []
    if event_type is None:
        event_type = EventType.ROUND_ROBIN if ct.round_robin else EventType.SWISS
        assumptions.append(
            "event type: "
            + ("round robin (every two players met)" if ct.round_robin else "Swiss")
            + ", from the crosstable; not a team event, World Cup, national final or zonal "
            "(--event-type to say otherwise)"
        )
    n_rounds = (
        rounds if rounds is not None else max((len(e.pairings) for e in ct.entrants), default=0)
    )
    if event_type in (EventType.SWISS, EventType.ROUND_ROBIN):
        fixed = event_type is EventType.ROUND_ROBIN  # as the arbiter says
    else:
        fixed = ct.round_robin
    swiss_figures: BigSwiss | None = None
    swiss = event_type is EventType.SWISS and not fixed
    if swiss and host_federation.strip():
        per_round = readings.big_swiss_count == "round"
        swiss_figures = big_swiss(field(ct), n_rounds, host_federation, per_round=per_round)
        assumptions.append(readings.big_swiss_text())
    elif swiss:
        assumptions.append(
            "host federation not known (TRF 032 or --host-federation): the 1.4.3d "
            "exemption of a big Swiss not considered"
        )
    if fixed:
        assumptions.append(readings.round_robin_mix_text())
    forfeits = [
        f"no. {n}"
        for n, e in enumerate(ct.entrants, start=1)
        if len(e.pairings) >= n_rounds > 0
        and e.pairings[n_rounds - 1].outcome is Outcome.FORFEIT_WIN
        and e.pairings[n_rounds - 1].opponent is not None
    ]
    if forfeits:
        shown = ", ".join(forfeits[:5]) + (
            f" and {len(forfeits) - 5} more" if len(forfeits) > 5 else ""
        )
        assumptions.append(readings.last_round_forfeit_text(shown))
    if rate is None and not ct.edition.title_norms:
        rate = ct.edition.rate.value  # the rules of rapid or blitz play: no title norm
    if rate is None:
        assumptions.append(
            "rate of play not known (TRF 122 or --rate): norms shown as if standard play"
        )
    return NormEvent(
        rounds=n_rounds,
        event_type=event_type,
        fixed_pairings=fixed,
        host_federation=host_federation.strip().upper(),
        rate=rate,
        registered=registered,
        chief_arbiter_title=chief_arbiter_title,
        big_swiss=swiss_figures,
        assumptions=tuple(assumptions),
        time=time,
        time_bands=None if time is None else time_bands(ct.edition),
        readings=readings,
    )


def _forfeit_round(event: NormEvent) -> int | None:
    """The round whose forfeit win counts as a game lost (1.4.2c, reading ``loss``)."""
    return event.rounds if event.readings.last_round_forfeit == "loss" else None


def fide_title(title: str | None) -> str:
    """A title as the norm rules read it, new or old TRF style (``g`` GM, ``m`` IM, ``f`` FM,
    ``wg`` WGM ...: :func:`~xlfuncs.core.titles.trf_title`), anything else upper-cased;
    ``""`` for none.

    >>> fide_title("WFM"), fide_title("wg"), fide_title(None)
    ('WFM', 'WGM', '')
    """
    found = trf_title(title)
    return (title or "").strip().upper() if found is None else found


@dataclass(frozen=True)
class CrosstableNorms:
    """The norm checks of every player of a crosstable, each worked out once when asked.

    *rules*: the Title Regulations (``None``: those in force on the first day of the
    crosstable's edition; the two regulations change on their own dates). *event*: the event
    as the norm check sees it (``None``: what the crosstable says,
    :func:`crosstable_norm_event`)."""

    crosstable: Crosstable
    rules: TitleEdition | None = None
    event: NormEvent | None = None
    _checks: dict[int, tuple[NormCheck, ...]] = dataclass_field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _status: dict[int, tuple[tuple[str, bool, bool], ...]] = dataclass_field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def title_rules(self) -> TitleEdition:
        """The Title Regulations the checks follow."""
        return title_edition(self.crosstable.edition if self.rules is None else self.rules)

    @cached_property
    def _setting(self) -> tuple[NormEvent, frozenset[int]]:
        """The norm event and the players whose games never count (1.4.2b)."""
        ct = self.crosstable
        event = self.event if self.event is not None else crosstable_norm_event(ct)
        return event, zero_scorers(ct)

    @property
    def norm_event(self) -> NormEvent:
        """The event the checks read."""
        return self._setting[0]

    def checks(self, number: int) -> tuple[NormCheck, ...]:
        """The whole norm check (:mod:`xlfuncs.core.norm_check`) of player *number* for every
        title worth reaching, strongest first."""
        if number not in self._checks:
            event, zero = self._setting
            e = self.crosstable.entrants[number - 1]
            self._checks[number] = norm_checks(
                norm_games(self.crosstable, number, zero, event.time, _forfeit_round(event)),
                event,
                federation=e.federation,
                held_title=e.title,
                female=e.female,
                rules=self.title_rules,
                rating=e.rating,
            )
        return self._checks[number]

    def status(self, number: int) -> tuple[tuple[str, bool, bool], ...]:
        """For every title worth reaching, strongest first: the title, whether the norm is
        made (:meth:`checks`' ``met``) and whether its rating figures are, worked out
        quickly (no requirements built); empty with fewer games than any norm needs."""
        if len(self.crosstable.games(number)) < FEWEST_NORM_GAMES:
            return ()
        if number not in self._status:
            self._status[number] = self._made(number)
        return self._status[number]

    def _made(self, number: int) -> tuple[tuple[str, bool, bool], ...]:
        """:meth:`status` worked out: a quick bound on the games as the crosstable has them
        (a superset of those a norm counts; most players of a big open are out of reach of
        every norm), then :func:`~xlfuncs.core.norm_check.norm_made` for each title."""
        ct, rules = self.crosstable, self.title_rules
        event, zero = self._setting
        e = ct.entrants[number - 1]
        worth = titles_worth(e.title, e.female)
        unrated = rules.unrated_opponent
        played = list(ct.games(number))
        last = _forfeit_round(event)
        if last is not None and len(e.pairings) >= last:  # 1.4.2c: a forfeit counted as lost
            p = e.pairings[last - 1]
            if p.outcome is Outcome.FORFEIT_WIN and p.opponent is not None:
                played.append((ct.entrants[p.opponent - 1].rating, Fraction(0)))
        values = [unrated if r is None else r for r, _ in played]
        halves = ct.game_halves(number)  # the forfeit counted as lost adds none
        fewest = min(event.event_type.min_games, 8)  # 8 games and a bye can count as 9 (1.4.1c)
        if len(values) < fewest:
            return tuple((t, False, False) for t in worth)
        top = sorted(values, reverse=True)[:fewest]
        if all(figures_out_of_reach(top, halves, NORM_TITLES[t], fewest) for t in worth):
            return tuple((t, False, False) for t in worth)
        games = norm_games(ct, number, zero, event.time, last)
        federation = e.federation.strip()
        return tuple(
            (t, *norm_made(games, NORM_TITLES[t], event, federation, rules, e.rating))
            for t in worth
        )

    def best(self, number: int) -> str | None:
        """The strongest title norm the player made by the whole check, among those above
        the title the player holds (:meth:`status` first spares the check where the rating
        figures fall short)."""
        return next((title for title, made, _ in self.status(number) if made), None)

    def shown(self, number: int) -> NormCheck | None:
        """The check of the norm made, else of a title whose rating figures were made but
        another requirement was not; ``None`` otherwise (none worth a look)."""
        if not any(figures for _, _, figures in self.status(number)):
            return None
        checks = self.checks(number)
        return best_norm(checks) or near_norm(checks)
