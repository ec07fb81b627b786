"""Environment benchmark: every environment configuration against bare ``simulate``.

Each configuration is stepped for a while and its CPU time (of this thread: the machine
is shared) is set against the bare :func:`~flickboard.physics.simulate` of the very same
shots (their layouts and shots, rebuilt from the run and simulated again alone, every
side's shots): ``ratio`` is the simulations' time over the steps' time, so a step costs
``1 / ratio`` bare simulations of its shots (the aim: at most 2, a ratio of at least 0.5).
Each run is timed ``rounds`` times, interleaved, and the best CPU time kept.

Configurations: the Gymnasium environment (each rule set, doubles, noise, the start over
the whole line, several games, best of three, full info; each opponent tables play), the
batched environment of 64 tables (``make_vec(..., vectorization_mode=
"vector_entry_point")``: the uniform policy, a batched numpy policy, competitive noise),
the PettingZoo AEC and parallel environments, batched self-play driven by a numpy MLP
(with and without noise), and :meth:`Match.play <flickboard.play.match.Match.play>`
itself (``ratio``: the play's time over the shots' bare simulations, the aim at most 3).
Self-play games per second on Ray (1 and 2 workers) close it.

Run with ``flickboard bench envs`` or ``python bench/envs.py``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from flickboard.physics import Layout, PhysicsParams, PlacedDisc, Shot, simulate

if TYPE_CHECKING:
    from flickboard.envs.aec import FlickboardAEC
    from flickboard.envs.tables import Tables
    from flickboard.geometry.startline import StartLine

Shots = list[tuple[Layout, Shot, int, PhysicsParams]]
"""Every simulated shot of a run: its layout, the shot, the shooter's id, the physics."""

STEP_AIM = 0.5
"""A step at most 2 bare simulations of its shots."""
MATCH_AIM = 1 / 3
"""``Match.play`` at most 3 bare simulations of its shot."""
VECTOR_AIMS = {
    ("crokinole", "uniform"): 100_000,
    ("shuffleboard", "uniform"): 50_000,
    ("crokinole", "batched"): 50_000,
    ("shuffleboard", "batched"): 25_000,
    ("crokinole", "noise"): 50_000,
    ("shuffleboard", "noise"): 25_000,
}
"""Steps per second per core a 64-table batched environment is to reach (the aim docs/envs.md states)."""
SELFPLAY_AIM = 100_000
"""Shots per second per core of batched self-play driven by a numpy MLP (the aim docs/envs.md states)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What to run: steps of each configuration, the tables of the batched runs, the
    shots of ``Match.play``, rounds, Ray self-play pairs and workers."""

    steps: int = 600
    batch_steps: int = 80
    tables: int = 64
    match_shots: int = 600
    rounds: int = 5
    selfplay_pairs: int = 8
    selfplay_policy: str = "uniform"
    workers: tuple[int, ...] = (1, 2)
    seed: int = 1


@dataclass
class Run:
    """A timed run: the work done (steps or shots), its CPU and wall seconds, and every
    shot it simulated."""

    count: int
    cpu: float
    wall: float
    shots: Shots = field(default_factory=list)


def _timed(work: Callable[[], int]) -> Run:
    wall, cpu = time.perf_counter(), time.thread_time()
    count = work()
    return Run(count, time.thread_time() - cpu, time.perf_counter() - wall)


def bare(shots: Shots) -> float:
    """CPU seconds of the bare ``simulate`` of every shot."""
    start = time.thread_time()
    for layout, shot, shooter, params in shots:
        simulate(layout, shot, shooter=shooter, params=params)
    return time.thread_time() - start


def table_shots(tables: Tables, log: list[np.ndarray]) -> Shots:
    """The shots of a tables' run rebuilt from their records: each shot's layout is the
    board its table's last shot left (as it was when the round went on), empty at a
    round's first shot."""
    board = tables.match.view().position.layout.board
    last: dict[int, Layout] = {}
    out: Shots = []
    for records in log:
        for r in records:
            table = int(r["table"])
            layout = last.get(table) if int(r["disc"]) else None
            layout = layout or Layout(board, ())
            shot = Shot(float(r["x"]), float(r["y"]), float(r["angle"]), float(r["speed"]),
                        float(r["spin"]))  # fmt: skip
            out.append((layout, shot, int(r["disc"]), tables.physics))
            laid = r["board_laid"][: int(r["board_count"])].tolist()
            last[table] = Layout(
                board,
                tuple(
                    PlacedDisc(
                        d,
                        float(r["board_x"][d]),
                        float(r["board_y"][d]),
                        leaning=bool(r["board_lean"][d]),
                    )
                    for d in laid
                ),
            )
    return out


class _MatchLog:
    """While open, every shot a Match-path AEC environment plays is logged."""

    def __init__(self, shots: Shots) -> None:
        from flickboard.envs.aec import FlickboardAEC

        self.shots, self.cls, self.shoot = shots, FlickboardAEC, FlickboardAEC._shoot

    def __enter__(self) -> None:
        shoot, shots = self.shoot, self.shots

        def logged(
            env: FlickboardAEC, meant: Shot, noisy: bool = True, line: StartLine | None = None
        ) -> None:
            shoot(env, meant, noisy, line)
            step = env.last_step
            if step is not None and step.entry.record.shot is not None:
                record = step.entry.record
                assert record.shot is not None
                shots.append((record.layout, record.shot, record.shooter, env.match.params))

        self.cls._shoot = logged  # type: ignore[method-assign,assignment]

    def __exit__(self, *_: object) -> None:
        self.cls._shoot = self.shoot  # type: ignore[method-assign]


# -- the configurations -------------------------------------------------------------


def single_run(game: str, steps: int, seed: int, options: dict[str, Any]) -> Run:
    """``steps`` steps of the Gymnasium environment, uniform actions, new matches as
    needed; its shots (the opponents' too)."""
    from flickboard.envs.single import FlickboardEnv

    env = FlickboardEnv(game, **options)
    env.reset(seed=seed)
    actions = np.random.default_rng(seed).uniform(-1, 1, (steps, 4)).astype(np.float32)
    shots: Shots = []
    log: list[np.ndarray] = []
    if env.tables is not None:
        env.tables.log = log

    def work() -> int:
        for step in range(steps):
            _, _, terminated, truncated, _ = env.step(actions[step])
            if terminated or truncated:
                env.reset()
        return steps

    with _MatchLog(shots):
        run = _timed(work)
    if env.tables is not None:
        shots += table_shots(env.tables, log)
    run.shots = shots
    return run


class MLP:
    """A small numpy policy network (the observation, 64 tanh units, 4 tanh actions):
    what a learner's policy costs to call on a batch."""

    name = "mlp"

    def __init__(self, seed: int, hidden: int = 64) -> None:
        self.rng = np.random.default_rng(seed)
        self.hidden = hidden
        self.w1: npt.NDArray[np.float32] | None = None
        self.w2 = self.rng.normal(0, hidden**-0.5, (hidden, 4)).astype(np.float32)

    def act_batch(self, observations: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Actions of a batch of observations (the first layer sized by the first)."""
        if self.w1 is None:
            size = observations.shape[1]
            self.w1 = self.rng.normal(0, size**-0.5, (size, self.hidden)).astype(np.float32)
        out: npt.NDArray[np.float32] = np.tanh(np.tanh(observations @ self.w1) @ self.w2)
        return out

    def act(self, observation: npt.NDArray[np.float32], view: object) -> npt.NDArray[np.float32]:
        """The action of one observation (a policy of the Match path)."""
        action: npt.NDArray[np.float32] = self.act_batch(observation[None, :])[0]
        return action


def vector_run(game: str, tables: int, steps: int, seed: int, options: dict[str, Any]) -> Run:
    """``steps`` steps of ``tables`` batched tables (``vector_entry_point``)."""
    import gymnasium

    from flickboard.envs.registration import ENV_IDS
    from flickboard.envs.vector import FlickboardVectorEnv

    vec = gymnasium.make_vec(
        ENV_IDS[game], num_envs=tables, vectorization_mode="vector_entry_point", **options
    )
    unwrapped = vec.unwrapped
    assert isinstance(unwrapped, FlickboardVectorEnv) and unwrapped.tables is not None
    vec.reset(seed=seed)
    actions = np.random.default_rng(seed).uniform(-1, 1, (steps, tables, 4)).astype(np.float32)
    log: list[np.ndarray] = []
    unwrapped.tables.log = log

    def work() -> int:
        for step in range(steps):
            vec.step(actions[step])
        return steps * tables

    run = _timed(work)
    run.shots = table_shots(unwrapped.tables, log)
    vec.close()
    return run


def pettingzoo_run(game: str, steps: int, seed: int, parallel: bool) -> Run:
    """``steps`` shots of the PettingZoo AEC (or parallel) environment, uniform
    actions."""
    from flickboard.envs.aec import FlickboardAEC
    from flickboard.envs.parallel import FlickboardParallel

    rng = np.random.default_rng(seed)
    actions = rng.uniform(-1, 1, (steps, 4)).astype(np.float32)
    log: list[np.ndarray] = []
    if parallel:
        env: Any = FlickboardParallel(game, info="brief")
        aec = env.aec
    else:
        env = aec = FlickboardAEC(game, info="brief")
    assert aec.tables is not None
    aec.tables.log = log

    def work() -> int:
        done = 0
        if parallel:
            env.reset(seed=seed)
            while done < steps:
                if not env.agents:
                    env.reset()
                    continue
                env.step({a: actions[done] for a in env.agents})
                done += 1
            return done
        env.reset(seed=seed)
        while done < steps:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.reset()
                continue
            env.observe(agent)
            env.step(actions[done])
            done += 1
        return done

    run = _timed(work)
    run.shots = table_shots(aec.tables, log)
    return run


def selfplay_run(game: str, tables: int, steps: int, seed: int, options: dict[str, Any]) -> Run:
    """``steps`` steps of batched self-play (``tables`` tables), a numpy MLP driving
    every seat: one call a step."""
    from flickboard.envs.batched import BatchedSelfPlay

    env = BatchedSelfPlay(game, tables, **options)
    observations, _ = env.reset(seed=seed)
    policy = MLP(seed)
    log: list[np.ndarray] = []
    env.tables.log = log

    def work() -> int:
        nonlocal observations
        for _ in range(steps):
            observations, *_ = env.step(policy.act_batch(observations))
        return steps * tables

    run = _timed(work)
    run.shots = table_shots(env.tables, log)
    return run


def match_run(game: str, shots: int, seed: int) -> Run:
    """``shots`` shots of :meth:`Match.play` (uniform actions mapped to shots, new
    matches as needed), only the plays timed."""
    from flickboard.envs.actions import ActionMap
    from flickboard.play.kind import game_kind

    kind = game_kind(game)
    mapping = ActionMap.for_kind(kind)
    rng = np.random.default_rng(seed)
    match = kind.new_match()
    log: Shots = []
    cpu = wall = 0.0
    for _ in range(shots):
        if match.over:
            match = kind.new_match()
        view = match.view()
        shot = mapping.shot(view, rng.uniform(-1, 1, 4))
        seat = view.turn.seat
        layout, shooter = match.position.layout, view.turn.disc
        w, c = time.perf_counter(), time.thread_time()
        match.play(shot, seat)
        cpu += time.thread_time() - c
        wall += time.perf_counter() - w
        log.append((layout, shot, shooter, match.params))
    return Run(shots, cpu, wall, log)


def _best(make: Callable[[], Run], rounds: int) -> tuple[Run, float]:
    """The run with the least CPU time of ``rounds`` and the bare simulations' least
    time of its shots (interleaved)."""
    best: Run | None = None
    sim = float("inf")
    for _ in range(rounds):
        run = make()
        if best is None or run.cpu < best.cpu:
            best = run
        sim = min(sim, bare(run.shots))
    assert best is not None
    return best, sim


SINGLE: list[tuple[str, str, dict[str, Any]]] = [
    ("crokinole singles, WCC", "crokinole", {}),
    ("crokinole singles, NCA", "crokinole", {"rules": "nca"}),
    ("crokinole singles, Depot", "crokinole", {"rules": "depot"}),
    ("crokinole singles, Depot direct hit", "crokinole", {"rules": "depot", "options": {"direct_hit": True}}),
    ("crokinole singles, Depot outer line in play", "crokinole", {"rules": "depot", "options": {"outer_line_in_play": True}}),
    ("crokinole singles, Depot conventional (race to 100)", "crokinole", {"rules": "depot", "options": {"scoring": "conventional"}}),
    ("crokinole singles, fair rules", "crokinole", {"rules": "fair"}),
    ("crokinole doubles", "crokinole", {"players": 4}),
    ("crokinole singles, competitive noise", "crokinole", {"noise": "competitive"}),
    ("crokinole doubles, competitive noise", "crokinole", {"players": 4, "noise": "competitive"}),
    ("crokinole singles, start over the whole line, novice noise", "crokinole", {"start": "line", "noise": "novice"}),
    ("crokinole singles, 2 games", "crokinole", {"games": 2}),
    ("crokinole singles, best of three", "crokinole", {"best_of_three": True}),
    ("crokinole singles v the built-in random player", "crokinole", {"opponent": "random"}),
    ("crokinole singles v a numpy MLP (act_batch)", "crokinole", {"opponent": "mlp"}),
    ("crokinole singles, full info (the Match path)", "crokinole", {"info": "full"}),
    ("table shuffleboard singles", "shuffleboard", {}),
    ("table shuffleboard doubles", "shuffleboard", {"players": 4}),
    ("table shuffleboard singles, competitive noise", "shuffleboard", {"noise": "competitive"}),
    ("table shuffleboard, best of three", "shuffleboard", {"best_of_three": True}),
    ("table shuffleboard singles v the built-in random player", "shuffleboard", {"opponent": "random"}),
    ("table shuffleboard singles, full info (the Match path)", "shuffleboard", {"info": "full"}),
]  # fmt: skip
"""The Gymnasium configurations: name, game, options (the uniform policy as the
opponent and ``info="brief"`` unless said)."""


def _single_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    from flickboard.envs.policies import UniformPolicy

    opponent = options.get("opponent", "uniform")
    made: Any = {
        "uniform": lambda seed: UniformPolicy(seed),
        "mlp": MLP(7),
    }.get(opponent, opponent)
    return {"info": "brief", **options, "opponent": made}


def run(s: Settings, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every measurement, JSON-ready."""
    say = progress or (lambda _: None)
    from flickboard.envs.policies import UniformPolicy

    out: dict[str, Any] = {
        "settings": {
            "steps": s.steps, "batch_steps": s.batch_steps, "tables": s.tables,
            "match_shots": s.match_shots, "rounds": s.rounds, "selfplay_pairs": s.selfplay_pairs,
            "selfplay_policy": s.selfplay_policy, "workers": list(s.workers), "seed": s.seed,
        },
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
    }  # fmt: skip
    rows: list[dict[str, Any]] = []

    def measure(kind: str, name: str, make: Callable[[], Run], aim: float, **facts: Any) -> None:
        say(name)
        make()  # compiled and warm
        run, sim = _best(make, s.rounds)
        shots = len(run.shots)
        row = {
            "kind": kind, "name": name, **facts, "count": run.count, "shots": shots,
            "cpu_s": run.cpu, "wall_s": run.wall, "simulate_cpu_s": sim,
            "ratio": sim / run.cpu if run.cpu else 0.0, "aim": aim,
            "per_second_cpu": run.count / run.cpu if run.cpu else 0.0,
        }  # fmt: skip
        row["met"] = row["ratio"] >= aim
        rows.append(row)

    for name, game, options in SINGLE:
        made = _single_options(game, options)
        measure(
            "single", name, partial(single_run, game, s.steps, s.seed, made), STEP_AIM,
            game=game,
        )  # fmt: skip
    for game in ("crokinole", "shuffleboard"):
        for opponent, extra in (
            ("uniform", {"opponent": lambda seed: UniformPolicy(seed)}),
            ("batched", {"opponent": MLP(7)}),
            ("noise", {"opponent": lambda seed: UniformPolicy(seed), "noise": "competitive"}),
        ):
            options = {"info": "brief", **extra}
            label = {"uniform": "v the uniform policy", "batched": "v a numpy MLP (one call)",
                     "noise": "v the uniform policy, competitive noise"}[opponent]  # fmt: skip
            measure(
                "vector", f"{game}, {s.tables} tables, {label}",
                partial(vector_run, game, s.tables, s.batch_steps, s.seed, options),
                STEP_AIM, game=game, opponent=opponent, tables=s.tables,
                steps_aim=VECTOR_AIMS[(game, opponent)],
            )  # fmt: skip
        for parallel in (False, True):
            form = "parallel" if parallel else "AEC"
            measure(
                "pettingzoo", f"{game}, PettingZoo {form}",
                partial(pettingzoo_run, game, s.steps, s.seed, parallel), STEP_AIM,
                game=game,
            )  # fmt: skip
    for noise in (None, "competitive"):
        options = {} if noise is None else {"noise": noise}
        measure(
            "selfplay", f"crokinole, {s.tables} tables, an MLP on both seats"
            + ("" if noise is None else ", competitive noise"),
            partial(selfplay_run, "crokinole", s.tables, s.batch_steps, s.seed, options),
            STEP_AIM, game="crokinole", tables=s.tables, shots_aim=SELFPLAY_AIM,
        )  # fmt: skip
    for game in ("crokinole", "shuffleboard"):
        measure(
            "match", f"{game}, Match.play", partial(match_run, game, s.match_shots, s.seed),
            MATCH_AIM, game=game,
        )  # fmt: skip
    for row in rows:
        if "steps_aim" in row:
            row["met"] = row["met"] and row["per_second_cpu"] >= row["steps_aim"]
        if "shots_aim" in row:
            shots_per_second = row["shots"] / row["cpu_s"] if row["cpu_s"] else 0.0
            row["shots_per_second_cpu"] = shots_per_second
            row["met"] = row["met"] and shots_per_second >= row["shots_aim"]
    out["configurations"] = rows
    selfplay: dict[str, Any] = {}
    if s.selfplay_pairs:
        for workers in s.workers:
            say(f"self-play on Ray, {workers} worker(s)")
            rate = selfplay_games("crokinole", workers, s.selfplay_pairs, s.selfplay_policy, s.seed)
            selfplay[str(workers)] = rate
    out["selfplay_games"] = selfplay
    return out


def selfplay_games(game: str, workers: int, pairs: int, policy: str, seed: int) -> dict[str, Any]:
    """Self-play games per second on a local Ray cluster of ``workers`` CPUs (start-up
    and a warm-up pair per worker not timed; the driver's CPU says nothing of the
    workers', so wall clock)."""
    from flickboard.envs.selfplay import SelfPlay
    from flickboard.envs.selfplay import run as selfplay_run_jobs
    from flickboard.evaluation.jobs import RaySettings, ray_session

    with ray_session(RaySettings(), workers):
        warm = SelfPlay(game, policy, policy, pairs=workers, seed=seed + 99_999)
        selfplay_run_jobs(warm, workers=workers, ray=RaySettings())
        settings = SelfPlay(game, policy, policy, pairs=pairs, seed=seed)
        timed = _timed(
            lambda: selfplay_run_jobs(settings, workers=workers, ray=RaySettings())[0].games
        )
    return {
        "games": timed.count,
        "per_second_wall": timed.count / timed.wall if timed.wall else 0.0,
    }


def report(result: dict[str, Any]) -> str:
    """A short text report: each configuration's rate and its ratio to bare simulate."""
    lines = [f"Environment bench ({result['cpus']} CPUs seen, CPU time of this thread)"]
    for row in result["configurations"]:
        unit = "steps/s" if row["kind"] != "match" else "plays/s"
        rate = f"{row['per_second_cpu']:,.0f} {unit}"
        if "shots_per_second_cpu" in row:
            rate = f"{row['shots_per_second_cpu']:,.0f} shots/s"
        cost = 1 / row["ratio"] if row["ratio"] else float("inf")
        lines.append(
            f"  {row['name']}: {rate}; ratio to bare simulate {row['ratio']:.2f} "
            f"({cost:.2f} simulations a shot); {'met' if row['met'] else 'NOT met'}"
        )
    for workers, g in result["selfplay_games"].items():
        lines.append(
            f"  self-play on Ray, {workers} worker(s): {g['per_second_wall']:.2f} games/s wall"
        )
    return "\n".join(lines)


__all__ = ["MLP", "Settings", "report", "run"]
