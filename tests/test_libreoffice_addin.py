"""``xlfuncs libreoffice``: the add-in it writes, read without LibreOffice (the calls in a
real Calc: ``tests/test_libreoffice.py``).

The type library is data of the package (users have no LibreOffice SDK): the IDL it was
compiled from must be the one the functions give now, and, where LibreOffice's
``unoidl-write`` is installed, compiling that IDL again must give the very same bytes.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
import zipfile
from importlib.resources import files
from pathlib import Path

import pytest

from xlfuncs import udfs
from xlfuncs.cli import main as cli
from xlfuncs.libreoffice.functions import addin_functions
from xlfuncs.libreoffice.package import (
    COMPONENT,
    IDL,
    RDB,
    compile_type_library,
    idl_text,
    unoidl_write,
)

OOR = "{http://openoffice.org/2001/registry}"
HERE = files("xlfuncs.libreoffice")


def test_the_type_library_was_compiled_from_the_functions_idl() -> None:
    assert (HERE / IDL).read_text(encoding="utf-8") == idl_text()


@pytest.mark.skipif(
    unoidl_write() is None and not os.environ.get("XLFUNCS_REQUIRE_LIBREOFFICE"),
    reason="unoidl-write (LibreOffice's SDK, libreoffice-dev) not installed",
)
def test_the_type_library_compiles_again_the_same(tmp_path: Path) -> None:
    out = compile_type_library(idl_text(), tmp_path / RDB)
    assert out.read_bytes() == (HERE / RDB).read_bytes()


def test_idl_names_every_function_and_argument() -> None:
    idl = idl_text()
    for function in addin_functions():
        assert f" {function.name}(" in idl
        for argument in function.arguments:
            assert f"[in] any {argument.identifier}" in idl
            assert "_" not in argument.identifier or argument.identifier.isupper()
    # answers of rows are declared as such: ELO_DETAIL gives one row per game
    assert "sequence< sequence< any > > ELO_DETAIL(" in idl
    assert "any RP_FIDE([in] any opponentRatings, [in] any score);" in idl


@pytest.fixture(scope="module")
def oxt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("oxt")
    assert cli(["libreoffice", "-o", str(folder)]) == 0
    return folder / "xlfuncs.oxt"


def test_the_oxt_holds_what_libreoffice_installs(oxt: Path) -> None:
    with zipfile.ZipFile(oxt) as archive:
        names = set(archive.namelist())
        manifest = archive.read("META-INF/manifest.xml").decode()
        component = archive.read(COMPONENT).decode()
    assert {"META-INF/manifest.xml", "description.xml", "CalcAddIns.xcu", RDB, COMPONENT} <= names
    for path in (RDB, COMPONENT, "CalcAddIns.xcu"):
        assert f'manifest:full-path="{path}"' in manifest
    compile(component, COMPONENT, "exec")
    # the package LibreOffice's Python imports: udfs and the modules the component runs
    for module in ("udfs", "excel/calls", "libreoffice/runtime", "excel/functions"):
        assert f"pythonpath/xlfuncs/{module}.py" in names


def test_the_wizard_help_is_every_functions(oxt: Path) -> None:
    with zipfile.ZipFile(oxt) as archive:
        root = ET.fromstring(archive.read("CalcAddIns.xcu"))
    functions = root.find(f"node[@{OOR}name='AddInInfo']/node/node[@{OOR}name='AddInFunctions']")
    assert functions is not None
    found = {node.get(f"{OOR}name"): node for node in functions}
    assert set(found) == set(udfs.FUNCTIONS) | {"EXPLAIN_ERROR"}
    rp_fide = found["RP_FIDE"]

    def prop(node: ET.Element, name: str) -> str:
        value = node.find(f"prop[@{OOR}name='{name}']/value")
        assert value is not None and value.text is not None
        return value.text

    assert prop(rp_fide, "DisplayName") == "RP_FIDE"
    assert prop(rp_fide, "CompatibilityName") == "RP_FIDE"
    assert prop(rp_fide, "Description") == (udfs.RP_FIDE.__doc__ or "").splitlines()[0]
    params = {p.get(f"{OOR}name"): p for p in rp_fide.find("node") or []}
    assert list(params) == ["opponentRatings", "score"]
    assert prop(params["opponentRatings"], "DisplayName") == "opponent_ratings"
    assert "unrated opponent" in prop(params["opponentRatings"], "Description")
    # an optional argument says so
    k_for_games = {p.get(f"{OOR}name"): p for p in found["K_FOR_GAMES"].find("node") or []}
    assert "ptional" in prop(k_for_games["games"], "Description")


def test_an_existing_oxt_needs_force(oxt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = oxt.read_bytes()
    assert cli(["libreoffice", "-o", str(oxt.parent)]) != 0
    assert "--force" in capsys.readouterr().err
    assert cli(["libreoffice", "-o", str(oxt.parent), "--force"]) == 0
    assert oxt.read_bytes() == before  # the same package gives the same bytes


def test_a_folder_named_like_a_file_is_refused(tmp_path: Path) -> None:
    assert cli(["libreoffice", "-o", str(tmp_path / "addin.oxt")]) == 2
    assert not (tmp_path / "addin.oxt").exists()


def test_the_crosstable_for_libreoffice_calls_calcs_names(tmp_path: Path) -> None:
    out = tmp_path / "chart.xlsx"
    event = Path(__file__).parent / "data" / "real" / "irish-junior-champs-2011.trf"
    assert cli(["crosstable", str(event), "-o", str(out), "--for", "libreoffice"]) == 0
    with zipfile.ZipFile(out) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml").decode()
    assert "ORG.XLFUNCS.CALC.FUNCTIONS.POINTS_ALL(" in sheet
    assert ">POINTS_ALL(" not in sheet and ">RANK_ALL(" not in sheet
    # a defined name for one cell passes a blank blank: Calc would pass 0
    assert 'IF(ISBLANK(Rules),"",Rules)' in sheet


def test_libreoffice_templates_are_written_on_request(tmp_path: Path) -> None:
    assert cli(["libreoffice", "-o", str(tmp_path), "--templates"]) == 0
    for name in ("round_robin.xlsx", "swiss.xlsx", "norms.xlsx", "norm_plan.xlsx"):
        with zipfile.ZipFile(tmp_path / name) as archive:
            sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/sheet")]
            text = "".join(archive.read(n).decode() for n in sheets)
        assert "ORG.XLFUNCS.CALC.FUNCTIONS." in text, name
