"""Benchmark: FIDE's combined rating list, indexed once and looked up by FIDE id.

Run: ``python benchmarks/bench_rating_list.py`` (options: ``--players`` the list's lines,
default 1,200,000, about the size of FIDE's full combined list; ``--event`` players looked up,
default 500; ``--repeat``; ``--keep DIR`` to keep the generated list and reuse it).

The list is generated deterministically (fictional names, ratings, games, K, titles and flags
spread as in a real list) and written with :func:`xlfuncs.ratinglist.write_combined`, the
layout FIDE ships. Then, each in a fresh child process (``python -c``, imports included, as a
first ``xlfuncs report --rating-list`` would run): building the index from the list (wall
time, CPU time and the child's own peak resident memory, ``VmHWM``: see
``benchmarks/_program.py``), and opening the index a second time
(the list is not read again). Last, in process: looking up the players of an event (ids drawn
from the list, and a tenth of them not in it), best wall time of ``--repeat`` lookups.

Aims (issue 11): the index built in under 60 s on 2 cores, an event of 500 looked up in
under 0.2 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from xlfuncs.ratinglist import (  # noqa: E402
    ListPlayer,
    RateRating,
    open_index,
    write_combined,
)

sys.path.insert(0, str(ROOT / "benchmarks"))
from _program import mib, run_program  # noqa: E402

MIB = 1024 * 1024
_FEDS = ("IND", "GER", "ESP", "FRA", "RUS", "USA", "POL", "ITA", "TUR", "IRI", "NOR", "FID")
_TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")


def players(count: int, seed: int = 11) -> Iterator[ListPlayer]:
    """*count* fictional players in FIDE's spread: about half rated at standard play, fewer
    at rapid and blitz, 1 in 50 titled, a third flagged inactive, 1 in 8 women."""
    rng = random.Random(seed)
    for i in range(count):
        woman = rng.random() < 0.125

        def rate(share: float) -> RateRating | None:
            if rng.random() >= share:
                return None
            rating = min(2850, max(1400, int(rng.gauss(1700, 250))))
            k = 10 if rating >= 2400 else rng.choice((20, 20, 40))
            return RateRating(rating, rng.choice((0, 0, 0, 5, 9)), k)

        yield ListPlayer(
            fide_id=str(1_000_000 + i * 7),
            name=f"Player{i:07d}, Fictional {chr(65 + i % 26)}",
            federation=_FEDS[i % len(_FEDS)],
            sex="F" if woman else "M",
            title=rng.choice(_TITLES) if rng.random() < 0.02 else "",
            w_title="",
            o_title="FA" if rng.random() < 0.01 else "",
            foa_title="",
            standard=rate(0.5),
            rapid=rate(0.3),
            blitz=rate(0.25),
            birth_year=rng.randint(1940, 2018) if rng.random() < 0.95 else None,
            inactive=rng.random() < 0.33,
            woman=woman,
        )


def generate(path: Path, count: int) -> float:
    """Write the list; seconds taken."""
    start = time.perf_counter()
    with path.open("w", encoding="utf-8", newline="\r\n") as out:
        write_combined(players(count), out)
    return time.perf_counter() - start


_CHILD = """
import sys, time
from xlfuncs.ratinglist import open_index
start = time.perf_counter()
index = open_index(sys.argv[1], cache=sys.argv[2])
print(time.perf_counter() - start, index.built, index.players)
"""


def in_child(list_path: Path, cache: Path) -> tuple[float, float, float, float | None, bool, int]:
    """``open_index`` in a fresh interpreter: wall seconds of the whole child, seconds of the
    call alone, CPU seconds, the child's own peak RSS in MiB (``VmHWM``,
    ``benchmarks/_program.py``), whether it read the list, players indexed."""
    run = run_program([str(list_path), str(cache)], code=_CHILD, keep_stdout=True)
    call, built, count = run.stdout.decode().split()
    return run.seconds, float(call), run.cpu, run.peak_mib, built == "True", int(count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1_200_000)
    parser.add_argument("--event", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", type=Path, default=None, help="keep the list in DIR, reuse it")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        list_path = folder / f"players_list_foa_{args.players}.txt"
        if not list_path.is_file():
            seconds = generate(list_path, args.players)
            print(f"generated {list_path.name}: {args.players:,} players in {seconds:.1f} s")
        size = list_path.stat().st_size / MIB
        cache = Path(tmp) / "cache"
        wall, call, cpu, rss, built, count = in_child(list_path, cache)
        assert built and count == args.players
        print(f"list: {count:,} players, {size:.0f} MiB")
        print(
            f"index built (first run):  {call:6.2f} s in open_index, {wall:6.2f} s as a "
            f"program, CPU {cpu:.2f} s, peak RSS {mib(rss, 0)} MiB"
        )
        index_files = list((cache / "rating-lists").glob("*.sqlite"))
        print(f"index file: {sum(f.stat().st_size for f in index_files) / MIB:.0f} MiB")
        wall, call, cpu, rss, built, _ = in_child(list_path, cache)
        assert not built
        print(
            f"index opened (next run):  {call:6.3f} s in open_index, {wall:6.2f} s as a "
            f"program, peak RSS {mib(rss, 0)} MiB (the list not read)"
        )
        rng = random.Random(5)
        present = rng.sample(range(args.players), args.event - args.event // 10)
        ids = [str(1_000_000 + i * 7) for i in present]
        ids += [str(1_000_000 + i * 7 + 3) for i in range(args.event // 10)]  # not in the list
        with open_index(list_path, cache=cache) as index:
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                found = index.lookup(ids)
                best = min(best, time.perf_counter() - start)
        print(
            f"lookup of {len(ids)} players: {best * 1000:.1f} ms "
            f"({len(found)} found, {len(ids) - len(found)} not in the list)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
