"""Batched self-play: each table plays as a PettingZoo environment reset with the table's
match seed plays, given the same actions, to the bit; one batched policy call drives
every seat of every table."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from flickboard.envs.aec import FlickboardAEC
from flickboard.envs.batched import BatchedSelfPlay
from flickboard.errors import InvalidInput


@pytest.mark.parametrize(
    ("game", "options"),
    [("crokinole", {"noise": "competitive"}), ("shuffleboard", {"players": 4, "target": 5})],
    ids=["crokinole-noise", "shuffleboard-doubles"],
)
def test_each_table_plays_as_a_pettingzoo_env_seeded_with_its_match_seed(
    game: str, options: dict[str, Any]
) -> None:
    tables = 3
    env = BatchedSelfPlay(game, tables, shots=True, **options)
    observations, info = env.reset(seed=5)
    aecs = []
    for i in range(tables):
        episode = int(np.random.default_rng(5 + i).integers(2**31))
        aec = FlickboardAEC(game, info="brief", fast=False, **options)
        aec.reset(seed=episode)
        aecs.append(aec)
        assert np.array_equal(observations[i], aec.observe(aec.agent_selection))
        assert info["to_play"][i] == aec.seat
    rng = np.random.default_rng(0)
    live = [True] * tables
    rewarded = 0
    while any(live):
        actions = rng.uniform(-1, 1, (tables, 4)).astype(np.float32)
        observations, rewards, terminated, truncated, info = env.step(actions)
        for i, aec in enumerate(aecs):
            if not live[i]:
                continue
            aec.step(actions[i])
            agent = aec.agent_selection
            assert info["shots"][i] == aec.infos[agent]["shot"]
            for a in aec.agents:
                assert rewards[i, aec.match.side_of(aec.seat_of[a])] == aec.rewards[a]
            rewarded += int(rewards[i].any())
            assert terminated[i] == aec.terminations[agent]
            assert truncated[i] == aec.truncations[agent]
            if terminated[i] or truncated[i]:
                live[i] = False  # (the table went on to its next match)
                continue
            assert np.array_equal(observations[i], aec.observe(agent))
            assert info["to_play"][i] == aec.seat and info["side"][i] == aec.match.side_of(aec.seat)
    assert rewarded > 0


def test_one_batched_policy_call_drives_every_seat_of_every_table() -> None:
    env = BatchedSelfPlay("crokinole", 16, noise="competitive", num_threads=2)
    observations, info = env.reset(seed=1)
    weights = np.random.default_rng(2).normal(0, 0.2, (observations.shape[1], 4))
    seats: set[int] = set()
    ended = 0
    for _ in range(70):
        seats |= set(info["to_play"].tolist())
        actions = np.tanh(observations @ weights)
        observations, rewards, terminated, _truncated, info = env.step(actions)
        assert rewards.shape == (16, 2) and observations.shape == (16, 157)
        ended += int(terminated.sum())
    assert seats == {0, 2} and ended >= 16  # both seats played, every table finished a game


def test_actions_of_the_wrong_shape_are_refused() -> None:
    env = BatchedSelfPlay("shuffleboard", 2)
    env.reset(seed=1)
    with pytest.raises(InvalidInput, match="actions"):
        env.step(np.zeros((3, 4)))
