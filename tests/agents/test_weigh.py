"""Weighing shots in bulk gives the values the records and the Python referee give.

The fast path (:mod:`flickboard.agents.weigh`: rows of executions, batch physics, the
compiled referee core, array features) against the old one (``Evaluator.outcomes_of``:
a ShotRecord and a Python Ruling per execution), on seeded positions of both games.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from tests.agents.conftest import crokinole_view, shuffleboard_view

from flickboard.agents.candidates import candidates
from flickboard.agents.planner import Evaluator
from flickboard.agents.tactics import tactics_for
from flickboard.agents.weigh import executions, shot_means
from flickboard.errors import FlickboardError
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, PlacedDisc, Shot, simulate, simulate_batch
from flickboard.play.kind import game_kind
from flickboard.play.noise import ExecutionNoise, execute
from flickboard.play.view import View
from flickboard.rules import referee
from flickboard.rules.compiled import rule_batch


def scattered(
    game: str, rng: np.random.Generator, count: int
) -> tuple[tuple[float, float, int], ...]:
    """``count`` discs (x, y, side) at random legal spots, sides alternating."""
    discs: list[tuple[float, float, int]] = []
    board = crokinole_view().board if game == "crokinole" else shuffleboard_view().board
    while len(discs) < count:
        if game == "crokinole":
            r, a = 0.29 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
            x, y = r * math.cos(a), r * math.sin(a)
        else:
            x, y = rng.uniform(-0.2, 0.2), rng.uniform(3.7, 4.2)
        placed = [PlacedDisc(i, dx, dy) for i, (dx, dy, _) in enumerate(discs)]
        try:
            Layout(board, (*placed, PlacedDisc(len(discs), x, y)))
        except FlickboardError:
            continue
        discs.append((x, y, len(discs) % 2))
    return tuple(discs)


def views(game: str) -> list[View]:
    """Seeded positions: mid-round ones, the round's last shot, and for crokinole the
    Depot rules (discs put back after a foul) and discs by the shooting line."""
    rng = np.random.default_rng(23)
    if game == "shuffleboard":
        out = [shuffleboard_view(scattered(game, rng, n)) for n in (2, 3, 5)]
        last = out[1]
        return [*out, replace(last, to_come=last.to_come[:1])]
    out = [crokinole_view(scattered(game, rng, n)) for n in (2, 4, 7)]
    last = out[2]
    depot = replace(out[1], referee=referee("depot"))
    r = CrokinoleBoard.standard().shooting_line_radius
    blocked = crokinole_view(((0.0, -r, 1), (0.05, -r + 0.002, 1), (0.02, 0.0, 0)))
    return [*out, replace(last, to_come=last.to_come[:1]), depot, blocked]


def old_values(evaluator: Evaluator, shots: list[Shot], draws: np.ndarray) -> np.ndarray:
    """Each execution's value by records and the Python referee."""
    return np.array([[v for _, v in out] for out in evaluator.outcomes_of(shots, draws)])


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_the_fast_evaluation_gives_the_old_paths_values_bit_for_bit(game: str) -> None:
    kind = game_kind(game)
    for k, view in enumerate(views(game)):
        noise = kind.noise("recreational")
        rng = np.random.default_rng(k)
        pool = [c.shot for c in candidates(view, view.physics)][:16]
        pool += [c.shot for c in tactics_for(game).sampled(view, view.physics, 8, rng)]
        draws = ExecutionNoise.draws(rng, 6)
        # A shooter that counts on its 20s, and one that leaves its own 20s to luck;
        # valued by the game's own learned value and by the search's.
        for luck, value in ((False, None), (True, None), (False, "search")):
            evaluator = Evaluator(view, noise, view.physics, luck, value)
            old = old_values(evaluator, pool, draws)
            new = evaluator.values(pool, draws)
            assert np.array_equal(old, new), (game, k, luck, value)
            means = evaluator.means(pool, draws)
            assert means == [sum(row) / len(row) for row in old.tolist()]
        assert shot_means(new) == evaluator.means(pool, draws)


def test_executions_are_the_shared_noise_rule_with_plain_numbers() -> None:
    view = views("crokinole")[-1]  # discs on the shooting line: starts get moved
    noise = game_kind("crokinole").noise("novice")
    draws = ExecutionNoise.draws(np.random.default_rng(5), 40)
    r = view.start_line.radius
    # Starts a disc's width beside the disc on the line: the noise slides some onto it.
    beside = [0.115, -0.115, 0.14]
    shots = [Shot(r * math.sin(a), -r * math.cos(a), math.pi / 2, 1.5) for a in beside]
    shots += [c.shot for c in candidates(view, view.physics)][:4]
    rows = executions(noise, view, shots, draws)
    played = [execute(noise, view, s, z).shot for s in shots for z in draws]
    expected = np.array([(p.x, p.y, *p.velocity, p.spin) for p in played])
    assert np.array_equal(rows, expected)
    moved = [execute(noise, view, s, z).moved for s in shots for z in draws]
    assert any(moved), "the position should make the noise slide some starts off the line"
    # Without noise (the perfect level) the meant shot is played, its speed clipped.
    slow = [Shot(s.x, s.y, s.angle, 0.01) for s in shots]
    rows = executions(ExecutionNoise(), view, slow, draws[:2])
    played = [execute(ExecutionNoise(), view, s, z).shot for s in slow for z in draws[:2]]
    assert np.array_equal(rows, np.array([(p.x, p.y, *p.velocity, p.spin) for p in played]))


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_the_position_a_compiled_ruling_leaves_is_the_python_referees(game: str) -> None:
    for view in views(game):
        shots = [c.shot for c in candidates(view, view.physics)][:12]
        layout = view.position.layout
        batch = simulate_batch(
            layout, shots, shooter=view.turn.disc, params=view.physics, keep_log=True
        )
        rulings = rule_batch(view.referee, view.position, view.turn, batch)
        for k, shot in enumerate(shots):
            if not rulings.ruled[k] or rulings.impossible[k]:
                continue
            record = simulate(layout, shot, shooter=view.turn.disc, params=view.physics)
            ruling = view.referee.rule(view.position, view.turn, record)
            assert rulings.position_after(k, view.position, view.turn) == ruling.position_after
