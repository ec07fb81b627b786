"""The worked learning example, reduced and seeded: its win rate against the random policy
rises (the full run is in docs/envs.md)."""

from __future__ import annotations

import numpy as np

from flickboard.envs.learning import FEATURES, LinearPolicy, train, win_rate


def test_cross_entropy_training_raises_the_win_rate_against_the_random_policy() -> None:
    run = train(iterations=5, population=20, elite=2, episodes=3, seed=1)
    untrained = LinearPolicy(np.zeros((4, FEATURES)), run.layout)
    before = win_rate(untrained, pairs=6)
    after = win_rate(run.policy(), pairs=6)
    assert before.games == after.games == 12
    assert after.a_score / 12 >= before.a_score / 12 + 0.4
    assert run.mean_return[-1] > run.mean_return[0]


def test_the_learning_module_asked_for_help_prints_it_and_does_not_train() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "flickboard.envs.learning", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout.startswith(
        "usage: python -m flickboard.envs.learning"
    )
    assert "uniform baseline" in done.stdout and "generation" not in done.stdout
