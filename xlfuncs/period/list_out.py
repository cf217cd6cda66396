"""``--list-out``: the period's new ratings as a rating list in FIDE's combined TXT layout
(``players_list_foa.txt``), written by the rating-list package's writer
(:func:`xlfuncs.ratinglist.write_combined`: one column table for its reader and writer), so
that the next period reads it with ``--rating-list``.

What the list holds, per rate of play the period rated:

- a rated player who played: the new rating, the period's rated games, and K for the next
  period: 10 once the new rating reaches 2400 (core's K rule, 8.3.3), else the K this period
  started from (the list's, the K file's or the assumed one: the other clauses need a career
  game count that neither a TRF nor the list carries);
- a rated player whose new rating is below the edition's floor: unrated at that rate (the
  regulations remove them from the list);
- an unrated player whose first rating would be published: that rating, the pooled games
  and core's K for a new player (40 while under 30 games);
- everyone else of the input list (``--rating-list``): as the list has them, with 0 games at
  the rates the period rated (the games column is the last period's games). Without an
  input list, only the period's players are written.
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from ..core.rating_change import KRule, k_factor, k_rule
from ..output import write_atomically
from ..ratinglist import ListPlayer, RateRating, write_combined
from ..trf.k_policy import ASSUMED_GAMES
from .rows import Period, PeriodRow

__all__ = ["new_list", "write_new_list"]

_NO_RATING = object()
"""A rate whose rating is taken away (below the floor)."""


def _next_k(row: PeriodRow) -> int | None:
    """K for the next period of a rated player (see the module's docstring)."""
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
        k = k_factor(row.initial_rating, row.games, row.birth_year, False, day)
        return RateRating(row.initial_rating, row.games, k)
    return None


def new_list(period: Period, base: Iterable[ListPlayer] | None = None) -> Iterator[ListPlayer]:
    """The players of the new list: *base* (the input list, streamed) updated with the
    period, then the period's players the list does not hold, by FIDE id."""
    days = [e.date for s in period.sections for e in s.events]
    day = max(days) if days else _dt.date.today()
    rates = [s.rate for s in period.sections]
    changes: dict[str, dict[str, RateRating | None | object]] = {}
    rows: dict[str, PeriodRow] = {}
    for s in period.sections:
        for r in s.rows:
            if r.fide_id is None:
                continue
            rows.setdefault(r.fide_id, r)
            change = _update(r, day)
            if change is not None:
                changes.setdefault(r.fide_id, {})[s.rate] = change
    seen: set[str] = set()
    for p in base or ():
        seen.add(p.fide_id)
        updates = changes.get(p.fide_id, {})
        new: dict[str, RateRating | None] = {}
        for rate in rates:
            if rate in updates:
                u = updates[rate]
                new[rate] = u if isinstance(u, RateRating) else None
            else:
                old = p.at(rate)
                new[rate] = None if old is None else replace(old, games=0)
        yield replace(
            p,
            standard=new.get("standard", p.standard),
            rapid=new.get("rapid", p.rapid),
            blitz=new.get("blitz", p.blitz),
        )
    for fide_id in sorted(set(changes) - seen, key=lambda i: (len(i), i)):
        r = rows[fide_id]
        updates = changes[fide_id]
        rated = {rate: u for rate, u in updates.items() if isinstance(u, RateRating)}
        if not rated:
            continue
        yield ListPlayer(
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


def write_new_list(
    path: str | os.PathLike[str], period: Period, base: Iterable[ListPlayer] | None = None
) -> int:
    """Write :func:`new_list` to *path* (CRLF, as FIDE's files; atomically). Returns the
    number of players written."""
    count = 0

    def write(target: Path) -> None:
        nonlocal count
        with open(target, "w", encoding="utf-8", newline="\r\n") as out:
            count = write_combined(new_list(period, base), out)

    write_atomically(path, write)
    return count
