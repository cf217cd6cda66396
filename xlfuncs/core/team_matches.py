"""One round of one team in a team event: its match (the opposing team, the result, match and
game points) and the match's boards; built by :func:`xlfuncs.core.teams.team_rounds`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .results import Outcome

__all__ = ["BoardGame", "BoardOrder", "ForfeitedMatch", "MatchRound"]


@dataclass(frozen=True)
class BoardGame:
    """One board of a match, as the team on it sees it."""

    points: Fraction
    """The team's player's points on the board (the event's game scoring)."""
    played: bool
    """Over the board (a game of less than one move included), not a forfeit."""
    black: bool
    """The team's player had black."""


@dataclass(frozen=True)
class MatchRound:
    """One round of one team."""

    opponent: int | None
    """The opposing team's number; ``None``: no match (a bye or not paired)."""
    outcome: Outcome | None
    """``WIN``, ``DRAW``, ``LOSS``; ``FORFEIT_WIN``, ``FORFEIT_LOSS`` for a forfeited
    match; with no opponent a bye (``PAIRING_BYE``, ``HALF_BYE``, ``FULL_BYE``,
    ``ZERO_BYE``); ``None``: not paired."""
    game_points: Fraction
    opponent_game_points: Fraction | None = None
    match_points: Fraction = Fraction(0)
    boards: int = 0
    """The boards of the match (0: none)."""
    board_games: tuple[BoardGame, ...] = ()
    """The match's boards in board order (the team's players in its order, unless record
    ``300`` gives another); none without a match."""


@dataclass(frozen=True)
class ForfeitedMatch:
    """A forfeited match (TRF-2026 record ``330``): in *round*, the *white* and *black*
    teams (their pairing numbers) and the *result*: ``"+-"`` (white wins), ``"-+"`` (black
    wins) or ``"--"`` (a double forfeit: neither)."""

    round: int
    white: int
    black: int
    result: str

    def outcome(self, team: int) -> Outcome:
        """*team*'s result: a forfeit win or loss."""
        won = self.result == ("+-" if team == self.white else "-+")
        return Outcome.FORFEIT_WIN if won else Outcome.FORFEIT_LOSS


@dataclass(frozen=True)
class BoardOrder:
    """A team's board order in one match where it differs from its list (TRF-2026 record
    ``300``): in *round*, *team* (its pairing number) against *opponent* put *players*
    (their numbers in the crosstable, from 1; 0: an unoccupied board) on boards 1, 2 ...
    (:func:`xlfuncs.core.teams.apply_board_orders`)."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]
