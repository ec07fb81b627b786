"""Detect: the time of a disc's next event, in closed form or by robust root finding.

A moving disc against anything that does not move (a resting disc, a peg, a line's
boundary circle, the hole, the surface edge, the rail) is a straight line against a
circle: a quadratic in path length ``s``, turned into time exactly. Two sliding discs
meet at the first root of a quartic in time, isolated through the roots of its
derivatives (cubic, quadratic) and refined by safeguarded Newton steps.
"""

from __future__ import annotations

import math

import numpy as np

from flickboard.physics.jit import njit

INF = np.inf
TOUCH = 1e-9
"""Two bodies closer than contact plus this (m) are touching."""
APPROACH = 1e-9
"""A disc touching a fixed body approaches it only if this cosine is exceeded."""
APPROACH_SPEED = 1e-6
"""Two touching moving discs approach only faster than this (m/s); slower, they must
close in by a further ``TOUCH`` to count as a new contact."""


@njit(cache=True)
def circle_contact(
    x: float, y: float, ux: float, uy: float, cx: float, cy: float, reach: float
) -> float:
    """Path length until a centre moving along unit u comes within ``reach`` of (cx, cy).

    Only approaching contacts count: a touching body moving away or along the contact
    never collides again on a straight path. Returns inf if there is no contact.
    """
    dx = x - cx
    dy = y - cy
    b = dx * ux + dy * uy
    dist = math.sqrt(dx * dx + dy * dy)
    if b >= 0.0:
        return INF
    if dist - reach < TOUCH:
        return 0.0 if -b > APPROACH * dist else INF
    c = (dist - reach) * (dist + reach)
    disc = b * b - c
    if disc < 0.0:
        return INF
    return c / (-b + math.sqrt(disc))


@njit(cache=True)
def circle_exit(x: float, y: float, ux: float, uy: float, radius: float) -> float:
    """Path length until a centre inside the circle (origin, radius) crosses out."""
    b = x * ux + y * uy
    c = x * x + y * y - radius * radius
    disc = b * b - c
    if disc < 0.0:
        return 0.0
    s = -b + math.sqrt(disc)
    return s if s > 0.0 else 0.0


@njit(cache=True)
def circle_entry(x: float, y: float, ux: float, uy: float, radius: float) -> float:
    """Path length until a centre outside the circle (origin, radius) crosses in."""
    b = x * ux + y * uy
    if b >= 0.0:
        return INF
    c = x * x + y * y - radius * radius
    disc = b * b - c
    if disc < 0.0:
        return INF
    s = c / (-b + math.sqrt(disc))
    return s if s > 0.0 else 0.0


@njit(cache=True)
def rail_contact(x: float, y: float, ux: float, uy: float, reach: float) -> float:
    """Path length until a centre inside the circle (origin, reach) strikes it moving out.

    A centre already touching the rail and not moving out of it has no further contact.
    """
    b = x * ux + y * uy
    dist = math.sqrt(x * x + y * y)
    if reach - dist < TOUCH:
        return 0.0 if b > APPROACH * dist else INF
    return circle_exit(x, y, ux, uy, reach)


@njit(cache=True)
def hole_capture(
    x: float,
    y: float,
    ux: float,
    uy: float,
    hole: float,
    v: float,
    decel: float,
    capture: float,
    s_max: float,
) -> float:
    """Path length at which a sliding disc drops: centre over the hole, speed <= capture."""
    b = x * ux + y * uy
    c = x * x + y * y - hole * hole
    disc = b * b - c
    if disc <= 0.0:
        return INF
    sq = math.sqrt(disc)
    s_out = -b + sq
    if s_out < 0.0:
        return INF
    s_in = -b - sq
    s_in = max(s_in, 0.0)
    s_slow = (v * v - capture * capture) / (2.0 * decel)
    s = max(s_in, s_slow)
    if s <= s_out and s <= s_max:
        return s
    return INF


@njit(cache=True)
def poly(c4: float, c3: float, c2: float, c1: float, c0: float, t: float) -> float:
    """c4 t^4 + c3 t^3 + c2 t^2 + c1 t + c0 (Horner)."""
    return (((c4 * t + c3) * t + c2) * t + c1) * t + c0


@njit(cache=True)
def poly_root(c4: float, c3: float, c2: float, c1: float, c0: float, a: float, b: float) -> float:
    """A root of the quartic in [a, b], where it changes sign and is monotone.

    Safeguarded Newton (bisection when a step leaves the bracket). Returns the end of
    the final bracket on the side of the value at ``a`` (just before a crossing).
    """
    fa = poly(c4, c3, c2, c1, c0, a)
    if fa == 0.0:
        return a
    t = 0.5 * (a + b)
    for _ in range(80):
        ft = poly(c4, c3, c2, c1, c0, t)
        if ft == 0.0:
            return t
        if (ft > 0.0) == (fa > 0.0):
            a = t
        else:
            b = t
        if b - a <= 4e-16 * (1.0 + abs(b)):
            break
        d = ((4.0 * c4 * t + 3.0 * c3) * t + 2.0 * c2) * t + c1
        nt = t - ft / d if d != 0.0 else 0.5 * (a + b)
        if not (a < nt < b):
            nt = 0.5 * (a + b)
        t = nt
    return a


@njit(cache=True)
def quadratic_roots(a: float, b: float, c: float) -> tuple[float, float]:
    """Real roots of a t^2 + b t + c, ascending; NaN where there is none."""
    if a == 0.0:
        if b == 0.0:
            return np.nan, np.nan
        return -c / b, np.nan
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return np.nan, np.nan
    sq = math.sqrt(disc)
    q = -0.5 * (b + sq) if b >= 0.0 else -0.5 * (b - sq)
    r1 = q / a
    r2 = c / q if q != 0.0 else r1
    return (r1, r2) if r1 <= r2 else (r2, r1)


@njit(cache=True)
def first_crossing(c4: float, c3: float, c2: float, c1: float, c0: float, span: float) -> float:
    """First t in (0, span] where the quartic falls from above 0 to 0 or below; else inf.

    The cubic derivative's roots split [0, span] into pieces where the quartic is
    monotone; those roots come from the cubic's own monotone pieces, split at the
    quadratic second derivative's roots.
    """
    q1, q2 = quadratic_roots(12.0 * c4, 6.0 * c3, 2.0 * c2)
    # breakpoints of the derivative (sorted, clipped into [0, span])
    b1 = q1 if q1 == q1 else 0.0
    b2 = q2 if q2 == q2 else 0.0
    b1 = min(max(b1, 0.0), span)
    b2 = min(max(b2, 0.0), span)
    d4, d3, d2, d1 = 0.0, 4.0 * c4, 3.0 * c3, 2.0 * c2  # derivative coefficients
    prev = 0.0
    fprev = c0
    lo = 0.0
    for k in range(3):
        hi = b1 if k == 0 else (b2 if k == 1 else span)
        if hi <= lo:
            continue
        ga = poly(d4, d3, d2, d1, c1, lo)
        gb = poly(d4, d3, d2, d1, c1, hi)
        if (ga < 0.0 < gb) or (gb < 0.0 < ga):
            r = poly_root(d4, d3, d2, d1, c1, lo, hi)
            fr = poly(c4, c3, c2, c1, c0, r)
            if fprev > 0.0 and fr <= 0.0:
                return poly_root(c4, c3, c2, c1, c0, prev, r)
            prev = r
            fprev = fr
        lo = hi
    fend = poly(c4, c3, c2, c1, c0, span)
    if fprev > 0.0 and fend <= 0.0:
        return poly_root(c4, c3, c2, c1, c0, prev, span)
    return INF


@njit(cache=True)
def moving_contact(
    px: float,
    py: float,
    vx: float,
    vy: float,
    ax: float,
    ay: float,
    reach: float,
    span: float,
) -> float:
    """First time in [0, span] at which |p + v t + a t^2 / 2| falls to ``reach``.

    ``p, v, a`` are the relative position, velocity and acceleration of two discs.
    A touching pair counts only if it approaches now; otherwise it must close in by a
    further ``TOUCH`` before it counts as a new contact.
    """
    dist = math.sqrt(px * px + py * py)
    pv = px * vx + py * vy
    if dist - reach < TOUCH:
        if -pv > APPROACH_SPEED * dist:
            return 0.0
        reach = min(dist, reach) - TOUCH
    c0 = (dist - reach) * (dist + reach)
    c1 = 2.0 * pv
    c2 = vx * vx + vy * vy + px * ax + py * ay
    c3 = vx * ax + vy * ay
    c4 = 0.25 * (ax * ax + ay * ay)
    return first_crossing(c4, c3, c2, c1, c0, span)
