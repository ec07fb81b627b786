"""Widening the search: sampled shots beyond the planner's candidates, screened by
successive halving.

The planner weighs a fixed set of shots built from the geometry (open 20s, takeouts
from the two clearest starts at two weights, draws, hides). Many good shots are not
among them: hard hits that clear two discs, cuts from other starts, soft raises. The
search player samples many more shots across the whole space a player can choose
from (start, angle and speed), aimed at the discs in play and around the middle, and
spends its simulations where they matter: every shot is first played a few times,
the best quarter again more times on the same draws (common random numbers), and so
on, until a handful is valued on many executions (successive halving).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from flickboard.agents.base import View
from flickboard.agents.calibration import SHUFFLEBOARD_RELEASE_Y
from flickboard.agents.candidates import Candidate, crokinole_starts, legal
from flickboard.agents.explain import intent
from flickboard.agents.noise import Draws, clip_speed
from flickboard.agents.planner import Evaluator
from flickboard.agents.simple import speed_to_travel
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import PhysicsParams, Shot

CROKINOLE_TOP_SPEED = 3.0
"""Fastest sampled crokinole shot (m/s): hard enough to clear two discs."""

SHUFFLEBOARD_TOP_SPEED = 2.8
"""Fastest sampled shuffleboard delivery (m/s)."""

AIMED_SHARE = 0.6
"""Share of sampled shots aimed at a disc in play (the rest go around the middle)."""


def sampled_shots(
    view: View, params: PhysicsParams, count: int, rng: np.random.Generator
) -> list[Candidate]:
    """``count`` legal shots drawn across the shooter's choices (fewer if few are legal)."""
    board = view.board
    discs = view.position.layout.discs
    starts = crokinole_starts(view, board) if isinstance(board, CrokinoleBoard) else []
    out: list[Candidate] = []
    attempts = 0
    while len(out) < count and attempts < 4 * count:
        attempts += 1
        if isinstance(board, CrokinoleBoard):
            if not starts:
                return out
            sx, sy = starts[int(rng.integers(len(starts)))]
            # a little off the listed starts, along the line
            turn = float(rng.uniform(-0.05, 0.05))
            sx, sy = (
                sx * math.cos(turn) - sy * math.sin(turn),
                sx * math.sin(turn) + sy * math.cos(turn),
            )
            top = CROKINOLE_TOP_SPEED
        else:
            assert isinstance(board, ShuffleboardTable)
            half = board.width / 2 - board.disc.radius
            sx, sy = float(rng.uniform(-half, half)), SHUFFLEBOARD_RELEASE_Y
            top = SHUFFLEBOARD_TOP_SPEED
        if not legal(view, sx, sy):
            continue
        r = board.disc.radius
        if discs and rng.random() < AIMED_SHARE:
            target = discs[int(rng.integers(len(discs)))]
            dist = math.hypot(target.x - sx, target.y - sy)
            cut = float(rng.uniform(-1.0, 1.0)) * 2 * r / max(dist, 2 * r)
            angle = math.atan2(target.y - sy, target.x - sx) + math.asin(max(-1.0, min(1.0, cut)))
            low = speed_to_travel(params, max(dist - 2 * r, 0.0))
            speed = clip_speed(float(rng.uniform(low, max(low, top))))
            mine = view.position.side_of(target.id) == view.turn.side
            kind = "raise" if mine else "takeout"
            words = intent(view, kind, target.id)
            out.append(Candidate(Shot(sx, sy, angle, speed), kind, words, target.id))
            continue
        if isinstance(board, CrokinoleBoard):
            angle = math.atan2(-sy, -sx) + float(rng.uniform(-0.35, 0.35))
            speed = clip_speed(float(rng.uniform(0.4, top)))
            spot = "towards the middle"
        else:
            angle = math.pi / 2 + float(rng.uniform(-0.04, 0.04))
            speed = clip_speed(float(rng.uniform(1.3, top)))
            spot = "up the table"
        out.append(Candidate(Shot(sx, sy, angle, speed), "draw", intent(view, "draw", None, spot)))
    return out


def successive_halving(
    evaluator: Evaluator,
    pool: Sequence[Candidate],
    draws: Draws,
    schedule: Sequence[int],
    keep: float = 0.25,
    finalists: int = 1,
) -> list[tuple[Candidate, float]]:
    """Candidates still in the race after each stage, best first, with their means.

    Stage ``k`` plays every surviving candidate on the first ``schedule[k]`` draws (the
    draws of earlier stages are reused, not replayed), then keeps the best ``keep``
    share (never fewer than ``finalists``). The last stage's survivors are returned
    with their means over ``schedule[-1]`` draws; ties keep the order of ``pool``.
    """
    if not pool:
        return []
    if list(schedule) != sorted(schedule) or schedule[-1] > len(draws) or schedule[0] < 1:
        raise ValueError("the schedule must grow and fit within the draws")
    totals = [0.0] * len(pool)
    alive = list(range(len(pool)))
    done = 0
    for stage, n in enumerate(schedule):
        for i in alive:
            totals[i] += sum(v for _, v in evaluator.outcomes(pool[i].shot, draws[done:n]))
        done = n
        alive.sort(key=lambda i: (-totals[i], i))
        if stage < len(schedule) - 1:
            alive = alive[: max(finalists, math.ceil(len(alive) * keep))]
    return [(pool[i], totals[i] / done) for i in alive]
