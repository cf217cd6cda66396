"""``xlfuncs norms``: the text, the JSON, one player's audit, the certificate workbook and
the forecast. Expected figures are worked by hand from the Title Regulations (B.01, 2024
text) in the comments.

The demo round robin (``xlfuncs/data/demo_round_robin.trf``, host ENG, 9 rounds): no. 8
Hoffmann (GER, 2270, untitled) scored 6.5 against 2478, 2431, 2402, 2365, 2341, 2318, 2296,
2244 and the unrated no. 10, who counts 1400 and, the lowest, is raised to the IM floor 2050
(1.4.6): Ra = 20925 / 9 = 2325; 6.5/9 = 72.2 % -> 72 % -> dp 166; Rp 2491 >= 2450; Ra 2325 >=
2230. Mix: 9 federations, none GER; titled 8 of 9 (>= 5; no. 10 untitled); GM or IM 4 (nos.
1, 2, 3, 7; >= 3). An IM norm; a GM norm needs Ra 2380.
"""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources
from pathlib import Path

import openpyxl
import pytest
from cli_support import run
from norm_events import Opp, star_event
from render import needs_render, pdf_text, to_pdf

from xlfuncs.norm_report import build_norm_report
from xlfuncs.norm_report.forecast import forecast

DEMO_RR = str(resources.files("xlfuncs") / "data" / "demo_round_robin.trf")


def test_text_lists_norms_unchecked_and_assumed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "norms", DEMO_RR)
    assert code == 0
    norms = out.split("\nNorms\n")[1].split("\n\n")[0]
    assert (
        "no. 8 Hoffmann, Jürgen (GER, 2270): IM norm, 6.5/9 games, Ra 2325, 72 %, Rp 2491" in norms
    )
    assert "Not checked from the file" in out and "(--registered yes|no)" in out
    assert (
        "Assumed, or read from the file" in out
        and "host federation: ENG, from the file (032)" in out
    )


def test_options_say_what_the_file_cannot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "norms", DEMO_RR, "--rate", "standard", "--registered", "yes", "--format", "json"
    )
    assert code == 0
    rows = {p["start_no"]: p for p in json.loads(out)}
    hoffmann = rows[8]
    assert hoffmann["norm"] == "IM"
    check = hoffmann["norm_check"]
    assert (check["ra"], check["percent"], check["dp"], check["rp"]) == (2325, 72, 166, 2491)
    req = {r["key"]: (r["figure"], r["threshold"], r["met"]) for r in check["requirements"]}
    assert req["titled"] == (8, 5, True) and req["title_or_higher"] == (4, 3, True)
    assert req["rate_of_play"] == ("standard", "standard", True)
    assert req["registration"] == ("yes", "yes", True)
    assert req["chief_arbiter"] == ("IA", "IA or FA", True)  # "102 IA Henrietta Marsh"
    # a rapid event makes no norm
    _, out, _ = run(capsys, "norms", DEMO_RR, "--rate", "rapid", "--format", "json")
    assert all(p["norm"] is None for p in json.loads(out))


def test_player_audit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "norms", DEMO_RR, "--player", "8")
    assert code == 0
    assert "norm: IM" in out and "IM: NORM" in out and "GM: no norm" in out
    assert "Average rating of the opponents" in out and "not checked: needs" in out
    code, _, err = run(capsys, "norms", DEMO_RR, "--player", "99")
    assert code == 2 and "--player 99: demo_round_robin.trf has no player of starting rank" in err


def test_certificate(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "it1.xlsx"
    code, out, _ = run(capsys, "norms", DEMO_RR, "--certificate", "8", "-o", str(target))
    assert code == 0 and target.exists()
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    cells = [str(c) for row in ws.iter_rows(values_only=True) for c in row if c is not None]
    assert "Certificate of title result: IM norm" in cells
    assert "Hoffmann, Jürgen" in cells and "Ødegaard, Sindre" in cells
    assert "IM norm: every requirement checked is met" in cells
    # an existing file is not replaced without --force; -o is needed
    assert run(capsys, "norms", DEMO_RR, "--certificate", "8", "-o", str(target))[0] == 1
    assert run(capsys, "norms", DEMO_RR, "--certificate", "8")[0] == 2


@needs_render
@pytest.mark.slow
def test_certificate_prints_on_one_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "it1.xlsx"
    assert run(capsys, "norms", DEMO_RR, "--certificate", "9", "-o", str(target))[0] == 0
    text = pdf_text(to_pdf(target, tmp_path))
    assert text.count("\f") <= 1  # one page
    assert "WGM norm" in text and "Chief arbiter" in text and "signature" in text


def test_forecast() -> None:
    # 7 rounds of 9 played, 4.5 points against seven 2500s (the mix made so far: 3 GMs, 7
    # titled, 7 federations). The two opponents to come are assumed at 2500 (the average so
    # far), so 9 games at Ra 2500: Rp >= 2600 needs dp >= 100, p >= 64 % (63 %: 95, 64 %:
    # 102), score >= .635 x 9 = 5.715 -> 6 (6/9 = 67 % -> 2625; 5.5/9 = 61 % -> 2580). 6 - 4.5
    # = 1.5 of the 2 rounds left.
    titles = ["GM", "GM", "GM", "IM", "IM", "FM", "FM"]
    feds = ["GER", "FRA", "NED", "ITA", "ENG", "NOR", "SWE"]
    results = ["1", "1", "1", "=", "=", "=", "0"]
    t = star_event([Opp(2500, ti, f, r) for ti, f, r in zip(titles, feds, results)])
    found = [
        f for f in forecast(build_norm_report(t, rate="standard"), rounds=9) if f.start_no == 1
    ]
    assert len(found) == 1
    f = found[0]
    assert (f.start_no, f.title, f.remaining, f.assumed_rating) == (1, "GM", 2, 2500)
    assert (f.points, f.needed) == (Fraction(9, 2), Fraction(3, 2))
    done = forecast(build_norm_report(t, rate="standard"))  # 7 rounds: none left for no. 1
    assert all(f.start_no != 1 for f in done)


def test_rating_list_gives_titles_and_federations(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The file says opponent 703303 (Leko) is an untitled ENG player; FIDE's list
    # (tests/data/ratinglist/players_list_foa.txt, a real line) says GM, HUN.
    from norm_events import player_line

    lines = [
        "012 List test",
        "042 2025/05/10",
        player_line(1, "Candidate, Test", 2500, ["   2 w 1"], fed="ESP"),
        player_line(2, "Leko, Peter", 2676, ["   1 b 0"], fed="ENG", fide_id="703303"),
    ]
    trf = tmp_path / "list.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rating_list = Path(__file__).resolve().parent / "data" / "ratinglist" / "players_list_foa.txt"
    code, out, err = run(
        capsys, "norms", str(trf), "--rating-list", str(rating_list), "--player", "1"
    )
    assert code == 0, err
    leko = next(line for line in out.splitlines() if "Leko, Peter" in line)
    assert " GM " in leko and " HUN " in leko
    assert "from the rating list for 1 player, from the file for 1" in out
    code, _, err = run(capsys, "norms", str(trf), "--rating-list", str(tmp_path / "none.txt"))
    assert code == 1 and "cannot read" in err
