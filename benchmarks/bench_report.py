"""Benchmark: the ``xlfuncs`` file commands on a large Swiss (500 players, 11 rounds).

Run: ``python benchmarks/bench_report.py`` (options: ``--players``, ``--rounds``,
``--repeat``, ``--keep DIR`` to keep the generated files).

The TRF is generated deterministically by ``xlfuncs/data/make_demo_trf.py`` (the generator of the
demo files). Each command is measured twice:

- in process: ``xlfuncs.cli.main(argv)``, best wall time of ``--repeat`` warm runs (the
  modules already imported), then one more run under :mod:`tracemalloc` for the peak of
  Python allocations;
- as a program: ``python -m xlfuncs ...``, best wall time of ``--repeat`` runs (interpreter
  start and imports included) and the child's peak resident memory (``ru_maxrss`` from
  ``os.wait4``).

For ``report`` the in-process time is also split into reading the file, computing the
report (and, within it, reading the TRF into the crosstable with each player's K) and
rendering the text and the JSON.

Adding a command (hook): write a function ``<name>_command(trf, out_dir) -> argv`` and list
it in :data:`COMMANDS`. A command the CLI does not have yet is skipped with a note, so
``crosstable`` (``xlfuncs crosstable FILE -o OUT.xlsx``) is measured as soon as it exists.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "xlfuncs" / "data"))

from make_demo_trf import make_swiss  # noqa: E402

from xlfuncs.cli import build_parser, main  # noqa: E402

MIB = 1024 * 1024


@dataclass(frozen=True)
class Measure:
    """One line of the results."""

    command: str
    mode: str
    seconds: float
    peak_mib: float | None
    memory: str
    """What :attr:`peak_mib` measures."""


# --------------------------------------------------------------------------- the commands


def report_command(trf: Path, out_dir: Path) -> list[str]:
    """``xlfuncs report FILE`` (the text table, the default format)."""
    return ["report", str(trf)]


def report_json_command(trf: Path, out_dir: Path) -> list[str]:
    """``xlfuncs report FILE --format json``."""
    return ["report", str(trf), "--format", "json"]


def crosstable_command(trf: Path, out_dir: Path) -> list[str]:
    """``xlfuncs crosstable FILE -o OUT.xlsx`` (skipped until the command exists)."""
    return ["crosstable", str(trf), "-o", str(out_dir / "crosstable.xlsx")]


COMMANDS: dict[str, Callable[[Path, Path], list[str]]] = {
    "report": report_command,
    "report --format json": report_json_command,
    "crosstable": crosstable_command,
}
"""The measured commands, by the name printed."""


def available_commands() -> set[str]:
    """The subcommands the CLI has now."""
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


# --------------------------------------------------------------------------- measuring


def best_time(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()  # the garbage of one run is not timed in the next
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def traced_peak(run: Callable[[], object]) -> float:
    """Peak of Python allocations during *run*, in MiB."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1] / MIB
    finally:
        tracemalloc.stop()


def quiet_main(argv: list[str]) -> Callable[[], object]:
    """``main(argv)`` with its output thrown away; fails on a non-zero exit."""

    def run() -> object:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = main(argv)
        if code != 0:
            raise RuntimeError(f"xlfuncs {' '.join(argv)} exited with {code}")
        return code

    return run


def max_rss_mib(kib_or_bytes: int) -> float:
    """``ru_maxrss`` in MiB (kibibytes on Linux, bytes on macOS)."""
    return kib_or_bytes / (MIB if sys.platform == "darwin" else 1024)


def run_program(argv: list[str]) -> tuple[float, float]:
    """Run ``python -m xlfuncs argv``: wall seconds and the child's peak RSS in MiB."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-m", "xlfuncs", *argv], env=env, stdout=subprocess.DEVNULL, stderr=err
        )
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            raise RuntimeError(
                f"xlfuncs {' '.join(argv)} exited with {child.returncode}: "
                f"{err.read().decode(errors='replace')}"
            )
    return seconds, max_rss_mib(usage.ru_maxrss)


def measure_command(name: str, argv: list[str], repeat: int) -> list[Measure]:
    run = quiet_main(argv)
    run()  # warm up: imports
    seconds = best_time(run, repeat)
    peak = traced_peak(run)
    out = [Measure(name, "in process", seconds, peak, "tracemalloc peak")]
    runs = [run_program(argv) for _ in range(repeat)]
    out.append(
        Measure(
            name,
            "python -m xlfuncs",
            min(s for s, _ in runs),
            max(m for _, m in runs),
            "child max RSS",
        )
    )
    return out


def report_phases(trf: Path, repeat: int) -> list[Measure]:
    """The in-process report split into read, compute (of which: the TRF to the crosstable,
    with K), render."""
    from xlfuncs.report import build_report, render_json, render_text
    from xlfuncs.trf import read_trf
    from xlfuncs.trf.to_crosstable import crosstable_from_trf

    tournament = read_trf(trf)
    report = build_report(tournament)
    phases: list[tuple[str, Callable[[], object]]] = [
        ("read_trf", lambda: read_trf(trf)),
        ("build_report", lambda: build_report(tournament)),
        ("  crosstable_from_trf", lambda: crosstable_from_trf(tournament)),
        ("render_text", lambda: render_text(report)),
        ("render_json", lambda: render_json(report)),
    ]
    return [
        Measure(
            f"  {label}", "in process", best_time(fn, repeat), traced_peak(fn), "tracemalloc peak"
        )
        for label, fn in phases
    ]


# --------------------------------------------------------------------------- main


def main_bench(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the xlfuncs file commands.")
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="write the generated files here")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        out_dir = args.keep or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        trf = out_dir / f"swiss_{args.players}x{args.rounds}.trf"
        start = time.perf_counter()
        text = make_swiss(
            args.players,
            args.rounds,
            args.players // 20,
            seed=500,
            byes=None,
            withdrawn=None,
            forfeit=None,
            name=f"Benchmark Swiss {args.players} x {args.rounds}",
        )
        trf.write_bytes(text.encode("utf-8"))
        print(
            f"generated {trf.name}: {args.players} players, {args.rounds} rounds, "
            f"{trf.stat().st_size / 1024:.0f} KiB in {time.perf_counter() - start:.2f} s"
        )
        print(f"python {sys.version.split()[0]}, best of {args.repeat}")
        print()

        have = available_commands()
        results: list[Measure] = []
        skipped: list[str] = []
        for name, make_argv in COMMANDS.items():
            argv_ = make_argv(trf, out_dir)
            if argv_[0] not in have:
                skipped.append(f"{name}: the CLI has no '{argv_[0]}' command yet")
                continue
            results += measure_command(name, argv_, args.repeat)
            if name == "report":
                results += report_phases(trf, args.repeat)

    width = max(len(m.command) for m in results)
    print(f"{'command':<{width}}  {'mode':<17}  {'seconds':>8}  {'peak MiB':>8}  memory")
    for m in results:
        peak = "-" if m.peak_mib is None else f"{m.peak_mib:.1f}"
        print(f"{m.command:<{width}}  {m.mode:<17}  {m.seconds:>8.3f}  {peak:>8}  {m.memory}")
    for note in skipped:
        print(f"skipped {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main_bench())
