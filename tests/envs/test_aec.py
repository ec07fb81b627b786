"""The PettingZoo environments: the library's own conformance tests, turns from the
match, rewards, termination, noise, illegal starts and the info the referee gives."""

from __future__ import annotations

import functools
import types
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    render_test,
    seed_test,
    state_test,
)

from flickboard.envs import crokinole_v0, shuffleboard_v0
from flickboard.envs.aec import FlickboardAEC, agent_name
from flickboard.errors import InvalidInput
from flickboard.play.noise import ExecutionNoise

MODULES = {"crokinole": crokinole_v0, "shuffleboard": shuffleboard_v0}
SETUPS = [("crokinole", 2), ("crokinole", 4), ("shuffleboard", 2), ("shuffleboard", 4)]


def _id(setup: tuple[str, int]) -> str:
    return f"{setup[0]}-{setup[1]}"


def _seeded(env: Any, seed: int = 0) -> Any:
    """``env`` with every agent's action space seeded, so the random actions PettingZoo's
    checks draw from them repeat (a test run is the same every time)."""
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)
    return env


@pytest.mark.parametrize("setup", SETUPS, ids=_id)
def test_pettingzoo_api_test_passes(setup: tuple[str, int]) -> None:
    game, players = setup
    api_test(_seeded(MODULES[game].env(players=players, render_mode="ansi")), num_cycles=40)


@pytest.mark.parametrize("setup", SETUPS, ids=_id)
def test_pettingzoo_seed_test_passes_with_noise(setup: tuple[str, int]) -> None:
    game, players = setup
    seed_test(lambda: MODULES[game].env(players=players, noise="club"), num_cycles=30)


@pytest.mark.parametrize("setup", SETUPS, ids=_id)
def test_pettingzoo_max_cycles_test_passes(setup: tuple[str, int]) -> None:
    game, players = setup
    module = MODULES[game]
    max_cycles_test(
        types.SimpleNamespace(
            env=functools.partial(module.env, players=players),
            parallel_env=functools.partial(module.parallel_env, players=players),
        )
    )


@pytest.mark.parametrize("setup", SETUPS, ids=_id)
def test_pettingzoo_parallel_api_test_passes(setup: tuple[str, int]) -> None:
    game, players = setup
    parallel_api_test(_seeded(MODULES[game].parallel_env(players=players)), num_cycles=20)


@pytest.mark.parametrize("game", sorted(MODULES))
def test_pettingzoo_render_test_passes_and_human_mode_prints_the_board(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    render_test(MODULES[game].env)
    printed = capsys.readouterr().out
    env = MODULES[game].env(render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    board = capsys.readouterr().out
    assert board.startswith(MODULES[game].env().unwrapped.kind.title)  # the status line
    assert board.strip() in printed  # render_test's human env printed the same board


@pytest.mark.parametrize("game", sorted(MODULES))
def test_pettingzoo_state_test_passes(game: str) -> None:
    state_test(MODULES[game].env(), MODULES[game].parallel_env(), num_cycles=10)
    env = MODULES[game].env()
    env.reset(seed=2)
    assert np.array_equal(env.state(), env.observe(env.agent_selection))


def _play(env: Any, seed: int, shots: int = 10_000) -> list[dict[str, Any]]:
    """Random actions to the end (or ``shots``), checking each selected agent against the
    match; every step's (agent, reward dict, info of the shooter)."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    raw = env.unwrapped
    out = []
    while raw.agents and len(out) < shots:
        agent = raw.agent_selection
        if raw.terminations[agent] or raw.truncations[agent]:
            env.step(None)
            continue
        assert agent == agent_name(raw.match.choices()[0])
        env.step(rng.uniform(-1, 1, 4).astype(np.float32))
        out.append({"agent": agent, "rewards": dict(raw.rewards), "info": raw.infos[agent]})
    return out


FREE_FOR_ALL = {"players": 4, "teams": False, "rules": "depot", "options": {"free_for_all": True}}


def test_four_player_free_for_all_passes_the_api_and_seed_tests() -> None:
    env = _seeded(crokinole_v0.env(**FREE_FOR_ALL))
    api_test(env, num_cycles=30)
    seed_test(lambda: crokinole_v0.env(**FREE_FOR_ALL), num_cycles=20)
    assert env.unwrapped.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    assert env.unwrapped.layout.sides == 4


def test_agents_are_the_seats_of_the_match_side_by_side() -> None:
    assert crokinole_v0.raw_env().possible_agents == ["seat_0", "seat_2"]
    assert crokinole_v0.raw_env(players=4).possible_agents == [
        "seat_0",
        "seat_2",
        "seat_1",
        "seat_3",
    ]
    assert shuffleboard_v0.raw_env().possible_agents == ["seat_0", "seat_1"]


def test_shuffleboard_doubles_frames_are_delivered_from_alternate_ends() -> None:
    steps = _play(shuffleboard_v0.env(players=4), seed=3, shots=16)
    first, second = steps[:8], steps[8:16]
    assert {s["agent"] for s in first} == {"seat_0", "seat_1"}
    assert {s["agent"] for s in second} == {"seat_2", "seat_3"}
    assert first[-1]["info"]["shot"]["rounds_ended"][0]["number"] == 1


@pytest.mark.parametrize("reward", ["differential", "points"])
def test_round_rewards_add_up_to_the_match_score(reward: str) -> None:
    env = crokinole_v0.raw_env(reward=reward)
    steps = _play(env, seed=11)
    totals = {a: sum(s["rewards"][a] for s in steps) for a in env.possible_agents}
    red, green = env.match.result().scores
    if reward == "differential":
        assert totals == {"seat_0": red - green, "seat_2": green - red}
    else:
        assert totals == {"seat_0": red, "seat_2": green}
    ended = [s for s in steps if s["info"]["shot"]["rounds_ended"]]
    assert len(ended) == 4  # a tournament game: four rounds, each rewarded once
    assert all(env.terminations.values()) or not env.agents


def test_termination_comes_with_the_end_of_the_match_not_the_game() -> None:
    env = crokinole_v0.raw_env(games=2)
    steps = _play(env, seed=5)
    games = [g for s in steps for g in s["info"]["shot"]["games_ended"]]
    assert [g["number"] for g in games] == [1, 2]
    assert env.match.over and len(steps) == 2 * 4 * 16


def test_the_same_seed_and_actions_replay_exactly_and_another_seed_differs() -> None:
    def run(seed: int) -> list[Any]:
        env = crokinole_v0.raw_env(noise="recreational")
        return [(s["agent"], s["info"]["shot"]["start"]) for s in _play(env, seed, 20)]

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_without_noise_the_shot_starts_where_the_action_says() -> None:
    env = crokinole_v0.raw_env(info="full")
    env.reset(seed=1)
    view = env.view()
    meant = env.actions.shot(view, np.array([0.0, 0.0, -0.6, 0.0]))
    env.step(np.array([0.0, 0.0, -0.6, 0.0], dtype=np.float32))
    shot = env.infos["seat_0"]["shot"]
    assert shot["start"] == pytest.approx((meant.x, meant.y))
    assert shot["start_problem"] is None
    assert shot["ruling"].startswith("Valid shot by red")


def test_a_start_the_noise_slides_off_the_quadrant_is_moved_back_and_explained() -> None:
    env = crokinole_v0.raw_env(noise=ExecutionNoise(start=0.4), start="line")
    steps = _play(env, seed=2, shots=30)
    moved = [s["info"]["shot"] for s in steps if s["info"]["shot"]["start_problem"]]
    assert moved, "a 40 cm spread along the line must leave the quadrant sometimes"
    assert all("shooting line" in m["start_problem"] or "quadrant" in m["start_problem"]
               for m in moved)  # fmt: skip
    assert len(steps) == 30  # nothing crashed: every shot was played


def test_info_carries_the_ruling_decisions_and_events_when_asked_for_in_full() -> None:
    steps = _play(crokinole_v0.raw_env(info="full"), seed=8, shots=6)
    shot = steps[-1]["info"]["shot"]
    assert set(shot) >= {"seat", "side", "disc", "start", "valid", "ruling", "decisions", "events"}
    assert shot["events"] and {"time", "kind", "disc", "other"} <= set(shot["events"][0])
    assert all(d["clause"] and d["reason"] for d in shot["decisions"])
    assert all(isinstance(e["kind"], str) for e in shot["events"])


def test_observation_of_the_selected_agent_says_it_is_its_turn() -> None:
    env = crokinole_v0.raw_env()
    env.reset(seed=0)
    layout = env.layout
    mine = env.observe("seat_0")
    theirs = env.observe("seat_2")
    assert mine[layout.slice("my_turn")][0] == 1.0 and theirs[layout.slice("my_turn")][0] == 0.0
    assert mine[layout.slice("shooter")].tolist() == [1.0, 0.0]
    assert theirs[layout.slice("shooter")].tolist() == [0.0, 1.0]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 5}, "played by"),
        ({"reward": "wins"}, "reward"),
        ({"noise": "godlike"}, "skill level"),
        ({"start": "anywhere"}, "start"),
        ({"max_cycles": 0}, "max_cycles"),
        ({"render_mode": "svg"}, "render_mode"),
        ({"info": "everything"}, "info"),
    ],
)
def test_bad_options_are_refused_in_words(options: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidInput, match=words):
        FlickboardAEC("crokinole", **options)


def test_an_action_that_is_not_four_finite_numbers_is_refused() -> None:
    env = crokinole_v0.raw_env()
    env.reset(seed=0)
    with pytest.raises(InvalidInput, match="4 finite numbers"):
        env.step(np.array([0.0, np.nan, 0.0, 0.0]))
    with pytest.raises(InvalidInput):
        env.step(np.zeros(3))
    assert env.match.actions == 0  # nothing was played


def test_ansi_and_rgb_pictures_show_the_board_and_the_discs() -> None:
    env = crokinole_v0.raw_env(render_mode="ansi")
    env.reset(seed=0)
    picture = env.render()
    assert isinstance(picture, str) and all("R" not in line for line in picture.splitlines()[1:])
    env.step(np.array([0.0, 0.0, -0.7, 0.0], dtype=np.float32))  # a draw short of the 20
    assert len(env.view().position.layout.discs) == 1
    picture = env.render()
    assert isinstance(picture, str)
    assert "round 1" in picture and "seat 2 (green) to shoot" in picture
    assert sum(line.count("R") for line in picture.splitlines()[1:]) >= 1
    env.render_mode = "rgb_array"
    array = env.render()
    assert isinstance(array, np.ndarray) and array.dtype == np.uint8 and array.shape[2] == 3
    assert np.all(array == (0xC6, 0x28, 0x28), axis=2).sum() > 20  # the red disc, in red


@pytest.mark.parametrize("game", ["crokinole", "shuffleboard"])
def test_brief_info_steps_play_the_same_seeded_matches_as_full_info(game: str) -> None:
    """The fast step (``info="brief"``) and the explained one agree on everything but
    the sentences, decisions and events left out of ``info["shot"]``."""
    import gymnasium

    import flickboard.envs  # noqa: F401  (registers the environments)

    for seed in (3, 4):
        envs = {
            level: gymnasium.make(f"flickboard/{game.title()}-v0", info=level, noise="club")
            for level in ("full", "brief")
        }
        rng = np.random.default_rng(seed)
        full_obs, _ = envs["full"].reset(seed=seed)
        brief_obs, _ = envs["brief"].reset(seed=seed)
        assert np.array_equal(full_obs, brief_obs)
        done, steps = False, 0
        while not done:
            action = rng.uniform(-1, 1, 4).astype(np.float32)
            full = envs["full"].step(action)
            brief = envs["brief"].step(action)
            assert np.array_equal(full[0], brief[0])
            assert full[1:4] == brief[1:4]
            for explained, short in zip(full[4]["shots"], brief[4]["shots"], strict=True):
                assert {k: explained[k] for k in short} == short
                assert "decisions" in explained and "decisions" not in short
            done = full[2] or full[3]
            steps += 1
        assert steps > 20  # a whole match


@pytest.mark.parametrize("fast", [True, False], ids=["table", "match"])
def test_every_agents_observation_at_once_is_each_agents_own(fast: bool) -> None:
    env = crokinole_v0.raw_env(players=4, fast=fast)
    env.reset(seed=5)
    for _ in range(3):
        env.step(np.array([0.2, 0.1, -0.6, 0.0], dtype=np.float32))
    seen = env.observations(env.agents)
    assert list(seen) == env.agents
    assert all(np.array_equal(seen[a], env.observe(a)) for a in env.agents)
    assert not np.array_equal(seen["seat_0"], seen["seat_1"])  # each from its own seat
