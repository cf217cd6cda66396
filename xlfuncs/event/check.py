"""Everything wrong with a TRF before it goes to FIDE, in one list: :func:`check_event`.

The findings are those the analysed event already makes (the file against itself, its ranks
against the event's tie-breaks, what reading it had to assume), each given a severity, its
line and columns and, where the right value is certain, the edit that makes it; and the
file's layout against TRF16 and TRF-2026, which nothing else reads. Each kind, its severity
(FIDE's checker's: an *error* what a rating officer's upload would refuse, a *warning* what
a reader should fix, a *note* what the reading assumed) and its fix: ``docs/check.md``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.results import Outcome
from ..findings import Edit, Finding, Severity
from ..text_output import counted, points_text
from ..trf import Tournament, round_columns
from ..trf.columns import columns_text
from ..trf.parser import EVENT_CODES, PLAYER_COLUMNS
from ..trf.rated import is_rated
from ..trf.standings import PLACEHOLDER_NONE, PLACEHOLDER_START
from ..trf.tiebreak_list import DEFAULT_SOURCE, DETECTED_SOURCE, record_codes
from ..trf.writer import TrfLines
from .analyse import AnalysedEvent

__all__ = ["check_event"]


def _field_edit(lines: TrfLines, line_no: int, name: str, value: str) -> Edit | None:
    """The edit writing *value* right-aligned in the player field *name* of line *line_no*
    (``None`` when it does not fit, or is already there)."""
    first, last = PLAYER_COLUMNS[name]
    width = last - first + 1
    if len(value) > width:
        return None
    text = value.rjust(width)
    if lines.line(line_no)[first - 1 : last].ljust(width) == text:
        return None
    return Edit(line_no, first, last, text)


def check_event(event: AnalysedEvent, lines: TrfLines) -> tuple[Finding, ...]:
    """Every finding on *event*, read from *lines*, each naming the file: errors first, then
    warnings, then notes, each in file order."""
    t = event.tournament
    found: list[Finding] = []
    found += _discrepancies(event, lines)
    found += _round_count(event, lines)
    found += _bye_codes(event)
    found += _record_order(t, lines)
    found += _records_agree(t)
    found += _dates(t, lines)
    found += _pairing_records(t)
    found += [f for f in event.warnings if f.kind == "value"]
    found += [f for f in event.warnings if f.kind != "value"]
    found = [f if f.file else replace(f, file=t.source) for f in found]
    order = {"error": 0, "warning": 1, "note": 2}
    return tuple(sorted(found, key=lambda f: (order[f.severity], f.line or 0)))


def _discrepancies(event: AnalysedEvent, lines: TrfLines) -> list[Finding]:
    """The analysed event's discrepancies as findings, with their columns and fixes."""
    t = event.tournament
    found: list[Finding] = []
    rank_items: list[Finding] = []
    for d in event.standings.discrepancies:
        if d.kind == "rank":
            rank_items.append(d)
            continue
        severity = d.severity
        message = d.message
        if d.kind == "no_result" and d.round is not None and d.round > event.counted_rounds:
            # a file written mid-event pairs the next round before it is played
            severity = "note"
            message += f" (not played yet: the standing is after round {event.counted_rounds})"
        columns, fix = "", ""
        edits: tuple[Edit, ...] = ()
        if d.round is not None:
            (o_first, _), _, r_col = round_columns(d.round)
            columns = columns_text(o_first, r_col)
        if d.kind == "points" and d.player is not None:
            columns, fix, edits = _points_fix(t, lines, d.player)
        elif d.kind in ("player_count", "rated_count", "rated_count_any"):
            code = "062" if d.kind == "player_count" else "072"
            line_no = lines.first_line(code)
            count = len(t.players) if code == "062" else sum(1 for p in t.players if is_rated(p))
            if line_no is not None:
                last = max(5, len(lines.line(line_no)))
                found.append(
                    replace(
                        d,
                        line=line_no,
                        columns=columns_text(5, last),
                        fix=f"write {count}",
                        edits=(Edit(line_no, 5, last, str(count)),),
                    )
                )
                continue
        found.append(
            replace(d, severity=severity, message=message, columns=columns, fix=fix, edits=edits)
        )
    found += _rank_findings(event, lines, rank_items)
    return found


def _points_fix(t: Tournament, lines: TrfLines, start_no: int) -> tuple[str, str, tuple[Edit, ...]]:
    """The columns, advice and edit of a player's points that are not their results' sum:
    the sum, written in columns 81-84; in a team event only the advice (a player's points
    there may count what the team's pairing gave)."""
    first, last = PLAYER_COLUMNS["points"]
    p = t.player(start_no)
    value = points_text(t.points_of(p))
    columns = columns_text(first, last)
    if t.is_team_event:
        return columns, f"check the results; the sum of the results is {value}", ()
    edit = _field_edit(lines, p.line_no, "points", value)
    return columns, f"write {value}", () if edit is None else (edit,)


def _rank_findings(
    event: AnalysedEvent, lines: TrfLines, items: Sequence[Finding]
) -> list[Finding]:
    """The rank comparison's findings: errors where the event's tie-breaks are known (the
    file's ``202``/``212``, or ``--tiebreaks``), with our ranks as the fix (a player the file
    leaves unranked stays so, unless it ranks no one); warnings where they are the defaults
    or the list detected, and for ranks never filled."""
    if not items:
        return []
    t = event.tournament
    standings = event.standings
    source = standings.tiebreaks.source
    known = not source.startswith((DEFAULT_SOURCE, DETECTED_SOURCE))
    which = "the defaults" if source.startswith(DEFAULT_SOURCE) else "the list detected"
    first, last = PLAYER_COLUMNS["rank"]
    edits = {
        s.player.start_no: e
        for s in standings.standings
        if (e := _field_edit(lines, s.player.line_no, "rank", str(s.rank))) is not None
    }
    ours = {s.player.start_no: s.rank for s in standings.standings}
    listed = {d.player for d in items if d.player is not None}
    tiebreaks = ",".join(standings.tiebreaks.descriptors)
    out: list[Finding] = []
    spare_given = False
    for d in items:
        placeholder = d.message in (PLACEHOLDER_NONE, PLACEHOLDER_START)
        severity: Severity = "error" if known and not placeholder else "warning"
        if d.player is not None:
            own = (edits[d.player],) if known and d.player in edits else ()
            rank = ours[d.player]
            fix = (
                f"write {rank}"
                if known
                else f"write {rank} if the event's tie-breaks are {tiebreaks} ({which}; "
                "--tiebreaks gives the event's)"
            )
            out.append(
                replace(d, severity=severity, columns=columns_text(first, last), fix=fix, edits=own)
            )
            continue
        spare = (
            ()
            if spare_given or not known
            else tuple(
                e for n, e in edits.items() if n not in listed and (placeholder or t.player(n).rank)
            )
        )
        spare_given = spare_given or bool(spare)
        fix = (
            f"write the ranks by {tiebreaks} ({standings.tiebreaks.source}) in columns 86-89"
            if known
            else "give the event's tie-breaks (--tiebreaks) to have --fix write the ranks "
            f"({which}, {tiebreaks}, need not be the event's)"
        )
        message = "ranks never filled: " + d.message if placeholder else d.message
        out.append(replace(d, severity=severity, message=message, fix=fix, edits=spare))
    return out


def _round_count(event: AnalysedEvent, lines: TrfLines) -> list[Finding]:
    """Rounds after the event's last, fewer rounds than it has, ``132`` dates for another
    number of rounds."""
    t = event.tournament
    planned = event.planned_rounds
    out: list[Finding] = []
    given = {r.code: r.text[3:].strip() for r in reversed(t.extra_records)}  # the first of each
    source_record = "142" if given.get("142") == str(planned) else "XXR"
    if planned is not None and t.num_rounds > planned:
        extra = range(planned + 1, t.num_rounds + 1)
        empty = all(
            p.round(r).opponent is None and p.round(r).points == 0 for p in t.players for r in extra
        )
        (cut, _), _, _ = round_columns(planned + 1)
        who = [p for p in t.players if len(lines.line(p.line_no).rstrip(" ")) >= cut]
        edits = tuple(Edit(p.line_no, cut - 2, len(lines.line(p.line_no)), "") for p in who)
        span = f"{cut}-{max((len(lines.line(p.line_no)) for p in who), default=cut)}"
        rounds = f"round {planned + 1}" if len(extra) == 1 else f"rounds {extra[0]}-{extra[-1]}"
        message = (
            f"{rounds} written, but the event has {counted(planned, 'round')} ({source_record}), "
            f"on {counted(len(who), 'player line')}"
        )
        out.append(
            Finding(
                kind="superfluous_round",
                severity="error",
                message=message
                + (
                    ": no game was played and no one scored in it"
                    if empty
                    else ", with games or points"
                ),
                line=who[0].line_no if who else None,
                columns=span,
                fix=f"cut the lines after round {planned}"
                if empty
                else f"correct {source_record} or the rounds",
                edits=edits if empty else (),
            )
        )
    if planned is not None and t.num_rounds < planned:
        out.append(
            Finding(
                kind="missing_rounds",
                severity="warning",
                message=f"the file writes {counted(t.num_rounds, 'round')}, the event has "
                f"{planned} ({source_record}): a file for rating holds every round",
                line=lines.first_line(source_record),
                fix="complete the rounds, or correct the number of rounds",
            )
        )
    dates = len(t.round_dates_text)
    if dates and dates != t.num_rounds:
        out.append(
            Finding(
                kind="missing_rounds",
                severity="warning",
                message=f"132 gives {counted(dates, 'round date')}, the file writes "
                f"{counted(t.num_rounds, 'round')}",
                line=lines.first_line("132"),
                fix="one date per round, aligned with the rounds' columns",
            )
        )
    return out


def _bye_codes(event: AnalysedEvent) -> list[Finding]:
    """Each ``F`` of a lichess export: lichess grants no full-point bye, so its ``F`` is the
    bye the pairing allocated, which TRF16 writes ``U``. In another file an ``F`` is the
    arbiter's bye, and nothing in the file says otherwise."""
    t = event.tournament
    if "lichess.org" not in f"{t.city} {t.chief_arbiter}".lower():  # 022 or 102
        return []
    out: list[Finding] = []
    for p in t.players:
        for e in p.rounds:
            if e.outcome is not Outcome.FULL_BYE:
                continue
            _, _, r_col = round_columns(e.round)
            out.append(
                Finding(
                    kind="bye_code",
                    severity="warning",
                    message=f"{p.who}, round {e.round}: the bye is written "
                    "F (a full-point bye the arbiter grants), but lichess grants none: it is the "
                    "bye the pairing allocated, U",
                    line=p.line_no,
                    columns=str(r_col),
                    fix="write U",
                    player=p.start_no,
                    round=e.round,
                    edits=(Edit(p.line_no, r_col, r_col, "U"),),
                )
            )
    return out


def _record_order(t: Tournament, lines: TrfLines) -> list[Finding]:
    """Event records (``012`` ... ``132``) after the first player line; player lines out of
    starting-rank order."""
    out: list[Finding] = []
    if not t.players:
        return out
    first_player = min(p.line_no for p in t.players)
    late = [
        (n, line[:3])
        for n, line in enumerate(lines.lines, start=1)
        if n > first_player and line[:3] in EVENT_CODES
    ]
    if late:
        n, code = late[0]
        out.append(
            Finding(
                kind="record_order",
                severity="warning",
                message=f"event record {code} after the player lines (the first player line "
                f"is line {first_player}; {counted(len(late), 'such record')} in all)",
                line=n,
                columns="1-3",
                fix="write the event records (012-132) before the 001 lines",
            )
        )
    back = [
        p for prev, p in zip(t.players, t.players[1:], strict=False) if p.start_no < prev.start_no
    ]
    if back:
        p = back[0]
        out.append(
            Finding(
                kind="record_order",
                severity="warning",
                message=f"player lines out of starting-rank order: no. {p.start_no} comes after a "
                f"higher number ({counted(len(back), 'place')} in all)",
                line=p.line_no,
                columns="5-8",
                fix="write the 001 lines in starting-rank order",
            )
        )
    return out


def _records_agree(t: Tournament) -> list[Finding]:
    """TRF-2026's records that say one thing twice, against each other: ``202`` and ``212``
    (the tie-breaks; ``202`` is read), ``142`` and the pairing programs' ``XXR`` (the number
    of rounds; ``142`` is read)."""
    first = {r.code: r for r in reversed(t.extra_records)}
    out: list[Finding] = []
    lists = {
        code: [c.upper() for c, _, _ in record_codes(first[code])]
        for code in ("202", "212")
        if code in first
    }
    if len(lists) == 2:
        without = lists["212"][1:] if lists["212"][:1] == ["PTS"] else lists["212"]
        if lists["202"] != without:
            out.append(
                Finding(
                    kind="records_disagree",
                    severity="warning",
                    message=f"212 lists the tie-breaks {','.join(lists['212'])}, 202 (line "
                    f"{first['202'].line_no}) {','.join(lists['202'])}: 202's are used",
                    line=first["212"].line_no,
                    fix="one list in both (212: PTS, then 202's)",
                )
            )
    rounds = {code: first[code].text[3:].strip() for code in ("142", "XXR") if code in first}
    if len(rounds) == 2 and rounds["142"] != rounds["XXR"]:
        out.append(
            Finding(
                kind="records_disagree",
                severity="warning",
                message=f"XXR gives {rounds['XXR']} rounds, 142 (line {first['142'].line_no}) "
                f"{rounds['142']}: 142's are used",
                line=first["XXR"].line_no,
                fix="the event's number of rounds in both",
            )
        )
    return out


def _dates(t: Tournament, lines: TrfLines) -> list[Finding]:
    """The event's dates against each other: ``052`` before ``042``; a round's date (``132``)
    before the start, after the end, or before the round before it."""
    out: list[Finding] = []
    start, end = t.start_date, t.end_date
    if start is not None and end is not None and end < start:
        out.append(
            Finding(
                kind="dates",
                severity="warning",
                message=f"the end date (052) {end.isoformat()} is before the start date (042) "
                f"{start.isoformat()}",
                line=lines.first_line("052"),
                fix="correct 042 or 052",
            )
        )
    line_132 = lines.first_line("132")
    before = None
    for r, day in enumerate(t.round_dates, start=1):
        if day is None:
            continue
        (first, _), _, _ = round_columns(r)
        wrong = (
            "before the start (042)"
            if start is not None and day < start
            else "after the end (052)"
            if end is not None and day > end
            else f"before round {r - 1}'s"
            if before is not None and day < before
            else ""
        )
        if wrong:
            out.append(
                Finding(
                    kind="dates",
                    severity="warning",
                    message=f"round {r}'s date (132) {day.isoformat()} is {wrong}",
                    line=line_132,
                    columns=columns_text(first, first + 7) if len(t.round_dates_text) else "",
                    fix="correct the round's date",
                )
            )
        before = day
    return out


def _pairing_records(t: Tournament) -> list[Finding]:
    """TRF-2026's pairing data against the players' lines: a ``260`` prohibited pairing that
    was played in its rounds; a ``250`` or ``260`` naming players the file does not have."""
    out: list[Finding] = []
    known = t.by_start_no
    records = t.trf2026
    named = [
        ("250", a.line_no, tuple(range(a.first, a.last + 1))) for a in records.accelerations
    ] + [("260", p.line_no, p.players) for p in records.prohibited]
    for code, line_no, players in named:
        missing = [str(n) for n in players if n not in known]
        if missing:
            head = "no." if len(missing) == 1 else "nos."
            out.append(
                Finding(
                    kind="pairing_records",
                    severity="warning",
                    message=f"record {code} names {head} {', '.join(missing)}, not in the file",
                    line=line_no,
                    fix="the players' starting ranks",
                )
            )
    for rule in records.prohibited:
        listed = set(rule.players)
        for n in rule.players:
            p = known.get(n)
            if p is None:
                continue
            for r in range(rule.first_round, min(rule.last_round, t.num_rounds) + 1):
                opponent = p.round(r).opponent
                if opponent is not None and opponent in listed and n < opponent:
                    out.append(
                        Finding(
                            kind="pairing_records",
                            severity="warning",
                            message=f"no. {n} ({p.name}) met no. {opponent} in round {r}, a "
                            f"pairing record 260 (line {rule.line_no}) prohibits in rounds "
                            f"{rule.first_round}-{rule.last_round}",
                            line=p.line_no,
                            columns=columns_text(round_columns(r)[0][0], round_columns(r)[2]),
                            fix="the pairing, or record 260",
                        )
                    )
    return out
