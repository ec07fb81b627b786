"""Execution noise and the calibrated skill levels."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flickboard.agents.calibration import success_rate, targets
from flickboard.agents.noise import LEVELS, ExecutionNoise, noise_for
from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Shot

MEASURE_SHOTS = 10_000
"""Shots per level in the re-measurement (at least 2,000 by the brief)."""


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
@pytest.mark.parametrize("level", LEVELS[:-1])
def test_level_rate_is_within_two_points_of_its_target(game: str, level: str) -> None:
    rate = success_rate(game, noise_for(game, level), MEASURE_SHOTS, seed=7)
    assert abs(rate - targets(game)[level]) <= 0.02


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_perfect_level_never_misses(game: str) -> None:
    assert noise_for(game, "perfect").silent
    assert success_rate(game, noise_for(game, "perfect"), 50, seed=1) == 1.0


def test_levels_get_steadier_with_skill() -> None:
    angles = [noise_for("crokinole", level).angle for level in LEVELS]
    assert angles == sorted(angles, reverse=True)


def test_crokinole_start_noise_stays_on_the_shooting_line() -> None:
    board = CrokinoleBoard.standard()
    r = board.shooting_line_radius
    shot = Shot(0.0, -r, math.pi / 2, 1.0)
    played = ExecutionNoise(start=0.01).perturb(shot, board, np.array([1.0, 0.0, 0.0, 0.0]))
    assert math.hypot(played.x, played.y) == pytest.approx(r)
    assert math.hypot(played.x - shot.x, played.y - shot.y) == pytest.approx(0.01, rel=1e-3)
    assert (played.angle, played.speed) == (shot.angle, shot.speed)


def test_shuffleboard_start_noise_stays_on_the_table() -> None:
    table = ShuffleboardTable.csc()
    shot = Shot(0.2, 0.35, math.pi / 2, 1.0)
    played = ExecutionNoise(start=1.0).perturb(shot, table, np.array([5.0, 0.0, 0.0, 0.0]))
    assert played.x == pytest.approx(table.width / 2 - table.disc.radius)


def test_speed_noise_is_relative_and_clipped() -> None:
    board = CrokinoleBoard.standard()
    shot = Shot(0.0, -0.3, math.pi / 2, 2.0)
    noise = ExecutionNoise(speed=0.1)
    assert noise.perturb(shot, board, np.array([0.0, 0.0, 1.0, 0.0])).speed == pytest.approx(2.2)
    assert noise.perturb(shot, board, np.array([0.0, 0.0, -50.0, 0.0])).speed == 0.05


def test_negative_noise_is_refused() -> None:
    with pytest.raises(InvalidInput, match="angle"):
        ExecutionNoise(angle=-0.1)


def test_unknown_level_and_game_are_refused() -> None:
    with pytest.raises(InvalidInput, match="skill level"):
        noise_for("crokinole", "grandmaster")
    with pytest.raises(InvalidInput, match="game"):
        noise_for("curling", "club")
