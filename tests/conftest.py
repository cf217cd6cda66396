"""Fixtures shared by the test files: what is expensive is made once per test run.

Once per session (per worker under ``pytest -n``):

- ``templates_dir``: the five blank templates, generated with
  :func:`xlfuncs.templates.registry.generate`
  (used by the check, the layout and the printing tests; like ``printed``, made by the first
  worker that needs them into a folder both share);
- ``round_robin_filled``, ``swiss_filled``: the two filled example charts (``chart_examples.py``);
- ``round_robin_evaluated``, ``swiss_evaluated``: those recalculated by the ``formulas`` engine
  with our functions plugged in (the 60-player Swiss, in 64 rows, takes some 5 s: it is done once);
- ``printed``: every workbook the collected modules name with :func:`render.print_once`,
  printed to PDF and PNG by one LibreOffice run;
- the xlwings Lite code (``_lite_code_gathered_once``, used by every test): the workers a
  command forks then find it gathered.

A test that uses one of the recalculated or printed fixtures is marked ``slow``. Under
``pytest -n 2 --dist loadfile`` (the README's command) each worker has its own session, and one
worker runs all the tests of a file: the recalculations, each used by one file, are still made
once; ``printed``, which two files use, is printed by the first worker that needs it into a
folder both share. (``--dist loadgroup`` with ``xdist_group`` marks would say this directly,
but under pytest 9.2 pytest-xdist 3.8 no longer groups: its issue #1386.) The files that take
longest are handed out first (:data:`HEAVY_FIRST`, :func:`pytest_xdist_make_scheduler`).
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import budget
import pytest
from chart_examples import round_robin_10, swiss_60
from render import TO_PRINT, Printed, pdf_info, pdf_text, to_pdfs, to_pngs

from xlfuncs.templates import round_robin, swiss
from xlfuncs.templates.event import Event
from xlfuncs.templates.registry import TEMPLATES, generate

collect_ignore = ["calc_client.py"]
"""Run by LibreOffice's Python (it imports ``uno``), not by the suite's: not collected."""

if TYPE_CHECKING:
    from calc_office import Office

Evaluated = tuple[Path, dict[tuple[str, str], Any], dict[str, int]]
"""A filled workbook, its recalculated values ``{(sheet, "B3"): value}`` and the calls made to
each of our functions."""


SLOW_FIXTURES = ("round_robin_evaluated", "swiss_evaluated", "printed")
"""The session fixtures that take seconds: a test that uses one is marked ``slow``."""


HEAVY_FIRST = (
    "tests/test_templates_player.py",
    "tests/test_templates_swiss.py",
    "tests/test_benchmarks.py",
    "tests/test_pyodide.py",
    "tests/test_libreoffice.py",
    "tests/test_crosstable.py",
    "tests/test_templates_check.py",
    "tests/test_templates_round_robin.py",
    "tests/test_fuzz.py",
)
"""The files that take longest (CPU seconds measured with ``--durations=0``), longest first:
under ``--dist loadfile`` the workers take them first, so that no worker is left alone with a
long file at the end while the other has finished (xdist's own order is by number of tests,
which put the real-Pyodide file, two tests and a minute or more, last)."""


GC_THRESHOLDS = (100_000, 50, 1_000)
"""The cycle collector's thresholds during the tests: Python's defaults (700, 10, 10) make it
run thousands of times over the formula engine's graphs, about an eighth of the workbook tests'
CPU time; the tests' results do not depend on when cycles are freed."""


def pytest_configure(config: pytest.Config) -> None:
    """Collect cycles less often (:data:`GC_THRESHOLDS`); in the quick loop (``-m "not
    slow"``) the property tests and fuzzers run their quick budgets (:mod:`budget`)."""
    gc.set_threshold(*GC_THRESHOLDS)
    budget.set_quick(config.option.markexpr)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move what collection made (modules, test items) out of the collector's sight: it lives
    for the whole run and would be traversed again at every full collection."""
    gc.collect()
    gc.freeze()


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadfile``: xdist's file-by-file scheduling, the :data:`HEAVY_FIRST`
    files handed out first (each file still runs whole on one worker)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class HeavyFirst(LoadFileScheduling):
        def schedule(self) -> None:
            if self.collection is None and self.collection_is_completed:
                order = {name: i for i, name in enumerate(HEAVY_FIRST)}
                collection = next(iter(self.registered_collections.values()))
                scopes = dict.fromkeys(self._split_scope(nodeid) for nodeid in collection)
                first = sorted((s for s in scopes if s in order), key=order.__getitem__)
                self.workqueue.update((s, {}) for s in first)  # taken first, filled below
            super().schedule()

    return HeavyFirst(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` the tests that use a recalculated or printed workbook."""
    for item in items:
        used = getattr(item, "fixturenames", ())
        if any(name in used for name in SLOW_FIXTURES):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def _lite_code_gathered_once() -> None:
    """The xlwings Lite code (:func:`xlfuncs.templates.registry.lite_package`, a second of
    work, kept once gathered) gathered in this process before the first test: a command that
    writes a workbook hands the gathering to a forked worker, or to several (the templates),
    and a worker forked from a process without it gathers it again, each time."""
    from xlfuncs.templates.registry import lite_package

    lite_package(lite_form=True)


@pytest.fixture(autouse=True)
def _cache_in_the_test_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """No test writes to the user's cache folder: ``XLFUNCS_CACHE_DIR`` (the rating lists'
    index, :func:`xlfuncs.ratinglist.cache_dir`) points into the test run's temporary folder."""
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "xlfuncs-cache"))


@pytest.fixture(scope="session")
def templates_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The five blank templates, generated once; copy one before changing it.

    Under ``pytest -n`` the first worker that needs them generates them into a folder the
    workers share (several files on either worker use them); the others wait for it."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("templates")
        generate(out)
        return out
    shared = tmp_path_factory.getbasetemp().parent / "templates"
    shared.mkdir(parents=True, exist_ok=True)
    out = shared / "books"
    try:
        (shared / ".claimed").mkdir()  # atomic: one worker generates
    except FileExistsError:
        _wait_for(shared, out / ".done")
        return out
    try:
        out.mkdir()
        generate(out)
        (out / ".done").touch()
    except BaseException as exc:
        (shared / "failed.txt").write_text(f"{type(exc).__name__}: {exc}", encoding="utf-8")
        raise
    return out


def _wait_for(shared: Path, done: Path, *, patience: float = 900.0) -> None:
    """Wait until another worker has made *done* in *shared* (*patience* seconds at most)."""
    deadline = time.monotonic() + patience
    while not done.exists():
        if (shared / "failed.txt").is_file():
            reason = (shared / "failed.txt").read_text(encoding="utf-8")
            raise AssertionError(f"the worker that made {shared.name} failed: {reason}")
        if time.monotonic() > deadline:
            raise AssertionError(f"nothing made in {shared} after {patience:.0f}s")
        time.sleep(0.1)


@pytest.fixture(scope="session")
def round_robin_event() -> Event:
    """The ten-player round robin of ``chart_examples.py``."""
    return round_robin_10()


@pytest.fixture(scope="session")
def swiss_event() -> Event:
    """The 60-player, 9-round Swiss of ``chart_examples.py``."""
    return swiss_60()


@pytest.fixture(scope="session")
def round_robin_filled(tmp_path_factory: pytest.TempPathFactory, round_robin_event: Event) -> Path:
    """The round-robin chart filled with the ten-player example."""
    path = tmp_path_factory.mktemp("filled") / "round_robin_filled.xlsx"
    round_robin.build(path, round_robin_event)
    return path


@pytest.fixture(scope="session")
def swiss_filled(tmp_path_factory: pytest.TempPathFactory, swiss_event: Event) -> Path:
    """The Swiss wall chart filled with the 60-player example, in the template's layout with
    64 player rows instead of 400 (the same formulas in every row, written by the same code;
    the 400-row template's own cells are checked by ``test_templates_swiss.test_blank_template``
    and ``test_templates_check``): four empty rows are recalculated instead of 340, which was
    a fifth of the suite's longest test."""
    from dataclasses import replace

    from xlfuncs.progress import no_progress
    from xlfuncs.templates.chart import build_chart

    path = tmp_path_factory.mktemp("filled") / "swiss_filled.xlsx"
    layout = replace(swiss.layout_of(swiss_event), capacity=64)
    build_chart(path, layout, swiss.TEXTS, swiss_event, no_progress)
    return path


@pytest.fixture(scope="session")
def round_robin_evaluated(round_robin_filled: Path) -> Evaluated:
    """The filled round robin, recalculated once."""
    from template_checks import evaluate_counting  # imports the formulas engine: only here

    values, calls = evaluate_counting(round_robin_filled)
    return round_robin_filled, values, calls


@pytest.fixture(scope="session")
def swiss_evaluated(swiss_filled: Path) -> Evaluated:
    """The filled Swiss, recalculated once (the slowest recalculation of the suite)."""
    from template_checks import evaluate_counting

    values, calls = evaluate_counting(swiss_filled)
    return swiss_filled, values, calls


MADE_BY_FIXTURE = {
    "round_robin_filled.xlsx": "round_robin_filled",
    "swiss_filled.xlsx": "swiss_filled",
}
"""Workbooks to print that a session fixture already makes: name -> that fixture."""


@pytest.fixture(scope="session")
def printed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, templates_dir: Path
) -> dict[str, Printed]:
    """Every workbook named with :func:`render.print_once`, printed in one LibreOffice run:
    name -> :class:`render.Printed`. Set ``XLFUNCS_RENDER_DIR`` to keep the files there.

    Under ``pytest -n`` the first worker that needs them prints them into a folder the
    workers share; the others wait for it and read them there."""
    keep = os.environ.get("XLFUNCS_RENDER_DIR")
    shared = bool(os.environ.get("PYTEST_XDIST_WORKER"))
    if keep:
        out = Path(keep)
    elif shared:
        out = tmp_path_factory.getbasetemp().parent / "printed"
    else:
        out = tmp_path_factory.mktemp("printed")
    out.mkdir(parents=True, exist_ok=True)
    if shared:
        try:
            (out / ".claimed").mkdir()  # atomic: one worker prints
        except FileExistsError:
            return _read_printed(out)

    try:
        books: dict[str, Path] = {}
        for name, build in sorted(TO_PRINT.items()):
            path = out / name
            if name in TEMPLATES:
                shutil.copy(templates_dir / name, path)
            elif name in MADE_BY_FIXTURE:
                shutil.copy(request.getfixturevalue(MADE_BY_FIXTURE[name]), path)
            else:
                build(path)
            books[name] = path
        start = time.perf_counter()
        pdfs = to_pdfs(list(books.values()), out)
        seconds = time.perf_counter() - start
        print(f"printed {len(pdfs)} workbooks in one LibreOffice run: {seconds:.1f}s")

        def one(name: str, xlsx: Path) -> Printed:
            pdf = pdfs.get(xlsx.resolve())
            if pdf is None:
                raise AssertionError(f"LibreOffice did not print {name}")
            pngs = to_pngs(pdf, dpi=50)
            return Printed(xlsx, pdf, pngs, pdf_text(pdf), pdf_info(pdf), seconds)

        result = _Lazy({name: _bind(one, name, path) for name, path in books.items()})
        if shared:  # read every one back now, and tell the other workers where they are
            manifest = {
                name: {
                    "xlsx": str(book.xlsx),
                    "pdf": str(book.pdf),
                    "pngs": [str(p) for p in book.pngs],
                    "seconds": book.seconds,
                }
                for name in books
                for book in [result[name]]
            }
            (out / "manifest.tmp").write_text(json.dumps(manifest), encoding="utf-8")
            (out / "manifest.tmp").replace(out / "manifest.json")
        return result
    except BaseException as exc:
        if shared:
            (out / "failed.txt").write_text(f"{type(exc).__name__}: {exc}", encoding="utf-8")
        raise


def _read_printed(out: Path, *, patience: float = 900.0) -> dict[str, Printed]:
    """What another worker printed into *out* (waits for it, *patience* seconds at most)."""
    _wait_for(out, out / "manifest.json", patience=patience)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    books = {}
    for name, entry in manifest.items():
        pdf = Path(entry["pdf"])
        books[name] = Printed(
            Path(entry["xlsx"]),
            pdf,
            [Path(p) for p in entry["pngs"]],
            pdf_text(pdf),
            pdf_info(pdf),
            float(entry["seconds"]),
        )
    return books


def _bind(one: Callable[[str, Path], Printed], name: str, path: Path) -> Callable[[], Printed]:
    return lambda: one(name, path)


class _Lazy(dict[str, Printed]):
    """A mapping that reads each printed workbook back (PNGs, text, page setup) when first
    asked for, so that a test run that needs one of them does not rasterise all."""

    def __init__(self, makers: dict[str, Callable[[], Printed]]) -> None:
        super().__init__()
        self._makers = makers

    def __missing__(self, name: str) -> Printed:
        if name not in self._makers:
            raise KeyError(f"{name} was not named with print_once()")
        value = self[name] = self._makers[name]()
        return value


@pytest.fixture(scope="session", params=["system", "current"])
def office(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Office]:
    """A headless LibreOffice with the add-in installed, on a private profile of this worker
    (``tests/calc_office.py``), once for each LibreOffice: the system's, and the current
    release where ``.ci/libreoffice-current`` unpacked it (skipped where it did not: the
    tests collected are the same everywhere); ended, it alone, when its tests are done."""
    from calc_office import INSTALLATIONS, start_office

    chosen = [i for i in INSTALLATIONS if i.name == request.param]
    if not chosen and request.param == "current":
        pytest.skip("no current LibreOffice release here (.ci/libreoffice-current unpacks one)")
    if not chosen:
        pytest.fail("LibreOffice (soffice, unopkg) is not installed")
    started = start_office(tmp_path_factory.mktemp("libreoffice"), chosen[0])
    try:
        yield started
    finally:
        started.stop()
