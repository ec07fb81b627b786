"""Actions and observations: the documented units, legal starts, and the frame of a seat."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flickboard.envs.actions import ActionMap, along, fraction
from flickboard.envs.observation import DISC_STATES, START_BINS, Encoder, ObservationLayout
from flickboard.physics import Layout, PlacedDisc
from flickboard.play.kind import game_kind, new_match
from flickboard.play.noise import ExecutionNoise, execute
from flickboard.rules.base import Position

CROKINOLE = ActionMap.for_kind(game_kind("crokinole"))


def _view_with(discs: dict[int, tuple[float, float, int]], game: str = "crokinole"):  # type: ignore[no-untyped-def]
    match = new_match(game)
    view = match.view()
    layout = Layout(view.board, tuple(PlacedDisc(i, x, y) for i, (x, y, _) in discs.items()))
    position = Position.of(layout, {i: side for i, (_, _, side) in discs.items()})
    turn = replace(view.turn, disc=max(discs, default=-1) + 1)
    return match, replace(view, position=position, turn=turn, to_come=view.to_come[turn.disc :])


def test_the_action_units_are_as_documented() -> None:
    view = new_match("crokinole").view()
    line = view.start_line
    shot = CROKINOLE.shot(view, [0.0, 1.0, -1.0, 1.0])
    assert (shot.x, shot.y) == pytest.approx(line.point(0.5))
    assert shot.angle == pytest.approx(line.inward(0.5) - math.radians(45))  # to the right
    assert shot.speed == pytest.approx(0.3)
    assert shot.spin == pytest.approx(30.0)
    assert CROKINOLE.shot(view, [0.0, 0.0, 1.0, 0.0]).speed == pytest.approx(4.0)
    table = ActionMap.for_kind(game_kind("shuffleboard"))
    assert table.max_angle == pytest.approx(math.radians(5))
    assert table.speed_range == game_kind("shuffleboard").speed_range()


def test_out_of_range_values_are_clipped() -> None:
    view = new_match("crokinole").view()
    assert CROKINOLE.shot(view, [5.0, 0.0, 9.0, 0.0]) == CROKINOLE.shot(view, [1, 0, 1, 0])


def test_the_start_action_spans_only_the_stretches_a_disc_leaves_free() -> None:
    line = new_match("crokinole").start_line()
    x, y = line.point(0.5)
    _, view = _view_with({0: (x, y, 1)})
    blocked = view.start_line
    assert len(blocked.allowed) == 2
    (a0, b0), (a1, b1) = blocked.allowed
    assert along(blocked, -1.0) == pytest.approx(a0, abs=1e-5)
    assert along(blocked, 1.0) == pytest.approx(b1, abs=1e-5)
    middle = along(blocked, 0.0)
    assert not (b0 < middle < a1)  # never inside the blocked stretch
    for value in np.linspace(-1, 1, 41):
        sx, sy = blocked.point(along(blocked, float(value)))
        assert view.referee.start_problem(view.position, view.turn, sx, sy) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-1, 1), min_size=4, max_size=4))
def test_a_shot_and_its_action_name_each_other(values: list[float]) -> None:
    view = new_match("crokinole").view()
    shot = CROKINOLE.shot(view, values)
    back = CROKINOLE.action(view, shot)
    assert back == pytest.approx(np.clip(values, -1, 1), abs=1e-4)


def test_fraction_is_the_inverse_of_along() -> None:
    line = new_match("crokinole").start_line().without([(0.0, -0.3048)], 0.03)
    for value in (-1.0, -0.3, 0.0, 0.6, 1.0):
        assert 2 * fraction(line, along(line, value)) - 1 == pytest.approx(value, abs=1e-4)


def test_a_start_on_a_disc_is_moved_to_the_nearest_legal_one_with_the_reason() -> None:
    line = new_match("crokinole").start_line()
    x, y = line.point(0.4)
    _, view = _view_with({0: (x, y, 1)})
    meant = replace(CROKINOLE.shot(view, [0.0, 0.0, 0.0, 0.0]), x=x, y=y)
    played, problem = execute(ExecutionNoise(), view, meant, None)
    assert problem is not None
    assert view.referee.start_problem(view.position, view.turn, played.x, played.y) is None
    assert math.dist((played.x, played.y), (x, y)) < 2.2 * view.board.disc.radius
    assert (played.angle, played.speed) == (meant.angle, meant.speed)


def test_noise_moves_the_shot_by_the_draws_given() -> None:
    view = new_match("crokinole").view()
    meant = CROKINOLE.shot(view, [0.0, 0.0, 0.0, 0.0])
    noise = game_kind("crokinole").noise("novice")
    played, _ = execute(noise, view, meant, np.array([0.0, 1.0, 0.0, 0.0]))
    assert played.angle - meant.angle == pytest.approx(noise.angle)
    assert execute(noise, view, meant, None)[0] == meant


def test_positions_are_seen_from_the_observers_seat() -> None:
    match = new_match("crokinole")
    line = match.start_line()  # seat 0's
    x, y = line.point(0.5)
    _, view = _view_with({0: (0.1, 0.1, 0), 1: (x * 0.5, y * 0.5, 1)})
    layout = ObservationLayout.of(match.view(), 2, match.seats)
    encoder = Encoder(layout, {0: 0, 2: 1})
    red, green = encoder.encode(view, 0), encoder.encode(view, 2)
    per = layout.per_disc
    assert red[per : per + 2] == pytest.approx([0.0, -0.4615], abs=1e-3)  # in front of red
    assert green[per : per + 2] == pytest.approx([0.0, 0.4615], abs=1e-3)  # far from green
    owner = slice(per + 2 + len(DISC_STATES), 2 * per)
    assert red[owner].tolist() == [0.0, 1.0] and green[owner].tolist() == [1.0, 0.0]
    state = slice(per + 2, per + 2 + len(DISC_STATES))
    assert red[state].tolist() == [0.0, 1.0, 0.0, 0.0]  # in play
    to_come = red[2 * per + 2 : 2 * per + 2 + len(DISC_STATES)]
    assert to_come.tolist() == [1.0, 0.0, 0.0, 0.0]


def test_the_layout_names_every_entry_once() -> None:
    layout = ObservationLayout(16, 2, (0, 2), 8)
    fields = layout.fields()
    covered = sorted(i for _, start, n, _, _ in fields for i in range(start, start + n))
    assert covered == list(range(layout.size))
    assert layout.size == 16 * (2 + 4 + 2) + 2 + 2 + 2 + 1 + 2 + 2 + 1 + 1 + START_BINS
