"""``xlfuncs cache``: where the rating lists' index is kept and what it holds; clearing it."""

from __future__ import annotations

import argparse

from .support import exit_status_epilog

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``cache`` to the ``xlfuncs`` command's subparsers."""
    cache = sub.add_parser(
        "cache",
        help="where the rating lists' index is kept, and clearing it",
        description="Show the cache folder and the rating-list indexes it holds (one per list\n"
        "read with --rating-list: a second run looks players up there without reading the\n"
        "list again), or remove them all with --clear. XLFUNCS_CACHE_DIR names another\n"
        "folder.",
        epilog=exit_status_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cache.add_argument("--clear", action="store_true", help="remove every index from the cache")
    return cache


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs cache``: where the cache is and what it holds; ``--clear`` empties it."""
    from ..ratinglist import cache_dir, cached_lists, clear_cache

    folder = cache_dir()
    if args.clear:
        removed = clear_cache()
        plural = "es" if len(removed) != 1 else ""
        print(f"removed {len(removed)} rating-list index{plural} from {folder}")
        return 0
    held = cached_lists()
    print(f"cache: {folder}")
    if not held:
        print("no rating-list index")
    for c in held:
        mib = c.size / 2**20
        print(f"{c.index_path.name}  {c.players:>9,} players  {mib:7.1f} MiB  {c.list_path}")
    return 0
