"""``xlfuncs title`` and :mod:`xlfuncs.core.title_application`: a title application over
several events (Title Regulations B.01 1.5: "two or more norms in events covering at least
27 games" and the rating, 1.5.3; 1.4.1c-d, 1.7, 1.5.6; the texts in ``docs/title.md``).
Expected figures are worked by hand in the comments.

The GM event (:data:`GM9`): player 1 (ESP, 2500) meets 2600 GM GER, 2550 GM FRA, 2500 GM
NED, 2450 IM ENG, 2450 IM ESP, 2400 IM ITA, 2350 FM ESP, 2300 FM SUI and 2150 ESP, the
lowest raised to the GM floor 2200 (1.4.6): Ra = 21800 / 9 = 2422.2 -> 2422. 7/9 = 77.8 %
-> 78 %, dp 220, Rp 2642 >= 2600; 6.5/9 = 72 %, dp 166, Rp 2588 < 2600: the norm needs 7
points (also :func:`xlfuncs.core.norms.norm_points`' own example). Mix: 3 of 9 from ESP
(<= 5), 6 other federations (>= 2), 8 titled (>= 5), 3 GMs (>= 3).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run
from norm_events import Opp, fide_id_of, star_trf

from xlfuncs.core import InvalidInputError
from xlfuncs.core.title_application import check_application

STAR = fide_id_of(1)

GM9 = [
    (2600, "GM", "GER"),
    (2550, "GM", "FRA"),
    (2500, "GM", "NED"),
    (2450, "IM", "ENG"),
    (2450, "IM", "ESP"),
    (2400, "IM", "ITA"),
    (2350, "FM", "ESP"),
    (2300, "FM", "SUI"),
    (2150, "", "ESP"),
]

# 13 opponents, all 2500 GMs of 13 federations but the player's: Ra 2500; the norm needs Rp
# 2600, dp >= 100: 8.5/13 = 65.4 % -> 65 %, dp 110 makes it, 8/13 = 61.5 % -> 62 %, dp 85
# does not: 8.5 points needed.
GM13 = [
    (2500, "GM", fed)
    for fed in [
        "GER",
        "FRA",
        "NED",
        "ENG",
        "ITA",
        "SUI",
        "USA",
        "IND",
        "CHN",
        "NOR",
        "SWE",
        "POL",
        "HUN",
    ]
]


def _event(tmp_path: Path, name: str, opps: list[tuple[int, str, str]], points: float) -> str:
    """A file of the event *name* in which player 1 scores *points*: wins first, then draws
    (7 of 9: 5 wins and 4 draws)."""
    n, halves = len(opps), int(2 * points)
    wins = max(0, halves - n)  # wins and draws only: 2 w + d = halves, w + d = n
    draws = halves - 2 * wins
    results = ["1"] * wins + ["="] * draws + ["0"] * (n - wins - draws)
    text = star_trf([Opp(r, t, f, res) for (r, t, f), res in zip(opps, results, strict=True)])
    text = text.replace("012 Norm test", f"012 {name}")
    path = tmp_path / f"{name.lower().replace(' ', '-')}.trf"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, "title", *argv, "--format", "json")
    assert code == 0, err
    body: dict[str, object] = json.loads(out)
    return body


def _req(body: dict[str, object]) -> dict[str, tuple[object, object, object]]:
    rows = body["requirements"]
    assert isinstance(rows, list)
    return {r["key"]: (r["figure"], r["threshold"], r["met"]) for r in rows}


def test_three_nine_game_norms_make_27_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 1.5.1: three norms of 9 games = 27 games; rating 2510 >= 2500 (1.5.3)
    files = [_event(tmp_path, f"Open {i}", GM9, 7) for i in (1, 2, 3)]
    body = _json(capsys, *files, "--fide-id", STAR, "--title", "GM", "--peak-rating", "2510")
    req = _req(body)
    assert req["norms"] == (3, 2, True) and req["games"] == (27, 27, True)
    assert req["general"] == (3, 1, True) and req["rating"] == (2510, 2500, True)
    assert body["met"] is True
    norms = body["norms"]
    assert isinstance(norms, list)
    assert [(n["points_needed"], n["extra_games"], n["games"]) for n in norms] == [(7, 0, 9)] * 3
    code, out, _ = run(capsys, "title", *files, "--fide-id", STAR, "--title", "GM")
    assert code == 0
    assert "Rp" in out and "2642" in out and "2422" in out
    assert "not checked: needs the peak rating (--peak-rating)" in out
    assert "GM title: not yet (rating)" in out
    # what the files cannot say is named, file by file, as norms names it
    assert "open-1.trf: Registered with FIDE at least 30 days before the start (1.1.1)" in out
    assert "Assumed, or read from the files' records\n- open-1.trf: " in out


def test_two_nine_game_norms_are_18_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # two norms (>= 2) but 9 + 9 = 18 < 27 games; the rating 2490 < 2500
    files = [_event(tmp_path, f"Open {i}", GM9, 7) for i in (1, 2)]
    body = _json(capsys, *files, "--fide-id", STAR, "--title", "GM", "--peak-rating", "2490")
    req = _req(body)
    assert req["norms"] == (2, 2, True) and req["games"] == (18, 27, False)
    assert req["rating"] == (2490, 2500, False) and body["met"] is False


def test_extra_games_for_points_above_the_norm(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 1.4.1d: 13/13 against 8.5 needed: 4 full points above, 13 + 4 = 17 games; 9/9 against
    # 7 needed: 2 above, 9 + 2 = 11; 17 + 11 = 28 >= 27 with two norms (13 + 9 = 22 without)
    big = _event(tmp_path, "Big Open", GM13, 13)
    small = _event(tmp_path, "Small Open", GM9, 9)
    body = _json(capsys, big, small, "--fide-id", STAR, "--title", "GM", "--peak-rating", "2500")
    norms = body["norms"]
    assert isinstance(norms, list)
    got = [(n["points_needed"], n["games_credited"], n["extra_games"]) for n in norms]
    assert got == [(8.5, 13, 4), (7, 9, 2)]
    assert _req(body)["games"] == (28, 27, True) and body["met"] is True


def test_no_norm_from_an_event_meeting_the_general_requirement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 1.5.6: three norms, each from a national championship final (exempt, 1.4.3a): none
    # from an event meeting the general requirement
    files = [_event(tmp_path, f"Final {i}", GM9, 7) for i in (1, 2, 3)]
    argv = [*files, "--fide-id", STAR, "--title", "GM", "--peak-rating", "2500"]
    body = _json(capsys, *argv, "--event-type", "national-final")
    req = _req(body)
    assert req["games"] == (27, 27, True) and req["general"] == (0, 1, False)
    assert body["met"] is False


def test_an_event_without_the_norm_counts_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 6.5/9: Rp 2588 < 2600, no norm: it adds no norm and no games
    files = [_event(tmp_path, "Open 1", GM9, 7), _event(tmp_path, "Open 2", GM9, 6.5)]
    body = _json(capsys, *files, "--fide-id", STAR, "--title", "GM")
    req = _req(body)
    assert req["norms"] == (1, 2, False) and req["games"] == (9, 27, False)
    assert req["rating"] == (None, 2500, None)
    code, out, _ = run(capsys, "title", *files, "--fide-id", STAR, "--title", "GM", "--audit")
    assert code == 0 and "no: rp" in out and "GM: no norm" in out


def test_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    one = _event(tmp_path, "Open 1", GM9, 7)
    code, _, err = run(capsys, "title", one, str(tmp_path / "nope.trf"), "--fide-id", STAR,
                       "--title", "GM")  # fmt: skip
    assert code == 1 and "nope.trf: no such file" in err
    code, _, err = run(capsys, "title", one, "--fide-id", "12345", "--title", "GM")
    assert code == 2 and "--fide-id 12345: open-1.trf has no player with that FIDE id" in err
    copy = tmp_path / "copy.trf"
    copy.write_text(Path(one).read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = run(capsys, "title", one, str(copy), "--fide-id", STAR, "--title", "GM")
    assert code == 1 and "copy.trf: the same event as open-1.trf" in err
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "title", one, "--fide-id", STAR, "--title", "FM")
    assert exit_.value.code == 2 and "--title: invalid choice: 'FM'" in capsys.readouterr().err
    code, _, err = run(capsys, "title", one, "--fide-id", STAR, "--title", "GM",
                       "--peak-rating", "0")  # fmt: skip
    assert code == 2 and "--peak-rating" in err
    code, _, err = run(capsys, "title", one, "--fide-id", STAR, "--title", "GM", "--audit",
                       "--format", "json")  # fmt: skip
    assert code == 2 and "--audit is for the text" in err
    held = tmp_path / "held.trf"  # player 1 holds GM: no GM norm is checked
    held.write_text(
        Path(one).read_text(encoding="utf-8").replace("001    1 m    C", "001    1 m GM C")
    )
    code, _, err = run(capsys, "title", str(held), "--fide-id", STAR, "--title", "GM")
    assert code == 1 and "held.trf: no GM norm is checked for player no. 1" in err
    with pytest.raises(InvalidInputError, match="not a title gained by norms"):
        check_application("FM", [])
