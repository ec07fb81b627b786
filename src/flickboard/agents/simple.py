"""A simple built-in crokinole player: aims at the 20 on an empty board, otherwise at
the best opposing disc, with seeded execution noise. A stand-in until the AI lands."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from flickboard.agents.base import View
from flickboard.agents.noise import clip_speed
from flickboard.errors import FlickboardError, IllegalInPosition, InvalidInput
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import PhysicsParams, PlacedDisc, Shot

FOLLOW_THROUGH = 0.35
"""Extra distance (m) a take-out is struck for, so the target is driven out."""

START_OFFSETS = (0.0, 0.08, -0.08, 0.16, -0.16, 0.24, -0.24, 0.32, -0.32, 0.4, -0.4, 0.48, -0.48)
"""Angles (rad) along the shooting line, from the quadrant's centre, tried as starts."""


def speed_to_travel(params: PhysicsParams, distance: float) -> float:
    """Release speed that stops a lone sliding disc after ``distance`` (v^2 = 2 mu g d)."""
    return math.sqrt(2 * params.friction * params.gravity * max(distance, 0.0))


@dataclass
class SimpleBot:
    """Aim at the 20 when no opposing disc is in play, else at the opposing disc worth most."""

    name: str = "bot"
    seed: int = 0
    angle_noise: float = 0.02
    speed_noise: float = 0.05
    params: PhysicsParams = field(default_factory=PhysicsParams.crokinole)
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.angle_noise < 0 or self.speed_noise < 0:
            raise InvalidInput("noise levels must not be negative")
        self._rng = random.Random(self.seed)

    def targets(self, view: View) -> list[PlacedDisc]:
        """Opposing discs to take out, nearest the centre first (none on an empty board)."""
        mine = view.turn.side
        theirs = [d for d in view.position.layout.discs if view.position.side_of(d.id) != mine]
        return sorted(theirs, key=lambda d: (math.hypot(d.x, d.y), d.id))

    def legal_starts(self, view: View) -> list[tuple[float, float]]:
        """Starts on the shooting line the referee allows, most direct first."""
        board = view.board
        if not isinstance(board, CrokinoleBoard):
            raise InvalidInput("the simple bot plays crokinole")
        centre = CrokinoleBoard.seat_angle(view.turn.seat)
        r = board.shooting_line_radius
        legal: list[tuple[float, float]] = []
        for a in START_OFFSETS:
            x, y = r * math.cos(centre + a), r * math.sin(centre + a)
            try:
                view.referee.check_start(view.position, view.turn, x, y)
            except FlickboardError:
                continue
            legal.append((x, y))
        if not legal:
            raise IllegalInPosition(f"no legal start left for seat {view.turn.seat}")
        return legal

    def aim(self, view: View) -> tuple[tuple[float, float], tuple[float, float], bool]:
        """Start, target point, and whether the target is an opposing disc.

        The most central opposing disc with a clear path (no peg or other disc in the
        way) from some legal start; failing that, the most central one from the most
        direct start; on an empty board, the 20 hole.
        """
        board = view.board
        assert isinstance(board, CrokinoleBoard)
        starts = self.legal_starts(view)
        targets = self.targets(view)
        if not targets:
            clear = [p for p in starts if _path_clear(view, board, p, (0.0, 0.0))]
            return (clear or starts)[0], (0.0, 0.0), False
        for target in targets:
            for start in starts:
                if _path_clear(view, board, start, (target.x, target.y)):
                    return start, (target.x, target.y), True
        return starts[0], (targets[0].x, targets[0].y), True

    def decide(self, view: View) -> Shot:
        """The planned shot, then seeded noise on its angle and speed."""
        (sx, sy), (tx, ty), takeout = self.aim(view)
        distance = math.hypot(tx - sx, ty - sy)
        extra = FOLLOW_THROUGH if takeout else 0.0
        speed = speed_to_travel(self.params, distance + extra)
        angle = math.atan2(ty - sy, tx - sx) + self._rng.gauss(0.0, self.angle_noise)
        speed *= 1.0 + self._rng.gauss(0.0, self.speed_noise)
        return Shot(sx, sy, angle, clip_speed(speed))


def _segment_distance(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    """Distance from point ``p`` to the segment ``a``-``b``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _path_clear(
    view: View, board: CrokinoleBoard, start: tuple[float, float], target: tuple[float, float]
) -> bool:
    """True if a disc sliding from ``start`` to ``target`` meets no peg and no other disc."""
    disc = board.disc.radius
    if any(_segment_distance(p, start, target) < disc + board.peg_radius for p in board.pegs):
        return False
    return not any(
        _segment_distance((d.x, d.y), start, target) < 2 * disc
        for d in view.position.layout.discs
        if math.hypot(d.x - target[0], d.y - target[1]) > 1e-9
    )
