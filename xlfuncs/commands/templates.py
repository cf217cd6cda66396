"""``xlfuncs templates``: write the blank template workbooks, or check the committed ones."""

from __future__ import annotations

import argparse

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``templates`` to the ``xlfuncs`` command's subparsers."""
    templates = sub.add_parser(
        "templates",
        help="regenerate the template workbooks, or check them",
        description="Write the five blank template workbooks, or with --check compare the\n"
        "committed ones with what the code generates (by content, not bytes).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
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
    return templates


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs templates``."""
    from ..templates import main_templates

    return main_templates(check=args.check, out_dir=args.output, force=args.force)
