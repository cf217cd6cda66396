"""The file's ranks against ours when the event names no tie-breaks: one summary per list
instead of a line per player (``--verbose`` and JSON for the lines), and the candidate lists
(``xlfuncs/core/tiebreak_candidates.py``) tried against the file's ranks.

The references are independent of our engine: the ranks and Sonneborn-Berger values gacrux
published for the TieBreakServer test tournament (``tests/data/tiebreakserver/``, points then
SB, under the 2023 and the 2026 text), and gacrux run here (``tests/gacrux_reference.py``) on
Karl-Mala 2005; the agreement counts are recounted in the tests by their own loop.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from cli_support import run
from gacrux_reference import as_fraction, reference

from xlfuncs.core.tiebreak_candidates import CANDIDATES, candidates_for, fit_ranks
from xlfuncs.core.tiebreak_editions import introduced_in
from xlfuncs.core.tiebreaks import parse_descriptors, tiebreaks
from xlfuncs.event import analyse_event
from xlfuncs.trf import read_trf

DATA = Path(__file__).parent / "data"
KARL_MALA = DATA / "real" / "karl-mala-2005.trf"
CRETE = DATA / "real" / "crete-friendship-cup-2024-rapid.trf"
UNPLAYED = DATA / "tiebreakserver" / "swiss_with_many_unplayed_rounds.trf"
FILES = sorted((DATA / "real").glob("*.trf")) + sorted((DATA / "tiebreakserver").glob("*.trf"))


def published(day: str) -> dict[int, tuple[int, str]]:
    """gacrux's published rank and SB of the TieBreakServer test tournament, by starting
    rank, with the event starting on *day* (``2026-02-28``: the 2023 text; ``2026-03-01``:
    the 2026 text)."""
    path = DATA / "tiebreakserver" / f"swiss_with_many_unplayed_rounds.{day}.txt"
    lines = path.read_text().splitlines()
    head = lines[0].split("\t")
    out = {}
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) == len(head):
            row = dict(zip(head, cells))
            out[int(row["StartNo"])] = (int(row["Rank"]), row["SB"])
    return out


def agreeing(ours: dict[int, int], given: dict[int, int]) -> int:
    """How many of the ranks *given* (start number -> rank; 0 unranked) the ranks *ours*
    reproduce, counted by hand: among the players *given* ranks, a player's places run
    from one more than the number ranked strictly better by *ours* to the number ranked no
    worse (those level with them included)."""
    ranked = [n for n, r in given.items() if r]
    count = 0
    for n in ranked:
        better = sum(1 for m in ranked if ours[m] < ours[n])
        no_worse = sum(1 for m in ranked if ours[m] <= ours[n])
        if better < given[n] <= no_worse:
            count += 1
    return count


def test_fit_ranks_by_hand() -> None:
    # level on every value (2 and 3 share rank 2): the file may order them either way
    assert fit_ranks([1, 2, 2, 4], [1, 2, 3, 4]) == fit_ranks([1, 2, 2, 4], [1, 3, 2, 4]) == 4
    # the file swaps 1 and 2: those two are not reproduced
    assert fit_ranks([1, 2, 3, 4], [2, 1, 3, 4]) == 2
    # no. 1 unranked in the file (withdrawn): the others move up one place there
    assert fit_ranks([1, 2, 3, 4], [0, 1, 2, 3]) == 3
    assert fit_ranks([1, 2, 3], [None, None, None]) == 0


def test_the_candidates() -> None:
    """One table; the defaults first; each list a known one (the engine reads it), in every
    C.07 edition (none names what a later text added)."""
    assert CANDIDATES[0].descriptors == ("BH/C1", "BH", "SB")
    assert candidates_for(True)[0].descriptors == ("DE", "WIN", "SB", "KS")
    assert ("SB",) in [c.descriptors for c in candidates_for(False)]  # lichess' points, SB
    assert len({c.descriptors for c in CANDIDATES}) == len(CANDIDATES)
    for c in CANDIDATES:
        assert not [k for d in parse_descriptors(c.descriptors) for k in d.keys if introduced_in(k)]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_tiebreak_computed_once_ranks_as_a_fresh_run(path: Path) -> None:
    """Ranking every candidate on the table already computed (the search) gives the ranks a
    fresh run of the engine with that list gives, in both texts, round robin or Swiss."""
    event = analyse_event(read_trf(path))
    ct = event.read.file_ratings
    for edition in ("2023", "2026"):
        table = tiebreaks(ct, "BH/C1, BH, SB", edition=edition, final_round=event.planned_rounds)
        for c in CANDIDATES:
            fresh = tiebreaks(ct, c.descriptors, edition=edition, final_round=event.planned_rounds)
            assert table.ranks_by(c.descriptors) == list(fresh.ranks), (edition, c.text)


def test_detected_list_of_the_tiebreakserver_tournament(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The file gives gacrux's ranks by points, then SB, under the 2023 text (its published
    output for a start on 28 February 2026): found, used and named; every rank and SB value
    ours is gacrux's published one; nothing left to report on the ranks."""
    t = read_trf(UNPLAYED)
    ref = published("2026-02-28")
    assert {p.start_no: p.rank for p in t.players} == {n: r for n, (r, _) in ref.items()}
    ranked = analyse_event(t).standings
    assert ranked.tiebreaks.descriptors == ("SB",)
    assert ranked.tiebreaks.source.startswith("detected: ")
    assert ranked.table.edition.id == "2023"
    assert ranked.fit is not None and (ranked.fit.agree, ranked.fit.of) == (15, 15)
    for s in ranked.standings:
        rank, sb = ref[s.player.start_no]
        assert s.rank == rank
        assert s.tiebreaks["SB"] == as_fraction(sb)
    assert not [d for d in ranked.discrepancies if d.kind == "rank"]
    code, out, _ = run(capsys, "report", str(UNPLAYED))
    assert code == 0
    assert (
        "ranking: points, then SB (detected: the file's ranks are those of SB, lichess' Swiss "
        "list, in the 2023 text of C.07; --tiebreaks to choose)"
    ) in out
    # check names it as a note (what the reading chose), and changes no exit status
    code, out, _ = run(capsys, "check", str(UNPLAYED))
    assert code == 4  # the file's other warnings
    assert (
        "swiss_with_many_unplayed_rounds.trf: note: tie-breaks: the file names none, and its "
        "ranks are those of SB (lichess' Swiss list; 2023 text of C.07): the event is ranked "
        "by them (--tiebreaks to choose)"
    ) in out.splitlines()
    # --tiebreaks overrides what was detected
    code, out, _ = run(capsys, "report", str(UNPLAYED), "--tiebreaks", "BH/C1,BH,SB")
    assert "ranking: points, then BH/C1, BH, SB (--tiebreaks)" in out


def test_detected_edition(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The same file dated 1 March 2026 (the 2026 text in force): its ranks are still those
    of the 2023 text, which is found and used, and named in the header; with
    --tiebreak-rules 2026 the text is the one given, and the nearest list is named with the
    count of ranks it gives (recounted here from gacrux's published 2026 ranks)."""
    text = UNPLAYED.read_bytes().replace(b"042 2026/02/28", b"042 2026/03/01")
    path = tmp_path / "unplayed-0301.trf"
    path.write_bytes(text)
    ranked = analyse_event(read_trf(path)).standings
    assert ranked.table.edition.id == "2023"
    ref = published("2026-02-28")
    assert [s.rank for s in ranked.standings] == [ref[n][0] for n in sorted(ref)]
    code, out, _ = run(capsys, "report", str(path))
    assert "C.07:    tie-breaks of the 2023 text (the file's ranks are computed with it" in out
    code, out, _ = run(capsys, "report", str(path), "--tiebreak-rules", "2026")
    assert "ranking: points, then BH/C1, BH, SB (default for a Swiss)" in out
    given = {p.start_no: p.rank or 0 for p in read_trf(path).players}
    by_sb_2026 = {n: r for n, (r, _) in published("2026-03-01").items()}
    assert agreeing(by_sb_2026, given) == 11
    assert (
        "none of the candidate lists (docs/tiebreaks.md) reproduces the file's ranks: the "
        "nearest, SB (lichess' Swiss list; 2026 text of C.07), gives 11 of 15"
    ) in out


def test_karl_mala_nearest_list() -> None:
    """No candidate reproduces Karl-Mala 2005's ranks (its Buchholz is not C.07's of today);
    the nearest is Buchholz, then SB, in the 2026 text: 104 of its 276 ranks, recounted
    from gacrux's ranks of that list (the default list, BH/C1, BH, SB, gives 63)."""
    ranked = analyse_event(read_trf(KARL_MALA)).standings
    fit = ranked.fit
    assert fit is not None and not fit.reproduces
    assert (fit.candidate.descriptors, fit.edition, fit.agree, fit.of) == (
        ("BH", "SB"),
        "2026",
        104,
        276,
    )
    given = {p.start_no: p.rank or 0 for p in read_trf(KARL_MALA).players if p.start_no != 284}
    for descriptors, day, count in (
        (("BH", "SB"), dt.date(2026, 3, 1), 104),
        (("BH/C1", "BH", "SB"), dt.date(2024, 8, 1), 63),
    ):
        ref = reference(KARL_MALA, descriptors, start=day, round_robin=False)
        assert agreeing(ref.ranks, given) == count, descriptors


def test_karl_mala_flood_gone(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Karl-Mala 2005 names no tie-break, and 221 players' ranks differ from the defaults':
    a line per player makes report print 620 lines (221 of them those), check 225 and
    crosstable's messages 225; one summary makes them at most 410, 5 and 5. --verbose gives
    each player's line; check's JSON holds them all."""
    code, out, _ = run(capsys, "report", str(KARL_MALA))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) <= 410
    rank_lines = [x for x in lines if x.startswith("- karl-mala-2005.trf") and "rank" in x]
    assert len(rank_lines) == 2  # the players left unranked; the summary
    summary = next(x for x in rank_lines if "players' ranks in the file differ" in x)
    assert summary.startswith(
        "- karl-mala-2005.trf: 221 players' ranks in the file differ from ours by points, then "
        "BH/C1, BH, SB (default for a Swiss): 6 level with another player on every value (the "
        "file orders players the list leaves equal), 199 placed otherwise by BH/C1, 14 placed "
        "otherwise by BH and 2 placed otherwise by SB; none of the candidate lists"
    )
    assert summary.endswith("gives 104 of 276; one line per player with --verbose")
    code, verbose, _ = run(capsys, "report", str(KARL_MALA), "--verbose")
    details = [x for x in verbose.splitlines() if " here, " in x]
    assert len(details) == 221
    # the summary counts the lines by the figure that separates the players
    assert sum(1 for x in details if "separated by" not in x) == 6
    for label, n in (("BH/C1", 199), ("BH", 14), ("SB", 2)):
        assert sum(1 for x in details if f"separated by {label} " in x) == n

    code, out, _ = run(capsys, "check", str(KARL_MALA))
    assert code == 4 and len(out.splitlines()) == 5
    assert out.splitlines()[-1] == (
        "karl-mala-2005.trf: 3 warnings, 1 note, 221 lines more with --verbose"
    )
    code, out, _ = run(capsys, "check", str(KARL_MALA), "--verbose")
    assert len(out.splitlines()) == 5 + 221
    code, out, _ = run(capsys, "check", str(KARL_MALA), "--format", "json")
    found = json.loads(out)["findings"]
    assert sum(1 for f in found if f["detail"]) == 221
    assert sum(1 for f in found if f["kind"] == "rank" and not f["detail"]) == 2

    chart = tmp_path / "chart.xlsx"
    code, out, err = run(capsys, "crosstable", str(KARL_MALA), "-o", str(chart))
    assert code == 0 and len(err.splitlines()) <= 5
    code, out, err = run(
        capsys, "crosstable", str(KARL_MALA), "-o", str(chart), "--force", "--verbose"
    )
    assert code == 0 and len(err.splitlines()) == 4 + 221


def test_crete_flood_gone(capsys: pytest.CaptureFixture[str]) -> None:
    """The Crete team cup (ranked by the file's points, which count team byes the results do
    not): a line per player makes check print 132 lines (116 of them those) and report 351;
    the summary, which counts the 46 players the file places otherwise by points, makes
    them 17 and at most 240; the 12 players whose points are not their results' sum, one
    line too, 6."""
    code, out, _ = run(capsys, "check", str(CRETE))
    lines = out.splitlines()
    assert len(lines) == 17 - 12 + 1
    summary = [x for x in lines if "players' ranks in the file differ" in x]
    assert len(summary) == 1
    assert "116 players' ranks" in summary[0] and "46 placed otherwise by points" in summary[0]
    code, out, _ = run(capsys, "report", str(CRETE))
    assert len(out.splitlines()) <= 240  # 351 before


def test_other_texts_tried_only_where_a_round_was_not_played() -> None:
    """Every round a game over the board: the texts give the same values, and the search
    does not make the other text's table; a bye or a forfeit anywhere: it does."""
    from xlfuncs.core.results import Outcome
    from xlfuncs.core.tournament import Crosstable, Entrant, Pairing

    w, d, lo = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
    ct = Crosstable.build(
        [
            Entrant(2000, (Pairing(2, w, "w"), Pairing(3, d, "b"))),
            Entrant(1900, (Pairing(1, lo, "b"), Pairing(3, w, "w"))),
            Entrant(1800, (Pairing(2, lo, "b"), Pairing(1, d, "w"))),
        ]
    )
    assert tiebreaks(ct, "BH").all_played
    assert not analyse_event(read_trf(KARL_MALA)).standings.table.all_played


@pytest.mark.parametrize(
    "name",
    [
        "real/lichess-swiss-2020-06.trf",  # lichess writes no rank
        "real/lichess-swiss-2021-03.trf",
        "tiebreakserver/held_swiss_5.trf",  # the starting ranks in the rank column
        "tiebreakserver/held_swiss_9.trf",
        "tiebreakserver/held_round_robin.trf",
    ],
)
def test_nothing_to_find(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """No rank, or the starting ranks written as ranks: no search, the defaults rank the
    event, and one line says the ranks are placeholders (check: 3 to 5 lines, as before)."""
    path = DATA / name
    ranked = analyse_event(read_trf(path)).standings
    assert ranked.fit is None
    assert ranked.tiebreaks.source.startswith("default for ")
    ranks = [d for d in ranked.discrepancies if d.kind == "rank"]
    assert len(ranks) <= 1 and not any(d.detail for d in ranks)
    code, out, _ = run(capsys, "check", str(path))
    assert len(out.splitlines()) <= 5
