"""The uniform policy's counter-based streams: the same draws one by one or in bulk."""

from __future__ import annotations

import json
import pickle

import numpy as np

from flickboard.envs.policies import UniformPolicy
from flickboard.envs.single import FlickboardEnv
from flickboard.envs.streams import draw_rows, new_stream


def test_a_batch_of_tables_draws_what_each_policy_draws_alone() -> None:
    seeds = [0, 1, 2, -7, 2**70]
    alone = [UniformPolicy(s) for s in seeds]
    expected = [[p.act_on(np.zeros(1, np.float32)) for _ in range(3)] for p in alone]
    streams = np.stack([new_stream(s) for s in seeds])
    drawn = np.array([True, True, False, True, True])
    order = np.array([4, 2, 0, 3, 1])  # tables in any order
    for k in range(3):
        out = np.zeros((5, 4))
        left = draw_rows(streams, drawn, order, out)
        assert order[left].tolist() == [2]  # its opponent acts otherwise
        for row, t in enumerate(order.tolist()):
            if drawn[t]:
                assert np.array_equal(out[row], expected[t][k].astype(float))
    assert streams[:, 1].tolist() == [3, 3, 0, 3, 3]


def test_uniform_draws_are_float32_in_the_box_and_repeat_after_reseeding() -> None:
    policy = UniformPolicy(11)
    draws = np.array([policy.act_on(np.zeros(1, np.float32)) for _ in range(4000)])
    assert draws.dtype == np.float32 and draws.min() >= -1 and draws.max() <= 1
    assert abs(float(draws.mean())) < 0.03 and abs(float(draws.std()) - 3**-0.5) < 0.02
    assert abs(np.corrcoef(draws.T)[0, 1]) < 0.05
    policy.reseed(11)
    assert np.array_equal(policy.act_on(np.zeros(1, np.float32)), draws[0])
    assert not np.array_equal(UniformPolicy(12).act_on(np.zeros(1, np.float32)), draws[0])


def test_a_table_draws_its_uniform_opponents_shots_from_the_policys_own_stream() -> None:
    from flickboard.envs.tables import UNIFORM

    opponent = UniformPolicy()
    env = FlickboardEnv("crokinole", opponent=opponent, info="brief")
    env.reset(seed=3)
    assert env.fast and env.tables is not None and env.tables.envs["control"][0, 2] == UNIFORM
    assert np.shares_memory(opponent.stream, env.tables.envs["streams"])  # kept by the table
    theirs = 0
    for _ in range(6):
        _, _, _, _, info = env.step(np.zeros(4, np.float32))
        theirs += sum(shot["side"] != env.my_side for shot in info["shots"])
    assert theirs > 0 and int(opponent.stream[1]) == theirs  # every draw counted on it


def test_a_steps_shots_on_a_table_are_a_plain_list_of_plain_data() -> None:
    env = FlickboardEnv("crokinole", opponent=lambda s: UniformPolicy(s), info="brief")
    env.reset(seed=4)
    _, _, _, _, info = env.step(np.zeros(4, np.float32))
    shots = info["shots"]
    assert env.fast and type(shots) is list and len(shots) == 2
    assert [s["disc"] for s in shots] == [0, 1] and all(type(s) is dict for s in shots)
    assert len(pickle.dumps(shots)) < 800  # (the lazy sequence it replaced pickled to 3.8 KB)
    json.dumps(shots)  # plain data
