"""A simple table shuffleboard bot: draw to the three zone, or knock off a leader.

It reads the table, picks a lane whose straight path is clear, and slides a weight at
the speed that stops it in the three zone (stopping distance v^2 / 2 mu g). When the
opponent leads with a weight in a scoring zone and the path to it is clear, it hits
that weight hard enough to knock it off the end. Execution noise (angle and speed) is
drawn from a seeded generator, so the same seed plays the same game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import cast

from flickboard.errors import InvalidInput
from flickboard.geometry import ShuffleboardTable, Zone
from flickboard.physics import PhysicsParams, PlacedDisc, Shot
from flickboard.play.intent import Intent
from flickboard.play.noise import clip_speed
from flickboard.play.shuffleboard_kind import draw_speed, three_zone_target
from flickboard.play.view import View
from flickboard.rules.base import Position, Turn
from flickboard.rules.shuffleboard import RELEASE_LINE

HIT_SPEED = 2.4
"""Speed (m/s) of a take-out: enough to send the struck weight off the far end."""


@dataclass
class ShuffleboardBot:
    """Draws to the three zone with seeded noise; ``angle_noise`` (rad) and
    ``speed_noise`` (relative) are standard deviations."""

    seed: int = 0
    name: str = "bot"
    angle_noise: float = 0.004
    speed_noise: float = 0.02
    params: PhysicsParams = field(default_factory=PhysicsParams.shuffleboard)
    rng: random.Random = field(init=False)
    last_intent: Intent | None = field(default=None, init=False, repr=False)
    """The plan of the last shot, before noise (:mod:`flickboard.play.intent`)."""

    def __post_init__(self) -> None:
        if self.angle_noise < 0 or self.speed_noise < 0:
            raise InvalidInput("noise levels cannot be negative")
        self.rng = random.Random(self.seed)

    def plan(self, position: Position, turn: Turn) -> Shot:
        """The shot the bot means to play, before execution noise."""
        table = cast(ShuffleboardTable, position.layout.board)
        target = self._take_out(table, position, turn)
        if target is not None:
            return Shot(target.x, RELEASE_LINE, math.pi / 2, HIT_SPEED)
        y = three_zone_target(table)
        x = self._clear_lane(table, position.layout.discs, y)
        return Shot(x, RELEASE_LINE, math.pi / 2, draw_speed(self.params, RELEASE_LINE, y))

    def decide(self, view: View) -> Shot:
        """The shot as delivered: the plan with seeded execution noise."""
        planned = self.plan(view.position, view.turn)
        self.last_intent = Intent("ai", planned)
        angle = planned.angle + self.rng.gauss(0.0, self.angle_noise)
        speed = planned.speed * (1 + self.rng.gauss(0.0, self.speed_noise))
        return Shot(planned.x, planned.y, angle, clip_speed(speed))

    def _take_out(
        self, table: ShuffleboardTable, position: Position, turn: Turn
    ) -> PlacedDisc | None:
        discs = sorted(position.layout.discs, key=lambda d: -d.y)
        if not discs or position.side_of(discs[0].id) == turn.side:
            return None
        leader = discs[0]
        if table.zone_of(leader.x, leader.y) is Zone.NEUTRAL:
            return None
        if abs(leader.x) > table.width / 2 - table.disc.radius:
            return None
        blocked = _blocking(table, discs[1:], leader.x, leader.y)
        return None if blocked else leader

    def _clear_lane(
        self, table: ShuffleboardTable, discs: tuple[PlacedDisc, ...], y: float
    ) -> float:
        r = table.disc.radius
        half = table.width / 2 - r
        lanes = sorted((half * k / 6 for k in range(-5, 6)), key=abs)
        for x in lanes:
            if not _blocking(table, discs, x, y + 2 * r):
                return x
        return lanes[0]


def _blocking(
    table: ShuffleboardTable, discs: tuple[PlacedDisc, ...] | list[PlacedDisc], x: float, y: float
) -> bool:
    """Whether any weight lies across the straight path up the board at ``x`` to ``y``."""
    reach = 2 * table.disc.radius + 2e-3
    return any(abs(d.x - x) < reach and d.y < y for d in discs)
