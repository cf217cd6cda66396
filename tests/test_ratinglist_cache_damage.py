"""The rating lists' index when something went wrong with it: damaged on disk (its first
pages, which say what list it holds, read; the players' pages not), or left unfinished by a
build that was killed. A damaged index is built again at the lookup that finds it; an
unfinished one (``.tmp``) is removed by the next build and by ``xlfuncs cache --clear``, and
both commands count them apart from the indexes.

The lists are written here from the real lines of ``tests/data/ratinglist/`` (``SOURCE``
there), their FIDE ids renumbered.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.ratinglist import (
    ListPlayer,
    RatingListError,
    cached_lists,
    clear_cache,
    open_index,
    read_list,
    unfinished_builds,
    write_combined,
)
from xlfuncs.ratinglist import cache as cache_module

ROOT = Path(__file__).parent.parent
REAL = list(read_list(ROOT / "tests" / "data" / "ratinglist" / "players_list_foa.txt"))


def _players(n: int) -> list[ListPlayer]:
    """*n* players, the six real ones over and over, FIDE ids 1000000 on."""
    return [dataclasses.replace(REAL[i % 6], fide_id=str(1_000_000 + i)) for i in range(n)]


def _list(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "players_list_foa.txt"
    with path.open("w", newline="\r\n") as out:
        write_combined(_players(n), out)
    return path


def _damage(index: Path) -> None:
    """Overwrite the start of every page of *index* from the fourth on: its schema (page 1)
    and meta table (page 2, written first) read; the players' pages do not."""
    data = bytearray(index.read_bytes())
    for page in range(3, len(data) // 4096):
        data[page * 4096 : page * 4096 + 100] = b"\xff" * 100
    index.write_bytes(bytes(data))


def test_a_damaged_index_is_built_again_at_the_lookup_that_finds_it(tmp_path: Path) -> None:
    listed = _list(tmp_path, 3000)
    cache = tmp_path / "cache"
    with open_index(listed, cache=cache) as first:
        assert first.index_path is not None
        index = first.index_path
    _damage(index)
    wanted = [str(1_000_000 + i) for i in range(0, 3000, 7)]
    with open_index(listed, cache=cache) as second:
        assert not second.built  # its meta table read: taken for whole until a lookup
        found = second.lookup(wanted)
        assert second.built
    assert sorted(found) == sorted(wanted)
    assert found["1000007"].name == REAL[1].name  # player 7 is the second real line again
    with open_index(listed, cache=cache) as third:  # the index built again serves
        assert not third.built and "1002999" in third.lookup(["1002999"])
    assert [c.players for c in cached_lists(cache)] == [3000]


def test_an_index_still_damaged_is_refused_naming_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listed = _list(tmp_path, 3000)
    cache = tmp_path / "cache"
    open_index(listed, cache=cache).close()
    (index,) = (cache / "rating-lists").glob("*.sqlite")
    _damage(index)
    built = cache_module._build

    def build_damaged(*args: object, **kwargs: object) -> object:
        db = built(*args, **kwargs)  # type: ignore[arg-type]
        db.close()
        _damage(index)
        return cache_module._open_db(index)

    monkeypatch.setattr(cache_module, "_build", build_damaged)  # a failing disk, say
    with open_index(listed, cache=cache) as again, pytest.raises(RatingListError) as caught:
        again.lookup(["1000001"])
    assert str(caught.value).startswith(
        f"the index of players_list_foa.txt, {index} (index): expected an index SQLite reads "
        "whole, found a damaged file (database disk image is malformed), even built again: "
        "delete it (xlfuncs cache --clear)"
    )


def test_a_damaged_index_through_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path / "cache"))
    event = ROOT / "tests" / "data" / "ratinglist" / "damaged" / "ev.trf"
    listed = tmp_path / "players_list_foa.txt"
    with listed.open("w") as out:  # the event's six ids, and enough others to fill pages
        write_combined([*REAL, *_players(3000)], out)
    first = run(capsys, "report", str(event), "--rating-list", str(listed))
    assert first[0] == 0 and "Traceback" not in first[2]
    (index,) = (tmp_path / "cache" / "rating-lists").glob("*.sqlite")
    _damage(index)
    assert run(capsys, "report", str(event), "--rating-list", str(listed)) == first


def _killed_build(folder: Path, cache: Path) -> Path:
    """A build killed (SIGKILL) after its first batch of players (100 here, 20,000 in use):
    the list it was reading, written in *folder*."""
    folder.mkdir()
    listed = _list(folder, 250)
    script = (
        "import os, signal, sys\n"
        "from xlfuncs.ratinglist import cache, open_index\n"
        "cache._BATCH = 100\n"
        "def die(n):\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "open_index(sys.argv[1], cache=sys.argv[2], progress=die)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script, str(listed), str(cache)], env=env, check=False
    )
    assert done.returncode == -signal.SIGKILL
    return listed


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_killed_build_leaves_an_unfinished_index_cleaned_and_counted_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(cache))
    listed = _killed_build(tmp_path / "first", cache)
    (left,) = unfinished_builds(cache)
    assert left.suffix == ".tmp" and left.stat().st_size > 0
    code, out, _ = run(capsys, "cache")
    assert code == 0
    assert out.splitlines()[1:] == [
        "no rating-list index",
        f"1 unfinished index (.tmp), {left.stat().st_size / 2**20:.1f} MiB: being built, or "
        "left by a build that was stopped (the next build or --clear removes those)",
    ]
    with open_index(listed, cache=cache) as soon:  # too recent to tell from a running build
        assert soon.players == 250
    assert unfinished_builds(cache) == [left]
    old = time.time() - 120
    os.utime(left, (old, old))
    other = tmp_path / "other"
    other.mkdir()
    open_index(_list(other, 10), cache=cache).close()
    assert unfinished_builds(cache) == []  # the next build removed it: its builder is gone
    _killed_build(tmp_path / "second", cache)
    code, out, _ = run(capsys, "cache", "--clear")
    assert (code, out) == (
        0,
        f"removed 2 rating-list indexes and 1 unfinished index (.tmp) a stopped build left "
        f"from {cache}\n",
    )
    assert not (cache / "rating-lists").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_an_index_being_built_is_left_alone(tmp_path: Path) -> None:
    """A build running in another process holds its ``.tmp`` file's lock: neither the next
    build nor ``--clear`` removes it, however old its time stamp."""
    import fcntl

    folder = tmp_path / "cache" / "rating-lists"
    folder.mkdir(parents=True)
    busy = folder / "abc.tmp"
    busy.write_bytes(b"x")
    old = time.time() - 3600
    os.utime(busy, (old, old))
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, os, sys, time\n"
            "fd = os.open(sys.argv[1], os.O_RDWR)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\n"
            "print('locked', flush=True)\n"
            "time.sleep(30)\n",
            str(busy),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        open_index(_list(tmp_path, 5), cache=tmp_path / "cache").close()
        assert busy.exists()
        cleared = clear_cache(tmp_path / "cache")
        assert (len(cleared.indexes), cleared.unfinished, cleared.busy) == (1, [], [busy])
    finally:
        holder.kill()
        holder.wait()
    fd = os.open(busy, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released with its process
    os.close(fd)
    assert clear_cache(tmp_path / "cache").unfinished == [busy]


def test_an_index_still_damaged_stops_the_period_with_its_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(cache))
    event = ROOT / "tests" / "data" / "ratinglist" / "damaged" / "ev.trf"
    listed = tmp_path / "players_list_foa.txt"
    with listed.open("w") as out:
        write_combined([*REAL, *_players(3000)], out)
    open_index(listed).close()
    (index,) = (cache / "rating-lists").glob("*.sqlite")
    _damage(index)
    built = cache_module._build

    def build_damaged(*args: object, **kwargs: object) -> object:
        db = built(*args, **kwargs)  # type: ignore[arg-type]
        db.close()
        _damage(index)
        return cache_module._open_db(index)

    monkeypatch.setattr(cache_module, "_build", build_damaged)
    out = tmp_path / "L.txt"
    code, _, err = run(
        capsys, "period", str(event), "--rating-list", str(listed), "--list-out", str(out)
    )
    assert code == 1 and not out.exists()
    assert err.startswith(f"xlfuncs: error: the index of players_list_foa.txt, {index} (index): ")


def test_an_index_summed_up_once_per_file(tmp_path: Path) -> None:
    """The pass over the players' table that a lookup missing an id makes is made once per
    index file: its mark (size and modification time) lets the next run skip it; a file
    written since (damaged, rebuilt) is summed up again; ``cache --clear`` removes the mark
    with the index."""
    path, cache = _list(tmp_path, 40), tmp_path / "cache"
    wanted = ["1000003", "9999999"]  # one in the list, one not
    with open_index(path, cache=cache) as index:
        assert set(index.lookup(wanted)) == {"1000003"}
        assert index.index_path is not None
        mark = index.index_path.with_suffix(cache_module.CHECKED)
    stat = index.index_path.stat()
    assert mark.read_text(encoding="ascii") == f"{stat.st_size} {stat.st_mtime_ns}"

    sums: list[str] = []
    with open_index(path, cache=cache) as index:
        index._db = _Counting(index._db, sums)
        assert set(index.lookup(wanted)) == {"1000003"}
    assert sums == []  # marked: not summed up again

    os.utime(index.index_path, ns=(stat.st_mtime_ns + 10**9, stat.st_mtime_ns + 10**9))
    with open_index(path, cache=cache) as index:
        index._db = _Counting(index._db, sums)
        assert set(index.lookup(wanted)) == {"1000003"}
    assert len(sums) == 1  # written since: summed up again

    clear_cache(cache)
    assert not mark.exists() and not (cache / "rating-lists").exists()


class _Counting:
    """A connection that notes the statements passing over the whole table."""

    def __init__(self, db: object, seen: list[str]) -> None:
        self._db, self._seen = db, seen

    def execute(self, sql: str, *args: object) -> object:
        if "NOT INDEXED" in sql:
            self._seen.append(sql)
        return self._db.execute(sql, *args)  # type: ignore[attr-defined]

    def close(self) -> None:
        self._db.close()  # type: ignore[attr-defined]
