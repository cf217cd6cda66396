"""How many rounds the event has in all (``N``: ``142``, else ``XXR``) and how many of them
the standing counts (``R``, the last played over the board): a file written mid-event ranks
on rounds 1..R, the byes already entered for later rounds listed apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.results import Outcome
from ..core.tournament import Pairing
from ..text_output import counted as counted_text
from .numbers import rounds_number
from .parser import Tournament

__all__ = ["LaterBye", "later_byes", "planned_rounds", "standing_text"]


def planned_rounds(t: Tournament) -> int | None:
    """The event's rounds in all: the first ``142``, else the first ``XXR``, as a number of
    rounds (:func:`~xlfuncs.trf.numbers.rounds_number`); ``None`` when neither gives one.

    >>> from xlfuncs.trf import parse_trf
    >>> planned_rounds(parse_trf("XXR 9")), planned_rounds(parse_trf("142 7\\nXXR 9"))
    (9, 7)
    >>> planned_rounds(parse_trf("012 X")) is None
    True
    """
    for code in ("142", "XXR"):
        r = t.record(code)
        found = None if r is None else rounds_number(r.text[3:])
        if found is not None:
            return found
    return None


def standing_text(counted: int, planned: int | None, in_file: int) -> str:
    """What the report says of the rounds: ``"9 rounds"`` for an event complete, ``"after
    round 4 of 9"`` mid-event (*counted* rounds of *planned*; the file writing *in_file*).

    >>> standing_text(9, 9, 9), standing_text(4, 9, 5), standing_text(4, None, 5)
    ('9 rounds', 'after round 4 of 9', 'after round 4 (of 5 in the file; XXR or 142 gives no more)')
    >>> standing_text(5, None, 5)
    '5 rounds'
    """
    if planned is not None and counted < planned:
        return f"after round {counted} of {planned}"
    if counted < in_file:
        return f"after round {counted} (of {in_file} in the file; XXR or 142 gives no more)"
    return counted_text(max(counted, in_file), "round")


@dataclass(frozen=True)
class LaterBye:
    """A bye (or a forfeit without an opponent) entered for a round not counted yet."""

    round: int
    outcome: Outcome

    def __str__(self) -> str:
        from ..text_output import points_text

        return f"round {self.round}: {self.outcome.symbol} ({points_text(self.outcome.points)})"


def later_byes(pairings: Sequence[Pairing], counted: int) -> tuple[LaterBye, ...]:
    """The byes a player has entered after round *counted*: rounds without an opponent
    whose result is given (``H``, ``F``, ``U``, ``Z``, an old-style ``+``/``=``/``-``)."""
    return tuple(
        LaterBye(r, p.outcome)
        for r, p in enumerate(pairings, start=1)
        if r > counted and p.opponent is None and p.outcome is not None
    )
