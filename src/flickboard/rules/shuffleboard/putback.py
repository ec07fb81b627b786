"""Where a weight put back lies when a weight left in play covers its place.

CSC 4(i) and 5(e) put a weight back "in its original position", while 4(i) and 5(n)
leave other weights where the delivery left them. When one of those now covers the
place, the rules say nothing; we read them as a head referee would, and as cue sports
spot a ball on an occupied spot: the weight goes back **as near to its place as it
fits**, on the playing surface, touching the weight (or weights) in the way, and no
weight left in play is moved (docs/rules.md, "A place taken"). Weights put back are
placed in layout order, each clear of those placed before it.

The nearest free point to a place inside the table is the place itself, or the point of
one blocking weight's touching circle straight out from it, or where two touching
circles cross, or where a touching circle meets the table's side or end: the function
tries those and keeps the nearest that is free. Written once for the Python referee and
the compiled core (:func:`~flickboard.jit.jitable`).
"""

from __future__ import annotations

import math

import numpy as np

from flickboard.geometry.pymath import hypot
from flickboard.jit import jitable
from flickboard.physics.layout import OVERLAP_TOLERANCE
from flickboard.rules.codes import RESTORED
from flickboard.rules.kept import stays


@jitable
def _fits(
    k: int,
    px: float,
    py: float,
    fate: np.ndarray,
    x: np.ndarray,
    y: np.ndarray,
    gap: float,
    half_width: float,
    length: float,
) -> bool:
    """Whether weight ``k`` may lie centred at (px, py): on the surface, overlapping no
    other weight kept on the table."""
    if abs(px) > half_width or not 0.0 <= py <= length:
        return False
    for j in range(fate.shape[0]):
        if j != k and stays(fate[j]) and hypot(px - x[j], py - y[j]) < gap:
            return False
    return True


@jitable
def _candidates(
    k: int,
    fate: np.ndarray,
    x: np.ndarray,
    y: np.ndarray,
    touch: float,
    half_width: float,
    length: float,
) -> tuple[np.ndarray, int]:
    """Every point where weight ``k`` could lie nearest its place (x[k], y[k]) when that
    is covered (see the module docstring), as rows of an array, and their count."""
    tx, ty = x[k], y[k]
    n = fate.shape[0]
    points = np.empty((n * 9 + n * n, 2))
    count = 0
    for i in range(n):
        if i == k or not stays(fate[i]):
            continue
        # straight out from weight i
        dx, dy = tx - x[i], ty - y[i]
        d = hypot(dx, dy)
        points[count, 0] = x[i] + (touch * dx / d if d > 0.0 else 0.0)
        points[count, 1] = y[i] + (touch * dy / d if d > 0.0 else touch)
        count += 1
        # where i's touching circle meets a side or an end of the table
        for e in range(4):
            along_x = e >= 2  # the near and far ends; the sides first
            edge = (-half_width, half_width, 0.0, length)[e]
            off = edge - (y[i] if along_x else x[i])
            if abs(off) > touch:
                continue
            h = math.sqrt(touch * touch - off * off)
            for sign in (1.0, -1.0):
                if along_x:
                    points[count, 0], points[count, 1] = x[i] + sign * h, edge
                else:
                    points[count, 0], points[count, 1] = edge, y[i] + sign * h
                count += 1
        # where i's and j's touching circles cross
        for j in range(i + 1, n):
            if j == k or not stays(fate[j]):
                continue
            ex, ey = x[j] - x[i], y[j] - y[i]
            d = hypot(ex, ey)
            if d == 0.0 or d > 2.0 * touch:
                continue
            h = math.sqrt(max(touch * touch - (d / 2.0) ** 2, 0.0))
            for sign in (1.0, -1.0):
                points[count, 0] = x[i] + ex / 2.0 - sign * h * ey / d
                points[count, 1] = y[i] + ey / 2.0 + sign * h * ex / d
                count += 1
    return points, count


@jitable
def put_back(
    fate: np.ndarray, x: np.ndarray, y: np.ndarray, radius: float, half_width: float, length: float
) -> bool:
    """Move every weight put back (fate ``RESTORED``) whose place (``x``, ``y``) another
    kept weight covers to the nearest place it fits, in index order, writing ``x`` and
    ``y``; True if one has no place on the table at all (the position cannot be)."""
    gap = 2.0 * radius - OVERLAP_TOLERANCE
    nowhere = False
    for k in range(fate.shape[0]):
        if fate[k] != RESTORED or _fits(k, x[k], y[k], fate, x, y, gap, half_width, length):
            continue
        points, count = _candidates(k, fate, x, y, 2.0 * radius, half_width, length)
        best, at = math.inf, -1
        for c in range(count):
            px, py = points[c, 0], points[c, 1]
            far = hypot(px - x[k], py - y[k])
            if far < best and _fits(k, px, py, fate, x, y, gap, half_width, length):
                best, at = far, c
        if at < 0:
            nowhere = True
        else:
            x[k], y[k] = points[at, 0], points[at, 1]
    return nowhere


__all__ = ["put_back"]
