"""FIDE's rating lists (``xlfuncs.ratinglist``): the layout against real lines, reading every
kind of list FIDE ships (combined and single TXT, XML, zipped or not), the errors, the writer,
and the cache.

Expected values are read off the lines by eye, column by column (FIDE's layout: ID 1-15, Name
16-76, Fed 77-79, Sex 81, Tit 85-89, WTit 90-94, OTit 95-109, FOA 110-113, then rating, games
and K of standard, rapid and blitz play at 114, 120, 124 / 127, 133, 137 / 140, 146, 150,
B-day 153-156, Flag 157-162, 1-based), never from running the reader.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from xlfuncs.ratinglist import (
    COMBINED,
    COMBINED_HEADER,
    ListFile,
    ListPlayer,
    RateRating,
    RatingListError,
    cache_dir,
    cached_lists,
    clear_cache,
    combined_line,
    open_index,
    read_list,
    sniff_rate,
    write_combined,
)
from xlfuncs.ratinglist import cache as cache_module
from xlfuncs.ratinglist.read import _combined_fast, _player

DATA = Path(__file__).parent / "data" / "ratinglist"
REAL_COMBINED = DATA / "players_list_foa.txt"
REAL_BLITZ = DATA / "blitz_rating_list.txt"


# ---------------------------------------------------------------- lines written by the tests


def fide_line(
    fide_id: str,
    name: str,
    fed: str = "",
    sex: str = "",
    tit: str = "",
    wtit: str = "",
    otit: str = "",
    std: tuple[str, str, str] = ("", "", ""),
    rpd: tuple[str, str, str] = ("", "", ""),
    blz: tuple[str, str, str] = ("", "", ""),
    born: str = "",
    flag: str = "",
) -> str:
    """A combined-list line laid out as FIDE lays it out (the columns written here, not taken
    from the package's table)."""
    return (
        fide_id.ljust(15)
        + name.ljust(61)
        + fed.ljust(3)
        + " "
        + sex.ljust(4)
        + tit.ljust(5)
        + wtit.ljust(5)
        + otit.ljust(15)
        + "".ljust(4)
        + std[0].ljust(6)
        + std[1].ljust(4)
        + std[2].ljust(3)
        + rpd[0].ljust(6)
        + rpd[1].ljust(4)
        + rpd[2].ljust(3)
        + blz[0].ljust(6)
        + blz[1].ljust(4)
        + blz[2].ljust(3)
        + born.ljust(4)
        + "  "
        + flag.ljust(4)
    )


def single_line(
    fide_id: str, name: str, fed: str, sex: str, rating: str, games: str, k: str, born: str, flag=""
) -> str:
    """A single-list line as FIDE lays it out."""
    return (
        fide_id.ljust(15)
        + name.ljust(61)
        + fed.ljust(3)
        + " "
        + sex.ljust(4)
        + "".ljust(29)
        + rating.ljust(6)
        + games.ljust(4)
        + k.ljust(3)
        + born.ljust(6)
        + flag.ljust(4)
    )


SINGLE_HEADER = (
    "ID Number      Name"
    + " " * 57
    + "Fed Sex Tit  WTit OTit           FOA MAR26 Gms K  B-day Flag"
)

ASH = fide_line(
    "99300010", "Ash, Ada", "ENG", "F", "WIM", "WIM", "", ("2250", "9", "40"),
    ("2180", "0", "20"), born="2009", flag="w",
)  # fmt: skip
BEN = fide_line(
    "99300020", "Birch, Ben", "SCO", "M", "IM", "", "FA", ("2405", "0", "10"),
    blz=("2390", "12", "20"), born="1980", flag="i",
)  # fmt: skip
CAL = fide_line("99300030", "Cedar, Cal", "WLS", "M", born="2001")


def write(path: Path, lines: list[str], newline: str = "\r\n") -> Path:
    path.write_bytes(newline.join(lines).encode("utf-8") + newline.encode())
    return path


# ---------------------------------------------------------------- the layout on real lines


def test_header_names_sit_where_the_layout_puts_each_field() -> None:
    header = REAL_COMBINED.read_text().splitlines()[0]
    assert header == COMBINED_HEADER
    for key, col in COMBINED.items():
        if col.header:
            assert header.index(col.header, col.start) == col.start, key


def test_real_combined_lines() -> None:
    players = list(read_list(REAL_COMBINED))
    assert [p.fide_id for p in players] == [
        "10001492", "8605360", "25021044", "29976634", "1478800", "703303",
    ]  # fmt: skip
    ojok, a_la, aagney, aafrin, aagaard, leko = players
    assert (ojok.name, ojok.federation, ojok.sex, ojok.title, ojok.o_title) == (
        "Ojok, Patrick", "UGA", "M", "", "FI,LSI",
    )  # fmt: skip
    assert ojok.standard == RateRating(1638, 0, 20)
    assert ojok.rapid == RateRating(1932, 0, 20)
    assert ojok.blitz == RateRating(1926, 0, 20)
    assert (ojok.birth_year, ojok.inactive, ojok.woman, ojok.line_no) == (1974, False, False, 2)
    assert a_la.standard == RateRating(1949, 0, 40)
    assert (a_la.rapid, a_la.blitz, a_la.sex, a_la.inactive, a_la.woman) == (
        None, None, "F", True, True,
    )  # fmt: skip
    assert (aagney.inactive, aagney.woman, aagney.birth_year) == (True, False, 2000)
    assert (aafrin.standard, aafrin.rapid, aafrin.blitz) == (None, None, None)
    assert (aafrin.woman, aafrin.inactive, aafrin.birth_year) == (True, False, 2012)
    assert (aagaard.standard, aagaard.flag, aagaard.federation) == (None, "", "DEN")
    # lila's test: "Leko, Peter", GM, 1979, standard 2676, rapid 2700, blitz 2738
    assert (leko.name, leko.title, leko.birth_year) == ("Leko, Peter", "GM", 1979)
    assert (leko.standard, leko.rapid, leko.blitz) == (
        RateRating(2676, 0, 10), RateRating(2700, 0, 10), RateRating(2738, 0, 10),
    )  # fmt: skip
    assert leko.at("rapid") == RateRating(2700, 0, 10)


def test_real_single_blitz_lines() -> None:
    with ListFile(REAL_BLITZ) as listing:
        assert (listing.kind, listing.rates, listing.format) == ("single", ("blitz",), "txt")
        players = list(listing.players())
    leko, polgar, arbhin, aadya = players
    assert (leko.blitz, leko.standard, leko.rapid) == (RateRating(2738, 0, 10), None, None)
    assert (leko.inactive, leko.woman) == (True, False)  # inactive at blitz
    assert (polgar.name, polgar.sex, polgar.title, polgar.flag) == (
        "Polgar, Judit", "F", "GM", "wi",
    )  # fmt: skip
    assert (arbhin.fide_id, arbhin.blitz, arbhin.birth_year) == (
        "537001345", RateRating(1431, 0, 40), 2018,
    )  # fmt: skip
    assert (aadya.title, aadya.w_title, aadya.woman, aadya.inactive) == ("WCM", "WCM", True, False)


def test_writer_gives_back_the_real_lines_exactly(tmp_path: Path) -> None:
    out = tmp_path / "again.txt"
    with out.open("w", encoding="utf-8", newline="\n") as fh:
        assert write_combined(read_list(REAL_COMBINED), fh) == 6
    assert out.read_bytes() == REAL_COMBINED.read_bytes()


def test_writer_refuses_what_does_not_fit() -> None:
    long = ListPlayer("1", "N" * 62, "", "", "", "", "", "", None, None, None, None, False, False)
    with pytest.raises(ValueError, match="name: .* does not fit columns 16-76"):
        combined_line(long)


def test_quick_reading_gives_what_the_careful_one_gives() -> None:
    lines = REAL_COMBINED.read_text().splitlines()[1:] + [ASH, BEN, CAL]
    lines.append(fide_line("5", "Zero", std=("0", "0", "0"), born="0000"))
    for line in lines:
        values = {key: line[col.start : col.end].strip() for key, col in COMBINED.items()}
        assert _combined_fast(line, 9) == _player(values, None, 9)


# ---------------------------------------------------------------- lists written by the tests


def test_combined_txt_written_by_the_test(tmp_path: Path) -> None:
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, ASH, "", BEN, CAL])
    ash, ben, cal = read_list(path)
    assert ash == ListPlayer(
        "99300010", "Ash, Ada", "ENG", "F", "WIM", "WIM", "", "", RateRating(2250, 9, 40),
        RateRating(2180, 0, 20), None, 2009, False, True, line_no=2,
    )  # fmt: skip
    assert (ben.o_title, ben.standard, ben.blitz, ben.inactive) == (
        "FA", RateRating(2405, 0, 10), RateRating(2390, 12, 20), True,
    )  # fmt: skip
    assert (cal.standard, cal.birth_year, cal.line_no) == (None, 2001, 5)  # line 4 blank


def test_lines_with_their_trailing_blanks_cut(tmp_path: Path) -> None:
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER.rstrip(), CAL.rstrip()], "\n")
    (cal,) = read_list(path)
    assert (cal.name, cal.birth_year, cal.flag) == ("Cedar, Cal", 2001, "")


def test_single_lists_take_their_rate_from_the_name(tmp_path: Path) -> None:
    line = single_line("99300010", "Ash, Ada", "ENG", "F", "2201", "7", "20", "2009", "w")
    for rate in ("standard", "rapid", "blitz"):
        path = write(tmp_path / f"{rate}_mar26frl.txt", [SINGLE_HEADER, line])
        (ash,) = read_list(path)
        assert ash.at(rate) == RateRating(2201, 7, 20)
        assert [r for r in ("standard", "rapid", "blitz") if ash.at(r)] == [rate]
    other = write(tmp_path / "march.txt", [SINGLE_HEADER, line])
    with pytest.raises(RatingListError, match=r"march.txt \(rate of play\): expected a single"):
        list(read_list(other))
    assert list(read_list(other, rate="rapid"))[0].rapid == RateRating(2201, 7, 20)


XML_COMBINED = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player>
<fideid>99300010</fideid>
<name>Ash, Ada</name>
<country>ENG</country>
<sex>F</sex>
<title>WIM</title>
<w_title>WIM</w_title>
<o_title></o_title>
<foa_title></foa_title>
<rating>2250</rating>
<games>9</games>
<k>40</k>
<rapid_rating>2180</rapid_rating>
<rapid_games>0</rapid_games>
<rapid_k>20</rapid_k>
<blitz_rating>0</blitz_rating>
<blitz_games>0</blitz_games>
<blitz_k>0</blitz_k>
<birthday>2009</birthday>
<flag>w</flag>
</player>
<player>
<fideid>99300030</fideid>
<name>Cedar, Cal</name>
<country>WLS</country>
<sex>M</sex>
<title></title>
<w_title></w_title>
<o_title></o_title>
<foa_title></foa_title>
<rating></rating>
<games></games>
<k></k>
<rapid_rating></rapid_rating>
<rapid_games></rapid_games>
<rapid_k></rapid_k>
<blitz_rating></blitz_rating>
<blitz_games></blitz_games>
<blitz_k></blitz_k>
<birthday>2001</birthday>
<flag></flag>
</player>
</playerslist>
"""


def test_xml_combined(tmp_path: Path) -> None:
    path = tmp_path / "players_list_xml_foa.xml"
    path.write_text(XML_COMBINED, encoding="utf-8")
    with ListFile(path) as listing:
        assert (listing.format, listing.kind) == ("xml", "combined")
        ash, cal = listing.players()
    assert ash == ListPlayer(
        "99300010", "Ash, Ada", "ENG", "F", "WIM", "WIM", "", "", RateRating(2250, 9, 40),
        RateRating(2180, 0, 20), None, 2009, False, True, line_no=3,
    )  # fmt: skip
    assert (cal.standard, cal.rapid, cal.blitz, cal.birth_year, cal.line_no) == (
        None, None, None, 2001, 24,
    )  # fmt: skip


def test_xml_single_list(tmp_path: Path) -> None:
    text = (
        "<playerslist><player><fideid>99300020</fideid><name>Birch, Ben</name>"
        "<country>SCO</country><sex>M</sex><title>IM</title><w_title></w_title>"
        "<o_title>FA</o_title><foa_title></foa_title><rating>2390</rating><games>12</games>"
        "<k>20</k><birthday>1980</birthday><flag>i</flag></player></playerslist>"
    )
    path = tmp_path / "blitz_rating_list.xml"
    path.write_text(text)
    (ben,) = read_list(path)
    assert (ben.blitz, ben.standard, ben.o_title, ben.inactive) == (
        RateRating(2390, 12, 20), None, "FA", True,
    )  # fmt: skip


def test_zipped_lists(tmp_path: Path) -> None:
    txt = tmp_path / "players_list.zip"
    with zipfile.ZipFile(txt, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("players_list_foa.txt", "\r\n".join([COMBINED_HEADER, ASH, BEN]) + "\r\n")
    with ListFile(txt) as listing:
        assert listing.source == "players_list.zip (players_list_foa.txt)"
        assert [p.fide_id for p in listing.players()] == ["99300010", "99300020"]
    xml = tmp_path / "rapid_rating_list_xml.zip"
    with zipfile.ZipFile(xml, "w") as z:
        single = "".join(
            line
            for line in XML_COMBINED.splitlines(True)
            if not line.startswith(("<rapid", "<blitz"))
        )
        z.writestr("rapid_rating_list.xml", single)
    (ash, _) = read_list(xml)  # a single list: <rating> is the rapid rating
    assert (ash.rapid, ash.standard) == (RateRating(2250, 9, 40), None)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            fide_line("99300010", "Ash, Ada", std=("2x50", "9", "40")),
            "line 3, columns 114-119 (standard_rating): expected a rating (a whole number "
            "up to 4000) or a blank, found '2x50'",
        ),
        (
            fide_line("99300010", "Ash, Ada", rpd=("4100", "0", "20")),
            "line 3, columns 127-132 (rapid_rating): expected a rating (a whole number up "
            "to 4000) or a blank, found 4100",
        ),
        (
            fide_line("9930001O", "Ash, Ada"),
            "line 3, columns 1-15 (fide_id): expected a FIDE id (1 to 15 digits), found '9930001O'",
        ),
        (
            fide_line("99300010", "Ash, Ada", sex="X"),
            "line 3, column 81 (sex): expected M, F or a blank, found 'X'",
        ),
        (
            fide_line("99300010", "Ash, Ada", born="88"),
            "line 3, columns 153-156 (birth_year): expected a year (four digits) or a blank",
        ),
        (
            fide_line("99300010", "Ash, Ada", flag="x"),
            "line 3, columns 157-162 (flag): expected i, w, wi or a blank, found 'x'",
        ),
        (
            " " + fide_line("99300010", "Ash, Ada", "ENG", "F"),
            "line 3, column 80 (blank between fields): expected blanks",
        ),
        (
            fide_line("99300010", "Ash, Ada") + "   extra",
            "line 3, columns 163-170 (end of line): expected nothing after column 162",
        ),
    ],
)
def test_a_malformed_line_names_file_line_columns_and_field(
    tmp_path: Path, line: str, message: str
) -> None:
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, CAL, line])
    with pytest.raises(RatingListError) as caught:
        list(read_list(path))
    assert str(caught.value).startswith("players_list_foa.txt, " + message)
    assert caught.value.line_no == 3


def test_a_header_that_is_not_fides(tmp_path: Path) -> None:
    path = write(tmp_path / "players_list_foa.txt", ["fide_id,name", "1,Ash"])
    with pytest.raises(RatingListError, match=r"line 1 \(header\): expected the header line"):
        ListFile(path)
    shifted = write(tmp_path / "x.txt", [COMBINED_HEADER.replace(" B-day", "  B-day"), CAL])
    with pytest.raises(
        RatingListError, match=r"line 1, columns 153-157 \(header\): expected 'B-day' \(field birth"
    ):
        ListFile(shifted)


def test_xml_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "players_list_xml_foa.xml"
    path.write_text(XML_COMBINED.replace("<rating>2250</rating>", "<rating>22.5</rating>"))
    with pytest.raises(RatingListError, match=r"line 12 \(<rating>\): expected a rating"):
        list(read_list(path))
    path.write_text(XML_COMBINED.replace("</player>\n<player>", "</player>\n<player"))
    with pytest.raises(RatingListError, match=r"line 25 \(XML\): expected well-formed XML"):
        list(read_list(path))


def test_an_archive_with_no_list_or_two(tmp_path: Path) -> None:
    path = tmp_path / "lists.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("a.txt", COMBINED_HEADER)
        z.writestr("b.txt", COMBINED_HEADER)
    with pytest.raises(RatingListError, match=r"lists.zip \(archive\): expected one .txt"):
        ListFile(path)


def test_sniff_rate() -> None:
    assert sniff_rate("standard_rating_list.txt") == "standard"
    assert sniff_rate("/x/blitz_nov26frl_xml.zip") == "blitz"
    assert sniff_rate("players_list_foa.txt") is None


# ---------------------------------------------------------------- the cache


def test_cache_folder_by_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("XLFUNCS_CACHE_DIR")
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "xlfuncs"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "xlfuncs"
    monkeypatch.setattr("sys.platform", "darwin")
    assert cache_dir() == tmp_path / "home" / "Library" / "Caches" / "xlfuncs"
    monkeypatch.setattr("sys.platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    assert cache_dir() == tmp_path / "local" / "xlfuncs" / "Cache"


def test_second_run_does_not_read_the_list(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, ASH, BEN, CAL])
    cache = tmp_path / "cache"
    with open_index(path, cache=cache) as first:
        assert first.built and first.players == 3 and first.index_path is not None
        assert first.index_path.parent == cache / "rating-lists"
        assert first.lookup(["99300020"])["99300020"] == next(
            p for p in read_list(path) if p.line_no == 3
        )

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("the list was read again")

    monkeypatch.setattr(cache_module, "ListFile", no_reading)  # proof: reading would fail
    with open_index(path, cache=cache) as second:
        assert not second.built
        found = second.lookup(["99300010", "99300030", "12345", "not-an-id"])
    assert set(found) == {"99300010", "99300030"}
    assert found["99300010"] == next(read_list(path))
    assert found["99300030"].name == "Cedar, Cal"


def test_a_changed_list_is_read_again(tmp_path: Path) -> None:
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, ASH])
    cache = tmp_path / "cache"
    open_index(path, cache=cache).close()
    write(path, [COMBINED_HEADER, ASH, BEN])
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    with open_index(path, cache=cache) as again:
        assert again.built and again.players == 2
    assert len(cached_lists(cache)) == 1  # the one index of that path, replaced


def test_list_and_clear_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    a = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, ASH])
    b = write(tmp_path / "blitz_rating_list.txt", [SINGLE_HEADER])
    open_index(a, cache=cache).close()
    open_index(b, cache=cache).close()
    held = cached_lists(cache)
    assert sorted(c.list_path for c in held) == sorted(str(p.resolve()) for p in (a, b))
    assert sorted(c.players for c in held) == [0, 1]
    assert len(clear_cache(cache).indexes) == 2
    assert cached_lists(cache) == [] and not (cache / "rating-lists").exists()


def test_a_bad_list_leaves_nothing_in_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    bad = fide_line("99300040", "Dune, Dan", std=("abc", "", ""))
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, ASH, bad])
    with pytest.raises(RatingListError, match="line 3"):
        open_index(path, cache=cache)
    assert list((cache / "rating-lists").iterdir()) == []


def test_a_fide_id_given_twice(tmp_path: Path) -> None:
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, ASH, BEN, ASH])
    with pytest.raises(RatingListError) as caught:
        open_index(path, cache=tmp_path / "cache")
    assert str(caught.value) == (
        "players_list_foa.txt, line 4, columns 1-15 (fide_id): expected a FIDE id not given "
        "before (line 2 gives it), found '99300010'"
    )


def test_a_cache_that_cannot_be_written_is_kept_in_memory(tmp_path: Path) -> None:
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, ASH])
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    with open_index(path, cache=blocker) as index:
        assert index.built and index.index_path is None
        assert "99300010" in index.lookup(["99300010"])


def test_the_cache_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cli_support import run

    monkeypatch.setenv("XLFUNCS_CACHE_DIR", str(tmp_path / "cache"))
    assert run(capsys, "cache") == (0, f"cache: {tmp_path / 'cache'}\nno rating-list index\n", "")
    open_index(REAL_COMBINED).close()
    code, out, _ = run(capsys, "cache")
    assert code == 0 and "        6 players" in out and str(REAL_COMBINED.resolve()) in out
    code, out, _ = run(capsys, "cache", "--clear")
    assert (code, out) == (0, f"removed 1 rating-list index from {tmp_path / 'cache'}\n")
    assert cached_lists() == []


# ---------------------------------------------------------------- K, line ends, size


@pytest.mark.parametrize("k", ["30", "17", "15"])
def test_a_k_of_1_to_40_is_read_as_the_k_file_and_a_cell_read_it(tmp_path: Path, k: str) -> None:
    """One rule for K (core's ``check_k``): a whole number from 1 to 40. FIDE's lists of July
    2011 to June 2014 give 30 and 15 (the K rule of those years), and 17 is a K lowered by K x
    n <= 700: the list, the K file and a cell take them as given."""
    line = fide_line("99300010", "Ash, Ada", std=("2250", "9", k), born="2009")
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, line])
    (player,) = list(read_list(path))
    assert player.standard is not None and player.standard.k == int(k)
    from xlfuncs.trf.k_file import parse_k_file

    assert parse_k_file(f"fide_id,k\n99300010,{k}\n") == {"99300010": int(k)}
    from xlfuncs.udfs import K_FOR_GAMES

    assert K_FOR_GAMES(float(k), 1.0) == int(k)


def test_a_k_above_40_is_refused_as_the_k_file_and_a_cell_refuse_it(tmp_path: Path) -> None:
    """K 41 is no K of FIDE's rules in any edition (40 is the largest since 1 July 2014)."""
    line = fide_line("99300010", "Ash, Ada", std=("2250", "9", "41"), born="2009")
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, line])
    with pytest.raises(RatingListError) as caught:
        list(read_list(path))
    assert str(caught.value) == (
        "players_list_foa.txt, line 2, columns 124-126 (standard_k): expected a K, a whole "
        "number from 1 to 40 (FIDE's K rule gives 40, 20 or 10), or a blank, found 41"
    )
    from xlfuncs.trf.k_file import parse_k_file

    ks = parse_k_file("fide_id,k\n99300010,41\n")
    assert ks == {} and len(ks.not_used) == 1
    from xlfuncs.udfs import K_FOR_GAMES

    assert K_FOR_GAMES(41.0, 1.0) == "#NUM!"


def test_a_list_with_cr_line_ends_is_read_whole(tmp_path: Path) -> None:
    """Lines ending in CR alone (an old Mac's): the three players, not one long header."""
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, ASH, BEN, CAL], "\r")
    assert [p.fide_id for p in read_list(path)] == ["99300010", "99300020", "99300030"]
    assert [p.fide_id for p in read_list(REAL_COMBINED)] == [
        p.fide_id for p in read_list(write(tmp_path / "cr.txt", _cr(REAL_COMBINED), "\r"))
    ]


def _cr(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_an_endless_line_is_refused_at_its_limit(tmp_path: Path) -> None:
    """A list with no line break (``/dev/zero``, a binary file) is refused after
    MAX_LIST_LINE bytes, not read until memory runs out."""
    from xlfuncs.ratinglist.read import MAX_LIST_LINE

    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(COMBINED_HEADER.encode() + b"\n" + b"9" * (10 * MAX_LIST_LINE))
    with pytest.raises(RatingListError) as caught:
        list(read_list(path))
    assert str(caught.value) == (
        "players_list_foa.txt, line 2 (line): expected a line of at most 4,096 bytes (FIDE's "
        "have 162 characters), found more than 4,096 bytes without a line break"
    )
    if Path("/dev/zero").exists():
        with pytest.raises(RatingListError, match=r"line 1 \(line\): expected a line of at most"):
            list(read_list("/dev/zero", rate="standard"))
