"""The environment bench measures what it says (no timing asserted)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from flickboard.bench.envs import Settings, ShotLog, env_steps, run, simulate_rate
from flickboard.cli.app import app


def test_the_bare_simulate_run_replays_the_environments_own_shots() -> None:
    log = ShotLog()
    rate = env_steps("crokinole", 40, seed=2, log=log)
    assert rate.count == 40 == len(log.shots)
    assert simulate_rate(log).count == 40
    assert rate.wall > 0 and rate.cpu > 0


def test_bench_envs_writes_rates_for_both_games(tmp_path: Path) -> None:
    out = tmp_path / "envs.json"
    result = CliRunner().invoke(
        app,
        ["bench", "envs", "--steps", "30", "--rounds", "2", "--vector-steps", "3", "--selfplay-pairs", "0",
         "--batched-envs", "3", "--batched-steps", "4", "--output", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert set(data["steps"]) == {"crokinole", "shuffleboard"}
    for game in data["steps"].values():
        assert game["env"]["count"] == 30 and game["env_over_simulate_cpu"] > 0
        assert game["env_full_info"]["count"] == 30 and game["step_in_simulations_cpu"] > 0
    assert set(data["vector"]) == {"sync", "async"}
    batched = data["batched"]
    assert batched["envs"] == 3 and batched["steps"]["count"] == 12
    assert batched["shots"] >= 12  # every table's shot and its opponent's
    assert batched["batch_physics"]["count"] == batched["shots"]
    assert data["selfplay_games"] == {}
    assert "env steps/s" in result.output and "batched (crokinole, 3 tables)" in result.output


def test_bench_envs_refuses_bad_worker_counts() -> None:
    result = CliRunner().invoke(app, ["bench", "envs", "--workers", "two"])
    assert result.exit_code == 2 and "--workers" in result.output


def test_settings_default_to_both_games_and_one_and_two_workers() -> None:
    s = Settings()
    assert s.games == ("crokinole", "shuffleboard") and s.workers == (1, 2)
    assert (
        run(
            Settings(
                games=("crokinole",), steps=10, vector_steps=0, batched_steps=0, selfplay_pairs=0
            )
        )["steps"]["crokinole"]["env"]["count"]
        == 10
    )
