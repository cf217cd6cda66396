"""The command line: demo and lite (report has its own tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlfuncs.cli import main


def test_demo_prints_the_worked_examples(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the default folder, xlfuncs-demo, is made here
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    # seed: 2551; 2.5/3 vs 2400/2500/2600: exact 2792, FIDE 2773, linear 2767
    for expected in ("->  2551", "->  2792", "->  2773", "->  2767", "->  -12", "->  #NUM!"):
        assert expected in out


def test_lite_writes_the_bundle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lite", "-o", str(tmp_path / "lite")]) == 0
    out = capsys.readouterr().out.split()
    assert [Path(p).name for p in out] == ["main.py", "requirements.txt"]
    text = (tmp_path / "lite" / "main.py").read_text(encoding="utf-8")
    assert "def RP_FIDE(" in text and "import xlwings as xw" in text


def test_lite_reports_an_unwritable_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["lite", "-o", str(blocker / "sub")]) == 1
    assert "xlfuncs: error: cannot write to" in capsys.readouterr().err


def test_demo_writes_both_workbooks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "-o", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "round-robin crosstable" in out and "Swiss wall chart" in out
    assert (tmp_path / "demo_round_robin.xlsx").is_file()
    assert (tmp_path / "demo_swiss.xlsx").is_file()
