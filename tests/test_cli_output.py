"""What the commands write and print (issue 8, items 1, 4, 8, 9, 10 and 11): never over the
input, never over an existing file without ``--force``, never half a file; clear messages for
bad output paths; CSV for Excel; a file's control characters escaped in text.

Every case builds its files under ``tmp_path`` and checks the message, the exit status, that
the input's bytes are unchanged and that no temporary file is left.
"""

from __future__ import annotations

import csv
import dataclasses
import errno
import io
import json
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from cli_support import run

from xlfuncs import output
from xlfuncs.cli import main
from xlfuncs.filled_chart import event_from_trf, write_chart
from xlfuncs.report import build_report, render_csv, render_json, render_text
from xlfuncs.templates.registry import default_dir, in_checkout
from xlfuncs.trf import read_trf

ROOT = Path(__file__).resolve().parents[1]

# A round robin of 3 in May 2023 (2022 rules): R1 1-2 (3 has the bye), R2 2-3, R3 3-1.
# 1 beats 2 and draws 3; 2 beats 3.
EVENT = """\
012 Tiny Round Robin
042 2023/05/10
052 2023/05/12
001    1 m    Ash, Ada                          2100 ENG    99000001 1980/01/01  1.5    1     2 w 1  0000 - -     3 b =
001    2 m    Box, Bo                           2000 ENG    99000002 1980/01/01  1.0    2     1 b 0     3 w 1  0000 - -
001    3 w    Ødegaard, Cem                     1900 NOR    99000003 1980/01/01  0.5    3  0000 - -     2 b 0     1 w =
"""  # noqa: E501


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.trf"
    path.write_text(EVENT, encoding="utf-8")
    return path


def files(folder: Path) -> list[str]:
    """The names in *folder*, temporary files included (they start with a dot)."""
    return sorted(p.name for p in folder.iterdir())


def is_workbook(path: Path) -> bool:
    with zipfile.ZipFile(path) as book:
        return "xl/workbook.xml" in book.namelist()


# ------------------------------------------------------------------ 1. never the input


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_crosstable_never_writes_over_its_input(
    capsys: pytest.CaptureFixture[str], event: Path, force: list[str]
) -> None:
    before = event.read_bytes()
    code, out, err = run(capsys, "crosstable", str(event), "-o", str(event), *force)
    assert (code, out) == (1, "")
    assert err == f"xlfuncs: error: {event} is the input file: the output needs another name\n"
    assert event.read_bytes() == before
    assert files(event.parent) == ["tiny.trf"]


def test_the_input_however_it_is_named(
    capsys: pytest.CaptureFixture[str], event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = event.read_bytes()
    monkeypatch.chdir(event.parent)
    os.link(event, "hard.xlsx")
    os.symlink(event, "soft.xlsx")
    for other in ("./tiny.trf", "../" + event.parent.name + "/tiny.trf", "hard.xlsx", "soft.xlsx"):
        code, _, err = run(capsys, "crosstable", "tiny.trf", "-o", other, "--force")
        assert code == 1
        assert err == (
            f"xlfuncs: error: {other} is the input file (tiny.trf): the output needs another name\n"
        )
    assert event.read_bytes() == before
    assert files(event.parent) == ["hard.xlsx", "soft.xlsx", "tiny.trf"]


def test_nor_the_k_file(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    ks = event.parent / "k.csv"
    ks.write_text("fide_id,k\n99000001,40\n", encoding="utf-8")
    code, _, err = run(
        capsys, "crosstable", str(event), "--k-file", str(ks), "-o", str(ks), "--force"
    )
    assert code == 1 and "is the input file" in err
    assert ks.read_text(encoding="utf-8") == "fide_id,k\n99000001,40\n"


# ------------------------------------------------------- 1. an existing file: --force


def test_an_existing_workbook_needs_force(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    target = event.parent / "out.xlsx"
    target.write_bytes(b"an older workbook")
    target.chmod(0o640)
    code, out, err = run(capsys, "crosstable", str(event), "-o", str(target))
    assert (code, out) == (1, "")
    assert err == f"xlfuncs: error: {target} exists: give --force to replace it\n"
    assert target.read_bytes() == b"an older workbook"
    code, out, err = run(capsys, "crosstable", str(event), "-o", str(target), "--force")
    assert code == 0 and out.startswith(f"wrote {target} (Swiss wall chart, 3 players")
    assert is_workbook(target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the file's permissions kept
    assert files(event.parent) == ["out.xlsx", "tiny.trf"]


def test_a_new_workbook_gets_the_usual_permissions(
    capsys: pytest.CaptureFixture[str], event: Path
) -> None:
    """The temporary file is made private (0600); the workbook gets 0666 less the umask."""
    mask = os.umask(0o022)
    try:
        assert main(["crosstable", str(event), "-o", str(event.parent / "new.xlsx")]) == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE((event.parent / "new.xlsx").stat().st_mode) == 0o644


def test_a_link_is_followed(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    real = event.parent / "real.xlsx"
    real.write_bytes(b"old")
    link = event.parent / "link.xlsx"
    link.symlink_to(real)
    assert main(["crosstable", str(event), "-o", str(link), "--force"]) == 0
    assert link.is_symlink() and is_workbook(real)


# ------------------------------------------------------------ 1. never half a file


@pytest.mark.parametrize("existing", [True, False])
def test_a_failed_write_leaves_the_old_file_whole(
    capsys: pytest.CaptureFixture[str],
    event: Path,
    monkeypatch: pytest.MonkeyPatch,
    existing: bool,
) -> None:
    """The disk fills up half-way through the workbook: the old one is still there, whole,
    and no temporary file is left."""
    from xlfuncs.templates import swiss

    def half(path: Path, _event: object = None, **_options: object) -> None:
        Path(path).write_bytes(b"PK\x03\x04 half a workbook")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(swiss, "build", half)  # a bye: the Swiss chart
    target = event.parent / "out.xlsx"
    if existing:
        target.write_bytes(b"the old workbook")
    code, out, err = run(capsys, "crosstable", str(event), "-o", str(target), "--force")
    assert (code, out) == (1, "")
    assert err == f"xlfuncs: error: cannot write {target}: No space left on device\n"
    if existing:
        assert target.read_bytes() == b"the old workbook"
    assert files(event.parent) == (["out.xlsx", "tiny.trf"] if existing else ["tiny.trf"])


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    """Not only an error of the system: Ctrl-C or a bug in the writer too."""
    target = tmp_path / "out.xlsx"
    target.write_bytes(b"old")
    for error in (KeyboardInterrupt(), RuntimeError("a bug")):

        def write(path: Path, error: BaseException = error) -> None:
            path.write_bytes(b"half")
            raise error

        with pytest.raises(type(error)):
            output.write_atomically(target, write)
        assert target.read_bytes() == b"old"
        assert files(tmp_path) == ["out.xlsx"]


def test_the_library_writes_through_a_temporary_file(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """:func:`write_chart` never writes to the target's name directly."""
    from xlfuncs.templates import swiss

    target = event.parent / "out.xlsx"
    built = swiss.build
    seen: list[Path] = []

    def build(path: Path, filled: object = None, **options: Any) -> None:
        seen.append(Path(path))
        built(path, filled, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(swiss, "build", build)
    write_chart(event_from_trf(read_trf(event)), target)
    assert len(seen) == 1 and seen[0].parent == target.parent and seen[0] != target
    assert seen[0].name.startswith(".out.xlsx.") and not seen[0].exists()
    assert is_workbook(target)


# --------------------------------------------------------- 4, 9, 10. bad output paths


@pytest.mark.parametrize(
    ("output_path", "message"),
    [
        ("nodir/sub/out.xlsx", "cannot write {p}: the folder {tmp}/nodir/sub does not exist"),
        (".", "{p} is a folder: give the workbook's file name"),
        ("-", "cannot write the workbook to standard output ('-'): give a file name"),
        ("", "an empty path for the workbook: give its name"),
        ("/dev/full", "cannot write /dev/full: not a regular file (a device, pipe or socket)"),
        ("tiny.trf/out.xlsx", "cannot write {p}: {tmp}/tiny.trf is not a folder"),
    ],
)
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_crosstable_bad_output_paths(
    capsys: pytest.CaptureFixture[str],
    event: Path,
    output_path: str,
    message: str,
    force: list[str],
) -> None:
    tmp = event.parent
    literal = output_path in ("", "-") or output_path.startswith("/")
    given = output_path if literal else str(tmp / output_path)
    before = event.read_bytes()
    code, out, err = run(capsys, "crosstable", str(event), "-o", given, *force)
    assert (code, out) == (1, "")
    assert err == "xlfuncs: error: " + message.format(p=given, tmp=tmp) + "\n"
    assert event.read_bytes() == before
    assert files(tmp) == ["tiny.trf"]  # no file named "-", nothing made


def test_dash_makes_no_file(
    capsys: pytest.CaptureFixture[str], event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(event.parent)
    assert main(["crosstable", "tiny.trf", "-o", "-"]) == 1
    assert not Path("-").exists()


def test_templates_bad_folders(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a_file = tmp_path / "a.xlsx"
    a_file.write_bytes(b"mine")
    code, out, err = run(capsys, "templates", "-o", str(a_file))  # was FileExistsError
    assert (code, out) == (1, "")
    assert err == f"xlfuncs: error: cannot write to {a_file}: it exists and is not a folder\n"
    code, out, err = run(capsys, "templates", "-o", "")  # was written into "."
    assert (code, out) == (1, "")
    assert err == "xlfuncs: error: an empty path for the templates folder: give its name\n"
    code, _, err = run(capsys, "templates", "-o", "-")
    assert code == 1 and "to standard output ('-')" in err
    assert a_file.read_bytes() == b"mine" and files(tmp_path) == ["a.xlsx"]


def test_templates_replace_files_only_with_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = tmp_path / "swiss.xlsx"
    mine.write_bytes(b"my own wall chart")
    code, out, err = run(capsys, "templates", "-o", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == f"xlfuncs: error: {mine} exists: give --force to replace it\n"
    assert files(tmp_path) == ["swiss.xlsx"]  # checked before anything is written
    assert mine.read_bytes() == b"my own wall chart"
    code, out, _ = run(capsys, "templates", "-o", str(tmp_path), "--force")
    assert code == 0 and out.count("wrote ") == 12  # six templates, classic and Lite
    assert is_workbook(mine)
    assert len(files(tmp_path)) == 12  # no temporary file left


def test_the_checkout_templates_are_regenerated_without_force(tmp_path: Path) -> None:
    """``xlfuncs templates`` (no ``-o``) rewrites the checkout's own files: version control
    keeps them. Any other folder needs ``--force``."""
    assert in_checkout(default_dir()) == (ROOT / "pyproject.toml").is_file()
    assert not in_checkout(tmp_path)


def test_lite_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    main_py = tmp_path / "main.py"
    main_py.write_text("# my own code\n", encoding="utf-8")
    code, out, err = run(capsys, "lite", "-o", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == f"xlfuncs: error: {main_py} exists: give --force to replace it\n"
    assert main_py.read_text(encoding="utf-8") == "# my own code\n"
    assert files(tmp_path) == ["main.py"]
    code, out, _ = run(capsys, "lite", "-o", str(tmp_path), "--force")
    assert code == 0 and "def RP_FIDE(" in main_py.read_text(encoding="utf-8")
    assert files(tmp_path) == ["main.py", "requirements.txt"]
    for bad, message in [
        ("", "an empty path for the output folder: give its name"),
        ("-", "cannot write the output folder to standard output ('-'): give a file name"),
        (str(main_py), f"cannot write to {main_py}: it exists and is not a folder"),
    ]:
        assert run(capsys, "lite", "-o", bad) == (1, "", f"xlfuncs: error: {message}\n")


def test_lite_into_bad_books(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for bad, message in [
        ("", "an empty path for the workbook: give its name"),
        ("-", "cannot write the workbook to standard output ('-'): give a file name"),
        (str(tmp_path), f"{tmp_path} is a folder, not a workbook"),
        ("/dev/full", "cannot write /dev/full: not a regular file (a device, pipe or socket)"),
    ]:
        assert run(capsys, "lite", "--into", bad) == (1, "", f"xlfuncs: error: {message}\n")
    assert files(tmp_path) == []


def test_demo_checks_its_workbooks_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    swiss = tmp_path / "demo_swiss.xlsx"
    swiss.write_bytes(b"kept")
    code, out, err = run(capsys, "demo", "-o", str(tmp_path))
    assert (code, out) == (1, "")  # nothing printed, nothing written
    assert err == f"xlfuncs: error: {swiss} exists: give --force to replace it\n"
    assert files(tmp_path) == ["demo_swiss.xlsx"] and swiss.read_bytes() == b"kept"
    for bad, message in [
        ("", "an empty path for the demo folder: give its name"),
        (str(swiss), f"cannot write to {swiss}: it exists and is not a folder"),
    ]:
        assert run(capsys, "demo", "-o", bad) == (1, "", f"xlfuncs: error: {message}\n")


# --------------------------------------------------------------------- 8. CSV for Excel


def test_csv_is_utf8_with_a_bom_whatever_the_console() -> None:
    """Run as a program with a Latin-1 console: the bytes are still UTF-8, after EF BB BF."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "latin-1"}
    trf = ROOT / "xlfuncs" / "data" / "demo_round_robin.trf"
    done = subprocess.run(
        [sys.executable, "-m", "xlfuncs", "report", str(trf), "--format", "csv"],
        capture_output=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"\xef\xbb\xbfstart_no,name,")
    assert done.stdout.count(b"\xef\xbb\xbf") == 1
    done.stdout.decode("utf-8")  # all of it UTF-8


def test_csv_through_the_command(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    code, out, _ = run(capsys, "report", str(event), "--format", "csv")
    assert code == 0 and out.startswith("\ufeffstart_no,")
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    assert rows[2]["name"] == "Ødegaard, Cem"
    # Ødegaard 1900, K 20 (2022 rules, rated below 2400, 30+ games assumed): lost to Box
    # 2000 (D -100 -> PD .36: 0 - .36) and drew Ash 2100 (D -200 -> PD .24: .5 - .24);
    # -.10 x 20 = -2: a negative number, written as a number, not as text
    assert rows[2]["rating_change"] == "-2"
    assert "'-2" not in out


def _with_names(event: Path, names: list[str]) -> str:
    report = build_report(read_trf(event))
    rows = tuple(dataclasses.replace(r, name=n) for r, n in zip(report.rows, names))
    return render_csv(dataclasses.replace(report, rows=rows))


@pytest.mark.parametrize(
    ("name", "written"),
    [
        ('=HYPERLINK("http://x","click")', '\'=HYPERLINK("http://x","click")'),
        ("+1+1", "'+1+1"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
        ("Smith-Jones, A=B", "Smith-Jones, A=B"),  # only the first character counts
        ("Ødegaard", "Ødegaard"),
    ],
)
def test_csv_formula_cells_are_neutralised(event: Path, name: str, written: str) -> None:
    text = _with_names(event, [name, "Box, Bo", "Cay, Cem"])
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert rows[0]["name"] == written
    assert rows[1]["name"] == "Box, Bo"
    # numbers stay numbers: Box 2000 (D -100 -> .36; D +100 -> .64): 0 - .36 + 1 - .64 = 0;
    # Ødegaard's change -2 (above) stays -2
    assert [r["rating_change"] for r in rows] == ["2", "0", "-2"]
    assert rows[2]["rating"] == "1900"


def test_csv_text_notes_are_neutralised_too(event: Path) -> None:
    report = build_report(read_trf(event))
    row = dataclasses.replace(report.rows[0], rp_exact=None, rp_exact_note="-inf (0 % score)")
    text = render_csv(dataclasses.replace(report, rows=(row,)))
    assert next(csv.DictReader(io.StringIO(text)))["rp_exact_note"] == "'-inf (0 % score)"


# ------------------------------------------------------- 11. terminal control characters

NASTY = "Ash\x1b[2J\x1b]0;owned\x07\x9b31m\x08\x00"
"""A name that clears the screen, retitles the window, rings the bell, starts a C1 CSI,
backspaces and holds a NUL."""

SHOWN = "Ash\\x1b[2J\\x1b]0;owned\\x07\\x9b31m\\x08\\x00"


def _has_controls(text: str) -> bool:
    return any((ord(c) < 32 and c != "\n") or 0x7F <= ord(c) <= 0x9F for c in text)


def test_text_report_escapes_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "nasty.trf"
    trf = EVENT.replace("Tiny Round Robin", "Tiny\x1b]2;title\x07 Event").replace(
        " 1.5    1", " 2.0    1"
    )
    path.write_text(trf, encoding="utf-8")
    report = build_report(read_trf(path))
    rows = (dataclasses.replace(report.rows[0], name=NASTY), *report.rows[1:])
    text = render_text(dataclasses.replace(report, rows=rows))
    assert not _has_controls(text)
    assert SHOWN in text
    assert text.splitlines()[0] == "Tiny\\x1b]2;title\\x07 Event"
    # the columns stay aligned: the escaped name is as wide as its column
    header = next(s for s in text.splitlines() if s.startswith("No "))
    line = next(s for s in text.splitlines() if SHOWN in s)
    assert line.index("ENG") == header.index("Fed")

    code, out, err = run(capsys, "report", str(path))
    assert code == 0 and not _has_controls(out) and "Tiny\\x1b]2;title\\x07 Event" in out
    code, out, err = run(capsys, "report", str(path), "--format", "json")
    assert code == 0 and not _has_controls(out) and not _has_controls(err)


def test_messages_on_stderr_escape_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A discrepancy names the player: the name's escape sequences are shown, not run."""
    path = tmp_path / "nasty.trf"
    nasty = "Ash\x1b[2J\x07, Ada"
    trf = EVENT.replace("Ash, Ada     ", nasty).replace(" 1.5    1", " 2.0    1")  # as wide
    path.write_text(trf, encoding="utf-8")
    code, out, err = run(capsys, "report", str(path), "--format", "csv")
    assert code == 0 and "xlfuncs: discrepancy:" in err
    assert "Ash\\x1b[2J\\x07, Ada" in err and not _has_controls(err)


def test_json_escapes_c1_controls(event: Path) -> None:
    report = build_report(read_trf(event))
    rows = (dataclasses.replace(report.rows[0], name=NASTY), *report.rows[1:])
    text = render_json(dataclasses.replace(report, rows=rows))
    assert not _has_controls(text)
    assert "\\u009b" in text and "\\u001b" in text
    assert json.loads(text)[0]["name"] == NASTY  # the same data
    assert "Ødegaard" in text  # other text stays UTF-8


def test_visible() -> None:
    assert output.visible("a\tb\r\nc\x1b\x7f\x85é") == "a\\x09b\\x0d\nc\\x1b\\x7f\\x85é"


@pytest.mark.parametrize(
    "argv",
    [
        ("report",),
        ("report", "--player", "1"),
        ("norms",),
        ("norms", "--plan", "--system", "rr"),
        ("title", "--fide-id", "99000001", "--title", "GM"),
        ("period",),
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_every_json_output_escapes_del_and_c1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]
) -> None:
    """DEL (U+007F) and the C1 controls (U+0080-U+009F) in a name or the event's name are
    written ``\\u007f``, as JSON writes C0 (RFC 8259 section 7 allows any character escaped);
    the data read back is the same."""
    path = tmp_path / "c1.trf"
    name = "Ash\x7f\x85, Ada"  # as wide as "Ash, Ada  ": the columns stay in place
    trf = EVENT.replace("Ash, Ada  ", name).replace("Tiny Round", "Tiny\x9bRound")
    path.write_text(trf, encoding="utf-8")
    code, out, _ = run(capsys, argv[0], str(path), *argv[1:], "--format", "json")
    assert code == 0
    assert not _has_controls(out)
    assert "Ash\\u007f\\u0085, Ada" in out or "Tiny\\u009bRound" in out
    read = json.dumps(json.loads(out), ensure_ascii=False)  # the same data
    assert name in read or "Tiny\x9bRound" in read
