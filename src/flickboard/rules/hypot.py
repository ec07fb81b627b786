"""``math.hypot`` of CPython, bit for bit, for compiled rulings.

The Python referee measures a disc's distance from the centre with ``math.hypot``, which
CPython computes its own way (scaled, exact squares, one differential correction); the C
library's ``hypot`` that numba calls differs in the last bit for about 1 value in 240.
A disc whose footprint lies that close to a line would be ruled differently, so the
compiled referee core computes the distance CPython's way (Modules/mathmodule.c,
``vector_norm`` for two values); the differential tests hold the two to the same bits.
"""

from __future__ import annotations

import math

from flickboard.rules.corejit import core_jit

_SPLITTER = 134217729.0
"""2**27 + 1: Veltkamp's constant that splits a double into two 26-bit halves."""


@core_jit(inline="always")
def _split(x: float) -> tuple[float, float]:
    t = x * _SPLITTER
    hi = t - (t - x)
    return hi, x - hi


@core_jit(inline="always")
def _product(x: float, y: float) -> tuple[float, float]:
    """x * y as an unevaluated sum hi + lo, exactly (Dekker)."""
    xh, xl = _split(x)
    yh, yl = _split(y)
    p = xh * yh
    q = xh * yl + xl * yh
    z = p + q
    return z, p - z + q + xl * yl


@core_jit()
def hypot(x: float, y: float) -> float:
    """sqrt(x*x + y*y) with the very bits CPython's ``math.hypot(x, y)`` gives."""
    a = abs(x)
    b = abs(y)
    top = max(a, b)
    if math.isinf(top):
        return top
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if top == 0.0:
        return top
    _, exponent = math.frexp(top)
    if exponent < -1023:  # subnormal: no disc lies that close to the centre
        return math.hypot(a, b)
    scale = math.ldexp(1.0, -exponent)
    csum = 1.0
    frac1 = 0.0
    frac2 = 0.0
    for v in (a, b):
        hi, lo = _product(v * scale, v * scale)
        total = csum + hi
        frac2 += (csum - total) + hi
        csum = total
        frac1 += lo
    h = math.sqrt(csum - 1.0 + (frac1 + frac2))
    hi, lo = _product(-h, h)
    total = csum + hi
    frac2 += (csum - total) + hi
    csum = total
    frac1 += lo
    h += (csum - 1.0 + (frac1 + frac2)) / (2.0 * h)
    return h / scale


__all__ = ["hypot"]
