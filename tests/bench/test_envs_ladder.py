"""The baselines' ladder plays what it says, and docs/envs.md's ladder is its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.conftest import script
from typer.testing import CliRunner

from flickboard.bench.envs_ladder import RUNGS
from flickboard.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "envs.md"
DOCS = script("bench/envs_docs.py")
"""The development script that writes the figures."""


def test_bench_ladder_plays_every_pair_of_rungs_and_the_ai_tiers(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    result = CliRunner().invoke(
        app,
        ["bench", "ladder", "--game", "crokinole", "--tables", "4", "--ai", "ai:heuristic",
         "--planner-pairs", "1", "--tiers", "", "--top-tiers", "novice", "--output", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    pairs = {(row["a"], row["b"]) for row in data["batched"]}
    assert len(pairs) == len(RUNGS) * (len(RUNGS) - 1) // 2
    assert ("baseline-1", "uniform") in pairs and ("baseline-3", "baseline-2") in pairs
    for row in data["batched"]:
        assert row["games"] == 4 and 0 <= row["a_score"] <= 4 and row["shots"] > 0
        low, high = row["wilson95"]
        assert low <= row["a_win_rate"] <= high
    [planner] = data["planner"]
    assert (planner["a"], planner["b"], planner["games"]) == (
        "baseline-3",
        "ai:heuristic:novice",
        2,
    )


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_the_docs_ladder_is_that_of_the_bench_json(game: str) -> None:
    result = json.loads(DOCS.ladder_results(game).read_text(encoding="utf-8"))
    assert result["settings"]["game"] == game
    page = PAGE.read_text(encoding="utf-8")
    assert DOCS.rewritten(page, result) == page, "run: python bench/envs_docs.py"
    begin, end = DOCS.ladder_marks(game)
    block = page[page.index(begin) : page.index(end)]
    for row in [*result["batched"], *result["planner"]]:
        assert f"| {row['a']} | {row['b']} | {row['a_score']:g} of {row['games']} |" in block
