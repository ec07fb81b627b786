"""Where shots start: a line on the board, and the stretches of it a shot may start from.

Crokinole shots start on the shooting line inside the shooter's quadrant (an arc of a
circle about the centre); table shuffleboard weights are released from a line across
the table near the delivering end (a straight segment). Both are a :class:`StartLine`:
points on it are named by ``u`` from 0 at the shooter's left end to 1 at the right end
(as the shooter faces the board), and ``allowed`` lists the stretches ``[u0, u1]`` the
rules let a shot start from, so a front end can show and use the legal region without
knowing the rules. The referee builds it (``referee.start_line(position, turn)``).

The line's geometry and its allowed stretches are functions of the line's figures
(:class:`LineFigures`), written once (:func:`flickboard.jit.jitable`): the methods of
:class:`StartLine` call them as Python, and the compiled tables of the layers above call
them compiled.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from flickboard.geometry.pymath import hypot, remainder
from flickboard.jit import Numbers, Row, jitable

Stretch = tuple[float, float]
"""Part of a start line, ``(u0, u1)`` with ``0 <= u0 <= u1 <= 1``."""


class LineFigures(NamedTuple):
    """A start line as compiled code reads it: an arc about the origin (``arc`` True:
    its radius and its angles at ``u = 0`` and 1) or a segment (its end points)."""

    arc: bool
    radius: float
    a0: float
    a1: float
    x0: float
    y0: float
    x1: float
    y1: float


@jitable
def arc_point(radius: float, a0: float, a1: float, u: float) -> tuple[float, float]:
    """The point at ``u`` of an arc."""
    a = a0 + u * (a1 - a0)
    return (radius * math.cos(a), radius * math.sin(a))


@jitable
def segment_point(x0: float, y0: float, x1: float, y1: float, u: float) -> tuple[float, float]:
    """The point at ``u`` of a segment."""
    return (x0 + u * (x1 - x0), y0 + u * (y1 - y0))


@jitable
def arc_param(a0: float, a1: float, x: float, y: float) -> float:
    """The ``u`` of the arc's point nearest (x, y)."""
    mid = (a0 + a1) / 2
    a = mid + remainder(math.atan2(y, x) - mid, 2 * math.pi)
    return (a - a0) / (a1 - a0)


@jitable
def segment_param(x0: float, y0: float, x1: float, y1: float, x: float, y: float) -> float:
    """The ``u`` of the segment's point nearest (x, y)."""
    dx, dy = x1 - x0, y1 - y0
    return ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)


@jitable
def arc_inward(a0: float, a1: float, u: float) -> float:
    """The direction straight into play from the arc's point at ``u``: to its centre."""
    return a0 + u * (a1 - a0) + math.pi


@jitable
def segment_inward(x0: float, y0: float, x1: float, y1: float) -> float:
    """The direction straight into play from a segment: square to it, to the front."""
    return math.atan2(y1 - y0, x1 - x0) + math.pi / 2


@jitable
def arc_slide(a0: float, a1: float, x: float, y: float, metres: float) -> tuple[float, float]:
    """(x, y) moved ``metres`` round the arc's centre (right positive), keeping its
    distance from it."""
    r = hypot(x, y)
    turn = (metres / r if r > 0 else 0.0) * math.copysign(1.0, a1 - a0)
    c, s = math.cos(turn), math.sin(turn)
    return (x * c - y * s, x * s + y * c)


@jitable
def line_point(line: LineFigures, u: float) -> tuple[float, float]:
    """The point at ``u`` (values outside [0, 1] continue the line)."""
    if line.arc:
        return arc_point(line.radius, line.a0, line.a1, u)
    return segment_point(line.x0, line.y0, line.x1, line.y1, u)


@jitable
def line_param(line: LineFigures, x: float, y: float) -> float:
    """The ``u`` of the line's point nearest (x, y) (may lie outside [0, 1])."""
    if line.arc:
        return arc_param(line.a0, line.a1, x, y)
    return segment_param(line.x0, line.y0, line.x1, line.y1, x, y)


@jitable
def line_inward(line: LineFigures, u: float) -> float:
    """The direction (radians) straight into play from the point at ``u``."""
    if line.arc:
        return arc_inward(line.a0, line.a1, u)
    return segment_inward(line.x0, line.y0, line.x1, line.y1)


@jitable
def line_length(line: LineFigures) -> float:
    """Length of the whole line (m)."""
    if line.arc:
        return abs(line.a1 - line.a0) * line.radius
    return hypot(line.x1 - line.x0, line.y1 - line.y0)


@jitable
def line_slide(line: LineFigures, x: float, y: float, metres: float) -> tuple[float, float]:
    """(x, y) moved ``metres`` along the line (right positive): round the centre of an
    arc, keeping its distance from it; along a segment, stopping at its ends."""
    if line.arc:
        return arc_slide(line.a0, line.a1, x, y, metres)
    u = min(max(line_param(line, x, y) + metres / line_length(line), 0.0), 1.0)
    return line_point(line, u)


@jitable
def near(line: LineFigures, cx: float, cy: float, gap: float) -> tuple[bool, float, float]:
    """The stretch of ``u`` within ``gap`` of (cx, cy): (whether there is one, its ends)."""
    if line.arc:
        d = hypot(cx, cy)
        if d == 0 or abs(d - line.radius) >= gap:
            return False, 0.0, 0.0
        cos = (line.radius**2 + d * d - gap * gap) / (2 * line.radius * d)
        half = math.acos(max(-1.0, min(1.0, cos)))
        mid = arc_param(line.a0, line.a1, cx, cy)
        du = half / abs(line.a1 - line.a0)
        return True, mid - du, mid + du
    length = line_length(line)
    along = line_param(line, cx, cy)
    px, py = line_point(line, along)
    across = hypot(cx - px, cy - py)
    if across >= gap:
        return False, 0.0, 0.0
    du = math.sqrt(gap * gap - across * across) / length
    return True, along - du, along + du


@jitable
def cut(lo: Numbers, hi: Numbers, count: int, blo: float, bhi: float) -> int:
    """Take the stretch (blo, bhi) (open at its ends) out of the ``count`` stretches in
    ``lo``, ``hi`` (in order, with room for one more); how many are left."""
    n = count
    for i in range(count - 1, -1, -1):  # backwards: a stretch split shifts only those after
        a, b = lo[i], hi[i]
        if bhi <= a or blo >= b:
            continue
        if blo > a and bhi < b:
            for j in range(n, i + 1, -1):
                lo[j], hi[j] = lo[j - 1], hi[j - 1]
            hi[i] = blo
            lo[i + 1], hi[i + 1] = bhi, b
            n += 1
        elif blo > a:
            hi[i] = blo
        elif bhi < b:
            lo[i] = bhi
        else:
            for j in range(i, n - 1):
                lo[j], hi[j] = lo[j + 1], hi[j + 1]
            n -= 1
    return n


@jitable
def cut_discs(
    line: LineFigures,
    lo: Numbers,
    hi: Numbers,
    count: int,
    xs: Row[float],
    ys: Row[float],
    on: Row[bool],
    gap: float,
) -> int:
    """Take out of the ``count`` stretches in ``lo``, ``hi`` every point closer than
    ``gap`` to a disc centred at (``xs[d]``, ``ys[d]``) with ``on[d]``, disc by disc in
    order (``lo`` and ``hi`` have room for one more stretch per disc); how many are
    left."""
    for d in range(len(xs)):
        if not on[d]:
            continue
        hit, blo, bhi = near(line, xs[d], ys[d], gap)
        if hit:
            count = cut(lo, hi, count, blo, bhi)
    return count


@jitable
def nearest(lo: Row[float], hi: Row[float], count: int, u: float) -> float:
    """The allowed ``u`` nearest ``u`` (NaN when nothing is allowed)."""
    best = math.nan
    for i in range(count):
        v = min(max(u, lo[i]), hi[i])
        if math.isnan(best) or abs(v - u) < abs(best - u):
            best = v
    return best


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

    def figures(self) -> LineFigures:
        """The line as compiled code reads it."""
        (x0, y0), (x1, y1) = self.points
        a0, a1 = self.angles
        return LineFigures(self.shape == "arc", self.radius, a0, a1, x0, y0, x1, y1)

    @property
    def length(self) -> float:
        """Length of the whole line (m)."""
        return line_length(self.figures())

    def point(self, u: float) -> tuple[float, float]:
        """The point at ``u`` (values outside [0, 1] continue the line)."""
        if self.shape == "arc":
            a0, a1 = self.angles
            return arc_point(self.radius, a0, a1, u)
        (x0, y0), (x1, y1) = self.points
        return segment_point(x0, y0, x1, y1, u)

    def param(self, x: float, y: float) -> float:
        """The ``u`` of the point of the line nearest (x, y) (may lie outside [0, 1])."""
        if self.shape == "arc":
            a0, a1 = self.angles
            return arc_param(a0, a1, x, y)
        (x0, y0), (x1, y1) = self.points
        return segment_param(x0, y0, x1, y1, x, y)

    def inward(self, u: float) -> float:
        """The direction (radians) straight into play from the point at ``u``: towards
        the centre of an arc, square to a segment (to the shooter's front)."""
        if self.shape == "arc":
            a0, a1 = self.angles
            return arc_inward(a0, a1, u)
        (x0, y0), (x1, y1) = self.points
        return segment_inward(x0, y0, x1, y1)

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
            a0, a1 = self.angles
            return arc_slide(a0, a1, x, y, metres)
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
        lows = [a for a, _ in self.allowed]
        highs = [b for _, b in self.allowed]
        best = nearest(lows, highs, len(lows), u)
        return None if math.isnan(best) else best

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
        (the spots a disc already in play covers): :func:`cut_discs`."""
        points = list(centres)
        lo = [a for a, _ in self.allowed] + [0.0] * len(points)
        hi = [b for _, b in self.allowed] + [0.0] * len(points)
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        line = self.figures()
        count = cut_discs(line, lo, hi, len(self.allowed), xs, ys, [True] * len(xs), gap)
        return self._with(tuple(zip(lo[:count], hi[:count], strict=True)))

    def nowhere(self) -> StartLine:
        """The same line with nothing allowed."""
        return self._with(())

    def _with(self, allowed: tuple[Stretch, ...]) -> StartLine:
        return StartLine(self.shape, self.radius, self.angles, self.points, allowed)

    # -- as data ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the shape, its figures and the allowed stretches."""
        figures: dict[str, Any] = (
            {"radius": self.radius, "angles": list(self.angles)}
            if self.shape == "arc"
            else {"points": [list(p) for p in self.points]}
        )
        return {"shape": self.shape, **figures, "allowed": [list(s) for s in self.allowed]}


def _intersect(allowed: tuple[Stretch, ...], keep: tuple[Stretch, ...]) -> tuple[Stretch, ...]:
    out: list[Stretch] = []
    for a, b in allowed:
        for lo, hi in keep:
            lo, hi = max(a, lo), min(b, hi)
            if lo <= hi:
                out.append((lo, hi))
    return tuple(sorted(out))
