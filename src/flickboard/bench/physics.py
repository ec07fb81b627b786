"""Physics benchmark: shots per second on one core, against pymunk in the same run.

Scenes: (a) the standard 30-disc scene, 29 discs resting legally on a crokinole board
plus one shooter fired from the shooting line into them; (b) an opening shot on an
empty board (aimed at the 20). The baseline is pymunk (Chipmunk2D) with friction done
on the C side: each disc is held by a PivotJoint to a static body (max_bias 0,
max_force = mu m g) and a GearJoint for spin (max_force = 2/3 mu m g r), at 240 Hz and
at 1 kHz, run two ways: stepped for a fixed 3 s of simulated time (the figure DESIGN.md
quotes), and stepped only until every disc rests (speed under REST_SPEED, checked every
REST_CHECK steps, 3 s at most), which is what flickboard itself simulates and so the
fairer ratio. Numba compilation is kept out of the measurement (the kernel is cached on
disk and warmed up before timing).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import cast

import numpy as np

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, PhysicsParams, PlacedDisc, Shot, simulate
from flickboard.physics.codes import M_AIR, M_SLIDE
from flickboard.physics.trajectory import state_log

BASELINE_SECONDS = 3.0
"""Simulated seconds of the fixed-length pymunk baseline (and the cap of the to-rest one)."""

REST_SPEED = 1e-3
"""A pymunk disc slower than this (m/s) counts as at rest in the to-rest baseline."""

REST_CHECK = 8
"""The to-rest baseline checks for rest every this many steps."""


def scene_layout(board: CrokinoleBoard, count: int = 29, seed: int = 1) -> Layout:
    """``count`` discs resting at random legal spots inside the shooting line."""
    rng = np.random.default_rng(seed)
    r = board.disc.radius
    limit = board.shooting_line_radius - r
    placed: list[PlacedDisc] = []
    while len(placed) < count:
        x, y = (float(v) for v in rng.uniform(-limit, limit, 2))
        centre = math.hypot(x, y)
        if centre > limit or centre < board.hole_radius + r:
            continue
        if any(math.hypot(x - px, y - py) < r + board.peg_radius + 1e-4 for px, py in board.pegs):
            continue
        if any(math.hypot(x - d.x, y - d.y) < 2 * r + 1e-4 for d in placed):
            continue
        placed.append(PlacedDisc(len(placed), x, y))
    return Layout(board, tuple(placed))


def scene_shots(layout: Layout, count: int, seed: int = 2) -> list[Shot]:
    """Firm shots from the shooting line into the layout (starts that fit only)."""
    board = cast(CrokinoleBoard, layout.board)
    rng = np.random.default_rng(seed)
    radius = board.shooting_line_radius
    shots: list[Shot] = []
    while len(shots) < count:
        lane = float(rng.uniform(-0.12, 0.12))
        shot = Shot(
            lane,
            -math.sqrt(radius * radius - lane * lane),
            math.pi / 2 + float(rng.uniform(-0.3, 0.3)),
            float(rng.uniform(2.5, 4.0)),
            float(rng.uniform(-30.0, 30.0)),
        )
        try:
            simulate(layout, shot)
        except ValueError:
            continue
        shots.append(shot)
    return shots


def opening_shot(board: CrokinoleBoard) -> Shot:
    """An opening shot on an empty board: from the shooting line, drawn to the 20."""
    params = PhysicsParams.crokinole()
    distance = board.shooting_line_radius
    speed = math.sqrt(2 * params.friction * params.gravity * distance) + 0.05
    return Shot(0.0, -distance, math.pi / 2, speed)


def motion_seconds(layout: Layout, shot: Shot) -> float:
    """Seconds of motion summed over every disc (how busy a shot is)."""
    log = state_log(layout, shot)
    seg = log.segments
    decel = log.params.friction * log.params.gravity
    total = 0.0
    for k in range(len(log.ids)):
        rows = seg[seg[:, 1] == k]
        for a, row in enumerate(rows):
            end = rows[a + 1][0] if a + 1 < len(rows) else math.inf
            if row[8] == M_SLIDE:
                total += min(end - row[0], row[6] / decel)
            elif row[8] == M_AIR:
                total += min(end, log.record.duration) - row[0]
    return total


@dataclass(frozen=True)
class Timing:
    """Median and spread of seconds per shot for one engine on one scene."""

    name: str
    scene: str
    median: float
    shots: int

    @property
    def per_second(self) -> float:
        """Shots per second at the median."""
        return 1.0 / self.median


def time_each(run: Callable[[int], object], count: int, repeat: int = 1) -> list[float]:
    """Seconds for each call ``run(i)``, each the best of ``repeat`` tries."""
    out = []
    clock = time.perf_counter
    for i in range(count):
        best = math.inf
        for _ in range(repeat):
            t0 = clock()
            run(i)
            best = min(best, clock() - t0)
        out.append(best)
    return out


def missing_baseline() -> str | None:
    """Why the pymunk baseline cannot run (it is an optional extra), or None."""
    try:
        import pymunk  # noqa: F401
    except ImportError:
        return (
            "the physics benchmark compares against pymunk, which is not installed: "
            "pip install 'flickboard[bench]' (or pip install pymunk)"
        )
    return None


def pymunk_shot(
    layout: Layout,
    shot: Shot,
    hz: float,
    params: PhysicsParams | None = None,
    *,
    until_rest: bool = False,
) -> tuple[float, float]:
    """Step one shot in pymunk for BASELINE_SECONDS, or until every disc rests when
    ``until_rest``; return the shooter's final centre."""
    import pymunk

    params = params or PhysicsParams.crokinole()
    board = cast(CrokinoleBoard, layout.board)
    disc = board.disc
    space = pymunk.Space()
    space.iterations = 10
    ground = space.static_body
    g = params.gravity
    e_disc = math.sqrt(params.disc_restitution)
    mu_disc = math.sqrt(params.disc_friction)
    for px, py in board.pegs:
        peg = pymunk.Circle(ground, board.peg_radius, (px, py))
        peg.elasticity = params.peg_restitution / e_disc
        peg.friction = params.peg_friction / mu_disc
        space.add(peg)
    bodies = []
    starts = [(d.x, d.y, 0.0, 0.0, 0.0) for d in layout.discs]
    vx, vy = shot.velocity
    starts.append((shot.x, shot.y, vx, vy, shot.spin))
    moment = pymunk.moment_for_circle(disc.mass, 0, disc.radius)
    for x, y, bvx, bvy, spin in starts:
        body = pymunk.Body(disc.mass, moment)
        body.position = (x, y)
        body.velocity = (bvx, bvy)
        body.angular_velocity = spin
        shape = pymunk.Circle(body, disc.radius)
        shape.elasticity = e_disc
        shape.friction = mu_disc
        pivot = pymunk.PivotJoint(ground, body, (0, 0), (0, 0))
        pivot.max_bias = 0
        pivot.max_force = params.friction * disc.mass * g
        gear = pymunk.GearJoint(ground, body, 0.0, 1.0)
        gear.max_bias = 0
        gear.max_force = 2 / 3 * params.spin_friction * disc.mass * g * disc.radius
        space.add(body, shape, pivot, gear)
        bodies.append(body)
    dt = 1.0 / hz
    for step in range(round(BASELINE_SECONDS * hz)):
        space.step(dt)
        if until_rest and step % REST_CHECK == 0 and _all_rest(bodies):
            break
    pos = bodies[-1].position
    return float(pos.x), float(pos.y)


def _all_rest(bodies: Sequence[object]) -> bool:
    return all(b.velocity.length < REST_SPEED for b in bodies)  # type: ignore[attr-defined]


def _pymunk_scene(
    layout: Layout, shots: Sequence[Shot], hz: float, until_rest: bool, i: int
) -> object:
    return pymunk_shot(layout, shots[i % len(shots)], hz, until_rest=until_rest)


def run_benchmark(
    shots: int = 300,
    baseline_shots: int = 12,
    progress: Callable[[str, int], Callable[[], None]] | None = None,
) -> tuple[list[Timing], dict[str, float]]:
    """Time flickboard and pymunk on both scenes; return timings and scene facts."""
    board = CrokinoleBoard.standard()
    layout = scene_layout(board)
    scene = scene_shots(layout, shots)
    empty = Layout(board)
    opening = opening_shot(board)
    # warm up (loads the cached kernel, or compiles it once)
    simulate(layout, scene[0])
    simulate(empty, opening)
    facts = {
        "scene_events": statistics.mean(len(simulate(layout, s).events) for s in scene),
        "scene_duration": statistics.mean(simulate(layout, s).duration for s in scene),
        "scene_motion": statistics.mean(motion_seconds(layout, s) for s in scene[:50]),
        "opening_duration": simulate(empty, opening).duration,
    }

    def tick(label: str, total: int) -> Callable[[], None]:
        return progress(label, total) if progress else (lambda: None)

    timings: list[Timing] = []

    def measure(
        name: str, label: str, fn: Callable[[int], object], count: int, repeat: int
    ) -> None:
        advance = tick(f"{name}: {label}", count)

        def run(i: int) -> object:
            out = fn(i)
            advance()
            return out

        times = time_each(run, count, repeat)
        timings.append(Timing(name, label, statistics.median(times), count))

    measure("flickboard", "30 discs", lambda i: simulate(layout, scene[i]), len(scene), 5)
    measure("flickboard", "opening", lambda i: simulate(empty, opening), 2000, 3)
    for hz in (240, 1000):
        count = baseline_shots if hz == 240 else max(3, baseline_shots // 3)
        for until_rest in (False, True):
            name = f"pymunk {hz} Hz" + (" to rest" if until_rest else "")
            for label, lay, shots_of in (
                ("30 discs", layout, scene),
                ("opening", empty, [opening]),
            ):
                run = partial(_pymunk_scene, lay, shots_of, hz, until_rest)
                measure(name, label, run, count, 1)
    return timings, facts


def ratios(timings: Sequence[Timing]) -> dict[tuple[str, str], float]:
    """How many times faster flickboard is than each baseline, per scene."""
    ours = {t.scene: t.median for t in timings if t.name == "flickboard"}
    return {(t.name, t.scene): t.median / ours[t.scene] for t in timings if t.name != "flickboard"}
