"""A team event's records read (``013``, ``310``, ``320``, ``330``, ``300``, ``352``,
``362``, a team event's ``299``, and ``192`` for which score ranks first), checked against
the players' lines, and the standing they make (:func:`~xlfuncs.core.teams.team_standings`).
The records' columns: ``docs/trf.md`` (*Team records*).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..core.errors import InvalidInputError
from ..core.results import Outcome
from ..core.teams import (
    DEFAULT_TEAM_TIEBREAKS,
    TEAM_COLOUR_DEFAULT,
    BoardOrder,
    ForfeitedMatch,
    MatchScoring,
    Team,
    TeamAssignment,
    TeamBye,
    TeamColour,
    TeamStandings,
    round_pairing,
    team_descriptor,
    team_rounds,
    team_standings,
)
from ..core.tiebreaks import TiebreakError
from ..findings import Finding
from ..text_output import counted
from .columns import columns_named
from .numbers import decimal_number, whole_number
from .parser import Tournament, TrfError
from .prose import prose_finding
from .records2026 import ASSIGNMENT_KINDS, BYE_KINDS, PointAssignment
from .short_list import short_list
from .tiebreak_list import POINTS_CODE, file_record, record_codes, split_codes
from .to_crosstable import TrfCrosstable

__all__ = [
    "NO_STANDING",
    "TeamRecords",
    "event_teams",
    "file_team_tiebreaks",
    "option_team_tiebreaks",
    "read_match_scoring",
    "read_team_records",
    "team_assignments",
]

_MATCH_POINTS = re.compile(r"\s*T([WDL])\s*(-?[0-9]+(?:\.[0-9]+)?)(?=\s|$)", re.ASCII)
"""One score of record ``362``: ``TW 2.0`` (a match won, drawn, lost and its match points)."""

NO_STANDING = "no team standing"
"""How a warning that the team records make no standing ends (the command names it)."""


@dataclass(frozen=True)
class TeamRecords:
    """What a file's team records say."""

    teams: tuple[tuple[int, Team], ...]
    """The teams (players by their starting ranks), each with its ``310`` (or ``013``) line."""
    byes: tuple[tuple[int, TeamBye], ...]
    """Record ``320``'s pairing-allocated byes, each with its line."""
    match_scoring: MatchScoring
    primary: str
    """``"MP"``, or ``"GP"`` where record ``192`` names game points first."""
    file_scores: dict[int, tuple[Fraction | None, Fraction | None]]
    """Record ``310``'s match points and game points of each team, as written."""
    warnings: tuple[Finding, ...]
    forfeits: tuple[tuple[int, ForfeitedMatch], ...] = ()
    """Record ``330``'s forfeited matches, each with its line."""
    colour_sequence: str | None = None
    """Record ``352``: the colours of the first team's boards (``WBWB``), so the number of
    boards of every match; ``None``: no such record."""
    colour_line: int | None = None
    """The line of the ``352`` record read."""
    board_orders: tuple[tuple[int, BoardOrder], ...] = ()
    """Record ``300``'s board orders, each with its line; the players by their starting
    ranks (0: an unoccupied board)."""


def _starting_ranks(text: str, source: str, line_no: int, first: int) -> tuple[int, ...]:
    out: list[int] = []
    for word in text.split():
        number = whole_number(word)
        if number is None:
            raise TrfError(
                source,
                line_no,
                f"{first}-{first + len(text.rstrip()) - 1}",
                "team's players",
                "starting ranks, five columns each",
                repr(word),
            )
        if number:
            out.append(number)
    return tuple(out)


def read_match_scoring(text: str) -> MatchScoring | None:
    """Record ``362``'s text (from column 5): the match points of a match won, drawn and
    lost (``TW 2.0   TD 1.0   TL 0.0``), a score not written TRF-2026's default (2, 1, 0);
    ``None`` when the text is anything else (a word, a decimal comma, a score written twice).

    >>> read_match_scoring("TW 3.0   TD 1.0   TL 0.0")
    MatchScoring(win=Fraction(3, 1), draw=Fraction(1, 1), loss=Fraction(0, 1))
    >>> read_match_scoring("TW three TD one TL zero") is None
    True
    """
    found: dict[str, Fraction] = {}
    at = 0
    while text[at:].strip():
        m = _MATCH_POINTS.match(text, at)
        points = None if m is None else decimal_number(m[2])
        if m is None or m[1] in found or points is None:
            return None
        found[m[1]] = points
        at = m.end()
    if not found:
        return None
    return MatchScoring(
        found.get("W", Fraction(2)), found.get("D", Fraction(1)), found.get("L", Fraction(0))
    )


def read_team_records(t: Tournament) -> TeamRecords | None:
    """The team records of *t* (``None``: not a team event). Raises
    :class:`~xlfuncs.trf.TrfError` for a field that is not the format's (``docs/trf.md``,
    *Values and structure*); a ``362`` that cannot be read is a warning (2-1-0 stands)."""
    if not t.is_team_event:
        return None
    src = t.source
    has_310 = any(r.code == "310" for r in t.extra_records)
    teams: list[tuple[int, Team]] = []
    numbered: dict[int, int] = {}
    scores: dict[int, tuple[Fraction | None, Fraction | None]] = {}
    warnings: list[Finding] = []
    byes: list[tuple[int, TeamBye]] = []
    forfeits: list[tuple[int, ForfeitedMatch]] = []
    orders: list[tuple[int, BoardOrder]] = []
    for r in t.extra_records:
        raw = r.text
        if r.code == "310":
            team, written = _team_310(raw, src, r.line_no, numbered, warnings)
            scores[team.number] = written
            numbered[team.number] = r.line_no
            teams.append((r.line_no, team))
        elif r.code == "013" and not has_310:
            members = _starting_ranks(raw[36:], src, r.line_no, 37)
            teams.append((r.line_no, Team(len(teams) + 1, raw[4:36].strip(), members)))
        elif r.code == "320":
            byes += [(r.line_no, bye) for bye in _team_byes(raw, src, r.line_no)]
        elif r.code == "330":
            forfeits.append((r.line_no, _forfeited_match(raw, src, r.line_no)))
        elif r.code == "300":
            order = _board_order(raw, r.line_no, warnings)
            if order is not None:
                orders.append((r.line_no, order))
    scoring = _match_scoring(t, warnings)
    sequence, sequence_line = _colour_sequence(t)
    first_013 = t.record("013")
    if has_310 and first_013 is not None:
        said = "team records: both 013 and 310 are written; the 310 records are read"
        warnings.append(Finding("team_records", "warning", said, line=first_013.line_no))
    code = t.trf2026.encoded_type.upper()
    primary = "GP" if "_GP_MP" in code or (code.endswith("_GP") and "_MP_" not in code) else "MP"
    return TeamRecords(
        tuple(teams),
        tuple(byes),
        scoring,
        primary,
        scores,
        tuple(warnings),
        tuple(forfeits),
        sequence,
        sequence_line,
        tuple(orders),
    )


def _team_310(
    raw: str, src: str, line_no: int, numbered: dict[int, int], warnings: list[Finding]
) -> tuple[Team, tuple[Fraction | None, Fraction | None]]:
    """One record ``310``: the team, and the match points and game points it writes
    (``None`` where not given; where not a number, ``None`` with a warning in *warnings*, as
    for the rank). :class:`TrfError` for a team number that is not one or is another team's of
    *numbered* (by number, its line)."""
    number = whole_number(raw[4:7])
    if not number:
        raise TrfError(src, line_no, "5-7", "team pairing number", "a number from 1", raw[4:7])
    if number in numbered:
        raise TrfError(
            src,
            line_no,
            "5-7",
            "team pairing number",
            f"a number no other team has (line {numbered[number]}'s team is no. {number})",
            raw[4:7],
        )
    members = _starting_ranks(raw[73:], src, line_no, 74)
    mp, gp = decimal_number(raw[54:60]), decimal_number(raw[61:67])
    for value, (first, last), what in (
        (mp, (55, 60), "match points"),
        (gp, (62, 67), "game points"),
        (whole_number(raw[68:71]), (69, 71), "rank"),
    ):
        written = raw[first - 1 : last].strip()
        if value is None and written:
            said = (
                f"record 310, line {line_no}, columns {first}-{last} (team {number}'s "
                f"{what}): {written!r} is not a number: read as not given (the "
                "standing's are the matches')"
            )
            warnings.append(
                Finding("team_field", "warning", said, line=line_no, columns=f"{first}-{last}")
            )
    return Team(number, raw[8:40].strip(), members), (mp, gp)


def _team_byes(raw: str, src: str, line_no: int) -> list[TeamBye]:
    """One record ``320``: the pairing-allocated byes it gives, one per round whose team
    field names a team. :class:`TrfError` for points or a team that are not numbers."""
    mp, gp = decimal_number(raw[4:8]), decimal_number(raw[9:13])
    if mp is None or gp is None:
        raise TrfError(
            src,
            line_no,
            "5-13",
            "pairing-allocated bye",
            "match points in 5-8, game points in 10-13",
            raw[4:13],
        )
    byes: list[TeamBye] = []
    for k, col in enumerate(range(14, len(raw.rstrip()), 4), start=1):
        field = raw[col : col + 3]
        team = whole_number(field)
        if team is None and field.strip():
            raise TrfError(
                src,
                line_no,
                f"{col + 1}-{col + 3}",
                f"round {k}'s team",
                "a team pairing number, 000 or a blank",
                field,
            )
        if team:
            byes.append(TeamBye(team, k, mp, gp))
    return byes


def _match_scoring(t: Tournament, warnings: list[Finding]) -> MatchScoring:
    """The match points of *t*'s record ``362``; TRF-2026's default (2-1-0) without one, or
    with a warning in *warnings* for one that cannot be read."""
    scoring = MatchScoring()
    record = t.record("362")
    if record is None:
        return scoring
    read = read_match_scoring(record.text[4:])
    if read is None:
        said = (
            f"record 362, line {record.line_no}: {record.text[4:].strip()!r}: expected "
            "TW, TD, TL each with a number of match points (TW 2.0   TD 1.0   TL 0.0): "
            f"the line is not read; matches score {scoring.text} (TRF-2026's default)"
        )
        warnings.append(Finding("match_scoring", "warning", said, line=record.line_no))
        return scoring
    return read


def _colour_sequence(t: Tournament) -> tuple[str | None, int | None]:
    """The boards' colour sequence of *t*'s record ``352`` (``WBWB``) and its line;
    ``(None, None)`` without one. :class:`TrfError` for one that is not W and B."""
    record = t.record("352")
    if record is None:
        return None, None
    found_sequence = record.text[4:].strip().upper()
    if not found_sequence or set(found_sequence) - {"W", "B"}:
        raise TrfError(
            t.source,
            record.line_no,
            f"5-{max(5, len(record.text.rstrip()))}",
            "colour sequence of the boards",
            "W or B for each board (WBWB)",
            record.text[4:],
        )
    return found_sequence, record.line_no


def _board_order(raw: str, line_no: int, warnings: list[Finding]) -> BoardOrder | None:
    """One record ``300`` (the players by starting rank); ``None``, with a warning in
    *warnings*, for a field that is not the format's."""
    where = f"record 300, line {line_no}"
    numbers: list[int] = []
    for (a, b), what in (
        ((4, 7), "round number"),
        ((8, 11), "team pairing number"),
        ((12, 15), "scheduled opponent's team pairing number"),
    ):
        number = whole_number(raw[a:b])
        if not number:
            said = (
                f"{where}, columns {a + 1}-{b} ({what}): expected a number from 1, found "
                f"{raw[a:b]!r}: the record is not read (the boards in the team's order)"
            )
            warnings.append(_order_finding(said, line_no, f"{a + 1}-{b}"))
            return None
        numbers.append(number)
    players: list[int] = []
    end = len(raw.rstrip())
    for a in range(16, end, 5):
        player = whole_number(raw[a : a + 4])
        if player is None:
            said = (
                f"{where}, columns {a + 1}-{a + 4} (player on board {len(players) + 1}): "
                f"expected a starting rank or 0000, found {raw[a : a + 4]!r}: the record is "
                "not read (the boards in the team's order)"
            )
            warnings.append(_order_finding(said, line_no, f"{a + 1}-{a + 4}"))
            return None
        players.append(player)
    if not any(players):
        warnings.append(
            _order_finding(f"{where}: no player named: the record is not read", line_no)
        )
        return None
    return BoardOrder(numbers[0], numbers[1], numbers[2], tuple(players))


def _order_finding(said: str, line_no: int, columns: str = "") -> Finding:
    """A warning of kind ``board_order`` on the record ``300`` of line *line_no*."""
    return Finding("board_order", "warning", said, line=line_no, columns=columns)


_FORFEITS = {
    **dict.fromkeys(("+-", "10", "WZ", "WL"), "+-"),
    **dict.fromkeys(("-+", "01", "ZW", "LW"), "-+"),
    **dict.fromkeys(("--", "00", "ZZ", "LL"), "--"),
}
"""Record ``330``'s forfeits: TRF-2026's three and the spellings FIDE's engine also reads."""


def _forfeited_match(raw: str, source: str, line_no: int) -> ForfeitedMatch:
    """One record ``330``. Raises :class:`~xlfuncs.trf.TrfError` for a field that is not
    the format's."""
    kind = raw[4:6].upper()
    if kind not in _FORFEITS:
        raise TrfError(
            source, line_no, "5-6", "type of forfeit", "+- (white wins), -+ or --", raw[4:6]
        )
    numbers: list[int] = []
    for a, b, what in (
        (7, 10, "round number"),
        (11, 14, "white team's pairing number"),
        (15, 18, "black team's pairing number"),
    ):
        number = whole_number(raw[a:b])
        if not number:
            raise TrfError(source, line_no, f"{a + 1}-{b}", what, "a number from 1", raw[a:b])
        numbers.append(number)
    return ForfeitedMatch(numbers[0], numbers[1], numbers[2], _FORFEITS[kind])


_TEAM_KIND_WORDS: Mapping[str, str] = {
    "W": "match won",
    "D": "match drawn",
    "L": "match lost",
    "+": "forfeit win",
    "-": "forfeit loss",
    "F": "full-point bye",
    "H": "half-point bye",
    "Z": "zero-point bye",
}
"""Record 299's types of assignment (:data:`~xlfuncs.trf.records2026.ASSIGNMENT_KINDS`) as a
team's result of a round, in words."""


def _points_text(a: PointAssignment, signed: bool = False) -> str:
    """``1.0 match points, 2.5 game points`` (what the record gives), with the reading of a
    blank field."""
    shown = []
    for value, what in ((a.match_points, "match"), (a.points, "game")):
        if value is not None:
            text = f"{float(value):+.1f}" if signed else f"{float(value):.1f}"
            shown.append(f"{text} {what} point{'' if abs(value) == 1 else 's'}")
    if a.points is None:
        shown.append("the game points the boards'" if a.kind != " " else "no game points")
    elif a.match_points is None:
        shown.append("the match points the result's" if a.kind != " " else "no match points")
    return ", ".join(shown)


def team_assignments(
    assignments: Sequence[PointAssignment], teams: Sequence[int]
) -> tuple[list[tuple[int, TeamAssignment]], list[Finding]]:
    """Record ``299``'s lines of a team event as the standing applies them (each with its
    line), and a warning (kind ``assignment``) for what is not applied (a line read one
    column to the left: a note). The numbers from column 24 are teams' pairing numbers
    (*teams*); ``docs/teams.md`` (*Record 299*)."""
    out: list[tuple[int, TeamAssignment]] = []
    said: list[Finding] = []
    for a in assignments:
        where = f"record 299, line {a.line_no}"
        if a.shifted:
            shifted = (
                f"{where}: its fields are one column to the left of TRF-2026's (game points "
                "in 12-15, round 17-19, teams from 21, as Sharly Chess writes them): read so"
            )
            said.append(Finding("assignment", "note", shifted, line=a.line_no))
        missing = [n for n in a.players if n not in teams]
        if missing:
            unknown = (
                f"{where}: no team {', '.join(str(n) for n in missing)} in the file: not "
                "applied to " + ("it" if len(missing) == 1 else "them")
            )
            said.append(Finding("assignment", "warning", unknown, line=a.line_no))
        named = tuple(n for n in a.players if n in teams)
        if a.players and not named:
            continue
        kind = ASSIGNMENT_KINDS.get(a.kind)
        out.append((a.line_no, TeamAssignment(kind, a.match_points, a.points, a.round, named)))
    return out, said


def _assignment_notes(
    assignments: Sequence[tuple[int, TeamAssignment]],
    records: Sequence[PointAssignment],
    standings: TeamStandings,
    rounds: int,
) -> list[Finding]:
    """What each record ``299`` applied did, a note each; one for a round after those
    counted, not applied, a warning."""
    by_line = {a.line_no: a for a in records}
    out: list[Finding] = []
    for line_no, a in assignments:
        record = by_line[line_no]
        where = f"record 299, line {line_no}"
        who = ", ".join(f"team {n}" for n in a.teams) if a.teams else "every team"
        if a.kind is None:
            what = "a bonus" if (record.match_points or record.points or 0) >= 0 else "a penalty"
            said = f"{where}: {who} {_points_text(record, signed=True)} ({what}) in the standing"
            out.append(Finding("assignment", "note", said, line=line_no))
            continue
        if a.round is not None and a.round > rounds:
            said = f"{where}: round {a.round}, after the rounds counted ({rounds}): not applied"
            out.append(Finding("assignment", "warning", said, line=line_no))
            continue
        hits = [
            f"team {team.number} round {r}"
            for team, row in zip(standings.teams, standings.rounds)
            for r, m in enumerate(row, start=1)
            if m.outcome is a.kind and a.concerns(team.number, r)
        ]
        kind_words = _TEAM_KIND_WORDS[record.kind]
        when = "every round" if a.round is None else f"round {a.round}"
        said = (
            f"{where}: a {kind_words} ({record.kind!r}) of {who}, {when}, scores "
            + _points_text(record)
        )
        said += (
            (": " + ", ".join(hits)) if hits else ": no such result in the file: nothing to apply"
        )
        out.append(Finding("assignment", "note", said, line=line_no))
    return out


def _boards_against_352(records: TeamRecords, standings: TeamStandings) -> list[Finding]:
    """The matches whose boards with a game are not as many as record ``352``'s sequence
    names (a forfeited match without games left out): one warning (kind ``board_count``)."""
    sequence = records.colour_sequence or ""
    odd: list[str] = []
    for k, row in enumerate(standings.rounds):
        team = standings.teams[k].number
        for r, m in enumerate(row, start=1):
            if m.opponent is None or m.boards in (0, len(sequence)) or team > m.opponent:
                continue
            odd.append(f"round {r}, teams {team}-{m.opponent}: {m.boards}")
    if not odd:
        return []
    matches, shown = _matches_said(odd)
    said = (
        f"record 352 (line {records.colour_line}) gives {len(sequence)} boards a match "
        f"({sequence}); {matches} had another number of boards with a game ({shown}): the "
        f"standing counts {len(sequence)} boards where a count of boards is needed (a "
        "forfeited match without games, a bye's game points)"
    )
    return [Finding("board_count", "warning", said, line=records.colour_line)]


def _matches_said(odd: Sequence[str]) -> tuple[str, str]:
    """How many matches *odd* names (``3 matches``), and the first five of them, ``;``
    between them (``...; and 2 more``)."""
    return counted(len(odd), "match", "matches"), short_list(odd, 5, "; ", "; and ")


def option_team_tiebreaks(text: str) -> tuple[str, ...]:
    """The team tie-breaks of a ``--tiebreaks`` value for ``report --teams``, as given (a
    leading ``PTS``, ``MPTS`` or ``GPTS`` left out: the primary score comes first). Raises
    :class:`~xlfuncs.core.tiebreaks.TiebreakError` naming one not known.

    >>> option_team_tiebreaks("MPTS, ede bh:gp")
    ('EDE', 'BH:GP')
    """
    codes = [c.upper() for c in split_codes(text)]
    if codes and codes[0] in (POINTS_CODE, "MPTS", "GPTS"):
        codes = codes[1:]
    if not codes:
        raise TiebreakError(f"no tie-break in {text!r}; give a list such as EDE,BH:GP,SB")
    for code in codes:
        if code in (POINTS_CODE, "MPTS", "GPTS"):
            raise TiebreakError(f"tie-break {code!r}: the primary score can only come first")
        team_descriptor(code)
    return tuple(codes)


def file_team_tiebreaks(t: Tournament, warnings: list[Finding], primary: str) -> tuple[str, ...]:
    """The team tie-breaks of a team event: the file's ``202`` (or ``212``) list (``PTS``
    first left out), else :data:`~xlfuncs.core.teams.DEFAULT_TEAM_TIEBREAKS`, also for a
    list naming one the team standing does not compute (with a warning in *warnings*).
    *primary*: the score a descriptor naming none reads."""
    record = file_record(t)
    if record is None:
        return DEFAULT_TEAM_TIEBREAKS
    codes = [c for c, _, _ in record_codes(record)]
    if codes and codes[0].upper() == POINTS_CODE:
        codes = codes[1:]
    try:
        found = tuple(team_descriptor(c, primary) for c in codes)
    except TiebreakError as exc:
        said = (
            f"record {record.code} (line {record.line_no}) as the teams' tie-breaks: {exc}; "
            "the teams are ranked by the defaults"
        )
        warnings.append(Finding("tiebreaks", "warning", said, line=record.line_no))
        return DEFAULT_TEAM_TIEBREAKS
    return found


def event_teams(
    t: Tournament,
    built: TrfCrosstable,
    rounds: int,
    *,
    descriptors: Sequence[str] | None = None,
    warnings: list[Finding] | None = None,
    edition: str | None = None,
    final_round: int | None = None,
    team_colour: TeamColour = TEAM_COLOUR_DEFAULT,
) -> TeamStandings | None:
    """The team standing of *t* read into *built*, after *rounds* rounds (``None``: not a
    team event, or records that make no standing, said in *warnings*, kind
    ``no_team_standing``; without *warnings*, a field not the format's raises
    :class:`~xlfuncs.trf.TrfError`). *descriptors*: ``None``: :func:`file_team_tiebreaks`;
    *final_round*, *edition*, *team_colour*: as :func:`~xlfuncs.core.teams.team_standings`
    takes them. What the records say against the players' lines, and the standing's notes,
    are added to *warnings*. Raises :class:`~xlfuncs.core.tiebreaks.TiebreakError` for
    *descriptors* naming one the team standing does not compute."""
    records = _team_records(t, warnings)
    if records is None:
        return None
    found = list(records.warnings)
    if descriptors is None:
        descriptors = file_team_tiebreaks(t, found, records.primary)
        if descriptors[:1] == (records.primary,):  # "MPTS" first: the primary score
            descriptors = descriptors[1:]
    twice = _player_in_two_teams(t, records)
    if twice is not None:
        if warnings is not None:
            warnings.extend([*found, twice])
        return None
    number = {p.start_no: i for i, p in enumerate(built.players, start=1)}
    teams = _numbered_teams(records, number, found)
    known = {team.number for team in teams}
    records = _known_byes(records, known, found)
    forfeits = _read_forfeits(records, known, rounds, found)
    orders = _board_orders(records, teams, number, rounds, found)
    assigned, assignment_warnings = team_assignments(t.trf2026.assignments, sorted(known))
    found += assignment_warnings
    try:
        standings = team_standings(
            built.file_ratings,
            teams,
            rounds,
            descriptors=descriptors,
            primary=records.primary,
            byes=[b for _, b in records.byes],
            match_scoring=records.match_scoring,
            round_robin=built.crosstable.round_robin,
            start=built.event_date,
            edition=edition,
            forfeits=forfeits,
            boards=None if records.colour_sequence is None else len(records.colour_sequence),
            assignments=[a for line_no, a in assigned],
            final_round=final_round,
            colour_sequence=records.colour_sequence,
            team_colour=team_colour,
            board_orders=[o for _, o in orders],
        )
    except TiebreakError:  # a descriptor given that the standing does not compute
        raise
    except InvalidInputError as exc:  # a player in two teams, a team meeting two ...
        if warnings is not None:
            said = f"team records: {exc}: {NO_STANDING}"
            warnings.extend([*found, Finding("no_team_standing", "warning", said)])
        return None
    if forfeits:
        found += _forfeits_against_lines(built, teams, rounds, records, forfeits, standings)
    if records.colour_sequence is not None:
        found += _boards_against_352(records, standings)
    found += _orders_against_matches(built, teams, orders, standings)
    found += _orders_missing(built, teams, orders, standings)
    found += _assignment_notes(assigned, t.trf2026.assignments, standings, rounds)
    found += _byes_against_240(t, standings, rounds)
    found += _unpaired_teams(t, standings)
    found += _scores_against_310(records, standings)
    if warnings is not None:
        warnings.extend(found + [prose_finding("tiebreaks", n) for n in standings.notes])
    return standings


def _team_records(t: Tournament, warnings: list[Finding] | None) -> TeamRecords | None:
    """:func:`read_team_records`; a field that is not the format's a warning in *warnings*
    and ``None`` (without *warnings*, raised)."""
    try:
        return read_team_records(t)
    except TrfError as exc:
        if warnings is None:
            raise
        code = next((r.code for r in t.extra_records if r.line_no == exc.line_no), "")
        written = exc.found if exc.found.startswith("'") else repr(exc.found)
        said = (
            f"record {code}, line {exc.line_no}, {columns_named(exc.columns)} ({exc.field}): "
            f"expected {exc.expected}, found {written}: the team records are not read, "
            f"{NO_STANDING} (the players' standing is not affected)"
        )
        found = Finding("no_team_standing", "warning", said, line=exc.line_no, columns=exc.columns)
        warnings.append(found)
        return None


def _player_in_two_teams(t: Tournament, records: TeamRecords) -> Finding | None:
    """The first player two teams list, said with both teams' lines; ``None``: none."""
    first_team: dict[int, tuple[Team, int]] = {}
    for line_no, team in records.teams:
        for member in team.members:
            if member not in first_team:
                first_team[member] = (team, line_no)
                continue
            other, other_line = first_team[member]
            code = "310" if t.record("310") is not None else "013"
            said = (
                f"record {code}, line {line_no}: player {member} is in team {team.number} "
                f"and in team {other.number} (line {other_line}): {NO_STANDING}"
            )
            return Finding("no_team_standing", "warning", said, line=line_no)
    return None


def _numbered_teams(
    records: TeamRecords, number: dict[int, int], found: list[Finding]
) -> list[Team]:
    """The teams with their players in the crosstable's numbering (*number*, by starting
    rank); a player the file does not have left out, with a warning in *found*."""
    teams: list[Team] = []
    for line_no, team in records.teams:
        missing = [m for m in team.members if m not in number]
        if missing:
            said = (
                f"team {team.number} ({team.name}): no player "
                + ", ".join(str(m) for m in missing)
                + " in the file: left out of the team"
            )
            found.append(Finding("team_player", "warning", said, line=line_no))
        members = tuple(number[m] for m in team.members if m in number)
        teams.append(Team(team.number, team.name, members))
    return teams


def _known_byes(records: TeamRecords, known: set[int], found: list[Finding]) -> TeamRecords:
    """*records* with the byes (``320``) of the teams *known* only, a warning in *found* for
    each other."""
    for line_no, team_bye in records.byes:
        if team_bye.team not in known:
            said = (
                f"record 320, line {line_no}: round {team_bye.round}: no team {team_bye.team} "
                "in the file: not read"
            )
            found.append(Finding("team_bye", "warning", said, line=line_no))
    kept = tuple((line_no, b) for line_no, b in records.byes if b.team in known)
    return replace(records, byes=kept) if len(kept) < len(records.byes) else records


def _read_forfeits(
    records: TeamRecords, known: set[int], rounds: int, found: list[Finding]
) -> list[ForfeitedMatch]:
    """The forfeited matches (``330``) read: between two teams *known*, the first of a team
    in its round, in the *rounds* counted; a warning in *found* for each other."""
    forfeits: list[ForfeitedMatch] = []
    seen: dict[tuple[int, int], int] = {}
    for line_no, f in records.forfeits:
        where = f"record 330 (line {line_no}): round {f.round}, teams {f.white} and {f.black}"
        missing = [n for n in (f.white, f.black) if n not in known]
        again = [seen[(n, f.round)] for n in (f.white, f.black) if (n, f.round) in seen]
        if missing or f.white == f.black:
            what = f"no team {missing[0]}" if missing else "a team against itself"
            found.append(_forfeit_finding(f"{where}: {what}: not read", line_no))
        elif again:
            said = f"{where}: a team's forfeited match of that round is line {again[0]}: not read"
            found.append(_forfeit_finding(said, line_no))
        elif f.round > rounds:
            said = f"{where}: after the rounds counted ({rounds}): not read"
            found.append(_forfeit_finding(said, line_no))
        else:
            forfeits.append(f)
            seen[(f.white, f.round)] = seen[(f.black, f.round)] = line_no
    return forfeits


def _forfeit_finding(said: str, line_no: int) -> Finding:
    """A warning of kind ``forfeit`` on the record ``330`` of line *line_no*."""
    return Finding("forfeit", "warning", said, line=line_no)


def _byes_against_240(t: Tournament, standings: TeamStandings, rounds: int) -> list[Finding]:
    """The teams' byes of record ``240`` that name no team, or that the players' lines score
    otherwise (theirs is counted): warnings of kind ``bye``."""
    found: list[Finding] = []
    index = {team.number: k for k, team in enumerate(standings.teams)}
    for b in t.trf2026.byes:
        for n in b.players:
            where = f"record 240, line {b.line_no}: team {n}, round {b.round}"
            if n not in index:
                found.append(Finding("bye", "warning", f"{where}: no such team", line=b.line_no))
            elif b.round <= rounds:
                m = standings.rounds[index[n]][b.round - 1]
                if m.outcome is not BYE_KINDS[b.kind]:
                    shown = "no result" if m.outcome is None else m.outcome.name.lower()
                    said = (
                        f"{where}: a {b.kind!r} bye, the players' lines give {shown} (theirs "
                        "is counted)"
                    )
                    found.append(Finding("bye", "warning", said, line=b.line_no))
    return found


def _unpaired_teams(t: Tournament, standings: TeamStandings) -> list[Finding]:
    """The teams of a round with no match, no pairing-allocated bye and no zero-point bye
    recorded (scored 0), said in one warning (kind ``unpaired_team``)."""
    zero = {(n, b.round) for b in t.trf2026.byes if b.kind == "Z" for n in b.players}
    unpaired = [
        f"{t_.number} in round {r}"
        for t_, row in zip(standings.teams, standings.rounds)
        for r, m in enumerate(row, start=1)
        if m.opponent is None
        and (m.outcome is None or m.outcome is Outcome.ZERO_BYE)
        and (t_.number, r) not in zero
    ]
    if not unpaired:
        return []
    said = (
        "teams with no match, no pairing-allocated bye (record 320) and no zero-point bye "
        "(record 240) recorded, scored 0: " + ", ".join(unpaired)
    )
    return [Finding("unpaired_team", "warning", said)]


def _scores_against_310(records: TeamRecords, standings: TeamStandings) -> list[Finding]:
    """The teams whose match or game points of record ``310`` differ from those their
    matches add up to: warnings of kind ``team_points``, at the team's line."""
    found: list[Finding] = []
    line = {team.number: n for n, team in records.teams}
    for team, mp, gp in zip(standings.teams, standings.match_points, standings.game_points):
        file_mp, file_gp = records.file_scores.get(team.number, (None, None))
        for what, theirs, ours, columns in (
            ("match", file_mp, mp, "55-60"),
            ("game", file_gp, gp, "62-67"),
        ):
            if theirs is not None and theirs != ours:
                said = (
                    f"team {team.number} ({team.name}): record 310 gives {float(theirs):.1f} "
                    f"{what} points, the matches add up to {float(ours):.1f}"
                )
                at = line.get(team.number)
                found.append(Finding("team_points", "warning", said, line=at, columns=columns))
    return found


def _board_orders(
    records: TeamRecords,
    teams: Sequence[Team],
    number: dict[int, int],
    rounds: int,
    found: list[Finding],
) -> list[tuple[int, BoardOrder]]:
    """Record ``300``'s board orders as the standing applies them (the players by their
    numbers in the crosstable; *number*: starting rank to that number), a warning in *found*
    for what is not read (``docs/teams.md``, *Record 300*)."""
    by_number = {team.number: team for team in teams}
    out: list[tuple[int, BoardOrder]] = []
    seen: dict[tuple[int, int], int] = {}
    for line_no, o in records.board_orders:
        where = f"record 300 (line {line_no}): round {o.round}, team {o.team} against {o.opponent}"
        missing = [n for n in (o.team, o.opponent) if n not in by_number]
        if missing or o.team == o.opponent:
            what = f"no team {missing[0]}" if missing else "a team against itself"
            found.append(_order_finding(f"{where}: {what}: not read", line_no))
            continue
        if o.round > rounds:
            said = f"{where}: after the rounds counted ({rounds}): not read"
            found.append(_order_finding(said, line_no))
            continue
        again = seen.get((o.team, o.round))
        if again is not None:
            said = f"{where}: team {o.team}'s order in that round is line {again}'s: not read"
            found.append(_order_finding(said, line_no))
            continue
        team = by_number[o.team]
        players: list[int] = []
        for start in o.players:
            if start == 0:
                players.append(0)
            elif start in number and number[start] in team.members:
                players.append(number[start])
            else:
                said = (
                    f"{where}: player {start} is not in team {o.team} (record 310): its "
                    "board read as unoccupied"
                )
                found.append(_order_finding(said, line_no))
                players.append(0)
        seen[(o.team, o.round)] = line_no
        out.append((line_no, BoardOrder(o.round, o.team, o.opponent, tuple(players))))
    return out


def _orders_against_matches(
    built: TrfCrosstable,
    teams: Sequence[Team],
    orders: Sequence[tuple[int, BoardOrder]],
    standings: TeamStandings,
) -> list[Finding]:
    """Where a record ``300`` and the players' lines disagree (the teams did not meet, a
    player had no game against the other team), or the two teams' records of one match
    give different boards (:attr:`~xlfuncs.core.teams.TeamStandings.overruled_orders`: the
    later one is applied last)."""
    index = {team.number: k for k, team in enumerate(standings.teams)}
    members = {team.number: set(team.members) for team in teams}
    start_no = {i: p.start_no for i, p in enumerate(built.players, start=1)}
    out: list[Finding] = []
    first = {(o.round, o.team): line_no for line_no, o in orders}
    overruled = {(o.round, o.team) for o in standings.overruled_orders}
    for line_no, o in orders:
        other = first.get((o.round, o.opponent))
        if other is not None and other < line_no and (o.round, o.team) in overruled:
            said = (
                f"record 300 (lines {other} and {line_no}): round {o.round}, teams "
                f"{o.opponent} and {o.team}: the two orders do not give the same boards: "
                f"line {line_no}'s is read"
            )
            out.append(_order_finding(said, line_no))
        where = f"record 300 (line {line_no}): round {o.round}, team {o.team} against {o.opponent}"
        m = standings.rounds[index[o.team]][o.round - 1]
        if m.opponent != o.opponent:
            met = "no team" if m.opponent is None else f"team {m.opponent}"
            said = (
                f"{where}: the players' lines have team {o.team} meeting {met} that round: "
                "not applied"
            )
            out.append(_order_finding(said, line_no))
            continue
        for player in o.players:
            if player and _met(built, player, o.round) not in members[o.opponent]:
                said = (
                    f"{where}: player {start_no[player]} has no game against team "
                    f"{o.opponent} that round: the board read as unoccupied"
                )
                out.append(_order_finding(said, line_no))
    return out


def _met(built: TrfCrosstable, player: int, round_no: int) -> int | None:
    """The opponent (by crosstable number) *player* met in round *round_no*; ``None``: none."""
    p = round_pairing(built.crosstable, player, round_no)
    return None if p is None else p.opponent


def _orders_missing(
    built: TrfCrosstable,
    teams: Sequence[Team],
    orders: Sequence[tuple[int, BoardOrder]],
    standings: TeamStandings,
) -> list[Finding]:
    """The matches whose two teams' lists do not meet board to board and that no record
    ``300`` orders: one warning (kind ``board_order``) naming them."""
    ordered = {(o.round, o.team) for _, o in orders} | {(o.round, o.opponent) for _, o in orders}
    position = {m: (team.number, k) for team in teams for k, m in enumerate(team.members)}
    start_no = {i: p.start_no for i, p in enumerate(built.players, start=1)}
    odd: list[str] = []
    for team, row in zip(standings.teams, standings.rounds):
        for r, m in enumerate(row, start=1):
            if m.opponent is None or team.number > m.opponent or (r, team.number) in ordered:
                continue
            mine = []
            for player in team.members:
                met = _met(built, player, r)
                if met is not None and position.get(met, (0, 0))[0] == m.opponent:
                    mine.append((player, met))
            theirs = sorted(mine, key=lambda pair: position[pair[1]][1])
            if mine != theirs:
                first = next(a for a, b in zip(mine, theirs) if a != b)
                odd.append(
                    f"round {r}, teams {team.number}-{m.opponent} (player {start_no[first[0]]} "
                    f"met {start_no[first[1]]})"
                )
    if not odd:
        return []
    matches, shown = _matches_said(odd)
    said = (
        f"{matches} whose two teams' lists (record 310) "
        f"do not meet board to board, with no record 300 giving the board order ({shown}): "
        "each team's boards counted in its own list's order (TRF-2026 requires record 300 "
        "when a team plays in another board order)"
    )
    return [Finding("board_order", "warning", said)]


def _forfeits_against_lines(
    built: TrfCrosstable,
    teams: Sequence[Team],
    rounds: int,
    records: TeamRecords,
    forfeits: Sequence[ForfeitedMatch],
    standings: TeamStandings,
) -> list[Finding]:
    """Where a forfeited match of record ``330`` and the players' lines disagree (games
    played over the board, other points): the record is counted."""
    plain = team_rounds(
        built.file_ratings,
        teams,
        rounds,
        byes=[b for _, b in records.byes],
        match_scoring=records.match_scoring,
    )
    index = {team.number: k for k, team in enumerate(teams)}
    out: list[Finding] = []
    for line_no, f in records.forfeits:
        if f not in forfeits:
            continue
        where = f"record 330 (line {line_no}): round {f.round}, teams {f.white} and {f.black}"
        for n in (f.white, f.black):
            was = plain[index[n]][f.round - 1]
            now = standings.rounds[index[n]][f.round - 1]
            if any(g.played for g in was.board_games):
                said = (
                    f"{where}: a forfeited match, but the players' lines have games played "
                    "over the board: the match is counted as forfeited"
                )
                out.append(_forfeit_finding(said, line_no))
                break
            record = "a forfeit win" if now.outcome is Outcome.FORFEIT_WIN else "a forfeit loss"
            if (
                was.opponent is None
                and was.outcome is not None
                and was.game_points != now.game_points
            ):
                lines_say = f"{float(was.game_points):.1f} game points in that round"
            elif was.opponent is not None and was.outcome is not now.outcome:
                lines_say = "the other result of the match"
            else:
                continue
            said = (
                f"{where}: the players' lines give team {n} {lines_say}, the record {record} "
                f"with {float(now.game_points):.1f} game points: the record is counted"
            )
            out.append(_forfeit_finding(said, line_no))
    return out
