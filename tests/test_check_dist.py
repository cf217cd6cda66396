"""``.ci/check_dist.py``, which CI's ``.ci/wheel`` runs on the built sdist and wheel: it names
every file missing from either and every file that should not be there, on small archives
made here."""

from __future__ import annotations

import importlib.util
import io
import tarfile
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
REPOSITORY = {
    "pyproject.toml",
    "README.md",
    "LICENSE",
    "tests/data/a.trf",
    "xlfuncs/__init__.py",
    "xlfuncs/py.typed",
    "xlfuncs/data/demo_swiss.trf",
}
"""The repository's files in these tests."""


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_dist", ROOT / ".ci" / "check_dist.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check_dist = _load()


def _sdist(folder: Path, names: set[str]) -> Path:
    path = folder / "xlfuncs-0.1.0.tar.gz"
    with tarfile.open(path, "w:gz") as archive:
        for name in sorted(names):
            info = tarfile.TarInfo(f"xlfuncs-0.1.0/{name}")
            info.size = 1
            archive.addfile(info, io.BytesIO(b"x"))
    return path


def _wheel(folder: Path, names: set[str], entry: str = "xlfuncs = xlfuncs.cli:main") -> Path:
    path = folder / "xlfuncs-0.1.0-py3-none-any.whl"
    meta = "xlfuncs-0.1.0.dist-info/"
    with zipfile.ZipFile(path, "w") as archive:
        for name in sorted(names):
            archive.writestr(name, "x")
        for name in ("METADATA", "WHEEL", "RECORD", "top_level.txt", "licenses/LICENSE"):
            archive.writestr(meta + name, "x")
        archive.writestr(meta + "entry_points.txt", f"[console_scripts]\n{entry}\n")
    return path


SDIST_OK = REPOSITORY | {"PKG-INFO", "setup.cfg", "xlfuncs.egg-info/PKG-INFO"}
WHEEL_OK = {n for n in REPOSITORY if n.startswith("xlfuncs/")}


def test_archives_as_built_pass(tmp_path: Path) -> None:
    assert check_dist.check_sdist(_sdist(tmp_path, SDIST_OK), REPOSITORY) == []
    assert check_dist.check_wheel(_wheel(tmp_path, WHEEL_OK), REPOSITORY) == []


def test_the_sdist_without_a_test_data_file_or_with_byte_code(tmp_path: Path) -> None:
    names = (SDIST_OK - {"tests/data/a.trf"}) | {"xlfuncs/__pycache__/x.cpython-311.pyc"}
    assert check_dist.check_sdist(_sdist(tmp_path, names), REPOSITORY) == [
        "sdist: missing tests/data/a.trf",
        "sdist: not expected xlfuncs/__pycache__/x.cpython-311.pyc",
    ]


def test_the_sdist_without_pkg_info(tmp_path: Path) -> None:
    names = SDIST_OK - {"PKG-INFO"}
    assert check_dist.check_sdist(_sdist(tmp_path, names), REPOSITORY) == [
        "sdist: missing PKG-INFO"
    ]


def test_the_wheel_without_its_data_or_with_the_tests(tmp_path: Path) -> None:
    names = (WHEEL_OK - {"xlfuncs/data/demo_swiss.trf", "xlfuncs/py.typed"}) | {"tests/a.py"}
    assert check_dist.check_wheel(_wheel(tmp_path, names), REPOSITORY) == [
        "wheel: missing xlfuncs/data/demo_swiss.trf",
        "wheel: missing xlfuncs/py.typed",
        "wheel: not expected tests/a.py",
    ]


def test_the_wheel_without_the_command(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path, WHEEL_OK, entry="other = xlfuncs.cli:main")
    assert check_dist.check_wheel(wheel, REPOSITORY) == [
        "wheel: entry_points.txt does not declare `xlfuncs = xlfuncs.cli:main`"
    ]


def test_main_exits_1_naming_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _sdist(tmp_path, SDIST_OK)
    _wheel(tmp_path, WHEEL_OK - {"xlfuncs/py.typed"})
    listing = tmp_path / "files"
    listing.write_text("\0".join(sorted(REPOSITORY)) + "\0", encoding="utf-8")
    assert check_dist.main([str(tmp_path), str(listing)]) == 1
    assert "wheel: missing xlfuncs/py.typed" in capsys.readouterr().err
    _wheel(tmp_path, WHEEL_OK)
    assert check_dist.main([str(tmp_path), str(listing)]) == 0
    assert "the repository's 7 files" in capsys.readouterr().out
