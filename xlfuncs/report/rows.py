"""The report's content: one :class:`ReportRow` per player, and the :class:`Report`, taken
from the event as read once (:mod:`xlfuncs.event`). What each figure means:
``docs/report.md``."""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.editions import Edition, RateOfPlay
from ..core.eligibility import RoundEligibility, TimeControl
from ..core.norm_check import NormCheck
from ..core.tables import round_half_up
from ..core.teams import TeamStandings
from ..core.titles import trf_title
from ..event import AnalysedEvent, EventOptions, analyse_event
from ..findings import Finding
from ..text_output import without_argument
from ..trf import RoundEntry, Tournament
from ..trf.k_policy import KSource
from ..trf.standings import Standing, Standings, Value

if TYPE_CHECKING:
    from ..ratinglist import ListExtract

__all__ = ["Report", "ReportRow", "build_report"]


@dataclass(frozen=True)
class ReportRow:
    """One player's line of the report."""

    start_no: int
    name: str
    """Exactly as the file writes it."""
    sex: str
    title: str
    federation: str
    fide_id: str | None
    birth_year: int | None
    rating: int | None
    """``None`` when unrated."""
    points: float
    """The standing's: recomputed from the results (scoring ``162``, points of ``299``) of
    the rounds it counts (a file written mid-event, after round R: rounds 1..R; byes entered
    for later rounds are :attr:`later_byes`, not here; ``docs/report.md``, *Files written
    mid-event*)."""
    file_points: float | None
    """As the file writes them (``None`` when blank)."""
    rank: int
    """Our rank: by points, then :attr:`tiebreaks`; players equal on all share it."""
    file_rank: int | None
    """The file's rank (columns 86-89); ``None`` when blank or 0."""
    rated_games: int
    """Rated games against rated opponents."""
    ra: float | None
    """Average rating of those opponents, to two decimals."""
    rp_fide: int | None
    """Ra + dp (``None`` without a rated game)."""
    rp_exact: int | None
    """The exact performance, rounded; ``None`` when infinite or without a rated game."""
    rp_exact_note: str | None
    """``"+inf (100 % score)"`` or ``"-inf (0 % score)"`` when the exact performance is
    infinite."""
    k: int | None
    """K used (after K x n <= 700); ``None`` for an unrated player."""
    k_source: KSource | None
    """Where K came from (``None`` for an unrated player)."""
    k_lowered_from: int | None
    """The K before K x n <= 700 lowered it to :attr:`k`; ``None`` when not lowered."""
    rating_change: int | None
    """This event's change, rounded; ``None`` for an unrated player."""
    rating_change_unrounded: float | None
    """K x sum(W - PD), to two decimals as FIDE shows it."""
    new_rating: int | None
    new_rating_note: str | None
    """:func:`~xlfuncs.core.rating_change.floor_note` (``"below 1400: unrated again"``)."""
    initial_rating: int | None
    """An unrated player's first rating from this event; ``None`` for a rated player or when
    none can be computed."""
    initial_rating_published: bool | None
    """Whether it would be published (``False``: none; ``None`` for a rated player)."""
    initial_rating_note: str | None
    """Why it would not be published, or why none can be computed."""
    norm: str | None
    """The best title norm made above the title held, else ``None``."""
    sb: float
    """Sonneborn-Berger as the charts' ``SB_ALL`` (forfeits included, byes adding nothing);
    C.07's ``SB`` is in
    :attr:`tiebreaks` when the event uses it."""
    flags: str | None
    """:meth:`~xlfuncs.event.AnalysedEvent.flags`."""
    tiebreaks: Mapping[str, Value]
    """The event's tie-breaks, descriptor to value (``None``: none), in the order they rank."""
    rounds: tuple[RoundEntry, ...]
    """Every round as the file writes it."""
    norm_check: NormCheck | None = None
    """The norm check behind :attr:`norm`, else that of a title whose rating figures were
    made but another requirement was not; ``None`` otherwise
    (:meth:`~xlfuncs.core.norm_field.CrosstableNorms.shown`). Not in the CSV."""
    later_byes: str | None = None
    """The byes entered for rounds after those counted (``"round 5: H (0.5)"``, several
    joined by ``"; "``), not in :attr:`points`; ``None``: none."""
    after_round: int | None = None
    """The rounds the standing counts, R (the last in which a game was played)."""
    rounds_planned: int | None = None
    """The event's rounds in all, N (TRF-2026 ``142``, else ``XXR``); ``None``: not known."""
    eligibility: tuple[RoundEligibility, ...] = ()
    """Every game, rated or not and why (:mod:`xlfuncs.core.eligibility`); not in the CSV."""

    @property
    def games_not_rated(self) -> int:
        """Games :attr:`eligibility` finds not rated."""
        return sum(1 for g in self.eligibility if g.eligibility.rated is False)

    @property
    def k_source_label(self) -> str | None:
        """:attr:`k_source` as the JSON and CSV write it, e.g. ``"computed: junior"`` or
        ``"computed: junior; lowered from 40 (K x n <= 700)"``."""
        if self.k_source is None:
            return None
        if self.k_lowered_from is None:
            return self.k_source.label
        return f"{self.k_source.label}; lowered from {self.k_lowered_from} (K x n <= 700)"


@dataclass(frozen=True)
class Report:
    """A whole report: the rows and what the arbiter should read with them."""

    tournament: Tournament
    edition: Edition
    rules_given: bool
    round_robin: bool
    event_date: _dt.date
    rows: tuple[ReportRow, ...]
    warnings: tuple[Finding, ...]
    discrepancies: tuple[Finding, ...]
    """:func:`~xlfuncs.trf.standings.file_discrepancies`: the file against itself (file
    points included) and its ranks against ours."""
    standings: Standings
    """The tie-breaks used, where they come from, the edition of C.07 and our ranks."""
    time: TimeControl
    """The time control the eligibility of each game was judged at."""
    rate_note: str = ""
    """Where the rate of play came from (:func:`xlfuncs.trf.to_crosstable.choose_rate`)."""
    rating_list: ListExtract | None = None
    """The rating list given, with the players it holds."""
    rounds_text: str = ""
    """``"9 rounds"``, or mid-event ``"after round 4 of 9"``."""
    system_note: str = ""
    """The system (Swiss or round robin) and where it came from (``--system``, the file's
    ``192`` or ``092``, or guessed from the pairings)."""
    teams: TeamStandings | None = None
    """A team event's standing (``None``: not a team event)."""

    @property
    def rate(self) -> RateOfPlay:
        """The rate of play the event is rated at (no title norm but in standard play)."""
        return self.edition.rate


def _round2(x: Fraction) -> float:
    return float(round(x, 2))


def _row(event: AnalysedEvent, number: int, standing: Standing) -> ReportRow:
    """Player *number*'s (from 1) row of *event*, *standing* their place in the standing."""
    p, pk = event.players[number - 1], event.ks[number - 1]
    f = event.crosstable.figures(number)
    rating = event.crosstable.entrants[number - 1].rating
    exact: int | None = None
    exact_note: str | None = None
    if f.rp_exact is not None:
        if math.isinf(f.rp_exact):
            exact_note = "+inf (100 % score)" if f.rp_exact > 0 else "-inf (0 % score)"
        else:
            exact = round_half_up(f.rp_exact)
    k, lowered_from = pk.k, None
    change = f.change
    if change is not None and change.k != change.k_requested:
        k, lowered_from = change.k, change.k_requested
    initial: int | None = None
    published: bool | None = None
    note: str | None = None
    if rating is None:
        if f.first is not None:
            initial, published = f.first.rating, f.first.published
            note = "; ".join(f.first.reasons) or None
        else:
            published = False
            note = None if f.first_error is None else without_argument(f.first_error)
    return ReportRow(
        start_no=p.start_no,
        name=p.name,
        sex=p.sex,
        title=trf_title(p.title) or "",  # FIDE's spelling (GM), not TRF16's old code (g)
        federation=p.federation,
        fide_id=p.fide_id,
        birth_year=p.birth_year,
        rating=rating,
        points=float(standing.points),
        file_points=None if p.points is None else float(p.points),
        rank=standing.rank,
        file_rank=p.rank or None,
        rated_games=f.rated_games,
        ra=None if f.ra is None else _round2(f.ra),
        rp_fide=f.rp_fide,
        rp_exact=exact,
        rp_exact_note=exact_note,
        k=k,
        k_source=pk.source,
        k_lowered_from=lowered_from,
        rating_change=None if change is None else change.change,
        rating_change_unrounded=None if change is None else _round2(change.unrounded),
        new_rating=None if change is None else change.new_rating,
        new_rating_note=None if change is None else change.floor_note,
        initial_rating=initial,
        initial_rating_published=published,
        initial_rating_note=note,
        norm=event.norms.best(number),
        sb=float(f.sonneborn_berger),
        tiebreaks=standing.tiebreaks,
        rounds=p.rounds,
        flags=event.flags(p.start_no),
        norm_check=event.norms.shown(number),
        later_byes="; ".join(str(b) for b in event.later_byes(number)) or None,
        after_round=event.counted_rounds,
        rounds_planned=event.planned_rounds,
        eligibility=event.crosstable.eligibility(number),
    )


def build_report(t: Tournament | AnalysedEvent, /, **options: Any) -> Report:
    """The report of the event *t* as read, or of a tournament read now with *options* (the
    fields of :class:`~xlfuncs.event.EventOptions`). Raises :class:`~xlfuncs.trf.TrfError`
    for a file's tie-break list naming an unknown tie-break."""
    event = t if isinstance(t, AnalysedEvent) else analyse_event(t, EventOptions(**options))
    ct = event.crosstable
    ranked = event.standings
    rows = tuple(_row(event, n, s) for n, s in enumerate(ranked.standings, start=1))
    return Report(
        tournament=event.tournament,
        edition=ct.edition,
        rules_given=event.options.rules is not None,
        round_robin=ct.round_robin,
        event_date=event.event_date,
        rows=rows,
        warnings=event.warnings,
        discrepancies=ranked.discrepancies,
        rate_note=event.read.rate_note,
        standings=ranked,
        rating_list=event.options.rating_list,
        system_note=event.read.system_note,
        rounds_text=event.rounds_text,
        teams=event.teams,
        time=event.time,
    )
