"""Calibrating the named skill levels (run ``python -m flickboard.agents.calibration``).

Each game kind names the shot its levels are calibrated on and the rate each level should
make (:meth:`~flickboard.play.kind.GameKind.skill_test`): crokinole, the best open 20
from the centre of the quadrant on an empty board, aimed straight at the hole at the speed
:data:`~flickboard.play.crokinole_kind.OPEN_TWENTY_DEPTH` of the way through the drop
window, at 35/45/55/65/75 % (the 2023-24 NCA season data,
docs/sources.md); table shuffleboard, a draw aimed at the middle of the three zone from
the middle of the release line, at 25/35/45/55/65 % (no published data; ten points under
crokinole's).

Procedure: fixed standard normal draws (seed :data:`CALIBRATION_SEED`,
:data:`CALIBRATION_SHOTS` shots) and bisection on the scale of the game's base noise
profile until the rate is within a tenth of a point of the target (the rate falls as
the scale grows; common draws keep it monotone in practice).
"""

from __future__ import annotations

from flickboard.play.kind import GameKind, game_kind, game_kinds
from flickboard.play.noise import LEVELS, ExecutionNoise

CALIBRATION_SEED = 20_231_024
CALIBRATION_SHOTS = 20_000


def success_rate(game: str | GameKind, noise: ExecutionNoise, shots: int, seed: int) -> float:
    """The rate of the game's calibration shot (open 20, three-zone draw) under ``noise``."""
    return game_kind(game).skill_rate(noise, shots, seed)


def targets(game: str | GameKind) -> dict[str, float]:
    """The calibration targets of a game by level."""
    return dict(game_kind(game).skill_targets)


def calibrate(
    game: str | GameKind,
    target: float,
    *,
    shots: int = CALIBRATION_SHOTS,
    seed: int = CALIBRATION_SEED,
    tolerance: float = 0.001,
) -> float:
    """The scale of the base profile whose rate is ``target`` (bisection)."""
    kind = game_kind(game)
    base = kind.noise_profile
    low, high = 0.0, 1.0
    while kind.skill_rate(base.scaled(high), shots, seed) > target:
        high *= 2
    for _ in range(25):
        mid = (low + high) / 2
        rate = kind.skill_rate(base.scaled(mid), shots, seed)
        if abs(rate - target) <= tolerance:
            return mid
        if rate > target:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def main() -> None:
    """Print calibrated scales for every game (paste into the kind's ``level_scales``)."""
    for kind in game_kinds():
        for level in LEVELS[:-1]:
            scale = calibrate(kind, kind.skill_targets[level])
            print(f"{kind.name} {level}: {scale:.5f}")


if __name__ == "__main__":
    main()
