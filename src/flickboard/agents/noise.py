"""Execution noise: the gap between the shot a player means and the shot it plays.

Skill = noise + planner. A :class:`ExecutionNoise` is a seeded Gaussian model on the
start (an offset along the shooting line, or across the table), the angle, the speed
(relative) and the spin. Named levels scale one base profile per game by a factor found
by calibration (see :mod:`flickboard.agents.calibration` and docs/ai.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.geometry import Board, CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Shot
from flickboard.physics.shot import MAX_SPEED

Game = Literal["crokinole", "shuffleboard"]
Draws = npt.NDArray[np.float64]
"""Standard normal draws, one row per execution: start, angle, speed, spin."""

LEVELS: tuple[str, ...] = ("novice", "recreational", "club", "expert", "world", "perfect")
"""Skill levels, weakest first; ``perfect`` plays with no noise."""

MIN_SPEED = 0.05
"""Slowest shot an AI player plays or a noisy execution is clipped to (m/s)."""


def clip_speed(speed: float) -> float:
    """A speed an AI player may play: between :data:`MIN_SPEED` and the physics' maximum."""
    return min(max(speed, MIN_SPEED), MAX_SPEED)


@dataclass(frozen=True, slots=True)
class ExecutionNoise:
    """Standard deviations of execution errors.

    Attributes:
        start: offset of the start along the shooting line (crokinole, m of arc) or
            across the table (shuffleboard, m).
        angle: error of the direction (rad).
        speed: relative error of the speed (0.02 = 2 %).
        spin: error of the spin (rad/s).
    """

    start: float = 0.0
    angle: float = 0.0
    speed: float = 0.0
    spin: float = 0.0

    def __post_init__(self) -> None:
        for name in ("start", "angle", "speed", "spin"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise InvalidInput(f"noise {name} must be a number >= 0, got {value!r}")

    def scaled(self, factor: float) -> ExecutionNoise:
        """Every deviation multiplied by ``factor``."""
        if not math.isfinite(factor) or factor < 0:
            raise InvalidInput(f"a noise scale must be >= 0, got {factor!r}")
        return ExecutionNoise(
            self.start * factor, self.angle * factor, self.speed * factor, self.spin * factor
        )

    @property
    def silent(self) -> bool:
        """True for the noiseless (perfect) model."""
        return not (self.start or self.angle or self.speed or self.spin)

    @staticmethod
    def draws(rng: np.random.Generator, count: int) -> Draws:
        """``count`` rows of standard normal draws for :meth:`perturb`."""
        return rng.standard_normal((count, 4))

    def perturb(self, shot: Shot, board: Board, z: Draws) -> Shot:
        """The shot as executed, given one row ``z`` of standard normal draws."""
        x, y = shot.x, shot.y
        offset = self.start * float(z[0])
        if offset:
            if isinstance(board, CrokinoleBoard):
                r = math.hypot(x, y)
                turn = offset / r if r > 0 else 0.0
                c, s = math.cos(turn), math.sin(turn)
                x, y = x * c - y * s, x * s + y * c
            elif isinstance(board, ShuffleboardTable):
                half = board.width / 2 - board.disc.radius
                x = min(max(x + offset, -half), half)
        angle = shot.angle + self.angle * float(z[1])
        speed = shot.speed * (1.0 + self.speed * float(z[2]))
        speed = clip_speed(speed)
        spin = shot.spin + self.spin * float(z[3])
        return Shot(x, y, angle, speed, spin)


BASE_PROFILE: dict[str, ExecutionNoise] = {
    "crokinole": ExecutionNoise(start=0.002, angle=0.01, speed=0.03),
    "shuffleboard": ExecutionNoise(start=0.003, angle=0.002, speed=0.01),
}
"""Shape of each game's noise; a level multiplies it by its calibrated scale."""

LEVEL_SCALE: dict[str, dict[str, float]] = {
    "crokinole": {
        "novice": 4.36719,
        "recreational": 3.65625,
        "club": 3.13281,
        "expert": 2.6875,
        "world": 2.29688,
        "perfect": 0.0,
    },
    "shuffleboard": {
        "novice": 1.85938,
        "recreational": 1.32422,
        "club": 1.00781,
        "expert": 0.80078,
        "world": 0.64062,
        "perfect": 0.0,
    },
}
"""Calibrated scale of the base profile per game and level
(``python -m flickboard.agents.calibration`` recomputes them)."""


def check_game(game: str) -> Game:
    """The game name, checked."""
    if game == "crokinole":
        return "crokinole"
    if game == "shuffleboard":
        return "shuffleboard"
    raise InvalidInput(f"unknown game {game!r}; known: crokinole, shuffleboard")


def noise_for(game: str, level: str) -> ExecutionNoise:
    """The calibrated noise of a named level in a game."""
    scales = LEVEL_SCALE[check_game(game)]
    if level not in scales:
        raise InvalidInput(f"unknown skill level {level!r}; known: {', '.join(LEVELS)}")
    return BASE_PROFILE[game].scaled(scales[level])
