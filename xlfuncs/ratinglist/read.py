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
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal
from xml.parsers import expat

from ..core.errors import XlfuncsError
from ..core.rating_change import MAX_K, RULE_KS, check_k
from ..core.validate import MAX_RATING
from ..file_error import FileFieldError
from .layout import COMBINED, COMBINED_WIDTH, SINGLE, SINGLE_WIDTH
from .player import RATES, ListPlayer, RateRating, rate_name

__all__ = [
    "MAX_BLANK_LINES",
    "MAX_LIST_BYTES",
    "MAX_LIST_LINE",
    "MAX_XML_SLACK",
    "MAX_XML_STRAYS",
    "XML_PLAYER_BYTES",
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
"""What a K column may hold: a K :func:`~xlfuncs.core.rating_change.check_k` takes, 0 or a
blank (none)."""


def _number(text: str, field: str, expected: str) -> int | None:
    if not text:
        return None
    if text.isascii() and text.isdigit():
        return int(text)
    raise _Reject(field, expected, repr(text))


def _rate(values: Mapping[str, str], prefix: str) -> RateRating | None:
    """One rate's rating, games and K, the fields *prefix* ``rating`` ... (``None``:
    unrated; 0 is unrated in the XML files)."""
    rating, games, k = f"{prefix}rating", f"{prefix}games", f"{prefix}k"
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
    if born and not 1000 <= born <= 9999:
        raise _Reject("birth_year", "a year (four digits) or a blank", repr(values["birth_year"]))
    flag = values.get("flag", "").lower()
    if flag not in _FLAGS:
        raise _Reject("flag", "i, w, wi or a blank", repr(values["flag"]))
    rated: dict[str, RateRating | None] = dict.fromkeys(RATES)
    for rate in RATES if single is None else (single,):
        rated[rate] = _rate(values, f"{rate}_" if single is None else "")
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
    COMBINED[key].span
    for key in ("fide_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title")
)
_BORN, _FLAG = COMBINED["birth_year"].span, COMBINED["flag"].span
_RATED = tuple(
    tuple(COMBINED[f"{rate}_{w}"].span for w in ("rating", "games", "k")) for rate in RATES
)
_SEXES = frozenset({"M", "F", ""})


def _combined_fast(line: str, line_no: int) -> ListPlayer | None:
    """A combined line read quickly when every field is plainly right, as :func:`_player`
    reads it; else ``None`` (then :func:`_player` names what is wrong)."""
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
    for encoding in ("utf-8", "cp1252"):
        with contextlib.suppress(UnicodeDecodeError):
            return raw.decode(encoding)
    return raw.decode("latin-1")


_BUFFER = 1 << 16
"""Bytes read at a time; the first read tells a list's kind."""

MAX_LIST_BYTES = 4 << 30
"""The largest rating list read (4 GiB, unzipped): FIDE's biggest, the combined XML, is well
under a gigabyte. A bigger file, or an endless one (a device), is refused when it passes this,
with a message that says so."""

MAX_LIST_LINE = 4096
"""The longest line of a TXT list read, in bytes: FIDE's lines are 162 characters."""


def _too_big(source: str) -> RatingListError:
    return RatingListError(
        source,
        None,
        None,
        "size",
        f"a rating list of at most {MAX_LIST_BYTES >> 30} GiB (FIDE's are well under one)",
        f"more than {MAX_LIST_BYTES:,} bytes",
    )


MAX_BLANK_LINES = 10_000
"""How many more blank lines than lines with text a TXT list may hold (FIDE's hold none; a
list saved with a blank line between players has as many of each): past it the list is
refused, so that a small ZIP of blank lines (64 MiB of them fit in 66 KB) is not read for
minutes before giving no player."""


def _lines(stream: io.BufferedReader, source: str, cr_only: bool) -> Iterator[bytes]:
    """The lines of *stream*, ending in LF or CRLF, or in CR alone when *cr_only*; raises
    :class:`RatingListError` at a line longer than :data:`MAX_LIST_LINE`, past
    :data:`MAX_LIST_BYTES`, or where the blank lines outnumber the others by more than
    :data:`MAX_BLANK_LINES`."""
    read = blank = filled = 0
    lines = iter(lambda: stream.readline(MAX_LIST_LINE + 1), b"")
    pieces = _cr_pieces(stream) if cr_only else lines
    for line_no, raw in enumerate(pieces, start=1):
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
            raise _too_big(source)
        if raw.isspace():
            blank += 1
            if blank > filled + MAX_BLANK_LINES:
                raise RatingListError(
                    source,
                    line_no,
                    None,
                    "blank lines",
                    "a rating list with no more blank lines than lines of text, plus "
                    f"{MAX_BLANK_LINES:,} (FIDE's have none)",
                    f"{blank:,} blank lines against {filled:,} of text by this line",
                )
        else:
            filled += 1
        yield raw


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


class ListFile(contextlib.AbstractContextManager["ListFile"]):
    """An open rating list: what kind it is, and its players, read one at a time
    (:meth:`players`). Use it in a ``with`` block, or call :meth:`close`.

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
        """Open *path* and read what tells what it holds. Raises :class:`RatingListError`
        for a file that is not a list, and ``OSError``."""
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
            member, raw = _open_member(self._stack, path)
            stream = io.BufferedReader(raw, _BUFFER)
            self.source = f"{name} ({member})"
        else:
            stream = self._stack.enter_context(io.BufferedReader(io.FileIO(path), _BUFFER))
            self.source = name
        start = stream.peek(_BUFFER)  # what the first read brought: the header, a <player>
        head = start.lstrip(b"\xef\xbb\xbf \t\r\n")
        self.format = "xml" if head.startswith(b"<") else "txt"
        cr_only = b"\r" in start.rstrip(b"\r") and b"\n" not in start
        self._lines = _lines(stream, self.source, cr_only)
        given = None if rate is None else rate_name(rate)
        named = sniff_rate(member or name) or (sniff_rate(name) if member else None)
        if self.format == "xml":
            self._xml = _XmlReader(stream, self.source)
            combined = self._xml.combined()
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
        """The list's players, in the file's order."""
        if self.format == "xml":
            return self._xml_players()
        read = (self.read_line(raw, line_no) for line_no, raw in self.raw_lines())
        return (player for player in read if player is not None)

    def raw_lines(self) -> Iterator[tuple[int, bytes]]:
        """The lines after the header of a TXT list, each as the file has it (bytes, its line
        break included) with its line number; :meth:`read_line` reads one. For copying
        lines through unchanged; an XML list has no lines to give (``ValueError``)."""
        if self.format != "txt":
            raise ValueError(f"{self.source}: an XML list has no lines to copy")
        return enumerate(self._lines, start=2)  # after the header line

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
        single = self._single
        if single is None:  # the combined XML's rating, games, k are standard play's
            renamed = {w: f"standard_{w}" for w in ("rating", "games", "k")}
        else:  # a single list's, whatever its rate (also when written rapid_rating)
            renamed = {f"{single}_{w}": w for w in ("rating", "games", "k")}
        for fields, where, line in self._xml.records():
            for old, new in renamed.items():
                if old in fields and new not in fields:
                    fields[new] = fields.pop(old)
                    where[new] = where.pop(old)
            try:
                yield _player(fields, single, line)
            except _Reject as bad:
                field = bad.field.removeprefix("standard_")
                tag = next((tag for tag, key in _XML_FIELDS.items() if key == field), field)
                raise RatingListError(
                    self.source,
                    where.get(bad.field, line),
                    None,
                    f"<{tag}>",
                    bad.expected,
                    bad.found,
                ) from None

    def close(self) -> None:
        self._stack.close()

    def __exit__(self, *exc: object) -> None:
        self.close()


MAX_XML_STRAYS = 10_000
"""How many more elements that give no field of a player (other than the root and the
``<player>`` records) than players an XML list may hold: past it the list is refused, so that
a small ZIP of empty elements is not read for minutes before giving no player."""

MAX_XML_SLACK = 16 << 20
"""What an XML list may hold beyond :data:`XML_PLAYER_BYTES` a player read so far (a comment,
blanks, other elements): past it the list is refused, so that a file of gigabytes holding few
players is not parsed for minutes."""

XML_PLAYER_BYTES = 4096
"""The bytes an XML list may hold for each player, on average (FIDE's ``<player>`` records
have some 500)."""

_Record = tuple[dict[str, str], dict[str, int], int]
"""One ``<player>``: its fields' text, the line of each, the line of ``<player>``."""


class _XmlReader:
    """The ``<player>`` records of an XML list, parsed by expat as the stream is read. The
    reading starts at once, up to the end of the first ``<player>`` (:meth:`combined` tells
    the list's kind from it); :meth:`records` gives them all. Raises
    :class:`RatingListError` for XML that is not well-formed, a field given twice in one
    ``<player>``, and past the limits above."""

    def __init__(self, stream: io.BufferedReader, source: str) -> None:
        self._stream = stream
        self._source = source
        self._parser = parser = expat.ParserCreate()
        parser.buffer_text = True  # one call per run of text, however many lines it holds
        self._done: list[_Record] = []
        self._values: dict[str, str] = {}
        self._where: dict[str, int] = {}
        self._player: int | None = None
        self._field: str | None = None
        self._field_line = 0
        self._text: list[str] = []
        self._tags: set[str] = set()
        self._depth = 0
        self._strays = 0
        self._players = 0
        self._read = 0
        self._ended = False
        parser.StartElementHandler = self._start
        parser.CharacterDataHandler = self._data
        parser.EndElementHandler = self._end
        while not self._done and not self._ended:
            self._feed()

    def combined(self) -> bool:
        """Whether the list is combined: the first ``<player>`` (or, with none, the file) has
        a rapid or blitz field."""
        return any(tag.startswith(("rapid_", "blitz_")) for tag in self._tags)

    def records(self) -> Iterator[_Record]:
        """Every ``<player>`` record, in the file's order."""
        while True:
            yield from self._done
            self._done.clear()
            if self._ended:
                return
            self._feed()

    def _feed(self) -> None:
        chunk = self._stream.read(1 << 20)
        self._read += len(chunk)
        if self._read > MAX_LIST_BYTES:
            raise _too_big(self._source)
        self._ended = not chunk
        if self._read > MAX_XML_SLACK + XML_PLAYER_BYTES * self._players:
            raise RatingListError(
                self._source,
                self._parser.CurrentLineNumber,
                None,
                "XML",
                f"an XML list of at most {MAX_XML_SLACK >> 20} MiB plus "
                f"{XML_PLAYER_BYTES >> 10} KiB a player (FIDE's <player> records have some 500 "
                "bytes)",
                f"{self._read:,} bytes for {self._players:,} players by this line",
            )
        try:
            self._parser.Parse(chunk, self._ended)
        except expat.ExpatError as exc:
            raise RatingListError(
                self._source,
                exc.lineno,
                None,
                "XML",
                "well-formed XML",
                expat.ErrorString(exc.code) + f" (column {exc.offset + 1})",
            ) from None

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        self._depth += 1
        line = self._parser.CurrentLineNumber
        if tag == "player":
            self._values, self._where = {}, {}
            self._player = line
            self._field = None
        elif self._player is not None and tag in _XML_FIELDS:
            if self._players == 0:
                self._tags.add(tag)
            self._field = tag
            self._field_line = line
            self._text.clear()
        elif self._depth > 1:
            self._strays += 1
            if self._strays > self._players + MAX_XML_STRAYS:
                raise RatingListError(
                    self._source,
                    line,
                    None,
                    f"<{tag}>",
                    f"no more elements that are not a player's fields than players, plus "
                    f"{MAX_XML_STRAYS:,}",
                    f"{self._strays:,} such elements against {self._players:,} players by "
                    "this line",
                )

    def _data(self, chunk: str) -> None:
        if self._field is not None:
            self._text.append(chunk)

    def _end(self, tag: str) -> None:
        self._depth -= 1
        if tag == "player" and self._player is not None:
            self._done.append((self._values, self._where, self._player))
            self._players += 1
            self._player = None
        elif self._field == tag:
            key = _XML_FIELDS[tag]
            text = "".join(self._text).strip()
            if key in self._values:
                fide_id = self._values.get("fide_id")
                who = f"FIDE id {fide_id}, " if fide_id else ""
                raise RatingListError(
                    self._source,
                    self._field_line,
                    None,
                    f"<{tag}>",
                    f"one <{tag}> in a <player> (an earlier one on line {self._where[key]} gives "
                    f"{self._values[key]!r}; the player: {who}<player> on line {self._player})",
                    f"a second: {text!r}",
                )
            self._values[key] = text
            self._where[key] = self._field_line
            self._field = None


_UNZIPPED = frozenset(
    {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}
)
"""The compression methods Python's ``zipfile`` unzips (APPNOTE.TXT, section 4.4.5)."""

_METHODS = {
    1: "Shrink",
    **dict.fromkeys(range(2, 6), "Reduce"),
    6: "Implode",
    9: "Deflate64",
    10: "PKWARE DCL Implode",
    18: "IBM TERSE",
    19: "IBM LZ77",
    20: "Zstandard",
    93: "Zstandard",
    94: "MP3",
    95: "XZ",
    96: "JPEG",
    97: "WavPack",
    98: "PPMd",
    99: "WinZip AES encryption",
}
"""The other methods' names (APPNOTE.TXT, section 4.4.5), for the message that refuses them:
Deflate64 is what Windows Explorer uses for large files, AES what WinZip and 7-Zip use for a
password."""

_UNZIP_ELSEWHERE = (
    "unzip it with another tool (7-Zip, Windows Explorer, unzip) and give the list it holds"
)

_ZIP_ERRORS: tuple[type[BaseException], ...] = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    ValueError,
    RuntimeError,
    NotImplementedError,
)
"""What Python's ``zipfile`` and its decompressors raise for an archive or a member they
cannot read (``lzma.LZMAError``, a subclass of none of these, is added below when ``lzma``
exists)."""

with contextlib.suppress(ImportError):
    import lzma

    _ZIP_ERRORS += (lzma.LZMAError,)


_READABLE = "a ZIP member stored or compressed with Deflate, BZIP2 or LZMA, without a password"
_WHOLE = "a ZIP archive that unzips whole (every CRC right)"


def _zip_refused(source: str, found: str, expected: str = _READABLE) -> RatingListError:
    """The refusal of a ZIP archive or member (*source*) that cannot be unzipped here, and
    why (*found*)."""
    return RatingListError(source, None, None, "archive", expected, f"{found}: {_UNZIP_ELSEWHERE}")


def _method(info: zipfile.ZipInfo) -> str | None:
    """Why the member *info* cannot be unzipped here (its method, a password), else ``None``."""
    method = info.compress_type
    if method == 99 or info.flag_bits & 0x1:
        how = _METHODS[99] if method == 99 else "a password (ZIP encryption)"
        return f"a member protected by {how}"
    if method not in _UNZIPPED:
        what = _METHODS.get(method, "an unknown method")
        return f"a member compressed with {what} (method {method})"
    return None


class _Member(io.RawIOBase):
    """A ZIP member read as a raw stream whose damage raises :class:`RatingListError` naming
    the archive and the member."""

    def __init__(self, inner: IO[bytes], source: str) -> None:
        super().__init__()
        self._inner = inner
        self._source = source

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        try:
            data = self._inner.read(len(buffer))
        except _ZIP_ERRORS as exc:
            raise _zip_refused(self._source, f"a damaged member ({exc})", _WHOLE) from None
        buffer[: len(data)] = data
        return len(data)


def _open_member(stack: contextlib.ExitStack, path: Path) -> tuple[str, io.RawIOBase]:
    """The one list in the ZIP archive *path*, open (closed with *stack*): its name and a raw
    stream of it. Raises :class:`RatingListError` naming the archive and the member for an
    archive or a member this reader cannot unzip, before or while it is read."""
    name = path.name
    try:
        archive = stack.enter_context(zipfile.ZipFile(path))
    except _ZIP_ERRORS as exc:
        raise _zip_refused(name, f"a damaged archive ({exc})", _WHOLE) from None
    member = _list_member(archive, name)
    source = f"{name} ({member})"
    why = _method(archive.getinfo(member))
    if why is not None:
        raise _zip_refused(source, why)
    try:
        inner = stack.enter_context(archive.open(member))
    except _ZIP_ERRORS as exc:
        raise _zip_refused(source, f"a damaged member ({exc})", _WHOLE) from None
    return member, _Member(inner, source)


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
    """The players of the rating list *path*, one at a time; *rate* as :class:`ListFile`.
    Raises :class:`RatingListError` at the first malformed line, and ``OSError``."""
    with ListFile(path, rate=rate) as listing:
        yield from listing.players()
