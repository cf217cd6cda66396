"""Every benchmark in ``benchmarks/`` runs, at a tiny size, so that none can break unseen.

Each is run in process (its ``main`` with the size flags below, its output captured; the
commands it measures run as programs, as at full size) and must end with exit status 0 and
print its table. Timings are not checked: performance is
measured by running the benchmarks at their full sizes, never in tests. A benchmark added
without an entry in :data:`SMALL` fails :func:`test_every_benchmark_has_a_small_size`.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"

LITE_PYODIDE = next(
    v.strip()
    for v in (BENCHMARKS.parent / ".ci" / "pyodide-versions").read_text().splitlines()
    if v.strip() and not v.startswith("#")
)
"""The first Pyodide version ``.ci/pyodide-versions`` pins: the one xlwings Lite runs."""

SMALL: dict[str, tuple[str, list[str], str]] = {
    # file: (its main, the tiny size, a line of its output)
    "bench_functions.py": (
        "main",
        ["--cases", "4", "--passes", "1", "--games", "5"],
        "ELO_CHANGE on 11 games",
    ),
    "bench_rating_list.py": (
        "main",
        ["--players", "300", "--event", "20", "--repeat", "1"],
        "lookup of 20 players",
    ),
    "bench_report.py": (
        "main_bench",
        ["--players", "12", "24", "--rounds", "3", "--repeat", "1", "--commands", "report"],
        "growth",
    ),
    "bench_swiss_chart.py": (
        "main",
        ["--players", "45", "--rounds", "9", "--capacity", "45"],
        "calls of our functions in one recalculation",
    ),
    "bench_lite_pyodide.py": (
        "main",
        # one Pyodide version, the one Lite runs (the first pinned): the real-Pyodide test
        # runs every pinned version already
        ["--players", "45", "--rounds", "9", "--rounds-timed", "1", "--pyodide", LITE_PYODIDE],
        "calls per full recalculation",
    ),
    "period.py": (
        "main",
        ["--events", "2", "3", "--jobs", "1", "--list-players", "200", "--repeat", "1"],
        "growth",
    ),
}
"""Each benchmark's entry point, the arguments of its smallest useful run and a text its
output must hold."""


def _benchmarks() -> list[str]:
    return sorted(p.name for p in BENCHMARKS.glob("*.py") if not p.name.startswith("_"))


def test_every_benchmark_has_a_small_size() -> None:
    assert _benchmarks() == sorted(SMALL)


@pytest.fixture
def restored_path() -> Iterator[None]:
    """The benchmarks put the repository's folders on ``sys.path``: undone afterwards."""
    saved = list(sys.path)
    yield
    sys.path[:] = saved


def _load(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"benchmark_{Path(name).stem}", BENCHMARKS / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    return module


SLOW = {"bench_swiss_chart.py", "bench_lite_pyodide.py"}
"""The recalculation by the ``formulas`` engine takes some seconds even for the smallest chart
(compiling the formulas), and Pyodide's boot some seconds per version: marked ``slow`` as the
other recalculating tests are."""

NEEDS_PYODIDE = {"bench_lite_pyodide.py"}
"""Benchmarks that run in real Pyodide: they need node and the cache ``.ci/pyodide`` fills,
skipped without them unless ``XLFUNCS_REQUIRE_PYODIDE`` is set (as in CI), like the
real-Pyodide test."""


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=[pytest.mark.slow] if n in SLOW else []) for n in SMALL]
)
def test_the_benchmark_runs_small(
    name: str,
    restored_path: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if name in NEEDS_PYODIDE and not os.environ.get("XLFUNCS_REQUIRE_PYODIDE"):
        wheels = BENCHMARKS.parent / ".ci" / "cache" / "wheels"
        if shutil.which("node") is None or not any(wheels.glob("xlwings-*.whl")):
            pytest.skip("no node or no Pyodide cache (run bash .ci/pyodide)")
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    entry, argv, shown = SMALL[name]
    if name in NEEDS_PYODIDE:  # chooses Lite's decorators before xlwings is imported: a process
        done = subprocess.run(
            [sys.executable, str(BENCHMARKS / name), *argv],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert shown in done.stdout
        return
    code = getattr(_load(name, monkeypatch), entry)(argv)
    out = capsys.readouterr().out
    assert code == 0, out
    assert shown in out


@pytest.mark.slow  # the benchmark from two checkouts; test_the_benchmark_runs_small runs it here
def test_the_report_benchmark_runs_side_by_side(
    restored_path: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``bench_report.py --baseline DIR`` runs ``crosstable`` from both checkouts, the
    baseline's code from DIR (here a stand-in that leaves a mark and writes the workbook),
    even when started in this repository, and prints the side-by-side table."""
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(BENCHMARKS.parent)  # -c puts the folder it starts in first on the path
    baseline = tmp_path / "baseline"
    (baseline / "xlfuncs").mkdir(parents=True)
    (baseline / "xlfuncs" / "__init__.py").write_text("")
    mark = tmp_path / "baseline ran"
    (baseline / "xlfuncs" / "__main__.py").write_text(
        "import pathlib, sys\n"
        f"pathlib.Path({str(mark)!r}).write_text('yes')\n"
        "pathlib.Path(sys.argv[sys.argv.index('-o') + 1]).write_bytes(b'')\n"
    )
    argv = ["--players", "12", "--rounds", "3", "--repeat", "1", "--commands", "crosstable"]
    argv += ["--keep", str(tmp_path / "files")]
    bench = _load("bench_report.py", monkeypatch)
    code = bench.main_bench([*argv, "--baseline", str(baseline)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert mark.read_text() == "yes"
    assert "side by side with the baseline" in out
    assert "wall ratio" in out
