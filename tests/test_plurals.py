"""Counts and their nouns (:func:`xlfuncs.text_output.counted`): "1 round", never "1 rounds",
in what the commands print about a file of one round."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import run
from norm_events import Opp, star_trf
from trf_make import player_line

from xlfuncs.text_output import counted

ONE_ROUND = "\n".join(
    [
        "012 One Round Open",
        "042 2024/05/04",
        player_line(1, "Alder, Ann", 2000, 1.0, 1, ["   2 w 1"]),
        player_line(2, "Birch, Bo", 1900, 0.0, 2, ["   1 b 0"]),
    ]
)


def test_counted() -> None:
    assert [counted(n, "round") for n in (0, 1, 2)] == ["0 rounds", "1 round", "2 rounds"]
    assert counted(1, "match", "matches") == "1 match"
    assert counted(3, "match", "matches") == "3 matches"


def test_one_round_is_one_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "one.trf"
    path.write_text(ONE_ROUND + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0 and "players: 2 (2 rated), 1 round\n" in out
    code, out, _ = run(capsys, "norms", str(path))
    assert code == 0 and "1 rounds" not in out
    path.write_text(ONE_ROUND.replace("042", "XXR 3\n042") + "\n", encoding="utf-8")
    _, out, _ = run(capsys, "check", str(path))
    assert "the file writes 1 round, the event has 3 (XXR)" in out
    path.write_text(ONE_ROUND.replace("042", "132" + " " * 87 + "24/05/04\n042") + "\n")
    _, out, _ = run(capsys, "check", str(path))
    assert "1 rounds" not in out and "1 round dates" not in out


def test_norms_header_names_the_event_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Crete's cup: a Swiss (not the option's value ``swiss``) whose every round had one rated
    player from outside Greece, of one federation."""
    crete = (
        Path(__file__).resolve().parent / "data" / "real" / "crete-friendship-cup-2024-rapid.trf"
    )
    code, out, _ = run(capsys, "norms", str(crete))
    assert code == 0 and "\nevent:  Swiss, 7 rounds\n" in out
    assert (
        "1.4.3d: not exempt: fewest in a round: 1 rated player not from the host federation "
        "(need 20), 1 federation (need 3), 0 GM/IM/WGM/WIM (need 10)"
    ) in out


def test_records_out_of_place_are_counted(capsys: pytest.CaptureFixture[str]) -> None:
    data = Path(__file__).resolve().parent / "data" / "trf"
    _, out, _ = run(capsys, "check", str(data / "inconsistent.trf"))
    assert (
        "event record 012 after the player lines (the first player line is line 4; 1 such "
        "record in all)"
    ) in out
    _, out, _ = run(capsys, "check", str(data / "out_of_order.trf"))
    assert "(the first player line is line 1; 5 such records in all)" in out
    assert "no. 1 comes after a higher number (2 places in all)" in out


def test_the_forecast_counts_the_rounds_left_and_says_why_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """8 rounds of 9 played, 5.5 points against eight GMs rated 2500 (norm_events.star_trf); the
    last assumed at 2500: 9 games at Ra 2500 need 6/9 (67 %, dp 125, Rp 2625 >= 2600), so 0.5
    of the 1 round left. With 8 rounds in all, none is left; in a lichess export nobody is
    rated."""
    feds = ["GER", "FRA", "NED", "ITA", "ENG", "NOR", "SWE", "POL"]
    results = ["1", "1", "1", "1", "=", "=", "0", "="]
    path = tmp_path / "eight.trf"
    path.write_text(star_trf([Opp(2500, "GM", f, r) for f, r in zip(feds, results)]))
    trf = str(path)
    _, out, _ = run(capsys, "norms", trf, "--forecast", "--rounds", "9")
    assert "GM needs 0.5 of the 1 remaining round (5.5/8 so far" in out
    _, out, _ = run(capsys, "norms", trf, "--forecast", "--rounds", "8")
    assert "\n- no round is left: the event's 8 rounds are played\n" in out
    assert "An opponent not yet paired" not in out
    lichess = Path(__file__).resolve().parent / "data" / "real" / "lichess-swiss-2021-03.trf"
    _, out, _ = run(capsys, "norms", str(lichess), "--forecast", "--rounds", "12")
    assert "\n- nobody can make a norm: no player is rated\n" in out


def test_a_cells_error_counts_one_cell() -> None:
    from xlfuncs import udfs

    assert udfs.EXPLAIN_ERROR("ELO_CHANGE", 2000, 2400, [[1], [0]], 20) == (
        "ELO_CHANGE: opponent_ratings has 1 cell but results has 2; they must be the same size"
    )
