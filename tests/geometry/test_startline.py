"""Start lines: points, directions, offsets, and the stretches a shot may start from."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flickboard.geometry.startline import StartLine

ARC = StartLine.arc(0.3, -math.pi / 2 - 0.8, -math.pi / 2 + 0.8)
SEGMENT = StartLine.segment((-0.2, 0.35), (0.2, 0.35))


def test_arc_runs_from_the_shooters_left_to_right_and_points_at_the_centre() -> None:
    left, middle, right = ARC.point(0.0), ARC.point(0.5), ARC.point(1.0)
    assert left[0] < 0 < right[0] and middle == pytest.approx((0.0, -0.3))
    assert ARC.inward(0.5) == pytest.approx(math.pi / 2)  # straight up at the hole
    assert ARC.length == pytest.approx(0.3 * 1.6)
    assert ARC.offset(ARC.at_offset(0.05)) == pytest.approx(0.05)


def test_segment_runs_across_the_table_and_points_up_it() -> None:
    assert SEGMENT.point(0.25) == pytest.approx((-0.1, 0.35))
    assert SEGMENT.inward(0.3) == pytest.approx(math.pi / 2)
    assert SEGMENT.param(0.1, 0.9) == pytest.approx(0.75)  # projected onto the line


@given(st.floats(0.0, 1.0))
def test_param_finds_the_point_it_names(u: float) -> None:
    for line in (ARC, SEGMENT):
        assert line.param(*line.point(u)) == pytest.approx(u, abs=1e-9)


def test_slide_keeps_an_arc_start_on_its_circle_and_a_segment_start_on_the_table() -> None:
    x, y = ARC.slide(0.0, -0.3, 0.02)
    assert math.hypot(x, y) == pytest.approx(0.3) and x > 0  # right along the line
    assert SEGMENT.slide(0.15, 0.35, 1.0) == pytest.approx((0.2, 0.35))  # stops at the edge


def test_discs_near_the_line_take_out_the_spots_they_cover() -> None:
    line = SEGMENT.without([(0.0, 0.35)], 0.05)
    assert [v for s in line.allowed for v in s] == pytest.approx([0.0, 0.375, 0.625, 1.0])
    assert not line.contains(0.5) and line.contains(0.3)
    assert line.nearest(0.45) == pytest.approx(0.375)
    assert SEGMENT.without([(0.0, 0.9)], 0.05).allowed == SEGMENT.allowed  # far: no effect
    far_side = ARC.without([(0.0, 0.3)], 0.03)  # a disc at the opposite seat
    assert far_side.allowed == ARC.allowed


def test_nothing_allowed_means_no_spot_and_no_nearest_point() -> None:
    none = SEGMENT.nowhere()
    assert none.empty and none.nearest(0.5) is None and none.spots(3) == []


def test_spots_spread_over_the_allowed_stretches_only() -> None:
    line = SEGMENT.within(0.5, 1.0)
    spots = line.spots(4)
    assert len(spots) == 4 and all(x >= 0 for x, _ in spots)


def test_start_line_as_json_names_its_shape_and_stretches() -> None:
    assert SEGMENT.to_dict() == {
        "shape": "segment",
        "points": [[-0.2, 0.35], [0.2, 0.35]],
        "allowed": [[0.0, 1.0]],
    }
    assert ARC.to_dict()["shape"] == "arc" and ARC.to_dict()["radius"] == 0.3
