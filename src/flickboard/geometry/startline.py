"""Where shots start: a line on the board, and the stretches of it a shot may start from.

Crokinole shots start on the shooting line inside the shooter's quadrant (an arc of a
circle about the centre); table shuffleboard weights are released from a line across
the table near the delivering end (a straight segment). Both are a :class:`StartLine`:
points on it are named by ``u`` from 0 at the shooter's left end to 1 at the right end
(as the shooter faces the board), and ``allowed`` lists the stretches ``[u0, u1]`` the
rules let a shot start from, so a front end can show and use the legal region without
knowing the rules. The referee builds it (``referee.start_line(position, turn)``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

Stretch = tuple[float, float]
"""Part of a start line, ``(u0, u1)`` with ``0 <= u0 <= u1 <= 1``."""


@dataclass(frozen=True, slots=True)
class StartLine:
    """A start line and the stretches of it a shot may start from.

    Attributes:
        shape: ``"arc"`` (a circle about the origin) or ``"segment"`` (a straight line).
        radius, angles: an arc's radius (m) and its angles (radians) at ``u = 0`` and 1.
        points: a segment's end points ``(x, y)`` at ``u = 0`` and 1.
        allowed: the stretches a shot may start from, in order, not overlapping.
    """

    shape: Literal["arc", "segment"]
    radius: float = 0.0
    angles: tuple[float, float] = (0.0, 0.0)
    points: tuple[tuple[float, float], tuple[float, float]] = ((0.0, 0.0), (0.0, 0.0))
    allowed: tuple[Stretch, ...] = ((0.0, 1.0),)

    @classmethod
    def arc(cls, radius: float, begin: float, end: float) -> StartLine:
        """An arc of radius ``radius`` about the origin from angle ``begin`` to ``end``."""
        return cls("arc", radius=float(radius), angles=(float(begin), float(end)))

    @classmethod
    def segment(cls, begin: tuple[float, float], end: tuple[float, float]) -> StartLine:
        """A straight segment from ``begin`` (the shooter's left) to ``end``."""
        ends = ((float(begin[0]), float(begin[1])), (float(end[0]), float(end[1])))
        return cls("segment", points=ends)

    # -- points on the line -----------------------------------------------------------

    @property
    def length(self) -> float:
        """Length of the whole line (m)."""
        if self.shape == "arc":
            return abs(self.angles[1] - self.angles[0]) * self.radius
        return math.dist(*self.points)

    def point(self, u: float) -> tuple[float, float]:
        """The point at ``u`` (values outside [0, 1] continue the line)."""
        if self.shape == "arc":
            a0, a1 = self.angles
            a = a0 + u * (a1 - a0)
            return (self.radius * math.cos(a), self.radius * math.sin(a))
        (x0, y0), (x1, y1) = self.points
        return (x0 + u * (x1 - x0), y0 + u * (y1 - y0))

    def param(self, x: float, y: float) -> float:
        """The ``u`` of the point of the line nearest (x, y) (may lie outside [0, 1])."""
        if self.shape == "arc":
            a0, a1 = self.angles
            mid = (a0 + a1) / 2
            a = mid + math.remainder(math.atan2(y, x) - mid, 2 * math.pi)
            return (a - a0) / (a1 - a0)
        (x0, y0), (x1, y1) = self.points
        dx, dy = x1 - x0, y1 - y0
        return ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)

    def inward(self, u: float) -> float:
        """The direction (radians) straight into play from the point at ``u``: towards
        the centre of an arc, square to a segment (to the shooter's front)."""
        if self.shape == "arc":
            a0, a1 = self.angles
            return a0 + u * (a1 - a0) + math.pi
        (x0, y0), (x1, y1) = self.points
        return math.atan2(y1 - y0, x1 - x0) + math.pi / 2

    def offset(self, u: float) -> float:
        """Distance (m) along the line from its middle to ``u``, positive to the right."""
        return (u - 0.5) * self.length

    def at_offset(self, metres: float) -> float:
        """The ``u`` that lies ``metres`` along the line from its middle (right positive)."""
        return 0.5 + metres / self.length

    def slide(self, x: float, y: float, metres: float) -> tuple[float, float]:
        """(x, y) moved ``metres`` along the line (right positive): round the centre of
        an arc, keeping its distance from it; along a segment, stopping at its ends (the
        edges of the table)."""
        if self.shape == "arc":
            r = math.hypot(x, y)
            turn = (metres / r if r > 0 else 0.0) * math.copysign(
                1.0, self.angles[1] - self.angles[0]
            )
            c, s = math.cos(turn), math.sin(turn)
            return (x * c - y * s, x * s + y * c)
        u = min(max(self.param(x, y) + metres / self.length, 0.0), 1.0)
        return self.point(u)

    # -- where a shot may start ---------------------------------------------------------

    @property
    def empty(self) -> bool:
        """True when no point of the line is allowed."""
        return not self.allowed

    def contains(self, u: float) -> bool:
        """Whether a shot may start at ``u``."""
        return any(a <= u <= b for a, b in self.allowed)

    def nearest(self, u: float) -> float | None:
        """The allowed ``u`` nearest ``u`` (None when nothing is allowed)."""
        best: float | None = None
        for a, b in self.allowed:
            v = min(max(u, a), b)
            if best is None or abs(v - u) < abs(best - u):
                best = v
        return best

    def spots(self, count: int) -> list[tuple[float, float]]:
        """``count`` allowed points spread evenly over the allowed stretches, left to right
        (fewer when nothing is allowed)."""
        total = sum(b - a for a, b in self.allowed)
        if count < 1 or not self.allowed:
            return []
        if total == 0:
            return [self.point(self.allowed[0][0])]
        out = []
        for k in range(count):
            target = total * (k + 0.5) / count
            for a, b in self.allowed:
                if target <= b - a:
                    out.append(self.point(a + target))
                    break
                target -= b - a
        return out

    def within(self, low: float, high: float) -> StartLine:
        """The line with only the part between ``low`` and ``high`` allowed."""
        return self._with(_intersect(self.allowed, ((low, high),)))

    def without(self, centres: Iterable[tuple[float, float]], gap: float) -> StartLine:
        """The line with every point closer than ``gap`` to one of ``centres`` taken out
        (the spots a disc already in play covers)."""
        blocked = [s for c in centres if (s := self._near(c, gap)) is not None]
        return self._with(_subtract(self.allowed, blocked))

    def nowhere(self) -> StartLine:
        """The same line with nothing allowed."""
        return self._with(())

    def _with(self, allowed: tuple[Stretch, ...]) -> StartLine:
        return StartLine(self.shape, self.radius, self.angles, self.points, allowed)

    def _near(self, centre: tuple[float, float], gap: float) -> Stretch | None:
        """The stretch of ``u`` within ``gap`` of ``centre`` (None if it stays clear)."""
        cx, cy = centre
        if self.shape == "arc":
            d = math.hypot(cx, cy)
            if d == 0 or abs(d - self.radius) >= gap:
                return None
            cos = (self.radius**2 + d * d - gap * gap) / (2 * self.radius * d)
            half = math.acos(max(-1.0, min(1.0, cos)))
            mid = self.param(cx, cy)
            du = half / abs(self.angles[1] - self.angles[0])
            return (mid - du, mid + du)
        length = self.length
        along = self.param(cx, cy)
        px, py = self.point(along)
        across = math.hypot(cx - px, cy - py)
        if across >= gap:
            return None
        du = math.sqrt(gap * gap - across * across) / length
        return (along - du, along + du)

    # -- as data ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the shape, its figures and the allowed stretches."""
        figures: dict[str, Any] = (
            {"radius": self.radius, "angles": list(self.angles)}
            if self.shape == "arc"
            else {"points": [list(p) for p in self.points]}
        )
        return {"shape": self.shape, **figures, "allowed": [list(s) for s in self.allowed]}


def _subtract(allowed: tuple[Stretch, ...], blocked: Iterable[Stretch]) -> tuple[Stretch, ...]:
    """``allowed`` with the ``blocked`` stretches (open at their ends) taken out."""
    out = list(allowed)
    for lo, hi in blocked:
        nxt: list[Stretch] = []
        for a, b in out:
            if hi <= a or lo >= b:
                nxt.append((a, b))
                continue
            if lo > a:
                nxt.append((a, lo))
            if hi < b:
                nxt.append((hi, b))
        out = nxt
    return tuple(out)


def _intersect(allowed: tuple[Stretch, ...], keep: tuple[Stretch, ...]) -> tuple[Stretch, ...]:
    out: list[Stretch] = []
    for a, b in allowed:
        for lo, hi in keep:
            lo, hi = max(a, lo), min(b, hi)
            if lo <= hi:
                out.append((lo, hi))
    return tuple(sorted(out))
