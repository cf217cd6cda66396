"""Benchmark: ``xlfuncs period`` on generated rating periods of 1,000 events / 100,000 games
and 10,000 events / 1,000,000 games, read by one process and by two.

Run: ``python benchmarks/period.py`` (options: ``--events`` one or more sizes, ``--jobs``
the reading processes to compare, ``--list-players N`` the rating list's size for the
``--list-out`` measure, ``--repeat``, ``--keep DIR`` to keep the generated files and reuse
them).

Each event is a 20-player, 10-round Swiss (100 games), its players drawn from a pool of
FIDE ids (five players an event on average per pool player: each plays some 4 events, so
K x n <= 700 bites for some), 8 % of them unrated, 1 % without a FIDE id. The pairings are
random (no rematch), the results drawn from the ratings; the lines are written by the demo
generator's TRF16 layout (``tests/make_demo_trf.py``: ``player_line``, ``header``,
``play``), whose own Swiss pairing is quadratic and not needed here.

The command is measured as a program (``python -m xlfuncs period DIR --format json``, output
thrown away): wall time, CPU time (the command and its worker processes, from ``os.wait4``)
and peak memory, two ways (``benchmarks/_program.py``): the largest sum of the proportional
set size (PSS) of the command and its workers, sampled every 50 ms from ``/proc`` (Linux; a
page the forked workers share counted once), and the command's own peak resident memory
(``VmHWM``, read by the program itself as it ends; not ``ru_maxrss``, which Linux carries
over from the benchmark's process into the child).

``--list-out`` is measured on the smallest period with a generated combined list of
``--list-players`` players (the period's pool among them, 4 % of the others with games last
period, whose lines must be written anew): the new list written in process both ways, side
by side and alternated (every player read and formatted, as for a list the cache has not
indexed; and the unchanged lines copied through), the two results compared; then the whole
command as a program, the list's index cached (in a temporary folder, not the user's cache),
with and without ``--list-out``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from make_demo_trf import MIRROR, Entry, header, play, write  # noqa: E402

from xlfuncs.ratinglist import ListPlayer, RateRating, write_combined  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from _program import mib, run_program  # noqa: E402

PLAYERS = 20
"""Players of each generated event."""
ROUNDS = 10
"""Rounds of each generated event: 10 boards x 10 rounds = 100 games."""


def pool(events: int, rng: random.Random) -> tuple[int, list[int], list[int]]:
    """The pool of players the events of a period of *events* draw from: its size, each
    one's rating and year of birth (player *i* has FIDE id 10,000,000 + *i*)."""
    size = max(events * PLAYERS // 5, PLAYERS)
    return (
        size,
        [rng.randint(1400, 2600) for _ in range(size)],
        [rng.randint(1950, 2012) for _ in range(size)],
    )


def generate(events: int, out_dir: Path, seed: int = 13) -> Path:
    """*events* TRF files in ``out_dir/period_<events>`` (reused when there)."""
    folder = out_dir / f"period_{events}"
    if folder.is_dir() and len(list(folder.glob("*.trf"))) == events:
        print(f"reused {folder}", flush=True)
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    rng = random.Random(seed)
    pool_size, pool_rating, pool_born = pool(events, rng)
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


def generate_list(events: int, count: int, out_dir: Path, seed: int = 13) -> Path:
    """A combined rating list of *count* players (at least the pool's) holding the pool of a
    period of *events* (ratings as in the files, 0 games, K 20) and fictional others, 4 %
    of whom played last period (games at standard play, as in a month of FIDE's list)."""
    path = out_dir / f"players_list_foa_{events}_{count}.txt"
    if path.is_file():
        print(f"reused {path}", flush=True)
        return path
    start = time.perf_counter()
    size, ratings, born = pool(events, random.Random(seed))
    rng = random.Random(seed + 1)

    def players() -> Iterator[ListPlayer]:
        for i in range(max(count, size)):
            mine = i < size
            rating = ratings[i] if mine else rng.randint(1000, 2700)
            unrated = mine and i % 12 == 0  # unrated in the files, and so in the list
            games = 0 if mine or rng.random() >= 0.04 else rng.randint(1, 30)
            yield ListPlayer(
                fide_id=str(10_000_000 + i if mine else 1_000_000 + i * 7),
                name=f"Player, No{i:06d}" if mine else f"Listed{i:07d}, Fictional",
                federation="FID" if mine else "ENG",
                sex="M",
                title="",
                w_title="",
                o_title="",
                foa_title="",
                standard=None if unrated else RateRating(rating, games, 20),
                rapid=None,
                blitz=None,
                birth_year=born[i] if mine else 1990,
                inactive=False,
                woman=False,
            )

    with path.open("w", encoding="utf-8", newline="\r\n") as out:
        write_combined(players(), out)
    print(f"generated {path.name} in {time.perf_counter() - start:.0f} s", flush=True)
    return path


def _cpu() -> float:
    return time.process_time()


def list_out(folder: Path, list_path: Path, out_dir: Path, repeat: int) -> list[str]:
    """The new list of the period in *folder* on the list *list_path*, written both ways side
    by side in process (best of *repeat*, alternated): every player read and formatted, and
    the unchanged lines copied (the index cached); then ``period --list-out`` as a program
    (the index cached) beside the same command without ``--list-out``."""
    from xlfuncs.period.list_out import new_list, write_new_list
    from xlfuncs.period.read import expand_inputs, read_events
    from xlfuncs.period.rows import build_period
    from xlfuncs.ratinglist import open_index, read_list

    files, _ = expand_inputs([str(folder)])
    with open_index(list_path) as index:
        read = read_events(files, rating_list=index, jobs=1)
        players = index.players
    period = build_period(read, list_given=True)
    full_out, copied_out = out_dir / "new_list_full.txt", out_dir / "new_list_copied.txt"

    def full() -> None:
        with open(full_out, "w", encoding="utf-8", newline="\r\n") as out:
            write_combined(new_list(period, read_list(list_path)), out)

    def copied() -> None:
        write_new_list(copied_out, period, list_path)

    best = {"full": (float("inf"), 0.0), "copied": (float("inf"), 0.0)}
    for _ in range(repeat):
        for name, fn in (("full", full), ("copied", copied)):
            start, cpu = time.perf_counter(), _cpu()
            fn()
            took = (time.perf_counter() - start, _cpu() - cpu)
            best[name] = min(best[name], took)
    same = list(read_list(full_out)) == list(read_list(copied_out))
    changed = sum(
        a != b
        for a, b in zip(
            list_path.read_bytes().splitlines()[1:], copied_out.read_bytes().splitlines()[1:]
        )
    )
    argv = ["period", str(folder), "--rating-list", str(list_path), "--format", "json"]
    without = run_program([*argv, "--jobs", "1"])
    with_out = run_program([*argv, "--jobs", "1", "--list-out", str(out_dir / "program.txt")])
    (out_dir / "program.txt").unlink()
    (f_wall, f_cpu), (c_wall, c_cpu) = best["full"], best["copied"]
    return [
        f"list-out on a list of {players:,} players ({changed:,} lines written anew, the "
        f"others copied; the two new lists read back {'the same' if same else 'DIFFERENT'})",
        f"  in process, best of {repeat}, side by side:",
        f"    every player read and formatted:  {f_wall:7.2f} s  CPU {f_cpu:7.2f} s",
        f"    unchanged lines copied:           {c_wall:7.2f} s  CPU {c_cpu:7.2f} s  "
        f"(x{f_wall / c_wall:.1f} quicker, CPU x{f_cpu / max(c_cpu, 1e-9):.1f})",
        "  as a program (python -m xlfuncs period ... --rating-list, --jobs 1, index cached):",
        f"    without --list-out:               {without.seconds:7.2f} s  CPU {without.cpu:7.2f} s",
        f"    with --list-out:                  {with_out.seconds:7.2f} s  CPU "
        f"{with_out.cpu:7.2f} s  own peak {mib(with_out.peak_mib, 0)} MiB",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark xlfuncs period.")
    parser.add_argument("--events", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument(
        "--list-players",
        type=int,
        default=1_200_000,
        metavar="N",
        help="the rating list's players for the --list-out measure, on the smallest period "
        "(default 1,200,000, FIDE's full list; 0: not measured)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="in-process runs of --list-out")
    parser.add_argument("--keep", type=Path, help="write the generated files here (and reuse)")
    args = parser.parse_args(argv)
    results: list[Run] = []
    listed: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = args.keep or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        folders = {n: generate(n, out_dir) for n in sorted(set(args.events))}
        if args.list_players:
            smallest = min(folders)
            list_path = generate_list(smallest, args.list_players, out_dir)
            with tempfile.TemporaryDirectory() as work:
                saved = os.environ.get("XLFUNCS_CACHE_DIR")
                os.environ["XLFUNCS_CACHE_DIR"] = str(Path(work) / "cache")  # not the user's
                try:
                    listed = list_out(folders[smallest], list_path, Path(work), args.repeat)
                finally:
                    if saved is None:
                        del os.environ["XLFUNCS_CACHE_DIR"]
                    else:
                        os.environ["XLFUNCS_CACHE_DIR"] = saved
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
    if listed:
        print()
        print("\n".join(listed))
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
