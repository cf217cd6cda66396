"""A seeded fuzzer of the columns of every record kind, through the reader and the analysis.

Each case takes a TRF of the repository (TRF16 and TRF-2026, individual and team events,
the fuzz cases) and changes one to five of its lines, mostly its records other than ``001``:
a number of a field replaced by another (``0``, ``9999``, ``0 19``, ``-1``, ``+1``, ``٣``,
``²``, ``１``, ``1.5``, a blank, 19 digits, 400 digits, 5000 digits: more than Python's
``int`` reads from text), a few columns anywhere overwritten by such a value, a line cut
short or grown long, a digit turned into a blank, a sign or another script's digit, a line
written twice, or a record of a kind the file may not have (``013``, ``162``, ``172``,
``202``, ``212``, ``222``, ``240``, ``250``, ``260``, ``299``, ``300``-``362``, ``XXR``, a
national-rating line ...) inserted, itself damaged or not.

What must hold for every case (the house rule: a value never refuses a file nor gives a
traceback; only a structure the reader cannot place refuses it):

- reading (:func:`~xlfuncs.trf.parse_trf`) and the analysis (the reader's, standings' and
  team standing's warnings, :func:`~xlfuncs.trf.check_tournament`) raise nothing but
  :class:`~xlfuncs.trf.TrfError`;
- every value note, finding and refusal that names a line names one of the file.

The budget: ``XLFUNCS_FUZZ_COLUMNS`` cases, 400 unless set (a quarter in the quick loop,
:mod:`budget`); ``XLFUNCS_FUZZ_SEED`` sets the seed.
"""

from __future__ import annotations

import os
import random
import re
import traceback
from pathlib import Path

from budget import budget as fuzz_budget

from xlfuncs.event import analyse_event
from xlfuncs.trf import TrfError, check_tournament, parse_trf

DATA = Path(__file__).parent / "data"
FILES = sorted(
    f
    for f in [
        *(DATA / "trf2026").glob("*.trf"),
        *(DATA / "trf").glob("*.trf"),
        *(DATA / "fuzz-cases").rglob("*.trf"),
        *(DATA / "real").glob("*.trf"),
    ]
    if f.stat().st_size < 15_000
)
_LINE_BREAK = re.compile(r"\r\n|\n|\r")
NUMBERS = ["0", "00", "0000", "9999", "0 19", "1 2", "-1", "+1", "٣", "²", "１", "1.5", "-0.5"]
NUMBERS += ["", "x", "9" * 19, "9" * 400, "9" * 5000, "0" * 5000 + "1"]
RECORDS = [
    "013 Team A     1    2    3    4",
    "162  W 3.0    D 1.0    L 0.0    A 0.0",
    "172 ENG NIDOF",
    "202 BH/C1,BH,SB",
    "212 PTS,BH/C1,BH",
    "222 40/5400+30:1800+30",
    "122 90 min + 30 s/move from move 1",
    "240 H   2    3",
    "250      1.0 001 001 0001 0003",
    "260 001 003    3    4",
    "299 D         0.0  003    4    5",
    "300 1 2",
    "310 1   Team1" + " " * 63 + "1",
    "320 1  1  2",
    "330 F    1    2    3",
    "352 WBWB",
    "362 TW  2.0   TD  1.0   TL  0.0",
    "142 3",
    "XXR 9",
    "132 " + " " * 84 + "26/03/14",
    "ENG    1 m  A Ashford, Peregrine                2490 LON  ECF100001A 1990/05/01",
]
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?", re.ASCII)


def _value(rng: random.Random, width: int) -> str:
    """A value for a field *width* columns wide: right-aligned in it, or as it is."""
    value = rng.choice(NUMBERS)
    return value.rjust(width)[-width:] if rng.random() < 0.6 else value


def _damage(rng: random.Random, line: str) -> str:
    kind = rng.randrange(5)
    numbers = list(_NUMBER.finditer(line))
    if kind <= 1 and numbers:  # a number of the line replaced
        m = rng.choice(numbers)
        return line[: m.start()] + _value(rng, m.end() - m.start()) + line[m.end() :]
    if kind == 2:  # a few columns anywhere
        first = rng.randrange(len(line) + 4)
        last = first + rng.randrange(1, 12)
        padded = line.ljust(last)
        return padded[:first] + _value(rng, last - first) + padded[last:]
    if kind == 3:  # cut short or grown long
        return line[: rng.randrange(len(line) + 1)] if rng.random() < 0.5 else line + " 1" * 300
    digits = [i for i, c in enumerate(line) if "0" <= c <= "9"]
    if not digits:
        return line
    i = rng.choice(digits)  # a blank inside a number, a sign, another script's digit
    return line[:i] + rng.choice([" ", "-", "+", "٣", "O"]) + line[i + 1 :]


def mutate(rng: random.Random, text: str) -> str:
    """*text* with one to five lines changed, inserted or repeated."""
    lines = _LINE_BREAK.split(text)
    for _ in range(rng.randrange(1, 6)):
        records = [i for i, x in enumerate(lines) if x.strip() and x[:3] not in ("001", "###")]
        r = rng.random()
        if r < 0.15:
            record = rng.choice(RECORDS)
            lines.insert(rng.randrange(len(lines) + 1), _damage(rng, record))
        elif r < 0.2:
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
        else:
            i = rng.choice(records) if records and rng.random() < 0.7 else rng.randrange(len(lines))
            lines[i] = _damage(rng, lines[i])
    return "\n".join(lines)


def _problems(text: str) -> list[str]:
    """What reading and analysing *text* got wrong (see the module's rules)."""
    count = len(_LINE_BREAK.split(text.removesuffix("\n")))
    lines: list[tuple[str, int | None]] = []
    try:
        t = parse_trf(text, source="f.trf")
    except TrfError as exc:
        lines.append(("refusal", exc.line_no))
    else:
        lines += [(f"note {n.cause}", n.line_no) for n in t.value_notes]
        lines += [(f"finding {f.kind}", f.line) for f in check_tournament(t)]
        try:
            lines += [(f"warning {f.kind}", f.line) for f in analyse_event(t).warnings]
        except TrfError as exc:
            lines.append(("refusal", exc.line_no))
    return [f"{what} names line {n} of {count}" for what, n in lines if n and not 1 <= n <= count]


def test_fuzz_the_columns() -> None:
    budget = fuzz_budget("XLFUNCS_FUZZ_COLUMNS", 400)
    rng = random.Random(int(os.environ.get("XLFUNCS_FUZZ_SEED", "41")))
    texts = {f: f.read_bytes().decode("utf-8", "replace") for f in FILES}
    failures: list[str] = []
    for n in range(budget):
        source = rng.choice(FILES)
        text = mutate(rng, texts[source])
        try:
            problems = _problems(text)
        except Exception:  # noqa: BLE001 - what the fuzzer is looking for
            problems = [traceback.format_exc(limit=-3)]
        failures += [f"case {n} ({source.name}): {p}" for p in problems]
    assert len(texts) > 40
    assert not failures, "\n\n".join(failures[:5])
