"""The crokinole board as a frozen value, in SI units, centred on the 20 hole.

Coordinates: x to the right, y away from seat 0, origin at the centre of the hole.
Seats are numbered clockwise seen from above, seat 0 at the bottom (angle -90 deg),
seat 1 on the left, seat 2 at the top, seat 3 on the right.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.geometry.board import KernelFigures
from flickboard.geometry.checks import figures, finite, whole
from flickboard.geometry.disc import DiscSpec
from flickboard.geometry.pymath import hypot
from flickboard.geometry.raster import Cells, Extent, Ground
from flickboard.geometry.sketch import Round, Shape, Sketch, Stroke
from flickboard.geometry.svg import DiscMark, mm, picture
from flickboard.geometry.units import inches
from flickboard.jit import Row, jitable
from flickboard.reprs import named_repr


class Region(IntEnum):
    """Scoring regions of the board, valued in points (the ditch scores nothing)."""

    DITCH = 0
    FIVE = 5
    TEN = 10
    FIFTEEN = 15
    TWENTY = 20


@dataclass(frozen=True, slots=True)
class Ring:
    """A circular line painted on the board: centre radius and painted width."""

    name: str
    radius: float
    width: float

    @property
    def inner(self) -> float:
        """Radius of the line's inner edge."""
        return self.radius - self.width / 2

    @property
    def outer(self) -> float:
        """Radius of the line's outer edge."""
        return self.radius + self.width / 2


RAIL_WIDTH = inches(0.75)
"""How wide the rail is drawn outside the ditch in pictures (not a playing figure)."""

_POSITIVE = (
    "surface_radius",
    "shooting_line_radius",
    "ten_line_radius",
    "fifteen_line_radius",
    "hole_radius",
    "hole_depth",
    "peg_radius",
    "peg_circle_radius",
    "ditch_width",
    "ditch_depth",
    "rail_height",
)
"""Board figures that must be finite and above 0 (metres)."""


@dataclass(frozen=True, slots=True)
class CrokinoleBoard:
    """A crokinole board: playing surface, rings, pegs, hole, ditch and rail.

    Build the standard tournament board with :meth:`standard`; every figure is a
    parameter so other boards can be described.

    >>> CrokinoleBoard.standard()
    CrokinoleBoard.standard()
    """

    kind: ClassVar[str] = "crokinole"
    """The game played on it (the name of its game kind and of its JSON ``kind``)."""
    piece: ClassVar[str] = "disc"
    line_names: ClassVar[tuple[str, ...]] = ("15 line", "10 line", "shooting line")
    line_sides: ClassVar[tuple[str, str]] = ("inside", "outside")
    edges: ClassVar[tuple[str, ...]] = ("rim",)
    off_surface: ClassVar[str] = "ditch"
    off_surface_says: ClassVar[str] = "a crokinole board has a ditch"
    has_hole: ClassVar[bool] = True
    tracks_line_contact: ClassVar[bool] = True

    surface_radius: float
    shooting_line_radius: float
    ten_line_radius: float
    fifteen_line_radius: float
    line_width: float
    hole_radius: float
    hole_depth: float
    peg_radius: float
    peg_count: int
    peg_circle_radius: float
    peg_offset: float
    ditch_width: float
    ditch_depth: float
    rail_height: float
    disc: DiscSpec = field(default_factory=DiscSpec.crokinole_tournament)

    def __post_init__(self) -> None:
        figures("board", self, _POSITIVE)
        figures("board", self, ("line_width",), zero=True)
        finite(self.peg_offset, "board peg_offset")
        if whole(self.peg_count, "board peg_count") < 0:
            raise InvalidInput(f"board peg_count must not be negative, got {self.peg_count}")
        if not isinstance(self.disc, DiscSpec):
            raise InvalidInput("board disc must be a DiscSpec")
        half = self.line_width / 2
        lines = (self.fifteen_line_radius, self.ten_line_radius, self.shooting_line_radius)
        bands = [(0.0, self.hole_radius), *((r - half, r + half) for r in lines)]
        bands.append((self.surface_radius, self.surface_radius))
        if any(b[0] <= a[1] for a, b in itertools.pairwise(bands)):
            raise InvalidInput(
                "board figures must go hole < 15 line < 10 line < shooting line < surface "
                "edge, with no painted line overlapping the next"
            )
        if self.peg_count and not (
            self.hole_radius + self.peg_radius
            < self.peg_circle_radius
            < self.surface_radius - self.peg_radius
        ):
            raise InvalidInput("board pegs must stand on the surface, clear of the 20 hole")
        if self.peg_count > 1 and self.peg_circle_radius * math.sin(math.pi / self.peg_count) <= (
            self.peg_radius
        ):
            raise InvalidInput(f"board: {self.peg_count} pegs would overlap on their circle")
        if self.ditch_width < 2 * self.disc.radius:
            raise InvalidInput("board ditch_width must leave room for a disc to lie in the ditch")

    @classmethod
    def standard(cls, disc: DiscSpec | None = None) -> CrokinoleBoard:
        """The standard tournament board from its inch figures (docs/sources.md).

        >>> board = CrokinoleBoard.standard()
        >>> round(board.surface_radius / 0.0254, 3), board.peg_count
        (13.0, 8)
        """
        return cls(
            surface_radius=inches(26) / 2,
            shooting_line_radius=inches(24) / 2,
            ten_line_radius=inches(16) / 2,
            fifteen_line_radius=inches(8) / 2,
            line_width=inches(1 / 16),
            hole_radius=inches(1 + 3 / 8) / 2,
            hole_depth=inches(1 / 4),
            peg_radius=inches(3 / 8) / 2,
            peg_count=8,
            peg_circle_radius=inches(8) / 2,
            peg_offset=math.radians(22.5),
            ditch_width=inches(2),
            ditch_depth=inches(1 / 4),
            rail_height=inches(1 / 2),
            disc=disc or DiscSpec.crokinole_tournament(),
        )

    def __repr__(self) -> str:
        return named_repr(
            self,
            (
                ("CrokinoleBoard.standard()", CrokinoleBoard.standard),
                (
                    f"CrokinoleBoard.standard({self.disc!r})",
                    lambda: CrokinoleBoard.standard(self.disc),
                ),
            ),
        )

    @property
    def rings(self) -> tuple[Ring, Ring, Ring]:
        """The three painted rings, innermost first: 15 line, 10 line, shooting line."""
        return _rings(
            self.fifteen_line_radius,
            self.ten_line_radius,
            self.shooting_line_radius,
            self.line_width,
        )

    @property
    def rail_radius(self) -> float:
        """Radius of the rail's inner face (outer edge of the ditch)."""
        return self.surface_radius + self.ditch_width

    @property
    def pegs(self) -> tuple[tuple[float, float], ...]:
        """Peg centres, evenly spaced on the 15 line, offset from the quadrant lines."""
        return _peg_centres(self.peg_circle_radius, self.peg_count, self.peg_offset)

    def svg(
        self, discs: Iterable[DiscMark] = (), width_px: int = 360, overlay: Iterable[str] = ()
    ) -> str:
        """An SVG picture of the board (rail, ditch, surface, rings, quadrant lines, pegs,
        hole) and ``discs`` on it."""
        rail = self.rail_radius + RAIL_WIDTH
        body = [
            f'<circle r="{mm(rail)}" fill="#6b4423"/>',
            f'<circle r="{mm(self.rail_radius)}" fill="#3e2a18"/>',
            f'<circle r="{mm(self.surface_radius)}" fill="#e9cf9c"/>',
            *(
                f'<circle r="{mm(ring.radius)}" fill="none" stroke="#222" '
                f'stroke-width="{mm(max(ring.width, 0.0005))}"/>'
                for ring in self.rings
            ),
        ]
        for seat in range(4):
            a = self.quadrant_line_angles(seat)[0]
            r0, r1 = self.ten_line_radius, self.shooting_line_radius
            body.append(
                f'<line x1="{mm(r0 * math.cos(a))}" y1="{mm(r0 * math.sin(a))}" '
                f'x2="{mm(r1 * math.cos(a))}" y2="{mm(r1 * math.sin(a))}" stroke="#222" '
                f'stroke-width="{mm(max(self.line_width, 0.0005))}"/>'
            )
        body += [
            f'<circle cx="{mm(x)}" cy="{mm(y)}" r="{mm(self.peg_radius)}" fill="#444"/>'
            for x, y in self.pegs
        ]
        body.append(f'<circle r="{mm(self.hole_radius)}" fill="#2b1d10"/>')
        return picture(body, (-rail, -rail, rail, rail), self.disc.radius, discs, width_px, overlay)

    def _repr_svg_(self) -> str:
        return self.svg()

    def picture_extent(self) -> Extent:
        """What a raster picture of the board shows: the rail and a narrow margin."""
        r = self.rail_radius * 1.04
        return (-r, -r, r, r)

    def surface_box(self) -> tuple[float, float, float, float]:
        """Centre and half-size of the playing surface: (cx, cy, half_x, half_y), metres
        (the centre of the hole and the surface's radius both ways)."""
        r = self.surface_radius
        return (0.0, 0.0, r, r)

    def ground(self, cols: int, rows: int) -> npt.NDArray[np.int8]:
        """The board as ``cols`` x ``rows`` cells over :meth:`picture_extent`, north up,
        each labelled with the :class:`~flickboard.geometry.raster.Ground` under its
        centre: rail, ditch, surface, the rings and quadrant lines, the pegs, the hole."""
        cells = Cells.over(self.picture_extent(), cols, rows)
        gx, gy, cell_x = cells.x, cells.y, cells.width
        out = cells.blank()
        r = np.hypot(gx, gy)
        out[r <= self.rail_radius + 0.019] = Ground.RAIL
        out[r <= self.rail_radius] = Ground.DITCH
        out[r <= self.surface_radius] = Ground.SURFACE
        for ring in self.rings:
            out[np.abs(r - ring.radius) <= max(ring.width, cell_x) / 2] = Ground.LINE
        for seat in range(4):
            a = self.quadrant_line_angles(seat)[0]
            along = gx * math.cos(a) + gy * math.sin(a)
            across = np.abs(-gx * math.sin(a) + gy * math.cos(a))
            on = (along >= self.ten_line_radius) & (along <= self.shooting_line_radius)
            out[on & (across <= max(self.line_width, cell_x) / 2)] = Ground.LINE
        for px, py in self.pegs:
            out[np.hypot(gx - px, gy - py) <= max(self.peg_radius, cell_x / 2)] = Ground.PEG
        cell = max(cell_x, cells.height)
        out[r <= max(self.hole_radius, cell / 2)] = Ground.HOLE  # at least the middle cell
        return out

    def drawing(self) -> dict[str, Any]:
        """The board as JSON-ready figures a page draws, in metres (docs/web.md "Board
        figures"): surface, ditch and rail radii, rings, quadrant lines, pegs, hole and
        scoring regions, and the disc's radius."""
        return {
            "kind": self.kind,
            "disc": self.disc.radius,
            "surface": self.surface_radius,
            "ditch": self.rail_radius,
            "rail": self.rail_radius + RAIL_WIDTH,
            "rings": [
                {"name": ring.name, "radius": ring.radius, "width": ring.width}
                for ring in self.rings
            ],
            "quadrant_lines": {
                "angles": [self.quadrant_line_angles(seat)[0] for seat in range(4)],
                "from": self.ten_line_radius,
                "to": self.shooting_line_radius,
                "width": self.line_width,
            },
            "pegs": [[x, y] for x, y in self.pegs],
            "peg_radius": self.peg_radius,
            "hole": self.hole_radius,
            "regions": [
                {"points": 15, "inner": self.hole_radius, "outer": self.fifteen_line_radius},
                {"points": 10, "inner": self.fifteen_line_radius, "outer": self.ten_line_radius},
                {"points": 5, "inner": self.ten_line_radius, "outer": self.shooting_line_radius},
            ],
        }

    @property
    def obstacles(self) -> tuple[tuple[float, float, float], ...]:
        """Fixed things a disc can strike on the surface: each peg as (x, y, radius)."""
        return tuple((x, y, self.peg_radius) for x, y in self.pegs)

    @staticmethod
    def seat_angle(seat: int) -> float:
        """Direction (radians) from the centre towards a seat; seats go clockwise."""
        return seat_angle(seat)

    @staticmethod
    def quadrant_line_angles(seat: int) -> tuple[float, float]:
        """Directions of the two quadrant lines bounding a seat's quadrant."""
        centre = CrokinoleBoard.seat_angle(seat)
        return (centre - math.pi / 4, centre + math.pi / 4)

    def kernel_figures(self) -> KernelFigures:
        """The figures the compiled kernel reads: a circle with a ditch, a hole and pegs,
        lines judged by the disc's footprint."""
        foot = self.disc.footprint_radius
        return KernelFigures(
            shape="circle",
            foot=foot,
            surface=self.surface_radius,
            rail=self.rail_radius,
            hole=self.hole_radius,
            depth=self.ditch_depth,
            peg=self.peg_radius,
            proud=self.disc.thickness - self.hole_depth,
            pegs=self.pegs,
            line_bounds=tuple((ring.inner - foot, ring.outer + foot) for ring in self.rings),
        )

    def placement_problem(
        self, x: float, y: float, *, leaning: bool = False, tolerance: float = 0.0
    ) -> str | None:
        """Why a disc cannot rest centred at (x, y), or None (:func:`placement_fault`)."""
        fault = placement_fault(
            x, y, leaning, tolerance, self.surface_radius, self.hole_radius, self.disc.radius,
            self.peg_radius, self.pegs,
        )  # fmt: skip
        return PLACEMENT_FAULTS[fault] or None

    def touches_line(self, x: float, y: float, line: int, tolerance: float = 0.0) -> bool:
        """True if a disc lying centred at (x, y) touches ring ``line`` by its footprint."""
        ring = self.rings[line]
        reach = self.disc.footprint_radius + ring.width / 2 + tolerance
        return abs(math.hypot(x, y) - ring.radius) <= reach

    def final_place_problem(
        self, state: str, x: float, y: float, tolerance: float = 0.0
    ) -> str | None:
        """A 20 ends over the hole, a disc in the ditch beyond the playing surface."""
        r = math.hypot(x, y)
        if state == "in_hole" and r > self.hole_radius + tolerance:
            return (
                f"ends in_hole at ({x:g}, {y:g}), {r * 1000:.1f} mm from the centre, "
                f"but the 20 hole's radius is {self.hole_radius * 1000:.1f} mm"
            )
        if state == "in_ditch" and r < self.surface_radius - tolerance:
            return (
                f"ends in_ditch at ({x:g}, {y:g}), which is on the playing surface "
                f"(the ditch begins {self.surface_radius * 1000:.1f} mm from the centre)"
            )
        return None

    def side_of_line(self, x: float, y: float, line: int) -> int:
        """+1 outside ring ``line``, -1 inside it."""
        return 1 if math.hypot(x, y) > self.rings[line].radius else -1

    def edge_beyond(self, x: float, y: float) -> str:
        """The rim: a crokinole board has one edge."""
        return "rim"

    def sketch(self) -> Sketch:
        """Rail, surface, rings, hole, pegs and quadrant lines as plain shapes."""
        shapes: list[Shape] = [
            Round(0, 0, self.rail_radius, "#6b4423"),
            Round(0, 0, self.surface_radius, "#e9cf9c"),
            *(Round(0, 0, ring.radius, "black", 0.8) for ring in self.rings),
            Round(0, 0, self.hole_radius, "#3b2a1a"),
            *(Round(px, py, self.peg_radius, "#555555") for px, py in self.pegs),
        ]
        r0, r1 = self.ten_line_radius, self.shooting_line_radius
        for angle in (45, 135, 225, 315):
            a = math.radians(angle)
            c, s = math.cos(a), math.sin(a)
            shapes.append(Stroke(r0 * c, r0 * s, r1 * c, r1 * s, "black", 0.6))
        lim = self.rail_radius * 1.02
        return Sketch(tuple(shapes), (-lim, lim, -lim, lim), tall=False)

    def region_of(self, x: float, y: float) -> Region:
        """Scoring region of a flat disc centred at (x, y) by the footprint rule
        (:func:`footprint_region`). The 20 is not decided here: a disc in the hole is
        never on the surface."""
        fifteen, ten, shooting = self.rings
        return Region(
            footprint_region(
                hypot(x, y), self.disc.footprint_radius, fifteen.inner, ten.inner, shooting.inner
            )
        )


@jitable
def footprint_region(
    distance: float, foot: float, fifteen_inner: float, ten_inner: float, shooting_inner: float
) -> int:
    """The value of the scoring region (a :class:`Region`) of a flat disc whose centre lies
    ``distance`` from the board's centre, by the footprint rule: a disc whose footprint
    (radius ``foot``) touches a line scores the lower region; touching or beyond the
    shooting line is the ditch (out of play)."""
    reach = distance + foot
    if reach >= shooting_inner:
        return Region.DITCH.value
    if reach >= ten_inner:
        return Region.FIVE.value
    if reach >= fifteen_inner:
        return Region.TEN.value
    return Region.FIFTEEN.value


@lru_cache(maxsize=64)
def _rings(fifteen: float, ten: float, shooting: float, width: float) -> tuple[Ring, Ring, Ring]:
    """The painted rings of a board (computed once per board figures)."""
    return (
        Ring("fifteen", fifteen, width),
        Ring("ten", ten, width),
        Ring("shooting", shooting, width),
    )


@lru_cache(maxsize=64)
def _peg_centres(radius: float, count: int, offset: float) -> tuple[tuple[float, float], ...]:
    """Centres of ``count`` pegs evenly spaced on a circle (computed once per board figures)."""
    return tuple(
        (
            radius * math.cos(offset + 2 * math.pi * k / count),
            radius * math.sin(offset + 2 * math.pi * k / count),
        )
        for k in range(count)
    )


@jitable
def seat_angle(seat: int) -> float:
    """Direction (radians) from the centre towards a seat; seats go clockwise."""
    return -math.pi / 2 - (math.pi / 2) * (seat % 4)


PLACEMENT_FAULTS: tuple[str, ...] = (
    "",
    "is off the playing surface",
    "is said to lean on the 20 hole but is not at its rim",
    "lies flat over the 20 hole, where it would drop",
    "overlaps a peg",
)
"""Why a disc cannot rest somewhere, by :func:`placement_fault`'s code (0: it can)."""
OFF_SURFACE, NOT_AT_RIM, OVER_HOLE, ON_PEG = 1, 2, 3, 4


@jitable
def placement_fault(
    x: float,
    y: float,
    leaning: bool,
    tolerance: float,
    surface_radius: float,
    hole_radius: float,
    disc_radius: float,
    peg_radius: float,
    pegs: Row[Row[float]],
) -> int:
    """Why a disc cannot rest centred at (x, y), as an index of
    :data:`PLACEMENT_FAULTS` (0: it can): off the surface, flat over the 20 hole (it
    would drop), said to lean but not at the hole's rim (its centre must be within half
    a disc radius of it), or overlapping a peg (centres ``pegs``) by more than
    ``tolerance``."""
    centre = hypot(x, y)
    if centre > surface_radius:
        return OFF_SURFACE
    if leaning and abs(centre - hole_radius) > disc_radius / 2:
        return NOT_AT_RIM
    if not leaning and centre < hole_radius:
        return OVER_HOLE
    for k in range(len(pegs)):
        if hypot(x - pegs[k][0], y - pegs[k][1]) < disc_radius + peg_radius - tolerance:
            return ON_PEG
    return 0
