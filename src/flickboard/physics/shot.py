"""A shot: where the disc starts, which way and how fast it goes, and its spin."""

from __future__ import annotations

import math
from dataclasses import dataclass

from flickboard.errors import InvalidInput
from flickboard.geometry.checks import finite

MIN_SPEED = 1e-3
"""Slowest shot accepted (m/s): it slides a third of a micrometre on crokinole wax; a
slower "shot" moves nothing measurable, and a tiny enough one would underflow."""

MAX_SPEED = 12.0
"""Fastest shot accepted (m/s); a hard crokinole flick is about 3-4 m/s."""

MAX_SPIN = 300.0
"""Largest spin accepted (rad/s)."""


@dataclass(frozen=True, slots=True)
class Shot:
    """A disc released flat at (x, y) moving at ``speed`` along ``angle``.

    ``angle`` is in radians, counter-clockwise from +x; ``spin`` is the angular
    velocity about the vertical axis in rad/s, counter-clockwise positive.

    >>> Shot(0.0, -0.3, math.pi / 2, 1.0)
    Shot(x=0.0, y=-0.3, angle=1.5707963267948966, speed=1.0, spin=0.0)
    """

    x: float
    y: float
    angle: float
    speed: float
    spin: float = 0.0

    def __post_init__(self) -> None:
        for name in ("x", "y", "angle", "speed", "spin"):
            object.__setattr__(self, name, finite(getattr(self, name), f"shot {name}"))
        if not MIN_SPEED <= self.speed <= MAX_SPEED:
            raise InvalidInput(
                f"shot speed must be in [{MIN_SPEED}, {MAX_SPEED}] m/s, got {self.speed}"
            )
        if abs(self.spin) > MAX_SPIN:
            raise InvalidInput(f"shot spin must be within +-{MAX_SPIN} rad/s, got {self.spin}")

    @property
    def velocity(self) -> tuple[float, float]:
        """Initial velocity vector (m/s)."""
        return (self.speed * math.cos(self.angle), self.speed * math.sin(self.angle))

    @classmethod
    def towards(
        cls, x: float, y: float, tx: float, ty: float, speed: float, spin: float = 0.0
    ) -> Shot:
        """A shot from (x, y) aimed at the point (tx, ty)."""
        if (tx, ty) == (x, y):
            raise InvalidInput("a shot needs a target different from its start")
        return cls(x, y, math.atan2(ty - y, tx - x), speed, spin)
