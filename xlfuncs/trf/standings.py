"""Our standings of a TRF (points, then the event's tie-breaks) and the file's ranks against
them: where they disagree, which figure separates the players.

:func:`event_standings` chooses the tie-breaks (:mod:`~xlfuncs.trf.tiebreak_list`), has
core's engine compute them and the ranks, and compares the file with them
(:func:`rank_discrepancies`); where the event names no list and the defaults do not give
the file's ranks, :func:`detect_tiebreaks` tries the candidate lists (``docs/tiebreaks.md``,
*Which list gave the file's ranks*).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from functools import partial

from ..core.performance import PTP_FULL_SCORE_DEFAULT, PtpFullScore
from ..core.tiebreak_candidates import CandidateFit, best_fit, fit_ranks
from ..core.tiebreak_editions import TIEBREAK_EDITIONS, TiebreakRulesSpec, tiebreak_edition_for
from ..core.tiebreaks import KOYA_SCORES_DEFAULT, KoyaScores, TiebreakTable, Value
from ..core.tiebreaks import tiebreaks as compute_tiebreaks
from ..findings import Finding
from ..text_output import counted, points_text
from .parser import Player, Tournament, check_tournament, trf_finding
from .prose import prose_finding
from .short_list import short_list
from .tiebreak_list import DEFAULT_SOURCE, DETECTED_SOURCE, TiebreakList, event_tiebreaks
from .to_crosstable import TrfCrosstable

__all__ = [
    "DETAIL_LIMIT",
    "Standings",
    "Standing",
    "Value",
    "detect_tiebreaks",
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
    """The points the results add up to under the file's scoring, with record ``299``'s."""
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


PLACEHOLDER_NONE = (
    "the file gives no ranks (columns 86-89 blank or 0 for every player): not compared with ours"
)
"""The finding, once, when the file has no rank at all."""

PLACEHOLDER_START = (
    "the file's ranks are its starting ranks for every player (placeholders, not a "
    "standing): not compared with ours"
)
"""The finding, once, when the file's rank column repeats the starting ranks."""


DETAIL_LIMIT = 5
"""Up to this many players whose rank differs are each one finding; more are counted in one
summary, each player's line a detail (:attr:`~xlfuncs.findings.Finding.detail`)."""


def rank_discrepancies(
    t: Tournament,
    standings: Sequence[Standing],
    *,
    tiebreaks: TiebreakList | None = None,
    fit: CandidateFit | None = None,
) -> list[Finding]:
    """One :class:`~xlfuncs.findings.Finding` (kind ``rank``) per player whose rank in the file
    is not ours, in file order (a player the file leaves unranked is not compared). More
    than :data:`DETAIL_LIMIT`: one summary first, by cause, naming the list (*tiebreaks*) and
    how close the nearest candidate list comes (*fit*); each player's line then a detail.

    Each line names the nearest player (in the file's order) whom the two standings place
    differently, and the first figure that separates them: "no. 4 (A): rank 11 here, 10 in
    the file; no. 7 (B) is above here, below in the file: equal on points 5.5 and BH/C1
    28.0, separated by BH 31.0 vs 31.5". Ranks that are plainly placeholders, and ranks that
    differ only by players above them the file leaves unranked, are said once.
    """
    ranked = [s for s in standings if s.player.rank]
    if not ranked:
        return [trf_finding(t, "rank", PLACEHOLDER_NONE)]
    if all(s.player.rank == s.rank for s in ranked):
        return []
    if len(ranked) == len(standings) and all(s.player.rank == s.player.start_no for s in ranked):
        return [trf_finding(t, "rank", PLACEHOLDER_START)]
    by_file = sorted(ranked, key=lambda s: (s.player.rank or 0, s.player.line_no))
    file_ranks = [s.player.rank or 0 for s in by_file]
    unranked = sorted((s for s in standings if not s.player.rank), key=lambda s: s.rank)
    unranked_ranks = [s.rank for s in unranked]
    found: list[Finding] = []
    causes: list[str | None] = []
    shifted = 0
    for s in ranked:
        file_rank = s.player.rank or 0
        if file_rank == s.rank:
            continue
        message = f"{s.player.who}: rank {s.rank} here, {file_rank} in the file"
        other = _partner(s, by_file, file_ranks)
        cause: str | None = UNRANKED_CAUSE
        if other is not None:
            why, cause = _why(s, other)
            message += "; " + why
        else:  # the file's ranks leave out players that ours count
            above = unranked[: bisect_left(unranked_ranks, s.rank)]
            if len(above) == s.rank - file_rank:  # only that: said once, below
                shifted += 1
                continue
            if above:
                names = [q.player.who for q in above[-3:]]
                more = f" and {len(above) - 3} more" if len(above) > 3 else ""
                message += (
                    f"; above here, the file leaves unranked {', '.join(reversed(names))}{more}"
                )
        causes.append(cause)
        found.append(trf_finding(t, "rank", message, s.player))
    found.sort(key=lambda d: d.line or 0)
    if len(found) > DETAIL_LIMIT:
        summary = _summary(len(found), causes, standings[0].labels, tiebreaks, fit)
        found = [trf_finding(t, "rank", summary), *(replace(d, detail=True) for d in found)]
    if shifted:
        listed = short_list([f"no. {q.player.start_no}" for q in unranked], 6)
        plural = "s" if len(unranked) > 1 else ""
        found.insert(
            0,
            trf_finding(
                t,
                "rank",
                f"the file leaves {len(unranked)} player{plural} unranked (rank blank "
                f"or 0: {listed}), whom ours ranks: {counted(shifted, 'player')} ranked below them "
                "have a rank here greater by the number of those above them, and the same order "
                "(not listed one by one)",
            ),
        )
    return found


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _partner(
    s: Standing, by_file: Sequence[Standing], file_ranks: Sequence[int]
) -> Standing | None:
    """The player nearest to *s* in the file's order whom the file and we order differently
    against *s*; ``None`` when there is none."""
    own = s.player.rank or 0
    for i in _outward(bisect_left(file_ranks, own), bisect_right(file_ranks, own), len(by_file)):
        q = by_file[i]
        if q is not s and _sign(s.rank - q.rank) != _sign(own - (q.player.rank or 0)):
            return q
    return None


def _outward(lo: int, hi: int, n: int) -> Iterator[int]:
    """Indices ``lo..hi-1``, then the nearest above and below alternately (lazily)."""
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


UNRANKED_CAUSE = "unranked"
"""The cause of a rank that differs because of players above it whom the file leaves
unranked (no player placed otherwise)."""


def _why(s: Standing, q: Standing) -> tuple[str, str | None]:
    """How *q* stands against *s* here and in the file, and the first figure that separates
    them; and that figure's label (``None``: level on every figure)."""
    here = _place(q.rank - s.rank)
    there = _place((q.player.rank or 0) - (s.player.rank or 0))
    head = f"{q.player.who} is {here} here, {there} in the file"
    equal: list[str] = []
    for label, a, b in zip(s.labels, s.figures, q.figures):
        if a != b:
            before = f"equal on {_and_list(equal)}, " if equal else ""
            text = f"{head}: {before}separated by {label} {value_text(a)} vs {value_text(b)}"
            return text, label
        equal.append(f"{label} {value_text(a)}")
    return f"{head}: equal on {_and_list(equal)}", None


def _summary(
    count: int,
    causes: Sequence[str | None],
    labels: Sequence[str],
    tiebreaks: TiebreakList | None,
    fit: CandidateFit | None,
) -> str:
    """The summary of *count* players' ranks that differ, by cause (``None``: level on every
    figure; a figure's label; :data:`UNRANKED_CAUSE`)."""
    listed = ", ".join(labels[1:])
    where = f" ({tiebreaks.source})" if tiebreaks is not None else ""
    n = Counter(causes)
    parts: list[str] = []
    if n[None]:
        parts.append(
            f"{n[None]} level with another player on every value (the file orders players "
            "the list leaves equal)"
        )
    parts += [f"{n[label]} placed otherwise by {label}" for label in labels if n[label]]
    if n[UNRANKED_CAUSE]:
        parts.append(f"{n[UNRANKED_CAUSE]} below players the file leaves unranked")
    whose = "1 player's rank" if count == 1 else f"{count} players' ranks"
    differ = "differs" if count == 1 else "differ"
    text = (
        f"{whose} in the file {differ} from ours by points, then {listed}{where}: "
        f"{_and_list(parts)}"
    )
    if fit is not None and not fit.reproduces:
        text += (
            "; none of the candidate lists (docs/tiebreaks.md) reproduces the file's ranks: "
            f"the nearest, {fit.text}, gives {fit.agree} of {fit.of}"
        )
    return text + "; one line per player with --verbose"


def _and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def file_discrepancies(
    t: Tournament,
    standings: Sequence[Standing],
    *,
    tiebreaks: TiebreakList | None = None,
    fit: CandidateFit | None = None,
) -> tuple[Finding, ...]:
    """:func:`~xlfuncs.trf.check_tournament`'s findings, with :func:`rank_discrepancies` in
    place of its points-only rank check."""
    own = [d for d in check_tournament(t) if d.kind != "rank"]
    return tuple(own + rank_discrepancies(t, standings, tiebreaks=tiebreaks, fit=fit))


@dataclass(frozen=True)
class Standings:
    """An event's standings and what the file's ranks say against them."""

    tiebreaks: TiebreakList
    """The tie-breaks used, and where they come from."""
    table: TiebreakTable
    """The engine's values and ranks (players in starting-rank order), with the C.07
    edition used and its notes."""
    standings: tuple[Standing, ...]
    """One per player, in starting-rank order (the crosstable's)."""
    discrepancies: tuple[Finding, ...]
    """:func:`file_discrepancies`."""
    edition_given: str | None = None
    """The C.07 edition asked for (``--tiebreak-rules``, as written), ``None``: the one in
    force on the event's date."""
    unrated: int | None = None
    """The rating unrated players count at in the rating tie-breaks (``--unrated-rating``);
    ``None``: none (those tie-breaks undefined when a player is unrated)."""
    ptp_full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT
    """How PTP and APPO read a full score (``--ptp-full-score``; C.07 10.3)."""
    fit: CandidateFit | None = None
    """The candidate list nearest to the file's ranks (:func:`detect_tiebreaks`); the event
    is ranked by it when it reproduces every rank."""


def event_standings(
    t: Tournament,
    built: TrfCrosstable,
    *,
    tiebreaks: Sequence[str] | None = None,
    warnings: list[Finding] | None = None,
    edition: str | None = None,
    unrated: int | None = None,
    final_round: int | None = None,
    ptp_full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT,
    koya_scores: KoyaScores = KOYA_SCORES_DEFAULT,
) -> Standings:
    """The standings of *t* read into *built* (its file ratings): the tie-breaks *tiebreaks*,
    else the file's list, else the defaults (:func:`~xlfuncs.trf.tiebreak_list.event_tiebreaks`),
    in the C.07 *edition* (``None``: the one in force on the event's date); *unrated*,
    *final_round*, *ptp_full_score* and *koya_scores* as core's
    :func:`~xlfuncs.core.tiebreaks.tiebreaks` takes them. The engine's notes but the
    edition's are added to *warnings*. Raises :class:`~xlfuncs.trf.TrfError` for a file list
    naming an unknown tie-break, core's ``InvalidInputError`` for a bad *edition*."""
    spec: TiebreakRulesSpec = edition
    round_robin = built.crosstable.round_robin
    choice = event_tiebreaks(
        t,
        given=tiebreaks,
        round_robin=round_robin,
        warnings=warnings,
        edition=tiebreak_edition_for(spec, built.event_date)[0],
    )
    effects = t.assignments  # record 299
    number = {p.start_no: i for i, p in enumerate(built.players, start=1)}

    def table_of(descriptors: Sequence[str], rules: TiebreakRulesSpec) -> TiebreakTable:
        return compute_tiebreaks(
            built.file_ratings,
            descriptors,
            edition=rules,
            start=built.event_date,
            unrated=unrated,
            adjustments=[effects.bonus.get(p.start_no, Fraction(0)) for p in built.players]
            if effects.bonus
            else None,
            round_points={(number[n], r): v for (n, r), v in effects.round_points.items()} or None,
            final_round=final_round,
            ptp_full_score=ptp_full_score,
            koya_scores=koya_scores,
        )

    table = table_of(choice.descriptors, spec)
    fit = None
    if choice.source.startswith(DEFAULT_SOURCE):
        fit = detect_tiebreaks(
            [p.rank for p in built.players],
            [p.start_no for p in built.players],
            table,
            lambda rules: table_of(choice.descriptors, rules),
            round_robin,
            other_editions=edition is None,
        )
        if fit is not None and fit.reproduces:
            used = fit.edition if fit.edition != table.edition.id else spec
            choice = TiebreakList(
                fit.candidate.descriptors,
                f"{DETECTED_SOURCE} the file's ranks are those of {fit.candidate.text}, "
                f"{fit.candidate.used_by}, in the {fit.edition} text of C.07; --tiebreaks to "
                "choose",
            )
            table = table_of(choice.descriptors, used)
            spec = used
            if warnings is not None:
                detected = (
                    f"tie-breaks: the file names none, and its ranks are those of "
                    f"{fit.text}: the event is ranked by them (--tiebreaks to choose)"
                )
                warnings.append(Finding("tiebreaks", "note", detected))
    if warnings is not None:  # the edition's note is the text report's "C.07" line
        warnings.extend(effects.notes)
        said = tiebreak_edition_for(spec, built.event_date)[1]
        warnings.extend(prose_finding("tiebreaks", n) for n in table.notes if n != said)
    standings = tuple(
        Standing(p, table.ranks[i], table.points[i], table.by_descriptor(i + 1))
        for i, p in enumerate(built.players)
    )
    found = file_discrepancies(t, standings, tiebreaks=choice, fit=fit)
    return Standings(choice, table, standings, found, edition, unrated, ptp_full_score, fit)


def detect_tiebreaks(
    file_ranks: Sequence[int | None],
    start_nos: Sequence[int],
    table: TiebreakTable,
    in_edition: Callable[[str], TiebreakTable],
    round_robin: bool,
    *,
    other_editions: bool = True,
) -> CandidateFit | None:
    """Which candidate list (:mod:`~xlfuncs.core.tiebreak_candidates`) gives the file's
    ranks *file_ranks* (one per player, as *table*'s; ``None`` or 0: unranked), when
    *table*, the defaults, does not: the one that reproduces every rank, else the nearest;
    ``None`` when there is nothing to find (no rank, the starting ranks *start_nos* written
    as ranks, or the defaults give every rank). *table*'s edition is tried first, then, with
    *other_editions* and a round not played over the board, each other edition, whose table
    *in_edition* makes (only when reached)."""
    ranked = [(r, n) for r, n in zip(file_ranks, start_nos) if r]
    if not ranked or all(r == n for r, n in ranked):
        return None
    if fit_ranks(table.ranks, file_ranks) == len(ranked):
        return None
    makers: list[Callable[[], TiebreakTable]] = [lambda: table]
    for key in TIEBREAK_EDITIONS if other_editions and not table.all_played else ():
        if key != table.edition.id:
            makers.append(partial(in_edition, key))
    return best_fit(makers, file_ranks, round_robin)
