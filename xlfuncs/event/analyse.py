"""A TRF read once into an :class:`AnalysedEvent`: the crosstable (FIDE's ratings and the
file's kept apart), each player's K and where it came from, the standings and the file's
discrepancies, the norm checks, the warnings and each player's flags. Every command that
reads a TRF renders this; none reads the file its own way."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from functools import cached_property

from ..core.editions import Edition, RateOfPlay
from ..core.eligibility import TimeControl
from ..core.norm_event import NormEvent
from ..core.norm_field import CrosstableNorms
from ..core.teams import TeamStandings
from ..core.title_editions import TitleEdition, event_title_edition
from ..core.tournament import Crosstable
from ..findings import Finding
from ..trf import Player, Tournament
from ..trf.k_policy import PlayerK
from ..trf.parser import repeated_text
from ..trf.rounds_planned import LaterBye, later_byes, planned_rounds, standing_text
from ..trf.standings import Standings, event_standings
from ..trf.teams import event_teams
from ..trf.to_crosstable import TrfCrosstable, crosstable_from_trf
from .game_time import event_time
from .norm_setting import NormSetting, norm_setting
from .options import EventOptions

__all__ = ["AnalysedEvent", "analyse_event"]


@dataclass(frozen=True)
class AnalysedEvent:
    """One event, read once under one set of options. Player *i* of :attr:`crosstable`
    (from 1) is ``players[i-1]``. The standings and norm checks are worked out when asked."""

    tournament: Tournament
    options: EventOptions
    read: TrfCrosstable

    @cached_property
    def _norm_setting(self) -> NormSetting:
        return norm_setting(self.tournament, self.read, self.options, self.time)

    @cached_property
    def time(self) -> TimeControl:
        """The event's time control as the eligibility rules read it: the crosstable's."""
        found = self.read.crosstable.time
        return event_time(self.tournament) if found is None else found

    @property
    def norm_event(self) -> NormEvent:
        """The event as the norm check sees it."""
        return self._norm_setting[0]

    @property
    def norm_assumptions(self) -> tuple[str, ...]:
        """What the norm checks take for granted, in the order said."""
        return self._norm_setting[1]

    @property
    def crosstable(self) -> Crosstable:
        """FIDE's reading: a player with a rating but no FIDE id is unrated."""
        return self.read.crosstable

    @property
    def file_ratings(self) -> Crosstable:
        """The file's reading, every rating given (the tie-breaks)."""
        return self.read.file_ratings

    @property
    def players(self) -> tuple[Player, ...]:
        """The file's players (with the rating list's data), in starting-rank order."""
        return self.read.players

    @property
    def ks(self) -> tuple[PlayerK, ...]:
        """Each player's K and where it came from."""
        return self.read.ks

    @property
    def edition(self) -> Edition:
        """The Rating Regulations the event is rated under (at its rate of play)."""
        return self.read.crosstable.edition

    @property
    def rate(self) -> RateOfPlay:
        """The rate of play."""
        return self.read.rate

    @property
    def event_date(self) -> _dt.date:
        """The date used for K and (without rules) for the edition."""
        return self.read.event_date

    @property
    def title_rules(self) -> TitleEdition:
        """The Title Regulations the norms are judged by
        (:func:`~xlfuncs.core.title_editions.event_title_edition`)."""
        return event_title_edition(self.options.rules, self.event_date)

    @cached_property
    def norms(self) -> CrosstableNorms:
        """Every player's norm checks, each worked out once when asked."""
        return CrosstableNorms(self.crosstable, rules=self.title_rules, event=self.norm_event)

    @cached_property
    def _ranked(self) -> tuple[Standings, tuple[Finding, ...]]:
        found: list[Finding] = []
        o = self.options
        ranked = event_standings(
            self.tournament,
            self.read,
            tiebreaks=o.tiebreaks,
            warnings=found,
            edition=o.tiebreak_rules,
            unrated=o.unrated_rating,
            final_round=self.planned_rounds,
            ptp_full_score=o.ptp_full_score,
            koya_scores=o.koya_scores,
        )
        return ranked, tuple(found)

    @property
    def planned_rounds(self) -> int | None:
        """The event's rounds in all (TRF-2026 ``142``, else ``XXR``); ``None``: not known."""
        return planned_rounds(self.tournament)

    @property
    def counted_rounds(self) -> int:
        """The rounds the standing counts: up to the last in which a game was played."""
        return self.standings.table.rounds

    @property
    def rounds_text(self) -> str:
        """``"9 rounds"``, or mid-event ``"after round 4 of 9"``."""
        return standing_text(self.counted_rounds, self.planned_rounds, self.tournament.num_rounds)

    def later_byes(self, number: int) -> tuple[LaterBye, ...]:
        """Player *number*'s (from 1) byes entered for rounds after those counted."""
        return later_byes(self.file_ratings.entrants[number - 1].pairings, self.counted_rounds)

    @property
    def standings(self) -> Standings:
        """The tie-breaks, our ranks and the file's discrepancies. Raises
        :class:`~xlfuncs.trf.TrfError` for a file's tie-break list naming an unknown one."""
        return self._ranked[0]

    @cached_property
    def _teams(self) -> tuple[TeamStandings | None, tuple[Finding, ...]]:
        found: list[Finding] = []
        teams = event_teams(
            self.tournament,
            self.read,
            self.counted_rounds,
            warnings=found,
            edition=self.options.tiebreak_rules,
            final_round=self.planned_rounds,
            descriptors=self.options.team_tiebreaks,
            team_colour=self.options.team_colour,
        )
        return teams, tuple(found)

    @property
    def teams(self) -> TeamStandings | None:
        """A team event's standing after the rounds counted; ``None``: not a team event."""
        return self._teams[0]

    @property
    def reader_warnings(self) -> tuple[Finding, ...]:
        """The reader's warnings and each record written once that is written again, for the
        commands that list no discrepancies (period, norms)."""
        again = self.tournament.repeated_records
        return self.read.warnings + tuple(
            Finding("repeated_record", "warning", repeated_text(a, b), line=b.line_no)
            for a, b in again
        )

    @property
    def warnings(self) -> tuple[Finding, ...]:
        """The reader's warnings, then the standings', then the team standing's."""
        return self.read.warnings + self._ranked[1] + self._teams[1]

    def flags(self, start_no: int) -> str | None:
        """``"inactive"`` (the rating list's flag), ``"withdrawn"`` (no opponent and no points
        in the last round played, nothing later), both (``"inactive; withdrawn"``) or ``None``."""
        read = self.read
        found = [
            name
            for name, who in (("inactive", read.inactive), ("withdrawn", read.withdrawn))
            if start_no in who
        ]
        return "; ".join(found) or None


def analyse_event(t: Tournament, options: EventOptions | None = None) -> AnalysedEvent:
    """*t* read once under *options* (``None``: the defaults). Raises
    :class:`~xlfuncs.core.XlfuncsError` for rules naming no edition or a K the rules never give."""
    o = options if options is not None else EventOptions()
    read = crosstable_from_trf(
        t,
        rules=o.rules,
        k_overrides=o.k_overrides,
        today=o.today,
        rate=o.rate,
        rating_list=o.rating_list,
        system=o.system,
        time=event_time(t),
    )
    return AnalysedEvent(t, o, read)
