"""``xlfuncs period``: several tournament files rated as one period, worked by hand.

PD from table 8.1(b) (docs/fide-rules.md): D 0-3 .50; D 84-91 .62 (the lower-rated player
.38); D 400 .92; D 433-456 .94. The files are written here, player lines by the TRF16
columns (docs/trf.md).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.cli_support import run

Player = tuple[int, str, int | None, str]
"""Starting rank, name, rating (None: unrated), FIDE id ("" none)."""
Game = tuple[int, int, str]
"""Round's pairing: white's and black's starting ranks, white's result (1, =, 0)."""

_MIRROR = {"1": "0", "0": "1", "=": "="}


def trf(name: str, date: str, players: list[Player], rounds: list[list[Game]]) -> str:
    """A TRF16 file: the event records and one 001 line per player, mirrored results."""
    entries: dict[int, list[str]] = {p[0]: [] for p in players}
    for games in rounds:
        seen = set()
        for white, black, res in games:
            entries[white].append(f"{black:>4} w {res}")
            entries[black].append(f"{white:>4} b {_MIRROR[res]}")
            seen |= {white, black}
        for no in entries:
            if no not in seen:
                entries[no].append("0000 - Z")
    lines = [f"012 {name}", f"042 {date}", f"052 {date}", "092 Individual: Swiss-System"]
    for no, pname, rating, fide_id in players:
        points = sum({"1": 1.0, "=": 0.5}.get(e[-1], 0.0) for e in entries[no])
        r = "" if rating is None else str(rating)
        lines.append(
            f"001 {no:>4} m    {pname:<33} {r:>4} ENG {fide_id:>11} 1980/01/01 {points:>4.1f} "
            f"{no:>4}  " + "  ".join(entries[no])
        )
    return "\n".join(lines) + "\n"


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def by_id(out: str) -> dict[str | None, dict[str, object]]:
    return {o["fide_id"]: o for o in json.loads(out)}


# Ann (FIDE id 1001, rated 2000) and six opponents rated 2000 in each event.
ANN: Player = (1, "Able, Ann", 2000, "1001")


def _ann_event(tmp: Path, name: str, day: str, results: str, id_base: int) -> str:
    others = [(i, f"Opponent, No{id_base + i}", 2000, str(id_base + i)) for i in range(2, 8)]
    rounds = [[(1, i + 2, res)] for i, res in enumerate(results)]
    return write(tmp / f"{name}.trf", trf(name, day, [ANN, *others], rounds))


def test_k_times_n_bites_only_across_three_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # K 40 (K file); D 0 everywhere, PD .50. Event 1: 1 1 1 1 0 0: sum(W - PD) = +1;
    # event 2: six draws, 0; event 3: 1 1 1 0 0 0, 0. One event: 40 x 6 = 240 <= 700.
    # The period: n = 18, 40 x 18 = 720 > 700, so K = 700 // 18 = 38; change 38 x 1 = +38.
    files = [
        _ann_event(tmp_path, "one", "2026/03/02", "111100", 2000),
        _ann_event(tmp_path, "two", "2026/03/09", "======", 3000),
        _ann_event(tmp_path, "three", "2026/03/16", "111000", 4000),
    ]
    k_file = write(tmp_path / "k.csv", "fide_id,k\n1001,40\n")
    code, out, err = run(capsys, "period", *files, "--k-file", k_file, "--format", "json")
    assert code == 0, err
    ann = by_id(out)["1001"]
    assert (ann["games"], ann["k_listed"], ann["k"], ann["k_source"]) == (
        18,
        40,
        38,
        "override file",
    )
    assert (ann["rating_change_unrounded"], ann["rating_change"], ann["new_rating"]) == (
        38.0,
        38,
        2038,
    )
    assert ann["initial_rating"] is None
    assert ann["events"] == [  # each at the March list's rating, the files' 2000
        {"file": f, "rated_with": "2026-03", "rating": 2000, "games": 6, "change_unrounded": c}
        for f, c in (("one.trf", 38.0), ("two.trf", 0.0), ("three.trf", 0.0))
    ]
    # Each event alone (xlfuncs report) keeps K 40: the first gives +40.
    code, out, _ = run(capsys, "report", files[0], "--k-file", k_file, "--format", "json")
    assert json.loads(out)[0]["rating_change"] == 40


def test_rounding_once_differs_from_rounding_per_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Ann (2000, K 20 assumed: 30+ games, born 1980) draws with Ben (2085) in each of two
    # events: D 85, PD .38 for Ann, +.12 x 20 = +2.40 per event. Per event: 2 + 2 = 4;
    # once for the period: 4.80 -> +5.
    ben: Player = (2, "Bold, Ben", 2085, "1002")
    files = [
        write(tmp_path / f"e{i}.trf", trf(f"E{i}", f"2026/03/0{i}", [ANN, ben], [[(1, 2, "=")]]))
        for i in (1, 2)
    ]
    code, out, err = run(capsys, "period", *files, "--format", "json")
    assert code == 0, err
    ann = by_id(out)["1001"]
    assert [e["change_unrounded"] for e in ann["events"]] == [2.4, 2.4]  # type: ignore[union-attr]
    assert (ann["k"], ann["k_source"], ann["rating_change_unrounded"], ann["rating_change"]) == (
        20,
        "assumed 30+ games",
        4.8,
        5,
    )
    per_event = [json.loads(run(capsys, "report", f, "--format", "json")[1])[0] for f in files]
    assert [r["rating_change"] for r in per_event] == [2, 2]  # 2 + 2 = 4, not 5


def test_the_2022_limit_per_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 2022 rules, Ann 2000 at K 40. Event 1: wins against 1500 and 1550: only the largest
    # difference is upgraded, 1500 -> 1600 (D 400, .92: +.08); 1550 stays (D 450, .94:
    # +.06). Event 2, a tournament of its own: a win against 1500, upgraded too (+.08).
    # Sum .22 x 40 = +8.80 -> +9 (one tournament for the period would give .18: +7).
    low: list[Player] = [(2, "Low, Lee", 1500, "1502"), (3, "Low, Lou", 1550, "1503")]
    one = trf("One", "2023/05/02", [ANN, *low], [[(1, 2, "1")], [(1, 3, "1")]])
    two = trf("Two", "2023/05/20", [ANN, low[0]], [[(1, 2, "1")]])
    files = [write(tmp_path / "one.trf", one), write(tmp_path / "two.trf", two)]
    k_file = write(tmp_path / "k.csv", "fide_id,k\n1001,40\n")
    code, out, err = run(
        capsys, "period", *files, "--k-file", k_file, "--rules", "2022", "--format", "json"
    )
    assert code == 0, err
    ann = by_id(out)["1001"]
    assert [e["change_unrounded"] for e in ann["events"]] == [5.6, 3.2]  # type: ignore[union-attr]
    assert (ann["rating_change_unrounded"], ann["rating_change"], ann["new_rating"]) == (
        8.8,
        9,
        2009,
    )


def test_a_first_rating_pooled_from_two_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Uma (unrated, FIDE id 1009), 2022 rules. Event 1: wins against 1900, 1950, 2000;
    # event 2: losses against 2050, 2100. Pooled: Ra 10000 / 5 = 2000, 3/5, one half point
    # above 50 %: Ru = 2000 + 20 = 2020, on 5 games against rated opponents: published.
    uma: Player = (1, "Unrated, Uma", None, "1009")
    first = [(2, "R, A", 1900, "2"), (3, "R, B", 1950, "3"), (4, "R, C", 2000, "4")]
    second = [(2, "R, D", 2050, "5"), (3, "R, E", 2100, "6")]
    one = trf("One", "2023/05/02", [uma, *first], [[(1, i, "1")] for i in (2, 3, 4)])
    two = trf("Two", "2023/05/20", [uma, *second], [[(1, i, "0")] for i in (2, 3)])
    files = [write(tmp_path / "one.trf", one), write(tmp_path / "two.trf", two)]
    code, out, err = run(capsys, "period", *files, "--rules", "2022", "--format", "json")
    assert code == 0, err
    u = by_id(out)["1009"]
    assert (u["rating"], u["k"], u["rating_change"], u["games"]) == (None, None, None, 5)
    assert (u["initial_rating"], u["initial_rating_published"], u["new_rating"]) == (
        2020,
        True,
        2020,
    )
    # The text report lists it under the first ratings.
    code, out, _ = run(capsys, "period", *files, "--rules", "2022")
    assert "- 1009 Unrated, Uma (5 games, 2 events): 2020 (published)" in out


def test_a_second_scoreless_event_counts_and_the_reading_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Uma (unrated), 2024 rules. Event 1: 0/2 against 2050, 2100 (her first: disregarded,
    # 8.2.1); event 2: 0/5 against 2000 (not her first: counted, "Otherwise, their rating is
    # calculated using all their results"); event 3: 3/3 against 1900, 1950, 2000. Pooled 2
    # and 3 with two hypothetical 1800 draws: Ra 19450 / 10 = 1945, 4/10, dp -72: 1873, on 8
    # games: published. --scoreless-events leading: event 3 alone, Ra 9450 / 5 = 1890,
    # 4/5, dp 240: 2130 on 3 games, not published.
    uma: Player = (1, "Unrated, Uma", None, "1009")
    zero = [(2, "R, D", 2050, "5"), (3, "R, E", 2100, "6")]
    five = [(i, f"R, F{i}", 2000, str(10 + i)) for i in range(2, 7)]
    wins = [(2, "R, A", 1900, "2"), (3, "R, B", 1950, "3"), (4, "R, C", 2000, "4")]
    files = [
        write(
            tmp_path / "a.trf", trf("A", "2024/05/02", [uma, *zero], [[(1, 2, "0")], [(1, 3, "0")]])
        ),
        write(
            tmp_path / "b.trf",
            trf("B", "2024/05/09", [uma, *five], [[(1, i, "0")] for i in range(2, 7)]),
        ),
        write(
            tmp_path / "c.trf",
            trf("C", "2024/05/16", [uma, *wins], [[(1, i, "1")] for i in (2, 3, 4)]),
        ),
    ]
    code, out, err = run(capsys, "period", *files, "--rules", "2024", "--format", "json")
    assert code == 0, err
    u = by_id(out)["1009"]
    assert (u["initial_rating"], u["initial_rating_published"], u["games"]) == (1873, True, 10)
    assert "only the first event's zero score disregarded" in str(u["initial_rating_note"])
    argv = [*files, "--rules", "2024", "--scoreless-events", "leading"]
    code, out, err = run(capsys, "period", *argv, "--format", "json")
    assert code == 0, err
    u = by_id(out)["1009"]
    assert (u["initial_rating"], u["initial_rating_published"]) == (2130, False)
    code, out, _ = run(capsys, "period", *argv)
    assert "2130 (not published: 3 games against rated opponents" in " ".join(out.split())
    assert "read as --scoreless-events leading" in " ".join(out.split())


def test_a_malformed_second_file_rates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ben: Player = (2, "Bold, Ben", 2085, "1002")
    good = write(tmp_path / "a.trf", trf("A", "2026/03/01", [ANN, ben], [[(1, 2, "=")]]))
    text = trf("B", "2026/03/08", [ANN, ben], [[(1, 2, "1")]])
    bad_text = text.replace("001    2 ", "001   2x ")  # no starting rank: unreadable
    bad = write(tmp_path / "b.trf", bad_text)
    line = bad_text.splitlines().index(next(x for x in bad_text.splitlines() if "  2x " in x)) + 1
    code, out, err = run(capsys, "period", good, bad)
    assert code == 1 and out == ""
    assert f"b.trf, line {line}, columns 5-8 (starting rank)" in err and "nothing rated" in err
    code, out, err = run(capsys, "period", good, bad, "--skip-bad-files", "--format", "json")
    assert code == 3
    assert "xlfuncs: skipped: b.trf, line" in err
    ann = by_id(out)["1001"]
    assert [e["file"] for e in ann["events"]] == ["a.trf"]  # type: ignore[union-attr]
    code, out, err = run(capsys, "period", str(tmp_path), "--skip-bad-files")
    assert code == 3 and "Skipped files (not rated)\n- b.trf, line" in out


def test_a_name_that_differs_between_files_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ben: Player = (2, "Bold, Ben", 2085, "1002")
    ann2: Player = (1, "Able, Anna", 2000, "1001")
    files = [
        write(tmp_path / "a.trf", trf("A", "2026/03/01", [ANN, ben], [[(1, 2, "=")]])),
        write(tmp_path / "b.trf", trf("B", "2026/03/08", [ann2, ben], [[(1, 2, "=")]])),
    ]
    code, out, err = run(capsys, "period", *files, "--format", "json")
    assert code == 0
    assert "FIDE id 1001: 'Able, Ann' in a.trf; 'Able, Anna' in b.trf" in err
    # The files' own warnings are named once, with the files that give them.
    assert "2 files: rate of play: the file gives no time control" in err
    assert err.count("rate of play") == 1
    assert by_id(out)["1001"]["games"] == 2  # still one player


def test_players_without_a_fide_id_are_listed_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Nia has no FIDE id: not matched, each file alone, and unrated (FIDE rates only players
    # with a FIDE id: the file's 2000 is not a FIDE rating, as the report says): no change,
    # and one game against a rated player is no first rating (7.1.4: 5 games at least).
    nia: Player = (1, "Noid, Nia", 2000, "")
    ben: Player = (2, "Bold, Ben", 2085, "1002")
    files = [
        write(tmp_path / f"e{i}.trf", trf(f"E{i}", f"2026/03/0{i}", [nia, ben], [[(1, 2, "=")]]))
        for i in (1, 2)
    ]
    code, out, err = run(capsys, "period", *files, "--format", "json")
    apart = [o for o in json.loads(out) if o["fide_id"] is None]
    assert [(o["name"], o["rating_change"], len(o["events"])) for o in apart] == [
        ("Noid, Nia", None, 1),
        ("Noid, Nia", None, 1),
    ]
    assert [(o["rating"], o["initial_rating_published"]) for o in apart] == [(None, False)] * 2
    code, out, err = run(capsys, "period", *files)
    assert "Players without a FIDE id" in out


def _limit_period(tmp: Path) -> list[str]:
    low: list[Player] = [(2, "Low, Lee", 1500, "1502"), (3, "Low, Lou", 1550, "1503")]
    one = trf("One", "2023/05/02", [ANN, *low], [[(1, 2, "1")], [(1, 3, "1")]])
    two = trf("Two", "2023/05/20", [ANN, low[0]], [[(1, 2, "1")]])
    return [write(tmp / "one.trf", one), write(tmp / "two.trf", two)]


def test_the_workbook_summary_and_a_player_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The 2022 period above (Ann +8.80 -> +9, 2009), as a workbook: the summary's row and
    # Ann's calculation sheet (the rating calculator's layout), values stored.
    import openpyxl

    from xlfuncs.templates import rating_calculator as rc

    files = _limit_period(tmp_path)
    k_file = write(tmp_path / "k.csv", "fide_id,k\n1001,40\n")
    out = tmp_path / "period.xlsx"
    code, _, err = run(
        capsys, "period", *files, "--k-file", k_file, "--rules", "2022", "-o", str(out)
    )
    assert code == 0, err
    book = openpyxl.load_workbook(out, data_only=True)
    assert book.sheetnames[:2] == ["Summary", "S 1001"]
    rows = [r for r in book["Summary"].iter_rows(min_row=5, values_only=True)]
    ann = next(r for r in rows if r[1] == "1001")
    assert ann[4:13] == (2000, 2, 3, 40, "override file", 8.8, 9, 2009, None)
    sheet = book["S 1001"]

    def cell(row: int, col: int) -> object:
        return sheet.cell(row + 1, col + 1).value

    assert (cell(rc.R_SUM, rc.C_KDIFF), cell(rc.R_CHANGE, rc.LAST_COL)) == (8.8, 9)
    assert [cell(rc._block_row(i) + 2, rc.C_USED) for i in (0, 1)] == [1600, 1600]
    assert cell(rc._block_row(0) + 3, rc.C_USED) == 1550
    # --player-sheets 1: the first rated player by name (Ann) only; the others are marked.
    code, _, _ = run(
        capsys,
        "period",
        *files,
        "--rules",
        "2022",
        "-o",
        str(out),
        "--force",
        "--player-sheets",
        "1",
    )
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Summary", "S 1001", "FIDE tables", "xlwings.conf"]
    marks = {r[1]: r[15] for r in book["Summary"].iter_rows(min_row=5, values_only=True)}
    assert marks == {"1001": "S 1001", "1502": "(not written)", "1503": "(not written)"}
    # --player-sheets 0: the summary alone.
    code, _, _ = run(
        capsys,
        "period",
        *files,
        "--rules",
        "2022",
        "-o",
        str(out),
        "--force",
        "--player-sheets",
        "0",
    )
    assert code == 0
    assert openpyxl.load_workbook(out).sheetnames == ["Summary", "FIDE tables", "xlwings.conf"]


def test_a_player_sheet_is_the_rating_calculator_with_names_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The player's sheet has the template's formulas cell for cell (the template tests
    # recalculate those), and the template's workbook names defined for the sheet alone,
    # so that every player's sheet has its own Rating, K_used and Rules.
    import openpyxl

    from xlfuncs.templates import rating_calculator as rc
    from xlfuncs.templates.player_sheets import Game, TournamentGames

    files = _limit_period(tmp_path)
    out = tmp_path / "period.xlsx"
    assert run(capsys, "period", *files, "--rules", "2022", "-o", str(out))[0] == 0
    template = tmp_path / "rc.xlsx"
    rc.build(
        template,
        rc.RatingPeriod(
            rating=2000,
            name="Able, Ann",
            fide_id="1001",
            federation="ENG",
            k=20,
            rules="2022",
            tournaments=[
                TournamentGames("One", [Game(1500, "1"), Game(1550, "1")]),
                TournamentGames("Two", [Game(1500, "1")]),
            ],
        ),
    )
    ours = openpyxl.load_workbook(out)
    theirs = openpyxl.load_workbook(template)
    sheet, model = ours["S 1001"], theirs[rc.SHEET]
    formulas = {
        c.coordinate: c.value
        for row in model.iter_rows()
        for c in row
        if isinstance(c.value, str) and c.value.startswith("=")
    }
    assert len(formulas) > 100
    assert {k: sheet[k].value for k in formulas} == formulas
    assert set(sheet.defined_names) == set(theirs.defined_names)
    for name in sheet.defined_names:
        local = sheet.defined_names[name].attr_text
        assert local == theirs.defined_names[name].attr_text.replace(rc.SHEET, "S 1001")
    assert not ours.defined_names  # nothing for the whole workbook


def test_k_from_the_rating_list_and_the_new_list_for_the_next_period(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The list gives Ann K 40 (she has fewer than 30 games); the three events of the first
    # test: n = 18, K 700 // 18 = 38, +38 -> 2038. Zoe is on the list and plays nothing.
    from xlfuncs.ratinglist import ListPlayer, RateRating, read_list, write_combined

    def listed(fide_id: str, name: str, standard: RateRating | None) -> ListPlayer:
        return ListPlayer(
            fide_id, name, "ENG", "F", "", "", "", "", standard, None, None, 2001, False, True
        )

    before = tmp_path / "players_list_foa.txt"
    with open(before, "w", encoding="utf-8", newline="\r\n") as out:
        write_combined(
            [
                listed("1001", "Able, Ann", RateRating(2000, 0, 40)),
                listed("9999", "Zed, Zoe", RateRating(1700, 9, 20)),
            ],
            out,
        )
    files = [
        _ann_event(tmp_path, "one", "2026/03/02", "111100", 2000),
        _ann_event(tmp_path, "two", "2026/03/09", "======", 3000),
        _ann_event(tmp_path, "three", "2026/03/16", "111000", 4000),
    ]
    after = tmp_path / "april.txt"
    code, out, err = run(
        capsys,
        "period",
        *files,
        "--rating-list",
        str(before),
        "--list-out",
        str(after),
        "--format",
        "json",
    )
    assert code == 0, err
    ann = by_id(out)["1001"]
    assert (ann["k_source"], ann["k_listed"], ann["k"], ann["rating_change"]) == (
        "rating list",
        40,
        38,
        38,
    )
    # 18 opponents, rated 2000, are not on the list: each file's warning names its six (the
    # files' data used for them, as the report reads each file).
    assert err.count("6 players with a FIDE id not in the rating list players_list_foa.txt") == 3
    new = {p.fide_id: p for p in read_list(after)}
    # Ann: 2038 after 18 games, K 40 again (under 2400); Zoe: unchanged, no games this period.
    assert new["1001"].standard == RateRating(2038, 18, 40)
    assert new["9999"].standard == RateRating(1700, 0, 20)
    # An opponent who was not on the list: added with the new rating (2000, lost to Ann:
    # 20 x (0 - .50) = -10 -> 1990) and K 20 (assumed 30+ games).
    assert new["2002"].standard == RateRating(1990, 1, 20)
    assert len(new) == 2 + 18
    # The next period reads the new list: K from it.
    code, out, err = run(
        capsys, "period", files[0], "--rating-list", str(after), "--format", "json"
    )
    assert by_id(out)["1001"]["k_source"] == "rating list"
    # The list's rating is used, as the report uses it (a warning says so). More than five
    # warnings of one kind (the file's seven of kind rating_list) are one line that counts
    # them, as in the report, naming their file as each warning of a period does; each is a
    # line with --verbose.
    assert by_id(out)["1001"]["rating"] == 2038
    assert "xlfuncs: warning: one.trf: rating_list: 7 findings (each with --verbose)\n" in err
    _, _, err = run(
        capsys, "period", files[0], "--rating-list", str(after), "--format", "json", "--verbose"
    )
    assert "the file gives rating 2000, the rating list 2038: 2038 used (the list's)" in err


def test_the_new_list_copies_the_lines_the_period_leaves_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The list as FIDE might write it: Ann plays (her line is written anew), Zoe played last
    # period (9 games: her line is written anew with 0), Bob and Ümit did not play and have
    # 0 games (their lines are copied: Bob's without the blank padding FIDE adds, byte for
    # byte; Ümit's written by the list in Windows-1252, copied re-encoded to UTF-8).
    from xlfuncs.ratinglist import COMBINED_HEADER, ListPlayer, RateRating, combined_line, read_list

    def line(fide_id: str, name: str, standard: RateRating) -> str:
        return combined_line(
            ListPlayer(
                fide_id, name, "ENG", "M", "", "", "", "", standard, None, None, 1990, False, False
            )
        )

    bob = line("8801", "Best, Bob", RateRating(1800, 0, 20)).rstrip()
    umit = line("8802", "Öztürk, Ümit", RateRating(1650, 0, 40))
    before = tmp_path / "players_list_foa.txt"
    before.write_bytes(
        b"".join(
            text + b"\r\n"
            for text in (
                COMBINED_HEADER.encode(),
                line("1001", "Able, Ann", RateRating(2000, 0, 40)).encode(),
                line("9999", "Zed, Zoe", RateRating(1700, 9, 20)).encode(),
                bob.encode(),
                umit.encode("cp1252"),
            )
        )
    )
    files = [
        _ann_event(tmp_path, "one", "2026/03/02", "111100", 2000),
        _ann_event(tmp_path, "two", "2026/03/09", "======", 3000),
        _ann_event(tmp_path, "three", "2026/03/16", "111000", 4000),
    ]

    def new_list(after: Path) -> list[ListPlayer]:
        code, _, err = run(
            capsys, "period", *files, "--rating-list", str(before), "--list-out", str(after)
        )
        assert code == 0, err
        return [replace(p, line_no=0) for p in read_list(after)]

    copied = new_list(tmp_path / "copied.txt")
    lines = (tmp_path / "copied.txt").read_bytes().split(b"\r\n")
    assert lines[3] == bob.encode() and lines[4] == umit.encode("utf-8")
    assert lines[2].startswith(b"9999") and b"1700  0   20" in lines[2]
    # The same list written in full: the cache cannot be written, so the list is indexed in
    # memory for the run and read again to write the new list.
    (tmp_path / "no-cache").write_text("a file, not a folder")
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path / "no-cache" / "cache"))
    written = new_list(tmp_path / "written.txt")
    assert copied == written
    assert [p.fide_id for p in copied][:4] == ["1001", "9999", "8801", "8802"]
    assert copied[0].standard == RateRating(2038, 18, 40)
    assert copied[3].name == "Öztürk, Ümit"


def test_many_files_read_by_two_processes_give_the_same_period(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 16 files (the least read in worker processes): Ann draws Ben (2085) in each, +2.40 a
    # game at K 20: 16 x 2.40 = 38.40 -> +38 (n = 16, 20 x 16 = 320 <= 700).
    ben: Player = (2, "Bold, Ben", 2085, "1002")
    for i in range(16):
        write(tmp_path / f"e{i:02d}.trf", trf(f"E{i}", "2026/03/01", [ANN, ben], [[(1, 2, "=")]]))
    one = run(capsys, "period", str(tmp_path), "--format", "json", "--jobs", "1")
    two = run(capsys, "period", str(tmp_path), "--format", "json", "--jobs", "2")
    assert one == two
    ann = by_id(one[1])["1001"]
    assert (ann["games"], ann["rating_change_unrounded"], ann["rating_change"]) == (16, 38.4, 38)


def test_the_new_list_keeps_the_files_titles_and_sex_and_so_the_norms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The demo's round robin (xlfuncs/data): its own 001 lines give each player's sex
    # (column 10) and title (columns 11-13); the list written by --list-out must carry them
    # (sex m as M, w as F, as FIDE's list writes it), so that the report read with that list
    # still finds the demo's two norms (titled opponents: GM, IMs, WGM).
    from xlfuncs.ratinglist import read_list

    demo = Path(__file__).parent.parent / "xlfuncs" / "data" / "demo_round_robin.trf"
    expected = {}
    for line in demo.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            sex, title = line[9], line[10:13].strip()
            expected[line[57:68].strip()] = ({"m": "M", "w": "F"}[sex], title)
    assert expected["99300001"] == ("M", "GM") and expected["99300005"] == ("F", "WGM")
    new = tmp_path / "new.txt"
    code, _, err = run(capsys, "period", str(demo), "--list-out", str(new))
    assert code == 0, err
    listed = {p.fide_id: p for p in read_list(new)}
    assert {i: (p.sex, p.title) for i, p in listed.items()} == expected
    assert listed["99300005"].w_title == "WGM" and listed["99300005"].woman
    assert listed["99300001"].w_title == "" and not listed["99300001"].woman
    code, out, err = run(capsys, "report", str(demo), "--rating-list", str(new))
    assert code == 0, err
    assert "no. 8 Hoffmann, Jürgen: IM norm" in out
    assert "no. 9 Sánchez Ruiz, Lucía: WGM norm" in out


def test_the_new_list_keeps_the_input_lists_title_and_sex(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The input list gives no. 1 another title and sex than the file (the list's are kept),
    # and no. 2 none (the file's are added).
    from xlfuncs.ratinglist import ListPlayer, RateRating, read_list, write_combined

    demo = Path(__file__).parent.parent / "xlfuncs" / "data" / "demo_round_robin.trf"
    before = tmp_path / "players_list_foa.txt"
    with open(before, "w", encoding="utf-8", newline="\r\n") as out:
        write_combined(
            [
                ListPlayer(
                    "99300001",
                    "Ødegaard, Sindre",
                    "NOR",
                    "F",
                    "IM",
                    "",
                    "",
                    "",
                    RateRating(2478, 0, 10),
                    None,
                    None,
                    1991,
                    False,
                    False,
                ),
                ListPlayer(
                    "99300002",
                    "Kovačević, Luka",
                    "CRO",
                    "",
                    "",
                    "",
                    "",
                    "",
                    RateRating(2431, 0, 10),
                    None,
                    None,
                    1995,
                    False,
                    False,
                ),
            ],
            out,
        )
    new = tmp_path / "new.txt"
    code, _, err = run(
        capsys, "period", str(demo), "--rating-list", str(before), "--list-out", str(new)
    )
    assert code == 0, err
    listed = {p.fide_id: p for p in read_list(new)}
    assert (listed["99300001"].sex, listed["99300001"].title) == ("F", "IM")
    assert (listed["99300002"].sex, listed["99300002"].title) == ("M", "IM")


def test_a_folders_txt_and_trfx_files_are_named_as_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A folder stands for its .trf files; its .txt and .trfx files (a TRF saved so, a rating
    # list) are not read, and each is named on stderr; other files are left alone.
    folder = tmp_path / "march"
    folder.mkdir()
    _ann_event(folder, "one", "2026/03/02", "111100", 2000)
    other = _ann_event(tmp_path, "two", "2026/03/09", "======", 3000)
    (folder / "two.trfx").write_text(Path(other).read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "players_list_foa.TXT").write_text("ID Number\r\n", encoding="utf-8")
    (folder / "notes.md").write_text("notes", encoding="utf-8")
    code, out, err = run(capsys, "period", str(folder), "--format", "json")
    assert code == 0, err
    assert by_id(out)["1001"]["games"] == 6  # one.trf only
    for name in ("two.trfx", "players_list_foa.TXT"):
        assert f"xlfuncs: warning: {folder / name}: not read (a folder stands for" in err
    assert "notes.md" not in err
    # Named on the command line, the .trfx file is read (and not named as not read).
    code, out, err = run(
        capsys, "period", str(folder), str(folder / "two.trfx"), "--format", "json"
    )
    assert code == 0, err
    assert by_id(out)["1001"]["games"] == 12
    assert "two.trfx: not read" not in err and "players_list_foa.TXT: not read" in err


def test_a_k_file_s_values_are_warned_once_for_the_period(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A K file's value never refuses it (one rule of K with a cell: a whole number from 1 to
    40, core's ``check_k``): K 1000 is named with its line and not used, K 32 (no K of the
    2025 rules, a national federation's, say) is used as given with its line named; each
    warning once for the period, not once per file. Ann's events as above: n = 18, K 32:
    32 x 18 = 576 <= 700, so K stays 32 and the change is 32 x 1 = +32."""
    files = [
        _ann_event(tmp_path, "one", "2026/03/02", "111100", 2000),
        _ann_event(tmp_path, "two", "2026/03/09", "======", 3000),
        _ann_event(tmp_path, "three", "2026/03/16", "111000", 4000),
    ]
    k_file = write(tmp_path / "k.csv", "fide_id,k\n1001,32\n2002,1000\n")
    code, out, err = run(capsys, "period", *files, "--k-file", k_file, "--format", "json")
    assert code == 0, err
    ann = by_id(out)["1001"]
    assert (ann["k"], ann["k_source"], ann["rating_change"]) == (32, "override file", 32)
    warnings = [w for w in err.splitlines() if "K file k.csv" in w]  # JSON: on stderr
    assert warnings == [
        "xlfuncs: warning: K file k.csv: 1 line not used (each player's K is the one the "
        "event gives without the file): line 3, column 2 (k): expected a K, a whole number "
        "from 1 to 40 (FIDE's K rule gives 40, 20 or 10), found '1000'",
        "xlfuncs: warning: K file k.csv: line 2 (FIDE id 1001): K 32 is not a K the 2025 "
        "rules give (40, 20 or 10): used as given",
    ]


def test_the_periods_warnings_are_findings_of_their_kinds(tmp_path: Path) -> None:
    """Each warning of a period has its kind, severity, file and line: a file's own (no time
    control: ``rate_of_play``, named with the file), a file too old for the list
    (``placement``: an event ended 2025-01-02 is rated on the 2025-04 list at the latest,
    Rating Regulations 9.1), a K the rules refuse (K 0 from the K file: ``not_rated``, at
    Ann's ``001`` line, the fifth after the four event records) and a K file's id of no
    player (``k_file``, a note, as the report's)."""
    import datetime as dt

    from xlfuncs.period.read import EventRead, read_event
    from xlfuncs.period.rows import build_period

    files = [
        _ann_event(tmp_path, "one", "2026/03/02", "111100", 2000),
        _ann_event(tmp_path, "old", "2025/01/02", "111100", 3000),
    ]
    read = [read_event(f, None, None, None) for f in files]
    assert all(isinstance(r, EventRead) for r in read)
    period = build_period(read, k_overrides={"1001": 0, "777": 20}, list_date=dt.date(2026, 4, 1))
    found = [(w.kind, w.severity, w.file, w.line, w.player) for w in period.warnings]
    assert found == [
        ("rate_of_play", "warning", "one.trf", None, None),
        ("placement", "warning", "old.trf", None, None),
        ("not_rated", "warning", "one.trf", 5, 1),
        ("k_file", "note", "", None, None),
    ]
    assert period.warnings[2].message.startswith("FIDE id 1001 (Able, Ann): not rated: k: ")
    assert period.warnings[3].message == "K file: no player of the period has FIDE id 777"


def test_a_missing_file_is_said_as_every_command_says_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A K file, a rating list or an event that is not there: the period says "no such
    file", in the words of ``report`` (not the system's "No such file or directory")."""
    event = _ann_event(tmp_path, "one", "2026/03/02", "111100", 2000)
    missing = str(tmp_path / "absent")
    for option in ("--k-file", "--rating-list"):
        expected = f"cannot read {missing}: no such file"
        code, _, err = run(capsys, "period", event, option, missing)
        assert code == 1 and expected in err, (option, err)
        code, _, err = run(capsys, "report", event, option, missing)
        assert code == 1 and expected in err, (option, err)
    code, out, err = run(capsys, "period", event, missing + ".trf", "--skip-bad-files")
    assert f"cannot read {missing}.trf: no such file" in out + err
