"""The position a compiled ruling leaves: its arrays, the discs where they lay before,
and whether the discs it puts back overlap a disc left in play.

A crokinole disc put back where it was before the shot (Depot 7a) landing on a disc the
shot left there makes a position the Python referee refuses (``Layout``'s overlap
check); the compiled core flags such a shot ``impossible`` by the same test, with
CPython's ``hypot`` (CSC weights go as near their place as they fit instead,
:mod:`flickboard.rules.shuffleboard.putback`).
"""

from __future__ import annotations

import numpy as np

from flickboard.geometry.pymath import hypot
from flickboard.jit import jitable
from flickboard.physics.layout import OVERLAP_TOLERANCE
from flickboard.rules.codes import IN_PLAY, NO_FATE, RESTORED
from flickboard.rules.corejit import core_jit

Rulings = tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray
]
"""A batch's rulings as the compiled cores write them: valid, foul, fate, clause, x, y,
points per side, impossible (by shot row; per disc where it says)."""


@core_jit()
def new_rulings(m: int, n: int, sides: int) -> Rulings:
    """Empty results for ``m`` shots of ``n`` discs: valid, foul, fate (-1), clause (-1),
    x, y, points per side, impossible."""
    return (
        np.zeros(m, dtype=np.bool_),
        np.zeros(m, dtype=np.int8),
        np.full((m, n), NO_FATE, dtype=np.int8),
        np.full((m, n), -1, dtype=np.int8),
        np.empty((m, n)),
        np.empty((m, n)),
        np.zeros((m, sides), dtype=np.int32),
        np.zeros(m, dtype=np.bool_),
    )


@core_jit()
def clear_ruling(s: int, rulings: Rulings) -> None:
    """Row ``s`` of ``rulings`` as :func:`new_rulings` makes it (a row used again)."""
    valid, foul, fate, clause, _, _, points, impossible = rulings
    valid[s] = False
    foul[s] = 0
    impossible[s] = False
    for k in range(fate.shape[1]):
        fate[s, k] = NO_FATE
        clause[s, k] = -1
    for c in range(points.shape[1]):
        points[s, c] = 0


@core_jit()
def lay_before(
    s: int, before: np.ndarray, xs: np.ndarray, ys: np.ndarray, ax: np.ndarray, ay: np.ndarray
) -> None:
    """Row ``s`` of ``ax``, ``ay``: every disc where it lay before the shot, the shooter
    where it ended (what a disc the ruling does not move keeps)."""
    shooter = ax.shape[1] - 1
    for k in range(shooter):
        ax[s, k] = before[k, 0]
        ay[s, k] = before[k, 1]
    ax[s, shooter] = xs[s, shooter]
    ay[s, shooter] = ys[s, shooter]


@jitable
def stays(code: int) -> bool:
    """Whether a disc of fate ``code`` is on the board after the ruling: untouched
    (``NO_FATE``), in play, or put back."""
    return code in (NO_FATE, IN_PLAY, RESTORED)


@core_jit()
def restored_overlap(fate: np.ndarray, x: np.ndarray, y: np.ndarray, radius: float) -> bool:
    """True if a disc with fate RESTORED overlaps another disc kept on the board (fates
    -1, IN_PLAY, RESTORED) by more than ``OVERLAP_TOLERANCE``: one shot's row."""
    gap = 2 * radius - OVERLAP_TOLERANCE
    n = fate.shape[0]
    for k in range(n):
        if fate[k] != RESTORED:
            continue
        for j in range(n):
            if j == k or not stays(fate[j]):
                continue
            if hypot(x[k] - x[j], y[k] - y[j]) < gap:
                return True
    return False


__all__ = ["Rulings", "clear_ruling", "lay_before", "new_rulings", "restored_overlap", "stays"]
