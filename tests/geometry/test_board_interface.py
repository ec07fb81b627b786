"""Every game kind's board answers the same questions for the adapters (pictures, the
environments' frame, the page's drawing), so no adapter asks which game it is."""

from __future__ import annotations

import json

import numpy as np
import pytest

from flickboard.geometry import BOARD_KINDS, Board, is_board
from flickboard.geometry.raster import Cells, Ground
from flickboard.physics import DiscState, Edge
from flickboard.play.kind import GameKind, game_kinds

INTERFACE = tuple(
    sorted(
        {name for name in vars(Board) if not name.startswith("_")}
        | {name for name in Board.__annotations__ if not name.startswith("_")}
    )
)
"""The board protocol's members: what shared modules ask instead of which board it is."""


@pytest.fixture(params=game_kinds(), ids=lambda kind: kind.name)
def board(request: pytest.FixtureRequest) -> Board:
    kind: GameKind = request.param
    return kind.board()


def test_every_board_defines_the_board_interface_itself(board: Board) -> None:
    assert {"kernel_figures", "placement_problem", "sketch", "drawing", "line_names"} <= set(
        INTERFACE
    )
    for name in INTERFACE:
        assert hasattr(board, name), name
        assert name in vars(type(board)), f"{type(board).__name__} must define {name}"


def test_every_board_is_listed_by_its_kind(board: Board) -> None:
    assert BOARD_KINDS[board.kind] is type(board)
    assert is_board(board) and not is_board(board.disc)


def test_kernel_figures_bound_every_named_line(board: Board) -> None:
    figures = board.kernel_figures()
    assert len(figures.line_bounds) == len(board.line_names)
    assert all(a < b for a, b in figures.line_bounds)
    assert len(figures.pegs) == len(board.obstacles)
    assert figures.shape in ("circle", "rectangle")


def test_a_disc_centred_on_each_line_touches_it_and_not_the_others(board: Board) -> None:
    # both boards measure their lines straight up the board from (0, 0)
    for n, (inner, outer) in enumerate(board.kernel_figures().line_bounds):
        middle = (inner + outer) / 2
        lines = range(len(board.line_names))
        assert [k for k in lines if board.touches_line(0.0, middle, k, 0.0)] == [n]


def test_edges_and_off_surface_name_physics_values(board: Board) -> None:
    assert {Edge(e) for e in board.edges}
    assert DiscState(f"in_{board.off_surface}") in (DiscState.IN_DITCH, DiscState.IN_GUTTER)
    assert board.final_place_problem("on_surface", *board.surface_box()[:2], 0.0) is None


def test_sketch_shows_the_surface_box(board: Board) -> None:
    sketch = board.sketch()
    x0, x1, y0, y1 = sketch.extent
    cx, cy, hx, hy = board.surface_box()
    assert x0 < cx - hx and cx + hx < x1 and y0 < cy - hy and cy + hy < y1
    assert sketch.tall == (hy > hx)


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
