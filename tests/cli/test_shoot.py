"""``flickboard shoot`` through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from flickboard.cli.app import app
from flickboard.cli.shoot import board_named
from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics.serialize import board_to_dict, record_from_dict

runner = CliRunner()


def test_shoot_prints_events_and_writes_a_picture(tmp_path: Path) -> None:
    picture = tmp_path / "out.svg"
    record = tmp_path / "record.json"
    result = runner.invoke(
        app,
        [
            "shoot", "--board", "crokinole", "--disc", "0.0,0.1", "--from", "0,-0.30",
            "--angle", "90", "--speed", "1.2", "--spin", "0",
            "--picture", str(picture), "--record", str(record),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "disc 1 struck disc 0 at (0.000, 0.068)" in result.output
    assert "cleared the shooting line to the inside" in result.output
    assert picture.stat().st_size > 5000
    assert picture.read_text().lstrip().startswith("<?xml")
    saved = record_from_dict(json.loads(record.read_text()))
    assert saved.shooter == 1 and len(saved.finals) == 2


def test_shoot_reads_a_shot_file_and_draws_png(tmp_path: Path) -> None:
    shot_file = tmp_path / "shot.json"
    shot_file.write_text(
        json.dumps(
            {
                "layout": {
                    "board": {"kind": "shuffleboard"},
                    "discs": [{"id": 4, "x": 0.0, "y": 4.0}],
                },
                "shot": {"x": 0.0, "y": 0.05, "angle_deg": 90, "speed": 2.2},
                "shooter": 7,
                "params": {"friction": 0.032},
            }
        )
    )
    picture = tmp_path / "table.png"
    result = runner.invoke(app, ["shoot", "--file", str(shot_file), "--picture", str(picture)])
    assert result.exit_code == 0, result.output
    assert "disc 7 struck disc 4" in result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert picture.stat().st_size > 5000


def test_shoot_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    cases = [
        ["shoot", "--from", "0,-0.4", "--speed", "1"],
        ["shoot", "--from", "0;-0.3", "--speed", "1"],
        ["shoot", "--from", "0,-0.3", "--speed", "-1"],
        ["shoot", "--from", "0,-0.3"],
        ["shoot", "--board", "chess", "--from", "0,-0.3", "--speed", "1"],
        ["shoot", "--file", str(tmp_path / "missing.json")],
        ["shoot", "--from", "0,-0.3", "--speed", "1", "--picture", str(tmp_path / "x.gif")],
        ["shoot", "--from", "0,-0.3", "--speed", "1e-200"],
    ]
    for args in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), args
    figures = board_to_dict(CrokinoleBoard.standard())["figures"] | {"ditch_depth": -0.001}
    shallow = tmp_path / "shallow.json"
    shallow.write_text(
        json.dumps(
            {
                "layout": {"board": {"kind": "crokinole", "figures": figures}},
                "shot": {"x": 0, "y": -0.3, "angle_deg": -90, "speed": 3},
            }
        )
    )
    result = runner.invoke(app, ["shoot", "--file", str(shallow)])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: layout.board.figures: board ditch_depth must be a positive number, got -0.001\n"
    )
    result = runner.invoke(app, ["shoot", "--from", "0,-0.3", "--speed", "1e-200"])
    assert "speed must be in [0.001, 12.0] m/s" in result.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(app, ["shoot", "--file", str(broken)])
    assert result.exit_code == 2 and "not valid JSON" in result.stderr


def test_shoot_board_is_the_game_kinds_board_by_name_or_alias() -> None:
    assert board_named("crokinole") == CrokinoleBoard.standard()
    assert board_named("table shuffleboard") == ShuffleboardTable.csc()
    with pytest.raises(InvalidInput, match="board must be one of crokinole, shuffleboard, got"):
        board_named("chess")
