"""The docs cannot drift from the program, and the library's code speaks of the code.

The README's and docs' generated blocks (``tests/doc_blocks.py``) must be what the program
prints now, and no library file may name an issue of the tracker (that history belongs in
``CHANGELOG.md`` or ``docs/``).
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import doc_blocks
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _whole_suite(config: pytest.Config) -> bool:
    """Whether this session runs the README's test command's whole suite (its default paths,
    nothing deselected), so that its items are the tests the README counts."""
    option = config.option
    return (
        config.args_source is pytest.Config.ArgsSource.TESTPATHS
        and not option.markexpr
        and not option.keyword
        and not getattr(option, "deselect", None)
        and not getattr(option, "lf", False)
        and not getattr(option, "stepwise", False)
    )


@pytest.mark.slow  # every command the docs show, run on the repository's files
def test_the_generated_blocks_are_what_the_program_prints(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``python tests/doc_blocks.py --check``: a block that differs fails with the diff, and
    ``python tests/doc_blocks.py`` writes it again. The test counts are this session's when
    it runs the whole suite; in a part of the suite they are left as they are."""
    from cogapp import Cog

    if _whole_suite(request.config):
        items = request.session.items
        slow = sum(item.get_closest_marker("slow") is not None for item in items)
        monkeypatch.setattr(doc_blocks, "COUNTS", (len(items), slow))
    else:
        monkeypatch.setenv("XLFUNCS_DOCS_NO_COLLECT", "1")
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), contextlib.redirect_stderr(shown):
        code = Cog().main(
            doc_blocks.cog_arguments(
                "--check", "--diff", "--check-fail-msg", "run: python tests/doc_blocks.py"
            )
        )
    assert code == 0, shown.getvalue()


ISSUE = re.compile(
    r"\b(?:issues?|tickets?|bugs?|PRs?|pull requests?)\s*(?:no\.?\s*)?#?\d+"
    r"|(?<![\w&#])#\d{1,5}\b(?![0-9A-Fa-f])",
    re.IGNORECASE,
)
"""A reference to an issue: "issue 12", "issues 8 and 9", "#12" (but not Excel's ``#N/A``,
``#NUM!`` nor a colour, ``#006100``)."""

NOT_YET_SCRUBBED: dict[str, int] = {}
"""Files that still name issues, and how many times: the number may only go down."""


def test_issue_pattern() -> None:
    for text in ("issue 12", "(issue 9, case 2)", "issues 8 and 9", "see #12.", "PR 3"):
        assert ISSUE.search(text), text
    for text in ("#N/A", "#NUM!", "#VALUE!", '"#006100"', "#C6EFCE", "8.3.3", "1.4.3d"):
        assert not ISSUE.search(text), text


def test_no_library_file_names_an_issue() -> None:
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "xlfuncs").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        hits = [m.group() for m in ISSUE.finditer(text)]
        if len(hits) > NOT_YET_SCRUBBED.get(name, 0):
            found[name] = hits
    assert not found, f"issue numbers in library code (CHANGELOG.md or docs/ instead): {found}"


PATH_IN_DOCS = re.compile(
    r"(?<![\w/.])((?:xlfuncs|tests|docs|benchmarks|workbook_templates|\.ci)/[\w./-]*\w/?)"
)
"""A path of the checkout written in the docs (``xlfuncs/core/tables.py``, ``docs/``)."""

OTHER_REPOSITORIES = {
    ("docs/editions.md", "docs/research/VERIFICATION_2026-10-09.md"),
    ("docs/fide-rules.md", "tests/fixtures/"),
    ("docs/lite.md", "tests/e2e_custom_functions.xlsx"),
    ("docs/norms.md", "docs/research/VERIFICATION_TITLES.md"),
    ("docs/norms.md", "docs/research/VERIFICATION_2026-10-09.md"),
    ("docs/rated.md", "docs/research/VERIFICATION_2026-10-09.md"),
    ("docs/teams.md", "docs/c07-regulation-text.md"),
    ("docs/tiebreaks.md", "docs/c07-regulation-text.md"),
    ("docs/tiebreaks.md", "docs/c0406-regulation-text.md"),
}
"""Paths the docs cite in other projects' repositories, not in this one."""


def test_every_path_the_docs_name_exists() -> None:
    missing = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        name = doc.relative_to(ROOT).as_posix()
        for found in PATH_IN_DOCS.finditer(doc.read_text(encoding="utf-8")):
            path = found.group(1)
            if not (ROOT / path).exists() and (name, path) not in OTHER_REPOSITORIES:
                missing.append(f"{name}: {path}")
    assert not missing


def test_every_file_of_the_architecture_s_map_exists() -> None:
    """docs/architecture.md's map of where each rule lives: each file it names
    (``norm_games.py`` after ``xlfuncs/core/norm_check.py`` is in the same folder)."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = page[page.index("Where a rule lives:") :].split("\n\n")[1]
    named = []
    for row in table.splitlines()[2:]:
        folder = ""
        for cell_path in re.findall(r"`([^`]+)`", row.split("|")[1]):
            if "/" in cell_path:
                folder = cell_path.rstrip("/").rpartition("/")[0] if "." in cell_path else ""
                named.append(cell_path)
            else:
                named.append(f"{folder}/{cell_path}")
    assert len(named) > 30
    assert [path for path in named if not (ROOT / path).exists()] == []


README_LIMIT = 15 * 1024
"""The README is a front door: at most 15 KiB (details go to ``docs/``)."""


def test_the_readme_is_a_front_door() -> None:
    size = (ROOT / "README.md").stat().st_size
    assert size <= README_LIMIT, f"README.md is {size:,} bytes, over {README_LIMIT:,}"


def test_the_readme_starts_with_the_demo_then_the_test_command() -> None:
    """The first two code blocks: the demo's setup, then the test command after its marker,
    which ``.ci/run`` reads."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)\n```", readme, re.MULTILINE | re.DOTALL)
    assert blocks[0].endswith("xlfuncs demo")
    marker = readme.index("<!-- test-command -->")
    assert readme.index(blocks[1]) > marker > readme.index(blocks[0])
    assert "pytest" in blocks[1]


def test_the_readme_s_index_names_every_function() -> None:
    """Each Excel function is in the README's index, linked to its entry of
    docs/reference.md, and has that entry."""
    from xlfuncs.excel import functions

    names = {*functions.FUNCTIONS, "EXPLAIN_ERROR"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    reference = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\[`([A-Z0-9_]+)`\]\(docs/reference\.md#([a-z0-9_]+)\)", readme))
    assert {name for name, _ in linked} == names
    assert all(anchor == name.lower() for name, anchor in linked)
    assert set(re.findall(r"^## `([A-Z0-9_]+)`$", reference, re.MULTILINE)) == names


LINK = re.compile(r"\]\(([^)\s]+)\)")
"""A Markdown link's target (``[text](docs/report.md#team-events)``)."""


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation but ``-`` and ``_``
    dropped, each space a ``-`` (``One player's working: `--player` `` ->
    ``one-players-working---player``)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors_of(path: Path) -> set[str]:
    """The anchors of a Markdown file: its headings' (outside code blocks) and its HTML ids."""
    found: set[str] = set()
    fenced = False
    text = path.read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (heading := re.match(r"#+ (.*)", line)):
            found.add(github_anchor(heading.group(1)))
    return found | set(re.findall(r'<a id="([^"]+)"', text))


def test_github_anchor() -> None:
    assert github_anchor("One player's working: `--player`") == "one-players-working---player"
    assert github_anchor("`RP_FIDE`") == "rp_fide"
    assert github_anchor("Whole-column forms") == "whole-column-forms"


def test_every_link_of_the_readme_and_the_docs_leads_somewhere() -> None:
    """Each relative link of README.md and docs/*.md names a file of the checkout, and an
    anchor of it where it names one (as GitHub shows them; ``mkdocs build --strict``, in
    ``.ci/docs``, checks the site's own)."""
    broken = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            path = (doc.parent / file_part).resolve() if file_part else doc
            if not path.exists():
                broken.append(f"{doc.name}: {target}")
            elif anchor and path.suffix == ".md" and anchor not in anchors_of(path):
                broken.append(f"{doc.name}: {target} (no such anchor)")
    assert broken == []


def test_every_file_with_a_generated_block_is_cogged() -> None:
    """A file with a ``<!-- [[[cog`` line is in ``doc_blocks.DOCUMENTS``, so that its blocks
    are generated and checked (a block moved to a page not listed would go stale unseen)."""
    with_blocks = {
        doc.relative_to(ROOT).as_posix()
        for doc in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
        if re.search(r"^<!-- \[\[\[cog", doc.read_text(encoding="utf-8"), re.MULTILINE)
    }
    assert with_blocks == set(doc_blocks.DOCUMENTS)


def test_every_page_is_in_the_site_s_nav() -> None:
    """mkdocs.yml's nav names each page of docs/ once (``.ci/docs`` builds the site with
    ``--strict``, which fails on a page left out; this says so in the test suite too)."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = re.findall(r"^\s+- (?:[^:\n]+|\"[^\"]+\"): ([\w.-]+\.md)$", config, re.MULTILINE)
    pages = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert sorted(nav) == pages
