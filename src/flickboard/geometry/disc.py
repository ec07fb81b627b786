"""Discs (crokinole) and weights (table shuffleboard) as frozen specs."""

from __future__ import annotations

from dataclasses import dataclass

from flickboard.errors import InvalidInput
from flickboard.geometry.checks import figures
from flickboard.geometry.units import GRAM, inches
from flickboard.reprs import named_repr


@dataclass(frozen=True, slots=True)
class DiscSpec:
    """A round piece: top radius, footprint (bottom-edge) radius, thickness and mass.

    Crokinole judges line contact by the bottom edge (``footprint_radius``), which a
    bevelled disc makes smaller than the top radius; shuffleboard judges from above
    (``radius``). Collisions use ``radius``.
    """

    radius: float
    footprint_radius: float
    thickness: float
    mass: float

    def __post_init__(self) -> None:
        figures("disc", self, ("radius", "footprint_radius", "thickness", "mass"))
        if self.footprint_radius > self.radius:
            raise InvalidInput("a disc's footprint cannot be wider than its top")

    def __repr__(self) -> str:
        return named_repr(
            self,
            (
                ("DiscSpec.crokinole_tournament()", DiscSpec.crokinole_tournament),
                ("DiscSpec.shuffleboard_weight()", DiscSpec.shuffleboard_weight),
            ),
        )

    @property
    def moment_of_inertia(self) -> float:
        """Moment of inertia about the vertical axis (solid cylinder)."""
        return 0.5 * self.mass * self.radius**2

    @classmethod
    def crokinole_tournament(cls, mass: float = 5.5 * GRAM, bevel: float = 0.5e-3) -> DiscSpec:
        """Tournament disc: 1 1/4 in across, 3/8 in thick; mass and bevel are estimates."""
        radius = inches(1.25) / 2
        return cls(radius, radius - bevel, inches(3 / 8), mass)

    @classmethod
    def shuffleboard_weight(cls) -> DiscSpec:
        """CSC regulation weight ("rock"): 58.7 mm across, 25.4 mm high, 343 g."""
        radius = 58.7e-3 / 2
        return cls(radius, radius, 25.4e-3, 343 * GRAM)
