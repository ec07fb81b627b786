"""JSON round trips for layouts, shots and records; clear errors for bad files."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from flickboard.bench.physics import scene_layout
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.jsonfields import loads_json
from flickboard.physics import Layout, PhysicsParams, PlacedDisc, Shot, simulate
from flickboard.physics.serialize import (
    board_to_dict,
    dumps,
    layout_from_dict,
    layout_to_dict,
    params_from_dict,
    record_from_dict,
    record_to_dict,
    shot_from_dict,
    shot_to_dict,
)

from .conftest import BOARD

FIGURES = board_to_dict(BOARD)["figures"]
DISC = board_to_dict(BOARD)["disc"]


def test_layout_shot_and_record_round_trip_through_json(board: CrokinoleBoard) -> None:
    layout = scene_layout(board, 15, seed=2)
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


def record_dict(board: CrokinoleBoard) -> dict[str, Any]:
    layout = Layout(board, (PlacedDisc(0, 0.0, 0.1), PlacedDisc(4, 0.2, 0.0)))
    return record_to_dict(simulate(layout, Shot(0.0, -0.3, math.pi / 2, 1.2)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=99), "record.version 99 is not one this flickboard reads"),
        (lambda d: d.update(version=True), "record.version must be a whole number"),
        (lambda d: d.pop("version"), "record.version must be a whole number, got None"),
        (lambda d: d["finals"][0].update(id=7), r"finals\[0\].id 7 is not the shooter or a disc"),
        (lambda d: d["finals"].pop(), "record.finals has no final for disc 5"),
        (lambda d: d["finals"].append(d["finals"][0]), "lists a disc twice"),
        (lambda d: d["events"][0].update(disc=9), r"events\[0\].disc 9 is not the shooter"),
        (lambda d: d.update(shooter=4), "record.shooter 4 is already a disc of the layout"),
    ],
)
def test_records_must_fit_their_layout_and_version(
    board: CrokinoleBoard, change: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = record_dict(board)
    assert record_from_dict(data).finals[-1].id == 5
    change(data)
    with pytest.raises(InvalidInput, match=message):
        record_from_dict(data)


def test_compact_records_name_only_discs_of_the_layout(board: CrokinoleBoard) -> None:
    record = simulate(Layout(board, (PlacedDisc(0, 0.0, 0.1),)), Shot(0.0, -0.3, 1.5708, 1.2))
    data = record_to_dict(record, compact=True)
    assert record_from_dict(data, record.layout) == record
    contact = next(e for e in data["events"] if e[1] == "disc_contact")
    contact[3] = 3
    with pytest.raises(InvalidInput, match=r"events\[\d+\].other 3 is not the shooter"):
        record_from_dict(data, record.layout)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "layout.board must be a JSON object"),
        ({"board": {"kind": "chess"}}, "layout.board.kind must be"),
        ({"board": {"kind": "crokinole", "disc": []}}, "layout.board.disc must be a JSON"),
        (
            {"board": {"kind": "crokinole", "disc": {**DISC, "mass": -1.0}}},
            "layout.board.disc: disc mass must be a positive number",
        ),
        (
            {"board": {"kind": "crokinole", "figures": {**FIGURES, "peg_count": 1.5}}},
            "layout.board.figures.peg_count must be a whole number",
        ),
        (
            {"board": {"kind": "crokinole", "figures": {**FIGURES, "ditch_depth": -0.001}}},
            "layout.board.figures: board ditch_depth must be a positive number, got -0.001",
        ),
    ],
)
def test_board_errors_name_their_path_in_the_layout(data: object, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        layout_from_dict(data)
