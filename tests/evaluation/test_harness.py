"""The shared evaluation harness: Wilson intervals, paired games and their statistics."""

from __future__ import annotations

import pytest

from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.evaluation.harness import PairStats, paired_games, wilson


def test_wilson_interval_of_half_over_ten_games() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one() -> None:
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == pytest.approx(1.0)
    assert wilson(20, 20)[0] > 0.8


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


def test_pair_stats_add_counts_every_field() -> None:
    a = PairStats(2, 1.5, 3, 4, 5, 3)
    a.add(PairStats(2, 0.5, 1, 0, 4, 2))
    assert a == PairStats(4, 2.0, 4, 4, 9, 5)
