"""A team event's standing (FIDE's Tie-Break Regulations, C.07, for team competitions): each
team's matches built from its players' board games (:func:`team_rounds`), match points
(:class:`MatchScoring`, record ``362``) and game points, points assigned (record ``299``:
:class:`TeamAssignment`), and the team tie-breaks (:func:`team_standings`).

C.07's tie-breaks are computed by :func:`xlfuncs.core.tiebreaks.tiebreaks` on a crosstable
of the teams, on match points, or with ``:GP`` (``BH:GP``) on game points
(:func:`team_descriptor`); those only teams have are :mod:`~xlfuncs.core.team_tiebreaks`'s.
How the standing is made and checked against FIDE's engine ``gacrux``:
``docs/tiebreaks.md`` (*Team events*) and ``docs/teams.md``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, Literal

from .errors import InvalidInputError
from .results import Outcome
from .scoring import ScoringSystem
from .team_matches import BoardGame, BoardOrder, ForfeitedMatch, MatchRound
from .team_tiebreaks import (
    BOARD_CODES,
    ENCOUNTER_CODES,
    MIXED_SB,
    board_games,
    board_places,
    board_totals,
    extended_direct_encounter,
    mixed_sonneborn_berger,
    score_strength,
    sssc_modifiers,
    sssc_note,
)
from .team_tiebreaks import board_count as board_count_of
from .tiebreak_editions import TiebreakRulesSpec
from .tiebreaks import (
    TiebreakError,
    TiebreakTable,
    Value,
    parse_descriptor,
    ranked_columns,
    tiebreaks,
)
from .tournament import Crosstable, Entrant, Pairing
from .validate import digits_number

__all__ = [
    "DEFAULT_TEAM_TIEBREAKS",
    "TEAM_COLOUR_DEFAULT",
    "TEAM_COLOUR_READINGS",
    "BoardGame",
    "BoardOrder",
    "ForfeitedMatch",
    "MatchRound",
    "MatchScoring",
    "Team",
    "TeamAssignment",
    "TeamBye",
    "TeamColour",
    "TeamStandings",
    "assigned_rounds",
    "places_note",
    "reading_notes",
    "round_pairing",
    "score_note",
    "team_descriptor",
    "team_rounds",
    "team_standings",
]

DEFAULT_TEAM_TIEBREAKS: Final[tuple[str, ...]] = ("GP", "BH:MP", "BH:GP", "SB:MP")
"""The team tie-breaks of an event that names none, each score named (C.07 leaves the list
to the event's regulations)."""

TeamColour = Literal["board-1", "sequence"]
"""Which team of a match has white, for ``BPG`` and ``BWG`` on match points (C.07 does not
say): ``"board-1"``, the team whose player on board 1 had white (C.04.6 1.6.1), or
``"sequence"``, the team playing record ``352``'s colour sequence, as FIDE's engine reads
it (``docs/report.md``, ``--team-colour``)."""

TEAM_COLOUR_DEFAULT: TeamColour = "board-1"
"""The reading of :data:`TeamColour` where none is given (``--team-colour``'s default)."""

TEAM_COLOUR_READINGS: tuple[TeamColour, ...] = (TEAM_COLOUR_DEFAULT, "sequence")
"""The readings of :data:`TeamColour`, the default first."""

OTHER_SCORE: Final = "MPvGP"
"""C.07 13.1's "Match Points or Game Points": the score that is not the primary one."""

SCORES: Final[tuple[str, ...]] = ("MP", "GP")
"""The two scores of a team event, as a tie-break list names them (also ``MPTS``, ``GPTS``)."""


@dataclass(frozen=True)
class Team:
    """One team: its pairing number, name and players (their numbers in the crosstable,
    from 1, in board order)."""

    number: int
    name: str
    members: tuple[int, ...]


@dataclass(frozen=True)
class TeamBye:
    """A team's pairing-allocated bye in one round and what it scores."""

    team: int
    round: int
    match_points: Fraction
    game_points: Fraction


@dataclass(frozen=True)
class TeamAssignment:
    """Points assigned to teams (TRF-2026 record ``299``): with a :attr:`kind`, the points
    of each round of that kind instead of its own; without, a bonus (a penalty) in the
    standing only. A field left ``None`` changes nothing."""

    kind: Outcome | None
    """``WIN``, ``DRAW``, ``LOSS`` (a match played), ``FORFEIT_WIN``, ``FORFEIT_LOSS``,
    ``FULL_BYE``, ``HALF_BYE``, ``ZERO_BYE``; ``None``: a bonus or penalty."""
    match_points: Fraction | None
    game_points: Fraction | None
    round: int | None = None
    """The round (from 1); ``None``: every round."""
    teams: tuple[int, ...] = ()
    """The teams' pairing numbers; none: every team."""

    def concerns(self, team: int, round_no: int | None = None) -> bool:
        """Whether the assignment names *team* (and *round_no*, when given)."""
        return (not self.teams or team in self.teams) and (
            round_no is None or self.round in (None, round_no)
        )


@dataclass(frozen=True)
class MatchScoring:
    """The match points of a match won, drawn and lost (TRF-2026 record ``362``:
    ``TW``, ``TD``, ``TL``); a forfeited match scores as won or lost."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)

    def system(self) -> ScoringSystem:
        """As the scoring system the tie-breaks read (a round not played scores 0; a bye's
        match points are given round by round)."""
        return ScoringSystem(self.win, self.draw, self.loss, Fraction(0))

    @property
    def text(self) -> str:
        """``2-1-0``."""
        return "-".join(
            str(v) if v.denominator == 1 else f"{float(v):g}"
            for v in (self.win, self.draw, self.loss)
        )


def _match_outcome(mine: Fraction, theirs: Fraction, played: bool) -> Outcome:
    if played:
        return Outcome.WIN if mine > theirs else Outcome.LOSS if mine < theirs else Outcome.DRAW
    return Outcome.FORFEIT_WIN if mine > theirs else Outcome.FORFEIT_LOSS


def team_rounds(
    crosstable: Crosstable,
    teams: Sequence[Team],
    rounds: int,
    *,
    byes: Sequence[TeamBye] = (),
    match_scoring: MatchScoring = MatchScoring(),
    forfeits: Sequence[ForfeitedMatch] = (),
    boards: int | None = None,
    board_orders: Sequence[BoardOrder] = (),
    overruled: list[BoardOrder] | None = None,
) -> tuple[tuple[MatchRound, ...], ...]:
    """Each team's rounds 1..*rounds* (teams in the order given), built from the players'
    games in *crosstable*; *byes*: the pairing-allocated byes (record ``320``), else a
    round without a match is its players' bye (:func:`_members_bye`); *forfeits* (record
    ``330``): :func:`_forfeited`, on *boards* boards (``None``: the event's most);
    *board_orders* (record ``300``): :func:`apply_board_orders`, the orders it finds
    overruling an earlier one added to *overruled*. Raises
    :class:`~xlfuncs.core.errors.InvalidInputError` for a player in two teams or not in the
    crosstable, a round in which one team meets two, or a bad forfeited match."""
    team_of: dict[int, int] = {}
    for k, t in enumerate(teams):
        for m in t.members:
            if not 1 <= m <= len(crosstable.entrants):
                raise InvalidInputError(f"team {t.number} ({t.name}): no player {m}")
            if m in team_of:
                other = teams[team_of[m]]
                raise InvalidInputError(
                    f"player {m} is in two teams: {other.number} and {t.number}"
                )
            team_of[m] = k
    given = {(b.team, b.round): b for b in byes}
    scoring = crosstable.scoring
    out: list[list[MatchRound]] = []
    seated: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for k, t in enumerate(teams):
        row: list[MatchRound] = []
        for r in range(1, rounds + 1):
            opponent: int | None = None
            theirs = Fraction(0)
            games: list[BoardGame] = []
            for m in t.members:
                p = round_pairing(crosstable, m, r)
                if p is None or p.outcome is None or p.opponent is None:
                    continue
                o = team_of.get(p.opponent, k)
                if o == k:
                    continue  # a team mate, or an opponent in no team: not a match's board
                if opponent is None:
                    opponent = o
                elif opponent != o:
                    raise InvalidInputError(
                        f"round {r}: team {t.number} ({t.name}) meets two teams "
                        f"({teams[opponent].number} and {teams[o].number})"
                    )
                q = round_pairing(crosstable, p.opponent, r)
                if q is not None and q.outcome is not None:
                    theirs += scoring.points(q.outcome)
                otb = p.outcome.rated or p.outcome in _OVER_THE_BOARD
                games.append(BoardGame(scoring.points(p.outcome), otb, p.colour == "b"))
                seated.setdefault((t.number, r), []).append((m, p.opponent))
            if opponent is not None:
                mine = sum((g.points for g in games), Fraction(0))
                outcome = _match_outcome(mine, theirs, any(g.played for g in games))
                mp = {
                    Outcome.WIN: match_scoring.win,
                    Outcome.DRAW: match_scoring.draw,
                    Outcome.FORFEIT_WIN: match_scoring.win,
                }.get(outcome, match_scoring.loss)
                row.append(
                    MatchRound(
                        teams[opponent].number, outcome, mine, theirs, mp, len(games), tuple(games)
                    )
                )
            elif (t.number, r) in given:
                b = given[(t.number, r)]
                row.append(
                    MatchRound(None, Outcome.PAIRING_BYE, b.game_points, None, b.match_points)
                )
            else:
                row.append(_members_bye(crosstable, t, r, match_scoring))
        out.append(row)
    if board_orders:
        found = apply_board_orders(out, teams, board_orders, seated)
        if overruled is not None:
            overruled.extend(found)
    if forfeits:
        _forfeited(out, teams, rounds, forfeits, match_scoring, scoring, boards)
    return tuple(tuple(row) for row in out)


def apply_board_orders(
    rows: list[list[MatchRound]],
    teams: Sequence[Team],
    orders: Sequence[BoardOrder],
    seated: dict[tuple[int, int], list[tuple[int, int]]],
) -> list[BoardOrder]:
    """*rows* with each match that *orders* (record ``300``) names in its board order: the
    team's players on the boards given (0: unoccupied), its other players of the match on
    the boards left; the opposing team's board *k* the player who met the team's board *k*
    (``docs/teams.md``, *Record 300*). *seated*: by ``(team, round)``, the
    ``(player, opponent)`` of each of the match's games. An order naming a match not played
    or a player without a game in it changes nothing (the file reader warns). Returned: the
    orders that seat a match other than the other team's earlier order did (both teams gave
    one and they disagree, board by board once the boards left are filled); each is applied
    last, so read."""
    index = {t.number: k for k, t in enumerate(teams)}
    ordered: set[tuple[int, int]] = set()  # (team, round): a match an order has seated
    overruled: list[BoardOrder] = []
    empty = BoardGame(Fraction(0), False, False)

    def reseat(team: int, r: int, slots: list[int | None]) -> None:
        """Team *team*'s match of round *r* with its games on the boards *slots* give."""
        k = index[team]
        m, seats = rows[k][r - 1], seated.get((team, r), [])
        games = tuple(empty if j is None else m.board_games[j] for j in slots)
        rows[k][r - 1] = replace(m, board_games=games)
        seated[(team, r)] = [(0, 0) if j is None else seats[j] for j in slots]

    for order in orders:
        k = index.get(order.team)
        r = order.round
        if k is None or not 1 <= r <= len(rows[k]):
            continue
        m = rows[k][r - 1]
        if m.opponent != order.opponent or order.opponent not in index:
            continue
        mine = seated.get((order.team, r), [])
        if len(mine) != len(m.board_games):
            continue
        where = {player: j for j, (player, _) in enumerate(mine)}
        slots = _boards_filled([where.get(p) for p in order.players], len(mine))
        before = seated.get((order.team, r)), seated.get((order.opponent, r))
        reseat(order.team, r, slots)
        theirs = seated.get((order.opponent, r), [])
        if len(theirs) == len(rows[index[order.opponent]][r - 1].board_games):
            facing = {opp: j for j, (_, opp) in enumerate(theirs)}
            their_slots = [None if j is None else facing.get(mine[j][0]) for j in slots]
            reseat(order.opponent, r, _boards_filled(their_slots, len(theirs)))
        after = seated.get((order.team, r)), seated.get((order.opponent, r))
        if (order.opponent, r) in ordered and after != before:
            overruled.append(order)
        ordered.update(((order.team, r), (order.opponent, r)))
    return overruled


def _boards_filled(boards: list[int | None], count: int) -> list[int | None]:
    """*boards* (a game's index, from 0, on each board; ``None``: unoccupied) with each of
    the *count* games not on one put on the first unoccupied board, or after the last, in
    their order; unoccupied boards at the end dropped."""
    out = list(boards)
    for j in range(count):
        if j not in out:
            free = next((s for s, v in enumerate(out) if v is None), None)
            if free is None:
                out.append(j)
            else:
                out[free] = j
    while out and out[-1] is None:
        out.pop()
    return out


def _forfeited(
    rows: list[list[MatchRound]],
    teams: Sequence[Team],
    rounds: int,
    forfeits: Sequence[ForfeitedMatch],
    match_scoring: MatchScoring,
    scoring: ScoringSystem,
    board_count: int | None = None,
) -> None:
    """*rows* with the forfeited matches of *forfeits* (rounds after *rounds* left out): a
    forfeit win or loss (a double forfeit: a loss for both), with the game points of the
    players' boards against that team, or without any a win on every board (*board_count*;
    ``None``: the event's most) for the winner, as FIDE's engine scores it."""
    index = {t.number: k for k, t in enumerate(teams)}
    boards = board_count or max((m.boards for row in rows for m in row), default=0) or 1
    for f in forfeits:
        if f.round < 1:
            raise InvalidInputError(f"forfeited match in round {f.round}: rounds are from 1")
        if f.round > rounds:
            continue
        missing = [n for n in (f.white, f.black) if n not in index]
        if missing or f.white == f.black:
            raise InvalidInputError(
                f"forfeited match in round {f.round}, teams {f.white} and {f.black}: "
                + (f"no team {missing[0]}" if missing else "a team against itself")
            )
        for me, them in ((f.white, f.black), (f.black, f.white)):
            k = index[me]
            was = rows[k][f.round - 1]
            if was.opponent not in (None, them):
                raise InvalidInputError(
                    f"round {f.round}: the forfeited match of teams {f.white} and {f.black}, "
                    f"but team {me}'s players met team {was.opponent}"
                )
            outcome = f.outcome(me)
            won = outcome is Outcome.FORFEIT_WIN
            if was.opponent == them:
                gp, theirs = was.game_points, was.opponent_game_points
            else:
                gp = scoring.win * boards if won else Fraction(0)
                lost = f.outcome(them) is Outcome.FORFEIT_LOSS
                theirs = scoring.win * boards if not lost else Fraction(0)
            mp = match_scoring.win if won else match_scoring.loss
            rows[k][f.round - 1] = MatchRound(
                them, outcome, gp, theirs, mp, was.boards, was.board_games
            )


def round_pairing(crosstable: Crosstable, number: int, round_no: int) -> Pairing | None:
    """The pairing of round *round_no* of the player numbered *number* (from 1) in
    *crosstable*; ``None`` after their last round."""
    pairings = crosstable.entrants[number - 1].pairings
    return pairings[round_no - 1] if round_no <= len(pairings) else None


def _members_bye(
    crosstable: Crosstable, team: Team, r: int, match_scoring: MatchScoring
) -> MatchRound:
    """Round *r* of a team with no match and no bye given: the bye its players' lines give
    when all agree (``H`` on each board: a half-point bye, drawn; a pairing-allocated bye:
    drawn, as FIDE's engine scores it), the players' points as game points; else (``0000 -
    -`` on every board, as Swiss-Manager writes it) not paired."""
    pairings = [round_pairing(crosstable, m, r) for m in team.members]
    alone = [p.outcome for p in pairings if p is not None and p.opponent is None]
    found = [o for o in alone if o is not None]
    kinds = set(found)
    if len(kinds) != 1 or Outcome.FORFEIT_LOSS in kinds:  # "0000 - -": not paired
        return MatchRound(None, None, Fraction(0))
    kind = found[0]
    mp = {
        Outcome.FULL_BYE: match_scoring.win,
        Outcome.FORFEIT_WIN: match_scoring.win,
        Outcome.HALF_BYE: match_scoring.draw,
        Outcome.PAIRING_BYE: match_scoring.draw,
    }.get(kind, Fraction(0))
    return MatchRound(None, kind, crosstable.scoring.points(kind) * len(found), None, mp)


def assigned_rounds(
    rows: Sequence[Sequence[MatchRound]],
    teams: Sequence[Team],
    assignments: Sequence[TeamAssignment],
) -> tuple[tuple[MatchRound, ...], ...]:
    """*rows* (teams in the order of *teams*) with the points of the typed *assignments* in
    the rounds they concern, a later one over an earlier; the results unchanged.

    >>> t = [Team(1, "A", (1,)), Team(2, "B", (2,))]
    >>> rows = [[MatchRound(2, Outcome.FORFEIT_WIN, Fraction(1), Fraction(0), Fraction(2))],
    ...         [MatchRound(1, Outcome.FORFEIT_LOSS, Fraction(0), Fraction(1), Fraction(0))]]
    >>> lost = TeamAssignment(Outcome.FORFEIT_LOSS, Fraction(1), None)
    >>> [(m.match_points, m.game_points) for [m] in assigned_rounds(rows, t, [lost])]
    [(Fraction(2, 1), Fraction(1, 1)), (Fraction(1, 1), Fraction(0, 1))]
    """
    out: list[tuple[MatchRound, ...]] = []
    typed = [a for a in assignments if a.kind is not None]
    for team, row in zip(teams, rows):
        new = list(row)
        for r, m in enumerate(row, start=1):
            for a in typed:
                if m.outcome is a.kind and a.concerns(team.number, r):
                    m = replace(
                        m,
                        match_points=m.match_points if a.match_points is None else a.match_points,
                        game_points=m.game_points if a.game_points is None else a.game_points,
                    )
            new[r - 1] = m
        out.append(tuple(new))
    return tuple(out)


_OVER_THE_BOARD: Final = frozenset({Outcome.SHORT_WIN, Outcome.SHORT_DRAW, Outcome.SHORT_LOSS})
"""Games of less than one move: played over the board, not rated."""


@dataclass(frozen=True)
class TeamStandings:
    """A team event's standing: teams in the order given (index ``i`` is ``teams[i]``)."""

    teams: tuple[Team, ...]
    rounds: tuple[tuple[MatchRound, ...], ...]
    primary: str
    """``"MP"`` or ``"GP"``: the score the standing ranks on first."""
    descriptors: tuple[str, ...]
    """The tie-breaks after the primary score, as given (``GP``, ``BH``, ``BH:GP`` ...)."""
    match_points: tuple[Fraction, ...]
    game_points: tuple[Fraction, ...]
    values: tuple[tuple[Value, ...], ...]
    """``values[i][k]``: team ``i``'s value of ``descriptors[k]``."""
    ranks: tuple[int, ...]
    match_scoring: MatchScoring
    notes: tuple[str, ...] = ()
    boards: int = 1
    """The boards of a match the standing counts (record ``352``'s, else the most boards of
    any match)."""
    boards_given: bool = False
    """Whether :attr:`boards` was given (record ``352``), not found from the matches."""
    overruled_orders: tuple[BoardOrder, ...] = ()
    """The board orders (record ``300``) that seat a match other than the other team's
    earlier order did, each read (:func:`apply_board_orders`)."""

    def order(self) -> list[int]:
        """The teams' indexes in standing order (rank, then pairing number)."""
        return sorted(range(len(self.teams)), key=lambda i: (self.ranks[i], self.teams[i].number))


def _split(text: str, primary: str = "MP") -> tuple[str, str]:
    """A team descriptor as (core descriptor, score): ``BH:GP`` and ``BH:GP/C1`` -> (``BH``,
    ``GP``) and (``BH/C1``, ``GP``); with no score named, the *primary* score (C.07 13)."""
    body, _, score = text.strip().partition(":")
    score, slash, modifiers = score.partition("/")  # BH:GP/C1, as FIDE's engine writes it
    body = body.strip() + slash + modifiers.strip()
    score = score.strip().upper() or primary
    if score not in SCORES:
        raise TiebreakError(f"team tie-break {text!r}: the score after ':' is MP or GP")
    return body.strip(), score


_EXTENDED_SB: Final = {"EMMSB": "MP", "EGGSB": "GP"}
"""C.07's extended Sonneborn-Bergers whose two scores are one: ``SB`` and ``SB:GP``."""

ASCENDING: Final = frozenset(("BC", "TBR", "BBE", *ENCOUNTER_CODES))
"""The team-only tie-breaks where lower is better: the board count, and the places."""

_WHOLE: Final = ASCENDING | {"SSSC"}
"""The team-only tie-breaks that take no modifier but ``SSSC``'s and the extended direct
encounters' ``/P``."""

_BOARD_COUNTS: Final = frozenset(("WIN", "WON", "BPG", "BWG"))
"""The counts that, on game points (``WIN:GP`` ...), count the boards."""


def team_descriptor(text: str, primary: str = "MP") -> str:
    """A team tie-break as the standing names it: ``MP``, ``GP``, a core descriptor (match
    points) or one followed by ``:GP``, or a team-only one (``EMGSB``, ``EGMSB``,
    ``SSSC``, ``BC``, ``TBR``, ``BBE``, ``EDE`` ...: :mod:`~xlfuncs.core.team_tiebreaks`).
    A descriptor naming no score reads the *primary* one (C.07 13); in an event ranked on
    game points first, ``SB`` is ``SB:GP`` and match points are named, ``SB:MP``. Raises
    :class:`~xlfuncs.core.tiebreaks.TiebreakError` for one not known.

    >>> team_descriptor("GPTS"), team_descriptor("bh/c1"), team_descriptor("BH:GP")
    ('GP', 'BH/C1', 'BH:GP')
    >>> team_descriptor("EMMSB/C1"), team_descriptor("EGGSB")
    ('SB/C1', 'SB:GP')
    >>> team_descriptor("ESB/C1"), team_descriptor("ESB:GP"), team_descriptor("edet")
    ('EMGSB/C1', 'EGMSB', 'EDET')
    >>> team_descriptor("sssc/k3"), team_descriptor("SSSC/K3", "GP"), team_descriptor("BH:GP/C1")
    ('SSSC/K3', 'SSSC/K3:GP', 'BH/C1:GP')
    >>> team_descriptor("SB", "GP"), team_descriptor("SB:MP", "GP"), team_descriptor("EMMSB", "GP")
    ('SB:GP', 'SB:MP', 'SB:MP')
    """
    if primary not in SCORES:
        raise TiebreakError(f"team standing: the primary score is MP or GP, not {primary!r}")
    body, score = _split(text, primary)
    named = ":" in text  # a score written after the code
    upper = body.upper()
    code, slash, modifiers = upper.partition("/")
    if code == OTHER_SCORE.upper():
        if slash or ":" in text:
            raise TiebreakError(
                f"team tie-break {text!r}: MPvGP (C.07 13.1) is the score that is not the "
                "primary one: it takes no modifier and names no score"
            )
        return OTHER_SCORE
    if code == "ESB":  # the opponents' score and the team's result: MP x GP, :GP GP x MP
        code = "EMGSB" if score == "MP" else "EGMSB"
        named = False
    if code in MIXED_SB or code in _EXTENDED_SB:
        if named:
            raise TiebreakError(f"team tie-break {text!r}: {code} names both its scores")
        if code in _EXTENDED_SB:  # EMMSB: SB on match points, EGGSB on game points
            return team_descriptor(f"SB{slash}{modifiers}:{_EXTENDED_SB[code]}", primary)
        return code + parse_descriptor(f"SB{slash}{modifiers}").text[2:]
    if code == "SSSC" and slash:  # MTB26: /F, /P, /Kx (C.07 13.4, 13.4.2 b)
        code = _sssc_descriptor(text, modifiers)
        return code if score == primary == "MP" else f"{code}:{score}"
    if code in ENCOUNTER_CODES and code != "DE" and modifiers == "P":  # C.07 6.1.1 via 13.3
        return f"{code}/P" if score == primary == "MP" else f"{code}/P:{score}"
    if code in _WHOLE:
        if slash:
            raise TiebreakError(f"team tie-break {text!r}: {code} takes no modifier")
        if code in ("BC", "TBR", "BBE") or score == primary == "MP":  # BC...: game points
            return code
        return f"{code}:{score}"
    if upper in ("MP", "MPTS", "GP", "GPTS", "PTS"):  # a score itself; PTS: the one named
        return score if upper == "PTS" else upper[:2]
    d = parse_descriptor(body)
    if d.modifiers and d.code == "DE":
        raise TiebreakError(f"team tie-break {text!r}: DE takes no modifier between teams")
    return d.text if score == primary == "MP" else f"{d.text}:{score}"


def _sssc_descriptor(text: str, modifiers: str) -> str:
    """``SSSC`` with its *modifiers* checked (:func:`~xlfuncs.core.team_tiebreaks.sssc_modifiers`)
    and written alike (``K02``: ``K2``)."""
    try:
        sssc_modifiers(modifiers)
    except ValueError as exc:
        raise TiebreakError(
            f"team tie-break {text!r}: SSSC takes /F (Fore Buchholz), /P (forfeits "
            f"played) and /Kn, the normalising factor the rules of the competition state "
            f"(a whole number, 1 or more: SSSC/K2), not /{exc}"
        ) from None
    mods = "/".join(f"K{digits_number(m[1:])}" if m[:1] == "K" else m for m in modifiers.split("/"))
    return f"SSSC/{mods}"


def team_standings(
    crosstable: Crosstable,
    teams: Sequence[Team],
    rounds: int,
    *,
    descriptors: Sequence[str] = DEFAULT_TEAM_TIEBREAKS,
    primary: str = "MP",
    byes: Sequence[TeamBye] = (),
    match_scoring: MatchScoring = MatchScoring(),
    round_robin: bool = False,
    start: _dt.date | None = None,
    edition: TiebreakRulesSpec = None,
    forfeits: Sequence[ForfeitedMatch] = (),
    boards: int | None = None,
    assignments: Sequence[TeamAssignment] = (),
    final_round: int | None = None,
    colour_sequence: str | None = None,
    team_colour: TeamColour = TEAM_COLOUR_DEFAULT,
    board_orders: Sequence[BoardOrder] = (),
) -> TeamStandings:
    """The standing of *teams* after *rounds* rounds: match and game points, the tie-breaks
    *descriptors* (:func:`team_descriptor`; a descriptor naming no score reads *primary*)
    and the ranks, under the C.07 *edition* (``None``: the one in force on *start*).
    *byes*, *forfeits*, *boards*, *board_orders*: as :func:`team_rounds` (records ``320``,
    ``330``, ``352``, ``300``). *assignments* (record ``299``): a typed one sets the points
    of the rounds it concerns (:func:`assigned_rounds`), a bonus or penalty is added to the
    team's score in the standing only. *final_round*: the event's rounds in all (``None``:
    *rounds*), whose last Fore Buchholz counts as drawn (C.07 8.3) and which ``SSSC``'s factor
    reads. *colour_sequence* (record ``352``'s) and *team_colour* (:data:`TeamColour`): which
    team of a match has white for ``BPG`` and ``BWG``. The notes name the readings where FIDE's
    engine reads otherwise (:func:`reading_notes`). Raises
    :class:`~xlfuncs.core.tiebreaks.TiebreakError` for an unknown descriptor."""
    if primary not in SCORES:
        raise TiebreakError(f"team standing: the primary score is MP or GP, not {primary!r}")
    ds = tuple(team_descriptor(d, primary) for d in descriptors)
    overruled: list[BoardOrder] = []
    rows = team_rounds(
        crosstable,
        teams,
        rounds,
        byes=byes,
        match_scoring=match_scoring,
        forfeits=forfeits,
        boards=boards,
        board_orders=board_orders,
        overruled=overruled,
    )
    if assignments:
        rows = assigned_rounds(rows, teams, assignments)
    source = _Columns(
        teams,
        rows,
        ds,
        primary=primary,
        bonus=[a for a in assignments if a.kind is None],
        boards=boards or max((m.boards for row in rows for m in row), default=0) or 1,
        game=crosstable.scoring,
        match_scoring=match_scoring,
        flip=team_colour == "sequence" and (colour_sequence or "").upper().startswith("B"),
        round_robin=round_robin,
        rounds=rounds,
        event_rounds=rounds if final_round is None else max(final_round, rounds),
        edition=edition,
        start=start,
    )
    columns, ranks = ranked_columns(
        list(source.mp if primary == "MP" else source.gp),
        len(ds),
        lambda k, before: source.column(ds[k], before),
        lambda k: _ascending(ds[k]),
    )
    notes = source.notes
    notes += [n for n in reading_notes(ds, colour_sequence, team_colour) if n not in notes]
    return TeamStandings(
        teams=tuple(teams),
        rounds=rows,
        primary=primary,
        descriptors=ds,
        match_points=source.mp,
        game_points=source.gp,
        values=tuple(tuple(col[i] for col in columns[1:]) for i in range(len(teams))),
        ranks=tuple(ranks),
        match_scoring=match_scoring,
        notes=tuple(notes),
        boards=source.boards,
        boards_given=boards is not None,
        overruled_orders=tuple(overruled),
    )


def _team_entrants(
    teams: Sequence[Team], rows: Sequence[Sequence[MatchRound]], flip: bool
) -> list[Entrant]:
    """The teams as the entrants of a crosstable, a match as a pairing (:func:`_match_colour`)."""
    number = {t.number: i + 1 for i, t in enumerate(teams)}
    return [
        Entrant(
            None,
            tuple(
                Pairing(
                    None if m.opponent is None else number[m.opponent],
                    m.outcome,
                    _match_colour(m, flip),
                )
                for m in row
            ),
        )
        for row in rows
    ]


def _engine_bodies(ds: Sequence[str]) -> dict[str, list[str]]:
    """The core descriptors each score's engine computes for the team descriptors *ds* (the
    mixed Sonneborn-Bergers and the encounters: both scores'; ``SSSC``: its Buchholz)."""
    wanted: dict[str, list[str]] = {"MP": [], "GP": []}
    for d in ds:
        if d in SCORES or d == OTHER_SCORE:
            continue
        body, score = _split(d)
        code = body.partition("/")[0]
        if code in MIXED_SB or code in ENCOUNTER_CODES:
            needed = [("MP", "BH"), ("GP", "BH")]  # both scores' engines
        elif code == "SSSC":
            needed = [(score, sssc_modifiers(body[len(code) + 1 :])[0])]
        elif code in _WHOLE or (score == "GP" and code in _BOARD_COUNTS):
            needed = []
        else:
            needed = [(score, body)]
        for sc, b in needed:
            if b not in wanted[sc]:
                wanted[sc].append(b)
    return wanted


def _round_points(
    rows: Sequence[Sequence[MatchRound]], match_system: ScoringSystem
) -> tuple[dict[tuple[int, int], Fraction], dict[tuple[int, int], Fraction]]:
    """The points of each (team, round) the engine reads in place of what the result scores:
    the match points of a bye or assigned; every round's game points."""
    mp_points: dict[tuple[int, int], Fraction] = {}
    gp_points: dict[tuple[int, int], Fraction] = {}
    for i, row in enumerate(rows, start=1):
        for r, m in enumerate(row, start=1):
            if m.outcome is None:
                continue
            gp_points[(i, r)] = m.game_points
            # a bye: its own match points; a match: those assigned, where not its result's
            if m.opponent is None or m.match_points != match_system.points(m.outcome):
                mp_points[(i, r)] = m.match_points
    return mp_points, gp_points


class _Columns:
    """What a team standing's columns are read from: the teams' scores, the core tie-breaks
    on a crosstable of the teams, one table per score (:func:`_engine_bodies`,
    :func:`_round_points`), the matches and their boards, and the notes on the readings."""

    def __init__(
        self,
        teams: Sequence[Team],
        rows: Sequence[Sequence[MatchRound]],
        ds: Sequence[str],
        *,
        primary: str,
        bonus: Sequence[TeamAssignment],
        boards: int,
        game: ScoringSystem,
        match_scoring: MatchScoring,
        flip: bool,
        round_robin: bool,
        rounds: int,
        event_rounds: int,
        edition: TiebreakRulesSpec,
        start: _dt.date | None,
    ) -> None:
        self.primary, self.rows, self.boards, self.game = primary, rows, boards, game
        self.event_rounds, self.round_robin = event_rounds, round_robin
        self.system = match_scoring.system()
        mine = [[a for a in bonus if a.concerns(t.number)] for t in teams]  # bonus, penalty
        no = Fraction(0)
        self.mp = tuple(
            sum((m.match_points for m in row), no) + sum((a.match_points or no for a in x), no)
            for x, row in zip(mine, rows)
        )
        self.gp = tuple(
            sum((m.game_points for m in row), no) + sum((a.game_points or no for a in x), no)
            for x, row in zip(mine, rows)
        )
        self.totals = board_totals(rows, boards, game)
        self.team_numbers = [t.number for t in teams]
        self.tables: dict[str, TiebreakTable] = {}
        self.notes: list[str] = []
        team_ct = Crosstable.build(_team_entrants(teams, rows, flip), round_robin=round_robin)
        gp_scoring = ScoringSystem(game.win * boards, game.draw * boards, game.loss * boards)
        mp_points, gp_points = _round_points(rows, self.system)
        for score, bodies in _engine_bodies(ds).items():
            if not bodies:
                continue
            table = tiebreaks(
                team_ct,
                bodies,
                edition=edition,
                start=start,
                round_robin=round_robin,
                rounds=rounds,
                scoring=self.system if score == "MP" else gp_scoring,
                round_points=mp_points if score == "MP" else gp_points,
                final_round=event_rounds,
            )
            self.tables[score] = table
            self.notes += [n for n in table.notes if n not in self.notes]

    def column(self, d: str, before: Callable[[], list[int]]) -> list[Value]:
        """The values of the team descriptor *d*; the places (``EDE``, ``TBR`` ...) among the
        teams tied on the keys before it (*before*: their ranks by those keys)."""
        body, score = _split(d)
        code = body.partition("/")[0]
        other = self.gp if self.primary == "MP" else self.mp
        scores = {"MP": self.mp, "GP": self.gp, OTHER_SCORE: other}
        if d in scores:
            return list(scores[d])
        if code in MIXED_SB:
            opp, mine = MIXED_SB[code]
            sb = parse_descriptor("SB" + body[len(code) :])
            return mixed_sonneborn_berger(self.tables[opp], self.tables[mine], sb)
        if code == "SSSC":
            return self._score_strength(d, body, code, score)
        if code == "BC":
            return board_count_of(self.totals)
        if code in BOARD_CODES:
            return board_places(code, self.totals, before())
        if code in ENCOUNTER_CODES:
            first = self.primary if d in (code, f"{code}/P") else score
            return extended_direct_encounter(
                code,
                self.tables[first],
                self.tables["GP" if first == "MP" else "MP"],
                self.rows,
                self.team_numbers,
                before(),
                self.boards,
                self.round_robin or body.endswith("/P"),
            )
        if score == "GP" and code in _BOARD_COUNTS:
            return _count_boards(code, self.rows, self.boards, self.game)
        return list(self.tables[score].column(body))

    def _score_strength(self, d: str, body: str, code: str, score: str) -> list[Value]:
        """``SSSC`` (C.07 13.4, :func:`~xlfuncs.core.team_tiebreaks.sssc_modifiers`), with a
        note where the factor is not given and the text's is 0."""
        strength, given = sssc_modifiers(body[len(code) + 1 :])
        other = self.gp if score == "MP" else self.mp
        bh = self.tables[score].column(strength)
        on_gp = score == "GP"
        args = (self.event_rounds, self.boards, self.system, self.game, on_gp)
        col = score_strength(other, bh, *args, given)
        note = "" if given else sssc_note(d, *args)
        if note and note not in self.notes:
            self.notes.append(note)
        return col


def score_note(primary: str) -> str:
    """What a standing's legend says of the score a descriptor reads (C.07 13).

    >>> score_note("GP")
    "a descriptor reads the score named after ':' (with none, the primary score: game points)"
    """
    if primary == "MP":
        return "a descriptor reads match points, with ':GP' game points"
    return (
        "a descriptor reads the score named after ':' (with none, the primary score: game points)"
    )


def reading_notes(
    descriptors: Sequence[str],
    colour_sequence: str | None = None,
    team_colour: TeamColour = TEAM_COLOUR_DEFAULT,
) -> list[str]:
    """What a team standing says of the readings its *descriptors* take where FIDE's engine
    reads otherwise: ``STD:GP`` (C.07 7.7), and ``BPG``, ``BWG`` on match points where
    record ``352``'s *colour_sequence* starts with ``B`` (:data:`TeamColour`).

    >>> reading_notes(["STD:GP"])[0][:60]
    'STD:GP: the rounds whose game points exceed (1) or equal (½)'
    """
    out: list[str] = []
    std = [d for d in descriptors if d.partition("/")[0] == "STD:GP"]
    if std:
        out.append(
            f"{', '.join(std)}: the rounds whose game points exceed (1) or equal (½) the "
            "opponent's (C.07 7.7: 'the number of rounds'); FIDE's engine adds up the boards' "
            "standard points"
        )
    colours = [d for d in descriptors if d in ("BPG", "BWG", "BPG:MP", "BWG:MP")]
    if colours and colour_sequence and colour_sequence.upper().startswith("B"):
        if team_colour == "sequence":
            out.append(
                f"{', '.join(colours)}: white is the team playing record 352's colours "
                f"({colour_sequence}), as FIDE's engine reads it (--team-colour sequence; "
                "C.04.6 1.6.1 gives a team its board 1 player's colour)"
            )
        else:
            out.append(
                f"{', '.join(colours)}: a team's colour in a match is its board 1 player's "
                f"(C.04.6 1.6.1); FIDE's engine gives white to the team playing record 352's "
                f"colours ({colour_sequence}): --team-colour sequence"
            )
    return out


def places_note(descriptors: Sequence[str]) -> str:
    """What a standing's legend says of the *descriptors* whose values are places (empty when
    none is), after a semicolon.

    >>> places_note(["GP", "EDET", "TBR"])
    '; EDET, TBR: a place among the teams tied on the keys before (1 best, 0: not separated)'
    """
    found = [d for d in descriptors if _split(d)[0].partition("/")[0] in _PLACES]
    if not found:
        return ""
    return (
        f"; {', '.join(found)}: a place among the teams tied on the keys before (1 best, 0: "
        "not separated)"
    )


_PLACES: Final = frozenset((*BOARD_CODES, *ENCOUNTER_CODES))
"""The team tie-breaks whose values are places among the teams tied so far."""


def _ascending(d: str) -> bool:
    if d in SCORES or d == OTHER_SCORE:
        return False
    body = _split(d)[0]
    code = body.partition("/")[0]
    if code in ASCENDING:
        return True
    if code in MIXED_SB or code in _WHOLE:
        return False
    return parse_descriptor(body).ascending


def _match_colour(m: MatchRound, flip: bool = False) -> str | None:
    """A match's colour for the team: its player's colour on board 1 (C.04.6 1.6.1), the
    other with *flip* (:data:`TeamColour`); ``None``: no board."""
    if not m.board_games:
        return None
    return "b" if m.board_games[0].black != flip else "w"


def _count_boards(
    code: str, rows: Sequence[Sequence[MatchRound]], boards: int, game: ScoringSystem
) -> list[Value]:
    """``WIN``, ``WON``, ``BPG``, ``BWG`` on game points: the boards won (:func:`board_games`),
    won over the board, played with black, won with black."""

    def counts(g: BoardGame) -> bool:
        won = g.points == game.win
        black = g.black and g.played
        return {"WIN": won, "WON": won and g.played, "BPG": black}.get(code, won and black)

    return [sum(counts(g) for m in row for g in board_games(m, boards, game)) for row in rows]
