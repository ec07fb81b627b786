"""Fair rules single elimination with consolation draw and best-of-three stages."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.events.elimination import check_best_of_three_from, elimination


def test_fair_rules_single_game_elimination_with_byes_for_top_seeds() -> None:
    b = elimination(["S1", "S2", "S3", "S4", "S5", "S6"], {})
    first = b.main[0]
    assert [m.sides for m in first] == [
        ("S1", None),
        ("S4", "S5"),
        ("S2", None),
        ("S3", "S6"),
    ]
    assert [m.winner for m in first] == ["S1", None, "S2", None]
    assert all(m.best_of == 1 for s in b.main for m in s)


def test_fair_rules_consolation_draw_for_first_round_losers() -> None:
    seeds = [f"S{i}" for i in range(1, 9)]
    results = {"M1-1": ["S1"], "M1-2": ["S5"], "M1-3": ["S7"], "M1-4": ["S3"]}
    b = elimination(seeds, results)
    assert {e for m in b.consolation[0] for e in m.sides if e} == {"S8", "S4", "S2", "S6"}
    assert b.consolation[0][0].id.startswith("C1-")


def test_fair_rules_best_two_of_three_from_chosen_stage() -> None:
    seeds = ["A", "B", "C", "D"]
    results = {"M1-1": ["A"], "M1-2": ["C"], "M2-1": ["A", "C", "C"]}
    b = elimination(seeds, results, best_of_three_from=2)
    assert b.main[0][0].best_of == 1
    assert b.main[1][0].best_of == 3
    assert b.champion == "C"
    with pytest.raises(IllegalInPosition, match="after the series was decided"):
        elimination(seeds, {**results, "M2-1": ["A", "A", "C"]}, best_of_three_from=2)


def test_consolation_draw_plays_best_of_three_from_the_same_stage() -> None:
    seeds = [f"S{i}" for i in range(1, 9)]
    results = {"M1-1": ["S1"], "M1-2": ["S5"], "M1-3": ["S7"], "M1-4": ["S3"]}
    b = elimination(seeds, {**results, "C1-1": ["S8"], "C1-2": ["S2"]}, best_of_three_from=2)
    assert [m.best_of for s in b.consolation for m in s] == [1, 1, 3]
    assert b.consolation[1][0].sides == ("S8", "S2")
    b = elimination(seeds, {**results, "C1-1": ["S8"], "C1-2": ["S2"], "C2-1": ["S2", "S2"]},
                    best_of_three_from=2)  # fmt: skip
    assert b.consolation_champion == "S2"


def test_elimination_result_for_wrong_player_refused() -> None:
    with pytest.raises(InvalidInput, match="cannot win a game"):
        elimination(["A", "B"], {"M1-1": ["Z"]})


def test_fair_rules_one_game_elimination_best_of_three_from_the_quarterfinals_at_most() -> None:
    # A draw of 16 with best of three from the quarter-finals: the round of 16 is one game
    # a match ("a one game only elimination match"), the quarter-finals on are best of 3.
    seeds = [f"S{i}" for i in range(1, 17)]
    b = elimination(seeds, {}, best_of_three_from=8)
    assert [m.best_of for m in b.main[0]] == [1] * 8
    assert [{m.best_of for m in stage} for stage in b.main[1:]] == [{3}, {3}, {3}]
    with pytest.raises(InvalidInput, match="quarterfinals, semifinals, and finals"):
        check_best_of_three_from(16)
