"""FIDE's titles for over-the-board chess, as the library writes them, and how a TRF's
title field names them (Title Regulations B.01, 0.31 since the 2014 text). Those gained by
norms: :data:`~xlfuncs.core.norms.NORM_TITLES`; those a norm's titled opponents hold:
:data:`~xlfuncs.core.norms.COUNTING_TITLES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = ["FIDE_TITLES", "TRF_TITLE_CODES", "trf_title"]

FIDE_TITLES: Final[tuple[str, ...]] = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
"""FIDE's titles for over-the-board chess (B.01 0.31): the open ones strongest first, then
the women's, as FIDE's rating list and TRF-2026 write them."""

TRF_TITLE_CODES: Final[Mapping[str, str]] = MappingProxyType(
    {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}
)
"""The lower-case codes older TRF16 files write in the title field (``g`` GM, ``wm`` WIM
...), each with its title in :data:`FIDE_TITLES`."""


def trf_title(text: str | None) -> str | None:
    """The FIDE title a TRF's title field names, as FIDE writes it (``GM``) or in the older
    code (``g``), exactly in that case; ``None`` for anything else (blank, ``gm``).

    >>> trf_title("WFM"), trf_title(" wg "), trf_title("gm"), trf_title(None)
    ('WFM', 'WGM', None, None)
    """
    t = (text or "").strip()
    return t if t in FIDE_TITLES else TRF_TITLE_CODES.get(t)
