"""Benchmark: the ``xlfuncs`` file commands on large Swisses (500, 5,000 and 9,999 players,
11 rounds), and how their time grows with the number of players.

Run: ``python benchmarks/bench_report.py`` (options: ``--players`` one or more sizes,
``--rounds``, ``--repeat``, ``--commands`` the commands to measure, ``--keep DIR`` to keep the
generated files and reuse them in the next run: generating the 9,999-player file takes
minutes, since the generator's pairing is quadratic; the commands measured are not).

The TRFs are generated deterministically by ``tests/make_demo_trf.py`` (the generator
of the demo files). Each command is measured as a program, at every size: ``python -m xlfuncs
...``, best wall time of ``--repeat`` runs (interpreter start and imports included), the
child's CPU time (user + system, from ``os.wait4``: the machine may be shared, and CPU time
is what the command itself used) and its peak resident memory (``ru_maxrss``).

At the smallest size each command is also measured in process: ``xlfuncs.cli.main(argv)``,
best wall time of ``--repeat`` warm runs (the modules already imported), then one more run
under :mod:`tracemalloc` for the peak of Python allocations; and the in-process ``report``
is split into reading the file, computing the report (and, within it, reading the TRF into
the crosstable with each player's K) and rendering the text and the JSON.

With ``--baseline DIR`` (another checkout of xlfuncs, e.g. ``git archive main | tar -x -C
DIR``), each command run as a program is run from *DIR* as well, side by side: the two
alternate, run by run, so that both meet the same load on a shared machine, and a table
gives both programs' best wall time, the CPU time of that run and the ratios (baseline
over this checkout: above 1, this one is quicker).

The last table gives, for each command, how its time (wall and CPU) grows from one size to
the next beside how the number of players grows: a ratio near the players' ratio is linear
growth, near its square quadratic.

Adding a command (hook): write a function ``<name>_command(trf, out_dir) -> argv`` and list
it in :data:`COMMANDS`. A command the CLI does not have yet is skipped with a note.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from make_demo_trf import make_swiss  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from _program import run_program  # noqa: E402

from xlfuncs.cli import build_parser, main  # noqa: E402

MIB = 1024 * 1024


@dataclass(frozen=True)
class Measure:
    """One line of the results."""

    players: int
    command: str
    mode: str
    seconds: float
    cpu_seconds: float | None
    """User + system CPU time of the best run."""
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


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The best wall time of *repeat* runs, and the CPU time of that run."""
    best, cpu = float("inf"), 0.0
    for _ in range(repeat):
        gc.collect()  # the garbage of one run is not timed in the next
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        seconds = time.perf_counter() - start
        if seconds < best:
            best, cpu = seconds, time.process_time() - start_cpu
    return best, cpu


def traced_peak(run: Callable[[], object]) -> float:
    """Peak of Python allocations during *run*, in MiB."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1] / MIB
    finally:
        tracemalloc.stop()


def clear_output(argv: list[str]) -> None:
    """Remove the file a previous run wrote (``-o FILE``): the command does not overwrite."""
    if "-o" in argv:
        Path(argv[argv.index("-o") + 1]).unlink(missing_ok=True)


def quiet_main(argv: list[str]) -> Callable[[], object]:
    """``main(argv)`` with its output thrown away; fails on a non-zero exit."""

    def run() -> object:
        clear_output(argv)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = main(argv)
        if code != 0:
            raise RuntimeError(f"xlfuncs {' '.join(argv)} exited with {code}")
        return code

    return run


def program(argv: list[str], root: Path = ROOT) -> tuple[float, float, float | None]:
    """Run ``python -m xlfuncs argv`` (from the checkout *root*): wall seconds, CPU seconds
    (user + system) and the program's own peak resident memory in MiB (:mod:`_program`)."""
    clear_output(argv)
    run = run_program(argv, root=root)
    return run.seconds, run.cpu, run.peak_mib


def measure_in_process(players: int, name: str, argv: list[str], repeat: int) -> Measure:
    run = quiet_main(argv)
    run()  # warm up: imports
    seconds, cpu = best_time(run, repeat)
    peak = traced_peak(run)
    return Measure(players, name, "in process", seconds, cpu, peak, "tracemalloc peak")


def _best(
    players: int, name: str, runs: list[tuple[float, float, float | None]], mode: str
) -> Measure:
    seconds, cpu, _ = min(runs, key=lambda r: r[0])
    peaks = [m for _, _, m in runs if m is not None]
    return Measure(
        players,
        name,
        mode,
        seconds,
        cpu,
        max(peaks) if peaks else None,
        "program's own peak RSS (VmHWM)",
    )


def measure_program(players: int, name: str, argv: list[str], repeat: int) -> Measure:
    return _best(players, name, [program(argv) for _ in range(repeat)], "python -m xlfuncs")


def measure_side_by_side(
    players: int, name: str, argv: list[str], repeat: int, baseline: Path
) -> tuple[Measure, Measure]:
    """The program from this checkout and from *baseline*, run by run in turn (the baseline
    first): the best of each, as :func:`measure_program` gives it."""
    ours: list[tuple[float, float, float | None]] = []
    theirs: list[tuple[float, float, float | None]] = []
    for _ in range(repeat):
        theirs.append(program(argv, baseline))
        ours.append(program(argv))
    return (
        _best(players, name, ours, "python -m xlfuncs"),
        _best(players, name, theirs, "baseline"),
    )


def side_by_side(pairs: list[tuple[Measure, Measure]]) -> list[str]:
    """The table of :func:`measure_side_by_side`'s pairs: each one's wall and CPU time, and
    the ratios baseline / this checkout."""
    width = max(len(ours.command) for ours, _ in pairs)
    lines = [
        f"{'players':>7}  {'command':<{width}}  {'baseline s':>10}  {'CPU s':>8}  "
        f"{'this s':>8}  {'CPU s':>8}  {'wall ratio':>10}  {'CPU ratio':>9}"
    ]
    for ours, base in pairs:
        cpu_ours, cpu_base = ours.cpu_seconds or 0.0, base.cpu_seconds or 0.0
        lines.append(
            f"{ours.players:>7}  {ours.command:<{width}}  {base.seconds:>10.3f}  "
            f"{cpu_base:>8.3f}  {ours.seconds:>8.3f}  {cpu_ours:>8.3f}  "
            f"{base.seconds / ours.seconds:>9.2f}x  "
            f"{cpu_base / cpu_ours if cpu_ours else 0.0:>8.2f}x"
        )
    return lines


def report_phases(players: int, trf: Path, repeat: int) -> list[Measure]:
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
    out = []
    for label, fn in phases:
        seconds, cpu = best_time(fn, repeat)
        out.append(
            Measure(
                players,
                f"  {label}",
                "in process",
                seconds,
                cpu,
                traced_peak(fn),
                "tracemalloc peak",
            )
        )
    return out


def growth(results: list[Measure]) -> list[str]:
    """For each command run as a program: how wall and CPU time grow from one size to the
    next, beside how the number of players grows."""
    lines = []
    programs = [m for m in results if m.mode == "python -m xlfuncs"]
    for name in dict.fromkeys(m.command for m in programs):
        by_size = sorted((m for m in programs if m.command == name), key=lambda m: m.players)
        for small, big in zip(by_size, by_size[1:]):
            size = big.players / small.players
            wall = big.seconds / small.seconds
            cpu = (big.cpu_seconds or 0.0) / (small.cpu_seconds or 1.0)
            lines.append(
                f"{name:<20}  {small.players:>6} -> {big.players:<6}  players x{size:<5.2f} "
                f"(squared x{size * size:<6.1f})  wall x{wall:<6.2f}  CPU x{cpu:<6.2f}"
            )
    return lines


def generate(players: int, rounds: int, out_dir: Path) -> Path:
    """The benchmark's Swiss TRF of *players* x *rounds* in *out_dir* (reused when there)."""
    trf = out_dir / f"swiss_{players}x{rounds}.trf"
    if trf.exists():
        print(f"reused {trf}")
        return trf
    start = time.perf_counter()
    text = make_swiss(
        players,
        rounds,
        players // 20,
        seed=500,
        byes=None,
        withdrawn=None,
        forfeit=None,
        name=f"Benchmark Swiss {players} x {rounds}",
    )
    trf.write_bytes(text.encode("utf-8"))
    print(
        f"generated {trf.name}: {players} players, {rounds} rounds, "
        f"{trf.stat().st_size / 1024:.0f} KiB in {time.perf_counter() - start:.1f} s",
        flush=True,
    )
    return trf


# --------------------------------------------------------------------------- main


def main_bench(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the xlfuncs file commands.")
    parser.add_argument("--players", type=int, nargs="+", default=[500, 5000, 9999])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--commands",
        nargs="+",
        choices=list(COMMANDS),
        default=list(COMMANDS),
        metavar="NAME",
        help=f"the commands to measure (default: all: {', '.join(map(repr, COMMANDS))})",
    )
    parser.add_argument("--keep", type=Path, help="write the generated files here (and reuse)")
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="DIR",
        help="another checkout of xlfuncs to run side by side with this one (ratios)",
    )
    args = parser.parse_args(argv)
    if args.baseline is not None and not (args.baseline / "xlfuncs" / "__main__.py").is_file():
        parser.error(f"--baseline {args.baseline}: not a checkout of xlfuncs")
    sizes = sorted(set(args.players))

    with tempfile.TemporaryDirectory() as tmp:
        out_dir = args.keep or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        files = {n: generate(n, args.rounds, out_dir) for n in sizes}
        print(f"python {sys.version.split()[0]}, best of {args.repeat}, {os.cpu_count()} CPUs")
        print()

        have = available_commands()
        results: list[Measure] = []
        pairs: list[tuple[Measure, Measure]] = []
        skipped: list[str] = []
        for n, trf in files.items():
            for name in args.commands:
                argv_ = COMMANDS[name](trf, out_dir)
                if argv_[0] not in have:
                    skipped.append(f"{name}: the CLI has no '{argv_[0]}' command yet")
                    continue
                if n == sizes[0]:
                    results.append(measure_in_process(n, name, argv_, args.repeat))
                if args.baseline is None:
                    results.append(measure_program(n, name, argv_, args.repeat))
                else:
                    ours, base = measure_side_by_side(n, name, argv_, args.repeat, args.baseline)
                    results.append(ours)
                    pairs.append((ours, base))
                if name == "report" and n == sizes[0]:
                    results += report_phases(n, trf, args.repeat)
                print(f"measured {name} at {n} players", file=sys.stderr, flush=True)

    width = max(len(m.command) for m in results)
    print(
        f"{'players':>7}  {'command':<{width}}  {'mode':<17}  {'seconds':>8}  {'CPU s':>8}  "
        f"{'peak MiB':>8}  memory"
    )
    for m in results:
        peak = "-" if m.peak_mib is None else f"{m.peak_mib:.1f}"
        cpu = "-" if m.cpu_seconds is None else f"{m.cpu_seconds:.3f}"
        print(
            f"{m.players:>7}  {m.command:<{width}}  {m.mode:<17}  {m.seconds:>8.3f}  "
            f"{cpu:>8}  {peak:>8}  {m.memory}"
        )
    if pairs:
        print()
        print(f"side by side with the baseline {args.baseline} (best of {args.repeat} each):")
        for line in side_by_side(pairs):
            print(line)
    lines = growth(results)
    if lines:
        print()
        print("growth with the number of players (python -m xlfuncs, best runs):")
        for line in lines:
            print(line)
    for note in set(skipped):
        print(f"skipped {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main_bench())
