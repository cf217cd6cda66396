"""Write the demo tournaments shipped as package data (``xlfuncs/data/demo_round_robin.trf``,
``xlfuncs/data/demo_swiss.trf``): fictional players and events, laid out as Swiss-Manager
writes TRF16.

Run ``python tests/make_demo_trf.py`` to write them again, ``--check`` to compare the
committed files with what this script writes (``tests/test_report.py`` does the same). The
output depends on nothing but this script: a seeded random generator, no clock.

- The round robin: 10 players, 9 rounds (FIDE's Berger table for 10), one unrated player,
  every game played and rated; the final scores are fixed below so that one player makes IM
  norm figures and a woman makes WGM norm figures.
- The Swiss: 60 players (six unrated), 9 rounds paired by score groups (top half against
  bottom half, no rematch); half-point byes, a full-point bye, pairing-allocated byes, a
  zero-point bye, a forfeit and a player who withdraws after round 5.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from xlfuncs.core.results import Outcome
from xlfuncs.trf import parse_trf
from xlfuncs.trf.rated import is_rated
from xlfuncs.trf.standings import event_standings
from xlfuncs.trf.to_crosstable import crosstable_from_trf

DATA = Path(__file__).resolve().parents[1] / "xlfuncs" / "data"
RR_FILE = DATA / "demo_round_robin.trf"
SWISS_FILE = DATA / "demo_swiss.trf"

POINTS = {o.symbol: o.points for o in Outcome}
"""Each result code's points (from :mod:`xlfuncs.core.results`)."""
MIRROR = {o.symbol: o.opposite.symbol for o in Outcome if o.opposite is not None}
"""Each game result's code on the opponent's line."""


@dataclass
class Entry:
    """One demo player and their rounds."""

    start_no: int
    sex: str
    title: str
    name: str
    rating: int | None
    fed: str
    fide_id: str
    birth: str
    rounds: dict[int, tuple[int | None, str, str]] = field(default_factory=dict)
    """Round -> (opponent or None, colour 'w'/'b'/'-', result code)."""

    @property
    def points(self) -> Fraction:
        return sum((POINTS[r] for _, _, r in self.rounds.values()), Fraction(0))

    def opponents(self) -> set[int]:
        return {o for o, _, _ in self.rounds.values() if o is not None}


def round_text(entry: tuple[int | None, str, str]) -> str:
    """The eight columns of one round: opponent, colour, result."""
    opponent, colour, result = entry
    return (
        f"{opponent or 0:>04} {colour} {result}"
        if opponent is None
        else f"{opponent:>4} {colour} {result}"
    )


def player_line(p: Entry, rank: int, rounds: int) -> str:
    """A ``001`` line by the TRF16 columns (trailing rounds without an entry are left out)."""
    rating = "" if p.rating is None else str(p.rating)
    points = float(p.points)
    line = (
        f"001 {p.start_no:>4} {p.sex}{p.title:>3} {p.name:<33} {rating:>4} {p.fed:<3} "
        f"{p.fide_id:>11} {p.birth:<10} {points:>4.1f} {rank:>4}"
    )
    written = [r for r in range(1, rounds + 1) if r in p.rounds]
    last = max(written, default=0)
    for r in range(1, last + 1):
        line += "  " + (round_text(p.rounds[r]) if r in p.rounds else " " * 8)
    return line.rstrip()


def header(
    name: str,
    city: str,
    fed: str,
    start: dt.date,
    players: Sequence[Entry],
    kind: str,
    arbiter: str,
    deputy: str,
    time_control: str,
    rounds: int,
) -> list[str]:
    """The event records 012 ... 132."""
    end = start + dt.timedelta(days=rounds - 1)
    dates = "".join(
        f"{(start + dt.timedelta(days=r)).strftime('%y/%m/%d'):<10}" for r in range(rounds)
    )
    return [
        f"012 {name}",
        f"022 {city}",
        f"032 {fed}",
        f"042 {start.strftime('%Y/%m/%d')}",
        f"052 {end.strftime('%Y/%m/%d')}",
        f"062 {len(players)}",
        f"072 {sum(1 for p in players if is_rated(p))}",
        "082 0",
        f"092 {kind}",
        f"102 {arbiter}",
        f"112 {deputy}",
        f"122 {time_control}",
        ("132" + " " * 88 + dates).rstrip(),
    ]


def ranks(players: Sequence[Entry], head: list[str], rounds: int) -> dict[int, int]:
    """The ranks an arbiter publishes: by points, then the default tie-breaks of the event's
    kind (round robin ``DE, WIN, SB, KS``; Swiss ``BH/C1, BH, SB``), as the report computes
    them (:func:`xlfuncs.trf.standings.event_standings`); equal ranks where all are equal."""
    lines = head + [player_line(p, 0, rounds) for p in players]
    t = parse_trf("\n".join(lines), source="demo")
    standings = event_standings(t, crosstable_from_trf(t)).standings
    return {s.player.start_no: s.rank for s in standings}


def write(players: Sequence[Entry], head: list[str], rounds: int) -> str:
    rank = ranks(players, head, rounds)
    lines = head + [player_line(p, rank[p.start_no], rounds) for p in players]
    return "\r\n".join(lines) + "\r\n"  # Swiss-Manager writes CRLF


def expected(a: int, b: int) -> float:
    return 1.0 / (1.0 + math.pow(10.0, (b - a) / 400.0))


def play(rng: random.Random, white: int, black: int) -> str:
    """White's result: a game between players rated *white* and *black*."""
    e = expected(white, black)
    draw = 0.34 * (1.0 - abs(2.0 * e - 1.0)) + 0.08
    u = rng.random()
    if u < e - draw / 2:
        return "1"
    if u < e + draw / 2:
        return "="
    return "0"


# --------------------------------------------------------------------------- round robin

RR_PLAYERS = [
    # sex, title, name, rating, fed, birth, final score
    ("m", "GM", "Ødegaard, Sindre", 2478, "NOR", "1991/05/17", Fraction(6)),
    ("m", "IM", "Kovačević, Luka", 2431, "CRO", "1995/09/02", Fraction(11, 2)),
    ("m", "IM", "Brennan, Ciarán", 2402, "IRL", "1988/03/29", Fraction(9, 2)),
    ("m", "FM", "Laurent, Émile", 2365, "FRA", "1999/11/08", Fraction(4)),
    ("w", "WGM", "Nowak, Zuzanna", 2341, "POL", "1996/01/23", Fraction(4)),
    ("m", "FM", "Yılmaz, Deniz", 2318, "TUR", "2001/07/14", Fraction(7, 2)),
    ("m", "IM", "Almeida, João Pedro", 2296, "POR", "1979/12/05", Fraction(4)),
    ("m", "", "Hoffmann, Jürgen", 2270, "GER", "2009/02/11", Fraction(13, 2)),
    ("w", "WIM", "Sánchez Ruiz, Lucía", 2244, "ESP", "2004/06/30", Fraction(11, 2)),
    ("m", "", "Tanaka, Haruto", None, "JPN", "2011/10/19", Fraction(3, 2)),
]


def berger(n: int) -> list[list[tuple[int, int]]]:
    """FIDE's Berger table for an even *n*: per round, (white, black) by board."""
    m = n - 1
    rounds = []
    for r in range(m):
        ring = [(r * (n // 2) + i) % m + 1 for i in range(m)]
        first = (ring[0], n) if r % 2 == 0 else (n, ring[0])
        rounds.append([first] + [(ring[i], ring[m - i]) for i in range(1, n // 2)])
    return rounds


def make_round_robin() -> str:
    rng = random.Random(20260314)
    players = [
        Entry(i, sex, title, name, rating, fed, f"993{i:05d}", birth)
        for i, (sex, title, name, rating, fed, birth, _) in enumerate(RR_PLAYERS, 1)
    ]
    target = {i: score for i, (*_, score) in enumerate(RR_PLAYERS, 1)}
    schedule = berger(len(players))
    rating = {p.start_no: p.rating or 2150 for p in players}
    result: dict[tuple[int, int], str] = {}  # (white, black) -> white's result
    for pairs in schedule:
        for w, b in pairs:
            result[(w, b)] = play(rng, rating[w], rating[b])

    def score(i: int) -> Fraction:
        s = Fraction(0)
        for (w, b), res in result.items():
            if i == w:
                s += POINTS[res]
            elif i == b:
                s += POINTS[MIRROR[res]]
        return s

    def distance() -> Fraction:
        return sum((abs(score(i) - target[i]) for i in target), Fraction(0))

    games = sorted(result)
    d = distance()
    while d:  # random local search towards the final scores, never moving away
        game = games[rng.randrange(len(games))]
        old = result[game]
        result[game] = rng.choice([x for x in "1=0" if x != old])
        new = distance()
        if new <= d:
            d = new
        else:
            result[game] = old
    for r, pairs in enumerate(schedule, start=1):
        for w, b in pairs:
            res = result[(w, b)]
            players[w - 1].rounds[r] = (b, "w", res)
            players[b - 1].rounds[r] = (w, "b", MIRROR[res])
    head = header(
        "Fictional Harbour Invitational 2026",
        "Portwell",
        "ENG",
        dt.date(2026, 3, 14),
        players,
        "Individual: Round-Robin",
        "IA Henrietta Marsh (99390001)",
        "FA Olusegun Adeyemi (99390002)",
        "90 min/40 moves + 30 min, 30 s/move from move 1",
        9,
    )
    return write(players, head, 9)


# --------------------------------------------------------------------------- Swiss

NATIONS = [  # federation, surnames ("male|female" where they differ), men's, women's names
    (
        "ENG",
        ["Whitfield", "Ashworth", "Pemberton", "Oakley"],
        ["Oliver", "Harry", "George"],
        ["Amelia", "Isla"],
    ),
    ("GER", ["Krüger", "Böhm", "Weißmann", "Lindner"], ["Lukas", "Jörg", "Felix"], ["Jana", "Lea"]),
    (
        "FRA",
        ["Lefèvre", "Moreau", "Garnier", "Rousseau"],
        ["Théo", "Étienne", "Hugo"],
        ["Chloé", "Inès"],
    ),
    (
        "ESP",
        ["Muñoz", "Ortega", "Castaño", "Ibáñez"],
        ["Álvaro", "Sergio", "Iñaki"],
        ["Nuria", "Ainhoa"],
    ),
    (
        "POL",
        ["Wójcik", "Zieliński|Zielińska", "Kamiński|Kamińska", "Lewandowski|Lewandowska"],
        ["Paweł", "Michał", "Jakub"],
        ["Łucja", "Zofia"],
    ),
    (
        "CZE",
        ["Dvořák|Dvořáková", "Novotný|Novotná", "Černý|Černá", "Procházka|Procházková"],
        ["Tomáš", "Jiří", "Vojtěch"],
        ["Tereza", "Kateřina"],
    ),
    ("HUN", ["Szabó", "Kovács", "Tóth", "Varga"], ["Bence", "Gergő", "Ádám"], ["Zsófia", "Réka"]),
    ("TUR", ["Çelik", "Şahin", "Öztürk", "Aydın"], ["Emre", "Barış", "Can"], ["Elif", "Ayşe"]),
    (
        "NOR",
        ["Håland", "Sæther", "Løvås", "Brekke"],
        ["Øystein", "Magnus", "Eirik"],
        ["Ingrid", "Sigrid"],
    ),
    (
        "ISL",
        [
            "Þórsson|Þórsdóttir",
            "Guðmundsson|Guðmundsdóttir",
            "Ólafsson|Ólafsdóttir",
            "Sigurðsson|Sigurðardóttir",
        ],
        ["Björn", "Hrafn", "Ari"],
        ["Sólveig", "Katrín"],
    ),
    (
        "BRA",
        ["Conceição", "Araújo", "Gonçalves", "Magalhães"],
        ["João", "Caio", "Thiago"],
        ["Luíza", "Beatriz"],
    ),
    ("VIE", ["Nguyễn", "Trần", "Phạm", "Lê"], ["Minh", "Quang", "Dũng"], ["Lan", "Thảo"]),
]

SWISS_ROUNDS = 9
SWISS_SIZE = 60
UNRATED = 6
REQUESTED_BYES = {2: {17: "H"}, 3: {30: "H", 44: "H"}, 4: {51: "Z"}, 5: {23: "F"}, 7: {9: "H"}}
"""Round -> {starting rank: bye code} asked for before the pairing."""
WITHDRAWN = (38, 5)
"""The player who leaves, and the last round they play."""
FORFEIT = (6, 12)
"""Round and board where black does not come: white wins by forfeit."""


def swiss_players(rng: random.Random, size: int, unrated: int) -> list[Entry]:
    """*size* fictional players in starting-rank order, the last *unrated* unrated."""
    used: set[str] = set()
    drafted: list[tuple[str, str, str, str]] = []  # sex, name, fed, birth
    while len(drafted) < size:
        fed, surnames, men, women = NATIONS[len(drafted) % len(NATIONS)]
        woman = rng.random() < 0.22
        forms = rng.choice(surnames).split("|")  # "male|female" where the forms differ
        surname = forms[-1] if woman else forms[0]
        name = f"{surname}, {rng.choice(women if woman else men)}"
        if name in used:
            if len(used) < 120:
                continue  # small events: draw again
            name = next(
                f"{name} {a}{b}."
                for a in "ABCDEFGHIJKLMNOPRSTVWZ"
                for b in "AEIOU"
                if f"{name} {a}{b}." not in used
            )  # large ones: a middle name
        used.add(name)
        if len(drafted) % 7 == 3:  # a junior (K 40 while under 2300)
            born = dt.date(rng.randint(2009, 2013), 1, 1)
        else:
            born = dt.date(rng.randint(1955, 2005), 1, 1)
        born += dt.timedelta(days=rng.randrange(365))
        drafted.append(("w" if woman else "m", name, fed, born.strftime("%Y/%m/%d")))
    rated = sorted((rng.randint(1480, 2380) for _ in range(size - unrated - 2)), reverse=True)
    # Swiss-Manager's starting ranks: by rating; the unrated at the end, by name.
    drafted[size - unrated :] = sorted(drafted[size - unrated :], key=lambda d: d[1])
    ratings: list[int | None] = [2431, 2405] + list(rated) + [None] * unrated
    out: list[Entry] = []
    for i, ((sex, name, fed, birth), rating) in enumerate(zip(drafted, ratings), start=1):
        title = ""
        if rating is not None:
            if rating >= 2400:
                title = "GM" if i == 1 else "IM"
            elif rating >= 2300:
                title = "FM" if sex == "m" else "WIM"
            elif rating >= 2200:
                title = "CM" if sex == "m" else "WFM"
        fide_id = f"994{i:05d}" if size < 100000 else ""
        if rating is None and i % 2 == 0:
            fide_id = ""  # a newcomer without a FIDE id yet
        out.append(Entry(i, sex, title, name, rating, fed, fide_id, birth))
    return out


def _colour(p: Entry) -> tuple[int, int]:
    """(whites - blacks, 1 if the last game was with white else 0)."""
    colours = [c for _, c, _ in (p.rounds[r] for r in sorted(p.rounds)) if c in "wb"]
    diff = colours.count("w") - colours.count("b")
    return diff, 1 if colours and colours[-1] == "w" else 0


def _choices(pool: list[Entry], score: dict[int, Fraction]) -> tuple[Entry, list[Entry]]:
    """The first player of *pool* (sorted by score and starting rank) and the opponents they
    may meet, in the order tried: the middle of their score group (top half against bottom
    half), then the next ones, never a rematch."""
    a = pool[0]
    group = [p for p in pool if score[p.start_no] == score[a.start_no]]
    mid = len(group) // 2
    order = group[mid:] + group[1:mid][::-1] + pool[len(group) :]
    met = a.opponents()
    return a, [b for b in order if b is not a and b.start_no not in met]


def _pair(pool: list[Entry], score: dict[int, Fraction]) -> list[tuple[Entry, Entry]] | None:
    """Pair a pool sorted by score and starting rank (:func:`_choices`), backtracking where
    the rest cannot be paired: the first pairing found, trying each player's choices in
    order; ``None`` if there is none. A depth-first search kept on a list (one level per
    pair), so that a pool of any size is paired without deep recursion."""
    if not pool:
        return []
    levels = [(pool, *_choices(pool, score), 0)]  # the players left, a, a's choices, next
    pairs: list[tuple[Entry, Entry]] = []  # the pair tried at each level
    while levels:
        left, a, choices, k = levels[-1]
        del pairs[len(levels) - 1 :]  # the pair this level tried before, if any, failed
        if k == len(choices):
            levels.pop()
            continue
        levels[-1] = (left, a, choices, k + 1)
        b = choices[k]
        pairs.append((a, b))
        rest = [p for p in left if p is not a and p is not b]
        if not rest:
            return pairs
        levels.append((rest, *_choices(rest, score), 0))
    return None


def make_swiss(
    size: int = SWISS_SIZE,
    rounds: int = SWISS_ROUNDS,
    unrated: int = UNRATED,
    *,
    seed: int = 20260613,
    byes: dict[int, dict[int, str]] | None = REQUESTED_BYES,
    withdrawn: tuple[int, int] | None = WITHDRAWN,
    forfeit: tuple[int, int] | None = FORFEIT,
    name: str = "Fictional Lakeside Summer Open 2026",
) -> str:
    """A Swiss's TRF: *size* players, *rounds* rounds, the requested *byes*, a *withdrawn*
    player (starting rank, last round played) and a *forfeit* (round, board)."""
    rng = random.Random(seed)
    players = swiss_players(rng, size, unrated)
    strength = {p.start_no: p.rating or rng.randint(1300, 1900) for p in players}
    had_bye: set[int] = set()
    for r in range(1, rounds + 1):
        requested = (byes or {}).get(r, {})
        for no, code in requested.items():
            players[no - 1].rounds[r] = (None, "-", code)
            if code in "FU":
                had_bye.add(no)
        score = {p.start_no: p.points for p in players}
        pool = [
            p
            for p in players
            if p.start_no not in requested
            and not (withdrawn and p.start_no == withdrawn[0] and r > withdrawn[1])
        ]
        pool.sort(key=lambda p: (-score[p.start_no], p.start_no))
        if len(pool) % 2:
            bye = next(p for p in reversed(pool) if p.start_no not in had_bye)
            bye.rounds[r] = (None, "-", "U")
            had_bye.add(bye.start_no)
            pool.remove(bye)
        pairs = _pair(pool, score)
        assert pairs is not None, f"round {r} cannot be paired"
        for board, (a, b) in enumerate(pairs, start=1):
            ca, cb = _colour(a), _colour(b)
            white, black = (a, b) if (ca < cb) or (ca == cb and board % 2 == 1) else (b, a)
            if forfeit == (r, board):
                res = "+"
            else:
                res = play(rng, strength[white.start_no], strength[black.start_no])
            white.rounds[r] = (black.start_no, "w", res)
            black.rounds[r] = (white.start_no, "b", MIRROR[res])
    head = header(
        name,
        "Lakeside",
        "ENG",
        dt.date(2026, 6, 13),
        players,
        "Individual: Swiss-System",
        "IA Morgan Fairweather (99490001)",
        "FA Priya Quill (99490002)",
        "90 min/40 moves + 30 min, 30 s/move from move 1",
        rounds,
    )
    return write(players, head, rounds)


def outputs() -> dict[Path, str]:
    return {RR_FILE: make_round_robin(), SWISS_FILE: make_swiss()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="compare the committed files instead of writing them"
    )
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        if args.check:
            if not path.exists() or path.read_bytes() != text.encode("utf-8"):
                stale.append(path.name)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
            print(f"wrote {path}")
    if stale:
        print(f"out of date: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
