"""The readings the norm check takes where the Title Regulations (B.01, 2024 text) can be read
two ways, each settled from the text or named in the audit with the option for the other
(``xlfuncs/core/norm_readings.py``; the texts in ``docs/norms.md``, *Readings*).

- 1.4.3d: "Swiss System tournaments in which participants include in every round at least
  20 FIDE rated players, not from the host federation, from at least 3 different
  federations, at least 10 of whom hold GM, IM, WGM, or WIM titles": counted in each round
  (the reading taken, "in every round"); ``--big-swiss-count event`` counts once over the
  event. "Swiss System tournaments": not the World Cup or a team event (settled).
- 1.4.1f in a round robin: the mix over the whole event (taken) or over the games that
  remain (``--round-robin-mix remaining``).
- 1.4.2c: a last-round forfeit; the norm can stand if the player needed the game for the
  count and could afford to lose it: not applied but named (taken), or the forfeit counted
  as a game lost (``--last-round-forfeit loss``).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run
from norm_events import Bye, Opp, star_trf

from xlfuncs.core.norm_check import check_norm
from xlfuncs.core.norm_event import EventType, FieldPlayer, NormEvent, big_swiss
from xlfuncs.core.norm_field import crosstable_norm_event
from xlfuncs.core.norm_games import NormGame
from xlfuncs.core.norm_readings import NormReadings
from xlfuncs.core.results import Outcome
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing


def test_big_swiss_per_round_or_over_the_event() -> None:
    # 20 FIDE-rated players not from the host (ESP), from GER, FRA and NED, 10 of them GMs,
    # in a 3-round Swiss; one misses round 2 (one round missed: still eligible). In round 2
    # only 19 are present: "in every round at least 20" fails there. Counted once over the
    # event, the 20 who miss at most one round make it.
    feds = ["GER", "FRA", "NED"]
    field = [
        FieldPlayer(True, "GM" if i < 10 else "", feds[i % 3], 0, (True, True, True))
        for i in range(20)
    ]
    field[0] = FieldPlayer(True, "GM", "GER", 1, (True, False, True))
    per_round = big_swiss(field, 3, "ESP")
    assert (per_round.players, per_round.federations, per_round.titled) == (19, 3, 9)
    assert not per_round.met
    over_event = big_swiss(field, 3, "ESP", per_round=False)
    assert (over_event.players, over_event.federations, over_event.titled) == (20, 3, 10)
    assert over_event.met


def _swiss_crosstable() -> Crosstable:
    # four players, 1 v 2 and 3 v 4: not every two met, so not a round robin
    rounds = [(2, Outcome.WIN), (1, Outcome.LOSS), (4, Outcome.DRAW), (3, Outcome.DRAW)]
    return Crosstable.build([Entrant(2500, (Pairing(o, r),), federation="GER") for o, r in rounds])


@pytest.mark.parametrize("kind", [EventType.WORLD_CUP, EventType.TEAM])
def test_big_swiss_only_for_a_swiss_event(kind: EventType) -> None:
    # "Swiss System tournaments": the World Cup and the team championships get no 1.4.3d
    # figures, even when the crosstable was paired as a Swiss.
    ct = _swiss_crosstable()
    swiss = crosstable_norm_event(ct, event_type=EventType.SWISS, host_federation="ESP")
    assert swiss.big_swiss is not None
    assert any("1.4.3d counted in each round" in a for a in swiss.assumptions)
    other = crosstable_norm_event(ct, event_type=kind, host_federation="ESP")
    assert other.big_swiss is None


def _round_robin_games() -> list[NormGame]:
    # Player of ESP in an 11-player round robin (10 rounds). Round 1: beat an FM of FRA
    # rated 2050. Rounds 2-10: nine IMs rated 2370, six of GER and three of ESP: 5 wins,
    # a draw, 3 losses (5.5).
    games = [NormGame(1, Fraction(1), rating=2050, title="FM", federation="FRA")]
    feds = ["GER"] * 6 + ["ESP"] * 3
    points = [Fraction(1)] * 5 + [Fraction(1, 2)] + [Fraction(0)] * 3
    games += [
        NormGame(r, p, rating=2370, title="IM", federation=f)
        for r, (p, f) in enumerate(zip(points, feds), start=2)
    ]
    return games


@pytest.mark.parametrize(("mix", "made"), [("event", True), ("remaining", False)])
def test_round_robin_mix_over_the_event_or_the_games_that_remain(mix: str, made: bool) -> None:
    # All 10 games: Ra (9 x 2370 + 2050) / 10 = 2338, 6.5/10 = 65 % -> dp 110, Rp 2448 < 2450:
    # no IM norm. Dropping the beaten FRA opponent (1.4.1f): Ra 2370, 5.5/9 = 61 % -> dp 80,
    # Rp 2450: the figures of an IM norm. The mix of the whole event: GER and FRA, 2 other
    # federations (met); of the nine games that remain: GER only, 1 (not met).
    event = NormEvent(
        rounds=10,
        event_type=EventType.ROUND_ROBIN,
        fixed_pairings=True,
        rate="standard",
        readings=NormReadings(round_robin_mix=mix),  # type: ignore[arg-type]
    )
    check = check_norm(_round_robin_games(), "IM", event, federation="ESP")
    assert check.performance is not None
    assert (check.performance.ra, check.performance.rp) == (2370, 2450)
    assert check.requirement("other_federations").met is made
    assert check.met is made


_GMS = ["GER", "FRA", "NED", "ITA", "ENG", "NOR", "SWE", "POL"]


def _forfeit_event(tmp_path: Path) -> Path:
    # A 10-round Swiss: player 1 (ESP, 2450) meets eight GMs rated 2600 (6.5 points), takes a
    # half-point bye in round 5 and wins by forfeit in round 10 against a GM of CZE.
    results = ["1", "1", "1", "1", "1", "1", "=", "0"]
    rounds: list[Opp | Bye] = [Opp(2600, "GM", f, r) for f, r in zip(_GMS, results)]
    rounds.insert(4, Bye("H"))
    rounds.append(Opp(2600, "GM", "CZE", "+"))
    path = tmp_path / "forfeit.trf"
    path.write_text(star_trf(rounds, rating=2450), encoding="utf-8")
    return path


def test_last_round_forfeit_named_or_counted_as_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Not applied: 8 games (the bye and the forfeit do not count; 1.4.1c is for 9-round
    # events only): fewer than 9, no norm, and the reading is named with its option.
    path = _forfeit_event(tmp_path)
    code, out, _ = run(capsys, "norms", str(path), "--player", "1")
    assert code == 0 and "norm: none" in out
    assert "1.4.2c" in out and "--last-round-forfeit loss" in out
    # Counted as a game lost to the CZE GM: 9 games, Ra 2600, 6.5/9 = 72 % -> dp 166,
    # Rp 2766: a GM norm the player could afford.
    code, out, _ = run(capsys, "norms", str(path), "--player", "1", "--last-round-forfeit", "loss")
    assert code == 0 and "norm: GM" in out
    assert "used (1.4.2c: forfeit counted as lost)" in out
