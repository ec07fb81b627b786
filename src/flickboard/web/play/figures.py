"""The board or table as figures a page draws: every line, ring, peg and zone, in metres.

The page draws the board on a canvas from these figures alone (nothing about boards is
written in JavaScript): a crokinole board's surface, rings, quadrant lines, pegs, hole,
ditch and rail; a CSC table's surface, foul, one, two and three lines, the scoring zones,
the side gutters and the far end. Coordinates are the board's own (docs/physics.md):
crokinole centred on the hole with seat 0 at the bottom; table shuffleboard across the
table from the centre line and along it from the delivering end.
"""

from __future__ import annotations

from typing import Any

from flickboard.geometry import Board, CrokinoleBoard, ShuffleboardTable
from flickboard.geometry.units import inches

RAIL_WIDTH = inches(0.75)
"""How wide the crokinole rail is drawn outside the ditch (not a playing figure)."""


def board_figures(board: Board) -> dict[str, Any]:
    """What the page draws, by kind (``crokinole`` or ``shuffleboard``)."""
    if isinstance(board, CrokinoleBoard):
        return _crokinole(board)
    return _shuffleboard(board)


def _crokinole(board: CrokinoleBoard) -> dict[str, Any]:
    return {
        "kind": "crokinole",
        "disc": board.disc.radius,
        "surface": board.surface_radius,
        "ditch": board.rail_radius,
        "rail": board.rail_radius + RAIL_WIDTH,
        "rings": [
            {"name": ring.name, "radius": ring.radius, "width": ring.width} for ring in board.rings
        ],
        "quadrant_lines": {
            "angles": [CrokinoleBoard.quadrant_line_angles(seat)[0] for seat in range(4)],
            "from": board.ten_line_radius,
            "to": board.shooting_line_radius,
            "width": board.line_width,
        },
        "pegs": [[x, y] for x, y in board.pegs],
        "peg_radius": board.peg_radius,
        "hole": board.hole_radius,
        "regions": [
            {"points": 15, "inner": board.hole_radius, "outer": board.fifteen_line_radius},
            {"points": 10, "inner": board.fifteen_line_radius, "outer": board.ten_line_radius},
            {"points": 5, "inner": board.ten_line_radius, "outer": board.shooting_line_radius},
        ],
    }


def _shuffleboard(table: ShuffleboardTable) -> dict[str, Any]:
    r = table.disc.radius
    foul, one, two, three = table.lines
    return {
        "kind": "shuffleboard",
        "disc": r,
        "length": table.length,
        "width": table.width,
        "side_gutter": table.side_gutter_width,
        "end_gutter": table.end_gutter_length,
        "lines": [
            {"name": line.name, "y": line.y, "width": line.width}
            for line in (foul, one, two, three)
        ],
        "zones": [
            {"points": 1, "from": one.far, "to": two.near},
            {"points": 2, "from": two.far, "to": three.near},
            {"points": 3, "from": three.far, "to": table.length},
        ],
    }
