"""The environments' action: four numbers in [-1, 1] and the shot they name.

``action = (start, angle, speed, spin)``, a ``Box(-1, 1, (4,), float32)``:

- **start**: where on the start line the shot starts. By default (``start="allowed"``)
  [-1, 1] is laid along the *allowed* stretches of the line only, end to end, left to
  right as the shooter faces the board: -1 is the left end of the first allowed
  stretch, +1 the right end of the last, and the stretches a disc blocks are skipped,
  so every value names a legal start. With ``start="line"`` [-1, 1] covers the whole
  line (0 its middle) and a start the rules do not allow is moved to the nearest legal
  one (the reason is reported).
- **angle**: radians to the right of straight in, scaled by ``max_angle`` (crokinole
  45 degrees, table shuffleboard 5 degrees by default).
- **speed**: m/s, [-1, 1] laid linearly over the game's useful range
  (``kind.speed_range()``: crokinole 0.3-4.0 m/s, shuffleboard 0.95-2.82 m/s).
- **spin**: rad/s, counter-clockwise positive, scaled by ``max_spin`` (30 rad/s).

Values outside [-1, 1] are clipped; a value that is not a finite number is refused.
The shot is then executed with the environment's noise (a skill level's calibrated
:class:`~flickboard.play.noise.ExecutionNoise`, or none): a start the noise slides off
the legal stretches is moved back to the nearest legal point, and why is reported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry.startline import LineFigures, StartLine, line_inward, line_point
from flickboard.jit import Row, jitable
from flickboard.physics import Shot
from flickboard.play.kind import GameKind
from flickboard.play.noise import (
    inside_stretch,
)
from flickboard.play.view import View

Action = npt.NDArray[np.float32]
"""One action: start, angle, speed, spin, each in [-1, 1]."""

StartMode = Literal["allowed", "line"]

MAX_SPIN = 30.0
"""Default spin (rad/s) an action of +-1 means."""


@dataclass(frozen=True, slots=True)
class ActionMap:
    """How an action becomes a shot for one game (see the module docstring)."""

    speed_range: tuple[float, float]
    max_angle: float
    max_spin: float = MAX_SPIN
    start: StartMode = "allowed"

    def __post_init__(self) -> None:
        low, high = self.speed_range
        if not (0 < low < high and math.isfinite(high)):
            raise InvalidInput(f"a speed range is two speeds low < high, not {self.speed_range}")
        if not (0 < self.max_angle < math.pi / 2):
            raise InvalidInput(f"max_angle must be in (0, pi/2) radians, not {self.max_angle}")
        if not (0 <= self.max_spin <= 300):
            raise InvalidInput(f"max_spin must be in [0, 300] rad/s, not {self.max_spin}")
        if self.start not in ("allowed", "line"):
            raise InvalidInput(f"start must be 'allowed' or 'line', not {self.start!r}")

    @classmethod
    def for_kind(
        cls,
        kind: GameKind,
        *,
        max_angle: float | None = None,
        max_spin: float = MAX_SPIN,
        start: StartMode = "allowed",
    ) -> ActionMap:
        """The action map of a game, with its speed range and widest angle
        (:attr:`GameKind.max_angle` unless ``max_angle`` is given)."""
        angle = kind.max_angle if max_angle is None else max_angle
        return cls(kind.speed_range(), float(angle), float(max_spin), start)

    # -- action -> shot ------------------------------------------------------------------

    def shot(self, view: View, action: npt.ArrayLike, line: StartLine | None = None) -> Shot:
        """The shot an action means from this view (before execution noise); ``line`` is
        the view's start line when it is already known (:func:`action_shot`)."""
        start, turn, pace, spin = _values(action)
        line = line or view.start_line
        allowed = self.start == "allowed"
        if allowed and line.empty:
            raise IllegalInPosition("no shot may start anywhere on the start line")
        lows = [a for a, _ in line.allowed]
        highs = [b for _, b in line.allowed]
        low, high = self.speed_range
        return Shot(
            *action_shot(
                line.figures(), lows, highs, len(lows), allowed, start, turn, pace, spin,
                low, high, self.max_angle, self.max_spin,
            )
        )  # fmt: skip

    # -- shot -> action ------------------------------------------------------------------

    def action(self, view: View, shot: Shot) -> Action:
        """The action that names ``shot`` from this view (clipped to the action box): the
        inverse of :meth:`shot` for a shot inside the ranges."""
        line = view.start_line
        u = line.param(shot.x, shot.y)
        start = 2 * fraction(line, u) - 1 if self.start == "allowed" else 2 * u - 1
        low, high = self.speed_range
        angle = math.remainder(line.inward(u) - shot.angle, 2 * math.pi) / self.max_angle
        speed = 2 * (shot.speed - low) / (high - low) - 1
        spin = shot.spin / self.max_spin if self.max_spin else 0.0
        out = np.array([start, angle, speed, spin], dtype=np.float64)
        return np.clip(out, -1.0, 1.0).astype(np.float32)


@jitable
def action_shot(
    line: LineFigures,
    lo: Row[float],
    hi: Row[float],
    count: int,
    allowed: bool,
    start: float,
    turn: float,
    pace: float,
    spin: float,
    low: float,
    high: float,
    max_angle: float,
    max_spin: float,
) -> tuple[float, float, float, float, float]:
    """The shot (x, y, angle, speed, spin) an action (start, turn, pace, spin, each in
    [-1, 1]) names on ``line``: the start over its ``count`` allowed stretches ``lo``,
    ``hi`` (``allowed``, :func:`along_stretches`) or over the whole line; the angle
    ``turn * max_angle`` right of straight in; the speed laid over [``low``, ``high``];
    the spin times ``max_spin``."""
    u = along_stretches(lo, hi, count, start) if allowed else (start + 1) / 2
    x, y = line_point(line, u)
    speed = low + (pace + 1) / 2 * (high - low)
    angle = line_inward(line, u) - turn * max_angle
    return x, y, angle, speed, spin * max_spin


def checked(action: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """An action as four finite numbers clipped to [-1, 1]; :class:`InvalidInput` if it
    is not four finite numbers."""
    return np.array(_values(action), dtype=np.float64)


def checked_rows(actions: npt.ArrayLike, count: int | None = None) -> npt.NDArray[np.float64]:
    """Actions as rows of four finite numbers (``count`` rows if given), clipped to
    [-1, 1]; :class:`InvalidInput` otherwise."""
    try:
        rows = np.asarray(actions, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidInput(f"actions are rows of 4 numbers in [-1, 1], not {actions!r}") from None
    if rows.ndim != 2 or rows.shape[1] != 4 or (count is not None and rows.shape[0] != count):
        raise InvalidInput(f"actions are {count or 'n'} rows of 4 numbers, not shape {rows.shape}")
    if not np.isfinite(rows).all():
        raise InvalidInput("every action value must be a finite number")
    return np.clip(rows, -1.0, 1.0)


def _values(action: npt.ArrayLike) -> tuple[float, float, float, float]:
    """:func:`checked` as four floats (an environment step's fast path: a 4-array of
    finite numbers is read without numpy's per-call costs, to the same values)."""
    if isinstance(action, np.ndarray) and action.shape == (4,) and action.dtype.kind == "f":
        a, b, c, d = action.tolist()
        if math.isfinite(a) and math.isfinite(b) and math.isfinite(c) and math.isfinite(d):
            return (_clip(a), _clip(b), _clip(c), _clip(d))
    try:
        a = np.asarray(action, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError):
        raise InvalidInput(f"an action is 4 numbers in [-1, 1], not {action!r}") from None
    if a.shape != (4,) or not np.all(np.isfinite(a)):
        raise InvalidInput(f"an action is 4 finite numbers in [-1, 1], not {action!r}")
    w, x, y, z = np.clip(a, -1.0, 1.0).tolist()
    return (w, x, y, z)


def _clip(value: float) -> float:
    return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value


def _total(line: StartLine) -> float:
    return sum(b - a for a, b in line.allowed)


def along(line: StartLine, value: float) -> float:
    """The ``u`` of the line that ``value`` in [-1, 1] names when [-1, 1] is laid along
    the allowed stretches end to end (:func:`along_stretches`)."""
    if line.empty:
        raise IllegalInPosition("no shot may start anywhere on the start line")
    lows = [a for a, _ in line.allowed]
    highs = [b for _, b in line.allowed]
    return along_stretches(lows, highs, len(lows), value)


@jitable
def along_stretches(lo: Row[float], hi: Row[float], count: int, value: float) -> float:
    """The ``u`` that ``value`` in [-1, 1] names when [-1, 1] is laid along the ``count``
    allowed stretches ``lo``, ``hi`` (at least one) end to end, left to right (kept
    :data:`~flickboard.play.noise.EDGE` inside a stretch's ends)."""
    total = 0.0
    for i in range(count):
        total += hi[i] - lo[i]
    target = (min(max(value, -1.0), 1.0) + 1) / 2 * total
    for i in range(count):
        if target <= hi[i] - lo[i]:
            return inside_stretch(lo[i], hi[i], lo[i] + target)
        target -= hi[i] - lo[i]
    return inside_stretch(lo[count - 1], hi[count - 1], hi[count - 1])


def fraction(line: StartLine, u: float) -> float:
    """Where ``u`` (or the allowed point nearest it) lies along the allowed stretches laid
    end to end, as a share from 0 to 1: the inverse of :func:`along`."""
    total = _total(line)
    nearest = line.nearest(u)
    if nearest is None or total <= 0:
        return 0.5
    done = 0.0
    for a, b in line.allowed:
        if a <= nearest <= b:
            return (done + nearest - a) / total
        done += b - a
    return 1.0
