"""Reading a rating period's tournament files: each file to a compact :class:`EventRead`
(the event and, per player, the games that can move a rating), in parallel processes
(:mod:`xlfuncs.parallel`) when there are many.

Each file is read as ``xlfuncs report`` reads it (:func:`~xlfuncs.event.analyse_event`);
what crosses back from a worker process is only plain tuples, small to pickle. With a rating
list, each worker looks its files' players up in the list's index in the cache folder (built
once, before the workers start). A file that cannot be read becomes a :class:`BadFile`
naming the file and line, never an exception that stops the other files.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..core.editions import RateOfPlay
from ..core.titles import trf_title
from ..event import EventOptions, analyse_event
from ..file_error import cannot_read_message
from ..findings import Finding
from ..parallel import in_workers
from ..ratinglist import RatingListIndex, open_index
from ..ratinglist.extract import index_event_list
from ..trf import TrfError, not_a_trf, parse_trf_bytes
from ..trf.k_policy import known_birth_year
from ..trf.list_data import has_fide_id
from ..trf.parser import read_trf_file

__all__ = [
    "PARALLEL_FROM",
    "BadFile",
    "EventRead",
    "PlayerEntry",
    "TRF_LIKE",
    "expand_inputs",
    "read_event",
    "read_events",
]

PARALLEL_FROM = 16
"""Fewer files than this are read in this process: starting workers costs more than it
saves."""

CHUNK = 64
"""Files a worker reads per task (fewer round trips between the processes)."""


_HALVES = {Fraction(0): 0, Fraction(1, 2): 1, Fraction(1): 2}
"""A rated game's points in half points (a lookup: quicker than arithmetic on fractions)."""


@dataclass(frozen=True)
class PlayerEntry:
    """One player as one file gives them."""

    start_no: int
    line_no: int
    """The player's ``001`` line in the file."""
    fide_id: str | None
    """``None``: none in the file (blank or all zeros: ``0`` is no one's id)."""
    name: str
    federation: str
    rating: int | None
    """The rating the event uses, as ``xlfuncs report``'s (``None``: unrated, a number that is
    no rating, or a rating without a FIDE id; the rating list's when one is given)."""
    k: int | None
    """K as ``xlfuncs report`` computes it for this event (the rating list's when it gives
    one; no K file: that is applied once, for the period)."""
    k_source: str | None
    """Where that K came from (:class:`~xlfuncs.trf.k_policy.KSource` label)."""
    birth_year: int | None
    games: tuple[tuple[int | None, int], ...]
    """The games with a rated result, in round order: (opponent's rating or ``None``, half
    points 2, 1 or 0)."""
    sex: str = ""
    """The file's own sex field (column 10) as written, ``""`` when blank (a rating list's
    sex does not replace it here: ``--list-out`` keeps the list's and adds the file's)."""
    title: str = ""
    """The file's own title as FIDE writes it (``GM``, ``WIM``: old-style codes read by
    :func:`~xlfuncs.core.titles.trf_title`), ``""`` for none or a field that is no title."""
    game_rounds: tuple[int, ...] = ()
    """The round (from 1) of each of :attr:`games`, in the same order."""


@dataclass(frozen=True)
class EventRead:
    """One file of the period, read."""

    path: str
    """As given (or found in a folder)."""
    source: str
    """The file's name, as messages name it."""
    name: str
    date: _dt.date
    """The event's date (start, else end, else first round; see
    :func:`~xlfuncs.trf.to_crosstable.event_date`)."""
    edition: str
    """The id of the edition of the Rating Regulations at :attr:`rate` in force on
    :attr:`date` (or given): ``get_edition(edition)`` gives it back."""
    round_robin: bool
    rate: str
    """The rate of play: ``standard``, ``rapid`` or ``blitz``."""
    players: tuple[PlayerEntry, ...]
    warnings: tuple[Finding, ...]
    """The reader's findings (as ``xlfuncs report`` gives them, without the file's name)."""
    end: _dt.date | None = None
    """The event's last day: the end date (``052``), else the latest round date (``132``);
    ``None``: neither (then :attr:`date` stands for it, :attr:`last_day`)."""
    round_dates: tuple[_dt.date | None, ...] = ()
    """Each round's date (``132``; ``None`` where not given), round 1 first."""

    @property
    def last_day(self) -> _dt.date:
        """The event's last day, :attr:`date` when the file gives none (at least the start)."""
        return self.date if self.end is None else max(self.end, self.date)


@dataclass(frozen=True)
class BadFile:
    """A file that cannot be rated, and why (the message names file and line)."""

    path: str
    message: str


TRF_LIKE = (".txt", ".trfx")
"""Suffixes under which tournament files are also saved: a folder's files with one are not
read, and each is named in a warning."""


def expand_inputs(
    paths: Sequence[str], warn: Callable[[str], None] | None = None
) -> tuple[list[str], list[BadFile]]:
    """The files the command line names: a folder stands for its ``.trf`` files (any case,
    not in subfolders), in name order; each of its files ending in one of :data:`TRF_LIKE`
    is not read and is named to *warn*, unless the command line names it too (a rating list
    is often kept beside the events; a TRF so saved is read when named). A path that is
    neither a file nor a folder is a :class:`BadFile`. The same file named twice is read once."""
    files: list[str] = []
    bad: list[BadFile] = []
    seen: set[tuple[int, int]] = set()
    not_read: list[Path] = []
    for given in paths:
        p = Path(given)
        if p.is_dir():
            children = sorted(p.iterdir(), key=lambda c: c.name)
            found = [c for c in children if c.suffix.lower() == ".trf" and c.is_file()]
            not_read.extend(c for c in children if c.suffix.lower() in TRF_LIKE and c.is_file())
            if not found:
                bad.append(BadFile(given, f"{given}: a folder with no .trf file"))
            candidates = [str(c) for c in found]
        elif p.exists():
            candidates = [given]
        else:
            bad.append(BadFile(given, f"cannot read {given}: no such file"))
            continue
        for c in candidates:
            try:
                st = os.stat(c)
                key = (st.st_dev, st.st_ino)
            except OSError:
                key = (-1, len(seen))
            if key in seen:
                continue
            seen.add(key)
            files.append(c)
    for unread in not_read:
        try:
            st = unread.stat()
        except OSError:
            continue  # gone since the folder was listed: nothing to name
        if warn is not None and (st.st_dev, st.st_ino) not in seen:
            warn(
                f"{unread}: not read (a folder stands for its .trf files only; name the file on "
                "the command line to read it as a TRF)"
            )
    return files, bad


def read_event(
    path: str,
    rules: str | None = None,
    rate: RateOfPlay | None = None,
    rating_list: RatingListIndex | None = None,
) -> EventRead | BadFile:
    """One file read with the command's ``--rules``, ``--rate`` and the open index of
    ``--rating-list`` (each ``None`` when not given)."""
    source = Path(path).name
    try:
        data = read_trf_file(path)
        t = parse_trf_bytes(data, source=source)
    except OSError as exc:
        return BadFile(path, cannot_read_message(exc, path, named=False))
    except TrfError as exc:  # too big, or malformed
        return BadFile(path, str(exc))
    why = not_a_trf(data, t)
    if why is not None:
        return BadFile(path, f"{source}: not a tournament report file: {why}")
    listed = None
    if rating_list is not None:
        listed = index_event_list(rating_list, (p.fide_id for p in t.players if p.fide_id))
    event = analyse_event(t, EventOptions(rules=rules, rate=rate, rating_list=listed))
    ct = event.crosstable
    own = {p.start_no: p for p in t.players}
    players = tuple(
        PlayerEntry(
            start_no=p.start_no,
            fide_id=p.fide_id if has_fide_id(p) else None,
            name=p.name,
            federation=p.federation,
            rating=entrant.rating,
            k=pk.k,
            k_source=None if pk.source is None else pk.source.label,
            birth_year=known_birth_year(p),
            games=tuple((r, _HALVES[w]) for r, w in ct.games(number)),
            sex=own[p.start_no].sex,
            title=trf_title(own[p.start_no].title) or "",
            game_rounds=ct.game_rounds(number),
            line_no=own[p.start_no].line_no,
        )
        for number, (p, pk, entrant) in enumerate(
            zip(event.players, event.ks, ct.entrants), start=1
        )
    )
    return EventRead(
        path=path,
        source=source,
        name=t.name,
        date=event.event_date,
        edition=ct.edition.id,
        round_robin=ct.round_robin,
        rate=event.rate.value,
        players=players,
        warnings=event.reader_warnings,
        end=t.end_date or max((d for d in t.round_dates if d is not None), default=None),
        round_dates=tuple(t.round_dates),
    )


def _read_chunk(
    paths: Sequence[str], rules: str | None, rate: RateOfPlay | None, list_path: str | None
) -> list[EventRead | BadFile]:
    if list_path is None:
        return [read_event(p, rules, rate) for p in paths]
    with open_index(list_path) as index:  # the parent built it: the cached index serves
        return [read_event(p, rules, rate, index) for p in paths]


def read_events(
    paths: Sequence[str],
    rules: str | None = None,
    rate: RateOfPlay | None = None,
    *,
    rating_list: RatingListIndex | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] = lambda _: None,
) -> list[EventRead | BadFile]:
    """Every file of *paths* read, in the same order; *jobs* processes read them when there
    are at least :data:`PARALLEL_FROM` files (else this process alone; so too when the
    *rating_list*'s index is in memory, the cache folder not writable). *progress* is called
    with the number of files read so far."""
    in_memory = rating_list is not None and rating_list.index_path is None
    if jobs <= 1 or len(paths) < PARALLEL_FROM or in_memory:
        out: list[EventRead | BadFile] = []
        for p in paths:
            out.append(read_event(p, rules, rate, rating_list))
            progress(len(out))
        return out
    list_path = None if rating_list is None else str(rating_list.list_path)
    chunks = [(paths[i : i + CHUNK], rules, rate, list_path) for i in range(0, len(paths), CHUNK)]
    results: list[EventRead | BadFile] = []
    # left early (interrupted, an error): the workers stopped, not waited for
    with contextlib.closing(in_workers(_read_chunk, chunks, jobs)) as parts:
        for part in parts:
            results.extend(part)
            progress(len(results))
    return results
