"""SVG pictures of a shot: where every disc ended, where the moved ones started, their paths."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from flickboard.draw.picture import shot_svg
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import DiscState, Layout, PlacedDisc, Shot, simulate
from flickboard.rules.base import Position

SVG = "{http://www.w3.org/2000/svg}"


def test_a_takeout_is_drawn_with_both_paths_the_starts_and_the_disc_knocked_out_pale() -> None:
    board = CrokinoleBoard.standard()
    position = Position.of(
        Layout(board, (PlacedDisc(1, 0.0, 0.12), PlacedDisc(2, 0.2, 0.0))), {1: 1, 2: 1}
    )
    record = simulate(position.layout, Shot(0.0, -0.3048, math.pi / 2, 3.0), shooter=9)
    assert record.final(1).state is DiscState.IN_DITCH  # the struck disc flies off
    svg = ET.fromstring(shot_svg(position, record, 0))
    paths = svg.findall(f".//{SVG}polyline")
    assert len(paths) == 2  # the shooter's and the struck disc's; disc 2 never moved
    assert all(len(p.get("points", "").split()) > 2 for p in paths)
    dashed = [
        c for c in svg.iter(f"{SVG}circle") if c.get("fill") == "none" and c.get("stroke-dasharray")
    ]
    assert len(dashed) == 2  # where the two moved discs started
    labels = {t.text for t in svg.iter(f"{SVG}text")}
    assert labels == {"1", "2", "9"}
    pale = [c for c in svg.iter(f"{SVG}circle") if c.get("fill-opacity") == "0.35"]
    assert len(pale) == 1
