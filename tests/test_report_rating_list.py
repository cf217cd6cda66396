"""``report`` and ``crosstable`` with FIDE's rating list (``--rating-list``), and who FIDE
rates: a rating without a FIDE id, a FIDE id given twice.

The event and the list are written here, in FIDE's formats (TRF16 ``001`` lines, the combined
list's columns). Expected figures are worked by hand from table 8.1(b) (``docs/fide-rules.md``):

One round on 10 May 2023 (2022 rules). Ash (list 2010, K 40) beats Birch (list 1990, K 20):
D = 20 gives PD 0.53 for Ash (band 18-25), 0.47 for Birch.
    Ash   40 x (1 - 0.53) = +18.8 -> +19, 2029
    Birch 20 x (0 - 0.47) =  -9.4 ->  -9, 1981
With the file's ratings (2000 and 2000, PD 0.50) and its K (20 each) it would be +10 / -10.
Cedar (list 1800, no K in the list, born 2010 by the list) draws with Dune, whose file gives
1800 but no FIDE id: Dune is unrated, the game is not rated for Cedar; Cedar's K is the junior
40 (2023 <= 2010 + 18, under 2300), where the file's birth year (1980) would give 20.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.filled_chart import event_from_trf
from xlfuncs.findings import messages
from xlfuncs.ratinglist import COMBINED_HEADER, ListExtract, ListPlayer, RateRating, event_list
from xlfuncs.ratinglist import cache as cache_module
from xlfuncs.report import build_report, render_json, render_text
from xlfuncs.trf import check_tournament, parse_trf
from xlfuncs.trf.k_policy import KSource


def trf_line(
    start: int,
    name: str,
    rating: int | None,
    fide_id: str,
    rnd: str,
    points: str,
    *,
    sex: str = "m",
    title: str = "",
    birth: str = "1980/01/01",
) -> str:
    """A ``001`` line by the TRF16 columns."""
    return (
        f"001 {start:>4} {sex:1}{title:>3} {name:<33} {rating or '':>4} ENG {fide_id:>11} "
        f"{birth:<10} {points:>4} {start:>4}  {rnd}"
    )


EVENT = "\n".join(
    [
        "012 List test",
        "042 2023/05/10",
        "052 2023/05/10",
        "122 90 min + 30 sec",
        trf_line(1, "Ash, Ada", 2000, "99300010", "   2 w 1", "1.0"),
        trf_line(2, "Birch, Ben", 2000, "99300020", "   1 b 0", "0.0"),
        trf_line(3, "Cedar, Cal", 1800, "99300030", "   4 w =", "0.5"),
        trf_line(4, "Dune, Dan", 1800, "", "   3 b =", "0.5"),
    ]
)


def list_line(
    fide_id: str,
    name: str,
    sex: str,
    tit: str,
    std: tuple[str, str, str],
    born: str,
    flag: str = "",
    blz: tuple[str, str, str] = ("", "", ""),
    rpd: tuple[str, str, str] = ("", "", ""),
) -> str:
    """A combined-list line by FIDE's columns (ID 1-15, Name 16-76, Fed 77-79, Sex 81, Tit
    85-89, ..., SRtng 114-119, SGm 120-123, SK 124-126, RRtng 127, ..., BRtng 140, B-day 153,
    Flag 157-162)."""
    return (
        f"{fide_id:<15}{name:<61}ENG {sex:<4}{tit:<5}{'':<5}{'':<15}{'':<4}"
        f"{std[0]:<6}{std[1]:<4}{std[2]:<3}{rpd[0]:<6}{rpd[1]:<4}{rpd[2]:<3}"
        f"{blz[0]:<6}{blz[1]:<4}{blz[2]:<3}"
        f"{born:<4}  {flag:<4}"
    )


LIST_LINES = [
    COMBINED_HEADER,
    list_line("99300010", "Ash, Ada", "F", "WIM", ("2010", "0", "40"), "2009", "w"),
    list_line("99300020", "Birch, Ben", "M", "", ("1990", "4", "20"), "1980", "i"),
    list_line("99300030", "Cedar, Cal", "M", "", ("1800", "0", ""), "2010"),
]


@pytest.fixture
def list_path(tmp_path: Path) -> Path:
    path = tmp_path / "players_list_foa.txt"
    path.write_text("\r\n".join(LIST_LINES) + "\r\n", encoding="utf-8")
    return path


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    path = tmp_path / "event.trf"
    path.write_text(EVENT + "\n", encoding="utf-8")
    return path


def the_list(path: Path) -> ListExtract:
    return event_list(path, ["99300010", "99300020", "99300030"])


def test_report_takes_k_title_sex_birth_year_and_rating_from_the_list(list_path: Path) -> None:
    report = build_report(parse_trf(EVENT, source="event.trf"), rating_list=the_list(list_path))
    ash, birch, cedar, dune = report.rows
    assert (ash.rating, ash.k, ash.k_source, ash.rating_change, ash.new_rating) == (
        2010, 40, KSource.LIST, 19, 2029,
    )  # fmt: skip
    assert (ash.title, ash.sex, ash.birth_year) == ("WIM", "w", 2009)
    assert (birch.rating, birch.k, birch.k_source, birch.rating_change) == (
        1990, 20, KSource.LIST, -9,
    )  # fmt: skip
    assert (cedar.k, cedar.k_source, cedar.birth_year) == (40, KSource.JUNIOR, 2010)
    assert dune.rating is None and dune.k is None
    assert (ash.flags, birch.flags, cedar.flags) == (None, "inactive", None)
    assert messages(report.warnings) == (
        "no. 1 (Ash, Ada, FIDE id 99300010): the file gives rating 2000, the rating list "
        "2010: 2010 used (the list's)",
        "no. 2 (Birch, Ben, FIDE id 99300020): the file gives rating 2000, the rating list "
        "1990: 1990 used (the list's)",
        "1 player has a rating but no FIDE id, counted as unrated: FIDE rates only players "
        "with a FIDE id, so the file's figure is not a FIDE rating: no. 4 (1800)",
    )


def test_without_the_list_what_is_assumed_stays(list_path: Path) -> None:
    ash, birch, cedar, _ = build_report(parse_trf(EVENT)).rows
    assert (ash.rating, ash.k, ash.k_source, ash.rating_change) == (
        2000, 20, KSource.ASSUMED_30_GAMES, 10,
    )  # fmt: skip
    assert (birch.rating_change, cedar.k, cedar.k_source) == (-10, 20, KSource.ASSUMED_30_GAMES)


def test_the_k_file_still_overrides(list_path: Path) -> None:
    report = build_report(
        parse_trf(EVENT), rating_list=the_list(list_path), k_overrides={"99300010": 20}
    )
    ash = report.rows[0]  # 20 x 0.47 = 9.4 -> 9
    assert (ash.k, ash.k_source, ash.rating_change) == (20, KSource.OVERRIDE, 9)


def test_json_and_text_show_the_list(list_path: Path) -> None:
    report = build_report(parse_trf(EVENT, source="event.trf"), rating_list=the_list(list_path))
    text = render_text(report)
    assert (
        "list:    players_list_foa.txt (all rates of play): 3 of the 3 players with a FIDE " in text
    )
    assert "list = rating list" in text
    assert "\nFlags\n- inactive on the rating list: no. 2\n" in text
    assert '"k_source": "rating list"' in render_json(report)
    assert '"flags": "inactive"' in render_json(report)


def test_players_the_list_does_not_hold(tmp_path: Path) -> None:
    path = tmp_path / "players_list_foa.txt"
    path.write_text("\n".join(LIST_LINES[:2]) + "\n", encoding="utf-8")
    report = build_report(parse_trf(EVENT), rating_list=the_list(path))
    birch = report.rows[1]
    assert (birch.rating, birch.k_source) == (2000, KSource.ASSUMED_30_GAMES)
    assert (
        "2 players with a FIDE id not in the rating list players_list_foa.txt (the file's data "
        "used): no. 2 (99300020), no. 3 (99300030)"
    ) in messages(report.warnings)


def test_a_single_list_of_another_rate_gives_no_rating(tmp_path: Path) -> None:
    header = (
        "ID Number      Name"
        + " " * 57
        + "Fed Sex Tit  WTit OTit           FOA MAY23 Gms K  B-day Flag"
    )
    line = (
        f"{'99300010':<15}{'Ash, Ada':<61}ENG F   {'WIM':<5}{'':<24}"
        f"{'2100':<6}{'0':<4}{'20':<3}2009  w"
    )
    path = tmp_path / "blitz_rating_list.txt"
    path.write_text(f"{header}\n{line}\n", encoding="utf-8")
    report = build_report(parse_trf(EVENT), rating_list=the_list(path))
    ash = report.rows[0]
    assert (ash.rating, ash.k_source, ash.title, ash.birth_year) == (
        2000, KSource.JUNIOR, "WIM", 2009,
    )  # fmt: skip
    assert messages(report.warnings)[0] == (
        "rating list blitz_rating_list.txt: it gives blitz ratings only, and the event is "
        "standard play: the list's ratings and K are not used (its titles, federations, sexes "
        "and birth years are)"
    )


def test_a_rapid_event_takes_the_rapid_rating_or_by_the_rules_the_standard_one(
    tmp_path: Path,
) -> None:
    """The same games at 15 minutes + 10 seconds (rapid; the 2022-10 rapid rules, K by 8.3.3
    since 1 October 2022). Ash: rapid 2010, K 40 by the list. Birch: no rapid rating but a
    standard one, 1990: rated with it (Rapid and Blitz Rating Regulations 7.2.1, as
    ``docs/editions.md`` quotes it), K by the rules (20, 30+ games assumed). The figures are
    those of the module's docstring: +19 and -9."""
    path = tmp_path / "players_list_foa.txt"
    lines = [
        COMBINED_HEADER,
        list_line("99300010", "Ash, Ada", "F", "WIM", ("2200", "0", "20"), "2009", "w",
                  rpd=("2010", "3", "40")),
        list_line("99300020", "Birch, Ben", "M", "", ("1990", "4", "20"), "1980"),
    ]  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rapid = parse_trf(EVENT.replace("122 90 min + 30 sec", "122 15+10"))
    report = build_report(rapid, rating_list=the_list(path))
    ash, birch = report.rows[:2]
    assert (ash.rating, ash.k, ash.k_source, ash.rating_change) == (2010, 40, KSource.LIST, 19)
    assert (birch.rating, birch.k, birch.k_source, birch.rating_change) == (
        1990, 20, KSource.ASSUMED_30_GAMES, -9,
    )  # fmt: skip
    assert (
        "no. 2 (Birch, Ben, FIDE id 99300020): the file gives rating 2000, the rating list no "
        "rapid rating but a standard one, 1990: 1990 used, as the rules say (the list's)"
    ) in messages(report.warnings)


def test_a_fide_id_used_by_two_players_is_a_discrepancy() -> None:
    t = parse_trf(EVENT.replace("99300030", "99300020"), source="event.trf")
    found = [d for d in check_tournament(t) if d.kind == "duplicate_fide_id"]
    assert [d.message for d in found] == [
        "no. 3 (Cedar, Cal): FIDE id 99300020 is given to no. 2 (Birch, Ben) too"
    ]
    assert found[0].line == 7
    assert found[0] in build_report(t).discrepancies


def test_crosstable_fills_the_workbook_from_the_list(list_path: Path) -> None:
    filled = event_from_trf(parse_trf(EVENT), rating_list=the_list(list_path))
    ash, birch, cedar, dune = filled.event.players
    assert (ash.rating, ash.k_override, ash.title, ash.sex, ash.birth_year) == (
        2010, 40, "WIM", "w", 2009,
    )  # fmt: skip
    assert (birch.rating, cedar.k_override, dune.rating) == (1990, 40, None)


def test_the_command_with_a_list(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    list_path: Path,
    event_path: Path,
) -> None:
    code, out, err = run(capsys, "report", str(event_path), "--rating-list", str(list_path))
    assert (code, err) == (0, "")
    ash = next(line for line in out.splitlines() if line.startswith(" 1  Ash, Ada"))
    assert ash.split()[3:6] == ["WIM", "ENG", "2010"] and " list " in ash and " +19 " in ash
    first = out

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("the list was read again")

    monkeypatch.setattr(cache_module, "ListFile", no_reading)
    code, out, err = run(capsys, "report", str(event_path), "--rating-list", str(list_path))
    assert (code, out, err) == (0, first, "")  # the second run looked the players up only


def test_the_command_with_a_bad_or_missing_list(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, event_path: Path
) -> None:
    bad = tmp_path / "players_list_foa.txt"
    bad.write_text(COMBINED_HEADER + "\n" + LIST_LINES[1].replace("2010", "20x0") + "\n")
    for command in (["report"], ["crosstable", "-o", str(tmp_path / "out.xlsx")]):
        code, out, err = run(capsys, *command, str(event_path), "--rating-list", str(bad))
        assert (code, out) == (1, "")
        assert err == (
            "xlfuncs: error: players_list_foa.txt, line 2, columns 114-119 (standard_rating): "
            "expected a rating (a whole number up to 4000) or a blank, found '20x0'\n"
        )
    missing = tmp_path / "nowhere.txt"
    code, _, err = run(capsys, "report", str(event_path), "--rating-list", str(missing))
    assert (code, err) == (1, f"xlfuncs: error: cannot read {missing}: no such file\n")


def test_list_player_line_helper_agrees_with_the_reader(list_path: Path) -> None:
    """The test's own line writer puts each value where FIDE's columns are."""
    found = the_list(list_path).players["99300030"]
    assert found == ListPlayer(
        "99300030", "Cedar, Cal", "ENG", "M", "", "", "", "", RateRating(1800, 0, None),
        None, None, 2010, False, False, line_no=4,
    )  # fmt: skip


def test_a_k_file_k_the_event_s_rules_never_give(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Rapid and blitz K was 20 for everyone until 30 September 2022 (``docs/editions.md``):
    a K file giving 40 for a rapid event of May 2022 gives no K of those rules: used as given
    (K is a whole number from 1 to 40, the rule of a cell too), with a warning naming the
    line; the same K in standard play is a K of the rules, without a warning."""
    rapid_2022 = EVENT.replace("122 90 min + 30 sec", "122 15+10").replace("2023/05", "2022/05")
    report = build_report(parse_trf(rapid_2022), k_overrides={"99300010": 40})
    assert report.rows[0].k == 40
    assert (
        "K file: FIDE id 99300010: K 40 is not a K the 2022 rapid rules give (20): used as given"
        in (messages(report.warnings))
    )
    standard = build_report(parse_trf(EVENT), k_overrides={"99300010": 40})
    assert standard.rows[0].k == 40
    assert not [w for w in messages(standard.warnings) if "K file" in w]
    trf = tmp_path / "rapid.trf"
    trf.write_text(rapid_2022 + "\n", encoding="utf-8")
    ks = tmp_path / "k.csv"
    ks.write_text("fide_id,k\n99300010,40\n", encoding="utf-8")
    code, out, err = run(capsys, "report", str(trf), "--k-file", str(ks))
    assert (code, err) == (0, "")
    assert (
        "- K file k.csv: line 2 (FIDE id 99300010): K 40 is not a K the 2022 rapid rules give "
        "(20): used as given\n"
    ) in out


def test_the_k_note_says_whether_any_k_was_assumed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The demo round robin's players are all in the README's list, so every K is the list's
    and the notes do not claim an assumed 30+ games; without the list they do."""
    root = Path(__file__).resolve().parents[1]
    rr = tmp_path / "rr.trf"
    rr.write_bytes((root / "xlfuncs" / "data" / "demo_round_robin.trf").read_bytes())
    listed = tmp_path / "players_list_foa.txt"
    listed.write_bytes((root / "docs" / "examples" / "demo_players_list_foa.txt").read_bytes())
    code, out, _ = run(capsys, "report", str(rr), "--rating-list", str(listed))
    assert code == 0
    assert "- K: no K rests on an assumed number of games" in out
    assert "is assumed to have completed" not in out
    code, out, _ = run(capsys, "report", str(rr))
    assert code == 0
    assert "is assumed to have completed 30 or more" in out
