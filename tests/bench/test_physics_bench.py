"""The physics benchmark's scenes and report, run with tiny shot counts (no timing)."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from flickboard.bench.physics import (
    BASELINE_SECONDS,
    missing_baseline,
    opening_shot,
    pymunk_shot,
    ratios,
    run_benchmark,
    scene_layout,
    scene_shots,
)
from flickboard.geometry import CrokinoleBoard
from flickboard.physics import DiscState, Layout, PhysicsParams, simulate

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
    stop = shot.y + shot.speed**2 / (2 * params.friction * params.gravity)  # no hole in pymunk
    x, y = pymunk_shot(Layout(BOARD), shot, 240, until_rest=True)
    assert abs(x) < 1e-9 and abs(y - stop) < 5e-3


def test_a_tiny_run_reports_every_engine_on_both_scenes() -> None:
    timings, facts = run_benchmark(shots=3, baseline_shots=3)
    names = {t.name for t in timings}
    assert names == {
        "flickboard",
        *(f"pymunk {hz} Hz{rest}" for hz in (240, 1000) for rest in ("", " to rest")),
    }
    assert {(t.name, t.scene) for t in timings} == {
        (name, scene) for name in names for scene in ("30 discs", "opening")
    }
    assert all(t.median > 0 and t.per_second == 1 / t.median for t in timings)
    ratio = ratios(timings)
    assert len(ratio) == 8 and all(math.isfinite(r) and r > 0 for r in ratio.values())
    assert facts["scene_events"] > 1 and 0 < facts["scene_duration"] < BASELINE_SECONDS
    assert facts["scene_motion"] >= facts["scene_duration"]
    assert 0 < facts["opening_duration"] < BASELINE_SECONDS


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
