"""Counter-based random streams: the uniform policy's draws, the same one by one or in bulk.

A stream is two unsigned 64-bit words, its key (from the seed) and a counter (the draws
made). The ``j``-th value of draw ``n`` is a pure function of the key, ``n`` and ``j``
(splitmix64's finaliser of ``key + golden * (4 n + j)``, its top 53 bits as a uniform
number in [0, 1), mapped to [-1, 1) and rounded to float32), so compiled tables draw the
uniform opponents' actions of every table in one compiled call (:func:`draw_rows`), each
from its own stream, exactly as each policy draws alone (:func:`draw_one`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from flickboard.physics.jit import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_FOUR = np.uint64(4)
_ONE = np.uint64(1)
_UNIT = 2.0**-53

Stream = npt.NDArray[np.uint64]
"""Two words: the key and the count of draws made."""


@njit(cache=True)
def _mix(z: np.uint64) -> np.uint64:
    """splitmix64's finaliser."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def draw_stream(key: np.uint64, n: np.uint64, out: np.ndarray, row: int) -> None:
    """Draw ``n`` of the stream keyed ``key``: four values in ``out[row]``."""
    base = n * _FOUR
    for j in range(4):
        z = _mix(key + GOLDEN * (base + np.uint64(j)))
        u = (z >> _S11) * _UNIT
        out[row, j] = np.float32(-1.0 + 2.0 * u)


@njit(cache=True)
def _key(seed: np.uint64) -> np.uint64:
    return _mix(seed + GOLDEN)


def new_stream(seed: int) -> Stream:
    """A fresh stream for ``seed`` (any whole number; taken modulo 2**64)."""
    return np.array((_key(np.uint64(seed % 2**64)), 0), dtype=np.uint64)


@njit(cache=True)
def draw_one(stream: np.ndarray, out: np.ndarray) -> None:
    """The stream's next draw, in ``out[0]`` (the counter moves on)."""
    draw_stream(stream[0], stream[1], out, 0)
    stream[1] += _ONE


@njit(cache=True)
def draw_rows(
    streams: np.ndarray, drawn: np.ndarray, tables: np.ndarray, out: np.ndarray
) -> np.ndarray:
    """Row ``i`` of ``out`` from table ``tables[i]``'s stream (``streams[t]``), for
    every table whose opponent draws from its stream (``drawn[t]``); returns the rows
    left to fill (their opponents act otherwise)."""
    left = np.empty(tables.shape[0], dtype=np.int64)
    m = 0
    for i in range(tables.shape[0]):
        t = tables[i]
        if drawn[t]:
            draw_stream(streams[t, 0], streams[t, 1], out, i)
            streams[t, 1] += _ONE
        else:
            left[m] = i
            m += 1
    return left[:m]


__all__ = ["Stream", "draw_one", "draw_rows", "new_stream"]
