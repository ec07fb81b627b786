"""The fitted shuffleboard frame value: features, fit, and what the model says."""

from __future__ import annotations

import pytest

from flickboard.agents.frame_value import (
    FRAME_MODEL,
    Sample,
    expected_margin,
    features,
    fit,
    simulate_frames,
)
from flickboard.geometry import ShuffleboardTable
from flickboard.rules.shuffleboard.scoring import count_frame

from .conftest import shuffleboard_view

TABLE = ShuffleboardTable.csc()
THREE = 4.17  # a weight's centre in the three zone
TWO = 4.03  # in the two zone
ONE = 3.6  # in the one zone
NEUTRAL = 3.3  # beyond the foul line, short of the one line


def test_features_split_the_lead_into_open_and_guarded_weights_and_count_those_behind() -> None:
    # Red leads with a three (open lane) and a two guarded by a red weight in front of
    # it (short of the one line); green's weight in the one zone lies behind them.
    view = shuffleboard_view(((0.1, THREE, 0), (-0.1, TWO, 0), (-0.1, NEUTRAL, 0), (0.0, ONE, 1)))
    assert features(TABLE, view.position, 0) == (1.0, 3.0, 2.0, -1.0)
    assert features(TABLE, view.position, 1) == (1.0, -3.0, -2.0, 1.0)


def test_with_no_weight_left_the_expected_margin_is_the_count() -> None:
    view = shuffleboard_view(((0.0, THREE, 0), (0.1, TWO, 1)))
    red, green = count_frame(TABLE, view.position).points
    assert expected_margin(TABLE, view.position, 0, 0, 0) == red - green == 3


def test_the_hammer_is_worth_points_to_the_side_that_holds_it() -> None:
    empty = shuffleboard_view().position
    assert expected_margin(TABLE, empty, 0, 0, 1) < -1.5  # they hold the last weight
    assert expected_margin(TABLE, empty, 0, 1, 1) > 0.5  # I hold it


def test_an_open_lead_before_the_opposing_hammer_is_worth_less_than_a_guarded_one() -> None:
    open_lead = shuffleboard_view(((0.0, THREE, 0),)).position
    guarded = shuffleboard_view(((0.0, THREE, 0), (0.01, NEUTRAL, 0))).position
    assert expected_margin(TABLE, open_lead, 0, 0, 1) < expected_margin(TABLE, guarded, 0, 0, 1)
    assert expected_margin(TABLE, open_lead, 0, 0, 1) < 3.0


def test_fit_recovers_the_coefficients_of_exactly_linear_frames() -> None:
    truth = (0.5, 0.25, 0.75, -0.5)
    samples = [
        Sample(1, 2, (1.0, a, b, c), sum(t * x for t, x in zip(truth, (1.0, a, b, c), strict=True)))
        for a in (-3.0, 0.0, 2.0, 3.0)
        for b in (-2.0, 0.0, 1.0)
        for c in (-1.0, 0.0, 2.0, 4.0)
    ]
    model = fit(samples, min_samples=10)
    assert list(model) == [(1, 2)]
    assert model[(1, 2)] == pytest.approx(truth, abs=0.05)


def test_simulated_frames_give_one_sample_per_delivery_and_end_in_the_count() -> None:
    samples = simulate_frames(3, seed=5)
    assert len(samples) == 3 * 8
    last = [s for s in samples if (s.mine_left, s.theirs_left) == (0, 0)]
    assert len(last) == 3
    # The last delivery's features are the final count, seen by the side that made it.
    assert all(s.final_margin == s.features[1] + s.features[2] for s in last)


def test_the_model_covers_every_count_of_a_singles_frame() -> None:
    assert {(m, t) for m in range(4) for t in (m, m + 1) if (m, t) != (0, 0)} <= set(FRAME_MODEL)
