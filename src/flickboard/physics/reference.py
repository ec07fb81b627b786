"""A fixed-step reference integrator, for tests only (convergence of the exact engine).

It steps time by ``dt``: each sliding disc loses ``friction * gravity * dt`` of speed
and moves; two discs that overlap while approaching get the same contact impulse as
in the exact engine, and so does a disc against a peg. It ignores the hole, lines and
the edge: use it on shots that stay on the surface away from them.
"""

from __future__ import annotations

import math

import numpy as np

from flickboard.geometry import CrokinoleBoard
from flickboard.physics.codes import FloatArray
from flickboard.physics.layout import Layout
from flickboard.physics.params import PhysicsParams
from flickboard.physics.resolve import disc_impulse, fixed_impulse
from flickboard.physics.shot import Shot


def step_shot(
    layout: Layout,
    shot: Shot,
    dt: float,
    *,
    params: PhysicsParams | None = None,
    max_steps: int = 2_000_000,
) -> FloatArray:
    """Final centres (rows x, y; the shooter last) after stepping the shot to rest."""
    params = params or PhysicsParams.crokinole()
    board = layout.board
    radius = board.disc.radius
    n = len(layout.discs) + 1
    p = np.array([(d.x, d.y) for d in layout.discs] + [(shot.x, shot.y)], dtype=float)
    v = np.zeros((n, 2))
    v[-1] = shot.velocity
    w = np.zeros(n)
    w[-1] = shot.spin
    decel = params.friction * params.gravity
    spin_decay = 4 / 3 * params.spin_friction * params.gravity / radius
    slow = params.slow_contact_speed
    pegs = board.pegs if isinstance(board, CrokinoleBoard) else ()
    peg_reach = radius + (board.peg_radius if isinstance(board, CrokinoleBoard) else 0.0)
    for _ in range(max_steps):
        speed = np.hypot(v[:, 0], v[:, 1])
        moving = speed > 0
        if not moving.any():
            return p
        # friction over the step (exact for a straight path within the step)
        tau = np.minimum(dt, np.where(moving, speed / decel, 0.0))
        unit = np.where(moving[:, None], v / np.where(moving, speed, 1.0)[:, None], 0.0)
        p += unit * (speed * tau - 0.5 * decel * tau * tau)[:, None]
        v = unit * np.maximum(speed - decel * dt, 0.0)[:, None]
        w = np.sign(w) * np.maximum(np.abs(w) - spin_decay * dt, 0.0)
        for i in range(n):
            for j in range(i + 1, n):
                d = p[j] - p[i]
                dist = math.hypot(d[0], d[1])
                if dist < 2 * radius:
                    nx, ny = d / dist
                    vix, viy, wi, vjx, vjy, wj = disc_impulse(
                        v[i, 0], v[i, 1], w[i], v[j, 0], v[j, 1], w[j], nx, ny,
                        radius, params.disc_restitution, params.disc_friction, slow,
                    )  # fmt: skip
                    v[i], v[j], w[i], w[j] = (vix, viy), (vjx, vjy), wi, wj
            for px, py in pegs:
                d = np.array((px, py)) - p[i]
                dist = math.hypot(d[0], d[1])
                if dist < peg_reach:
                    nx, ny = d / dist
                    vx, vy, wi = fixed_impulse(
                        v[i, 0], v[i, 1], w[i], nx, ny,
                        radius, params.peg_restitution, params.peg_friction, slow,
                    )  # fmt: skip
                    v[i], w[i] = (vx, vy), wi
    raise RuntimeError("reference integrator did not come to rest")
