"""``xlfuncs norms --plan FIELD``: the norm plan of an event before it starts
(:mod:`xlfuncs.core.norm_plan`) from its field (:mod:`xlfuncs.trf.plan_field`), as text or
JSON."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    CommandError,
    failing,
    read_trf_data,
    refusing_rules,
    say,
)

if TYPE_CHECKING:
    from ..core.norm_plan import Addition, AdditionEffect, NormChance, NormPlan
    from ..text_output import JsonValue
    from ..trf.plan_field import PlanField

__all__ = ["FieldPlan", "addition_option", "plan_event_of", "render_json", "render_text", "run"]


def addition_option(text: str) -> Addition:
    """``--add TITLE:RATING[:FED]`` (``GM:2550:GER``; ``none:2300`` or ``-:2300`` an
    untitled player; no FED: a federation not in the field)."""
    from ..core.norm_plan import Addition
    from ..core.titles import FIDE_TITLES

    parts = text.split(":")
    if len(parts) not in (2, 3):
        raise argparse.ArgumentTypeError(f"expected TITLE:RATING[:FED], got {text!r}")
    title = parts[0].strip().upper()
    title = "" if title in ("-", "", "NONE") else title
    if title and title not in FIDE_TITLES:
        raise argparse.ArgumentTypeError(
            f"title: expected one of {', '.join(FIDE_TITLES)} or -, got {parts[0]!r}"
        )
    rating = parts[1].strip()
    if not (rating.isascii() and rating.isdigit() and 0 < int(rating) <= 4000):
        raise argparse.ArgumentTypeError(f"rating: expected 1..4000, got {parts[1]!r}")
    fed = parts[2].strip().upper() if len(parts) == 3 else ""
    return Addition(title, int(rating), fed)


@dataclass(frozen=True)
class FieldPlan:
    """A field read, its plan and what one more player would do."""

    field: PlanField
    plan: NormPlan
    effects: tuple[AdditionEffect, ...]


def plan_event_of(args: argparse.Namespace) -> FieldPlan:
    """The plan of ``args.file`` with the command line's options."""
    from ..core.norm_event import EventType
    from ..core.norm_plan import DEFAULT_ADDITIONS, PlanSetting, addition_effects, plan_norms
    from ..core.norm_readings import DEFAULT_READINGS, NormReadings
    from ..core.title_editions import event_title_edition, title_edition
    from ..trf import TrfError
    from ..trf.plan_field import FieldFileError, read_plan_field

    data, source = read_trf_data(args.file)
    with failing(EXIT_DATA_ERROR, TrfError, FieldFileError):
        field = read_plan_field(data, source=source)
    kind = None if args.event_type is None else EventType.read(args.event_type)
    system = args.system
    if system is None and kind in (EventType.ROUND_ROBIN, EventType.SWISS):
        system = "rr" if kind is EventType.ROUND_ROBIN else "swiss"
    system = system or field.system
    if system is None:
        raise CommandError(
            f"{source}: --plan needs the system (--system swiss or rr): {field.system_source}"
            if field.system_source
            else f"{source}: --plan needs --system swiss or rr",
            EXIT_USAGE,
        )
    rounds = args.rounds if args.rounds is not None else field.rounds
    if system == "swiss" and rounds is None:  # --rounds and the file's: 1 to 999
        raise CommandError(
            f"{source}: --plan of a Swiss needs its rounds (--rounds N, or the file's 142 or XXR)",
            EXIT_USAGE,
        )
    with refusing_rules():
        if field.start_date is not None:
            rules = event_title_edition(args.rules, field.start_date)
        else:
            rules = title_edition(args.rules)
    host = args.host_federation if args.host_federation is not None else field.host_federation
    readings = NormReadings(
        big_swiss_count=args.big_swiss_count or DEFAULT_READINGS.big_swiss_count
    )
    setting = PlanSetting(
        system="rr" if system == "rr" else "swiss",
        rounds=rounds,
        event_type=kind,
        host_federation=host or "",
        rate=args.rate or "standard",
        readings=readings,
    )
    if system == "rr" and len(field.players) < 2:
        raise CommandError(f"{source}: a round robin needs at least 2 players", EXIT_DATA_ERROR)
    plan = plan_norms(field.players, setting, rules)
    additions = tuple(args.add) if args.add else DEFAULT_ADDITIONS
    effects = addition_effects(field.players, setting, rules, additions, base=plan)
    return FieldPlan(field, plan, effects)


def _points(c: NormChance) -> str:
    from ..text_output import points_text

    return "-" if c.points is None else f"{points_text(c.points)}/{c.games}"


def _event_line(p: FieldPlan) -> str:
    from ..text_output import counted

    plan = p.plan
    kind = "round robin" if plan.setting.system == "rr" else "Swiss"
    if plan.setting.system == "rr" and plan.setting.cycles(len(plan.players)) == 2:
        kind = "double round robin"
    bits = [
        counted(len(plan.players), "player"),
        f"{kind}, {counted(plan.event.rounds, 'round')}, {counted(plan.games, 'game')} each",
        f"Title Regulations {plan.rules.id}",
    ]
    if plan.event.host_federation:
        bits.append(f"host federation {plan.event.host_federation}")
    return "; ".join(bits)


def _no(number: int, plan: NormPlan) -> int:
    """The number the file gives the player at place *number* of the field."""
    return plan.players[number - 1].player.start_no or number


def _effect_text(e: AdditionEffect, plan: NormPlan) -> str:
    from ..text_output import counted

    a = e.addition
    what = a.describe() + ("" if a.federation else f" ({e.federation})")
    if not e.made_possible and not e.lost:
        return f"+ {what}: no norm changes"
    by_title: dict[str, list[str]] = {}
    for n, t in e.made_possible:
        by_title.setdefault(t, []).append(str(_no(n, plan)))
    parts = [
        f"the {t} norm possible for {counted(len(ns), 'player')} (no. {', '.join(ns)})"
        for t, ns in by_title.items()
    ]
    if e.lost:
        lost = ", ".join(f"{t} no. {_no(n, plan)}" for n, t in e.lost)
        parts.append(f"no longer possible: {lost}")
    return f"+ {what}: makes " + "; ".join(parts)


def render_text(p: FieldPlan) -> str:
    """The plan as text: the event, a line per player and norm, what blocks each, and what
    one more player would do."""
    from ..output import visible
    from ..text_output import or_dash, table_lines, underlined

    plan = p.plan
    out = [*underlined(f"Norm plan: {p.field.name or p.field.source}"), _event_line(p)]
    bs = plan.big_swiss
    if bs is not None:
        out.append(f"1.4.3d (a big Swiss): {'met' if bs.met else 'not met'}; {bs}")
    out.append("")
    rows = [["No", "Name", "Ti", "Fed", "Rtg", "Norm", "Possible", "Points", "Ra", "Blocked by"]]
    details: list[str] = []
    for pp in plan.players:
        pl = pp.player
        for c in pp.chances:
            rows.append(
                [
                    str(_no(pp.number, plan)),
                    pl.name,
                    pl.title,
                    pl.federation,
                    or_dash(pl.rating),
                    c.title.title,
                    "yes" if c.possible else "no",
                    _points(c),
                    or_dash(c.ra),
                    "-" if c.possible else ", ".join(c.blocked_by),
                ]
            )
            if c.blockers:
                said = "; ".join(f"{b.text} ({b.article})" for b in c.blockers)
                details.append(f"- no. {_no(pp.number, plan)} {c.title.title}: {said}")
    if len(rows) == 1:
        out.append("No player can reach a norm above the title held.")
    else:
        out += table_lines(rows, left={1, 2, 3, 5, 6, 9})
    if details:
        out += ["", "What blocks each norm:"] + details
    out += ["", "One more player:"] + [_effect_text(e, plan) for e in p.effects]
    swiss = plan.setting.system == "swiss"
    out += [
        "",
        "Points: the fewest that make the norm against "
        + (
            "the strongest opponents the field gives that meet the mix (a Swiss pairs by "
            "score: the real opponents may need more)."
            if swiss
            else "every other player (the opponents of a round robin are known)."
        ),
        "Every game assumed played; the registration, the chief arbiter and the time control "
        "are not checked.",
    ]
    return visible("\n".join(out)) + "\n"


def _chance_object(c: NormChance) -> dict[str, JsonValue]:
    from ..text_output import json_fraction

    return {
        "title": c.title.title,
        "possible": c.possible,
        "games": c.games,
        "points_needed": json_fraction(c.points),
        "ra": c.ra,
        "exemption": c.exemption,
        "opponents": list(c.opponents),
        "blocked_by": [
            {"key": b.key, "article": b.article, "kind": b.kind, "text": b.text} for b in c.blockers
        ],
    }


def render_json(p: FieldPlan) -> str:
    """The plan as one JSON object: the event, the players with each norm's chance, and
    the players one more player would help."""
    from ..text_output import json_text

    plan = p.plan
    bs = plan.big_swiss
    obj: dict[str, JsonValue] = {
        "file": p.field.source,
        "event": {
            "name": p.field.name,
            "system": plan.setting.system,
            "rounds": plan.event.rounds,
            "games": plan.games,
            "host_federation": plan.event.host_federation,
            "title_regulations": plan.rules.id,
            "big_swiss": None
            if bs is None
            else {
                "players": bs.players,
                "federations": bs.federations,
                "titled": bs.titled,
                "met": bs.met,
            },
        },
        "players": [
            {
                "no": _no(pp.number, plan),
                "name": pp.player.name,
                "title": pp.player.title,
                "federation": pp.player.federation,
                "rating": pp.player.rating,
                "female": pp.player.female,
                "norms": [_chance_object(c) for c in pp.chances],
            }
            for pp in plan.players
        ],
        "additions": [
            {
                "title": e.addition.title,
                "rating": e.addition.rating,
                "federation": e.federation,
                "described": e.addition.describe(),
                "makes_possible": [{"no": _no(n, plan), "title": t} for n, t in e.made_possible],
                "no_longer_possible": [{"no": _no(n, plan), "title": t} for n, t in e.lost],
            }
            for e in p.effects
        ],
    }
    return json_text(obj) + "\n"


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs norms --plan``."""
    found = plan_event_of(args)
    for warning in found.field.warnings:
        say("warning", warning.message)
    sys.stdout.write(render_json(found) if args.format == "json" else render_text(found))
    return 0
