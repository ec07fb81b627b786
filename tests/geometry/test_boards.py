"""Boards and tables built from the official inch figures."""

import dataclasses
import math
from dataclasses import replace

import numpy as np
import pytest

from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard, DiscSpec, Region, ShuffleboardTable, Zone
from flickboard.geometry.shuffleboard import zone_value
from flickboard.geometry.units import feet, inches


def test_standard_board_matches_tournament_figures() -> None:
    board = CrokinoleBoard.standard()
    assert board.surface_radius == pytest.approx(inches(13))
    assert [ring.radius for ring in board.rings] == pytest.approx(
        [inches(4), inches(8), inches(12)]
    )
    assert board.hole_radius * 2 == pytest.approx(inches(1.375))
    assert len(board.pegs) == 8
    assert all(math.hypot(x, y) == pytest.approx(inches(4)) for x, y in board.pegs)


def test_each_seat_centre_lane_is_open() -> None:
    board = CrokinoleBoard.standard()
    for seat in range(4):
        lane = CrokinoleBoard.seat_angle(seat)
        nearest = min(
            abs(math.remainder(math.atan2(y, x) - lane, 2 * math.pi)) for x, y in board.pegs
        )
        assert nearest == pytest.approx(math.radians(22.5))


def test_seats_go_clockwise_from_the_bottom() -> None:
    angles = [CrokinoleBoard.seat_angle(s) for s in range(4)]
    assert [round(math.degrees(a)) % 360 for a in angles] == [270, 180, 90, 0]


def test_line_contact_by_footprint_scores_lower_region() -> None:
    board = CrokinoleBoard.standard()
    foot = board.disc.footprint_radius
    ten_inner = board.rings[1].inner
    assert board.region_of(ten_inner - foot - 1e-4, 0) is Region.TEN
    assert board.region_of(ten_inner - foot + 1e-4, 0) is Region.FIVE
    shooting_inner = board.rings[2].inner
    assert board.region_of(0, shooting_inner - foot + 1e-4) is Region.DITCH


def test_csc_table_lines_from_the_far_end() -> None:
    table = ShuffleboardTable.csc()
    foul, one, two, three = table.lines
    assert foul.y == pytest.approx(table.length / 2)
    assert table.length - one.y == pytest.approx(inches(30))
    assert table.length - two.y == pytest.approx(inches(12))
    assert table.length - three.y == pytest.approx(inches(6))


def test_shuffleboard_zone_from_above() -> None:
    table = ShuffleboardTable.csc()
    r = table.disc.radius
    two = table.lines[2]
    assert table.zone_of(0, two.far + r + 1e-4) is Zone.TWO
    assert table.zone_of(0, two.far + r - 1e-4) is Zone.ONE
    assert table.zone_of(0, table.length - r + 1e-4) is Zone.HANGER


def test_a_zone_is_read_off_the_lines_far_edges_to_the_bit() -> None:
    table = ShuffleboardTable.csc()
    _, one, two, three = table.lines
    r = table.disc.radius
    edges = (one.far, two.far, three.far)
    for y in [*np.linspace(0.0, table.length, 20_001), *(e + r for e in edges)]:
        value = zone_value(float(y), r, one.far, two.far, three.far, table.length)
        assert table.zone_of(0.0, float(y)) is Zone(value)


def test_bad_dimensions_are_refused() -> None:
    with pytest.raises(InvalidInput):
        DiscSpec(0.01, 0.02, 0.01, 0.005)
    with pytest.raises(InvalidInput):
        dataclasses.replace(CrokinoleBoard.standard(), ten_line_radius=inches(2))


def _fields(board: CrokinoleBoard) -> dict[str, object]:
    return {name: getattr(board, name) for name in board.__dataclass_fields__}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ditch_depth": -0.001}, "ditch_depth must be a positive number, got -0.001"),
        ({"ditch_depth": 0.0}, "ditch_depth must be a positive"),
        ({"hole_depth": math.nan}, "hole_depth must be a finite number"),
        ({"rail_height": -0.01}, "rail_height must be a positive"),
        ({"peg_radius": 0.0}, "peg_radius must be a positive"),
        ({"peg_circle_radius": "4 in"}, "peg_circle_radius must be a finite number"),
        ({"ditch_width": math.inf}, "ditch_width must be a finite number"),
        ({"line_width": -1e-3}, "line_width must be a non-negative"),
        ({"surface_radius": True}, "surface_radius must be a finite number"),
        ({"peg_offset": math.nan}, "peg_offset must be a finite number"),
        ({"peg_count": 2.5}, "peg_count must be a whole number"),
        ({"peg_count": -1}, "peg_count must not be negative"),
        ({"line_width": 0.11}, "no painted line overlapping"),
        ({"ten_line_radius": inches(2)}, "hole < 15 line < 10 line"),
        ({"hole_radius": inches(4)}, "hole < 15 line"),
        ({"peg_circle_radius": 0.02}, "pegs must stand on the surface, clear of the 20 hole"),
        ({"peg_circle_radius": 0.33}, "pegs must stand on the surface"),
        ({"peg_count": 100}, "100 pegs would overlap"),
        ({"ditch_width": inches(1)}, "room for a disc to lie in the ditch"),
    ],
)
def test_every_board_figure_is_checked(changes: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        replace(CrokinoleBoard.standard(), **changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"line_width": -0.001}, "line_width must be a non-negative"),
        ({"side_gutter_width": 0.0}, "side_gutter_width must be a positive"),
        ({"end_gutter_length": -0.1}, "end_gutter_length must be a positive"),
        ({"length": "14 ft"}, "length must be a finite number"),
        ({"line_width": inches(7)}, "no painted line overlapping"),
        ({"three_line_from_end": inches(1 / 32)}, "three line < far end"),
        ({"two_line_from_end": inches(40)}, "one line < two line"),
        ({"one_line_from_end": feet(7)}, "foul line < one line"),
        ({"width": 0.05}, "room for a weight"),
    ],
)
def test_every_table_figure_is_checked(changes: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        replace(ShuffleboardTable.csc(), **changes)


def test_boards_with_no_pegs_or_unpainted_lines_are_fine() -> None:
    assert replace(CrokinoleBoard.standard(), peg_count=0, line_width=0.0).pegs == ()
    assert replace(ShuffleboardTable.csc(), line_width=0.0).lines[0].width == 0.0
