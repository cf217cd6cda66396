"""Writing a rating list in the combined TXT layout (``players_list_foa.txt``), from the same
column table the reader reads, so that what is written reads back as it was: every player
formatted (:func:`write_combined`), or a combined list copied with only some of its players
written anew (:func:`rewrite_combined`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import BinaryIO, TextIO

from .layout import COMBINED, COMBINED_HEADER, COMBINED_WIDTH
from .player import RATES, ListPlayer, rate_name
from .read import ListFile, decode_line

__all__ = ["combined_line", "rewrite_combined", "write_combined"]


def _fields(p: ListPlayer) -> Mapping[str, str]:
    """Each field's text, by the keys of :data:`COMBINED`."""
    out = {
        "fide_id": p.fide_id,
        "name": p.name,
        "federation": p.federation,
        "sex": p.sex,
        "title": p.title,
        "w_title": p.w_title,
        "o_title": p.o_title,
        "foa_title": p.foa_title,
        "birth_year": "" if p.birth_year is None else f"{p.birth_year:04d}",
        "flag": p.flag,
    }
    for rate in RATES:
        rated = p.at(rate)
        out[f"{rate}_rating"] = "" if rated is None else str(rated.rating)
        out[f"{rate}_games"] = "" if rated is None else str(rated.games)
        out[f"{rate}_k"] = "" if rated is None or rated.k is None else str(rated.k)
    return out


def combined_line(p: ListPlayer) -> str:
    """*p* as one line of the combined list (:data:`~xlfuncs.ratinglist.layout.COMBINED_WIDTH`
    characters, no line break). Raises ``ValueError`` naming the field when a value does not
    fit its columns (nothing is cut short).

    >>> from xlfuncs.ratinglist.player import RateRating
    >>> line = combined_line(ListPlayer("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "",
    ...     "", "", RateRating(2839, 0, 10), None, None, 1990, False, False))
    >>> line[:30], line[113:126], line[152:156]
    ('1503014        Carlsen, Magnus', '2839  0   10 ', '1990')
    """
    chars = [" "] * COMBINED_WIDTH
    for key, text in _fields(p).items():
        col = COMBINED[key]
        start = col.start if col.write_at is None else col.write_at
        if len(text) > col.end - start or "\n" in text or "\r" in text:
            raise ValueError(
                f"{key}: {text!r} does not fit columns {start + 1}-{col.end} of the combined "
                f"list (fide_id {p.fide_id})"
            )
        chars[start : start + len(text)] = text
    return "".join(chars)


def write_combined(players: Iterable[ListPlayer], out: TextIO) -> int:
    """Write FIDE's header line and one :func:`combined_line` per player to *out* (lines end
    with ``\\n``; open the file with ``newline="\\r\\n"`` for CRLF). Returns the number of
    players written."""
    out.write(COMBINED_HEADER + "\n")
    count = 0
    for p in players:
        out.write(combined_line(p) + "\n")
        count += 1
    return count


def rewrite_combined(
    listing: ListFile,
    out: BinaryIO,
    touched: Collection[str],
    zeroed: Iterable[str],
    update: Callable[[ListPlayer], ListPlayer],
) -> tuple[int, set[str]]:
    """Write the combined TXT list *listing* (opened, not yet read) to *out* in UTF-8 with
    CRLF line ends, FIDE's header first, writing anew only the players that change: a line
    whose FIDE id is in *touched*, or whose games column at a rate of *zeroed* holds other
    than a blank or 0, is read (and checked) and written as :func:`combined_line` of
    ``update(player)``; every other line is copied as the list has it (in UTF-8). *update*
    must leave the other players as they are, with 0 games at the *zeroed* rates, so that the
    copied lines read back as the rewritten ones would. Blank lines are left out. Returns the
    number of players written and the ids of *touched* that the list holds.

    The copied lines are not checked: give a list already read in full once (as the index of
    :func:`~xlfuncs.ratinglist.open_index` was). ``ValueError`` for a list that is not a
    combined TXT list.
    """
    if listing.kind != "combined" or listing.format != "txt":
        raise ValueError(f"{listing.source}: not a combined TXT list, whose lines can be copied")
    ids = {i.encode("ascii") for i in touched if i.isascii()}
    games = [COMBINED[f"{rate}_games"].span for rate in dict.fromkeys(rate_name(r) for r in zeroed)]
    fide_id = COMBINED["fide_id"].span  # digits in any encoding
    quiet = (b"", b"0", "", "0")
    seen: set[str] = set()
    count = 0
    write = out.write
    write(COMBINED_HEADER.encode("ascii") + b"\r\n")
    for line_no, raw in listing.raw_lines():
        if raw.isspace() or not raw:
            continue
        line: bytes | str = raw if raw.isascii() else decode_line(raw)
        if raw[fide_id].strip() not in ids and all(line[g].strip() in quiet for g in games):
            body = raw.rstrip(b"\r\n") if line is raw else str(line).rstrip("\r\n").encode()
            write(body + b"\r\n")
            count += 1
            continue
        player = listing.read_line(raw, line_no)
        if player is None:
            continue
        if player.fide_id in touched:
            seen.add(player.fide_id)
        write(combined_line(update(player)).encode("utf-8") + b"\r\n")
        count += 1
    return count, seen
