"""Realistic example events for the templates' tests and the benchmarks: deterministic, the
players invented; the hand-worked figures are in the tests.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Sequence
from typing import Any

from xlfuncs.core.results import Outcome
from xlfuncs.templates.event import ChartPlayer, Event, Round

__all__ = ["double_round_robin_6", "round_robin_10", "swiss_60", "swiss_event"]

_RR_TABLE = (
    # row player's result against players 1..10 ("x": own cell), upper triangle chosen,
    # lower triangle its mirror
    "x = 1 = 1 = 1 1 = 1",
    "= x = 1 = 0 1 = 1 1",
    "0 = x 0 = 1 = 1 = 1",
    "= 0 1 x = = 0 1 = =",
    "0 = = = x 1 = = 0 1",
    "= 1 0 = 0 x = 1 = +",
    "0 0 = 1 = = x 0 1 =",
    "0 = 0 0 = 0 1 x = 1",
    "= 0 = = 1 = 0 = x 0",
    "0 0 0 = 0 - = 0 1 x",
)


def round_robin_10() -> Event:
    """A ten-player round robin (all games played): player 10 is unrated, and player 6
    won against player 10 by forfeit."""
    data = (
        ("GM", "Lindqvist, Mateo", "SWE", 1712345, 1994, "m", 2478, 900, True, None),
        ("IM", "Wolska, Katarzyna", "POL", 1123456, 1999, "w", 2431, 610, True, None),
        ("IM", "Ferreira, Diego", "POR", 1934567, 2001, "m", 2412, 420, True, None),
        ("FM", "Sokolova, Ana", "SRB", 930011, 2003, "w", 2391, 350, False, None),
        ("FM", "Okafor, Chinedu", "NGR", 8500123, 1988, "m", 2365, 780, False, None),
        ("IM", "Brandt, Jonas", "GER", 4699912, 1979, "m", 2340, 1500, True, None),
        ("FM", "Moreau, Lucie", "FRA", 36045678, 2009, "w", 2288, 140, False, None),
        (None, "Haddad, Karim", "LBN", 12700231, 1996, "m", 2251, 95, False, 20),
        ("CM", "Nakamura, Ren", "JPN", 7405566, 2012, "m", 2204, 25, False, None),
        (None, "Ortega, Pilar", "ESP", 32299887, 1985, "w", None, None, None, None),
    )
    return _event(
        "Spring Invitational IM-norm round robin",
        "Valencia",
        (_dt.date(2026, 4, 18), _dt.date(2026, 4, 26)),
        "IA Teresa Albarracín",
        _players(data, (_RR_TABLE,)),
    )


_DRR_TABLES = (
    # the first games, then the second ones: row player's result against players 1..6
    (
        "x 1 = 1 = 1",
        "0 x = 1 0 =",
        "= = x 0 1 1",
        "0 0 1 x = =",
        "= 1 0 = x 1",
        "0 = 0 = 0 x",
    ),
    (
        "x = 0 1 = 1",
        "= x 1 = 1 =",
        "1 0 x = = 1",
        "0 = = x 0 1",
        "= 0 = 1 x =",
        "0 = 0 0 = x",
    ),
)


def double_round_robin_6() -> Event:
    """A six-player double round robin (each two players meet twice, all games played): two
    players level on points, direct encounter and wins, Sonneborn-Berger separates them."""
    data = tuple(
        (*row, 500, True, None)  # rated games before, reached 2400, no K given
        for row in (
            ("GM", "Halvorsen, Erik", "NOR", 1598761, 1990, "m", 2690),
            ("GM", "Bellini, Marco", "ITA", 2098713, 1992, "m", 2665),
            ("GM", "Sato, Kenji", "JPN", 7709881, 1987, "m", 2640),
            ("GM", "Wen, Jiahao", "CHN", 8679002, 1995, "m", 2612),
            ("GM", "Raman, Arjun", "IND", 46690021, 2006, "m", 2625),
            ("IM", "Vidal, Marta", "ESP", 2290049, 2001, "w", 2498),
        )
    )
    return _event(
        "Double Round Robin Masters 2026",
        "Madrid",
        (_dt.date(2026, 4, 3), _dt.date(2026, 4, 21)),
        "IA Laura Pérez",
        _players(data, _DRR_TABLES),
        cycles=2,
    )


def _event(
    name: str,
    place: str,
    dates: tuple[_dt.date, _dt.date],
    chief_arbiter: str,
    players: Sequence[ChartPlayer],
    cycles: int = 1,
) -> Event:
    """An example event of *players*, played on *dates* (first and last day) under the
    2025 rules and rated in the May 2026 period."""
    return Event(
        name=name,
        place=place,
        start=dates[0],
        end=dates[1],
        chief_arbiter=chief_arbiter,
        rules="2025",
        rating_period=_dt.date(2026, 5, 1),
        players=tuple(players),
        cycles=cycles,
    )


def _players(
    data: Sequence[tuple[Any, ...]], tables: Sequence[Sequence[str]]
) -> tuple[ChartPlayer, ...]:
    """The players of *data* (a row each, as :func:`_player` reads it), numbered from 1, each
    one's results its rows of *tables* in turn (a cycle each; ``"x"``: the own cell)."""
    players = []
    for i, row in enumerate(data, start=1):
        results = tuple(None if r == "x" else r for table in tables for r in table[i - 1].split())
        assert len(results) == len(tables) * len(data)
        players.append(_player(i, row, results=results))
    return tuple(players)


def _player(number: int, row: tuple[Any, ...], **games: Any) -> ChartPlayer:
    """Player *number* of *row* (title, name, federation, FIDE id, year of birth, sex,
    rating, rated games before, reached 2400, K given) with their *games* (``results`` or
    ``rounds``)."""
    title, name, fed, fide_id, born, sex, rating, before, reached, k = row
    return ChartPlayer(
        number,
        name,
        title=title,
        federation=fed,
        fide_id=fide_id,
        birth_year=born,
        sex=sex,
        rating=rating,
        rated_games_before=before,
        reached_2400=reached,
        k_override=k,
        **games,
    )


_FIRST = (
    "Adrian",
    "Beatriz",
    "Carlos",
    "Dana",
    "Emil",
    "Fatima",
    "Goran",
    "Helena",
    "Ivan",
    "Julia",
    "Kofi",
    "Lena",
    "Marek",
    "Nadia",
    "Oscar",
    "Paula",
    "Quentin",
    "Rosa",
    "Samir",
    "Tanja",
    "Umar",
    "Vera",
    "Wojciech",
    "Ximena",
    "Yusuf",
    "Zofia",
)
_LAST = (
    "Abbott",
    "Bauer",
    "Castillo",
    "Dimitrov",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Horvat",
    "Ivanova",
    "Jansen",
    "Kowalski",
    "Lopez",
    "Meyer",
    "Novak",
    "Olsen",
    "Petrov",
    "Quiroga",
    "Rossi",
    "Schmidt",
    "Tamm",
    "Urban",
    "Varga",
    "Weber",
    "Yilmaz",
    "Zeman",
)
_FEDS = ("ESP", "GER", "FRA", "ITA", "POL", "NED", "CZE", "HUN", "SWE", "POR", "ENG", "SUI")
_WOMEN = frozenset(_FIRST[1::2])
"""The women's names: every other one of :data:`_FIRST` (a man's, then a woman's)."""


def _expected(a: int | None, b: int | None) -> float:
    ra, rb = a or 1500, b or 1500
    return 1 / (1 + 10 ** ((rb - ra) / 400))


def swiss_60() -> Event:
    """A 60-player, 9-round Swiss: player 60 unrated; player 17 takes a half-point bye in
    round 5; one game of round 6 is a forfeit; player 42 withdraws after round 7; an odd
    number present gives a pairing bye (U) to the lowest-placed player without one."""
    return swiss_event(60, 9)


def swiss_event(count: int, rounds: int, *, seed: int = 20260424) -> Event:
    """A Swiss of *count* players (at least 45) and *rounds* rounds (at least 9), made as
    :func:`swiss_60` is: the last player unrated, the same bye, forfeit and withdrawal."""
    if count < 45 or rounds < 9:
        raise ValueError("swiss_event needs at least 45 players and 9 rounds")
    rng = random.Random(seed)
    ratings: list[int | None] = [
        int(2395 - i * 930 / count - rng.randint(0, 10)) for i in range(count - 1)
    ]
    ratings.append(None)
    firsts = [_FIRST[(i * 7) % len(_FIRST)] for i in range(count)]
    people = [
        (f"{_LAST[(i * 11 + 3) % len(_LAST)]}, {first}", "w" if first in _WOMEN else "m")
        for i, first in enumerate(firsts)
    ]
    games: list[list[Round]] = [[] for _ in range(count)]
    score = [0.0] * count
    met: list[set[int]] = [set() for _ in range(count)]
    whites = [0] * count
    last_colour: list[str | None] = [None] * count
    had_bye = [False] * count
    absent = {5: {17}, 8: {42}, 9: {42}}
    byes_requested = {5: {17: "H"}, 8: {42: "Z"}, 9: {42: "Z"}}
    for rnd in range(1, rounds + 1):
        present = [p for p in range(1, count + 1) if p not in absent.get(rnd, set())]
        order = sorted(present, key=lambda p: (-score[p - 1], p))
        for p, symbol in byes_requested.get(rnd, {}).items():
            games[p - 1].append(Round(None, None, symbol))
            score[p - 1] += float(Outcome.from_symbol(symbol).points)
        if len(order) % 2:
            lucky = next(p for p in reversed(order) if not had_bye[p - 1])
            order.remove(lucky)
            had_bye[lucky - 1] = True
            games[lucky - 1].append(Round(None, None, "U"))
            score[lucky - 1] += 1.0
        pairs = _pair(order, score, met, set())
        assert pairs is not None, f"round {rnd} cannot be paired"
        for board, (a, b) in enumerate(pairs):
            white, black = _colours(a, b, board, rnd, whites, last_colour)
            expected = _expected(ratings[white - 1], ratings[black - 1])
            draw = 0.32 * (1 - abs(expected - 0.5) * 1.6)
            u = rng.random()
            if u < expected - draw / 2:
                w_res, b_res = "1", "0"
            elif u < expected + draw / 2:
                w_res, b_res = "=", "="
            else:
                w_res, b_res = "0", "1"
            if rnd == 6 and board == 9:
                w_res, b_res = "-", "+"  # white did not turn up
            for me, other, colour, res in ((white, black, "w", w_res), (black, white, "b", b_res)):
                games[me - 1].append(Round(other, colour, res))
                met[me - 1].add(other)
                score[me - 1] += float(Outcome.from_symbol(res).points)
                last_colour[me - 1] = colour
            whites[white - 1] += 1
            whites[black - 1] -= 1
    players = []
    for i in range(count):
        name, sex = people[i]
        rating = ratings[i]
        title = "FM" if i < 3 else "CM" if i < 6 else "WFM" if sex == "w" and i < 20 else None
        row = (
            title,
            name,
            _FEDS[(i * 5) % len(_FEDS)],
            24100000 + i * 731,
            1958 + (i * 17) % 57,
            sex,
            rating,
            None if rating is None else (12 if i == 44 else 40 + i * 9),
            None if rating is None else i == 0,
            20 if i == 30 else None,
        )
        players.append(_player(i + 1, row, rounds=tuple(games[i])))
    return _event(
        "Open de Primavera 2026",
        "Zaragoza",
        (_dt.date(2026, 4, 24), _dt.date(2026, 5, 2)),
        "IA Miguel Ángel Sanz",
        players,
    )


def _pair(
    order: Sequence[int],
    score: Sequence[float],
    met: Sequence[set[int]],
    impossible: set[frozenset[int]],
) -> list[tuple[int, int]] | None:
    """Pair *order* (best first): each player, in turn, against the best-placed partner
    available, preferring one half a score group below (the Dutch system's idea), with
    backtracking so that nobody meets the same opponent twice.

    Whether the players left can all be paired does not depend on their order (every
    partner of the first is tried), so a set found impossible once (kept in *impossible*)
    is not searched again."""
    if not order:
        return []
    if frozenset(order) in impossible:
        return None
    top, rest = order[0], list(order[1:])
    group = [p for p in order if score[p - 1] == score[top - 1]]
    half = max(1, len(group) // 2)
    same = [p for p in rest if score[p - 1] == score[top - 1]]
    preferred = sorted(same, key=lambda p: abs(group.index(p) - half))
    candidates = preferred + [p for p in rest if p not in same]
    for partner in candidates:
        if partner in met[top - 1]:
            continue
        remaining = [p for p in rest if p != partner]
        tail = _pair(remaining, score, met, impossible)
        if tail is not None:
            return [(top, partner), *tail]
    impossible.add(frozenset(order))
    return None


def _colours(
    a: int, b: int, board: int, rnd: int, whites: Sequence[int], last: Sequence[str | None]
) -> tuple[int, int]:
    """(white, black): the player with fewer whites gets white, then the one who had
    black last, then alternate boards in round 1."""
    if whites[a - 1] != whites[b - 1]:
        return (a, b) if whites[a - 1] < whites[b - 1] else (b, a)
    if last[a - 1] != last[b - 1]:
        return (a, b) if last[a - 1] == "b" else (b, a)
    return (a, b) if (board + rnd) % 2 == 1 else (b, a)
