"""The tie-break codes C.07 defines and those it does not: every code of Article 5 is
computed (the team ones for teams), the others refused with the article that rules them
out (``docs/tiebreaks.md``, *Codes C.07 does not give a player*).

- ``MPvGP`` (13.1, "Match Points or Game Points"): the score that is not the primary one;
  Held's exercise 34 ranks his 14 teams by match points, then by it (his order, page 53:
  5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12), and FIDE's engine gacrux gives its value
  (``MPVGP``) in an event ranked by match points first.
- For a player: the team tie-breaks (Articles 11-13: ``MPvGP``, ``ESB`` and its four forms,
  ``EDE`` and its board forms, ``SSSC``, ``BC``, ``TBR``, ``BBE``) and the codes gacrux
  lists that Article 5 does not (``VUR``, a voluntary unplayed round, Article 16.1.2;
  ``COD``, ``COP``, the colour difference and preference of the pairing rules; ``CHP``).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run
from gacrux_teams import gacrux_teams

from xlfuncs.core.results import Outcome
from xlfuncs.core.teams import Team, TeamStandings, team_descriptor, team_standings
from xlfuncs.core.tiebreaks import REFUSED, TiebreakError, parse_descriptor
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing
from xlfuncs.event import analyse_event
from xlfuncs.findings import messages
from xlfuncs.trf import parse_trf, read_trf
from xlfuncs.trf.teams import event_teams

DATA = Path(__file__).parent / "data"
HELD = DATA / "trf2026" / "held-team-exercise.txt"
SWISS = DATA / "tiebreakserver" / "held_swiss_5.trf"

HELD_34 = [5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12]
"""Held, *Exercises in Tie-Breaking*, exercise 34 (a): match points, then MPvGP."""


def _held(text: str, descriptors: tuple[str, ...]) -> TeamStandings:
    t = parse_trf(text)
    event = analyse_event(t)
    s = event_teams(t, event.read, event.counted_rounds, descriptors=descriptors)
    assert s is not None
    return s


def test_mpvgp_is_the_other_score_held_34() -> None:
    s = _held(HELD.read_text(encoding="utf-8"), ("MPvGP",))
    assert [s.teams[i].number for i in s.order()] == HELD_34
    assert [v[0] for v in s.values] == list(s.game_points)
    theirs = gacrux_teams(HELD, ("MPTS", "MPVGP"), "2025-05-01")
    for team, values in zip(s.teams, s.values):
        assert values[0] == theirs[team.number][1]


def test_mpvgp_in_an_event_ranked_by_game_points_is_match_points(tmp_path: Path) -> None:
    """Record 192 naming game points first: the other score is match points (C.07 13.1),
    as gacrux gives it."""
    text = HELD.read_text(encoding="utf-8").replace(
        "192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_TYPEA_GP_MP"
    )
    s = _held(text, ("MPvGP",))
    assert s.primary == "GP"
    assert [v[0] for v in s.values] == list(s.match_points)
    path = tmp_path / "held-gp-first.trf"
    path.write_text(text, encoding="utf-8")
    theirs = gacrux_teams(path, ("GPTS", "MPVGP"), "2025-05-01")
    assert [v[0] for v in s.values] == [theirs[t.number][1] for t in s.teams]


@pytest.mark.parametrize("text", ["mpvgp", "MPvGP", " MPVGP "])
def test_mpvgp_spellings(text: str) -> None:
    assert team_descriptor(text) == "MPvGP"


@pytest.mark.parametrize("text", ["MPvGP:GP", "MPvGP/C1"])
def test_mpvgp_takes_no_modifier(text: str) -> None:
    with pytest.raises(TiebreakError, match=r"13\.1"):
        team_descriptor(text)


@pytest.mark.parametrize(
    ("code", "article"),
    [
        ("MPvGP", "C.07 13.1"),
        ("ESB", "C.07 13.2"),
        ("ESB/C1", "C.07 13.2"),
        ("EMGSB", "C.07 13.2"),
        ("EGMSB", "C.07 13.2"),
        ("EDE", "C.07 13.3"),
        ("EDEBT", "C.07 13.3.2"),
        ("SSSC", "C.07 13.4"),
        ("BC", "C.07 12.1"),
        ("TBR", "C.07 12.2"),
        ("BBE", "C.07 12.3"),
        ("VUR", "Article 16.1.2"),
        ("COD", "(C.04)"),
        ("COP", "(C.04)"),
        ("CHP", "Article 5's table"),
    ],
)
def test_a_player_s_code_c07_does_not_give_is_refused_with_its_article(
    code: str, article: str
) -> None:
    with pytest.raises(TiebreakError) as exc:
        parse_descriptor(code)
    assert article in str(exc.value)
    assert "unknown code" not in str(exc.value)


def test_every_refused_code_is_not_a_player_s_code() -> None:
    for code in REFUSED:
        with pytest.raises(TiebreakError):
            parse_descriptor(code)


def test_the_team_standing_refuses_vur_with_its_article() -> None:
    with pytest.raises(TiebreakError, match=r"16\.1\.2"):
        team_descriptor("VUR")


def test_the_report_refuses_a_team_code_for_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``report --tiebreaks ESB`` on an individual event: refused, the article named, no
    traceback."""
    code, _, err = run(capsys, "report", str(SWISS), "--tiebreaks", "BH, ESB")
    assert code == 2
    assert "--tiebreaks: ESB (C.07 13.2): a team tie-break, which ranks no player" in err
    assert "Traceback" not in err


def test_the_report_refuses_vur_with_its_article(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "report", str(SWISS), "--tiebreaks", "BH, VUR")
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "tie-break 'VUR': not a tie-break of C.07" in err and "16.1.2" in err
    assert "Traceback" not in err


def test_a_file_list_naming_vur_is_a_warning() -> None:
    """A file's 202 list naming ``VUR``: a value, not the file's structure: a warning with
    the article, the players ranked by the default."""
    text = SWISS.read_text(encoding="latin-1")
    lines = text.splitlines(keepends=True)
    lines.insert(1, "202 BH, VUR\n")
    t = parse_trf("".join(lines))
    event = analyse_event(t)
    said = " ".join(str(w) for w in messages(event.warnings))
    assert "16.1.2" in said, said


@pytest.mark.parametrize("text", ["BH/C", "ARO/U", "KS/L+"])
def test_a_modifier_of_thousands_of_digits_is_refused(text: str) -> None:
    # 5000 digits: more than Python's int reads from text (4300); no cut, Koya limit or
    # rating has so many: the descriptor is refused, as any modifier that is not a number
    with pytest.raises(TiebreakError, match="needs"):
        parse_descriptor(text + "9" * 5000)
    assert parse_descriptor(text + "0" * 5000 + "1").text == text + "1"


def test_sssc_of_a_factor_of_thousands_of_digits_is_refused() -> None:
    # SSSC/Kn (MTB26): a whole number, 1 or more; 5000 digits (more than Python's int reads
    # from text) are refused as no number, naming the modifier
    with pytest.raises(TiebreakError, match=r"\(a whole number, 1 or more: SSSC/K2\), not /K99"):
        team_descriptor("SSSC/K" + "9" * 5000)
    assert team_descriptor("SSSC/K" + "0" * 5000 + "2") == "SSSC/K2"


@pytest.mark.parametrize(("code", "first", "column"), [("202", "", 5), ("212", "PTS,", 9)])
def test_a_file_list_with_a_modifier_of_thousands_of_digits_is_a_warning(
    code: str, first: str, column: int
) -> None:
    """A file's list (C.07 202, TRF-2026 212) whose cut has 5000 digits: a value, a warning
    naming the line and the list's columns; the players are ranked by the defaults."""
    lines = SWISS.read_text(encoding="latin-1").splitlines(keepends=True)
    lines.insert(1, f"{code} {first}BH/C{'9' * 5000},SB\n")
    event = analyse_event(parse_trf("".join(lines)))
    at = f"record {code}, line 2, columns {column}-{column + 5003}"  # 'BH/C', 5000 digits
    found = [w for w in event.warnings if at in w.message]
    assert [w.line for w in found] == [2], [w.message[:90] for w in event.warnings]
    assert "expected a C.07 tie-break, found 'BH/C999" in found[0].message


def _forfeit_between_tied_teams() -> tuple[Crosstable, list[Team]]:
    """Four teams of one board (players 1-4: teams A-D), two rounds. Round 1: A beats B by
    forfeit, D beats C; round 2: D beats A, B beats C. A and B have 2 match points and 1
    game point each; their one meeting is the forfeit."""
    W, L, FW, FL = Outcome.WIN, Outcome.LOSS, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
    ct = Crosstable.build(
        [
            Entrant(None, (Pairing(2, FW, "w"), Pairing(4, L, "b"))),
            Entrant(None, (Pairing(1, FL, "b"), Pairing(3, W, "w"))),
            Entrant(None, (Pairing(4, L, "w"), Pairing(2, L, "b"))),
            Entrant(None, (Pairing(3, W, "b"), Pairing(1, W, "w"))),
        ]
    )
    return ct, [Team(n, f"T{n}", (n,)) for n in range(1, 5)]


def test_ede_p_counts_a_forfeited_match() -> None:
    """C.07 13.3 applies direct encounter (Article 6), whose 6.1.1 leaves forfeits out
    unless the regulations count them: ``EDE`` leaves A-B's forfeit out (A and B not
    separated: 0), ``EDE/P`` (MTB26: "EDE + /P") counts it: A first among the two."""
    ct, teams = _forfeit_between_tied_teams()
    plain = team_standings(ct, teams, 2, descriptors=("EDE",))
    counted = team_standings(ct, teams, 2, descriptors=("EDE/P",))
    assert plain.match_points[:2] == (Fraction(2), Fraction(2))
    assert [v[0] for v in plain.values][:2] == [0, 0]
    assert [v[0] for v in counted.values][:2] == [1, 2]
    assert counted.ranks[:2] == (2, 3)
    assert team_descriptor("edet/p:gp") == "EDET/P:GP"
    with pytest.raises(TiebreakError):
        team_descriptor("EDE/C1")


SSSC_FORMS = (
    ("SSSC/F", "SSSC/F"), ("SSSC/P", "SSSC/P"), ("SSSC/K3", "SSSC/K3"),
    ("SSSC/F/K2", "SSSC/F/K2"), ("SSSC/F:GP", "SSSC:GP/F"), ("SSSC/K10:GP", "SSSC:GP/K10"),
    ("EMGSB/C2", "EMGSB/C2"), ("EGMSB/P", "EGMSB/P"), ("EMGSB/C1/P", "EMGSB/C1/P"),
)  # fmt: skip
"""The forms MTB26 gives C.07 13.2 and 13.4 (``/F`` the Fore Buchholz, ``/P`` forfeits as
played, ``/Kx`` the normalising factor; ``/C1``, ``/C2``, ``/P``), as ours and gacrux write
them."""


def test_the_forms_of_sssc_and_esb_are_gacrux_s() -> None:
    """Held's team file under the 2026 text: 14 teams x 9 forms (126 values), gacrux's."""
    t = read_trf(HELD)
    event = analyse_event(t)
    ours = [d for d, _ in SSSC_FORMS]
    s = event_teams(t, event.read, event.counted_rounds, descriptors=ours, edition="2026")
    assert s is not None
    theirs = gacrux_teams(HELD, ("MPTS", *(g for _, g in SSSC_FORMS)), "2026-05-01")
    wrong = [
        (team.number, d, mine, want)
        for team, values in zip(s.teams, s.values)
        for d, mine, want in zip(ours, values, theirs[team.number][1:])
        if mine != want
    ]
    assert (len(s.teams) * len(ours), wrong) == (126, [])
    plain = event_teams(t, event.read, event.counted_rounds, descriptors=["SSSC"], edition="2026")
    assert plain is not None
    k = ours.index("SSSC/K3")
    # /K3: the game points plus BH / 3 (the text's factor is floor(2 x 7 / 4) = 3 here too)
    assert [v[k] for v in s.values] == [v[0] for v in plain.values]


@pytest.mark.parametrize("text", ["SSSC/K0", "SSSC/X", "SSSC/F/F", "SSSC/K2/K3"])
def test_sssc_refuses_another_modifier(text: str) -> None:
    with pytest.raises(TiebreakError, match="SSSC takes /F"):
        team_descriptor(text)
