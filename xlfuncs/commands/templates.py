"""``xlfuncs templates``: write the blank template workbooks, or with ``--check`` compare the
committed ones with what the code generates now (by content:
:mod:`xlfuncs.templates.workbook_diff`)."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from .options import CommandHelp
from .support import exit_status_epilog

__all__ = ["HELP", "add_arguments", "compare_templates", "main_templates", "run"]


HELP = CommandHelp(
    "templates",
    summary="regenerate the template workbooks, or check them",
    description="""\
Write the five blank template workbooks, or with --check compare the
committed ones with what the code generates (by content, not bytes).""",
    epilog=exit_status_epilog("templates: with --check, 1 when the templates differ from the code"),
)


def add_arguments(templates: argparse.ArgumentParser) -> None:
    """Add ``templates``'s options to its parser."""
    templates.add_argument(
        "--check", action="store_true", help="compare instead of writing; exit 1 when they differ"
    )
    templates.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        default=None,
        help="folder (default: workbook_templates/ of the checkout)",
    )
    templates.add_argument(
        "--force",
        action="store_true",
        help="replace the template files already in the folder given with -o (those of the "
        "checkout's workbook_templates/ are always regenerated)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs templates``."""
    return main_templates(compare=args.check, out_dir=args.output, force=args.force)


def main_templates(
    *, compare: bool, out_dir: str | os.PathLike[str] | None = None, force: bool = False
) -> int:
    """``xlfuncs templates [--check] [-o DIR] [--force]``: regenerate, or compare; the exit
    code. A file already in *out_dir* is replaced only with *force*, or when it is the
    checkout's ``workbook_templates/``; every path is checked before anything is written."""
    from ..output import (
        OutputError,
        vet_file,
        vet_folder,
        vet_folder_name,
        visible,
        written_together,
    )
    from ..templates.registry import all_templates, default_dir, generate, in_checkout
    from .support import EXIT_DATA_ERROR, EXIT_USAGE, failing

    given = default_dir() if out_dir is None else out_dir
    if out_dir is not None:
        with failing(EXIT_USAGE, OutputError):
            vet_folder_name(out_dir, option="-o", what="the template workbooks")
    target = Path(given)
    if compare:
        problems = compare_templates(target)
        for line in problems:
            print(line)
        if problems:
            print(
                f"templates in {target} differ from the code: run `xlfuncs templates` "
                "to regenerate them"
            )
            return 1
        print(f"{len(all_templates())} templates in {target} are up to date")
        return 0
    with failing(EXIT_DATA_ERROR, OutputError):
        vet_folder(given, what="templates folder")  # an empty path is refused, not "."
        replace = force or in_checkout(target)
        for name in all_templates():
            vet_file(target / name, force=replace, what="template")
        with written_together():  # the templates all new, or all as they were
            written = generate(target)
    for path in written:
        print(f"wrote {visible(str(path))}")
    return 0


def compare_templates(
    directory: Path, *, limit: int = 20, generated: Path | None = None
) -> list[str]:
    """What differs between the templates in *directory* and those the code generates now
    (in *generated*, else here): one line per difference (at most *limit* per file)."""
    from ..templates.registry import all_templates
    from ..templates.workbook_diff import compare, fingerprint

    directory = Path(directory)
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="xlfuncs-templates-") as tmp:
        for name, build in all_templates().items():
            committed = directory / name
            if not committed.is_file():
                problems.append(f"{name}: missing from {directory} (run: xlfuncs templates)")
                continue
            fresh = Path(tmp) / name if generated is None else Path(generated) / name
            try:
                if generated is None:
                    build(fresh)
            except Exception as exc:  # a broken generator is reported, not raised
                problems.append(f"{name}: cannot be generated: {type(exc).__name__}: {exc}")
                continue
            try:
                kept = fingerprint(committed)
            except Exception as exc:  # a damaged or foreign file (or a reading bug) is said
                problems.append(
                    f"{name}: cannot be read as a workbook: {type(exc).__name__}: {exc}"
                )
                continue
            diffs = compare(kept, fingerprint(fresh))
            problems += [f"{name}: {d}" for d in diffs[:limit]]
            if len(diffs) > limit:
                problems.append(f"{name}: ... and {len(diffs) - limit} more differences")
    if directory.is_dir():
        for extra in sorted(directory.glob("*.xlsx")):
            if extra.name not in all_templates():
                problems.append(f"{extra.name}: not generated by any template")
    return problems
