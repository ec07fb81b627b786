"""``flickboard bench ai`` and AI players named in the match commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from flickboard.cli.app import app

runner = CliRunner()


def test_bench_ai_writes_results_and_a_plot(tmp_path: Path) -> None:
    out = tmp_path / "ai.json"
    result = runner.invoke(
        app,
        [
            "bench", "ai", "--calibration-shots", "40", "--takeout-trials", "2",
            "--pairs", "0", "--equal-pairs", "0", "--samples", "2", "--candidates", "8",
            "--refine-rounds", "0", "--output", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert set(data["calibration_rate"]["levels"]) >= {
        "novice",
        "strong-recreational",
        "champion",
        "perfect",
    }
    assert data["calibration_rate"]["levels"]["perfect"]["rate"] == 1.0
    assert data["takeout"]["trials"] == 2
    assert out.with_suffix(".png").stat().st_size > 0


def test_bench_ai_refuses_an_unknown_game(tmp_path: Path) -> None:
    result = runner.invoke(app, ["bench", "ai", "--game", "curling"])
    assert result.exit_code == 2
    assert "--game must be crokinole or shuffleboard, got 'curling'" in result.output


def test_match_refuses_a_bad_ai_name() -> None:
    result = runner.invoke(app, ["match", "shuffleboard", "--red", "ai:grandmaster"])
    assert result.exit_code == 2
    assert "grandmaster" in result.output


def test_match_crokinole_plays_with_ai_players() -> None:
    result = runner.invoke(
        app, ["match", "crokinole", "--red", "ai:heuristic:world", "--green", "ai:heuristic:novice"]
    )
    assert result.exit_code == 0, result.output
    assert "Match:" in result.output


def test_bench_ai_plays_only_the_matches_asked_for(tmp_path: Path) -> None:
    out = tmp_path / "games.json"
    result = runner.invoke(
        app,
        [
            "bench", "ai", "--calibration-shots", "0", "--takeout-trials", "0",
            "--matches", "planner-heuristic", "--pairs", "1", "--samples", "2",
            "--candidates", "10", "--refine-rounds", "0", "--output", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert list(data["matches"]) == ["planner v heuristic"]
    assert data["matches"]["planner v heuristic"]["games"] == 2
    assert data["decision_time"]["planner"]["decisions"] == 2 * 4 * 8


def test_bench_ai_refuses_an_unknown_match(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["bench", "ai", "--calibration-shots", "0", "--matches", "search-heuristic",
         "--output", str(tmp_path / "x.json")],
    )  # fmt: skip
    assert result.exit_code == 2
    assert "unknown match" in result.output


def test_bench_ai_refuses_a_search_budget_that_does_not_fit(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["bench", "ai", "--outcomes", "100", "--output", str(tmp_path / "x.json")],
    )
    assert result.exit_code == 2
    assert "outcomes must fit" in result.output


def test_bench_ai_reports_opening_shots_by_level_and_mid_round_times(tmp_path: Path) -> None:
    out = tmp_path / "ai.json"
    tiny = "--samples 2 --candidates 6 --refine-rounds 0 --widen 4 --top 1 --outcomes 1"
    skip = "--calibration-shots 0 --takeout-trials 0 --pairs 0 --equal-pairs 0"
    asked = "--game shuffleboard --replies 2 --opening-decisions 2 --midround-positions 1"
    words = f"bench ai {asked} {skip} {tiny}".split()
    result = runner.invoke(app, [*words, "--output", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert set(data["opening_rate"]) == {
        "novice", "recreational", "strong-recreational", "competitive", "top-competitive",
        "champion",
    }  # fmt: skip
    assert data["opening_rate"]["competitive"]["decisions"] == 2
    assert data["midround_decision_time"]["search"]["cpu"]["decisions"] == 1
    assert "opening (champion)" in result.output and "mid-round planner" in result.output


def test_bench_ai_refuses_a_baseline_that_is_not_a_source_folder(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["bench", "ai", "--matches", "planner-baseline", "--baseline", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "--baseline must be a flickboard src folder" in result.output


def test_bench_ai_realism_refuses_missing_real_rounds_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "realism.json"
    missing = tmp_path / "rounds.csv"
    result = runner.invoke(
        app, ["bench", "ai", "--realism", "--data", str(missing), "--output", str(out)]
    )
    assert result.exit_code == 2
    assert "no real rounds at" in result.output
    assert not out.exists()


def test_match_help_names_the_tiers_and_their_figures_not_their_former_names() -> None:
    result = runner.invoke(app, ["match", "crokinole", "--help"], env={"COLUMNS": "1000"})
    assert result.exit_code == 0
    text = " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())
    assert "strong-recreational (50)" in text
    assert "competitive (55, the default)" in text
    assert "club" not in text and "world" not in text


def test_bench_ai_search_ladder_refuses_an_unknown_game(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    result = runner.invoke(
        app, ["bench", "ai", "--search-ladder", "1", "--game", "curling", "--output", str(out)]
    )
    assert result.exit_code != 0
    assert "curling" in result.output and not out.exists()
