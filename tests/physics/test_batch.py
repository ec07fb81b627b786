"""simulate_batch agrees with simulate, shot by shot."""

from __future__ import annotations

import math

import numpy as np
import pytest

from flickboard.bench.physics import scene_layout
from flickboard.errors import IllegalInPosition, InvalidInput, PhysicsError
from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics import (
    DiscState,
    Layout,
    PhysicsParams,
    PlacedDisc,
    Shot,
    simulate,
    simulate_batch,
)
from flickboard.physics.batch import STATE_ORDER, simulate_velocities
from flickboard.physics.shot import MIN_SPEED


def shots_for(board: CrokinoleBoard, count: int, seed: int) -> list[Shot]:
    rng = np.random.default_rng(seed)
    r = board.shooting_line_radius
    out = []
    for _ in range(count):
        lane = float(rng.uniform(-0.2, 0.2))
        out.append(
            Shot(
                lane,
                -math.sqrt(r * r - lane * lane),
                math.pi / 2 + float(rng.uniform(-0.4, 0.4)),
                float(rng.uniform(0.5, 5.0)),
                float(rng.uniform(-40, 40)),
            )
        )
    return out


def test_batch_matches_single_shots(board: CrokinoleBoard) -> None:
    layout = scene_layout(board, 20, seed=4)
    shots = shots_for(board, 40, seed=1)
    batch = simulate_batch(layout, shots, records=True)
    assert batch.records is not None
    ran = 0
    for s, shot in enumerate(shots):
        if batch.status[s] != 0:
            with pytest.raises((IllegalInPosition, PhysicsError)):
                simulate(layout, shot)
            continue
        ran += 1
        record = simulate(layout, shot)
        assert batch.records[s] == record
        for k, disc_id in enumerate(batch.ids):
            final = record.final(disc_id)
            assert (batch.x[s, k], batch.y[s, k]) == (final.x, final.y)
            assert STATE_ORDER[batch.state[s, k]] is final.state
        contacts = [e for e in record.events if e.kind.value == "disc_contact"]
        assert batch.contacts[s] == len(contacts)
        assert batch.events[s] == len(record.events)
        assert batch.dropped[s] == any(f.state is DiscState.IN_HOLE for f in record.finals)
        touched = [
            e.other if e.disc == record.shooter else e.disc
            for e in contacts
            if record.shooter in (e.disc, e.other)
        ]
        assert batch.first_contact[s] == (touched[0] if touched else -1)
    assert ran > 30


def test_batch_takes_rows_of_numbers(table: ShuffleboardTable) -> None:
    rows = np.array([[0.0, 0.05, math.pi / 2, v, 0.0] for v in (1.0, 1.6, 2.5)])
    batch = simulate_batch(Layout(table), rows)
    single = [simulate(Layout(table), Shot(*row)) for row in rows.tolist()]
    assert batch.y[:, 0].tolist() == [r.finals[0].y for r in single]
    assert batch.states(2)[0] is DiscState.IN_GUTTER


def test_batch_flags_or_raises_on_bad_shots(board: CrokinoleBoard) -> None:
    rows = [[0.0, -0.33, 1.0, 1.0, 0.0], [0.0, -0.3, 1.0, 1.0, 0.0]]
    batch = simulate_batch(Layout(board), rows)
    assert batch.status.tolist()[0] != 0 and batch.status.tolist()[1] == 0
    with pytest.raises(IllegalInPosition, match=r"shot 0: .*does not fit"):
        simulate_batch(Layout(board), rows, strict=True)
    with pytest.raises(InvalidInput, match="finite"):
        simulate_batch(Layout(board), [[0.0, math.nan, 1.0, 1.0, 0.0]])
    with pytest.raises(InvalidInput, match="speeds"):
        simulate_batch(Layout(board), [[0.0, -0.3, 1.0, -1.0, 0.0]])
    for speed in (MIN_SPEED / 2, 1e-200):
        with pytest.raises(InvalidInput, match=f"speeds must be in \\[{MIN_SPEED}"):
            simulate_batch(Layout(board), [[0.0, -0.3, 1.0, speed, 0.0]])
    slowest = simulate_batch(Layout(board), [[0.0, -0.3, 1.0, MIN_SPEED, 0.0]], strict=True)
    assert slowest.states(0)[0] is DiscState.ON_SURFACE


def test_strict_batch_names_the_disc_or_peg_in_the_way_as_simulate_does(
    board: CrokinoleBoard,
) -> None:
    spread = scene_layout(board, 10, seed=2).discs
    layout = Layout(board, tuple(PlacedDisc(d.id + 10, d.x, d.y) for d in spread))
    middle = layout.discs[7]  # id 17: the kernel's index is not the id
    px, py = board.pegs[3]
    for x, y, where in ((middle.x, middle.y + 0.01, f"disc {middle.id}"), (px, py, "peg 3")):
        shots = [Shot(0.0, -0.3, 1.0, 1.0), Shot(x, y, 1.0, 1.0)]
        with pytest.raises(
            IllegalInPosition, match=f"shot 1: the shot disc would start on {where}$"
        ):
            simulate_batch(layout, shots, strict=True)
        with pytest.raises(IllegalInPosition, match=f"would start on {where}$"):
            simulate(layout, shots[1])
        assert simulate_batch(layout, shots).status.tolist()[1] != 0


def test_strict_batch_raises_physics_errors_as_simulate_does(board: CrokinoleBoard) -> None:
    shots = [Shot(0.0, -0.3, math.pi / 2, 1.0)]
    params = PhysicsParams(max_events=3)
    with pytest.raises(PhysicsError, match=r"shot 0: .*max_events"):
        simulate_batch(Layout(board), shots, params=params, strict=True)
    assert simulate_batch(Layout(board), shots, params=params).status.tolist() == [1]


def test_an_empty_batch_is_empty(board: CrokinoleBoard) -> None:
    layout = scene_layout(board, 3, seed=1)
    for shots in ([], np.empty((0, 5))):
        batch = simulate_batch(layout, shots)
        assert batch.x.shape == (0, 4) and batch.ids == (0, 1, 2, 3)


def test_batch_uses_the_parameters_given(board: CrokinoleBoard) -> None:
    rows = [[-0.2, -0.15, 0.0, v, 0.0] for v in (0.4, 0.6, 0.8)]
    rough = simulate_batch(Layout(board), rows, params=PhysicsParams(friction=0.3))
    smooth = simulate_batch(Layout(board), rows)
    assert rough.x[:, 0] + 0.2 == pytest.approx((smooth.x[:, 0] + 0.2) / 2, rel=1e-12)


def test_batch_agrees_on_a_shot_that_strikes_a_disc_lying_in_the_hole(
    board: CrokinoleBoard,
) -> None:
    from .test_engine import SINK_AND_RETURN

    layout, shot = SINK_AND_RETURN
    record = simulate(layout, shot)
    batch = simulate_batch(layout, [shot])
    for k, i in enumerate(batch.ids):
        final = record.final(i)
        assert (batch.x[0, k], batch.y[0, k]) == (final.x, final.y)
        assert STATE_ORDER[batch.state[0, k]] is final.state
    # the strike that sank disc 0 and the shooter's later strike on it in the hole
    assert batch.contacts[0] == 2 and batch.first_contact[0] == 0 and batch.dropped[0]


def crokinole_cases(board: CrokinoleBoard) -> list[tuple[Layout, list[Shot]]]:
    """Seeded layouts (empty, sparse, crowded, a leaner) and shots into them from
    anywhere around the shooting line, some that cannot start."""
    leaner = PlacedDisc(40, 0.0, board.hole_radius, leaning=True)
    layouts = [
        Layout(board),
        scene_layout(board, 4, seed=11),
        scene_layout(board, 29, seed=12),
        Layout(board, (*scene_layout(board, 8, seed=13).discs, leaner)),
    ]
    rng = np.random.default_rng(31)
    r = board.shooting_line_radius
    cases = []
    for layout in layouts:
        shots = []
        for _ in range(60):
            at = float(rng.uniform(0, 2 * math.pi))
            aim = at + math.pi + float(rng.normal(0, 0.3))
            shots.append(
                Shot(
                    r * math.cos(at),
                    r * math.sin(at),
                    aim,
                    float(rng.uniform(0.2, 6.0)),
                    float(rng.uniform(-60, 60)),
                )
            )
        cases.append((layout, shots))
    return cases


def shuffleboard_cases(table: ShuffleboardTable) -> list[tuple[Layout, list[Shot]]]:
    """Seeded layouts of weights down the table and shots from the delivering end,
    some off the table or past the foul line."""
    rng = np.random.default_rng(32)
    r = table.disc.radius
    layouts = [Layout(table)]
    for count in (3, 8):
        weights: list[PlacedDisc] = []
        while len(weights) < count:
            x, y = float(rng.uniform(-0.2, 0.2)), float(rng.uniform(2.2, 4.2))
            if all(math.hypot(x - w.x, y - w.y) > 2 * r + 1e-4 for w in weights):
                weights.append(PlacedDisc(len(weights), x, y))
        layouts.append(Layout(table, tuple(weights)))
    cases = []
    for layout in layouts:
        shots = [
            Shot(
                float(rng.uniform(-0.24, 0.24)),
                float(rng.uniform(0.0, 2.2)),
                math.pi / 2 + float(rng.normal(0, 0.04)),
                float(rng.uniform(0.5, 4.5)),
                float(rng.uniform(-20, 20)),
            )
            for _ in range(60)
        ]
        cases.append((layout, shots))
    return cases


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_the_batch_is_simulate_shot_by_shot_bit_for_bit(
    game: str, board: CrokinoleBoard, table: ShuffleboardTable
) -> None:
    cases = crokinole_cases(board) if game == "crokinole" else shuffleboard_cases(table)
    params = PhysicsParams.standard(game)
    ran = failed = 0
    for layout, shots in cases:
        shooter = layout.next_id() + 3
        batch = simulate_batch(
            layout, shots, shooter=shooter, params=params, records=True, keep_log=True
        )
        rows = np.array([(s.x, s.y, *s.velocity, s.spin) for s in shots])
        fast = simulate_velocities(layout, rows, shooter=shooter, params=params, keep_log=True)
        assert batch.records is not None and batch.log is not None
        assert batch.log_offsets is not None
        for field in ("x", "y", "state", "status", "events", "first_contact", "log"):
            assert np.array_equal(getattr(batch, field), getattr(fast, field)), field
        for s, shot in enumerate(shots):
            try:
                single = simulate(layout, shot, shooter=shooter, params=params)
            except (IllegalInPosition, PhysicsError):
                failed += 1
                assert batch.status[s] != 0 and batch.records[s] is None
                assert batch.log_offsets[s] == batch.log_offsets[s + 1]
                continue
            ran += 1
            assert batch.status[s] == 0
            record = batch.records[s]
            assert record == single and record is batch.records[s]
            arrays = single.arrays()
            log = batch.log[batch.log_offsets[s] : batch.log_offsets[s + 1]]
            assert np.array_equal(log, arrays.events)
            assert np.array_equal(record.arrays().finals, arrays.finals)
            assert batch.duration[s] == single.duration
            assert batch.events[s] == len(single.events)
            assert batch.ids == tuple(f.id for f in single.finals)
            for k, final in enumerate(single.finals):
                assert (batch.x[s, k], batch.y[s, k]) == (final.x, final.y)
                assert STATE_ORDER[batch.state[s, k]] is final.state
            contacts = [e for e in single.events if e.kind.value == "disc_contact"]
            assert batch.contacts[s] == len(contacts)
            struck = [
                e.other if e.disc == shooter else e.disc
                for e in contacts
                if shooter in (e.disc, e.other)
            ]
            assert batch.first_contact[s] == (struck[0] if struck else -1)
            assert batch.dropped[s] == any(f.state is DiscState.IN_HOLE for f in single.finals)
    assert ran > 120 and failed > 5, (ran, failed)
