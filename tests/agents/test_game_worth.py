"""What a crokinole round's result is worth to its tournament game (agents/game_worth.py)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from flickboard.agents.crokinole_tactics import CrokinoleTactics
from flickboard.agents.game_worth import ROUND_SHARE, game_result, round_worth
from flickboard.agents.valuation import outlook_after
from flickboard.play.view import View
from flickboard.rules import referee

from .conftest import crokinole_view

EVEN = (0.45, 0.06, 0.49)
"""Chances of losing, tying and winning a round for the side holding its hammer."""


def test_in_the_last_round_a_tie_is_worth_a_win_to_the_side_a_round_ahead() -> None:
    lost, tied, won = round_worth(EVEN, 4, 2, 0, True)
    assert tied == pytest.approx(1 - ROUND_SHARE) and won == pytest.approx(1.0)
    assert lost == pytest.approx(-ROUND_SHARE)  # 4-4: the game is tied


def test_in_the_last_round_a_tie_is_worth_a_loss_to_the_side_a_round_behind() -> None:
    lost, tied, won = round_worth(EVEN, 2, 4, 0, False)
    assert lost == pytest.approx(-1.0) and tied == pytest.approx(-(1 - ROUND_SHARE))
    assert won == pytest.approx(ROUND_SHARE)  # 4-4: the game is tied


def test_once_the_game_is_decided_the_round_is_still_played_for_its_points() -> None:
    worth = round_worth(EVEN, 6, 0, 0, True)
    assert worth[0] < worth[1] < worth[2]


def test_a_round_is_worth_to_one_side_what_it_costs_the_other() -> None:
    for mine, theirs, rounds, hammer in ((0, 0, 3, True), (2, 0, 2, False), (3, 3, 1, True)):
        mine_worth = round_worth(EVEN, mine, theirs, rounds, hammer)
        their_worth = round_worth(EVEN, theirs, mine, rounds, not hammer)
        assert mine_worth == pytest.approx(-their_worth[::-1])


def test_the_game_result_weighs_the_rounds_left_by_the_hammer_each_side_holds() -> None:
    # One round left, level: the hammer's side wins the game as often as it wins the round.
    assert game_result(EVEN, 2, 2, 1, True) == pytest.approx(EVEN[2] - EVEN[0])
    assert game_result(EVEN, 2, 2, 1, False) == pytest.approx(EVEN[0] - EVEN[2])


def _last_round_view(rules: str, scores: tuple[int, int]) -> View:
    view = crokinole_view(left=((0, 1), (2, 1)))
    return replace(view, referee=referee(rules), round_number=4, scores=scores)


def test_a_tournament_game_values_the_last_round_by_the_game() -> None:
    view = _last_round_view("wcc", (4, 2))
    worth = CrokinoleTactics().worth(view, outlook_after(view))
    assert worth == pytest.approx([-ROUND_SHARE, 1 - ROUND_SHARE, 1.0])


def test_race_scoring_values_the_round_by_its_own_result() -> None:
    view = _last_round_view("fair", (60, 90))
    worth = CrokinoleTactics().worth(view, outlook_after(view))
    assert np.array_equal(worth, [-1.0, 0.0, 1.0])
