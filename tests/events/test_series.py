"""Best-of-three series and WCC championship matches."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition
from flickboard.events.series import championship_winner, series_winner
from flickboard.events.synthetic import game_with
from flickboard.play.scoring import GameScore, RoundScore


def test_best_of_three_first_to_two() -> None:
    assert series_winner([1, 1]) == 1
    assert series_winner([0, 1]) is None
    with pytest.raises(IllegalInPosition, match="game 3 was played after"):
        series_winner([0, 0, 1])


def test_wcc_championship_best_two_of_three_with_fifth_round_in_tied_game() -> None:
    tied = game_with(4)
    decided = GameScore((*tied.rounds, RoundScore((10, 35), (0, 1))))
    assert championship_winner([game_with(6), decided, game_with(2)]) == 1
    with pytest.raises(IllegalInPosition, match="play another round"):
        championship_winner([tied])
