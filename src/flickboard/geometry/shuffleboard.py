"""The CSC table shuffleboard as a frozen value, in SI units.

Coordinates: x across the board (0 on the centre line, positive to the right as seen
from the delivering end), y along it from the delivering end (0) to the far end
(``length``). Each frame is delivered towards the far end; the play layer keeps track
of which physical end that is.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.geometry.board import KernelFigures
from flickboard.geometry.checks import figures
from flickboard.geometry.disc import DiscSpec
from flickboard.geometry.raster import Cells, Extent, Ground
from flickboard.geometry.sketch import Box, Shape, Sketch, Stroke
from flickboard.geometry.svg import DiscMark, mm, picture
from flickboard.geometry.units import feet, inches
from flickboard.jit import jitable
from flickboard.reprs import named_repr


class Zone(IntEnum):
    """Where a weight lies, valued in points before the leading-weight rule."""

    NEUTRAL = 0
    ONE = 1
    TWO = 2
    THREE = 3
    HANGER = 4


@dataclass(frozen=True, slots=True)
class CrossLine:
    """A line across the board at distance ``y`` from the delivering end."""

    name: str
    y: float
    width: float

    @property
    def near(self) -> float:
        """Edge of the line nearer the delivering end."""
        return self.y - self.width / 2

    @property
    def far(self) -> float:
        """Edge of the line nearer the far end."""
        return far_edge(self.y, self.width)


def far_edge(y: float, width: float) -> float:
    """The edge nearer the far end of a line ``width`` wide centred ``y`` along the board."""
    return y + width / 2


_POSITIVE = (
    "length",
    "width",
    "one_line_from_end",
    "two_line_from_end",
    "three_line_from_end",
    "side_gutter_width",
    "end_gutter_length",
)
"""Table figures that must be finite and above 0 (metres)."""


@dataclass(frozen=True, slots=True)
class ShuffleboardTable:
    """A table shuffleboard: playing surface, score lines and gutters.

    >>> ShuffleboardTable.csc()
    ShuffleboardTable.csc()
    """

    kind: ClassVar[str] = "shuffleboard"
    """The game played on it (the name of its game kind and of its JSON ``kind``)."""
    piece: ClassVar[str] = "weight"
    line_names: ClassVar[tuple[str, ...]] = ("foul line", "1 line", "2 line", "3 line")
    line_sides: ClassVar[tuple[str, str]] = ("near side", "far side")
    edges: ClassVar[tuple[str, ...]] = ("left", "right", "far_end", "near_end")
    off_surface: ClassVar[str] = "gutter"
    off_surface_says: ClassVar[str] = "a shuffleboard has gutters"
    has_hole: ClassVar[bool] = False
    tracks_line_contact: ClassVar[bool] = False

    length: float
    width: float
    one_line_from_end: float
    two_line_from_end: float
    three_line_from_end: float
    line_width: float
    side_gutter_width: float
    end_gutter_length: float
    disc: DiscSpec = field(default_factory=DiscSpec.shuffleboard_weight)

    def __post_init__(self) -> None:
        figures("table", self, _POSITIVE)
        figures("table", self, ("line_width",), zero=True)
        if not isinstance(self.disc, DiscSpec):
            raise InvalidInput("table disc must be a DiscSpec")
        half = self.line_width / 2
        ends = (self.one_line_from_end, self.two_line_from_end, self.three_line_from_end)
        bands = [(self.length / 2 - half, self.length / 2 + half)]
        bands += [(self.length - e - half, self.length - e + half) for e in ends]
        bands.append((self.length, self.length))
        if any(b[0] <= a[1] for a, b in itertools.pairwise(bands)):
            raise InvalidInput(
                "table lines must go foul line < one line < two line < three line < far end, "
                "with no painted line overlapping the next"
            )
        if self.width <= 2 * self.disc.radius:
            raise InvalidInput("table width must leave room for a weight")

    @classmethod
    def csc(cls, disc: DiscSpec | None = None) -> ShuffleboardTable:
        """The CSC regulation table from its inch figures (rules Part I).

        >>> table = ShuffleboardTable.csc()
        >>> round(table.length / 0.3048, 3), round(table.foul_line.y / 0.3048, 3)
        (14.0, 7.0)
        """
        return cls(
            length=feet(14),
            width=inches(19),
            one_line_from_end=inches(30),
            two_line_from_end=inches(12),
            three_line_from_end=inches(6),
            line_width=inches(1 / 8),
            side_gutter_width=(inches(29) - inches(19)) / 2,
            end_gutter_length=(feet(15) + inches(4) - feet(14)) / 2,
            disc=disc or DiscSpec.shuffleboard_weight(),
        )

    @classmethod
    def standard(cls, disc: DiscSpec | None = None) -> ShuffleboardTable:
        """The standard table: :meth:`csc`."""
        return cls.csc(disc)

    def __repr__(self) -> str:
        return named_repr(
            self,
            (
                ("ShuffleboardTable.csc()", ShuffleboardTable.csc),
                (f"ShuffleboardTable.csc({self.disc!r})", lambda: ShuffleboardTable.csc(self.disc)),
            ),
        )

    def svg(
        self, discs: Iterable[DiscMark] = (), width_px: int = 120, overlay: Iterable[str] = ()
    ) -> str:
        """An SVG picture of the table (gutters, surface, foul, one, two and three lines)
        and ``discs`` on it."""
        w, g = self.width, self.side_gutter_width
        body = [
            f'<rect x="{mm(-w / 2 - g)}" y="{mm(-self.end_gutter_length)}" '
            f'width="{mm(w + 2 * g)}" height="{mm(self.length + 2 * self.end_gutter_length)}" '
            'fill="#4a4a4a"/>',
            f'<rect x="{mm(-w / 2)}" y="0" width="{mm(w)}" height="{mm(self.length)}" '
            'fill="#f1e2c2"/>',
            *(
                f'<rect x="{mm(-w / 2)}" y="{mm(line.near)}" width="{mm(w)}" '
                f'height="{mm(max(line.width, 0.001))}" fill="#222"/>'
                for line in self.lines
            ),
        ]
        box = (-w / 2 - g, -self.end_gutter_length, w / 2 + g, self.length + self.end_gutter_length)
        return picture(body, box, self.disc.radius, discs, width_px, overlay)

    def _repr_svg_(self) -> str:
        return self.svg()

    def picture_extent(self) -> Extent:
        """What a raster picture of the table shows: the surface, its side gutters and
        5 cm beyond each end."""
        g = self.side_gutter_width
        return (-self.width / 2 - g, -0.05, self.width / 2 + g, self.length + 0.05)

    def surface_box(self) -> tuple[float, float, float, float]:
        """Centre and half-size of the playing surface: (cx, cy, half_x, half_y), metres
        (the middle of the table, half its width across and half its length along)."""
        return (0.0, self.length / 2, self.width / 2, self.length / 2)

    def ground(self, cols: int, rows: int) -> npt.NDArray[np.int8]:
        """The table as ``cols`` x ``rows`` cells over :meth:`picture_extent`, north up,
        each labelled with the :class:`~flickboard.geometry.raster.Ground` under its
        centre: the side gutters (as rail), the surface and its lines (each at least a
        row)."""
        cells = Cells.over(self.picture_extent(), cols, rows)
        gx, gy = cells.x, cells.y
        out = cells.blank()
        w = self.width / 2
        out[np.abs(gx) <= w + self.side_gutter_width] = Ground.RAIL
        surface = (np.abs(gx) <= w) & (gy >= 0) & (gy <= self.length)
        out[surface] = Ground.SURFACE
        for line in self.lines:
            half = max(line.width, cells.height) / 2 + 1e-9  # every line at least one row
            out[surface & (np.abs(gy - (line.near + line.far) / 2) <= half)] = Ground.LINE
        return out

    def drawing(self) -> dict[str, Any]:
        """The table as JSON-ready figures a page draws, in metres (docs/web.md "Board
        figures"): length, width, gutters, the foul, one, two and three lines, the
        scoring zones and the weight's radius."""
        foul, one, two, three = self.lines
        return {
            "kind": self.kind,
            "disc": self.disc.radius,
            "length": self.length,
            "width": self.width,
            "side_gutter": self.side_gutter_width,
            "end_gutter": self.end_gutter_length,
            "lines": [
                {"name": line.name, "y": line.y, "width": line.width}
                for line in (foul, one, two, three)
            ],
            "zones": [
                {"points": 1, "from": one.far, "to": two.near},
                {"points": 2, "from": two.far, "to": three.near},
                {"points": 3, "from": three.far, "to": self.length},
            ],
        }

    @property
    def obstacles(self) -> tuple[tuple[float, float, float], ...]:
        """Fixed things a weight can strike on the surface: none on a shuffleboard."""
        return ()

    @property
    def foul_line(self) -> CrossLine:
        """The foul line across the centre of the board."""
        return CrossLine("foul", self.length / 2, self.line_width)

    @property
    def lines(self) -> tuple[CrossLine, CrossLine, CrossLine, CrossLine]:
        """Foul, one, two and three lines at the far end, nearest first."""
        w = self.line_width
        return (
            self.foul_line,
            CrossLine("one", self.length - self.one_line_from_end, w),
            CrossLine("two", self.length - self.two_line_from_end, w),
            CrossLine("three", self.length - self.three_line_from_end, w),
        )

    def kernel_figures(self) -> KernelFigures:
        """The figures the compiled kernel reads: a rectangle with gutters, no hole or
        pegs, lines judged by the weight's radius."""
        r = self.disc.radius
        bounds = tuple((line.near - r, line.far + r) for line in self.lines)
        return KernelFigures("rectangle", r, self.width, self.length, bounds)

    def placement_problem(
        self, x: float, y: float, *, leaning: bool = False, tolerance: float = 0.0
    ) -> str | None:
        """Why a weight cannot rest centred at (x, y), or None: it cannot lean (no hole)
        and its centre must be on the surface (a hanger overhangs the end)."""
        del tolerance
        if leaning:
            return "cannot lean: a shuffleboard has no hole"
        if abs(x) > self.width / 2 or not 0 <= y <= self.length:
            return "is off the playing surface"
        return None

    def touches_line(self, x: float, y: float, line: int, tolerance: float = 0.0) -> bool:
        """True if a weight lying centred at (x, y) touches line ``line`` seen from above."""
        del x
        painted = self.lines[line]
        r = self.disc.radius + tolerance
        return painted.near - r <= y <= painted.far + r

    def side_of_line(self, x: float, y: float, line: int) -> int:
        """+1 on the far side of line ``line``, -1 on the near side."""
        return 1 if y > self.lines[line].y else -1

    def edge_beyond(self, x: float, y: float) -> str:
        """The end beyond which (x, y) lies, else the side it is off."""
        if y > self.length:
            return "far_end"
        if y < 0.0:
            return "near_end"
        return "left" if x < 0.0 else "right"

    def final_place_problem(
        self, state: str, x: float, y: float, tolerance: float = 0.0
    ) -> str | None:
        """Nothing to refuse by place alone: the gutters' state is checked by events."""
        del state, x, y, tolerance
        return None

    def sketch(self) -> Sketch:
        """Gutters, surface and lines as plain shapes."""
        w = self.width
        gutter = self.side_gutter_width
        shapes: list[Shape] = [
            Box(-w / 2 - gutter, -0.05, w + 2 * gutter, self.length + 0.1, "#555555"),
            Box(-w / 2, 0, w, self.length, "#f1e2c2"),
            *(Stroke(-w / 2, line.y, w / 2, line.y, "black", 0.8) for line in self.lines),
        ]
        extent = (-w / 2 - gutter * 1.2, w / 2 + gutter * 1.2, -0.08, self.length + 0.08)
        return Sketch(tuple(shapes), extent, tall=True)

    def zone_of(self, x: float, y: float) -> Zone:
        """Zone of a weight centred at (x, y), seen from above (rule 4(g),
        :func:`zone_value`). The leading-weight rule is applied by the referee, not here."""
        del x
        w, length = self.line_width, self.length
        one = far_edge(length - self.one_line_from_end, w)  # the lines' far edges (``lines``)
        two = far_edge(length - self.two_line_from_end, w)
        three = far_edge(length - self.three_line_from_end, w)
        return Zone(zone_value(y, self.disc.radius, one, two, three, length))


@jitable
def zone_value(
    y: float, radius: float, one_far: float, two_far: float, three_far: float, length: float
) -> int:
    """The value of the zone (a :class:`Zone`) of a weight of ``radius`` centred ``y``
    along the table: touching a line scores the lower zone; protruding over the far end
    (of a table ``length`` long) is a hanger."""
    if y + radius > length:
        return Zone.HANGER.value
    if y - radius > three_far:
        return Zone.THREE.value
    if y - radius > two_far:
        return Zone.TWO.value
    if y - radius > one_far:
        return Zone.ONE.value
    return Zone.NEUTRAL.value
