"""The xlwings Lite code stored in a workbook (:mod:`xlfuncs.lite_workbook`,
``xlfuncs lite --into``).

The format is the one every xlwings Lite workbook looked at uses (see ``docs/excel-setup.md``,
"Where Lite keeps the code"): the add-in's settings in ``xl/webextensions/webextensionN.xml``,
one ``we:property`` per file whose value is the text as JSON, ``/`` written ``\\/``; a task
pane part refers to it. That the stored code runs under xlwings' Lite functions is checked in
``tests/test_xlwings_routes.py``.
"""

from __future__ import annotations

import json
import posixpath
import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import openpyxl
import pytest

from xlfuncs import lite, lite_workbook
from xlfuncs.cli import main as cli
from xlfuncs.templates.registry import TEMPLATES

REPO = Path(__file__).resolve().parents[1]
WE = "{http://schemas.microsoft.com/office/webextensions/webextension/2010/11}"
WETP = "{http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
TYPES = "{http://schemas.openxmlformats.org/package/2006/content-types}"
R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """A small workbook of someone's, with a value, a formula and a sheet name to keep."""
    path = tmp_path / "book.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Crosstable"
    ws["A1"] = "Ødegaard"
    ws["B2"] = "=RP_FIDE(C1:C3, 2.5)"
    wb.save(path)
    return path


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist()}


def check_package(contents: dict[str, bytes]) -> None:
    """Every part named in [Content_Types].xml exists, and every relationship's target."""
    types = ET.fromstring(contents["[Content_Types].xml"])
    for override in types.iter(f"{TYPES}Override"):
        assert override.get("PartName", "").lstrip("/") in contents
    for name in [n for n in contents if n.endswith(".rels")]:
        folder = posixpath.dirname(posixpath.dirname(name))
        for rel in ET.fromstring(contents[name]).iter(f"{RELS}Relationship"):
            if rel.get("TargetMode") == "External":
                continue
            target = rel.get("Target", "")
            part = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
            assert posixpath.normpath(part) in contents, (name, target)


def lite_parts(contents: dict[str, bytes]) -> list[ET.Element]:
    found = []
    for name, data in contents.items():
        if re.fullmatch(r"xl/webextensions/webextension\d+\.xml", name):
            root = ET.fromstring(data)
            if any(r.get("id", "").lower() == "wa200008175" for r in root.iter(f"{WE}reference")):
                found.append(root)
    return found


def test_into_a_workbook_keeps_everything_else(
    book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = parts(book)
    assert cli(["lite", "--into", str(book)]) == 0
    assert capsys.readouterr().out.strip() == str(book)
    after = parts(book)
    changed = sorted(n for n in before if before[n] != after[n])
    # the package lists, and the sheet whose call is now stored as Excel binds it
    assert changed == [
        "[Content_Types].xml",
        "_rels/.rels",
        "xl/_rels/workbook.xml.rels",
        "xl/worksheets/sheet1.xml",
    ]
    assert sorted(set(after) - set(before)) == [
        "xl/metadata.xml",
        "xl/webextensions/_rels/taskpanes.xml.rels",
        "xl/webextensions/taskpanes.xml",
        "xl/webextensions/webextension1.xml",
    ]
    check_package(after)
    assert lite_workbook.read_bundle(book) == lite.bundle_files()
    wb = openpyxl.load_workbook(book)  # still a workbook, the other cells as they were
    assert wb.sheetnames == ["Crosstable"]
    assert wb["Crosstable"]["A1"].value == "Ødegaard"
    call = wb["Crosstable"]["B2"].value
    assert (call.ref, call.text) == ("B2", "=_xldudf_RP_FIDE(C1:C3, 2.5)")


def test_stored_as_office_stores_add_in_settings(book: Path) -> None:
    lite_workbook.write_settings(book, {"main.py": 'print("a/b")\n', "requirements.txt": "x\n"})
    contents = parts(book)
    (extension,) = lite_parts(contents)
    props = {p.get("name"): p.get("value") for p in extension.iter(f"{WE}property")}
    assert props == {"main.py": '"print(\\"a\\/b\\")\\n"', "requirements.txt": '"x\\n"'}
    assert json.loads(props["main.py"] or "") == 'print("a/b")\n'
    (pane,) = ET.fromstring(contents["xl/webextensions/taskpanes.xml"]).iter(f"{WETP}taskpane")
    assert pane.get("visibility") == "1"  # shown when the workbook opens: Lite starts
    (ref,) = pane.iter(f"{WETP}webextensionref")
    rels = ET.fromstring(contents["xl/webextensions/_rels/taskpanes.xml.rels"])
    (link,) = [r for r in rels.iter(f"{RELS}Relationship") if r.get("Id") == ref.get(R_ID)]
    assert link.get("Target") == "webextension1.xml"


def test_writing_again_replaces_the_code_and_keeps_the_add_in_settings(book: Path) -> None:
    lite_workbook.main_into(book)
    # what the add-in itself adds when it saves the workbook
    lite_workbook.write_settings(book, {"pyodideVersion": "0.27.5", "addinVersion": "1.0.0.0-18"})
    lite_workbook.write_settings(book, {"main.py": "new\n"})
    contents = parts(book)
    assert len(lite_parts(contents)) == 1  # updated in place, not added twice
    assert len(list(ET.fromstring(contents["xl/webextensions/taskpanes.xml"]))) == 1
    check_package(contents)
    assert lite_workbook.read_settings(book) == {
        "main.py": "new\n",
        "requirements.txt": lite.REQUIREMENTS,
        "pyodideVersion": "0.27.5",
        "addinVersion": "1.0.0.0-18",
    }


def test_another_add_in_is_left_alone(book: Path) -> None:
    lite_workbook.write_settings(book, {"note": "theirs"})
    contents = parts(book)
    theirs = contents["xl/webextensions/webextension1.xml"].replace(b"wa200008175", b"wa104099999")
    theirs = theirs.replace(b"WA200008175", b"WA104099999")
    with zipfile.ZipFile(book, "w") as z:
        for name, data in contents.items():
            z.writestr(name, theirs if name.endswith("webextension1.xml") else data)
    assert lite_workbook.read_settings(book) == {}  # not xlwings Lite's
    lite_workbook.main_into(book)
    after = parts(book)
    assert after["xl/webextensions/webextension1.xml"] == theirs
    assert lite_workbook.read_bundle(book) == lite.bundle_files()
    panes = list(ET.fromstring(after["xl/webextensions/taskpanes.xml"]).iter(f"{WETP}taskpane"))
    assert [p.get("row") for p in panes] == ["0", "1"]
    check_package(after)


def test_an_interrupted_write_leaves_the_workbook_whole(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = book.read_bytes()

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(zipfile.ZipFile, "writestr", fail)
    with pytest.raises(OSError, match="disk full"):
        lite_workbook.main_into(book)
    assert book.read_bytes() == before
    assert [p.name for p in book.parent.iterdir()] == ["book.xlsx"]  # no temporary left


def test_a_rewrite_that_removes_a_part_leaves_the_workbook_whole(book: Path) -> None:
    """A rewrite may change and add parts, not remove one: refused, naming the part, before
    the file is touched (written in place, it would be left with parts missing)."""
    before = book.read_bytes()
    with pytest.raises(lite_workbook.WorkbookError, match=r"parts removed.*xl/styles\.xml"):
        lite_workbook.rewrite_parts(book, lambda p: p.pop("xl/styles.xml"))
    assert book.read_bytes() == before


def test_not_a_workbook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.xlsx"
    text.write_text("not a workbook")
    with pytest.raises(lite_workbook.WorkbookError, match="not an Excel workbook"):
        lite_workbook.read_bundle(text)
    assert cli(["lite", "--into", str(text)]) == 1
    assert "not an Excel workbook" in capsys.readouterr().err
    assert cli(["lite", "--into", str(tmp_path / "missing.xlsx")]) == 1
    assert "No such file" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_the_shipped_templates_carry_the_code(name: str) -> None:
    path = REPO / "workbook_templates" / name
    contents = parts(path)
    check_package(contents)
    assert len(lite_parts(contents)) == 1
    stored = lite_workbook.read_bundle(path)
    assert stored["requirements.txt"] == lite.REQUIREMENTS
    assert stored["main.py"].startswith('"""xlfuncs ') and "def RP_FIDE(" in stored["main.py"]
