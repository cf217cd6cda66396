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
    """How to read one event: a field per command-line option (named beside it; its help
    says the rest). ``None`` is the file's, else the rules' default."""

    rules: RulesSpec = None
    """``--rules``: the Rating Regulations' edition (id, date or edition)."""
    rate: RateOfPlay | None = None
    """``--rate``; ``None``: the file's time control's, else standard (said in a warning)."""
    k_overrides: Mapping[str, int] | None = None
    """``--k-file``: K by FIDE id."""
    rating_list: ListExtract | None = None
    """``--rating-list``: the event's players FIDE's list holds, whose data replace the file's."""
    tiebreaks: tuple[str, ...] | None = None
    """``--tiebreaks``: the descriptors that rank the players after their points."""
    team_tiebreaks: tuple[str, ...] | None = None
    """``--tiebreaks`` of ``report --teams``: the team descriptors (``BH:GP``, ``EDE`` ...)."""
    tiebreak_rules: str | None = None
    """``--tiebreak-rules``: the edition of C.07 (an id or a date)."""
    unrated_rating: int | None = None
    """``--unrated-rating``; ``None``: the rating tie-breaks undefined once one is unrated."""
    ptp_full_score: PtpFullScore = PTP_FULL_SCORE_DEFAULT
    """``--ptp-full-score`` (C.07 10.3; :data:`~xlfuncs.core.performance.PtpFullScore`)."""
    koya_scores: KoyaScores = KOYA_SCORES_DEFAULT
    """``--koya-scores`` (C.07 9.2; :data:`~xlfuncs.core.tiebreaks.KoyaScores`)."""
    team_colour: TeamColour = TEAM_COLOUR_DEFAULT
    """``--team-colour`` (C.04.6 1.6.1; :data:`~xlfuncs.core.teams.TeamColour`)."""
    system: System | None = None
    """``--system``: ``"swiss"`` or ``"rr"``; ``None``: the file's, else guessed."""
    today: _dt.date | None = None
    """The date that stands in for the event's when the file gives none (``None``: today)."""
    event_type: EventType | None = None
    """``--event-type`` (norms); ``None``: as the event's system."""
    host_federation: str | None = None
    """``--host-federation`` (norms); ``None``: the file's ``032``."""
    registered: bool | None = None
    """``--registered`` (norms); ``None``: not known."""
    chief_arbiter_title: str | None = None
    """``--chief-arbiter-title`` (norms); ``None``: the title beginning the ``102`` record."""
    big_swiss_count: BigSwissCount = DEFAULT_READINGS.big_swiss_count
    """``--big-swiss-count`` (norms; 1.4.3d: :mod:`xlfuncs.core.norm_readings`)."""
    round_robin_mix: RoundRobinMix = DEFAULT_READINGS.round_robin_mix
    """``--round-robin-mix`` (norms; 1.4.1f: :mod:`xlfuncs.core.norm_readings`)."""
    last_round_forfeit: LastRoundForfeit = DEFAULT_READINGS.last_round_forfeit
    """``--last-round-forfeit`` (norms; 1.4.2c: :mod:`xlfuncs.core.norm_readings`)."""

    @classmethod
    def given(cls, **values: Any) -> EventOptions:
        """The record of the options given: each of *values* but ``None`` (not given); the
        other fields their defaults."""
        return cls(**{name: value for name, value in values.items() if value is not None})
