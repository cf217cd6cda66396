"""The norm report printed: text (:func:`render_text`), one player's audit
(:func:`render_audit`) and JSON (:func:`render_json`, :func:`check_object`)."""

from __future__ import annotations

from ..core.norm_check import NormCheck, Requirement
from ..output import visible
from ..text_output import (
    JsonValue,
    counted,
    json_fraction,
    json_text,
    listed,
    or_dash,
    points_text,
    table_lines,
    underlined,
)
from .build import NormReport, PlayerNorms

__all__ = ["check_object", "render_audit", "render_json", "render_text"]


def _threshold(r: Requirement) -> str:
    return "-" if r.threshold is None else r.bound


def _who(p: PlayerNorms) -> str:
    bits = [b for b in (p.title, p.federation, str(p.rating) if p.rating else "unrated") if b]
    return f"no. {p.start_no} {p.name} ({', '.join(bits)})"


def _left_out(c: NormCheck) -> str:
    played = [f"round {g.round}: {why}" for g, why in c.left_out if g.kind.value == "played"]
    return "; left out " + "; ".join(played) if played else ""


def _summary(c: NormCheck) -> str:
    perf = c.performance
    if perf is None:
        return "no game counts"
    credited = f", counts as {c.games_credited}" if c.games_credited != len(c.used) else ""
    return (
        f"{points_text(c.score)}/{counted(len(c.used), 'game')}{credited}, Ra {perf.ra}, "
        f"{perf.percent} %, "
        f"Rp {perf.rp}"
        + (f"; exempt from the federation rules ({c.exemption})" if c.exemption else "")
    )


def _failure(r: Requirement) -> str:
    return f"{r.label} ({r.article}): {or_dash(r.figure)}, needs {_threshold(r)}"


def _event_facts(report: NormReport) -> list[tuple[str, str]]:
    t, e = report.tournament, report.event
    kind = e.event_type.label + (" (fixed pairings)" if e.fixed_pairings else "")
    rounds = report.rounds_text or counted(e.rounds, "round")
    facts = [("file", t.source), ("event", f"{kind}, {rounds}")]
    if e.host_federation:
        facts.append(("host", e.host_federation))
    facts.append(("rules", f"Title Regulations {report.title_rules.id}"))
    if e.big_swiss is not None:
        verdict = "exempt (1.4.3d)" if e.big_swiss.met else "not exempt"
        facts.append(("1.4.3d", f"{verdict}: {e.big_swiss}"))
    return facts


def _unchecked(report: NormReport) -> list[str]:
    seen: dict[str, str] = {}
    for p in report.players:
        for c in p.checks:
            for r in c.unchecked:
                seen.setdefault(r.key, f"{r.label} ({r.article}): {r.status}")
    return list(seen.values())


def render_text(report: NormReport) -> str:
    """Every player with a norm, then every player who made the rating figures of a norm but
    failed another requirement (named), what could not be checked, and what was assumed."""
    t = report.tournament
    out = underlined(f"Title norms: {t.name or t.source}")
    facts = _event_facts(report)
    width = max(len(k) for k, _ in facts)
    out += [f"{k + ':':<{width + 1}} {v}" for k, v in facts]
    made = [
        f"{_who(p)}: {c.title.title} norm, {_summary(c)}{_left_out(c)}"
        for p in report.players
        if (c := p.norm) is not None
    ]
    near = [
        f"{_who(p)}: {c.title.title}, {_summary(c)}; not met: "
        + "; ".join(_failure(r) for r in c.failed)
        for p in report.players
        if (c := p.near) is not None
    ]
    out += listed("Norms", made) + listed("Rating figures made, another requirement not met", near)
    out += ["", "Not checked from the file (a norm above holds only if these are met too)"]
    if all(p.rating is None for p in report.players):
        out.append(
            "- nothing: no player is rated, so no Ra reaches a norm's minimum (an unrated "
            f"opponent counts at {report.title_rules.unrated_opponent})"
        )
    else:
        out += [f"- {u}" for u in _unchecked(report)] or ["- nothing"]
    out += ["", "Assumed, or read from the file's records"]
    out += [f"- {a}" for a in report.assumptions] or ["- nothing"]
    if report.warnings:
        out += ["", "Warnings", *(f"- {w.message}" for w in report.warnings)]
    out += ["", "xlfuncs norms FILE --player N: the games and every requirement of one player."]
    return visible("\n".join(out)) + "\n"


def _games_table(report: NormReport, c: NormCheck) -> list[str]:
    perf = c.performance
    used_rating = {} if perf is None else {g.round: r for g, r in zip(c.used, perf.ratings_used)}
    left = {g.round: why for g, why in c.left_out}
    rows = [["Rd", "Opp", "Name", "Ti", "Fed", "Rtg", "Counted", "Res", "Used"]]
    rows += [
        [
            str(g.round),
            or_dash(g.opponent),
            "" if g.opponent is None else report.names.get(g.opponent, ""),
            g.title,
            g.federation,
            "-" if g.opponent is None else (str(g.rating) if g.rating else "unrated"),
            str(used_rating[g.round]) if g.round in used_rating else "",
            g.result,
            left.get(g.round, f"used ({g.note})" if g.note else "used"),
        ]
        for g in sorted([*c.used, *(g for g, _ in c.left_out)], key=lambda g: g.round)
    ]
    return table_lines(rows, left={2, 3, 4, 7, 8})


def render_audit(report: NormReport, start_no: int) -> str:
    """One player's full audit: for each title worth reaching, each game used or left out
    (and why), and each requirement with its figure, threshold and status."""
    p = report.player(start_no)
    out = underlined(_who(p))
    best = p.norm
    out.append(f"norm: {best.title.title if best else 'none'}")
    if not p.checks:
        out.append("No norm is worth checking (the player holds the title, or none applies).")
    for c in p.checks:
        verdict = "NORM" if c.met else "no norm"
        out += ["", f"{c.title.title}: {verdict} ({_summary(c)})", ""]
        out += _games_table(report, c)
        out.append("")
        rows = [["Requirement", "Art.", "Figure", "Needs", "Status"]]
        for r in c.requirements:
            note = f" ({r.note})" if r.note and not r.note.startswith("exempt") else ""
            rows.append([r.label, r.article, or_dash(r.figure), _threshold(r), r.status + note])
        out += table_lines(rows, left={0, 1, 4})
    if report.assumptions:
        out += [
            "",
            "Assumed, or read from the file's records",
            *(f"- {a}" for a in report.assumptions),
        ]
    return visible("\n".join(out)) + "\n"


def check_object(c: NormCheck) -> dict[str, JsonValue]:
    """One check as JSON: the games used and left out, the figures, each requirement."""
    perf = c.performance
    return {
        "title": c.title.title,
        "met": c.met,
        "games_used": [g.round for g in c.used],
        "games_left_out": [{"round": g.round, "why": why} for g, why in c.left_out],
        "games_credited": c.games_credited,
        "score": json_fraction(c.score),
        "ra": None if perf is None else perf.ra,
        "percent": None if perf is None else perf.percent,
        "dp": None if perf is None else perf.dp,
        "rp": None if perf is None else perf.rp,
        "exemption": c.exemption,
        "requirements": [
            {
                "key": r.key,
                "article": r.article,
                "requirement": r.label,
                "figure": r.figure,
                "threshold": r.threshold,
                "at_most": r.at_most,
                "met": r.met,
                "needs": r.needs,
                "note": r.note or None,
            }
            for r in c.requirements
        ],
    }


def player_object(p: PlayerNorms) -> dict[str, JsonValue]:
    """One player as JSON: ``norm`` (the best title made, or null), ``norm_check``
    (:attr:`~.build.PlayerNorms.shown`), then ``checks``, every title's."""
    shown = p.shown
    return {
        "start_no": p.start_no,
        "name": p.name,
        "title": p.title,
        "federation": p.federation,
        "rating": p.rating,
        "norm": None if p.norm is None else p.norm.title.title,
        "norm_check": None if shown is None else check_object(shown),
        "checks": [check_object(c) for c in p.checks],
    }


def render_json(report: NormReport) -> str:
    """A JSON list, one object per player (:func:`player_object`)."""
    return json_text([player_object(p) for p in report.players]) + "\n"
