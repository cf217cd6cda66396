"""Benchmark: RP_EXACT against the seed's bisection program, and the cost of ELO_CHANGE.

Run: ``python benchmarks/bench_functions.py`` (after ``pip install -e .``; options:
``--cases`` tournaments per row, default 300, ``--passes`` interleaved passes, default 7,
``--games`` the opponents of each row, default 5 9 13).

Both performance programs run side by side, interleaved, on the same random inputs; nothing
is cached between calls. Each row is timed twice: with the numbers as floats (classic
xlwings) and with whole numbers as ints (xlwings Lite). Accuracy is measured against the true
root found with 60-digit decimal arithmetic.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from decimal import Decimal, getcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xlfuncs.core.performance import rp_exact, rp_exact_rounded  # noqa: E402
from xlfuncs.udfs import ELO_CHANGE, RP_EXACT  # noqa: E402


# --- the seed's program (../shared/seeds/000_*.txt), in English names -------------------
def seed_expected_score(opponent_ratings: Sequence[float], own_rating: float) -> float:
    return sum(1 / (1 + 10 ** ((r - own_rating) / 400)) for r in opponent_ratings)


def seed_unrounded(opponent_ratings: Sequence[float], score: float) -> float:
    lo, hi = 0.0, 4000.0
    while hi - lo > 0.001:
        mid = (lo + hi) / 2
        if seed_expected_score(opponent_ratings, mid) < score:
            lo = mid
        else:
            hi = mid
    return mid


def seed_performance_rating(opponent_ratings: Sequence[float], score: float) -> int:
    return round(seed_unrounded(opponent_ratings, score))


# --- the true root -------------------------------------------------------------------------
def true_root(opponent_ratings: Sequence[float], score: float) -> Decimal:
    getcontext().prec = 60
    ten = Decimal(10)
    s = Decimal(repr(score))

    def f(r: Decimal) -> Decimal:
        return sum(
            (1 / (1 + ten ** ((Decimal(int(x)) - r) / 400)) for x in opponent_ratings), Decimal(0)
        )

    lo, hi = Decimal(-2000), Decimal(6000)
    for _ in range(120):
        mid = (lo + hi) / 2
        if f(mid) < s:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def make_cases(count: int, games: int, seed: int = 2026) -> list[tuple[list[float], float]]:
    """Tournaments as arbiters see them: a field around some level (1500..2600), its
    ratings spread with a standard deviation of 150, any score but 0 and full."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        level = rng.randint(1500, 2600)
        ratings = [float(max(1000, min(2850, round(rng.gauss(level, 150))))) for _ in range(games)]
        score = rng.randint(1, 2 * games - 1) / 2  # 0 and full scores are infinite
        cases.append((ratings, score))
    return cases


def time_per_call(fn: Callable[..., Any], args: list[tuple[Any, ...]], repeat: int) -> float:
    """Fastest over *repeat* passes of the mean time of one call, in microseconds (the
    fastest pass is the one least disturbed by the rest of the machine)."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for a in args:
            fn(*a)
        samples.append((time.perf_counter() - start) / len(args) * 1e6)
    return min(samples)


def lite(cases: list[tuple[list[float], float]]) -> list[tuple[list[int], int | float]]:
    """The same tournaments as xlwings Lite passes them: whole numbers as int."""
    return [([int(x) for x in r], int(s) if s.is_integer() else s) for r, s in cases]


def compare(games: int, count: int = 300, passes: int = 7) -> None:
    """Time RP_EXACT, the core and the seed on *count* tournaments of *games* opponents, the
    numbers given as floats (classic xlwings) and as ints where whole (xlwings Lite)."""
    cases = make_cases(count, games)
    for kind, args in (("float", cases), ("int", lite(cases))):
        seed_args = [(r, s) for r, s in args]
        cell_args = [([[x] for x in r], s) for r, s in args]  # what Excel passes: a column
        # Side by side: alternate the programs pass by pass.
        ours_udf, ours_core, theirs = [], [], []
        for _ in range(passes):
            theirs.append(time_per_call(seed_performance_rating, seed_args, 1))
            ours_udf.append(time_per_call(RP_EXACT, cell_args, 1))
            ours_core.append(time_per_call(rp_exact, seed_args, 1))
        t_seed, t_udf, t_core = (min(x) for x in (theirs, ours_udf, ours_core))
        agree = sum(
            RP_EXACT(c, s) == seed_performance_rating(r, s)
            for (r, s), (c, _) in zip(seed_args, cell_args)
        )
        worst_ours = worst_seed = Decimal(0)
        for r, s in seed_args[:40]:
            root = true_root(r, s)
            worst_ours = max(worst_ours, abs(Decimal(rp_exact(r, s)) - root))
            worst_seed = max(worst_seed, abs(Decimal(seed_unrounded(r, s)) - root))
        print(
            f"{games:>5}  {kind:<5}  {t_seed:7.2f}  {t_udf:8.2f} {t_seed / t_udf:6.1f}x  "
            f"{t_core:8.2f} {t_seed / t_core:6.1f}x  {agree:>3}/{len(cases)}  "
            f"{float(worst_ours):9.1e} {float(worst_seed):9.1e}"
        )


def layers(games: int, count: int = 300, passes: int = 7) -> None:
    """Where RP_EXACT's time goes, against one pass of the seed's sum (it makes 22)."""
    cases = make_cases(count, games)
    flat = [(r, s) for r, s in cases]
    cells = [([[x] for x in r], s) for r, s in cases]
    one_pass = [(r, 2000.0) for r, _ in cases]
    excel, raw, core, seed_pass = [], [], [], []
    for _ in range(passes):
        excel.append(time_per_call(RP_EXACT, cells, 1))
        raw.append(time_per_call(RP_EXACT.__wrapped__, cells, 1))  # without the cell wrapper
        core.append(time_per_call(rp_exact_rounded, flat, 1))
        seed_pass.append(time_per_call(seed_expected_score, one_pass, 1))
    t_excel, t_raw, t_core, t_pass = (min(x) for x in (excel, raw, core, seed_pass))
    print(
        f"{games} games, us per call: cell wrapper (excel_function) {t_excel - t_raw:.2f}, "
        f"reading the column {t_raw - t_core:.2f}, core rp_exact_rounded {t_core:.2f} "
        f"(one pass of the seed's sum: {t_pass:.2f})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300, help="tournaments per row")
    parser.add_argument("--passes", type=int, default=7, help="interleaved passes per row")
    parser.add_argument("--games", type=int, nargs="+", default=[5, 9, 13])
    args = parser.parse_args(argv)
    print(
        f"RP_EXACT against the seed's bisection program: {args.cases} tournaments per row, "
        f"fastest of"
    )
    print(
        f"{args.passes} interleaved passes, microseconds per call; errors against the true "
        f"root ({min(40, args.cases)} cases)"
    )
    print("games  input  seed us  RP_EXACT  ratio   rp_exact  ratio  same int  err ours  err seed")
    for games in args.games:
        compare(games, args.cases, args.passes)
    layers(args.games[0], args.cases, args.passes)

    rng = random.Random(7)
    own = 2150.0
    games = [[float(rng.randint(1700, 2600))] for _ in range(11)]
    results = [[rng.choice([1.0, "½", 0.0])] for _ in range(11)]
    calls = max(args.cases, 1) * 2000 // 300
    t_change = time_per_call(ELO_CHANGE, [(own, games, results, 20.0)] * calls, min(args.passes, 5))
    t_seed_like = time_per_call(
        seed_expected_score, [([g[0] for g in games], own)] * calls, min(args.passes, 5)
    )
    print(
        f"ELO_CHANGE on 11 games: {t_change:.1f} us/call (the seed's expected-score sum over "
        f"the same 11 games: {t_seed_like:.1f} us)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
