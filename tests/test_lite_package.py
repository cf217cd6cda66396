"""A chart written with the Lite code stored as it is packaged (``LitePackage``,
``xlfuncs/templates/common.py``) is the workbook written plainly and then given the code
(``add_lite_code``, :func:`xlfuncs.lite_workbook.write_settings`): the same parts, byte for
byte, in the same order, with the same names, dates and attributes, for a blank chart and
for filled ones from the test files, in both forms (the Lite form, and the code alone)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from xlfuncs.filled_chart import event_from_trf
from xlfuncs.templates import round_robin, swiss
from xlfuncs.templates.registry import add_lite_code, lite_package
from xlfuncs.trf import read_trf

DATA = Path(__file__).parent / "data"
FILES = ("real/karl-mala-2005.trf", "trf/round_robin_6.trf")
"""A real Swiss and a round robin (the grid)."""


def _parts(path: Path) -> list[tuple[str, tuple[int, ...], int, int, bytes]]:
    with zipfile.ZipFile(path) as book:
        return [
            (i.filename, i.date_time, i.compress_type, i.external_attr, book.read(i))
            for i in book.infolist()
        ]


def _both_ways(tmp_path: Path, build: object, lite_form: bool) -> None:
    assert callable(build)
    after, packaged = tmp_path / "after.xlsx", tmp_path / "packaged.xlsx"
    build(after, None)
    add_lite_code(after, lite_form=lite_form)
    build(packaged, lite_package(lite_form=lite_form))
    assert _parts(packaged) == _parts(after)


@pytest.mark.parametrize("lite_form", [True, False], ids=["lite-form", "code-only"])
def test_a_blank_chart_is_the_same_either_way(tmp_path: Path, lite_form: bool) -> None:
    def build(path: Path, lite: object) -> None:
        round_robin.build(path, lite=lite)  # type: ignore[arg-type]

    _both_ways(tmp_path, build, lite_form)


@pytest.mark.parametrize("name", FILES)
def test_a_filled_chart_is_the_same_either_way(tmp_path: Path, name: str) -> None:
    filled = event_from_trf(read_trf(DATA / name))
    module = round_robin if filled.round_robin else swiss

    def build(path: Path, lite: object) -> None:
        module.build(path, filled.event, lite=lite)  # type: ignore[arg-type]

    _both_ways(tmp_path, build, lite_form=True)
