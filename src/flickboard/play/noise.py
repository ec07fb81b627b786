"""Execution noise: the gap between the shot a player means and the shot it plays.

Skill = noise + planner. An :class:`ExecutionNoise` is a Gaussian model on the start
(moved along the start line), the angle, the speed (relative) and the spin, applied to
one row of standard normal draws, so a seeded generator gives the same execution every
time (as DigitalCurling gives each player a speed and angle deviation). Each game kind
holds its base profile and the scale of each named level, calibrated on real players
(:mod:`flickboard.agents.calibration`, docs/ai.md); a person in a browser or at the
terminal can play with a level's noise too ("realistic" mode).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.geometry.startline import LineFigures, StartLine, line_slide, nearest
from flickboard.jit import Row, jitable
from flickboard.physics import Shot
from flickboard.physics.shot import MAX_SPEED

if TYPE_CHECKING:
    from flickboard.play.view import View

Draws = npt.NDArray[np.float64]
"""Standard normal draws, one row per execution: start, angle, speed, spin."""

LEVELS: tuple[str, ...] = (
    "novice",
    "recreational",
    "strong-recreational",
    "competitive",
    "top-competitive",
    "champion",
    "perfect",
)
"""Skill levels (tiers), weakest first, named for the players they are calibrated on;
``perfect`` plays with no noise."""

ALIASES: dict[str, str] = {"club": "competitive", "expert": "top-competitive", "world": "champion"}
"""The levels' former names, kept: each is the same player it was (same noise scale)."""

TIERS: dict[str, str] = {
    "novice": "novice recreational player: 35 % of open 20s (NCA 2023-24)",
    "recreational": "good recreational player: 45 % of open 20s (NCA 2023-24)",
    "strong-recreational": "great recreational player: 50 % of open 20s (NCA 2023-24)",
    "competitive": "average competitive player: 55 % of open 20s (NCA 2023-24)",
    "top-competitive": "top competitive player: 65 % of open 20s (NCA 2023-24)",
    "champion": "the best player: 75 % of open 20s (NCA 2023-24, 75.6 %)",
    "perfect": "no execution noise at all",
}
"""What each level is, with the source's figure (crokinole; table shuffleboard's levels
make ten points fewer three-zone draws): the help and the lobby show these."""

EDGE = 1e-6
"""How far (as a share of the line) a start is kept inside an allowed stretch's ends, so
a start at a disc's edge is not refused by rounding."""

MIN_SPEED = 0.05
"""Slowest shot an AI player plays or a noisy execution is clipped to (m/s)."""


@jitable
def clip_speed(speed: float) -> float:
    """A speed a player may play: between :data:`MIN_SPEED` and the physics' maximum."""
    return min(max(speed, MIN_SPEED), MAX_SPEED)


class ByLevel(Mapping[str, float]):
    """Figures by level (a kind's noise scales, its skill targets): read by a level's
    name or a former name (``scales["club"]`` is ``scales["competitive"]``), listed by
    the levels' names only."""

    def __init__(self, figures: Mapping[str, float]) -> None:
        self._figures = {check_level(level): value for level, value in figures.items()}

    def __getitem__(self, level: str) -> float:
        try:
            return self._figures[check_level(level)]
        except InvalidInput:
            raise KeyError(level) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._figures)

    def __len__(self) -> int:
        return len(self._figures)

    def __repr__(self) -> str:
        return f"ByLevel({self._figures!r})"


def level_help() -> str:
    """The levels in one line for a help text."""
    return ", ".join(LEVELS)


def check_level(level: str) -> str:
    """The level's name (a former name, any case, spaces or underscores for hyphens:
    ``Strong recreational``), checked."""
    text = "-".join(str(level).strip().lower().replace("_", " ").split())
    name = ALIASES.get(text, text)
    if name not in LEVELS:
        raise InvalidInput(f"unknown skill level {level!r}; known: {level_help()}")
    return name


@dataclass(frozen=True, slots=True)
class ExecutionNoise:
    """Standard deviations of execution errors.

    Attributes:
        start: distance the start moves along the start line (m).
        angle: error of the direction (rad).
        speed: relative error of the speed (0.02 = 2 %).
        spin: error of the spin (rad/s).
    """

    start: float = 0.0
    angle: float = 0.0
    speed: float = 0.0
    spin: float = 0.0

    def __post_init__(self) -> None:
        for name in ("start", "angle", "speed", "spin"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise InvalidInput(f"noise {name} must be a number >= 0, got {value!r}")

    def scaled(self, factor: float) -> ExecutionNoise:
        """Every deviation multiplied by ``factor``."""
        if not math.isfinite(factor) or factor < 0:
            raise InvalidInput(f"a noise scale must be >= 0, got {factor!r}")
        return ExecutionNoise(
            self.start * factor, self.angle * factor, self.speed * factor, self.spin * factor
        )

    @property
    def silent(self) -> bool:
        """True for the noiseless (perfect) model."""
        return not (self.start or self.angle or self.speed or self.spin)

    @staticmethod
    def draws(rng: np.random.Generator, count: int, quasi: bool = False) -> Draws:
        """``count`` rows of standard normal draws for :meth:`perturb`: independent, or
        (``quasi``) quasi-random: the first ``count`` points of a Sobol sequence under a
        random digital shift (:func:`sobol_normals`)."""
        if quasi:
            return sobol_normals(rng, count)
        return rng.standard_normal((count, 4))

    def perturb(self, shot: Shot, line: StartLine, z: Draws) -> Shot:
        """The shot as executed, given one row ``z`` of standard normal draws
        (:func:`perturbed`)."""
        return Shot(
            *perturbed(
                line.figures(), shot.x, shot.y, shot.angle, shot.speed, shot.spin,
                self.start, self.angle, self.speed, self.spin,
                float(z[0]), float(z[1]), float(z[2]), float(z[3]),
            )
        )  # fmt: skip


@jitable
def perturbed(
    line: LineFigures,
    x: float,
    y: float,
    angle: float,
    speed: float,
    spin: float,
    start_deviation: float,
    angle_deviation: float,
    speed_deviation: float,
    spin_deviation: float,
    z_start: float,
    z_angle: float,
    z_speed: float,
    z_spin: float,
) -> tuple[float, float, float, float, float]:
    """A shot (start, angle, speed, spin) as executed by a hand with these standard
    deviations, given one standard normal draw of each: the start slides along ``line``
    (round the shooting line, or across the table up to its edges), the speed moves by a
    share of itself (kept playable, :func:`clip_speed`)."""
    offset = start_deviation * z_start
    if offset:
        x, y = line_slide(line, x, y, offset)
    return (
        x,
        y,
        angle + angle_deviation * z_angle,
        clip_speed(speed * (1.0 + speed_deviation * z_speed)),
        spin + spin_deviation * z_spin,
    )


SOBOL_BITS = 32
"""Bits of each coordinate of the shifted Sobol points."""


@cache
def _sobol_points(m: int) -> npt.NDArray[np.uint64]:
    """The first ``2**m`` points of the 4-dimensional Sobol sequence, as integers of
    :data:`SOBOL_BITS` bits (unscrambled: every point is a multiple of ``2**-m``)."""
    from scipy.stats import qmc

    points = qmc.Sobol(4, scramble=False).random_base2(m)
    out: npt.NDArray[np.uint64] = (points * 2.0**SOBOL_BITS).astype(np.uint64)
    return out


def sobol_normals(rng: np.random.Generator, count: int) -> Draws:
    """``count`` rows of quasi-random standard normal draws: a Sobol sequence's first
    points under a random digital shift (each coordinate XOR one random integer), turned
    into normals by the inverse distribution function. Every row is a standard normal
    draw, as an independent one is, but a few rows already cover each dimension evenly
    (the first ``2**k`` rows fall one in each of ``2**k`` equal slices of every
    coordinate), so a shot's mean value over them varies less from one set of draws to
    the next (docs/ai.md, "Quasi-random draws")."""
    from scipy.special import ndtri

    if count < 1:
        return np.empty((0, 4))
    points = _sobol_points(max((count - 1).bit_length(), 1))[:count]
    shift = rng.integers(0, 2**SOBOL_BITS, size=4, dtype=np.uint64)
    u = ((points ^ shift).astype(np.float64) + 0.5) / 2.0**SOBOL_BITS
    out: Draws = ndtri(u)
    return out


class Executed(NamedTuple):
    """A meant shot as the hand played it, and why its start had to move (None if the
    start the noise gave was legal)."""

    shot: Shot
    moved: str | None


@jitable
def inside_stretch(a: float, b: float, u: float) -> float:
    """``u`` kept :data:`EDGE` inside [a, b] (the middle of a stretch too short for that)."""
    if b - a <= 2 * EDGE:
        return (a + b) / 2
    return min(max(u, a + EDGE), b - EDGE)


@jitable
def nearest_start(lo: Row[float], hi: Row[float], count: int, u: float) -> tuple[float, float]:
    """Where a start at ``u`` that the rules do not allow moves, on a line whose
    ``count`` allowed stretches are ``lo``, ``hi``: the allowed point nearest it, kept
    :data:`EDGE` inside its stretch, and (should the rules refuse that point) the middle
    of that stretch."""
    near = nearest(lo, hi, count, u)
    for i in range(count):
        if lo[i] <= near <= hi[i]:
            return inside_stretch(lo[i], hi[i], near), (lo[i] + hi[i]) / 2
    return near, near


def legal_start(view: View, line: StartLine, x: float, y: float) -> tuple[float, float]:
    """The legal start nearest (x, y) on the view's start line ``line``
    (:func:`nearest_start`)."""
    if line.empty:
        raise IllegalInPosition("no shot may start anywhere on the start line")
    lows = [a for a, _ in line.allowed]
    highs = [b for _, b in line.allowed]
    inside, middle = nearest_start(lows, highs, len(lows), line.param(x, y))
    point = line.point(inside)
    if view.referee.start_problem(view.position, view.turn, *point) is None:
        return point
    return line.point(middle)


def execute(
    noise: ExecutionNoise,
    view: View,
    shot: Shot,
    z: Draws | None,
    line: StartLine | None = None,
) -> Executed:
    """The shot as played with one row of noise draws ``z`` (None: no noise): the one
    rule the AI, the web's realistic mode, the terminal and the environments share.

    A start the rules do not allow (the noise slid it off the allowed stretches, or the
    shot meant was off them) moves to the nearest legal start, keeping the direction,
    speed and spin (docs/ai.md, "Execution noise"). ``line`` is the view's start line
    when it is already known.
    """
    line = line or view.start_line
    played = shot if z is None or noise.silent else noise.perturb(shot, line, z)
    played = Shot(played.x, played.y, played.angle, clip_speed(played.speed), played.spin)
    problem = view.referee.start_problem(view.position, view.turn, played.x, played.y)
    if problem is None:
        return Executed(played, None)
    x, y = legal_start(view, line, played.x, played.y)
    return Executed(Shot(x, y, played.angle, played.speed, played.spin), problem)
