"""A player's sex as the files write it, and the one thing the rules take from it: a woman
may make the women's norms (WGM, WIM; Title Regulations 1.2).

A TRF-16 player record (``001``, column 10) writes ``m`` or ``w`` (or blank); some programs
write ``f`` for a woman, in either case. FIDE's rating list writes ``M`` or ``F``.
"""

from __future__ import annotations

from typing import Final

__all__ = ["WOMAN_MARKS", "is_woman", "list_sex", "trf_sex"]

WOMAN_MARKS: Final = frozenset({"w", "f"})
"""The sex fields (any case) that mark a woman."""


def is_woman(sex: str | None) -> bool:
    """Whether a sex field marks a woman (:data:`WOMAN_MARKS`, any case, blanks around it
    ignored); ``m``, blank or ``None``: not.

    >>> is_woman("w"), is_woman("F"), is_woman(" m "), is_woman(None)
    (True, True, False, False)
    """
    return sex is not None and sex.strip().lower() in WOMAN_MARKS


def list_sex(sex: str) -> str:
    """A TRF's sex field as FIDE's rating list writes it: ``M``, ``F``, or ``""`` where it
    says neither.

    >>> list_sex("m"), list_sex("w"), list_sex("f"), list_sex("")
    ('M', 'F', 'F', '')
    """
    if is_woman(sex):
        return "F"
    return "M" if sex.strip().lower() == "m" else ""


def trf_sex(sex: str) -> str:
    """The rating list's sex field as a TRF writes it: ``m``, ``w``, or ``""`` where it says
    neither.

    >>> trf_sex("M"), trf_sex("F"), trf_sex("")
    ('m', 'w', '')
    """
    return {"M": "m", "F": "w"}.get(sex, "")
