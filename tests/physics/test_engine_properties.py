"""Property tests: random legal layouts and random shots never crash, lose or overlap."""

from __future__ import annotations

import contextlib
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flickboard.errors import IllegalInPosition
from flickboard.physics import Layout, PlacedDisc, Shot, simulate

from .conftest import BOARD, TABLE, assert_no_overlap_at_rest, spread_layout


def check(record: object, layout: Layout) -> None:
    finals = record.finals  # type: ignore[attr-defined]
    ids = [f.id for f in finals]
    assert sorted(ids) == sorted([*(d.id for d in layout.discs), record.shooter])  # type: ignore[attr-defined]
    times = [e.time for e in record.events]  # type: ignore[attr-defined]
    assert times == sorted(times)
    assert_no_overlap_at_rest(record)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(0, 29),
    seed=st.integers(0, 10_000),
    lane=st.floats(-0.25, 0.25),
    aim=st.floats(-1.2, 1.2),
    speed=st.floats(0.05, 8.0),
    spin=st.floats(-100.0, 100.0),
    leaner=st.one_of(st.none(), st.floats(0.0, 2 * math.pi)),
)
def test_random_crokinole_shots_never_crash_lose_or_overlap(
    count: int,
    seed: int,
    lane: float,
    aim: float,
    speed: float,
    spin: float,
    leaner: float | None,
) -> None:
    layout = spread_layout(BOARD, count, seed)
    if leaner is not None:
        h = BOARD.hole_radius
        lean = PlacedDisc(99, h * math.cos(leaner), h * math.sin(leaner), leaning=True)
        with contextlib.suppress(IllegalInPosition):
            layout = Layout(BOARD, (*layout.discs, lean))
    angle = math.pi / 2 + aim
    r = BOARD.shooting_line_radius
    x, y = lane, -math.sqrt(r * r - lane * lane)
    try:
        record = simulate(layout, Shot(x, y, angle, speed, spin))
    except IllegalInPosition:
        return  # the start sits on a disc of the random layout
    check(record, layout)


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(0, 8),
    seed=st.integers(0, 10_000),
    x=st.floats(-0.2, 0.2),
    aim=st.floats(-0.15, 0.15),
    speed=st.floats(0.1, 3.0),
    spin=st.floats(-50.0, 50.0),
)
def test_random_shuffleboard_shots_never_crash_lose_or_overlap(
    count: int, seed: int, x: float, aim: float, speed: float, spin: float
) -> None:
    import numpy as np

    rng = np.random.default_rng(seed)
    r = TABLE.disc.radius
    placed: list[PlacedDisc] = []
    while len(placed) < count:
        px = float(rng.uniform(-TABLE.width / 2 + r, TABLE.width / 2 - r))
        py = float(rng.uniform(TABLE.length - 1.0, TABLE.length - r))
        if all(math.hypot(px - d.x, py - d.y) > 2 * r + 1e-6 for d in placed):
            placed.append(PlacedDisc(len(placed), px, py))
    layout = Layout(TABLE, tuple(placed))
    record = simulate(layout, Shot(x, 0.05, math.pi / 2 + aim, speed, spin))
    check(record, layout)


def test_a_tight_cluster_struck_hard_settles(board: object) -> None:
    r = BOARD.disc.radius
    rows = [(i, j) for i in range(-2, 3) for j in range(0, 3)]
    discs = tuple(
        PlacedDisc(k, 0.15 + 2 * r * i + r * (j % 2), 0.1 + math.sqrt(3) * r * j)
        for k, (i, j) in enumerate(rows)
    )
    layout = Layout(BOARD, discs)
    for speed in (0.4, 1.5, 5.0):
        record = simulate(layout, Shot(0.15, -0.2, math.pi / 2, speed))
        check(record, layout)
