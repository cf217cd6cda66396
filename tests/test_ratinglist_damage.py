"""Damaged rating lists: what a ZIP archive holds that Python's ``zipfile`` cannot unzip (a
method it does not know, a password, a bad CRC, a truncated member, a corrupt stream), a list
that holds little but blank lines or stray XML, a field given twice in one XML ``<player>``,
and an XML list whose first player comes late. Each is refused with a message naming the file
(and the archive's member) and what to do, or read right; never a traceback.

The damaged archives are the fuzz cases in ``tests/data/ratinglist/damaged/`` (``SOURCE``
there); the floods are written here. What the ZIP format's method numbers mean: APPNOTE.TXT,
section 4.4.5 (8 Deflate, 9 Deflate64, 12 BZIP2, 14 LZMA, 99 AES).
"""

from __future__ import annotations

import time
import zipfile
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.ratinglist import COMBINED_HEADER, ListFile, RatingListError, read_list
from xlfuncs.ratinglist.read import MAX_BLANK_LINES, MAX_XML_SLACK, MAX_XML_STRAYS

DATA = Path(__file__).parent / "data" / "ratinglist"
DAMAGED = DATA / "damaged"
EVENT = DAMAGED / "ev.trf"
DUPLICATE_XML = DAMAGED / "players_list_xml_foa_duplicate_rating.xml"
UNZIP_ELSEWHERE = "unzip it with another tool (7-Zip, Windows Explorer, unzip)"

REFUSED = {
    "deflate64.zip": "a member compressed with Deflate64 (method 9)",
    "aes.zip": "a member protected by WinZip AES encryption",
    "encrypted.zip": "a member protected by a password (ZIP encryption)",
    "real_encrypted.zip": "a member protected by a password (ZIP encryption)",
    "badcrc.zip": "a damaged member (Bad CRC-32 for file 'players_list_foa.txt')",
    "truncated_member.zip": "a damaged member (",
    "corrupt_deflate.zip": "a damaged member (Error -3 while decompressing data",
}


@pytest.mark.parametrize("archive", sorted(REFUSED))
@pytest.mark.parametrize("command", ["report", "period"])
def test_a_zip_the_standard_library_cannot_unzip_is_refused_naming_archive_and_member(
    archive: str,
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "L.txt"
    extra = ["--list-out", str(out)] if command == "period" else []
    code, stdout, err = run(
        capsys, command, str(EVENT), "--rating-list", str(DAMAGED / archive), *extra
    )
    assert code == 1
    assert "Traceback" not in err
    (message,) = err.splitlines()
    assert message.startswith(f"xlfuncs: error: {archive} (players_list_foa.txt) (archive): ")
    assert REFUSED[archive] in message and message.endswith(
        f"{UNZIP_ELSEWHERE} and give the list it holds"
    )
    assert not out.exists()
    assert list((tmp_path / "cache" / "rating-lists").glob("*")) == []


def test_every_method_zipfile_writes_is_read(tmp_path: Path) -> None:
    """Stored, Deflate, BZIP2 and LZMA: the four methods Python unzips, each read whole."""
    lines = (DATA / "players_list_foa.txt").read_bytes()
    for method in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA):
        path = tmp_path / f"players_list_{method}.zip"
        with zipfile.ZipFile(path, "w", method) as z:
            z.writestr("players_list_foa.txt", lines)
        assert len(list(read_list(path))) == 6  # the six players of the real lines


def test_a_damaged_archive_directory_is_refused(tmp_path: Path) -> None:
    data = (DAMAGED / "badcrc.zip").read_bytes()
    central = data.rindex(b"PK\x01\x02")
    path = tmp_path / "players_list.zip"
    path.write_bytes(data[:central] + b"XX" + data[central + 2 :])  # its directory entry
    with pytest.raises(RatingListError) as caught:
        ListFile(path)
    assert str(caught.value).startswith("players_list.zip (archive): expected a ZIP archive")
    assert UNZIP_ELSEWHERE in str(caught.value)


def _zip_of(path: Path, member: str, head: bytes, filler: bytes, times: int) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z, z.open(member, "w") as out:
        out.write(head)
        for _ in range(times):
            out.write(filler)
    return path


def test_a_small_zip_of_blank_lines_is_refused_at_once(tmp_path: Path) -> None:
    """64 MiB of blank lines after the header fit in a ZIP of some 66 KB; read line by line
    they took over a minute to give no player. Refused after 10,000 blank lines more than
    lines of text."""
    path = _zip_of(
        tmp_path / "players_list.zip",
        "players_list_foa.txt",
        COMBINED_HEADER.encode() + b"\r\n",
        b"\r\n" * (1 << 19),
        64,
    )
    assert path.stat().st_size < 100_000
    started = time.perf_counter()
    with pytest.raises(RatingListError) as caught:
        list(read_list(path))
    assert time.perf_counter() - started < 10  # line by line: over a minute
    assert caught.value.line_no == MAX_BLANK_LINES + 3  # the header, then 10,001 blank lines
    assert str(caught.value).startswith(
        "players_list.zip (players_list_foa.txt), line 10003 (blank lines): expected a rating "
        "list with no more blank lines than lines of text, plus 10,000 (FIDE's have none), "
        "found 10,002 blank lines against 1 of text by this line"
    )


def test_a_blank_line_after_each_player_is_read(tmp_path: Path) -> None:
    """A list saved double-spaced holds as many blank lines as players: it is read whole."""
    header, *players = (DATA / "players_list_foa.txt").read_text().splitlines()
    body = "\n".join([header, "", "", *[f"{p}\n" for p in players * 1]]) + "\n" * 3
    path = tmp_path / "players_list_foa.txt"
    path.write_text(body)
    assert len(list(read_list(path))) == len(players)


def test_an_xml_list_of_whitespace_or_stray_elements_is_refused_at_once(tmp_path: Path) -> None:
    blank = _zip_of(
        tmp_path / "a.zip", "players_list_xml_foa.xml", b"<playerslist>", b"\n" * (1 << 20), 64
    )
    started = time.perf_counter()
    with pytest.raises(RatingListError, match=r"\(XML\): expected an XML list of at most 16 MiB"):
        ListFile(blank)
    assert time.perf_counter() - started < 10
    assert MAX_XML_SLACK == 16 << 20
    stray = _zip_of(
        tmp_path / "b.zip", "players_list_xml_foa.xml", b"<playerslist>", b"<x/>" * 4096, 64
    )
    with pytest.raises(RatingListError) as caught:
        ListFile(stray)
    assert str(caught.value).startswith(
        "b.zip (players_list_xml_foa.xml), line 1 (<x>): expected no more elements that are not "
        f"a player's fields than players, plus {MAX_XML_STRAYS:,}, found 10,001 such elements"
    )


def test_an_xml_list_with_a_long_comment_before_its_first_player_is_combined(
    tmp_path: Path,
) -> None:
    """The kind is read from the first ``<player>``, however far into the file it starts."""
    text = DUPLICATE_XML.read_text().replace("<rating>1000</rating>", "")
    path = tmp_path / "players_list_xml_foa.xml"
    path.write_text(text.replace("<playerslist>", "<playerslist><!--" + "x" * 70_000 + "-->", 1))
    with ListFile(path) as listing:
        assert (listing.kind, listing.rates) == ("combined", ("standard", "rapid", "blitz"))
        leko = next(p for p in listing.players() if p.fide_id == "703303")
    assert leko.rapid is not None and leko.rapid.rating == 2700  # line 47 of the file
    assert leko.standard is not None and leko.standard.rating == 2676


def test_two_ratings_in_one_xml_player_are_refused_naming_the_player_and_both_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Leko's ``<player>`` (line 43) holds ``<rating>2676</rating><rating>1000</rating>`` on
    line 46: which one FIDE meant cannot be told, so the list is refused, as a TXT line
    that cannot be read is."""
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path / "cache"))
    code, out, err = run(capsys, "report", str(EVENT), "--rating-list", str(DUPLICATE_XML))
    assert (code, out) == (1, "")
    assert err == (
        f"xlfuncs: error: {DUPLICATE_XML.name}, line 46 (<rating>): expected one <rating> in "
        "a <player> (an earlier one on line 46 gives '2676'; the player: FIDE id 703303, "
        "<player> on line 43), found a second: '1000'\n"
    )
