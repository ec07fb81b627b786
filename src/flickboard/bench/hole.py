"""The sunk-disc scenario: targeted shots into a crowd of discs around the 20 hole.

Five discs lie at random spots clear of the hole within 9 cm of its centre; the
shooter, fired from a random point of the shooting line at 1-2 m/s, is aimed at one of
them (a full hit to a thin cut). Often one disc drops and others carry on over the
hole. A disc lying flat in the hole stands 3.2 mm proud of the surface (9.5 mm thick,
6.35 mm deep), so a disc sliding on the surface cannot pass over it:
:func:`slide_throughs` counts the shots in which one did; ``python bench/hole.py``
reports it (it must be 0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import cast

import numpy as np

from flickboard.geometry import CrokinoleBoard
from flickboard.physics import EventKind, Layout, PlacedDisc, Shot
from flickboard.physics.codes import M_SLIDE
from flickboard.physics.trajectory import StateLog, state_log

CLEARANCE = 1e-6
"""A pass counts as through the sunk disc only if it overlaps it by more than this (m)."""
CROWD = 5
"""Discs lying around the hole in each shot."""
CROWD_RADIUS = 0.09
"""The discs' centres lie within this distance of the hole's centre (m)."""


@dataclass(frozen=True)
class TargetedShot:
    """One shot of the scenario: the discs around the hole and a shot at one of them."""

    layout: Layout
    shot: Shot


def crowd(board: CrokinoleBoard, rng: np.random.Generator) -> Layout:
    """CROWD discs at random spots clear of the hole, the pegs and each other."""
    r = board.disc.radius
    placed: list[PlacedDisc] = []
    while len(placed) < CROWD:
        theta = float(rng.uniform(-math.pi, math.pi))
        d = float(rng.uniform(board.hole_radius + r + 1e-3, CROWD_RADIUS))
        x, y = d * math.cos(theta), d * math.sin(theta)
        if any(math.hypot(x - p.x, y - p.y) < 2 * r + 1e-4 for p in placed):
            continue
        if any(math.hypot(x - px, y - py) < r + board.peg_radius + 1e-4 for px, py in board.pegs):
            continue
        placed.append(PlacedDisc(len(placed), x, y))
    return Layout(board, tuple(placed))


def targeted_shots(board: CrokinoleBoard, count: int, seed: int = 15) -> list[TargetedShot]:
    """``count`` seeded shots, each from the shooting line at one disc of a crowd."""
    rng = np.random.default_rng(seed)
    r = board.disc.radius
    line = board.shooting_line_radius
    out: list[TargetedShot] = []
    for _ in range(count):
        layout = crowd(board, rng)
        target = layout.discs[int(rng.integers(len(layout.discs)))]
        start = float(rng.uniform(-math.pi, math.pi))
        sx, sy = line * math.cos(start), line * math.sin(start)
        distance = math.hypot(target.x - sx, target.y - sy)
        aim = math.atan2(target.y - sy, target.x - sx)
        aim += float(rng.uniform(-1.6 * r, 1.6 * r)) / distance
        out.append(TargetedShot(layout, Shot(sx, sy, aim, float(rng.uniform(1.0, 2.0)))))
    return out


def through_sunk(log: StateLog) -> bool:
    """True if, after a disc dropped flat into the hole, another disc slid through it.

    A disc lying in the hole has its centre within ``hole - r`` of the hole's centre;
    a disc on the surface whose centre comes within ``2r - (hole - r)`` of the hole's
    centre overlaps it wherever in the hole it lies.
    """
    board = cast(CrokinoleBoard, log.record.layout.board)
    r = board.disc.radius
    reach = 2 * r - max(board.hole_radius - r, 0.0) - CLEARANCE
    drops = [e for e in log.record.events if e.kind is EventKind.DROPPED]
    if not drops:
        return False
    sunk_at = drops[0].time
    sunk = log.ids.index(drops[0].disc)
    seg = log.segments
    decel = log.params.friction * log.params.gravity
    for k in range(len(log.ids)):
        if k == sunk:
            continue
        rows = seg[seg[:, 1] == k]
        for a, row in enumerate(rows):
            if row[8] != M_SLIDE:
                continue
            t0, x, y, ux, uy, v = row[0], row[2], row[3], row[4], row[5], row[6]
            t1 = rows[a + 1][0] if a + 1 < len(rows) else math.inf
            if t1 <= sunk_at:
                continue
            # the stretch of this straight path covered between the drop and t1
            lo = _path_length(v, decel, sunk_at - t0)
            hi = _path_length(v, decel, t1 - t0)
            s = min(max(-(x * ux + y * uy), lo), hi)
            if math.hypot(x + ux * s, y + uy * s) < reach:
                return True
    return False


def _path_length(v: float, decel: float, dt: float) -> float:
    """How far a disc sliding at ``v`` goes in ``dt`` (0 before it starts, then stops)."""
    tau = min(max(dt, 0.0), v / decel)
    return float(v * tau - 0.5 * decel * tau * tau)


@dataclass(frozen=True)
class HoleCounts:
    """What the scenario's shots did: how many sank a disc, how many then had a disc
    strike the one lying in the hole, and how many had one slide through it."""

    shots: int
    dropped: int
    struck: int
    through: int


def slide_throughs(shots: list[TargetedShot]) -> HoleCounts:
    """Run the shots and count drops, strikes on a sunk disc and slide-throughs."""
    dropped = struck = through = 0
    for t in shots:
        log = state_log(t.layout, t.shot)
        events = log.record.events
        drop = next((e for e in events if e.kind is EventKind.DROPPED), None)
        if drop is None:
            continue
        dropped += 1
        struck += any(
            e.kind is EventKind.DISC_CONTACT and e.other == drop.disc and e.time >= drop.time
            for e in events
        )
        through += through_sunk(log)
    return HoleCounts(len(shots), dropped, struck, through)
