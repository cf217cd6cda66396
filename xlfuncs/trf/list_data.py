"""A TRF's players with what FIDE's rating list says of them (:func:`with_list`: the one
place a list is applied, for every command).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..core.sex import trf_sex
from ..findings import Finding
from .parser import Player
from .rated import has_fide_id
from .short_list import short_list

if TYPE_CHECKING:
    from ..core.editions import Edition
    from ..ratinglist import ListExtract

__all__ = ["ListedPlayers", "has_fide_id", "with_list"]


@dataclass(frozen=True)
class ListedPlayers:
    """The players with the list's data in place of the file's, and what the list adds."""

    players: tuple[Player, ...]
    """In the order given; :attr:`~xlfuncs.trf.Player.rating`, ``sex``, ``title`` and
    ``federation`` and ``birth_year`` are the list's for a player the list holds."""
    k: Mapping[int, int]
    """K the list gives at the event's rate of play, by starting rank."""
    inactive: frozenset[int]
    """Starting ranks of the players the list flags inactive."""
    warnings: tuple[Finding, ...]


def with_list(
    players: Sequence[Player], rating_list: ListExtract, edition: Edition
) -> ListedPlayers:
    """*players* with the data of *rating_list* (rating at the event's rate of play, K, title,
    federation, sex, birth year) for those whose FIDE id it holds; where the file's rating
    differs, a warning names both. A player unrated at rapid or blitz is rated with the
    standard rating where *edition* says so (Rapid and Blitz 7.2.1:
    :func:`~xlfuncs.core.rating_change.rating_at_rate`). A list of another rate of play gives
    neither rating nor K, with a warning."""
    from ..core.rating_change import rating_at_rate
    from ..ratinglist import rate_name

    rate = rate_name(edition.rate)
    out: list[Player] = []
    ks: dict[int, int] = {}
    inactive: set[int] = set()
    warnings: list[Finding] = []
    missing: list[str] = []
    rated_here = rate in rating_list.rates
    if not rated_here:
        said = (
            f"rating list {rating_list.source}: it gives {'/'.join(rating_list.rates)} ratings "
            f"only, and the event is {rate} play: the list's ratings and K are not used (its "
            "titles, federations, sexes and birth years are)"
        )
        warnings.append(Finding("rating_list", "warning", said))
    for p in players:
        entry = rating_list.players.get(p.fide_id or "") if has_fide_id(p) else None
        if entry is None:
            if has_fide_id(p):
                missing.append(f"no. {p.start_no} ({p.fide_id})")
            out.append(p)
            continue
        if entry.inactive:
            inactive.add(p.start_no)
        rating = p.rating
        if rated_here:
            at = entry.at(rate)
            standard = entry.standard
            rating = rating_at_rate(
                None if at is None else at.rating,
                None if standard is None else standard.rating,
                rules=edition,
            )
            if at is not None and at.k is not None:
                ks[p.start_no] = at.k
            if rating != p.rating:
                file_says = "no rating" if p.rating is None else f"rating {p.rating}"
                if rating is None:
                    list_says, used = f"no {rate} rating", "unrated"
                elif at is None:
                    list_says = f"no {rate} rating but a standard one, {rating}"
                    used = f"{rating} used, as the rules say"
                else:
                    list_says, used = str(rating), f"{rating} used"
                said = (
                    f"no. {p.start_no} ({p.name}, FIDE id {p.fide_id}): the file gives "
                    f"{file_says}, the rating list {list_says}: {used} (the list's)"
                )
                warnings.append(Finding("rating_list", "warning", said, player=p.start_no))
        out.append(
            replace(
                p,
                rating=rating,
                sex=trf_sex(entry.sex) or p.sex,
                title=entry.title or entry.w_title,
                federation=entry.federation or p.federation,
                birth_year=entry.birth_year if entry.birth_year is not None else p.birth_year,
            )
        )
    if missing:
        said = (
            f"{len(missing)} player{'s' if len(missing) > 1 else ''} with a FIDE id not in the "
            f"rating list {rating_list.source} (the file's data used): {short_list(missing)}"
        )
        warnings.append(Finding("rating_list", "warning", said))
    return ListedPlayers(
        players=tuple(out),
        k=ks,
        inactive=frozenset(inactive),
        warnings=tuple(warnings),
    )
