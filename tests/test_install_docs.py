"""The install the docs give works today: no doc tells a user to install xlfuncs from the
package index, where it is not published, except as the line for once it is.

``.ci/wheel`` (run by CI after the tests) builds the wheel and installs it; these tests read
the docs' commands (docs/install.md: every route, with Windows' own commands)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VERSION = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)[1]  # type: ignore[index]

FROM_THE_INDEX = re.compile(r"pip3?(?:\.exe)?\s+install\s+(?:-\S+\s+)*xlfuncs(?![\w.-])")
"""A pip command installing xlfuncs by name, from the package index (``pip install xlfuncs``,
``py -m pip install -U xlfuncs``, ``.venv\\Scripts\\pip install xlfuncs``); not a file
(``xlfuncs-0.1.0-py3-none-any.whl``) nor a folder (``.``)."""

SAYS_UNPUBLISHED = re.compile(r"\bpublished\b", re.IGNORECASE)
"""What the paragraph of such a command must say: that it waits for xlfuncs to be published."""

DOCS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))


def _paragraphs(text: str) -> list[str]:
    """The text's paragraphs (split at blank lines), each a fenced code block joined to the
    paragraph before it, which says what the block is for."""
    out: list[str] = []
    for block in re.split(r"\n[ \t]*\n", text):
        if block.lstrip().startswith("```") and out:
            out[-1] += "\n\n" + block
        else:
            out.append(block)
    return out


def index_installs_without_caveat(text: str) -> list[str]:
    """The paragraphs of *text* that install xlfuncs from the package index without saying
    that this waits for it to be published."""
    return [
        para
        for para in _paragraphs(text)
        if FROM_THE_INDEX.search(para) and not SAYS_UNPUBLISHED.search(para)
    ]


def test_the_pattern() -> None:
    for command in (
        "pip install xlfuncs",
        "py -m pip install xlfuncs",
        "py -m pip install --upgrade xlfuncs",
        ".venv\\Scripts\\pip install xlfuncs",
        ".venv/bin/pip3 install xlfuncs[test]",
    ):
        assert FROM_THE_INDEX.search(command), command
    for command in (
        "pip install .",
        ".venv/bin/pip install -e '.[test]'",
        "pip install xlfuncs-0.1.0-py3-none-any.whl",
        "pip install xlfuncs-0.1.0.tar.gz",
        "pip install build",
    ):
        assert not FROM_THE_INDEX.search(command), command


def test_a_code_block_is_read_with_the_paragraph_before_it() -> None:
    bare = "2. **Install xlfuncs**:\n\n   ```\n   py -m pip install xlfuncs\n   ```\n"
    assert index_installs_without_caveat(bare)
    said = "Once xlfuncs is published:\n\n```sh\npip install xlfuncs\n```\n"
    assert index_installs_without_caveat(said) == []


@pytest.mark.parametrize(
    "doc",
    [
        *DOCS,
        "README.md",
    ],
)
def test_no_doc_installs_xlfuncs_from_the_index(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    assert index_installs_without_caveat(text) == []


def test_the_install_doc_gives_every_route() -> None:
    """docs/install.md: from the source and from a wheel, with Linux's and macOS' commands and
    Windows' own (``py``, ``.venv\\Scripts\\``), and the published route said as such."""
    text = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    for command in (
        "python3 -m venv .venv",
        ".venv/bin/pip install .",
        "py -m venv .venv",
        ".venv\\Scripts\\pip install .",
        ".venv\\Scripts\\Activate.ps1",
        ".venv\\Scripts\\activate.bat",
        "python -m build",
        f"pip install xlfuncs-{VERSION}-py3-none-any.whl",
    ):
        assert command in text, command
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    assert version is not None
    for doc in ("docs/install.md", "docs/excel-setup.md"):
        doc_text = (ROOT / doc).read_text(encoding="utf-8")
        for named in re.findall(r"xlfuncs-(\d[\w.]*?)(?:-py3-none-any\.whl|\.tar\.gz)", doc_text):
            assert named == version.group(1), f"{doc} names version {named}"


def test_the_excel_route_installs_from_the_source() -> None:
    text = (ROOT / "docs" / "excel-setup.md").read_text(encoding="utf-8")
    assert ".venv\\Scripts\\pip install ." in text
    assert "](install.md)" in text
