"""Physics benchmark: CPU time per shot on one core, against pymunk in the same run.

Scenes: (a) the standard 30-disc scene, 29 discs resting legally on a crokinole board
plus one shooter fired from the shooting line into them; (b) an opening shot on an
empty board (aimed at the 20). The baseline is pymunk (Chipmunk2D) with friction done
on the C side: each disc is held by a PivotJoint to a static body (max_bias 0,
max_force = mu m g) and a GearJoint for spin (max_force = 2/3 mu m g r), at 240 Hz and
at 1 kHz, stepped until every disc rests (speed under REST_SPEED, checked every
REST_CHECK steps, BASELINE_SECONDS at most), as flickboard simulates. The pymunk model
does the same work as flickboard: a disc whose centre reaches the 20 hole at capture
speed or less drops (it leaves the simulation; a static disc stays in the hole as an
obstacle) and a disc whose centre goes over the surface's edge leaves the board (it is
removed), both found by C-side sensors. Both sides are timed in CPU time of the thread
(``time.thread_time``) over the same shots, the best of ROUNDS passes each. Numba
compilation is kept out (the kernel is cached on disk and warmed up before timing).

The batch physics (:func:`~flickboard.physics.simulate_batch`) is timed against the bare
kernel on the same shots of both scenes (:func:`batch_timings`): the kernel runs all of
them in one compiled call with nothing around it; ``simulate_batch`` runs them in calls
of :data:`BATCH_SIZES` shots, from aimed rows, and as the AI's weighing calls it
(velocity rows, the event log kept for the compiled referee), passes interleaved.
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import Layout, PhysicsParams, PlacedDisc, Shot, simulate
from flickboard.physics.batch import simulate_batch, simulate_velocities
from flickboard.physics.codes import M_AIR, M_SLIDE
from flickboard.physics.engine import board_rows, default_params, params_rows, shot_array
from flickboard.physics.jit import njit
from flickboard.physics.kernel import NO_LOG, run_shot
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
    speed = params.speed_to_travel(distance) + 0.05
    return Shot(0.0, -distance, math.pi / 2, speed)


def opening_shots(board: CrokinoleBoard, count: int, seed: int = 3) -> list[Shot]:
    """The opening shot ``count`` times, its angle and speed spread as a player's
    executions of it spread (seeded: 0.02 rad, 3 %)."""
    shot = opening_shot(board)
    rng = np.random.default_rng(seed)
    return [
        Shot(shot.x, shot.y, shot.angle + 0.02 * float(a), shot.speed * (1 + 0.03 * float(v)))
        for a, v in rng.standard_normal((count, 2))
    ]


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
    """CPU seconds per shot for one engine on one scene (mean over its shots)."""

    name: str
    scene: str
    seconds: float
    shots: int

    @property
    def per_second(self) -> float:
        """Shots per second of CPU time."""
        return 1.0 / self.seconds


ROUNDS = 5
"""Each side is timed as the best of this many passes over its shots."""


def cpu_per_call(run: Callable[[int], object], count: int, rounds: int = ROUNDS) -> float:
    """CPU seconds of this thread per call ``run(i)`` for i < count, best of ``rounds``
    passes (a pass of fast calls is repeated until it takes 20 ms or more)."""
    clock = time.thread_time
    best = math.inf
    repeat = 1
    for _ in range(rounds):
        while True:
            t0 = clock()
            for _ in range(repeat):
                for i in range(count):
                    run(i)
            spent = clock() - t0
            if spent >= 0.02 or repeat >= 1 << 16:
                break
            repeat *= 2
        best = min(best, spent / (repeat * count))
    return best


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


DISC, HOLE, EDGE = 1, 2, 3
"""pymunk collision types: discs, the 20 hole's sensor, the surface edge's sensors."""

EDGE_SEGMENTS = 96
"""Sensor segments around the surface's edge in the pymunk model."""


class PymunkBoard:
    """The crokinole board in pymunk, built once (pegs; sensors for the 20 hole and the
    surface's edge); :meth:`shot` puts a layout's discs and the shot disc on it, steps
    until every disc rests and takes them off again."""

    def __init__(self, board: CrokinoleBoard, params: PhysicsParams | None = None) -> None:
        import pymunk

        self.board = board
        self.params = params = params or PhysicsParams.crokinole()
        disc = board.disc
        self.space = space = pymunk.Space()
        space.iterations = 10
        ground = space.static_body
        self.e_disc = e_disc = math.sqrt(params.disc_restitution)
        self.mu_disc = mu_disc = math.sqrt(params.disc_friction)
        for px, py in board.pegs:
            peg = pymunk.Circle(ground, board.peg_radius, (px, py))
            peg.elasticity = params.peg_restitution / e_disc
            peg.friction = params.peg_friction / mu_disc
            space.add(peg)
        # the hole: a disc overlaps this sensor when its centre is over the hole
        hole = pymunk.Circle(ground, board.hole_radius - disc.radius)
        hole.sensor = True
        hole.collision_type = HOLE
        # the edge: segments one disc radius outside it, touched when a centre crosses it
        ring = board.surface_radius + disc.radius
        corners = [
            (ring * math.cos(a), ring * math.sin(a))
            for a in (2 * math.pi * k / EDGE_SEGMENTS for k in range(EDGE_SEGMENTS + 1))
        ]
        edge = [pymunk.Segment(ground, a, b, 0.0) for a, b in itertools.pairwise(corners)]
        for seg in edge:
            seg.sensor = True
            seg.collision_type = EDGE
        # a disc lying in the hole stands proud of the surface: an obstacle
        self.lying = pymunk.Circle(ground, disc.radius)
        space.add(hole, *edge)
        space.on_collision(DISC, HOLE, begin=self._over_hole, pre_solve=self._over_hole)
        space.on_collision(DISC, EDGE, begin=self._off_edge)
        self.parts: dict[Any, tuple[Any, ...]] = {}
        self.gone: dict[Any, tuple[float, float]] = {}
        self.dropped: list[Any] = []

    def _remove(self, body: Any) -> None:
        if body in self.parts:
            self.gone[body] = (float(body.position.x), float(body.position.y))
            self.space.remove(*self.parts.pop(body))

    def _over_hole(self, arbiter: Any, space: Any, _: Any) -> None:
        body = arbiter.shapes[0].body
        slow = body.velocity.length <= self.params.capture_speed
        if slow and not self.dropped and body in self.parts:
            self.dropped.append(body)
            space.add_post_step_callback(self._lie_in_hole, body)

    def _lie_in_hole(self, space: Any, body: Any) -> None:
        self._remove(body)
        space.add(self.lying)

    def _off_edge(self, arbiter: Any, space: Any, _: Any) -> None:
        body = arbiter.shapes[0].body
        space.add_post_step_callback(lambda _, b: self._remove(b), body)

    def shot(self, layout: Layout, shot: Shot, hz: float) -> PymunkOutcome:
        """Step one shot until every disc rests (BASELINE_SECONDS at most)."""
        import pymunk

        params, disc, space = self.params, self.board.disc, self.space
        ground = space.static_body
        g = params.gravity
        starts = [(d.x, d.y, 0.0, 0.0, 0.0) for d in layout.discs]
        vx, vy = shot.velocity
        starts.append((shot.x, shot.y, vx, vy, shot.spin))
        moment = pymunk.moment_for_circle(disc.mass, 0, disc.radius)
        bodies = []
        for x, y, bvx, bvy, spin in starts:
            body = pymunk.Body(disc.mass, moment)
            body.position = (x, y)
            body.velocity = (bvx, bvy)
            body.angular_velocity = spin
            shape = pymunk.Circle(body, disc.radius)
            shape.elasticity = self.e_disc
            shape.friction = self.mu_disc
            shape.collision_type = DISC
            pivot = pymunk.PivotJoint(ground, body, (0, 0), (0, 0))
            pivot.max_bias = 0
            pivot.max_force = params.friction * disc.mass * g
            gear = pymunk.GearJoint(ground, body, 0.0, 1.0)
            gear.max_bias = 0
            gear.max_force = 2 / 3 * params.spin_friction * disc.mass * g * disc.radius
            space.add(body, shape, pivot, gear)
            self.parts[body] = (body, shape, pivot, gear)
            bodies.append(body)
        dt = 1.0 / hz
        parts = self.parts
        for step in range(round(BASELINE_SECONDS * hz)):
            space.step(dt)
            if step % REST_CHECK == 0 and all(
                b.velocity.length < REST_SPEED for b in bodies if b in parts
            ):
                break
        shooter = bodies[-1]
        at = self.gone.get(shooter) or (float(shooter.position.x), float(shooter.position.y))
        out = PymunkOutcome(
            at,
            tuple(bodies.index(b) for b in self.dropped),
            tuple(bodies.index(b) for b in self.gone if b not in self.dropped),
        )
        for body in list(parts):
            self._remove(body)
        if self.dropped:
            space.remove(self.lying)
        self.gone.clear()
        self.dropped.clear()
        return out


@dataclass(frozen=True)
class PymunkOutcome:
    """What a pymunk shot did: the shooter's final centre and the indices (layout
    order, shooter last) of the discs that dropped into the hole or left the board."""

    shooter_at: tuple[float, float]
    dropped: tuple[int, ...]
    left: tuple[int, ...]


def kernel_only(layout: Layout, shots: Sequence[Shot]) -> Callable[[int], object]:
    """A call of the bare compiled kernel for shot i (arrays made beforehand)."""
    rows, _ = layout.kernel_rows()
    board = board_rows(layout.board)
    params = params_rows(default_params(layout))
    arrays = [shot_array(s) for s in shots]
    return lambda i: run_shot(board, params, rows, arrays[i], False)


def simulate_each(layout: Layout, shots: Sequence[Shot]) -> Callable[[int], object]:
    """A call of ``simulate`` for shot i."""
    return lambda i: simulate(layout, shots[i])


def pymunk_each(
    table: PymunkBoard, layout: Layout, shots: Sequence[Shot], hz: float
) -> Callable[[int], object]:
    """A pymunk run of shot i at ``hz``."""
    return lambda i: table.shot(layout, shots[i], hz)


HZ = (240, 1000)
"""pymunk step rates timed."""


def run_benchmark(
    shots: int = 300,
    baseline_shots: int = 12,
    progress: Callable[[str, int], Callable[[], None]] | None = None,
    rounds: int = ROUNDS,
) -> tuple[list[Timing], dict[str, float]]:
    """Time flickboard and pymunk on both scenes (the same shots, CPU time of the
    thread); return the timings and scene facts (with ``simulate``'s time over the bare
    kernel's on each scene, all ``shots`` 30-disc shots)."""
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
    for label, lay, shots_of in (("scene", layout, scene), ("opening", empty, [opening])):
        whole = cpu_per_call(simulate_each(lay, shots_of), len(shots_of), rounds)
        bare = cpu_per_call(kernel_only(lay, shots_of), len(shots_of), rounds)
        facts[f"{label}_simulate_seconds"] = whole
        facts[f"{label}_kernel_seconds"] = bare
        facts[f"{label}_simulate_over_kernel"] = whole / bare

    timings: list[Timing] = []
    table = PymunkBoard(board)
    subset = scene[:baseline_shots]
    for label, lay, shots_of in (("30 discs", layout, subset), ("opening", empty, [opening])):
        rows = [("flickboard", simulate_each(lay, shots_of))]
        rows += [(f"pymunk {hz} Hz", pymunk_each(table, lay, shots_of, hz)) for hz in HZ]
        for name, run in rows:
            done = progress(f"{name}: {label}", 1) if progress else (lambda: None)
            timings.append(
                Timing(name, label, cpu_per_call(run, len(shots_of), rounds), len(shots_of))
            )
            done()
    return timings, facts


BATCH_SIZES: tuple[int | None, ...] = (None, 24, 1)
"""Shots per ``simulate_batch`` call timed: all of a scene's shots in one call, 24 (one
shot's executions as the planner weighs it: ``PlannerBudget.samples``) and one."""

AI_BATCH = 24
"""Shots per call of the AI's weighing path timed (``simulate_velocities`` with the
event log), as the planner weighs one shot."""


@njit(cache=True)
def _kernel_all(board: np.ndarray, params: np.ndarray, discs: np.ndarray, shots: np.ndarray) -> int:
    """Every shot (rows x, y, vx, vy, spin) through the bare kernel in one compiled call;
    the number of events (so nothing is optimised away)."""
    events = 0
    for s in range(shots.shape[0]):
        events += run_shot(board, params, discs, shots[s], NO_LOG[0])[2].shape[0]
    return events


@dataclass(frozen=True)
class BatchTiming:
    """CPU seconds per shot of the bare kernel (all the shots in one compiled call) and
    of the batch physics on the same shots, ``per_call`` of them a call (``log``: as
    the AI's weighing calls it, velocity rows and the event log kept)."""

    scene: str
    shots: int
    per_call: int
    log: bool
    kernel_seconds: float
    batch_seconds: float

    @property
    def share(self) -> float:
        """The batch's shots per second as a share of the kernel's."""
        return self.kernel_seconds / self.batch_seconds


def interleaved_best(passes: Sequence[Callable[[], object]], rounds: int) -> list[float]:
    """CPU seconds of this thread of each pass, the best of ``rounds``, the passes taking
    turns (each repeated until it takes 20 ms or more)."""
    clock = time.thread_time
    best = [math.inf] * len(passes)
    repeat = [1] * len(passes)
    for _ in range(rounds):
        for k, run in enumerate(passes):
            while True:
                t0 = clock()
                for _ in range(repeat[k]):
                    run()
                spent = clock() - t0
                if spent >= 0.02 or repeat[k] >= 1 << 16:
                    break
                repeat[k] *= 2
            best[k] = min(best[k], spent / repeat[k])
    return best


def batch_timings(
    shots: int = 300, rounds: int = ROUNDS, sizes: Sequence[int | None] = BATCH_SIZES
) -> list[BatchTiming]:
    """``simulate_batch`` against the bare kernel on the same shots of both scenes (the
    30-disc scene's ``shots`` and as many executions of the opening shot)."""
    board = CrokinoleBoard.standard()
    layout = scene_layout(board)
    return scene_batch_timings(
        "30 discs", layout, scene_shots(layout, shots), rounds, sizes
    ) + scene_batch_timings("opening", Layout(board), opening_shots(board, shots), rounds, sizes)


def scene_batch_timings(
    scene: str, layout: Layout, shots: Sequence[Shot], rounds: int, sizes: Sequence[int | None]
) -> list[BatchTiming]:
    """The bare kernel on every shot in one compiled call, and the batch physics on the
    same shots in calls of each size (and as the AI's weighing calls it), interleaved."""
    rows, _ = layout.kernel_rows()
    figures, physics = board_rows(layout.board), params_rows(default_params(layout))
    moving = np.array([shot_array(s) for s in shots])
    aimed = np.array([(s.x, s.y, s.angle, s.speed, s.spin) for s in shots])
    count = len(shots)
    shapes = [(min(size or count, count), False) for size in sizes]
    shapes.append((min(AI_BATCH, count), True))

    def batch_pass(size: int, log: bool) -> Callable[[], object]:
        if log:
            parts = [moving[k : k + size] for k in range(0, count, size)]
            return lambda: [simulate_velocities(layout, p, keep_log=True) for p in parts]
        parts = [aimed[k : k + size] for k in range(0, count, size)]
        return lambda: [simulate_batch(layout, p) for p in parts]

    passes: list[Callable[[], object]] = [lambda: _kernel_all(figures, physics, rows, moving)]
    passes += [batch_pass(size, log) for size, log in shapes]
    for run in passes:  # warm: the compiled code loaded
        run()
    seconds = interleaved_best(passes, rounds)
    return [
        BatchTiming(scene, count, size, log, seconds[0] / count, spent / count)
        for (size, log), spent in zip(shapes, seconds[1:], strict=True)
    ]


def ratios(timings: Sequence[Timing]) -> dict[tuple[str, str], float]:
    """How many times faster flickboard is than each baseline, per scene (CPU time)."""
    ours = {t.scene: t.seconds for t in timings if t.name == "flickboard"}
    return {(t.name, t.scene): t.seconds / ours[t.scene] for t in timings if t.name != "flickboard"}


def report(
    timings: Sequence[Timing], facts: dict[str, float], batch: Sequence[BatchTiming] = ()
) -> dict[str, Any]:
    """The run as JSON-ready data (what bench/results/physics.json holds)."""
    ratio = ratios(timings)
    return {
        "clock": "time.thread_time (CPU time of the thread), best of passes",
        "baseline": "pymunk, to rest, dropped and off-board discs removed",
        "timings": [
            {
                "engine": t.name,
                "scene": t.scene,
                "seconds_per_shot": t.seconds,
                "shots": t.shots,
                "times_flickboard": ratio.get((t.name, t.scene)),
            }
            for t in timings
        ],
        "facts": facts,
        "batch": [
            {
                "scene": b.scene,
                "shots": b.shots,
                "shots_per_call": b.per_call,
                "event_log": b.log,
                "kernel_seconds_per_shot": b.kernel_seconds,
                "batch_seconds_per_shot": b.batch_seconds,
                "share_of_kernel": b.share,
            }
            for b in batch
        ],
    }
