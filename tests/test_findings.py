"""The one vocabulary of findings (:mod:`xlfuncs.findings`): what a command's text shows of
them, and how they are counted."""

from __future__ import annotations

from xlfuncs.findings import GROUP_LIMIT, Finding, Group, finding_json, text_items


def _points(n: int) -> list[Finding]:
    return [Finding("points", "error", f"no. {i}", file="a.trf", line=10 + i) for i in range(n)]


def test_up_to_the_limit_each_finding_is_a_line() -> None:
    found = _points(GROUP_LIMIT)
    assert text_items(found) == found


def test_more_are_one_line_where_the_first_was() -> None:
    rules = Finding("rules", "note", "the 2024 rules")
    found = [rules, *_points(GROUP_LIMIT + 1), Finding("points", "warning", "other severity")]
    items = text_items(found)
    assert items[0] == rules and items[2] == found[-1]
    group = items[1]
    assert isinstance(group, Group) and group.findings == tuple(found[1:-1])
    assert str(group) == ("points: 6 findings, lines 10, 11, 12, 13, 14, 15 (each with --verbose)")
    assert text_items(found, verbose=True) == found


def test_a_kind_of_different_sentences_is_never_counted_in_one_line() -> None:
    found = [
        Finding("team_records", "warning", f"record 310, line {n}", grouped=False) for n in range(9)
    ]
    assert text_items(found) == found


def test_details_only_with_verbose() -> None:
    summary = Finding("rank", "error", "7 players ranked otherwise")
    details = [Finding("rank", "error", f"no. {n}", line=n, detail=True) for n in range(7)]
    assert text_items([summary, *details]) == [summary]
    assert text_items([summary, *details], verbose=True) == [summary, *details]


def test_json_holds_the_finding_whole() -> None:
    f = Finding("points", "error", "no. 1", file="a.trf", line=7, columns="81-84", fix="write 2.0")
    assert finding_json(f) == {
        "severity": "error",
        "kind": "points",
        "file": "a.trf",
        "line": 7,
        "columns": "81-84",
        "message": "no. 1",
        "fix": "write 2.0",
        "fixable": False,
        "detail": False,
        "player": None,
        "round": None,
    }


# --------------------------------------------------------------------------- made where found

ADA = "001    1 m    Ash, Ada                          1800 ENG    99000001 1990/01/01  1.0    1"
"""A player line (TRF16 columns) with a FIDE id and a rating, no round."""


def _reading(text: str) -> list[Finding]:
    from xlfuncs.event import analyse_event
    from xlfuncs.trf import parse_trf

    return list(analyse_event(parse_trf(text, source="e.trf")).warnings)


def test_the_reader_says_what_it_assumed_as_a_kind() -> None:
    # no time control (122): standard play assumed, a warning; no date (042, 052, 132): the
    # date used is said, and the rules in force on it, a note (what the reading chose)
    found = {f.kind: f for f in _reading(ADA)}
    assert found["rate_of_play"].severity == "warning"
    assert "assumed standard play" in found["rate_of_play"].message
    assert found["event_date"].severity == "warning"
    assert found["rules"].severity == "note"
    assert found["rules"].message.startswith("rules: the ")


def test_a_finding_about_one_line_names_it() -> None:
    # a rating above any FIDE rating, on line 2: not a rating, at that line
    text = "012 Club\n" + ADA.replace("1800", "9999")
    (said,) = [f for f in _reading(text) if f.kind == "not_a_rating"]
    assert (said.severity, said.line) == ("warning", 2)
    assert said.message.startswith("no. 1 (Ash, Ada), line 2: 9999 is not a rating")
