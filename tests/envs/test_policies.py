"""Baselines as policies over the environment's actions, and policies as players."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.envs import crokinole_v0, shuffleboard_v0
from flickboard.envs.policies import (
    BASELINES,
    PlayerPolicy,
    PolicyPlayer,
    RandomPolicy,
    UniformPolicy,
    baseline,
)
from flickboard.errors import InvalidInput
from flickboard.play.noise import ExecutionNoise


def test_the_baselines_are_uniform_the_graded_ones_and_the_three_ai_kinds() -> None:
    assert BASELINES == (
        "uniform", "baseline-1", "baseline-2", "baseline-3", "heuristic", "planner", "search"
    )  # fmt: skip
    assert isinstance(baseline("random", "crokinole", 3), RandomPolicy)
    planner = baseline("planner:world", "shuffleboard", 3)
    assert isinstance(planner, PlayerPolicy) and planner.name == "planner:world"
    with pytest.raises(InvalidInput, match="unknown baseline"):
        baseline("bot", "crokinole")


@pytest.mark.parametrize(
    "module", [crokinole_v0, shuffleboard_v0], ids=["crokinole", "shuffleboard"]
)
def test_an_ai_baseline_names_the_shot_the_ai_means(module: object) -> None:
    env = module.raw_env()  # type: ignore[attr-defined]
    env.reset(seed=4)
    policy = baseline("heuristic", env.kind.name, 9, env.actions)
    view = env.view()
    action = policy.act(env.observe(env.agent_selection), view)
    meant = HeuristicPlayer("club", 9).choose(view).candidate.shot
    shot = env.actions.shot(view, action)
    assert (shot.x, shot.y) == pytest.approx((meant.x, meant.y), abs=1e-4)
    assert (shot.angle, shot.speed) == pytest.approx((meant.angle, meant.speed), abs=1e-4)


def test_a_policy_plays_through_the_driver_as_in_the_environment() -> None:
    env = crokinole_v0.raw_env(noise="club")
    env.reset(seed=2)
    player = PolicyPlayer(RandomPolicy(5), "crokinole", noise=ExecutionNoise())
    policy = RandomPolicy(5)
    for _ in range(6):
        view = env.view()
        shot = player.decide(view)
        assert player.last is not None
        assert np.array_equal(player.last.observation, env.observe(env.agent_selection))
        assert np.array_equal(player.last.action, policy.act(player.last.observation, view))
        assert shot == env.actions.shot(view, player.last.action)
        env.step(player.last.action)


def test_a_policy_players_noise_repeats_with_its_seed() -> None:
    env = crokinole_v0.raw_env()
    env.reset(seed=1)
    view = env.view()
    shots = [PolicyPlayer(RandomPolicy(1), noise="novice", seed=7).decide(view) for _ in range(2)]
    other = PolicyPlayer(RandomPolicy(1), noise="novice", seed=8).decide(view)
    assert shots[0] == shots[1] != other


def test_the_uniform_baseline_is_named_so_and_random_is_its_former_name() -> None:
    assert RandomPolicy is UniformPolicy
    assert baseline("uniform", "crokinole", 3).name == "uniform"
    assert isinstance(baseline("random", "crokinole", 3), UniformPolicy)


def test_reset_with_a_seed_reseeds_an_opponent_passed_as_an_object() -> None:
    import gymnasium

    def episode(env: Any) -> list[float]:
        env.reset(seed=5)
        starts = []
        for _ in range(3):
            _, _, over, cut, info = env.step(np.zeros(4, dtype=np.float32))
            starts += [shot["start"][0] for shot in info["shots"][1:]]
            if over or cut:
                break
        return starts

    env = gymnasium.make("flickboard.envs:flickboard/Crokinole-v0", opponent=UniformPolicy(1))
    first = episode(env)
    assert first and episode(env) == first  # the same object, reseeded by reset(seed)
