"""The batched environment: registered the Gymnasium way, and table by table the same as
single environments given the same seeds and actions."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import flickboard.envs  # noqa: F401  (registers the environments)
from flickboard.envs.policies import UniformPolicy
from flickboard.envs.vector import FlickboardVectorEnv
from flickboard.errors import InvalidInput

IDS = ["flickboard/Crokinole-v0", "flickboard/Shuffleboard-v0"]


@pytest.mark.parametrize("env_id", IDS)
def test_the_vector_env_plays_like_single_envs_with_the_same_seeds_and_actions(
    env_id: str,
) -> None:
    tables, steps, seed = 3, 14, 11
    options = {"max_cycles": 4}  # matches end (truncated) inside the test: autoreset
    vec = gymnasium.make_vec(
        env_id, num_envs=tables, vectorization_mode="vector_entry_point", **options
    )
    assert isinstance(vec, FlickboardVectorEnv)
    assert vec.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    singles = [gymnasium.make(env_id, **options) for _ in range(tables)]
    batch, _ = vec.reset(seed=seed)
    for i, env in enumerate(singles):
        alone, _ = env.reset(seed=seed + i)
        assert np.array_equal(batch[i], alone)
    actions = np.random.default_rng(seed).uniform(-1, 1, (steps, tables, 4)).astype(np.float32)
    ended = [False] * tables
    resets = 0
    for step in range(steps):
        batch, rewards, terminated, truncated, _ = vec.step(actions[step])
        for i, env in enumerate(singles):
            if ended[i]:  # next-step autoreset: the action is ignored, a new match starts
                alone, _ = env.reset()
                reward, done, cut = 0.0, False, False
                resets += 1
            else:
                alone, reward, done, cut, _ = env.step(actions[step, i])
            assert np.array_equal(batch[i], alone), (step, i)
            assert rewards[i] == reward and terminated[i] == done and truncated[i] == cut
            ended[i] = done or cut
    assert resets >= tables  # every table finished a match and started another
    vec.close()


def test_a_vector_env_takes_the_single_envs_options() -> None:
    vec = gymnasium.make_vec(
        IDS[0], num_envs=2, vectorization_mode="vector_entry_point", opponent="bot", seat=2
    )
    _, info = vec.reset(seed=5)
    assert list(info["seat"]) == [2, 2]
    vec.close()


@pytest.mark.parametrize("num_envs", [0, -1, 2.5, True])
def test_a_table_count_that_is_not_a_whole_number_is_refused(num_envs: object) -> None:
    with pytest.raises(InvalidInput, match="num_envs"):
        FlickboardVectorEnv("crokinole", num_envs=num_envs)  # type: ignore[arg-type]


def test_an_unknown_autoreset_mode_is_refused() -> None:
    with pytest.raises(InvalidInput, match="autoreset_mode"):
        FlickboardVectorEnv("crokinole", num_envs=1, autoreset_mode="sometimes")


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_fast_tables_stepped_together_play_like_single_envs_on_the_match(
    mode: AutoresetMode,
) -> None:
    tables, steps, seed = 4, 40, 11
    options = {"opponent": lambda s: UniformPolicy(s), "info": "brief", "seat": "random"}
    vec = gymnasium.make_vec(
        IDS[0], num_envs=tables, vectorization_mode="vector_entry_point", autoreset_mode=mode,
        **options,
    )  # fmt: skip
    singles = [gymnasium.make(IDS[0], fast=False, **options) for _ in range(tables)]
    batch, _ = vec.reset(seed=seed)
    assert all(env.fast for env in vec.unwrapped.envs)  # type: ignore[attr-defined]
    for i, env in enumerate(singles):
        alone, _ = env.reset(seed=seed + i)
        assert np.array_equal(batch[i], alone)
    actions = np.random.default_rng(seed).uniform(-1, 1, (steps, tables, 4)).astype(np.float32)
    ended = [False] * tables
    resets = 0
    for step in range(steps):
        batch, rewards, terminated, truncated, info = vec.step(actions[step])
        for i, env in enumerate(singles):
            if ended[i] and mode == AutoresetMode.NEXT_STEP:
                alone, inf = env.reset()
                reward, done, cut = 0.0, False, False
                resets += 1
            else:
                alone, reward, done, cut, inf = env.step(actions[step, i])
                if (done or cut) and mode == AutoresetMode.SAME_STEP:
                    assert np.array_equal(info["final_obs"][i], alone)
                    alone, inf = env.reset()
                    resets += 1
            assert np.array_equal(batch[i], alone), (step, i)
            assert rewards[i] == reward and terminated[i] == done and truncated[i] == cut
            assert info["shots"][i] == inf["shots"] and info["seat"][i] == inf["seat"]
            ended[i] = done or cut
    assert resets >= tables  # every table finished a whole game and started another
    vec.close()


def test_fast_tables_refuse_actions_of_the_wrong_shape() -> None:
    vec = FlickboardVectorEnv(
        "crokinole", num_envs=2, opponent=lambda s: UniformPolicy(s), info="brief"
    )
    vec.reset(seed=1)
    with pytest.raises(InvalidInput, match="actions"):
        vec.step(np.zeros((3, 4), dtype=np.float32))
