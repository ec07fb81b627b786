"""Self-play and paired games on a real local Ray cluster with two workers (one Ray
session for the module): the same games and data as on one process."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from flickboard.bench.ai import Settings, match_games
from flickboard.cli.app import app
from flickboard.envs.selfplay import SCHEMA, SelfPlay, read, run
from flickboard.evaluation.jobs import RaySettings, run_jobs

ray = pytest.importorskip("ray", reason="the test command installs flickboard[ray]")

SETTINGS = SelfPlay("crokinole", "random", "heuristic:novice", pairs=3, seed=21)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        log_to_driver=False,
    )
    yield
    ray.shutdown()


def _square(x: int) -> int:
    return x * x


def test_jobs_come_back_in_order_with_progress(local_ray: None) -> None:
    done: list[int] = []
    squares = run_jobs(
        _square, list(range(7)), workers=2, ray=RaySettings(), on_done=lambda: done.append(1)
    )
    assert squares == [k * k for k in range(7)]
    assert len(done) == 7


def test_selfplay_on_two_ray_workers_gives_the_data_of_one_process(local_ray: None) -> None:
    serial_stats, serial = run(SETTINGS)
    stats, data = run(SETTINGS, workers=2, ray=RaySettings())
    assert stats == serial_stats
    assert all(np.array_equal(data[name], serial[name]) for name, _ in SCHEMA)


def test_bench_ai_pairs_on_ray_are_the_pairs_on_one_process(local_ray: None) -> None:
    one = Settings(game="crokinole", level="novice", seed=5)
    steps: list[int] = []
    on_ray, times_a, _ = match_games(
        replace(one, ray=True, workers=2), "heuristic", "heuristic", 2, lambda: steps.append(1)
    )
    alone, _, _ = match_games(one, "heuristic", "heuristic", 2)
    assert on_ray == alone and on_ray.games == 4 and len(steps) == 2 and times_a


def test_selfplay_command_writes_parquet_with_a_progress_bar(
    local_ray: None, tmp_path: Path
) -> None:
    out = tmp_path / "games.parquet"
    result = CliRunner().invoke(
        app,
        [
            "selfplay", "--a", "random", "--b", "heuristic:novice", "--pairs", "3",
            "--seed", "21", "--workers", "2", "--output", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "random v heuristic:novice" in result.output and "over 6 games" in result.output
    _, serial = run(SETTINGS)
    back = read(out)
    assert all(np.array_equal(back[name], serial[name]) for name, _ in SCHEMA)


def test_selfplay_command_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["selfplay", "--output", str(tmp_path / "x.csv")])
    assert bad.exit_code == 2 and ".parquet or .npz" in bad.output
    bad = runner.invoke(app, ["selfplay", "--noise", "godlike"])
    assert bad.exit_code == 2 and "--noise" in bad.output
    bad = runner.invoke(app, ["selfplay", "--no-ray", "--address", "127.0.0.1:6379"])
    assert bad.exit_code == 2 and "--address" in bad.output
    bad = runner.invoke(app, ["selfplay", "--game", "curling"])
    assert bad.exit_code == 2 and "--game must be crokinole or shuffleboard" in bad.output


def test_bench_ai_refuses_an_address_without_ray(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["bench", "ai", "--address", "127.0.0.1:6379", "--output", str(tmp_path / "a.json")]
    )
    assert result.exit_code == 2 and "--ray" in result.output
