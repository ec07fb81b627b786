"""A worked learning example: the cross-entropy method on a small linear policy, numpy only.

The policy reads five features of its observation (a constant; whether an opposing disc
is in play; where the opposing disc nearest the centre lies, in the shooter's frame; the
share of the shooter's own discs in play) and squashes a linear map of them into the
four action numbers: 4 x 5 = 20 weights. The cross-entropy method samples weights from
a Gaussian, plays each sample for a few seeded episodes of the single-agent environment
against the random policy (the same seeds for every sample: common random numbers),
and refits the Gaussian to the best. The win rate against the random policy, measured
with the shared harness (paired seeds, colours swapped, Wilson interval), rises from
near 0 to near 1 within a minute on one core (docs/envs.md).

Run it: ``python -m flickboard.envs.learning``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from flickboard.envs.observation import DISC_STATES, Observation, ObservationLayout
from flickboard.envs.policies import PolicyPlayer, UniformPolicy
from flickboard.envs.registration import ENV_IDS
from flickboard.evaluation.harness import PairStats, paired_games
from flickboard.play.view import View

FEATURES = 5
"""Features the linear policy reads."""


def features(observation: Observation, layout: ObservationLayout) -> npt.NDArray[np.float64]:
    """[1, an opposing disc is in play, x and y of the one nearest the centre (0 if
    none), the share of own disc slots in play]."""
    per = layout.per_disc
    discs = observation[: layout.discs * per].reshape(layout.discs, per).astype(np.float64)
    in_play = discs[:, 3] + discs[:, 4]  # flat or leaning (see DISC_STATES)
    own = discs[:, 2 + len(DISC_STATES)]
    theirs = (in_play > 0) & (own == 0)
    out = np.zeros(FEATURES)
    out[0] = 1.0
    if theirs.any():
        xy = discs[theirs, :2]
        nearest = xy[np.argmin(np.hypot(xy[:, 0], xy[:, 1]))]
        out[1], out[2], out[3] = 1.0, nearest[0], nearest[1]
    out[4] = float(np.count_nonzero((in_play > 0) & (own > 0))) / layout.discs
    return out


@dataclass
class LinearPolicy:
    """``tanh(weights @ features(observation))``: a (4, FEATURES) weight matrix."""

    weights: npt.NDArray[np.float64]
    layout: ObservationLayout
    name: str = "linear"

    def act(self, observation: Observation, view: View) -> npt.NDArray[np.float32]:
        """The action: the squashed linear map of the features."""
        return self.act_on(observation)

    def act_on(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The action from the observation alone (the policy never reads the view)."""
        return np.tanh(self.weights @ features(observation, self.layout)).astype(np.float32)


def episode_return(env: gymnasium.Env[Any, Any], policy: LinearPolicy, seed: int) -> float:
    """The agent's total reward over one seeded episode."""
    observation, _ = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        action = policy.act_on(observation)
        observation, reward, terminated, truncated, _ = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return total


@dataclass
class Training:
    """What a training run did: the mean return of each generation's samples and of its
    elite, and the final weights (the Gaussian's mean)."""

    weights: npt.NDArray[np.float64]
    layout: ObservationLayout
    mean_return: list[float] = field(default_factory=list)
    elite_return: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def policy(self) -> LinearPolicy:
        """The trained policy."""
        return LinearPolicy(self.weights, self.layout)


def train(
    game: str = "crokinole",
    *,
    iterations: int = 8,
    population: int = 30,
    elite: int = 3,
    episodes: int = 3,
    seed: int = 1,
    noise: str | None = None,
    on_generation: Callable[[int, Training], None] | None = None,
) -> Training:
    """Train a linear policy against the random policy with the cross-entropy method."""
    env = gymnasium.make(  # on compiled tables (docs/envs.md)
        ENV_IDS[game], opponent=lambda s: UniformPolicy(s), seat="random", noise=noise,
        info="brief",
    )  # fmt: skip
    layout: ObservationLayout = env.unwrapped.aec.layout  # type: ignore[attr-defined]
    rng = np.random.default_rng(seed)
    mean = np.zeros((4, FEATURES))
    std = np.full((4, FEATURES), 0.3)
    std[:, 0] = 1.0  # explore the constant part first: the features refine it
    run = Training(mean.copy(), layout)
    start = time.perf_counter()
    for generation in range(iterations):
        samples = mean + std * rng.standard_normal((population, 4, FEATURES))
        seeds = [seed * 100_003 + generation * episodes + e for e in range(episodes)]
        returns = np.array(
            [
                np.mean([episode_return(env, LinearPolicy(w, layout), s) for s in seeds])
                for w in samples
            ]
        )
        best = samples[np.argsort(returns)[-elite:]]
        mean, std = best.mean(axis=0), best.std(axis=0) + 0.05
        run.weights = mean.copy()
        run.mean_return.append(float(returns.mean()))
        run.elite_return.append(float(np.sort(returns)[-elite:].mean()))
        run.seconds = time.perf_counter() - start
        if on_generation is not None:
            on_generation(generation, run)
    env.close()
    return run


def win_rate(
    policy: LinearPolicy, game: str = "crokinole", pairs: int = 20, seed: int = 10_000
) -> PairStats:
    """The policy's games against the random policy: ``pairs`` pairs of games on the
    shared harness (same seeds, colours swapped)."""
    stats, _, _ = paired_games(
        game,
        lambda s: PolicyPlayer(policy, game, seed=s),
        lambda s: PolicyPlayer(UniformPolicy(s), game, seed=s),
        pairs,
        seed,
    )
    return stats


def main(argv: list[str] | None = None) -> None:
    """Train on crokinole and report the win rate against the uniform policy before and
    after, as docs/envs.md shows (``--help`` says so and stops)."""
    import argparse

    argparse.ArgumentParser(
        prog="python -m flickboard.envs.learning",
        description="Train a linear policy on crokinole by the cross-entropy method and print "
        "its win rate against the uniform baseline before and after (minutes of CPU; "
        "docs/envs.md, 'A worked example').",
    ).parse_args(argv)

    def report(generation: int, run: Training) -> None:
        print(
            f"generation {generation + 1}: mean return {run.mean_return[-1]:+.2f}, "
            f"elite {run.elite_return[-1]:+.2f} ({run.seconds:.0f} s)"
        )

    layout = gymnasium.make(ENV_IDS["crokinole"]).unwrapped.aec.layout  # type: ignore[attr-defined]
    before = win_rate(LinearPolicy(np.zeros((4, FEATURES)), layout)).summary()
    run = train(on_generation=report)
    after = win_rate(run.policy()).summary()
    for label, s in (("before", before), ("after", after)):
        low, high = s["wilson95"]
        print(
            f"win rate v uniform {label}: {s['a_win_rate']:.3f} "
            f"[{low:.3f}, {high:.3f}] over {s['games']} games"
        )


if __name__ == "__main__":
    main()
