"""A board as a grid of cells, each labelled with what lies under its centre.

The environments' pictures (RGB and text) are painted from this grid. The grid covers the
board's :meth:`picture_extent` north up (row 0 at the top, y away from seat 0 or from the
delivering end); lines, pegs and the hole are kept at least a cell wide so that a coarse
grid still shows them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np
import numpy.typing as npt

Extent = tuple[float, float, float, float]
"""A rectangle of the board's plane: (x_min, y_min, x_max, y_max), metres."""


class Ground(IntEnum):
    """What lies under a point of a board's picture."""

    OUTSIDE = 0
    RAIL = 1
    """The rail round a crokinole board, or a table's gutters."""
    DITCH = 2
    SURFACE = 3
    LINE = 4
    PEG = 5
    HOLE = 6


@dataclass(frozen=True, slots=True)
class Cells:
    """The cells of a grid over a rectangle: every cell's centre and a cell's size."""

    x: npt.NDArray[np.float64]
    """Board x of every cell's centre, row 0 at the top (north)."""
    y: npt.NDArray[np.float64]
    """Board y of every cell's centre."""
    width: float
    """A cell's width (m)."""
    height: float
    """A cell's height (m)."""

    @classmethod
    def over(cls, extent: Extent, cols: int, rows: int) -> Cells:
        """The ``cols`` x ``rows`` cells covering ``extent``, north up."""
        x0, y0, x1, y1 = extent
        xs = x0 + (np.arange(cols) + 0.5) * (x1 - x0) / cols
        ys = y1 - (np.arange(rows) + 0.5) * (y1 - y0) / rows
        gx, gy = np.meshgrid(xs, ys)
        return cls(gx, gy, (x1 - x0) / cols, (y1 - y0) / rows)

    def blank(self) -> npt.NDArray[np.int8]:
        """A grid of :attr:`Ground.OUTSIDE`, one label a cell, ready to paint."""
        return np.full(self.x.shape, Ground.OUTSIDE, dtype=np.int8)
