"""Pictures of shots."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from flickboard.draw import draw_trajectory
from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import Layout, PlacedDisc, Shot, sample_trajectory


def test_crokinole_picture_shows_the_paths(tmp_path: Path) -> None:
    board = CrokinoleBoard.standard()
    layout = Layout(board, (PlacedDisc(0, 0.0, 0.1),))
    traj = sample_trajectory(layout, Shot(0.0, -0.3, math.pi / 2, 1.2), fps=120)
    still = sample_trajectory(
        Layout(board, (PlacedDisc(0, 0.2, 0.1),)), Shot(0.0, -0.3, math.pi / 2, 1.2), fps=120
    )
    busy = draw_trajectory(traj, tmp_path / "shot.svg").read_text()
    quiet = draw_trajectory(still, tmp_path / "still.svg").read_text()
    assert busy.count("<path") > quiet.count("<path")  # the struck disc's path is drawn


def test_table_picture_is_a_png(tmp_path: Path) -> None:
    traj = sample_trajectory(
        Layout(ShuffleboardTable.csc()), Shot(0.0, 0.05, math.pi / 2, 1.6), fps=60
    )
    out = draw_trajectory(traj, tmp_path / "table.png")
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_unknown_picture_format_is_invalid(tmp_path: Path) -> None:
    traj = sample_trajectory(Layout(CrokinoleBoard.standard()), Shot(0.0, -0.3, 1.5, 1.0), fps=30)
    with pytest.raises(InvalidInput, match=r"svg or \.png"):
        draw_trajectory(traj, tmp_path / "x.jpg")
