"""Calibrating the named skill levels (run ``python -m flickboard.agents.calibration``).

Crokinole: the rate at which a player aiming the best open 20 (from the centre of its
quadrant on the shooting line, straight at the hole, at the speed in the middle of the
drop window) drops the disc on an empty board. Targets from the 2023-24 NCA season
data (DESIGN section 3): 35/45/55/65/75 %.

Shuffleboard: the rate at which a draw aimed at the middle of the three zone, from the
centre of the near end, finishes in the three zone. No published data exists; the
targets chosen here are ten points under crokinole's: 25/35/45/55/65 %.

Procedure: fixed standard normal draws (seed :data:`CALIBRATION_SEED`,
:data:`CALIBRATION_SHOTS` shots) and bisection on the scale of the game's base noise
profile until the rate is within a tenth of a point of the target (the rate falls as
the scale grows; common draws keep it monotone in practice).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from flickboard.agents.noise import BASE_PROFILE, LEVELS, ExecutionNoise, check_game
from flickboard.agents.simple import speed_to_travel
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable, Zone
from flickboard.physics import DiscState, Layout, PhysicsParams, Shot, simulate_batch
from flickboard.physics.batch import STATE_ORDER, BatchResult

OPEN_TWENTY_TARGETS: dict[str, float] = {
    "novice": 0.35,
    "recreational": 0.45,
    "club": 0.55,
    "expert": 0.65,
    "world": 0.75,
}
"""Open-20 success rate by level (crokinole)."""

THREE_ZONE_TARGETS: dict[str, float] = {
    "novice": 0.25,
    "recreational": 0.35,
    "club": 0.45,
    "expert": 0.55,
    "world": 0.65,
}
"""Three-zone draw rate by level (shuffleboard; chosen, see module docstring)."""

CALIBRATION_SEED = 20_231_024
CALIBRATION_SHOTS = 20_000

SHUFFLEBOARD_RELEASE_Y = 0.35
"""Where a weight is released for the calibration draw (m from the delivering end)."""


@lru_cache(maxsize=8)
def open_twenty_speed_factor(board: CrokinoleBoard, params: PhysicsParams) -> float:
    """Speed of the best straight open 20, as a multiple of the speed that stops at
    the hole's centre: the middle (in speed squared, i.e. distance) of the window of
    speeds that drop the disc."""
    r = board.shooting_line_radius
    base = speed_to_travel(params, r)
    layout = Layout(board, ())
    factors = np.linspace(0.9, 1.6, 701)
    shots = [Shot(0.0, -r, math.pi / 2, base * float(f)) for f in factors]
    result = simulate_batch(layout, shots, shooter=0, params=params)
    drops = [float(f) for f, hole in zip(factors, in_hole(result), strict=True) if hole]
    if not drops:
        return 1.05
    return math.sqrt((drops[0] ** 2 + drops[-1] ** 2) / 2)


def in_hole(result: BatchResult) -> npt.NDArray[np.bool_]:
    """Per shot of a batch from an empty layout: did the shot disc drop in the 20 hole?"""
    hole = STATE_ORDER.index(DiscState.IN_HOLE)
    return np.asarray((result.status == 0) & (result.state[:, -1] == hole))


def open_twenty_shot(board: CrokinoleBoard, params: PhysicsParams, start_angle: float) -> Shot:
    """The best open 20 from the shooting line at ``start_angle`` (straight at the hole)."""
    r = board.shooting_line_radius
    x, y = r * math.cos(start_angle), r * math.sin(start_angle)
    speed = speed_to_travel(params, r) * open_twenty_speed_factor(board, params)
    return Shot(x, y, start_angle + math.pi, speed)


def three_zone_shot(table: ShuffleboardTable, params: PhysicsParams, x: float = 0.0) -> Shot:
    """A draw from the near end aimed at the middle of the three zone."""
    r = table.disc.radius
    three = table.lines[3]
    target = (three.far + r + table.length - r) / 2
    speed = speed_to_travel(params, target - SHUFFLEBOARD_RELEASE_Y)
    return Shot(x, SHUFFLEBOARD_RELEASE_Y, math.pi / 2, speed)


def success_rate(game: str, noise: ExecutionNoise, shots: int, seed: int) -> float:
    """Open-20 rate (crokinole) or three-zone draw rate (shuffleboard) under ``noise``."""
    rng = np.random.default_rng(seed)
    draws = ExecutionNoise.draws(rng, shots)
    if check_game(game) == "crokinole":
        board = CrokinoleBoard.standard()
        params = PhysicsParams.crokinole()
        aim = open_twenty_shot(board, params, CrokinoleBoard.seat_angle(0))
        layout = Layout(board, ())
        executed = [noise.perturb(aim, board, z) for z in draws]
        hits = int(in_hole(simulate_batch(layout, executed, shooter=0, params=params)).sum())
    else:
        table = ShuffleboardTable.csc()
        params = PhysicsParams.shuffleboard()
        aim = three_zone_shot(table, params)
        layout = Layout(table, ())
        executed = [noise.perturb(aim, table, z) for z in draws]
        result = simulate_batch(layout, executed, shooter=0, params=params)
        on_surface = STATE_ORDER.index(DiscState.ON_SURFACE)
        hits = sum(
            1
            for k in range(shots)
            if result.status[k] == 0
            and result.state[k, 0] == on_surface
            and table.zone_of(float(result.x[k, 0]), float(result.y[k, 0])) is Zone.THREE
        )
    return hits / shots


def calibrate(
    game: str,
    target: float,
    *,
    shots: int = CALIBRATION_SHOTS,
    seed: int = CALIBRATION_SEED,
    tolerance: float = 0.001,
) -> float:
    """The scale of the base profile whose rate is ``target`` (bisection)."""
    base = BASE_PROFILE[check_game(game)]
    low, high = 0.0, 1.0
    while success_rate(game, base.scaled(high), shots, seed) > target:
        high *= 2
    for _ in range(25):
        mid = (low + high) / 2
        rate = success_rate(game, base.scaled(mid), shots, seed)
        if abs(rate - target) <= tolerance:
            return mid
        if rate > target:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def targets(game: str) -> dict[str, float]:
    """The calibration targets of a game by level."""
    return OPEN_TWENTY_TARGETS if check_game(game) == "crokinole" else THREE_ZONE_TARGETS


def main() -> None:
    """Print calibrated scales for both games (paste into noise.LEVEL_SCALE)."""
    for game in ("crokinole", "shuffleboard"):
        for level in LEVELS[:-1]:
            scale = calibrate(game, targets(game)[level])
            print(f"{game} {level}: {scale:.5f}")


if __name__ == "__main__":
    main()
