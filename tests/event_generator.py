"""Tournament files written for the generated comparison with FIDE's engine (a helper module,
not a test file): individual and team events drawn from a seed, rich in what the tie-breaks
treat apart. The players and teams are invented; the pairings are drawn (no two meet twice),
not made by a pairing system.

- :func:`random_individual`: a Swiss of 4-14 players (byes of every kind, forfeits and
  double forfeits, late entries, withdrawals, unrated players), scored 1-½-0 or 3-1-0 by a
  TRF-2026 ``162`` record whose pairing-allocated bye may be worth less than a win
  (``P 1.0`` under 3-1-0, ``P 0.5`` under 1-½-0); some written mid-event (``XXR`` more than
  the rounds played).
- :func:`random_team`: a TRF-2026 team event of 3-7 teams of 1-4 boards, a Swiss or a
  round robin (an odd one: a team rests each round, given a pairing-allocated bye by record
  ``320``, or, in a few, nothing), ``352`` colour sequences starting with ``W`` or ``B``,
  ``300`` records where a team plays in another board order, ``362`` 2-1-0 or 3-1-0,
  ``192`` ranking by match or by game points first, a pairing-allocated bye worth a win or a
  draw, a team's bye of its asking (``240`` ``H``, ``F``, ``Z``), forfeited boards, some
  written mid-event (``142`` more than the rounds played).

Each returns the file's text and what it was drawn with (:class:`Drawn`), which the
comparison's table of allowed differences reads.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from make_demo_trf import berger
from tiebreak_files import MIRROR, random_rounds
from trf_make import player_line

__all__ = ["Drawn", "random_individual", "random_team"]


@dataclass
class Drawn:
    """What one generated file was drawn with."""

    kind: str
    """``"individual"`` or ``"team"``."""
    rounds_played: int
    rounds_planned: int
    round_robin: bool = False
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    pab: Fraction | None = None
    """The pairing-allocated bye's points (record 162's ``P``, a team's ``320`` match
    points); ``None``: a win's."""
    primary: str = "MP"
    colours_from_black: bool = False
    """Record 352 starts with ``B``."""
    board_orders: int = 0
    """How many ``300`` records."""
    rests_without_bye: bool = False
    """A team has a round with no match and no bye (an odd round robin without ``320``)."""
    boards: int = 1
    pab_teams: set[tuple[int, int]] = field(default_factory=set)
    """(team, round) of each team pairing-allocated bye."""


def _scored(symbol: str, win: Fraction, draw: Fraction, pab: Fraction | None) -> Fraction:
    if symbol in "1+WF":
        return win
    if symbol in "=DH":
        return draw
    if symbol == "U":
        return win if pab is None else pab
    return Fraction(0)


def _points_text(value: Fraction) -> str:
    return f"{float(value):>4.1f}"


def random_individual(seed: int) -> tuple[str, Drawn]:
    """An individual Swiss drawn from *seed* (see the module's docstring)."""
    rng = random.Random(seed)
    n = rng.randint(4, 14)
    rounds = rng.randint(2, min(9, n - 1))
    win, draw, pab = rng.choice(
        [
            (Fraction(1), Fraction(1, 2), None),
            (Fraction(1), Fraction(1, 2), Fraction(1, 2)),
            (Fraction(3), Fraction(1), None),
            (Fraction(3), Fraction(1), Fraction(1)),
        ]
    )
    planned = rounds + (rng.randint(1, 2) if rng.random() < 0.25 else 0)
    ratings, cells = random_rounds(rng, n, rounds)
    points = {i: sum(_scored(c[-1], win, draw, pab) for c in cells[i]) for i in ratings}
    order = sorted(points, key=lambda i: (-points[i], i))
    rank = {no: place for place, no in enumerate(order, start=1)}
    symbols = f"  W {float(win):>3.1f}    D {float(draw):>3.1f}    L 0.0"
    if pab is not None:
        symbols += f"    P {float(pab):>3.1f}"
    head = [
        f"012 Generated individual event {seed}",
        "042 2026/03/10",
        "052 2026/03/10",
        "092 Individual: Swiss-System",
        f"XXR {planned}",
        f"162{symbols}",
    ]
    lines = []
    for i in ratings:
        line = player_line(i, f"Player {i:02d}, Test", ratings[i], 0.0, rank[i], cells[i])
        lines.append(line[:80] + _points_text(points[i]) + line[84:])
    drawn = Drawn("individual", rounds, planned, win=win, draw=draw, pab=pab)
    return "\n".join(head + lines) + "\n", drawn


def _team_pairings(
    rng: random.Random, teams: int, rounds: int, round_robin: bool
) -> list[list[tuple[int, int]]]:
    """Each round's matches (first team, second team); a team left out rests."""
    if round_robin:
        n = teams + teams % 2
        table = berger(n)[:rounds]
        return [[(a, b) for a, b in pairs if a <= teams and b <= teams] for pairs in table]
    met: set[frozenset[int]] = set()
    out: list[list[tuple[int, int]]] = []
    for _ in range(rounds):
        here = list(range(1, teams + 1))
        rng.shuffle(here)
        pairs = []
        while len(here) > 1:
            a = here.pop()
            b = next((x for x in here if frozenset((a, x)) not in met), here[0])
            here.remove(b)
            met.add(frozenset((a, b)))
            pairs.append((a, b))
        out.append(pairs)
    return out


def random_team(seed: int) -> tuple[str, Drawn]:
    """A TRF-2026 team event drawn from *seed* (see the module's docstring)."""
    rng = random.Random(seed)
    teams = rng.randint(3, 7)
    boards = rng.randint(1, 4)
    round_robin = rng.random() < 0.35
    most = teams - 1 + teams % 2 if round_robin else min(5, teams - 1 + teams % 2)
    rounds = rng.randint(2, max(2, most))
    planned = rounds + (1 if rng.random() < 0.2 else 0)
    match_win = rng.choice([Fraction(2), Fraction(3)])
    primary = "GP" if rng.random() < 0.25 else "MP"
    start_b = rng.random() < 0.2
    sequence = ("BW" if start_b else "WB") * 2
    sequence = sequence[:boards]
    rests_bare = round_robin and teams % 2 == 1 and rng.random() < 0.15
    pab_draw = rng.random() < 0.3
    members = {t: [boards * (t - 1) + k for k in range(1, boards + 1)] for t in range(1, teams + 1)}
    cells: dict[int, list[str]] = {p: [] for t in members for p in members[t]}
    byes_320: dict[int, int] = {}
    asked_byes: list[tuple[int, int, str]] = []
    orders: list[str] = []
    drawn = Drawn(
        "team",
        rounds,
        planned,
        round_robin=round_robin,
        win=match_win,
        draw=Fraction(1),
        pab=Fraction(1) if pab_draw else None,
        primary=primary,
        colours_from_black=start_b,
        rests_without_bye=rests_bare,
        boards=boards,
    )
    for r, pairs in enumerate(_team_pairings(rng, teams, rounds, round_robin), start=1):
        paired = {t for pair in pairs for t in pair}
        resting = [t for t in members if t not in paired]
        requested: dict[int, str] = {}
        if not round_robin and len(pairs) > 1 and rng.random() < 0.2:
            a, b = pairs.pop()  # both teams take a bye of their asking this round
            resting += [a, b]
            requested = {a: rng.choice("HHFZ"), b: rng.choice("HHFZ")}
            asked_byes += [(a, r, requested[a]), (b, r, requested[b])]
        for t in resting:
            if t in requested:
                symbol = requested[t]
            elif rests_bare:
                symbol = "-"
            else:
                symbol = "U"
                byes_320[r] = t
                drawn.pab_teams.add((t, r))
            for p in members[t]:
                cells[p].append(f"0000 - {symbol}")
        for a, b in pairs:
            order = list(members[a])
            if boards > 1 and rng.random() < 0.25:
                while order == members[a]:
                    rng.shuffle(order)
                players = "".join(f" {p:>4}" for p in order)
                orders.append(f"300 {r:>3} {a:>3} {b:>3}{players}")
                drawn.board_orders += 1
            forfeits = rng.random() < 0.25
            for k in range(boards):
                pa, pb = order[k], members[b][k]
                ca = "w" if sequence[k] == "W" else "b"
                cb = "b" if ca == "w" else "w"
                res = rng.choice("1=0=1")
                if forfeits and k == boards - 1 and boards > 1:
                    res = rng.choice("+-")
                cells[pa].append(f"{pb:>4} {ca} {res}")
                cells[pb].append(f"{pa:>4} {cb} {MIRROR[res]}")
    n = boards * teams
    points = {
        p: sum(_scored(c[-1], Fraction(1), Fraction(1, 2), None) for c in cells[p]) for p in cells
    }
    head = [
        f"012 Generated team event {seed}",
        "022 Testville",
        "032 NOR",
        "042 2026/04/01",
        "052 2026/04/01",
        f"092 Team {'Round Robin' if round_robin else 'Swiss System'}",
        "102 IA Test Arbiter",
        f"142 {planned}",
        f"192 FIDE_TEAM_TYPEA_{'GP_MP' if primary == 'GP' else 'MP_GP'}",
        f"352 {sequence}",
        f"362 TW {float(match_win):.1f}   TD 1.0   TL 0.0",
    ]
    lines = [
        player_line(p, f"P{p:02d}, Team", 1600 - p, float(points[p]), p, cells[p])
        for p in range(1, n + 1)
    ]
    for line_no, text in enumerate(lines):
        lines[line_no] = text[:80] + _points_text(points[line_no + 1]) + text[84:]
    for t, ps in members.items():
        listed = " ".join(f"{p:>4}" for p in ps)
        lines.append(f"310 {t:>3} {f'Team {t}':<32} {f'T{t}':<10} 0    0.0    0.0   0  {listed}")
    if byes_320:
        mp = "1.0" if pab_draw else f"{float(match_win):.1f}"
        gp = f"{float(Fraction(boards, 2) if pab_draw else boards):.1f}"
        teams_by_round = "".join(f" {byes_320.get(r, 0):>3}" for r in range(1, rounds + 1))
        lines.append(f"320 {mp:>4} {gp:>4}{teams_by_round}")
    for t, r, kind in asked_byes:
        lines.append(f"240 {kind} {r:>3} {t:>4}")
    return "\n".join(head + lines + orders) + "\n", drawn
