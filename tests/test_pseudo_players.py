"""The bye's pseudo-player (``spielfrei``) is no player (:mod:`xlfuncs.trf.pseudo_players`).

The real file: FIDE's example ``karl-mala-2005.trf`` (tests/data/real, SOURCE) lists no.
284 ``spielfrei``: unrated, no FIDE id, 0.0 points, rank 0, its rounds blank but round 5
``0000 - -``; nobody's opponent (its byes are written the old way, ``0000 - +``). A file
where the pseudo-player is the opponent in the bye games is written here by hand (none was
found in the public material searched): the player with the bye paired with it and a
forfeit win, ``+``, and the pseudo-player's own round a forfeit loss, ``-``.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlfuncs.cli import main as cli
from xlfuncs.core.results import Outcome
from xlfuncs.core.tournament import Pairing
from xlfuncs.findings import messages
from xlfuncs.report.rows import build_report
from xlfuncs.trf.parser import parse_trf
from xlfuncs.trf.pseudo_players import is_pseudo_player, pseudo_players
from xlfuncs.trf.to_crosstable import crosstable_from_trf

REAL = Path(__file__).parent / "data" / "real" / "karl-mala-2005.trf"


def _real() -> str:
    return REAL.read_text(encoding="latin-1")


def _line(no: int, name: str, rating: str, fide_id: str, points: str, rounds: list[str]) -> str:
    """A TRF16 001 line by its columns (docs/trf.md)."""
    line = f"001 {no:>4} m    {name:<33} {rating:>4}     {fide_id:>11} 1990/01/01 "
    return (line + f"{points:>4}    0  " + "  ".join(f"{r:<8}" for r in rounds)).rstrip()


# Three players and the pseudo-player no. 4, two rounds: 1-2 1-0 and 3 has the bye (paired
# with no. 4, "+"); then 3-1 drawn and 2 has the bye.
PAIRED_WITH_IT = "\n".join(
    [
        "012 Club Swiss",
        "042 2025/11/01",
        "052 2025/11/02",
        "092 Individual: Swiss-System",
        _line(1, "Ada, Anna", "2000", "99200001", "1.5", ["   2 w 1", "   3 b ="]),
        _line(2, "Bee, Bert", "1900", "99200002", "1.0", ["   1 b 0", "   4 w +"]),
        _line(3, "Cee, Carl", "1800", "99200003", "1.5", ["   4 b +", "   1 w ="]),
        _line(4, "spielfrei", "", "", "0.0", ["   3 w -", "   2 b -"]),
    ]
)


def test_the_real_files_pseudo_player_is_found() -> None:
    t = parse_trf(_real(), source="karl-mala-2005.trf")
    assert pseudo_players(t) == frozenset({284})
    assert [p.start_no for p in t.players if is_pseudo_player(p)] == [284]


def test_it_is_no_player_of_the_event() -> None:
    t = parse_trf(_real(), source="karl-mala-2005.trf")
    read = crosstable_from_trf(t)
    assert len(t.players) == 284  # the file as written
    assert len(read.players) == len(read.crosstable.entrants) == 283
    assert "spielfrei" not in {p.name for p in read.players}
    # nothing the file gives is dropped silently: the warning names it and its line
    line = next(p.line_no for p in t.players if p.start_no == 284)
    said = [w for w in messages(read.warnings) if "the bye's pseudo-player" in w]
    assert said == [
        f"no. 284 (spielfrei), line {line}: the bye's pseudo-player, not a player: left out "
        "of the players, and each round against it read as a bye"
    ]
    # not withdrawn, not among those without a game: it is not there at all
    assert 284 not in read.withdrawn


def test_the_report_counts_and_ranks_without_it() -> None:
    report = build_report(parse_trf(_real(), source="karl-mala-2005.trf"))
    assert len(report.rows) == 283
    assert 284 not in {r.start_no for r in report.rows}
    # the last of the file's ranks among the players (it had rank 0: unranked)
    assert max(r.rank for r in report.rows if r.rank is not None) <= 283


@pytest.mark.parametrize(
    "name", ["spielfrei", "Spielfrei", "  SPIELFREI", "bye", "BYE", "Bye", "freilos"]
)
def test_the_names_it_goes_by(name: str) -> None:
    t = parse_trf(PAIRED_WITH_IT.replace(f"{'spielfrei':<33}", f"{name:<33}"))
    assert pseudo_players(t) == frozenset({4})


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("spielfrei", "Spielberg"),  # another name
        ("   3 w -", "   3 w 1"),  # it scored a point: a player
        ("   3 w -", "   3 w 0"),  # it played a game: a player
    ],
)
def test_a_real_player_is_kept(old: str, new: str) -> None:
    t = parse_trf(PAIRED_WITH_IT.replace(old, new, 1))
    assert pseudo_players(t) == frozenset()


def test_a_rated_or_identified_bye_is_a_player() -> None:
    rated = PAIRED_WITH_IT.replace(
        _line(4, "spielfrei", "", "", "0.0", ["   3 w -", "   2 b -"]),
        _line(4, "Bye", "1500", "", "0.0", ["   3 w -", "   2 b -"]),
    )
    assert pseudo_players(parse_trf(rated)) == frozenset()
    known = PAIRED_WITH_IT.replace(
        _line(4, "spielfrei", "", "", "0.0", ["   3 w -", "   2 b -"]),
        _line(4, "Bye", "", "99200004", "0.0", ["   3 w -", "   2 b -"]),
    )
    assert pseudo_players(parse_trf(known)) == frozenset()


def test_a_round_against_it_is_the_bye() -> None:
    read = crosstable_from_trf(parse_trf(PAIRED_WITH_IT))
    assert [p.name for p in read.players] == ["Ada, Anna", "Bee, Bert", "Cee, Carl"]
    ada, bee, cee = read.crosstable.entrants
    # "4 b +" against the pseudo-player: the pairing-allocated bye, as "0000 - +" reads
    assert cee.pairings[0] == Pairing(None, Outcome.PAIRING_BYE)
    assert bee.pairings[1] == Pairing(None, Outcome.PAIRING_BYE)
    assert ada.pairings == (Pairing(2, Outcome.WIN, "w"), Pairing(3, Outcome.DRAW, "b"))
    report = build_report(parse_trf(PAIRED_WITH_IT))
    rows = {r.start_no: r for r in report.rows}
    assert set(rows) == {1, 2, 3}
    # a bye scores its point and is no rated game
    assert (rows[3].points, rows[3].rated_games) == (1.5, 1)
    assert (rows[2].points, rows[2].rated_games) == (1.0, 1)


def test_the_filled_crosstable_has_no_row_for_it(tmp_path: Path) -> None:
    trf = tmp_path / "club.trf"
    trf.write_text(PAIRED_WITH_IT + "\n", encoding="utf-8")
    out = tmp_path / "club.xlsx"
    assert cli(["crosstable", str(trf), "-o", str(out), "--for", "classic"]) == 0
    book = openpyxl.load_workbook(out, data_only=True)
    texts = {
        str(c.value).strip().lower()
        for ws in book.worksheets
        for row in ws.iter_rows()
        for c in row
        if isinstance(c.value, str)
    }
    assert "cee, carl" in texts
    assert "spielfrei" not in texts


def test_the_norm_certificate_counts_the_players_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Form IT1's "Type of event / rounds" counts the event's players: 3, not the file's 4
    entries."""
    trf = tmp_path / "club.trf"
    trf.write_text(PAIRED_WITH_IT + "\n", encoding="utf-8")
    out = tmp_path / "it1.xlsx"
    assert cli(["norms", str(trf), "--certificate", "1", "-o", str(out)]) == 0
    assert cli(["norms", str(trf)]) == 0  # its warnings name the pseudo-player
    assert "- no. 4 (spielfrei), line 8: the bye's pseudo-player" in capsys.readouterr().out
    ws = openpyxl.load_workbook(out).active
    assert ws is not None
    cells = [str(c) for row in ws.iter_rows(values_only=True) for c in row if c is not None]
    kind = next(c for c in cells if " rounds, " in c)
    assert kind.endswith("2 rounds, 3 players")
