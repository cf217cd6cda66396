"""Benchmark: ``xlfuncs period`` on generated rating periods of 1,000 events / 100,000 games
and 10,000 events / 1,000,000 games, read by one process and by two.

Run: ``python benchmarks/period.py`` (options: ``--events`` one or more sizes, ``--jobs``
the reading processes to compare, ``--keep DIR`` to keep the generated files and reuse them).

Each event is a 20-player, 10-round Swiss (100 games), its players drawn from a pool of
FIDE ids (five players an event on average per pool player: each plays some 4 events, so
K x n <= 700 bites for some), 8 % of them unrated, 1 % without a FIDE id. The pairings are
random (no rematch), the results drawn from the ratings; the lines are written by the demo
generator's TRF16 layout (``xlfuncs/data/make_demo_trf.py``: ``player_line``, ``header``,
``play``), whose own Swiss pairing is quadratic and not needed here.

The command is measured as a program (``python -m xlfuncs period DIR --format json``, output
thrown away): wall time, CPU time (the command and its worker processes, from ``os.wait4``)
and peak memory, two ways (``benchmarks/_program.py``): the largest sum of the proportional
set size (PSS) of the command and its workers, sampled every 50 ms from ``/proc`` (Linux; a
page the forked workers share counted once), and the command's own peak resident memory
(``VmHWM``, read by the program itself as it ends; not ``ru_maxrss``, which Linux carries
over from the benchmark's process into the child).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "xlfuncs" / "data"))

from make_demo_trf import MIRROR, Entry, header, play, write  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from _program import mib, run_program  # noqa: E402

PLAYERS = 20
"""Players of each generated event."""
ROUNDS = 10
"""Rounds of each generated event: 10 boards x 10 rounds = 100 games."""


def generate(events: int, out_dir: Path, seed: int = 13) -> Path:
    """*events* TRF files in ``out_dir/period_<events>`` (reused when there)."""
    folder = out_dir / f"period_{events}"
    if folder.is_dir() and len(list(folder.glob("*.trf"))) == events:
        print(f"reused {folder}", flush=True)
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    rng = random.Random(seed)
    pool_size = max(events * PLAYERS // 5, PLAYERS)
    pool_rating = [rng.randint(1400, 2600) for _ in range(pool_size)]
    pool_born = [rng.randint(1950, 2012) for _ in range(pool_size)]
    month = dt.date(2026, 3, 1)
    for e in range(events):
        chosen = rng.sample(range(pool_size), PLAYERS)
        chosen.sort(key=lambda i: -pool_rating[i])
        players = []
        for no, i in enumerate(chosen, start=1):
            unrated = i % 12 == 0
            fide_id = "" if i % 100 == 1 else str(10_000_000 + i)
            players.append(
                Entry(
                    no,
                    "m",
                    "",
                    f"Player, No{i:06d}",
                    None if unrated else pool_rating[i],
                    "FID",
                    fide_id,
                    f"{pool_born[i]}/01/01",
                )
            )
        strength = {p.start_no: pool_rating[chosen[p.start_no - 1]] for p in players}
        for r in range(1, ROUNDS + 1):
            order = players[:]
            rng.shuffle(order)
            free = order
            while free:
                a = free.pop()
                b = next((p for p in free if p.start_no not in a.opponents()), free[0])
                free.remove(b)
                res = play(rng, strength[a.start_no], strength[b.start_no])
                a.rounds[r] = (b.start_no, "w", res)
                b.rounds[r] = (a.start_no, "b", MIRROR[res])
        day = month + dt.timedelta(days=e % 28)
        head = header(
            f"Generated event {e + 1}",
            "Nowhere",
            "FID",
            day,
            players,
            "Individual: Swiss-System",
            "IA Arbiter",
            "",
            "90 min/40 moves + 30 min, 30 s/move from move 1",
            ROUNDS,
        )
        text = write(players, head, ROUNDS)
        (folder / f"event_{e + 1:05d}.trf").write_bytes(text.encode("utf-8"))
    print(
        f"generated {events:,} events ({events * PLAYERS * ROUNDS // 2:,} games, a pool of "
        f"{pool_size:,} players) in {time.perf_counter() - start:.0f} s",
        flush=True,
    )
    return folder


@dataclass(frozen=True)
class Run:
    events: int
    jobs: int
    seconds: float
    cpu: float
    tree_mib: float | None
    own_mib: float | None


def run(folder: Path, events: int, jobs: int) -> Run:
    """``python -m xlfuncs period FOLDER --format json --jobs JOBS``, measured."""
    done = run_program(
        ["period", str(folder), "--format", "json", "--jobs", str(jobs)], sample_tree=True
    )
    return Run(events, jobs, done.seconds, done.cpu, done.tree_mib, done.peak_mib)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark xlfuncs period.")
    parser.add_argument("--events", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--keep", type=Path, help="write the generated files here (and reuse)")
    args = parser.parse_args(argv)
    results: list[Run] = []
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = args.keep or Path(tmp)
        folders = {n: generate(n, out_dir) for n in sorted(set(args.events))}
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs", flush=True)
        for n, folder in folders.items():
            for jobs in args.jobs:
                results.append(run(folder, n, jobs))
                r = results[-1]
                print(f"measured {n:,} events, --jobs {jobs}: {r.seconds:.1f} s", flush=True)
    print()
    print(
        f"{'events':>7}  {'games':>9}  {'jobs':>4}  {'seconds':>8}  {'CPU s':>8}  "
        f"{'peak MiB (all processes)':>24}  {'own peak MiB':>12}"
    )
    for r in results:
        print(
            f"{r.events:>7,}  {r.events * PLAYERS * ROUNDS // 2:>9,}  {r.jobs:>4}  "
            f"{r.seconds:>8.1f}  {r.cpu:>8.1f}  {mib(r.tree_mib, 0):>24}  {mib(r.own_mib, 0):>12}"
        )
    sizes = sorted({r.events for r in results})
    if len(sizes) > 1:
        print()
        print("growth (the larger size over the smaller):")
        for jobs in args.jobs:
            small = next(r for r in results if r.events == sizes[0] and r.jobs == jobs)
            big = next(r for r in results if r.events == sizes[-1] and r.jobs == jobs)
            memory = (
                f"x{big.tree_mib / small.tree_mib:.2f}" if big.tree_mib and small.tree_mib else "-"
            )
            print(
                f"--jobs {jobs}: games x{sizes[-1] / sizes[0]:.0f}, time "
                f"x{big.seconds / small.seconds:.2f}, CPU x{big.cpu / small.cpu:.2f}, "
                f"memory {memory}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
