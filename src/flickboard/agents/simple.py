"""A simple built-in crokinole player: aims at the 20 on an empty board, otherwise at
the most central opposing disc, with seeded execution noise (the ``bot``)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from flickboard.agents.candidates import path_clear, starts
from flickboard.errors import IllegalInPosition, InvalidInput
from flickboard.physics import PhysicsParams, PlacedDisc, Shot
from flickboard.play.intent import Intent
from flickboard.play.noise import clip_speed
from flickboard.play.view import View

FOLLOW_THROUGH = 0.35
"""Extra distance (m) a take-out is struck for, so the target is driven out."""

START_OFFSETS = (0.0, 0.08, -0.08, 0.16, -0.16, 0.24, -0.24, 0.32, -0.32, 0.4, -0.4, 0.48, -0.48)
"""Angles (rad) along the shooting line, from the quadrant's centre, tried as starts."""


@dataclass
class SimpleBot:
    """Aim at the 20 when no opposing disc is in play, else at the most central opposing
    disc (crokinole)."""

    name: str = "bot"
    seed: int = 0
    angle_noise: float = 0.02
    speed_noise: float = 0.05
    params: PhysicsParams = field(default_factory=PhysicsParams.crokinole)
    _rng: random.Random = field(init=False, repr=False)
    last_intent: Intent | None = field(default=None, init=False, repr=False)
    """The plan of the last shot, before noise (:mod:`flickboard.play.intent`)."""

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
        """Starts on the start line the referee allows, most direct first."""
        radius = view.start_line.radius
        found = starts(view, (radius * a for a in START_OFFSETS))
        if not found:
            raise IllegalInPosition(f"no legal start left for seat {view.turn.seat}")
        return found

    def aim(self, view: View) -> tuple[tuple[float, float], tuple[float, float], bool]:
        """Start, target point, and whether the target is an opposing disc.

        The most central opposing disc with a clear path (no peg or other disc in the
        way) from some legal start; failing that, the most central one from the most
        direct start; on an empty board, the 20 hole.
        """
        spots = self.legal_starts(view)
        targets = self.targets(view)
        if not targets:
            clear = [p for p in spots if path_clear(view, p[0], p[1], 0.0, 0.0)]
            return (clear or spots)[0], (0.0, 0.0), False
        for target in targets:
            for sx, sy in spots:
                if path_clear(view, sx, sy, target.x, target.y, ignore=target.id):
                    return (sx, sy), (target.x, target.y), True
        return spots[0], (targets[0].x, targets[0].y), True

    def decide(self, view: View) -> Shot:
        """The planned shot, then seeded noise on its angle and speed."""
        (sx, sy), (tx, ty), takeout = self.aim(view)
        distance = math.hypot(tx - sx, ty - sy)
        extra = FOLLOW_THROUGH if takeout else 0.0
        speed = self.params.speed_to_travel(distance + extra)
        planned = Shot(sx, sy, math.atan2(ty - sy, tx - sx), clip_speed(speed))
        self.last_intent = Intent("ai", planned)
        angle = planned.angle + self._rng.gauss(0.0, self.angle_noise)
        speed *= 1.0 + self._rng.gauss(0.0, self.speed_noise)
        return Shot(sx, sy, angle, clip_speed(speed))
