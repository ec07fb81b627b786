"""Tables against the Match: whole seeded matches played both ways, step by step, to the
bit, for every setup tables play (both games, singles and doubles, noise, rule sets and
options, several games, best of three, the start over the whole line), with each kind of
opponent (the uniform policy, the built-in random player, a batched policy, a policy
acting one table at a time), and the PettingZoo environments too."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from flickboard.envs.aec import FlickboardAEC
from flickboard.envs.parallel import FlickboardParallel
from flickboard.envs.policies import UniformPolicy
from flickboard.envs.single import FlickboardEnv
from flickboard.errors import IllegalInPosition, InvalidInput

RULES = [
    ("wcc", {}),
    ("nca", {}),
    ("depot", {}),
    ("depot", {"direct_hit": True}),
    ("depot", {"outer_line_in_play": True}),
    ("depot", {"scoring": "conventional", "target": 60}),
    ("fair", {}),
]

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("crokinole", {"players": 4}),
    ("crokinole", {"players": 4, "rules": "depot", "options": {"free_order": True}}),
    ("crokinole", {"players": 3, "rules": "depot", "options": {"free_for_all": True}}),
    ("crokinole", {"noise": "competitive"}),
    ("crokinole", {"start": "line", "noise": "novice"}),
    ("crokinole", {"games": 2, "reward": "points"}),
    ("crokinole", {"best_of_three": True}),
    ("shuffleboard", {}),
    ("shuffleboard", {"players": 4, "noise": "competitive"}),
    ("shuffleboard", {"best_of_three": True, "target": 5}),
    ("shuffleboard", {"start": "line", "noise": "novice", "target": 7}),
]


class Linear:
    """A numpy policy: a fixed linear map of the observation, by row (batched) or one
    at a time."""

    name = "linear"

    def __init__(self, size: int, seed: int) -> None:
        self.weights = np.random.default_rng(seed).normal(0, 0.3, (size, 4))

    def act_batch(self, observations: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return np.tanh(observations.astype(np.float64) @ self.weights).astype(np.float32)

    def act(self, observation: Any, view: Any) -> npt.NDArray[np.float32]:
        return self.act_batch(observation[None, :])[0]


class Plain:
    """The uniform policy without its stream in sight: tables ask it to act."""

    name = "plain"

    def __init__(self, seed: int) -> None:
        self.policy = UniformPolicy(seed)

    def act_on(self, observation: Any) -> Any:
        return self.policy.act_on(observation)

    def act(self, observation: Any, view: Any) -> Any:
        return self.act_on(observation)


def _env(game: str, fast: bool, **options: Any) -> FlickboardEnv:
    options = {"opponent": lambda seed: UniformPolicy(seed), "info": "brief", **options}
    return FlickboardEnv(game, fast=fast, **options)


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


def _both(game: str, options: dict[str, Any], seed: int, matches: int) -> list[Any]:
    fast, slow = _env(game, True, **options), _env(game, False, **options)
    one = _play(fast, seed, matches, policy_seed=seed + 1)
    assert fast.fast and not slow.fast
    _same(one, _play(slow, seed, matches, policy_seed=seed + 1))
    return one


@pytest.mark.parametrize(("rules", "options"), RULES)
def test_tables_play_whole_seeded_games_of_every_rule_set_as_the_match_does(
    rules: str, options: dict[str, Any]
) -> None:
    one = _both("crokinole", {"rules": rules, "options": options, "seat": "random"}, 5, 2)
    ended = [s for s in one if len(s) == 5 and s[2]]
    assert len(ended) == 2 and all(s[4]["shots"][-1]["games_ended"] for s in ended)


@pytest.mark.parametrize(("game", "options"), SETUPS, ids=lambda v: str(v))
def test_tables_play_whole_seeded_matches_of_every_setup_as_the_match_does(
    game: str, options: dict[str, Any]
) -> None:
    one = _both(game, {"seat": "random", **options}, 3, 1)
    assert one[-2][2] and one[-2][4]["shots"][-1]["games_ended"]


@pytest.mark.parametrize(
    "opponent",
    ["random", lambda seed: Plain(seed), lambda seed: Linear(157, seed)],
    ids=["random-player", "act-on", "batched"],
)
def test_every_opponent_tables_play_plays_as_on_the_match(opponent: Any) -> None:
    _both("crokinole", {"opponent": opponent, "seat": "random"}, 7, 2)


def test_the_noise_moves_a_start_and_says_why_as_the_match_does() -> None:
    one = _both("crokinole", {"start": "line", "noise": "novice"}, 11, 5)
    problems = [s["start_problem"] for step in one for s in step[-1]["shots"] if s["start_problem"]]
    assert any("outside" in p for p in problems)  # a start slid out of its quadrant, moved


def test_the_first_seat_and_no_cycle_limit_are_the_matchs_on_tables() -> None:
    one = _both("crokinole", {"first": 2, "max_cycles": None, "seat": 0}, 13, 1)
    assert one[0][1]["shots"][0]["seat"] == 2  # green opened the match


def test_points_rewards_and_truncation_are_the_matchs_on_tables() -> None:
    one = _both("crokinole", {"reward": "points", "max_cycles": 11, "seat": 2}, 9, 3)
    assert any(len(s) == 5 and s[3] for s in one)  # cut at max_cycles
    assert any(len(s) == 5 and s[1] > 0 for s in one)  # a round's 2 (or 1) points


@pytest.mark.parametrize(
    "options",
    [{"info": "full"}, {"time_shots": 20}, {"render_mode": "ansi"}],
)
def test_setups_tables_do_not_cover_play_through_the_match(options: dict[str, Any]) -> None:
    env = _env("crokinole", True, **options)
    env.reset(seed=1)
    assert not env.fast
    env.step(np.zeros(4, dtype=np.float32))
    assert env.aec.match.played  # the match was stepped


def test_an_opponent_that_needs_a_view_plays_through_the_match() -> None:
    env = FlickboardEnv("crokinole", opponent="bot", info="brief")
    env.reset(seed=1)
    assert not env.fast


def test_a_bad_action_on_a_table_is_refused_and_plays_nothing() -> None:
    env = _env("crokinole", True)
    observation, _ = env.reset(seed=3)
    for bad in ([0.0, 0.0, np.nan, 0.0], [0.0, 0.0], "shoot"):
        with pytest.raises(InvalidInput, match="action"):
            env.step(bad)  # type: ignore[arg-type]
    again, _, _, _, info = env.step(np.zeros(4, dtype=np.float32))
    assert [shot["disc"] for shot in info["shots"]] == [0, 1]
    assert not np.array_equal(again, observation)


class Misshapen:
    """A policy whose actions are of the wrong shape: batched (``(4,)`` for one row) or
    one table at a time (three numbers)."""

    name = "misshapen"

    def __init__(self, batched: bool) -> None:
        if batched:
            self.act_batch = lambda observations: np.zeros(4)

    def act_on(self, observation: Any) -> Any:
        return np.zeros(3)

    def act(self, observation: Any, view: Any) -> Any:
        return self.act_on(observation)


@pytest.mark.parametrize(
    ("batched", "says"),
    [
        (True, r"a batched policy's actions are 1 rows of 4 numbers, not shape \(4,\)"),
        (False, r"a policy's actions are rows of 4 numbers, not array\(\[0., 0., 0.\]\)"),
    ],
)
def test_a_policy_opponents_misshapen_actions_are_refused_on_one_table_as_on_many(
    batched: bool, says: str
) -> None:
    env = _env("crokinole", True, opponent=Misshapen(batched))
    env.reset(seed=3)
    with pytest.raises(InvalidInput, match=says):
        env.step(np.zeros(4, dtype=np.float32))
    tables = env.tables
    assert tables is not None
    rows, seen = env._rows, np.zeros((1, tables.size), dtype=np.float32)
    with pytest.raises(InvalidInput, match=says):
        tables.ask_policies(rows, seen)
    with pytest.raises(InvalidInput, match="rows of 4 numbers, not"):  # the same table twice
        tables.ask_policies(np.zeros(2, dtype=np.int64), np.zeros((2, tables.size), np.float32))


def test_a_tables_workspace_holds_every_field_of_the_play_layers() -> None:
    import inspect

    import numba

    from flickboard.envs.tables import _new_workspace_ref, _workspace, _workspace_ref_type
    from flickboard.play.tableplay import Workspace

    fields = _workspace_ref_type().field_dict
    assert list(fields) == list(Workspace._fields)
    assert tuple(fields.values()) == numba.typeof(_workspace()).types
    made = inspect.getsource(_new_workspace_ref.py_func)
    assert all(f"ref.{name} = ws.{name}" in made for name in Workspace._fields)


def test_stepping_a_finished_table_is_refused() -> None:
    env = _env("crokinole", True, max_cycles=1)
    env.reset(seed=3)
    *_, truncated, _ = env.step(np.zeros(4, dtype=np.float32))
    assert truncated
    with pytest.raises(InvalidInput, match="reset"):
        env.step(np.zeros(4, dtype=np.float32))


def test_gymnasiums_env_checker_passes_on_a_table() -> None:
    from gymnasium.utils.env_checker import check_env

    env = _env("shuffleboard", True)
    check_env(env, skip_render_check=True)
    assert env.fast


def test_a_start_line_covered_by_discs_is_refused_as_the_match_refuses_it() -> None:
    env = _env("crokinole", True)
    env.reset(seed=4)
    tables = env.tables
    assert tables is not None
    m = tables.matches[0]
    line = tables.setup[0]
    a0, a1, radius = line["line_a0"][0], line["line_a1"][0], line["line_radius"][0]
    for d, u in enumerate(np.linspace(0.0, 1.0, 12)):  # discs all along red's line
        a = a0 + u * (a1 - a0)
        m["x"][d], m["y"][d] = radius * np.cos(a), radius * np.sin(a)
        m["on"][d], m["owner"][d], m["laid"][d] = 1, 1, d
    m["count"] = 12
    before = tables.matches.tobytes()  # padding too (numpy's copy leaves it unset)
    with pytest.raises(IllegalInPosition, match="no shot may start"):
        env.step(np.zeros(4, dtype=np.float32))
    assert tables.matches.tobytes() == before  # nothing played


def _aec_run(env: Any, seed: int, parallel: bool) -> list[Any]:
    """A seeded match of uniform actions, every observation, reward, flag and info."""
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    if parallel:
        out.append(env.reset(seed=seed))
        while env.agents:
            acts = {a: rng.uniform(-1, 1, 4).astype(np.float32) for a in env.agents}
            out.append(env.step(acts))
        return out
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        out.append((observation, reward, terminated, truncated, info))
        done = terminated or truncated
        env.step(None if done else rng.uniform(-1, 1, 4).astype(np.float32))
    return out


def _same_runs(a: list[Any], b: list[Any]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        for u, v in zip(x, y, strict=True):
            if isinstance(u, dict):
                assert u.keys() == v.keys()
                for key in u:
                    if isinstance(u[key], np.ndarray):
                        assert np.array_equal(u[key], v[key])
                    else:
                        assert u[key] == v[key]
            elif isinstance(u, np.ndarray):
                assert np.array_equal(u, v)
            else:
                assert u == v


@pytest.mark.parametrize("parallel", [False, True], ids=["aec", "parallel"])
@pytest.mark.parametrize(
    ("game", "options"),
    [("crokinole", {"noise": "competitive"}), ("shuffleboard", {"players": 4})],
    ids=["crokinole", "shuffleboard-doubles"],
)
def test_pettingzoo_environments_on_a_table_play_as_on_the_match(
    game: str, options: dict[str, Any], parallel: bool
) -> None:
    kind = FlickboardParallel if parallel else FlickboardAEC
    fast = kind(game, info="brief", **options)  # type: ignore[arg-type]
    slow = kind(game, info="brief", fast=False, **options)  # type: ignore[arg-type]
    assert (fast.aec if parallel else fast).tables is not None  # type: ignore[union-attr]
    _same_runs(_aec_run(fast, 21, parallel), _aec_run(slow, 21, parallel))
    unwrapped = fast.aec if parallel else fast  # type: ignore[union-attr]
    again = slow.aec if parallel else slow  # type: ignore[union-attr]
    assert unwrapped.match.to_json() == again.match.to_json()  # the Match, played again


@pytest.mark.parametrize("players", [2, 4], ids=["singles", "doubles"])
def test_a_parallel_step_on_a_table_without_draws_plays_as_on_the_match(players: int) -> None:
    """Without noise a parallel step's shots are one compiled call: the same match."""
    fast = FlickboardParallel("crokinole", info="brief", players=players)
    slow = FlickboardParallel("crokinole", info="brief", players=players, fast=False)
    assert fast.aec.tables is not None and not fast.aec.tables.drawing(0)
    _same_runs(_aec_run(fast, 5, True), _aec_run(slow, 5, True))
    assert fast.aec.match.to_json() == slow.aec.match.to_json()


@pytest.mark.parametrize(
    "bad", [None, np.array([np.nan, 0, 0, 0], dtype=np.float32), "x"], ids=["none", "nan", "text"]
)
def test_a_bad_action_in_a_parallel_step_is_refused_after_the_shots_before_it(bad: Any) -> None:
    """The second agent's bad action is refused as on the Match; the first's shot stays."""
    runs = []
    for fast in (True, False):
        env = FlickboardParallel("crokinole", info="brief", fast=fast)
        env.reset(seed=3)
        first, second = env.agents
        with pytest.raises(InvalidInput) as refused:
            env.step({first: np.zeros(4, dtype=np.float32), second: bad})
        runs.append((str(refused.value), env.aec.match.to_json(), env.aec.agent_selection))
    assert runs[0] == runs[1]
    assert runs[0][2] == "seat_2"  # the first agent shot: the second is to shoot


def test_the_observation_shows_which_parts_of_the_start_line_a_shot_may_start_from() -> None:
    """``start_allowed``: the start line in 16 parts, each with its share a shot may
    start from, as the referee's start line without the stretch a disc covers."""
    from flickboard.geometry.startline import StartLine

    env = _env("crokinole", True)
    observation, _ = env.reset(seed=4)
    layout = env.unwrapped.layout
    part = layout.slice("start_allowed")
    assert observation[part].tolist() == [1.0] * 16  # an empty board: the whole line
    tables = env.tables
    assert tables is not None
    m, line = tables.matches[0], tables.setup[0]
    a0, a1, radius = line["line_a0"][0], line["line_a1"][0], line["line_radius"][0]
    a = a0 + 0.5 * (a1 - a0)
    x, y = radius * np.cos(a), radius * np.sin(a)
    m["x"][0], m["y"][0], m["on"][0], m["owner"][0], m["laid"][0], m["count"] = x, y, 1, 1, 0, 1
    seen = tables.observe(np.array([0]), np.array([int(m["seat"])]))[0][part]
    allowed = StartLine.arc(radius, a0, a1).without([(x, y)], line["gap"]).allowed
    expected = [
        min(1.0, 16 * sum(max(0.0, min(hi, (b + 1) / 16) - max(lo, b / 16)) for lo, hi in allowed))
        for b in range(16)
    ]
    assert seen.tolist() == pytest.approx(expected, abs=1e-6)
    assert seen[7] == seen[8] < 0.01  # the disc covers the middle of the line
    assert [seen[b] for b in (*range(7), *range(9, 16))] == [1.0] * 14


def test_a_full_shots_buffer_grows_keeping_every_record_it_held() -> None:
    from flickboard.play.tables import new_shots, room_for

    shots = new_shots(3)
    shots["seat"] = [0, 2, 0]
    shots["x"] = [0.1, -0.2, 0.3]
    assert room_for(shots, 3) is shots
    grown = room_for(shots, 4)
    assert len(grown) == 8
    assert grown[:3].tobytes() == shots.tobytes()
    assert not grown[3:].tobytes().strip(b"\0")
