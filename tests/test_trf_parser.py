"""Tests of the TRF16 reader (:mod:`xlfuncs.trf.parser`).

The fixtures in ``tests/data/trf/`` are fictional events written for these tests; every
expected number below was worked out by hand from the fixture lines (the comments show the
sums), not by running the parser. The real files in ``tests/data/real/`` (see the ``SOURCE``
note there) were written by others; only facts read off the files are asserted.
"""

from __future__ import annotations

import pickle
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlfuncs.core.results import Outcome
from xlfuncs.trf import (
    MAX_ROUNDS,
    RESULT_CODES,
    ExtraRecord,
    RoundEntry,
    Tournament,
    TrfError,
    birth_year,
    check_tournament,
    decode_trf,
    ignored_record,
    is_invalid_date,
    parse_date,
    parse_trf,
    parse_trf_bytes,
    read_trf,
    round_columns,
)
from xlfuncs.trf.parser import LOWEST_RATING, decode_trf_noted

DATA = Path(__file__).parent / "data" / "trf"
REAL = Path(__file__).parent / "data" / "real"


W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def load(name: str) -> Tournament:
    """A fixture of ``tests/data/trf``."""
    return read_trf(DATA / name)


def player_line(
    start: str = "1",
    name: str = "Testperson, Tom",
    rating: str = "2000",
    points: str = "1.0",
    rank: str = "1",
    rounds: tuple[str, ...] = ("   2 w 1",),
    *,
    sex: str = "m",
    title: str = "",
    fed: str = "ENG",
    fide_id: str | None = None,
    birth: str = "2000/01/01",
) -> str:
    """A ``001`` line laid out by the TRF16 columns; each round is its 8 columns as text.
    The FIDE id is ``999`` and the starting rank unless given (one per player)."""
    if fide_id is None:
        fide_id = "999" + start.strip().rjust(5, "0")
    line = (
        f"001 {start:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide_id:>11} "
        f"{birth:<10} {points:>4} {rank:>4}"
    )
    for r in rounds:
        line += "  " + r
    return line.rstrip(" ")


# --------------------------------------------------------------------------- round robin


def test_round_robin_event_data() -> None:
    t = load("round_robin_6.trf")
    assert t.source == "round_robin_6.trf"
    assert t.encoding == "utf-8"
    assert t.name == "Fictional Spring Round Robin 2024"
    assert t.city == "Lakeside"
    assert t.federation == "ENG"
    assert (t.start_date_text, t.end_date_text) == ("2024/04/06", "2024/04/10")
    assert (t.start_date, t.end_date) == (date(2024, 4, 6), date(2024, 4, 10))
    assert (t.players_text, t.declared_players) == ("6", 6)
    assert (t.rated_players_text, t.declared_rated_players) == ("6", 6)
    assert t.event_type == "Individual: Round-Robin"
    assert t.chief_arbiter == "IA Morgan Fairweather"
    assert t.deputy_arbiters == ("FA Priya Quill",)
    assert t.time_control == "90 min/40 moves + 30 min, 30 s/move from move 1"
    assert t.round_dates_text == ("24/04/06", "24/04/07", "24/04/08", "24/04/09", "24/04/10")
    assert t.round_dates == tuple(date(2024, 4, d) for d in range(6, 11))
    assert t.num_rounds == 5
    assert t.extra_records == ()
    assert [p.start_no for p in t.players] == [1, 2, 3, 4, 5, 6]


def test_round_robin_players() -> None:
    t = load("round_robin_6.trf")
    p1 = t.player(1)
    assert (p1.sex, p1.title, p1.name) == ("m", "FM", "Abernathy, Clement")
    assert (p1.rating, p1.federation, p1.fide_id) == (2415, "ENG", "99200001")
    assert (p1.birth_date, p1.birth_year) == ("1992/02/02", 1992)
    assert (p1.points, p1.rank, p1.line_no) == (Decimal("4.0"), 1, 14)
    p2 = t.by_start_no[2]
    assert (p2.sex, p2.title, p2.rating) == ("w", "WIM", 2380)
    # By hand from the results columns:
    # 1: 1 = 1 = 1 -> 4.0   2: = = 1 1 1 -> 4.0   3: 0 0 0 0 1 -> 1.0
    # 4: 1 1 = = 0 -> 3.0   5: = 1 = = 0 -> 2.5   6: 0 0 0 = 0 -> 0.5
    hand = {1: "4.0", 2: "4.0", 3: "1.0", 4: "3.0", 5: "2.5", 6: "0.5"}
    for no, pts in hand.items():
        assert t.player(no).points == Decimal(pts)
        assert t.player(no).computed_points == Decimal(pts)
    assert {p.start_no: p.rank for p in t.players} == {1: 1, 2: 2, 3: 5, 4: 3, 5: 4, 6: 6}
    p4 = t.player(4)
    assert [(e.round, e.opponent, e.colour, e.result) for e in p4.rounds] == [
        (1, 3, "b", "1"),
        (2, 6, "b", "1"),
        (3, 5, "w", "="),
        (4, 1, "b", "="),
        (5, 2, "w", "0"),
    ]
    assert [e.outcome for e in p4.rounds] == [W, W, D, D, L]  # the codes above, all rated
    assert [e.points for e in p4.rounds] == [1, 1, Decimal("0.5"), Decimal("0.5"), 0]


def test_round_robin_is_consistent() -> None:
    assert check_tournament(load("round_robin_6.trf")) == []


# --------------------------------------------------------------------------- swiss


def test_swiss_has_every_result_code() -> None:
    t = load("swiss_12.trf")
    assert t.num_rounds == 5
    assert len(t.players) == 12
    codes = {e.result for p in t.players for e in p.rounds}
    assert codes == set(RESULT_CODES)  # 1 = 0 + - W D L H F U Z and blank


def test_swiss_points_ranks_and_check() -> None:
    t = load("swiss_12.trf")
    # By hand, round by round:
    # 1: 1 = 1 1 =  4.0 | 2: 1 = 1 = 0  3.0 | 3: = 1 1 0 1  3.5 | 4: 1 + 0 = 1  3.5
    # 5: 1 - = 1 =  3.0 | 6: H W 0 0 1  2.5 | 7: 0 D = 1 =  2.5 | 8: 0 1 F 0 =  2.5
    # 9: = L 1 0 H  2.0 | 10: 0 D 0 . . 0.5 | 11: 0 0 Z . 0 0.0 | 12: U 0 0 1 0 2.0
    hand = {
        1: "4.0", 2: "3.0", 3: "3.5", 4: "3.5", 5: "3.0", 6: "2.5",
        7: "2.5", 8: "2.5", 9: "2.0", 10: "0.5", 11: "0.0", 12: "2.0",
    }  # fmt: skip
    for no, pts in hand.items():
        assert t.player(no).points == Decimal(pts), no
        assert t.player(no).computed_points == Decimal(pts), no
    assert sum((p.computed_points for p in t.players), Decimal(0)) == Decimal("29.0")
    assert [p.start_no for p in sorted(t.players, key=lambda p: p.rank or 0)] == [
        1, 3, 4, 2, 5, 7, 6, 8, 12, 9, 10, 11,
    ]  # fmt: skip
    assert check_tournament(t) == []


def test_swiss_event_data_and_extra_records() -> None:
    t = load("swiss_12.trf")
    assert t.deputy_arbiters == ("FA Priya Quill", "Sam Okonkwo")
    assert t.round_dates == (
        date(2025, 3, 14), date(2025, 3, 14), date(2025, 3, 15),
        date(2025, 3, 15), date(2025, 3, 16),
    )  # fmt: skip
    assert t.extra_records == (
        ExtraRecord(15, "162", "162  W 1.0    D 0.5    L 0.0"),
        ExtraRecord(16, "172", "172 ENG FIDON"),
        ExtraRecord(17, "192", "192 FIDE_DUTCH_2026"),
        ExtraRecord(30, "XXR", "XXR 5"),
    )
    line_no, code, _text = t.extra_records[0]  # plain tuples too
    assert (line_no, code) == (15, "162")


@pytest.mark.parametrize(
    ("start_no", "rnd", "opponent", "colour", "result", "points", "outcome"),
    [
        (4, 2, 5, "w", "+", "1", Outcome.FORFEIT_WIN),
        (5, 2, 4, "b", "-", "0", Outcome.FORFEIT_LOSS),
        (6, 2, 9, "w", "W", "1", Outcome.SHORT_WIN),
        (9, 2, 6, "b", "L", "0", Outcome.SHORT_LOSS),
        (7, 2, 10, "w", "D", "0.5", Outcome.SHORT_DRAW),
        (3, 1, 9, "w", "=", "0.5", Outcome.DRAW),
        (6, 1, None, None, "H", "0.5", Outcome.HALF_BYE),
        (9, 5, None, None, "H", "0.5", Outcome.HALF_BYE),  # written 0000 - H
        (8, 3, None, None, "F", "1", Outcome.FULL_BYE),
        (12, 1, None, None, "U", "1", Outcome.PAIRING_BYE),
        (11, 3, None, None, "Z", "0", Outcome.ZERO_BYE),
        (11, 4, None, None, " ", "0", None),  # written 0000 - and no result
        (10, 4, None, None, " ", "0", None),  # withdrawn: nothing written
        (10, 5, None, None, " ", "0", None),
    ],
)
def test_swiss_round_entries(
    start_no: int,
    rnd: int,
    opponent: int | None,
    colour: str | None,
    result: str,
    points: str,
    outcome: Outcome | None,
) -> None:
    e = load("swiss_12.trf").player(start_no).round(rnd)
    assert (e.round, e.opponent, e.colour, e.result) == (rnd, opponent, colour, result)
    assert e.points == Decimal(points)
    assert isinstance(e.points, Decimal)
    assert e.outcome is outcome


def test_swiss_round_text_kept() -> None:
    t = load("swiss_12.trf")
    assert t.player(8).round(3).text == "0000 - F"
    assert t.player(6).round(1).text == "       H"
    assert t.player(10).round(5).text == "        "  # the line stops after round 3


def test_swiss_withdrawn_unrated_and_birth_dates() -> None:
    t = load("swiss_12.trf")
    withdrawn = t.player(10)
    assert len(withdrawn.rounds) == 5
    assert [e.outcome is None for e in withdrawn.rounds] == [False, False, False, True, True]
    zero, blank = t.player(11), t.player(12)
    assert zero.rating is None and zero.line.startswith("001   11 w    Kestrel, Luz")
    assert blank.rating is None
    assert zero.fide_id is None and blank.fide_id is None
    assert (blank.federation, blank.birth_date, blank.birth_year) == ("SWE", "", None)
    years = {no: (t.player(no).birth_date, t.player(no).birth_year) for no in (3, 4, 5, 6, 9)}
    assert years == {
        3: ("2001.06.30", 2001),
        4: ("1979-01-22", 1979),
        5: ("1990", 1990),
        6: ("14.02.1985", 1985),
        9: ("1999/00/00", 1999),
    }
    assert t.player(3).title == "WFM" and t.player(3).sex == "w"
    assert t.player(4).title == "" and t.player(8).birth_date == ""
    assert sum(1 for p in t.players if p.rating is not None) == 10 == t.declared_rated_players


# --------------------------------------------------------------------------- order, names


def test_records_out_of_order_and_odd_names() -> None:
    t = load("out_of_order.trf")
    assert [p.start_no for p in t.players] == [3, 1, 4, 2]
    assert [p.line_no for p in t.players] == [1, 3, 5, 7]
    assert [t.player(n).name for n in (1, 2, 3, 4)] == [
        "=Sum, Ada",
        "+Plus, Bo",
        "-Minus,  Cy",
        "@At, Di",
    ]
    assert (t.name, t.city, t.players_text) == ("Fictional Out-of-Order Quad", "Nowhere", "4")
    assert t.start_date == t.end_date == date(2023, 10, 1)
    # player 1's line carries trailing blanks past round 2: still 2 rounds
    assert t.num_rounds == 2 and len(t.player(1).rounds) == 2
    # 1: 1 0 -> 1.0   2: = 1 -> 1.5   3: = 1 -> 1.5   4: 0 0 -> 0.0
    expected = [Decimal("1.0"), Decimal("1.5"), Decimal("1.5"), Decimal("0.0")]
    assert [t.player(n).computed_points for n in (1, 2, 3, 4)] == expected
    assert check_tournament(t) == []


def test_name_text_is_never_altered() -> None:
    """Only the blanks that pad the fixed columns 15-47 go (issue 8, item 7); every other
    character stays, inner blanks and leading signs included."""
    names = ["=SUM(A1)", "+44 Plus", "-Minus", "@Home", "  Lead  blanks ", "Dots\x85here"]
    text = "\n".join(player_line(str(i), n, rounds=()) for i, n in enumerate(names, start=1))
    t = parse_trf(text)
    expected = ["=SUM(A1)", "+44 Plus", "-Minus", "@Home", "Lead  blanks", "Dots\x85here"]
    assert [p.name for p in t.players] == expected  # \x85 is not a line break here


# --------------------------------------------------------------------------- encodings


LATIN_NAMES = {"Abernathy, Clement": "Åbérnäthy, Clément", "Foxglove, Hal": "Føxglöve, Hål"}


def accented_round_robin() -> str:
    """The round robin fixture with two names spelt with accents (same lengths)."""
    text = (DATA / "round_robin_6.trf").read_text(encoding="utf-8")
    for plain, accented in LATIN_NAMES.items():
        assert len(plain) == len(accented)
        text = text.replace(plain, accented)
    return text


def test_latin1_crlf_file(tmp_path: Path) -> None:
    path = tmp_path / "latin.trf"
    path.write_bytes(accented_round_robin().replace("\n", "\r\n").encode("latin-1"))
    t = read_trf(path)
    assert t.encoding == "cp1252"  # the Latin-1 letters decode the same in Windows-1252
    assert t.player(1).name == "Åbérnäthy, Clément"
    assert t.player(6).name == "Føxglöve, Hål"
    assert t.player(6).rounds[-1].result == "0"  # no stray CR in the last column
    assert t.round_dates_text[-1] == "24/04/10"
    assert check_tournament(t) == []


def test_utf8_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "bom.trf"
    path.write_bytes(b"\xef\xbb\xbf" + accented_round_robin().encode("utf-8"))
    t = read_trf(str(path))
    assert t.encoding == "utf-8-sig"
    assert t.name == "Fictional Spring Round Robin 2024"
    assert t.player(1).name == "Åbérnäthy, Clément"


def test_decode_fallbacks() -> None:
    assert decode_trf(b"012 \x8aime") == ("012 Šime", "cp1252")
    assert decode_trf(b"012 \x81") == ("012 \x81", "latin-1")  # undefined in cp1252
    assert decode_trf(b"012 x", "ascii") == ("012 x", "ascii")
    assert parse_trf("\ufeff012 Bom").name == "Bom"


def test_line_endings() -> None:
    lines = ["012 Endings", player_line("1", rounds=()), player_line("2", rounds=())]
    for sep in ("\n", "\r\n", "\r"):
        t = parse_trf(sep.join(lines) + sep)
        assert t.name == "Endings" and [p.line_no for p in t.players] == [2, 3]
    t = parse_trf("\n\n012 Blank lines\n   \n" + lines[1])
    assert t.players[0].line_no == 5 and t.extra_records == ()


# --------------------------------------------------------------------------- small parts


@pytest.mark.parametrize(
    ("text", "two_digit", "expected"),
    [
        ("2024/04/06", False, date(2024, 4, 6)),
        ("2024.04.06", False, date(2024, 4, 6)),
        ("2024-04-06", False, date(2024, 4, 6)),
        ("06.04.2024", False, date(2024, 4, 6)),
        ("28. 07. 2005", False, date(2005, 7, 28)),
        ("May 29, 2020", False, date(2020, 5, 29)),
        ("Jun 26, 2020", False, date(2020, 6, 26)),
        ("3 September 2021", False, date(2021, 9, 3)),
        ("24/04/06", True, date(2024, 4, 6)),
        ("24/04/06", False, None),
        ("2024/02/30", False, None),
        ("0000/00/00", False, None),
        ("Mai 29, 2020", False, None),
        ("", False, None),
        ("soon", False, None),
    ],
)
def test_parse_date(text: str, two_digit: bool, expected: date | None) -> None:
    assert parse_date(text, two_digit_year=two_digit) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1969/12/06", 1969),
        ("1969.12.06", 1969),
        ("1969-12-06", 1969),
        ("1969", 1969),
        ("06.12.1969", 1969),
        ("1969/00/00", 1969),
        ("0000/00/00", None),
        ("", None),
        ("69/12/06", None),
        ("unknown", None),
    ],
)
def test_birth_year(text: str, expected: int | None) -> None:
    assert birth_year(text) == expected


def test_round_columns() -> None:
    assert round_columns(1) == ((92, 95), 97, 99)
    assert round_columns(2) == ((102, 105), 107, 109)
    with pytest.raises(ValueError):
        round_columns(0)


def test_round_dates_not_aligned_and_repeated_records() -> None:
    t = parse_trf("132 24/04/06 24/04/07\n012 First\n012 Second\n112\n112   ")
    assert t.round_dates_text == ("24/04/06", "24/04/07")
    assert t.round_dates == (date(2024, 4, 6), date(2024, 4, 7))
    assert t.name == "First"
    assert t.extra_records == (ExtraRecord(3, "012", "012 Second"),)
    assert t.deputy_arbiters == ()
    assert [d.kind for d in check_tournament(t)] == ["repeated_record"]


def test_unknown_records_kept_verbatim() -> None:
    t = parse_trf("XXC white1   \n013 Team A                              1    2\n\x1a")
    assert t.extra_records == (
        ExtraRecord(1, "XXC", "XXC white1   "),
        ExtraRecord(2, "013", "013 Team A                              1    2"),
        ExtraRecord(3, "\x1a", "\x1a"),
    )


def test_round_entry_refuses_impossible_values() -> None:
    for bad in ("", "h", "10", "½"):
        with pytest.raises(ValueError):
            RoundEntry(1, 2, "w", bad)
    with pytest.raises(ValueError):
        RoundEntry(1, 2, "W", "1")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        RoundEntry(0, 2, "w", "1")
    with pytest.raises(ValueError):
        RoundEntry(1, 0, "w", "1")
    assert RoundEntry(1, None, None, "F").points == Decimal(1)


def test_player_lookup_errors() -> None:
    t = load("out_of_order.trf")
    with pytest.raises(KeyError):
        t.player(5)
    with pytest.raises(IndexError):
        t.player(1).round(3)


# --------------------------------------------------------------------------- malformed


def test_error_message_names_file_line_and_columns(tmp_path: Path) -> None:
    lines = ["012 Broken", "022 Town", "032 ENG", "042 2024/01/01", "052 2024/01/02", "062 1"]
    lines.append(player_line("1", rounds=("  x2 w 1",)))
    path = tmp_path / "tournament.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(TrfError) as info:
        read_trf(path)
    err = info.value
    expected = "an opponent's starting rank, 0000 or a blank"
    assert str(err) == (
        f"tournament.trf, line 7, columns 92-95 (round 1 opponent): expected {expected}, found 'x2'"
    )
    assert isinstance(err, ValueError)
    assert (err.source, err.line_no, err.columns, err.field) == (
        "tournament.trf",
        7,
        "92-95",
        "round 1 opponent",
    )
    assert (err.expected, err.found) == (expected, "'x2'")
    copy = pickle.loads(pickle.dumps(err))
    assert str(copy) == str(err) and copy.columns == "92-95"


BAD_RESULT = "a result code: 1 = 0 + - W D L H F U Z or a blank"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            player_line("x1"),
            (
                "columns 5-8 (starting rank): expected a starting rank (a whole number, 1-9999), "
                "found 'x1'"
            ),
        ),
        (
            player_line("0000"),
            (
                "columns 5-8 (starting rank): expected a starting rank (a whole number, 1-9999), "
                "found '0000'"
            ),
        ),
        (
            "001",
            (
                "columns 5-8 (starting rank): expected a starting rank (a whole number, 1-9999), "
                "found the end of the line"
            ),
        ),
        (
            "001      m    Nobody",
            (
                "columns 5-8 (starting rank): expected a starting rank (a whole number, 1-9999), "
                "found a blank"
            ),
        ),
        (
            player_line(rounds=("   2 w 1", "  x3 b 0")),
            (
                "columns 102-105 (round 2 opponent): expected an opponent's starting rank, "
                "0000 or a blank, found 'x3'"
            ),
        ),
        (
            player_line(rounds=("   2 wx1",)),
            (
                "column 98 (round 1, blank after the colour): expected a blank column between "
                "fields, found 'x'"
            ),
        ),
        (
            player_line(rounds=("   2 w 10",)),
            (
                "column 100 (round 1, blank after the result): expected a blank column between "
                "fields, found '0'"
            ),
        ),
        (
            player_line(name="Overlong, Name Of Thirtyfour Chars"),
            ("column 48 (blank after the name): expected a blank column between fields, found 's'"),
        ),
        (
            "0011   1 m    Code, Glued",
            (
                "column 4 (blank after the record code): expected a blank column between fields, "
                "found '1'"
            ),
        ),
    ],
)
def test_malformed_lines(line: str, message: str) -> None:
    text = "012 Header\n" + line + "\n"
    with pytest.raises(TrfError) as info:
        parse_trf(text, source="bad.trf")
    assert str(info.value) == f"bad.trf, line 2, {message}"


def test_duplicate_starting_rank() -> None:
    text = "\n".join([player_line("1"), player_line("2"), player_line("1", name="Twin, Tia")])
    with pytest.raises(TrfError) as info:
        parse_trf(text)
    assert str(info.value) == (
        "<string>, line 3, columns 5-8 (starting rank): expected a starting rank not used "
        "before (line 1 has it), found '1'"
    )


# --------------------------------------------------------------------------- checks


def test_check_finds_every_kind_of_discrepancy() -> None:
    found = check_tournament(load("inconsistent.trf"))
    assert [(d.kind, d.player, d.round, d.line) for d in found] == [
        ("player_count", None, None, None),
        ("rated_count", None, None, None),
        ("repeated_record", None, None, 10),
        ("not_mirrored", 1, 2, 4),
        ("self_pairing", 1, 3, 4),
        ("points", 2, None, 5),
        ("unknown_opponent", 2, 2, 5),
        ("results_not_complementary", 3, 1, 6),
        ("not_mirrored", 3, 2, 6),
        ("result_without_opponent", 4, 2, 7),
        ("same_colour", 5, 1, 8),
        ("bye_with_opponent", 5, 2, 8),
        ("no_result", 6, 2, 9),
        ("rank", 5, None, 8),
    ]
    text = [d.located for d in found]
    assert text[0] == "inconsistent.trf: 062 gives 7 players, the file has 6"
    # no player of the file has a FIDE id: none is rated (a FIDE id and a FIDE rating)
    assert text[1] == (
        "inconsistent.trf: 072 gives 6 rated players, 0 players have a FIDE rating (a FIDE id "
        "and a rating of 1000 or more)"
    )
    # 2: 0 (vs 1) + 1 (vs 9) + 1 (vs 3) = 2.0, the file says 2.5
    assert text[5] == (
        "inconsistent.trf, line 5: no. 2 (Bravo, Ben): the file gives 2.5 points, "
        "the results add up to 2.0"
    )
    assert text[7] == (
        "inconsistent.trf, line 6: no. 3 (Charlie, Cat), round 1: result '1' against "
        "no. 4 (Delta, Dov), whose line gives '1'"
    )
    assert text[-1] == (
        "inconsistent.trf, line 8: no. 5 (Echo, Eve) is ranked 5 with 1.0 points, above "
        "no. 3 (Charlie, Cat), ranked 6 with 1.5"
    )


def test_rank_check_ignores_ties_and_unranked() -> None:
    lines = [
        player_line("1", name="Tied, Late", points="2.0", rank="2", rounds=()),
        player_line("2", name="Tied, Early", points="2.0", rank="1", rounds=()),
        player_line("3", name="Unranked, Una", points="3.0", rank="0", rounds=()),
        player_line("4", name="Blank, Bea", points="3.0", rank="", rounds=()),
        player_line("5", name="Shared, Sam", points="1.0", rank="3", rounds=()),
        player_line("6", name="Shared, Sue", points="1.0", rank="3", rounds=()),
    ]
    found = check_tournament(parse_trf("\n".join(lines)))
    # only the points disagreements (no rounds written), no rank finding
    assert {d.kind for d in found} == {"points"}


def test_double_forfeit_is_complementary() -> None:
    lines = [player_line("1", rounds=("   2 - -",), points="0.0"),
             player_line("2", rounds=("   1 - -",), points="0.0")]  # fmt: skip
    assert check_tournament(parse_trf("\n".join(lines))) == []


# --------------------------------------------------------------------------- round trip

# Any character but the line breaks \r and \n (\x85, \u2028, ... stay in the name).
NAME_CHARS = st.characters(codec="utf-8", exclude_characters="\r\n")
ROUND = st.one_of(
    st.tuples(st.integers(1, 9999), st.sampled_from("wb-"), st.sampled_from("1=0+-WDL ")),
    st.tuples(st.none(), st.sampled_from("- "), st.sampled_from("HFUZ+- ")),
)


@given(
    start=st.integers(1, 9999),
    name=st.text(NAME_CHARS, min_size=1, max_size=33).filter(lambda s: s.strip() != ""),
    rating=st.one_of(st.none(), st.integers(LOWEST_RATING, 3000)),
    rounds=st.lists(ROUND, max_size=15),
)
def test_round_trip(
    start: int,
    name: str,
    rating: int | None,
    rounds: list[tuple[int | None, str, str]],
) -> None:
    cells = tuple(f"{'' if o is None else o:>4} {c} {r}" for o, c, r in rounds)
    line = player_line(str(start), name, "" if rating is None else str(rating), rounds=cells)
    t = parse_trf(line)
    (p,) = t.players
    assert (p.start_no, p.name, p.rating) == (start, name.strip(" "), rating)
    # rounds written blank at the end of the line are cut off, like trailing spaces
    written = [i for i, cell in enumerate(cells, start=1) if cell.strip()]
    assert t.num_rounds == len(p.rounds) == (written[-1] if written else 0)
    for (o, c, r), e in zip(rounds, p.rounds, strict=False):
        assert e == RoundEntry(e.round, o, "w" if c == "w" else "b" if c == "b" else None, r)


# --------------------------------------------------------------------------- real files


def real(name: str) -> Tournament:
    """A real file of ``tests/data/real``."""
    return read_trf(REAL / name)


def test_real_karl_mala() -> None:
    t = real("karl-mala-2005.trf")
    assert t.name == "9. Karl-Mala-Gedenkturnier"
    assert t.start_date_text == "28. 07. 2005"
    assert (t.start_date, t.end_date) == (date(2005, 7, 28), date(2005, 7, 31))
    assert t.players_text == "284" and len(t.players) == 284
    assert t.num_rounds == 7
    assert t.round_dates == ()  # the 132 record is empty
    assert sum(1 for p in t.players if p.rating is not None) == 146 == t.declared_rated_players
    vasquez = t.player(1)  # 1 1 1 1 1 = = -> 6.0
    assert (vasquez.name, vasquez.title, vasquez.rating, vasquez.federation) == (
        "Vasquez,Rodrigo", "g", 2558, "CHI",
    )  # fmt: skip
    assert (vasquez.fide_id, vasquez.birth_year, vasquez.rank) == ("3400042", 1969, 4)
    assert vasquez.points == vasquez.computed_points == Decimal("6.0")
    winner = t.player(5)  # 1 1 1 1 1 = 1 -> 6.5
    assert (winner.rank, winner.points, winner.computed_points) == (
        1,
        Decimal("6.5"),
        Decimal("6.5"),
    )
    withdrawn = t.player(13)  # round 1: 153 - -, nothing after
    assert (withdrawn.rank, withdrawn.points) == (0, Decimal("0.0"))
    first = withdrawn.round(1)
    assert (first.opponent, first.colour, first.outcome) == (153, None, Outcome.FORFEIT_LOSS)
    assert all(e.outcome is None for e in withdrawn.rounds[1:])
    old_bye = t.player(282).round(5)  # 0000 - +
    assert (old_bye.opponent, old_bye.result, old_bye.outcome, old_bye.points) == (
        None, "+", Outcome.PAIRING_BYE, Decimal(1),
    )  # fmt: skip
    assert t.player(284).name == "spielfrei" and t.player(284).rating is None


def test_real_lichess_2020() -> None:
    t = real("lichess-swiss-2020-06.trf")
    assert (t.name, t.start_date_text) == ("Mai 5 Plus 0 Turnier", "May 29, 2020")
    assert t.start_date == date(2020, 5, 29)
    assert t.players_text == "13" and len(t.players) == 13
    assert t.num_rounds == 10
    assert all(p.rating is None and p.rank is None for p in t.players)
    assert [(r.code, r.text) for r in t.extra_records] == [("XXR", "XXR 10"), ("XXC", "XXC white1")]
    defrank = t.player(5)  # H - 1 1 1 1 0 0 1 0 -> 5.5
    assert defrank.points == defrank.computed_points == Decimal("5.5")
    assert [(e.opponent, e.result) for e in defrank.rounds[:2]] == [(None, "H"), (None, "-")]
    first = t.player(1)  # 1 1 0 = = 1 1 1 1 1 -> 8.0
    assert (first.name, first.points, first.computed_points) == (
        "mattderkuerschner",
        Decimal(8),
        Decimal(8),
    )
    assert all(e.outcome is Outcome.ZERO_BYE for e in t.player(13).rounds[3:])  # 0000 - -


def test_real_lichess_2021() -> None:
    t = real("lichess-swiss-2021-03.trf")
    assert t.players_text == "9" and len(t.players) == 9
    assert t.num_rounds == 9
    assert t.start_date_text == "Jun 26, 2020"  # the file's own date, not its name's
    assert t.time_control == ""
    p1 = t.player(1)  # 1 = 1 1 1 0 1 1 U -> 7.5
    assert p1.points == p1.computed_points == Decimal("7.5")
    assert p1.round(9).result == "U" and p1.round(9).opponent is None
    p9 = t.player(9)  # 1 0 0 U 0 0 0 0 0 -> 2.0
    assert p9.points == p9.computed_points == Decimal("2.0")


# --------------------------------------------------------------------------- issue 8


@pytest.mark.parametrize(
    ("code", "what"),
    [
        ("013", "team"),
        ("310", "team (TRF-2026)"),
        ("162", "TRF-2026 event data"),
        ("XXR", "pairing program data (XXR, XXC ...)"),
        ("BBW", "pairing program scoring (BBW, BBD ...)"),
        ("012", None),  # read, not ignored
        ("001", None),
        ("0O1", None),
        ("ABC", None),
        ("122", None),
    ],
)
def test_ignored_record(code: str, what: str | None) -> None:
    assert ignored_record(code) == what


def test_unknown_records_are_listed() -> None:
    text = "\n".join(["012 X", "XXR 9", "ABC hi", "012 Again", player_line(), "%%"])
    t = parse_trf(text)
    assert [(r.line_no, r.code) for r in t.extra_records] == [
        (2, "XXR"),
        (3, "ABC"),
        (4, "012"),
        (6, "%%"),
    ]
    assert [(r.line_no, r.code) for r in t.unknown_records] == [(3, "ABC"), (6, "%%")]


@pytest.mark.parametrize(
    ("line", "columns", "found"),
    [
        (" " + player_line(), "1-4", "' 001'"),
        ("\t" + player_line(), "1-4", "'\\t001'"),
        ("\ufeff" + player_line(), "1-4", "'\\ufeff001'"),
        ("0O1" + player_line()[3:], "1-3", "'0O1'"),
        ("OO1" + player_line()[3:], "1-3", "'OO1'"),
        ("0l1" + player_line()[3:], "1-3", "'0l1'"),
        ("101" + player_line()[3:], "1-3", "'101'"),
    ],
)
def test_damaged_player_lines(line: str, columns: str, found: str) -> None:
    with pytest.raises(TrfError) as caught:
        parse_trf("012 X\n" + line, source="t.trf")
    err = caught.value
    assert (err.line_no, err.columns, err.field, err.found) == (2, columns, "record code", found)


def test_short_lines_with_other_codes_are_not_players() -> None:
    t = parse_trf("012 X\n" + player_line() + "\n202 1 2 3\n013 Team    1    2\n")
    assert len(t.players) == 1 and t.unknown_records == ()


def test_decode_by_bom() -> None:
    text = "012 Ødegaard\n"
    assert decode_trf(text.encode("utf-16")) == (text, "utf-16-le")
    assert decode_trf(b"\xfe\xff" + text.encode("utf-16-be")) == (text, "utf-16-be")
    assert decode_trf(text.encode("utf-32")) == (text, "utf-32-le")
    assert decode_trf(text.encode("utf-8-sig")) == (text, "utf-8-sig")


def test_bytes_not_of_the_bom_encoding() -> None:
    """The BOM (3 bytes) is no column: 0xD8 (Ø in Latin-1) is column 5 of line 2, read as
    U+FFFD with a warning (the file says UTF-8); an encoding given is kept to strictly."""
    data = b"\xef\xbb\xbf012 X\n012 \xd8degaard\n"
    t = parse_trf_bytes(data, source="t.trf")
    assert (t.name, t.encoding) == ("X", "utf-8-sig")
    assert t.encoding_warning is not None
    where = (t.encoding_warning.kind, t.encoding_warning.line, t.encoding_warning.columns)
    assert where == ("encoding", 2, "5")
    assert t.encoding_warning.message == (
        "record 012, line 2, column 5: the byte 0xD8 is not UTF-8: read as \ufffd (U+FFFD); "
        "the file is read as UTF-8, as it starts with UTF-8's byte-order mark (in "
        "Windows-1252, 0xD8 is 'Ø'); correct the character in the file"
    )
    with pytest.raises(TrfError) as caught:
        parse_trf_bytes(data[3:], source="t.trf", encoding="utf-8")
    assert str(caught.value) == (
        "t.trf, line 2, column 5 (encoding): expected UTF-8 text, found the byte 0xD8"
    )
    data = b"\xff\xfe" + "012 X\n".encode("utf-16-le") + b"\x00\xd8"  # a lone surrogate
    with pytest.raises(TrfError, match=r"line 2, column \d+ \(encoding\): expected UTF-16-LE"):
        parse_trf_bytes(data, source="t.trf")


@pytest.mark.parametrize(
    ("text", "invalid"),
    [
        ("31.02.2024", True),
        ("2024/02/30", True),
        ("2023-02-29", True),  # 2023 is not a leap year
        ("2024-02-29", False),
        ("Feb 30, 2024", True),
        ("0000/00/00", False),  # "none"
        ("", False),
        ("soon", False),
        ("24/02/30", False),
    ],
)
def test_is_invalid_date(text: str, invalid: bool) -> None:
    assert is_invalid_date(text) is invalid
    if invalid:
        assert parse_date(text) is None


def test_round_count_is_bounded() -> None:
    """Round 1,000 starts at column 92 + 10 x 999 = 10,082."""
    line = player_line(rounds=()).ljust(10_081) + "   1 w 1"
    with pytest.raises(TrfError) as caught:
        parse_trf(line, source="t.trf")
    assert (caught.value.columns, caught.value.field) == ("10089", "round 1000")
    assert MAX_ROUNDS == 999
    line = player_line(rounds=()).ljust(10_071) + "   1 w 1"  # round 999: read
    assert parse_trf(line).num_rounds == 999


# ------------------------------------------------------------ values no player can have

_ASH = f"001    1 f    {'Ash, Ada':<33} 2250 ENG {'99300010':>11} 1990/05/17  1.0    1"


def _with(columns: tuple[int, int], text: str) -> str:
    """:data:`_ASH` with columns *columns* (1-based, inclusive) holding *text*, right-aligned."""
    first, last = columns
    return _ASH[: first - 1] + text.rjust(last - first + 1) + _ASH[last:]


def test_a_line_cut_before_the_name_is_refused() -> None:
    # a line cut to its starting rank names no player: its structure, not a value
    with pytest.raises(TrfError) as caught:
        parse_trf("012 Test\n001    1\n", source="t.trf")
    assert str(caught.value) == (
        "t.trf, line 2, columns 15-47 (name): expected the player's name, found the end of the line"
    )


@pytest.mark.parametrize(
    ("line", "cause", "columns", "found", "read"),
    [
        # Feb 2024 has 29 days: the year 2024 would make the player a junior (K 40)
        (_with((70, 79), "2024/02/30"), "birth_date", "70-79", "2024/02/30", ("birth_year", None)),
        (_with((70, 79), "31.04.1990"), "birth_date", "70-79", "31.04.1990", ("birth_year", None)),
        (_with((70, 79), "1990/13/00"), "birth_date", "70-79", "1990/13/00", ("birth_year", None)),
        # below the lowest floor of every edition: no FIDE rating, kept as the file's
        (_with((49, 52), "5"), "rating_below_floor", "49-52", "5", ("rating", 5)),
        (_with((49, 52), "951"), "rating_below_floor", "49-52", "951", ("rating", 951)),
        (_with((49, 52), "-100"), "rating_text", "49-52", "-100", ("rating", None)),
        (_with((49, 52), "2k5"), "rating_text", "49-52", "2k5", ("rating", None)),
        (_with((11, 13), "XX"), "title", "11-13", "XX", ("title", "")),
        (_with((10, 10), "q"), "sex", "10", "q", ("sex", "")),
        (_with((58, 68), "ABC123"), "fide_id", "58-68", "ABC123", ("fide_id", None)),
        (player_line(points="4,5"), "points", "81-84", "4,5", ("points", None)),
        (player_line(points="½"), "points", "81-84", "½", ("points", None)),
        (player_line(rank="1st"), "rank", "86-89", "1st", ("rank", None)),
    ],
)
def test_a_value_is_read_by_its_treatment_and_noted(
    line: str, cause: str, columns: str, found: str, read: tuple[str, object]
) -> None:
    t = parse_trf("012 Test\n" + line + "\n", source="t.trf")
    p = t.players[0]
    assert getattr(p, read[0]) == read[1]
    assert [(n.cause, n.line_no, n.columns, n.found) for n in t.value_notes] == [
        (cause, 2, columns, found)
    ]


@pytest.mark.parametrize(
    ("rounds", "number", "column", "found", "entry"),
    [
        (("   2 W 1",), 1, "97", "W", (2, None, "1")),
        (("   2 w 1", "   3 b =", "   4 w w"), 3, "119", "w", (4, "w", " ")),
        (("   2 w h",), 1, "99", "h", (2, "w", " ")),
        (("   2 w ½",), 1, "99", "½", (2, "w", " ")),
    ],
)
def test_a_round_value_is_read_by_its_treatment_and_noted(
    rounds: tuple[str, ...], number: int, column: str, found: str, entry: tuple[object, ...]
) -> None:
    # a colour that is not w, b, -: no colour; a result code TRF16 lacks: a blank (no game)
    t = parse_trf("012 Test\n" + player_line(rounds=rounds) + "\n", source="t.trf")
    e = t.players[0].round(number)
    assert (e.opponent, e.colour, e.result) == entry
    assert [(n.line_no, n.columns, n.found, n.detail) for n in t.value_notes] == [
        (2, column, found, f"round {number}")
    ]


@pytest.mark.parametrize(
    ("columns", "text"),
    [
        ((70, 79), "1990/00/00"),  # year only, as FIDE's list gives it
        ((70, 79), "1990/05/00"),
        ((70, 79), "0000/00/00"),
        ((70, 79), "1990"),
        ((70, 79), "2024/02/29"),
        ((49, 52), "1000"),
        ((49, 52), "0"),
        ((11, 13), "wf"),
        ((11, 13), "WCM"),
        ((10, 10), "M"),
        ((58, 68), "0"),
    ],
)
def test_values_a_player_can_have_are_read(columns: tuple[int, int], text: str) -> None:
    assert len(parse_trf(_with(columns, text)).players) == 1


def test_one_bad_byte_in_utf8_text_is_named_not_read_as_another_encoding() -> None:
    """The file is UTF-8 (Ø, Å as two bytes each); one Latin-1 é (0xE9) on line 3 must not
    turn every name into mojibake (Ã˜degaard): the file is read as UTF-8, the byte as U+FFFD,
    and the warning names its line and column (characters, as the reader counts them)."""
    good = _with((15, 47), "Ødegaard, Åse".ljust(33)).encode("utf-8")
    bad = _with((5, 8), "2")[:14] + "Caf#".ljust(33) + _ASH[47:]
    bad = bad.encode("utf-8")
    data = "012 Ålesund Open\n".encode() + good + b"\n" + bad.replace(b"#", b"\xe9") + b"\n"
    t = parse_trf_bytes(data, source="t.trf")
    assert (t.name, t.encoding) == ("Ålesund Open", "utf-8")
    assert [p.name for p in t.players] == ["Ødegaard, Åse", "Caf\ufffd"]
    assert t.encoding_warning is not None
    assert t.encoding_warning.message == (
        "record 001, line 3, column 18: the byte 0xE9 is not UTF-8: read as \ufffd (U+FFFD); "
        "the file is read as UTF-8, as its 3 other characters outside ASCII are written as "
        "UTF-8 writes them (in Windows-1252, 0xE9 is 'é'); correct the character in the file"
    )
    # a Windows-1252 file, with no UTF-8 character at all, is still read as one, silently
    t = parse_trf_bytes(data.decode("utf-8", "replace").encode("cp1252", "replace"))
    assert (t.encoding, t.encoding_warning) == ("cp1252", None)


def test_one_utf8_character_and_one_bad_byte() -> None:
    """A generated file: ``4° Open`` (° as UTF-8's C2 B0) and one Latin-1 é (0xE9) in the
    city. One character of each: read as UTF-8 (the title stays ``4° Open``, not Windows-1252's
    ``4Â° Open``), the byte as U+FFFD, and said: line 2, column 8."""
    data = "012 4° Open\n022 Caf#\n".encode().replace(b"#", b"\xe9") + _ASH.encode() + b"\n"
    t = parse_trf_bytes(data, source="t.trf")
    assert (t.name, t.city, t.encoding) == ("4° Open", "Caf\ufffd", "utf-8")
    assert t.encoding_warning is not None
    assert t.encoding_warning.message == (
        "record 022, line 2, column 8: the byte 0xE9 is not UTF-8: read as \ufffd (U+FFFD); "
        "the file is read as UTF-8, as its 1 other character outside ASCII is written as "
        "UTF-8 writes it (in Windows-1252, 0xE9 is 'é'); correct the character in the file"
    )
    # more bad bytes than UTF-8 characters: Windows-1252, and the UTF-8 character named
    data = data.replace(b"Caf\xe9", b"\xe9t\xe9 \xe0")
    t = parse_trf_bytes(data, source="t.trf")
    assert (t.name, t.encoding) == ("4Â° Open", "cp1252")
    assert t.encoding_warning is not None
    assert (t.encoding_warning.line, t.encoding_warning.columns) == (1, "6")
    assert t.encoding_warning.message == (
        "record 012, line 1, column 6: 'Â°' is how Windows-1252 reads UTF-8's '°'; the file "
        "is read as Windows-1252, as 3 of its bytes are not UTF-8 (more than the characters "
        "written as UTF-8 writes them); correct the character in the file"
    )
    # several bad bytes in UTF-8 text: the first three places named, the rest counted
    many = "012 Åland Ø Æ Ö Ü\n".encode() + b"022 \xe9\xe9\xe9\xe9\n" + _ASH.encode()
    found = parse_trf_bytes(many).encoding_warning
    assert found is not None and (found.kind, found.line, found.columns) == ("encoding", 2, "5")
    assert found.message == (
        "record 022, line 2, column 5: the byte 0xE9 is not UTF-8 (and 3 more: line 2, "
        "column 6; line 2, column 7 and 1 more): read as \ufffd (U+FFFD); the file is read as "
        "UTF-8, as its 5 other characters outside ASCII are written as UTF-8 writes them (in "
        "Windows-1252, 0xE9 is 'é'); correct the character in the file"
    )
    # a line whose first characters hold ", " is named as any other: "line 3, column 4"
    commas = "012 Café Ødegaard Žižek ñandú\n".encode() + b"001 \xff first\nx, \xfe 2\nX, \xfd 3\n"
    noted = decode_trf_noted(commas)[2]
    assert noted is not None
    assert "(and 2 more: line 3, column 4; line 4, column 4)" in noted.message


def test_a_malformed_utf8_look_alike_in_windows_text_is_read() -> None:
    """E0 80 80 has the shape of a three-byte UTF-8 character but is an overlong form, which
    UTF-8 forbids (RFC 3629): it is not taken for a UTF-8 character (a ZIP archive's header
    holds such bytes at some times of day: the file was refused as "expected UTF-8 text").
    A well-formed one beside it (C3 A9, é) is still named."""
    data = b"012 Caf\xe9 \xe0\x80\x80 \xe9t\xe9\n" + _ASH.encode() + b"\n"
    t = parse_trf_bytes(data, source="t.trf")
    assert (t.name, t.encoding, t.encoding_warning) == ("Café à€€ été", "cp1252", None)
    t = parse_trf_bytes(data.replace(b"Caf\xe9", b"Caf\xc3\xa9"), source="t.trf")
    assert t.encoding == "cp1252" and t.encoding_warning is not None
    assert t.encoding_warning.message.startswith("record 012, line 1, column 8: 'Ã©' is how")


@given(st.binary(max_size=64))
def test_any_bytes_without_a_wide_bom_are_decoded(data: bytes) -> None:
    """Without a UTF-16 or UTF-32 byte-order mark, every file's bytes decode (as UTF-8,
    Windows-1252 or Latin-1, with a warning where it is said): none is refused for its
    encoding."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):
        return
    text, used, _ = decode_trf_noted(data)
    assert used in ("utf-8", "utf-8-sig", "cp1252", "latin-1") and isinstance(text, str)


def test_round_dates_one_column_right_or_of_ten_characters() -> None:
    # Sharly Chess writes each date from column 93 (tests/data/trf2026/sharly-trf-import-test.trf)
    sharly = parse_trf("132" + " " * 89 + "25/09/13  25/09/14")
    assert sharly.round_dates == (date(2025, 9, 13), date(2025, 9, 14))
    long = parse_trf("132" + " " * 88 + "2025/09/132025/09/14")
    assert long.round_dates_text == ("2025/09/13", "2025/09/14")
