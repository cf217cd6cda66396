"""The report's team section: a team event's standing (:class:`~xlfuncs.core.teams.
TeamStandings`) as text lines and JSON objects. What each column means: ``docs/report.md``
("Team events")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..core.results import Outcome
from ..core.teams import MatchRound, TeamStandings, places_note, score_note
from ..findings import Finding
from ..text_output import JsonValue, counted, json_fraction, points_text, table_lines
from ..trf import Tournament
from ..trf.standings import value_text
from ..trf.teams import NO_STANDING

__all__ = [
    "TEAM_KEYS",
    "match_text",
    "no_team_standing",
    "team_objects",
    "team_text_lines",
]

TEAM_KEYS: tuple[str, ...] = ("rank", "team_no", "name", "match_points", "game_points")
"""The keys of each team's JSON object and the CSV header, in order, before the tie-breaks;
JSON adds ``players`` (their starting ranks, in board order) and ``rounds``."""


def no_team_standing(t: Tournament, warnings: Sequence[Finding]) -> str:
    """Why a file has no team standing: not a team event, or the warnings saying why its
    team records make none."""
    if not t.is_team_event:
        return "not a team event (no 013 or 310 record)"
    why = [w.message for w in warnings if w.kind == "no_team_standing"]
    return "; ".join(why) if why else f"{NO_STANDING}: the team records make none"


def match_text(m: MatchRound) -> str:
    """One round of a team as the report writes it: ``3:4.5-1.5``, ``+ 3:6.0-0.0`` (a
    forfeited match won), ``bye 2.0/3.0`` (a bye's match and game points; ``H bye 1.0/2.0``
    ...), ``-`` (not paired)."""
    if m.outcome is None:
        return "-"
    if m.opponent is None:  # a bye: pairing-allocated, else its symbol (H, F, Z ...)
        kind = "bye" if m.outcome is Outcome.PAIRING_BYE else f"{m.outcome.symbol} bye"
        return f"{kind} {points_text(m.match_points)}/{points_text(m.game_points)}"
    theirs = m.opponent_game_points if m.opponent_game_points is not None else Fraction(0)
    score = f"{points_text(m.game_points)}-{points_text(theirs)}"
    forfeit = "+ " if m.outcome is Outcome.FORFEIT_WIN else "- " if m.outcome.is_forfeit else ""
    return f"{forfeit}{m.opponent}:{score}"


def team_text_lines(s: TeamStandings, start_nos: Mapping[int, int]) -> list[str]:
    """The team section of the text report: the scoring, the standing table and each team's
    players (their starting ranks, *start_nos* by crosstable number)."""
    listed = ", ".join(s.descriptors) or "nothing else"
    out = [
        "",
        f"Teams ({len(s.teams)}): match points {s.match_scoring.text}; ranked by "
        f"{'match' if s.primary == 'MP' else 'game'} points, then {listed}; "
        f"{counted(s.boards, 'board')} a match "
        f"({'record 352' if s.boards_given else 'the most of any match'})",
    ]
    shown = [k for k, d in enumerate(s.descriptors) if d not in ("MP", "GP")]
    header = ["Rk", "No", "Team", "MP", "GP", *(s.descriptors[k] for k in shown)]
    rounds = max((len(r) for r in s.rounds), default=0)
    header += [f"R{r}" for r in range(1, rounds + 1)]
    rows = [header]
    for i in s.order():
        t = s.teams[i]
        rows.append(
            [
                str(s.ranks[i]),
                str(t.number),
                t.name,
                points_text(s.match_points[i]),
                points_text(s.game_points[i]),
                *(value_text(s.values[i][k]) for k in shown),
                *(match_text(m) for m in s.rounds[i]),
            ]
        )
    out += table_lines(rows, {2})
    out.append(
        "MP: match points; GP: game points; "
        + score_note(s.primary)
        + places_note(s.descriptors)
        + "; each round: the opponent team and "
        "the game points (+/-: a forfeited match, bye: a pairing-allocated bye's match/game "
        "points, -: no match)."
    )
    out += ["", "Team players (starting ranks, in board order)"]
    for t in s.teams:
        who = ", ".join(str(start_nos.get(m, m)) for m in t.members) or "none"
        out.append(f"- {t.number} {t.name}: {who}")
    return out


def team_objects(s: TeamStandings, start_nos: Mapping[int, int]) -> list[dict[str, JsonValue]]:
    """One JSON object per team, in standing order (*start_nos*: as
    :func:`team_text_lines`)."""
    out: list[dict[str, JsonValue]] = []
    for i in s.order():
        t = s.teams[i]
        rounds = [
            {
                "round": r,
                "opponent": m.opponent,
                "result": None if m.outcome is None else m.outcome.name.lower(),
                "match_points": json_fraction(m.match_points),
                "game_points": json_fraction(m.game_points),
                "opponent_game_points": json_fraction(m.opponent_game_points),
            }
            for r, m in enumerate(s.rounds[i], start=1)
        ]
        out.append(
            {
                "rank": s.ranks[i],
                "team_no": t.number,
                "name": t.name,
                "match_points": json_fraction(s.match_points[i]),
                "game_points": json_fraction(s.game_points[i]),
                "tiebreaks": {d: json_fraction(v) for d, v in zip(s.descriptors, s.values[i])},
                "players": [start_nos.get(m, m) for m in t.members],
                "rounds": rounds,
            }
        )
    return out
