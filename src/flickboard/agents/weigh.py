"""Weighing shots in bulk: every noisy execution of every shot simulated in one batch,
ruled on by the compiled referee core and valued from the arrays.

No :class:`~flickboard.physics.ShotRecord` or :class:`~flickboard.rules.base.Ruling` is
made: the executions are rows (the shared noise rule, :func:`flickboard.play.noise.execute`,
applied with plain numbers), the physics runs them in one compiled call
(:func:`~flickboard.physics.batch.simulate_velocities`), the compiled referee core rules
on every outcome (:func:`~flickboard.rules.compiled.rule_batch`, which agrees with the
Python referee on every decision) and each game's tactics value the rulings' arrays
(``Tactics.bulk_values``). The values are those the records and the Python referee
give, bit for bit (tests/agents/test_weigh.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from flickboard.agents.tactics import tactics_for
from flickboard.agents.valuation import Outlook
from flickboard.physics import PhysicsParams, Shot
from flickboard.physics.batch import simulate_velocities
from flickboard.physics.shot import MAX_SPIN
from flickboard.play.noise import Draws, ExecutionNoise, clip_speed, execute, legal_start
from flickboard.play.view import View
from flickboard.rules.compiled import rule_batch

FAILED = -1.0
"""Value of an execution the physics could not finish or the referee cannot rule on
(treated as the worst)."""

Values = np.ndarray
"""Values of executions: row ``k`` is shot ``k``, column ``j`` draw ``j``."""


def executions(
    noise: ExecutionNoise, view: View, shots: Sequence[Shot], draws: Draws
) -> np.ndarray:
    """Every shot as played with every row of ``draws`` (shot-major), as rows (x, y, vx,
    vy, spin) for the batch physics: :func:`~flickboard.play.noise.execute` with plain
    numbers (same arithmetic, same starts moved to the nearest legal one), and the
    velocity as :attr:`Shot.velocity` makes it."""
    line = view.start_line
    problem = view.referee.start_problem
    position, turn = view.position, view.turn
    rows = draws.tolist()
    out = np.empty((len(shots) * len(rows), 5))
    k = 0
    for shot in shots:
        for z in rows:
            if noise.silent:
                x, y, angle, spin = shot.x, shot.y, shot.angle, shot.spin
                speed = clip_speed(shot.speed)
            else:
                x, y = shot.x, shot.y
                offset = noise.start * z[0]
                if offset:
                    x, y = line.slide(x, y, offset)
                angle = shot.angle + noise.angle * z[1]
                speed = clip_speed(shot.speed * (1.0 + noise.speed * z[2]))
                spin = shot.spin + noise.spin * z[3]
            if not (math.isfinite(x + y + angle) and abs(spin) <= MAX_SPIN):
                # What the shared rule makes of it (its one error line).
                played = execute(noise, view, shot, np.array(z), line).shot
                x, y, angle, speed, spin = (
                    played.x,
                    played.y,
                    played.angle,
                    played.speed,
                    played.spin,
                )
            elif problem(position, turn, x, y) is not None:
                x, y = legal_start(view, line, x, y)
            out[k] = (x, y, speed * math.cos(angle), speed * math.sin(angle), spin)
            k += 1
    return out


def weigh(
    view: View,
    noise: ExecutionNoise,
    params: PhysicsParams,
    shots: Sequence[Shot],
    draws: Draws,
    outlook: Outlook,
) -> Values:
    """The value of each execution of each shot (:data:`FAILED` where the physics could
    not finish it or the referee would refuse the position it leaves)."""
    values = np.full((len(shots), len(draws)), FAILED)
    if not len(shots) or not len(draws):
        return values
    table = executions(noise, view, shots, draws)
    batch = simulate_velocities(
        view.position.layout, table, shooter=view.turn.disc, params=params, keep_log=True
    )
    rulings = rule_batch(view.referee, view.position, view.turn, batch)
    if outlook.twenties_by_luck:  # the shooter does not count on a 20 of its own
        luck = rulings.twenties.copy()
        luck[:, view.turn.side] = 0
        rulings = replace(rulings, twenties=luck)
    rows = np.flatnonzero(rulings.ruled & ~rulings.impossible)
    if len(rows):
        flat = values.reshape(-1)
        flat[rows] = tactics_for(view.game).bulk_values(view, rulings, rows, outlook)
    return values


def shot_means(values: Values) -> list[float]:
    """Each shot's mean value over its executions, summed in order as the records'
    path sums them (so equal samples give equal means, bit for bit)."""
    n = values.shape[1]
    return [sum(row) / n for row in values.tolist()]
