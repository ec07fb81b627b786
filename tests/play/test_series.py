"""Best-of series: the one count shared by championship matches, playoffs and brackets."""

from __future__ import annotations

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.play.series import series_winner


def test_first_to_a_majority_wins_and_nothing_is_played_after() -> None:
    assert series_winner([1, 0, 1]) == 1
    assert series_winner([0]) is None
    assert series_winner([0, 1, 0, 0], best_of=5) == 0
    with pytest.raises(IllegalInPosition, match=r"game 3 was played after .* \(2-0 in games\)"):
        series_winner([1, 1, 0])
    with pytest.raises(InvalidInput, match="odd number"):
        series_winner([], best_of=4)
    with pytest.raises(InvalidInput, match="game 2 has no winner"):
        series_winner([0, 2])
