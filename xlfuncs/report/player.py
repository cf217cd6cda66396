"""``xlfuncs report --player N``: one player's figures with their working (each tie-break,
the rating change, an unrated player's first rating), from the event as read once;
:mod:`xlfuncs.report.player_render` prints it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.errors import XlfuncsError
from ..core.first_rating_working import FirstRatingWorking, first_rating_working
from ..core.rating_working import RatingWorking, rating_working
from ..core.tiebreak_working import TiebreakWorking, player_working
from ..event import AnalysedEvent
from ..text_output import without_argument
from ..trf.k_policy import PlayerK

__all__ = ["PlayerReport", "player_report"]


@dataclass(frozen=True)
class PlayerReport:
    """One player's figures and their working."""

    start_no: int
    """As the file writes it."""
    name: str
    rating: int | None
    """The file's (or the rating list's) rating, which the tie-breaks read."""
    points: Fraction
    rank: int
    tiebreak_edition: str
    """The C.07 text used: ``"2023"`` or ``"2026"``."""
    tiebreaks: tuple[TiebreakWorking, ...]
    """Each tie-break's working, in the order they rank (players named by start number)."""
    rating_change: RatingWorking | None
    """``None`` for a player without one (:attr:`no_change`)."""
    k: PlayerK
    no_change: str | None
    """Why there is no rating change (an unrated player), else ``None``."""
    start_numbers: tuple[int, ...]
    """The crosstable's players' start numbers (number *i* is ``start_numbers[i-1]``)."""
    first_rating: FirstRatingWorking | None = None
    """An unrated player's first rating, line by line (``None``: :attr:`no_first_rating`)."""
    no_first_rating: str | None = None
    """Why an unrated player has no first-rating working, else ``None``."""


def player_report(event: AnalysedEvent, start_no: int) -> PlayerReport:
    """The working of the player with start number *start_no*. Raises ``LookupError`` when
    the file has no such player."""
    numbers = tuple(q.start_no for q in event.players)
    if start_no not in numbers:
        raise LookupError(start_no)
    number = numbers.index(start_no) + 1  # in the crosstable
    ranked = event.standings
    p = event.players[number - 1]
    change = rating_working(event.crosstable, number)
    no_change = None
    if change is None:
        no_change = (
            "unrated (or no FIDE id): no rating change"
            if event.crosstable.entrants[number - 1].rating is None
            else "K not known: no rating change"
        )
    first = None
    no_first = None
    if event.crosstable.entrants[number - 1].rating is None:
        try:
            first = first_rating_working(event.crosstable, number)
        except XlfuncsError as exc:
            no_first = without_argument(str(exc))
    return PlayerReport(
        start_no=p.start_no,
        name=p.name,
        rating=event.file_ratings.entrants[number - 1].rating,
        points=ranked.table.points[number - 1],
        rank=ranked.table.ranks[number - 1],
        tiebreak_edition=ranked.table.edition.id,
        tiebreaks=player_working(ranked.table, number, numbers),
        rating_change=change,
        k=event.ks[number - 1],
        no_change=no_change,
        start_numbers=numbers,
        first_rating=first,
        no_first_rating=no_first,
    )
