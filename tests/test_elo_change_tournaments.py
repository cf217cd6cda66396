"""ELO_CHANGE and ELO_DETAIL over several tournaments of one rating period.

Rule (Rating Regulations B.02, 2022 text, 8.3.1; ``docs/fide-rules.md``, "Editions"): a
rating difference of more than 400 points counts as 400, but in one **tournament** a player
benefits from at most one such upgrade, the game with the largest difference. The change
for the rating period is K x sum(W - PD), rounded once (0.5 away from zero). The optional
last argument labels each game's tournament; games with the same label form one tournament.
The rating calculator's use of it (one label per block) is checked in
``test_templates_player.py``, beside the calculator's other recalculations.

Table 8.1(b): D 392-411 -> PD .92; D 736 and more -> 1.00.
"""

from __future__ import annotations

import pytest

from xlfuncs import excel, udfs

TWO = [[1000.0], [1000.0]]
WINS = [[1.0], [1.0]]


def test_one_tournament_benefits_from_one_upgrade() -> None:
    # 2000 beats two 1000s in one tournament, K 20, 2022 rules. Difference 1000 > 400: one
    # game (the first of the two equal largest) counts at 2000 - 400 = 1600: D 400, PD .92,
    # W - PD = .08; the other at its own 1000: D 1000, PD 1.00, W - PD = 0.
    # K x sum = 20 x .08 = 1.6 (rounded: 2).
    assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, 2022.0, False) == pytest.approx(1.6)
    assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, 2022.0) == 2


def test_two_tournaments_benefit_from_one_upgrade_each() -> None:
    # The same games in two tournaments (labels A and B): each has its one upgrade, PD .92:
    # K x sum = 20 x (.08 + .08) = 3.2, rounded once: 3. Old answer: 1.6 (no way to say
    # where a tournament starts: one call was one tournament).
    labels = [["A"], ["B"]]
    assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, 2022.0, False, labels) == pytest.approx(3.2)
    assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, 2022.0, None, labels) == 3
    assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, 2022.0, True, [[1.0], [2.0]]) == 3


def test_same_label_and_blank_labels_are_one_tournament() -> None:
    # "Open" and " open " are one label (blanks around and case ignored); all blank: one
    # tournament; 1 and "1" are one label. Each: 1.6, as above.
    for labels in ([["Open"], [" open "]], [[None], [""]], [[1.0], ["1"]]):
        assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, 2022.0, False, labels) == pytest.approx(1.6)


def test_other_editions_cap_every_game() -> None:
    # 2017 and 2024: every game's difference capped at 400, labels or not: 20 x .16 = 3.2.
    for rules in (2017.0, 2024.0):
        assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, rules, False) == pytest.approx(3.2)
        assert udfs.ELO_CHANGE(
            2000.0, TWO, WINS, 20.0, rules, False, [["A"], ["B"]]
        ) == pytest.approx(3.2)


def test_labels_beside_unrated_and_unplayed_games() -> None:
    # Labels sit beside every cell: a forfeit (+), a blank row and an unrated opponent are
    # no rated game whatever their label. Rated: 1000 (A, win), 1000 (B, win) -> 3.2.
    ratings = [[1000.0], [1500.0], [None], [None], [1000.0]]
    results = [[1.0], ["+"], [None], [1.0], [1.0]]
    labels = [["A"], ["A"], ["A"], ["B"], ["B"]]
    assert udfs.ELO_CHANGE(2000.0, ratings, results, 20.0, 2022.0, False, labels) == pytest.approx(
        3.2
    )


def test_detail_keeps_the_games_order() -> None:
    # Games: 1000 (T1), 1100 (T2), 1000 (T1), all won, 2022, K 20. T1's one upgrade is its
    # first 1000 (largest difference, first of the two): 1600, PD .92, W - PD .08, 1.6;
    # its second 1000 stays 1000 (PD 1.00). T2's 1100 (difference 900) is its upgrade: 1600.
    detail = udfs.ELO_DETAIL(
        2000.0,
        [[1000.0], [1100.0], [1000.0]],
        [[1.0], [1.0], [1.0]],
        20.0,
        2022.0,
        [[1.0], [2.0], [1.0]],
    )
    assert detail == [[1600, 0.92, 0.08, 1.6], [1600, 0.92, 0.08, 1.6], [1000, 1.0, 0.0, 0.0]]


def test_labels_must_match_the_results() -> None:
    assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, 2022.0, False, [["A"]]) == "#VALUE!"
    assert "tournaments has 1 cell but results has 2" in excel.last_errors()["ELO_CHANGE"]
    reason = udfs.EXPLAIN_ERROR("ELO_CHANGE", 2000.0, TWO, WINS, 20.0, 2022.0, False, [["A"]])
    assert (
        reason == "ELO_CHANGE: tournaments has 1 cell but results has 2; they must be the same size"
    )
    assert udfs.ELO_CHANGE(2000.0, TWO, WINS, 20.0, 2022.0, False, [["A"], ["#N/A"]]) == "#N/A"
