"""Tests of ``xlfuncs report`` (:mod:`xlfuncs.cli`): output formats, messages, exit codes.

Exit codes: 0 printed; 1 a file missing, unreadable or malformed; 2 a wrong command line
(argparse's own code), an unknown edition included.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.cli import main

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
DEMO_RR = ROOT / "xlfuncs" / "data" / "demo_round_robin.trf"

# A round robin of 3 in May 2023 (2022 rules): R1 1-2 (3 has the bye), R2 2-3, R3 3-1.
# 1 beats 2 and draws 3; 2 beats 3.
EVENT = """\
012 Tiny Round Robin
042 2023/05/10
052 2023/05/12
001    1 m    Ash, Ada                          2100 ENG    99000001 1980/01/01  1.5    1     2 w 1  0000 - -     3 b =
001    2 m    Box, Bo                           2000 ENG    99000002 1980/01/01  1.0    2     1 b 0     3 w 1  0000 - -
001    3 w    Çay, Cem                          1900 TUR    99000003 1980/01/01  0.5    3  0000 - -     2 b 0     1 w =
122 90'+30"
092 Round robin
"""  # noqa: E501


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.trf"
    path.write_text(EVENT, encoding="utf-8")
    return path


def test_text(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    code, out, err = run(capsys, "report", str(event))
    assert (code, err) == (0, "")  # no progress: stderr is not a terminal
    lines = out.splitlines()
    assert lines[0] == "Tiny Round Robin"
    header = next(i for i, s in enumerate(lines) if s.startswith("No "))
    assert [s.split()[0] for s in lines[header + 2 : header + 5]] == ["1", "2", "3"]
    assert "Çay, Cem" in out
    assert "rules:   2022 (in force on 2023-05-10)" in out
    # Ash 2100, K 20: vs 2000 (D 100 -> PD .64) 1 - .64 = .36; vs 1900 (D 200 -> .76)
    # .5 - .76 = -.26; sum .10 x 20 = 2
    ash = lines[header + 2].split()
    assert ash[ash.index("30+?") + 1] == "+2"


def test_json(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    code, out, err = run(capsys, "report", str(event), "--format", "json", "--rules", "2025")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert [d["start_no"] for d in data] == [1, 2, 3]
    assert data[2]["name"] == "Çay, Cem" and "Çay" in out  # UTF-8, not \u escapes
    for key in (
        "start_no",
        "name",
        "rating",
        "points",
        "rated_games",
        "ra",
        "rp_fide",
        "rp_exact",
        "k",
        "rating_change",
        "initial_rating",
        "norm",
    ):
        assert all(key in d for d in data)
    assert [d["points"] for d in data] == [1.5, 1.0, 0.5]
    assert all(d["initial_rating"] is None and d["norm"] is None for d in data)


def test_csv(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    code, out, _ = run(capsys, "report", str(event), "--format", "csv")
    assert code == 0
    assert out.startswith("\ufeff")  # a byte-order mark: Excel reads the file as UTF-8
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"))))
    assert rows[0][:4] == ["start_no", "name", "sex", "title"]
    assert "rating_change" in rows[0] and "initial_rating" in rows[0]
    assert [r[1] for r in rows[1:]] == ["Ash, Ada", "Box, Bo", "Çay, Cem"]


def test_warnings_and_discrepancies_go_to_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "old.trf"
    path.write_text(
        EVENT.replace("2023/05/10", "2005/05/10").replace(" 1.5    1", " 2.0    1"),
        encoding="utf-8",
    )
    code, out, err = run(capsys, "report", str(path), "--format", "json")
    assert code == 0
    json.loads(out)  # stdout holds the data only
    assert err.splitlines() == [
        "xlfuncs: warning: the event (2005-05-10) is older than the oldest implemented rules "
        "(2017, in force from 2017-07-01): used the 2017 rules; give --rules to choose",
        "xlfuncs: discrepancy: old.trf, line 4: no. 1 (Ash, Ada): the file gives 2.0 points, "
        "the results add up to 1.5",
    ]


def test_progress_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, _, err = run(capsys, "report", str(event))
    assert code == 0
    assert err.splitlines() == [f"reading {event}...", "computing 3 players..."]


def test_k_file(capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path) -> None:
    ks = tmp_path / "k.csv"
    ks.write_text("fide_id,k\n99000001,40\n", encoding="utf-8")
    code, out, _ = run(capsys, "report", str(event), "--k-file", str(ks), "--format", "json")
    assert code == 0
    ash = json.loads(out)[0]
    # .10 x 40 = 4
    assert (ash["k"], ash["k_source"], ash["rating_change"]) == (40, "override file", 4)


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.trf"
    code, out, err = run(capsys, "report", str(missing))
    assert (code, out) == (1, "")
    assert err == f"xlfuncs: error: cannot read {missing}: no such file\n"


def test_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "report", str(tmp_path))  # a directory
    assert code == 1
    assert err.startswith(f"xlfuncs: error: cannot read {tmp_path}: ")


def test_malformed_trf(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # an opponent that is no starting rank: the round's columns cannot be read
    path = tmp_path / "bad.trf"
    path.write_text(EVENT.replace("    2 w 1", "   2x w 1"), encoding="utf-8")
    code, out, err = run(capsys, "report", str(path))
    assert (code, out) == (1, "")
    assert err == (
        "xlfuncs: error: bad.trf, line 4, columns 92-95 (round 1 opponent): expected an "
        "opponent's starting rank, 0000 or a blank, found '2x'\n"
    )


def test_a_rating_that_is_not_a_number_is_read_as_unrated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(EVENT.replace("2000 ENG", "20x0 ENG"), encoding="utf-8")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0
    assert (
        "- a rating that is not a number (columns 49-52), 1 in the file: no. 2 (Box, Bo) "
        "'20x0', line 5: read as unrated, in the file's reading and FIDE's"
    ) in out


def test_unknown_edition(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    code, out, err = run(capsys, "report", str(event), "--rules", "1999")
    assert (code, out) == (2, "")
    assert err == (
        "xlfuncs: error: --rules: unknown edition '1999'; use one of 2017, 2022, "
        "2024, 2025 or a date (YYYY-MM-DD)\n"
    )
    code, _, err = run(capsys, "report", str(event), "--rules", "2010-01-01")
    assert code == 2
    assert err == (
        "xlfuncs: error: --rules: no implemented edition was in force on "
        "2010-01-01; the oldest implemented (2017) starts 2017-07-01\n"
    )


def test_bad_k_file(capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path) -> None:
    """A K file's value never refuses it (only a missing header does): each line that cannot
    be used is named in a warning, with its treatment, and the other lines are used. K 1000
    is refused as a cell refuses it (1 to 40: core's ``check_k``); K 32 is no K of the 2022
    rules but a K of 1 to 40: used as given, with its line named."""
    ks = tmp_path / "k.csv"
    ks.write_text("fide_id,k\n99000001,forty\n99000002,1000\n99000003,32\n", encoding="utf-8")
    code, out, err = run(capsys, "report", str(event), "--k-file", str(ks))
    assert (code, err) == (0, "")
    expected = "a K, a whole number from 1 to 40 (FIDE's K rule gives 40, 20 or 10)"
    assert (
        "- K file k.csv: 2 lines not used (each player's K is the one the event gives without "
        f"the file): line 2, column 2 (k): expected {expected}, found 'forty'; line 3, "
        f"column 2 (k): expected {expected}, found '1000'\n"
    ) in out
    assert (
        "- K file k.csv: line 4 (FIDE id 99000003): K 32 is not a K the 2022 rules give "
        "(40, 20 or 10): used as given\n"
    ) in out
    lines = out.splitlines()
    header = next(i for i, s in enumerate(lines) if s.startswith("No "))
    ash, box, cay = (lines[header + i].split() for i in (2, 3, 4))
    assert ash[ash.index("30+?") - 1] == "20" and box[box.index("30+?") - 1] == "20"
    # Cay 1900, K 32: vs 2000 (D -100 -> PD .36) 0 - .36; vs 2100 (D -200 -> .24) .5 - .24
    # = .26; sum -.10 x 32 = -3.2 -> -3
    assert cay[cay.index("file") - 1] == "32" and cay[cay.index("file") + 1] == "-3"
    # check names them too, as warnings of the event read with the file
    code, out, err = run(capsys, "check", str(event), "--k-file", str(ks))
    assert "tiny.trf: warning: K file k.csv: 2 lines not used" in out
    assert "tiny.trf: warning: K file k.csv: line 4 (FIDE id 99000003): K 32 is not" in out
    ks.write_text("99000001,40\n", encoding="utf-8")
    code, out, err = run(capsys, "report", str(event), "--k-file", str(ks))
    assert (code, out) == (1, "")
    assert err == (
        "xlfuncs: error: k.csv, line 1 (header): expected the header line fide_id,k, found "
        "'99000001,40'\n"
    )
    code, _, err = run(capsys, "report", str(event), "--k-file", str(tmp_path / "no.csv"))
    assert code == 1 and err == f"xlfuncs: error: cannot read {tmp_path / 'no.csv'}: no such file\n"


def test_usage_errors(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    with pytest.raises(SystemExit) as info:
        main(["report"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["report", str(event), "--format", "xml"])
    assert info.value.code == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err


def test_help_documents_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    out = capsys.readouterr().out
    assert "exit status (every command): 0 done" in out and "fide_id,k" in out


def test_as_a_program() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-m", "xlfuncs", "report", str(DEMO_RR), "--format", "json"],
        capture_output=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    data = json.loads(done.stdout.decode("utf-8"))
    assert len(data) == 10


@pytest.mark.parametrize(
    "name", ["karl-mala-2005.trf", "lichess-swiss-2020-06.trf", "lichess-swiss-2021-03.trf"]
)
@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_real_files(capsys: pytest.CaptureFixture[str], name: str, fmt: str) -> None:
    path = REAL / name
    code, out, _ = run(capsys, "report", str(path), "--format", fmt)
    assert code == 0 and out
