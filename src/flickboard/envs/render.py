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

from flickboard.geometry import Board, CrokinoleBoard, ShuffleboardTable
from flickboard.geometry.svg import SIDE_COLOURS
from flickboard.rules.base import Position

OUTSIDE, RAIL, DITCH, SURFACE, LINE, PEG, HOLE = range(7)
DISC = 10
"""Label of a flat disc of side s: DISC + s; leaning: LEANING + s."""
LEANING = 20

COLOURS: dict[int, tuple[int, int, int]] = {
    OUTSIDE: (255, 255, 255),
    RAIL: (107, 68, 35),
    DITCH: (62, 42, 24),
    SURFACE: (233, 207, 156),
    LINE: (34, 34, 34),
    PEG: (68, 68, 68),
    HOLE: (59, 42, 26),
}
CHARS = {OUTSIDE: " ", RAIL: "#", DITCH: "~", SURFACE: ".", LINE: ":", PEG: "+", HOLE: "o"}


def _hex(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


SIDE_RGB = tuple(_hex(c) for c in SIDE_COLOURS)


def extent(board: Board) -> tuple[float, float, float, float]:
    """What a picture shows: (x_min, y_min, x_max, y_max) in metres."""
    if isinstance(board, CrokinoleBoard):
        r = board.rail_radius * 1.04
        return (-r, -r, r, r)
    if isinstance(board, ShuffleboardTable):
        g = board.side_gutter_width
        return (-board.width / 2 - g, -0.05, board.width / 2 + g, board.length + 0.05)
    raise TypeError(f"no picture of a {type(board).__name__}")


def _grid(board: Board, cols: int, rows: int) -> tuple[npt.NDArray[np.float64], ...]:
    """Board coordinates of the centre of every cell (row 0 at the top, north)."""
    x0, y0, x1, y1 = extent(board)
    xs = x0 + (np.arange(cols) + 0.5) * (x1 - x0) / cols
    ys = y1 - (np.arange(rows) + 0.5) * (y1 - y0) / rows
    gx, gy = np.meshgrid(xs, ys)
    return gx, gy


@lru_cache(maxsize=16)
def labels(board: Board, cols: int, rows: int) -> npt.NDArray[np.int8]:
    """The board alone, one label a cell (cached per board and size)."""
    gx, gy = _grid(board, cols, rows)
    out = np.full(gx.shape, OUTSIDE, dtype=np.int8)
    x0, y0, x1, y1 = extent(board)
    cell_x, cell_y = (x1 - x0) / cols, (y1 - y0) / rows
    cell = max(cell_x, cell_y)
    if isinstance(board, CrokinoleBoard):
        r = np.hypot(gx, gy)
        out[r <= board.rail_radius + 0.019] = RAIL
        out[r <= board.rail_radius] = DITCH
        out[r <= board.surface_radius] = SURFACE
        for ring in board.rings:
            out[np.abs(r - ring.radius) <= max(ring.width, cell_x) / 2] = LINE
        for seat in range(4):
            a = board.quadrant_line_angles(seat)[0]
            along = gx * math.cos(a) + gy * math.sin(a)
            across = np.abs(-gx * math.sin(a) + gy * math.cos(a))
            on = (along >= board.ten_line_radius) & (along <= board.shooting_line_radius)
            out[on & (across <= max(board.line_width, cell_x) / 2)] = LINE
        for px, py in board.pegs:
            out[np.hypot(gx - px, gy - py) <= max(board.peg_radius, cell_x / 2)] = PEG
        out[r <= max(board.hole_radius, cell / 2)] = HOLE  # at least the middle cell
    elif isinstance(board, ShuffleboardTable):
        w = board.width / 2
        out[np.abs(gx) <= w + board.side_gutter_width] = RAIL
        surface = (np.abs(gx) <= w) & (gy >= 0) & (gy <= board.length)
        out[surface] = SURFACE
        for line in board.lines:
            half = max(line.width, cell_y) / 2 + 1e-9  # every line at least one row
            out[surface & (np.abs(gy - (line.near + line.far) / 2) <= half)] = LINE
    return out


def _painted(position: Position, cols: int, rows: int) -> npt.NDArray[np.int8]:
    """The board's labels with every disc in play painted over them."""
    board = position.layout.board
    out = labels(board, cols, rows).copy()
    x0, y0, x1, y1 = extent(board)
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
    x0, y0, x1, y1 = extent(board)
    return (y1 - y0) > 2 * (x1 - x0)


def rgb(position: Position, width: int | None = None) -> npt.NDArray[np.uint8]:
    """The board and the discs in play as an (height, width, 3) uint8 picture, north up
    (default 360 pixels across a board, 720 along a table)."""
    x0, y0, x1, y1 = extent(position.layout.board)
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
    x0, y0, x1, y1 = extent(position.layout.board)
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
