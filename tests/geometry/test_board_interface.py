"""Every game kind's board answers the same questions for the adapters (pictures, the
environments' frame, the page's drawing), so no adapter asks which game it is."""

from __future__ import annotations

import json

import numpy as np
import pytest

from flickboard.geometry import Board
from flickboard.geometry.raster import Cells, Ground
from flickboard.play.kind import GameKind, game_kinds

INTERFACE = ("picture_extent", "surface_box", "ground", "drawing")
"""The board methods the adapters use instead of asking which board it is."""


@pytest.fixture(params=game_kinds(), ids=lambda kind: kind.name)
def board(request: pytest.FixtureRequest) -> Board:
    kind: GameKind = request.param
    return kind.board()


def test_every_board_defines_the_board_interface_itself(board: Board) -> None:
    for name in INTERFACE:
        assert callable(getattr(board, name)), name
        assert name in vars(type(board)), f"{type(board).__name__} must define {name}"


def test_picture_extent_shows_the_whole_surface_box(board: Board) -> None:
    x0, y0, x1, y1 = board.picture_extent()
    cx, cy, hx, hy = board.surface_box()
    assert hx > 0 and hy > 0
    assert x0 < cx - hx and cx + hx < x1
    assert y0 < cy - hy and cy + hy < y1


def test_ground_paints_the_surface_inside_the_surface_box(board: Board) -> None:
    cols, rows = 60, 90
    ground = board.ground(cols, rows)
    assert ground.shape == (rows, cols) and ground.dtype == np.int8
    assert set(np.unique(ground)) <= {int(g) for g in Ground}
    assert {Ground.RAIL, Ground.SURFACE, Ground.LINE} <= set(np.unique(ground))
    cells = Cells.over(board.picture_extent(), cols, rows)
    cx, cy, hx, hy = board.surface_box()
    on_board = np.isin(ground, [Ground.SURFACE, Ground.LINE, Ground.PEG, Ground.HOLE])
    inside = (np.abs(cells.x - cx) <= hx) & (np.abs(cells.y - cy) <= hy)
    assert not (on_board & ~inside).any()


def test_ground_keeps_every_line_at_least_a_cell_wide(board: Board) -> None:
    for cols, rows in ((9, 9), (6, 80), (41, 20)):
        assert (board.ground(cols, rows) == Ground.LINE).any(), (cols, rows)


def test_drawing_is_json_of_the_boards_own_kind_and_disc(board: Board) -> None:
    drawing = board.drawing()
    assert json.loads(json.dumps(drawing)) == drawing
    assert drawing["kind"] == board.kind
    assert drawing["disc"] == board.disc.radius
