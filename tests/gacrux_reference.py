"""FIDE's reference tie-break engine, ``gacrux`` (FIDE TEC's checker, MIT, in the ``[test]``
extra), run on a TRF of ``tests/data/``: the reference values of the tie-break tests.

:func:`reference` runs gacrux's own entry points (``trf2json``, then
``tiebreak.compute_tiebreaks``, as its command-line ``tiebreakchecker`` does) and caches the
answer; each file is parsed by gacrux once per test session (per worker).

Three things of a real file gacrux cannot take are given to it otherwise (and only to it;
ours reads the file as it is), the first two changing no tie-break:

- the start date is given to gacrux as an ISO date (its model's ``startDate``): gacrux reads
  no other spelling of ``042`` (``28. 07. 2005``, ``May 29, 2020``) and, without one, takes
  the newest rules;
- a forfeit paired with an opponent but written without colours (``153 - -``, as Karl-Mala
  2005 has twenty) gets ``w``/``b`` (the lower starting rank white): gacrux refuses a
  paired game without colours. A forfeit is not a game played, so no tie-break counts its
  colour (BPG and BWG count games played);
- a half-point bye written the old way, ``0000 - =`` (the Irish Chess Union's files), is
  given to gacrux as ``0000 - H``: gacrux reads TRF16's ``=`` as a draw played, with an
  opponent or without one, where ours reads the old format's half-point bye (docs/trf.md).
  This one changes the cuts (BH/C1 cuts a half-point bye first): it gives gacrux the
  reading ours makes, and every other value is then gacrux's.

gacrux counts the bye's pseudo-player (``spielfrei``, :mod:`xlfuncs.trf.pseudo_players`) as
a player; ours leaves it out. With ``players_only`` its ``001`` line is left out of what
gacrux reads, for the rules that count the players (a round robin's Koya limit, half of
the games each player has): in the files here it is nobody's opponent (docs/trf.md).
"""

from __future__ import annotations

import copy
import datetime as _dt
import functools
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from gacrux import tiebreak, trf2json

__all__ = ["NOT_FOR_GACRUX", "GacruxResult", "as_fraction", "gacrux_text", "reference"]

NOT_FOR_GACRUX = frozenset(
    {
        "crete-friendship-cup-2024-rapid.trf",
        "armstrong-cup-2011.trf",
        "bunratty-masters-2011.trf",
        "irish-intermediate-champs-2011.trf",
        "irish-junior-champs-2011.trf",
        "bunratty-minor-2011.trf",
        "gros-open-2010-after-round-4.trf",
    }
)
"""The real files of ``tests/data/real/`` gacrux cannot read: the Crete team event (rapid)
writes its team records (``013``) with Greek names in UTF-8, which gacrux reads one byte a
character, so its columns shift (``ValueError: invalid literal for int()``); the Irish
files' points count what their results do not show ("no score system adds the results ... up
to the points they report"), and the Armstrong Cup's team records name matches of fewer
boards than its teams have ("has only 1 games, but teamSize is 8"). The Gros open of 2010,
written after round 4 of 9 with byes entered for round 5 and forfeits without colours
(``39 - +``), is refused likewise ("no score system adds the results ... up to the points
they report")."""


@dataclass(frozen=True)
class GacruxResult:
    """gacrux's answer for one file: the rules it used and, by starting rank, the rank and
    the values (``None``, int or :class:`~decimal.Decimal`, in the descriptors' order)."""

    rules: str
    """The first day of the C.07 rules gacrux used: ``2024-08-01`` or ``2026-03-01``."""
    ranks: dict[int, int]
    values: dict[int, tuple[object, ...]]


def gacrux_text(text: str) -> str:
    """*text* as gacrux can read it (see the module's docstring)."""
    out = []
    for line in text.splitlines(keepends=True):
        if line.startswith("001"):
            chars = list(line)
            own = int(line[4:8])
            for s in range(91, len(line.rstrip("\r\n")), 10):
                opp = line[s : s + 4].strip()
                if (
                    opp.isdigit()
                    and int(opp) != 0
                    and len(line) > s + 5
                    and line[s + 5] not in "wb"
                ):
                    chars[s + 5] = "w" if own < int(opp) else "b"
                if line[s : s + 8] == "0000 - =":
                    chars[s + 7] = "H"
            line = "".join(chars)
        out.append(line)
    return "".join(out)


def _players_only(text: str) -> str:
    """*text* without the ``001`` lines of the bye's pseudo-players."""
    from xlfuncs.trf import parse_trf
    from xlfuncs.trf.pseudo_players import pseudo_players

    pseudo = pseudo_players(parse_trf(text))
    return "".join(
        line
        for line in text.splitlines(keepends=True)
        if not (line.startswith("001") and int(line[4:8]) in pseudo)
    )


@functools.cache
def _parsed(path: Path, players_only: bool = False) -> dict[str, Any]:
    """The file as gacrux reads it (its JSON model), parsed once: the slow part."""
    chessfile = trf2json.trf2json()
    text = path.read_text(encoding="latin-1")
    chessfile.parse_file(gacrux_text(_players_only(text) if players_only else text), True)
    tournament: dict[str, Any] = chessfile.get_tournament(1)
    return tournament


@functools.cache
def reference(
    path: Path,
    descriptors: tuple[str, ...],
    *,
    start: _dt.date | None,
    round_robin: bool,
    unrated: int | None = None,
    current_round: int | None = None,
    players_only: bool = False,
) -> GacruxResult:
    """gacrux's tie-breaks of the TRF at *path* (``PTS`` first, then *descriptors*), with
    the event starting on *start* (which chooses the rules), the round-robin rules or the
    Swiss ones, and *unrated* the rating of unrated players (``None``: none); the standing
    after round *current_round* (``None``: every round of the event, ``XXR``); with
    *players_only*, without the bye's pseudo-players (see the module's docstring)."""
    tournament = copy.deepcopy(_parsed(path, players_only))  # gacrux writes into it
    info = tournament.setdefault("tournamentInfo", {})
    info["startDate"] = start.isoformat() if start is not None else None
    params = {
        "tiebreak": ["PTS", *descriptors],
        "check": False,
        "unrated": unrated,
        "pre_determined": round_robin,
        "swiss": not round_robin,
    }
    current = -1 if current_round is None else current_round
    result = tiebreak.tiebreak(tournament, current, params).compute_tiebreaks(tournament, params)
    return GacruxResult(
        rules=result["rules"],
        ranks={c["cid"]: c["rank"] for c in result["competitors"]},
        values={c["cid"]: tuple(c["tiebreakScore"][1:]) for c in result["competitors"]},
    )


def as_fraction(value: object) -> Fraction | None:
    """A gacrux value exactly (it computes with :class:`~decimal.Decimal`)."""
    if value is None:
        return None
    if isinstance(value, (int, Decimal)):
        return Fraction(value)
    return Fraction(str(value))
