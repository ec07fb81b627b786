"""CSC rule 4: counting a frame, one test per clause."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import DiscSpec, ShuffleboardTable, Zone
from flickboard.rules.shuffleboard import (
    GREEN,
    RED,
    count_frame,
    position_from_json,
    position_to_json,
    table_position,
    zone_name,
)

TABLE = ShuffleboardTable.csc()
R = TABLE.disc.radius
L = TABLE.length


def at_from_end(back_edge_from_end: float) -> float:
    """Centre y of a weight whose near edge lies this far from the far end."""
    return L - back_edge_from_end + R


def line_far(name: str) -> float:
    return {line.name: line for line in TABLE.lines}[name].far


def test_csc_4c_one_zone_scores_one_not_touching_the_30_inch_line() -> None:
    clear = table_position(TABLE, [(RED, 0.0, line_far("one") + R + 1e-3)])
    touching = table_position(TABLE, [(RED, 0.0, line_far("one") + R - 1e-3)])
    assert count_frame(TABLE, clear).points == (1, 0)
    assert count_frame(TABLE, touching).points == (0, 0)


def test_csc_4d_two_zone_scores_two_or_one_touching_the_two_line() -> None:
    clear = table_position(TABLE, [(GREEN, 0.0, line_far("two") + R + 1e-3)])
    touching = table_position(TABLE, [(GREEN, 0.0, line_far("two") + R - 1e-3)])
    assert count_frame(TABLE, clear).points == (0, 2)
    assert count_frame(TABLE, touching).points == (0, 1)


def test_csc_4e_three_zone_scores_three_or_two_touching_the_three_line() -> None:
    clear = table_position(TABLE, [(RED, 0.0, line_far("three") + R + 1e-3)])
    touching = table_position(TABLE, [(RED, 0.0, line_far("three") + R - 1e-3)])
    assert count_frame(TABLE, clear).points == (3, 0)
    assert count_frame(TABLE, touching).points == (2, 0)


def test_csc_4f_hanger_scores_four() -> None:
    hanger = table_position(TABLE, [(GREEN, 0.0, L - R + 1e-3)])
    flush = table_position(TABLE, [(GREEN, 0.0, L - R - 1e-4)])
    assert count_frame(TABLE, hanger).weights[0].zone is Zone.HANGER
    assert count_frame(TABLE, hanger).points == (0, 4)
    assert count_frame(TABLE, flush).points == (0, 3)


def test_csc_4b_neutral_zone_weight_is_in_play_but_scores_nothing() -> None:
    neutral = table_position(TABLE, [(RED, 0.0, L / 2 + 0.3), (GREEN, 0.1, L / 2 + 0.2)])
    count = count_frame(TABLE, neutral)
    assert count.leader == RED
    assert count.points == (0, 0)
    assert "scores nothing" in count.explanation()


def test_csc_4a_only_leading_weights_of_one_colour_score() -> None:
    position = table_position(
        TABLE,
        [
            (RED, -0.15, at_from_end(0.10)),  # three zone, leads
            (RED, 0.15, at_from_end(0.20)),  # two zone, leads (beyond green's best)
            (GREEN, 0.0, at_from_end(0.25)),  # two zone, best green
            (RED, -0.05, at_from_end(0.60)),  # one zone, behind green: does not lead
        ],
    )
    count = count_frame(TABLE, position)
    assert count.leader == RED
    assert [w.leading for w in count.weights] == [True, True, False, False]
    assert count.points == (5, 0)


def test_csc_4g_line_contact_is_judged_from_above_by_the_top_radius() -> None:
    # A weight narrower at the bottom than at the top (footprint 5 mm inside the top
    # radius), its top edge 2 mm over the three line: seen from above it touches the line,
    # though its footprint does not. Judged by the footprint it would score 3.
    spec = TABLE.disc
    narrow = ShuffleboardTable.csc(
        DiscSpec(spec.radius, spec.radius - 5e-3, spec.thickness, spec.mass)
    )
    y = line_far("three") + spec.radius - 2e-3
    assert y - narrow.disc.footprint_radius > line_far("three")  # the footprint is clear
    assert narrow.zone_of(0.0, y) is Zone.TWO
    assert count_frame(narrow, table_position(narrow, [(RED, 0.0, y)])).points == (2, 0)
    # The regulation weight, its top edge just over the line, touches it as well.
    y = line_far("three") + R - 1e-5
    assert count_frame(TABLE, table_position(TABLE, [(RED, 0.0, y)])).points == (2, 0)


def test_csc_iv_neutral_zone_lies_beyond_the_foul_line_and_short_of_it_is_named_so() -> None:
    foul = TABLE.foul_line.far
    assert zone_name(TABLE, 0.0, foul + R + 1e-3) == "neutral"
    assert zone_name(TABLE, 0.0, foul + R - 1e-3) == "short"  # touching the foul line
    assert zone_name(TABLE, 0.0, 1.0) == "short"
    assert zone_name(TABLE, 0.0, L - R + 1e-3) == "hanger"
    assert zone_name(TABLE, 0.0, line_far("three") + R + 1e-3) == "three"


def test_csc_4a_level_leading_weights_make_a_non_scoring_frame() -> None:
    y = at_from_end(0.10)
    position = table_position(
        TABLE, [(RED, -0.1, y), (GREEN, 0.1, y), (RED, 0.0, at_from_end(0.5))]
    )
    count = count_frame(TABLE, position)
    assert count.level
    assert count.leader is None
    assert count.points == (0, 0)
    assert "level" in count.explanation()


def test_empty_table_scores_nothing() -> None:
    count = count_frame(TABLE, table_position(TABLE, []))
    assert count.leader is None and count.points == (0, 0)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from([RED, GREEN]), st.floats(L / 2 + R, L - R / 2)),
        min_size=1,
        max_size=8,
    )
)
def test_only_one_colour_ever_scores_and_never_more_than_sixteen(
    weights: list[tuple[int, float]],
) -> None:
    # Spread weights across the board in lanes so they never overlap.
    lanes = [-0.18, -0.06, 0.06, 0.18]
    placed = []
    counts = {RED: 0, GREEN: 0}
    for n, (side, y) in enumerate(weights):
        if counts[side] == 4:
            continue
        counts[side] += 1
        placed.append((side, lanes[n % 4], y + (n // 4) * 0.0))
    ys_by_lane: dict[float, list[float]] = {}
    for _, x, y in placed:
        ys_by_lane.setdefault(x, []).append(y)
    if any(
        abs(a - b) < 2 * R
        for ys in ys_by_lane.values()
        for i, a in enumerate(ys)
        for b in ys[i + 1 :]
    ):
        return
    points = count_frame(TABLE, table_position(TABLE, placed)).points
    assert min(points) == 0
    assert max(points) <= 16


def test_position_json_round_trip() -> None:
    data = {
        "weights": [{"colour": "red", "x": 0.0, "y": 4.0}, {"colour": "blue", "x": 0.1, "y": 3.9}]
    }
    position = position_from_json(data, TABLE)
    assert position.side_of(1) == GREEN
    assert position_from_json(position_to_json(position), TABLE) == position


def test_position_with_overlapping_weights_is_rejected() -> None:
    data = {
        "weights": [{"colour": "red", "x": 0.0, "y": 4.0}, {"colour": "green", "x": 0.01, "y": 4.0}]
    }
    with pytest.raises(IllegalInPosition, match="overlap"):
        position_from_json(data, TABLE)


def test_position_with_five_weights_of_one_colour_is_rejected() -> None:
    data = {"weights": [{"colour": "red", "x": 0.0, "y": 2.5 + 0.1 * n} for n in range(5)]}
    with pytest.raises(IllegalInPosition, match="at most 4"):
        position_from_json(data, TABLE)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"weights": [{"colour": "yellow", "x": 0.0, "y": 4.0}]}, "unknown colour"),
        ({"weights": [{"colour": "red", "x": "a", "y": 4.0}]}, "finite number"),
        ({"weights": [{"colour": "red", "x": 0.0}]}, "'y'"),
        ({"weights": [{"colour": "red", "x": 0.0, "y": 4.0, "z": 1}]}, "unknown field"),
        ({"stones": []}, "'weights'"),
        ([1, 2], "JSON object"),
    ],
)
def test_malformed_position_gets_a_clear_error(data: object, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        position_from_json(data, TABLE)


def test_weight_off_the_surface_is_rejected() -> None:
    with pytest.raises(IllegalInPosition, match="weight 0 is off the playing surface"):
        position_from_json({"weights": [{"colour": "red", "x": 0.5, "y": 4.0}]}, TABLE)


def test_position_errors_name_weights_not_discs() -> None:
    overlapping = {
        "weights": [{"colour": "red", "x": 0.0, "y": 4.0}, {"colour": "green", "x": 0.01, "y": 4.0}]
    }
    with pytest.raises(IllegalInPosition, match=r"^weights 0 and 1 overlap$"):
        position_from_json(overlapping, TABLE)


def test_weight_centre_may_lie_on_the_end_but_not_beyond_the_computed_length() -> None:
    # 14 ft is 4.267199999999999 m in floating point, so 4.2672 m is just beyond it.
    at_end = table_position(TABLE, [(RED, 0.0, L)])
    assert count_frame(TABLE, at_end).weights[0].zone is Zone.HANGER
    with pytest.raises(IllegalInPosition, match="off the playing surface"):
        table_position(TABLE, [(RED, 0.0, 4.2672)])
    with pytest.raises(IllegalInPosition, match="off the playing surface"):
        table_position(TABLE, [(RED, TABLE.width / 2 + 1e-9, 4.0)])


def test_explanation_counts_weights_and_points_in_words() -> None:
    one = count_frame(TABLE, table_position(TABLE, [(GREEN, 0.0, L - R - 1e-4)]))
    assert "leads with 1 weight beyond" in one.explanation()
    assert ": 3 points (4(a)-(f))" in one.explanation()
    assert "(s)" not in one.explanation()
    neutral = table_position(TABLE, [(RED, 0.0, L / 2 + 0.3), (GREEN, 0.1, L / 2 + 0.2)])
    assert "leads with 1 weight but none" in count_frame(TABLE, neutral).explanation()
