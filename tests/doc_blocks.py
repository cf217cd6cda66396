"""The generated blocks of README.md and docs/*.md: what the program prints, run now.

Each block sits between a ``<!-- [[[cog ... ]]] -->`` line, which calls a function of this
module, and ``<!-- [[[end]]] -->``; `cog <https://nedbatchelder.com/code/cog/>`_ (the test
extra's ``cogapp``) replaces what is between them by what the call prints. A console example
runs the command in this process, in a scratch folder holding the files under the names the
docs show them by (:data:`FILES`), so its output, paths included, is the program's own.

Regenerate every block after a change of output::

    .venv/bin/python tests/doc_blocks.py

``--check`` changes nothing and fails, with a diff, where a block is not what the program
prints now; ``tests/test_docs.py`` runs it in the test suite (and so in CI).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The checkout."""

DOCUMENTS = (
    "README.md",
    "docs/check.md",
    "docs/functions.md",
    "docs/norms.md",
    "docs/period.md",
    "docs/plan.md",
    "docs/rating-list.md",
    "docs/reference.md",
    "docs/report.md",
    "docs/tiebreaks.md",
    "docs/title.md",
)
"""The files with generated blocks, relative to :data:`ROOT`."""

FILES = {
    "rr.trf": "xlfuncs/data/demo_round_robin.trf",
    "karl-mala-2005.trf": "tests/data/real/karl-mala-2005.trf",
    "lichess-swiss-2021-03.trf": "tests/data/real/lichess-swiss-2021-03.trf",
    "players_list_foa.txt": "docs/examples/demo_players_list_foa.txt",
    "tests/data/real/crete-friendship-cup-2024-rapid.trf": (
        "tests/data/real/crete-friendship-cup-2024-rapid.trf"
    ),
    "unplayed-rounds.trf": "tests/data/tiebreakserver/swiss_with_many_unplayed_rounds.trf",
    "costa-verde-field.trf": "tests/data/plan/costa_verde_rr_field.txt",
    "riverside-field.csv": "tests/data/plan/riverside_open_field.csv",
    "docs/examples/period": "docs/examples/period",
    "march": "docs/examples/period",
    "players_list.zip": "tests/data/ratinglist/damaged/deflate64.zip",
}
"""The scratch folder's files (the name a command is given) and where each comes from."""

BAD_OPPONENT = "  x2"
"""``bad.trf`` is the demo's first player line with this in round 1's opponent columns
(92-95): a structure the reader cannot place (a value, such as a rating, is read with a
warning, never refused)."""

BAD_LIST_LINE, BAD_LIST_RATING = 7, "2x76"
"""``broken/players_list_foa.txt`` is the demo's list with this line's standard rating
(columns 114-119) written so."""

Selector = str | tuple[str, str] | tuple[str, int]
"""A part of a command's output to show: the next line matching a regular expression; the
next line matching the first through the next matching the second; or the next line
matching it and the lines after it, so many in all."""


@dataclass(frozen=True)
class Run:
    """One ``$ xlfuncs ...`` line of a console example and what of its output is shown."""

    command: str
    """The command line after ``xlfuncs``, as shown."""
    keep: Sequence[Selector] | None = None
    """The parts shown, in order, each gap a ``...`` line; ``None``: all of it."""
    note: str = ""
    """A comment after the command (``# ...``)."""
    quiet: bool = False
    """Run (and check the exit status) but show no output."""
    code: int = 0
    """The exit status it must give."""


def run(command: str, *keep: Selector, note: str = "", quiet: bool = False, code: int = 0) -> Run:
    """A :class:`Run`; *keep* as its selectors (none: the whole output)."""
    return Run(command, keep or None, note, quiet, code)


def console(*runs: Run, language: str = "console") -> None:
    """Print a fenced block: each command and what it prints."""
    print(f"```{language}")
    with _scratch() as folder:
        for one in runs:
            line = f"$ xlfuncs {one.command}"
            print(f"{line}     # {one.note}" if one.note else line)
            code, output = xlfuncs(folder, shlex.split(one.command))
            if code != one.code:
                raise AssertionError(
                    f"xlfuncs {one.command}: exit status {code}, not {one.code}:\n{output}"
                )
            if not one.quiet:
                for shown in excerpt(output.splitlines(), one.keep):
                    print(shown)
    print("```")


def lines_of(command: str, *keep: Selector, code: int = 0) -> None:
    """Print a fenced block of the lines *keep* selects from what ``xlfuncs COMMAND`` prints
    (no ``$`` line, no ``...``)."""
    with _scratch() as folder:
        got, output = xlfuncs(folder, shlex.split(command))
    if got != code:
        raise AssertionError(f"xlfuncs {command}: exit status {got}, not {code}:\n{output}")
    print("```text")
    for line in excerpt(output.splitlines(), keep):
        if line.strip() != "...":
            print(line)
    print("```")


def python_session(source: str) -> None:
    """Print a fenced ``pycon`` block: each line of *source* run in the checkout as Python's
    prompt runs it, an expression followed by its value's ``repr``."""
    namespace: dict[str, object] = {}
    before = Path.cwd()
    os.chdir(ROOT)
    print("```pycon")
    try:
        for line in source.strip("\n").splitlines():
            print(f">>> {line}")
            try:
                code = compile(line, "<docs>", "eval")
            except SyntaxError:
                exec(compile(line, "<docs>", "exec"), namespace)
                continue
            value = eval(code, namespace)
            if value is not None:
                print(repr(value))
    finally:
        os.chdir(before)
    print("```")


def xlfuncs(folder: Path, argv: list[str]) -> tuple[int, str]:
    """``xlfuncs ARGV`` run in *folder*: its exit status and its stdout and stderr as one."""
    from xlfuncs.cli import main

    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
    before = Path.cwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(stream), contextlib.redirect_stderr(stream):
            try:
                code = main(argv)
            except SystemExit as exit_:  # argparse's usage errors
                code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        os.chdir(before)
    return code, stream.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]


def excerpt(lines: Sequence[str], keep: Sequence[Selector] | None) -> list[str]:
    """The lines that *keep* selects, each gap between them one ``...`` line, indented as
    the line after it; a gap of blank lines only at the end is left out."""
    if keep is None:
        return list(lines)
    chosen: list[tuple[int, int]] = []
    at = 0
    for selector in keep:
        start_pattern, end = (selector, 1) if isinstance(selector, str) else selector
        start = _find(lines, start_pattern, at)
        if isinstance(end, int):
            stop = start + end
        else:
            stop = _find(lines, end, start) + 1
        chosen.append((start, min(stop, len(lines))))
        at = stop
    shown: list[str] = []
    last = 0
    for start, stop in chosen:
        if start > last:
            indent = len(lines[start]) - len(lines[start].lstrip())
            shown.append(" " * indent + "...")
        shown.extend(lines[start:stop])
        last = stop
    if any(line.strip() for line in lines[last:]):
        shown.append("...")
    return shown


def _find(lines: Sequence[str], pattern: str, at: int) -> int:
    for i in range(at, len(lines)):
        if re.search(pattern, lines[i]):
            return i
    raise LookupError(f"no line matching {pattern!r} after line {at}:\n" + "\n".join(lines))


@contextlib.contextmanager
def _scratch() -> Iterator[Path]:
    """A scratch folder with :data:`FILES`, ``bad.trf`` and its own cache folder."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for shown, source in FILES.items():
            target = folder / shown
            target.parent.mkdir(parents=True, exist_ok=True)
            if (ROOT / source).is_dir():
                shutil.copytree(ROOT / source, target)
            else:
                shutil.copyfile(ROOT / source, target)
        lines = (folder / "rr.trf").read_text(encoding="utf-8").splitlines()
        first = next(line for line in lines if line.startswith("001"))
        (folder / "bad.trf").write_text(first[:91] + BAD_OPPONENT + first[95:] + "\n")
        listed = (folder / "players_list_foa.txt").read_text(encoding="utf-8").split("\n")
        line = listed[BAD_LIST_LINE - 1]
        listed[BAD_LIST_LINE - 1] = line[:113] + BAD_LIST_RATING.rjust(6) + line[119:]
        (folder / "broken").mkdir()
        (folder / "broken" / "players_list_foa.txt").write_text("\n".join(listed), "utf-8")
        before = os.environ.get("XLFUNCS_CACHE_DIR")
        os.environ["XLFUNCS_CACHE_DIR"] = str(folder / "cache")
        try:
            yield folder
        finally:
            if before is None:
                del os.environ["XLFUNCS_CACHE_DIR"]
            else:
                os.environ["XLFUNCS_CACHE_DIR"] = before


@functools.cache
def _demo_lines() -> tuple[str, ...]:
    """What ``xlfuncs demo -o demo`` prints in a scratch folder: run once, however many
    blocks show a part of it."""
    with _scratch() as folder:
        code, output = xlfuncs(folder, ["demo", "-o", "demo"])
    if code:
        raise AssertionError(output)
    return tuple(output.splitlines())


def demo_functions(*calls: str) -> None:
    """The Excel functions' worked examples, as ``xlfuncs demo`` prints them; with *calls*,
    only the lines whose formula starts ``=`` and one of them (``"RP_FIDE("``)."""
    lines = _demo_lines()
    first = lines.index("== The Excel functions on worked examples") + 1
    print("```text")
    for line in lines[first : lines.index("", first)]:
        if not calls or any(line.startswith("=" + call) for call in calls):
            print(line)
    print("```")


def held_tiebreaks() -> None:
    """``TIEBREAK_ALL`` and ``RANK_ALL`` on Held's round robin (``tests/held_round_robin.py``)."""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from held_round_robin import GRID, RATINGS
    finally:
        sys.path.remove(str(ROOT / "tests"))
    from xlfuncs.udfs import POINTS_ALL, RANK_ALL, TIEBREAK_ALL

    block = TIEBREAK_ALL("DE, WIN, SB, KS", RATINGS, GRID)
    ranks = RANK_ALL(POINTS_ALL(GRID), block)
    rows = [" ".join(_number(v) for v in row) for row in block]
    half = (len(rows) + 1) // 2
    left = '=TIEBREAK_ALL("DE, WIN, SB, KS", F9:F14, H9:M14)'
    width = len(left) + 3
    print("```text")
    print(f"{left:<{width}}->  " + " / ".join(rows[:half]) + " /")
    print(" " * (width + 4) + " / ".join(rows[half:]))
    rank_line = "=RANK_ALL(POINTS_ALL(H9:M14), <that block>)"
    print(f"{rank_line:<{width}}->  " + " / ".join(_number(row[0]) for row in ranks))
    print("```")


def reference() -> None:
    """Every Excel function as Excel's function wizard describes it: the description (the
    first paragraph of its docstring) and each argument's help (the ``doc`` xlwings
    registers, :data:`xlfuncs.udfs.ARGUMENTS`), in :mod:`xlfuncs.udfs`' order; an argument
    with a default is optional, shown in brackets."""

    from xlfuncs import udfs

    for name, arguments in udfs.ARGUMENTS.items():
        function = getattr(udfs, name)
        shown = []
        for parameter in inspect.signature(function).parameters.values():
            if parameter.kind is parameter.VAR_POSITIONAL:
                shown.append(f"[{parameter.name}] …")
            elif parameter.default is parameter.empty:
                shown.append(parameter.name)
            else:
                shown.append(f"[{parameter.name}]")
        description = " ".join(inspect.getdoc(function).split("\n\n")[0].split())
        print(f"## `{name}`\n")
        print(f"`={name}({', '.join(shown)})`\n")
        print(f"{_escape(description)}\n")
        if arguments:
            print("| argument | help |")
            print("|---|---|")
            for argument, declared in arguments.items():
                print(f"| `{argument}` | {_escape(' '.join(declared.doc.split()))} |")
            print()


def _escape(text: str) -> str:
    """*text* safe in a Markdown table cell and paragraph: ``\\``, ``|``, ``*``, ``_`` and
    ``[`` written as themselves, ``<`` as ``&lt;`` (never the start of a tag)."""
    for char in "\\|*_[":
        text = text.replace(char, "\\" + char)
    text = text.replace("<", "&lt;")
    return text


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


COUNTS: tuple[int, int] | None = None
"""The suite's tests and slow tests, set by ``tests/test_docs.py`` from the session it runs in
when that session is the whole suite; else :func:`counts_sentence` collects them."""


def counts_sentence() -> None:
    """The sentence of the README that gives the number of tests and of slow ones."""
    counts = COUNTS
    if counts is None:
        if os.environ.get("XLFUNCS_DOCS_NO_COLLECT"):  # a check from part of the suite
            import cog  # type: ignore[import-not-found]  # cogapp's module, while it runs

            print(cog.previous, end="")
            return
        counts = collect_counts()
    total, slow = counts
    sentence = (
        f'The suite has {total:,} tests; `-m "not slow"` leaves out the {slow:,} that '
        f"run a real application (LibreOffice, Pyodide), recalculate or print a workbook, "
        f"check the whole repository, or repeat on the largest events what the others check, "
        f"for a quicker loop of the other {total - slow:,}."
    )
    print(textwrap.fill(sentence, width=92, break_on_hyphens=False))


def collect_counts() -> tuple[int, int]:
    """The README's test command's tests and the slow ones among them, by pytest's collection."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-m",
            "slow",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"^(\d+)/(\d+) tests collected", done.stdout, re.MULTILINE)
    if found is None:
        raise AssertionError(f"pytest --collect-only: no count in\n{done.stdout}{done.stderr}")
    return int(found[2]), int(found[1])


def cog_arguments(*options: str) -> list[str]:
    """cog's command line for :data:`DOCUMENTS` with *options*."""
    return [
        "cog",
        *options,
        "-P",
        "-I",
        str(ROOT / "tests"),
        "-p",
        "from doc_blocks import *",
        *(str(ROOT / name) for name in DOCUMENTS),
    ]


def main(argv: Sequence[str]) -> int:
    """Regenerate the blocks (``--check``: compare only, with a diff)."""
    from cogapp import Cog

    check = "--check" in argv
    options = ["--check", "--diff", "--check-fail-msg", "run: python tests/doc_blocks.py"]
    return int(Cog().main(cog_arguments(*(options if check else ["-r"]))))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
