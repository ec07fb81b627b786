"""The AI harness's statistics and paired games (no timing asserted)."""

from __future__ import annotations

from dataclasses import replace

from flickboard.bench.ai import Settings, match_games, percentile, timing


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
