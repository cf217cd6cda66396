"""The same answer everywhere: ``report``, ``crosstable``, ``norms`` and a one-event ``period``
read every tournament file of the repository (``tests/data/`` and the demo files) the same
way, as they are and mutated (a rated player's FIDE id blanked, two players' FIDE ids ``0``,
a rating list given, rapid rules, both), and give the same norms, Ra, Rp, K and rating
changes. Each command is called where its command calls it, with the same options
(:class:`~xlfuncs.event.EventOptions`); the crosstable's figures are the values its workbook
stores (:func:`xlfuncs.templates.chart.figures`, the formulas' own computation).

What each figure takes for "rated" and why: ``docs/rated.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from xlfuncs.core.editions import RateOfPlay
from xlfuncs.core.norm_field import fide_title
from xlfuncs.filled_chart import event_from_trf
from xlfuncs.norm_report import build_norm_report
from xlfuncs.period.read import EventRead, read_event
from xlfuncs.period.rows import PeriodRow, build_period
from xlfuncs.ratinglist import RatingListIndex, open_index
from xlfuncs.ratinglist.extract import index_event_list
from xlfuncs.ratinglist.player import ListPlayer, RateRating
from xlfuncs.ratinglist.write import write_combined
from xlfuncs.report import Report, build_report
from xlfuncs.templates import chart, round_robin, swiss
from xlfuncs.trf import Tournament, parse_trf_bytes
from xlfuncs.trf.list_data import has_fide_id
from xlfuncs.trf.rated import is_rated

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(
    [
        *(p for p in ROOT.glob("tests/data/**/*.trf") if "fuzz-cases" not in p.parts),
        *ROOT.glob("xlfuncs/data/*.trf"),
    ],
    key=lambda p: str(p.relative_to(ROOT)),
)
"""Every tournament file of the tests but the fuzz cases (damaged on purpose, each run by
``tests/test_trf_records.py``)."""

MUTATIONS = ("as is", "ids", "rating list", "rapid, rating list")
"""How each file is read: as it is; with the strongest player with a FIDE id without it and
the next two with the id ``0`` (no one's id); with a rating list that rates every player with
a FIDE id 7 points above the file at standard play and no one at rapid play; at rapid play
with that list (whose standard rating then serves: Rapid and Blitz Rating Regulations
7.2.1)."""


def _with_ids(data: bytes, t: Tournament, ids: dict[int, str]) -> bytes:
    """*data* with the FIDE id field (columns 58-68) of each starting rank in *ids* set."""
    encoding = t.encoding or "utf-8"  # the Irish files are Windows-1252
    lines = data.decode(encoding).split("\n")
    for p in t.players:
        if p.start_no in ids:
            line = lines[p.line_no - 1]
            lines[p.line_no - 1] = line[:57] + ids[p.start_no].rjust(11) + line[68:]
    return "\n".join(lines).encode(encoding)


def _strongest(t: Tournament, n: int) -> list[int]:
    rated = [p for p in t.players if is_rated(p)]
    return [p.start_no for p in sorted(rated, key=lambda p: (-(p.rating or 0), p.start_no))[:n]]


def _list_player(p: Any) -> ListPlayer:
    standard = None if p.rating is None else RateRating(min(p.rating + 7, 4000), 0, None)
    return ListPlayer(
        fide_id=p.fide_id.lstrip("0"),
        name=p.name,
        # FIDE's list holds three letters; a file may write a club code there (the ICU's
        # Bunratty files: "RAT", "ST.", "U.L"): the list gets none
        federation=p.federation if p.federation.isalpha() and len(p.federation) == 3 else "",
        sex="F" if p.sex.lower() in ("w", "f") else "M",
        title=fide_title(p.title),
        w_title="",
        o_title="",
        foa_title="",
        standard=standard,
        rapid=None,
        blitz=None,
        birth_year=p.birth_year,
        inactive=False,
        woman=False,
    )


@dataclass(frozen=True)
class Case:
    """One file read one way: the file as written to disk, and the options."""

    name: str
    path: Path
    tournament: Tournament
    options: dict[str, Any]
    index: RatingListIndex | None


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


def _cases(source: Path, folder: Path, cache: Path) -> Iterator[Case]:
    data = source.read_bytes()
    t = parse_trf_bytes(data, source=source.name)
    for how in MUTATIONS:
        mutated = data
        if how == "ids":
            chosen = _strongest(t, 3)
            mutated = _with_ids(data, t, {n: "0" if j else "" for j, n in enumerate(chosen)})
        path = folder / f"{how.replace(' ', '_').replace(',', '')}_{source.name}"
        path.write_bytes(mutated)
        options: dict[str, Any] = {}
        index = None
        if "rating list" in how:
            listed = list(
                {
                    p.fide_id.lstrip("0"): _list_player(p)
                    for p in reversed(t.players)
                    if has_fide_id(p) and (p.fide_id or "").isdigit()
                }.values()
            )  # one line per FIDE id (the first entry's), as a list has
            list_path = folder / f"list_{source.stem}.txt"
            with list_path.open("w", encoding="utf-8", newline="\n") as out:
                write_combined(listed, out)
            index = open_index(list_path, cache=cache)
            ids = [p.fide_id for p in t.players if p.fide_id]
            options["rating_list"] = index_event_list(index, ids)
        if "rapid" in how:
            options["rate"] = RateOfPlay.RAPID
        yield Case(how, path, parse_trf_bytes(mutated, source=path.name), options, index)


@dataclass(frozen=True)
class Figures:
    """What every command must agree on, for one player (``None``: not shown)."""

    norm: str | None
    ra: float | None
    rp: int | None
    k: int | None
    """K before K x n <= 700 lowers it."""
    change: int | None


def _report(report: Report) -> list[Figures]:
    return [
        Figures(
            r.norm,
            r.ra,
            r.rp_fide,
            r.k_lowered_from if r.k_lowered_from is not None else r.k,
            r.rating_change,
        )
        for r in report.rows
    ]


def _norm_figures(case: Case) -> list[tuple[str | None, int | None, int | None]]:
    """Each player's norm and, for the check the report shows, its Ra and Rp."""
    norms = build_norm_report(case.tournament, **case.options)
    out: list[tuple[str | None, int | None, int | None]] = []
    for p in norms.players:
        shown = p.norm or p.near
        perf = None if shown is None else shown.performance
        out.append(
            (
                None if p.norm is None else p.norm.title.title,
                None if perf is None else perf.ra,
                None if perf is None else perf.rp,
            )
        )
    return out


def _chart(case: Case) -> list[Figures | None]:
    """Each player's figures as the workbook stores them; ``None`` for a row that shows an
    error value (a file at odds with itself: a result its opponent's round contradicts)."""
    filled = event_from_trf(case.tournament, **case.options)
    event = filled.event
    if filled.round_robin:
        layout = replace(round_robin.LAYOUT, cycles=max(event.cycles, 1))
    else:
        layout = swiss.layout_of(event)
    # as the writer does: a column per tie-break of the event's list (one, SB, where the
    # list found to give the file's ranks has one)
    layout = replace(layout, tiebreaks=len(chart.tiebreaks_of(layout, event)))
    values = chart.figures(layout, chart.inputs(layout, event))

    def number(v: Any) -> Any:  # the words of a cell without a figure: none
        return None if v == "" or v is None or (isinstance(v, str) and v[:1] != "#") else v

    # no norm made, or none in rapid or blitz play (B.01: standard play): the cell says so
    no_norm = ("none", "rapid: no norms", "blitz: no norms")
    norm_column = ["" if v in no_norm else v for v in values["norm"]]
    out: list[Figures | None] = []
    for i in range(len(event.players)):
        row = [values[name][i] for name in ("ra", "change", "k", "rp_fide")] + [norm_column[i]]
        if any(isinstance(v, str) and v.startswith("#") for v in row):
            out.append(None)  # the row shows an error, EXPLAIN_ERROR saying why
            continue
        ra = number(values["ra"][i])
        change = number(values["change"][i])
        k = number(values["k"][i])
        rp = number(values["rp_fide"][i])
        out.append(
            Figures(
                norm_column[i] or None,
                None if ra is None else round(float(ra), 2),
                None if rp is None else int(rp),
                None if k is None or event.players[i].rating is None else int(k),
                None if change is None else int(change),
            )
        )
    return out


def _period(case: Case) -> tuple[EventRead, list[PeriodRow]]:
    rate = case.options.get("rate")
    read = read_event(str(case.path), None, rate, case.index)
    assert isinstance(read, EventRead), read
    period = build_period([read], list_given=case.index is not None)
    rows = [r for s in period.sections for r in (*s.rows, *s.apart)]
    return read, rows


def _figures_of_period(case: Case) -> list[tuple[int | None, int | None, int | None] | None]:
    """Each player's K as listed (before K x n <= 700), rating change and rated games, in
    starting-rank order; ``None`` for a FIDE id two entries of the file share (the period
    takes them for one player, as it must: the report lists the id as a discrepancy)."""
    read, rows = _period(case)
    by_id = {r.fide_id: r for r in rows if r.fide_id is not None}
    apart = iter(r for r in rows if r.fide_id is None)
    ids = [p.fide_id for p in read.players]
    out: list[tuple[int | None, int | None, int | None] | None] = []
    for p in read.players:
        if p.fide_id is not None and ids.count(p.fide_id) > 1:
            out.append(None)
            continue
        row = by_id[p.fide_id] if p.fide_id is not None else next(apart)
        out.append((row.k_listed, row.rating_change, row.games))
    return out


COMMANDS = ("report", "crosstable", "norms", "period")


LONGEST = frozenset(
    {
        "armstrong-cup-2011.trf",
        "bunratty-minor-2011.trf",
        "crete-friendship-cup-2024-rapid.trf",
        "demo_swiss.trf",
        "gros-open-2010-after-round-4.trf",
        "karl-mala-2005-3-1-0.trf",
        "karl-mala-2005.trf",
        "lichess-swiss-2024-10-13-rapid.trf",
        "san-viator-madrid-2018.trf",
    }
)
"""The files that take longest (0.4 s or more each, three fifths of the matrix's time), read
by the whole suite only (marked ``slow``). The quick loop reads every other file the same four
ways, from every folder: eight real events (the Irish files in Windows-1252, one with a BOM,
a blitz one), the TRF-2026 files, the team events, the tie-break cases, the demo round robin."""


@pytest.mark.parametrize(
    "source",
    [pytest.param(p, marks=[pytest.mark.slow] if p.name in LONGEST else []) for p in FILES],
    ids=[p.name for p in FILES],
)
def test_every_command_gives_the_same_figures(
    source: Path, tmp_path: Path, cache: Path, record_property: Any
) -> None:
    checked = 0
    for case in _cases(source, tmp_path, cache):
        where = f"{source.name}, {case.name}"
        built = build_report(case.tournament, **case.options)
        report = _report(built)
        chart_figures = _chart(case)
        norms = _norm_figures(case)
        period = _figures_of_period(case)
        assert len(report) == len(chart_figures) == len(norms) == len(period), where
        for i, (r, c, n, p) in enumerate(zip(report, chart_figures, norms, period), start=1):
            who = f"{where}, player {i}"
            if c is None:
                assert built.discrepancies, who  # only a file at odds with itself
            else:
                assert c == r, who  # the workbook's stored values are the report's
            row = built.rows[i - 1]
            check = row.norm_check
            perf = None if check is None else check.performance
            assert n == (
                r.norm,
                None if perf is None else perf.ra,
                None if perf is None else perf.rp,
            ), who
            if p is not None:
                assert p == (r.k, r.change, row.rated_games), who
        checked += 1
        if case.index is not None:
            case.index.close()
    assert checked == len(MUTATIONS)
    record_property("cases", checked * len(COMMANDS))


def test_the_matrix_is_every_file() -> None:
    """Every folder of tournament files gives the matrix its files (a folder moved or renamed
    would leave the glob empty there): the real files, TieBreakServer's, our own (one cut
    from FIDE's exercise after round 4 of 9), the TRF-2026 files (Sharly Chess's,
    bbpPairings' team tests, ours), the tie-break cases (one for each difference with FIDE's
    engine) and the 2 demo files."""
    folders = {p.relative_to(ROOT).parent.as_posix() for p in FILES}
    assert folders == {
        "tests/data/ratinglist/damaged",  # the event of the damaged rating lists
        "tests/data/real",
        "tests/data/tiebreak-cases",
        "tests/data/tiebreakserver",
        "tests/data/trf",
        "tests/data/trf2026",
        "xlfuncs/data",
    }
    assert sum(1 for p in FILES if p.parent.name == "real") >= 15
    assert sum(1 for p in FILES if p.parent.name == "data") == 2
    # the quick loop reads every folder's files too, those of LONGEST apart
    quick = {p.relative_to(ROOT).parent.as_posix() for p in FILES if p.name not in LONGEST}
    assert quick == folders
    assert {p.name for p in FILES} >= LONGEST
