"""The physics benchmark's scenes and report, run with tiny shot counts (no timing)."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from flickboard.bench.physics import (
    BASELINE_SECONDS,
    PymunkBoard,
    batch_timings,
    missing_baseline,
    opening_shot,
    opening_shots,
    ratios,
    report,
    run_benchmark,
    scene_layout,
    scene_shots,
)
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import DiscState, Layout, PhysicsParams, Shot, simulate

BOARD = CrokinoleBoard.standard()


def test_the_standard_scene_is_29_resting_discs_and_a_shooter() -> None:
    layout = scene_layout(BOARD)
    assert layout == scene_layout(BOARD) and len(layout.discs) == 29
    assert all(math.hypot(d.x, d.y) < BOARD.shooting_line_radius for d in layout.discs)
    shots = scene_shots(layout, 4)
    for shot in shots:
        assert math.hypot(shot.x, shot.y) == pytest.approx(BOARD.shooting_line_radius)
        assert 2.5 <= shot.speed <= 4.0
        record = simulate(layout, shot)
        assert len(record.finals) == 30 and 0 < record.duration < BASELINE_SECONDS


def test_the_opening_shot_is_drawn_to_the_20() -> None:
    record = simulate(Layout(BOARD), opening_shot(BOARD))
    assert record.final(record.shooter).state is DiscState.IN_HOLE


def test_the_pymunk_baseline_slides_the_shooter_as_far_as_friction_allows() -> None:
    shot = opening_shot(BOARD)
    params = PhysicsParams.crokinole()
    # pushed faster than the capture speed it slides over the hole: no drop
    fast = Shot(shot.x, shot.y, shot.angle, 1.2)
    stop = fast.y + fast.speed**2 / (2 * params.friction * params.gravity)
    assert stop < BOARD.surface_radius
    out = PymunkBoard(BOARD).shot(Layout(BOARD), fast, 240)
    assert out.dropped == () and out.left == ()
    x, y = out.shooter_at
    assert abs(x) < 1e-9 and abs(y - stop) < 5e-3


def test_the_pymunk_baseline_removes_what_flickboard_removes() -> None:
    # same work: a disc drawn to the 20 drops, discs knocked off the board leave it
    table = PymunkBoard(BOARD)
    opening = table.shot(Layout(BOARD), opening_shot(BOARD), 240)
    assert opening.dropped == (0,) and math.hypot(*opening.shooter_at) < BOARD.hole_radius
    outward = Shot(0.0, -0.3, -math.pi / 2, 1.0)  # straight off the board
    record = simulate(Layout(BOARD), outward)
    assert record.final(record.shooter).state is DiscState.IN_DITCH
    off = table.shot(Layout(BOARD), outward, 240)
    assert off.left == (0,) and math.hypot(*off.shooter_at) == pytest.approx(
        BOARD.surface_radius, abs=0.03
    )
    layout = scene_layout(BOARD)
    ours = theirs = 0
    for shot in scene_shots(layout, 6):
        ours += sum(f.state is DiscState.IN_DITCH for f in simulate(layout, shot).finals)
        theirs += len(table.shot(layout, shot, 240).left)
    assert ours > 0 and theirs > 0  # the scene knocks discs off in both engines
    assert not list(table.space.bodies) and len(table.space.shapes) == 8 + 1 + 96  # board only


def test_a_tiny_run_reports_both_rates_to_rest_on_both_scenes() -> None:
    timings, facts = run_benchmark(shots=10, baseline_shots=3, rounds=1)
    names = {t.name for t in timings}
    assert names == {"flickboard", "pymunk 240 Hz", "pymunk 1000 Hz"}
    assert {(t.name, t.scene) for t in timings} == {
        (name, scene) for name in names for scene in ("30 discs", "opening")
    }
    assert all(t.seconds > 0 and t.per_second == 1 / t.seconds for t in timings)
    ratio = ratios(timings)
    assert len(ratio) == 4 and all(math.isfinite(r) and r > 0 for r in ratio.values())
    assert facts["scene_events"] > 1 and 0 < facts["scene_duration"] < BASELINE_SECONDS
    assert facts["scene_motion"] >= facts["scene_duration"]
    assert 0 < facts["opening_duration"] < BASELINE_SECONDS
    for scene in ("scene", "opening"):  # both timed (which is larger is the bench's to say:
        # on a busy machine ten shots' CPU times may come out either way)
        assert facts[f"{scene}_simulate_seconds"] > 0 and facts[f"{scene}_kernel_seconds"] > 0
    data = json.loads(json.dumps(report(timings, facts)))
    rows = {(r["engine"], r["scene"]): r for r in data["timings"]}
    assert rows[("pymunk 240 Hz", "30 discs")]["times_flickboard"] == pytest.approx(
        ratio[("pymunk 240 Hz", "30 discs")]
    )


def test_the_batch_is_timed_against_the_bare_kernel_on_the_same_shots() -> None:
    spread = opening_shots(BOARD, 12)
    assert len(set(spread)) == 12 and spread == opening_shots(BOARD, 12)
    assert sum(simulate(Layout(BOARD), s).final(0).state is DiscState.IN_HOLE for s in spread)
    batch = batch_timings(shots=10, rounds=1, sizes=(None, 4, 1))
    assert [(b.scene, b.per_call, b.log) for b in batch] == [
        (scene, size, log)
        for scene in ("30 discs", "opening")
        for size, log in ((10, False), (4, False), (1, False), (10, True))
    ]
    for b in batch:
        assert b.shots == 10 and b.kernel_seconds > 0 and b.batch_seconds > 0
        assert b.share == b.kernel_seconds / b.batch_seconds
    kernels = {b.scene: b.kernel_seconds for b in batch}
    assert all(b.kernel_seconds == kernels[b.scene] for b in batch)  # one baseline a scene
    data = json.loads(json.dumps(report([], {}, batch)))
    assert [row["share_of_kernel"] for row in data["batch"]] == [b.share for b in batch]
    assert data["batch"][-1]["event_log"] and data["batch"][0]["shots_per_call"] == 10


def test_bench_physics_says_how_to_install_pymunk_when_it_is_missing() -> None:
    # pymunk is an optional extra (flickboard[bench]); a fresh interpreter in which
    # it cannot be imported gets a one-line error before any work starts
    code = (
        "import sys; sys.modules['pymunk'] = None\n"
        "from flickboard.cli.app import main\n"
        "sys.argv = ['flickboard', 'bench', 'physics', '--shots', '10']\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "error: the physics benchmark compares against pymunk, which is not installed: "
        "pip install 'flickboard[bench]' (or pip install pymunk)\n"
    )
    assert missing_baseline() is None  # here, where the test extra brings it
