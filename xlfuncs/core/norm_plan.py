"""Planning a norm event before it starts (FIDE Title Regulations B.01, the edition of the
event's date): for a field of players and a number of rounds, whether each player can still
make each norm worth reaching, the fewest points it needs, and what blocks it; and what one
more player of a given kind would change (``docs/plan.md``, *One rules engine*).

Every answer comes from the norm check itself (:func:`~xlfuncs.core.norm_check.check_norm`:
1.4.1; 1.4.3-1.4.5, with the exemptions of 1.4.3a-d; 1.4.6-1.4.8) over the opponents the planner
chooses: every other player in a round robin; in a Swiss, the set of as many opponents as there
are rounds that meets the mix with the highest Ra (:func:`_strongest_set`), each requirement
also checked alone against the whole field so that what blocks a norm is named even when no set
meets it. The points needed are :func:`~xlfuncs.core.norms.norm_points` over those opponents.
What a field cannot tell (the results, 1.4.2b, byes and forfeits) is left out: a plan assumes
every game is played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import accumulate, product
from string import ascii_uppercase
from typing import Final, Literal

from .errors import XlfuncsError
from .norm_check import NormCheck, Requirement, check_norm, titles_worth
from .norm_event import BigSwiss, EventType, FieldPlayer, NormEvent, big_swiss
from .norm_games import NormGame
from .norm_readings import DEFAULT_READINGS, NormReadings
from .norms import (
    MIN_OTHER_FEDERATIONS,
    NORM_TITLES,
    MixLimits,
    NormTitle,
    federation_code,
    is_titled,
    norm_points,
    norm_ra,
    norm_title,
    raised_total,
    title_or_higher,
)
from .title_editions import TitleEdition

__all__ = [
    "BLOCKS",
    "DEFAULT_ADDITIONS",
    "Addition",
    "AdditionEffect",
    "Blocker",
    "NormChance",
    "NormPlan",
    "PlanPlayer",
    "PlanSetting",
    "PlayerPlan",
    "addition_effects",
    "plan_event",
    "plan_norms",
    "round_robin_rounds",
]

System = Literal["swiss", "rr"]

BLOCKS: Final = {
    "games": "too few rounds",
    "other_federations": "the federation mix",
    "own_federation": "the federation mix",
    "one_federation": "the federation mix",
    "titled": "too few title holders",
    "title_or_higher": "too few title holders",
    "ra": "the average rating",
    "score": "the average rating",
    "rp": "the average rating",
    "field": "too few players",
    "unknown": "the player's federation not known",
}
"""What each requirement's failure is called in a plan (the kind of block)."""


@dataclass(frozen=True)
class PlanPlayer:
    """One player of the field: rating (``None``: unrated), the FIDE title held (``""``:
    none), federation (FIDE's code; blank or ``FID``: none) and whether a woman (the
    women's norms)."""

    name: str
    rating: int | None = None
    title: str = ""
    federation: str = ""
    female: bool = False
    start_no: int = 0
    """The number the field's file gives the player (0: none; the plan numbers players by
    their place in the field, from 1)."""


@dataclass(frozen=True)
class PlanSetting:
    """The event as planned: its system, rounds and what the norm check needs of it."""

    system: System = "swiss"
    rounds: int | None = None
    """A Swiss's rounds (required for a Swiss); a round robin's follow from the field (its
    rounds given: two cycles when they are twice one cycle's)."""
    event_type: EventType | None = None
    """``None``: a Swiss or a round robin as :attr:`system` says."""
    host_federation: str = ""
    rate: str | None = None
    readings: NormReadings = DEFAULT_READINGS

    def cycles(self, players: int) -> int:
        """How many times each two players meet in a round robin of *players*: 2 when the
        rounds given are twice one cycle's, else 1."""
        one = round_robin_rounds(players)
        return 2 if self.rounds is not None and one > 0 and self.rounds == 2 * one else 1


def round_robin_rounds(players: int, cycles: int = 1) -> int:
    """The rounds of a round robin of *players* meeting *cycles* times (an odd field: one
    round more a cycle, a bye each).

    >>> round_robin_rounds(10), round_robin_rounds(11), round_robin_rounds(6, 2)
    (9, 11, 10)
    """
    return (players - 1 if players % 2 == 0 else players) * cycles


@dataclass(frozen=True)
class Blocker:
    """One requirement that keeps a norm out of reach: its key (a
    :class:`~xlfuncs.core.norm_check.Requirement`'s, or ``field``), the article, the kind
    of block (:data:`BLOCKS`) and the reason in words."""

    key: str
    article: str
    kind: str
    text: str


@dataclass(frozen=True)
class NormChance:
    """One player's chance of one norm in the planned event."""

    title: NormTitle
    games: int
    possible: bool
    points: Fraction | None
    """The fewest points that make the norm against :attr:`opponents` (``None``: none)."""
    ra: int | None
    """Ra of :attr:`opponents` (the floor applied)."""
    opponents: tuple[int, ...]
    """The opponents judged (numbers from 1): every other player in a round robin; in a
    Swiss the strongest set found."""
    blockers: tuple[Blocker, ...]
    """What blocks the norm (empty when possible)."""
    exemption: str | None = None
    """The article exempting the player from the federation requirements, if any."""
    check: NormCheck | None = None
    """The norm check of :attr:`opponents` at :attr:`points` (all won when none)."""

    @property
    def blocked_by(self) -> tuple[str, ...]:
        """The kinds of block, each once, in the order found."""
        return tuple(dict.fromkeys(b.kind for b in self.blockers))


@dataclass(frozen=True)
class PlayerPlan:
    """One player's chances, one per norm worth reaching (strongest first)."""

    number: int
    player: PlanPlayer
    chances: tuple[NormChance, ...]

    def chance(self, title: str) -> NormChance | None:
        """The chance of *title*, or ``None`` when the norm is not one worth reaching."""
        return next((c for c in self.chances if c.title.title == title), None)


@dataclass(frozen=True)
class NormPlan:
    """Every player's chances in the planned event."""

    setting: PlanSetting
    event: NormEvent
    rules: TitleEdition
    players: tuple[PlayerPlan, ...]

    @property
    def games(self) -> int:
        """The games each player plays (every game assumed played)."""
        return _games(self.setting, len(self.players))

    @property
    def big_swiss(self) -> BigSwiss | None:
        """The 1.4.3d figures of the field (``None``: not a Swiss, or no host federation)."""
        return self.event.big_swiss

    def possible(self) -> frozenset[tuple[int, str]]:
        """Every (player number, title) whose norm is possible."""
        return frozenset(
            (p.number, c.title.title) for p in self.players for c in p.chances if c.possible
        )


def _games(setting: PlanSetting, players: int) -> int:
    if setting.system == "rr":
        return (players - 1) * setting.cycles(players)
    return setting.rounds or 0


def plan_event(field: Sequence[PlanPlayer], setting: PlanSetting) -> NormEvent:
    """The norm event of the plan: a round robin's fixed pairings, or a Swiss with the
    1.4.3d figures of *field* (every player present in every round) when the host
    federation is known."""
    fixed = setting.system == "rr"
    if fixed:
        rounds = round_robin_rounds(len(field), setting.cycles(len(field)))
    else:
        rounds = setting.rounds or 0
    kind = setting.event_type or (EventType.ROUND_ROBIN if fixed else EventType.SWISS)
    figures = None
    if kind is EventType.SWISS and not fixed and setting.host_federation.strip():
        # every player present in every round: each round has the figures of the first
        played = min(rounds, 1)
        present = (True,) * played
        players = [
            FieldPlayer(p.rating is not None, p.title, p.federation, 0, present) for p in field
        ]
        per_round = setting.readings.big_swiss_count == "round"
        figures = big_swiss(players, played, setting.host_federation, per_round=per_round)
    return NormEvent(
        rounds=rounds,
        event_type=kind,
        fixed_pairings=fixed,
        host_federation=setting.host_federation.strip().upper(),
        rate=setting.rate,
        big_swiss=figures,
        readings=setting.readings,
    )


# ------------------------------------------------------------------ results to judge


def _results(values: Sequence[int], points: Fraction) -> list[Fraction]:
    """A result for each opponent that sums to *points*, with as few wins as can be (the
    norm check reads only the total over a complete set; fewer wins leave it fewer games
    to try dropping, 1.4.1f): draws, then wins against the strongest, or losses against the
    weakest."""
    n = len(values)
    halves = int(2 * points)
    order = sorted(range(n), key=lambda i: -values[i])
    out = [Fraction(1, 2)] * n
    if halves >= n:
        for i in order[: halves - n]:
            out[i] = Fraction(1)
    else:
        for i in order[halves:]:
            out[i] = Fraction(0)
    return out


def _games_against(
    field: Sequence[PlanPlayer], opponents: Sequence[int], points: Fraction, unrated: int
) -> list[NormGame]:
    results = _results([_value(field[j - 1], unrated) for j in opponents], points)
    return [
        NormGame(
            r,
            w,
            rating=field[j - 1].rating,
            title=field[j - 1].title,
            federation=field[j - 1].federation,
            opponent=j,
            name=field[j - 1].name,
        )
        for r, (j, w) in enumerate(zip(opponents, results), start=1)
    ]


def _blocker(key: str, article: str, text: str) -> Blocker:
    """The :class:`Blocker` of requirement *key*, its kind from :data:`BLOCKS`."""
    return Blocker(key, article, BLOCKS[key], text)


def _blockers(check: NormCheck) -> list[Blocker]:
    out: list[Blocker] = []
    for r in check.requirements:
        if r.met is False:
            out.append(Blocker(r.key, r.article, BLOCKS.get(r.key, "the event"), _said(r)))
        elif r.met is None and r.decisive:
            out.append(Blocker(r.key, r.article, BLOCKS["unknown"], _said(r)))
    return out


def _said(r: Requirement) -> str:
    if r.met is None:
        return f"{r.label}: not known (needs {r.needs})"
    bound = "at most" if r.at_most else "at least"
    return f"{r.label}: {r.figure} (needs {bound} {r.threshold})"


def _judge(
    field: Sequence[PlanPlayer],
    number: int,
    opponents: Sequence[int],
    t: NormTitle,
    event: NormEvent,
    rules: TitleEdition,
) -> NormChance:
    """The norm check of player *number* against *opponents*, at the fewest points that
    make the figures (every game won when none do)."""
    me = field[number - 1]
    ratings = [field[j - 1].rating for j in opponents]
    n = len(opponents)
    try:
        points: Fraction | None = norm_points(ratings, t, rules=rules)
    except XlfuncsError:
        points = None
    games = _games_against(
        field, opponents, Fraction(n) if points is None else points, rules.unrated_opponent
    )
    check = check_norm(games, t, event, federation=me.federation, rules=rules, rating=me.rating)
    perf = check.performance
    return NormChance(
        title=t,
        games=n,
        possible=check.met and points is not None,
        points=points,
        ra=None if perf is None else perf.ra,
        opponents=tuple(opponents),
        blockers=tuple(_blockers(check)),
        exemption=check.exemption,
        check=check,
    )


# ------------------------------------------------------------------ a Swiss's opponents


@dataclass(frozen=True)
class _Need(MixLimits):
    """What a Swiss opponent set of *n* must hold for a player of federation *own* seeking
    *t* (*exempt*: from the federation requirements)."""

    own: str
    t: NormTitle
    exempt: bool

    @property
    def feds_needed(self) -> int:
        """The federations other than the player's a set must hold (1.4.3): none where the
        player is exempt or the player's federation is not known."""
        return 0 if self.exempt or not self.own else MIN_OTHER_FEDERATIONS

    def cap(self, federation: str) -> int:
        """The most opponents a set may take from *federation* (1.4.4): 3/5 of n from the
        player's, 2/3 from any other; every one from none, or where the player is exempt."""
        if self.exempt or not federation:
            return self.n
        return self.own_max if federation == self.own else self.one_max


def _fed(p: PlanPlayer) -> str:
    return federation_code(p.federation)


def _value(p: PlanPlayer, unrated: int) -> int:
    return unrated if p.rating is None else p.rating


@dataclass(frozen=True)
class _Kind:
    """Opponents alike for the choice: same federation, rating, and titles as the mix
    counts them; *numbers* are the players of this kind."""

    federation: str
    value: int
    higher: bool
    titled: bool
    numbers: tuple[int, ...]


def _kinds(field: Sequence[PlanPlayer], number: int, need: _Need, unrated: int) -> list[_Kind]:
    """The other players grouped by kind, federation by federation, at most ``need.n`` of
    each kind (a set of *n* never takes more), the first by number."""
    groups: dict[tuple[str, int, bool, bool], list[int]] = {}
    for j, p in enumerate(field, start=1):
        if j == number:
            continue
        key = (_fed(p), _value(p, unrated), title_or_higher(p.title, need.t), is_titled(p.title))
        groups.setdefault(key, []).append(j)
    strongest: dict[str, int] = {}
    for f, v, _, _ in groups:
        strongest[f] = max(strongest.get(f, v), v)
    # at most n of each federation and class (the strongest: a weaker one of the same
    # federation and class never does better in a set), federations strongest first
    kept: dict[tuple[str, bool, bool], int] = {}
    out: list[_Kind] = []
    order = sorted(groups.items(), key=lambda kv: (-strongest[kv[0][0]], kv[0][0], -kv[0][1]))
    for (f, v, h, t), js in order:
        room = need.n - kept.get((f, h, t), 0)
        if room > 0:
            out.append(_Kind(f, v, h, t, tuple(js[:room])))
            kept[(f, h, t)] = need.n - room + len(js[:room])
    return out


_State = tuple[int, int, int, int, int, int]
"""Opponents taken, with the norm's title or higher (up to the need), titled (up to the
need), other federations (up to 2), whether the floor was used, taken from the federation
being read."""

_Path = tuple[tuple[int, int], ...]
"""How many of each kind (by its index) a state took."""


def _strongest_set(
    field: Sequence[PlanPlayer], number: int, need: _Need, unrated: int
) -> list[int] | None:
    """The set of ``need.n`` opponents from *field* that meets the mix and has the highest
    Ra (the floor raising its lowest: the sum with one opponent counted at
    ``max(rating, floor)``, the largest raise being the lowest's), or ``None`` when no set
    meets the mix. Exact: a search over how many of each kind of opponent to take, federation
    by federation, keeping for each state of the counts the mix reads only the best sum."""
    kinds = _kinds(field, number, need, unrated)
    top = _top_set(kinds, need)
    if top is not None:
        return top
    known = _quick_set(kinds, need)
    found = _SetSearch.of(kinds, need, -1 if known is None else known[0]).best()
    if found is None:
        return None if known is None else known[1]
    total, path = found
    if known is not None and known[0] >= total:
        return known[1]
    return sorted(j for index, x in path for j in kinds[index].numbers[:x])


_States = dict[_State, tuple[int, _Path]]
"""The best sum, and how it was taken, of each state of the counts."""


@dataclass(frozen=True)
class _SetSearch:
    """:func:`_strongest_set`'s exact search: *bound*, the sum of a set known to meet the
    mix (a state that cannot beat it is dropped); *rest*, what the kinds from each index on
    can add (:func:`_best_rest`); *lift*, the most the floor can raise one opponent."""

    kinds: Sequence[_Kind]
    need: _Need
    bound: int
    rest: list[list[int]]
    lift: int
    feds_needed: int

    @classmethod
    def of(cls, kinds: Sequence[_Kind], need: _Need, bound: int) -> _SetSearch:
        return cls(
            kinds,
            need,
            bound,
            _best_rest(kinds, need.n),
            max((need.t.floor - kind.value for kind in kinds), default=0),
            need.feds_needed,
        )

    def best(self) -> tuple[int, _Path] | None:
        """The best sum of a set that meets the mix and how it was taken, or ``None``."""
        need = self.need
        states: _States = {(0, 0, 0, 0, 0, 0): (0, ())}
        i = 0
        while i < len(self.kinds):
            fed = self.kinds[i].federation
            cap = need.cap(fed)
            while i < len(self.kinds) and self.kinds[i].federation == fed:
                states = self._take(states, i, cap)
                i += 1
            states = self._fold(states, bool(fed) and fed != need.own)
        done = [
            found
            for (k, h, t, f, _, _), found in states.items()
            if k == need.n and h == need.higher and t == need.titled and f == self.feds_needed
        ]
        return max(done, key=lambda found: found[0]) if done else None

    def _take(self, states: _States, index: int, cap: int) -> _States:
        """*states* after taking 0 or more opponents of the kind at *index* (at most *cap*
        from its federation), with the floor raising one of them where it was not used."""
        n, floor_at = self.need.n, self.need.t.floor
        kind = self.kinds[index]
        grown: _States = {}
        after = self.rest[index + 1]
        for (k, h, t, f, raised, here), (total, path) in states.items():
            lift = 0 if raised else max(self.lift, 0)
            if total + self.rest[index][n - k] + lift <= self.bound:
                continue  # cannot beat the set known
            most = min(len(kind.numbers), n - k, cap - here)
            for x in range(most + 1):
                state = (
                    k + x,
                    min(self.need.higher, h + x * kind.higher),
                    min(self.need.titled, t + x * kind.titled),
                    f,
                    raised,
                    here + x,
                )
                step = (*path, (index, x)) if x else path
                value = total + x * kind.value
                if value + after[n - k - x] + lift <= self.bound:
                    continue
                _keep(grown, state, value, step)
                if x and not raised and kind.value < floor_at:
                    lifted = (*state[:4], 1, state[5])
                    _keep(grown, lifted, value + floor_at - kind.value, step)
        return grown

    def _fold(self, states: _States, other: bool) -> _States:
        """*states* at the end of a federation's kinds: its count of other federations
        raised where it is *other* and was taken from (up to those needed), its own count
        cleared."""
        folded: _States = {}
        for (k, h, t, f, raised, here), found in states.items():
            state = (k, h, t, min(self.feds_needed, f + (other and here > 0)), raised, 0)
            _keep(folded, state, *found)
        return folded


def _keep(states: _States, state: _State, value: int, path: _Path) -> None:
    """Keeps *value* (taken by *path*) for *state* where it beats the one known."""
    old = states.get(state)
    if old is None or value > old[0]:
        states[state] = (value, path)


def _best_rest(kinds: Sequence[_Kind], n: int) -> list[list[int]]:
    """For each index i (and one past the end), the sums of the strongest 0..n opponents of
    ``kinds[i:]`` (a bound on what the rest can add)."""
    out: list[list[int]] = [[0] * (n + 1) for _ in range(len(kinds) + 1)]
    top: list[int] = []
    for i in range(len(kinds) - 1, -1, -1):
        kind = kinds[i]
        top = sorted(top + [kind.value] * len(kind.numbers), reverse=True)[:n]
        sums = [0, *accumulate(top)]
        sums += [sums[-1]] * (n + 1 - len(sums))
        out[i] = sums
    return out


def _quick_set(kinds: Sequence[_Kind], need: _Need) -> tuple[int, list[int]] | None:
    """A set that meets the mix, found quickly (the strongest opponent that covers most of
    what is still missing, in turn), with its sum (the floor raising its lowest): a bound
    for the exact search; ``None`` when this way finds none."""
    pool = _strongest_first(kinds)
    counts: dict[str, int] = {}
    higher = titled = 0
    chosen: list[tuple[int, int, _Kind]] = []
    feds_needed = need.feds_needed
    while len(chosen) < need.n:
        others = sum(1 for f in counts if f not in ("", need.own))
        dh = max(need.higher - higher, 0)
        dt = max(need.titled - titled, 0)
        df = max(feds_needed - others, 0)
        best = None
        best_cover = -1
        for item in pool:
            kind = item[2]
            f = kind.federation
            if counts.get(f, 0) >= need.cap(f):
                continue
            new = f not in ("", need.own) and f not in counts
            cover = (dh > 0 and kind.higher) + (dt > 0 and kind.titled) + (df > 0 and new)
            if cover > best_cover:
                best, best_cover = item, cover
        if best is None:
            return None
        pool.remove(best)
        chosen.append(best)
        f = best[2].federation
        counts[f] = counts.get(f, 0) + 1
        higher += best[2].higher
        titled += best[2].titled
    others = sum(1 for f in counts if f not in ("", need.own))
    if higher < need.higher or titled < need.titled or others < feds_needed:
        return None
    values = [v for v, _, _ in chosen]
    return raised_total(values, need.t), sorted(j for _, j, _ in chosen)


def _strongest_first(kinds: Sequence[_Kind]) -> list[tuple[int, int, _Kind]]:
    """Every opponent of *kinds* as (value, number, kind), strongest first, then by number."""
    return sorted(
        ((kind.value, j, kind) for kind in kinds for j in kind.numbers), key=lambda x: (-x[0], x[1])
    )


def _top_set(kinds: Sequence[_Kind], need: _Need) -> list[int] | None:
    """The *n* strongest opponents when they meet the mix (then no set has a higher Ra:
    swapping any of them for a weaker one lowers the sum by more than the floor can raise
    it), else ``None``."""
    ranked = _strongest_first(kinds)[: need.n]
    if len(ranked) < need.n:
        return None
    counts = Counter(kind.federation for _, _, kind in ranked)
    higher = sum(kind.higher for _, _, kind in ranked)
    titled = sum(kind.titled for _, _, kind in ranked)
    if higher < need.higher or titled < need.titled:
        return None
    if not need.exempt and need.own:
        others = [f for f in counts if f not in ("", need.own)]
        if len(others) < MIN_OTHER_FEDERATIONS or any(c > need.cap(f) for f, c in counts.items()):
            return None
    return sorted(j for _, j, _ in ranked)


@dataclass(frozen=True)
class _FieldFacts:
    """What the whole field holds, counted once: every player's value (strongest first),
    the titled players, those with each norm's title or higher, each federation's players."""

    values: tuple[int, ...]
    titled: int
    higher: dict[str, int]
    federations: dict[str, int]

    @classmethod
    def of(cls, field: Sequence[PlanPlayer], unrated: int) -> _FieldFacts:
        return cls(
            tuple(sorted((_value(p, unrated) for p in field), reverse=True)),
            sum(1 for p in field if is_titled(p.title)),
            {t: sum(1 for p in field if title_or_higher(p.title, t)) for t in NORM_TITLES},
            Counter(map(_fed, field)),
        )


def _field_blockers(
    field: Sequence[PlanPlayer], number: int, need: _Need, unrated: int, facts: _FieldFacts
) -> list[Blocker]:
    """Each requirement checked alone against the whole field (*facts*, less the player):
    what no set of opponents can meet, whatever the others."""
    me = field[number - 1]
    n, t = need.n, need.t
    out: list[Blocker] = []
    if len(field) - 1 < n:
        text = f"{_counted(len(field) - 1, 'opponent')} for {_counted(n, 'round')}"
        return [_blocker("field", "1.4.1", text)]
    top = list(facts.values[: n + 1])
    mine = _value(me, unrated)
    if mine in top:
        top.remove(mine)
    top = top[:n]
    best_ra = norm_ra(raised_total(top, t), n)
    if best_ra < t.min_ra:
        text = f"the strongest {n} opponents average {best_ra} (needs at least {t.min_ra})"
        out.append(_blocker("ra", "1.4.7", text))
    titled = facts.titled - is_titled(me.title)
    if titled < need.titled:
        text = f"{titled} titled opponents in the field (needs at least {need.titled})"
        out.append(_blocker("titled", "1.4.5a", text))
    higher = facts.higher[t.title] - title_or_higher(me.title, t)
    if higher < need.higher:
        text = (
            f"{higher} opponents with the {t.title} title or higher in the field "
            f"(needs at least {need.higher})"
        )
        out.append(_blocker("title_or_higher", "1.4.5b-e", text))
    if need.exempt or not need.own:
        return out
    counts = dict(facts.federations)
    counts[_fed(me)] -= 1
    feds = {f for f, c in counts.items() if c > 0} - {"", need.own}
    if len(feds) < MIN_OTHER_FEDERATIONS:
        text = (
            f"{len(feds)} other federations in the field (needs at least {MIN_OTHER_FEDERATIONS})"
        )
        out.append(_blocker("other_federations", "1.4.3", text))
    room = sum(min(c, need.cap(f)) for f, c in counts.items())
    if room < n:
        key = "own_federation" if counts.get(need.own, 0) > need.own_max else "one_federation"
        text = (
            f"the federation maximums (3/5 own, 2/3 one: {need.own_max} and "
            f"{need.one_max} of {n}) leave {_counted(room, 'opponent')} for "
            f"{_counted(n, 'round')}"
        )
        out.append(_blocker(key, "1.4.4", text))
    return out


def _swiss_chance(
    field: Sequence[PlanPlayer],
    number: int,
    t: NormTitle,
    event: NormEvent,
    rules: TitleEdition,
    n: int,
    facts: _FieldFacts,
) -> NormChance:
    me = field[number - 1]
    unrated = rules.unrated_opponent
    exemption = event.exemption_for(me.federation)
    need = _Need(n, _fed(me), t, exemption is not None)
    alone = _field_blockers(field, number, need, unrated, facts)
    if n < event.event_type.min_games:
        text = f"{_counted(n, 'round')} (needs at least {event.event_type.min_games} games)"
        alone.insert(0, _blocker("games", "1.4.1", text))
    if alone:  # a requirement no set of opponents meets: no set to look for
        return NormChance(t, n, False, None, None, (), tuple(alone), exemption)
    chosen = _strongest_set(field, number, need, unrated)
    if chosen is None:
        text = "no set of opponents meets the federations and the titles together"
        mix = Blocker("mix", "1.4.3-1.4.5", BLOCKS["other_federations"], text)
        return NormChance(t, n, False, None, None, (), (mix,), exemption)
    chance = _judge(field, number, chosen, t, event, rules)
    if chance.possible:
        return chance
    said = "with the strongest opponents that meet the mix: "
    return replace(
        chance,
        blockers=tuple(
            b if b.kind == BLOCKS["unknown"] else replace(b, text=said + b.text)
            for b in chance.blockers
        ),
    )


# ------------------------------------------------------------------ the plan


def plan_norms(field: Sequence[PlanPlayer], setting: PlanSetting, rules: TitleEdition) -> NormPlan:
    """Every player's chance of every norm worth reaching (above the title held; WGM and
    WIM for women only) in the event *setting* plans with *field*, under the Title
    Regulations *rules*.

    >>> gms = [PlanPlayer(f"GM {i}", 2500, "GM", fed) for i, fed in enumerate("ABCDEFGHI")]
    >>> field = [PlanPlayer("Ann", 2400, "IM", "ESP")] + gms
    >>> from xlfuncs.core.title_editions import title_edition
    >>> plan = plan_norms(field, PlanSetting("rr"), title_edition("2025"))
    >>> c = plan.players[0].chances[0]
    >>> c.title.title, c.possible, c.ra, c.points
    ('GM', True, 2500, Fraction(6, 1))
    """
    event = plan_event(field, setting)
    n = _games(setting, len(field))
    facts = _FieldFacts.of(field, rules.unrated_opponent)
    cycles = setting.cycles(len(field))
    out: list[PlayerPlan] = []
    for number, p in enumerate(field, start=1):
        worth = [norm_title(t) for t in titles_worth(p.title, p.female)]
        if setting.system == "rr":
            opponents = [j for _ in range(cycles) for j in range(1, len(field) + 1) if j != number]
            chances = [_judge(field, number, opponents, t, event, rules) for t in worth]
        else:
            chances = [_swiss_chance(field, number, t, event, rules, n, facts) for t in worth]
        out.append(PlayerPlan(number, p, tuple(chances)))
    return NormPlan(setting, event, rules, tuple(out))


# ------------------------------------------------------------------ one more player


@dataclass(frozen=True)
class Addition:
    """One more player the organiser could invite: title (``""``: none), rating and
    federation (``""``: one not yet in the field)."""

    title: str
    rating: int
    federation: str = ""

    def describe(self) -> str:
        """In words: ``"a GM rated 2500 from a federation not in the field"``."""
        article = "an" if self.title in ("IM", "FM") else "a"
        who = f"{article} {self.title}" if self.title else "an untitled player"
        fed = f"from {self.federation}" if self.federation else "from a federation not in the field"
        return f"{who} rated {self.rating} {fed}"


DEFAULT_ADDITIONS: Final = (
    Addition("GM", 2500),
    Addition("IM", 2400),
    Addition("WGM", 2300),
    Addition("WIM", 2200),
    Addition("FM", 2300),
    Addition("", 2300),
)
"""The players tried when none is named: each title at a typical rating, from a federation
not in the field."""


@dataclass(frozen=True)
class AdditionEffect:
    """What one more player does: the norms that become possible (player number, title),
    and those no longer possible."""

    addition: Addition
    federation: str
    """The federation given to the player added."""
    made_possible: tuple[tuple[int, str], ...]
    lost: tuple[tuple[int, str], ...]


def _new_federation(field: Sequence[PlanPlayer]) -> str:
    """A three-letter code no player of *field* has (``XXA``, ``XXB`` ...)."""
    taken = {_fed(p) for p in field}
    return next(
        f"X{a}{b}" for a, b in product(ascii_uppercase, repeat=2) if f"X{a}{b}" not in taken
    )


def addition_effects(
    field: Sequence[PlanPlayer],
    setting: PlanSetting,
    rules: TitleEdition,
    additions: Sequence[Addition] = DEFAULT_ADDITIONS,
    base: NormPlan | None = None,
) -> tuple[AdditionEffect, ...]:
    """For each player of *additions* added to *field* (a round robin then has one more
    round; a Swiss the same rounds), the norms of the players already in the field that
    become possible and those that are lost."""
    before = (base or plan_norms(field, setting, rules)).possible()
    out: list[AdditionEffect] = []
    for a in additions:
        fed = a.federation.strip().upper() or _new_federation(field)
        extra = PlanPlayer(f"added {a.title or 'player'}", a.rating, a.title, fed)
        after = {
            (n, t)
            for n, t in plan_norms([*field, extra], setting, rules).possible()
            if n <= len(field)
        }
        out.append(
            AdditionEffect(a, fed, tuple(sorted(after - before)), tuple(sorted(before - after)))
        )
    return tuple(out)


def _counted(n: int, noun: str) -> str:
    """*n* and *noun*, in the plural unless *n* is 1 (``1 round``, ``7 rounds``)."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
