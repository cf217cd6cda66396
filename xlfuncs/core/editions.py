"""The editions of FIDE's Rating Regulations that the core implements, as data in one place.

Every rule that changed between editions is a field of :class:`Edition`; the functions of the
core read the field and never test an edition's name. To follow a future change of the
regulations, add a row to :data:`EDITIONS` (and a field here if a new kind of rule appears).

========  ========================  ====================================================
id        in force                  what differs
========  ========================  ====================================================
``2017``  1 Jul 2017 - 31 Dec 2021  400-point cap on every game; floor 1000; first rating
                                    Ra + 20 per half point above 50 %, Ra + dp below,
                                    Ra + dp x n/(n+1) below 50 % in a round robin
``2022``  1 Jan 2022 - 29 Feb 2024  one 400-point upgrade per tournament; no round-robin
                                    factor
``2024``  1 Mar 2024 - 30 Sep 2025  cap on every game; floor 1400; first rating with two
                                    hypothetical 1800 opponents drawn, at most 2200
``2025``  1 Oct 2025 -              as 2024, no cap for a player rated 2650 or more
========  ========================  ====================================================

In every edition a zero score in a first event is disregarded, and a first rating is
published only from 5 games against rated opponents (pooled over at most 26 months) and at or
above the floor (see :attr:`Edition.zero_score_disregarded`, :attr:`Edition.rating_floor`).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Final

from .dated import DatedEdition, edition_in_force
from .errors import InvalidInputError

__all__ = [
    "DEFAULT_EDITION",
    "EDITIONS",
    "Edition",
    "RulesSpec",
    "edition_on",
    "get_edition",
    "read_rules",
]


@dataclass(frozen=True)
class Edition(DatedEdition):
    """One edition of the Rating Regulations (``id`` ``"2017"``, ``"2022"``, ...) and the rules
    that differ between editions."""

    cap_difference: int
    """A rating difference above this is counted as this much (the 400-point rule)."""

    cap_once_per_tournament: bool
    """``True`` where a player benefits from at most one 400-point upgrade per tournament:
    the game with the largest difference (2022 text, 8.3.1). Our reading: the limit is on
    *upgrades*, i.e. lower-rated opponents counted as rated 400 below the player; a higher-
    rated opponent is always counted at most 400 above."""

    cap_exempt_from: int | None
    """A player rated this much or more has no 400-point cap (2025); ``None``: no exemption."""

    rating_floor: int
    """The lowest rating published; a first rating below it is not published."""

    first_rating_hypothetical_draws: int
    """How many hypothetical opponents rated :attr:`hypothetical_rating`, all drawn, join a
    first-rating calculation (2 from March 2024, else 0)."""

    hypothetical_rating: int
    """Rating of those hypothetical opponents (1800)."""

    first_rating_bonus_per_half_point: int
    """Above 50 %: Ru = Ra + this much per half point above 50 %; 0: Ru = Ra + dp throughout."""

    first_rating_round_robin_factor: bool
    """Below 50 % in a round robin, Ru = Ra + dp x n/(n+1) (the seed's 2017 rule;
    *unconfirmed* in the 2017 text: ``docs/editions.md`` says what would settle it)."""

    first_rating_maximum: int | None
    """The highest first rating (2200 from March 2024); ``None``: no maximum."""

    first_rating_min_games: int
    """Games against rated opponents needed for a first rating to be published."""

    zero_score_disregarded: bool
    """A zero score in a player's first event is disregarded (no first rating from it).
    ``True`` in every implemented edition (issue 9, case 2): the rule predates 2022. Sources:
    the 2003 text, handbook B.02 6.1 (GA 2003), "If an unrated player scores zero or half in
    an event, his score and that of his opponents against him are disregarded" (copy of the
    handbook at arbitri.lombardiascacchi.com, B0206); the 2009 changes (fide.com news, 13 July
    2009, "Changes to Title and Rating Regulations effective from July 1st 2009") compute a
    first rating only from a score of at least 1 point; summaries of the 2014 text (in force
    until the 2017 edition's changes, legendchess.com, "FIDE Rating Regulations effective
    from 1 July 2014") disregard a first event without a point scored; the 2024 text as
    quoted by circlechess.com ("If an unrated player scores zero in their first event this
    score is disregarded"); ``docs/fide-rules.md``, *First rating*. The 2017 text itself
    was not found: *unconfirmed* word for word; the text of handbook B.02 effective 1 July
    2017 (section 8.2) would settle it."""


_D = _dt.date

EDITIONS: Final[dict[str, Edition]] = {
    "2017": Edition(
        id="2017",
        in_force_from=_D(2017, 7, 1),
        in_force_until=_D(2021, 12, 31),
        cap_difference=400,
        cap_once_per_tournament=False,
        cap_exempt_from=None,
        rating_floor=1000,
        first_rating_hypothetical_draws=0,
        hypothetical_rating=1800,
        first_rating_bonus_per_half_point=20,
        first_rating_round_robin_factor=True,
        first_rating_maximum=None,
        first_rating_min_games=5,
        zero_score_disregarded=True,
    ),
    "2022": Edition(
        id="2022",
        in_force_from=_D(2022, 1, 1),
        in_force_until=_D(2024, 2, 29),
        cap_difference=400,
        cap_once_per_tournament=True,
        cap_exempt_from=None,
        rating_floor=1000,
        first_rating_hypothetical_draws=0,
        hypothetical_rating=1800,
        first_rating_bonus_per_half_point=20,
        first_rating_round_robin_factor=False,
        first_rating_maximum=None,
        first_rating_min_games=5,
        zero_score_disregarded=True,
    ),
    "2024": Edition(
        id="2024",
        in_force_from=_D(2024, 3, 1),
        in_force_until=_D(2025, 9, 30),
        cap_difference=400,
        cap_once_per_tournament=False,
        cap_exempt_from=None,
        rating_floor=1400,
        first_rating_hypothetical_draws=2,
        hypothetical_rating=1800,
        first_rating_bonus_per_half_point=0,
        first_rating_round_robin_factor=False,
        first_rating_maximum=2200,
        first_rating_min_games=5,
        zero_score_disregarded=True,
    ),
    "2025": Edition(
        id="2025",
        in_force_from=_D(2025, 10, 1),
        in_force_until=None,
        cap_difference=400,
        cap_once_per_tournament=False,
        cap_exempt_from=2650,
        rating_floor=1400,
        first_rating_hypothetical_draws=2,
        hypothetical_rating=1800,
        first_rating_bonus_per_half_point=0,
        first_rating_round_robin_factor=False,
        first_rating_maximum=2200,
        first_rating_min_games=5,
        zero_score_disregarded=True,
    ),
}
"""Every implemented edition by id, oldest first."""

DEFAULT_EDITION: Final[Edition] = EDITIONS["2025"]
"""The edition in force today (since 1 October 2025), used when no rules are given."""

RulesSpec = Edition | str | int | _dt.date | None
"""What a caller may pass as ``rules``: an :class:`Edition`, its id (text or number), a date
(the edition in force that day) or ``None`` (the default edition)."""


def edition_on(day: _dt.date) -> Edition:
    """The edition in force on *day*.

    >>> edition_on(_dt.date(2024, 2, 29)).id, edition_on(_dt.date(2024, 3, 1)).id
    ('2022', '2024')
    """
    return edition_in_force(EDITIONS, day)


def read_rules(rules: RulesSpec) -> Edition | _dt.date | None:
    """What a ``rules`` value names: an edition (its id, as text or a number), a day (a date or
    ISO date text), or nothing (``None``: the edition in force today). Both the rating and the
    title rules read their argument here.

    >>> read_rules(" 2017 ").id, read_rules("2024-01-15"), read_rules(None)
    ('2017', datetime.date(2024, 1, 15), None)
    """
    if rules is None or isinstance(rules, (Edition, _dt.date)):
        return rules
    if isinstance(rules, bool):
        raise InvalidInputError(f"rules: expected an edition id or a date, got {rules!r}")
    if isinstance(rules, int):
        rules = str(rules)
    if isinstance(rules, str):
        key = rules.strip()
        if key in EDITIONS:
            return EDITIONS[key]
        try:
            return _dt.date.fromisoformat(key)
        except ValueError:
            parts = key.split("-")
            if len(parts) == 3 and all(part.isascii() and part.isdigit() for part in parts):
                raise InvalidInputError(
                    f"rules: invalid date {rules!r} (no such day); give a real date "
                    "(YYYY-MM-DD) or one of " + ", ".join(EDITIONS)
                ) from None
            raise InvalidInputError(
                f"rules: unknown edition {rules!r}; use one of {', '.join(EDITIONS)} "
                "or a date (YYYY-MM-DD)"
            ) from None
    raise InvalidInputError(f"rules: expected an edition id or a date, got {rules!r}")


def get_edition(rules: RulesSpec = None) -> Edition:
    """Resolve *rules* (edition, id, date or ``None``) to an :class:`Edition`.

    >>> get_edition().id, get_edition(2022).id, get_edition(" 2017 ").id
    ('2025', '2022', '2017')
    >>> get_edition(_dt.date(2025, 10, 1)).id
    '2025'
    """
    named = read_rules(rules)
    if named is None:
        return DEFAULT_EDITION
    if isinstance(named, Edition):
        return named
    return edition_on(named)
    if isinstance(rules, int):
        rules = str(rules)
    if isinstance(rules, str):
        key = rules.strip()
        if key in EDITIONS:
            return EDITIONS[key]
        try:
            day = _dt.date.fromisoformat(key)
        except ValueError:
            parts = key.split("-")
            if len(parts) == 3 and all(part.isascii() and part.isdigit() for part in parts):
                raise InvalidInputError(
                    f"rules: invalid date {rules!r} (no such day); give a real date "
                    "(YYYY-MM-DD) or one of " + ", ".join(EDITIONS)
                ) from None
            raise InvalidInputError(
                f"rules: unknown edition {rules!r}; use one of {', '.join(EDITIONS)} "
                "or a date (YYYY-MM-DD)"
            ) from None
        return edition_on(day)
    raise InvalidInputError(f"rules: expected an edition id or a date, got {rules!r}")
