"""Swiss tournament files written for the tie-break tests (a helper module, not a test file):
random events from a seed, rich in what the tie-breaks treat apart: every kind of bye,
forfeits and double forfeits, games of less than one move, late entries and withdrawals,
unrated players. The pairings are drawn, not made by a pairing system (no two players meet
twice); the players are invented. Laid out as TRF16's ``001`` lines (:mod:`trf_make`)."""

from __future__ import annotations

import random

from trf_make import parse_symbol, player_line

__all__ = ["MIRROR", "random_rounds", "random_swiss"]

MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}
_GAMES = "1111000====WLD+-"
"""The results of a paired game, drawn uniformly (a forfeit one time in eight)."""


def random_rounds(
    rng: random.Random, n: int, rounds: int
) -> tuple[dict[int, int], dict[int, list[str]]]:
    """*n* players' ratings (0: unrated) and their *rounds* rounds as TRF round cells, drawn
    from *rng*: late entries, withdrawals, requested byes, the pairing-allocated bye, games
    (forfeits and double forfeits among them), no two players meeting twice."""
    ratings = {i: 0 if rng.random() < 0.15 else rng.randint(1400, 2600) for i in range(1, n + 1)}
    late = {i: rng.choice([1, 1, 1, 2]) for i in range(1, n + 1)}  # first round played
    gone = {i: rounds + 1 if rng.random() < 0.85 else rng.randint(2, rounds) for i in ratings}
    cells: dict[int, list[str]] = {i: [] for i in ratings}
    met: set[frozenset[int]] = set()
    for r in range(1, rounds + 1):
        here = [i for i in ratings if late[i] <= r < gone[i]]
        for i in ratings:
            if i not in here:
                cells[i].append("0000 - " + ("Z" if r >= gone[i] else rng.choice("ZH")))
        rng.shuffle(here)
        if rng.random() < 0.3 and len(here) > 2:  # a requested bye
            cells[here.pop()].append("0000 - " + rng.choice("HHZF"))
        if len(here) % 2:  # the pairing-allocated bye
            cells[here.pop()].append("0000 - U")
        while here:
            a = here.pop()
            b = next((x for x in here if frozenset((a, x)) not in met), here[0])
            here.remove(b)
            met.add(frozenset((a, b)))
            res = rng.choice(_GAMES)
            other = MIRROR[res]
            if res in "+-" and rng.random() < 0.2:
                res = other = "-"  # both forfeit
            cells[a].append(f"{b:>4} w {res}")
            cells[b].append(f"{a:>4} b {other}")
    return ratings, cells


def random_swiss(seed: int, *, start: str = "2026/03/10") -> str:
    """A finished Swiss of 4-14 players and 2-9 rounds, drawn from *seed*, starting on
    *start* (``042``: the C.07 text in force then)."""
    rng = random.Random(seed)
    n = rng.randint(4, 14)
    rounds = rng.randint(2, min(9, n - 1))
    ratings, cells = random_rounds(rng, n, rounds)
    points = {i: sum(parse_symbol(c[-1]) for c in cells[i]) for i in ratings}
    order = sorted(points, key=lambda i: (-points[i], i))
    rank = {no: place for place, no in enumerate(order, start=1)}
    head = [
        f"012 Generated Swiss {seed}",
        f"042 {start}",
        f"052 {start}",
        "092 Individual: Swiss-System",
        f"XXR {rounds}",
    ]
    lines = [
        player_line(i, f"Player {i:02d}, Test", ratings[i], points[i], rank[i], cells[i])
        for i in ratings
    ]
    return "\n".join(head + lines) + "\n"
