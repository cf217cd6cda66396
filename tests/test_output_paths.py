"""Every output of every command goes through the one safe writer (``xlfuncs/output.py``):
each kind of bad output path is refused before any work, with a message and exit 1, and
nothing the user gave is written over; the inputs are byte-identical after every command
and option that writes.

What is refused: an input file (even with ``--force``), an existing file without ``--force``,
a device (``/dev/null``: a workbook or list is written to a temporary file and renamed into
place, which a device cannot take; what goes to standard output, a report's text, CSV or JSON,
may of course be sent anywhere by the shell, ``/dev/null`` included), a folder, a folder that
does not exist, and two outputs of one run given the same path.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import run

ROOT = Path(__file__).parent.parent
DEMO = ROOT / "xlfuncs" / "data" / "demo_swiss.trf"
LIST = ROOT / "tests" / "data" / "ratinglist" / "players_list_foa.txt"


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, Path]:
    """Copies of the inputs a run may read: the TRF, a K file, a rating list."""
    trf = tmp_path / "event.trf"
    shutil.copy(DEMO, trf)
    k = tmp_path / "k.csv"
    k.write_text("fide_id,k\n99400001,10\n")
    listing = tmp_path / "players_list_foa.txt"
    shutil.copy(LIST, listing)
    return {"trf": trf, "k": k, "list": listing}


# Each command that writes a file: its arguments with OUT for the output path.
FILE_WRITERS: dict[str, Callable[[dict[str, Path]], list[str]]] = {
    "crosstable -o": lambda i: ["crosstable", str(i["trf"]), "-o", "OUT"],
    "crosstable -o (K file, list)": lambda i: [
        "crosstable", str(i["trf"]), "--k-file", str(i["k"]), "--rating-list", str(i["list"]),
        "-o", "OUT",
    ],
    "norms --certificate -o": lambda i: ["norms", str(i["trf"]), "--certificate", "6", "-o", "OUT"],
    "period -o": lambda i: ["period", str(i["trf"]), "-o", "OUT"],
    "period --list-out": lambda i: [
        "period", str(i["trf"]), "--rating-list", str(i["list"]), "--list-out", "OUT"
    ],
}  # fmt: skip


def _bad_paths(tmp: Path, i: dict[str, Path]) -> dict[str, tuple[str, str]]:
    """Each kind of bad output path -> (the path, what the message says)."""
    existing = tmp / "existing.xlsx"
    existing.write_bytes(b"keep me")
    (tmp / "folder").mkdir()
    return {
        "the TRF": (str(i["trf"]), "is the input file"),
        "the K file": (str(i["k"]), "is the input file"),
        "the rating list": (str(i["list"]), "is the input file"),
        "an existing file": (str(existing), "exists: give --force to replace it"),
        "a device": ("/dev/null", "not a regular file (a device, pipe or socket)"),
        "a folder": (str(tmp / "folder"), "is a folder"),
        "a missing folder": (str(tmp / "nowhere" / "out.xlsx"), "does not exist"),
        "standard output": ("-", "cannot write the"),
    }


@pytest.mark.parametrize("command", sorted(FILE_WRITERS))
def test_every_bad_output_path_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], inputs: dict[str, Path], command: str
) -> None:
    before = {p: p.read_bytes() for p in inputs.values()}
    for kind, (path, said) in _bad_paths(tmp_path, inputs).items():
        if kind == "a device" and not Path(path).exists():
            continue
        template = FILE_WRITERS[command](inputs)
        is_input = kind.startswith("the ") and path in template
        if kind.startswith("the ") and not is_input:  # a file this run does not read
            said = "exists: give --force to replace it"
        argv = [path if a == "OUT" else a for a in template]
        listed = sorted(p.name for p in tmp_path.iterdir())
        code, _, err = run(capsys, *argv)
        assert code == 1, (kind, err)
        assert said in err, (kind, err)
        assert "Traceback" not in err
        assert sorted(p.name for p in tmp_path.iterdir()) == listed, kind  # nothing new
        assert (tmp_path / "existing.xlsx").read_bytes() == b"keep me"
        if is_input:  # an input is refused with --force too
            code, _, err = run(capsys, *argv, "--force")
            assert code == 1 and said in err, (kind, err)
    assert {p: p.read_bytes() for p in inputs.values()} == before


def test_two_outputs_of_one_run_may_not_share_a_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], inputs: dict[str, Path]
) -> None:
    out = tmp_path / "both.xlsx"
    for force in ([], ["--force"]):
        code, _, err = run(
            capsys, "period", str(inputs["trf"]), "-o", str(out), "--list-out", str(out), *force
        )
        assert code == 1
        assert f"-o and --list-out name the same file {out}: one output would be lost" in err
        assert not out.exists()


def test_period_list_out_never_writes_over_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], inputs: dict[str, Path]
) -> None:
    """``cp x.trf s.trf && xlfuncs period s.trf --list-out s.trf`` must leave s.trf a TRF."""
    trf = inputs["trf"]
    before = trf.read_bytes()
    code, _, err = run(capsys, "period", str(trf), "--list-out", str(trf), "--force")
    assert code == 1 and "is the input file" in err
    assert trf.read_bytes() == before


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "-o", "OUT"],
        ["lite", "-o", "OUT"],
        ["templates", "-o", "OUT"],
    ],
    ids=["demo", "lite", "templates"],
)
def test_a_folder_output_that_is_a_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    existing = tmp_path / "a-file"
    existing.write_bytes(b"keep me")
    code, _, err = run(capsys, *[str(existing) if a == "OUT" else a for a in argv])
    assert code == 1 and "exists and is not a folder" in err, err
    assert existing.read_bytes() == b"keep me"


WRITERS: list[list[str]] = [
    ["report", "TRF", "--k-file", "K", "--rating-list", "LIST", "--format", "json"],
    ["report", "TRF", "--format", "csv"],
    ["norms", "TRF", "--rating-list", "LIST"],
    ["norms", "TRF", "--certificate", "6", "-o", "OUT/cert.xlsx"],
    ["crosstable", "TRF", "--k-file", "K", "--rating-list", "LIST", "-o", "OUT/x.xlsx"],
    [
        "period", "TRF", "--k-file", "K", "--rating-list", "LIST", "--player-sheets", "1",
        "-o", "OUT/p.xlsx", "--list-out", "OUT/new.txt",
    ],
]  # fmt: skip
"""Each command and option that writes a file. The period workbook gets one player's sheet
(``--player-sheets 1``), not the 54 the demo's rated players would get: what is checked is
what the run leaves of its inputs, which the number of sheets written does not change."""


@pytest.mark.parametrize("argv", WRITERS, ids=[" ".join(a[:1] + a[-2:]) for a in WRITERS])
def test_the_inputs_are_byte_identical_after_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], inputs: dict[str, Path], argv: list[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    names = {"TRF": inputs["trf"], "K": inputs["k"], "LIST": inputs["list"]}
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in names.values()}
    given = [str(names.get(a, a)).replace("OUT/", f"{out}/") for a in argv]
    code, _, err = run(capsys, *given)
    assert code in (0, 3), err  # 3: period's discrepancies
    assert "Traceback" not in err
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in names.values()} == before
