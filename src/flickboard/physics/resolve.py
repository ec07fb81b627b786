"""Resolve: impulses at a contact (disc-disc, disc-peg, disc-rail).

Normal impulse with restitution; tangential impulse from the sliding velocity of the
two surfaces at the contact point (spin included), capped by Coulomb friction.
Discs are solid cylinders (moment of inertia m r^2 / 2). All discs share one mass.
"""

from __future__ import annotations

import math

import numpy as np

from flickboard.physics.evolve import F_W, F_X, F_Y, rebase, set_velocity
from flickboard.physics.jit import njit_borrowing


@njit_borrowing
def disc_impulse(
    vix: float,
    viy: float,
    wi: float,
    vjx: float,
    vjy: float,
    wj: float,
    nx: float,
    ny: float,
    radius: float,
    restitution: float,
    friction: float,
    slow: float,
) -> tuple[float, float, float, float, float, float]:
    """Velocities and spins after disc i (moving along n towards j) strikes disc j.

    Returns (vix, viy, wi, vjx, vjy, wj). Per unit mass: the normal impulse is
    (1 + e) vn / 2, the tangential one removes the contact slip (which changes at
    6 per unit impulse for two equal solid cylinders) up to friction * normal.
    """
    tx, ty = -ny, nx
    vn = (vix - vjx) * nx + (viy - vjy) * ny
    if vn <= 0.0:
        return vix, viy, wi, vjx, vjy, wj
    e = restitution if vn > slow else 0.0
    jn = 0.5 * (1.0 + e) * vn
    slip = (vix - vjx) * tx + (viy - vjy) * ty + radius * (wi + wj)
    jt = slip / 6.0
    cap = friction * jn
    if jt > cap:
        jt = cap
    elif jt < -cap:
        jt = -cap
    px = jn * nx + jt * tx
    py = jn * ny + jt * ty
    dw = 2.0 * jt / radius
    return vix - px, viy - py, wi - dw, vjx + px, vjy + py, wj - dw


@njit_borrowing
def fixed_impulse(
    vx: float,
    vy: float,
    w: float,
    nx: float,
    ny: float,
    radius: float,
    restitution: float,
    friction: float,
    slow: float,
) -> tuple[float, float, float]:
    """Velocity and spin after a disc moving along n strikes a fixed body (peg, rail).

    Per unit mass: normal impulse (1 + e) vn; the contact slip changes at 3 per unit
    tangential impulse, capped by friction * normal.
    """
    tx, ty = -ny, nx
    vn = vx * nx + vy * ny
    if vn <= 0.0:
        return vx, vy, w
    e = restitution if vn > slow else 0.0
    jn = (1.0 + e) * vn
    slip = vx * tx + vy * ty + radius * w
    jt = slip / 3.0
    cap = friction * jn
    if jt > cap:
        jt = cap
    elif jt < -cap:
        jt = -cap
    return vx - jn * nx - jt * tx, vy - jn * ny - jt * ty, w - 2.0 * jt / radius


@njit_borrowing
def resolve_discs(
    st: np.ndarray,
    i: int,
    j: int,
    t: float,
    radius: float,
    decel: float,
    spin_decay: float,
    restitution: float,
    friction: float,
    slow: float,
) -> None:
    """Bring discs i and j to time t and apply their contact impulse.

    A contact slower than ``slow`` has no bounce; if the two discs' whole relative
    velocity is below ``slow``, or friction would then press them together at once
    (their separation accelerating inwards), they move on with their common velocity
    instead of meeting again in endless tiny contacts.
    """
    vix, viy = rebase(st, i, t, decel, spin_decay)
    vjx, vjy = rebase(st, j, t, decel, spin_decay)
    dx = st[j, F_X] - st[i, F_X]
    dy = st[j, F_Y] - st[i, F_Y]
    d = math.sqrt(dx * dx + dy * dy)
    nx, ny = dx / d, dy / d
    vn = (vix - vjx) * nx + (viy - vjy) * ny
    rel = math.sqrt((vix - vjx) ** 2 + (viy - vjy) ** 2)
    ax, ay, wi, bx, by, wj = disc_impulse(
        vix, viy, st[i, F_W], vjx, vjy, st[j, F_W], nx, ny, radius, restitution, friction, slow
    )
    if vn <= slow:
        # relative acceleration of j from i (each decelerates along its own direction)
        si = math.sqrt(ax * ax + ay * ay)
        sj = math.sqrt(bx * bx + by * by)
        aix = -decel * ax / si if si > 0.0 else 0.0
        aiy = -decel * ay / si if si > 0.0 else 0.0
        ajx = -decel * bx / sj if sj > 0.0 else 0.0
        ajy = -decel * by / sj if sj > 0.0 else 0.0
        rvx, rvy = bx - ax, by - ay
        curvature = rvx * rvx + rvy * rvy + dx * (ajx - aix) + dy * (ajy - aiy)
        if curvature < 0.0 or rel <= slow:
            mx, my = 0.5 * (ax + bx), 0.5 * (ay + by)
            ax, ay, bx, by = mx, my, mx, my
    set_velocity(st, i, ax, ay)
    set_velocity(st, j, bx, by)
    st[i, F_W] = wi
    st[j, F_W] = wj


@njit_borrowing
def resolve_fixed(
    st: np.ndarray,
    i: int,
    t: float,
    nx: float,
    ny: float,
    radius: float,
    decel: float,
    spin_decay: float,
    restitution: float,
    friction: float,
    slow: float,
) -> None:
    """Bring disc i to time t and apply its impulse against a fixed body along n."""
    vx, vy = rebase(st, i, t, decel, spin_decay)
    ax, ay, w = fixed_impulse(vx, vy, st[i, F_W], nx, ny, radius, restitution, friction, slow)
    set_velocity(st, i, ax, ay)
    st[i, F_W] = w
