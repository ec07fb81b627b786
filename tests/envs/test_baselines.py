"""The graded batched baselines: actions in the box, aimed where they say, a ladder that
holds, and the compiled tables kept with them as opponents."""

from __future__ import annotations

import math

import gymnasium
import numpy as np
import pytest

import flickboard.envs  # noqa: F401  (registers the environments)
from flickboard.bench.envs_ladder import batched_games, rung
from flickboard.envs.actions import ActionMap
from flickboard.envs.baselines import GRADES, BaselinePolicy, baseline_policy
from flickboard.envs.batched import BatchedSelfPlay
from flickboard.envs.observation import DISC_STATES, STATE_IN_PLAY, seat_frame
from flickboard.envs.policies import baseline
from flickboard.envs.single import FlickboardEnv
from flickboard.envs.vector import FlickboardVectorEnv
from flickboard.errors import InvalidInput
from flickboard.play.kind import game_kind

GAMES = ("crokinole", "shuffleboard")


def _observations(game: str, tables: int, steps: int) -> np.ndarray:
    """Observations of positions with discs of both sides on the board."""
    env = BatchedSelfPlay(game, tables)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(steps):
        obs, *_ = env.step(rng.uniform(-1, 1, (tables, 4)))
    return obs


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", list(GRADES))
def test_every_baseline_gives_one_action_in_the_box_a_row(game: str, name: str) -> None:
    policy = baseline_policy(name, game)
    obs = _observations(game, 12, 5)
    actions = policy.act_batch(obs)
    assert actions.shape == (12, 4) and actions.dtype == np.float32
    assert np.all(actions >= -1) and np.all(actions <= 1)
    assert np.array_equal(policy.act_on(obs[4]), actions[4])


@pytest.mark.parametrize("game", GAMES)
def test_the_draw_baseline_is_the_games_calibration_draw(game: str) -> None:
    kind = game_kind(game)
    policy = baseline_policy("draw", game)
    _layout, shot, _check = kind.skill_test()
    meant = ActionMap.for_kind(kind).action(kind.new_match().view(), shot)
    observations = _observations(game, 4, 6)
    assert np.allclose(policy.act_batch(observations), meant, atol=1e-6)


@pytest.mark.parametrize("name", ["baseline-2", "baseline-3"])
def test_a_takeout_heads_at_the_lone_opposing_disc(name: str) -> None:
    policy = baseline_policy(name, "crokinole")
    lay = policy.layout
    obs = np.zeros(lay.size, dtype=np.float32)
    slot = 1 * lay.per_disc  # the opponent's first disc
    obs[slot : slot + 2] = (0.25, 0.35)  # in the shooter's frame, /radius
    obs[slot + 2 + STATE_IN_PLAY] = 1.0
    obs[slot + 2 + len(DISC_STATES) + 1] = 1.0  # the other side's
    match = game_kind("crokinole").new_match()
    view = match.view()
    shot = ActionMap.for_kind(match.kind).shot(view, policy.act_on(obs))
    frame = seat_frame(view.referee, view.board, view.turn.seat, view.turn.side)
    sx, sy = frame.to_local(shot.x, shot.y)
    heading = shot.angle + math.atan2(frame.sin, frame.cos)
    radius = frame.box[2]
    tx, ty = 0.25 * radius - sx * radius, 0.35 * radius - sy * radius
    miss = abs(tx * math.sin(heading) - ty * math.cos(heading))  # off the line of the shot
    assert miss < view.board.disc.radius / 4
    assert tx * math.cos(heading) + ty * math.sin(heading) > 0  # ahead, not behind


@pytest.mark.parametrize(
    ("game", "stronger", "weaker", "tables", "least"),
    [
        ("crokinole", "baseline-1", "uniform", 40, 0.9),
        ("crokinole", "baseline-2", "baseline-1", 40, 0.65),
        ("crokinole", "baseline-3", "baseline-2", 40, 0.65),
        ("shuffleboard", "baseline-1", "uniform", 20, 0.9),
        ("shuffleboard", "baseline-3", "baseline-1", 20, 0.7),
    ],
)
def test_a_stronger_baseline_beats_a_weaker_one_over_seeded_games(
    game: str, stronger: str, weaker: str, tables: int, least: float
) -> None:
    score, shots = batched_games(
        game, rung(stronger, game, 1), rung(weaker, game, 2), tables, 1, "novice"
    )
    assert shots >= tables * 16  # a whole game on every table
    assert score / tables >= least


def test_the_single_env_stays_on_its_compiled_table_with_a_baseline_opponent() -> None:
    by_name = gymnasium.make("flickboard/Crokinole-v0", opponent="baseline-3", noise="novice")
    by_object = FlickboardEnv(opponent=BaselinePolicy(2))
    for env in (by_name.unwrapped, by_object):
        assert isinstance(env, FlickboardEnv)
        env.reset(seed=5)
        assert env.fast
        done, steps = False, 0
        while not done:
            _, _, terminated, truncated, _ = env.step(np.zeros(4, dtype=np.float32))
            done, steps = terminated or truncated, steps + 1
            assert env.fast
        assert steps == 4 * 8  # the agent's discs, the baseline shooting the others
    assert by_name.unwrapped.baseline is not None


def test_a_vector_env_asks_one_baseline_for_all_its_tables() -> None:
    vec = FlickboardVectorEnv("crokinole", num_envs=4, opponent="baseline-2", info="brief")
    vec.reset(seed=1)
    envs = vec.envs
    assert vec.tables is not None and all(env.fast for env in envs)  # type: ignore[attr-defined]
    assert len({id(env.baseline) for env in envs}) == 1  # type: ignore[attr-defined]
    vec.step(np.zeros((4, 4), dtype=np.float32))
    assert vec.tables.matches["shot"].tolist() == [2, 2, 2, 2]


def test_the_baselines_are_named_where_policies_are() -> None:
    policy = baseline("baseline-3", "shuffleboard")
    assert isinstance(policy, BaselinePolicy) and policy.grade == 3
    assert baseline_policy("Takeout", "crokinole").grade == 2


def test_an_unknown_baseline_name_gives_a_one_line_error() -> None:
    with pytest.raises(
        InvalidInput, match=r"unknown batched baseline 'baseline-9'; known: "
    ) as err:
        baseline_policy("baseline-9")
    assert "\n" not in str(err.value) and "baseline-3" in str(err.value)
    with pytest.raises(InvalidInput, match="unknown baseline 'baseline-9'"):
        baseline("baseline-9", "crokinole")
    with pytest.raises(InvalidInput, match="grade"):
        BaselinePolicy(7)
    env = gymnasium.make("flickboard/Crokinole-v0", opponent="baseline-9")
    with pytest.raises(InvalidInput, match=r"unknown opponent 'baseline-9': .*baseline-3\)$"):
        env.reset(seed=1)
