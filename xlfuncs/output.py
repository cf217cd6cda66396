"""Safe output: what the commands write never loses a file, and what they print never
drives the terminal.

The ``vet_*`` functions check an output path before any work is done (each problem an
:class:`OutputError` naming the path and what is wrong); :func:`write_atomically` writes
through a temporary file renamed over the target in one step, :func:`written_together`
renames several into place together or none; :func:`visible` escapes the control characters
of text from a file before it is printed. The library's writers (the chart, the templates,
the Lite bundle) write through :func:`write_atomically`. This module imports nothing from the
package but :mod:`xlfuncs.interruption`.
"""

from __future__ import annotations

import contextlib
import gc
import os
import re
import shutil
import stat
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path

from .interruption import deferred

__all__ = [
    "OutputError",
    "vet_book",
    "vet_distinct",
    "vet_file",
    "vet_folder",
    "vet_folder_name",
    "vet_suffix",
    "visible",
    "write_atomically",
    "write_text_file",
    "written_together",
]

PathLike = str | os.PathLike[str]


class OutputError(OSError):
    """An output path that cannot or must not be written; the message names the path and
    what is wrong."""

    reason: str | None = None
    """The operating system's own words when it refused the write (e.g. ``No space left on
    device``), else ``None``."""


def _shown(path: PathLike) -> str:
    return visible(os.fspath(path))


def _common(path: PathLike, what: str) -> Path:
    """The checks of every output path: not empty, not ``-`` (standard output)."""
    text = os.fspath(path)
    if text == "":
        raise OutputError(f"an empty path for the {what}: give its name")
    if text == "-":
        raise OutputError(f"cannot write the {what} to standard output ('-'): give a file name")
    return Path(text)


def _is_input(target: Path, inputs: Iterable[PathLike | None]) -> PathLike | None:
    """The input that *target* is (the same file, however it is spelled or linked)."""
    for given in inputs:
        if given is None or os.fspath(given) in ("", "-"):
            continue
        with contextlib.suppress(OSError):
            if os.path.samefile(target, given):
                return given
    return None


def vet_file(
    path: PathLike,
    *,
    force: bool = False,
    inputs: Iterable[PathLike | None] = (),
    what: str = "output",
) -> Path:
    """Check that *path* can take a new file: raises :class:`OutputError` when it is empty or
    ``-``, a folder, a device, pipe or socket, in a folder that does not exist, one of the
    *inputs* (whatever *force* says), or an existing file and not *force*. *what* names the
    file in the messages (e.g. ``"workbook"``)."""
    target = _common(path, what)
    shown = _shown(path)
    if target.is_dir():
        raise OutputError(f"{shown} is a folder: give the {what}'s file name")
    parent = target.parent
    if not parent.exists():
        raise OutputError(f"cannot write {shown}: the folder {_shown(parent)} does not exist")
    if not parent.is_dir():
        raise OutputError(f"cannot write {shown}: {_shown(parent)} is not a folder")
    if target.exists() or target.is_symlink():
        if not target.exists():
            raise OutputError(f"cannot write {shown}: a link to a file that does not exist")
        if not stat.S_ISREG(target.stat().st_mode):
            raise OutputError(
                f"cannot write {shown}: not a regular file (a device, pipe or socket)"
            )
        source = _is_input(target, inputs)
        if source is not None:
            same = "" if os.fspath(source) == os.fspath(path) else f" ({_shown(source)})"
            raise OutputError(f"{shown} is the input file{same}: the output needs another name")
        if not force:
            raise OutputError(f"{shown} exists: give --force to replace it")
    return target


FILE_SUFFIXES = (
    ".xlsx", ".xlsm", ".xls", ".ods", ".csv", ".json", ".txt", ".trf", ".pdf", ".zip", ".oxt",
)  # fmt: skip
"""The extensions of the files the commands read or write, and of others a person may mean
(a folder named so is taken for a file name given by mistake)."""


def vet_suffix(path: PathLike, suffixes: tuple[str, ...], *, option: str, what: str) -> None:
    """Check that the name of the output file *path* ends with one of *suffixes* (any case),
    those of the format written (*what*, e.g. ``"an Excel workbook"``): raises
    :class:`OutputError` naming *option*, the path, the format and the name to give. An empty
    path and ``-`` are left to :func:`vet_file`."""
    text = os.fspath(path)
    if text in ("", "-"):
        return
    given = Path(text)
    suffix = given.suffix
    if suffix.lower() in suffixes:
        return
    ends = " or ".join(suffixes)
    example = given.with_suffix(suffixes[0]) if suffix else Path(text + suffixes[0])
    named = f"its name ends {suffix}" if suffix else "its name has no extension"
    raise OutputError(
        f"{option} {_shown(path)}: the file written is {what} ({ends}), but {named}: give "
        f"a name ending {ends}, e.g. {_shown(example)}"
    )


def vet_folder_name(path: PathLike, *, option: str, what: str) -> None:
    """Check that *path*, where a folder is written (*what*, e.g. ``"the five template
    workbooks"``), is not named like a file: a path that does not exist and ends with one of
    :data:`FILE_SUFFIXES` raises :class:`OutputError` naming *option* and the path (an
    existing file is left to :func:`vet_folder`)."""
    given = Path(os.fspath(path))
    if given.exists() or given.suffix.lower() not in FILE_SUFFIXES:
        return
    raise OutputError(
        f"{option} {_shown(path)}: {what} go into a folder, and {_shown(path)} is named "
        f"like a file ({given.suffix}): give the folder's name"
    )


def vet_distinct(outputs: Mapping[str, PathLike | None]) -> None:
    """Check that the outputs of one run (by the option that names each, ``None``: not
    asked for) are different files: raises :class:`OutputError` naming both options when two
    name the same path (however spelled or linked)."""
    seen: dict[str, str] = {}
    for option, path in outputs.items():
        if path is None:
            continue
        key = os.path.realpath(os.fspath(path))
        if key in seen:
            raise OutputError(
                f"{seen[key]} and {option} name the same file {_shown(path)}: one output "
                "would be lost, give each its own name"
            )
        seen[key] = option


def vet_folder(path: PathLike, *, what: str = "output folder") -> Path:
    """Check that *path* is a folder or can be made one, and make it (with its parents);
    raises :class:`OutputError` when it is empty, ``-``, an existing file, or cannot be made."""
    target = _common(path, what)
    shown = _shown(path)
    if target.exists() and not target.is_dir():
        raise OutputError(f"cannot write to {shown}: it exists and is not a folder")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot write to {shown}: {exc.strerror or exc}") from None
    return target


def vet_book(path: PathLike) -> Path:
    """Check that *path* can be a workbook updated in place (``lite --into``): raises
    :class:`OutputError` when it is empty, ``-``, a folder or not a regular file (a missing
    file is left to the reader, whose error says so)."""
    target = _common(path, "workbook")
    shown = _shown(path)
    if target.is_dir():
        raise OutputError(f"{shown} is a folder, not a workbook")
    if target.exists() and not stat.S_ISREG(target.stat().st_mode):
        raise OutputError(f"cannot write {shown}: not a regular file (a device, pipe or socket)")
    return target


def _os_error(exc: BaseException) -> OSError | None:
    """The operating system's error behind *exc*: itself, or the one a writer wrapped
    (xlsxwriter's ``FileCreateError`` carries it as its argument)."""
    candidates = (exc, *exc.args, exc.__cause__, exc.__context__)
    return next((c for c in candidates if isinstance(c, OSError)), None)


def _new_file_mode() -> int:
    """The permissions a new file gets here (0666 less the umask), which a temporary file
    (created 0600) is given before it takes the target's name."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomically(path: PathLike, write: Callable[[Path], object]) -> Path:
    """Have *write* write the file *path* through a temporary file in the same folder, then
    rename that over *path* in one step. The target keeps its permissions (a new file gets
    the usual ones); a link is followed, and the file it names is replaced. When *write* or the
    rename fails, or the command is interrupted, the temporary file is removed and the old
    file, if any, is left whole; an error of the operating system (a full disk, no
    permission) becomes an :class:`OutputError` that names *path*. Inside
    :func:`written_together` the rename waits for the block's end. Returns *path*."""
    given = Path(os.fspath(path))
    target = Path(os.path.realpath(given))
    temporary: Path | None = None
    try:
        with deferred():  # the temporary file's name is held before a signal can stop us
            try:
                handle, name = tempfile.mkstemp(
                    prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
                )
            except OSError as exc:
                raise OutputError(f"cannot write {_shown(given)}: {exc.strerror or exc}") from None
            temporary = Path(name)
            os.close(handle)
        write(temporary)
        with open(temporary, "rb+") as done:
            os.fsync(done.fileno())
        if target.exists():
            shutil.copymode(target, temporary)
        else:
            os.chmod(temporary, _new_file_mode())
        staged = _STAGED.get()
        if staged is not None:
            staged.append((temporary, target))
        else:
            os.replace(temporary, target)
    except BaseException as exc:
        _remove([temporary] if temporary is not None else [])
        _let_go(exc)
        cause = _os_error(exc)
        if cause is not None and isinstance(exc, Exception) and not isinstance(exc, OutputError):
            reason = getattr(cause, "reason", None) or cause.strerror or str(cause)
            error = OutputError(f"cannot write {_shown(given)}: {reason}")
            error.reason = reason
            raise error from exc
        raise
    return given


def _let_go(exc: BaseException) -> None:
    """Free what the failed writer held (a zip archive, a file), here and in silence: its
    frames' variables cleared and the cycles they were in collected, with Python's report of
    an error in a finaliser set aside (a ``ZipFile`` left open on a full disk fails again when
    it is freed, and would print ``Exception ignored in: ZipFile.__del__``)."""
    hook = sys.unraisablehook
    sys.unraisablehook = lambda _: None
    try:
        seen: set[int] = set()
        chain: list[BaseException | None] = [exc]
        while chain:  # the exception and those it was raised from or while handling
            one = chain.pop()
            if one is None or id(one) in seen:
                continue
            seen.add(id(one))
            traceback.clear_frames(one.__traceback__)
            chain += [one.__cause__, one.__context__]
        if isinstance(exc, Exception):  # a signal stops at once; a failure can take its time
            gc.collect()
    finally:
        sys.unraisablehook = hook


_STAGED: ContextVar[list[tuple[Path, Path]] | None] = ContextVar("_STAGED", default=None)
"""Inside :func:`written_together`: the files written (temporary file, target) waiting to
be renamed into place."""


@contextlib.contextmanager
def written_together() -> Iterator[None]:
    """Write the files the block writes (:func:`write_atomically`) together or not at all: each
    is written to its temporary file, and only when the block ends without an error are they
    renamed into place, with Ctrl-C and SIGTERM held. When the block fails, or a rename fails
    (e.g. a target open in another program on Windows), every temporary file is removed and
    the targets already renamed are put back as they were."""
    staged: list[tuple[Path, Path]] = []
    token = _STAGED.set(staged)
    try:
        yield
    except BaseException:
        _remove(temporary for temporary, _ in staged)
        raise
    finally:
        _STAGED.reset(token)
    with deferred():
        _rename_all(staged)


def _remove(paths: Iterable[Path]) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _rename_all(staged: list[tuple[Path, Path]]) -> None:
    """Rename each temporary file of *staged* over its target; when one fails, the targets
    renamed before it get their old files back (kept aside as links, else copies, until all
    are renamed) and the error is raised as an :class:`OutputError` naming the target."""
    done: list[tuple[Path | None, Path]] = []  # (the old file kept aside, the target renamed)
    kept: list[Path] = []
    for temporary, target in staged:
        try:
            old = _keep(target)
            if old is not None:
                kept.append(old)
            os.replace(temporary, target)
        except OSError as exc:
            for back, renamed in reversed(done):
                with contextlib.suppress(OSError):
                    if back is None:
                        os.unlink(renamed)
                    else:
                        os.replace(back, renamed)
            _remove([t for t, _ in staged] + kept)
            raise OutputError(f"cannot write {_shown(target)}: {exc.strerror or exc}") from exc
        done.append((old, target))
    _remove(kept)


def _keep(target: Path) -> Path | None:
    """A second name for the file *target* (a hard link, else a copy) beside it, so that it
    can be put back; ``None`` when there is no file there."""
    if not target.exists():
        return None
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
    os.close(handle)
    kept = Path(name)
    try:
        os.unlink(kept)
        os.link(target, kept)
    except OSError:
        shutil.copy2(target, kept)
    return kept


def write_text_file(path: PathLike, text: str) -> Path:
    """Write *text* (UTF-8, ``\\n`` line ends) to *path* atomically."""
    return write_atomically(path, lambda t: t.write_text(text, encoding="utf-8", newline="\n"))


_CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
"""The control characters (C0 but the line feed, DEL, C1) that :func:`visible` escapes."""


def visible(text: str) -> str:
    """*text* with every control character but the line feed written as ``\\xNN`` (``ESC``
    as ``\\x1b``, a tab as ``\\x09``), so that text from a file cannot drive the terminal."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
