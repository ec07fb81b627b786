"""The race to a game's target (table shuffleboard)."""

from __future__ import annotations

import numpy as np
import pytest

from flickboard.agents.race import frame_worth, win_table


def start(p_zero: float = 0.1) -> tuple[float, ...]:
    """A made-up frame distribution over -4 .. 4 points from the hammer's side."""
    rest = np.array([0.05, 0.1, 0.1, 0.15, 0.25, 0.2, 0.1, 0.05])
    rest = rest / rest.sum() * (1 - p_zero)
    return (*rest[:4], p_zero, *rest[4:])


def test_a_side_at_the_target_has_won_and_chances_grow_with_the_score() -> None:
    w = win_table(start(), 15)
    assert np.all(w[:, 15:, :] == 1.0)
    assert np.all(np.diff(w[:, :15, :15], axis=1) >= -1e-12)  # more points, better
    assert np.all(np.diff(w[:, :15, :15], axis=2) <= 1e-12)  # their points, worse


def test_holding_the_hammer_is_worth_something_when_the_hammer_scores_more() -> None:
    w = win_table(start(), 15)
    assert w[1, 0, 0] > 0.5 > w[0, 0, 0]
    # Zero-sum: my chance with the hammer and theirs without it make one.
    assert w[1, 0, 0] + w[0, 0, 0] == pytest.approx(1.0)


def test_a_frame_that_reaches_the_target_is_worth_the_game() -> None:
    worth = frame_worth(start(), 15, 13, 10, hammer_mine=True)
    points = range(-4, 5)
    for pt, v in zip(points, worth, strict=True):
        assert (v == 1.0) == (pt >= 2)
    assert list(worth) == sorted(worth)


def test_a_frame_where_nobody_scores_passes_the_hammer() -> None:
    w = win_table(start(), 15)
    mine = frame_worth(start(), 15, 3, 3, hammer_mine=True)[4]
    theirs = frame_worth(start(), 15, 3, 3, hammer_mine=False)[4]
    # I held this frame's hammer and nobody scored: they hold the next one.
    assert mine == pytest.approx(2 * w[0, 3, 3] - 1)
    assert theirs == pytest.approx(2 * w[1, 3, 3] - 1)
