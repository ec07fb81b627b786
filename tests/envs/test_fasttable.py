"""Fast tables against the Match: whole seeded games played both ways, shot by shot."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from flickboard.envs.policies import UniformPolicy
from flickboard.envs.single import FlickboardEnv
from flickboard.errors import InvalidInput

RULES = [
    ("wcc", {}),
    ("nca", {}),
    ("depot", {}),
    ("depot", {"direct_hit": True}),
    ("depot", {"outer_line_in_play": True}),
    ("depot", {"scoring": "conventional", "target": 60}),
    ("fair", {}),
]


def _env(fast: bool, **options: Any) -> FlickboardEnv:
    options = {"opponent": lambda seed: UniformPolicy(seed), "info": "brief", **options}
    return FlickboardEnv("crokinole", fast=fast, **options)


def _play(env: FlickboardEnv, seed: int, matches: int, policy_seed: int) -> list[Any]:
    """Every reset and step of ``matches`` matches, the agent playing uniform actions."""
    rng = np.random.default_rng(policy_seed)
    out: list[Any] = [env.reset(seed=seed)]
    played = 0
    while played < matches:
        step = env.step(rng.uniform(-1, 1, 4).astype(np.float32))
        out.append(step)
        if step[2] or step[3]:
            played += 1
            out.append(env.reset())
    return out


def _same(fast: list[Any], slow: list[Any]) -> None:
    assert len(fast) == len(slow)
    for k, (a, b) in enumerate(zip(fast, slow, strict=True)):
        assert np.array_equal(a[0], b[0]), k  # the observation, to the bit
        assert a[1:] == b[1:], k  # reward, terminated, truncated, info (every shot)


@pytest.mark.parametrize(("rules", "options"), RULES)
def test_fast_tables_play_whole_seeded_games_as_the_match_does(
    rules: str, options: dict[str, Any]
) -> None:
    setup = {"rules": rules, "options": options, "seat": "random"}
    fast, slow = _env(True, **setup), _env(False, **setup)
    one = _play(fast, 5, matches=2, policy_seed=1)
    assert fast.fast and not slow.fast
    _same(one, _play(slow, 5, matches=2, policy_seed=1))
    ended = [s for s in one if len(s) == 5 and s[2]]
    assert len(ended) == 2 and all(s[4]["shots"][-1]["games_ended"] for s in ended)


def test_the_first_seat_and_no_cycle_limit_are_the_matchs_on_fast_tables() -> None:
    setup = {"first": 2, "max_cycles": None, "seat": 0}
    fast, slow = _env(True, **setup), _env(False, **setup)
    one = _play(fast, 13, matches=1, policy_seed=3)
    _same(one, _play(slow, 13, matches=1, policy_seed=3))
    assert one[0][1]["shots"][0]["seat"] == 2  # green opened the match


def test_points_rewards_and_truncation_are_the_matchs_on_fast_tables() -> None:
    setup = {"reward": "points", "max_cycles": 11, "seat": 2}
    fast, slow = _env(True, **setup), _env(False, **setup)
    one = _play(fast, 9, matches=3, policy_seed=2)
    _same(one, _play(slow, 9, matches=3, policy_seed=2))
    assert any(len(s) == 5 and s[3] for s in one)  # cut at max_cycles
    assert any(len(s) == 5 and s[1] > 0 for s in one)  # a round's 2 (or 1) points


@pytest.mark.parametrize(
    "options",
    [{"info": "full"}, {"noise": "club"}, {"start": "line"}, {"games": 2}, {"players": 4}],
)
def test_setups_a_fast_table_does_not_cover_play_through_the_match(
    options: dict[str, Any],
) -> None:
    env = _env(True, **options)
    env.reset(seed=1)
    assert not env.fast
    env.step(np.zeros(4, dtype=np.float32))
    assert env.aec.match.played  # the match was stepped


def test_an_opponent_that_needs_a_view_plays_through_the_match() -> None:
    env = FlickboardEnv("crokinole", opponent="bot", info="brief")
    env.reset(seed=1)
    assert not env.fast


def test_a_bad_action_on_a_fast_table_is_refused_and_plays_nothing() -> None:
    env = _env(True)
    observation, _ = env.reset(seed=3)
    for bad in ([0.0, 0.0, np.nan, 0.0], [0.0, 0.0], "shoot"):
        with pytest.raises(InvalidInput, match="action"):
            env.step(bad)  # type: ignore[arg-type]
    again, _, _, _, info = env.step(np.zeros(4, dtype=np.float32))
    assert [shot["disc"] for shot in info["shots"]] == [0, 1]
    assert not np.array_equal(again, observation)


def test_stepping_a_finished_fast_table_is_refused() -> None:
    env = _env(True, max_cycles=1)
    env.reset(seed=3)
    *_, truncated, _ = env.step(np.zeros(4, dtype=np.float32))
    assert truncated
    with pytest.raises(InvalidInput, match="reset"):
        env.step(np.zeros(4, dtype=np.float32))


def test_gymnasiums_env_checker_passes_on_a_fast_table() -> None:
    from gymnasium.utils.env_checker import check_env

    env = _env(True)
    check_env(env, skip_render_check=True)
    assert env.fast


def test_a_start_line_covered_by_discs_is_refused_as_the_match_refuses_it() -> None:
    from flickboard.errors import IllegalInPosition

    env = _env(True)
    env.reset(seed=4)
    tables = env.tables
    assert tables is not None
    a0, a1 = tables.arcs[0, :2]  # red's start line, seat 0
    for d, u in enumerate(np.linspace(0.0, 1.0, 12)):  # discs all along it
        a = a0 + u * (a1 - a0)
        tables.x[0, d], tables.y[0, d] = tables.radius * np.cos(a), tables.radius * np.sin(a)
    tables.on[0, :12] = True
    before = tables.state.copy()
    with pytest.raises(IllegalInPosition, match="no shot may start"):
        env.step(np.zeros(4, dtype=np.float32))
    assert np.array_equal(tables.state, before)  # nothing played


class _Plain:
    """The uniform policy without its stream in sight: a fast table asks it to act."""

    def __init__(self, seed: int) -> None:
        self.policy = UniformPolicy(seed)

    def act_on(self, observation: Any) -> Any:
        return self.policy.act_on(observation)


def test_a_single_step_in_one_compiled_call_plays_as_one_call_a_shot() -> None:
    whole = _env(True, seat="random")
    by_shot = _env(True, seat="random", opponent=lambda seed: _Plain(seed))
    one = _play(whole, 7, matches=2, policy_seed=4)
    _same(one, _play(by_shot, 7, matches=2, policy_seed=4))
    assert by_shot.tables is not None and not by_shot.tables.drawn[0]  # play_steps
    assert whole.tables is not None and whole.tables.drawn[0]  # FastTables.step_one
    assert {len(s[4]["shots"]) for s in one if len(s) == 5} == {1, 2, 3}
