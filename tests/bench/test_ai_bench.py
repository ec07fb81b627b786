"""The AI harness's statistics and paired games (no timing asserted)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.bench.ai import (
    PairStats,
    Settings,
    match_games,
    paired_games,
    percentile,
    timing,
    wilson,
)


def test_wilson_interval_of_half_over_ten_games() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one() -> None:
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == pytest.approx(1.0)
    assert wilson(20, 20)[0] > 0.8


def test_percentile_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.95) == 95.0
    assert timing(values)["median_s"] == 50.5
    assert timing([])["decisions"] == 0


def test_paired_crokinole_games_swap_colours_and_count_every_round() -> None:
    stats, times_a, times_b = paired_games(
        "crokinole",
        lambda s: HeuristicPlayer("club", s),
        lambda s: HeuristicPlayer("novice", s),
        1,
        3,
    )
    assert stats.games == 2
    assert 0.0 <= stats.a_score <= 2.0
    assert stats.hammer_rounds <= 8
    assert len(times_a) == len(times_b) > 0
    summary = stats.summary()
    assert summary["wilson95"][0] <= summary["a_win_rate"] <= summary["wilson95"][1]


def test_empty_stats_have_no_rates() -> None:
    assert PairStats().summary()["a_win_rate"] is None


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
