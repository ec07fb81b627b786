"""sample_trajectory: frames follow the exact motion and end at the finals."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flickboard.bench.physics import scene_layout
from flickboard.errors import InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import EventKind, Layout, PlacedDisc, Shot, sample_trajectory
from flickboard.physics.trajectory import WHERE, sample_log, state_log


def test_frames_start_at_the_layout_and_end_at_the_finals(board: CrokinoleBoard) -> None:
    layout = scene_layout(board, 10, seed=8)
    shot = Shot(0.0, -board.shooting_line_radius, math.pi / 2, 3.0, spin=10.0)
    traj = sample_trajectory(layout, shot, fps=60)
    assert traj.x.shape == (len(traj.times), 11)
    assert traj.times[-1] == traj.record.duration
    assert np.all(np.diff(traj.times) > 0)
    start = [(d.x, d.y) for d in layout.discs] + [(shot.x, shot.y)]
    assert np.allclose(np.c_[traj.x[0], traj.y[0]], start)
    end = [(traj.record.final(i).x, traj.record.final(i).y) for i in traj.ids]
    assert np.allclose(np.c_[traj.x[-1], traj.y[-1]], end, atol=1e-12)


def test_a_lone_disc_follows_the_stopping_formula(board: CrokinoleBoard) -> None:
    shot = Shot(0.05, -0.25, 1.2, 0.9)
    traj = sample_trajectory(Layout(board), shot, fps=100)
    a = 0.15 * 9.81
    t = traj.times
    s = np.where(t < 0.9 / a, 0.9 * t - 0.5 * a * t * t, 0.9**2 / (2 * a))
    assert np.allclose(traj.x[:, 0], 0.05 + s * math.cos(1.2), atol=1e-12)


def test_discs_never_overlap_in_any_frame(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(0, 0.0, -0.15), PlacedDisc(1, 0.02, -0.05)))
    traj = sample_trajectory(layout, Shot(0.0, -0.3, math.pi / 2, 2.0), fps=2000)
    d = np.hypot(traj.x[:, :, None] - traj.x[:, None, :], traj.y[:, :, None] - traj.y[:, None, :])
    d[:, range(3), range(3)] = np.inf
    assert d.min() > 2 * board.disc.radius - 1e-9


def test_frames_say_where_each_disc_is(board: CrokinoleBoard) -> None:
    ditch = sample_trajectory(Layout(board), Shot(0.0, -0.3, -math.pi / 2, 2.0), fps=500)
    assert [WHERE[w] for w in dict.fromkeys(ditch.where[:, 0].tolist())] == [
        "surface",
        "airborne",
        "ditch",
    ]
    twenty = sample_trajectory(Layout(board), Shot(0.0, -0.3, math.pi / 2, 0.95), fps=50)
    assert WHERE[twenty.where[0, 0]] == "surface" and WHERE[twenty.where[-1, 0]] == "hole"


@pytest.mark.parametrize("fps", [0, -5, math.nan])
def test_bad_frame_rate_is_invalid(board: CrokinoleBoard, fps: float) -> None:
    with pytest.raises(InvalidInput, match="frames per second"):
        sample_trajectory(Layout(board), Shot(0.0, -0.3, 1.0, 1.0), fps=fps)


def test_turns_are_sampled_so_paths_bend_where_the_discs_did(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(0, 0.03, -0.15),))
    shot = Shot(0.0, -0.3, math.pi / 2, 1.2)
    frames = sample_trajectory(layout, shot, fps=10)
    exact = sample_trajectory(layout, shot, fps=10, turns=True)
    contact = next(e for e in exact.record.events if e.kind is EventKind.DISC_CONTACT)
    assert contact.time not in frames.times
    assert set(frames.times) < set(exact.times) and np.all(np.diff(exact.times) > 0)
    f = exact.times.tolist().index(contact.time)
    k = exact.ids.index(exact.record.shooter)
    assert (exact.x[f, k], exact.y[f, k]) == pytest.approx((contact.x, contact.y), abs=1e-12)
    # between frames alone the drawn path misses the contact point by millimetres
    after = np.searchsorted(frames.times, contact.time)
    chord = [(frames.x[g, k], frames.y[g, k]) for g in (after - 1, after)]
    (x0, y0), (x1, y1) = chord
    miss = abs((x1 - x0) * (contact.y - y0) - (y1 - y0) * (contact.x - x0)) / math.hypot(
        x1 - x0, y1 - y0
    )
    assert miss > 1e-3


def test_no_frame_shows_a_disc_crossing_one_lying_in_the_hole(board: CrokinoleBoard) -> None:
    from .test_engine import SINK_AND_RETURN

    layout, shot = SINK_AND_RETURN
    traj = sample_trajectory(layout, shot, fps=2000, turns=True)
    dropped = next(e for e in traj.record.events if e.kind is EventKind.DROPPED).time
    sunk, shooter = traj.ids.index(0), traj.ids.index(traj.record.shooter)
    after = traj.times >= dropped
    final = traj.record.final(0)
    assert (traj.where[after, sunk] == WHERE.index("hole")).all()
    assert np.allclose(traj.x[after, sunk], final.x) and np.allclose(traj.y[after, sunk], final.y)
    gap = np.hypot(traj.x[after, shooter] - final.x, traj.y[after, shooter] - final.y)
    assert gap.min() >= 2 * board.disc.radius - 1e-9
    assert gap.min() == pytest.approx(2 * board.disc.radius, abs=1e-9)  # it does touch


def test_a_shot_simulated_once_samples_as_if_simulated_again(board: CrokinoleBoard) -> None:
    layout = Layout(board, (PlacedDisc(1, 0.0, 0.1),))
    shot = Shot(0.0, -0.3, math.pi / 2, 1.2)
    log = state_log(layout, shot)
    once = sample_log(log, 30.0, turns=True)
    again = sample_trajectory(layout, shot, 30.0, turns=True)
    assert once.record == again.record == log.record
    assert np.array_equal(once.times, again.times) and np.array_equal(once.x, again.x)
    with pytest.raises(InvalidInput, match="frames per second"):
        sample_log(log, 0.0)
