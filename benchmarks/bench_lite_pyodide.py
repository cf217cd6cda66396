"""Benchmark: a full recalculation of a filled Swiss chart in xlwings Lite's runtime, real
Pyodide under node, against CPython side by side.

Run: ``python benchmarks/bench_lite_pyodide.py [--players 400] [--rounds 9] [--rounds-timed 5]``
after ``bash .ci/pyodide`` (node, the Pyodide versions of ``.ci/pyodide-versions`` and the
xlwings wheel in ``.ci/cache/``).

It fills the Swiss chart with the example event (400 players by default), takes every call
the chart makes of our functions (its whole-column calls: one per computed column, with the
values stored in its cells as arguments, ``tests/workbook_calls.py``), and times them all,
as Excel's full recalculation makes them, through ``xlwings.server.custom_functions_call``:

- in each Pyodide version, by ``tests/pyodide_run.mjs`` (boot once, then the calls once to
  warm up, then *rounds-timed* full rounds; the median is printed);
- in CPython through the same xlwings code, as the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# xlwings picks Lite's decorators when first imported, and xlfuncs imports it: set first
os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

from tests.workbook_calls import chart_calls  # noqa: E402
from xlfuncs.lite import build_main_py  # noqa: E402
from xlfuncs.templates import swiss  # noqa: E402
from xlfuncs.templates.examples import swiss_event  # noqa: E402

CACHE = ROOT / ".ci" / "cache"


def _versions() -> list[str]:
    lines = (ROOT / ".ci" / "pyodide-versions").read_text(encoding="utf-8").splitlines()
    return [v.strip() for v in lines if v.strip() and not v.startswith("#")]


def _cpython(main_py: Path, calls: list[list[object]], rounds: int) -> list[float]:
    import xlwings as xw
    from xlwings.server import custom_functions_call

    spec = importlib.util.spec_from_loader("main", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(compile(main_py.read_text(encoding="utf-8"), "main.py", "exec"), module.__dict__)
    sys.modules["main"] = module

    async def one_round() -> None:
        for name, args in calls:
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

    asyncio.run(one_round())
    out = []
    for _ in range(rounds):
        start = time.perf_counter()
        asyncio.run(one_round())
        out.append(time.perf_counter() - start)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--rounds-timed", type=int, default=5)
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
        main_py = folder / "main.py"
        main_py.write_text(build_main_py(), encoding="utf-8")
        job = folder / "job.json"
        job.write_text(
            json.dumps(
                {
                    "bundles": {"chart": str(main_py)},
                    "calls": calls,
                    "repeat": {"chart": args.rounds_timed + 1},
                }
            ),
            encoding="utf-8",
        )
        base = _cpython(main_py, calls, args.rounds_timed)
        print(
            f"filled Swiss chart, {args.players} players, {args.rounds} rounds: "
            f"{len(calls)} calls per full recalculation"
        )
        print(f"CPython {sys.version.split()[0]:>10}: {statistics.median(base):.3f} s")
        for version in _versions():
            pyodide = CACHE / "pyodide" / version / "node_modules" / "pyodide"
            done = subprocess.run(
                [
                    "node",
                    str(ROOT / "tests" / "pyodide_run.mjs"),
                    str(pyodide),
                    str(wheels[-1]),
                    str(job),
                ],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                print(f"Pyodide {version}: failed\n{done.stderr[-2000:]}", file=sys.stderr)
                return 1
            report = json.loads(done.stdout.splitlines()[-1])
            seconds = report["bundles"]["chart"]["seconds"][1:]  # the first round warms up
            median = statistics.median(seconds)
            print(
                f"Pyodide {version:>10}: {median:.3f} s "
                f"({median / statistics.median(base):.1f} x CPython; boot {report['boot_s']:.1f} s)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
