"""The Lite bundle in real Pyodide (under node), against CPython.

``tests/pyodide_run.mjs`` boots the npm package ``pyodide`` (each version of
``.ci/pyodide-versions``: the one xlwings Lite runs and a newer one), installs the
pure-Python xlwings wheel from a local file, and loads and calls ``main.py`` as xlwings'
Wasm runtime does (``xlwings.server.custom_functions_meta`` and ``custom_functions_call``,
arguments arriving from JavaScript). The bundles: the one ``xlfuncs lite -o`` writes and the
one read back out of every Lite template and of a Lite crosstable (each distinct text run
once: today they are all the same text). The calls: the
documented examples and hand-checked cases of ``tests/test_xlwings_routes.py`` (every
function) and every call the filled Swiss chart itself makes (its whole-column calls, with
the values stored in its cells as arguments). Each result must equal CPython's, through the
same xlwings code.

``.ci/run`` installs what this needs into ``.ci/cache/`` (node and npm if missing, the
Pyodide versions, the xlwings wheel) and sets ``XLFUNCS_REQUIRE_PYODIDE=1``: there the test
must run. Elsewhere it is skipped when node or that cache is missing (``bash .ci/pyodide``
installs the cache). Each Pyodide boots once per session.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.test_xlwings_routes import CASES, LITE_CHILD, TEXT_CASES, _child
from tests.workbook_calls import chart_calls
from xlfuncs import lite_workbook
from xlfuncs.cli import main as cli
from xlfuncs.templates.registry import LITE_TEMPLATES

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / ".ci" / "cache"
VERSIONS = [
    line.strip()
    for line in (REPO / ".ci" / "pyodide-versions").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]
RUNNER = Path(__file__).with_name("pyodide_run.mjs")
REQUIRED = os.environ.get("XLFUNCS_REQUIRE_PYODIDE") == "1"

pytestmark = pytest.mark.slow  # a real Pyodide under node


def _pyodide_dir(version: str) -> Path:
    return CACHE / "pyodide" / version / "node_modules" / "pyodide"


def _wheel() -> Path | None:
    found = sorted((CACHE / "wheels").glob("xlwings-*-py3-none-any.whl"))
    return found[-1] if found else None


def _missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    for version in VERSIONS:
        if not (_pyodide_dir(version) / "pyodide.mjs").is_file():
            return f"Pyodide {version} is not in {CACHE} (bash .ci/pyodide installs it)"
    if _wheel() is None:
        return f"no xlwings wheel in {CACHE / 'wheels'} (bash .ci/pyodide downloads it)"
    return None


def _need() -> None:
    reason = _missing()
    if reason is not None:
        if REQUIRED:
            pytest.fail(f"XLFUNCS_REQUIRE_PYODIDE=1 but {reason}")
        pytest.skip(reason)


@pytest.fixture(scope="module")
def job(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The bundles and the calls, written for both runners."""
    _need()
    out = tmp_path_factory.mktemp("pyodide-job")
    assert cli(["lite", "-o", str(out / "cli")]) == 0
    bundles = {"xlfuncs lite -o": str(out / "cli" / "main.py")}
    books = {name: REPO / "workbook_templates" / name for name in sorted(LITE_TEMPLATES)}
    filled = out / "crosstable.xlsx"
    trf = REPO / "xlfuncs" / "data" / "demo_swiss.trf"
    assert cli(["crosstable", str(trf), "-o", str(filled)]) == 0
    books["crosstable (Lite)"] = filled
    texts = {Path(bundles["xlfuncs lite -o"]).read_text(encoding="utf-8"): "xlfuncs lite -o"}
    for label, book in books.items():
        text = lite_workbook.read_bundle(book)["main.py"]
        if text in texts:  # the same main.py as one already run: run once
            continue
        path = out / f"{len(bundles)}.main.py"
        path.write_text(text, encoding="utf-8")
        bundles[label] = str(path)
        texts[text] = label
    # every Lite workbook holds a main.py that runs here: its text is one of the bundles
    assert all(lite_workbook.read_bundle(b)["main.py"] in texts for b in books.values())
    calls = [[n, a] for n, a, _ in CASES] + [[n, a] for n, a, _ in TEXT_CASES]
    calls += [[n, a] for n, a in chart_calls(REPO / "workbook_templates" / "swiss_lite.xlsx")]
    calls += [[n, a] for n, a in chart_calls(filled)]
    path = out / "job.json"
    path.write_text(json.dumps({"bundles": bundles, "calls": calls}), encoding="utf-8")
    return {"path": path, "bundles": bundles, "calls": calls, "dir": out}


@pytest.fixture(scope="module")
def cpython(job: dict[str, Any]) -> dict[str, Any]:
    return _child(
        LITE_CHILD,
        job["dir"],
        {"XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"},
        str(job["path"]),
    )


def _in_pyodide(version: str, job: dict[str, Any]) -> dict[str, Any]:
    wheel = _wheel()
    assert wheel is not None
    done = subprocess.run(
        ["node", str(RUNNER), str(_pyodide_dir(version)), str(wheel), str(job["path"])],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return report


@pytest.mark.parametrize("version", VERSIONS)
def test_every_call_gives_cpythons_result(
    version: str, job: dict[str, Any], cpython: dict[str, Any]
) -> None:
    report = _in_pyodide(version, job)
    assert report["pyodide"] == version
    assert sorted(report["bundles"]) == sorted(job["bundles"])
    compared = 0
    for label, ran in report["bundles"].items():
        expected = cpython[label]["results"]
        assert len(ran["results"]) == len(expected) == len(job["calls"]), label
        for (name, _), got, want in zip(job["calls"], ran["results"], expected, strict=True):
            assert "python exception" not in json.dumps(got), (label, name, got)
            assert got == want, (label, name)
            compared += 1
        names = {f["id"] for f in ran["meta"]["functions"]}
        assert names == {f["id"] for f in cpython[label]["meta"]["functions"]}, label
    assert compared == len(job["calls"]) * len(job["bundles"])
    print(f"Pyodide {version}: {compared} calls, each equal to CPython's")
