"""The simple built-in crokinole player."""

from __future__ import annotations

import math

import pytest

from flickboard.agents.simple import SimpleBot
from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, PlacedDisc, simulate
from flickboard.play.view import Player, View
from flickboard.rules import Position, Turn, referee

BOARD = CrokinoleBoard.standard()


def _view(discs: dict[int, tuple[int, float, float]], seat: int = 0, side: int = 0) -> View:
    layout = Layout(BOARD, tuple(PlacedDisc(i, x, y) for i, (_, x, y) in discs.items()))
    position = Position.of(layout, {i: s for i, (s, _, _) in discs.items()})
    return View(referee("wcc"), position, Turn(seat, side, 50))


def _heading_error(shot_angle: float, x: float, y: float, tx: float, ty: float) -> float:
    return abs(math.remainder(shot_angle - math.atan2(ty - y, tx - x), 2 * math.pi))


def test_simple_bot_is_a_player() -> None:
    assert isinstance(SimpleBot(), Player)


def test_simple_bot_aims_at_the_twenty_on_an_empty_board() -> None:
    view = _view({})
    shot = SimpleBot(angle_noise=0.0, speed_noise=0.0).decide(view)
    view.referee.check_start(view.position, view.turn, shot.x, shot.y)
    assert _heading_error(shot.angle, shot.x, shot.y, 0.0, 0.0) < 1e-9
    record = simulate(view.position.layout, shot, shooter=50)
    assert math.hypot(record.final(50).x, record.final(50).y) < BOARD.fifteen_line_radius


def test_simple_bot_aims_at_the_opposing_disc_nearest_the_centre() -> None:
    view = _view({1: (1, 0.15, 0.05), 2: (1, -0.03, 0.07)})
    shot = SimpleBot(angle_noise=0.0, speed_noise=0.0).decide(view)
    assert _heading_error(shot.angle, shot.x, shot.y, -0.03, 0.07) < 1e-9
    record = simulate(view.position.layout, shot, shooter=50)
    assert frozenset((50, 2)) in record.contacts()


def test_simple_bot_takes_a_clear_opposing_disc_when_the_nearest_is_shielded() -> None:
    # Green's most central disc (1) sits behind a wall of red discs from every start in
    # red's quadrant; green disc 2 is in the open, so the bot must take that one out.
    wall = {10 + k: (0, 0.032 * k, 0.07) for k in (-1, 0, 1)}
    view = _view({1: (1, 0.0, 0.12), 2: (1, 0.2, -0.1), **wall})
    shot = SimpleBot(angle_noise=0.0, speed_noise=0.0).decide(view)
    assert _heading_error(shot.angle, shot.x, shot.y, 0.2, -0.1) < 1e-9
    record = simulate(view.position.layout, shot, shooter=50)
    assert frozenset((50, 2)) in record.contacts()


def test_simple_bot_is_seeded() -> None:
    view = _view({})
    first = [SimpleBot(seed=7).decide(view) for _ in range(1)]
    bot_a, bot_b = SimpleBot(seed=7), SimpleBot(seed=7)
    assert [bot_a.decide(view) for _ in range(3)] == [bot_b.decide(view) for _ in range(3)]
    assert first[0] == SimpleBot(seed=7).decide(view)
    assert SimpleBot(seed=8).decide(view) != first[0]


def test_simple_bot_moves_its_start_off_a_disc_lying_there() -> None:
    view = _view({1: (1, 0.0, -0.285)}, seat=0)
    shot = SimpleBot(angle_noise=0.0, speed_noise=0.0).decide(view)
    view.referee.check_start(view.position, view.turn, shot.x, shot.y)
    assert shot.x != 0.0


def test_simple_bot_refuses_negative_noise() -> None:
    with pytest.raises(InvalidInput, match="noise"):
        SimpleBot(angle_noise=-0.1)
