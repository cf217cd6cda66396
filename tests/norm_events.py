"""Small norm events written as TRF16 text by the tests (:mod:`tests.test_norm_check`,
:mod:`tests.test_cli_norms`): one player (no. 1) and the opponents met, one a round, by the
columns of the TRF16 ``001`` line (``docs/fide-rules.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xlfuncs.trf import Tournament, parse_trf


@dataclass(frozen=True)
class Opp:
    """An opponent of player 1 and player 1's result against them (``1``, ``=``, ``0``)."""

    rating: int | None
    title: str
    fed: str
    result: str


@dataclass(frozen=True)
class Bye:
    """A round of player 1 without an opponent: ``U`` (pairing-allocated), ``H``, ``F``, or
    ``+`` (a forfeit win against opponent 0, the old style)."""

    code: str


_OTHER = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}


def fide_id_of(start: int) -> str:
    """A FIDE id for the test player of starting rank *start* (FIDE rates, and the norm check
    counts as rated, only players with a FIDE id: ``docs/rated.md``)."""
    return str(99400000 + start)


def player_line(
    start: int,
    name: str,
    rating: int | None,
    rounds: list[str],
    *,
    title: str = "",
    fed: str = "ENG",
    sex: str = "m",
    fide_id: str = "",
    birth: str = "1990/01/01",
    points: str = "",
    rank: int | str = "",
) -> str:
    """A ``001`` line by the TRF16 columns; each round is its eight columns
    (``"   2 w 1"``)."""
    text = (
        f"001 {start:>4} {sex:1}{title:>3} {name:<33} {rating or '':>4} {fed:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {rank:>4}"
    )
    for r in rounds:
        text += "  " + r
    return text.rstrip()


def star_event(rounds: list[Opp | Bye], **options: Any) -> Tournament:
    """:func:`star_trf`'s event (the same *options*), read."""
    return parse_trf(star_trf(rounds, **options), source="norm-test.trf")


def star_trf(
    rounds: list[Opp | Bye],
    *,
    fed: str = "ESP",
    rating: int = 2500,
    sex: str = "m",
    title: str = "",
    host: str = "ESP",
    kind: str = "Individual: Swiss-System",
    extra: tuple[str, ...] = (),
) -> str:
    """The TRF16 text of an event in which player 1 of *fed* meets in round r the opponent
    ``rounds[r - 1]`` (numbered 2, 3, ... in order of the rounds), or has the bye given
    there. *extra*: more lines (other players)."""
    star: list[str] = []
    met: list[tuple[int, Opp, int, str]] = []  # number, opponent, round (from 0), entry
    n = 2
    for r, item in enumerate(rounds):
        colour, other_colour = ("w", "b") if r % 2 == 0 else ("b", "w")
        if isinstance(item, Bye):
            star.append(f"0000 - {item.code}")
            continue
        star.append(f"{n:>4} {colour} {item.result}")
        met.append((n, item, r, f"   1 {other_colour} {_OTHER[item.result]}"))
        n += 1
    # In the last round the opponents met before draw with each other (a Swiss: not everyone
    # met, and nobody looks withdrawn); an odd one out gets a pairing-allocated bye.
    last = len(rounds) - 1
    idle = [m[0] for m in met if m[2] != last]
    partner: dict[int, str] = {}
    for i in range(0, len(idle) - 1, 2):
        a, b = idle[i], idle[i + 1]
        partner[a], partner[b] = f"{b:>4} w =", f"{a:>4} b ="
    if len(idle) % 2:
        partner[idle[-1]] = "0000 - U"
    others: list[str] = []
    for number, item, r, entry in met:
        entries = ["        "] * (last + 1)
        entries[r] = entry
        if number in partner:
            entries[last] = partner[number]
        others.append(
            player_line(
                number,
                f"Opponent {number}",
                item.rating,
                entries,
                title=item.title,
                fed=item.fed,
                fide_id=fide_id_of(number),
            )
        )
    head = [
        "012 Norm test",
        f"032 {host}" if host else "",
        "042 2025/05/10",
        "052 2025/05/18",
        f"092 {kind}",
    ]
    lines = [h for h in head if h]
    lines.append(
        player_line(
            1,
            "Candidate, Test",
            rating,
            star,
            fed=fed,
            sex=sex,
            title=title,
            fide_id=fide_id_of(1),
        )
    )
    return "\n".join(lines + others + list(extra)) + "\n"
