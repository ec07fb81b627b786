"""Self-play the way learners do it: many tables, every seat yours, one call a step.

:class:`BatchedSelfPlay` keeps ``num_envs`` matches on tables (:mod:`.tables`) and, as
pgx's environments do, says on every table whose turn it is (``to_play``: the seat, and
its side); a step takes one action per table, for the seat to shoot there, plays them all
in one compiled call, and returns each table's next observation (seen from the seat to
shoot next), every side's reward, and whether the match ended. One batched policy call
(``policy(observations)``) therefore drives every seat of every table: self-play of a
learner's own network, with the environment's execution noise if it has some.

Seeding: ``reset(seed=s)`` gives table ``i`` the generator ``default_rng(s + i)``; each
match on the table draws its seed ``e`` from it, and plays as a PettingZoo environment
reset with ``seed=e`` plays given the same actions (its noise, the match's coin toss):
``tests/envs/test_batched.py`` compares them. A table whose match ended starts the next
at once (its observation is the new match's first; ``terminated`` or ``truncated`` says
the last one ended there).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from flickboard.envs.actions import checked_rows
from flickboard.envs.aec import FlickboardAEC
from flickboard.envs.tables import Tables
from flickboard.errors import InvalidInput


class BatchedSelfPlay:
    """``num_envs`` tables of one game's setup, every seat played by the caller (see the
    module docstring).

    Args:
        game: ``crokinole`` or ``shuffleboard``.
        num_envs: how many tables.
        shots: give ``info["shots"]`` (each table's shot of the step, as plain data);
            off by default: a learner stepping fast seldom reads them.
        num_threads: threads the tables are played on (each a share of the tables; 1:
            this thread alone).
        **options: the options of :class:`~flickboard.envs.aec.FlickboardAEC` (players,
            rules, noise, reward, max_cycles...); the info is brief, there is no picture.
    """

    def __init__(
        self,
        game: str = "crokinole",
        num_envs: int = 64,
        *,
        shots: bool = False,
        num_threads: int = 1,
        **options: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidInput(f"num_envs must be a whole number >= 1, not {num_envs!r}")
        self.aec = FlickboardAEC(game, info="brief", fast=False, **options)
        self.tables = Tables(self.aec, num_envs, num_threads=num_threads)
        self.num_envs = num_envs
        self.shots = shots
        agent = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(agent)
        self.action_space = self.aec.action_space(agent)
        self.sides = self.aec.match.sides
        self._rows = np.arange(num_envs, dtype=np.int64)
        self._rngs = [np.random.default_rng(i) for i in range(num_envs)]

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new match on every table (``seed`` s: table ``i``'s generator is seeded
        ``s + i``; none: fresh entropy)."""
        base = int(np.random.SeedSequence().generate_state(1)[0]) if seed is None else seed
        self._rngs = [np.random.default_rng(base + i) for i in range(self.num_envs)]
        for table in range(self.num_envs):
            self._start(table)
        return self._observe(), self._info(None)

    def _start(self, table: int) -> None:
        """The table's next match, seeded from its generator as a PettingZoo
        environment's ``reset(seed=e)`` seeds it."""
        episode = int(self._rngs[table].integers(2**31))
        rng = np.random.default_rng(episode)
        seed = int(rng.integers(2**31))
        noise = None if self.aec.noise.silent else rng
        toss = self.aec.kind.table_toss(self.aec.match, seed)
        self.tables.start(table, {}, noise=noise, toss=toss)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Each table's shot, for the seat to shoot there (``actions``: ``(num_envs, 4)``
        in [-1, 1]); returns the observations of the seats to shoot next, every side's
        reward ``(num_envs, sides)``, terminated, truncated and ``info`` (``to_play``,
        ``side``; ``shots`` when asked for)."""
        rows = self._rows
        played = self.tables.play(rows, checked_rows(actions, self.num_envs))
        tables = self.tables
        rewards = tables.rewards(rows)[:, : self.sides]
        terminated = tables.matches["over"] != 0
        truncated = (tables.envs["cut"] != 0) & ~terminated
        for table in np.flatnonzero(terminated | truncated).tolist():
            self._start(table)
        return self._observe(), rewards, terminated, truncated, self._info(played.shots)

    def _observe(self) -> npt.NDArray[np.float32]:
        return self.tables.observe(self._rows, self.tables.matches["seat"])

    def _info(self, shots: np.ndarray | None) -> dict[str, Any]:
        seats = self.tables.matches["seat"].copy()
        info: dict[str, Any] = {"to_play": seats, "side": self.tables.matches["side"].copy()}
        if self.shots:
            info["shots"] = [] if shots is None else self.tables.infos(shots)
        return info


__all__ = ["BatchedSelfPlay"]
