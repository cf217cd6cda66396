"""The ``xlfuncs`` command. The library never imports this module."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import __version__
from .command_support import EXIT_DATA_ERROR
from .command_support import error as _error
from .command_support import no_cycle_collection as _no_cycle_collection
from .command_support import rate_of_play as _rate
from .command_support import read_inputs as _read_inputs
from .command_support import say as _say
from .command_support import write_csv as _write_csv

if TYPE_CHECKING:
    from .ratinglist import EventList
    from .trf import Tournament

__all__ = ["main"]


def _demo_functions() -> list[tuple[str, object]]:
    """The worked examples of the README, computed through the Excel functions."""
    from . import udfs

    opponents = [[2400.0], [2500.0], [2600.0]]
    seed = [[1851.0], [2457.0], [1989.0], [2379.0], [2407.0]]
    uplift = [[1063.0], [1299.0], [1413.0], [1872.0], [1851.0], [1427.0], [1682.0]]
    results = [[1.0], [1.0], [1.0], ["½"], [0.0], [1.0], [1.0]]
    first = [[1900.0], [1950.0], [2000.0], [2050.0], [2100.0]]
    return [
        ("=RP_EXACT({1851;2457;1989;2379;2407}, 4)", udfs.RP_EXACT(seed, 4.0)),
        ("=RP_EXACT({2400;2500;2600}, 2.5)", udfs.RP_EXACT(opponents, 2.5)),
        ("=RP_FIDE({2400;2500;2600}, 2.5)", udfs.RP_FIDE(opponents, 2.5)),
        ("=RP_LINEAR({2400;2500;2600}, 2.5)", udfs.RP_LINEAR(opponents, 2.5)),
        ("=RP_PTP({2400;2500;2600}, 2.5)", udfs.RP_PTP(opponents, 2.5)),
        ("=DP_LOOKUP(0.83)", udfs.DP_LOOKUP(0.83)),
        ("=PD_LOOKUP(400)", udfs.PD_LOOKUP(400.0)),
        (
            "=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2022, FALSE)",
            udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2022", False),
        ),
        (
            "=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2022)",
            udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2022"),
        ),
        (
            "=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2025)",
            udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2025"),
        ),
        (
            "=K_FACTOR(2250, 80, 2008, FALSE, DATE(2026,11,30))",
            udfs.K_FACTOR(2250.0, 80.0, 2008.0, False, "2026-11-30"),
        ),
        (
            '=BLOQUE({1900;1950;2000;2050;2100}, 3, "swiss", 2022)',
            udfs.BLOQUE(first, 3.0, "swiss", "2022"),
        ),
        (
            '=BLOQUE({1900;1950;2000;2050;2100}, 3, "swiss", 2025)',
            udfs.BLOQUE(first, 3.0, "swiss", "2025"),
        ),
        ("=RP_EXACT({2400;2500;2600}, 3)", udfs.RP_EXACT(opponents, 3.0)),
        (
            '=EXPLAIN_ERROR("RP_EXACT", {2400;2500;2600}, 3)',
            udfs.EXPLAIN_ERROR("RP_EXACT", opponents, 3.0),
        ),
    ]


DEMO_FILES = ("demo_round_robin.trf", "demo_swiss.trf")
"""The built-in example tournaments (fictional players), in ``xlfuncs/data``."""


def _cmd_demo(args: argparse.Namespace) -> int:
    from importlib.resources import as_file, files

    from .crosstable import event_from_trf, write_crosstable
    from .output import OutputError, vet_file, vet_folder
    from .report import build_report, render_text
    from .trf import read_trf

    try:  # every path is checked before anything is printed or written
        out_dir = vet_folder(args.output, what="demo folder")
        targets = [
            vet_file(out_dir / name.replace(".trf", ".xlsx"), force=args.force, what="workbook")
            for name in DEMO_FILES
        ]
    except OutputError as exc:
        _error(str(exc))
        return EXIT_DATA_ERROR
    print("== The Excel functions on worked examples")
    rows = _demo_functions()
    width = max(len(formula) for formula, _ in rows)
    for formula, value in rows:
        print(f"{formula:<{width}}  ->  {value}")
    for name, target in zip(DEMO_FILES, targets):
        with as_file(files("xlfuncs") / "data" / name) as trf_path:
            tournament = read_trf(trf_path)
        print(f"\n== {name}: xlfuncs report\n")
        sys.stdout.write(render_text(build_report(tournament)))
        filled = event_from_trf(tournament)
        try:
            write_crosstable(filled, target)
        except OutputError as exc:
            _error(str(exc))
            return EXIT_DATA_ERROR
        kind = "round-robin crosstable" if filled.round_robin else "Swiss wall chart"
        print(f"\nwrote {target} ({kind})")
    return 0


_REPORT_EPILOG = """\
exit status: 0 the report was printed (discrepancies in the file do not change it);
1 a file is missing, unreadable or malformed (the TRF, the K file or the rating list: the
message names the file, line and columns; a file with no player line is one, and so is a
tie-break list, record 202 or 212, naming a tie-break we do not know); 2 the command line is
wrong, e.g. an unknown edition or an invalid date for --rules or --tiebreak-rules, an
unknown tie-break in --tiebreaks, a value of --unrated-rating that is not a rating.

FILE.trf may be - to read standard input.

The text format ends with the notes, warnings and the file's discrepancies; with --format
json or csv, stdout holds only the data and the warnings and discrepancies go to stderr.
The CSV is for Excel: UTF-8 with a byte-order mark; a text cell that begins with = + - @,
a tab or a CR is written after a ' (numbers stay numbers). Control characters from the file
are shown escaped (\\x1b) in the text format and in messages.

K file: CSV with the header fide_id,k and one player a line (blank lines and # comments
allowed), e.g. to give K 40 to a player with fewer than 30 rated games; K is 40, 20 or 10
(K x n <= 700 lowers it in the computation, never in the file).

Rating list: FIDE's list (players_list_foa.txt, a single list, XML, or the ZIP as FIDE ships
it); the players it holds get its rating, K, title, sex and birth year, and a warning names
any rating of the file that differs. It is read once into the cache folder (xlfuncs cache
shows where; --clear empties it). A player with a rating but no FIDE id is counted as
unrated: FIDE rates only players with a FIDE id."""


def _cmd_report(args: argparse.Namespace) -> int:
    with _no_cycle_collection():
        return _report(args)


def _report(args: argparse.Namespace) -> int:
    from .core import XlfuncsError
    from .report import build_report, render_csv, render_json, render_text
    from .trf import TrfError

    show_progress = sys.stderr.isatty()

    def progress(message: str) -> None:
        if show_progress:
            print(message, file=sys.stderr, flush=True)

    inputs = _read_inputs(args, progress)
    if isinstance(inputs, int):
        return inputs
    tournament, overrides, edition = inputs
    rating_list = _rating_list(args, tournament)
    if isinstance(rating_list, int):
        return rating_list
    progress(f"computing {len(tournament.players)} players...")
    try:
        report = build_report(
            tournament,
            rules=edition,
            k_overrides=overrides,
            rate=_rate(args),
            tiebreaks=args.tiebreaks,
            rating_list=rating_list,
            tiebreak_rules=args.tiebreak_rules,
            unrated_rating=args.unrated_rating,
        )
    except TrfError as exc:  # the file's tie-break list names an unknown tie-break
        _error(str(exc))
        return EXIT_DATA_ERROR
    except XlfuncsError as exc:  # a figure the rules refuse (the file is checked first)
        _error(f"{tournament.source}: {exc}")
        return EXIT_DATA_ERROR
    if args.format == "text":
        sys.stdout.write(render_text(report))
        return 0
    if args.format == "json":
        sys.stdout.write(render_json(report))
    else:
        _write_csv(render_csv(report))
    _print_findings(report.warnings, report.discrepancies)
    return 0


def _print_findings(warnings: Sequence[str], discrepancies: Sequence[object]) -> None:
    """The reader's warnings and the file's discrepancies, one a line on standard error
    (``report`` in JSON or CSV, and ``crosstable``)."""
    for warning in warnings:
        _say("warning", warning)
    for found in discrepancies:
        _say("discrepancy", str(found))


def _rating_list(args: argparse.Namespace, tournament: Tournament) -> EventList | None | int:
    """The players of *tournament* in the ``--rating-list`` of *args* (``None``: no list), or
    an exit code after saying what is wrong. The first use of a list reads it into the
    cache's index (saying so on a terminal); later ones look the players up there."""
    if getattr(args, "rating_list", None) is None:
        return None
    from .ratinglist import RatingListError, cache_dir, event_list

    path = args.rating_list

    def say_reading(count: int) -> None:
        if count == 20_000:  # the first batch: the list is being read, not the index
            print(
                f"reading the rating list {path} once into {cache_dir()} "
                "(later runs look players up there)...",
                file=sys.stderr,
                flush=True,
            )

    progress = say_reading if sys.stderr.isatty() else None
    ids = [p.fide_id for p in tournament.players if p.fide_id]
    try:
        return event_list(path, ids, progress=progress)
    except FileNotFoundError:
        _error(f"cannot read {path}: no such file")
    except IsADirectoryError:
        _error(f"cannot read {path}: it is a folder, not a file")
    except OSError as exc:
        _error(f"cannot read {path}: {exc.strerror or exc}")
    except RatingListError as exc:
        _error(str(exc))
    return EXIT_DATA_ERROR


def _cmd_crosstable(args: argparse.Namespace) -> int:
    from .core import XlfuncsError
    from .crosstable import CrosstableError, event_from_trf, write_crosstable
    from .output import OutputError, vet_file
    from .progress import ProgressBar, scaled
    from .trf import TrfError

    try:  # before the work: the output must not be the input, nor replace a file unasked
        inputs_ = (args.file, args.k_file, args.rating_list)
        vet_file(args.output, force=args.force, inputs=inputs_, what="workbook")
    except OutputError as exc:
        _error(str(exc))
        return EXIT_DATA_ERROR
    inputs = _read_inputs(args)
    if isinstance(inputs, int):
        return inputs
    tournament, overrides, edition = inputs
    rating_list = _rating_list(args, tournament)
    if isinstance(rating_list, int):
        return rating_list
    bar = ProgressBar(f"{len(tournament.players)} players")
    try:
        with bar:
            bar("reading the results", 0.0)
            filled = event_from_trf(
                tournament,
                rules=edition,
                k_overrides=overrides,
                rate=_rate(args),
                tiebreaks=args.tiebreaks,
                rating_list=rating_list,
                tiebreak_rules=args.tiebreak_rules,
            )
            target = write_crosstable(filled, args.output, progress=scaled(bar, 0.1, 1.0))
    except (CrosstableError, XlfuncsError, OutputError, TrfError) as exc:
        _error(str(exc))
        return EXIT_DATA_ERROR
    _print_findings(filled.warnings, filled.discrepancies)
    kind = "round-robin crosstable" if filled.round_robin else "Swiss wall chart"
    print(
        f"wrote {target} ({kind}, {len(filled.event.players)} players, rules {filled.event.rules})"
    )
    return 0


def _cmd_templates(args: argparse.Namespace) -> int:
    from .templates import main_templates

    return main_templates(check=args.check, out_dir=args.output, force=args.force)


def _cmd_lite(args: argparse.Namespace) -> int:
    from .lite import bundle_files, main_lite
    from .output import OutputError, vet_book, vet_file, vet_folder

    if args.into is not None:
        from .lite_workbook import WorkbookError, main_into

        try:
            print(main_into(vet_book(args.into)))
        except (OutputError, WorkbookError) as exc:
            _error(str(exc))
            return EXIT_DATA_ERROR
        except OSError as exc:
            _error(f"{args.into}: {exc.strerror or exc}")
            return EXIT_DATA_ERROR
        print(
            "Open it with the xlwings Lite add-in: the functions need no pasting.", file=sys.stderr
        )
        return 0
    try:
        folder = vet_folder(args.output)
        for name in bundle_files():
            vet_file(folder / name, force=args.force, what="file")
        written = main_lite(folder)
    except OutputError as exc:
        _error(str(exc))
        return EXIT_DATA_ERROR
    except OSError as exc:
        _error(f"cannot write to {args.output}: {exc.strerror or exc}")
        return EXIT_DATA_ERROR
    for path in written:
        print(path)
    print(
        "Paste main.py and requirements.txt into the xlwings Lite editor, then restart "
        "Python there.",
        file=sys.stderr,
    )
    return 0


def _cmd_cache(args: argparse.Namespace) -> int:
    """Where the cache is and what it holds; ``--clear`` empties it."""
    from .ratinglist import cache_dir, cached_lists, clear_cache

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


def _add_trf_options(command: argparse.ArgumentParser) -> None:
    """The TRF file and the options of every command that reads one."""
    command.add_argument(
        "file", metavar="FILE.trf", help="the tournament report file; - reads standard input"
    )
    command.add_argument(
        "--rules",
        metavar="EDITION",
        help="edition of the rating regulations (2017, 2022, 2024, 2025 or a "
        "date YYYY-MM-DD); default: the one in force on the event's start "
        "date (for --rate rapid or blitz: their rules in force then)",
    )
    command.add_argument(
        "--k-file", metavar="CSV", help="K by FIDE id (CSV with the header fide_id,k)"
    )
    command.add_argument(
        "--rate",
        choices=("standard", "rapid", "blitz"),
        help="rate of play; default: the one the file's time control (122) says, else "
        "standard (the report says which); rapid and blitz claim no title norm",
    )
    command.add_argument(
        "--tiebreaks",
        metavar="LIST",
        type=_tiebreaks_option,
        help="the tie-breaks that rank players after their points, as C.07 writes them "
        '(e.g. "BH/C1,BH,SB"); default: the file\'s list (TRF-2026 record 202 or 212), '
        "else BH/C1,BH,SB for a Swiss and DE,WIN,SB,KS for a round robin",
    )
    command.add_argument(
        "--rating-list",
        metavar="FILE",
        help="FIDE's rating list (players_list_foa.txt, a single list, XML, or their ZIP): "
        "rating, K, title, sex and birth year of the players it holds; read once into the "
        "cache (see xlfuncs cache)",
    )


def _tiebreaks_option(text: str) -> tuple[str, ...]:
    """``--tiebreaks``: the descriptors' texts; a bad one is argparse's usage error (exit 2)
    naming the option and the descriptor."""
    from .core import XlfuncsError
    from .trf.tiebreak_list import option_tiebreaks

    try:
        return option_tiebreaks(text)
    except XlfuncsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _add_tiebreak_rules(command: argparse.ArgumentParser) -> None:
    """``--tiebreak-rules``: the C.07 edition of ``report`` and ``crosstable``."""
    command.add_argument(
        "--tiebreak-rules",
        metavar="EDITION",
        type=_tiebreak_rules_option,
        help="edition of the Tie-Break Regulations, C.07 (2023, 2026 or a date YYYY-MM-DD); "
        "default: the one in force on the event's start date (an older event: the 2023 text)",
    )


def _tiebreak_rules_option(text: str) -> str:
    """``--tiebreak-rules``: a C.07 edition id or an ISO date, checked; a bad one is
    argparse's usage error (exit 2) naming the option, the value and the accepted ones."""
    from .core import XlfuncsError
    from .core.tiebreak_editions import tiebreak_edition_for

    try:
        tiebreak_edition_for(text)
    except XlfuncsError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("edition: ")) from None
    return text.strip()


def _unrated_rating_option(text: str) -> int:
    """``--unrated-rating``: a rating (1..MAX_RATING); anything else is argparse's usage
    error (exit 2) naming the option and the value."""
    from .core import XlfuncsError
    from .core.validate import MAX_RATING, rating

    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a rating (a whole number, 1..{MAX_RATING}), got {text!r}"
        ) from None
    try:
        return rating(value, name="N")
    except XlfuncsError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("N: ")) from None


def _not_for_charts(text: str) -> None:
    """``crosstable --unrated-rating``: refused (exit 2), saying why."""
    raise argparse.ArgumentTypeError(
        "not for crosstable: the chart's live TIEBREAK_ALL formulas give unrated players no "
        "rating, so its stored and live rating tie-breaks would disagree (they are defined "
        "there only when every player is rated); use it with report"
    )


def _add_force(command: argparse.ArgumentParser, what: str) -> None:
    """``--force``: replace existing output files (never the input)."""
    command.add_argument("--force", action="store_true", help=f"replace {what} (never the input)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``xlfuncs`` command."""
    parser = argparse.ArgumentParser(
        prog="xlfuncs",
        description="FIDE rating maths for arbiters: Excel functions, "
        "templates and tournament reports.",
    )
    parser.add_argument("--version", action="version", version=f"xlfuncs {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = sub.add_parser(
        "demo",
        help="run the built-in example: reports and filled workbooks",
        description="Run the built-in example: the Excel functions on worked examples, then\n"
        "the report of two example tournaments written for this project (fictional players;\n"
        "a round robin and a Swiss with unrated players, forfeits and byes), and write their\n"
        "filled workbooks.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    demo.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        default="xlfuncs-demo",
        help="folder for the workbooks (default: xlfuncs-demo)",
    )
    _add_force(demo, "workbooks already in the folder")
    demo.set_defaults(run=_cmd_demo)
    report = sub.add_parser(
        "report",
        help="the figures of every player of a TRF file",
        description="Read a FIDE tournament report file (TRF16) and print, for every player\n"
        "in starting-rank order: points, rated games, Ra, performance (FIDE and exact), K,\n"
        "rating change, first rating of an unrated player, norm figures, Sonneborn-Berger,\n"
        "rank by points and FIDE tie-breaks (C.07); then the file's discrepancies, its ranks\n"
        "against ours included.",
        epilog=_REPORT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_trf_options(report)
    report.add_argument(
        "--format",
        choices=("text", "json", "csv"),
        default="text",
        help="text (default): an aligned table and notes; json: a list of "
        "objects; csv: a header and one row per player",
    )
    _add_tiebreak_rules(report)
    report.add_argument(
        "--unrated-rating",
        metavar="N",
        type=_unrated_rating_option,
        help="the rating unrated opponents count at in the rating tie-breaks (ARO, TPR, PTP, "
        "APRO, APPO), as the tournament's rules give it (C.07); default: none, and those "
        "tie-breaks are undefined ('-') once a player is unrated",
    )
    report.set_defaults(run=_cmd_report)
    crosstable = sub.add_parser(
        "crosstable",
        help="fill a crosstable workbook from a TRF file",
        description="Fill the round-robin template (when every player met every other) or the\n"
        "Swiss wall chart from a TRF file. Formulas stay live, and every formula cell also\n"
        "carries its computed value, so the workbook reads correctly where the functions\n"
        "are not installed.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_trf_options(crosstable)
    crosstable.add_argument(
        "-o", "--output", metavar="OUT.xlsx", required=True, help="the workbook to write"
    )
    _add_force(crosstable, "OUT.xlsx if it exists")
    _add_tiebreak_rules(crosstable)
    crosstable.add_argument(  # report's option, refused here with the reason
        "--unrated-rating", metavar="N", type=_not_for_charts, help=argparse.SUPPRESS
    )
    crosstable.set_defaults(run=_cmd_crosstable)
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
    templates.set_defaults(run=_cmd_templates)
    cache = sub.add_parser(
        "cache",
        help="where the rating lists' index is kept, and clearing it",
        description="Show the cache folder and the rating-list indexes it holds (one per list\n"
        "read with --rating-list: a second run looks players up there without reading the\n"
        "list again), or remove them all with --clear. XLFUNCS_CACHE_DIR names another\n"
        "folder.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cache.add_argument("--clear", action="store_true", help="remove every index from the cache")
    cache.set_defaults(run=_cmd_cache)
    from .norm_report.command import add_norms_command

    add_norms_command(sub, _add_trf_options)
    lite = sub.add_parser(
        "lite",
        help="write main.py and requirements.txt for xlwings Lite",
        description="Write a self-contained main.py (the functions and the core, importing\n"
        "only xlwings and the standard library) and requirements.txt, to paste into xlwings\n"
        "Lite (Excel on Windows, Mac and the web), or store them in a workbook (--into),\n"
        "where Lite finds them when the workbook opens.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    where = lite.add_mutually_exclusive_group()
    where.add_argument(
        "-o", "--output", metavar="DIR", default="lite", help="folder to write to (default: lite)"
    )
    where.add_argument(
        "--into",
        metavar="BOOK",
        help="store them in this workbook (.xlsx/.xlsm) instead, where xlwings Lite keeps them",
    )
    _add_force(lite, "main.py and requirements.txt already in DIR")
    lite.set_defaults(run=_cmd_lite)
    from .period.command import add_parser as add_period

    add_period(sub)  # xlfuncs period: its own module
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")  # names a console cannot show
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("xlfuncs: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader (head, less) stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_DATA_ERROR
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
