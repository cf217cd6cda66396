"""An index of a rating list's players, kept in the user's cache folder, so that a second run
on the same list looks its players up without reading the list again.

One SQLite file per list (``<cache>/rating-lists/<hash of the list's path>.sqlite``), keyed
by the list's absolute path, size and modification time: a list replaced by a newer one (or
touched) is read again, once. :func:`cache_dir` says where the cache is (``XLFUNCS_CACHE_DIR``
overrides it); ``xlfuncs cache`` lists what it holds and ``xlfuncs cache --clear`` removes
it (or delete the folder: nothing else is kept there).
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import sqlite3
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from .player import RATES, ListPlayer, RateRating
from .read import ListFile, RatingListError

__all__ = [
    "CACHE_ENV",
    "UNFINISHED",
    "CachedList",
    "Cleared",
    "RatingListIndex",
    "cache_dir",
    "cached_lists",
    "clear_cache",
    "is_indexed",
    "open_index",
    "unfinished_builds",
]

CACHE_ENV = "XLFUNCS_CACHE_DIR"

SCHEMA = "2"
"""The index's layout; an index of another layout is built again."""

_FOLDER = "rating-lists"
_BATCH = 20_000
_TABLE = (
    "fide_id INTEGER NOT NULL, line_no INTEGER NOT NULL, name TEXT, federation TEXT, sex TEXT,"
    " title TEXT, w_title TEXT, o_title TEXT, foa_title TEXT, s_rating INTEGER, s_games INTEGER,"
    " s_k INTEGER, r_rating INTEGER, r_games INTEGER, r_k INTEGER, b_rating INTEGER,"
    " b_games INTEGER, b_k INTEGER, birth_year INTEGER, flag TEXT, crc INTEGER NOT NULL"
)
"""The players' table: its columns and their types (:func:`_row`'s order)."""
_COLUMNS = ", ".join(column.split()[0] for column in _TABLE.split(","))


def cache_dir() -> Path:
    """The folder this package keeps its cache in: ``$XLFUNCS_CACHE_DIR`` when set; else
    ``%LOCALAPPDATA%\\xlfuncs\\Cache`` on Windows, ``~/Library/Caches/xlfuncs`` on macOS, and
    ``$XDG_CACHE_HOME/xlfuncs`` (``~/.cache/xlfuncs`` when unset) elsewhere."""
    given = os.environ.get(CACHE_ENV)
    if given:
        return Path(given)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "xlfuncs" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "xlfuncs"
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base_path = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return base_path / "xlfuncs"


def _folder(cache: str | os.PathLike[str] | None) -> Path:
    """The index folder of the cache folder *cache* (default :func:`cache_dir`)."""
    return (Path(cache) if cache is not None else cache_dir()) / _FOLDER


def _row(p: ListPlayer) -> tuple[object, ...]:
    out: list[object] = [
        int(p.fide_id),
        p.line_no,
        p.name,
        p.federation,
        p.sex,
        p.title,
        p.w_title,
        p.o_title,
        p.foa_title,
    ]
    for rate in (p.standard, p.rapid, p.blitz):
        out += (None, None, None) if rate is None else (rate.rating, rate.games, rate.k)
    out += (p.birth_year, p.flag)
    out.append(_crc(out))
    return tuple(out)


def _crc(values: list[object] | tuple[object, ...]) -> int:
    """The CRC-32 of a row's values: kept beside them, so that a row the disk damaged without
    SQLite seeing it is found at the lookup."""
    return zlib.crc32("\x1f".join(map(str, values)).encode("utf-8", "surrogateescape"))


def _player(row: tuple[object, ...]) -> ListPlayer:
    if row[20] != _crc(row[:20]):
        raise sqlite3.DatabaseError(f"row of FIDE id {row[0]} damaged (its CRC-32 differs)")
    (fide_id, line_no, name, fed, sex, title, w_title, o_title, foa) = row[:9]
    rated = [
        None
        if r is None
        else RateRating(int(str(r)), int(str(g)), None if k is None else int(str(k)))
        for r, g, k in (row[i : i + 3] for i in (9, 12, 15))
    ]
    born, flag = row[18], str(row[19])
    return ListPlayer(
        fide_id=str(fide_id),
        name=str(name),
        federation=str(fed),
        sex=str(sex),
        title=str(title),
        w_title=str(w_title),
        o_title=str(o_title),
        foa_title=str(foa),
        standard=rated[0],
        rapid=rated[1],
        blitz=rated[2],
        birth_year=None if born is None else int(str(born)),
        inactive="i" in flag,
        woman="w" in flag,
        line_no=int(str(line_no)),
    )


@dataclass
class RatingListIndex(contextlib.AbstractContextManager["RatingListIndex"]):
    """An open index of one rating list: look players up by FIDE id."""

    list_path: Path
    source: str
    """How messages name the list (:attr:`~xlfuncs.ratinglist.read.ListFile.source`)."""
    kind: str
    """``combined`` or ``single``."""
    rates: tuple[str, ...]
    players: int
    index_path: Path | None
    """The SQLite file in the cache; ``None`` when it could not be written there (the index
    is then in memory, for this run only)."""
    built: bool
    """Whether this call read the list (``False``: the cached index served)."""
    _db: sqlite3.Connection
    _rebuild: Callable[[], sqlite3.Connection] | None = None
    """Reads the list into a new index, for one found damaged (``None``: cannot)."""
    _counted: bool = False
    """Whether the players were counted against the meta table (:meth:`_select`)."""
    _summed: bool = False
    """Whether the table and its SQLite index were summed up against the meta table."""

    def lookup(self, fide_ids: Iterable[str]) -> dict[str, ListPlayer]:
        """The players of *fide_ids* that the list holds, by FIDE id as given (an id that is
        not all digits is not in any list). An index found damaged here (SQLite: "database
        disk image is malformed"; a row whose CRC-32 differs; fewer or more players than its
        meta table says) is built again from the list, once; one still damaged raises
        :class:`~xlfuncs.ratinglist.read.RatingListError` naming its file."""
        wanted = {i: int(i) for i in fide_ids if i.isascii() and i.isdigit() and len(i) <= 18}
        numbers = sorted(set(wanted.values()))
        try:
            by_number = self._select(numbers)
        except sqlite3.DatabaseError as exc:
            if self._rebuild is None:
                raise self._damaged(exc) from None
            self._db.close()
            self._db = self._rebuild()
            self._rebuild = None
            self._counted = self._summed = False
            self.players = int(_meta(self._db)["players"])
            self.built = True
            try:
                by_number = self._select(numbers)
            except sqlite3.DatabaseError as again:
                raise self._damaged(again) from None
        return {i: by_number[n] for i, n in wanted.items() if n in by_number}

    def _damaged(self, exc: sqlite3.DatabaseError) -> RatingListError:
        where = str(self.index_path) if self.index_path is not None else "(in memory)"
        return RatingListError(
            f"the index of {self.source}, {where}",
            None,
            None,
            "index",
            "an index SQLite reads whole",
            f"a damaged file ({exc}), even built again: delete it (xlfuncs cache --clear) "
            "and check the disk",
        )

    def _select(self, numbers: list[int]) -> dict[int, ListPlayer]:
        """The rows of *numbers*, each checked against its CRC-32; at the first lookup, the
        players counted against the index's meta table; at the first lookup that does not find
        an id, in one pass over the table (not through its SQLite index), the table summed up
        (:data:`_SUMS`) against the meta table, and the ids not found looked for in it (an id
        lost to damage, from the table or its SQLite index, is found so).
        ``sqlite3.DatabaseError`` for what does not match."""
        if not self._counted:
            (count,) = self._db.execute("SELECT COUNT(*) FROM players").fetchone()
            if count != self.players:
                raise sqlite3.DatabaseError(f"{count} players where {self.players} were written")
            self._counted = True
        by_number: dict[int, ListPlayer] = {}
        for start in range(0, len(numbers), 500):  # SQLite bounds a statement's parameters
            part = numbers[start : start + 500]
            sql = f"SELECT {_COLUMNS} FROM players WHERE fide_id IN ({','.join('?' * len(part))})"
            for row in self._db.execute(sql, part):
                by_number[int(row[0])] = _player(row)
        missing = [n for n in numbers if n not in by_number]
        if not self._summed and missing and not self._checked_before():
            listed = ",".join(map(str, missing))
            *table, found = self._db.execute(
                f"SELECT {_SUMS}, SUM(fide_id IN ({listed})) FROM players NOT INDEXED"
            ).fetchone()
            if ",".join(map(repr, table)) != _meta(self._db).get("digest"):
                raise sqlite3.DatabaseError("the players' table differs from what was written")
            if found:
                raise sqlite3.DatabaseError("the players' SQLite index differs from their table")
            self._summed = True
            self._mark_checked()
        return by_number

    def _mark(self) -> tuple[Path, str] | None:
        """The mark of a check beside the index file, and the file's size and modification
        time as the mark keeps them (``None``: an index in memory, or a file gone)."""
        if self.index_path is None:
            return None
        try:
            st = self.index_path.stat()
        except OSError:
            return None
        return self.index_path.with_suffix(CHECKED), f"{st.st_size} {st.st_mtime_ns}"

    def _checked_before(self) -> bool:
        """Whether a run before this one summed up this very file (a file written since,
        damaged or rebuilt, is summed up again). The pass over 1.2 million players takes
        some 0.3 s; once per file, not per run."""
        mark = self._mark()
        try:
            return mark is not None and mark[0].read_text(encoding="ascii") == mark[1]
        except (OSError, UnicodeDecodeError):
            return False

    def _mark_checked(self) -> None:
        """Leave the mark :meth:`_checked_before` reads (where the folder can be written)."""
        mark = self._mark()
        if mark is not None:
            with contextlib.suppress(OSError):
                mark[0].write_text(mark[1], encoding="ascii")

    def close(self) -> None:
        self._db.close()

    def __exit__(self, *exc: object) -> None:
        self.close()


def _meta(db: sqlite3.Connection) -> dict[str, str]:
    return dict(db.execute("SELECT key, value FROM meta").fetchall())


_SUMS = "COUNT(*), SUM(fide_id % 1000000007), SUM(crc)"
"""The players' table summed up, read row by row (not through the SQLite index): a row lost,
or a FIDE id or a CRC-32 changed, changes it. Whole numbers, the ids modulo a prime so that
their sum fits in 64 bits, alike in any order (the meta table's ``digest``)."""


def _fill(
    db: sqlite3.Connection,
    listing: ListFile,
    stamp: dict[str, str],
    progress: Callable[[int], None] | None,
) -> None:
    """Make the index's tables, insert the list's players and the meta table. A FIDE id given
    twice raises :class:`RatingListError` at its second line."""
    db.executescript(
        "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        f"CREATE TABLE players ({_TABLE});"
    )
    players = listing.players()
    count = 0
    insert = f"INSERT INTO players ({_COLUMNS}) VALUES ({','.join('?' * 21)})"
    while True:
        batch = [_row(p) for p in itertools.islice(players, _BATCH)]
        if not batch:
            break
        db.executemany(insert, batch)
        count += len(batch)
        if progress is not None:
            progress(count)
    try:  # one sort of the ids once they are all in: quicker than a key kept in order
        db.execute("CREATE UNIQUE INDEX players_fide_id ON players (fide_id)")
    except sqlite3.IntegrityError:
        fide_id, first, again = db.execute(
            "SELECT fide_id, MIN(line_no), MAX(line_no) FROM players GROUP BY fide_id "
            "HAVING COUNT(*) > 1 ORDER BY MAX(line_no) LIMIT 1"
        ).fetchone()
        raise RatingListError(
            listing.source,
            int(again),
            (1, 15) if listing.format == "txt" else None,
            "fide_id",
            f"a FIDE id not given before (line {first} gives it)",
            repr(str(fide_id)),
        ) from None
    meta = {
        **stamp,
        "source": listing.source,
        "kind": listing.kind,
        "rates": ",".join(listing.rates),
        "players": str(count),
        "digest": ",".join(
            map(repr, db.execute(f"SELECT {_SUMS} FROM players NOT INDEXED").fetchone())
        ),
    }
    db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", meta.items())
    db.commit()


def _build(
    target: Path | None,
    list_path: Path,
    rate: object,
    stamp: dict[str, str],
    progress: Callable[[int], None] | None,
) -> sqlite3.Connection:
    """Read the list into a new index at *target* (``None``: in memory) and open it."""
    with ListFile(list_path, rate=rate) as listing:
        if target is None:
            db = sqlite3.connect(":memory:")
            _fill(db, listing, stamp, progress)
            return db
        fd, tmp_name = tempfile.mkstemp(prefix=target.stem, suffix=UNFINISHED, dir=target.parent)
        tmp = Path(tmp_name)
        try:
            _lock(fd)  # held until the index is in place: the file is not a killed build's
            db = sqlite3.connect(tmp)
            try:
                _fill(db, listing, stamp, progress)
            finally:
                db.close()
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
        finally:
            os.close(fd)
    return _open_db(target)


UNFINISHED = ".tmp"
"""The suffix of an index being built (renamed to ``.sqlite`` once whole). One left when its
build was killed is removed by the next build in the folder (:func:`open_index`) and by
:func:`clear_cache`; :func:`unfinished_builds` lists them."""

STALE_AFTER = 60.0
"""Seconds since an unfinished index was last written after which it may be a killed build's
(and then is, when no process holds its lock)."""


def _lock(fd: int) -> None:
    """Hold an exclusive lock on the open file *fd* while this process builds it (POSIX
    ``flock``, released when the process ends however it ends). On Windows, where the file
    cannot be removed while SQLite has it open, no lock is needed."""
    with contextlib.suppress(ImportError, OSError):
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _abandoned(path: Path, *, stale_after: float = STALE_AFTER) -> bool:
    """Whether the unfinished index *path* was left by a build that no longer runs: not
    written for *stale_after* seconds and no process holding its lock."""
    try:
        if time.time() - path.stat().st_mtime < stale_after:
            return False
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        import fcntl
    except ImportError:  # Windows: removing a file a build holds open fails, and is let be
        os.close(fd)
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    finally:
        os.close(fd)
    return True


def _remove_unfinished(folder: Path, *, stale_after: float = STALE_AFTER) -> list[Path]:
    """Remove the unfinished indexes in *folder* that killed builds left; those removed."""
    removed: list[Path] = []
    for path in unfinished_builds_in(folder):
        if _abandoned(path, stale_after=stale_after):
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed


CHECKED = ".checked"
"""The suffix of the mark beside an index that a lookup summed up whole (its size and
modification time then): :meth:`RatingListIndex._checked_before`."""


def unfinished_builds_in(folder: Path) -> list[Path]:
    """The unfinished indexes (``.tmp``) in the index folder *folder*."""
    return sorted(folder.glob(f"*{UNFINISHED}"))


def _open_db(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def open_index(
    list_path: str | os.PathLike[str],
    *,
    rate: object = None,
    cache: str | os.PathLike[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> RatingListIndex:
    """The index of the rating list *list_path*: the cached one when it was built from this
    very file (same absolute path, size and modification time), else built now by reading
    the list once. *rate*: as :class:`~xlfuncs.ratinglist.read.ListFile`. *cache*: the cache
    folder (default :func:`cache_dir`); when it cannot be written, the index is built in
    memory for this run. *progress* is called with the players read so far.

    Raises :class:`~xlfuncs.ratinglist.read.RatingListError` for a malformed list (nothing
    is cached then) and ``OSError`` when the list cannot be read.
    """
    path = Path(list_path)
    stamp, target = _place(path, rate, cache)
    folder = target.parent
    db = _open_matching(target, stamp)
    built = db is None
    index_path = target if not built or _writable(folder) else None
    if db is None:
        if index_path is not None:
            _remove_unfinished(folder)
        db = _build(index_path, path, rate, stamp, progress)

    def rebuild() -> sqlite3.Connection:
        with contextlib.suppress(OSError):
            target.unlink()
        return _build(target if _writable(folder) else None, path, rate, stamp, progress)

    meta = _meta(db)
    return RatingListIndex(
        list_path=path,
        source=meta["source"],
        kind=meta["kind"],
        rates=tuple(meta["rates"].split(",")) if meta["rates"] else RATES,
        players=int(meta["players"]),
        index_path=index_path,
        built=built,
        _db=db,
        _rebuild=None if index_path is None else rebuild,
    )


def _place(
    path: Path, rate: object, cache: str | os.PathLike[str] | None
) -> tuple[dict[str, str], Path]:
    """What an index of the list *path* must have been built from (its stamp: the list's
    absolute path, size and modification time), and where in the cache it is kept."""
    resolved = path.resolve()
    info = resolved.stat()
    rate_key = None if rate is None else str(getattr(rate, "value", rate)).lower()
    stamp = {
        "schema": SCHEMA,
        "list_path": str(resolved),
        "size": str(info.st_size),
        "mtime_ns": str(info.st_mtime_ns),
        "rate": rate_key or "",
    }
    key = f"{resolved}|{rate_key or ''}".encode("utf-8", "surrogateescape")
    return stamp, _folder(cache) / f"{hashlib.sha256(key).hexdigest()[:24]}.sqlite"


def _open_matching(target: Path, stamp: dict[str, str]) -> sqlite3.Connection | None:
    """The index at *target*, open, when it was built from the list *stamp* describes (its
    meta table read whole; a damaged one, or another program's file, is built again)."""
    if not target.is_file():
        return None
    db: sqlite3.Connection | None = None
    try:
        db = _open_db(target)
        meta = _meta(db)
    except sqlite3.DatabaseError:  # damaged, or not ours: built again
        if db is not None:
            db.close()
        return None
    whole = (
        all(k in meta for k in ("source", "kind", "rates")) and meta.get("players", "").isdigit()
    )
    if not whole or any(meta.get(k) != v for k, v in stamp.items()):
        db.close()
        return None
    return db


def is_indexed(
    list_path: str | os.PathLike[str],
    *,
    rate: object = None,
    cache: str | os.PathLike[str] | None = None,
) -> bool:
    """Whether the cache holds an index of the list *list_path* as the file is now (same
    absolute path, size and modification time): the list was then read in full, every line
    of it right (:func:`open_index` caches nothing else). Does not read the list. Raises
    ``OSError`` when the list is not there."""
    stamp, target = _place(Path(list_path), rate, cache)
    db = _open_matching(target, stamp)
    if db is None:
        return False
    db.close()
    return True


def _writable(folder: Path) -> bool:
    """Whether an index can be written in *folder* (made if need be); when not, the index is
    kept in memory for the run."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


@dataclass(frozen=True)
class CachedList:
    """One index in the cache: the list it was built from (which may since have changed or
    gone), its players, the index file's size in bytes."""

    index_path: Path
    list_path: str
    players: int
    size: int


def cached_lists(cache: str | os.PathLike[str] | None = None) -> list[CachedList]:
    """The indexes in the cache folder (default :func:`cache_dir`)."""
    folder = _folder(cache)
    out: list[CachedList] = []
    for path in sorted(folder.glob("*.sqlite")):
        try:
            with contextlib.closing(_open_db(path)) as db:
                meta = _meta(db)
            out.append(
                CachedList(path, meta["list_path"], int(meta["players"]), path.stat().st_size)
            )
        except (sqlite3.DatabaseError, KeyError, ValueError):
            out.append(CachedList(path, "?", 0, path.stat().st_size))
    return out


def unfinished_builds(cache: str | os.PathLike[str] | None = None) -> list[Path]:
    """The unfinished indexes in the cache folder (default :func:`cache_dir`): being built
    now, or left by a build that was killed (:data:`UNFINISHED`)."""
    return unfinished_builds_in(_folder(cache))


@dataclass(frozen=True)
class Cleared:
    """What :func:`clear_cache` removed: the indexes, the unfinished ones a killed build left,
    and (:attr:`busy`) those left in place, which a build running now holds."""

    indexes: list[Path]
    unfinished: list[Path]
    busy: list[Path]


def clear_cache(cache: str | os.PathLike[str] | None = None) -> Cleared:
    """Remove every index, and every unfinished one no running build holds, from the cache
    folder (default :func:`cache_dir`); the folder too when it is then empty."""
    folder = _folder(cache)
    indexes = sorted(folder.glob("*.sqlite"))
    for path in indexes:
        path.unlink()
    for mark in folder.glob(f"*{CHECKED}"):
        with contextlib.suppress(OSError):
            mark.unlink()
    unfinished = _remove_unfinished(folder, stale_after=0.0)
    busy = unfinished_builds_in(folder)
    with contextlib.suppress(OSError):
        folder.rmdir()
    return Cleared(indexes, unfinished, busy)
