"""One exit status for one kind of failure, in every command (``docs/exit-status.md``): 1 a
file cannot be read or written, 2 the command line asks for what cannot be (a player the
file does not hold, an output named for another format than the one written), and each
command's ``--help`` says so."""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.cli import build_parser, main
from xlfuncs.commands import COMMANDS
from xlfuncs.commands.support import EXIT_STATUS_HELP

ROOT = Path(__file__).resolve().parents[1]
KARL_MALA = str(ROOT / "tests" / "data" / "real" / "karl-mala-2005.trf")
DEMO_RR = str(resources.files("xlfuncs") / "data" / "demo_round_robin.trf")


def _words(text: str) -> str:
    return " ".join(text.split())


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_command_help_gives_the_exit_statuses() -> None:
    parsers = _subparsers()
    assert len(parsers) == len(COMMANDS)
    for name, parser in parsers.items():
        assert _words(EXIT_STATUS_HELP) in _words(parser.format_help()), name


def test_the_docs_give_the_same_exit_statuses() -> None:
    text = (ROOT / "docs" / "exit-status.md").read_text(encoding="utf-8")
    for code in ("`0`", "`1`", "`2`", "`3`", "`4`"):
        assert code in text
    for page in ("report", "check", "norms", "period", "title", "templates", "lite", "plan"):
        assert "exit-status.md" in (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8"), page


@pytest.mark.parametrize(
    "argv",
    [
        ("report", KARL_MALA, "--player", "284"),
        ("norms", KARL_MALA, "--player", "284"),
        ("norms", KARL_MALA, "--certificate", "284", "-o", "never.xlsx"),
    ],
)
def test_the_bye_pseudo_player_is_named_as_such_with_one_status(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    """Karl-Mala 2005's entry 284 is ``spielfrei`` (line 297), the bye's pseudo-player that
    docs/trf.md leaves out: said so, and the players are 1 to 283 (not "outside 1..284")."""
    option = argv[2]
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err == (
        f"xlfuncs: error: {option} 284: no. 284 of karl-mala-2005.trf (spielfrei, line 297) "
        "is the bye's pseudo-player, not a player: left out of the players (docs/trf.md); the "
        "players are 1..283\n"
    )


@pytest.mark.parametrize("command", ["report", "norms"])
def test_a_start_number_of_no_player_is_the_same_status_everywhere(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, out, err = run(capsys, command, DEMO_RR, "--player", "99")
    assert (code, out) == (2, "")
    assert err == (
        "xlfuncs: error: --player 99: demo_round_robin.trf has no player of starting rank 99; "
        "the players are 1..10\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("report", "{missing}"),
        ("crosstable", "{missing}", "-o", "{tmp}/out.xlsx"),
        ("norms", "{missing}"),
        ("check", "{missing}"),
        ("period", "{missing}"),
        ("title", "{missing}", "--fide-id", "1", "--title", "GM"),
    ],
)
def test_a_missing_file_is_status_1_everywhere(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]
) -> None:
    missing = str(tmp_path / "nope.trf")
    given = [a.format(missing=missing, tmp=tmp_path) for a in argv]
    code, out, err = run(capsys, *given)
    assert code == 1 and "nope.trf" in err and "no such file" in err, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("crosstable", DEMO_RR, "-o", "out.csv"),
            "-o out.csv: the file written is an Excel workbook (.xlsx), but its name ends "
            ".csv: give a name ending .xlsx, e.g. out.xlsx",
        ),
        (
            ("crosstable", DEMO_RR, "-o", "out"),
            "-o out: the file written is an Excel workbook (.xlsx), but its name has no "
            "extension: give a name ending .xlsx, e.g. out.xlsx",
        ),
        (
            ("norms", DEMO_RR, "--certificate", "8", "-o", "cert.pdf"),
            "-o cert.pdf: the file written is an Excel workbook (.xlsx), but its name ends "
            ".pdf: give a name ending .xlsx, e.g. cert.xlsx",
        ),
        (
            ("norms", DEMO_RR, "-o", "cert.xlsx"),
            "-o cert.xlsx: -o names the workbook of --certificate N, not given",
        ),
        (
            ("period", DEMO_RR, "-o", "period.csv"),
            "-o period.csv: the file written is an Excel workbook (.xlsx), but its name ends "
            ".csv: give a name ending .xlsx, e.g. period.xlsx",
        ),
        (
            ("period", DEMO_RR, "--list-out", "list.xlsx"),
            "--list-out list.xlsx: the file written is a rating list in FIDE's TXT layout "
            "(.txt), but its name ends .xlsx: give a name ending .txt, e.g. list.txt",
        ),
        (
            ("check", DEMO_RR, "--fix", "-o", "fixed.xlsx"),
            "-o fixed.xlsx: the file written is a TRF (.trf or .txt), but its name ends "
            ".xlsx: give a name ending .trf or .txt, e.g. fixed.trf",
        ),
        (
            ("lite", "-o", "code.xlsx"),
            "-o code.xlsx: main.py and requirements.txt go into a folder, and code.xlsx is "
            "named like a file (.xlsx): give the folder's name",
        ),
        (
            ("templates", "-o", "blank.xlsx"),
            "-o blank.xlsx: the template workbooks go into a folder, and blank.xlsx is named "
            "like a file (.xlsx): give the folder's name",
        ),
        (
            ("demo", "-o", "demo.xlsx"),
            "-o demo.xlsx: the demo's workbooks go into a folder, and demo.xlsx is named like "
            "a file (.xlsx): give the folder's name",
        ),
    ],
)
def test_an_output_named_for_another_format_is_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: tuple[str, ...],
    message: str,
) -> None:
    """Before the work, exit status 2, the option and value named, nothing written."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", f"xlfuncs: error: {message}\n")
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_option_value_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["report", DEMO_RR, "--format", "xml"])
    assert caught.value.code == 2 and "--format" in capsys.readouterr().err
