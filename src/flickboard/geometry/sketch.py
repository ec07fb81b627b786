"""A board's outline as plain shapes (filled circles and boxes, outlined circles,
strokes), for a plotting library to draw without knowing the board."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Round:
    """A circle centred at (x, y): filled, or only its outline ``width`` points wide."""

    x: float
    y: float
    radius: float
    colour: str
    width: float | None = None


@dataclass(frozen=True, slots=True)
class Box:
    """A filled rectangle from its lower left corner (x, y)."""

    x: float
    y: float
    across: float
    along: float
    colour: str


@dataclass(frozen=True, slots=True)
class Stroke:
    """A straight line from (x0, y0) to (x1, y1), ``width`` points wide."""

    x0: float
    y0: float
    x1: float
    y1: float
    colour: str
    width: float


Shape = Round | Box | Stroke


@dataclass(frozen=True, slots=True)
class Sketch:
    """Shapes in drawing order, the extent to show (x0, x1, y0, y1) and whether the
    picture is taller than wide."""

    shapes: tuple[Shape, ...]
    extent: tuple[float, float, float, float]
    tall: bool
