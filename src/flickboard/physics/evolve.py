"""Evolve: where a disc is at any time, from its reference state, in closed form.

Each disc keeps a reference state (row of the state table): time ``t0``, centre,
unit direction, speed and spin at ``t0``, its mode, the time it left the surface
(airborne discs) and bits saying which line boundaries its centre is inside.
A sliding disc decelerates at ``friction * gravity`` along its direction; an airborne
one keeps its horizontal velocity; spin decays at a constant rate towards 0.
"""

from __future__ import annotations

import math

import numpy as np

from flickboard.physics.codes import M_AIR, M_SLIDE
from flickboard.physics.jit import njit, njit_borrowing

F_T0 = 0
F_X = 1
F_Y = 2
F_UX = 3
F_UY = 4
F_V = 5
F_W = 6
F_MODE = 7
F_TZ = 8
F_BITS = 9
F_SIZE = 10


@njit(cache=True)
def travelled(v0: float, decel: float, dt: float) -> tuple[float, float]:
    """Path length and speed after ``dt`` for a disc sliding at ``v0`` (stops at 0)."""
    t_stop = v0 / decel
    if dt >= t_stop:
        return v0 * v0 / (2.0 * decel), 0.0
    return dt * (v0 - 0.5 * decel * dt), v0 - decel * dt


@njit(cache=True)
def time_to_travel(s: float, v0: float, decel: float) -> float:
    """Time for a disc sliding at ``v0`` to cover path length ``s`` (inf if never)."""
    if s <= 0.0:
        return 0.0
    if v0 <= 0.0:
        return np.inf
    disc = v0 * v0 - 2.0 * decel * s
    if disc < 0.0:
        if disc > -1e-15 * v0 * v0:
            return v0 / decel
        return np.inf
    return 2.0 * s / (v0 + math.sqrt(disc))


@njit_borrowing
def spin_at(st: np.ndarray, i: int, t: float, spin_decay: float) -> float:
    """Spin (rad/s) of disc ``i`` at time ``t``."""
    w0 = float(st[i, F_W])
    left: float = abs(w0) - spin_decay * (t - float(st[i, F_T0]))
    if left <= 0.0:
        return 0.0
    return left if w0 > 0.0 else -left


@njit_borrowing
def state_at(st: np.ndarray, i: int, t: float, decel: float) -> tuple[float, float, float]:
    """Centre and speed of disc ``i`` at time ``t`` (its direction never changes)."""
    mode = st[i, F_MODE]
    dt = t - st[i, F_T0]
    if mode == M_SLIDE:
        s, v = travelled(st[i, F_V], decel, dt)
    elif mode == M_AIR:
        v = st[i, F_V]
        s = v * dt
    else:
        return st[i, F_X], st[i, F_Y], 0.0
    return st[i, F_X] + st[i, F_UX] * s, st[i, F_Y] + st[i, F_UY] * s, v


@njit_borrowing
def rebase(
    st: np.ndarray, i: int, t: float, decel: float, spin_decay: float
) -> tuple[float, float]:
    """Move disc ``i``'s reference state to time ``t``; return its velocity then."""
    x, y, v = state_at(st, i, t, decel)
    w = spin_at(st, i, t, spin_decay)
    st[i, F_X] = x
    st[i, F_Y] = y
    st[i, F_V] = v
    st[i, F_W] = w
    st[i, F_T0] = t
    return v * st[i, F_UX], v * st[i, F_UY]


@njit_borrowing
def set_velocity(st: np.ndarray, i: int, vx: float, vy: float) -> None:
    """Give disc ``i`` (already rebased) a new velocity; keep its direction if it stops."""
    v = math.sqrt(vx * vx + vy * vy)
    st[i, F_V] = v
    if v > 0.0:
        st[i, F_UX] = vx / v
        st[i, F_UY] = vy / v
