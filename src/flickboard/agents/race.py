"""The race to a game's target: the chance of winning the game from a score.

In a game played to a target (table shuffleboard: 15 singles, 17 doubles, or as set)
only one side scores in a frame, and who holds the hammer next depends on the frame:
the side that scored delivers first in the next frame, so the other holds the hammer,
and after a frame where nobody scores the hammer passes (CSC 3, 5(m)). From how a
frame goes from its first weight for the side holding the hammer (a distribution over
the frame's points from that side), the chance of winning from every score follows by
dynamic programming (:func:`win_table`); a frame in play is then worth the chance of
winning after it, averaged over how it may end (:func:`frame_worth`).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


def win_table(start: tuple[float, ...], target: int) -> Array:
    """``W[h, a, b]``: the chance that a side with ``a`` points against ``b`` wins the
    race, holding the hammer of the next frame when ``h`` is 1.

    ``start`` is the distribution of a frame's points from the hammer's side, for the
    points ``-k .. k`` in order (symmetric classes; positive: the hammer scored).
    """
    p = np.asarray(start, dtype=np.float64)
    k = (p.size - 1) // 2
    points = np.arange(-k, k + 1)
    mirror = p[::-1]
    w = np.zeros((2, target + k + 1, target + k + 1))
    w[:, target:, :] = 1.0  # reached the target first (only one side scores a frame)
    for total in range(2 * target - 2, -1, -1):
        for a in range(min(total, target - 1), max(-1, total - target), -1):
            b = total - a
            c = np.zeros(2)
            for h, dist in ((1, p), (0, mirror)):
                for pt, q in zip(points, dist, strict=True):
                    if pt > 0:
                        c[h] += q * w[0, a + pt, b]
                    elif pt < 0:
                        c[h] += q * (0.0 if b - pt >= target else w[1, a, b - pt])
            # A frame where nobody scores passes the hammer: W1 = c1 + p0 W0, W0 = c0 + m0 W1.
            p0, m0 = p[k], mirror[k]
            w0 = (c[0] + m0 * c[1]) / (1 - m0 * p0)
            w[0, a, b] = w0
            w[1, a, b] = c[1] + p0 * w0
    return w


@lru_cache(maxsize=64)
def _table(start: tuple[float, ...], target: int) -> Array:
    return win_table(start, target)


def frame_worth(
    start: tuple[float, ...], target: int, mine: int, theirs: int, hammer_mine: bool
) -> Array:
    """The game's worth in [-1, 1] (twice the chance of winning, less one) after the
    frame in play ends with each of the points ``-k .. k`` (positive: mine), from a
    score of ``mine`` to ``theirs``; ``hammer_mine`` says who delivers this frame's last
    weight (it delivers first in the next frame if nobody scores)."""
    w = _table(start, target)
    k = (len(start) - 1) // 2
    out = np.empty(2 * k + 1)
    for i, pt in enumerate(range(-k, k + 1)):
        if pt > 0:
            win = 1.0 if mine + pt >= target else w[0, mine + pt, theirs]
        elif pt < 0:
            win = 0.0 if theirs - pt >= target else w[1, mine, theirs - pt]
        else:
            win = w[0 if hammer_mine else 1, mine, theirs]
        out[i] = 2 * win - 1
    return out
