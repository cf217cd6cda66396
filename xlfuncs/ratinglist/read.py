"""Reading FIDE's downloadable rating lists, streaming: the combined TXT
(``players_list_foa.txt``), the single TXT lists (``standard_rating_list.txt``,
``rapid_rating_list.txt``, ``blitz_rating_list.txt``) and the XML files (``<player>``
records, combined or single), each as it is or in a ZIP archive as FIDE ships them.

A list is read one line (or one ``<player>``) at a time, never whole: the combined list has
over a million players. A malformed line raises :class:`RatingListError`, which names the
file, the line, the columns and the field. The columns: :mod:`xlfuncs.ratinglist.layout`.
"""

from __future__ import annotations

import contextlib
import io
import os
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, cast
from xml.parsers import expat

from ..core.errors import XlfuncsError
from ..core.rating_change import MAX_K, RULE_KS, check_k
from ..core.validate import MAX_RATING
from ..file_error import FileFieldError
from .layout import COMBINED, COMBINED_WIDTH, SINGLE, SINGLE_WIDTH
from .player import RATES, ListPlayer, RateRating, rate_name

__all__ = [
    "MAX_LIST_BYTES",
    "MAX_LIST_LINE",
    "ListFile",
    "RatingListError",
    "decode_line",
    "read_list",
    "sniff_rate",
]


class RatingListError(FileFieldError[tuple[int, int] | None]):
    """A rating list that cannot be read. The message names the file, line, columns (1-based,
    as a text editor counts them) and field:
    ``players_list_foa.txt, line 7, columns 114-119 (standard_rating): expected a rating
    (a whole number up to 4000) or a blank, found '2x76'``."""

    columns: tuple[int, int] | None
    """First and last column, 1-based, of the field (``None``: not a fixed field)."""

    def _place(self) -> str | None:
        """``column 7`` or ``columns 114-119`` (``None``: left out)."""
        if self.columns is None:
            return None
        first, last = self.columns
        return f"column {first}" if first == last else f"columns {first}-{last}"


Kind = Literal["combined", "single"]
"""A combined list (the three rates in one line) or a single list (one rate)."""

_XML_FIELDS: Mapping[str, str] = {
    "fideid": "fide_id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "w_title",
    "o_title": "o_title",
    "foa_title": "foa_title",
    "birthday": "birth_year",
    "flag": "flag",
    "rating": "rating",
    "games": "games",
    "k": "k",
    **{
        f"{rate}_{what}": f"{rate}_{what}"
        for rate in ("rapid", "blitz")
        for what in ("rating", "games", "k")
    },
}
"""An XML ``<player>``'s elements and the field each gives (``rating``, ``games``, ``k``:
standard play in the combined XML, the list's rate in a single one)."""

_FLAGS = frozenset({"", "i", "w", "wi", "iw"})


def sniff_rate(name: str) -> str | None:
    """The rate of play a file's name gives, as FIDE names its single lists
    (``rapid_rating_list.txt``, ``blitz_rating_list_xml.zip``); ``None`` when it names none,
    or more than one.

    >>> sniff_rate("rapid_rating_list.txt"), sniff_rate("players_list_foa.txt")
    ('rapid', None)
    """
    low = os.path.basename(name).lower()
    found = [rate for rate in RATES if rate in low]
    return found[0] if len(found) == 1 else None


@dataclass(frozen=True)
class _Reject(Exception):
    """A field's value refused: the field and what was expected (the caller adds where)."""

    field: str
    expected: str
    found: str


_K_EXPECTED = (
    f"a K, a whole number from 1 to {MAX_K} (FIDE's K rule gives "
    f"{', '.join(map(str, RULE_KS[:-1]))} or {RULE_KS[-1]}), or a blank"
)
"""What a K column may hold: a K core's :func:`~xlfuncs.core.rating_change.check_k` takes (the
rule of every K, in a cell, a K file and a list: FIDE's lists give 40, 20 or 10 since July
2014, 30, 15 or 10 before), 0 or a blank (none)."""


def _number(text: str, field: str, expected: str) -> int | None:
    if not text:
        return None
    if text.isascii() and text.isdigit():
        return int(text)
    raise _Reject(field, expected, repr(text))


def _rate(values: Mapping[str, str], rating: str, games: str, k: str) -> RateRating | None:
    """One rate's rating, games and K (``None``: unrated; 0 is unrated in the XML files)."""
    r = _number(values.get(rating, ""), rating, "a rating (a whole number up to 4000) or a blank")
    g = _number(values.get(games, ""), games, "a number of games or a blank")
    kk = _number(values.get(k, ""), k, _K_EXPECTED)
    if kk:
        try:
            check_k(kk)
        except XlfuncsError:
            raise _Reject(k, _K_EXPECTED, str(kk)) from None
    if not r:
        return None
    if r > MAX_RATING:
        raise _Reject(rating, f"a rating (a whole number up to {MAX_RATING}) or a blank", str(r))
    return RateRating(r, g or 0, kk or None)


def _player(values: Mapping[str, str], single: str | None, line_no: int) -> ListPlayer:
    """A player from its fields' text (stripped); *single*: the rate of a single list, whose
    fields are ``rating``, ``games``, ``k``. Raises :class:`_Reject`."""
    fide_id = values.get("fide_id", "")
    if not (fide_id.isascii() and fide_id.isdigit() and len(fide_id) <= 15):
        raise _Reject(
            "fide_id", "a FIDE id (1 to 15 digits)", repr(fide_id) if fide_id else "a blank"
        )
    federation = values.get("federation", "")
    if federation and not (len(federation) == 3 and federation.isascii() and federation.isalpha()):
        raise _Reject("federation", "three letters or a blank", repr(federation))
    sex = values.get("sex", "")
    if sex not in ("M", "F", ""):
        raise _Reject("sex", "M, F or a blank", repr(sex))
    born = _number(values.get("birth_year", ""), "birth_year", "a year (four digits) or a blank")
    if born is not None and born != 0 and not 1000 <= born <= 9999:
        raise _Reject("birth_year", "a year (four digits) or a blank", repr(values["birth_year"]))
    flag = values.get("flag", "").lower()
    if flag not in _FLAGS:
        raise _Reject("flag", "i, w, wi or a blank", repr(values["flag"]))
    rated: dict[str, RateRating | None] = dict.fromkeys(RATES)
    if single is None:
        rated["standard"] = _rate(values, "standard_rating", "standard_games", "standard_k")
        rated["rapid"] = _rate(values, "rapid_rating", "rapid_games", "rapid_k")
        rated["blitz"] = _rate(values, "blitz_rating", "blitz_games", "blitz_k")
    else:
        rated[single] = _rate(values, "rating", "games", "k")
    return ListPlayer(
        fide_id=fide_id,
        name=values.get("name", ""),
        federation=federation,
        sex=sex,
        title=values.get("title", ""),
        w_title=values.get("w_title", ""),
        o_title=values.get("o_title", ""),
        foa_title=values.get("foa_title", ""),
        standard=rated["standard"],
        rapid=rated["rapid"],
        blitz=rated["blitz"],
        birth_year=born or None,
        inactive="i" in flag,
        woman="w" in flag,
        line_no=line_no,
    )


_ID, _NAME, _FED, _SEX, _TIT, _WTIT, _OTIT, _FOA = (
    slice(COMBINED[key].start, COMBINED[key].end)
    for key in ("fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title")
)
_RATED = tuple(
    tuple(
        slice(COMBINED[f"{rate}_{w}"].start, COMBINED[f"{rate}_{w}"].end)
        for w in ("rating", "games", "k")
    )
    for rate in RATES
)
_BORN = slice(COMBINED["birth_year"].start, COMBINED["birth_year"].end)
_FLAG = slice(COMBINED["flag"].start, COMBINED["flag"].end)
_SEXES = frozenset({"M", "F", ""})


def _combined_fast(line: str, line_no: int) -> ListPlayer | None:
    """A combined line read quickly when every field is plainly right, else ``None`` (then
    :func:`_player` reads it field by field and names what is wrong). Gives what
    :func:`_player` gives."""
    fide_id = line[_ID].strip()
    fed = line[_FED].strip()
    sex = line[_SEX].strip()
    flag = line[_FLAG].strip().lower()
    born_text = line[_BORN].strip()
    if not (
        fide_id.isdigit()
        and fide_id.isascii()
        and sex in _SEXES
        and flag in _FLAGS
        and (not fed or (len(fed) == 3 and fed.isalpha() and fed.isascii()))
        and (not born_text or (len(born_text) == 4 and born_text.isdigit() and born_text.isascii()))
    ):
        return None
    rated: list[RateRating | None] = []
    for r_slice, g_slice, k_slice in _RATED:
        r, g, k = line[r_slice].strip(), line[g_slice].strip(), line[k_slice].strip()
        digits = r + g + k
        if digits and not (digits.isdigit() and digits.isascii()):
            return None
        if not r or r == "0" or not r.strip("0"):
            rated.append(None)
            continue
        rating = int(r)
        kk = int(k) if k else 0
        if rating > MAX_RATING or kk > MAX_K:  # check_k's rule for digits: 1 to MAX_K
            return None
        rated.append(RateRating(rating, int(g) if g else 0, kk or None))
    born = int(born_text) if born_text else 0
    if born and born < 1000:
        return None
    return ListPlayer(
        fide_id=fide_id,
        name=line[_NAME].strip(),
        federation=fed,
        sex=sex,
        title=line[_TIT].strip(),
        w_title=line[_WTIT].strip(),
        o_title=line[_OTIT].strip(),
        foa_title=line[_FOA].strip(),
        standard=rated[0],
        rapid=rated[1],
        blitz=rated[2],
        birth_year=born or None,
        inactive="i" in flag,
        woman="w" in flag,
        line_no=line_no,
    )


def decode_line(raw: bytes) -> str:
    """A line's text: UTF-8, else Windows-1252, else Latin-1 (every byte is a character)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


_BUFFER = 1 << 16
"""Bytes read at a time; the first read tells a list's kind."""

MAX_LIST_BYTES = 4 << 30
"""The largest rating list read (4 GiB, unzipped): FIDE's biggest, the combined XML, is well
under a gigabyte. A bigger file, or an endless one (a device), is refused when it passes this,
with a message that says so."""

MAX_LIST_LINE = 4096
"""The longest line of a TXT list read, in bytes: FIDE's lines are 162 characters."""


def _too_big(source: str, read: int) -> RatingListError:
    return RatingListError(
        source,
        None,
        None,
        "size",
        f"a rating list of at most {MAX_LIST_BYTES >> 30} GiB (FIDE's are well under one)",
        f"more than {read:,} bytes",
    )


def _lines(stream: io.BufferedReader, source: str, first: int, cr_only: bool) -> Iterator[bytes]:
    """The lines of *stream* (numbered from *first* in messages), ending in LF or CRLF, or in
    CR alone when *cr_only*; raises :class:`RatingListError` at a line longer than
    :data:`MAX_LIST_LINE` or past :data:`MAX_LIST_BYTES`."""
    read = 0
    line_no = first
    if cr_only:
        pieces = _cr_pieces(stream)
    else:
        pieces = iter(lambda: stream.readline(MAX_LIST_LINE + 1), b"")
    for raw in pieces:
        read += len(raw)
        if len(raw) > MAX_LIST_LINE:
            raise RatingListError(
                source,
                line_no,
                None,
                "line",
                f"a line of at most {MAX_LIST_LINE:,} bytes (FIDE's have {COMBINED_WIDTH} "
                "characters)",
                f"more than {MAX_LIST_LINE:,} bytes without a line break",
            )
        if read > MAX_LIST_BYTES:
            raise _too_big(source, MAX_LIST_BYTES)
        yield raw
        line_no += 1


def _cr_pieces(stream: io.BufferedReader) -> Iterator[bytes]:
    """The lines of a stream whose lines end in CR alone (an old Mac's), each with its CR;
    a piece longer than :data:`MAX_LIST_LINE` is yielded as it stands, for :func:`_lines` to
    refuse."""
    rest = b""
    while True:
        chunk = stream.read(_BUFFER)
        if not chunk:
            if rest:
                yield rest
            return
        parts = (rest + chunk).split(b"\r")
        rest = parts.pop()
        for part in parts:
            yield part + b"\r"
        if len(rest) > MAX_LIST_LINE:
            yield rest
            return


_GAPS = ((79, 80), (81, 84))
"""The blank columns between fields of either TXT layout (zero-based, end exclusive)."""


class ListFile:
    """An open rating list: what kind it is (:attr:`kind`, :attr:`format`, :attr:`rates`),
    and its players, read one at a time (:meth:`players`). Use it in a ``with`` block, or
    call :meth:`close`.

    *rate*: the rate of play of a single list, when its file's name does not say it
    (:func:`sniff_rate`); it wins over the name. A combined list ignores it.
    """

    source: str
    """How messages name the file: its base name, and the archive member's for a ZIP file
    (``players_list.zip (players_list_foa.txt)``)."""
    format: Literal["txt", "xml"]
    kind: Kind
    rates: tuple[str, ...]
    """The rates of play the list gives: all three for a combined list, one for a single."""

    def __init__(self, path: str | os.PathLike[str], *, rate: object = None) -> None:
        """Open *path* and read as much as tells what it holds (the header line). Raises
        :class:`RatingListError` for a file that is not a list, and ``OSError``."""
        self._stack = contextlib.ExitStack()
        try:
            self._open(Path(path), rate)
        except BaseException:
            self._stack.close()
            raise

    def _open(self, path: Path, rate: object) -> None:
        name = path.name
        member = None
        stream: io.BufferedReader
        if path.is_file() and zipfile.is_zipfile(path):  # a device would be read without end
            archive = self._stack.enter_context(zipfile.ZipFile(path))
            member = _list_member(archive, name)
            inner = self._stack.enter_context(archive.open(member))
            stream = io.BufferedReader(cast(io.RawIOBase, inner), _BUFFER)
            self.source = f"{name} ({member})"
        else:
            stream = self._stack.enter_context(io.BufferedReader(io.FileIO(path), _BUFFER))
            self.source = name
        self._stream = stream
        start = stream.peek(_BUFFER)  # what the first read brought: the header, a <player>
        head = start.lstrip(b"\xef\xbb\xbf \t\r\n")
        self.format = "xml" if head.startswith(b"<") else "txt"
        cr_only = b"\r" in start.rstrip(b"\r") and b"\n" not in start
        self._lines = _lines(stream, self.source, 1, cr_only)
        given = None if rate is None else rate_name(rate)
        named = sniff_rate(member or name) or (sniff_rate(name) if member else None)
        if self.format == "xml":
            combined = b"<rapid_rating" in start or b"<blitz_rating" in start
            self._header_line = 0
        else:
            combined = self._read_header()
        if combined:
            self.kind, self.rates, self._single = "combined", RATES, None
            return
        single = given or named
        if single is None:
            raise RatingListError(
                self.source,
                None,
                None,
                "rate of play",
                "a single list named after its rate of play as FIDE names them "
                "(standard_rating_list, rapid_rating_list, blitz_rating_list), or a rate given",
                repr(member or name),
            )
        self.kind, self.rates, self._single = "single", (single,), single

    def _read_header(self) -> bool:
        """Read the header line; whether the list is combined (else single)."""
        raw = next(self._lines, b"")
        self._header_line = 1
        header = decode_line(raw).removeprefix("\ufeff").rstrip("\r\n")
        combined = "SRtng" in header
        layout = COMBINED if combined else SINGLE
        expected = "the header line of a FIDE rating list (ID Number, Name, Fed ... Flag)"
        if not header.startswith("ID") or ("Gms" not in header and not combined):
            raise RatingListError(self.source, 1, None, "header", expected, repr(header[:60]))
        for key, col in layout.items():
            if col.header and header[col.start : col.start + len(col.header)] != col.header:
                raise RatingListError(
                    self.source,
                    1,
                    (col.start + 1, col.start + len(col.header)),
                    "header",
                    f"{col.header!r} (field {key}), where FIDE's layout puts it",
                    repr(header[col.start : col.start + len(col.header)])
                    + " (a layout this reader does not know)",
                )
        return combined

    def players(self) -> Iterator[ListPlayer]:
        """The list's players, in the file's order, one at a time."""
        if self.format == "xml":
            return self._xml_players()
        return self._txt_players()

    def _txt_players(self) -> Iterator[ListPlayer]:
        for line_no, raw in self.raw_lines():
            player = self.read_line(raw, line_no)
            if player is not None:
                yield player

    def raw_lines(self) -> Iterator[tuple[int, bytes]]:
        """The lines after the header of a TXT list, each as the file has it (bytes, its line
        break included) with its line number; :meth:`read_line` reads one. For copying
        lines through unchanged; an XML list has no lines to give (``ValueError``)."""
        if self.format != "txt":
            raise ValueError(f"{self.source}: an XML list has no lines to copy")
        return enumerate(self._lines, start=self._header_line + 1)

    def read_line(self, raw: bytes, line_no: int) -> ListPlayer | None:
        """The player of one line of a TXT list (:meth:`raw_lines`), read and checked as
        :meth:`players` reads it; ``None`` for a blank line. Raises :class:`RatingListError`
        for a malformed line."""
        line = decode_line(raw).rstrip("\r\n")
        if not line.strip():
            return None
        single = self._single
        layout, width = (COMBINED, COMBINED_WIDTH) if single is None else (SINGLE, SINGLE_WIDTH)
        for start, end in _GAPS:
            if line[start:end].strip():
                raise RatingListError(
                    self.source,
                    line_no,
                    (start + 1, end),
                    "blank between fields",
                    "blanks (a field there means the line's columns are shifted)",
                    repr(line[start:end]),
                )
        if len(line) > width and line[width:].strip():
            raise RatingListError(
                self.source,
                line_no,
                (width + 1, len(line)),
                "end of line",
                f"nothing after column {width}",
                repr(line[width : width + 20]),
            )
        if single is None:
            fast = _combined_fast(line, line_no)
            if fast is not None:
                return fast
        values = {key: line[col.start : col.end].strip() for key, col in layout.items()}
        try:
            return _player(values, single, line_no)
        except _Reject as bad:
            col = layout[bad.field]
            raise RatingListError(
                self.source, line_no, (col.start + 1, col.end), bad.field, bad.expected, bad.found
            ) from None

    def _xml_players(self) -> Iterator[ListPlayer]:
        parser = expat.ParserCreate()
        done: list[tuple[dict[str, str], dict[str, int], int]] = []
        state: dict[str, object] = {}
        values: dict[str, str] = {}
        lines: dict[str, int] = {}
        text: list[str] = []

        def start(tag: str, attrs: dict[str, str]) -> None:
            nonlocal values, lines
            if tag == "player":
                values, lines = {}, {}
                state["player"] = parser.CurrentLineNumber
                state["field"] = None
            elif "player" in state and tag in _XML_FIELDS:
                state["field"] = tag
                lines[_XML_FIELDS[tag]] = parser.CurrentLineNumber
                text.clear()

        def data(chunk: str) -> None:
            if state.get("field") is not None:
                text.append(chunk)

        def end(tag: str) -> None:
            if tag == "player" and "player" in state:
                line = state.pop("player")
                assert isinstance(line, int)
                done.append((values, lines, line))
            elif state.get("field") == tag:
                values[_XML_FIELDS[tag]] = "".join(text).strip()
                state["field"] = None

        parser.StartElementHandler = start
        parser.CharacterDataHandler = data
        parser.EndElementHandler = end
        single = self._single
        if single is None:  # the combined XML's rating, games, k are standard play's
            renamed = {w: f"standard_{w}" for w in ("rating", "games", "k")}
        else:  # a single list's, whatever its rate (also when written rapid_rating)
            renamed = {f"{single}_{w}": w for w in ("rating", "games", "k")}
        read = 0
        while True:
            chunk = self._stream.read(1 << 20)
            read += len(chunk)
            if read > MAX_LIST_BYTES:
                raise _too_big(self.source, MAX_LIST_BYTES)
            try:
                parser.Parse(chunk, not chunk)
            except expat.ExpatError as exc:
                raise RatingListError(
                    self.source,
                    exc.lineno,
                    None,
                    "XML",
                    "well-formed XML",
                    expat.ErrorString(exc.code) + f" (column {exc.offset + 1})",
                ) from None
            for fields, where, line in done:
                for old, new in renamed.items():
                    if old in fields and new not in fields:
                        fields[new] = fields.pop(old)
                        where[new] = where.pop(old)
                try:
                    yield _player(fields, single, line)
                except _Reject as bad:
                    raise RatingListError(
                        self.source,
                        where.get(bad.field, line),
                        None,
                        f"<{_xml_tag(bad.field)}>",
                        bad.expected,
                        bad.found,
                    ) from None
            done.clear()
            if not chunk:
                return

    def close(self) -> None:
        """Close the file (and the archive)."""
        self._stack.close()

    def __enter__(self) -> ListFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _xml_tag(field: str) -> str:
    """The XML element of a field, for messages."""
    field = field.removeprefix("standard_")
    for tag, key in _XML_FIELDS.items():
        if key == field:
            return tag
    return field


def _list_member(archive: zipfile.ZipFile, name: str) -> str:
    """The one list (``.txt`` or ``.xml``) in a ZIP archive."""
    members = [
        info.filename
        for info in archive.infolist()
        if not info.is_dir() and info.filename.lower().endswith((".txt", ".xml"))
    ]
    if len(members) != 1:
        found = "none" if not members else ", ".join(members[:5])
        raise RatingListError(
            name, None, None, "archive", "one .txt or .xml list in the ZIP archive", found
        )
    return members[0]


def read_list(path: str | os.PathLike[str], *, rate: object = None) -> Iterator[ListPlayer]:
    """The players of the rating list *path* (TXT or XML, combined or single, zipped or not),
    one at a time; *rate* as :class:`ListFile`. Raises :class:`RatingListError` at the first
    malformed line, and ``OSError``.
    """
    with ListFile(path, rate=rate) as listing:
        yield from listing.players()
