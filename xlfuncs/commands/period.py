"""``xlfuncs period``: a whole rating period, many tournament files in, every player's new
rating out."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.editions import EDITIONS, RateOfPlay
from ..core.period import SCORELESS_EVENTS
from ..core.rating_change import Rounding
from ..file_error import cannot_read_message
from .options import (
    NO_RANKING,
    RATES,
    CommandHelp,
    add_format,
    refuse,
    refuse_norm_event_options,
    refuse_tiebreak_options,
)
from .support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    CommandError,
    exit_status_epilog,
    failing,
    refusing_rules,
    say,
    write_csv,
)

if TYPE_CHECKING:
    from ..period.read import BadFile, EventRead
    from ..period.rows import Period
    from ..progress import ProgressBar
    from ..ratinglist.cache import RatingListIndex
    from ..trf.k_file import KFile

__all__ = ["EXIT_SKIPPED", "HELP", "add_arguments", "run"]

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


HELP = CommandHelp(
    "period",
    summary="rate a whole rating period: many TRF files, every player's new rating",
    description="""\
Rate a rating period: every player's games from every file summed,
K x n <= 700 over the period, the change rounded once, the 2022 one-upgrade limit
per tournament, unrated players' games pooled for a first rating; one section per
rate of play.""",
    epilog=_EPILOG,
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``period``'s options to its parser; report's options refused with the reason."""
    p.add_argument("files", metavar="FILE.trf", nargs="+", help="tournament files or folders")
    p.add_argument(
        "--rules",
        metavar="EDITION",
        help=f"edition of the rating regulations ({', '.join(EDITIONS)} or a date "
        "YYYY-MM-DD); default: the one in force on the latest event's date",
    )
    p.add_argument(
        "--rate",
        choices=RATES,
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
    p.add_argument(  # the readings of the Rating Regulations, each defaulting to core's
        "--rounding",
        choices=tuple(r.value for r in Rounding),
        default=Rounding.PERIOD.value,
        help="round the change once for the period (Rating Regulations 8.3.4; default) or "
        "each event's change on its own",
    )
    p.add_argument(
        "--scoreless-events",
        choices=SCORELESS_EVENTS,
        default=SCORELESS_EVENTS[0],
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
    add_format(p, ("text", "json", "csv"), ", json (a list of objects, one per player) or csv")
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
    p.add_argument(
        "--verbose",
        action="store_true",
        help="print each warning of a kind with more than five; without it, one line counts them",
    )
    refuse(p, "--tiebreaks", NO_RANKING)
    refuse_tiebreak_options(p)
    refuse_norm_event_options(p, "it checks no title norm (use norms or report)")
    refuse(
        p,
        "--system",
        "it reads many events, each paired its own way: each file's system is its own (192, "
        "092, else guessed from its pairings); check one with report --system",
    )


def _list_date(text: str) -> datetime.date | None:
    """``YYYY-MM`` or ``YYYY-MM-DD`` as the first day of that month; ``None``: neither."""
    for layout in ("%Y-%m", "%Y-%m-%d"):
        try:
            return datetime.datetime.strptime(text.strip(), layout).date().replace(day=1)
        except ValueError:
            continue
    return None


def _usage(message: str) -> CommandError:
    return CommandError(message, EXIT_USAGE)


def _data_error(message: str) -> CommandError:
    return CommandError(message, EXIT_DATA_ERROR)


def _vetted_options(
    args: argparse.Namespace,
) -> tuple[RateOfPlay | None, datetime.date | None, int]:
    """The rate of play, the list being made and the processes of *args*, checked before any
    file is read."""
    from ..core import get_edition

    rate = None if args.rate is None else RateOfPlay(args.rate)
    list_date = None
    if args.list_date is not None:
        list_date = _list_date(args.list_date)
        if list_date is None:
            raise _usage(f"--list-date: expected YYYY-MM or YYYY-MM-DD, got {args.list_date!r}")
    if args.rules is not None:
        with refusing_rules():  # refused here, before any file is read
            get_edition(args.rules, rate=rate)
    if args.player_sheets < 0:
        raise _usage(f"--player-sheets: expected 0 or more, got {args.player_sheets}")
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise _usage(f"--jobs: expected 1 or more, got {jobs}")
    return rate, list_date, jobs


def _vetted_outputs(args: argparse.Namespace, files: Sequence[str]) -> KFile | None:
    """The K file of *args*, read once the outputs are checked (neither an input nor
    existing without ``--force``, not the same file, named for what is written)."""
    from ..output import OutputError, vet_distinct, vet_file, vet_suffix
    from ..trf.k_file import KFileError, read_k_file

    try:
        inputs = (*files, args.k_file, args.rating_list)
        if args.output is not None:
            vet_file(args.output, force=args.force, inputs=inputs, what="workbook")
        if args.list_out is not None:
            vet_file(args.list_out, force=args.force, inputs=inputs, what="rating list")
        vet_distinct({"-o": args.output, "--list-out": args.list_out})
        overrides = read_k_file(args.k_file) if args.k_file is not None else None
    except (OutputError, KFileError) as exc:
        raise _data_error(str(exc)) from None
    except OSError as exc:
        raise _data_error(cannot_read_message(exc, args.k_file)) from None
    with failing(EXIT_USAGE, OutputError):
        if args.output is not None:
            vet_suffix(args.output, (".xlsx",), option="-o", what="an Excel workbook")
        if args.list_out is not None:
            what = "a rating list in FIDE's TXT layout"
            vet_suffix(args.list_out, (".txt",), option="--list-out", what=what)
    return overrides


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs period``: read, rate, print, write."""
    from ..period.read import expand_inputs
    from ..progress import ProgressBar
    from ..text_output import counted

    rate, list_date, jobs = _vetted_options(args)
    files, missing = expand_inputs(args.files, warn=lambda m: say("warning", m))
    overrides = _vetted_outputs(args, files)
    bar = ProgressBar(counted(len(files), "file"))
    with bar, contextlib.ExitStack() as held:
        index = _open_list(args.rating_list, bar, held)
        read = _read_files(files, args.rules, rate, index, jobs, bar)
        unlisted = _unlisted(read, index, list_date, args.rules, rate, jobs)
        _refuse_bad_files([*missing, *read], args.skip_bad_files, bar)
        period = _build(args, [*missing, *read], overrides, index, list_date, unlisted, bar)
        count = _write_outputs(args, period, bar)
    _print(args.format, period, verbose=args.verbose)
    if args.list_out is not None:
        print(f"wrote {args.list_out} ({count:,} players)", file=sys.stderr)
    if args.output is not None:
        print(f"wrote {args.output}", file=sys.stderr)
    return EXIT_SKIPPED if period.skipped else 0


def _open_list(
    rating_list: str | None, bar: ProgressBar, held: contextlib.ExitStack
) -> RatingListIndex | None:
    """The index of *rating_list* (``None`` without one), held open by *held*."""
    from ..ratinglist import RatingListError, open_index

    if rating_list is None:
        return None
    try:
        return held.enter_context(
            open_index(rating_list, progress=lambda n: bar(f"indexing the list: {n:,}", 0.0))
        )
    except RatingListError as exc:
        raise _data_error(str(exc)) from None
    except OSError as exc:
        raise _data_error(cannot_read_message(exc, rating_list)) from None


def _read_files(
    files: Sequence[str],
    rules: str | None,
    rate: RateOfPlay | None,
    index: RatingListIndex | None,
    jobs: int,
    bar: ProgressBar,
) -> list[EventRead | BadFile]:
    """Every file read (with the rating list's *index* when given), or why it cannot be."""
    from ..period.read import read_events
    from ..ratinglist import RatingListError

    with failing(EXIT_DATA_ERROR, RatingListError):  # its index damaged beyond building again
        return read_events(
            files,
            rules,
            rate,
            rating_list=index,
            jobs=jobs,
            progress=lambda n: bar(f"reading {n}/{len(files)}", 0.6 * n / max(len(files), 1)),
        )


def _unlisted(
    read: Sequence[EventRead | BadFile],
    index: RatingListIndex | None,
    list_date: datetime.date | None,
    rules: str | None,
    rate: RateOfPlay | None,
    jobs: int,
) -> dict[str, EventRead]:
    """By path, the events started before the list given, read again without it (rated with
    the files' own ratings); none without a list."""
    from ..core.rating_calendar import add_months
    from ..period.read import EventRead, read_events
    from ..period.rows import default_list_date

    if index is None:
        return {}
    good = [r for r in read if isinstance(r, EventRead)]
    made = list_date or default_list_date(good)
    if made is None:  # no event
        return {}
    before = add_months(made, -1)
    early = [r.path for r in good if r.date < before]
    again = read_events(early, rules, rate, jobs=jobs)
    return {r.path: r for r in again if isinstance(r, EventRead)}


def _refuse_bad_files(
    read: Sequence[EventRead | BadFile], skip_bad_files: bool, bar: ProgressBar
) -> None:
    """Without ``--skip-bad-files``, every file that cannot be read named and nothing rated
    (:class:`CommandError`)."""
    from ..period.read import BadFile
    from ..text_output import counted

    bad = [r for r in read if isinstance(r, BadFile)]
    if bad and not skip_bad_files:
        bar.close()
        for b in bad:
            say("error", b.message)
        raise _data_error(
            f"{counted(len(bad), 'file')} cannot be read: nothing rated "
            "(fix them, or give --skip-bad-files to rate the others)"
        )


def _build(
    args: argparse.Namespace,
    read: Sequence[EventRead | BadFile],
    overrides: KFile | None,
    index: RatingListIndex | None,
    list_date: datetime.date | None,
    unlisted: dict[str, EventRead],
    bar: ProgressBar,
) -> Period:
    """The period of the files *read*."""
    from ..period.rows import build_period

    with refusing_rules():  # --rules naming a rate other than a file's
        return build_period(
            read,
            rules=args.rules,
            k_overrides=overrides,
            list_given=index is not None,
            list_date=list_date,
            unlisted=unlisted,
            rounding=Rounding(args.rounding),
            scoreless=args.scoreless_events,
            progress=lambda f: bar("rating", 0.6 + 0.3 * f),
        )


def _write_outputs(args: argparse.Namespace, period: Period, bar: ProgressBar) -> int:
    """The rating list (``--list-out``) and the workbook (``-o``) written, both or neither;
    the players the list holds."""
    from ..core import XlfuncsError
    from ..output import OutputError, written_together
    from ..ratinglist import RatingListError

    count = 0
    with failing(EXIT_DATA_ERROR, OutputError, XlfuncsError), written_together():  # both, or none
        if args.list_out is not None:
            from ..period.list_out import write_new_list

            try:
                bar("writing the list", 0.9)
                count = write_new_list(args.list_out, period, args.rating_list)
            except (OutputError, RatingListError, ValueError) as exc:
                raise _data_error(f"--list-out: {exc}") from None
        if args.output is not None:
            from ..period.workbook import write_period_workbook

            write_period_workbook(
                period,
                args.output,
                player_sheets=args.player_sheets,
                progress=lambda f: bar("writing the workbook", 0.9 + 0.1 * f),
            )
    return count


def _print(output_format: str, period: Period, *, verbose: bool = False) -> None:
    """The period on stdout in *output_format*; with json or csv, the skipped files and the
    warnings on stderr."""
    from ..period.render import render_csv, render_json, render_text, warning_lines

    if output_format == "text":
        sys.stdout.write(render_text(period, verbose=verbose))
        return
    if output_format == "json":
        sys.stdout.write(render_json(period))
    else:
        write_csv(render_csv(period))
    for b in period.skipped:
        say("skipped", b.message)
    for line in warning_lines(period, verbose=verbose):
        say("warning", line)
