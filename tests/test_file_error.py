"""The file/line/column/field errors survive pickling whole (``xlfuncs period`` reads files in
worker processes, which send a bad file's error back pickled), with the message an arbiter
reads unchanged."""

from __future__ import annotations

import pickle

import pytest

from xlfuncs.file_error import FileFieldError
from xlfuncs.ratinglist import RatingListError
from xlfuncs.trf import TrfError
from xlfuncs.trf.k_file import KFileError

CASES: list[tuple[FileFieldError[object], str]] = [
    (
        TrfError("a.trf", 7, "49-52", "rating", "a rating", "'12x4'"),
        "a.trf, line 7, columns 49-52 (rating): expected a rating, found '12x4'",
    ),
    (
        KFileError("k.csv", 3, 2, "K", "40, 20 or 10", "30"),
        "k.csv, line 3, column 2 (K): expected 40, 20 or 10, found 30",
    ),
    (
        RatingListError("list.txt", 2, (114, 119), "SRtng", "a rating", "'abc'"),
        "list.txt, line 2, columns 114-119 (SRtng): expected a rating, found 'abc'",
    ),
    (
        RatingListError("list.txt", None, None, "header", "FIDE's header", "nothing"),
        "list.txt (header): expected FIDE's header, found nothing",
    ),
]


@pytest.mark.parametrize(("error", "message"), CASES)
def test_message_and_pickling(error: FileFieldError[object], message: str) -> None:
    assert str(error) == message
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == message
    assert (back.source, back.line_no, back.columns, back.field) == (
        error.source,
        error.line_no,
        error.columns,
        error.field,
    )
    assert isinstance(back, ValueError)
