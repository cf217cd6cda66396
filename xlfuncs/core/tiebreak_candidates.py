"""The tie-break lists an event that names none was most likely ranked by, and how close each
comes to the ranks a file gives: the one place for the candidates (C.07 4.1 leaves the list to
the event's regulations; ``docs/tiebreaks.md``, *Which list gave the file's ranks*, gives where
each comes from). A list *reproduces* a rank when the file's rank lies within the places the
list gives the player (:func:`fit_ranks`); :func:`best_fit` tries each in every C.07 edition
implemented.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from .tiebreaks import DEFAULT_ROUND_ROBIN_TIEBREAKS, DEFAULT_SWISS_TIEBREAKS, TiebreakTable

__all__ = [
    "CANDIDATES",
    "COMMON",
    "Candidate",
    "CandidateFit",
    "best_fit",
    "candidates_for",
    "fit_ranks",
]


@dataclass(frozen=True)
class Candidate:
    """One tie-break list (after the points) and who ranks by it."""

    descriptors: tuple[str, ...]
    """The descriptors, as C.07 writes them."""
    used_by: str
    """Who ranks by it, for the output: ``"lichess' Swiss list"``, :data:`COMMON`."""
    round_robin: bool | None = None
    """The kind of event it is for: ``True`` a round robin, ``False`` a Swiss, ``None``
    either."""

    @property
    def text(self) -> str:
        """``BH/C1, BH, SB``."""
        return ", ".join(self.descriptors)


COMMON = "a common list"
"""What a candidate is called that no program or federation named here ranks by by default."""

CANDIDATES: Final[tuple[Candidate, ...]] = (
    Candidate(DEFAULT_SWISS_TIEBREAKS, "xlfuncs' default list for a Swiss", False),
    Candidate(DEFAULT_ROUND_ROBIN_TIEBREAKS, "xlfuncs' default list for a round robin", True),
    Candidate(("SB",), "lichess' Swiss list", False),
    Candidate(("BH", "SB"), COMMON, False),
    Candidate(("BH/M1", "BH", "SB"), COMMON, False),
    Candidate(("BH/M1", "BH", "PS"), COMMON, False),
    Candidate(("BH/C1", "BH", "SB", "PS"), COMMON, False),
    Candidate(("BH/C1", "DE", "WIN", "BPG"), "the Swedish federation's Swiss list", False),
    Candidate(("DE", "SB", "WIN", "BPG"), "the Swedish federation's round-robin list", True),
    Candidate(("SB", "WIN"), COMMON, True),
)
"""Every candidate list, the defaults first (``docs/tiebreaks.md`` gives the source of
each)."""


def candidates_for(round_robin: bool) -> tuple[Candidate, ...]:
    """The candidates for a round robin or a Swiss.

    >>> [c.text for c in candidates_for(True)]
    ['DE, WIN, SB, KS', 'DE, SB, WIN, BPG', 'SB, WIN']
    """
    return tuple(c for c in CANDIDATES if c.round_robin in (None, round_robin))


def fit_ranks(ours: Sequence[int], given: Sequence[int | None]) -> int:
    """How many of the ranks *given* (the file's, ``None`` or 0: unranked, not counted) the
    ranks *ours* (every player's, same order) reproduce: a given rank within the places ours
    gives that player among the ranked players (its rank, or a later one among those level
    with it). The ranks are compared among the ranked players, so that a file that leaves
    withdrawn players unranked, and ranks those below them one place higher, still agrees.

    >>> fit_ranks([1, 2, 2, 4], [1, 3, 2, 4])  # level on everything: either order
    4
    >>> fit_ranks([1, 2, 3, 4], [2, 1, 3, 4])
    2
    >>> fit_ranks([1, 2, 3, 4], [1, None, 2, 3])  # no. 2 unranked: the others move up
    3
    """
    ranked = sorted(o for o, g in zip(ours, given) if g)
    return sum(
        1
        for o, g in zip(ours, given)
        if g and bisect_left(ranked, o) < g <= bisect_right(ranked, o)
    )


@dataclass(frozen=True)
class CandidateFit:
    """How close one candidate, in one C.07 edition, comes to the file's ranks."""

    candidate: Candidate
    edition: str
    """The C.07 edition's id (``"2023"``)."""
    agree: int
    """The file's ranks it reproduces (:func:`fit_ranks`)."""
    of: int
    """The file's ranks (players ranked in the file)."""

    @property
    def reproduces(self) -> bool:
        """Whether it reproduces every rank the file gives."""
        return self.agree == self.of

    @property
    def text(self) -> str:
        """``BH, SB (a common list; 2023 text of C.07)``."""
        return f"{self.candidate.text} ({self.candidate.used_by}; {self.edition} text of C.07)"


def best_fit(
    tables: Sequence[Callable[[], TiebreakTable]], given: Sequence[int | None], round_robin: bool
) -> CandidateFit | None:
    """The candidate that reproduces the most of the file's ranks *given* (one per player;
    ``None`` or 0 unranked), stopping at the first that reproduces them all; ``None`` when
    the file ranks no one. *tables* make the table of each edition to try, the event's own
    first, only when reached; the candidates are ranked on it
    (:meth:`~xlfuncs.core.tiebreaks.TiebreakTable.ranks_by`). Equal counts: the earlier
    edition, then the earlier candidate. Every candidate is in every edition (the tests)."""
    of = sum(1 for g in given if g)
    if not of:
        return None
    best: CandidateFit | None = None
    for make in tables:
        table = make()
        for c in candidates_for(round_robin):
            fit = CandidateFit(
                c, table.edition.id, fit_ranks(table.ranks_by(c.descriptors), given), of
            )
            if best is None or fit.agree > best.agree:
                best = fit
            if fit.reproduces:
                return fit
    return best
