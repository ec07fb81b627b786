"""Widening the search: sampled shots beyond the planner's candidates (screened by
successive halving, :func:`flickboard.agents.planner.successive_halving`).

The planner weighs a fixed set of shots built from the geometry (open 20s, takeouts
from the two clearest starts at two weights, draws, hides). Many good shots are not
among them: hard hits that clear two discs, cuts from other starts, soft raises. The
search player samples many more shots across the whole space a player can choose
from (each game's tactics draw them: ``Tactics.sampled``), and spends its simulations
where they matter: every shot is first played a few times, the best quarter again
more times on the same draws (common random numbers), and so on, until a handful is
valued on many executions (successive halving).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from flickboard.agents.candidates import Candidate, legal
from flickboard.agents.explain import intent
from flickboard.physics import PhysicsParams, PlacedDisc, Shot
from flickboard.play.noise import clip_speed
from flickboard.play.view import View

AIMED_SHARE = 0.6
"""Share of sampled shots aimed at a disc in play (the rest go where the game's tactics
send them)."""

StartDraw = Callable[[np.random.Generator], tuple[float, float] | None]
"""Draws a start (None when no start is left)."""

LooseShot = Callable[[np.random.Generator, float, float], Candidate]
"""Draws a shot aimed at no disc from a start."""


def sample_shots(
    view: View,
    params: PhysicsParams,
    count: int,
    rng: np.random.Generator,
    *,
    start: StartDraw,
    top: float,
    loose: LooseShot,
) -> list[Candidate]:
    """``count`` legal shots drawn across the shooter's choices (fewer if few are legal):
    from starts drawn by ``start``, :data:`AIMED_SHARE` of them at a disc in play (any cut,
    any speed from just reaching it up to ``top``), the rest by ``loose``."""
    discs = view.position.layout.discs
    out: list[Candidate] = []
    attempts = 0
    while len(out) < count and attempts < 4 * count:
        attempts += 1
        spot = start(rng)
        if spot is None:
            return out
        sx, sy = spot
        if not legal(view, sx, sy):
            continue
        if discs and rng.random() < AIMED_SHARE:
            target = discs[int(rng.integers(len(discs)))]
            out.append(aimed_shot(view, params, rng, sx, sy, target, top))
            continue
        out.append(loose(rng, sx, sy))
    return out


def aimed_shot(
    view: View,
    params: PhysicsParams,
    rng: np.random.Generator,
    sx: float,
    sy: float,
    target: PlacedDisc,
    top: float,
) -> Candidate:
    """A shot from (sx, sy) at ``target`` with a cut of up to a disc's width either side
    and any speed from just reaching it up to ``top``: a takeout, or a raise of the
    shooter's own disc."""
    r = view.board.disc.radius
    dist = math.hypot(target.x - sx, target.y - sy)
    cut = float(rng.uniform(-1.0, 1.0)) * 2 * r / max(dist, 2 * r)
    angle = math.atan2(target.y - sy, target.x - sx) + math.asin(max(-1.0, min(1.0, cut)))
    low = params.speed_to_travel(max(dist - 2 * r, 0.0))
    speed = clip_speed(float(rng.uniform(low, max(low, top))))
    mine = view.position.side_of(target.id) == view.turn.side
    kind = "raise" if mine else "takeout"
    return Candidate(Shot(sx, sy, angle, speed), kind, intent(view, kind, target.id), target.id)
