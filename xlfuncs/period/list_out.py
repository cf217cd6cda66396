"""``--list-out``: the period's new ratings as a rating list in FIDE's combined TXT layout
(``players_list_foa.txt``), so that the next period reads it with ``--rating-list``. What the
list holds, per rate of play the period rated: ``docs/period.md``, *The new list*; K for the
next period is 10 once the new rating reaches 2400 (core's K rule, 8.3.3), else the K this
period started from.

A combined TXT input list that the cache has indexed (the command indexes it before rating)
is not read and formatted again: the lines of the players the period leaves as they were are
copied through as the list writes them, and only the other players' lines are written anew
(:func:`xlfuncs.ratinglist.rewrite_combined`); the list read back is the same.
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.rating_change import KRule, k_rule
from ..core.sex import list_sex
from ..output import write_atomically
from ..ratinglist import (
    ListFile,
    ListPlayer,
    RateRating,
    combined_line,
    is_indexed,
    read_list,
    rewrite_combined,
    write_combined,
)
from ..trf.k_policy import ASSUMED_GAMES
from .rows import Period, PeriodRow

__all__ = ["new_list", "write_new_list"]

_NO_RATING = object()
"""A rate whose rating is taken away (below the floor)."""


def _next_k(row: PeriodRow) -> int | None:
    """K for the next period of a rated player."""
    if row.new_rating is None or row.k_listed is None:
        return row.k_listed
    reached = row.k_listed == 10
    if k_rule(row.new_rating, ASSUMED_GAMES, None, reached) is KRule.REACHED_2400:
        return KRule.REACHED_2400.k
    return row.k_listed


def _update(row: PeriodRow, day: _dt.date) -> RateRating | None | object:
    """The player's rating at the row's rate on the new list; ``None``: no change."""
    if row.rating is not None:
        if row.new_rating is None or row.new_rating_note is not None:
            return _NO_RATING
        return RateRating(row.new_rating, row.games, _next_k(row))
    if row.initial_rating is not None and row.initial_rating_published:
        k = k_rule(row.initial_rating, row.games, row.birth_year, False, day).k
        return RateRating(row.initial_rating, row.games, k)
    return None


@dataclass(frozen=True)
class _Changes:
    """What the period changes in the list: each rate's new figures by FIDE id."""

    rates: tuple[str, ...]
    """The rates of play the period rated: every listed player's games there become 0."""
    by_id: dict[str, dict[str, RateRating | None | object]]
    rows: dict[str, PeriodRow]
    own: dict[str, tuple[str, str]]
    """(sex as the list writes it, title) by FIDE id, as the tournament files give them."""

    def _with_own(self, p: ListPlayer) -> ListPlayer:
        """*p* with the files' sex and title where the list gives none (only for the players
        whose line is written anew: the others' lines are copied as the list has them)."""
        if p.fide_id not in self.by_id:
            return p
        sex, title = self.own.get(p.fide_id, ("", ""))
        if not p.sex and sex:
            p = replace(p, sex=sex, woman=p.woman or sex == "F")
        if not p.title and not p.w_title and title:
            p = replace(p, title=title, w_title=title if title.startswith("W") else "")
        return p

    def updated(self, p: ListPlayer) -> ListPlayer:
        """*p* of the input list on the new list."""
        updates = self.by_id.get(p.fide_id, {})
        new: dict[str, RateRating | None] = {}
        for rate in self.rates:
            if rate in updates:
                u = updates[rate]
                new[rate] = u if isinstance(u, RateRating) else None
            else:
                old = p.at(rate)
                new[rate] = None if old is None else replace(old, games=0)
        return self._with_own(
            replace(
                p,
                standard=new.get("standard", p.standard),
                rapid=new.get("rapid", p.rapid),
                blitz=new.get("blitz", p.blitz),
            )
        )

    def newcomers(self, seen: set[str]) -> Iterator[ListPlayer]:
        """The period's players not in the input list (*seen*: the ids it holds) who get a
        rating, by FIDE id."""
        for fide_id in sorted(set(self.by_id) - seen, key=lambda i: (len(i), i)):
            r = self.rows[fide_id]
            rated = {
                rate: u for rate, u in self.by_id[fide_id].items() if isinstance(u, RateRating)
            }
            if not rated:
                continue
            yield self._with_own(
                ListPlayer(
                    fide_id=fide_id,
                    name=r.name,
                    federation=r.federation,
                    sex="",
                    title="",
                    w_title="",
                    o_title="",
                    foa_title="",
                    standard=rated.get("standard"),
                    rapid=rated.get("rapid"),
                    blitz=rated.get("blitz"),
                    birth_year=r.birth_year,
                    inactive=False,
                    woman=False,
                )
            )


def _changes(period: Period) -> _Changes:
    events = sorted((e for s in period.sections for e in s.events), key=lambda e: e.date)
    day = events[-1].date if events else _dt.date.today()
    by_id: dict[str, dict[str, RateRating | None | object]] = {}
    rows: dict[str, PeriodRow] = {}
    for s in period.sections:
        for r in s.rows:
            if r.fide_id is None:
                continue
            rows.setdefault(r.fide_id, r)
            change = _update(r, day)
            if change is not None:
                by_id.setdefault(r.fide_id, {})[s.rate] = change
    own: dict[str, tuple[str, str]] = {}
    for e in events:
        for p in e.players:
            if p.fide_id is None:
                continue
            sex, title = own.get(p.fide_id, ("", ""))
            own[p.fide_id] = (list_sex(p.sex) or sex, p.title or title)
    return _Changes(tuple(s.rate for s in period.sections), by_id, rows, own)


def new_list(period: Period, base: Iterable[ListPlayer] | None = None) -> Iterator[ListPlayer]:
    """The players of the new list: *base* (the input list, streamed) updated with the
    period, then the period's players the list does not hold, by FIDE id."""
    changes = _changes(period)
    seen: set[str] = set()
    for p in base or ():
        seen.add(p.fide_id)
        yield changes.updated(p)
    yield from changes.newcomers(seen)


def write_new_list(
    path: str | os.PathLike[str],
    period: Period,
    base: str | os.PathLike[str] | None = None,
) -> int:
    """Write the new list to *path* (CRLF, as FIDE's files; atomically): the players of
    :func:`new_list`, *base* being the input list's file, whose unchanged lines are copied
    through when the cache has indexed it (the module's docstring). Returns the number of
    players written."""
    changes = _changes(period)
    count = 0

    def write(target: Path) -> None:
        nonlocal count
        if base is not None and is_indexed(base):
            with ListFile(base) as listing:
                if listing.kind == "combined" and listing.format == "txt":
                    with open(target, "wb") as out:
                        count, seen = rewrite_combined(
                            listing, out, changes.by_id, changes.rates, changes.updated
                        )
                        for p in changes.newcomers(seen):
                            out.write(combined_line(p).encode("utf-8") + b"\r\n")
                            count += 1
                    return
        with open(target, "w", encoding="utf-8", newline="\r\n") as out:
            players = read_list(base) if base is not None else None
            count = write_combined(new_list(period, players), out)

    write_atomically(path, write)
    return count
