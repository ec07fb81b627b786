"""Environment benchmark: what an environment step costs, and self-play on Ray.

Steps and shots are timed ``rounds`` times, interleaved, and the best CPU time of each
kept (the machine may be shared with other work).

1. **Steps per second on one core**: the AEC environment (singles) stepped with uniform
   random actions, against the bare :func:`~flickboard.physics.simulate` rate of the
   very same shots (their layouts and shots, recorded during the run and simulated again
   alone). The ratio is what the rest of a step costs: the referee, the match, the
   action mapping and the observation. The step is timed with ``info="brief"`` (the
   fast step) and with ``info="full"`` (the referee's sentences and the events in
   ``info``). Wall-clock and CPU time are both reported (on a machine shared with other
   work the CPU rate is the steadier one).
   For crokinole the single-agent Gymnasium environment on a **fast table**
   (:mod:`flickboard.envs.fasttable`: ``info="brief"``, no noise, the uniform policy as
   the opponent) is timed too, against the bare ``simulate`` of its very shots (both
   sides'): a step there is the agent's shot and the opponent's, so the cost is given
   per shot and per step.
2. **Vector form**: ``gymnasium.make_vec`` of the single-agent environment against the
   random opponent, synchronous and asynchronous (a process per environment).
3. **Batched environment**: ``gymnasium.make_vec(..., vectorization_mode=
   "vector_entry_point")`` (:class:`~flickboard.envs.vector.FlickboardVectorEnv`) of
   crokinole, the uniform policy against the uniform policy, steps per second on one
   core (CPU time of the thread), with the bare batch physics
   (:func:`~flickboard.physics.batch.simulate_batch`, one call a shot) of the very same
   shots beside it (every shot of the run, the opponent's too, replayed from a second
   identical run), and the physics kernel alone on all of them in one compiled call: the
   share of a step's time the physics takes.
4. **Self-play games per second** with 1 and 2 Ray workers (a local cluster on loopback
   started for each; start-up and a warm-up pair per worker are not timed).

Run with ``flickboard bench envs`` or ``python bench/envs.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from flickboard.physics import Layout, PhysicsParams, Shot, simulate
from flickboard.physics.jit import njit
from flickboard.physics.kernel import run_shot

if TYPE_CHECKING:
    from flickboard.envs.single import FlickboardEnv


@dataclass(frozen=True, slots=True)
class Settings:
    """What to run: timed steps per game, vector steps, Ray self-play pairs and workers."""

    games: tuple[str, ...] = ("crokinole", "shuffleboard")
    steps: int = 3000
    rounds: int = 3
    vector_envs: int = 2
    vector_steps: int = 400
    batched_envs: int = 64
    batched_steps: int = 300
    selfplay_pairs: int = 8
    selfplay_policy: str = "uniform"
    workers: tuple[int, ...] = (1, 2)
    seed: int = 1


@dataclass
class Rate:
    """Work done and the wall-clock and CPU seconds it took."""

    count: int
    wall: float
    cpu: float

    def summary(self) -> dict[str, float | int]:
        """Per second, by wall clock and by CPU."""
        return {
            "count": self.count,
            "per_second_wall": self.count / self.wall if self.wall else 0.0,
            "per_second_cpu": self.count / self.cpu if self.cpu else 0.0,
        }


def _timed(work: Callable[[], int]) -> Rate:
    wall, cpu = time.perf_counter(), time.thread_time()
    count = work()
    return Rate(count, time.perf_counter() - wall, time.thread_time() - cpu)


@dataclass
class ShotLog:
    """The inputs of every simulated shot of an environment run."""

    shots: list[tuple[Layout, Shot, int, PhysicsParams]] = field(default_factory=list)


def env_steps(
    game: str, steps: int, seed: int, log: ShotLog | None = None, info: str = "brief"
) -> Rate:
    """``steps`` AEC steps of singles with uniform random actions (new matches as needed)."""
    from flickboard.envs.aec import FlickboardAEC

    env = FlickboardAEC(game, info=info)  # type: ignore[arg-type]
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = rng.uniform(-1, 1, (steps, 4)).astype(np.float32)

    def work() -> int:
        done = 0
        while done < steps:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.reset()
                continue
            env.observe(agent)
            env.step(actions[done])
            done += 1
            if log is not None and env.last_step is not None:
                record = env.last_step.entry.record
                assert record.shot is not None
                log.shots.append((record.layout, record.shot, record.shooter, env.match.params))
        return done

    return _timed(work)


def fast_env(game: str) -> FlickboardEnv:
    """The single-agent environment as the fast-table run plays it (the uniform policy
    as opponent, ``info="brief"``)."""
    from flickboard.envs.policies import UniformPolicy
    from flickboard.envs.single import FlickboardEnv

    return FlickboardEnv(game, opponent=lambda s: UniformPolicy(s), info="brief")


def fast_env_steps(game: str, steps: int, seed: int, log: ShotLog | None = None) -> Rate:
    """``steps`` steps of the single-agent environment on a fast table (uniform actions,
    the uniform policy as opponent, ``info="brief"``); ``log`` gets every shot."""
    env = fast_env(game)
    env.reset(seed=seed)
    assert env.fast, "no fast table for this setup"
    actions = np.random.default_rng(seed).uniform(-1, 1, (steps, 4)).astype(np.float32)

    def work() -> int:
        for step in range(steps):
            _, _, terminated, truncated, _ = env.step(actions[step])
            if terminated or truncated:
                env.reset()
        return steps

    with _logged_tables(log):
        return _timed(work)


class _logged_tables:  # noqa: N801 (a context manager used as a function)
    """While open, every fast table shot goes into ``log`` (its layout, shot, shooter);
    a single environment's steps are then played by ``play_steps`` (the same shots, one
    compiled call a shot) so that each shot is seen."""

    def __init__(self, log: ShotLog | None) -> None:
        from flickboard.envs.fasttable import FastTables

        self.log, self.cls = log, FastTables
        self.shoot, self.step_one = FastTables.shoot, FastTables.step_one

    def __enter__(self) -> None:
        if self.log is None:
            return
        from flickboard.envs import fasttable as ft
        from flickboard.physics.layout import PlacedDisc

        shoot, log = self.shoot, self.log

        def logged(tables: ft.FastTables, rows: Any, actions: Any, mine: Any) -> ft.Shots:
            before = [
                (tables.x[t].copy(), tables.y[t].copy(), tables.lean[t].copy(), tables.on[t].copy())
                for t in rows.tolist()
            ]
            done = shoot(tables, rows, actions, mine)
            for (x, y, lean, on), r in zip(before, done.results.tolist(), strict=True):
                discs = tuple(
                    PlacedDisc(d, float(x[d]), float(y[d]), leaning=bool(lean[d]))
                    for d in np.flatnonzero(on).tolist()
                )
                layout = Layout(tables.layout_board, discs)
                shot = Shot(r[ft.R_X], r[ft.R_Y], r[ft.R_ANGLE], r[ft.R_SPEED], r[ft.R_SPIN])
                log.shots.append((layout, shot, int(r[ft.R_DISC]), tables.physics))
            return done

        def one(
            tables: ft.FastTables, table: int, action: Any, mine: int, given: object = None
        ) -> tuple[Any, float, ft.BriefShots]:
            rows, sides = np.array([table]), np.array([mine])
            actions = None if action is None else action[None, :]
            steps = ft.play_steps(tables, rows, actions, sides, [None])
            return steps.observations[0], float(steps.rewards[0]), steps.shots[0]

        self.cls.shoot = logged  # type: ignore[method-assign,assignment]
        self.cls.step_one = one  # type: ignore[method-assign,assignment]

    def __exit__(self, *_: object) -> None:
        self.cls.shoot = self.shoot  # type: ignore[method-assign]
        self.cls.step_one = self.step_one  # type: ignore[method-assign]


def simulate_rate(log: ShotLog) -> Rate:
    """The same shots simulated again, alone."""

    def work() -> int:
        for layout, shot, shooter, params in log.shots:
            simulate(layout, shot, shooter=shooter, params=params)
        return len(log.shots)

    return _timed(work)


def vector_steps(game: str, envs: int, steps: int, mode: str, seed: int) -> Rate:
    """``steps`` steps of ``envs`` single-agent environments in gymnasium's vector form."""
    import gymnasium

    from flickboard.envs.registration import ENV_IDS

    vec = gymnasium.make_vec(ENV_IDS[game], num_envs=envs, vectorization_mode=mode)
    vec.reset(seed=seed)
    rng = np.random.default_rng(seed)

    def work() -> int:
        for _ in range(steps):
            vec.step(rng.uniform(-1, 1, (envs, 4)).astype(np.float32))
        return steps * envs

    try:
        vec.step(rng.uniform(-1, 1, (envs, 4)).astype(np.float32))  # workers warm
        return _timed(work)
    finally:
        vec.close()


def batched_steps(game: str, envs: int, steps: int, seed: int, log: ShotLog | None = None) -> Rate:
    """``steps`` steps of the batched environment of ``envs`` tables, the uniform policy
    against the uniform policy; ``log`` gets every shot played (the opponent's too)."""
    import gymnasium

    from flickboard.envs.aec import FlickboardAEC
    from flickboard.envs.policies import UniformPolicy
    from flickboard.envs.registration import ENV_IDS

    vec = gymnasium.make_vec(
        ENV_IDS[game],
        num_envs=envs,
        vectorization_mode="vector_entry_point",
        opponent=lambda seed: UniformPolicy(seed),
        info="brief",
    )
    vec.reset(seed=seed)
    actions = np.random.default_rng(seed).uniform(-1, 1, (steps, envs, 4)).astype(np.float32)
    shoot = FlickboardAEC._shoot  # tables not on fast tables (shuffleboard) are logged here

    def logged(self: FlickboardAEC, *args: Any, **kwargs: Any) -> None:
        shoot(self, *args, **kwargs)
        if log is not None and self.last_step is not None:
            record = self.last_step.entry.record
            assert record.shot is not None
            log.shots.append((record.layout, record.shot, record.shooter, self.match.params))

    def work() -> int:
        for step in range(steps):
            vec.step(actions[step])
        return steps * envs

    FlickboardAEC._shoot = logged  # type: ignore[method-assign]
    try:
        with _logged_tables(log):
            return _timed(work)
    finally:
        FlickboardAEC._shoot = shoot  # type: ignore[method-assign]
        vec.close()


def batch_physics_rate(log: ShotLog) -> Rate:
    """The same shots through the batch physics (one compiled call a shot: each has its
    own layout), bare: no record, no ruling."""
    from flickboard.physics.batch import simulate_batch

    def work() -> int:
        for layout, shot, shooter, params in log.shots:
            simulate_batch(layout, [shot], shooter=shooter, params=params)
        return len(log.shots)

    return _timed(work)


@njit(cache=True)
def _replay(
    board: np.ndarray, params: np.ndarray, rows: np.ndarray, offsets: np.ndarray, shots: np.ndarray
) -> int:
    """Every shot through the physics kernel, each from its own layout, in one call."""
    events = 0
    for s in range(shots.shape[0]):
        _, _, ev, _, _ = run_shot(board, params, rows[offsets[s] : offsets[s + 1]], shots[s], False)
        events += ev.shape[0]
    return events


def kernel_rate(log: ShotLog) -> Rate:
    """The same shots through the physics kernel alone, all in one compiled call (what
    a step's physics costs with no Python around it)."""
    from flickboard.physics.codes import board_array, params_array
    from flickboard.physics.engine import shot_array

    layout, _, _, params = log.shots[0]
    board, physics = board_array(layout.board), params_array(params)
    rows = [lay.kernel_rows()[0] for lay, _, _, _ in log.shots]
    offsets = np.zeros(len(rows) + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(r) for r in rows])
    table = np.concatenate(rows) if rows else np.empty((0, 3))
    shots = np.array([shot_array(shot) for _, shot, _, _ in log.shots])
    _replay(board, physics, table[:0], offsets[:2] * 0, shots[:1])  # compiled and warm
    return _timed(lambda: (_replay(board, physics, table, offsets, shots), len(shots))[1])


def selfplay_games(game: str, workers: int, pairs: int, policy: str, seed: int) -> Rate:
    """Self-play games per second on a local Ray cluster of ``workers`` CPUs."""
    from flickboard.envs.selfplay import SelfPlay, run
    from flickboard.evaluation.jobs import RaySettings, ray_session

    with ray_session(RaySettings(), workers):
        warm = SelfPlay(game, policy, policy, pairs=workers, seed=seed + 99_999)
        run(warm, workers=workers, ray=RaySettings())
        settings = SelfPlay(game, policy, policy, pairs=pairs, seed=seed)
        return _timed(lambda: run(settings, workers=workers, ray=RaySettings())[0].games)


def _best(a: Rate, b: Rate) -> Rate:
    """The run of the two with the less CPU time."""
    return a if a.cpu <= b.cpu else b


def run(s: Settings, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every measurement, JSON-ready."""
    say = progress or (lambda _: None)
    import os

    out: dict[str, Any] = {
        "settings": _settings_json(s),
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),  # other work on the machine at the start
    }
    steps: dict[str, Any] = {}
    for game in s.games:
        say(f"{game}: environment steps")
        env_steps(game, 50, s.seed + 1)  # kernels compiled and warm
        log = ShotLog()
        env = env_steps(game, s.steps, s.seed, log)
        full = env_steps(game, s.steps, s.seed, info="full")
        bare = simulate_rate(log)
        for _ in range(s.rounds - 1):  # interleaved, the best CPU time of each kept
            env = _best(env, env_steps(game, s.steps, s.seed))
            full = _best(full, env_steps(game, s.steps, s.seed, info="full"))
            bare = _best(bare, simulate_rate(log))
        fast = _fast_steps(game, s)
        steps[game] = {
            **({"fast_table": fast} if fast else {}),
            "env": env.summary(),
            "env_full_info": full.summary(),
            "simulate": bare.summary(),
            "env_over_simulate_wall": (env.count / env.wall) / (bare.count / bare.wall),
            "env_over_simulate_cpu": (env.count / env.cpu) / (bare.count / bare.cpu),
            "step_in_simulations_cpu": (env.cpu / env.count) / (bare.cpu / bare.count),
            "full_step_in_simulations_cpu": (full.cpu / full.count) / (bare.cpu / bare.count),
        }
    out["steps"] = steps
    vector: dict[str, Any] = {}
    if s.vector_steps:
        for mode in ("sync", "async"):
            say(f"vector form ({mode})")
            rate = vector_steps(s.games[0], s.vector_envs, s.vector_steps, mode, s.seed)
            vector[mode] = {"envs": s.vector_envs, **rate.summary()}
    out["vector"] = vector
    if s.batched_steps:
        game = s.games[0]
        say(f"batched environment, {s.batched_envs} tables")
        batched_steps(game, 2, 2, s.seed + 1)  # compiled and warm
        rate = batched_steps(game, s.batched_envs, s.batched_steps, s.seed)
        log = ShotLog()
        batched_steps(game, s.batched_envs, s.batched_steps, s.seed, log)
        batch_physics_rate(ShotLog(log.shots[:20]))  # compiled and warm
        physics = batch_physics_rate(log)
        kernel = kernel_rate(log)
        for _ in range(s.rounds - 1):
            rate = _best(rate, batched_steps(game, s.batched_envs, s.batched_steps, s.seed))
            physics = _best(physics, batch_physics_rate(log))
            kernel = _best(kernel, kernel_rate(log))
        out["batched"] = {
            "game": game,
            "envs": s.batched_envs,
            "steps": rate.summary(),
            "shots": len(log.shots),
            "batch_physics": physics.summary(),
            "batch_physics_steps_per_second_cpu": (
                rate.count / physics.cpu if physics.cpu else 0.0
            ),
            "kernel": kernel.summary(),
            "kernel_steps_per_second_cpu": rate.count / kernel.cpu if kernel.cpu else 0.0,
            "physics_share_cpu": (
                (kernel.cpu / kernel.count) / (rate.cpu / len(log.shots)) if rate.cpu else 0.0
            ),
        }
    selfplay: dict[str, Any] = {}
    if s.selfplay_pairs:
        for workers in s.workers:
            say(f"self-play on Ray, {workers} worker(s)")
            rate = selfplay_games(s.games[0], workers, s.selfplay_pairs, s.selfplay_policy, s.seed)
            selfplay[str(workers)] = {  # the driver's CPU says nothing of the workers'
                "games": rate.count,
                "per_second_wall": rate.count / rate.wall if rate.wall else 0.0,
            }
    out["selfplay_games"] = selfplay
    return out


def _fast_steps(game: str, s: Settings) -> dict[str, Any] | None:
    """The single-agent environment on a fast table against the bare ``simulate`` of its
    shots (None for a game with no fast table)."""
    probe = fast_env(game)
    probe.reset(seed=s.seed)
    if not probe.fast:
        return None
    fast_env_steps(game, 50, s.seed + 1)  # compiled and warm
    log = ShotLog()
    env = fast_env_steps(game, s.steps, s.seed, log)
    bare = simulate_rate(log)
    for _ in range(s.rounds - 1):
        env = _best(env, fast_env_steps(game, s.steps, s.seed))
        bare = _best(bare, simulate_rate(log))
    shots = len(log.shots)
    per_shot = bare.cpu / bare.count
    return {
        "env": env.summary(),
        "shots": shots,
        "simulate": bare.summary(),
        "shot_in_simulations_cpu": (env.cpu / shots) / per_shot,
        "step_in_simulations_cpu": (env.cpu / env.count) / per_shot,
    }


def _settings_json(s: Settings) -> dict[str, Any]:
    return {
        "games": list(s.games),
        "steps": s.steps,
        "rounds": s.rounds,
        "vector_envs": s.vector_envs,
        "vector_steps": s.vector_steps,
        "batched_envs": s.batched_envs,
        "batched_steps": s.batched_steps,
        "selfplay_pairs": s.selfplay_pairs,
        "selfplay_policy": s.selfplay_policy,
        "workers": list(s.workers),
        "seed": s.seed,
    }


def report(result: dict[str, Any]) -> str:
    """A short text report."""
    lines = [f"Environment bench ({result['cpus']} CPUs seen)"]
    for game, r in result["steps"].items():
        env, bare = r["env"], r["simulate"]
        lines.append(
            f"  {game}: {env['per_second_wall']:,.0f} env steps/s wall "
            f"({env['per_second_cpu']:,.0f}/s CPU); bare simulate "
            f"{bare['per_second_wall']:,.0f}/s wall ({bare['per_second_cpu']:,.0f}/s CPU); "
            f"a step costs {r['step_in_simulations_cpu']:.1f} bare simulations (CPU), "
            f"{r['full_step_in_simulations_cpu']:.1f} with full info"
        )
        fast = r.get("fast_table")
        if fast:
            lines.append(
                f"    on a fast table: {fast['env']['per_second_cpu']:,.0f} steps/s CPU "
                f"({fast['shots'] / fast['env']['count']:.2f} shots a step); a shot costs "
                f"{fast['shot_in_simulations_cpu']:.2f} bare simulations (CPU), a step "
                f"{fast['step_in_simulations_cpu']:.2f}"
            )
    for mode, v in result["vector"].items():
        lines.append(
            f"  vector ({mode}, {v['envs']} envs): {v['per_second_wall']:,.0f} steps/s wall"
        )
    batched = result.get("batched")
    if batched:
        lines.append(
            f"  batched ({batched['game']}, {batched['envs']} tables): "
            f"{batched['steps']['per_second_cpu']:,.0f} steps/s CPU; the same "
            f"{batched['shots']:,} shots in bare batch physics: "
            f"{batched['batch_physics']['per_second_cpu']:,.0f} shots/s CPU "
            f"({batched['batch_physics_steps_per_second_cpu']:,.0f} steps' worth/s); the "
            f"kernel alone in one call: {batched['kernel_steps_per_second_cpu']:,.0f} steps' "
            f"worth/s, {100 * batched['physics_share_cpu']:.0f} % of a step"
        )
    for workers, g in result["selfplay_games"].items():
        lines.append(
            f"  self-play on Ray, {workers} worker(s): {g['per_second_wall']:.2f} games/s wall"
        )
    return "\n".join(lines)
