"""The random player: a legal start anywhere on the start line, any direction into play
within :data:`MAX_ANGLE`, any speed in the game's useful range. The floor every other
player is measured against (and the chaos a conformance test needs)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from flickboard.errors import IllegalInPosition
from flickboard.jit import jitable
from flickboard.physics import Shot
from flickboard.play.intent import Intent
from flickboard.play.kind import game_kind
from flickboard.play.view import View

MAX_ANGLE = math.radians(30)
"""Widest a random shot turns from straight in (either way)."""


@dataclass
class RandomPlayer:
    """Uniformly random legal shots from a seeded generator."""

    name: str = "random"
    seed: int = 0
    rng: np.random.Generator = field(init=False, repr=False)
    last_intent: Intent = field(default=Intent("exact"), init=False, repr=False)
    """A random shot is played as drawn: its own intent (:mod:`flickboard.play.intent`)."""

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)

    def decide(self, view: View) -> Shot:
        """A random shot from an allowed point of the start line."""
        line = view.start_line
        u = line.nearest(float(self.rng.uniform(0.0, 1.0)))
        if u is None:
            raise IllegalInPosition(f"no shot can start for seat {view.turn.seat}")
        low, high = game_kind(view.game).speed_range()
        x, y = line.point(u)
        draws = float(self.rng.random()), float(self.rng.random())
        angle, speed = aim(line.inward(u), MAX_ANGLE, low, high, draws[0], draws[1])
        return Shot(x, y, angle, speed)


@jitable
def aim(
    inward: float, widest: float, low: float, high: float, angle_draw: float, speed_draw: float
) -> tuple[float, float]:
    """The random player's angle, within ``widest`` of ``inward`` (straight in), and its
    speed over ``low``-``high``, from two uniform draws in [0, 1) (as numpy's
    ``uniform`` maps a draw); compiled tables play the player through it too."""
    angle = inward + (-widest + (widest - -widest) * angle_draw)
    return angle, low + (high - low) * speed_draw
