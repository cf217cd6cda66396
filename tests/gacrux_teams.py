"""FIDE's reference engine ``gacrux`` in its team mode, run on a team TRF of ``tests/data/``:
the reference values of the team standing's tests (``tests/test_teams.py``).

gacrux reads a TRF's team records (``013``, ``310``) itself and builds the matches from the
board games, as ours does. Two things of the real Swiss-Manager file it cannot take are given
to it otherwise (and only to it; ours reads the file as it is), neither changing a team's
match or game points:

- the players' points (columns 81-84) are written as their results add up (1-½-0): the
  file gives some players of a team that had no match a point for that round, which no
  scoring system adds up to, and gacrux refuses such a file;
- a forfeit paired without colours gets ``w``/``b``, as :func:`gacrux_reference.gacrux_text`
  does.
"""

from __future__ import annotations

import copy
import functools
from fractions import Fraction
from pathlib import Path
from typing import Any

from gacrux import tiebreak, trf2json
from gacrux_reference import as_fraction, gacrux_text

__all__ = ["gacrux_team_ranks", "gacrux_teams", "team_text"]

_POINTS = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "W": 2, "D": 1, "L": 0, "H": 1, "F": 2, "U": 2}
"""A round's result in half points (1-½-0), as its symbol in column 8 of the round."""


def team_text(text: str) -> str:
    """*text* as gacrux can read it (see the module's docstring)."""
    out = []
    for line in gacrux_text(text).splitlines(keepends=True):
        if line.startswith("001"):
            body = line.rstrip("\r\n")
            halves = sum(_POINTS.get(body[s + 7 : s + 8], 0) for s in range(91, len(body), 10))
            line = f"{line[:80]}{halves / 2:4.1f}{line[84:]}"
        out.append(line)
    return "".join(out)


@functools.cache
def _parsed(path: Path) -> dict[str, Any]:
    chessfile = trf2json.trf2json()
    chessfile.parse_file(team_text(path.read_text(encoding="utf-8")), True)
    tournament: dict[str, Any] = chessfile.get_tournament(1)
    return tournament


@functools.cache
def _result(
    path: Path, descriptors: tuple[str, ...], start: str, current_round: int = -1
) -> dict[str, Any]:
    tournament = copy.deepcopy(_parsed(path))
    tournament.setdefault("tournamentInfo", {})["startDate"] = start
    params = {
        "tiebreak": list(descriptors),
        "check": False,
        "unrated": None,
        "pre_determined": False,
        "swiss": True,
    }
    result: dict[str, Any] = tiebreak.tiebreak(tournament, current_round, params).compute_tiebreaks(
        tournament, params
    )
    return result


def gacrux_teams(
    path: Path, descriptors: tuple[str, ...], start: str, current_round: int = -1
) -> dict[int, tuple[Fraction | None, ...]]:
    """gacrux's values of *descriptors* (its own spelling: ``MPTS``, ``BH:GP`` ...) for
    every team of the TRF at *path*, by team pairing number, with the event starting on
    *start* (an ISO date: it chooses the rules), after round *current_round* (-1: every
    round of the event, as its ``-n`` leaves it)."""
    result = _result(path, descriptors, start, current_round)
    return {
        c["cid"]: tuple(as_fraction(v) for v in c["tiebreakScore"]) for c in result["competitors"]
    }


def gacrux_team_ranks(path: Path, descriptors: tuple[str, ...], start: str) -> dict[int, int]:
    """gacrux's rank of every team by *descriptors* (as :func:`gacrux_teams`), by team
    pairing number: what a tie-break that places the teams tied so far (``EDE``, ``TBR``
    ...) is compared by, its values being gacrux's own bookkeeping of the places."""
    result = _result(path, descriptors, start)
    return {c["cid"]: c["rank"] for c in result["competitors"]}
