"""A seeded fuzzer of damaged rating lists: TXT and XML, combined and single, as they are or
in a ZIP archive written with each method Python writes (stored, Deflate, BZIP2, LZMA), then
damaged the ways lists and archives get damaged, and read as ``report --rating-list`` reads
them (the index built in a fresh cache, the event's players looked up) and, for some, through
``xlfuncs report`` and ``xlfuncs period --list-out`` themselves.

The damage to the text: a byte changed, the file cut short, a line written twice or dropped,
the header lost, CR line ends, Windows-1252, a line grown past 4 KiB, a superscript digit in a
rating, floods of blank lines (over and under the bound), a field twice in one ``<player>``, a
long comment before the first player, stray elements. The damage to the archive (in its local
header and central directory alike, as APPNOTE.TXT lays them out): another method (Shrink,
Implode, Deflate64, PKWARE DCL Implode, Zstandard, XZ, PPMd, AES), the encryption bit, a wrong
CRC, a member cut short (its sizes lowered), bytes of the compressed data or of the directory
changed, the archive cut short, a second list beside the first. Some runs then damage the
index the first reading built, and read again.

What must hold for every run:

- no exception escapes but :class:`~xlfuncs.ratinglist.RatingListError`, whose message begins
  with the file's name (and names the archive's member, for an archive whose member it
  reached); ``xlfuncs report`` and ``period`` exit 0 or 1, print no traceback, and a refusal
  names the file (and ``period`` writes no list);
- a list neither damaged nor flooded past its bound gives the players the undamaged list gives,
  also from an index damaged since;
- nothing is left in the cache but indexes (no ``.tmp``).

The default budget (``XLFUNCS_FUZZ_LISTS`` runs, 600 unless set; a quarter in the quick
loop, :mod:`budget`) keeps the test within a few seconds; ``XLFUNCS_FUZZ_LONG=3000 pytest
tests/test_fuzz_lists.py`` adds a longer run with another seed (``XLFUNCS_FUZZ_SEED`` sets
both seeds).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import struct
import tempfile
import traceback
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from budget import budget as fuzz_budget

from xlfuncs.cli import main
from xlfuncs.ratinglist import ListPlayer, RatingListError, event_list, read_list
from xlfuncs.ratinglist.read import MAX_BLANK_LINES

DATA = Path(__file__).parent / "data" / "ratinglist"
EVENT = DATA / "damaged" / "ev.trf"


def _xml_lists() -> dict[str, bytes]:
    """The real players of the combined XML (``damaged/``, its one damage mended), and the
    same as a single list (its rapid and blitz lines dropped: ``<rating>`` is the list's)."""
    text = (DATA / "damaged" / "players_list_xml_foa_duplicate_rating.xml").read_text()
    combined = text.replace("<rating>1000</rating>", "")
    single = "".join(
        line for line in combined.splitlines(True) if not line.startswith(("<rapid", "<blitz"))
    )
    return {"players_list_xml_foa.xml": combined.encode(), "blitz_rating_list.xml": single.encode()}


BASES: dict[str, bytes] = {
    "players_list_foa.txt": (DATA / "players_list_foa.txt").read_bytes(),
    "blitz_rating_list.txt": (DATA / "blitz_rating_list.txt").read_bytes(),
    **_xml_lists(),
}
"""Each list, as its name says what it is (a single list's rate comes from its name)."""

_BREAK = re.compile(rb"\r\n|\n|\r")


def _lines(data: bytes) -> list[bytes]:
    return [line for line in _BREAK.split(data) if line]


# ---------------------------------------------------------------- damage to the text

Damage = Callable[[random.Random, bytes, bool], bytes]
"""A damage to a list's bytes: (rng, data, is_xml) -> data."""


def _flip(rng: random.Random, data: bytes, xml: bool) -> bytes:
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]


def _cut(rng: random.Random, data: bytes, xml: bool) -> bytes:
    return data[: rng.randrange(len(data))]


def _twice(rng: random.Random, data: bytes, xml: bool) -> bytes:
    lines = _lines(data)
    i = rng.randrange(1, len(lines))
    return b"\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]]) + b"\n"


def _drop(rng: random.Random, data: bytes, xml: bool) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines) + b"\n"


def _cr_only(rng: random.Random, data: bytes, xml: bool) -> bytes:
    return b"\r".join(_lines(data)) + b"\r"


def _cp1252(rng: random.Random, data: bytes, xml: bool) -> bytes:
    text = data.decode("utf-8").replace("Ojok", "Öjök").replace("Leko", "Lékó")
    return text.encode("cp1252")


def _long_line(rng: random.Random, data: bytes, xml: bool) -> bytes:
    lines = _lines(data)
    i = rng.randrange(1, len(lines))
    lines[i] = lines[i] + b" " * rng.choice([10, 5000]) + rng.choice([b"", b"x"])
    return b"\n".join(lines) + b"\n"


def _superscript(rng: random.Random, data: bytes, xml: bool) -> bytes:
    digits = [m.start() for m in re.finditer(rb"[0-9]", data)]
    i = rng.choice(digits[len(digits) // 3 :])
    return data[:i] + "²".encode(rng.choice(["utf-8", "cp1252"])) + data[i + 1 :]


def _blank_flood(rng: random.Random, data: bytes, xml: bool) -> bytes:
    lines = _lines(data)
    n = rng.choice([MAX_BLANK_LINES // 2, MAX_BLANK_LINES + 10, 3 * MAX_BLANK_LINES])
    at = rng.randrange(1, len(lines) + 1)
    return (
        b"\n".join(lines[:at]) + rng.choice([b"\n", b"\r\n", b"  \n"]) * n + b"\n".join(lines[at:])
    )


def _field_twice(rng: random.Random, data: bytes, xml: bool) -> bytes:
    if not xml:
        return _twice(rng, data, xml)
    tags = re.findall(rb"<([a-z_]+)>[^<]*</\1>", data)
    tag = rng.choice(tags)
    element = re.search(rb"<" + tag + rb">[^<]*</" + tag + rb">", data)
    assert element is not None
    return data[: element.end()] + element.group() + data[element.end() :]


def _comment(rng: random.Random, data: bytes, xml: bool) -> bytes:
    at = data.find(b"<player>") if xml else -1
    if at < 0:
        return data
    return data[:at] + b"<!--" + b"x" * rng.choice([100, 70_000]) + b"-->" + data[at:]


def _strays(rng: random.Random, data: bytes, xml: bool) -> bytes:
    at = data.find(b"<player>") if xml else -1
    if at < 0:
        return _flip(rng, data, xml)
    n = rng.choice([3, 20_000])
    return data[:at] + b"<note/>" * n + data[at:]


DAMAGES: dict[str, Damage] = {
    "byte": _flip,
    "cut": _cut,
    "line twice": _twice,
    "line dropped": _drop,
    "CR ends": _cr_only,
    "Windows-1252": _cp1252,
    "long line": _long_line,
    "superscript digit": _superscript,
    "blank lines": _blank_flood,
    "field twice": _field_twice,
    "comment": _comment,
    "stray elements": _strays,
}

HARMLESS = {"CR ends", "Windows-1252", "comment"}
"""Damages after which the list still gives its players as they were (names apart)."""

# ---------------------------------------------------------------- damage to the archive

METHODS = [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA]
UNREADABLE_METHODS = [1, 6, 9, 10, 93, 95, 98, 99]


def _headers(data: bytes) -> tuple[int, int]:
    """The offsets of the first member's local header and central directory entry."""
    return data.index(b"PK\x03\x04"), data.rindex(b"PK\x01\x02")


def _patch(
    data: bytes, local: int, central: int, at: tuple[int, int], fmt: str, value: int
) -> bytes:
    """*data* with the field at *at* (its offset in the local header, in the central entry)
    set to *value*, in both."""
    out = bytearray(data)
    struct.pack_into(fmt, out, local + at[0], value)
    struct.pack_into(fmt, out, central + at[1], value)
    return bytes(out)


def _zip(rng: random.Random, name: str, data: bytes, damage: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", rng.choice(METHODS)) as z:
        z.writestr(name, data)
        if damage == "two lists":
            z.writestr("other_" + name, data)
    out = buffer.getvalue()
    local, central = _headers(out)
    info = zipfile.ZipFile(io.BytesIO(out)).infolist()[0]
    start = local + 30 + len(info.filename.encode()) + len(info.extra)
    if damage == "method":
        out = _patch(out, local, central, (8, 10), "<H", rng.choice(UNREADABLE_METHODS))
    elif damage == "password":
        out = _patch(out, local, central, (6, 8), "<H", info.flag_bits | 0x1)
    elif damage == "crc":
        out = _patch(out, local, central, (14, 16), "<I", info.CRC ^ (1 + rng.randrange(255)))
    elif damage == "member cut":
        size = rng.randrange(info.compress_size)
        out = _patch(out, local, central, (18, 20), "<I", size)
    elif damage == "data" and info.compress_size:
        i = start + rng.randrange(info.compress_size)
        out = out[:i] + bytes([out[i] ^ (1 + rng.randrange(255))]) + out[i + 1 :]
    elif damage == "directory":
        i = central + rng.randrange(46)
        out = out[:i] + bytes([out[i] ^ (1 + rng.randrange(255))]) + out[i + 1 :]
    elif damage == "archive cut":
        out = out[: rng.randrange(start, len(out))]
    return out


ZIP_DAMAGES = [
    "none",
    "method",
    "password",
    "crc",
    "member cut",
    "data",
    "directory",
    "archive cut",
    "two lists",
]

# ---------------------------------------------------------------- the runs


@dataclass
class Figures:
    runs: int = 0
    report_runs: int = 0
    period_runs: int = 0
    read: int = 0
    refused: int = 0
    index_damaged: int = 0
    by_damage: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    @property
    def tracebacks(self) -> int:
        return sum(1 for f in self.failures if "Traceback" in f)


def _read_bytes(name: str, data: bytes) -> list[ListPlayer]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        return list(read_list(path))


def _damage_index(cache: Path, rng: random.Random) -> None:
    for index in (cache / "rating-lists").glob("*.sqlite"):
        data = bytearray(index.read_bytes())
        for page in range(3, max(4, len(data) // 4096)):
            at = page * 4096 + rng.randrange(100)
            data[at : at + 50] = bytes(rng.randrange(256) for _ in range(50))
        before = index.stat().st_mtime_ns
        index.write_bytes(bytes(data))
        # damage comes later than the lookup that checked the file: here within the same
        # tick of the clock, so its time is set a second on, as later damage's would be
        os.utime(index, ns=(before + 1_000_000_000, before + 1_000_000_000))


def fuzz(tmp_path: Path, budget: int, seed: int) -> Figures:
    rng = random.Random(seed)
    figures = Figures()
    clean = {name: {p.fide_id: p for p in _read_bytes(name, data)} for name, data in BASES.items()}
    for run_no in range(budget):
        name = rng.choice(sorted(BASES))
        xml = name.endswith(".xml")
        data = BASES[name]
        damage = rng.choice(["none", *DAMAGES]) if rng.random() < 0.8 else "none"
        if damage != "none":
            data = DAMAGES[damage](rng, data, xml)
        zipped = rng.random() < 0.5
        zip_damage = rng.choice(ZIP_DAMAGES) if zipped else "none"
        folder = tmp_path / f"run{run_no}"
        folder.mkdir()
        if zipped:
            path = folder / (name.rsplit(".", 1)[0] + ".zip")
            path.write_bytes(_zip(rng, name, data, zip_damage))
        else:
            path = folder / name
            path.write_bytes(data)
        label = f"run {run_no}: {path.name} ({damage}; zip {zip_damage if zipped else '-'})"
        figures.by_damage[damage] += 1
        if zipped:
            figures.by_damage[f"zip {zip_damage}"] += 1
        cache = folder / "cache"
        figures.runs += 1
        try:
            got = event_list(path, clean[name], cache=cache).players
            if rng.random() < 0.25:
                _damage_index(cache, rng)
                figures.index_damaged += 1
                again = event_list(path, clean[name], cache=cache).players
                if again != got:
                    figures.failures.append(f"{label}: another answer from a damaged index")
            figures.read += 1
            if damage in {"none", *HARMLESS} and zip_damage == "none":
                if damage == "none":
                    same = got == clean[name]
                else:  # the same players, rated the same (names re-encoded, lines moved)
                    same = {i: (p.standard, p.rapid, p.blitz) for i, p in got.items()} == {
                        i: (p.standard, p.rapid, p.blitz) for i, p in clean[name].items()
                    }
                if not same:
                    figures.failures.append(f"{label}: players differ from the undamaged list")
        except RatingListError as exc:
            figures.refused += 1
            if not str(exc).startswith(path.name):
                figures.failures.append(f"{label}: a message not naming the file: {exc}")
        except BaseException:  # noqa: BLE001 - what the fuzzer is for
            figures.failures.append(f"{label}:\n{traceback.format_exc()}")
        if (cache / "rating-lists").is_dir() and list((cache / "rating-lists").glob("*.tmp")):
            figures.failures.append(f"{label}: a .tmp left in the cache")
        if run_no % 8 == 0:
            figures.report_runs += 1
            _cli(["report", str(EVENT), "--rating-list", str(path)], path, folder, label, figures)
        if run_no % 32 == 4:
            figures.period_runs += 1
            written = folder / "L.txt"
            argv = ["period", str(EVENT), "--rating-list", str(path), "--list-out", str(written)]
            if _cli(argv, path, folder, label, figures) == 1 and written.exists():
                figures.failures.append(f"{label}, period: refused, and {written.name} written")
    return figures


def _cli(argv: list[str], path: Path, folder: Path, label: str, figures: Figures) -> int:
    """``xlfuncs ARGV`` in process, its cache in *folder*: its exit status (-1: it raised)."""
    out, err = io.StringIO(), io.StringIO()
    os.environ["XLFUNCS_CACHE_DIR"] = str(folder / "cli-cache")
    command = f"{label}, {argv[0]}"
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except BaseException:  # noqa: BLE001 - what the fuzzer is for
        figures.failures.append(f"{command}:\n{traceback.format_exc()}")
        return -1
    text = err.getvalue()
    if code not in (0, 1) or "Traceback" in text:
        figures.failures.append(f"{command}: exit {code}\n{text}")
    elif code == 1 and path.name not in text:
        figures.failures.append(f"{command}: a refusal not naming the file: {text}")
    return code


def _summary(f: Figures) -> str:
    return (
        f"{f.runs} runs ({f.report_runs} also through report, {f.period_runs} through period; "
        f"{f.index_damaged} with the index damaged and read again): {f.read} read, "
        f"{f.refused} refused with a message; "
        f"{f.tracebacks} tracebacks, {len(f.failures)} failures; "
        f"{dict(sorted(f.by_damage.items()))}"
    )


@pytest.fixture
def cache_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XLFUNCS_CACHE_DIR", raising=False)  # each CLI run sets its own


def test_fuzz_the_rating_lists(tmp_path: Path, cache_env: None) -> None:
    budget = fuzz_budget("XLFUNCS_FUZZ_LISTS", 600)
    seed = int(os.environ.get("XLFUNCS_FUZZ_SEED", "31"))
    figures = fuzz(tmp_path, budget, seed)
    print(_summary(figures))
    assert not figures.failures, "\n\n".join(figures.failures[:5])
    assert figures.read and figures.refused and figures.index_damaged


@pytest.mark.skipif(
    not os.environ.get("XLFUNCS_FUZZ_LONG"), reason="the long run: set XLFUNCS_FUZZ_LONG=N"
)
def test_fuzz_the_rating_lists_long(tmp_path: Path, cache_env: None) -> None:
    """The long run, for local use: ``XLFUNCS_FUZZ_LONG=3000 pytest tests/test_fuzz_lists.py``."""
    budget = int(os.environ["XLFUNCS_FUZZ_LONG"])
    seed = int(os.environ.get("XLFUNCS_FUZZ_SEED", "2026"))
    figures = fuzz(tmp_path, budget, seed)
    print(_summary(figures))
    assert not figures.failures, "\n\n".join(figures.failures[:5])
