"""Property tests: random legal layouts and random shots never crash, lose or overlap."""

from __future__ import annotations

import contextlib
import math
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flickboard.bench.physics import scene_layout
from flickboard.errors import IllegalInPosition
from flickboard.geometry import Board, CrokinoleBoard, ShuffleboardTable
from flickboard.physics import (
    DiscFinal,
    DiscState,
    EventKind,
    Layout,
    PlacedDisc,
    Shot,
    ShotRecord,
    placement_problem,
    simulate,
)

from .conftest import BOARD, TABLE, assert_no_overlap_at_rest

REST_KINDS = {
    EventKind.STOPPED: DiscState.ON_SURFACE,
    EventKind.LEANED: DiscState.LEANING,
    EventKind.DROPPED: DiscState.IN_HOLE,
    EventKind.LANDED: DiscState.IN_DITCH,  # IN_GUTTER on the table
}
"""The event that ends a disc's motion, and the state it leaves the disc in."""

EDGE = 1e-9
"""Slack (m) for a centre exactly on an edge it was stopped at."""


def check(record: ShotRecord, layout: Layout) -> None:
    """Invariants of every shot: each disc ends once, where its state and log say."""
    ids = Counter(f.id for f in record.finals)
    assert ids == Counter([*(d.id for d in layout.discs), record.shooter])
    times = [e.time for e in record.events]
    assert times == sorted(times)
    assert_no_overlap_at_rest(record)
    record.layout_after()  # the discs left in play make a legal layout
    board = layout.board
    for final in record.finals:
        check_place(board, final)
        own = [e for e in record.events if e.disc == final.id]
        rests = [e for e in own if e.kind in REST_KINDS]
        if not rests:  # it never moved on its own: it is where and as it lay
            assert final.id != record.shooter
            before = layout.disc(final.id)
            assert (final.x, final.y) == (before.x, before.y)
            assert final.state is (DiscState.LEANING if before.leaning else DiscState.ON_SURFACE)
            continue
        last = own[-1]
        assert last is rests[-1], f"disc {final.id} moved after it came to rest"
        state = REST_KINDS[last.kind]
        if state is DiscState.IN_DITCH and isinstance(board, ShuffleboardTable):
            state = DiscState.IN_GUTTER
        assert final.state is state, f"disc {final.id}: {last.kind} but {final.state}"
        assert (final.x, final.y) == (last.x, last.y)


def check_place(board: Board, final: DiscFinal) -> None:
    """The final state matches where the disc's centre is."""
    if isinstance(board, ShuffleboardTable):
        on = abs(final.x) <= board.width / 2 and 0 <= final.y <= board.length
        edge = board.width / 2 - EDGE
        off = abs(final.x) >= edge or final.y >= board.length - EDGE or final.y <= EDGE
        assert on if final.state is DiscState.ON_SURFACE else off, final
        assert final.state in (DiscState.ON_SURFACE, DiscState.IN_GUTTER), final
        return
    assert isinstance(board, CrokinoleBoard)
    r = math.hypot(final.x, final.y)
    if final.state is DiscState.ON_SURFACE:
        assert placement_problem(board, final.x, final.y) is None, final
    elif final.state is DiscState.LEANING:
        assert placement_problem(board, final.x, final.y, leaning=True) is None, final
    elif final.state is DiscState.IN_HOLE:
        assert r <= board.hole_radius + EDGE, final
    elif final.state is DiscState.IN_DITCH:
        rim = board.rail_radius - board.disc.radius
        assert board.surface_radius - EDGE <= r <= rim + EDGE, final
    else:
        raise AssertionError(f"a crokinole disc cannot end {final.state}")


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
    layout = scene_layout(BOARD, count, seed)
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
