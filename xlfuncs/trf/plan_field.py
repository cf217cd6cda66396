"""The field of a norm event being planned (``xlfuncs norms --plan FIELD``): a TRF without
results (its results not read), or a CSV of the players (``docs/plan.md``). What cannot be
read is refused, naming the file, line, column and field.
"""

from __future__ import annotations

import csv
import datetime as _dt
from dataclasses import dataclass
from typing import Final

from ..core import validate
from ..core.errors import XlfuncsError
from ..core.norm_field import fide_title
from ..core.norm_plan import PlanPlayer
from ..core.sex import is_woman
from ..core.titles import FIDE_TITLES
from ..file_error import FileFieldError
from ..findings import Finding
from .event_system import System, file_system
from .numbers import whole_number
from .parser import csv_lines, parse_trf_bytes
from .pseudo_players import pseudo_players
from .rounds_planned import planned_rounds

__all__ = ["FieldFileError", "PlanField", "is_csv", "parse_field_csv", "read_plan_field"]


class FieldFileError(FileFieldError[int | None]):
    """A field CSV that cannot be read: ``field.csv, line 4, column 2 (rating): expected a
    rating (a whole number 1..4000) or a blank, found 'abc'``."""


@dataclass(frozen=True)
class PlanField:
    """The field and what the file says of the event."""

    source: str
    players: tuple[PlanPlayer, ...]
    name: str = ""
    start_date: _dt.date | None = None
    host_federation: str = ""
    rounds: int | None = None
    system: System | None = None
    system_source: str = ""
    """Where :attr:`system` came from (``"092 'Round Robin'"``), or why there is none."""
    warnings: tuple[Finding, ...] = ()
    """What reading the file left out (a pseudo-player, the results)."""


_COLUMNS: Final = {"name": "name", "rating": "rating", "title": "title", "sex": "sex"}
_ALIASES: Final = {"federation": "federation", "fed": "federation"}


def is_csv(data: bytes) -> bool:
    """Whether *data* reads as a field CSV: its first line that is not blank or a comment
    names a ``name`` column (a TRF's first line is a record, ``012 ...``)."""
    for _, line in csv_lines(data.decode("utf-8", errors="replace")):
        cells = [c.strip().lower() for c in next(csv.reader([line.strip()]))]
        return "name" in cells and len(cells) > 1
    return False


def _header(row: list[str], source: str, line_no: int) -> dict[str, int]:
    found: dict[str, int] = {}
    for i, cell in enumerate(row):
        key = cell.strip().lower()
        name = _COLUMNS.get(key) or _ALIASES.get(key)
        if name is None:
            raise FieldFileError(
                source,
                line_no,
                i + 1,
                "header",
                "the columns name, rating, title, federation, sex",
                repr(cell),
            )
        if name in found:
            raise FieldFileError(
                source, line_no, i + 1, "header", f"the column {name} once", repr(cell)
            )
        found[name] = i
    for required in ("name", "rating"):
        if required not in found:
            raise FieldFileError(
                source, line_no, None, "header", f"a column {required}", ", ".join(row)
            )
    return found


def _cell(row: list[str], columns: dict[str, int], key: str) -> str:
    i = columns.get(key)
    return row[i].strip() if i is not None and i < len(row) else ""


def parse_field_csv(text: str, *, source: str = "<string>") -> tuple[PlanPlayer, ...]:
    """The players of a field CSV (see the module).

    >>> text = "name,rating,title,federation,sex\\nAnn,2310,WIM,ESP,w\\nBo,,,SWE,m\\n"
    >>> ann, bo = parse_field_csv(text)
    >>> ann
    PlanPlayer(name='Ann', rating=2310, title='WIM', federation='ESP', female=True, start_no=1)
    >>> bo.rating, bo.title, bo.female, bo.start_no
    (None, '', False, 2)
    """
    columns: dict[str, int] | None = None
    out: list[PlanPlayer] = []
    line_no = 0

    def bad(key: str | None, field: str, expected: str, found: str) -> FieldFileError:
        column = None if key is None or columns is None else columns[key] + 1
        return FieldFileError(source, line_no, column, field, expected, found)

    for line_no, raw in csv_lines(text):
        try:
            row = next(csv.reader([raw]))
        except csv.Error as exc:
            raise bad(None, "row", "a CSV line", f"{raw[:40]!r} ({exc})") from None
        if columns is None:
            columns = _header(row, source, line_no)
            continue
        if len(row) > len(columns):
            raise bad(None, "row", f"{len(columns)} fields", f"{len(row)}: {raw.strip()!r}")
        name = _cell(row, columns, "name")
        if not name:
            raise bad("name", "name", "a name", "a blank")
        rating_text = _cell(row, columns, "rating")
        rating: int | None = None
        if rating_text not in ("", "0"):
            try:
                number = whole_number(rating_text)
                rating = validate.rating(-1 if number is None else number)
            except XlfuncsError:
                expected = f"a rating (a whole number 1..{validate.MAX_RATING}), 0 or a blank"
                raise bad("rating", "rating", expected, repr(rating_text)) from None
        title_text = _cell(row, columns, "title")
        title = fide_title(title_text)
        if title and title not in FIDE_TITLES:
            expected = f"a FIDE title ({', '.join(FIDE_TITLES)}) or a blank"
            raise bad("title", "title", expected, repr(title_text))
        sex = _cell(row, columns, "sex")
        if sex.lower() not in ("", "m", "w", "f"):
            raise bad("sex", "sex", "m, w, f or a blank", repr(sex))
        fed = _cell(row, columns, "federation").upper()
        out.append(PlanPlayer(name, rating, title, fed, is_woman(sex), len(out) + 1))
    if columns is None:
        raise FieldFileError(
            source, None, None, "header", "a header line (name,rating,...)", "an empty file"
        )
    if not out:
        raise FieldFileError(source, None, None, "row", "at least one player", "none")
    return tuple(out)


def read_plan_field(data: bytes, *, source: str) -> PlanField:
    """The field of *data*, a CSV (:func:`is_csv`) or a TRF; raises :class:`FieldFileError`
    or :class:`~xlfuncs.trf.TrfError` naming the place of what cannot be read."""
    if is_csv(data):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise FieldFileError(
                source, line, None, "text", "UTF-8 text", f"the byte {data[exc.start]:#04x}"
            ) from None
        return PlanField(source, parse_field_csv(text, source=source))
    t = parse_trf_bytes(data, source=source)
    if not t.players:
        raise FieldFileError(
            source, None, None, "players", "a TRF's 001 records or a CSV with a name column", "none"
        )
    pseudo = pseudo_players(t)
    players = tuple(
        PlanPlayer(
            p.name,
            p.rating,
            fide_title(p.title),
            p.federation.strip().upper(),
            is_woman(p.sex),
            p.start_no,
        )
        for p in t.players
        if p.start_no not in pseudo
    )
    warnings = [
        Finding(
            "pseudo_player",
            "warning",
            f"no. {n} ({t.by_start_no[n].name}), line {t.by_start_no[n].line_no}: the bye's "
            "pseudo-player, not a player: left out of the field",
            line=t.by_start_no[n].line_no,
        )
        for n in sorted(pseudo)
    ]
    played = sum(1 for p in t.players for r in p.rounds if r.result.strip())
    if played:
        said = f"{played} results in the file not read: a plan assumes every game still to play"
        warnings.append(Finding("results_not_read", "note", said))
    system, where = file_system(t)
    return PlanField(
        source,
        players,
        name=t.name,
        start_date=t.start_date,
        host_federation=t.federation.strip().upper(),
        rounds=planned_rounds(t),
        system=system,
        system_source=where,
        warnings=tuple(warnings),
    )
