"""What the report prints beside the figures: titles in FIDE's spelling in every output, and
only the notes that apply to the event (real files of tests/data/real)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from cli_support import run

REAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "real"
KARL_MALA = str(REAL / "karl-mala-2005.trf")
LICHESS = [str(REAL / "lichess-swiss-2020-06.trf"), str(REAL / "lichess-swiss-2021-03.trf")]


def test_the_file_writes_old_title_codes() -> None:
    """The input: TRF16's old codes in columns 11-13 (g, m, f), not FIDE's GM, IM, FM."""
    lines = (REAL / "karl-mala-2005.trf").read_text(encoding="latin-1").splitlines()
    codes = {line[10:13].strip() for line in lines if line.startswith("001")}
    assert {"g", "m", "f"} <= codes and not codes & {"GM", "IM", "FM"}


def test_titles_are_fides_abbreviations_in_every_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, text, _ = run(capsys, "report", KARL_MALA)
    row = next(line for line in text.splitlines() if "Vasquez,Rodrigo" in line)
    assert row.split()[2] == "GM"
    titles = {line[40:43].strip() for line in text.splitlines()[14:300] if line[:5].strip()}
    assert not titles & {"g", "m", "f", "wg", "wm", "wf"}
    _, out, _ = run(capsys, "report", KARL_MALA, "--format", "json")
    players = json.loads(out)
    assert {p["title"] for p in players} <= {"", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM"}
    assert players[0]["title"] == "GM" and players[1]["title"] == "IM"
    _, out, _ = run(capsys, "report", KARL_MALA, "--format", "csv")
    rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
    title = rows[0].index("title")
    assert [r[title] for r in rows[1:4]] == ["GM", "IM", "IM"]
    _, out, _ = run(capsys, "norms", KARL_MALA, "--player", "1")
    assert out.startswith("no. 1 Vasquez,Rodrigo (GM, CHI, 2558)\n")
    _, out, _ = run(capsys, "norms", KARL_MALA, "--format", "json")
    assert {p["title"] for p in json.loads(out)} <= {"", "GM", "IM", "FM", "WGM", "WIM", "WFM"}


@pytest.mark.parametrize("path", LICHESS)
def test_no_rating_notes_when_no_player_is_rated(
    capsys: pytest.CaptureFixture[str], path: str
) -> None:
    """lichess' exports carry no rating: no note on K, the rating change, first ratings,
    norms or infinite performances, no K legend, and one line for the first ratings."""
    code, out, _ = run(capsys, "report", path)
    assert code == 0 and "(0 rated)" in out
    for note in ("\nNotes\n", "- K: ", "- Rating change: ", "- First ratings: ", "- Norms: "):
        assert note not in out
    assert "- Rp exact" not in out and "K from:" not in out
    assert (
        "First ratings (unrated players)\n"
        "- none: no player of the event is rated, so no game is against a rated one\n"
    ) in out


def test_the_notes_that_apply_are_printed(capsys: pytest.CaptureFixture[str]) -> None:
    """Karl-Mala 2005: rated and unrated players, K assumed, a 100 % score against rated
    opponents nowhere but an infinite exact performance somewhere: each note once."""
    _, out, _ = run(capsys, "report", KARL_MALA)
    notes = out.split("\nNotes\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert [n.split(":", 1)[0] for n in notes] == [
        "- K",
        "- Rating change",
        "- First ratings",
        "- Norms",
        "- Rp exact",
    ]
    assert " +inf" in out or " -inf" in out  # the Rp exact note explains a figure shown


@pytest.mark.parametrize("path", LICHESS)
def test_norms_says_why_nothing_is_left_to_check_when_no_player_is_rated(
    capsys: pytest.CaptureFixture[str], path: str
) -> None:
    """No rated player: every opponent counts at the unrated value (1000 before 2024, the
    events' year 2020), far below the lowest norm's Ra; the registration, the arbiter's title
    and the time control are not listed as if they could still decide a norm."""
    code, out, _ = run(capsys, "norms", path)
    unchecked = out.split("Not checked from the file", 1)[1].split("\n\n", 1)[0]
    assert code == 0 and unchecked.splitlines()[1:] == [
        "- nothing: no player is rated, so no Ra reaches a norm's minimum (an unrated "
        "opponent counts at 1000)"
    ]
    assert (
        "not a World or Continental Team or Club Championship, World Cup, national final or "
        "zonal (--event-type to say otherwise)"
    ) in out


def test_period_of_unrated_players_says_only_what_applies(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A lichess event rated on its own list: no K note (nobody has a K), one line for the
    first ratings, and no argument name of the core (``opponent_ratings:``) in the text."""
    code, out, _ = run(capsys, "period", LICHESS[1], "--list-date", "2020-07")
    assert code == 0
    assert "- K: " not in out and "opponent_ratings" not in out and "\n- - " not in out
    assert (
        "First ratings (unrated players, games pooled over the period's events)\n"
        "- none: no player of these events is rated, so no game is against a rated one\n"
    ) in out
    assert "\n- Rtg: the rating the change is added to" in out


def test_one_players_working_names_no_core_argument(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", LICHESS[1], "--player", "1")
    assert code == 0 and "\nFirst rating: none (no game against a rated opponent)\n" in out
    _, out, _ = run(capsys, "report", LICHESS[1], "--player", "1", "--format", "json")
    assert json.loads(out)["no_first_rating"] == "no game against a rated opponent"
