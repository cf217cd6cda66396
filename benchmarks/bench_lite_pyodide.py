"""Benchmark: a full recalculation of a filled Swiss chart in xlwings Lite's runtime, real
Pyodide under node, this tree's bundle against a baseline's side by side.

Run: ``python benchmarks/bench_lite_pyodide.py [--players 400] [--rounds 9]
[--rounds-timed 5] [--baseline REF]`` after ``bash .ci/pyodide`` (node, the Pyodide
versions of ``.ci/pyodide-versions`` and the xlwings wheel in ``.ci/cache/``).

It fills the Swiss chart with the example event (400 players by default), takes every call
the chart makes of our functions (its whole-column calls: one per computed column, with the
values stored in its cells as arguments, ``tests/workbook_calls.py``), and times them all,
as Excel's full recalculation makes them, through ``xlwings.server.custom_functions_call``:
the calls once to warm up, then *rounds-timed* rounds, each a recalculation after an edit:
the first result of the results block entered again with one more trailing space each
round (read the same, so every answer is the same, but new to anything kept from the round
before by every call that reads the results block, as after an arbiter enters a result;
the calls that do not read it find their answers, as in Excel's full recalculation after
such an edit). The median of the rounds is printed, wall
time and the CPU time the process took (the machine may be busy with other work: CPU time
says what the recalculation itself costs).

- In each Pyodide version, by ``tests/pyodide_run.mjs``: this tree's ``main.py`` and, with
  ``--baseline REF``, the ``main.py`` that the commit *REF* of this repository builds, in
  two node processes at the same time (so that both see the same load).
- In CPython through the same xlwings code, this tree's ``main.py``, for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# xlwings picks Lite's decorators when first imported, and xlfuncs imports it: set first
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

from tests.chart_examples import swiss_event  # noqa: E402
from tests.workbook_calls import chart_calls  # noqa: E402
from xlfuncs.lite import build_main_py  # noqa: E402
from xlfuncs.templates import swiss  # noqa: E402

CACHE = ROOT / ".ci" / "cache"
Calls = list[list[Any]]


def _versions() -> list[str]:
    lines = (ROOT / ".ci" / "pyodide-versions").read_text(encoding="utf-8").splitlines()
    return [v.strip() for v in lines if v.strip() and not v.startswith("#")]


def _edited_rounds(calls: Calls, count: int) -> list[Calls]:
    """*count* rounds of *calls*, round r with the results block's first result entered
    again with r trailing spaces (the block: what ``POINTS_ALL`` reads, wherever a call
    passes it)."""
    block = next(args[0] for name, args in calls if name == "POINTS_ALL")
    i, j = next((i, j) for i, row in enumerate(block) for j, v in enumerate(row) if v is not None)
    rounds = []
    for r in range(1, count + 1):
        edited = [list(row) for row in block]
        edited[i][j] = f"{block[i][j]}{' ' * r}"
        rounds.append([[name, [edited if a == block else a for a in args]] for name, args in calls])
    return rounds


def _baseline_main_py(ref: str, folder: Path) -> Path:
    """The ``main.py`` that commit *ref* of this repository builds (its ``xlfuncs`` package,
    with this environment's xlwings)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "xlfuncs"], capture_output=True, check=True
    ).stdout
    tree = folder / "baseline"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12, 3.11.4 and later
            tar.extractall(tree, filter="data")
        else:  # pragma: no cover - our own repository's files
            tar.extractall(tree)
    build = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from xlfuncs.lite import build_main_py; sys.stdout.write(build_main_py())"
    )
    text = subprocess.run(
        [sys.executable, "-c", build, str(tree)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    ).stdout
    path = folder / "baseline.main.py"
    path.write_text(text, encoding="utf-8")
    return path


def _cpython(main_py: Path, calls: Calls, rounds: list[Calls]) -> tuple[list[float], list[float]]:
    import xlwings as xw
    from xlwings.server import custom_functions_call

    spec = importlib.util.spec_from_loader("main", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(compile(main_py.read_text(encoding="utf-8"), "main.py", "exec"), module.__dict__)
    sys.modules["main"] = module

    async def one_round(these: Calls) -> None:
        for name, args in these:
            data = {
                "func_name": name,
                "args": args,
                "client": "Office.js",
                "version": xw.__version__,
                "runtime": "1.4",
                "culture_info_name": "en-US",
                "date_format": "M/d/yyyy",
                "caller_address": None,
            }
            await custom_functions_call(data, module)

    asyncio.run(one_round(calls))
    wall, cpu = [], []
    for these in rounds:
        start, start_cpu = time.perf_counter(), time.process_time()
        asyncio.run(one_round(these))
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def _pyodide(version: str, wheel: Path, jobs: dict[str, Path]) -> dict[str, Any] | str:
    """Each job run in its own node process, all at the same time: label -> the runner's
    report of the bundle, or the error text."""
    pyodide = CACHE / "pyodide" / version / "node_modules" / "pyodide"
    runner = str(ROOT / "tests" / "pyodide_run.mjs")
    running = {
        label: subprocess.Popen(
            ["node", runner, str(pyodide), str(wheel), str(job)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        for label, job in jobs.items()
    }
    reports: dict[str, Any] = {}
    for label, process in running.items():
        out, err = process.communicate()
        if process.returncode != 0:
            return f"{label}: {err[-2000:]}"
        report = json.loads(out.splitlines()[-1])
        reports[label] = report["bundles"]["main"]
    return reports


def _figures(wall: list[float], cpu: list[float]) -> tuple[float, float]:
    return statistics.median(wall), statistics.median(cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--rounds-timed", type=int, default=5)
    parser.add_argument(
        "--baseline", metavar="REF", help="also time the bundle of this commit, side by side"
    )
    parser.add_argument(
        "--pyodide",
        metavar="VERSION",
        action="append",
        choices=_versions(),
        help="time only this Pyodide version (repeatable; default: every pinned one)",
    )
    args = parser.parse_args(argv)
    wheels = sorted((CACHE / "wheels").glob("xlwings-*-py3-none-any.whl"))
    if not wheels:
        print(f"no xlwings wheel in {CACHE / 'wheels'}: run bash .ci/pyodide", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        chart = folder / "swiss.xlsx"
        swiss.build(chart, swiss_event(args.players, args.rounds))
        calls = [[n, a] for n, a in chart_calls(chart)]
        rounds = _edited_rounds(calls, args.rounds_timed)
        bundles = {"this tree": folder / "main.py"}
        bundles["this tree"].write_text(build_main_py(), encoding="utf-8")
        if args.baseline:
            bundles[f"baseline {args.baseline}"] = _baseline_main_py(args.baseline, folder)
        jobs = {}
        for i, (label, main_py) in enumerate(bundles.items()):
            jobs[label] = folder / f"job{i}.json"
            jobs[label].write_text(
                json.dumps({"bundles": {"main": str(main_py)}, "calls": calls, "timed": rounds}),
                encoding="utf-8",
            )
        print(
            f"filled Swiss chart, {args.players} players, {args.rounds} rounds: "
            f"{len(calls)} calls per full recalculation; median of {len(rounds)} "
            "recalculations after an edit"
        )
        labels = list(reversed(bundles))  # the baseline first
        print(f"{'':18}" + "".join(f"{label:>28}" for label in labels))
        print(f"{'':18}" + "".join(f"{'wall s':>16}{'CPU s':>12}" for _ in labels))
        for version in args.pyodide or _versions():
            reports = _pyodide(version, wheels[-1], jobs)
            if isinstance(reports, str):
                print(f"Pyodide {version}: failed\n{reports}", file=sys.stderr)
                return 1
            found = {
                label: _figures(reports[label]["seconds"], reports[label]["cpu_seconds"])
                for label in labels
            }
            line = f"Pyodide {version:>10}" + "".join(
                f"{found[label][0]:16.3f}{found[label][1]:12.3f}" for label in labels
            )
            if len(labels) == 2:
                (old_wall, old_cpu), (new_wall, new_cpu) = found[labels[0]], found[labels[1]]
                line += f"   (x{old_wall / new_wall:.1f} quicker, CPU x{old_cpu / new_cpu:.1f})"
            print(line)
        wall, cpu = _figures(*_cpython(bundles["this tree"], calls, rounds))
        pad = 28 * (len(labels) - 1)
        print(f"CPython {sys.version.split()[0]:>10}{'':{pad}}{wall:16.3f}{cpu:12.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
