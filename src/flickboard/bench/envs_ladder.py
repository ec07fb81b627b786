"""The baselines' ladder: uniform, the graded batched baselines, the planner's tiers.

Two kinds of measurement, every game a seeded singles game at the same execution noise
for the policies (the environment's ``noise``, default novice):

- **batched**: each pair of rungs (``uniform``, ``baseline-1`` .. ``baseline-3``) plays
  ``tables`` games at once in :class:`~flickboard.envs.batched.BatchedSelfPlay` (one
  game a table, table ``i`` seeded ``seed + i``; A plays red on even tables, green on odd
  ones), each side's actions from one batched call a step;
- **planner**: each baseline against ``ai:planner:TIER`` (``ai``: another kind of
  built-in AI may be named) through the evaluation harness
  (:func:`~flickboard.evaluation.harness.paired_games`: ``pairs`` pairs of games, the
  same seeds with colours swapped; the baseline is a
  :class:`~flickboard.envs.policies.PolicyPlayer` with the noise, the planner plays with
  its tier's own), at the tiers ``tiers`` for every baseline and ``top_tiers`` for the
  strongest.

A game won counts 1 and a tie 1/2; every rate has its Wilson 95 % interval
(:func:`~flickboard.evaluation.harness.wilson`). Run with ``flickboard bench ladder``;
the checkout's ``bench/envs_docs.py`` writes its figures into the docs.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from flickboard.agents.spec import player_from_spec
from flickboard.envs.baselines import GRADES, BaselinePolicy, baseline_policy
from flickboard.envs.batched import BatchedSelfPlay
from flickboard.envs.policies import PolicyPlayer, UniformPolicy
from flickboard.envs.tables import BatchPolicy
from flickboard.evaluation.harness import paired_games, wilson

RUNGS: tuple[str, ...] = ("uniform", *GRADES)
"""The batched rungs, weakest first."""


@dataclass(frozen=True, slots=True)
class LadderSettings:
    """What to play: the game, batched games a pair of rungs, the policies' noise, the
    built-in AI they meet and pairs of games against each of its tiers, the tiers every
    baseline meets and those the strongest meets too, the seed."""

    game: str = "crokinole"
    tables: int = 200
    noise: str = "novice"
    ai: str = "ai:planner"
    planner_pairs: int = 10
    tiers: tuple[str, ...] = ("novice",)
    top_tiers: tuple[str, ...] = ("recreational", "competitive")
    seed: int = 1


@dataclass
class UniformRows:
    """The ``uniform`` baseline asked for many rows at once (its draws in row order)."""

    policy: UniformPolicy

    def act_batch(self, observations: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        """One uniform action a row."""
        out = np.zeros((len(observations), 4))
        for k, row in enumerate(observations):
            out[k] = self.policy.act_on(row)
        return out


def rung(name: str, game: str, seed: int) -> BatchPolicy:
    """A rung as a batched policy (``uniform`` drawing from ``seed``)."""
    if name == "uniform":
        return UniformRows(UniformPolicy(seed))
    return baseline_policy(name, game)


def batched_games(
    game: str, a: BatchPolicy, b: BatchPolicy, tables: int, seed: int, noise: str
) -> tuple[float, int]:
    """A's score (a game won 1, tied 1/2) over one game on each of ``tables`` tables of
    batched self-play, A playing side ``i % 2`` on table ``i``; and the shots played."""
    env = BatchedSelfPlay(game, tables, noise=noise)
    observations, info = env.reset(seed=seed)
    a_side = np.arange(tables) % 2
    rows = np.arange(tables)
    margin = np.zeros(tables)
    done = np.zeros(tables, dtype=np.bool_)
    score = np.zeros(tables)
    shots = 0
    while not done.all():
        mine = info["side"] == a_side
        actions = np.zeros((tables, 4))
        if mine.any():
            actions[mine] = np.asarray(a.act_batch(observations[mine]))
        if (~mine).any():
            actions[~mine] = np.asarray(b.act_batch(observations[~mine]))
        observations, rewards, terminated, truncated, info = env.step(actions)
        shots += int((~done).sum())
        margin += np.where(done, 0.0, rewards[rows, a_side] - rewards[rows, 1 - a_side])
        ended = (terminated | truncated) & ~done
        score[ended] = np.sign(margin[ended]) / 2 + 0.5
        done |= ended
    return float(score.sum()), shots


def _player(policy: BaselinePolicy, game: str, noise: str, seed: int) -> PolicyPlayer:
    return PolicyPlayer(policy, game, noise=noise, seed=seed)


def _row(a: str, b: str, score: float, games: int, cpu: float, **facts: Any) -> dict[str, Any]:
    low, high = wilson(score, games)
    return {"a": a, "b": b, "games": games, "a_score": score, "a_win_rate": score / games,
            "wilson95": [low, high], "cpu_s": cpu, **facts}  # fmt: skip


def run(s: LadderSettings, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every pair of rungs in batched games, then each baseline against the planner's
    tiers; the settings, CPU count and rows as plain data."""
    say = progress or (lambda _text: None)
    batched = []
    for i, weaker in enumerate(RUNGS):
        for stronger in RUNGS[i + 1 :]:
            start = time.process_time()
            a = rung(stronger, s.game, s.seed)
            b = rung(weaker, s.game, s.seed + 1)
            score, shots = batched_games(s.game, a, b, s.tables, s.seed, s.noise)
            cpu = time.process_time() - start
            batched.append(_row(stronger, weaker, score, s.tables, cpu, shots=shots))
            say(f"{stronger} v {weaker}: {score:g} of {s.tables} ({cpu:.1f} s CPU)")
    planner = []
    for name in GRADES if s.planner_pairs else ():
        tiers = s.tiers + (s.top_tiers if name == RUNGS[-1] else ())
        for tier in tiers:
            start = time.process_time()
            opponent = f"{s.ai}:{tier}"
            make_a = partial(_player, baseline_policy(name, s.game), s.game, s.noise)
            make_b = partial(player_from_spec, opponent, s.game)
            stats, _, _ = paired_games(s.game, make_a, make_b, s.planner_pairs, s.seed)
            cpu = time.process_time() - start
            planner.append(_row(name, opponent, stats.a_score, stats.games, cpu))
            say(f"{name} v {opponent}: {stats.a_score:g} of {stats.games} ({cpu:.1f} s CPU)")
    return {
        "settings": asdict(s),
        "cpus": os.cpu_count(),
        "batched": batched,
        "planner": planner,
    }


def report(result: dict[str, Any]) -> str:
    """The rows as text: A v B, A's score of the games, its rate and interval."""
    lines = []
    for row in [*result["batched"], *result["planner"]]:
        low, high = row["wilson95"]
        lines.append(
            f"{row['a']:>12} v {row['b']:<26} {row['a_score']:6g} of {row['games']:<4} "
            f"{row['a_win_rate']:.3f} [{low:.3f}, {high:.3f}]"
        )
    return "\n".join(lines)


__all__ = ["RUNGS", "LadderSettings", "UniformRows", "batched_games", "report", "run", "rung"]
