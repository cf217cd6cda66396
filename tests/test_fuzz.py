"""A seeded mutation fuzzer over the tournament files in the repository, through the commands.

Each mutation damages one real file (``tests/data/real/``, ``tests/data/trf/``, the demo's
two events) the way files get damaged: cut short, a byte changed, saved in another encoding
or with other line ends, a line written twice, dropped or moved, two fields swapped, a value
no file should hold (a birth date naming no day, a rating of 5, title ``XX``, a FIDE id with
letters), a field or line grown huge. The damaged file then goes through ``report`` (JSON),
and in turn through the other commands and formats (text, CSV, norms, period, crosstable),
in process (:func:`xlfuncs.cli.main`, standard output and error captured).

What must hold for every run:

- no exception escapes and no traceback is printed;
- the exit status is one the commands document: 0, or 1 (a file that cannot be read or
  holds bad data), never 2 (the command line is the same for every mutation);
- a refusal (1) names the file;
- a JSON report counts every ``001`` line of the file, and gives each player the name,
  points and rating its line writes (cut here by the TRF16 columns, independently of the
  reader), unless a warning names the player (``no. N``) or says why the rating is not used.

The default budget (``XLFUNCS_FUZZ`` mutations, 200 unless set; a quarter in the quick loop,
:mod:`budget`) keeps the test within a few seconds; ``XLFUNCS_FUZZ_LONG=3000 pytest
tests/test_fuzz.py`` adds a longer run with another seed (``XLFUNCS_FUZZ_SEED`` sets both
seeds).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from budget import budget as fuzz_budget

from xlfuncs.cli import main
from xlfuncs.trf import decode_trf
from xlfuncs.trf.pseudo_players import NAMES as PSEUDO_NAMES

ROOT = Path(__file__).parent.parent
FILES = sorted(
    [
        *(ROOT / "tests" / "data" / "real").glob("*.trf"),
        *(ROOT / "tests" / "data" / "trf").glob("*.trf"),
        *(ROOT / "xlfuncs" / "data").glob("*.trf"),
    ]
)
SMALL = [f for f in FILES if f.stat().st_size < 15_000]
"""The files the slower commands (crosstable, period, norms) take: a few dozen players."""

_LINE_BREAK = re.compile(rb"\r\n|\n|\r")


def _lines(data: bytes) -> list[bytes]:
    return _LINE_BREAK.split(data)


def _join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines)


def _player_indexes(lines: list[bytes]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith(b"001")]


def _set_field(line: bytes, first: int, last: int, text: str) -> bytes:
    """*line* with columns *first*..*last* (1-based) holding *text*, right-aligned."""
    width = last - first + 1
    padded = line.ljust(last)
    return padded[: first - 1] + text.rjust(width)[:width].encode("latin-1") + padded[last:]


FIELDS = {
    "rank": (5, 8),
    "sex": (10, 10),
    "title": (11, 13),
    "rating": (49, 52),
    "federation": (54, 56),
    "fide_id": (58, 68),
    "birth": (70, 79),
    "points": (81, 84),
    "file_rank": (86, 89),
}
IMPOSSIBLE = [
    ("birth", "2024/02/30"),
    ("birth", "31.04.1990"),
    ("birth", "1990/13/01"),
    ("rating", "5"),
    ("rating", "9999"),
    ("title", "XX"),
    ("sex", "q"),
    ("fide_id", "ABC123"),
    ("points", "99.5"),
    ("rank", "0"),
    ("file_rank", "-1"),
]


def _truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))]


def _flip(rng: random.Random, data: bytes) -> bytes:
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ rng.randrange(1, 256)]) + data[i + 1 :]


def _encoding(rng: random.Random, data: bytes) -> bytes:
    text, _ = decode_trf(data)
    target = rng.choice(["utf-16", "utf-8-sig", "cp1252", "latin-1", "utf-32", "utf-16-le"])
    return text.encode(target, errors="replace")


def _line_ends(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    if rng.random() < 0.5:
        return rng.choice([b"\r", b"\r\n", b"\n"]).join(lines)
    return b"".join(line + rng.choice([b"\r", b"\r\n", b"\n"]) for line in lines)


def _duplicate(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return _join(lines)


def _drop(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return _join(lines)


def _swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return _join(lines)


def _swap_fields(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    players = _player_indexes(lines)
    if not players:
        return data
    i = rng.choice(players)
    a, b = rng.sample(sorted(FIELDS), 2)
    (fa, la), (fb, lb) = FIELDS[a], FIELDS[b]
    line = lines[i].ljust(max(la, lb))
    ta, tb = line[fa - 1 : la].decode("latin-1"), line[fb - 1 : lb].decode("latin-1")
    line = _set_field(line, fa, la, tb.strip())
    lines[i] = _set_field(line, fb, lb, ta.strip())
    return _join(lines)


def _impossible(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    players = _player_indexes(lines)
    if rng.random() < 0.2 or not players:  # an event date naming no day
        return _join([b"042 2024/13/45" if x.startswith(b"042") else x for x in lines])
    i = rng.choice(players)
    name, text = rng.choice(IMPOSSIBLE)
    first, last = FIELDS[name]
    lines[i] = _set_field(lines[i], first, last, text)
    return _join(lines)


def _huge(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    kind = rng.randrange(3)
    if kind == 0:  # a line grown to a megabyte
        lines[i] = lines[i] + b"x" * (1 << 20)
    elif kind == 1:  # a huge number of rounds of blank results
        lines[i] = lines[i] + b"   1 w 1  " * rng.choice([100, 1000, 5000])
    else:  # a huge event name
        lines.insert(i, b"012 " + b"A" * 200_000)
    return _join(lines)


MUTATIONS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "truncate": _truncate,
    "byte flip": _flip,
    "encoding": _encoding,
    "line ends": _line_ends,
    "duplicated line": _duplicate,
    "dropped line": _drop,
    "swapped lines": _swap_lines,
    "swapped fields": _swap_fields,
    "impossible value": _impossible,
    "huge field": _huge,
}


@dataclass
class Figures:
    """What a fuzzing run did and found."""

    mutations: int = 0
    runs: int = 0
    by_command: Counter[str] = field(default_factory=Counter)
    by_exit: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


def _run(argv: list[str]) -> tuple[int | None, str, str, str | None]:
    """``xlfuncs ARGV`` in process: exit status, stdout, stderr and the traceback (if any)."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    err = io.StringIO()
    code: int | None = None
    crash = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 2
        except BaseException:  # noqa: BLE001 - what the fuzzer is looking for
            crash = traceback.format_exc()
    out.flush()
    raw = out.buffer.getvalue()  # type: ignore[attr-defined]
    return code, raw.decode("utf-8", "replace"), err.getvalue(), crash


def _oracle(data: bytes, utf8: bool) -> dict[int, tuple[str, str, str]] | None:
    """Each ``001`` line's starting rank -> (name, rating, points) as its columns write them,
    cut here without the reader; ``None`` where the bytes do not decode. A file made from a
    UTF-8 one (*utf8*) is decoded as UTF-8 here, a bad byte as U+FFFD: the other lines must
    read the same whatever one byte does."""
    if utf8 and data[:2] not in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-8", "replace")
    else:
        try:
            text, _ = decode_trf(data)
        except UnicodeDecodeError:
            return None
    found: dict[int, tuple[str, str, str]] = {}
    for line in re.split(r"\r\n|\n|\r", text.removeprefix("\ufeff")):
        if line.startswith("001") and line[4:8].strip().isdigit():
            found[int(line[4:8])] = (
                line[14:47].strip(" "),
                line[48:52].strip(),
                line[80:84].strip(),
            )
    return found


def _check_report(data: bytes, utf8: bool, out: str, err: str, name: str) -> list[str]:
    """What the JSON report of *data* (exit 0) got wrong against the file's own columns."""
    problems: list[str] = []
    players = json.loads(out)
    count = sum(1 for line in _lines(data.removeprefix(b"\xef\xbb\xbf")) if line[:3] == b"001")
    # the bye's pseudo-players (karl-mala's "spielfrei") are left out, each named in a warning
    said = [w for w in err.splitlines() if "the bye's pseudo-player" in w]
    left_out = {int(n) for w in said for n in re.findall(r"no\. (\d+) \(", w)}
    cut = _oracle(data, utf8)
    for no in left_out:
        if cut is not None and no in cut and cut[no][0].strip().lower() not in PSEUDO_NAMES:
            problems.append(f"{name}: no. {no} ({cut[no][0]!r}) left out as the bye")
    count -= len(left_out)
    if count and data[:2] not in (b"\xff\xfe", b"\xfe\xff") and len(players) != count:
        problems.append(f"{name}: {count} lines 001, {len(players)} players in the report")
    if cut is None:
        return problems
    for p in players:
        no = p["start_no"]
        if no not in cut:
            problems.append(f"{name}: no. {no} is in the report but no 001 line gives it")
            continue
        line_name, rating, points = cut[no]
        named = f"no. {no} " in err or f"no. {no})" in err or f"no. {no}," in err
        if "\ufffd" in line_name:  # the damaged line itself
            continue
        if p["name"] != line_name:
            problems.append(f"{name}: no. {no} named {p['name']!r}, the line {line_name!r}")
        if points and p["file_points"] is not None and float(points) != p["file_points"]:
            problems.append(f"{name}: no. {no} file points {p['file_points']} for {points!r}")
        given = int(rating) if rating.isdigit() and int(rating) else None
        if p["rating"] != given and not named and "FIDE id" not in err and "list" not in err:
            problems.append(f"{name}: no. {no} rated {p['rating']} silently, the line {rating!r}")
    return problems


COMMANDS: list[tuple[str, Callable[[Path, Path], list[str]]]] = [
    ("report text", lambda f, _: ["report", str(f)]),
    ("report csv", lambda f, _: ["report", str(f), "--format", "csv"]),
    ("norms", lambda f, _: ["norms", str(f)]),
    ("norms json", lambda f, _: ["norms", str(f), "--format", "json"]),
    ("period", lambda f, _: ["period", str(f)]),
]
"""The other commands and formats, one of them after the JSON report of each mutation."""

CROSSTABLE_EVERY = 60
"""A crosstable (a workbook of a few hundred rows of formulas, a second or more) after every
this many mutations' report (after the last one's in a run of fewer mutations)."""


def fuzz(tmp: Path, budget: int, seed: int) -> Figures:
    """Run *budget* mutations (seeded by *seed*) through the commands; the figures."""
    rng = random.Random(seed)
    figures = Figures()
    originals = {f: f.read_bytes() for f in FILES}
    utf8 = {f for f, data in originals.items() if decode_trf(data)[1].startswith("utf-8")}
    kinds = sorted(MUTATIONS)
    every = min(CROSSTABLE_EVERY, budget)
    for n in range(budget):
        kind = kinds[n % len(kinds)]
        source = rng.choice(FILES if n % 3 == 0 else SMALL)
        data = MUTATIONS[kind](rng, originals[source])
        path = tmp / source.name
        path.write_bytes(data)
        figures.mutations += 1
        label = f"mutation {n} ({kind} of {source.name}, seed {seed})"
        runs = [("report json", ["report", str(path), "--format", "json"])]
        if source in SMALL:
            command, argv = COMMANDS[n % len(COMMANDS)]
            runs.append((command, argv(path, tmp)))
        if n % every == every - 1:
            out = tmp / "out.xlsx"
            runs.append(("crosstable", ["crosstable", str(path), "-o", str(out), "--force"]))
        for command, args in runs:
            code, out, err, crash = _run(args)
            figures.runs += 1
            figures.by_command[command] += 1
            if crash is not None or "Traceback" in err:
                figures.failures.append(f"{label}, {command}: traceback\n{crash or err}")
                continue
            assert code is not None
            figures.by_exit[code] += 1
            if code not in (0, 1):
                figures.failures.append(f"{label}, {command}: exit {code}\n{err}")
            elif code == 1 and path.name not in err:
                figures.failures.append(f"{label}, {command}: a refusal not naming the file\n{err}")
            elif code == 0 and command == "report json":
                figures.failures += [
                    f"{label}: {p}" for p in _check_report(data, source in utf8, out, err, kind)
                ]
    for f, before in originals.items():
        assert f.read_bytes() == before, f"{f} changed"
    return figures


def _report(figures: Figures) -> str:
    return (
        f"{figures.mutations} mutations, {figures.runs} runs "
        f"({', '.join(f'{k} {v}' for k, v in sorted(figures.by_command.items()))}); exit "
        f"{dict(sorted(figures.by_exit.items()))}; {len(figures.failures)} failures"
    )


def test_fuzz_the_commands(tmp_path: Path) -> None:
    budget = fuzz_budget("XLFUNCS_FUZZ", 200)
    seed = int(os.environ.get("XLFUNCS_FUZZ_SEED", "19"))
    figures = fuzz(tmp_path, budget, seed)
    print(_report(figures))
    assert not figures.failures, "\n\n".join(figures.failures[:5])
    assert figures.by_exit[0] and figures.by_exit[1]  # both read and refused files were made


@pytest.mark.skipif(
    not os.environ.get("XLFUNCS_FUZZ_LONG"), reason="the long run: set XLFUNCS_FUZZ_LONG=N"
)
def test_fuzz_long(tmp_path: Path) -> None:
    """The long run, for local use: ``XLFUNCS_FUZZ_LONG=3000 pytest tests/test_fuzz.py``."""
    budget = int(os.environ["XLFUNCS_FUZZ_LONG"])
    seed = int(os.environ.get("XLFUNCS_FUZZ_SEED", "2026"))
    figures = fuzz(tmp_path, budget, seed)
    print(_report(figures))
    assert not figures.failures, "\n\n".join(figures.failures[:5])
