"""The editions of FIDE's Rating Regulations that the core implements, as data in one place
(the table of editions, their dates and sources: ``docs/editions.md``).

Every rule that changed between editions is a field of :class:`Edition`; the functions of the
core read the field and never test an edition's name. To follow a future change of the
regulations, add a row to :data:`EDITIONS` (and a field here if a new kind of rule appears).

Rapid and blitz (:class:`RateOfPlay`) have their own chapter of the regulations, with its own
dates: :data:`RAPID_BLITZ_EDITIONS`, rows of the same :class:`Edition`. A ``rules`` value
chooses the rate with a word: ``"2025 rapid"``, ``"blitz"``, ``"2024-03-01 rapid"``
(:func:`get_edition`).
"""

from __future__ import annotations

import datetime as _dt
import enum
from dataclasses import dataclass, replace
from typing import Any, Final

from .dated import DatedEdition, by_id, edition_in_force
from .errors import InvalidInputError

__all__ = [
    "DEFAULT_EDITION",
    "DEFAULT_RAPID_BLITZ_EDITION",
    "EDITIONS",
    "OLDEST_EDITION",
    "RAPID_BLITZ_EDITIONS",
    "Edition",
    "RateOfPlay",
    "RulesSpec",
    "edition_on",
    "get_edition",
    "rapid_blitz_edition_on",
    "read_rules",
    "read_rules_and_rate",
]


class RateOfPlay(str, enum.Enum):
    """The rate of play of an event, each rated on its own list (a ``str``:
    ``RateOfPlay.RAPID == "rapid"``). Their definitions: ``docs/editions.md``, *Rapid and
    blitz*; reading a TRF's time control: :mod:`xlfuncs.trf.rate_of_play`.
    """

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> RateOfPlay:
        """The rate named by *text*, in any case (``" Rapid "``).

        >>> RateOfPlay.parse(" Blitz ")
        <RateOfPlay.BLITZ: 'blitz'>
        """
        try:
            return cls(text.strip().lower() if isinstance(text, str) else text)
        except ValueError:
            raise InvalidInputError(
                f"rate: unknown rate of play {text!r}; use standard, rapid or blitz"
            ) from None


@dataclass(frozen=True)
class Edition(DatedEdition):
    """One edition of the Rating Regulations (``id`` ``"2017"``, ``"2022"``, ...) and the rules
    that differ between editions."""

    cap_difference: int
    """A rating difference above this is counted as this much (the 400-point rule)."""

    cap_once_per_tournament: bool
    """``True`` where a player benefits from at most one 400-point upgrade per tournament:
    the game with the largest difference (2022 text, 8.3.1; our reading, on *upgrades* only:
    ``docs/editions.md``)."""

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
    ``True`` in every implemented edition: the rule predates 2022 (the texts:
    ``docs/editions.md``, Sources [4], [8] and *unconfirmed* point 4)."""

    rate: RateOfPlay = RateOfPlay.STANDARD
    """The rate of play these rules rate (rows of :data:`RAPID_BLITZ_EDITIONS` serve rapid
    and blitz alike; :func:`get_edition` gives each its own copy, ``id`` ``"2024-12 rapid"``)."""

    title_norms: bool = True
    """Whether an event under these rules can give a title norm: only standard play can
    (``False`` for rapid and blitz)."""

    k_fixed: int | None = None
    """Every player's K under these rules (20 for rapid and blitz until 30 September 2022;
    sources: ``docs/editions.md`` [10], [12]); ``None``: the K rule 8.3.3 (40, 20 or 10).
    Either way K x n <= 700 lowers it for a long period."""

    unrated_uses_standard: bool = False
    """A player unrated at this rate of play who has a standard rating at the start of the
    event is rated with the standard rating, and counts as rated (Rapid and Blitz Rating
    Regulations 2024, 7.2.1, quoted in ``docs/editions.md``)."""

    excluded_difference: int | None = None
    """Games between players this many points or more apart are not rated when one of them
    is rated above :attr:`excluded_above` (rapid and blitz from 1 December 2024, 7.3.1);
    ``None``: no such exclusion."""

    excluded_above: int | None = None
    """See :attr:`excluded_difference` (2600: *above* it, so 2600 itself is not)."""


_D = _dt.date

_2017 = Edition(
    "2017",
    _D(2017, 7, 1),
    _D(2021, 12, 31),
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
)
_2022 = replace(  # one 400-point upgrade a tournament; no round-robin factor
    _2017,
    id="2022",
    in_force_from=_D(2022, 1, 1),
    in_force_until=_D(2024, 2, 29),
    cap_once_per_tournament=True,
    first_rating_round_robin_factor=False,
)
_2024 = replace(  # floor 1400; two hypothetical draws, no bonus, at most 2200 as a first rating
    _2022,
    id="2024",
    in_force_from=_D(2024, 3, 1),
    in_force_until=_D(2025, 9, 30),
    cap_once_per_tournament=False,
    rating_floor=1400,
    first_rating_hypothetical_draws=2,
    first_rating_bonus_per_half_point=0,
    first_rating_maximum=2200,
)
_2025 = replace(  # no 400-point cap from 2650
    _2024, id="2025", in_force_from=_D(2025, 10, 1), in_force_until=None, cap_exempt_from=2650
)

EDITIONS: Final[dict[str, Edition]] = by_id(_2017, _2022, _2024, _2025)
"""Every implemented edition by id, oldest first."""

DEFAULT_EDITION: Final[Edition] = EDITIONS["2025"]
"""The edition in force today (since 1 October 2025), used when no rules are given."""

OLDEST_EDITION: Final[Edition] = next(iter(EDITIONS.values()))
"""The oldest implemented edition (2017, in force from 1 July 2017): an older event is
computed with it."""

_RB = RateOfPlay.RAPID
"""The rate the rows of :data:`RAPID_BLITZ_EDITIONS` are stored with; :func:`get_edition`
gives rapid and blitz each their own copy."""


def _rapid_blitz(base: Edition, **differences: Any) -> Edition:
    """*base*'s rules as the rapid and blitz chapter applies them (no title norm, the
    standard rating of a player unrated at the rate), with its *differences*."""
    return replace(base, rate=_RB, title_norms=False, unrated_uses_standard=True, **differences)


RAPID_BLITZ_EDITIONS: Final[dict[str, Edition]] = by_id(
    _rapid_blitz(_2017, k_fixed=20),
    _rapid_blitz(_2022, in_force_until=_D(2022, 9, 30), k_fixed=20),
    _rapid_blitz(_2022, id="2022-10", in_force_from=_D(2022, 10, 1)),
    _rapid_blitz(_2024, in_force_until=_D(2024, 11, 30)),
    _rapid_blitz(
        _2024,
        id="2024-12",
        in_force_from=_D(2024, 12, 1),
        in_force_until=None,
        excluded_difference=600,
        excluded_above=2600,
    ),
)
"""The Rapid and Blitz Rating Regulations' editions by id, oldest first: the standard
editions' rules, except where the rapid and blitz chapter differs (the table, its sources
and what is *unconfirmed*: ``docs/editions.md``, *Rapid and blitz*)."""

DEFAULT_RAPID_BLITZ_EDITION: Final[Edition] = RAPID_BLITZ_EDITIONS["2024-12"]
"""The Rapid and Blitz Rating Regulations in force today (since 1 December 2024)."""

_AT_RATE: Final[dict[tuple[str, RateOfPlay], Edition]] = {
    (key, rate): replace(row, id=f"{key} {rate.value}", rate=rate)
    for key, row in RAPID_BLITZ_EDITIONS.items()
    for rate in (RateOfPlay.RAPID, RateOfPlay.BLITZ)
}
"""Each rapid and blitz edition for each of the two rates, built once (``"2024-12 rapid"``)."""

RulesSpec = Edition | str | int | _dt.date | None
"""What a caller may pass as ``rules``: an :class:`Edition`, its id (text or number), a date
(the edition in force that day) or ``None`` (the default edition). Text may add a rate of
play, before or after: ``"2025 rapid"``, ``"blitz 2024-12-15"``, ``"rapid"``."""

RateSpec = RateOfPlay | str | None
"""A rate of play as a caller may pass it: a :class:`RateOfPlay`, its name, or ``None``
(none said)."""


def edition_on(day: _dt.date) -> Edition:
    """The edition of the standard rules in force on *day*.

    >>> edition_on(_dt.date(2024, 2, 29)).id, edition_on(_dt.date(2024, 3, 1)).id
    ('2022', '2024')
    """
    return edition_in_force(EDITIONS, day)


def rapid_blitz_edition_on(day: _dt.date, rate: RateOfPlay = RateOfPlay.RAPID) -> Edition:
    """The edition of the rapid and blitz rules in force on *day*, for *rate*.

    >>> rapid_blitz_edition_on(_dt.date(2024, 12, 1), RateOfPlay.BLITZ).id
    '2024-12 blitz'
    """
    if rate is RateOfPlay.STANDARD:
        return edition_on(day)
    row = edition_in_force(RAPID_BLITZ_EDITIONS, day, of=" of the rapid and blitz rules")
    return _AT_RATE[row.id, rate]


_RATE_WORDS: Final[dict[str, RateOfPlay]] = {rate.value: rate for rate in RateOfPlay}


def _unknown(rules: object) -> InvalidInputError:
    return InvalidInputError(
        f"rules: unknown edition {rules!r}; use one of {', '.join(EDITIONS)} or a date (YYYY-MM-DD)"
    )


def _read_key(key: str, rules: object, rate: RateOfPlay | None) -> Edition | _dt.date:
    """An edition id (a rapid and blitz one after a rapid or blitz word) or an ISO date."""
    if key in EDITIONS:
        return EDITIONS[key]
    if rate in (RateOfPlay.RAPID, RateOfPlay.BLITZ) and key in RAPID_BLITZ_EDITIONS:
        return _AT_RATE[key, rate]
    try:
        return _dt.date.fromisoformat(key)
    except ValueError:
        parts = key.split("-")
        if len(parts) == 3 and all(part.isascii() and part.isdigit() for part in parts):
            raise InvalidInputError(
                f"rules: invalid date {rules!r} (no such day); give a real date "
                "(YYYY-MM-DD) or one of " + ", ".join(EDITIONS)
            ) from None
        if rate is not None:
            raise InvalidInputError(
                f"rules: unknown edition {rules!r}; after the rate of play, use one of "
                f"{', '.join(EDITIONS)}, a rapid and blitz edition "
                f"({', '.join(RAPID_BLITZ_EDITIONS)}) or a date (YYYY-MM-DD)"
            ) from None
        raise _unknown(rules) from None


def read_rules_and_rate(rules: RulesSpec) -> tuple[Edition | _dt.date | None, RateOfPlay | None]:
    """What a ``rules`` value (:data:`RulesSpec`) names: an edition, a day or nothing
    (``None``: in force today), and the rate of play it names, if any (``None``: none).

    >>> read_rules_and_rate("2025 Rapid")[1], read_rules_and_rate(" blitz ")
    (<RateOfPlay.RAPID: 'rapid'>, (None, <RateOfPlay.BLITZ: 'blitz'>))
    >>> read_rules_and_rate("2024-12 blitz")[0].id
    '2024-12 blitz'
    """
    if rules is None or isinstance(rules, _dt.date):
        return rules, None
    if isinstance(rules, Edition):
        return rules, (None if rules.rate is RateOfPlay.STANDARD else rules.rate)
    if isinstance(rules, int) and not isinstance(rules, bool):
        rules = str(rules)
    if not isinstance(rules, str):
        raise InvalidInputError(f"rules: expected an edition id or a date, got {rules!r}")
    words = rules.split()
    rates = [_RATE_WORDS[w.lower()] for w in words if w.lower() in _RATE_WORDS]
    rest = [w for w in words if w.lower() not in _RATE_WORDS]
    if len(rates) > 1:
        raise InvalidInputError(
            f"rules: {rules!r} names {len(rates)} rates of play; name one (standard, "
            "rapid or blitz)"
        )
    if len(rest) > 1:
        raise _unknown(rules)
    rate = rates[0] if rates else None
    if not rest:
        if rate is None:
            raise _unknown(rules)
        return None, rate
    return _read_key(rest[0], rules, rate), rate


def read_rules(rules: RulesSpec) -> Edition | _dt.date | None:
    """What a ``rules`` value names, its rate of play aside (:func:`read_rules_and_rate`).

    >>> read_rules(" 2017 ").id, read_rules("2024-01-15"), read_rules(None)
    ('2017', datetime.date(2024, 1, 15), None)
    """
    return read_rules_and_rate(rules)[0]


def _one_rate(said: RateOfPlay | None, given: RateSpec) -> RateOfPlay | None:
    """The rate named in ``rules`` and the one given beside it, which must agree."""
    if given is None:
        return said
    rate = given if isinstance(given, RateOfPlay) else RateOfPlay.parse(given)
    if said is not None and said is not rate:
        raise InvalidInputError(
            f"rules: the rules name the rate of play {said.value}, but {rate.value} is "
            "given beside them; name one"
        )
    return rate


def get_edition(rules: RulesSpec = None, rate: RateSpec = None) -> Edition:
    """Resolve *rules* (edition, id, date or ``None``) and the rate of play (named in
    *rules*, or given as *rate*; neither: standard) to an :class:`Edition`. A standard
    edition's id with rapid or blitz means the rapid and blitz rules in force on that
    edition's first day (``docs/editions.md``, *Rapid and blitz*).

    >>> get_edition().id, get_edition(2022).id, get_edition(" 2017 ").id
    ('2025', '2022', '2017')
    >>> get_edition(_dt.date(2025, 10, 1)).id
    '2025'
    >>> get_edition("2025 rapid").id, get_edition("2024-11-30", rate="blitz").id
    ('2024-12 rapid', '2024 blitz')
    """
    named, said = read_rules_and_rate(rules)
    chosen = _one_rate(said, rate)
    if isinstance(named, Edition):
        if chosen is None or chosen is named.rate:
            return named
        return rapid_blitz_edition_on(named.in_force_from, chosen)  # a standard edition
    if chosen is None or chosen is RateOfPlay.STANDARD:
        return DEFAULT_EDITION if named is None else edition_on(named)
    if named is None:
        return _AT_RATE[DEFAULT_RAPID_BLITZ_EDITION.id, chosen]
    return rapid_blitz_edition_on(named, chosen)
