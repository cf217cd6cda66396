"""What the ``xlfuncs`` commands share when they run: exit codes, messages on stderr, the
failure that ends a command (:class:`CommandError`), CSV to stdout, the TRF, K file and
rating list a command reads with the event's options (:func:`read_event`), the findings it
prints. It imports no command module; the library never imports it."""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from ..file_error import cannot_read_message

if TYPE_CHECKING:
    from pathlib import Path

    from ..core import Edition
    from ..core.editions import RulesSpec
    from ..event import EventOptions
    from ..findings import Finding
    from ..norm_report.build import NormReport
    from ..ratinglist import ListExtract
    from ..trf import Tournament

__all__ = [
    "CSV_BOM",
    "CommandError",
    "EXIT_DATA_ERROR",
    "EXIT_STATUS_HELP",
    "EXIT_USAGE",
    "STDIN_NAME",
    "event_options",
    "failing",
    "failing_event",
    "exit_status_epilog",
    "no_such_player",
    "no_cycle_collection",
    "print_findings",
    "read_event",
    "read_inputs",
    "read_norm_report",
    "read_rating_list",
    "read_trf_data",
    "refusing_rules",
    "say",
    "write_to_folder",
    "vet_outputs",
    "write_csv",
]

EXIT_DATA_ERROR = 1
"""A file cannot be read or written (:data:`EXIT_STATUS_HELP`)."""
EXIT_USAGE = 2
"""The command line asks for what cannot be; argparse's own code (:data:`EXIT_STATUS_HELP`)."""

EXIT_STATUS_HELP = """\
exit status (every command): 0 done; 1 a file cannot be read or written (an input missing,
unreadable or malformed: the message names the file, line and columns; an output that is an
input, exists without --force, or is in a folder that does not exist); 2 the command line
asks for what cannot be (an unknown option, value or edition, options that do not go
together, an output named for another format than the one written, a player or part of the
event the file does not hold)"""
"""The exit statuses every command's ``--help`` ends with; ``docs/exit-status.md``."""


def exit_status_epilog(more: str = "") -> str:
    """:data:`EXIT_STATUS_HELP`, then on a line of its own *more* (what the command adds, e.g.
    ``"check: 4 warnings only"``), each ended with a full stop."""
    return f"{EXIT_STATUS_HELP}." + (f"\n{more}." if more else "")


def no_such_player(tournament: Tournament, option: str, number: int) -> str:
    """The message for *option* *number* (a starting rank) that names no player of
    *tournament* (or the bye's pseudo-player, ``docs/trf.md``), then the players' starting
    ranks (ranges, ``1..283``)."""
    from ..trf.pseudo_players import pseudo_players
    from ..trf.short_list import short_list

    pseudo = pseudo_players(tournament)
    ranks = sorted(p.start_no for p in tournament.players if p.start_no not in pseudo)
    spans: list[str] = []
    for i, rank in enumerate(ranks):
        if i and rank == ranks[i - 1] + 1:
            spans[-1] = f"{spans[-1].split('..')[0]}..{rank}"
        else:
            spans.append(str(rank))
    players = f"the players are {short_list(spans)}" if spans else "the file lists no player"
    if number in pseudo:
        entry = tournament.player(number)
        return (
            f"{option} {number}: no. {number} of {tournament.source} ({entry.name.strip()}, "
            f"line {entry.line_no}) is the bye's pseudo-player, not a player: left out of the "
            f"players (docs/trf.md); {players}"
        )
    return (
        f"{option} {number}: {tournament.source} has no player of starting rank {number}; {players}"
    )


class CommandError(Exception):
    """A command that cannot go on: its *message* and exit *status*, which
    :func:`xlfuncs.cli.main` says as ``xlfuncs: error: MESSAGE`` and ends with."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@contextlib.contextmanager
def failing(status: int, *errors: type[Exception]) -> Iterator[None]:
    """Within the block, one of *errors* ends the command with its message and *status*
    (:class:`CommandError`)."""
    try:
        yield
    except errors as exc:
        raise CommandError(str(exc), status) from None


@contextlib.contextmanager
def refusing_rules() -> Iterator[None]:
    """Within the block, ``--rules`` refused by the editions ends the command as a usage
    error (:class:`CommandError`) naming the option."""
    from ..core import XlfuncsError

    try:
        yield
    except XlfuncsError as exc:
        raise CommandError(f"--rules: {str(exc).removeprefix('rules: ')}", EXIT_USAGE) from None


@contextlib.contextmanager
def failing_event(source: str) -> Iterator[None]:
    """Within the block, working out the figures of the file *source* fails as a data error:
    a tie-break list of the file naming an unknown one, or a figure the rules refuse (after
    the file's name)."""
    from ..core import XlfuncsError
    from ..trf import TrfError

    try:
        yield
    except TrfError as exc:
        raise CommandError(str(exc), EXIT_DATA_ERROR) from None
    except XlfuncsError as exc:
        raise CommandError(f"{source}: {exc}", EXIT_DATA_ERROR) from None


def write_to_folder(
    args: argparse.Namespace,
    what: str,
    files: Mapping[str, str],
    write: Callable[[Path], list[Path]],
    hint: str,
    errors: tuple[type[Exception], ...] = (),
) -> int:
    """Write *what* into the folder ``-o`` (made if missing) with *write*, print each path
    it wrote, then *hint* on stderr (``{first}`` the first path); 0. :class:`CommandError`:
    usage when ``-o`` is named like a file; data when the folder cannot be made, one of
    *files* (name: what it is) exists without ``--force``, or writing fails."""
    from ..output import OutputError, vet_file, vet_folder, vet_folder_name

    with failing(EXIT_USAGE, OutputError):
        vet_folder_name(args.output, option="-o", what=what)
    failures: tuple[type[Exception], ...] = (OutputError, *errors)
    try:
        folder = vet_folder(args.output)
        for name, kind in files.items():
            vet_file(folder / name, force=args.force, what=kind)
        written = write(folder)
    except failures as exc:
        raise CommandError(str(exc), EXIT_DATA_ERROR) from None
    except OSError as exc:
        message = f"cannot write to {args.output}: {exc.strerror or exc}"
        raise CommandError(message, EXIT_DATA_ERROR) from None
    for path in written:
        print(path)
    print(hint.format(first=written[0]), file=sys.stderr)
    return 0


def say(kind: str, message: str) -> None:
    """``xlfuncs: KIND: MESSAGE`` on stderr, the control characters of what came from a file
    escaped (:func:`xlfuncs.output.visible`)."""
    from ..output import visible

    print(f"xlfuncs: {kind}: {visible(message)}", file=sys.stderr)


@contextlib.contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector over a command: reading a big TRF makes millions of
    small objects the collector would walk again and again for cycles the commands do not
    make."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


CSV_BOM = "\ufeff"
"""The byte-order mark that starts the CSV, so that Excel reads it as UTF-8."""


def write_csv(text: str) -> None:
    """*text* on stdout as UTF-8 bytes after :data:`CSV_BOM`, whatever the console's
    encoding (the CSV is meant for a file: ``> out.csv``)."""
    sys.stdout.flush()
    raw = getattr(sys.stdout, "buffer", None)
    if raw is None:  # stdout replaced by a text-only stream
        sys.stdout.write(CSV_BOM + text)
        return
    raw.write((CSV_BOM + text).encode("utf-8"))
    raw.flush()


def read_inputs(
    args: argparse.Namespace,
    progress: Callable[[str], None] = lambda _: None,
    data: bytes | None = None,
) -> tuple[Tournament, dict[str, int] | None, Edition | None]:
    """The TRF (*data*: its bytes, read already), the K file and the edition of *args*
    (``None``: by the event's date); :class:`CommandError` where one cannot be read."""
    from pathlib import Path

    from ..core import get_edition
    from ..trf import TrfError, not_a_trf, parse_trf_bytes
    from ..trf.k_file import KFileError, read_k_file

    edition = None
    if args.rules is not None:
        with refusing_rules():
            edition = get_edition(args.rules, rate=args.rate)
    try:
        overrides = read_k_file(args.k_file) if args.k_file is not None else None
    except OSError as exc:
        raise CommandError(cannot_read_message(exc, args.k_file), EXIT_DATA_ERROR) from None
    except KFileError as exc:
        raise CommandError(str(exc), EXIT_DATA_ERROR) from None
    progress(f"reading {args.file}...")
    if data is None:
        data, source = read_trf_data(args.file)
    else:
        source = STDIN_NAME if args.file == "-" else Path(args.file).name
    with failing(EXIT_DATA_ERROR, TrfError):
        tournament = parse_trf_bytes(data, source=source)
    why = not_a_trf(data, tournament)
    if why is not None:
        message = f"{source}: not a tournament report file: {why}"
        raise CommandError(message, EXIT_DATA_ERROR)
    return tournament, overrides, edition


def vet_outputs(
    paths: Sequence[str],
    *,
    force: bool,
    inputs: Sequence[str | None],
    what: str = "workbook",
    suffixes: tuple[str, ...] = (".xlsx",),
    kind: str = "an Excel workbook",
) -> None:
    """Before the work: the output files *paths* (the first ``-o``'s) are none of the
    *inputs* and replace no file unless *force* (a data error), and ``-o`` ends with one of
    *suffixes*, the *kind* written (a usage error)."""
    from ..output import OutputError, vet_file, vet_suffix

    with failing(EXIT_DATA_ERROR, OutputError):
        for path in paths:
            vet_file(path, force=force, inputs=inputs, what=what)
    with failing(EXIT_USAGE, OutputError):
        vet_suffix(paths[0], suffixes, option="-o", what=kind)


STDIN_NAME = "<stdin>"
"""How messages name a TRF read from standard input (``FILE.trf`` given as ``-``)."""


def read_trf_data(file: str) -> tuple[bytes, str]:
    """The bytes of the TRF *file* (``-``: standard input) and the name messages give it;
    :class:`CommandError` where it cannot be read."""
    from pathlib import Path

    from ..trf import TrfError
    from ..trf.parser import read_bounded, read_trf_file

    try:
        if file == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # stdin replaced by a text-only stream
                stream = io.BytesIO(sys.stdin.read().encode("utf-8"))
            return read_bounded(stream, STDIN_NAME), STDIN_NAME
        return read_trf_file(file), Path(file).name
    except OSError as exc:
        raise CommandError(cannot_read_message(exc, file), EXIT_DATA_ERROR) from None
    except TrfError as exc:
        raise CommandError(str(exc), EXIT_DATA_ERROR) from None


def read_rating_list(args: argparse.Namespace, tournament: Tournament) -> ListExtract | None:
    """The players of *tournament* in the ``--rating-list`` of *args* (``None``: no list),
    read once into the cache's index (said on a terminal); :class:`CommandError` where it
    cannot be read."""
    if args.rating_list is None:
        return None
    from ..ratinglist import RatingListError, cache_dir, event_list

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
    except OSError as exc:
        message = cannot_read_message(exc, path, named=False)
    except RatingListError as exc:
        message = str(exc)
    raise CommandError(message, EXIT_DATA_ERROR)


def event_options(
    args: argparse.Namespace,
    *,
    rules: RulesSpec,
    k_overrides: dict[str, int] | None = None,
    rating_list: ListExtract | None = None,
) -> EventOptions:
    """The :class:`~xlfuncs.event.EventOptions` the command line gives: each field *args*
    holds under its name as parsed; set here the files as read (*k_overrides*,
    *rating_list*), *rules* as given (a date stays a date: the Title Regulations are chosen
    by it), the rate, ``--tiebreaks`` (the teams' with ``report --teams``), ``--event-type``
    and ``--registered`` as values."""
    from dataclasses import fields

    from ..core import RateOfPlay
    from ..core.norm_event import EventType
    from ..event import EventOptions

    parsed = vars(args)
    values = {f.name: parsed[f.name] for f in fields(EventOptions) if f.name in parsed}
    teams = args.teams  # report --teams: the list ranks the teams
    values.update(
        rules=rules,
        rate=None if args.rate is None else RateOfPlay.parse(args.rate),
        k_overrides=k_overrides,
        rating_list=rating_list,
        tiebreaks=None if teams else args.tiebreaks,
        team_tiebreaks=args.tiebreaks if teams else None,
        event_type=None if args.event_type is None else EventType.read(args.event_type),
        registered=None if args.registered is None else args.registered == "yes",
    )
    return EventOptions.given(**values)


def read_event(
    args: argparse.Namespace,
    progress: Callable[[str], None] = lambda _: None,
    data: bytes | None = None,
) -> tuple[Tournament, EventOptions]:
    """The event a command reads and its options: the TRF and K file (:func:`read_inputs`),
    the rating list, the options (:func:`event_options`); :class:`CommandError` saying what
    is wrong where it cannot be."""
    from ..trf.tiebreak_list import team_only_tiebreaks

    tournament, overrides, edition = read_inputs(args, progress, data)  # --rules checked
    rating_list = read_rating_list(args, tournament)
    given = None if edition is None else args.rules
    options = event_options(args, rules=given, k_overrides=overrides, rating_list=rating_list)
    team_only = team_only_tiebreaks(options.tiebreaks or ())
    if team_only:
        from ..core.tiebreaks import team_article

        named = [
            c if team_article(c) is None else f"{c} (C.07 {team_article(c)})" for c in team_only
        ]
        raise CommandError(
            f"--tiebreaks: {', '.join(named)}: a team tie-break, which ranks no player; "
            "give it with report --teams to rank the teams",
            EXIT_USAGE,
        )
    return tournament, options


def read_norm_report(args: argparse.Namespace) -> tuple[Tournament, NormReport]:
    """The event of :func:`read_event` with its norm checks (``norms``, ``title``)."""
    from ..event import analyse_event
    from ..norm_report.build import build_norm_report

    tournament, options = read_event(args)
    with failing_event(tournament.source):
        return tournament, build_norm_report(analyse_event(tournament, options))


def print_findings(
    warnings: Sequence[Finding], discrepancies: Sequence[Finding], *, verbose: bool = False
) -> None:
    """The reader's warnings and the file's discrepancies, one a line on standard error,
    as :func:`~xlfuncs.findings.text_items` gives them (*verbose*)."""
    from ..findings import Finding, text_items

    for item in text_items(warnings, verbose=verbose):
        say("warning", item.message if isinstance(item, Finding) else str(item))
    for found in text_items(discrepancies, verbose=verbose):
        if isinstance(found, Finding):
            say("discrepancy", found.located)
        else:
            say("discrepancy", f"{found.findings[0].file}: {found}")
