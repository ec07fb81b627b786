"""The board protocol: what every board or table answers for itself.

Shared modules (physics, rules, drawing, the web) ask a board these questions
instead of asking which board it is; a third board implements them all and is
added to :data:`flickboard.geometry.BOARDS` (docs/layers.md "Boards answer for themselves").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from flickboard.geometry.disc import DiscSpec
from flickboard.geometry.raster import Extent
from flickboard.geometry.sketch import Sketch
from flickboard.geometry.svg import DiscMark


@dataclass(frozen=True, slots=True)
class KernelFigures:
    """The figures the compiled kernel reads from a board (metres, kilograms).

    ``shape`` is "circle" (``surface`` and ``rail`` are radii, discs go over the rim
    into a ditch ``depth`` deep, may drop into a hole ``hole`` wide and stand ``proud``
    of the surface there) or "rectangle" (``surface`` is the width, ``rail`` the length,
    discs go over the sides and ends into gutters). ``foot`` is the radius lines are
    judged by; ``line_bounds`` gives, per painted line, the two distances between which
    a disc touches it. A board without a hole, a ditch or pegs leaves those at 0.
    """

    shape: str
    foot: float
    surface: float
    rail: float
    line_bounds: tuple[tuple[float, float], ...]
    hole: float = 0.0
    depth: float = 0.0
    peg: float = 0.0
    proud: float = 0.0
    pegs: tuple[tuple[float, float], ...] = ()


class Board(Protocol):
    """A playing surface: figures, names and pictures, answered by the board itself.

    A board is a frozen, hashable dataclass (its fields are its JSON form).
    """

    __dataclass_fields__: ClassVar[dict[str, Any]]

    kind: ClassVar[str]
    """The game played on it (the name of its game kind and of its JSON ``kind``)."""
    piece: ClassVar[str]
    """What the game calls its pieces ("disc", "weight")."""
    line_names: ClassVar[tuple[str, ...]]
    """The painted lines in the kernel's order ("15 line", ..., "foul line", ...)."""
    line_sides: ClassVar[tuple[str, str]]
    """Words for the two sides of a line, the side nearer its start first."""
    edges: ClassVar[tuple[str, ...]]
    """The edges a disc can go over (values of ``physics.Edge``)."""
    off_surface: ClassVar[str]
    """Where a disc that goes over an edge lands ("ditch", "gutter")."""
    off_surface_says: ClassVar[str]
    """The board's off-surface place in a sentence ("a crokinole board has a ditch")."""
    has_hole: ClassVar[bool]
    """Whether a disc can drop into or lean on a hole."""
    tracks_line_contact: ClassVar[bool]
    """Whether a disc resting on a line touches it for the hand-entry checks (a disc
    clears only a line it touches, and ends on a line it touched and never cleared)."""

    def __hash__(self) -> int: ...

    @classmethod
    def standard(cls, disc: DiscSpec | None = None) -> Board:
        """The board as the game's rules build it (with this disc, or the standard one)."""
        ...

    @property
    def disc(self) -> DiscSpec:
        """The disc or weight played on it."""
        ...

    @property
    def obstacles(self) -> tuple[tuple[float, float, float], ...]:
        """Fixed things a disc can strike on the surface, each (x, y, radius)."""
        ...

    def kernel_figures(self) -> KernelFigures:
        """The figures the compiled kernel reads."""
        ...

    def placement_problem(
        self, x: float, y: float, *, leaning: bool, tolerance: float
    ) -> str | None:
        """Why a disc cannot rest centred at (x, y), or None if it can (``tolerance``:
        how far it may overlap a fixed obstacle, metres)."""
        ...

    def touches_line(self, x: float, y: float, line: int, tolerance: float) -> bool:
        """Whether a disc lying centred at (x, y) touches painted line ``line``."""
        ...

    def final_place_problem(self, state: str, x: float, y: float, tolerance: float) -> str | None:
        """Why a disc cannot end in ``state`` (a ``physics.DiscState`` value) at (x, y),
        as words after "disc N", or None if it can."""
        ...

    def side_of_line(self, x: float, y: float, line: int) -> int:
        """Which side of painted line ``line`` the point (x, y) is on: +1 beyond it
        (outward, towards the far end), -1 before it (the ``side`` of a line clear)."""
        ...

    def edge_beyond(self, x: float, y: float) -> str:
        """The edge (one of :attr:`edges`) a disc lying off the surface at (x, y) went
        over (hand entry: a disc placed in the ditch or a gutter)."""
        ...

    def sketch(self) -> Sketch:
        """The board's outline as plain shapes, for a plotting library."""
        ...

    def svg(
        self, discs: Iterable[DiscMark] = (), width_px: int = ..., overlay: Iterable[str] = ()
    ) -> str:
        """An SVG picture of the board and ``discs`` on it."""
        ...

    def picture_extent(self) -> Extent:
        """What a raster picture of the board shows."""
        ...

    def surface_box(self) -> tuple[float, float, float, float]:
        """Centre and half-size of the playing surface: (cx, cy, half_x, half_y)."""
        ...

    def ground(self, cols: int, rows: int) -> npt.NDArray[np.int8]:
        """The board as labelled raster cells over :meth:`picture_extent`."""
        ...

    def drawing(self) -> dict[str, Any]:
        """The board as JSON-ready figures a page draws (docs/web.md "Board figures")."""
        ...


B = TypeVar("B")


def as_board(cls: type[B], board: object) -> B | None:
    """``board`` if it is a ``cls``, else None: how a one-game module takes its own board."""
    return board if isinstance(board, cls) else None
