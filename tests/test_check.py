"""``xlfuncs check`` (:mod:`xlfuncs.commands.check`, :mod:`xlfuncs.event.check`); the writer's
round trip is ``tests/test_trf_writer.py``.

Every case is a real file's known defect, or a mutation of a real file whose fix gives the
real file back, byte for byte:

* lichess' exports never fill the ranks (lila issue 7634), wrote the pairing-allocated bye
  ``F`` instead of ``U`` (lila issue 6669: "this result should be encoded as 'U' (for
  unpaired) rather than 'F'", TRF16) and wrote a superfluous round ``0000   -`` for some
  players (lila issue 6906, lichess-org/api issue 42);
* the Crete friendship cup (Swiss-Manager) gives one FIDE id to two players and players
  points that their results do not add up to (a team event: the fix is not certain);
* the exit status is FIDE's checker's: 0 clean, 1 errors, 4 warnings only.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import run

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
REAL = DATA / "real"
LICHESS = REAL / "lichess-swiss-2021-03.trf"
CRETE = REAL / "crete-friendship-cup-2024-rapid.trf"
EVERY = DATA / "trf2026" / "every-record.trf"
DEMO = ROOT / "xlfuncs" / "data" / "demo_swiss.trf"


def _mutated(tmp_path: Path, source: Path, *changes: tuple[str, str]) -> Path:
    """*source* with each (old, new) replaced once, written to a scratch file."""
    text = source.read_bytes().decode("utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / source.name
    path.write_bytes(text.encode("utf-8"))
    return path


def _columns(tmp_path: Path, source: Path, line_no: int, first: int, text: str) -> Path:
    """*source* with *text* written from column *first* of line *line_no*."""
    lines = source.read_bytes().decode("utf-8").split("\n")
    old = lines[line_no - 1]
    lines[line_no - 1] = old[: first - 1] + text + old[first - 1 + len(text) :]
    path = tmp_path / source.name
    path.write_bytes("\n".join(lines).encode("utf-8"))
    return path


def _fixed(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> tuple[int, str, bytes]:
    out_path = path.with_name("fixed.trf")
    code, out, err = run(capsys, "check", str(path), "--fix", "-o", str(out_path), *extra)
    assert err == ""
    return code, out, out_path.read_bytes()


def test_a_clean_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(DEMO))
    assert (code, out) == (0, "demo_swiss.trf: nothing to correct\n")


def test_lichess_ranks_never_filled_are_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(LICHESS))
    assert code == 4
    assert "lichess-swiss-2021-03.trf: warning: ranks never filled: the file gives no ranks" in out
    assert "--tiebreaks" in out  # the defaults need not be lichess' tie-breaks: no fix
    assert out.endswith("lichess-swiss-2021-03.trf: 2 warnings\n")


def test_lichess_ranks_written_by_the_events_tiebreaks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, fixed = _fixed(capsys, _mutated(tmp_path, LICHESS), "--tiebreaks", "SB")
    assert "wrote " in out and ": 9 changes" in out
    players = [line for line in fixed.decode().splitlines() if line[:3] == "001"]
    ranks = {int(line[4:8]): int(line[85:89]) for line in players}
    # By points (columns 81-84): 7.5 7.5 6.0 6.0 6.0 4.0 3.5 2.5 2.0; SB orders the ties.
    assert {ranks[1], ranks[2]} <= {1, 2}
    assert {ranks[3], ranks[4], ranks[5]} <= {3, 4, 5}
    assert [ranks[n] for n in (6, 7, 8, 9)] == [6, 7, 8, 9]
    assert code == 4  # 122 (the time control) is still blank
    assert out.endswith("fixed.trf: 1 warning\n")


def test_lichess_pairing_allocated_bye_written_f(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # No. 1's round 9 (column 179): the bye lichess wrote F before lila issue 6669.
    path = _mutated(tmp_path, LICHESS, ("8 b 1         U\n", "8 b 1         F\n"))
    code, out, fixed = _fixed(capsys, path)
    assert (
        "lichess-swiss-2021-03.trf, line 16, column 179: warning: no. 1 (mattderkuerschner), "
        "round 9: the bye is written F" in out
    )
    assert "  line 16, columns 179-179: 'F' -> 'U'" in out
    assert fixed == LICHESS.read_bytes()
    assert code == 4


def test_an_f_elsewhere_is_the_arbiters_bye(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(EVERY))  # no. 5's F in round 2
    assert "bye is written F" not in out
    assert out.endswith("every-record.trf: nothing to correct, 3 notes\n")  # record 299's
    assert code == 0


def test_lichess_superfluous_round_is_cut_off(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    changes = [(f"{tail}\n", f"{tail}  0000   -\n") for tail in ("4 w 1", "2 w 0")]  # 6, 9
    path = _mutated(tmp_path, LICHESS, *changes)
    code, out, fixed = _fixed(capsys, path)
    assert (
        "lichess-swiss-2021-03.trf, line 21, columns 182-189: error: round 10 written, but the "
        "event has 9 rounds (XXR), on 2 player lines: no game was played and no one scored "
        "in it; fix: cut the lines after round 9" in out
    )
    assert fixed == LICHESS.read_bytes()
    assert code == 4  # what is left: the ranks, the time control


def test_points_that_do_not_sum_are_rewritten(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _columns(tmp_path, LICHESS, 16, 81, " 6.5")
    code, out, fixed = _fixed(capsys, path)
    # 1 + = + 1 + 1 + 1 + 0 + 1 + 1 + U (1): 7.5
    assert (
        "lichess-swiss-2021-03.trf, line 16, columns 81-84: error: no. 1 (mattderkuerschner): "
        "the file gives 6.5 points, the results add up to 7.5; fix: write 7.5" in out
    )
    assert "  line 16, columns 81-84: ' 6.5' -> ' 7.5'" in out
    assert fixed == LICHESS.read_bytes()
    assert code == 4


def test_wrong_player_count_is_rewritten(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, fixed = _fixed(capsys, _mutated(tmp_path, LICHESS, ("062 9\n", "062 10\n")))
    assert "line 6, columns 5-6: error: 062 gives 10 players, the file has 9; fix: write 9" in out
    assert fixed == LICHESS.read_bytes()
    assert code == 4


def test_asymmetric_pairing_is_an_error_without_fix(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # No. 1 met no. 6 in round 1; the mutation makes no. 1's line name no. 7.
    path = _columns(tmp_path, LICHESS, 16, 92, "   7")
    code, out, fixed = _fixed(capsys, path)
    assert (
        "line 16, columns 92-99: error: no. 1 (mattderkuerschner), round 1: plays no. 7 "
        "(michaelwalz7), whose line gives opponent 9" in out
    )
    assert ": 0 changes" in out
    assert fixed == path.read_bytes()  # nothing certain: the same bytes
    assert code == 1


def test_real_team_event_points_and_duplicate_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(CRETE))
    assert code == 1
    assert (
        "crete-friendship-cup-2024-rapid.trf, line 146: error: no. 127 (Meletaki,Aggeliki): "
        "FIDE id 42143365 is given to no. 54 (Meletaki,Angeliki) too" in out
    )
    # more than five players' points: one line counts them, naming their lines
    (counted,) = [line for line in out.splitlines() if ": error: points: " in line]
    assert counted.startswith("crete-friendship-cup-2024-rapid.trf: error: points: ")
    assert ", lines 28, 31, " in counted and counted.endswith("(each with --verbose)")
    said = (
        "line 28, columns 81-84: error: no. 9 (Hatzidakis,Nikolaos): the file gives 3.5 "
        "points, the results add up to 2.5; fix: check the results"
    )
    assert said not in out
    code, out, _ = run(capsys, "check", "--verbose", str(CRETE))
    assert code == 1 and said in out and ": error: points: " not in out


def test_ranks_against_the_files_own_tiebreaks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = EVERY.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    players = [i for i, line in enumerate(lines) if line.startswith("001")]
    a, b = players[0], players[1]
    ra, rb = lines[a][85:89], lines[b][85:89]
    mutated = list(lines)
    mutated[a] = lines[a][:85] + rb + lines[a][89:]
    mutated[b] = lines[b][:85] + ra + lines[b][89:]
    path = tmp_path / EVERY.name
    path.write_text("".join(mutated), encoding="utf-8")
    code, out, fixed = _fixed(capsys, path)
    assert f"line {a + 1}, columns 86-89: error: no. 1 " in out  # 202 gives the tie-breaks
    assert fixed == EVERY.read_bytes()
    assert code == 0


def test_records_out_of_place(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(DATA / "trf" / "out_of_order.trf"))
    assert "line 2, columns 1-3: warning: event record 012 after the player lines" in out
    assert "line 3, columns 5-8: warning: player lines out of starting-rank order" in out
    assert code == 4


def test_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # an opponent that is no starting rank: the round's columns cannot be read
    path = _columns(tmp_path, LICHESS, 16, 92, "  x6")
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert "lichess-swiss-2021-03.trf, line 16, columns 92-95 (round 1 opponent)" in err


def test_a_value_is_a_finding_with_its_line_and_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # points that are not a number: read as not given, a warning at their line and columns
    path = _columns(tmp_path, LICHESS, 16, 81, " 7,5")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 4
    assert (
        "lichess-swiss-2021-03.trf, line 16, columns 81-84: warning: points that are not a "
        "number (columns 81-84), 1 in the file: no. 1 (" in out
    )
    assert "'7,5', line 16: read as not given: the results' sum stands for them" in out


def test_fix_outputs_follow_the_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _mutated(tmp_path, LICHESS)
    assert run(capsys, "check", str(path), "--fix")[0] == 2
    assert run(capsys, "check", str(path), "--fix", "-o", str(path))[0] == 1
    out_path = tmp_path / "out.trf"
    out_path.write_bytes(b"keep")
    code, _, err = run(capsys, "check", str(path), "--fix", "-o", str(out_path))
    assert (code, out_path.read_bytes()) == (1, b"keep")
    assert "exists: give --force" in err
    assert run(capsys, "check", str(path), "--fix", "-o", str(out_path), "--force")[0] == 4
    assert out_path.read_bytes() == LICHESS.read_bytes()  # nothing certain to fix


def test_a_file_written_mid_event_misses_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    # Held's 9-round exercise cut after round 4, byes entered for round 5, XXR 9 kept.
    code, out, _ = run(capsys, "check", str(DATA / "trf" / "held_swiss_after_4_of_9.trf"))
    assert (
        "held_swiss_after_4_of_9.trf, line 5: warning: the file writes 5 rounds, the event has "
        "9 (XXR): a file for rating holds every round" in out
    )
    assert "note: tie-breaks: no game was played in round 5 yet" in out  # said, not counted
    assert code == 4


def test_trf2026_records_that_disagree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _mutated(
        tmp_path,
        EVERY,
        ("212 PTS,BH/C1,BH,SB\n", "212 PTS,BH,BH/C1,SB\n"),
        ("142 3\n", "142 3\nXXR 4\n"),
    )
    code, out, _ = run(capsys, "check", str(path))
    assert (
        "every-record.trf, line 23: warning: 212 lists the tie-breaks PTS,BH,BH/C1,SB, 202 "
        "(line 22) BH/C1,BH,SB: 202's are used" in out
    )
    assert "every-record.trf, line 16: warning: XXR gives 4 rounds, 142 (line 15) 3" in out
    assert code == 4


def test_a_warning_of_the_reading_names_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", str(EVERY))
    assert "every-record.trf, line 42: note: record 299, line 42: no. 6 -1.0 point" in out


def test_dates_out_of_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _mutated(tmp_path, EVERY, ("052 2026/03/15\n", "052 2026/03/13\n"))
    code, out, _ = run(capsys, "check", str(path))
    assert (
        "every-record.trf, line 6: warning: the end date (052) 2026-03-13 is before the start "
        "date (042) 2026-03-14" in out
    )
    # 132: 26/03/14 26/03/14 26/03/15, each in its round's columns
    assert (
        "line 14, columns 92-99: warning: round 1's date (132) 2026-03-14 is after the end" in out
    )
    assert "line 14, columns 112-119: warning: round 3's date (132) 2026-03-15 is after" in out
    assert code == 4


def test_control_characters_from_the_file_are_shown_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    named = _mutated(tmp_path, LICHESS, ("mattderkuerschner", "mattderkuerschne\x1b"))
    path = _columns(tmp_path, named, 16, 81, " 6.5")
    _, out, _ = run(capsys, "check", str(path))
    assert "no. 1 (mattderkuerschne\\x1b): the file gives 6.5 points" in out
    assert "\x1b" not in out


def test_trf2026_pairing_records_against_the_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 260: nos. 3 and 4 may not meet in rounds 1-3 (they did not); the mutation names no. 1,
    # who met no. 4 in round 1. 250: players 1-3 accelerated; the mutation, players 1-8.
    path = _mutated(
        tmp_path,
        EVERY,
        ("260 001 003    3    4\n", "260 001 003    1    4\n"),
        ("0001 0003\n", "0001 0008\n"),
    )
    code, out, _ = run(capsys, "check", str(path))
    assert (
        "every-record.trf, line 25, columns 92-99: warning: no. 1 (Ashford, Peregrine) met "
        "no. 4 in round 1, a pairing record 260 (line 40) prohibits in rounds 1-3" in out
    )
    assert "every-record.trf, line 38: warning: record 250 names nos. 7, 8, not in the file" in out
    assert code == 4


NOTHING_CERTAIN = (
    "crete-friendship-cup-2024-rapid.trf",
    "karl-mala-2005.trf",
    "lichess-swiss-2020-06.trf",
    "lichess-swiss-2021-03.trf",
)
"""The real files in which no fix is certain (the Irish ones have points and 072 counts to
write)."""


@pytest.mark.parametrize("path", [REAL / n for n in NOTHING_CERTAIN], ids=lambda p: p.name)
def test_fix_with_nothing_certain_writes_every_real_file_back_unchanged(
    path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_path = tmp_path / "fixed.trf"
    code, out, _ = run(capsys, "check", str(path), "--fix", "-o", str(out_path))
    assert f"wrote {out_path}: 0 changes" in out  # no fix is certain in any of them
    assert out_path.read_bytes() == path.read_bytes()
    assert code in (1, 4)


def test_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import json

    path = _columns(tmp_path, LICHESS, 16, 81, " 6.5")
    out_path = tmp_path / "fixed.trf"
    argv = ("check", str(path), "--format", "json", "--fix", "-o", str(out_path))
    code, out, _ = run(capsys, *argv)
    doc = json.loads(out)
    assert doc["status"] == 1 and doc["after"]["status"] == code == 4
    points = next(f for f in doc["findings"] if f["kind"] == "points")
    assert (points["line"], points["columns"], points["fix"], points["fixable"]) == (
        16,
        "81-84",
        "write 7.5",
        True,
    )
    assert doc["changes"] == [
        {"line": 16, "columns": "81-84", "before": " 6.5", "after": " 7.5", "kind": "points"}
    ]
    assert [f["kind"] for f in doc["after"]["findings"]] == ["rank", "rate_of_play"]


def test_ranks_rewritten_leave_the_unranked_players_unranked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # FIDE's Karl-Mala example leaves 8 entries unranked, rank 0 or blank: 7 withdrawn players
    # and no. 284, the bye's pseudo-player "spielfrei" (read as byes, not as a player); ranked
    # by BH/C1,BH,SB, as if they were the event's, every other rank is rewritten. The fixed
    # file keeps the pseudo-player, so its check still warns about it (exit 4: warnings only).
    source = REAL / "karl-mala-2005.trf"
    path = _mutated(tmp_path, source)
    code, out, fixed = _fixed(capsys, path, "--tiebreaks", "BH/C1,BH,SB")
    assert ": 244 changes" in out
    assert "the file leaves 7 players unranked" in out
    assert "line 297: warning: no. 284 (spielfrei), line 297: the bye's pseudo-player" in out
    assert out.endswith("fixed.trf: 1 warning, 1 note\n")
    assert code == 4

    def ranks(text: str) -> dict[str, str]:
        return {line[4:8]: line[85:89] for line in text.splitlines() if line[:3] == "001"}

    before, after = ranks(source.read_text("utf-8")), ranks(fixed.decode("utf-8"))
    unranked = [n for n, rank in before.items() if not rank.strip("0 ")]
    assert len(unranked) == 8
    assert all(after[n] == before[n] for n in unranked)


def test_the_next_round_paired_but_not_played_is_a_note(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The mid-event file (after round 4 of 9) with round 5 paired for nos. 1 and 2 and no
    # result yet, as a pairing program writes it: a note, not an error; the same pairing
    # without a result in round 4, which the standing counts, stays an error.
    mid = DATA / "trf" / "held_swiss_after_4_of_9.trf"
    one = "   0 1990/01/01  3.0          9 w 1    13 b =     2 w =    15 b 1"
    two = "   0 1990/01/01  3.5         10 b 1     7 w 1     1 b =    16 w 1"
    paired = _mutated(
        tmp_path, mid, (one + "\n", one + "     2 w  \n"), (two + "\n", two + "     1 b  \n")
    )
    code, out, _ = run(capsys, "check", str(paired))
    assert "error" not in out.replace("errors", "")
    assert (
        "line 6, columns 132-139: note: no. 1 (Alyx), round 5: opponent 2 but no result (not "
        "played yet: the standing is after round 4)" in out
    )
    assert code == 4  # the same as the file's: its warnings
    unplayed = _mutated(tmp_path, mid, (one + "\n", one[:-1] + " \n"))
    code, out, _ = run(capsys, "check", str(unplayed))
    assert "error: no. 1 (Alyx), round 4: opponent 15 but no result" in out
