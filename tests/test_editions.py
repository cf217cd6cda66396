"""Editions of the Rating Regulations: ids, dates in force, the default and errors.

Dates from the "Editions" table of docs/fide-rules.md:
2017: 1 Jul 2017 - 31 Dec 2021; 2022: 1 Jan 2022 - 29 Feb 2024;
2024: 1 Mar 2024 - 30 Sep 2025; 2025: 1 Oct 2025 - today.
"""

from __future__ import annotations

import datetime as dt

import pytest

from xlfuncs.core.editions import DEFAULT_EDITION, EDITIONS, Edition, edition_on, get_edition
from xlfuncs.core.errors import InvalidInputError, OutOfRangeError

D = dt.date


def test_ids() -> None:
    assert list(EDITIONS) == ["2017", "2022", "2024", "2025"]
    for key, edition in EDITIONS.items():
        assert edition.id == key
        assert str(edition) == key


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (D(2017, 7, 1), "2017"),
        (D(2019, 6, 15), "2017"),
        (D(2021, 12, 31), "2017"),
        (D(2022, 1, 1), "2022"),
        (D(2023, 5, 5), "2022"),
        (D(2024, 2, 29), "2022"),
        (D(2024, 3, 1), "2024"),
        (D(2025, 9, 30), "2024"),
        (D(2025, 10, 1), "2025"),
        (D(2030, 1, 1), "2025"),
    ],
)
def test_dates_at_boundaries(day: dt.date, expected: str) -> None:
    assert edition_on(day).id == expected
    assert get_edition(day).id == expected
    assert get_edition(day.isoformat()).id == expected
    assert get_edition(dt.datetime(day.year, day.month, day.day, 12, 30)).id == expected


def test_in_force_fields() -> None:
    assert EDITIONS["2017"].in_force_from == D(2017, 7, 1)
    assert EDITIONS["2017"].in_force_until == D(2021, 12, 31)
    assert EDITIONS["2022"].in_force_from == D(2022, 1, 1)
    assert EDITIONS["2022"].in_force_until == D(2024, 2, 29)
    assert EDITIONS["2024"].in_force_from == D(2024, 3, 1)
    assert EDITIONS["2024"].in_force_until == D(2025, 9, 30)
    assert EDITIONS["2025"].in_force_from == D(2025, 10, 1)
    assert EDITIONS["2025"].in_force_until is None
    assert EDITIONS["2022"].in_force_on(D(2024, 2, 29))
    assert not EDITIONS["2022"].in_force_on(D(2024, 3, 1))
    assert not EDITIONS["2024"].in_force_on(D(2024, 2, 29))


def test_default_is_2025() -> None:
    assert DEFAULT_EDITION.id == "2025"
    assert get_edition().id == "2025"
    assert get_edition(None).id == "2025"


@pytest.mark.parametrize("day", [D(2017, 6, 30), D(2000, 1, 1), D(1970, 1, 1)])
def test_dates_before_2017_07_01_raise(day: dt.date) -> None:
    with pytest.raises(OutOfRangeError):
        edition_on(day)
    with pytest.raises(OutOfRangeError):
        get_edition(day)
    with pytest.raises(OutOfRangeError):
        get_edition(day.isoformat())


@pytest.mark.parametrize(
    "rules", ["2019", "2023", "2016", "fide", "", "2017a", 2016, 2023, "31/12/2021"]
)
def test_unknown_id_raises(rules: object) -> None:
    with pytest.raises(InvalidInputError):
        get_edition(rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [True, 2022.5, [2022], object()])
def test_wrong_type_raises(rules: object) -> None:
    with pytest.raises(InvalidInputError):
        get_edition(rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", ["2017", "2022", "2024", "2025"])
def test_text_and_number_ids(key: str) -> None:
    assert get_edition(key).id == key
    assert get_edition(int(key)).id == key
    assert get_edition(f"  {key} ").id == key
    assert get_edition(EDITIONS[key]) is EDITIONS[key]


def test_edition_rule_figures() -> None:
    # figures from the reference's Editions table and its rating-change / first-rating notes
    e17, e22, e24, e25 = (EDITIONS[k] for k in ("2017", "2022", "2024", "2025"))
    for e in (e17, e22, e24, e25):
        assert isinstance(e, Edition)
        assert e.cap_difference == 400
        assert e.first_rating_min_games == 5
    assert (e17.rating_floor, e22.rating_floor, e24.rating_floor, e25.rating_floor) == (
        1000,
        1000,
        1400,
        1400,
    )
    assert [e.cap_once_per_tournament for e in (e17, e22, e24, e25)] == [False, True, False, False]
    assert [e.cap_exempt_from for e in (e17, e22, e24, e25)] == [None, None, None, 2650]
    assert [e.first_rating_hypothetical_draws for e in (e17, e22, e24, e25)] == [0, 0, 2, 2]
    assert e24.hypothetical_rating == 1800 and e25.hypothetical_rating == 1800
    assert [e.first_rating_maximum for e in (e17, e22, e24, e25)] == [None, None, 2200, 2200]
    assert [e.first_rating_round_robin_factor for e in (e17, e22, e24, e25)] == [
        True,
        False,
        False,
        False,
    ]
    # issue 9, case 2: a zero score in a first event is disregarded in every edition (the
    # 2003 text, B.02 6.1, already disregarded zero and half; docs/fide-rules.md, First rating)
    assert [e.zero_score_disregarded for e in (e17, e22, e24, e25)] == [True, True, True, True]
