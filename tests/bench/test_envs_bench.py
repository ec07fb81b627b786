"""The environment bench measures what it says (no timing asserted)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from flickboard.bench.envs import MATCH_AIM, STEP_AIM, Settings, bare, run, single_run
from flickboard.cli.app import app
from flickboard.physics import simulate


def test_the_bare_simulations_are_the_shots_the_environment_played() -> None:
    done = single_run("crokinole", 30, 2, {"info": "brief"})
    assert done.count == 30 and done.cpu > 0 and done.wall > 0
    assert len(done.shots) >= 30  # the agent's shots and the opponent's
    layout, shot, shooter, params = done.shots[0]
    assert layout.discs == ()  # a match's first shot: an empty board
    assert simulate(layout, shot, shooter=shooter, params=params).finals
    assert bare(done.shots) > 0


def test_bench_envs_writes_every_configuration_of_both_games(tmp_path: Path) -> None:
    out = tmp_path / "envs.json"
    result = CliRunner().invoke(
        app,
        ["bench", "envs", "--steps", "10", "--batch-steps", "2", "--tables", "3",
         "--match-shots", "10", "--rounds", "1", "--selfplay-pairs", "0", "--output", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    rows = data["configurations"]
    kinds = {(r["kind"], r.get("game")) for r in rows}
    for kind in ("single", "vector", "pettingzoo", "match"):
        assert {(kind, "crokinole"), (kind, "shuffleboard")} <= kinds, kind
    assert ("selfplay", "crokinole") in kinds
    for row in rows:
        assert row["count"] > 0 and row["shots"] > 0 and row["cpu_s"] > 0, row["name"]
        assert row["ratio"] == row["simulate_cpu_s"] / row["cpu_s"]
        assert row["aim"] == (MATCH_AIM if row["kind"] == "match" else STEP_AIM)
    vector = [r for r in rows if r["kind"] == "vector"]
    assert all(r["count"] == 2 * 3 and r["tables"] == 3 for r in vector)
    assert data["selfplay_games"] == {}
    assert "ratio to bare simulate" in result.output and "Match.play" in result.output


def test_bench_envs_refuses_bad_worker_counts() -> None:
    result = CliRunner().invoke(app, ["bench", "envs", "--workers", "two"])
    assert result.exit_code == 2 and "--workers" in result.output


def test_settings_default_to_64_tables_and_one_and_two_ray_workers() -> None:
    s = Settings()
    assert s.tables == 64 and s.workers == (1, 2)
    small = Settings(steps=10, batch_steps=1, tables=2, match_shots=10, rounds=1, selfplay_pairs=0)
    names = [r["name"] for r in run(small)["configurations"]]
    assert len(names) == len(set(names)) and any("Match.play" in n for n in names)
