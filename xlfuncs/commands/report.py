"""``xlfuncs report``: the figures of every player of a TRF file, as text, JSON or CSV."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from .options import (
    CommandHelp,
    add_format,
    add_norm_event_options,
    add_tiebreak_options,
    add_trf_options,
)
from .support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    CommandError,
    exit_status_epilog,
    failing_event,
    no_such_player,
    print_findings,
    read_event,
    write_csv,
)

if TYPE_CHECKING:
    from ..event import AnalysedEvent

__all__ = ["HELP", "add_arguments", "run"]

_EPILOG = (
    exit_status_epilog(
        "report: discrepancies in the file do not change the status; a file with no player line\n"
        "is malformed, and so is a tie-break list (record 202 or 212) naming a tie-break we do\n"
        "not know"
    )
    + """

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
it); the players it holds get its rating, K, title, federation, sex and birth year, and a
warning names any rating of the file that differs. It is read once into the cache folder
(xlfuncs cache shows where; --clear empties it). A player with a rating but no FIDE id is counted as
unrated: FIDE rates only players with a FIDE id."""
)


HELP = CommandHelp(
    "report",
    summary="the figures of every player of a TRF file",
    description="""\
Read a FIDE tournament report file (TRF16) and print, for every player
in starting-rank order: points, rated games, Ra, performance (FIDE and exact), K,
rating change, first rating of an unrated player, norm figures, Sonneborn-Berger,
rank by points and FIDE tie-breaks (C.07); then the file's discrepancies, its ranks
against ours included.""",
    epilog=_EPILOG,
)


def add_arguments(report: argparse.ArgumentParser) -> None:
    """Add ``report``'s options to its parser."""
    add_trf_options(report)
    add_format(
        report,
        ("text", "json", "csv"),
        ": an aligned table and notes; json: a list of objects; csv: a header and one row "
        "per player",
    )
    report.add_argument(
        "--teams",
        action="store_true",
        help="a team event's standing (013 or 310 records) instead of the players': "
        "text, a list of team objects (json) or one row per team (csv)",
    )
    report.add_argument(
        "--player",
        type=int,
        metavar="N",
        help="only the player with start number N, with the working of each figure: every "
        "tie-break round by round (the opponents' scores as C.07 Article 16 adjusts them, "
        "the dummy opponents, the cuts, the rule's text) and the rating change game by game "
        "(text or json)",
    )
    add_tiebreak_options(report)
    add_norm_event_options(report)


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs report``."""
    from ..event import analyse_event
    from ..report import build_report, render_csv, render_json, render_text
    from ..report.render import render_team_csv, render_team_json, render_team_text
    from ..text_output import counted

    show_progress = sys.stderr.isatty()

    def progress(message: str) -> None:
        if show_progress:
            print(message, file=sys.stderr, flush=True)

    if args.player is not None and args.format == "csv":
        raise CommandError("report: --player prints text or json, not csv", EXIT_USAGE)
    if args.player is not None and args.teams:
        raise CommandError("report: --player or --teams, not both", EXIT_USAGE)
    tournament, options = read_event(args, progress)
    if args.player is not None:
        return _one_player(analyse_event(tournament, options), args)
    progress(f"computing {counted(len(tournament.players), 'player')}...")
    with failing_event(tournament.source):
        report = build_report(analyse_event(tournament, options))
    if args.teams and report.teams is None:
        if not tournament.is_team_event:
            raise CommandError(
                f"--teams: {tournament.source} is not a team event (no 013 or 310 record)",
                EXIT_USAGE,
            )
        from ..report.teams import no_team_standing

        raise CommandError(
            f"{tournament.source}: --teams: {no_team_standing(tournament, report.warnings)}",
            EXIT_DATA_ERROR,
        )
    text, as_json, as_csv, found = (
        (render_team_text, render_team_json, render_team_csv, ())
        if args.teams
        else (render_text, render_json, render_csv, report.discrepancies)
    )
    if args.format == "text":
        sys.stdout.write(text(report, verbose=args.verbose))
        return 0
    if args.format == "json":
        sys.stdout.write(as_json(report))
    else:
        write_csv(as_csv(report))
    print_findings(report.warnings, found, verbose=args.verbose)
    return 0


def _one_player(event: AnalysedEvent, args: argparse.Namespace) -> int:
    """``--player N``: that player's figures with their working."""
    from ..report.player import player_report
    from ..report.player_render import render_player_json, render_player_text

    t = event.tournament
    with failing_event(t.source):
        try:
            found = player_report(event, args.player)
        except LookupError:
            raise CommandError(no_such_player(t, "--player", args.player), EXIT_USAGE) from None
    if args.format == "json":
        sys.stdout.write(render_player_json(found))
        print_findings(event.warnings, ())
    else:
        sys.stdout.write(render_player_text(found))
    return 0
