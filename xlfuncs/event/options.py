"""The options of an event's reading: everything the arbiter says that the file does not (or
says otherwise), one field per command-line option, the same record for every command."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.editions import RateOfPlay, RulesSpec
from ..core.norm_event import EventType
from ..core.norm_readings import (
    DEFAULT_READINGS,
    BigSwissCount,
    LastRoundForfeit,
    RoundRobinMix,
)
from ..core.performance import PTP_FULL_SCORE_DEFAULT, PtpFullScore
from ..core.teams import TEAM_COLOUR_DEFAULT, TeamColour
from ..core.tiebreaks import KOYA_SCORES_DEFAULT, KoyaScores

if TYPE_CHECKING:
    from ..ratinglist import ListExtract
    from ..trf.event_system import System

__all__ = ["EventOptions"]


@dataclass(frozen=True)
class EventOptions:
    """How to read one event. Every field is a command-line option (named beside it); a
    command that cannot honour one refuses it, saying why."""

    rules: RulesSpec = None
    """``--rules``: the edition of the Rating Regulations (id, date or edition); ``None``:
    the one in force on the event's date."""
    rate: RateOfPlay | None = None
    """``--rate``: the rate of play; ``None``: what the file's time control says plainly,
    else standard play (said in a warning; the norms show the rate as not known)."""
    k_overrides: Mapping[str, int] | None = None
    """``--k-file``: K by FIDE id (``None``: none)."""
    rating_list: ListExtract | None = None
    """``--rating-list``: FIDE's list, with the event's players it holds: their rating at
    the event's rate of play, K, title, federation, sex and birth year replace the file's."""
    tiebreaks: tuple[str, ...] | None = None
    """``--tiebreaks``: the descriptors that rank the players after their points; ``None``:
    the file's list, else the defaults."""
    team_tiebreaks: tuple[str, ...] | None = None
    """``--tiebreaks`` of ``report --teams``: the descriptors that rank the teams after their
    primary score (team descriptors: ``BH:GP``, ``EDE`` ...); ``None``: the file's list,
    else the defaults."""
    tiebreak_rules: str | None = None
    """``--tiebreak-rules``: the edition of C.07 (an id or a date); ``None``: the one in
    force on the event's date."""
    unrated_rating: int | None = None
    """``--unrated-rating``: the rating unrated players count at in the rating tie-breaks;
    ``None``: those tie-breaks are undefined once a player is unrated."""
    ptp_full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT
    """``--ptp-full-score``: how PTP (and APPO through it) reads a full score (C.07 10.3):
    the highest-rated opponent + 800, or ``"definition"``, + 736
    (:data:`~xlfuncs.core.performance.PtpFullScore`)."""
    koya_scores: KoyaScores = KOYA_SCORES_DEFAULT
    """``--koya-scores``: which opponents' scores Koya compares with its limit where record
    299 gives bonuses or penalties (C.07 9.2): their results' points, or ``"standing"``,
    their score in the standing (:data:`~xlfuncs.core.tiebreaks.KoyaScores`)."""
    team_colour: TeamColour = TEAM_COLOUR_DEFAULT
    """``--team-colour``: which team of a match has white for ``BPG`` and ``BWG`` on match
    points: its board 1 player's colour (C.04.6 1.6.1), or ``"sequence"``, the team playing
    record 352's colours, as FIDE's engine reads it
    (:data:`~xlfuncs.core.teams.TeamColour`)."""
    system: System | None = None
    """``--system``: ``"swiss"`` or ``"rr"`` (a round robin: pre-determined pairings, C.07
    Article 15); ``None``: the file's (TRF-2026 ``192``, else ``092``), else guessed from the
    pairings (every two players met: a round robin), which the report says."""
    today: _dt.date | None = None
    """The date that stands in for the event's when the file gives none (``None``: today)."""
    event_type: EventType | None = None
    """``--event-type`` (norms): ``None``: as the event's system (:attr:`system`)."""
    host_federation: str | None = None
    """``--host-federation`` (norms); ``None``: the file's ``032``."""
    registered: bool | None = None
    """``--registered`` (norms): registered with FIDE 30 days before the start; ``None``:
    not known."""
    chief_arbiter_title: str | None = None
    """``--chief-arbiter-title`` (norms); ``None``: the title beginning the ``102`` record."""
    big_swiss_count: BigSwissCount = DEFAULT_READINGS.big_swiss_count
    """``--big-swiss-count`` (norms): 1.4.3d counted in each round, or once over the event
    (:mod:`xlfuncs.core.norm_readings`)."""
    round_robin_mix: RoundRobinMix = DEFAULT_READINGS.round_robin_mix
    """``--round-robin-mix`` (norms): 1.4.1f's mix in a round robin over the whole event, or
    over the games that remain."""
    last_round_forfeit: LastRoundForfeit = DEFAULT_READINGS.last_round_forfeit
    """``--last-round-forfeit`` (norms): 1.4.2c, a forfeit won in the last round not
    counted, or counted as a game lost."""

    @classmethod
    def given(cls, **values: Any) -> EventOptions:
        """The record of the options given: each field of *values* that is not ``None``
        (an option not given, or not the command's, is ``None``) keeps its value, every
        other field its default."""
        return cls(**{name: value for name, value in values.items() if value is not None})
