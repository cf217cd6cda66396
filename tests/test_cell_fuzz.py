"""The cell fuzzer: every Excel function called with hostile arguments, seeded and bounded.

Each call starts from a valid call of a function (:data:`cell_calls.CALLS`, every argument
given) and puts in values of the argument classes a cell, a range or a caller outside Excel
can give (:data:`cell_calls.CLASSES`: text, blanks, error values, huge numbers, negative
ones, NaN and infinities, booleans, dates, numpy values and arrays, Python ints beyond a
float, nested lists): a whole argument replaced, one cell of a range replaced, a range cut
or widened, arguments left out or one too many. ``EXPLAIN_ERROR`` is fuzzed too.

What must hold for every call (:func:`problems`):

- no exception escapes, and the answer is what a cell can show (a finite number, text, a
  boolean, or rows of those), in the time a recalculation allows (:data:`SLOW` seconds);
- an answer holding an Excel error value is explained: ``EXPLAIN_ERROR`` with the same
  arguments gives a reason (not ``OK``), which names an argument of the function; an answer
  without one is ``OK``;
- no reason is an internal error ("please report it").

:func:`test_every_function_every_class` makes every combination once (each argument of each
function, each value of each class); :func:`test_fuzz_the_cells` makes ``XLFUNCS_CELL_FUZZ``
random calls (3,000 unless set, a quarter in the quick loop: :mod:`budget`; seed
``XLFUNCS_FUZZ_SEED``); ``XLFUNCS_FUZZ_LONG`` set (any value, as for
``tests/test_fuzz.py``'s long run) adds a longer run of 80,000 calls
(``XLFUNCS_CELL_FUZZ_LONG`` sets its count) with another seed.
"""

from __future__ import annotations

import copy
import functools
import inspect
import math
import os
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from budget import budget as fuzz_budget
from cell_calls import CALLS, CLASSES, arity

from xlfuncs import excel, udfs

SLOW = 5.0
"""Seconds a call (with its ``EXPLAIN_ERROR``) may take: a 10-million-row answer takes
far longer."""

FUNCTIONS: dict[str, Any] = {**udfs.FUNCTIONS, "EXPLAIN_ERROR": udfs.EXPLAIN_ERROR}


def errors_in(value: Any) -> list[str]:
    """The Excel error values in an answer (a cell or rows), in reading order."""
    if isinstance(value, list):
        return [e for v in value for e in errors_in(v)]
    if isinstance(value, str) and value in excel.EXCEL_ERRORS:
        return [value]
    return []


def showable(value: Any, depth: int = 0) -> bool:
    """Whether a cell (or, at the top, rows of cells) can show *value*."""
    if isinstance(value, list) and depth == 0:
        return bool(value) and all(
            isinstance(row, list) and row and all(showable(c, 2) for c in row) for row in value
        )
    if type(value) in (bool, str):
        return True
    if type(value) in (int, float):
        return math.isfinite(value)
    return False


@functools.cache
def _names(name: str) -> tuple[str, ...]:
    return tuple(inspect.signature(FUNCTIONS[name]).parameters)


@functools.cache
def _required(name: str) -> int:
    params = inspect.signature(FUNCTIONS[name]).parameters.values()
    return sum(p.default is inspect.Parameter.empty for p in params)


def problems(name: str, args: list[Any]) -> list[str]:
    """What is wrong with the call of the function *name* on *args* (nothing: ``[]``)."""
    return check(name, args)[1]


def check(name: str, args: list[Any]) -> tuple[Any, list[str]]:
    """The answer of the function *name* to *args*, and what is wrong with it
    (:func:`problems`)."""
    fn = FUNCTIONS[name]
    start = time.perf_counter()
    try:
        result = fn(*args)
    except BaseException as exc:  # noqa: BLE001 - what escaped is the finding
        return None, [f"raised {type(exc).__name__}: {exc}"]
    found: list[str] = []
    if not showable(result) and not (name == "EXPLAIN_ERROR" and type(result) is str):
        found.append(f"answered {type(result).__name__} {str(result)[:200]!r}")
    if name == "EXPLAIN_ERROR":
        if "internal error" in str(result):
            found.append(f"an internal error: {result}")
        return result, found
    try:
        why = udfs.EXPLAIN_ERROR(name, *args)
    except BaseException as exc:  # noqa: BLE001
        return result, [*found, f"EXPLAIN_ERROR raised {type(exc).__name__}: {exc}"]
    elapsed = time.perf_counter() - start
    if elapsed > SLOW:
        found.append(f"took {elapsed:.1f} s")
    codes = errors_in(result)
    if "internal error" in why:
        found.append(f"an internal error: {why}")
    if codes and why == "OK":
        found.append(f"answered {codes[0]} but EXPLAIN_ERROR says OK")
    elif codes and not why.startswith(f"{name}: "):
        found.append(f"answered {codes[0]}, EXPLAIN_ERROR: {why!r}")
    elif codes and not _names_an_argument(name, why):
        found.append(f"answered {codes[0]}, a reason naming no argument: {why!r}")
    elif not codes and why != "OK":
        found.append(f"answered {str(result)[:80]!r} but EXPLAIN_ERROR says {why!r}")
    return result, found


def _names_an_argument(name: str, why: str) -> bool:
    """Whether the reason *why* names an argument of *name*, or one cell of it (``rating``
    of ``ratings``), or says how many arguments there should be."""
    words = set(re.findall(r"[a-z_0-9]+", why))
    names = set(_names(name))
    return bool(words & (names | {n.removesuffix("s") for n in names})) or (
        "arguments given" in why
    )


def show(args: list[Any]) -> str:
    """*args* shown short enough for a failure message."""
    return ", ".join(_short(a) for a in args)


def _short(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        text = "[" + ", ".join(_short(v) for v in value) + "]"
    elif type(value) is int and value.bit_length() > 64:
        text = f"<a whole number of {value.bit_length()} bits>"
    else:
        text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}…({len(text)} characters)"


# ------------------------------------------------------------------ every class, each once
def _every_combination() -> list[tuple[str, int, str, Any, bool]]:
    """Each argument of each valid call with each value of each class: the whole argument
    (``False``) or, for a range, its second cell (``True``)."""
    out: list[tuple[str, int, str, Any, bool]] = []
    for name, args in CALLS:
        for where, given in enumerate(args):
            for kind, values in CLASSES.items():
                for value in values:
                    out.append((name, where, kind, value, False))
                    if isinstance(given, list) and not isinstance(value, (list, np.ndarray)):
                        out.append((name, where, kind, value, True))
    return out


def _with(args: list[Any], where: int, value: Any, in_a_cell: bool) -> list[Any]:
    given = [[list(r) for r in a] if isinstance(a, list) else a for a in args]
    if not in_a_cell:
        given[where] = value
    else:
        cells = given[where]
        r, c = (1, 0) if len(cells) > 1 else (0, min(1, len(cells[0]) - 1))
        cells[r][c] = value
    return given


@pytest.mark.parametrize("name", sorted({n for n, _ in CALLS}))
def test_every_function_every_class(name: str) -> None:
    failures: list[str] = []
    runs = 0
    for called, where, kind, value, in_a_cell in _every_combination():
        if called != name:
            continue
        args = _with(next(a for n, a in CALLS if n == called), where, value, in_a_cell)
        runs += 1
        place = f"{_names(name)[where]}{' (a cell)' if in_a_cell else ''}"
        failures += [f"{name}({show(args)}) [{kind} in {place}]: {p}" for p in problems(name, args)]
    assert runs >= 50
    assert not failures, f"{len(failures)} of {runs}:\n" + "\n".join(failures[:10])


def test_the_valid_calls_are_valid() -> None:
    assert {n for n, _ in CALLS} == set(udfs.FUNCTIONS)
    for name, args in CALLS:
        assert len(args) == arity(name), name
        result = udfs.FUNCTIONS[name](*args)
        assert not errors_in(result), (name, result, excel.last_errors().get(name))
        assert udfs.EXPLAIN_ERROR(name, *args) == "OK", name


# ------------------------------------------------------------------ the random fuzz
@dataclass
class Figures:
    calls: int = 0
    by_function: Counter[str] = field(default_factory=Counter)
    by_answer: Counter[str] = field(default_factory=Counter)
    slowest: float = 0.0
    failures: list[str] = field(default_factory=list)


def _value(rng: random.Random) -> Any:
    kind = rng.choice(sorted(CLASSES))
    return copy.deepcopy(rng.choice(CLASSES[kind]))  # mutated later: a copy of its own


def _mutated(rng: random.Random, args: list[Any]) -> list[Any]:
    """*args* with one to three of these: an argument replaced, a cell of a range replaced,
    a range cut by a row or widened by a column, the last argument left out, one more."""
    given = [[list(r) for r in a] if isinstance(a, list) else a for a in args]
    for _ in range(rng.randint(1, 3)):
        how = rng.random()
        where = rng.randrange(len(given)) if given else 0
        target = given[where] if given else None
        if how < 0.35 or not given:
            if given:
                given[where] = _value(rng)
        elif how < 0.7 and isinstance(target, list) and target and isinstance(target[0], list):
            r = rng.randrange(len(target))
            if target[r]:
                target[r][rng.randrange(len(target[r]))] = _value(rng)
        elif how < 0.8 and isinstance(target, list) and len(target) > 1:
            del target[rng.randrange(len(target))]
        elif how < 0.85 and isinstance(target, list) and target and isinstance(target[0], list):
            for row in target:
                row.append(_value(rng))
        elif how < 0.92 or len(given) > len(args):
            given.pop()
        else:  # one argument too many (more: Excel refuses the formula)
            given.append(_value(rng))
    while given and given[-1] is None and len(given) > len(args):
        given[-1] = "x"  # one argument too many: a blank one would be an omitted one
    return given


def fuzz(budget: int, seed: int) -> Figures:
    """Make *budget* hostile calls (seeded by *seed*); the figures."""
    rng = random.Random(seed)
    figures = Figures()
    for n in range(budget):
        name, valid = CALLS[n % len(CALLS)]
        if n % 20 == 19:  # EXPLAIN_ERROR itself, with a name, or anything
            args = _mutated(rng, [name, *valid])
            name = "EXPLAIN_ERROR"
            if not args:
                args = [_value(rng)]
        else:
            args = _mutated(rng, valid)
            required = _required(name)
            args += [None] * (required - len(args))  # Excel passes a blank cell
        start = time.perf_counter()
        result, found = check(name, args)
        figures.slowest = max(figures.slowest, time.perf_counter() - start)
        figures.calls += 1
        figures.by_function[name] += 1
        codes = errors_in(result)
        figures.by_answer[codes[0] if codes else "a value"] += 1
        figures.failures += [f"call {n} (seed {seed}): {name}({show(args)}): {p}" for p in found]
    return figures


def _report(figures: Figures) -> str:
    return (
        f"{figures.calls} calls of {len(figures.by_function)} functions; answers "
        f"{dict(sorted(figures.by_answer.items()))}; slowest {figures.slowest:.2f} s; "
        f"{len(figures.failures)} failures"
    )


def test_fuzz_the_cells() -> None:
    budget = fuzz_budget("XLFUNCS_CELL_FUZZ", 3000)
    seed = int(os.environ.get("XLFUNCS_FUZZ_SEED", "31"))
    figures = fuzz(budget, seed)
    print(_report(figures))
    assert not figures.failures, "\n\n".join(figures.failures[:5])
    assert len(figures.by_function) == len(FUNCTIONS)  # every function, EXPLAIN_ERROR too
    assert figures.by_answer["a value"] and len(figures.by_answer) > 2


@pytest.mark.skipif(
    not os.environ.get("XLFUNCS_FUZZ_LONG"), reason="the long run: set XLFUNCS_FUZZ_LONG=N"
)
def test_fuzz_the_cells_long() -> None:
    """The long run, for local use: ``XLFUNCS_FUZZ_LONG=1 pytest tests/test_cell_fuzz.py``."""
    budget = int(os.environ.get("XLFUNCS_CELL_FUZZ_LONG", "80000"))
    seed = int(os.environ.get("XLFUNCS_FUZZ_SEED", "2026"))
    figures = fuzz(budget, seed)
    print(_report(figures))
    assert not figures.failures, "\n\n".join(figures.failures[:5])
