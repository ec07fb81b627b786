"""A fixed-step reference integrator, for tests only (convergence of the exact engine).

It steps time by ``dt``: each sliding disc loses ``friction * gravity * dt`` of speed
and moves; two discs that overlap while approaching, or a disc that overlaps a peg,
get a contact impulse. The impulse is worked out here independently of
``physics.resolve``: from the discs' mass and moment of inertia and the lever arm to
the contact point, as for any pair of rigid bodies, rather than from resolve's
closed forms for equal solid cylinders, so a wrong constant there makes the two
disagree.

The 20 hole: a disc whose centre is over it at or below ``capture_speed`` at the end of
a step drops (into an empty hole) and lies on the bottom, its centre moved the shortest
way to within ``hole - r`` of the hole's centre; if it stands proud of the surface
(the disc thicker than the hole is deep) it is from then on a fixed body that discs
overlapping it while approaching strike (disc restitution and friction). It ignores
lines, the edge, leaners, a hole with no room to lie flat and the slow-contact rules:
use it on shots that stay on the surface away from them, at ordinary speeds.
"""

from __future__ import annotations

import math

import numpy as np

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, PhysicsParams, Shot


def cross(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The z component of a x b for plane vectors."""
    return a[0] * b[1] - a[1] * b[0]


def contact_impulse(
    u: tuple[float, float],
    n: tuple[float, float],
    arms: tuple[tuple[float, float], tuple[float, float]],
    inverse: tuple[tuple[float, float], tuple[float, float]],
    restitution: float,
    friction: float,
) -> tuple[float, float]:
    """The impulse on body b (body a gets its opposite) at a contact with normal ``n``
    from a to b: ``u`` is the velocity of a's material point there relative to b's,
    ``arms`` the vectors from each centre to the contact point, ``inverse`` each
    body's (1 / mass, 1 / moment of inertia), zeros for a fixed body."""
    approach = u[0] * n[0] + u[1] * n[1]
    if approach <= 0:
        return 0.0, 0.0
    t = (-n[1], n[0])

    def stiffness(direction: tuple[float, float]) -> float:
        return sum(
            m + i * cross(arm, direction) ** 2 for arm, (m, i) in zip(arms, inverse, strict=True)
        )

    jn = (1 + restitution) * approach / stiffness(n)
    jt = (u[0] * t[0] + u[1] * t[1]) / stiffness(t)
    jt = max(-friction * jn, min(friction * jn, jt))
    return jn * n[0] + jt * t[0], jn * n[1] + jt * t[1]


def point_velocity(v: np.ndarray, w: float, arm: tuple[float, float]) -> tuple[float, float]:
    """Velocity of the material point at ``arm`` from the centre of a body moving at
    ``v`` and spinning at ``w`` (counter-clockwise)."""
    return float(v[0] - w * arm[1]), float(v[1] + w * arm[0])


def step_shot(
    layout: Layout,
    shot: Shot,
    dt: float,
    *,
    params: PhysicsParams | None = None,
    max_steps: int = 2_000_000,
) -> np.ndarray:
    """Final centres (rows x, y; the shooter last) after stepping the shot to rest."""
    params = params or PhysicsParams.crokinole()
    board = layout.board
    radius = board.disc.radius
    disc = (1 / board.disc.mass, 1 / board.disc.moment_of_inertia)
    fixed = (0.0, 0.0)
    n = len(layout.discs) + 1
    p = np.array([(d.x, d.y) for d in layout.discs] + [(shot.x, shot.y)], dtype=float)
    v = np.zeros((n, 2))
    v[-1] = shot.velocity
    w = np.zeros(n)
    w[-1] = shot.spin
    decel = params.friction * params.gravity
    spin_decay = 4 / 3 * params.spin_friction * params.gravity / radius
    crokinole = isinstance(board, CrokinoleBoard)
    pegs = board.pegs if crokinole else ()
    peg_reach = radius + (board.peg_radius if crokinole else 0.0)
    hole = board.hole_radius if crokinole else 0.0
    play = max(hole - radius, 0.0)
    proud = crokinole and board.disc.thickness > board.hole_depth
    sunk = np.zeros(n, dtype=bool)

    def strike(i: int, j: int | None, normal: tuple[float, float], e: float, mu: float) -> None:
        arm_i = (radius * normal[0], radius * normal[1])
        arm_j = (-arm_i[0], -arm_i[1])
        ui = point_velocity(v[i], w[i], arm_i)
        uj = (0.0, 0.0) if j is None else point_velocity(v[j], w[j], arm_j)
        other = fixed if j is None else disc
        u = (ui[0] - uj[0], ui[1] - uj[1])
        px, py = contact_impulse(u, normal, (arm_i, arm_j), (disc, other), e, mu)
        v[i] -= disc[0] * np.array((px, py))
        w[i] -= disc[1] * cross(arm_i, (px, py))
        if j is not None:
            v[j] += disc[0] * np.array((px, py))
            w[j] += disc[1] * cross(arm_j, (px, py))

    def drop(i: int) -> None:
        sunk[i] = True
        v[i] = 0.0
        w[i] = 0.0
        off = math.hypot(*p[i])
        if off > play:
            p[i] *= play / off

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
        for i in np.flatnonzero(moving):
            slow = math.hypot(*v[i]) <= params.capture_speed
            if slow and math.hypot(*p[i]) < hole and not sunk.any():
                drop(int(i))
        for i in range(n):
            for j in range(i + 1, n):
                dx, dy = p[j] - p[i]
                dist = math.hypot(dx, dy)
                if dist >= 2 * radius or (sunk[i] and sunk[j]):
                    continue
                normal = (dx / dist, dy / dist)
                e, mu = params.disc_restitution, params.disc_friction
                if not (sunk[i] or sunk[j]):
                    strike(i, j, normal, e, mu)
                elif proud and sunk[j]:
                    strike(i, None, normal, e, mu)
                elif proud:
                    strike(j, None, (-normal[0], -normal[1]), e, mu)
            for px, py in pegs:
                dx, dy = px - p[i, 0], py - p[i, 1]
                dist = math.hypot(dx, dy)
                if dist < peg_reach:
                    normal = (dx / dist, dy / dist)
                    strike(i, None, normal, params.peg_restitution, params.peg_friction)
    raise RuntimeError("reference integrator did not come to rest")
