"""The batched environment: registered the Gymnasium way, and table by table the same as
single environments given the same seeds and actions."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import flickboard.envs  # noqa: F401  (registers the environments)
from flickboard.envs.policies import UniformPolicy
from flickboard.envs.vector import FlickboardVectorEnv
from flickboard.errors import InvalidInput

IDS = ["flickboard/Crokinole-v0", "flickboard/Shuffleboard-v0"]


def _same_as_singles(
    env_id: str,
    tables: int,
    steps: int,
    seed: int,
    options: dict[str, Any],
    mode: AutoresetMode = AutoresetMode.NEXT_STEP,
    single_options: dict[str, Any] | None = None,
    vector_options: dict[str, Any] | None = None,
) -> int:
    """Step a vector env and ``tables`` single envs (seeded ``seed + i``) with the same
    actions, comparing every observation, reward, flag and shot; the resets seen."""
    vec = gymnasium.make_vec(
        env_id, num_envs=tables, vectorization_mode="vector_entry_point", autoreset_mode=mode,
        **options, **(vector_options or {}),
    )  # fmt: skip
    assert isinstance(vec.unwrapped, FlickboardVectorEnv)
    assert vec.metadata["autoreset_mode"] == mode
    singles = [gymnasium.make(env_id, **options, **(single_options or {})) for _ in range(tables)]
    batch, _ = vec.reset(seed=seed)
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
                alone, inf = env.reset()  # the action is ignored, a new match starts
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
    vec.close()
    return resets


@pytest.mark.parametrize("env_id", IDS)
def test_the_vector_env_plays_like_single_envs_with_the_same_seeds_and_actions(
    env_id: str,
) -> None:
    options = {"max_cycles": 4}  # matches end (truncated) inside the test: autoreset
    resets = _same_as_singles(env_id, 3, 14, 11, options)
    assert resets >= 3  # every table finished a match and started another


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
def test_tables_stepped_together_play_like_single_envs_on_the_match(
    mode: AutoresetMode,
) -> None:
    options = {"opponent": lambda s: UniformPolicy(s), "info": "brief", "seat": "random"}
    resets = _same_as_singles(IDS[0], 4, 40, 11, options, mode, {"fast": False})
    assert resets >= 4  # every table finished a whole game and started another


class Linear:
    """A batched numpy policy (one object for every table), counting its calls."""

    name = "linear"

    def __init__(self, size: int, seed: int) -> None:
        self.weights = np.random.default_rng(seed).normal(0, 0.3, (size, 4))
        self.calls = 0

    def act_batch(self, observations: Any) -> Any:
        self.calls += 1
        return np.tanh(observations.astype(np.float64) @ self.weights).astype(np.float32)

    def act(self, observation: Any, view: Any) -> Any:
        return self.act_batch(observation[None, :])[0]


@pytest.mark.parametrize(
    ("env_id", "options", "vector_options"),
    [
        (IDS[1], {"opponent": lambda s: UniformPolicy(s), "players": 4, "noise": "club"}, {}),
        (IDS[0], {"opponent": "random", "noise": "competitive"}, {"num_threads": 2}),
        (IDS[0], {"opponent": Linear(157, 5), "games": 2}, {}),
    ],
    ids=["shuffleboard-doubles-noise", "random-player-threads", "batched-policy"],
)
def test_every_table_setup_steps_together_as_single_envs_on_the_match(
    env_id: str, options: dict[str, Any], vector_options: dict[str, Any]
) -> None:
    options = {"info": "brief", "seat": "random", "max_cycles": 10, **options}
    resets = _same_as_singles(env_id, 4, 36, 7, options, single_options={"fast": False},
                              vector_options=vector_options)  # fmt: skip
    assert resets >= 1


def test_a_batched_policy_is_asked_once_for_every_table_it_plays() -> None:
    policy = Linear(157, 3)
    vec = FlickboardVectorEnv("crokinole", num_envs=8, opponent=policy, info="brief")
    vec.reset(seed=1)
    assert vec.tables is not None and all(env.fast for env in vec.envs)  # type: ignore[attr-defined]
    before = policy.calls
    vec.step(np.zeros((8, 4), dtype=np.float32))
    assert policy.calls - before == 1  # the eight opponents' shots from one (8, 157) call


def test_a_batched_env_of_tables_steps_them_together() -> None:
    vec = FlickboardVectorEnv(
        "crokinole", num_envs=3, opponent=lambda s: UniformPolicy(s), info="brief"
    )
    vec.reset(seed=2)
    assert vec.tables is not None and all(env.fast for env in vec.envs)  # type: ignore[attr-defined]
    vec.step(np.zeros((3, 4), dtype=np.float32))
    assert vec.tables.matches["shot"].tolist() == [2, 2, 2]  # each table: two discs shot


def test_tables_refuse_actions_of_the_wrong_shape() -> None:
    vec = FlickboardVectorEnv(
        "crokinole", num_envs=2, opponent=lambda s: UniformPolicy(s), info="brief"
    )
    vec.reset(seed=1)
    with pytest.raises(InvalidInput, match="actions"):
        vec.step(np.zeros((3, 4), dtype=np.float32))
