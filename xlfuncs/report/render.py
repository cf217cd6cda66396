"""The report printed: an aligned text table (:func:`render_text`), JSON (:func:`render_json`)
or CSV (:func:`render_csv`). The keys of JSON and CSV are :data:`JSON_KEYS`; what they mean:
``docs/report.md``."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import fields
from fractions import Fraction

from ..core.editions import Edition
from ..core.eligibility import EXCLUSION_ARTICLE, RoundEligibility, TimeControl, match_articles
from ..core.performance import PTP_FULL_SCORE_READINGS, ptp_full_score_text
from ..core.tables import round_half_up
from ..core.tiebreak_editions import tiebreak_edition_for
from ..findings import Finding, text_items
from ..output import visible
from ..text_output import (
    JsonScalar,
    JsonValue,
    change_text,
    counted,
    json_text,
    listed,
    new_rating_text,
    or_dash,
    points_text,
    table_lines,
    underlined,
)
from ..trf import RoundEntry, Tournament
from ..trf.k_policy import ASSUMED_GAMES, KSource
from ..trf.records2026 import NationalRating
from ..trf.short_list import short_list
from ..trf.standings import Value, value_text
from .rows import Report, ReportRow
from .teams import TEAM_KEYS, no_team_standing, team_objects, team_text_lines

__all__ = [
    "JSON_KEYS",
    "TIEBREAK_COLUMN",
    "csv_cell",
    "csv_header",
    "csv_text",
    "json_object",
    "render_csv",
    "render_json",
    "render_team_csv",
    "render_team_json",
    "render_team_text",
    "render_text",
]

_MID_EVENT_KEYS = ("later_byes", "after_round", "rounds_planned")
"""The keys of a file written mid-event, written before the tie-breaks and rounds."""

JSON_KEYS: tuple[str, ...] = tuple(
    name
    for f in fields(ReportRow)
    if f.name not in ("k_lowered_from", "norm_check", "eligibility", *_MID_EVENT_KEYS)
    for name in ((*_MID_EVENT_KEYS, f.name) if f.name == "tiebreaks" else (f.name,))
)
"""The keys of each object of ``--format json`` and the CSV header, in order: the fields of
:class:`ReportRow`, ``k_lowered_from`` written into ``k_source``; JSON adds ``norm_check``,
``national_ratings``, ``games_not_rated`` and ``eligibility`` last."""


def json_number(value: Value) -> int | float | None:
    """A tie-break value as JSON writes it: a whole number as it is, a point-based value as
    a float (its halves and quarters exact), ``None`` as ``null``.

    >>> json_number(Fraction(47, 2)), json_number(Fraction(28)), json_number(2104)
    (23.5, 28.0, 2104)
    """
    if value is None or isinstance(value, int):
        return value
    return float(value)


def round_object(entry: RoundEntry) -> dict[str, JsonScalar]:
    """One round of ``rounds`` (``result``: the TRF's symbol, ``null`` for a blank)."""
    return {
        "round": entry.round,
        "opponent": entry.opponent,
        "colour": entry.colour,
        "result": None if entry.result == " " else entry.result,
    }


def json_object(row: ReportRow) -> dict[str, JsonValue]:
    """*row* as one object of ``--format json``: :data:`JSON_KEYS` in order."""
    out: dict[str, JsonValue] = {}
    for key in JSON_KEYS:
        if key == "k_source":
            out[key] = row.k_source_label
        elif key == "tiebreaks":
            out[key] = {d: json_number(v) for d, v in row.tiebreaks.items()}
        elif key == "rounds":
            out[key] = [round_object(e) for e in row.rounds]
        else:
            out[key] = getattr(row, key)
    return out


def _norm_line(r: ReportRow) -> str:
    """A norm of player *r* (:attr:`ReportRow.norm`): the figures of its check."""
    check = r.norm_check
    assert check is not None and check.performance is not None
    perf = check.performance
    return (
        f"no. {r.start_no} {r.name}: {perf.title.title} norm, {points_text(check.score)}/"
        f"{len(check.used)} ({perf.percent} %), Ra {perf.ra} (floor and unrated opponents "
        f"applied), Rp {perf.rp}"
    )


def _text_cells(r: ReportRow) -> list[str]:
    exact = or_dash(r.rp_exact) if r.rp_exact_note is None else r.rp_exact_note.split(" ", 1)[0]
    first = "-"
    if r.initial_rating is not None:
        first = f"{r.initial_rating}{'' if r.initial_rating_published else '*'}"
    k_from = "-" if r.k_source is None else r.k_source.short
    if r.k_lowered_from is not None:
        k_from += "<"
    return [
        str(r.start_no),
        r.name,
        r.title,
        r.federation,
        or_dash(r.rating),
        points_text(r.points),
        or_dash(r.rank),
        or_dash(r.file_rank),
        str(r.rated_games),
        "-" if r.ra is None else str(round_half_up(r.ra)),
        or_dash(r.rp_fide),
        exact,
        or_dash(r.k),
        k_from,
        change_text(r.rating_change),
        new_rating_text(r.new_rating, r.new_rating_note),
        first,
        r.norm or "-",
        f"{r.sb:.2f}",
    ]


_TEXT_HEADER = [
    "No", "Name", "Ti", "Fed", "Rtg", "Pts", "Rk", "FRk", "N", "Ra", "RpF", "RpX", "K", "K from",
    "+/-", "New", "1st", "Norm", "SB",
]  # fmt: skip
_LEFT = {1, 2, 3, 13, 17}


def _table(report: Report) -> tuple[list[str], list[list[str]]]:
    """The text table's header and rows: :data:`_TEXT_HEADER` and a column per tie-break
    (the plain ``SB`` left out when C.07's ``SB`` is one of them)."""
    descriptors = list(report.standings.tiebreaks.descriptors)
    keep = [i for i, h in enumerate(_TEXT_HEADER) if not (h == "SB" and "SB" in descriptors)]
    header = [_TEXT_HEADER[i] for i in keep] + descriptors
    columns = [_aligned([r.tiebreaks[d] for r in report.rows]) for d in descriptors]
    rows = []
    for n, r in enumerate(report.rows):
        cells = _text_cells(r)
        rows.append([cells[i] for i in keep] + [column[n] for column in columns])
    return header, rows


def _aligned(values: Sequence[Value]) -> list[str]:
    """One tie-break's column for the text table: each value with as many decimals as the
    column needs (``22.00`` beside ``27.75``), ``-`` where undefined.

    >>> _aligned([Fraction(111, 4), Fraction(22), None, Fraction(7, 2)])
    ['27.75', '22.00', '-', '3.50']
    """
    shown = [value_text(v) for v in values]
    decimals = max((len(t) - t.index(".") - 1 for t in shown if "." in t), default=0)
    return [
        t if "." not in t else f"{float(Fraction(v or 0)):.{decimals}f}"
        for t, v in zip(shown, values)
    ]


def _tiebreak_facts(report: Report) -> list[tuple[str, str]]:
    """The header lines on the tie-breaks: which, from where, and the edition of C.07."""
    ranked = report.standings
    edition = ranked.table.edition
    given = ranked.edition_given
    if given == edition.id:
        when = "given"
    elif given is not None:  # a date
        older = given < edition.in_force_from.isoformat()
        when = f"the date given, {given}" + (", is older than that text" if older else "")
    elif (  # detected: another text than the one in force on the event's date
        ranked.fit is not None
        and ranked.fit.reproduces
        and tiebreak_edition_for(None, report.event_date)[0].id != edition.id
    ):
        when = "the file's ranks are computed with it: detected; --tiebreak-rules to choose"
    elif report.event_date < edition.in_force_from:
        when = "the event is older than that text: computed with it, as FIDE's engine does"
    else:
        when = f"in force on {report.event_date.isoformat()}"
    listed = ", ".join(ranked.tiebreaks.descriptors)
    facts = [
        ("ranking", f"points, then {listed} ({ranked.tiebreaks.source})"),
        ("C.07", f"tie-breaks of the {edition.id} text ({when})"),
    ]
    if ranked.unrated is not None:
        facts.append(("unrated", f"counted at {ranked.unrated} in the rating tie-breaks (given)"))
    codes = {d.code for d in ranked.table.descriptors}
    if codes & {"PTP", "APPO"} or ranked.ptp_full_score != PTP_FULL_SCORE_READINGS[0]:
        facts.append(("PTP", ptp_full_score_text(ranked.ptp_full_score)))
    return facts


def render_text(report: Report, *, verbose: bool = False) -> str:
    """An aligned table, one row per player in starting-rank order, then the notes, first
    ratings, norms, warnings and discrepancies (as :func:`~xlfuncs.findings.text_items`
    gives them, *verbose*)."""
    t = report.tournament
    out = underlined(t.name or t.source)
    facts = _head_facts(report)
    width = max(len(k) for k, _ in facts)
    out += [f"{k + ':':<{width + 1}} {v}" for k, v in facts] + [""]
    header, cells = _table(report)
    out += table_lines([header] + [[visible(c) for c in row] for row in cells], _LEFT)
    out += ["", _legend(report)]
    notes = [f"- {n}" for n in _notes(report)]
    if report.rating_list is not None:
        notes.append(
            f"- Rating list: for the players {report.rating_list.source} holds, rating, K "
            "(K from: list), title, sex and birth year are the list's; for the others, the "
            "file's."
        )
    if notes:
        out += ["", "Notes", *notes]
    out += _first_rating_lines(report)
    out += national_lines(t)
    if report.teams is not None:
        out += team_text_lines(report.teams, _start_nos(report))
    normed = [r for r in report.rows if r.norm is not None]
    if normed:
        out += ["", "Norms (the whole check; xlfuncs norms FILE for each requirement)"]
        out += [f"- {_norm_line(r)}" for r in normed]
    out += eligibility_lines(report)
    later = [r for r in report.rows if r.later_byes]
    if later:
        out += [
            "",
            "Byes entered for later rounds (not in Pts: they count when their round is played)",
        ]
        out += [f"- no. {r.start_no} {r.name}: {r.later_byes}" for r in later]
    flagged = _flag_lines(report)
    if flagged:
        out += ["", "Flags", *flagged]
    out += _warning_lines(report, verbose)
    shown = text_items(report.discrepancies, verbose=verbose)
    out += listed(
        "Discrepancies in the file",
        [d.located if isinstance(d, Finding) else f"{t.source}: {d}" for d in shown],
    )
    return visible("\n".join(out)) + "\n"  # a file's control characters, shown escaped


def _warning_lines(report: Report, verbose: bool) -> list[str]:
    """The section of the warnings, as :func:`~xlfuncs.findings.text_items` gives them."""
    warnings = text_items(report.warnings, verbose=verbose)
    return listed("Warnings", [w.message if isinstance(w, Finding) else w for w in warnings])


def _head_facts(report: Report) -> list[tuple[str, str]]:
    """The facts of the text report's head: label and text."""
    t = report.tournament
    facts = [("file", t.source)]
    if t.city:
        facts.append(("place", t.city))
    dates = " to ".join(d for d in (t.start_date_text, t.end_date_text) if d)
    facts.append(("dates", dates or "not given"))
    rated = sum(1 for r in report.rows if r.rating is not None)
    rounds = report.rounds_text or counted(t.num_rounds, "round")
    facts.append(("players", f"{len(report.rows)} ({rated} rated), {rounds}"))
    facts.append(
        ("event", report.system_note or ("round robin" if report.round_robin else "Swiss"))
    )
    if not t.scoring.is_default:
        line = t.trf2026.scoring_line
        facts.append(("scoring", f"{t.scoring.text} (record 162, line {line})"))
    facts.append(("rules", _rules_fact(report)))
    if report.rate_note:
        facts.append(("rate", report.rate_note))
    facts.append(("time", _time_fact(report.time)))
    facts.append(("K date", report.event_date.isoformat()))
    facts += _tiebreak_facts(report)
    if report.rating_list is not None:
        facts.append(("list", _list_fact(report)))
    return facts


def _rules_fact(report: Report) -> str:
    """The ``rules:`` line of the text report's head: the edition and why it applies."""
    day = report.event_date
    if report.rules_given:
        how = "given"
    elif day < report.edition.in_force_from:  # older than every edition: the oldest is used
        how = (
            f"the oldest edition implemented, in force from "
            f"{report.edition.in_force_from.isoformat()}: the event, {day.isoformat()}, is "
            "older than every edition implemented"
        )
    else:
        how = f"in force on {day.isoformat()}"
    return f"{report.edition.id} ({how})"


def _legend(report: Report) -> str:
    """The line under the text table naming its columns (K's sources and marks where shown)."""
    sources = {r.k_source for r in report.rows}
    k_from = ", ".join(f"{s.short} = {s.label}" for s in KSource if s in sources)
    return (
        "Rk: our rank (points, then the tie-breaks); FRk: the file's rank; "
        "N: rated games against rated opponents; RpF: Ra + dp; RpX: exact performance"
        + (f"; K from: {k_from}" if k_from else "")
        + (
            "; < = lowered by K x n <= 700"
            if any(r.k_lowered_from is not None for r in report.rows)
            else ""
        )
        + (
            f"; New ! = below {report.edition.rating_floor}: unrated again"
            if any(r.new_rating_note for r in report.rows)
            else ""
        )
        + "."
    )


def _first_rating_lines(report: Report) -> list[str]:
    """The section on the unrated players' first ratings: each, and whether it is published;
    the players without one grouped by why."""
    unrated = [r for r in report.rows if r.rating is None]
    if not unrated:
        return []
    out = ["", "First ratings (unrated players)"]
    if len(unrated) == len(report.rows):
        out.append("- none: no player of the event is rated, so no game is against a rated one")
        return out
    none: dict[str, list[str]] = {}
    for r in unrated:
        if r.initial_rating is not None:
            state = (
                "published"
                if r.initial_rating_published
                else f"not published: {r.initial_rating_note}"
            )
            out.append(f"- no. {r.start_no} {r.name}: {r.initial_rating} ({state})")
        else:
            none.setdefault(r.initial_rating_note or "", []).append(f"no. {r.start_no}")
    for why, who in none.items():
        out.append(f"- none ({why}): {short_list(who, 40)}")
    return out


_FLAGS = (
    ("inactive", "inactive on the rating list"),
    ("withdrawn", "withdrawn (no game and no points in the last round played, nothing after)"),
)
"""The flags of :attr:`ReportRow.flags`, and how the text report names them."""


def _flag_lines(report: Report) -> list[str]:
    out = []
    for flag, label in _FLAGS:
        who = [f"no. {r.start_no}" for r in report.rows if r.flags and flag in r.flags]
        if who:
            out.append(f"- {label}: {short_list(who, 40)}")
    return out


def _list_fact(report: Report) -> str:
    """The ``list:`` line of the text report's head."""
    rl = report.rating_list
    assert rl is not None
    with_id = [r for r in report.rows if r.fide_id and r.fide_id.strip("0")]
    found = sum(1 for r in with_id if r.fide_id in rl.players)
    rates = "all rates of play" if rl.kind == "combined" else f"{rl.rates[0]} only"
    return f"{rl.source} ({rates}): {found} of the {len(with_id)} players with a FIDE id found"


def national_object(n: NationalRating) -> dict[str, JsonScalar]:
    """One national-rating line (TRF-2026) as JSON."""
    return {
        "federation": n.federation,
        "rating": n.rating,
        "classification": n.classification or None,
        "origin": n.origin or None,
        "national_id": n.national_id or None,
        "name": n.name or None,
        "sex": n.sex or None,
        "birth_date": n.birth_date or None,
    }


def national_lines(t: Tournament) -> list[str]:
    """The section on national ratings (TRF-2026 record ``172`` and the national-rating
    lines); empty when the file has none."""
    records = t.trf2026
    if not records.national_support and not records.national_ratings:
        return []
    out = ["", "National ratings (TRF-2026 National Rating Support; never used for FIDE's figures)"]
    for s in records.national_support:
        fed = s.federation or "federation not given"
        out.append(f"- 172 (line {s.line_no}): {fed}, starting ranks by {s.method}: {s.meaning}")
    names = {p.start_no: p.name for p in t.players}
    for n in sorted(records.national_ratings, key=lambda n: (n.start_no, n.line_no)):
        rating = "unrated" if n.rating is None else str(n.rating)
        more = ", ".join(
            f"{label} {value}"
            for label, value in (
                ("class", n.classification),
                ("origin", n.origin),
                ("id", n.national_id),
            )
            if value
        )
        out.append(
            f"- no. {n.start_no} ({names.get(n.start_no, '?')}): {n.federation} {rating}"
            + (f" ({more})" if more else "")
        )
    return out


def _time_fact(time: TimeControl) -> str:
    if time.different_times:
        return f"different times for the two players ({time.source}): no game rated (B.02 1.1)"
    if time.minutes is None:
        return f"not known ({time.source}): the minimum times of B.02 1.1 not checked"
    how = "" if time.exact else ", read from free text"
    return f"{float(time.minutes):g} minutes for 60 moves ({time.source}{how})"


_LEFT_OUT_ARTICLES = ("B.02 1.1", "B.02 1.2", EXCLUSION_ARTICLE)
"""The rules whose games the crosstable leaves out of the rating figures (the rest, forfeits
and games of less than one move, have no rated result)."""


def eligibility_lines(report: Report) -> list[str]:
    """The games not rated, or not known to be, each with the rule that decides
    (:mod:`xlfuncs.core.eligibility`), a player's games with the same reason on one line.
    Forfeits, games of less than one move and games between unrated players are left to the
    results column; a game the crosstable leaves out of the rating figures (the time, B.02
    1.1; the 600-point rule, Rapid and Blitz 7.3.1; a match's rules, B.02 6:
    :func:`~xlfuncs.core.eligibility.rules_out`) is said to be."""
    lines: list[str] = []
    unknown = 0
    matches = match_articles(report.edition)
    left_out_by = (*_LEFT_OUT_ARTICLES, *matches)
    for r in report.rows:
        found: dict[str, list[str]] = {}
        for g in r.eligibility:
            e = g.eligibility
            if e.rated is None:
                unknown += g.opponent > r.start_no  # each game once
            elif (
                e.rated is False
                and e.article != "B.02 unplayed games"
                and (not e.reason.startswith("neither player"))
            ):
                left_out = " (left out of the rating figures above)"
                why = e.reason + (left_out if e.article in left_out_by else "")
                if e.article in matches and e.assumption:
                    why += f"; assumed: {e.assumption}"
                found.setdefault(why, []).append(f"{g.round} (v {g.opponent})")
        for why, rounds in found.items():
            word = "round" if len(rounds) == 1 else "rounds"
            lines.append(f"- no. {r.start_no} {r.name}: {word} {', '.join(rounds)}: {why}")
    if not lines and not unknown:
        return []
    out = ["", "Game eligibility (each game rated or not; JSON `eligibility` has every game)"]
    if unknown:
        out.append(
            f"- {counted(unknown, 'game')} not known to be rated: the time control is not known "
            "(TRF 222 or 122), so the minimum times of B.02 1.1 are not checked"
        )
    return out + lines


def render_json(report: Report) -> str:
    """A JSON list, one object per player (keys :data:`JSON_KEYS`; ``null`` for none)."""
    from ..norm_report.render import check_object

    objects: list[dict[str, JsonValue]] = []
    reading = report.standings.ptp_full_score
    for r in report.rows:
        found = json_object(r)
        found["norm_check"] = None if r.norm_check is None else check_object(r.norm_check)
        found["national_ratings"] = [
            national_object(n) for n in report.tournament.trf2026.national(r.start_no)
        ]
        found["games_not_rated"] = r.games_not_rated
        found["eligibility"] = [eligibility_object(g) for g in r.eligibility]
        found["ptp_full_score"] = reading
        objects.append(found)
    return json_text(objects) + "\n"


CSV_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a CSV cell as a formula (CSV
injection); a text cell that begins with one is written after a ``'``, as text."""


def eligibility_object(g: RoundEligibility) -> dict[str, JsonScalar]:
    """One game of ``eligibility`` (``rated``: ``null`` when not known)."""
    e = g.eligibility
    return {
        "round": g.round,
        "opponent": g.opponent,
        "result": g.outcome.symbol,
        "rated": e.rated,
        "article": e.article,
        "reason": e.reason,
        "assumption": e.assumption,
    }


def csv_cell(value: object) -> object:
    """*value* as the CSV writer's cell: ``None`` empty, a bool ``true``/``false``, a text that
    begins with one of :data:`CSV_FORMULA_START` after a ``'``, anything else as it is."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and value.startswith(CSV_FORMULA_START):
        return "'" + value
    return value  # numbers stay numbers: -12 is written -12


TIEBREAK_COLUMN = "tiebreaks.{}"
"""The CSV header of a tie-break's column (``tiebreaks.BH/C1``: the JSON object's key, and
never the same as another column's, in any case)."""


def csv_header(report: Report) -> list[str]:
    """The CSV header: :data:`JSON_KEYS`, with ``tiebreaks`` spread into one column per
    descriptor (:data:`TIEBREAK_COLUMN`) and without ``rounds`` (JSON only)."""
    descriptors = report.standings.tiebreaks.descriptors
    out: list[str] = []
    for key in JSON_KEYS:
        if key == "tiebreaks":
            out += [TIEBREAK_COLUMN.format(d) for d in descriptors]
        elif key != "rounds":
            out.append(key)
    return out


def render_csv(report: Report) -> str:
    """CSV with the header :func:`csv_header`, each cell as :func:`csv_cell` writes it."""
    rows: list[list[object]] = [list(csv_header(report))]
    for r in report.rows:
        cells: list[object] = []
        for value in json_object(r).values():
            if isinstance(value, dict):
                cells += [csv_cell(v) for v in value.values()]
            elif not isinstance(value, list):
                cells.append(csv_cell(value))
        rows.append(cells)
    return csv_text(rows)


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """*rows* as CSV, each line ended by CRLF (RFC 4180)."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(rows)
    return buf.getvalue()


def _start_nos(report: Report) -> dict[int, int]:
    """Each player's starting rank by crosstable number (from 1)."""
    return {i: r.start_no for i, r in enumerate(report.rows, 1)}


def render_team_text(report: Report, *, verbose: bool = False) -> str:
    """A team event's standing as text: the title, the team section, the warnings; an
    individual event's: its title and a line saying so."""
    t = report.tournament
    out = underlined(t.name or t.source)
    if report.teams is None:
        out.append(no_team_standing(t, report.warnings))
    else:
        out += team_text_lines(report.teams, _start_nos(report))
    out += _warning_lines(report, verbose)
    return visible("\n".join(out)) + "\n"


def render_team_json(report: Report) -> str:
    """A team event's standing as a JSON list (``[]`` for an individual event)."""
    objects = [] if report.teams is None else team_objects(report.teams, _start_nos(report))
    return json_text(objects) + "\n"


def render_team_csv(report: Report) -> str:
    """A team event's standing as CSV (the header only for an individual event)."""
    s = report.teams
    descriptors = () if s is None else s.descriptors
    rows: list[list[object]] = [[*TEAM_KEYS, *(TIEBREAK_COLUMN.format(d) for d in descriptors)]]
    for obj in [] if s is None else team_objects(s, _start_nos(report)):
        tbs = obj["tiebreaks"]
        assert isinstance(tbs, dict)
        rows.append([csv_cell(obj[k]) for k in TEAM_KEYS] + [csv_cell(v) for v in tbs.values()])
    return csv_text(rows)


def _notes(report: Report) -> list[str]:
    """The assumptions behind the figures shown, printed under the text table, each only
    where a figure rests on it."""
    edition: Edition = report.edition
    rows = report.rows
    notes: list[str] = []
    if any(r.rating is not None for r in rows):
        notes.append(
            f"K: a TRF does not give a player's rated games, so a rated player whose K is not "
            f"given (30+? in K from) is assumed to have completed {ASSUMED_GAMES} or more (no "
            "K 40 for new players) and to have reached 2400 only when rated 2400+ in the file; "
            "give other K with --k-file or --rating-list."
            if any(r.k_source is KSource.ASSUMED_30_GAMES for r in rows)
            else "K: no K rests on an assumed number of games (K from says where each came from)."
        )
        notes.append(
            "Rating change: this event alone (K x n <= 700 on its games only); other events "
            "of the rating period are not included."
        )
        if any(r.rating is None for r in rows):
            notes.append(
                f"First ratings: this event alone, {edition.id} rules; '*' marks one that "
                "would not be published."
            )
        notes.append(
            "Norms: the whole check of the Title Regulations (B.01: the games, the opponents' "
            "federations and titles, the exemptions, Ra with the floor, Rp, 35 %); not checked "
            "from the file: the registration and the chief arbiter's title; "
            "`xlfuncs norms FILE` names them and shows near misses."
            if edition.title_norms
            else f"Norms: none in {edition.rate.value} play (title norms come from standard games)."
        )
    if any(r.rp_exact_note is not None for r in rows):
        notes.append("Rp exact: +inf / -inf for a 100 % / 0 % score against rated opponents.")
    return notes
