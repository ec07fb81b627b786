"""Widening the search: sampled shots and successive halving."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flickboard.agents.candidates import Candidate, legal
from flickboard.agents.planner import Evaluator, successive_halving
from flickboard.agents.tactics import tactics_for
from flickboard.physics import Shot
from flickboard.play.kind import game_kind
from flickboard.play.noise import ExecutionNoise

from .conftest import crokinole_view, on_ten_line, shuffleboard_view


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_sampled_shots_start_where_the_referee_allows_and_repeat_with_the_seed(game: str) -> None:
    if game == "crokinole":
        x, y = on_ten_line(1.0)
        view = crokinole_view(((x, y, 1), (0.05, 0.05, 0)))
    else:
        view = shuffleboard_view(((0.02, 4.1, 1),))
    params = view.physics
    shots = tactics_for(view.game).sampled(view, params, 50, np.random.default_rng(3))
    assert len(shots) == 50
    assert all(legal(view, c.shot.x, c.shot.y) for c in shots)
    assert shots == tactics_for(view.game).sampled(view, params, 50, np.random.default_rng(3))
    aimed = [c for c in shots if c.target is not None]
    assert aimed and {c.kind for c in aimed} <= {"takeout", "raise"}
    assert all(c.kind == "takeout" for c in aimed if view.position.side_of(c.target or 0) == 1)


def _pool(view_speed_pairs: list[float]) -> list[Candidate]:
    r = 0.3048
    return [
        Candidate(Shot(0.0, -r, math.pi / 2, s), "draw", f"speed {s}") for s in view_speed_pairs
    ]


def test_successive_halving_keeps_a_quarter_each_stage_and_values_survivors_on_all_draws() -> None:
    view = crokinole_view(left=((0, 1), (2, 0)))  # the last shot: the value is exact
    evaluator = Evaluator(view, game_kind("crokinole").noise("club"), view.physics)
    pool = _pool([0.3 + 0.1 * k for k in range(16)])
    draws = ExecutionNoise.draws(np.random.default_rng(1), 12)
    survivors = successive_halving(evaluator, pool, draws, (2, 6, 12))
    assert len(survivors) == 1  # 16 -> 4 -> 1
    best, value = survivors[0]
    assert value == pytest.approx(evaluator.mean(best.shot, draws))
    # The survivor is at least as good on the first stage's draws as the quarter kept.
    first = sorted(pool, key=lambda c: -evaluator.mean(c.shot, draws[:2]))
    assert best in first[:4]


def test_successive_halving_keeps_enough_finalists_and_orders_them_best_first() -> None:
    view = crokinole_view(left=((0, 1), (2, 0)))
    evaluator = Evaluator(view, game_kind("crokinole").noise("club"), view.physics)
    pool = _pool([0.3 + 0.1 * k for k in range(16)])
    draws = ExecutionNoise.draws(np.random.default_rng(1), 8)
    survivors = successive_halving(evaluator, pool, draws, (2, 8), finalists=6)
    assert len(survivors) == 6
    values = [v for _, v in survivors]
    assert values == sorted(values, reverse=True)


def test_successive_halving_refuses_a_schedule_that_does_not_grow_or_fit() -> None:
    view = crokinole_view(left=((0, 1), (2, 0)))
    evaluator = Evaluator(view, game_kind("crokinole").noise("club"), view.physics)
    draws = ExecutionNoise.draws(np.random.default_rng(1), 4)
    with pytest.raises(ValueError, match="schedule"):
        successive_halving(evaluator, _pool([1.0]), draws, (4, 2))
    with pytest.raises(ValueError, match="schedule"):
        successive_halving(evaluator, _pool([1.0]), draws, (2, 8))
    assert successive_halving(evaluator, [], draws, (2,)) == []
