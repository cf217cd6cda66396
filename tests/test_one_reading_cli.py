"""The disagreements between the commands that reading every event once ended, each as the
command line showed it, and every reading option honoured or refused with the reason by
every command that reads a TRF (``docs/rated.md``).

The demo round robin (``xlfuncs/data/demo_round_robin.trf``, FIDE's example event written
out) gives no. 8 (Hoffmann, 6.5/9) an IM norm: opponents 2478, 2431, 2402, 2365, 2341, 2318,
2296, 2244 and no. 10, unrated, raised to the IM floor 2050 (B.01 1.4.6: the lowest opponent
only); Ra = 20925 / 9 = 2325, p = 72 % -> dp 166, Rp = 2491 (>= 2230 and 2450).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.cli import build_parser
from xlfuncs.commands.options import EVENT_FLAGS
from xlfuncs.event import EventOptions

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "xlfuncs" / "data" / "demo_round_robin.trf"
DEMO_LIST = ROOT / "docs" / "examples" / "demo_players_list_foa.txt"


def _with_ids(tmp_path: Path, ids: dict[int, str], name: str = "event.trf") -> Path:
    """The demo round robin with the FIDE id field (columns 58-68) of each starting rank in
    *ids* set."""
    lines = DEMO.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in ids:
            lines[i] = line[:57] + ids[int(line[4:8])].rjust(11) + line[68:]
    path = tmp_path / name
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, object]]:
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0, err
    found: list[dict[str, object]] = json.loads(out)
    return found


def test_a_blanked_fide_id_makes_no_norm_in_norms_nor_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # No. 1 without a FIDE id has no FIDE rating: for no. 8's norm an unrated opponent, at
    # 1400 (B.01, since 1 January 2024); the floor raises the lowest (1400) to 2050 and no.
    # 10 stays at 1400: Ra = (2050 + 2431 + 2402 + 2365 + 2341 + 2318 + 2296 + 2244 + 1400)
    # / 9 = 19847 / 9 = 2205 < 2230: no IM norm. norms gave one (Ra 2325, Rp 2491), with no
    # warning, reading the file's 2478 as a FIDE rating.
    path = _with_ids(tmp_path, {1: ""})
    report = _json(capsys, "report", str(path))
    norms = _json(capsys, "norms", str(path))
    assert report[7]["norm"] is None
    assert norms[7]["norm"] is None
    code, out, err = run(capsys, "norms", str(path))
    assert "1 player has a rating but no FIDE id, counted as unrated" in out + err


def test_with_the_rating_list_norms_and_report_give_the_same_ra_and_rp(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The list rates no. 9 2251, not 2244 as the file: Ra = (20925 + 7) / 9 = 2325.8 -> 2326,
    # Rp = 2326 + 166 = 2492. norms kept the file's ratings (2325, 2491) and took only titles
    # and federations from the list.
    argv = ("--rating-list", str(DEMO_LIST))
    report = _json(capsys, "report", str(DEMO), *argv)
    norms = _json(capsys, "norms", str(DEMO), *argv)
    check = report[7]["norm_check"]
    assert isinstance(check, dict)
    assert (report[7]["norm"], check["ra"], check["rp"]) == ("IM", 2326, 2492)
    shown = norms[7]["norm_check"]
    assert isinstance(shown, dict)
    assert (norms[7]["norm"], shown["ra"], shown["rp"]) == ("IM", 2326, 2492)


def test_a_one_event_period_changes_ratings_as_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # No. 1 without a FIDE id is unrated for FIDE: no. 2's games against no. 1 and no. 10
    # (unrated in the file) move no rating, so 7 rated games, as the report counts them.
    # The period counted no. 1 as rated at 2478: 8 games.
    path = _with_ids(tmp_path, {1: ""})
    report = _json(capsys, "report", str(path))
    period = {row["fide_id"]: row for row in _json(capsys, "period", str(path))}
    kovacevic = period["99300002"]
    assert report[1]["rated_games"] == kovacevic["games"] == 7
    for row in report[1:9]:
        same = period[row["fide_id"]]
        assert (same["games"], same["rating_change"]) == (row["rated_games"], row["rating_change"])


def test_fide_id_0_is_no_one_s_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # FIDE ids are positive numbers: 0 (or 0000) is the file saying "none". Nos. 1 and 2 with
    # id 0 are two players without a FIDE id, each listed apart, not one player with both
    # players' 18 games; unrated, as the report has them: 9 games each, less the one against
    # no. 10 (unrated) and the one against each other, 7 against rated opponents.
    path = _with_ids(tmp_path, {1: "0", 2: "0"})
    period = _json(capsys, "period", str(path))
    assert all(row["fide_id"] != "0" for row in period)
    apart = [row for row in period if row["fide_id"] is None]
    assert sorted(str(row["name"]) for row in apart) == ["Kovačević, Luka", "Ødegaard, Sindre"]
    assert [(row["rating"], row["games"]) for row in apart] == [(None, 7), (None, 7)]
    report = _json(capsys, "report", str(path))
    assert [(r["rating"], r["rated_games"]) for r in report[:2]] == [(None, 7), (None, 7)]


def test_a_rapid_period_takes_the_standard_rating_of_a_player_unrated_at_rapid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The demo list gives standard ratings only. At rapid play a player unrated at rapid but
    # rated at standard is rated with the standard rating (Rapid and Blitz Rating
    # Regulations 7.2.1; core's rating_at_rate): report and period both.
    argv = ("--rating-list", str(DEMO_LIST), "--rate", "rapid")
    report = _json(capsys, "report", str(DEMO), *argv)
    period = {row["fide_id"]: row for row in _json(capsys, "period", str(DEMO), *argv)}
    assert report[8]["rating"] == period["99300009"]["rating"] == 2251  # the list's standard
    for row in report[:9]:
        same = period[row["fide_id"]]
        assert (same["rating"], same["rating_change"], same["k_source"]) == (
            row["rating"],
            row["rating_change"],
            row["k_source"],
        )


COMMANDS = ("report", "crosstable", "norms", "period", "check")
HONOURED = {
    "report": set(EVENT_FLAGS.values()),
    "crosstable": {"--rules", "--rate", "--k-file", "--rating-list", "--tiebreaks"}
    | {"--tiebreak-rules", "--unrated-rating", "--ptp-full-score", "--system"}
    | {"--team-colour"},
    "norms": {"--rules", "--rate", "--rating-list", "--event-type", "--registered"}
    | {"--chief-arbiter-title", "--host-federation", "--system"}
    | {"--big-swiss-count", "--round-robin-mix", "--last-round-forfeit"},
    "period": {"--rules", "--rate", "--k-file", "--rating-list"},
    "check": {"--rules", "--rate", "--k-file", "--rating-list", "--tiebreaks"}
    | {"--tiebreak-rules", "--unrated-rating", "--ptp-full-score", "--system"}
    | {"--koya-scores", "--team-colour"},
}
VALUES = {
    "--rules": "2025",
    "--rate": "rapid",
    "--k-file": "k.csv",
    "--rating-list": "list.txt",
    "--tiebreaks": "BH",
    "--tiebreak-rules": "2023",
    "--unrated-rating": "1400",
    "--ptp-full-score": "definition",
    "--koya-scores": "standing",
    "--team-colour": "sequence",
    "--system": "swiss",
    "--event-type": "swiss",
    "--registered": "yes",
    "--chief-arbiter-title": "IA",
    "--host-federation": "ENG",
    "--big-swiss-count": "event",
    "--round-robin-mix": "remaining",
    "--last-round-forfeit": "loss",
}


def test_every_option_of_the_reading_is_one_field_and_one_flag() -> None:
    fields = {f.name for f in dataclasses.fields(EventOptions)} - {"today"}
    assert set(EVENT_FLAGS) == fields
    assert set(VALUES) == set(EVENT_FLAGS.values())


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("flag", sorted(VALUES))
def test_every_command_honours_an_option_or_refuses_it_saying_why(
    command: str, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = build_parser()
    argv = [command, "event.trf", flag, VALUES[flag]]
    if command == "crosstable":
        argv += ["-o", "out.xlsx"]
    if flag in HONOURED[command]:
        args = parser.parse_args(argv)
        assert getattr(args, flag.removeprefix("--").replace("-", "_")) is not None
        return
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag}: not for {command}: " in err


def test_a_period_read_by_two_processes_with_a_rating_list_is_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 16 files (enough for worker processes): each worker looks its files' players up in the
    # list's index, which the command built before starting them.
    for i in range(16):
        _with_ids(tmp_path, {}, name=f"e{i:02d}.trf")
    argv = ("period", str(tmp_path), "--rating-list", str(DEMO_LIST), "--format", "json")
    one = _json(capsys, *argv, "--jobs", "1")
    two = _json(capsys, *argv, "--jobs", "2")
    assert one == two
    by_id = {row["fide_id"]: row for row in one}
    assert by_id["99300009"]["rating"] == 2251  # the list's, in every file


def _rapid_list(tmp: Path) -> Path:
    """The demo's list with rapid ratings for nos. 1-8 (2300, K 20): no. 9 (99300009) is
    unrated at rapid with a standard rating (2251), no. 10 unrated at both."""
    lines = DEMO_LIST.read_text(encoding="utf-8").splitlines()
    at = lines[0].index("RRtng")
    out = [lines[0]]
    for i, line in enumerate(lines[1:], start=1):
        line = line.ljust(len(lines[0]))
        out.append(line[:at] + "2300  5   20 " + line[at + 13 :] if i <= 8 else line)
    path = tmp / "rapid_list.txt"
    path.write_text("\r\n".join(out) + "\r\n", encoding="utf-8")
    return path


def test_a_player_unrated_at_rapid_is_rated_alike_by_report_and_period(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Rapid and Blitz Rating Regulations 7.2.1: no. 9 has no rapid rating but a standard
    # one, 2251: rated with it, and counted as rated by the others. By hand, no. 9 against
    # nos. 1-8 at 2300 (D -49, PD .43): 5 points from 8, 5 - 3.44 = 1.56, x 20 = +31.2;
    # no. 1 at 2300: 5 points from 7 at D 0 (.50) and no. 9 (D +49, .57): 5 - 4.07 = 0.93,
    # x 20 = +18.6 (+30 had no. 9's game been left out). The same in report and period.
    argv = ("--rating-list", str(_rapid_list(tmp_path)), "--rate", "rapid")
    report = _json(capsys, "report", str(DEMO), *argv)
    period = {row["fide_id"]: row for row in _json(capsys, "period", str(DEMO), *argv)}
    assert (report[8]["rating"], report[8]["rating_change"]) == (2251, 31)
    assert (period["99300009"]["rating"], period["99300009"]["rating_change"]) == (2251, 31)
    assert period["99300009"]["rating_change_unrounded"] == 31.2
    assert period["99300001"]["rating_change_unrounded"] == 18.6
    for row in report[:9]:
        same = period[row["fide_id"]]
        assert (same["rating"], same["games"], same["rating_change"], same["k"]) == (
            row["rating"],
            row["rated_games"],
            row["rating_change"],
            row["k"],
        )
