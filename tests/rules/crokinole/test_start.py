"""Where a crokinole shot may start: shooting line, quadrant, quadrant line."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.physics import Layout
from flickboard.rules import Position, Turn, referee


def _at(kit: Any, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (r * math.cos(a), r * math.sin(a))


def _beyond(kit: Any, distance: float) -> tuple[float, float]:
    """A point on the shooting line lying ``distance`` beyond seat 0's right quadrant line."""
    r = kit.board.shooting_line_radius
    return _at(kit, r, -45 + math.degrees(math.asin(distance / r)))


@pytest.mark.parametrize("rules", ["wcc", "nca", "depot", "fair"])
def test_start_touching_the_shooting_line_inside_the_quadrant(kit: Any, rules: str) -> None:
    pos = kit.position({})
    referee(rules).check_start(pos, kit.red, *kit.start)
    referee(rules).check_start(pos, Turn(2, 1, 101), 0.0, kit.board.shooting_line_radius)


@pytest.mark.parametrize("rules", ["wcc", "nca"])
def test_start_may_overlap_the_quadrant_line_while_touching_it(kit: Any, rules: str) -> None:
    pos = kit.position({})
    reach = kit.board.disc.footprint_radius + kit.board.line_width / 2
    referee(rules).check_start(pos, kit.red, *_beyond(kit, reach - 1e-4))
    with pytest.raises(IllegalInPosition, match="quadrant"):
        referee(rules).check_start(pos, kit.red, *_beyond(kit, reach + 1e-4))


def test_start_in_another_players_quadrant_is_refused(kit: Any) -> None:
    with pytest.raises(IllegalInPosition, match="quadrant"):
        referee("wcc").check_start(kit.position({}), kit.red, 0.0, kit.board.shooting_line_radius)


@pytest.mark.parametrize("rules", ["wcc", "nca", "fair"])
def test_start_away_from_the_shooting_line_is_refused(kit: Any, rules: str) -> None:
    with pytest.raises(IllegalInPosition, match="shooting line"):
        referee(rules).check_start(kit.position({}), kit.red, 0.0, -0.25)
    with pytest.raises(IllegalInPosition, match="wholly on the playing surface"):
        referee(rules).check_start(kit.position({}), kit.red, 0.0, -0.32)


def test_depot_start_touching_or_behind_the_shooting_line(kit: Any) -> None:
    wide = dataclasses.replace(kit.board, surface_radius=kit.board.surface_radius + 0.03)
    pos = Position.of(Layout(wide, ()), {})
    behind = -(kit.board.surface_radius + 0.01)
    referee("depot").check_start(pos, kit.red, 0.0, behind)
    with pytest.raises(IllegalInPosition, match="touching the shooting line"):
        referee("wcc").check_start(pos, kit.red, 0.0, behind)
    with pytest.raises(IllegalInPosition, match="behind the shooting line"):
        referee("depot").check_start(pos, kit.red, 0.0, -0.25)


def test_fair_start_at_most_half_over_the_quadrant_line(kit: Any) -> None:
    ref = referee("fair")
    ref.check_start(kit.position({}), kit.red, *_beyond(kit, 0.0))
    ref.check_start(kit.position({}), kit.red, *_beyond(kit, -0.005))
    with pytest.raises(IllegalInPosition, match="half over"):
        ref.check_start(kit.position({}), kit.red, *_beyond(kit, 0.002))
    referee("wcc").check_start(kit.position({}), kit.red, *_beyond(kit, 0.002))


def test_start_on_top_of_a_disc_in_play_is_refused(kit: Any) -> None:
    pos = kit.position({1: (1, 0.0, -0.29)})
    with pytest.raises(IllegalInPosition, match="overlap disc 1"):
        referee("wcc").check_start(pos, kit.red, *kit.start)


def test_start_from_a_seat_that_does_not_exist_is_refused(kit: Any) -> None:
    with pytest.raises(InvalidInput, match="seat"):
        referee("wcc").check_start(kit.position({}), Turn(4, 0, 100), *kit.start)
