"""The one shape of the errors that name a place in a file and what is wrong there:
``file, line N, column(s) C (field): expected X, found Y``; and of a file that cannot be read
at all (:func:`cannot_read_message`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Generic, TypeVar

__all__ = ["FileFieldError", "cannot_read_message"]

ColumnsT = TypeVar("ColumnsT")
"""How a subclass gives the column or columns (a text, a number, a pair, or ``None``)."""


@dataclass(eq=False, repr=False)
class FileFieldError(ValueError, Generic[ColumnsT]):
    """A field of a file that cannot be read, named by file, line and column(s): the base of
    the TRF, K file and rating-list errors. It keeps the parts, builds the one message (the
    line and the columns left out when ``None``) and pickles by the parts, so the errors cross
    from a worker process whole. A subclass says how its columns read (:meth:`_place`).
    """

    source: str
    """The file name (or ``<string>``)."""
    line_no: int | None
    """1-based line number (``None``: the file as a whole)."""
    columns: ColumnsT
    """The column or columns, as the subclass gives them (:class:`~xlfuncs.trf.k_file.KFileError`
    also names its one column ``column``)."""
    field: str
    """What the place should hold, e.g. ``rating``."""
    expected: str
    """What was expected there."""
    found: str
    """What was found there, as shown in the message."""

    def __post_init__(self) -> None:
        where = self.source
        if self.line_no is not None:
            where += f", line {self.line_no}"
        place = self._place()
        if place is not None:
            where += f", {place}"
        super().__init__(f"{where} ({self.field}): expected {self.expected}, found {self.found}")

    def _place(self) -> str | None:
        """The columns as the message names them, e.g. ``columns 49-52`` (``None``: left out).
        A subclass says how; here, ``column`` and the value as it is."""
        return None if self.columns is None else f"column {self.columns}"

    def __reduce__(self) -> tuple[type[FileFieldError[ColumnsT]], tuple[object, ...]]:
        """Pickle and copy by the parts, not by the message."""
        return type(self), tuple(getattr(self, f.name) for f in fields(self))


def cannot_read_message(exc: OSError, file: str, *, named: bool = True) -> str:
    """That *file* (or, when *named*, the file *exc* names) cannot be read, and why."""
    name = (exc.filename if named else None) or file
    if isinstance(exc, FileNotFoundError):
        return f"cannot read {name}: no such file"
    if isinstance(exc, IsADirectoryError):
        return f"cannot read {name}: it is a folder, not a file"
    return f"cannot read {name}: {exc.strerror or exc}"
