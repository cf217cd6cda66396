"""FIDE's titles for over-the-board chess, as the library writes them.

The Title Regulations (B.01, 0.31 since the 2014 text) list eight titles for over-the-board
standard chess: the open titles Grandmaster, International Master, FIDE Master and
Candidate Master, and the women's titles of the same names. Four of them are gained by
norms (:data:`~xlfuncs.core.norms.NORM_TITLES`, with their figures); the norms' titled
opponents are all but the candidate masters (:data:`~xlfuncs.core.norms.COUNTING_TITLES`).
"""

from __future__ import annotations

from typing import Final

__all__ = ["FIDE_TITLES"]

FIDE_TITLES: Final[tuple[str, ...]] = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
"""FIDE's titles for over-the-board chess (B.01 0.31): the open ones strongest first, then
the women's, as FIDE's rating list and TRF-2026 write them."""
