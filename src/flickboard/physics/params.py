"""Physical parameters of the simulator, with documented defaults (docs/physics.md).

No measured friction or restitution has been published for crokinole; the defaults
sit inside the range open implementations use (docs/sources.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.geometry.checks import positive, whole
from flickboard.reprs import named_repr


@dataclass(frozen=True, slots=True)
class PhysicsParams:
    """Everything physical that is not geometry.

    Attributes:
        gravity: m/s^2.
        friction: Coulomb coefficient between a disc and the surface; a sliding disc
            decelerates at ``friction * gravity`` along its velocity.
        spin_friction: Coulomb coefficient for spin about the vertical axis; spin
            decays at ``4/3 * spin_friction * gravity / radius`` (uniform pressure).
        disc_restitution: normal restitution between two discs.
        disc_friction: Coulomb coefficient between two discs' rims (caps the
            tangential impulse).
        peg_restitution / peg_friction: the same against a peg.
        rail_restitution / rail_friction: the same against the rail (crokinole).
        capture_speed: a disc whose centre is over the 20 hole drops once its
            speed is at or below this (m/s).
        leaner_band: a disc that comes to rest with its centre within this distance
            of the hole's rim leans on it instead of dropping or lying flat (m).
        reentry_step: a disc flying back over the surface edge re-enters if it has
            dropped less than this below the surface (m).
        slow_contact_speed: contacts approaching slower than this (m/s) are
            resolved with no bounce (restitution 0), and two discs that friction
            would then keep pressed together move on with their common velocity.
        max_events: hard cap on events in one shot; exceeding it raises PhysicsError.
        max_time: hard cap on simulated seconds in one shot.
    """

    gravity: float = 9.81
    friction: float = 0.15
    spin_friction: float = 0.15
    disc_restitution: float = 0.85
    disc_friction: float = 0.1
    peg_restitution: float = 0.6
    peg_friction: float = 0.1
    rail_restitution: float = 0.45
    rail_friction: float = 0.1
    capture_speed: float = 0.5
    leaner_band: float = 0.4e-3
    reentry_step: float = 3.0e-3
    max_events: int = 20_000
    max_time: float = 60.0
    slow_contact_speed: float = 1.0e-3

    def __post_init__(self) -> None:
        for f in fields(self):
            what = f"physics parameter {f.name}"
            value = getattr(self, f.name)
            if f.name == "max_events":
                if whole(value, what) < 1:
                    raise InvalidInput(f"{what} must be at least 1, got {value!r}")
                object.__setattr__(self, f.name, int(value))
            else:
                zero = f.name not in ("gravity", "friction", "max_time")
                object.__setattr__(self, f.name, positive(value, what, zero=zero))
        for name in ("disc_restitution", "peg_restitution", "rail_restitution"):
            if getattr(self, name) > 1:
                raise InvalidInput(f"{name} above 1 would create energy")

    def __repr__(self) -> str:
        return named_repr(
            self,
            (
                ("PhysicsParams.crokinole()", PhysicsParams.crokinole),
                ("PhysicsParams.shuffleboard()", PhysicsParams.shuffleboard),
            ),
        )

    def speed_to_travel(self, distance: float) -> float:
        """Release speed that stops a lone sliding disc after ``distance`` m
        (v^2 = 2 mu g d)."""
        return math.sqrt(2 * self.friction * self.gravity * max(distance, 0.0))

    def travel_at_speed(self, speed: float) -> float:
        """How far (m) a lone sliding disc released at ``speed`` travels before it
        stops: :meth:`speed_to_travel` the other way round."""
        return speed * speed / (2 * self.friction * self.gravity)

    @classmethod
    def crokinole(cls) -> PhysicsParams:
        """Defaults for a waxed crokinole board."""
        return cls()

    @classmethod
    def shuffleboard(cls) -> PhysicsParams:
        """Defaults for a waxed table shuffleboard (far lower friction)."""
        return cls(friction=0.032, spin_friction=0.032, disc_restitution=0.9)

    @classmethod
    def standard(cls, kind: str) -> PhysicsParams:
        """The defaults for a board of this ``kind`` (its class attribute ``kind``)."""
        return _STANDARD[kind]()


_STANDARD = {
    CrokinoleBoard.kind: PhysicsParams.crokinole,
    ShuffleboardTable.kind: PhysicsParams.shuffleboard,
}
"""The default parameters' makers by board class."""
