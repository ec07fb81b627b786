"""Trajectories: every disc's centre at each frame, from the kernel's reference states."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from flickboard.errors import InvalidInput
from flickboard.physics.codes import (
    M_AIR,
    M_SLIDE,
    S_OK,
    FloatArray,
    board_array,
    params_array,
)
from flickboard.physics.engine import (
    build_record,
    default_params,
    layout_arrays,
    raise_for_status,
    resolve_shooter,
    shot_array,
)
from flickboard.physics.kernel import run_shot
from flickboard.physics.layout import Layout
from flickboard.physics.params import PhysicsParams
from flickboard.physics.record import ShotRecord
from flickboard.physics.shot import Shot

MAX_FRAMES = 100_000

WHERE = ("surface", "airborne", "ditch", "hole", "leaning", "gutter")
"""Values of ``Trajectory.where`` (by index)."""
_WHERE_OF_MODE = np.array([0, 0, 1, 2, 3, 4, 5], dtype=np.int8)


@dataclass(frozen=True)
class StateLog:
    """A shot's record plus every reference state the discs took (kernel segments).

    ``segments`` rows: t0, disc index, x, y, ux, uy, speed, spin, mode, t_airborne,
    cause (kernel candidate kind; -1 for the starting states);
    disc index k is ``ids[k]`` (the shooter last).
    """

    record: ShotRecord
    ids: tuple[int, ...]
    segments: FloatArray
    params: PhysicsParams


@dataclass(frozen=True)
class Trajectory:
    """Centres of every disc at each frame: ``x[f, k]``, ``y[f, k]`` for disc ``ids[k]``.

    ``where[f, k]`` says where the disc is then, as an index into :data:`WHERE`
    (on the surface, flying over the ditch, in the ditch or a gutter, in the hole,
    leaning), so an animation can hide or fade discs that are out of play.
    """

    times: FloatArray
    ids: tuple[int, ...]
    x: FloatArray
    y: FloatArray
    record: ShotRecord
    where: npt.NDArray[np.int8]


def state_log(
    layout: Layout,
    shot: Shot,
    *,
    shooter: int | None = None,
    params: PhysicsParams | None = None,
) -> StateLog:
    """Simulate with the kernel's state log on (for pictures, animations and tests)."""
    if params is None:
        params = default_params(layout)
    rows, ids = layout_arrays(layout)
    shooter_id = resolve_shooter(layout, shooter, ids)
    status, info, ev, fin, seg = run_shot(
        board_array(layout.board), params_array(params), rows, shot_array(shot), True
    )
    if status != S_OK:
        raise_for_status(status, info, ids, params)
    all_ids = (*ids, shooter_id)
    record = build_record(layout, shot, shooter_id, all_ids, ev, fin)
    return StateLog(record, all_ids, seg, params)


def positions_at(
    log: StateLog, times: FloatArray
) -> tuple[FloatArray, FloatArray, npt.NDArray[np.int8]]:
    """Centres of every disc at the given times (closed form), and where each is."""
    n = len(log.ids)
    decel = log.params.friction * log.params.gravity
    seg = log.segments[np.lexsort((log.segments[:, 0], log.segments[:, 1]))]
    bounds = np.searchsorted(seg[:, 1], np.arange(n + 1), side="left")
    idx = np.empty((len(times), n), dtype=np.int64)
    for k in range(n):
        first, end = int(bounds[k]), int(bounds[k + 1])
        at = np.searchsorted(seg[first:end, 0], times, side="right") - 1
        idx[:, k] = first + np.clip(at, 0, end - first - 1)
    r = seg[idx]
    dt = np.maximum(times[:, None] - r[..., 0], 0.0)
    v = r[..., 6]
    slide = r[..., 8] == M_SLIDE
    air = r[..., 8] == M_AIR
    tstop = np.where(slide, v / decel, 0.0)
    tau = np.minimum(dt, tstop)
    s = np.where(slide, v * tau - 0.5 * decel * tau * tau, np.where(air, v * dt, 0.0))
    xs = r[..., 2] + r[..., 4] * s
    ys = r[..., 3] + r[..., 5] * s
    where = _WHERE_OF_MODE[r[..., 8].astype(np.int64)]
    return xs, ys, where


def _check_fps(fps: float) -> None:
    if not isinstance(fps, int | float) or not math.isfinite(fps) or fps <= 0:
        raise InvalidInput(f"frames per second must be a positive number, got {fps!r}")


def sample_trajectory(
    layout: Layout,
    shot: Shot,
    fps: float,
    *,
    shooter: int | None = None,
    params: PhysicsParams | None = None,
    turns: bool = False,
) -> Trajectory:
    """Positions of every disc at each frame, from release until everything stops.

    With ``turns``, every instant a disc's motion changed (a contact, a stop, leaving
    or re-entering the surface) is sampled too, between the frames: a path drawn
    through the samples then turns exactly where the disc did instead of cutting the
    corner (for pictures; animations want evenly spaced frames).
    """
    _check_fps(fps)
    return sample_log(state_log(layout, shot, shooter=shooter, params=params), fps, turns=turns)


def sample_log(log: StateLog, fps: float, *, turns: bool = False) -> Trajectory:
    """:func:`sample_trajectory` of a shot already simulated with its state log (a
    server that rules on ``log.record`` animates exactly that shot, simulated once)."""
    _check_fps(fps)
    duration = log.record.duration
    frames = math.floor(duration * fps) + 1
    if frames > MAX_FRAMES:
        raise InvalidInput(f"{frames} frames is too many; lower the frame rate")
    times = np.arange(frames) / fps
    if times[-1] < duration:
        times = np.append(times, duration)
    if turns:
        times = np.union1d(times, log.segments[:, 0])
    xs, ys, where = positions_at(log, times)
    return Trajectory(times, log.ids, xs, ys, log.record, where)
