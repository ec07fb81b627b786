"""The AI harness's statistics and paired games (no timing asserted)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from flickboard.bench.ai import Settings, match_games, percentile, plot, timing
from flickboard.evaluation.harness import PairStats

RESULTS = Path(__file__).parents[2] / "bench" / "results"


def test_percentile_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.95) == 95.0
    assert timing(values)["median_s"] == 50.5
    assert timing([])["decisions"] == 0


def test_a_match_plays_the_same_games_on_one_or_two_worker_processes() -> None:
    one = Settings(game="crokinole", level="novice", seed=5, workers=1)
    two = replace(one, workers=2)
    steps: list[int] = []
    stats_one, times_a, _ = match_games(one, "heuristic", "heuristic", 2, lambda: steps.append(1))
    stats_two, _, _ = match_games(two, "heuristic", "heuristic", 2)
    assert stats_one == stats_two
    assert stats_one.games == 4 and len(steps) == 2
    assert times_a


def test_pair_stats_add_counts_every_field() -> None:
    a = PairStats(2, 1.5, 3, 4, 5, 3)
    a.add(PairStats(2, 0.5, 1, 0, 4, 2))
    assert a == PairStats(4, 2.0, 4, 4, 9, 5)


def test_runs_with_different_seeds_add_up_game_by_game() -> None:
    from flickboard.bench.ai_merge import merge

    one = Settings(game="shuffleboard", level="novice", seed=5)
    runs = []
    for seed in (5, 6):
        stats, _, _ = match_games(replace(one, seed=seed), "heuristic", "heuristic", 1)
        runs.append({"game": "shuffleboard", "settings": {"seed": seed},
                     "matches": {"heuristic v heuristic": stats.summary()}})  # fmt: skip
    merged = merge(runs)["matches"]["heuristic v heuristic"]
    both = PairStats()
    for r in runs:
        both.add(PairStats.from_summary(r["matches"]["heuristic v heuristic"]))
    assert merged["games"] == 4 == both.games
    assert merged["a_win_rate"] == both.a_score / 4
    assert merged["counts"]["twenties"] == both.twenties


def test_the_plot_has_a_panel_for_each_thing_measured_and_none_empty(tmp_path: Path) -> None:
    # The mid-round run measured only decision times: one panel, not two empty ones.
    midround = json.loads((RESULTS / "ai-crokinole-midround.json").read_text())
    assert plot(midround, tmp_path / "mid.png") == ["mid-round decisions (40 positions)"]
    inplay = json.loads((RESULTS / "ai-shuffleboard-inplay.json").read_text())
    assert plot(inplay, tmp_path / "inplay.png") == ["three-zone draw rate by level"]
    ladder = json.loads((RESULTS / "ai-crokinole-ladder.json").read_text())
    assert plot(ladder, tmp_path / "ladder.png") == [
        "score of the first player named (Wilson 95 %)"
    ]
    empty = {"game": "crokinole", "calibration_rate": {"levels": {}}, "matches": {}}
    assert plot(empty, tmp_path / "empty.png") == ["nothing measured"]
    assert all((tmp_path / f"{n}.png").stat().st_size > 0 for n in ("mid", "inplay", "ladder"))
