"""``xlfuncs period``: a whole rating period, many tournament files in, every player's new
rating out."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import sys

from ..core.editions import EDITIONS
from .options import (
    NO_NORM_EVENT,
    NO_RANKING,
    PERIOD_SYSTEM,
    refuse,
    refuse_norm_event_options,
)
from .support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    error,
    exit_status_epilog,
    say,
    write_csv,
)

__all__ = ["EXIT_SKIPPED", "add_parser", "run"]

EXIT_SKIPPED = 3
"""``--skip-bad-files`` skipped at least one file: the others were rated."""

DEFAULT_PLAYER_SHEETS = 100
"""Players given a calculation sheet in the workbook by default (``--player-sheets``)."""

_EPILOG = (
    exit_status_epilog(
        "period: with 1, every file that cannot be read is named and nothing is rated; 3\n"
        "--skip-bad-files skipped at least one file (each is named) and the others were rated"
    )
    + """

A folder stands for its .trf files. The same FIDE id in two files is one player; a player
without a FIDE id is rated on each file alone and listed apart. With --format json or csv,
stdout holds only the data; skipped files and warnings go to stderr."""
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``period`` to the ``xlfuncs`` command's subparsers."""
    p = sub.add_parser(
        "period",
        help="rate a whole rating period: many TRF files, every player's new rating",
        description="Rate a rating period: every player's games from every file summed,\n"
        "K x n <= 700 over the period, the change rounded once, the 2022 one-upgrade limit\n"
        "per tournament, unrated players' games pooled for a first rating; one section per\n"
        "rate of play.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", metavar="FILE.trf", nargs="+", help="tournament files or folders")
    p.add_argument(
        "--rules",
        metavar="EDITION",
        help=f"edition of the rating regulations ({', '.join(EDITIONS)} or a date "
        "YYYY-MM-DD); default: the one in force on the latest event's date",
    )
    p.add_argument(
        "--rate",
        choices=("standard", "rapid", "blitz"),
        help="the rate of play of every file (default: each file's time control, 122 or 222; "
        "standard, with a warning, where it does not say)",
    )
    p.add_argument("--k-file", metavar="CSV", help="K by FIDE id (CSV with the header fide_id,k)")
    p.add_argument(
        "--rating-list",
        metavar="LIST",
        help="FIDE's latest list, the one before the list being made (players_list_foa.txt, "
        "a single list, XML or ZIP): the rating the change is added to and K; each file "
        "read with it, as report reads one (rating at the rate of play, K, title, "
        "federation, sex, birth year), except that an event started under an earlier list "
        "is rated with its file's ratings; indexed once in the cache folder (xlfuncs cache)",
    )
    p.add_argument(
        "--list-date",
        metavar="YYYY-MM",
        help="the list being made (its month, or any day of it): each event placed by the "
        "Rating Regulations' calendar (on time, late, or not rated); --rating-list is then "
        "the list before it; default: the first list every event may be rated on",
    )
    p.add_argument(
        "--rounding",
        choices=("period", "event"),
        default="period",
        help="round the change once for the period (Rating Regulations 8.3.4; default) or "
        "each event's change on its own",
    )
    p.add_argument(
        "--scoreless-events",
        choices=("first", "leading"),
        default="first",
        help="an unrated player's first rating: disregard the zero score of the first event "
        "only, as Rating Regulations 8.2.1 says (default), or of every scoreless event in a "
        "row from the first",
    )
    p.add_argument(
        "--list-out",
        metavar="FILE",
        help="write the new ratings as a rating list in FIDE's combined TXT layout (the "
        "whole --rating-list updated when one is given, else the period's players)",
    )
    p.add_argument(
        "--format",
        choices=("text", "json", "csv"),
        default="text",
        help="text (default), json (a list of objects, one per player) or csv",
    )
    p.add_argument("-o", "--output", metavar="OUT.xlsx", help="also write a workbook")
    p.add_argument(
        "--player-sheets",
        metavar="N",
        type=int,
        default=DEFAULT_PLAYER_SHEETS,
        help="with -o: a calculation sheet for at most N rated players, the first in the "
        f"summary's order (by name); 0: none (default: {DEFAULT_PLAYER_SHEETS})",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="replace OUT.xlsx and the --list-out file if they exist",
    )
    p.add_argument(
        "--skip-bad-files",
        action="store_true",
        help="rate the other files when one cannot be read (exit status 3)",
    )
    p.add_argument(
        "--jobs",
        metavar="N",
        type=int,
        default=None,
        help="processes reading the files (default: the CPUs, for 16 files or more)",
    )
    for flag in (
        "--tiebreaks",
        "--tiebreak-rules",
        "--unrated-rating",
        "--ptp-full-score",
        "--koya-scores",
        "--team-colour",
    ):
        refuse(p, flag, NO_RANKING)  # report's options, refused with the reason
    refuse_norm_event_options(p, NO_NORM_EVENT)
    refuse(p, "--system", PERIOD_SYSTEM)
    return p


def _list_date(text: str) -> datetime.date | None:
    """``YYYY-MM`` or ``YYYY-MM-DD`` as the first day of that month; ``None``: neither."""
    for layout in ("%Y-%m", "%Y-%m-%d"):
        try:
            return datetime.datetime.strptime(text.strip(), layout).date().replace(day=1)
        except ValueError:
            continue
    return None


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs period``: read, rate, print, write."""
    from ..core import XlfuncsError, get_edition
    from ..core.editions import RateOfPlay
    from ..core.rating_change import Rounding
    from ..output import OutputError, vet_distinct, vet_file, vet_suffix, written_together
    from ..period.read import BadFile, expand_inputs, read_events
    from ..period.render import render_csv, render_json, render_text
    from ..period.rows import build_period
    from ..progress import ProgressBar
    from ..ratinglist import RatingListError, open_index
    from ..text_output import counted
    from ..trf.k_file import KFileError, read_k_file

    rate = None if args.rate is None else RateOfPlay(args.rate)
    list_date = None
    if args.list_date is not None:
        list_date = _list_date(args.list_date)
        if list_date is None:
            error(f"--list-date: expected YYYY-MM or YYYY-MM-DD, got {args.list_date!r}")
            return EXIT_USAGE
    if args.rules is not None:
        try:
            get_edition(args.rules, rate=rate)  # refused here, before any file is read
        except XlfuncsError as exc:
            error(f"--rules: {str(exc).removeprefix('rules: ')}")
            return EXIT_USAGE
    if args.player_sheets < 0:
        error(f"--player-sheets: expected 0 or more, got {args.player_sheets}")
        return EXIT_USAGE
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        error(f"--jobs: expected 1 or more, got {jobs}")
        return EXIT_USAGE
    files, missing = expand_inputs(args.files, warn=lambda m: say("warning", m))
    try:
        inputs = (*files, args.k_file, args.rating_list)
        if args.output is not None:
            vet_file(args.output, force=args.force, inputs=inputs, what="workbook")
        if args.list_out is not None:
            vet_file(args.list_out, force=args.force, inputs=inputs, what="rating list")
        vet_distinct({"-o": args.output, "--list-out": args.list_out})
        overrides = read_k_file(args.k_file) if args.k_file is not None else None
    except (OutputError, KFileError) as exc:
        error(str(exc))
        return EXIT_DATA_ERROR
    except OSError as exc:
        error(f"cannot read {exc.filename or args.k_file}: {exc.strerror or exc}")
        return EXIT_DATA_ERROR
    try:
        if args.output is not None:
            vet_suffix(args.output, (".xlsx",), option="-o", what="an Excel workbook")
        if args.list_out is not None:
            what = "a rating list in FIDE's TXT layout"
            vet_suffix(args.list_out, (".txt",), option="--list-out", what=what)
    except OutputError as exc:
        error(str(exc))
        return EXIT_USAGE

    bar = ProgressBar(counted(len(files), "file"))
    with bar, contextlib.ExitStack() as held:
        index = None
        if args.rating_list is not None:  # indexed once, before the files are read with it
            try:
                index = held.enter_context(
                    open_index(
                        args.rating_list, progress=lambda n: bar(f"indexing the list: {n:,}", 0.0)
                    )
                )
            except RatingListError as exc:
                bar.close()
                error(str(exc))
                return EXIT_DATA_ERROR
            except OSError as exc:
                bar.close()
                error(f"cannot read {exc.filename or args.rating_list}: {exc.strerror or exc}")
                return EXIT_DATA_ERROR
        try:
            read = read_events(
                files,
                args.rules,
                rate,
                rating_list=index,
                jobs=jobs,
                progress=lambda n: bar(f"reading {n}/{len(files)}", 0.6 * n / max(len(files), 1)),
            )
        except RatingListError as exc:  # its index damaged beyond building it again
            bar.close()
            error(str(exc))
            return EXIT_DATA_ERROR
        unlisted = {}
        if index is not None:  # events started before the list given: the files' own ratings
            from ..core.rating_calendar import add_months
            from ..period.read import EventRead
            from ..period.rows import default_list_date

            good = [r for r in read if isinstance(r, EventRead)]
            made = list_date or default_list_date(good)
            if made is not None:
                before = add_months(made, -1)
                early = [r.path for r in good if r.date < before]
                for again in read_events(early, args.rules, rate, jobs=jobs):
                    if isinstance(again, EventRead):
                        unlisted[again.path] = again
        bad = missing + [r for r in read if isinstance(r, BadFile)]
        if bad and not args.skip_bad_files:
            bar.close()
            for b in bad:
                error(b.message)
            error(
                f"{len(bad)} file{'s' if len(bad) > 1 else ''} cannot be read: nothing rated "
                "(fix them, or give --skip-bad-files to rate the others)"
            )
            return EXIT_DATA_ERROR
        try:
            period = build_period(
                [*missing, *read],
                rules=args.rules,
                k_overrides=overrides,
                list_given=index is not None,
                list_date=list_date,
                unlisted=unlisted,
                rounding=Rounding(args.rounding),
                scoreless=args.scoreless_events,
                progress=lambda f: bar("rating", 0.6 + 0.3 * f),
            )
        except XlfuncsError as exc:  # --rules naming a rate other than a file's
            bar.close()
            error(f"--rules: {str(exc).removeprefix('rules: ')}")
            return EXIT_USAGE
        count = 0
        try:
            with written_together():  # the list and the workbook, or neither
                if args.list_out is not None:
                    from ..period.list_out import write_new_list

                    try:
                        bar("writing the list", 0.9)
                        count = write_new_list(args.list_out, period, args.rating_list)
                    except (OutputError, RatingListError, ValueError) as exc:
                        raise _Refused(f"--list-out: {exc}") from exc
                if args.output is not None:
                    from ..period.workbook import write_period_workbook

                    write_period_workbook(
                        period,
                        args.output,
                        player_sheets=args.player_sheets,
                        progress=lambda f: bar("writing the workbook", 0.9 + 0.1 * f),
                    )
        except (_Refused, OutputError, XlfuncsError) as exc:
            bar.close()
            error(str(exc))
            return EXIT_DATA_ERROR
    if args.format == "text":
        sys.stdout.write(render_text(period))
    else:
        if args.format == "json":
            sys.stdout.write(render_json(period))
        else:
            write_csv(render_csv(period))
        for b in period.skipped:
            say("skipped", b.message)
        for w in period.warnings:
            say("warning", w)
    if args.list_out is not None:
        print(f"wrote {args.list_out} ({count:,} players)", file=sys.stderr)
    if args.output is not None:
        print(f"wrote {args.output}", file=sys.stderr)
    return EXIT_SKIPPED if period.skipped else 0


class _Refused(Exception):
    """An output of ``period`` that cannot be written; the message says which and why."""
