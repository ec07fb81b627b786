"""The parallel form of an AEC environment: every live agent hands in an action at once.

Turns stay the match's: a parallel step plays the shots of the agents whose turns come,
in the match's order, each agent at most once, and stops before an agent would shoot a
second time (or when the match ends). In a game whose turns alternate strictly that is
one shot per agent; an action whose turn did not come in the step is not used (in table
shuffleboard doubles the players at the far end wait while a frame is delivered). The
step's rewards are the sums over its shots; ``max_cycles`` counts parallel steps.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import ParallelEnv

from flickboard.envs.aec import FlickboardAEC
from flickboard.envs.observation import Observation
from flickboard.errors import InvalidInput


class FlickboardParallel(ParallelEnv[str, Observation, npt.NDArray[np.float32]]):  # type: ignore[misc]
    """A :class:`FlickboardAEC` stepped a cycle at a time (see the module docstring)."""

    def __init__(self, game: str = "crokinole", *, max_cycles: int | None = 1000, **kwargs: Any):
        self.aec = FlickboardAEC(game, max_cycles=None, **kwargs)
        if max_cycles is not None and (isinstance(max_cycles, bool) or max_cycles < 1):
            raise InvalidInput(f"max_cycles must be a whole number >= 1, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self.metadata = self.aec.metadata
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode
        self.state_space = self.aec.state_space
        """The space of :meth:`state`."""
        self.cycles = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space (the same object every time)."""
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space (the same object every time)."""
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new match (as :meth:`FlickboardAEC.reset`)."""
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        self.cycles = 0
        return self._observations(), {a: dict(self.aec.infos[a]) for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the cycle's shots (see the module docstring)."""
        aec = self.aec
        rewards = dict.fromkeys(self.agents, 0.0)
        tables = aec.tables
        if tables is not None and not tables.drawing(0):
            observations = aec._table_cycle(actions, rewards, self.agents)
        else:
            self._cycle(actions, rewards)
            observations = self._observations()
        self.cycles += 1
        done = any(aec.terminations.values())
        truncated = not done and (
            any(aec.truncations.values())
            or (self.max_cycles is not None and self.cycles >= self.max_cycles)
        )
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, truncated)
        made = aec.infos  # made afresh for every shot
        infos = {a: made[a] for a in self.agents}
        if done or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _cycle(self, actions: dict[str, Any], rewards: dict[str, float]) -> None:
        """The step's shots, one at a time, their rewards added to ``rewards``."""
        aec = self.aec
        shot: set[str] = set()
        while True:
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent] or agent in shot:
                break
            if agent not in actions:
                if not shot:
                    raise InvalidInput(f"no action for {agent}, whose turn it is")
                break
            aec._step(actions[agent], False)
            shot.add(agent)
            for a, r in aec.rewards.items():
                rewards[a] += r

    def _observations(self) -> dict[str, Observation]:
        return self.aec.observations(self.agents)

    def render(self) -> npt.NDArray[np.uint8] | str | None:
        """The board (as :meth:`FlickboardAEC.render`)."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> Observation:
        """The observation of the seat to shoot."""
        return self.aec.state()
