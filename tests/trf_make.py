"""Tournament files written for the tests (a helper module, not a test file): a round robin
of any size, single or double, with results drawn from a fixed seed, laid out as TRF16's
``001`` lines. The players are invented."""

from __future__ import annotations

import random

from make_demo_trf import MIRROR, berger

from xlfuncs.core.results import parse
from xlfuncs.templates.event import Event


def parse_symbol(symbol: str) -> float:
    """The points of a result symbol."""
    found = parse(symbol)
    assert found is not None, symbol
    return float(found.points)


def player_line(
    no: int, name: str, rating: int, points: float, rank: int, rounds: list[str]
) -> str:
    """A TRF16 001 line, laid out by its columns (``docs/trf.md``)."""
    shown = f"{rating:>4}" if rating else "    "
    line = f"001 {no:>4} m    {name:<33} {shown} ENG {99200000 + no:>11} 1990/01/01 "
    line += f"{points:>4.1f} {rank:>4}  " + "  ".join(f"{r:<8}" for r in rounds)
    return line.rstrip()


def round_robin_trf(players: int, *, cycles: int = 1, seed: int = 24) -> str:
    """A finished round robin of an even number of *players*, each two meeting *cycles*
    times (Berger's table, colours reversed in the second cycle)."""
    rng = random.Random(seed)
    schedule = berger(players)
    if cycles == 2:
        schedule = schedule + [[(b, w) for w, b in pairs] for pairs in schedule]
    rounds: dict[int, list[str]] = {i: [] for i in range(1, players + 1)}
    points = dict.fromkeys(range(1, players + 1), 0.0)
    value = {"1": 1.0, "=": 0.5, "0": 0.0}
    for pairs in schedule:
        for w, b in pairs:
            res = rng.choice("1=0=1")
            rounds[w].append(f"{b:>4} w {res}")
            rounds[b].append(f"{w:>4} b {MIRROR[res]}")
            points[w] += value[res]
            points[b] += value[MIRROR[res]]
    kind = "Double Round-Robin" if cycles == 2 else "Round-Robin"
    head = [
        f"012 Generated {kind} {players}",
        "042 2026/02/01",
        "052 2026/02/20",
        f"092 Individual: {kind}",
    ]
    order = sorted(points, key=lambda i: (-points[i], i))  # the file's ranks: by points
    rank = {no: place for place, no in enumerate(order, start=1)}
    lines = [
        player_line(i, f"Player {i:02d}, Test", 2600 - 7 * i, points[i], rank[i], rounds[i])
        for i in range(1, players + 1)
    ]
    return "\n".join(head + lines) + "\n"


def swiss_trf(event: Event) -> str:
    """The TRF of a Swiss :class:`~xlfuncs.templates.event.Event` (``examples.swiss_event``
    makes one of any length): each player's rounds as the event gives them."""
    points = {
        p.number: sum(parse_symbol(rd.result) for rd in p.rounds if rd.result)
        for p in event.players
    }
    order = sorted(points, key=lambda i: (-points[i], i))
    rank = {no: place for place, no in enumerate(order, start=1)}
    lines = [
        f"012 {event.name}",
        "042 2026/04/24",
        "052 2026/05/02",
        "092 Individual: Swiss-System",
    ]
    for p in event.players:
        rounds = [
            f"{'0000' if rd.opponent is None else f'{rd.opponent:>4}'} {rd.colour or '-'} "
            f"{rd.result or ' '}"
            for rd in p.rounds
        ]
        lines.append(
            player_line(p.number, p.name, p.rating or 0, points[p.number], rank[p.number], rounds)
        )
    return "\n".join(lines) + "\n"
