"""The editions of FIDE's Title Regulations (handbook B.01) that the norm rules follow, as data.

The Title Regulations change on their own dates, not on the Rating Regulations' (B.02,
:mod:`xlfuncs.core.editions`): the text in force from 1 January 2024 values an unrated norm
opponent at 1400, while the rating regulations changed on 1 March 2024. A norm is judged by
the Title Regulations in force when its event took place, so the norm functions resolve their
``rules`` to a :class:`TitleEdition` here. The table of both regulations' editions, with
dates and sources, is ``docs/editions.md``.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Final

from .dated import DatedEdition, by_id, edition_in_force
from .editions import Edition, RulesSpec, get_edition, read_rules_and_rate
from .errors import InvalidInputError

__all__ = [
    "DEFAULT_TITLE_EDITION",
    "TITLE_EDITIONS",
    "TitleEdition",
    "event_title_edition",
    "title_edition",
    "title_edition_on",
]


@dataclass(frozen=True)
class TitleEdition(DatedEdition):
    """One edition of the Title Regulations (``id`` ``"2017"``, ``"2024"``) and the norm rules
    that differ between editions."""

    unrated_opponent: int
    """Rating at which an unrated opponent (other than the one the floor raises) counts in a
    title norm: 1400 from 1 January 2024, 1000 before (the earlier value *unconfirmed*: see
    ``docs/editions.md`` for what would settle it)."""


_D = _dt.date

TITLE_EDITIONS: Final[dict[str, TitleEdition]] = by_id(
    TitleEdition("2017", _D(2017, 7, 1), _D(2023, 12, 31), unrated_opponent=1000),
    TitleEdition("2024", _D(2024, 1, 1), None, unrated_opponent=1400),
)
"""Every implemented edition of the Title Regulations by id, oldest first. The first starts
on the oldest implemented Rating Regulations' first day (1 July 2017), so that every rating
edition has a Title Regulations edition beside it."""

DEFAULT_TITLE_EDITION: Final[TitleEdition] = TITLE_EDITIONS["2024"]
"""The Title Regulations in force today (since 1 January 2024), used when no rules are given."""


def title_edition_on(day: _dt.date) -> TitleEdition:
    """The Title Regulations edition in force on *day*.

    >>> title_edition_on(_dt.date(2023, 12, 31)).id, title_edition_on(_dt.date(2024, 1, 1)).id
    ('2017', '2024')
    """
    return edition_in_force(TITLE_EDITIONS, day, of=" of the Title Regulations")


def title_edition(rules: RulesSpec | TitleEdition = None) -> TitleEdition:
    """The Title Regulations edition for a norm function's *rules*.

    ``None``: the edition in force today. A date (or ISO date text): the edition in force
    that day. A :class:`TitleEdition`: itself. An edition of the Rating Regulations, or its id
    (``"2022"``, ``2025``): the Title Regulations in force on that edition's first day. Rules
    naming rapid or blitz play (``"2025 rapid"``) are refused: no title norm is earned there;
    an :class:`Edition` object is taken whatever its rate (the norm check decides about it).

    >>> title_edition().id, title_edition("2022").id, title_edition(2024).id
    ('2024', '2017', '2024')
    >>> title_edition(_dt.date(2024, 1, 15)).id, title_edition("2024-01-15").id
    ('2024', '2024')
    """
    if isinstance(rules, TitleEdition):
        return rules
    named, rate = read_rules_and_rate(rules)
    if rate is not None and not isinstance(rules, Edition) and not get_edition(rules).title_norms:
        raise InvalidInputError(
            f"rules: {rules!r} names {rate.value} play, which gives no title norm; a norm "
            "is earned in standard play only",
            short=f"{rate.value}: no norms",
        )
    if named is None:
        return DEFAULT_TITLE_EDITION
    return title_edition_on(named.in_force_from if isinstance(named, Edition) else named)


def event_title_edition(rules: RulesSpec, day: _dt.date) -> TitleEdition:
    """The Title Regulations an event starting on *day* is judged by, under the *rules* an
    arbiter gave for it (``--rules``): ``None``, or a rate word alone (``"rapid"``): those in
    force on *day* (the oldest implemented for a day before them); otherwise as
    :func:`title_edition` reads *rules*, the rate word left to the norm check. The two
    regulations change on their own dates (B.01, 2003 text, 0.22: ``docs/editions.md``).

    >>> event_title_edition(None, _dt.date(2024, 1, 15)).id
    '2024'
    >>> event_title_edition("2024-01-15", _dt.date(2023, 6, 1)).id
    '2024'
    >>> event_title_edition("2022", _dt.date(2024, 1, 15)).id
    '2017'
    >>> event_title_edition(None, _dt.date(2005, 7, 28)).id
    '2017'
    """
    named, _ = read_rules_and_rate(rules)
    if named is None:
        oldest = next(iter(TITLE_EDITIONS.values()))
        return title_edition_on(max(day, oldest.in_force_from))
    return title_edition_on(named.in_force_from if isinstance(named, Edition) else named)
