"""From a tournament report file (TRF) to a filled chart: the crosstable workbook that
``xlfuncs crosstable`` writes.

A round robin (``--system``, the file's ``192`` or ``092``, else every two players met) in
which every two players met once or twice and the grid can hold every result goes into the
round-robin template, anything else into the Swiss wall chart. Every value of the file is
written as it is; K is the report's (:mod:`xlfuncs.event`), so that workbook and report
agree; where the file gives other points than the results add up to, the points cell shows
the file's figure too (:class:`FilledEvent`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core.eligibility import TimeControl
from .core.titles import trf_title
from .event import AnalysedEvent, EventOptions, analyse_event
from .findings import Finding
from .progress import Progress, no_progress
from .templates.event import MAX_RR_PLAYERS, ChartPlayer, Event, Round
from .text_output import points_text
from .trf import Player, Tournament
from .trf.rated import LOWEST_RATING
from .trf.rounds_planned import LaterBye

if TYPE_CHECKING:
    from .parallel import Answer
    from .templates.common import LitePackage

__all__ = [
    "FORMS",
    "FilledEvent",
    "event_from_trf",
    "lite_code_ahead",
    "write_chart",
]


@dataclass(frozen=True)
class FilledEvent:
    """An event ready for a template, and what the reader noticed."""

    event: Event
    round_robin: bool
    warnings: tuple[Finding, ...]
    """What the reader had to assume (the report's warnings, and the template's)."""
    discrepancies: tuple[Finding, ...] = ()
    """What :func:`~xlfuncs.trf.standings.file_discrepancies` found, as the report lists
    them (points that disagree with the results are also marked in the workbook)."""


def _fide_id(text: str | None) -> int | None:
    """The FIDE id a TRF's id field holds; ``None`` for a blank and for ``0`` (no id)."""
    return (int(text) or None) if text and text.isdigit() else None


def _title(text: str) -> str | None:
    """The TRF's title field as the chart writes it (:func:`~xlfuncs.core.titles.trf_title`);
    ``None`` for a blank."""
    return trf_title(text) or text.strip() or None


def _sex(text: str) -> str | None:
    return {"m": "m", "w": "w", "f": "w"}.get(text.strip().lower())


def _round_robin_grid(
    t: Tournament, number: Mapping[int, int]
) -> tuple[list[list[str | None]], int] | None:
    """Each player's results against every other
    (:attr:`~xlfuncs.templates.event.ChartPlayer.results`) and how many times each two players
    met (1 or 2); ``None`` when a grid cannot hold the games (a bye, a third game between the
    same two players, a second one in an event too short for two cycles)."""
    count = len(number)
    games: list[list[list[str | None]]] = [[[] for _ in range(count)] for _ in range(count)]
    for p in t.players:
        i = number[p.start_no] - 1
        for e in p.rounds:
            if e.opponent is None or e.opponent not in number:
                if e.outcome is not None:
                    return None  # a bye or a result without an opponent
                continue
            j = number[e.opponent] - 1
            if i == j:
                return None
            games[i][j].append(None if e.outcome is None else e.result)  # None: not played yet
    cycles = max((len(g) for row in games for g in row), default=1)
    one_cycle = count - 1 if count % 2 == 0 else count  # rounds of a single round robin
    if cycles > 2 or (cycles == 2 and t.num_rounds <= one_cycle):
        return None  # more games between two players than a (double) round robin has
    cycles = max(cycles, 1)
    # a row: the first games against players 1..count, then the second ones
    grid = [
        [g[cycle] if cycle < len(g) else None for cycle in range(cycles) for g in row]
        for row in games
    ]
    return grid, cycles


def _chart_minutes(time: TimeControl | None) -> float | None:
    """The chart's ``Minutes`` cell for the event's time control as read (``222``, or
    ``122``'s text): its time for 60 moves; blank where it is not known, or where the two
    players had different times (no minutes say that)."""
    if time is None or time.minutes is None or time.different_times:
        return None
    return float(time.minutes)


def event_from_trf(t: Tournament | AnalysedEvent, /, **options: Any) -> FilledEvent:
    """The chart's event of *t* as read (an :class:`~xlfuncs.event.AnalysedEvent`), or of a
    tournament read now with *options* (:class:`~xlfuncs.event.EventOptions`' fields), with
    K, tie-breaks and their C.07 edition as the report has them. Raises
    :class:`~xlfuncs.trf.TrfError` for a file list naming an unknown tie-break."""
    analysed = t if isinstance(t, AnalysedEvent) else analyse_event(t, EventOptions(**options))
    t = analysed.tournament
    found = analysed.read
    players = found.players
    number = {p.start_no: i for i, p in enumerate(players, start=1)}
    ks = {pk.start_no: pk.k for pk in found.ks}
    found_grid = _round_robin_grid(t, number) if found.crosstable.round_robin else None
    grid, cycles = found_grid if found_grid is not None else (None, 1)
    round_robin = grid is not None and len(players) <= MAX_RR_PLAYERS
    ranked = analysed.standings
    warnings = list(analysed.warnings)
    if found.crosstable.round_robin and not round_robin:
        warnings.append(
            Finding(
                "chart_layout",
                "warning",
                "a round robin, but the round-robin grid cannot hold this event (not every two "
                "players met, byes, repeated pairings or more than "
                f"{MAX_RR_PLAYERS} players): written as a Swiss wall chart, its formulas told "
                "the system is rr",
            )
        )
    entries = []
    counted = analysed.counted_rounds
    left_out: list[str] = []
    for p in players:
        i = number[p.start_no]
        later = {b.round: b for b in analysed.later_byes(i)}
        results: tuple[str | None, ...]
        rounds: tuple[Round, ...]
        if round_robin and grid is not None:
            results, rounds = tuple(grid[i - 1]), ()
        else:
            results, rounds = (), _chart_rounds(p, number, later)
            left_out += [f"no. {i} {b}" for b in later.values()]
        rating = found.crosstable.entrants[i - 1].rating
        k = ks.get(p.start_no) if rating is not None else None
        entries.append(_chart_player(p, i, rating, k, results, rounds, later))
    if left_out:
        said = (
            f"byes entered for rounds after round {counted} (not played yet) are left out of "
            "the chart's rounds, so that its live points are those of rounds 1.."
            f"{counted}, as the standing counts them; each such cell has a note: "
            + "; ".join(left_out)
        )
        warnings.append(Finding("later_byes", "note", said))
    return FilledEvent(
        event=_chart_event(analysed, tuple(entries), cycles if round_robin else 1),
        round_robin=round_robin,
        warnings=tuple(warnings),
        discrepancies=ranked.discrepancies,
    )


def _chart_rounds(
    p: Player, number: Mapping[int, int], later: Mapping[int, LaterBye]
) -> tuple[Round, ...]:
    """Player *p*'s rounds on the Swiss chart, opponents by their numbers there (*number*:
    by starting rank)."""
    return tuple(
        Round(None, None, None)  # a bye of a round not counted yet: noted apart
        if r in later
        else Round(
            opponent=None  # none, or a self-pairing (the report names it)
            if e.opponent is None or e.opponent == p.start_no
            else number.get(e.opponent),
            colour=e.colour,
            result=None if e.outcome is None else e.result,
        )
        for r, e in enumerate(p.rounds, start=1)
    )


def _chart_player(
    p: Player,
    number: int,
    rating: int | None,
    k: int | None,
    results: tuple[str | None, ...],
    rounds: tuple[Round, ...],
    later: Mapping[int, LaterBye],
) -> ChartPlayer:
    """Player *p*, numbered *number* on the chart, with their FIDE *rating* (``None``:
    unrated, the file's rating noted), *k*, and round-robin *results* or Swiss *rounds*."""
    return ChartPlayer(
        number=number,
        name=p.name,
        title=_title(p.title),
        federation=p.federation.strip() or None,
        fide_id=_fide_id(p.fide_id),
        birth_year=p.birth_year,
        sex=_sex(p.sex),
        rating=rating,
        k_override=k,
        results=results,
        rounds=rounds,
        file_points=None if p.points is None else float(p.points),
        later_byes=tuple(
            (r, f"{b.outcome.symbol} ({points_text(b.outcome.points)})") for r, b in later.items()
        )
        if rounds
        else (),
        file_rating=p.rating if rating is None and p.rating is not None else None,
        file_rating_why="no FIDE id"
        if p.rating is None or p.rating >= LOWEST_RATING
        else f"below {LOWEST_RATING}, the lowest FIDE rating: a national or online rating",
    )


def _chart_event(analysed: AnalysedEvent, players: tuple[ChartPlayer, ...], cycles: int) -> Event:
    """The chart's event of *analysed*, with its *players* and *cycles* (1 on a Swiss)."""
    t = analysed.tournament
    found = analysed.read
    ranked = analysed.standings
    return Event(
        name=_title_of(t.name, analysed.rounds_text),
        place=t.city or None,
        start=t.start_date or (t.start_date_text or None),
        end=t.end_date or (t.end_date_text or None),
        chief_arbiter=t.chief_arbiter or None,
        rules=found.crosstable.edition.id,
        rating_period=found.event_date,
        players=players,
        cycles=cycles,
        tiebreaks=ranked.tiebreaks.descriptors,
        tiebreak_rules=ranked.table.edition.id,
        unrated_rating=ranked.unrated,
        ptp_full_score=ranked.ptp_full_score,
        scoring=found.crosstable.scoring,
        minutes=_chart_minutes(found.crosstable.time),
        system="rr" if found.crosstable.round_robin else "swiss",
        teams=analysed.teams,
        working=True,
        tiebreak_table=ranked.table,
        crosstable=found.crosstable,
    )


def _title_of(name: str, rounds: str) -> str | None:
    """The chart's event name, with ``after round R of N`` for a file written mid-event."""
    if not rounds.startswith("after"):
        return name or None
    return f"{name} ({rounds})" if name else rounds[0].upper() + rounds[1:]


FORMS = ("lite", "classic", "libreoffice")
"""The forms a filled workbook is written in: ``lite`` (the Lite code stored in it, the calls
as Excel binds Lite's functions: :mod:`xlfuncs.lite_form`), ``classic`` (plain names) and
``libreoffice`` (the calls as Calc binds them: :mod:`xlfuncs.libreoffice.form`)."""


def lite_code_ahead() -> Answer[LitePackage]:
    """The xlwings Lite code of a workbook in the Lite form
    (:func:`~xlfuncs.templates.registry.lite_package`), gathered by a forked child
    (:func:`~xlfuncs.parallel.in_child`) while this process reads the event: call the answer
    once, as :func:`write_chart`'s *lite*, or discard it."""
    from .parallel import in_child
    from .templates.registry import lite_package

    return in_child(lambda: lite_package(lite_form=True))


def write_chart(
    filled: FilledEvent,
    path: str | Path,
    *,
    progress: Progress = no_progress,
    form: str = "lite",
    lite: Callable[[], LitePackage] | None = None,
) -> Path:
    """Write the filled workbook (formulas live, each with its computed value) to *path* in
    *form* (one of :data:`FORMS`), atomically (:func:`xlfuncs.output.write_atomically`).
    *lite*: for the Lite form, where its code comes from (:func:`lite_code_ahead`; ``None``:
    gathered now)."""
    from .output import write_atomically
    from .templates import round_robin, swiss
    from .templates.registry import lite_package

    if form not in FORMS:
        raise ValueError(f"form {form!r}: one of {', '.join(FORMS)}")
    build = round_robin.build if filled.round_robin else swiss.build

    package = None
    if form == "lite":
        package = lite() if lite is not None else lite_package(lite_form=True)
    rewrite = None
    if form == "libreoffice":  # the calls in Calc's form as the workbook is finished
        from .libreoffice.form import calc_parts, function_names

        rewrite = functools.partial(calc_parts, names=function_names())

    def write(temporary: Path) -> None:
        build(temporary, filled.event, progress=progress, lite=package, rewrite=rewrite)

    return write_atomically(Path(path), write)
