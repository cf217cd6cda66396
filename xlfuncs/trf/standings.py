"""Our standings of a TRF (points, then the event's tie-breaks) and the file's ranks against
them: where they disagree, which figure separates the players.

:func:`event_standings` chooses the tie-breaks (:mod:`~xlfuncs.trf.tiebreak_list`), has
core's engine (:func:`xlfuncs.core.tiebreaks.tiebreaks`) compute them and the ranks, and
compares the file with them: :func:`rank_discrepancies` writes one
:class:`~xlfuncs.trf.Discrepancy` per player whose rank in the file (columns 86-89) is not
ours, naming another player the two orders place differently and the first figure that
separates them; ranks that are plainly placeholders are named once.
:func:`file_discrepancies` is what the report and the crosstable command list: the file's
own findings (:func:`~xlfuncs.trf.check_tournament`), with this comparison in place of its
points-only rank check.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..core.performance import PtpFullScore
from ..core.tiebreak_editions import TiebreakRulesSpec, tiebreak_edition_for
from ..core.tiebreaks import TiebreakTable, Value
from ..core.tiebreaks import tiebreaks as compute_tiebreaks
from ..text_output import counted, points_text
from .parser import Discrepancy, Player, Tournament, check_tournament
from .short_list import short_list
from .tiebreak_list import TiebreakList, event_tiebreaks
from .to_crosstable import TrfCrosstable

__all__ = [
    "EventStandings",
    "Standing",
    "Value",
    "event_standings",
    "file_discrepancies",
    "rank_discrepancies",
    "value_text",
]


@dataclass(frozen=True)
class Standing:
    """One player's place in our standings."""

    player: Player
    rank: int
    """Our rank, from 1; players equal on every figure share it."""
    points: Fraction
    """The points the results add up to (under the file's scoring system, record ``162``),
    with what record ``299`` assigns."""
    tiebreaks: Mapping[str, Value]
    """Each tie-break's value by its descriptor, in the order they rank."""

    @property
    def figures(self) -> tuple[Value, ...]:
        """Points, then each tie-break: what the rank orders by."""
        return (self.points, *self.tiebreaks.values())

    @property
    def labels(self) -> tuple[str, ...]:
        """The names of :attr:`figures`: ``points``, then the descriptors."""
        return ("points", *self.tiebreaks)


def value_text(value: Value | float | Decimal) -> str:
    """A figure as the report writes it: a whole rating as it is, points and tie-breaks with
    the decimals they need (at least one, two for quarters), ``-`` when undefined.

    >>> value_text(2104), value_text(Fraction(47, 2)), value_text(Fraction(81, 4))
    ('2104', '23.5', '20.25')
    >>> value_text(Fraction(28)), value_text(None)
    ('28.0', '-')
    """
    if value is None:
        return "-"
    if isinstance(value, int):
        return str(value)
    exact = Fraction(value)
    if exact.denominator <= 2:  # points: as every command writes them
        return points_text(exact)
    return f"{float(exact):.2f}"


def _who(p: Player) -> str:
    return f"no. {p.start_no} ({p.name})"


PLACEHOLDER_NONE = (
    "the file gives no ranks (columns 86-89 blank or 0 for every player): not compared with ours"
)
"""The finding, once, when the file has no rank at all."""

PLACEHOLDER_START = (
    "the file's ranks are its starting ranks for every player (placeholders, not a "
    "standing): not compared with ours"
)
"""The finding, once, when the file's rank column repeats the starting ranks."""


def rank_discrepancies(t: Tournament, standings: Sequence[Standing]) -> list[Discrepancy]:
    """One :class:`Discrepancy` (kind ``rank``) per player whose rank in the file is not
    ours, in file order. A player the file leaves unranked (blank or 0) is not compared.

    Each line names the nearest player (in the file's order) whom the two standings place
    differently, and how: "no. 4 (A): rank 11 here, 10 in the file; no. 7 (B) is above
    here, below in the file: equal on points 5.5 and BH/C1 28.0, separated by BH 31.0 vs
    31.5"; or, where no player is placed differently, the players ranked above here whom
    the file leaves unranked (rank 0: withdrawn, say). One line says it once, instead of
    once per player, where the file's ranks are plainly placeholders (all blank, or all the
    starting ranks while ours differ), and where a rank differs only by the players above
    it that the file leaves unranked.
    """
    ranked = [s for s in standings if s.player.rank]
    if not ranked:
        return [Discrepancy(kind="rank", message=PLACEHOLDER_NONE, source=t.source)]
    if all(s.player.rank == s.rank for s in ranked):
        return []
    if len(ranked) == len(standings) and all(s.player.rank == s.player.start_no for s in ranked):
        return [Discrepancy(kind="rank", message=PLACEHOLDER_START, source=t.source)]
    by_file = sorted(ranked, key=lambda s: (s.player.rank or 0, s.player.line_no))
    file_ranks = [s.player.rank or 0 for s in by_file]
    unranked = sorted((s for s in standings if not s.player.rank), key=lambda s: s.rank)
    unranked_ranks = [s.rank for s in unranked]
    found: list[Discrepancy] = []
    shifted = 0
    for s in ranked:
        file_rank = s.player.rank or 0
        if file_rank == s.rank:
            continue
        message = f"{_who(s.player)}: rank {s.rank} here, {file_rank} in the file"
        other = _partner(s, by_file, file_ranks)
        if other is not None:
            message += "; " + _why(s, other)
        else:  # the file's ranks leave out players that ours count
            above = unranked[: bisect_left(unranked_ranks, s.rank)]
            if len(above) == s.rank - file_rank:  # only that: said once, below
                shifted += 1
                continue
            if above:
                names = [_who(q.player) for q in above[-3:]]
                more = f" and {len(above) - 3} more" if len(above) > 3 else ""
                message += (
                    f"; above here, the file leaves unranked {', '.join(reversed(names))}{more}"
                )
        found.append(
            Discrepancy(
                kind="rank",
                message=message,
                source=t.source,
                line_no=s.player.line_no,
                start_no=s.player.start_no,
            )
        )
    found.sort(key=lambda d: d.line_no or 0)
    if shifted:
        listed = short_list([f"no. {q.player.start_no}" for q in unranked], 6)
        plural = "s" if len(unranked) > 1 else ""
        found.insert(
            0,
            Discrepancy(
                kind="rank",
                message=f"the file leaves {len(unranked)} player{plural} unranked (rank blank "
                f"or 0: {listed}), whom ours ranks: {counted(shifted, 'player')} ranked below them "
                "have a rank here greater by the number of those above them, and the same order "
                "(not listed one by one)",
                source=t.source,
            ),
        )
    return found


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _partner(
    s: Standing, by_file: Sequence[Standing], file_ranks: Sequence[int]
) -> Standing | None:
    """The player nearest to *s* in the file's order whom the file and we order differently
    against *s* (above in one, level or below in the other); ``None`` when there is none
    (the ranks differ only because the file leaves players unranked)."""
    own = s.player.rank or 0
    for i in _outward(bisect_left(file_ranks, own), bisect_right(file_ranks, own), len(by_file)):
        q = by_file[i]
        if q is not s and _sign(s.rank - q.rank) != _sign(own - (q.player.rank or 0)):
            return q
    return None


def _outward(lo: int, hi: int, n: int) -> Iterator[int]:
    """Indices ``lo..hi-1`` (the players level with one in the file), then the nearest
    above and below alternately: a generator, so that the search stops where it finds."""
    yield from range(lo, hi)
    up, down = lo - 1, hi
    while up >= 0 or down < n:
        if up >= 0:
            yield up
            up -= 1
        if down < n:
            yield down
            down += 1


def _place(diff: int) -> str:
    return "above" if diff < 0 else "below" if diff > 0 else "level"


def _why(s: Standing, q: Standing) -> str:
    """How *q* stands against *s* here and in the file, and the first figure that separates
    them."""
    here = _place(q.rank - s.rank)
    there = _place((q.player.rank or 0) - (s.player.rank or 0))
    head = f"{_who(q.player)} is {here} here, {there} in the file"
    equal: list[str] = []
    for label, a, b in zip(s.labels, s.figures, q.figures):
        if a != b:
            before = f"equal on {_and_list(equal)}, " if equal else ""
            return f"{head}: {before}separated by {label} {value_text(a)} vs {value_text(b)}"
        equal.append(f"{label} {value_text(a)}")
    return f"{head}: equal on {_and_list(equal)}"


def _and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def file_discrepancies(t: Tournament, standings: Sequence[Standing]) -> tuple[Discrepancy, ...]:
    """What the file's readers list: :func:`~xlfuncs.trf.check_tournament`'s findings, with
    :func:`rank_discrepancies` in place of its points-only rank check (which finds a subset
    of the same players)."""
    own = [d for d in check_tournament(t) if d.kind != "rank"]
    return tuple(own + rank_discrepancies(t, standings))


@dataclass(frozen=True)
class EventStandings:
    """An event's standings and what the file's ranks say against them."""

    tiebreaks: TiebreakList
    """The tie-breaks used, and where they come from."""
    table: TiebreakTable
    """The engine's values and ranks (players in starting-rank order), with the C.07
    edition used and its notes."""
    standings: tuple[Standing, ...]
    """One per player, in starting-rank order (the crosstable's)."""
    discrepancies: tuple[Discrepancy, ...]
    """:func:`file_discrepancies`."""
    edition_given: str | None = None
    """The C.07 edition asked for (``--tiebreak-rules``, as written), ``None``: the one in
    force on the event's date."""
    unrated: int | None = None
    """The rating unrated players count at in the rating tie-breaks (``--unrated-rating``);
    ``None``: none (those tie-breaks undefined when a player is unrated)."""
    ptp_full_score: PtpFullScore = "highest+800"
    """How PTP and APPO read a full score (``--ptp-full-score``; C.07 10.3)."""


def event_standings(
    t: Tournament,
    built: TrfCrosstable,
    *,
    tiebreaks: Sequence[str] | None = None,
    warnings: list[str] | None = None,
    edition: str | None = None,
    unrated: int | None = None,
    final_round: int | None = None,
    ptp_full_score: PtpFullScore = "highest+800",
) -> EventStandings:
    """The standings of *t* read into *built* (its ratings as the file gives them, FIDE id
    or not: :attr:`~xlfuncs.trf.to_crosstable.TrfCrosstable.file_ratings`): the tie-breaks
    *tiebreaks* (the descriptors' texts, e.g. from ``--tiebreaks``), else the file's list,
    else the defaults
    (:func:`~xlfuncs.trf.tiebreak_list.event_tiebreaks`), in the C.07 *edition* (an id or
    an ISO date, e.g. from ``--tiebreak-rules``; ``None``: the one in force on the event's
    date, an older event getting the 2023 text, as FIDE's engine does), unrated players
    counting at *unrated* in the rating tie-breaks (``None``: none, and those are undefined
    when a player is unrated), *final_round* the event's last round (its rounds in all:
    Fore Buchholz counts that round as drawn; ``None``: the last counted), a full score's
    PTP read as *ptp_full_score* (:data:`~xlfuncs.core.performance.PtpFullScore`). The engine's
    notes but the edition's (rating tie-breaks left undefined) are added to *warnings*.
    Raises :class:`~xlfuncs.trf.TrfError` for a file list naming an unknown tie-break,
    core's ``InvalidInputError`` for a bad *edition*."""
    spec: TiebreakRulesSpec = edition
    choice = event_tiebreaks(
        t,
        given=tiebreaks,
        round_robin=built.crosstable.round_robin,
        warnings=warnings,
        edition=tiebreak_edition_for(spec, built.event_date)[0],
    )
    effects = t.assignments  # record 299
    number = {p.start_no: i for i, p in enumerate(built.players, start=1)}
    table = compute_tiebreaks(
        built.file_ratings,
        choice.descriptors,
        edition=spec,
        start=built.event_date,
        unrated=unrated,
        adjustments=[effects.bonus.get(p.start_no, Fraction(0)) for p in built.players]
        if effects.bonus
        else None,
        round_points={(number[n], r): v for (n, r), v in effects.round_points.items()} or None,
        final_round=final_round,
        ptp_full_score=ptp_full_score,
    )
    if warnings is not None:  # the edition's note is the text report's "C.07" line
        warnings.extend(effects.notes)
        said = tiebreak_edition_for(spec, built.event_date)[1]
        warnings.extend(note for note in table.notes if note != said)
    standings = tuple(
        Standing(p, table.ranks[i], table.points[i], table.by_descriptor(i + 1))
        for i, p in enumerate(built.players)
    )
    found = file_discrepancies(t, standings)
    return EventStandings(choice, table, standings, found, edition, unrated, ptp_full_score)
