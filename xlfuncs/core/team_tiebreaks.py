"""The tie-breaks of team competitions that read both scores of a match or its boards (FIDE's
Tie-Break Regulations, C.07, as FIDE's engine ``gacrux`` computes them): the mixed extended
Sonneborn-Bergers (``EMGSB``, ``EGMSB``), the score and strength combination (``SSSC``),
the board counts (``BC``), the top board result (``TBR``), the bottom board elimination
(``BBE``) and the extended direct encounters (``EDE`` ...). The team standing
(:func:`xlfuncs.core.teams.team_standings`) calls them; what each is: ``docs/teams.md``
(*The team-only tie-breaks*).

A round with no match played over the board counts on every board as its result: a win (a
won forfeited match, a pairing-allocated or full-point bye), a draw (a half-point bye) or
nothing, with white, as FIDE's engine counts the boards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from .results import Outcome
from .scoring import ScoringSystem
from .tables import round_half_up
from .team_matches import BoardGame, MatchRound
from .tiebreaks import Descriptor, TiebreakTable, Value, _TiebreakView, cut, tied_groups
from .validate import digits_number

__all__ = [
    "BOARD_CODES",
    "ENCOUNTER_CODES",
    "MIXED_SB",
    "board_count",
    "board_games",
    "board_places",
    "board_totals",
    "extended_direct_encounter",
    "mixed_sonneborn_berger",
    "score_strength",
    "sssc_divisor",
    "sssc_modifiers",
    "sssc_note",
]

MIXED_SB: Final = {"EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP")}
"""The mixed extended Sonneborn-Bergers: (the opponents' score, the team's result)."""

BOARD_CODES: Final = ("TBR", "BBE")
"""The board tie-breaks that place the teams tied so far."""

ENCOUNTER_CODES: Final = {
    "DE": "P",
    "EDE": "PS",
    "EDEC": "PSC",
    "EDET": "PST",
    "EDEB": "PSB",
    "EDEBT": "PSCT",
    "EDEBB": "PSCB",
}
"""The direct encounters between teams and their steps: ``P`` on the primary score, ``S`` on
the other, and, for two teams still tied, their match's board count ``C``, boards from the
top ``T``, boards but the bottom ones ``B``."""

_OVER_THE_BOARD: Final = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS})
"""A match's outcomes when a board was played over the board."""
_WON_MATCH: Final = frozenset({Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE, Outcome.FULL_BYE})


def board_games(m: MatchRound, boards: int, game: ScoringSystem) -> tuple[BoardGame, ...]:
    """The boards of one round as the board tie-breaks count them: a match played over the
    board, its games; else *boards* boards of the round's result (the module's docstring)."""
    if m.opponent is not None and m.outcome in _OVER_THE_BOARD:
        return m.board_games
    if m.outcome in _WON_MATCH:
        points = game.win
    elif m.outcome is Outcome.HALF_BYE:
        points = game.draw
    else:
        points = Fraction(0)
    return tuple(BoardGame(points, False, False) for _ in range(boards))


def board_totals(
    rows: Sequence[Sequence[MatchRound]], boards: int, game: ScoringSystem
) -> list[list[Fraction]]:
    """Each team's game points on boards 1..*boards* over its rounds."""
    out: list[list[Fraction]] = []
    for row in rows:
        totals = [Fraction(0)] * boards
        for m in row:
            for b, g in enumerate(board_games(m, boards, game)[:boards]):
                totals[b] += g.points
        out.append(totals)
    return out


def board_count(totals: Sequence[Sequence[Fraction]]) -> list[Value]:
    """``BC``: each team's sum of board number times game points on the board."""
    return [sum((b * p for b, p in enumerate(t, start=1)), Fraction(0)) for t in totals]


def _places(keys: Sequence[tuple[Fraction, ...]], before: Sequence[int]) -> list[Value]:
    """Each team's place (1 best) by *keys* (higher better, compared in order) among the
    teams with its rank in *before*; 0 where its group is one team or the keys do not
    separate it."""
    out: list[Value] = [0] * len(keys)
    for members in tied_groups(enumerate(before)):
        if len({keys[i] for i in members}) == 1:
            continue
        for i in members:
            out[i] = 1 + sum(1 for j in members if keys[j] > keys[i])
    return out


def board_places(
    code: str, totals: Sequence[Sequence[Fraction]], before: Sequence[int]
) -> list[Value]:
    """``TBR`` or ``BBE`` (*code*): each team's place among those tied on every key before
    (*before*: their ranks by those keys)."""
    if code == "TBR":
        return _places([tuple(t) for t in totals], before)
    # all boards but the last, but the last two ...
    return _places(
        [tuple(sum(t[:k], Fraction(0)) for k in range(len(t) - 1, 0, -1)) for t in totals], before
    )


def mixed_sonneborn_berger(
    opponents: TiebreakTable, results: TiebreakTable, d: Descriptor
) -> list[Value]:
    """Each team's Sonneborn-Berger with the opponents' score from *opponents*' engine and
    the team's result from *results*' (the other score), cut as *d* (an ``SB``) says."""
    ev, other = opponents.engine, results.engine
    abh, own = ev.adjusted(False)
    low, high = d.cuts(ev.rounds)
    out: list[Value] = []
    for i in range(ev.n):
        parts = [
            (vur, score, score * other.rows[i][r - 1].h, r, opp, kind)
            for vur, score, _, r, opp, kind in ev.buchholz_parts(i, d, abh, own, False, False)
        ]
        if low or high:
            cut(parts, low, high)
        out.append(Fraction(sum(p[2] for p in parts), ev.unit * other.unit))
    return out


def sssc_divisor(
    rounds: int, boards: int, match: ScoringSystem, game: ScoringSystem, on_game_points: bool
) -> tuple[int, int]:
    """``SSSC``'s normalising factor (C.07 13.4.2 b; *rounds*: the event's rounds in all), as
    (that number, the one used): 1 where it is 0 and the division undefined."""
    if on_game_points:
        n = math.floor(game.win * rounds * boards / match.win)
    else:
        n = math.floor(match.win * rounds / (game.win * boards))
    return n, max(n, 1)


def sssc_note(
    descriptor: str,
    rounds: int,
    boards: int,
    match: ScoringSystem,
    game: ScoringSystem,
    on_game_points: bool,
) -> str:
    """What the standing says of *descriptor*'s normalising factor when it is 0 and 1 is used
    (:func:`sssc_divisor`); empty otherwise."""
    n, used = sssc_divisor(rounds, boards, match, game, on_game_points)
    if n == used:
        return ""
    if on_game_points:
        what = f"{game.win} x {rounds} rounds x {boards} boards / {match.win} match points"
    else:
        what = f"{match.win} match points x {rounds} rounds / ({game.win} x {boards} boards)"
    return (
        f"{descriptor}: the normalising factor of C.07 13.4.2 b, {what} rounded towards "
        f"zero, is {n}; 1 is used (the text leaves a division by 0 undefined; the rules of "
        "the competition may state another value)"
    )


def score_strength(
    other_scores: Sequence[Fraction],
    buchholz: Sequence[Value],
    rounds: int,
    boards: int,
    match: ScoringSystem,
    game: ScoringSystem,
    on_game_points: bool,
    divisor: int | None = None,
) -> list[Value]:
    """``SSSC`` (``SSSC:GP``: *on_game_points*): the other score plus the Buchholz divided
    by *divisor* (``SSSC/Kn``), else :func:`sssc_divisor`'s, rounded to hundredths, half up."""
    n = divisor or sssc_divisor(rounds, boards, match, game, on_game_points)[1]
    out: list[Value] = []
    for s, bh in zip(other_scores, buchholz):
        assert isinstance(bh, Fraction | int)
        out.append(Fraction(round_half_up((s + Fraction(bh) / n) * 100), 100))
    return out


def sssc_modifiers(modifiers: str) -> tuple[str, int | None]:
    """``SSSC``'s modifiers (MTB26: ``/F``, ``/P``, ``/Kx``, in any order) as the Buchholz
    its strength reads (``BH``, ``FB``, ``BH/P`` ...) and the factor *x* (``None``: the
    text's). Raises :class:`ValueError` for another modifier or a factor below 1."""
    fore = played = False
    divisor: int | None = None
    for m in (x.strip().upper() for x in modifiers.split("/") if x.strip()):
        if m == "F" and not fore:
            fore = True
        elif m == "P" and not played:
            played = True
        elif m[:1] == "K" and divisor is None and (factor := digits_number(m[1:])) is not None:
            if factor < 1:
                raise ValueError(m)
            divisor = factor
        else:
            raise ValueError(m)
    return ("FB" if fore else "BH") + ("/P" if played else ""), divisor


def extended_direct_encounter(
    code: str,
    primary: TiebreakTable,
    secondary: TiebreakTable,
    rows: Sequence[Sequence[MatchRound]],
    numbers: Sequence[int],
    before: Sequence[int],
    boards: int,
    as_played: bool,
) -> list[Value]:
    """``EDE`` and its board variants (*code*, :data:`ENCOUNTER_CODES`): each team's place
    (1 best) among those tied on every key before (*before*), 0 where it stays tied.
    *primary*, *secondary*: the teams' tables by each score; *rows*: each team's rounds,
    *numbers* the teams' pairing numbers; *as_played*: forfeited matches count."""
    engines = {"P": primary.engine, "S": secondary.engine}
    match = _Matches(engines, rows, numbers, boards, as_played)
    steps: list[tuple[str, int]] = []
    for kind in ENCOUNTER_CODES[code]:
        if kind == "T":
            steps += [("T", k) for k in range(boards)]
        elif kind == "B":
            steps += [("B", k) for k in range(1, boards)]
        else:
            steps.append((kind, 0))
    out: list[Value] = [0] * len(before)
    for members in tied_groups(enumerate(before)):
        place = {i: 0 for i in members}
        quiet = k = 0  # the steps in turn until a whole turn separates no one
        while quiet < len(steps):
            quiet = 0 if match.apply(steps[k % len(steps)], place) else quiet + 1
            k += 1
        if len(set(place.values())) > 1:
            for i in members:
                out[i] = place[i] + 1
    return out


@dataclass(frozen=True)
class _Matches:
    """What an extended direct encounter reads: the two scores' engines (``"P"``, ``"S"``)
    and the boards."""

    engines: dict[str, _TiebreakView]
    rows: Sequence[Sequence[MatchRound]]
    numbers: Sequence[int]
    boards: int
    as_played: bool

    def apply(self, step: tuple[str, int], place: dict[int, int]) -> bool:
        """One step on every group still tied in *place*; whether it separated any."""
        kind, k = step
        before = dict(place)
        for group in tied_groups(sorted(place.items())):
            if kind in self.engines:
                self.engines[kind].separate(group, place, self.as_played)
            elif len(group) == 2:
                self.boards_of_match(kind, k, group, place)
        return place != before

    def weights(self, kind: str, k: int) -> list[int]:
        """Each board's weight (from board 1): the board count negated (lower is better);
        board *k* alone (from 0); the boards but the bottom *k*."""
        n = self.boards
        if kind == "C":
            return [-b for b in range(1, n + 1)]
        if kind == "T":
            return [1 if b == k else 0 for b in range(n)]
        return [1 if b < n - k else 0 for b in range(n)]

    def boards_of_match(self, kind: str, k: int, pair: list[int], place: dict[int, int]) -> None:
        """Separate two teams still tied by the boards of their match (two matches: their
        average), weighted by :meth:`weights`; not when they did not meet."""
        w = self.weights(kind, k)
        a, b = pair
        score: dict[int, Fraction] = {}
        for me, them in ((a, b), (b, a)):
            found = [
                sum((wt * g.points for wt, g in zip(w, m.board_games)), Fraction(0))
                for m in self.rows[me]
                if m.opponent == self.numbers[them]
                and (self.as_played or m.outcome in _OVER_THE_BOARD)
            ]
            if not found:
                return
            score[me] = sum(found, Fraction(0)) / len(found)
        if score[a] != score[b]:
            low, high = (a, b) if score[a] < score[b] else (b, a)
            place[low] = place[high] + 1
