"""``xlfuncs cache``: where the rating lists' index is kept and what it holds; clearing it."""

from __future__ import annotations

import argparse
import contextlib

from ..text_output import counted
from .options import CommandHelp

__all__ = ["HELP", "add_arguments", "run"]


HELP = CommandHelp(
    "cache",
    summary="where the rating lists' index is kept, and clearing it",
    description="""\
Show the cache folder and the rating-list indexes it holds (one per list
read with --rating-list: a second run looks players up there without reading the
list again), and apart the unfinished ones (.tmp: being built, or left by a build
that was stopped); or remove them all with --clear. XLFUNCS_CACHE_DIR names another
folder.""",
)


def add_arguments(cache: argparse.ArgumentParser) -> None:
    """Add ``cache``'s options to its parser."""
    cache.add_argument(
        "--clear",
        action="store_true",
        help="remove every index from the cache, and the unfinished ones a stopped build left",
    )


def _unfinished(n: int) -> str:
    return counted(n, "unfinished index (.tmp)", "unfinished indexes (.tmp)")


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs cache``: where the cache is and what it holds; ``--clear`` empties it."""
    from ..ratinglist import cache_dir, cached_lists, clear_cache, unfinished_builds

    folder = cache_dir()
    if args.clear:
        cleared = clear_cache()
        said = counted(len(cleared.indexes), "rating-list index", "rating-list indexes")
        if cleared.unfinished:
            said += f" and {_unfinished(len(cleared.unfinished))} a stopped build left"
        print(f"removed {said} from {folder}")
        if cleared.busy:
            print(f"left {_unfinished(len(cleared.busy))} that a running build is writing")
        return 0
    held = cached_lists()
    print(f"cache: {folder}")
    if not held:
        print("no rating-list index")
    for c in held:
        mib = c.size / 2**20
        print(f"{c.index_path.name}  {c.players:>9,} players  {mib:7.1f} MiB  {c.list_path}")
    unfinished = unfinished_builds()
    if unfinished:
        size = 0
        for path in unfinished:
            with contextlib.suppress(OSError):
                size += path.stat().st_size
        print(
            f"{_unfinished(len(unfinished))}, {size / 2**20:.1f} MiB: being built, or left by "
            "a build that was stopped (the next build or --clear removes those)"
        )
    return 0
