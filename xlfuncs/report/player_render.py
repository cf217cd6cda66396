"""``xlfuncs report --player N`` printed: one player's tie-breaks with their working, the
rating change line by line and an unrated player's first rating
(:class:`~xlfuncs.report.player.PlayerReport`), as text or JSON."""

from __future__ import annotations

from fractions import Fraction

from ..core.first_rating_working import FirstRatingWorking
from ..core.rating_working import RatingWorking
from ..core.tiebreak_working import TiebreakWorking, figure_text
from ..text_output import (
    JsonValue,
    change_text,
    json_text,
    or_dash,
    points_text,
    table_lines,
    underlined,
)
from .player import PlayerReport
from .render import json_number

__all__ = ["render_player_json", "render_player_text"]


def render_player_text(report: PlayerReport) -> str:
    """The player's line, each tie-break's working (a line a round: the figure, what it is,
    why it is left out), then the rating change's game lines, and an unrated player's first
    rating: its games, Ra, p, the formula of the edition, the rounding, the publication."""
    rating = "unrated" if report.rating is None else str(report.rating)
    out = underlined(f"no. {report.start_no} {report.name} ({rating})")
    out += [
        f"points {points_text(report.points)}, rank {report.rank}",
        "",
        f"Tie-breaks (C.07, {report.tiebreak_edition} text)",
    ]
    for w in report.tiebreaks:
        out += [""] + _tiebreak_lines(w)
    out += ["", *_rating_lines(report)]
    if report.first_rating is not None:
        out += ["", *_first_rating_lines(report.first_rating, report)]
    elif report.no_first_rating is not None:
        out += ["", f"First rating: none ({report.no_first_rating})"]
    return "\n".join(out) + "\n"


def _tiebreak_lines(w: TiebreakWorking) -> list[str]:
    head = f"{w.descriptor} = {figure_text(w.value)}: {w.rule}"
    out = [head]
    if len(w.tied) > 1:
        out.append("  tied: " + ", ".join(f"no. {n}" for n in w.tied))
    for x in w.lines:
        figure = "" if x.figure is None else figure_text(x.figure)
        mark = "  " if x.left_out is None else "- "
        text = x.text + (f" [{x.left_out}]" if x.left_out else "")
        out.append(f"  {mark}{figure:>7}  {text}")
    out.append(f"  = {w.how}")
    return out


def _rating_lines(report: PlayerReport) -> list[str]:
    rc = report.rating_change
    if rc is None:
        return [f"Rating change: {report.no_change}"]
    out = [f"Rating change (Rating Regulations {rc.edition}, own rating {rc.own_rating})"]
    rows = [["round", "opp.", "rating", "used", "W", "PD", "W - PD", "K x (W - PD)", ""]]
    rows += [
        [
            str(g.round),
            f"no. {report.start_numbers[g.opponent - 1]}",
            str(g.opponent_rating),
            "-" if g.rating_used is None else f"{g.rating_used}" + ("*" if g.capped else ""),
            points_text(g.points),
            _hundredths(g.expected),
            _hundredths(g.difference),
            _hundredths(g.change),
            g.left_out or "",
        ]
        for g in rc.lines
    ]
    if len(rows) > 1:
        out += ["  " + line for line in table_lines(rows, left={1, 8})]
    if any(g.capped for g in rc.lines):
        out.append("  * the 400-point rule: the rating used is the one 400 points away")
    k = f"K {rc.k_requested}"
    if rc.k_lowered:
        k += f", lowered to {rc.k} so that K x n <= {rc.limit} ({rc.k} x {rc.n} games)"
    else:
        k += f" (K x n = {rc.k * rc.n} <= {rc.limit})"
    if report.k.source is not None:
        k += f"; {report.k.source.label}"
    out.append(f"  {k}")
    out.append(
        f"  sum of W - PD {_hundredths(rc.sum_difference)}; K x sum {_hundredths(rc.unrounded)}; "
        f"change {change_text(rc.change)} (rounded once, half away from zero); new rating "
        f"{rc.own_rating + rc.change}"
    )
    return out


def _first_rating_lines(fr: FirstRatingWorking, report: PlayerReport) -> list[str]:
    out = [f"First rating (Rating Regulations {fr.edition}): Ru {fr.rating}"]
    rows = [["round", "opp.", "rating", "W", "in Ra", "in score", ""]]
    rows += [
        [
            or_dash(x.round),
            "-" if x.opponent is None else f"no. {report.start_numbers[x.opponent - 1]}",
            "unrated" if x.opponent_rating is None else str(x.opponent_rating),
            points_text(x.points),
            "yes" if x.in_ra else "no",
            "yes" if x.in_score else "no",
            x.text + (f" [{x.left_out}]" if x.left_out else ""),
        ]
        for x in fr.lines
    ]
    out += ["  " + line for line in table_lines(rows, left={1, 2, 6})]
    out += [f"  {step}" for step in fr.steps]
    out.append(f"  ({fr.rule})")
    return out


def _first_rating_object(fr: FirstRatingWorking, report: PlayerReport) -> dict[str, JsonValue]:
    c = fr.calculation
    return {
        "edition": fr.edition,
        "games": [
            {
                "round": x.round,
                "opponent": None if x.opponent is None else report.start_numbers[x.opponent - 1],
                "opponent_rating": x.opponent_rating,
                "w": float(x.points),
                "in_ra": x.in_ra,
                "in_score": x.in_score,
                "text": x.text,
                "left_out": x.left_out,
            }
            for x in fr.lines
        ],
        "ra": float(c.ra),
        "score": float(c.score),
        "n": c.games,
        "p": c.percent / 100,
        "dp": c.dp,
        "bonus": c.bonus,
        "formula": fr.formula,
        "unrounded": float(c.unrounded),
        "rating": c.rating,
        "rated_games": c.rated_games,
        "published": c.published,
        "reasons": list(c.reasons),
        "steps": list(fr.steps),
        "rule": fr.rule,
    }


def _hundredths(x: Fraction | None) -> str:
    return "-" if x is None else f"{float(x):.2f}"


def _tiebreak_object(w: TiebreakWorking) -> dict[str, JsonValue]:
    return {
        "descriptor": w.descriptor,
        "value": json_number(w.value),
        "edition": w.edition,
        "rule": w.rule,
        "tied": list(w.tied) or None,
        "lines": [
            {
                "round": x.round,
                "opponent": x.opponent,
                "figure": json_number(x.figure),
                "text": x.text,
                "left_out": x.left_out,
            }
            for x in w.lines
        ],
        "how": w.how,
        "total": json_number(w.total),
    }


def _rating_object(rc: RatingWorking, report: PlayerReport) -> dict[str, JsonValue]:
    return {
        "edition": rc.edition,
        "own_rating": rc.own_rating,
        "games": [
            {
                "round": g.round,
                "opponent": report.start_numbers[g.opponent - 1],
                "opponent_rating": g.opponent_rating,
                "rating_used": g.rating_used,
                "capped_400": g.capped,
                "w": float(g.points),
                "pd": None if g.expected is None else float(g.expected),
                "w_minus_pd": None if g.difference is None else float(g.difference),
                "k_times_w_minus_pd": None if g.change is None else float(g.change),
                "left_out": g.left_out,
            }
            for g in rc.lines
        ],
        "n": rc.n,
        "k": rc.k_requested,
        "k_used": rc.k,
        "k_lowered": rc.k_lowered,
        "k_source": None if report.k.source is None else report.k.source.label,
        "sum_w_minus_pd": float(rc.sum_difference),
        "unrounded": float(rc.unrounded),
        "change": rc.change,
        "new_rating": rc.own_rating + rc.change,
    }


def render_player_json(report: PlayerReport) -> str:
    """One JSON object: the player, ``tiebreaks`` (each with its ``lines``),
    ``rating_change`` (its ``games``; ``null`` for none) and ``first_rating`` (an unrated
    player's: its ``games`` and ``steps``; ``null`` for none)."""
    body: dict[str, JsonValue] = {
        "start_no": report.start_no,
        "name": report.name,
        "rating": report.rating,
        "points": float(report.points),
        "rank": report.rank,
        "tiebreak_edition": report.tiebreak_edition,
        "tiebreaks": [_tiebreak_object(w) for w in report.tiebreaks],
        "rating_change": None
        if report.rating_change is None
        else _rating_object(report.rating_change, report),
        "no_rating_change": report.no_change,
        "first_rating": None
        if report.first_rating is None
        else _first_rating_object(report.first_rating, report),
        "no_first_rating": report.no_first_rating,
    }
    return json_text(body) + "\n"
