"""The environments' pictures: the board as an RGB array and as text.

Both are drawn from the same labelled grid, north up as in the SVG pictures (y away from
seat 0 on a crokinole board, from the delivering end on a table): every cell is labelled
with what lies under its centre (rail or gutter, ditch, surface, a painted line, a peg,
the hole) and each disc in play is painted over it by side. The RGB picture uses the
SVG's colours; the text uses one character a cell (``.`` surface, ``:`` line, ``+``
peg, ``o`` hole, ``#`` rail or gutter, a disc as its colour's initial, lower case when
leaning; a table's text lies down, its delivering end on the left). The board is drawn
once per size and cached; a frame only paints the discs.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from flickboard.geometry import Board
from flickboard.geometry.raster import Ground
from flickboard.geometry.svg import SIDE_COLOURS
from flickboard.rules.base import Position

DISC = 10
"""Label of a flat disc of side s: DISC + s; leaning: LEANING + s."""
LEANING = 20

COLOURS: dict[int, tuple[int, int, int]] = {
    Ground.OUTSIDE: (255, 255, 255),
    Ground.RAIL: (107, 68, 35),
    Ground.DITCH: (62, 42, 24),
    Ground.SURFACE: (233, 207, 156),
    Ground.LINE: (34, 34, 34),
    Ground.PEG: (68, 68, 68),
    Ground.HOLE: (59, 42, 26),
}
CHARS: dict[int, str] = {
    Ground.OUTSIDE: " ",
    Ground.RAIL: "#",
    Ground.DITCH: "~",
    Ground.SURFACE: ".",
    Ground.LINE: ":",
    Ground.PEG: "+",
    Ground.HOLE: "o",
}


def _hex(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


SIDE_RGB = tuple(_hex(c) for c in SIDE_COLOURS)


@lru_cache(maxsize=16)
def labels(board: Board, cols: int, rows: int) -> npt.NDArray[np.int8]:
    """The board alone, one :class:`Ground` label a cell (cached per board and size)."""
    return board.ground(cols, rows)


def _painted(position: Position, cols: int, rows: int) -> npt.NDArray[np.int8]:
    """The board's labels with every disc in play painted over them."""
    board = position.layout.board
    out = labels(board, cols, rows).copy()
    x0, y0, x1, y1 = board.picture_extent()
    sx, sy = cols / (x1 - x0), rows / (y1 - y0)
    radius = board.disc.radius
    for d in position.layout.discs:
        side = position.side_of(d.id)
        c0, c1 = math.floor((d.x - radius - x0) * sx), math.ceil((d.x + radius - x0) * sx)
        r0, r1 = math.floor((y1 - d.y - radius) * sy), math.ceil((y1 - d.y + radius) * sy)
        c0, r0 = max(c0, 0), max(r0, 0)
        c1, r1 = min(max(c1, c0 + 1), cols), min(max(r1, r0 + 1), rows)
        if c0 >= cols or r0 >= rows or c1 <= 0 or r1 <= 0:
            continue
        cx = x0 + (np.arange(c0, c1) + 0.5) / sx
        cy = y1 - (np.arange(r0, r1) + 0.5) / sy
        inside = (cx[None, :] - d.x) ** 2 + (cy[:, None] - d.y) ** 2 <= radius**2
        if not inside.any():  # smaller than a cell: the cell under its centre
            inside = np.zeros_like(inside)
            row = min(max(int((y1 - d.y) * sy) - r0, 0), r1 - r0 - 1)
            col = min(max(int((d.x - x0) * sx) - c0, 0), c1 - c0 - 1)
            inside[row, col] = True
        block = out[r0:r1, c0:c1]
        block[inside] = (LEANING if d.leaning else DISC) + side
    return out


def _long(board: Board) -> bool:
    """Whether the board is much longer than wide (a table)."""
    x0, y0, x1, y1 = board.picture_extent()
    return (y1 - y0) > 2 * (x1 - x0)


def rgb(position: Position, width: int | None = None) -> npt.NDArray[np.uint8]:
    """The board and the discs in play as an (height, width, 3) uint8 picture, north up
    (default 360 pixels across a board, 720 along a table)."""
    x0, y0, x1, y1 = position.layout.board.picture_extent()
    if width is None:
        width = round(720 * (x1 - x0) / (y1 - y0)) if _long(position.layout.board) else 360
    height = max(1, round(width * (y1 - y0) / (x1 - x0)))
    painted = _painted(position, width, height)
    palette = np.zeros((LEANING + len(SIDE_RGB), 3), dtype=np.uint8)
    for label, colour in COLOURS.items():
        palette[label] = colour
    for side, colour in enumerate(SIDE_RGB):
        palette[DISC + side] = colour
        palette[LEANING + side] = tuple(min(255, c + 60) for c in colour)
    return palette[painted]


def text(position: Position, side_names: tuple[str, ...], columns: int | None = None) -> str:
    """The board and the discs in play as lines of characters, a character half as wide
    as it is tall so the board keeps its shape in a terminal: a crokinole board north up
    (41 columns), a table lying down with its delivering end on the left (80 columns)."""
    x0, y0, x1, y1 = position.layout.board.picture_extent()
    if _long(position.layout.board):
        length = columns or 80
        across = max(1, round(length * (x1 - x0) / (y1 - y0) / 2))
        painted = _painted(position, across, length)[::-1].T  # far end to the right
    else:
        width = columns or 41
        painted = _painted(position, width, max(1, round(width * (y1 - y0) / (x1 - x0) / 2)))
    chars = dict(CHARS)
    for side, name in enumerate(side_names):
        chars[DISC + side] = name[0].upper()
        chars[LEANING + side] = name[0].lower()
    return "\n".join("".join(chars[int(v)] for v in row).rstrip() for row in painted)
