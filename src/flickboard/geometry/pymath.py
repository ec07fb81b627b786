"""CPython's ``math.hypot`` and ``math.remainder``, bit for bit, in compiled code too.

Python code measures distances with ``math.hypot``, which CPython computes its own way
(scaled, exact squares, one differential correction); the C library's ``hypot`` that
numba calls differs in the last bit for about 1 value in 240, and numba has no
``math.remainder``. A disc whose footprint lies that close to a line would be ruled
differently, so the functions here are plain Python (CPython's own, at C speed) for
Python callers, and compiled callers get CPython's computation (Modules/mathmodule.c:
``vector_norm`` for two values, ``m_remainder``) through numba's ``overload``. A rule
written once as a compilable function therefore gives the same bits run either way; the
differential tests hold them to it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numba.extending import overload

from flickboard.geometry.jit import geometry_jit

_SPLITTER = 134217729.0
"""2**27 + 1: Veltkamp's constant that splits a double into two 26-bit halves."""


def hypot(x: float, y: float) -> float:
    """sqrt(x*x + y*y) as CPython's ``math.hypot(x, y)`` gives it, run compiled or not."""
    return math.hypot(x, y)


def remainder(x: float, y: float) -> float:
    """IEEE 754 remainder as CPython's ``math.remainder(x, y)`` gives it (finite
    ``x`` and ``y`` != 0), run compiled or not."""
    return math.remainder(x, y)


@geometry_jit(inline="always")
def _split(x: float) -> tuple[float, float]:
    t = x * _SPLITTER
    hi = t - (t - x)
    return hi, x - hi


@geometry_jit(inline="always")
def _product(x: float, y: float) -> tuple[float, float]:
    """x * y as an unevaluated sum hi + lo, exactly (Dekker)."""
    xh, xl = _split(x)
    yh, yl = _split(y)
    p = xh * yh
    q = xh * yl + xl * yh
    z = p + q
    return z, p - z + q + xl * yl


@overload(hypot, jit_options={"cache": True})  # type: ignore[typeddict-unknown-key]
def _compiled_hypot(x: float, y: float) -> Callable[[float, float], float]:
    def cpython_hypot(x: float, y: float) -> float:
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

    return cpython_hypot


@overload(remainder, jit_options={"cache": True})  # type: ignore[typeddict-unknown-key]
def _compiled_remainder(x: float, y: float) -> Callable[[float, float], float]:
    def cpython_remainder(x: float, y: float) -> float:
        absx = abs(x)
        absy = abs(y)
        m = np.fmod(absx, absy)
        c = absy - m
        if m < c:
            r = m
        elif m > c:
            r = -c
        else:  # half way: the even multiple
            r = m - 2.0 * np.fmod(0.5 * (absx - m), absy)
        return math.copysign(1.0, x) * float(r)

    return cpython_remainder


__all__ = ["hypot", "remainder"]
