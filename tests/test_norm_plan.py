"""The norm planner (``xlfuncs norms --plan``, :mod:`xlfuncs.core.norm_plan`) on two fields
worked by hand from the Title Regulations (B.01, 2024 text), and its Swiss choice of
opponents against trying every set on small random fields.

Figures used below: IM norm Ra >= 2230, Rp >= 2450, floor 2050; GM Ra >= 2380, Rp >= 2600,
floor 2200; WGM Ra >= 2180, Rp >= 2400, floor 2000 (1.4.6-1.4.8). Over 9 games: at most
floor(3/5 x 9) = 5 from the player's federation, floor(2/3 x 9) = 6 from one federation,
at least ceil(9/2) = 5 titled and ceil(9/3) = 3 with the norm's title or higher; over 10
games: 6, 6, 5 and 4 (1.4.3-1.4.5). dp from table 8.1(a): 55 % 36, 56 % 43, 57 % 50, 61 %
80, 67 % 125, 72 % 166, 73 % 175, 78 % 220.

**The Costa Verde round robin** (``tests/data/plan/costa_verde_rr_field.txt``, host ESP,
10 players, 9 rounds): three foreigners, GM FRA 2550, GM GER 2520, IM ITA 2450, and seven
of ESP: IM 2440, IM 2420, FM 2380, FM 2350, untitled 2330 (no. 8), WIM 2300 (no. 9, a
woman), untitled 2280 (no. 10). Every ESP player meets 6 ESP opponents, one more than the 5
allowed: the field lacks one foreign player.

No. 8 (Molina, 2330): opponents 2550 + 2520 + 2450 + 2440 + 2420 + 2380 + 2350 + 2300 +
2280 = 21690, Ra 2410 (the lowest, 2280, above every floor). Titled 8 (all but no. 10),
IM or higher 5 (nos. 1-5), GM 2, other federations FRA, GER, ITA. IM: Rp 2450 needs dp >= 40:
5/9 = 55.6 % -> 56 %, dp 43, Rp 2453; 4.5/9 = 50 %, dp 0: 5 points; blocked by 6 ESP > 5.
GM: dp >= 190: 6.5/9 -> 72 %, 166; 7/9 -> 78 %, 220: 7 points; blocked by 6 ESP and 2 GMs < 3.

With one more GM (2500, a new federation) the round robin has 11 players, 10 games each:
6 ESP opponents <= 6; no. 8's Ra (21690 + 2500) / 10 = 2419, IM dp >= 31: 5.5/10 = 55 %, 36:
5.5 points. The IM norm opens for every ESP player without it (nos. 6-10) and the WGM norm
for no. 9; the GM norm stays closed (3 GMs < 4 of 10).

**The Riverside open** (``tests/data/plan/riverside_open_field.csv``, a 9-round Swiss, host
ESP): no. 1 Pena (ESP 2300, untitled), ten more of ESP (GM 2500 x 2, IM 2420 x 4, FM 2350
x 4), and twenty foreign rated players from FRA (8), POR (6) and ITA (6): nine WIMs of 1900
and eleven untitled of 1800. 1.4.3d needs 20 rated foreigners from 3 federations, 10 of them
GM/IM/WGM/WIM: 20, 3 and 9, so not met.

Pena's IM norm without 1.4.3d: at most 5 ESP opponents, the strongest 2500 + 2500 + 2420 x 3
= 12260, and 4 foreigners at best 1900 each, the lowest raised to the floor 2050: 12260 +
7600 + 150 = 20010, Ra 2223 < 2230. Blocked by the average rating the mix allows.

With one more WIM of FRA (1900): 10 titled foreigners, 1.4.3d met, no federation limit: the
strongest 9 are ESP, 2 x 2500 + 4 x 2420 + 3 x 2350 = 21730, Ra 2414; IM dp >= 36: 5/9 ->
56 %, 43: 5 points. One more untitled FRA player (1900) changes nothing (still 9 titled).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from budget import examples
from cli_support import run
from hypothesis import given, settings
from hypothesis import strategies as st

from xlfuncs.core.norm_plan import (
    Addition,
    NormPlan,
    PlanPlayer,
    PlanSetting,
    addition_effects,
    plan_norms,
)
from xlfuncs.core.norms import NORM_TITLES, NormOpponent, norm_mix, norm_ra, raised_total
from xlfuncs.core.title_editions import title_edition
from xlfuncs.trf.plan_field import FieldFileError, PlanField, parse_field_csv, read_plan_field

DATA = Path(__file__).parent / "data" / "plan"
RR = DATA / "costa_verde_rr_field.txt"
OPEN = DATA / "riverside_open_field.csv"
REAL = Path(__file__).parent / "data" / "real" / "karl-mala-2005.trf"
RULES = title_edition("2026-03-02")


def _read(path: Path) -> PlanField:
    return read_plan_field(path.read_bytes(), source=path.name)


@pytest.fixture(scope="module")
def rr_field() -> PlanField:
    return _read(RR)


@pytest.fixture(scope="module")
def rr_plan(rr_field: PlanField) -> NormPlan:
    return plan_norms(rr_field.players, PlanSetting("rr"), RULES)


@pytest.fixture(scope="module")
def open_players() -> tuple[PlanPlayer, ...]:
    return _read(OPEN).players


SWISS = PlanSetting("swiss", rounds=9, host_federation="ESP")


def test_the_trf_field_is_read(rr_field: PlanField) -> None:
    assert rr_field.name == "Fictional Costa Verde Invitational 2026"
    assert (rr_field.host_federation, rr_field.system, rr_field.rounds) == ("ESP", "rr", None)
    assert rr_field.players[8] == PlanPlayer("Castro, Lucia", 2300, "WIM", "ESP", True, 9)
    assert RULES.id == "2024"  # the Title Regulations in force on the event's first day


def test_round_robin_lacking_one_foreign_player(rr_plan: NormPlan) -> None:
    assert rr_plan.games == 9
    molina = rr_plan.players[7]
    im, gm = molina.chance("IM"), molina.chance("GM")
    assert im is not None and gm is not None
    assert (im.possible, im.ra, im.points) == (False, 2410, Fraction(5))
    assert [(b.key, b.kind) for b in im.blockers] == [("own_federation", "the federation mix")]
    assert (gm.possible, gm.points) == (False, Fraction(7))
    assert {b.key for b in gm.blockers} == {"own_federation", "title_or_higher"}
    assert gm.blocked_by == ("the federation mix", "too few title holders")
    # no. 3 (IM, ITA) meets 7 ESP players: more than 6 from one federation, and 2 GMs
    ricci = rr_plan.players[2].chance("GM")
    assert ricci is not None
    assert {b.key for b in ricci.blockers} == {"one_federation", "title_or_higher"}
    # the GMs seek no norm; no norm at all is possible in this field
    assert rr_plan.players[0].chances == () and rr_plan.possible() == frozenset()


def test_one_more_foreign_gm_opens_the_im_norms(rr_field: PlanField, rr_plan: NormPlan) -> None:
    (gm,) = addition_effects(
        rr_field.players, PlanSetting("rr"), RULES, [Addition("GM", 2500)], base=rr_plan
    )
    assert gm.federation == "XAA"  # a federation no player has
    assert gm.made_possible == ((6, "IM"), (7, "IM"), (8, "IM"), (9, "IM"), (9, "WGM"), (10, "IM"))
    assert gm.lost == ()
    bigger = plan_norms(
        [*rr_field.players, PlanPlayer("GM", 2500, "GM", "XAA")], PlanSetting("rr"), RULES
    )
    im = bigger.players[7].chance("IM")
    assert im is not None and (im.possible, im.games, im.ra, im.points) == (
        True,
        10,
        2419,
        Fraction(11, 2),
    )


def test_a_swiss_that_needs_the_big_swiss_exemption(open_players: tuple[PlanPlayer, ...]) -> None:
    plan = plan_norms(open_players, SWISS, RULES)
    bs = plan.big_swiss
    assert bs is not None and (bs.players, bs.federations, bs.titled, bs.met) == (20, 3, 9, False)
    pena = plan.players[0].chance("IM")
    assert pena is not None and (pena.possible, pena.ra, pena.points) == (False, 2223, None)
    assert [b.key for b in pena.blockers] == ["ra"]
    assert "meet the mix" in pena.blockers[0].text
    wim, untitled = addition_effects(
        open_players,
        SWISS,
        RULES,
        [Addition("WIM", 1900, "FRA"), Addition("", 1900, "FRA")],
        base=plan,
    )
    assert (1, "IM") in wim.made_possible and untitled.made_possible == ()
    exempt = plan_norms([*open_players, PlanPlayer("WIM", 1900, "WIM", "FRA", True)], SWISS, RULES)
    assert exempt.big_swiss is not None and exempt.big_swiss.met
    pena = exempt.players[0].chance("IM")
    assert pena is not None
    assert (pena.possible, pena.ra, pena.points, pena.exemption) == (
        True,
        2414,
        Fraction(5),
        "1.4.3d",
    )
    assert (
        sorted(open_players[j - 1].rating or 0 for j in pena.opponents)
        == [2350] * 3 + [2420] * 4 + [2500] * 2
    )


def test_a_swiss_without_its_host_federation_has_no_exemption(
    open_players: tuple[PlanPlayer, ...],
) -> None:
    # no host federation: 1.4.3d not considered, even with the tenth WIM
    field = [*open_players, PlanPlayer("WIM", 1900, "WIM", "FRA", True)]
    plan = plan_norms(field, PlanSetting("swiss", rounds=9), RULES)
    pena = plan.players[0].chance("IM")
    assert plan.big_swiss is None and pena is not None and not pena.possible


def test_a_foreign_player_of_the_open(open_players: tuple[PlanPlayer, ...]) -> None:
    # no. 12, a FRA WIM of 1900: at most 6 ESP opponents (2 x 2500 + 4 x 2420 = 14680), then
    # the best foreigners, three WIMs of 1900, the lowest raised to the IM floor 2050: 20530,
    # Ra 2281; dp >= 169: 6.5/9 -> 72 %, 166; 7/9 -> 78 %: 7 points. WGM (floor 2000): 20480,
    # Ra 2276, dp >= 124: 6/9 -> 67 %, 125: 6 points.
    plan = plan_norms(open_players, SWISS, RULES)
    im, wgm = plan.players[11].chance("IM"), plan.players[11].chance("WGM")
    assert im is not None and (im.possible, im.ra, im.points) == (True, 2281, Fraction(7))
    assert wgm is not None and (wgm.possible, wgm.ra, wgm.points) == (True, 2276, Fraction(6))


def test_too_few_rounds_and_too_few_players() -> None:
    field = [PlanPlayer(f"P{i}", 2500, "GM", f"F{i:02d}") for i in range(12)]
    field[0] = PlanPlayer("Me", 2300, "", "ESP")
    short = plan_norms(field, PlanSetting("swiss", rounds=7), RULES).players[0].chances[0]
    assert [b.key for b in short.blockers] == ["games"] and not short.possible
    long = plan_norms(field, PlanSetting("swiss", rounds=13), RULES).players[0].chances[0]
    assert [b.key for b in long.blockers] == ["field"] and "11 opponents" in long.blockers[0].text


# ------------------------------------------------------------------ the Swiss choice

_FEDS = ("ESP", "FRA", "GER", "")
_TITLES = ("GM", "IM", "FM", "WIM", "")


@st.composite
def _fields(draw: st.DrawFn) -> list[PlanPlayer]:
    size = draw(st.integers(10, 11))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    return [
        PlanPlayer(
            f"P{i}",
            rng.choice([None, *range(2000, 2700, 25)]),
            rng.choice(_TITLES),
            rng.choice(_FEDS),
        )
        for i in range(size)
    ]


def _best_ra(field: list[PlanPlayer], title: str) -> int | None:
    """The highest Ra of any 9 opponents of player 1 that meet the mix (no exemption)."""
    t = NORM_TITLES[title]
    me = field[0]
    best = None
    for group in combinations(field[1:], 9):
        opps = [NormOpponent(p.rating, p.title, p.federation) for p in group]
        mix = norm_mix(opps, me.federation, t)
        if all(c.met for c in mix.checks[1:]):
            values = [RULES.unrated_opponent if p.rating is None else p.rating for p in group]
            ra = norm_ra(raised_total(values, t), 9)
            best = ra if best is None else max(best, ra)
    return best


@settings(max_examples=examples(25), deadline=None)
@given(_fields())
def test_the_swiss_choice_finds_the_strongest_set(field: list[PlanPlayer]) -> None:
    field[0] = PlanPlayer("Me", 2300, "", field[0].federation or "ESP")
    plan = plan_norms(field, PlanSetting("swiss", rounds=9), RULES)
    for title in ("GM", "IM"):
        chance = plan.players[0].chance(title)
        assert chance is not None
        best = _best_ra(field, title)
        least = NORM_TITLES[title].min_ra
        if chance.ra is None:  # a requirement alone, or together, no set of opponents meets
            assert not chance.possible and chance.blockers
            assert best is None or best < least
        else:
            assert chance.ra == best
            assert chance.possible == (best >= least)


# ------------------------------------------------------------------ the reader and the command


def test_the_csv_reader_names_line_and_column() -> None:
    with pytest.raises(FieldFileError, match=r"f.csv, line 3, column 2 \(rating\)"):
        parse_field_csv("name,rating\nA,2400\nB,24x0\n", source="f.csv")
    with pytest.raises(FieldFileError, match=r"line 2, column 3 \(title\).*'GX'"):
        parse_field_csv("name,rating,title\nA,2400,GX\n", source="f.csv")
    with pytest.raises(FieldFileError, match=r"line 1, column 2 \(header\)"):
        parse_field_csv("name,elo\n", source="f.csv")
    assert parse_field_csv("# a comment\nName,Rating,Fed,Title\nA,0,esp,wm\n") == (
        PlanPlayer("A", None, "WIM", "ESP", start_no=1),
    )


def test_the_command_prints_the_plan(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "norms", "--plan", str(RR), "--add", "GM:2500")
    assert code == 0 and err == ""
    assert "10 players; round robin, 9 rounds, 9 games each; Title Regulations 2024" in out
    assert "+ a GM rated 2500 from a federation not in the field (XAA): makes the IM norm " in out
    assert "possible for 5 players (no. 6, 7, 8, 9, 10)" in out
    code, out, _ = run(capsys, "norms", "--plan", str(RR), "--add", "GM:2500", "--format", "json")
    plan = json.loads(out)
    molina = plan["players"][7]["norms"][1]
    assert (molina["title"], molina["possible"], molina["points_needed"], molina["ra"]) == (
        "IM",
        False,
        5,
        2410,
    )
    assert plan["additions"][0]["makes_possible"][0] == {"no": 6, "title": "IM"}


def test_a_real_file_s_field(capsys: pytest.CaptureFixture[str]) -> None:
    # FIDE's example TRF (a 7-round Swiss of 2005, results and all): its field read, the
    # bye's pseudo-player (no. 284, spielfrei) left out, the results not read (said), and
    # its 7 rounds too few for any norm (1.4.1: 9 games)
    field = _read(REAL)
    assert len(field.players) == 283 and field.players[-1].start_no == 283
    assert any("no. 284 (spielfrei)" in w.message for w in field.warnings)
    assert any("results in the file not read" in w.message for w in field.warnings)
    code, out, err = run(capsys, "norms", "--plan", str(REAL), "--rounds", "7", "--add", "GM:2600")
    assert code == 0 and "spielfrei" in err
    assert " yes " not in out and "7 rounds (needs at least 9 games) (1.4.1)" in out


def test_the_command_refuses_what_it_cannot_plan(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "norms", "--plan", str(OPEN))
    assert code == 2 and "--system" in err
    code, _, err = run(capsys, "norms", "--plan", str(OPEN), "--system", "swiss")
    assert code == 2 and "--rounds" in err
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nA,9999\n", encoding="utf-8")
    code, _, err = run(capsys, "norms", "--plan", str(bad), "--system", "rr")
    assert code == 1 and "bad.csv, line 2, column 2 (rating)" in err
    code, _, err = run(capsys, "norms", str(RR), "--add", "GM:2500")
    assert code == 2 and "--add goes with --plan" in err
    code, _, err = run(capsys, "norms", "--plan", str(RR), "--registered", "yes")
    assert code == 2 and "--plan does not take --registered" in err
