"""An event's scoring system: what each result is worth in points (TRF-2026 record ``162``,
"scoring point system for individuals", also the game points of a team event; FIDE's
default 1-½-0). Games of less than one move score as the win, draw or loss they are. The
rating tie-breaks and every rating calculation read the game's result, 1, ½ or 0, whatever
the scoring system (a rating is about results, not points).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Final

from .errors import InvalidInputError
from .results import Outcome

__all__ = ["DEFAULT_SCORING", "ScoringSystem", "read_scoring"]


@dataclass(frozen=True)
class ScoringSystem:
    """The points of each kind of result (TRF-2026 record ``162``'s six symbols)."""

    win: Fraction = Fraction(1)
    """``W``: a win over the board or by forfeit, a full-point bye."""
    draw: Fraction = Fraction(1, 2)
    """``D``: a draw over the board, a half-point bye."""
    loss: Fraction = Fraction(0)
    """``L``: a loss over the board."""
    absence: Fraction = Fraction(0)
    """``A``: a zero-point bye, a forfeit loss."""
    pairing_bye: Fraction | None = None
    """``P``: the pairing-allocated bye; ``None``: as a win."""
    unknown: Fraction | None = None
    """``X``: a result not known (an adjourned game); ``None``: as a draw. No round entry of
    a TRF's ``001`` line writes one."""
    overrides: tuple[tuple[Outcome, Fraction], ...] = ()
    """Results that score otherwise than their symbol says (TRF-2026 record ``299`` with a
    type and neither round nor player: a forfeit win worth 0, say), in the order given."""

    def points(self, outcome: Outcome) -> Fraction:
        """What *outcome* scores.

        >>> three = ScoringSystem(Fraction(3), Fraction(1))
        >>> three.points(Outcome.WIN), three.points(Outcome.HALF_BYE)
        (Fraction(3, 1), Fraction(1, 1))
        """
        return self._table[outcome]

    @cached_property
    def _table(self) -> dict[Outcome, Fraction]:
        pab = self.win if self.pairing_bye is None else self.pairing_bye
        table = {
            Outcome.WIN: self.win,
            Outcome.FORFEIT_WIN: self.win,
            Outcome.SHORT_WIN: self.win,
            Outcome.FULL_BYE: self.win,
            Outcome.DRAW: self.draw,
            Outcome.SHORT_DRAW: self.draw,
            Outcome.HALF_BYE: self.draw,
            Outcome.LOSS: self.loss,
            Outcome.SHORT_LOSS: self.loss,
            Outcome.FORFEIT_LOSS: self.absence,
            Outcome.ZERO_BYE: self.absence,
            Outcome.PAIRING_BYE: pab,
        }
        table.update(self.overrides)
        return table

    @property
    def is_default(self) -> bool:
        """Whether every result scores as FIDE's default (1, ½, 0; a pairing-allocated bye
        as a win)."""
        return all(self.points(o) == o.points for o in Outcome)

    @property
    def unit(self) -> int:
        """The smallest whole number *u* such that every result's points times *u* is a whole
        number (2 for the default: half points)."""
        values = [*self._table.values(), self.unknown if self.unknown is not None else self.draw]
        return lcm(2, *(v.denominator for v in values))

    @property
    def text(self) -> str:
        """The system as arbiters write it: ``1-½-0``, ``3-1-0`` (win, draw, loss), with the
        byes and absences that differ from what those give.

        >>> ScoringSystem(Fraction(3), Fraction(1)).text
        '3-1-0'
        >>> ScoringSystem(pairing_bye=Fraction(1, 2)).text
        '1-½-0, pairing-allocated bye ½'
        """

        def shown(v: Fraction) -> str:
            whole, part = divmod(v, 1)
            if part == Fraction(1, 2):
                return "½" if whole == 0 else f"{whole}½"
            return str(v) if v.denominator == 1 else f"{float(v):g}"

        text = "-".join(shown(v) for v in (self.win, self.draw, self.loss))
        extra = []
        if self.absence != 0:
            extra.append(f"absence {shown(self.absence)}")
        if self.pairing_bye is not None and self.pairing_bye != self.win:
            extra.append(f"pairing-allocated bye {shown(self.pairing_bye)}")
        if self.unknown is not None and self.unknown != self.draw:
            extra.append(f"unknown result {shown(self.unknown)}")
        extra += [f"{o.symbol} {shown(v)}" for o, v in self.overrides]
        return ", ".join([text, *extra])


DEFAULT_SCORING: Final = ScoringSystem()
"""FIDE's default: 1, ½, 0; a pairing-allocated bye as a win."""


_EXTRAS: Final = {
    "absence": "absence",
    "pairing-allocated bye": "pairing_bye",
    "unknown result": "unknown",
}
"""The parts after the win-draw-loss figures that :attr:`ScoringSystem.text` writes."""


def _figure(text: str, what: str, given: str) -> Fraction:
    """A point figure as :attr:`ScoringSystem.text` writes it (``3``, ``½``, ``1½``,
    ``0.5``, ``2.5``)."""
    t = text.strip().replace(",", ".")
    whole = t.removesuffix("½")
    try:
        value = Fraction(whole) if whole else Fraction(0)
    except (ValueError, ZeroDivisionError):
        raise InvalidInputError(
            f"scoring: {what} {text.strip()!r} is not a number of points, in {given!r}"
        ) from None
    if t.endswith("½"):
        value += Fraction(1, 2)
    if value < 0:
        raise InvalidInputError(f"scoring: {what} {text.strip()!r} is negative, in {given!r}")
    return value


def read_scoring(text: str | None) -> ScoringSystem:
    """The scoring system *text* names, as :attr:`ScoringSystem.text` writes it: the points
    of a win, a draw and a loss (``3-1-0``, ``1-½-0``, ``2-1-0``), then, comma-separated, an
    ``absence`` (zero-point bye, forfeit loss), a ``pairing-allocated bye`` or an ``unknown
    result`` that differ from what those give. ``None`` or blank: FIDE's default. Anything
    else raises :class:`InvalidInputError` saying what. Record ``299``'s results that score
    otherwise (:attr:`ScoringSystem.overrides`) have no such text.

    >>> read_scoring("3-1-0") == ScoringSystem(Fraction(3), Fraction(1))
    True
    >>> s = read_scoring("1-½-0, pairing-allocated bye ½")
    >>> s.pairing_bye, read_scoring(s.text) == s, read_scoring(" ") == DEFAULT_SCORING
    (Fraction(1, 2), True, True)
    """
    if text is None or not text.strip():
        return DEFAULT_SCORING
    head, *rest = text.split(",") if text.count("-") >= 2 else [text]
    figures = head.strip().split("-")
    if len(figures) != 3:
        raise InvalidInputError(
            f"scoring: expected the points of a win, a draw and a loss (3-1-0, 1-½-0), "
            f"got {text.strip()!r}"
        )
    win, draw, loss = (_figure(f, w, text) for f, w in zip(figures, ("win", "draw", "loss")))
    extra: dict[str, Fraction] = {}
    for part in rest:
        part = part.strip()
        for label, key in _EXTRAS.items():
            if part.lower().startswith(label + " "):
                extra[key] = _figure(part[len(label) :], label, text)
                break
        else:
            raise InvalidInputError(
                f"scoring: {part!r} is not one of {', '.join(_EXTRAS)} and its points, in "
                f"{text.strip()!r}"
            )
    return ScoringSystem(
        win,
        draw,
        loss,
        extra.get("absence", Fraction(0)),
        extra.get("pairing_bye"),
        extra.get("unknown"),
    )
