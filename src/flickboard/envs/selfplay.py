"""Self-play data: paired games between two policies, every shot a row, on any workers.

A job is one pair of games (the same seeds, colours and hammer swapped) played on the
shared harness (:func:`flickboard.evaluation.harness.pair_game`) by two
:class:`~flickboard.envs.policies.PolicyPlayer`\\ s, so each row holds exactly the
observation and action the environments would give and take. Pair ``k`` is seeded by
``seed + k`` alone, and the rows come back in pair order: the data for a seed are the
same on one process or on a Ray cluster of any size (:mod:`flickboard.evaluation.jobs`).

Columns (:data:`SCHEMA`; Parquet via pyarrow, or a numpy ``.npz`` file):

==============  ===============  ============================================================
pair            int32            the pair of games (0-based)
game            int8             0: A played red (the first side), 1: B did
shot            int32            shot of the game (0-based)
round           int16            round (frame) of the game the shot was in (1-based)
seat            int8             the shooter's seat
side            int8             the shooter's side (0 red...)
player          int8             0: policy A shot, 1: policy B
observation     float32[N]       the shooter's observation (docs/envs.md; N by the game)
action          float32[4]       the action meant: the policy's (start, angle, speed, spin)
played          float32[4]       the action naming the shot played, after the execution
                                 noise (clipped to the box)
reward          float32          the shooter's side's reward from rounds this shot ended
                                 (round differential)
side_rewards    float32[2]       every side's reward from rounds this shot ended (red,
                                 green): a side's column summed over a game's rows is its
                                 return, whoever shot
valid           bool             the referee ruled the shot valid
start_moved     bool             the start had to move to the nearest legal one
outcome         float32          the game's result for the shooter's side: 1 won, 0.5 tied,
                                 0 lost
==============  ===============  ============================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from flickboard.envs.aec import side_rewards
from flickboard.envs.policies import PolicyPlayer, baseline
from flickboard.errors import InvalidInput
from flickboard.evaluation.harness import PairStats, pair_game
from flickboard.evaluation.jobs import RaySettings, run_jobs
from flickboard.play.driver import Observer
from flickboard.play.match import Match, Step
from flickboard.play.view import Player

Columns = dict[str, npt.NDArray[Any]]

SCHEMA: tuple[tuple[str, str], ...] = (
    ("pair", "int32"),
    ("game", "int8"),
    ("shot", "int32"),
    ("round", "int16"),
    ("seat", "int8"),
    ("side", "int8"),
    ("player", "int8"),
    ("observation", "float32"),
    ("action", "float32"),
    ("played", "float32"),
    ("reward", "float32"),
    ("side_rewards", "float32"),
    ("valid", "bool"),
    ("start_moved", "bool"),
    ("outcome", "float32"),
)
"""Column names and numpy types (:data:`ROWS` are fixed-size rows)."""

ROWS = ("observation", "action", "played", "side_rewards")
"""The columns whose every row is an array."""


@dataclass(frozen=True, slots=True)
class SelfPlay:
    """What to play: policy A against policy B (baseline names: ``random``,
    ``heuristic``, ``planner``, ``search``, with ``:LEVEL``), ``pairs`` pairs of games
    of ``game`` from ``seed``, executed with ``noise`` (a skill level, or None)."""

    game: str = "crokinole"
    a: str = "heuristic"
    b: str = "heuristic"
    pairs: int = 10
    seed: int = 1
    noise: str | None = "competitive"


@dataclass
class Recorder(Observer):
    """Keeps a row for every shot a :class:`PolicyPlayer` plays."""

    pair: int
    a: Player
    rows: dict[str, list[Any]] = field(default_factory=lambda: {n: [] for n, _ in SCHEMA})
    game: int = 0
    shots: int = 0
    started: int = 0

    def start(self, game: int) -> None:
        """A new game of the pair begins."""
        self.game, self.shots, self.started = game, 0, len(self.rows["pair"])

    def on_shot(self, match: Match, step: Step, player: Player) -> None:
        """One row: what the shooter saw and did, and what it earned."""
        assert isinstance(player, PolicyPlayer) and player.last is not None
        turn = step.entry.turn
        rows = self.rows
        rows["pair"].append(self.pair)
        rows["game"].append(self.game)
        rows["shot"].append(self.shots)
        rows["round"].append(step.round)
        rows["seat"].append(turn.seat)
        rows["side"].append(turn.side)
        rows["player"].append(0 if player is self.a else 1)
        rows["observation"].append(player.last.observation)
        rows["action"].append(player.last.action)
        rows["played"].append(player.last.played)
        sides = side_rewards(step.rounds_ended, match.sides, "differential")
        rows["reward"].append(sides[turn.side])
        rows["side_rewards"].append(np.asarray(sides, dtype=np.float32))
        rows["valid"].append(step.ruling.valid)
        rows["start_moved"].append(player.last.start_problem is not None)
        rows["outcome"].append(0.0)
        self.shots += 1

    def finish(self, a_result: float) -> None:
        """Fill in the game's result for every row of it (A's: 1, 0.5 or 0)."""
        rows = self.rows
        for k in range(self.started, len(rows["pair"])):
            rows["outcome"][k] = a_result if rows["player"][k] == 0 else 1.0 - a_result


def pair_job(job: tuple[SelfPlay, int]) -> tuple[PairStats, Columns]:
    """One pair of games (pair ``k``): A's stats and the rows of both games."""
    s, k = job
    stats = PairStats()
    a = PolicyPlayer(baseline(s.a, s.game, s.seed + k), s.game, noise=s.noise, seed=s.seed + k)
    b_seed = s.seed + k + 10_000
    b = PolicyPlayer(baseline(s.b, s.game, b_seed), s.game, noise=s.noise, seed=b_seed)
    recorder = Recorder(k, a)
    for game, a_first in enumerate((True, False)):
        recorder.start(game)
        before = stats.a_score
        pair_game(s.game, a, b, a_first, stats, recorder)
        recorder.finish(stats.a_score - before)
    return stats, columns(recorder.rows)


def columns(rows: dict[str, list[Any]]) -> Columns:
    """Rows as typed numpy columns (:data:`ROWS` as 2-d arrays)."""
    out: Columns = {}
    for name, dtype in SCHEMA:
        values = rows[name]
        if name in ROWS and values:
            out[name] = np.stack(values).astype(dtype)
        else:
            out[name] = np.asarray(values, dtype=dtype)
    return out


def concat(parts: list[Columns]) -> Columns:
    """Columns of several jobs, one after the other."""
    return {name: np.concatenate([p[name] for p in parts]) for name, _ in SCHEMA}


def run(
    settings: SelfPlay,
    *,
    workers: int = 1,
    ray: RaySettings | None = None,
    on_pair: Callable[[], None] | None = None,
) -> tuple[PairStats, Columns]:
    """Every pair of games, spread over ``workers`` (on Ray when ``ray`` is given): A's
    stats and the rows, in pair order."""
    if settings.pairs < 1:
        raise InvalidInput(f"pairs must be at least 1, not {settings.pairs}")
    baseline(settings.a, settings.game)  # a bad name fails here, not on a worker
    baseline(settings.b, settings.game)
    jobs = [(settings, k) for k in range(settings.pairs)]
    results = run_jobs(pair_job, jobs, workers=workers, ray=ray, on_done=on_pair)
    stats = PairStats()
    for pair_stats, _ in results:
        stats.add(pair_stats)
    return stats, concat([c for _, c in results])


def write(path: Path, data: Columns) -> None:
    """Write the columns: Parquet (``.parquet``, needs pyarrow) or numpy (``.npz``)."""
    if path.suffix == ".npz":
        np.savez_compressed(path, **data)  # type: ignore[arg-type]
        return
    if path.suffix != ".parquet":
        raise InvalidInput(f"self-play data is written as .parquet or .npz, not {path.name!r}")
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise InvalidInput(
            "Parquet needs pyarrow: pip install 'flickboard[ray]', or write .npz"
        ) from None
    arrays = {}
    for name, _ in SCHEMA:
        values = data[name]
        if values.ndim == 2:
            flat = pa.array(values.reshape(-1))
            arrays[name] = pa.FixedSizeListArray.from_arrays(flat, values.shape[1])
        else:
            arrays[name] = pa.array(values)
    pq.write_table(pa.table(arrays), path)


def read(path: Path) -> Columns:
    """Read columns written by :func:`write`."""
    if path.suffix == ".npz":
        with np.load(path) as data:
            return {name: data[name] for name, _ in SCHEMA}
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    out: Columns = {}
    for name, dtype in SCHEMA:
        column = table.column(name).combine_chunks()
        if name in ROWS:
            width = column.type.list_size
            out[name] = column.flatten().to_numpy().reshape(-1, width).astype(dtype)
        else:
            out[name] = column.to_numpy(zero_copy_only=False).astype(dtype)
    return out
