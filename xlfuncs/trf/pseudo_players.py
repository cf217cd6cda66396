"""The entries of a TRF that stand for the bye, not for a player (``spielfrei``, ``bye``):
left out of the event's figures, a round against one read as the bye it stands for
(``docs/trf.md``). An entry is taken for one only when everything says so: the name alone
is one of :data:`NAMES`, and it has no rating, no FIDE id, and no round it scored in or
played.
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
    result without an opponent or colour (a bye written the old way)."""
    return RoundEntry(e.round, None, None, e.result, e.text)
