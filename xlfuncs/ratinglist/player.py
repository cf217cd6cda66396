"""One player of FIDE's rating list, typed."""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["RATES", "ListPlayer", "RateRating", "rate_name"]

RATES: tuple[str, ...] = ("standard", "rapid", "blitz")


def rate_name(rate: object) -> str:
    """*rate* as one of :data:`RATES`: the name itself (any case) or an enum member whose value
    is one (so that the core's rate of play, when it has one, can be passed as it is).

    >>> rate_name("Rapid")
    'rapid'
    """
    value = rate.value if isinstance(rate, enum.Enum) else rate
    if isinstance(value, str) and value.strip().lower() in RATES:
        return value.strip().lower()
    raise ValueError(f"rate: expected one of {', '.join(RATES)}, found {rate!r}")


@dataclass(frozen=True)
class RateRating:
    """A player's rating at one rate of play."""

    rating: int
    games: int
    """Games rated in the list's last period (the list gives no career total)."""
    k: int | None
    """``None`` when the list leaves it blank."""


@dataclass(frozen=True)
class ListPlayer:
    """One player of a rating list: what FIDE knows of them on that list's date."""

    fide_id: str
    """Digits, as the list writes them (no leading zeros in FIDE's ids)."""
    name: str
    federation: str
    """Three letters, ``""`` when blank."""
    sex: str
    """``M``, ``F`` or ``""``."""
    title: str
    """``GM``, ``IM``, ``FM``, ``CM``, ``WGM``, ``WIM``, ``WFM``, ``WCM`` or ``""``."""
    w_title: str
    o_title: str
    """Other titles as written, comma-separated (``FA,IA``)."""
    foa_title: str
    standard: RateRating | None
    """``None``: unrated at standard play (or the list is a single list of another rate)."""
    rapid: RateRating | None
    blitz: RateRating | None
    birth_year: int | None
    """``None`` when the list gives none (blank or ``0000``)."""
    inactive: bool
    """The ``i`` flag. In a single list it is the flag of that list's rate of play."""
    woman: bool
    """The ``w`` flag."""
    line_no: int = 0
    """Where the list gives the player (1-based line; ``0``: not from a file)."""

    def at(self, rate: object) -> RateRating | None:
        """The rating at *rate* (see :func:`rate_name`), ``None`` when unrated there."""
        rated: RateRating | None = getattr(self, rate_name(rate))
        return rated

    @property
    def flag(self) -> str:
        """The flag as the list writes it: ``i``, ``w``, ``wi`` or ``""``."""
        return ("w" if self.woman else "") + ("i" if self.inactive else "")
