"""The entries of a TRF that stand for the bye, not for a player: the pseudo-player German
tournament files list as ``spielfrei`` ("free of play"), or ``bye``, which a pairing
program may make the opponent of whoever has the bye.

Such an entry is no player: the event's figures leave it out (it gets no row in a
crosstable, is not counted among the players), and a round against it is the bye it
stands for, read as the file would write that bye without an opponent (``+``: the
pairing-allocated bye; ``-``: a zero-point bye; :meth:`~xlfuncs.trf.parser.RoundEntry.outcome`).
FIDE's example file ``karl-mala-2005.trf`` (tests/data/real) lists one, no. 284
``spielfrei``, unrated, no FIDE id, 0 points, its one round ``0000 - -``.

An entry is taken for one only when everything says so: the name alone (stripped, any
case) is one of :data:`NAMES`, and it has no rating, no FIDE id, and no round it scored in
or played (each round blank, unpaired, or a loss without play: ``-``, ``Z``). A real
player called so would have a rating, an id or a game.
"""

from __future__ import annotations

from .parser import Player, RoundEntry, Tournament

__all__ = ["NAMES", "bye_round", "is_pseudo_player", "pseudo_players"]

NAMES = frozenset({"spielfrei", "bye", "freilos"})
"""The names (lower case) pairing programs give the bye's pseudo-player."""

_NO_PLAY = frozenset({" ", "-", "Z"})
"""Round results of an entry that never played nor scored (blank, a forfeit loss, a
zero-point bye)."""


def is_pseudo_player(p: Player) -> bool:
    """Whether *p* is the bye's pseudo-player (see the module's docstring)."""
    return (
        p.name.strip().lower() in NAMES
        and p.rating is None
        and not p.fide_id
        and all(e.result in _NO_PLAY for e in p.rounds)
    )


def pseudo_players(t: Tournament) -> frozenset[int]:
    """The starting ranks of the tournament's pseudo-players."""
    return frozenset(p.start_no for p in t.players if is_pseudo_player(p))


def bye_round(e: RoundEntry) -> RoundEntry:
    """*e*, a round against a pseudo-player, as the bye it stands for: the same round and
    result without an opponent or colour (``+`` the pairing-allocated bye, ``-`` a
    zero-point bye, as the file writes a bye the old way)."""
    return RoundEntry(e.round, None, None, e.result, e.text)
