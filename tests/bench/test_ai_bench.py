"""The AI harness's statistics and paired games (no timing asserted)."""

from __future__ import annotations

from dataclasses import replace

from flickboard.bench.ai import Settings, match_games, percentile, timing
from flickboard.bench.harness import PairStats


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
