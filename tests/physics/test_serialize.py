"""JSON round trips for layouts, shots and records; clear errors for bad files."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Layout, PhysicsParams, PlacedDisc, Shot, simulate
from flickboard.physics.serialize import (
    dumps,
    layout_from_dict,
    layout_to_dict,
    loads_json,
    params_from_dict,
    record_from_dict,
    record_to_dict,
    shot_from_dict,
    shot_to_dict,
)

from .conftest import spread_layout


def test_layout_shot_and_record_round_trip_through_json(board: CrokinoleBoard) -> None:
    layout = spread_layout(board, 15, seed=2)
    shot = Shot(0.01, -0.3, 1.4, 2.5, spin=-12.0)
    record = simulate(layout, shot)
    assert layout_from_dict(json.loads(dumps(layout))) == layout
    assert shot_from_dict(json.loads(dumps(shot))) == shot
    assert record_from_dict(json.loads(dumps(record))) == record


def test_table_records_and_leaners_round_trip(
    table: ShuffleboardTable, board: CrokinoleBoard
) -> None:
    record = simulate(Layout(table, (PlacedDisc(3, 0.0, 4.0),)), Shot(0.0, 0.05, math.pi / 2, 2.0))
    assert record_from_dict(json.loads(dumps(record))) == record
    leaning = Layout(board, (PlacedDisc(0, 0.0, board.hole_radius, leaning=True),))
    assert layout_from_dict(json.loads(dumps(leaning))) == leaning


def test_non_standard_board_keeps_its_figures(board: CrokinoleBoard) -> None:
    small = replace(board, peg_count=6, surface_radius=0.31)
    layout = Layout(small)
    assert layout_from_dict(json.loads(dumps(layout))).board == small


def test_board_by_kind_alone_is_the_standard_one() -> None:
    layout = layout_from_dict({"board": {"kind": "shuffleboard"}, "discs": []})
    assert layout.board == ShuffleboardTable.csc()
    shot = shot_from_dict({"x": 0, "y": -0.3, "angle_deg": 90, "speed": 1})
    assert shot.angle == pytest.approx(math.pi / 2)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"board": {"kind": "chess"}}, "board.kind"),
        (
            {"board": {"kind": "crokinole"}, "discs": [{"id": 0, "x": "a", "y": 0}]},
            "discs\\[0\\].x",
        ),
        ({"board": {"kind": "crokinole"}, "discs": [{"id": 1.5, "x": 0.1, "y": 0.1}]}, "id"),
        ({"board": {"kind": "crokinole"}, "discs": {"id": 0}}, "list"),
        ([], "layout must be a JSON object"),
    ],
)
def test_bad_layout_files_get_clear_errors(data: object, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        layout_from_dict(data)


def test_layout_file_with_overlapping_discs_is_illegal() -> None:
    data = {
        "board": {"kind": "crokinole"},
        "discs": [{"id": 0, "x": 0.15, "y": 0.0}, {"id": 1, "x": 0.16, "y": 0.0}],
    }
    with pytest.raises(IllegalInPosition, match="overlap"):
        layout_from_dict(data)


def test_bad_shots_records_and_params_get_clear_errors(board: CrokinoleBoard) -> None:
    with pytest.raises(InvalidInput, match="angle"):
        shot_from_dict({"x": 0, "y": 0, "speed": 1})
    with pytest.raises(InvalidInput, match="speed"):
        shot_from_dict({"x": 0, "y": 0, "angle": 1, "speed": -2})
    record = record_to_dict(simulate(Layout(board), Shot(0.0, -0.3, 1.5, 1.0)))
    record["events"][0]["kind"] = "teleported"
    with pytest.raises(InvalidInput, match=r"events\[0\]\.kind"):
        record_from_dict(record)
    with pytest.raises(InvalidInput, match="not valid JSON"):
        loads_json("{oops", "shot file")
    with pytest.raises(InvalidInput, match="unknown physics parameter"):
        params_from_dict({"frcition": 0.1}, PhysicsParams())
    assert params_from_dict({"friction": 0.2}, PhysicsParams()).friction == 0.2
    assert shot_to_dict(Shot(0.0, 0.0, 1.0, 1.0))["spin"] == 0.0
    assert layout_to_dict(Layout(board))["discs"] == []
