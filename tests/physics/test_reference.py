"""The fixed-step reference integrator converges to the exact event-driven result."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import DiscState, EventKind, Layout, PlacedDisc, Shot, simulate

from .reference import step_shot


def test_fixed_steps_converge_to_the_event_driven_result(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(0, -0.15, -0.15), PlacedDisc(1, -0.06, -0.16)))
    shot = Shot(-0.25, -0.148, 0.0, 1.2, spin=-25.0)
    record = simulate(layout, shot)
    assert len(record.contacts()) == 2
    exact = np.array([(f.x, f.y) for f in record.finals])
    errors = [
        float(np.abs(step_shot(layout, shot, dt) - exact).max()) for dt in (2e-3, 5e-4, 1.25e-4)
    ]
    assert errors[0] > errors[1] > errors[2]
    assert errors[2] < 2e-3


def test_stepping_a_lone_disc_stops_where_the_formula_says(board: CrokinoleBoard) -> None:
    shot = Shot(0.0, -0.25, 0.3, 0.8)
    final = step_shot(Layout(board), shot, 1e-3)[-1]
    distance = 0.8**2 / (2 * 0.15 * 9.81)
    assert math.hypot(final[0] - shot.x, final[1] - shot.y) == pytest.approx(distance, abs=1e-9)


def test_fixed_steps_converge_on_a_disc_striking_one_lying_in_the_hole(
    board: CrokinoleBoard,
) -> None:
    # The shooter drives disc 1 onto peg 5 and drops into the hole; disc 1 comes back
    # off the peg and strikes the shooter lying there (the stepped version too).
    layout = Layout(board, (PlacedDisc(1, 0.0022, -0.0522),))
    shot = Shot(0.2955, 0.0747, -2.7774, 1.59)
    record = simulate(layout, shot)
    assert [(e.disc, e.other) for e in record.events if e.kind is EventKind.DISC_CONTACT] == [
        (2, 1),
        (1, 2),
    ]
    assert record.final(2).state is DiscState.IN_HOLE
    exact = np.array([(f.x, f.y) for f in record.finals])
    errors = [
        float(np.abs(step_shot(layout, shot, dt) - exact).max()) for dt in (4e-4, 1e-4, 2.5e-5)
    ]
    assert errors[0] > errors[1] > errors[2]
    assert errors[2] < 5e-4
