"""Gymnasium, one agent: the library's checker, opponents, seats and the vector form."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import flickboard.envs  # noqa: F401  (registers the environments)
from flickboard.envs.policies import RandomPolicy
from flickboard.errors import InvalidInput


@pytest.mark.parametrize("env_id", ["flickboard/Crokinole-v0", "flickboard/Shuffleboard-v0"])
def test_gymnasium_check_env_passes_against_the_planner(env_id: str) -> None:
    env = gymnasium.make(env_id, opponent="ai:planner:club")
    check_env(env.unwrapped)


def _episode(env: gymnasium.Env, seed: int) -> tuple[float, list[int], dict]:  # type: ignore[type-arg]
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    total, shooters = 0.0, [s["seat"] for s in info["shots"]]
    done = False
    while not done:
        _, reward, terminated, truncated, info = env.step(rng.uniform(-1, 1, 4).astype(np.float32))
        total += reward
        shooters += [s["seat"] for s in info["shots"]]
        done = terminated or truncated
    return total, shooters, info


def test_the_agent_plays_its_seat_and_the_opponent_the_others() -> None:
    env = gymnasium.make("flickboard/Crokinole-v0", seat=2, opponent="bot")
    total, shooters, _ = _episode(env, 3)
    match = env.unwrapped.aec.match
    red, green = match.result().scores
    assert total == green - red  # the round differentials of the agent's side add up
    assert set(shooters) == {0, 2} and len(shooters) == 4 * 16
    assert shooters[0] == 0  # red starts: the opponent's shot comes before the agent's


def test_a_random_seat_is_drawn_from_the_reset_seed() -> None:
    env = gymnasium.make("flickboard/Crokinole-v0", seat="random")
    seats = []
    for seed in range(6):
        env.reset(seed=seed)
        seats.append(env.unwrapped.my_seat)
    again = []
    for seed in range(6):
        env.reset(seed=seed)
        again.append(env.unwrapped.my_seat)
    assert seats == again and set(seats) == {0, 2}


def test_a_policy_opponent_acts_through_the_environments_actions() -> None:
    env = gymnasium.make("flickboard/Shuffleboard-v0", opponent=lambda seed: RandomPolicy(seed))
    first = _episode(env, 1)
    assert first[0] == _episode(env, 1)[0]


def test_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(InvalidInput, match="seat"):
        gymnasium.make("flickboard/Crokinole-v0", seat=1)


def test_the_vector_form_steps_several_matches_like_single_ones() -> None:
    vec = gymnasium.make_vec("flickboard/Crokinole-v0", num_envs=2, vectorization_mode="sync")
    obs, _ = vec.reset(seed=[7, 8])
    single = gymnasium.make("flickboard/Crokinole-v0")
    alone, _ = single.reset(seed=8)
    assert obs.shape == (2, *single.observation_space.shape)
    assert np.array_equal(obs[1], alone)
    action = np.array([[0.0, 0.0, -0.7, 0.0]] * 2, dtype=np.float32)
    obs, _rewards, *_ = vec.step(action)
    after, *_ = single.step(action[1])
    assert np.array_equal(obs[1], after)
    vec.close()


@pytest.mark.parametrize("game", ["Crokinole", "Shuffleboard"])
def test_the_default_environments_play_on_a_compiled_table_with_brief_info(game: str) -> None:
    """``gymnasium.make`` and PettingZoo's ``env()`` as they come: brief info, the
    compiled table; the referee's sentences only when asked for (``info="full"``)."""
    from flickboard.envs import crokinole_v0, shuffleboard_v0

    env = gymnasium.make(f"flickboard/{game}-v0")
    env.reset(seed=3)
    _, _, _, _, info = env.step(np.array([0.0, 0.0, -0.7, 0.0], dtype=np.float32))
    assert env.unwrapped.fast and "ruling" not in info["shots"][0]
    module = crokinole_v0 if game == "Crokinole" else shuffleboard_v0
    assert module.raw_env().tables is not None
    explained = gymnasium.make(f"flickboard/{game}-v0", info="full")
    explained.reset(seed=3)
    _, _, _, _, info = explained.step(np.array([0.0, 0.0, -0.7, 0.0], dtype=np.float32))
    assert not explained.unwrapped.fast and info["shots"][0]["ruling"]


@pytest.mark.parametrize("copied", ["deepcopy", "pickle"])
@pytest.mark.parametrize("env_id", ["flickboard/Crokinole-v0", "flickboard/Shuffleboard-v0"])
def test_a_copy_of_an_environment_mid_match_plays_on_as_the_original(
    env_id: str, copied: str
) -> None:
    import copy
    import pickle

    env = gymnasium.make(env_id, noise="competitive").unwrapped
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(6):
        env.step(rng.uniform(-1, 1, 4).astype(np.float32))
    twin = copy.deepcopy(env) if copied == "deepcopy" else pickle.loads(pickle.dumps(env))
    done = False
    steps = 0
    while not done:
        action = rng.uniform(-1, 1, 4).astype(np.float32)
        mine, theirs = env.step(action), twin.step(action)
        assert np.array_equal(mine[0], theirs[0])
        assert mine[1:4] == theirs[1:4]
        assert mine[4]["shots"] == theirs[4]["shots"]
        done = mine[2] or mine[3]
        steps += 1
    assert steps > 1  # the match ended in the copy when it ended in the original
