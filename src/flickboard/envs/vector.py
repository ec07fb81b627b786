"""Many tables at once, the Gymnasium way: ``gymnasium.make_vec("flickboard/Crokinole-v0",
num_envs=64, vectorization_mode="vector_entry_point")`` (docs/envs.md).

:class:`FlickboardVectorEnv` holds ``num_envs`` single environments
(:class:`~flickboard.envs.single.FlickboardEnv`, every option of which it takes), so every
table plays by the same rules, rewards, opponent and seeding as the single environment:
``reset(seed=s)`` seeds table ``i`` with ``s + i``, as Gymnasium's own vector
environments do, and a finished table starts its next match at the following step
(Gymnasium's ``AutoresetMode.NEXT_STEP``: that step's action is ignored, its reward is 0
and its observation the new match's first), or at once with
``autoreset_mode=AutoresetMode.SAME_STEP``. Where the options allow fast tables
(:mod:`flickboard.envs.fasttable`) the tables share one :class:`FastTables` and are
stepped together: every agent's shot in one compiled call, then the opponents' shots;
otherwise one after the other, as Gymnasium's ``SyncVectorEnv`` steps them.
"""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from flickboard.envs.fasttable import (
    S_CUT,
    S_OVER,
    FastTables,
    ObservationPolicy,
    checked_rows,
    play_steps,
    why_not_fast,
)
from flickboard.envs.single import FlickboardEnv
from flickboard.errors import InvalidInput


class FlickboardVectorEnv(SyncVectorEnv):
    """``num_envs`` tables of one game (see the module docstring).

    Args:
        game: ``crokinole`` or ``shuffleboard``.
        num_envs: how many tables.
        autoreset_mode: ``AutoresetMode.NEXT_STEP`` (default) or ``SAME_STEP``
            (Gymnasium's :class:`~gymnasium.vector.AutoresetMode`, or its value).
        **options: the options of :class:`~flickboard.envs.single.FlickboardEnv`
            (opponent, seat, noise, rules, reward...), the same for every table.
    """

    def __init__(
        self,
        game: str = "crokinole",
        num_envs: int = 1,
        *,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        **options: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidInput(f"num_envs must be a whole number >= 1, not {num_envs!r}")
        modes = {AutoresetMode.NEXT_STEP.value, AutoresetMode.SAME_STEP.value}
        mode = autoreset_mode.value if isinstance(autoreset_mode, AutoresetMode) else autoreset_mode
        if mode not in modes:
            raise InvalidInput(f"autoreset_mode must be one of {sorted(modes)}, not {mode!r}")
        tables = [partial(FlickboardEnv, game, **options) for _ in range(num_envs)]
        super().__init__(tables, autoreset_mode=AutoresetMode(mode))
        self.game = game
        singles = cast(list[FlickboardEnv], self.envs)
        self.fast_tables: FastTables | None = None
        """The tables' matches in arrays, stepped together (None when the options do not
        allow fast tables: ``fasttable.why_not_fast``)."""
        self._sides = np.zeros(num_envs, dtype=np.int64)
        self._seats = np.zeros(num_envs, dtype=int)
        self._opponents: list[ObservationPolicy | None] = [None] * num_envs
        self._fast = np.zeros(num_envs, dtype=np.bool_)
        """Which tables play their episode on the fast tables."""
        if options.get("fast", True) and why_not_fast(singles[0].aec) is None:
            self.fast_tables = FastTables(singles[0].aec, num_envs)
            for i, env in enumerate(singles):
                env.tables, env.table = self.fast_tables, i

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Every table's new match (``seed`` s: table ``i`` is seeded ``s + i``)."""
        out = super().reset(seed=seed, options=options)
        for i in range(self.num_envs):
            self._agent(i)
        return out

    def _agent(self, table: int) -> None:
        """Note a fast table's agent side and opponent after its reset."""
        env = cast(FlickboardEnv, self.envs[table])
        self._fast[table] = env.fast
        if env.fast:
            self._seats[table] = env.my_seat
            self._sides[table] = env.my_side
            self._opponents[table] = cast(ObservationPolicy, env.players[env.opponent_seat])

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Every table's step; tables on fast tables all at once (see the module
        docstring), the others one by one as Gymnasium's SyncVectorEnv steps them."""
        singles = cast(list[FlickboardEnv], self.envs)
        tables = self.fast_tables
        if tables is None or not self._fast.all():
            return super().step(actions)
        rows = checked_rows(actions, self.num_envs)
        reset = self._autoreset_envs if self.autoreset_mode == AutoresetMode.NEXT_STEP else None
        stepping = np.flatnonzero(~reset) if reset is not None else np.arange(self.num_envs)
        obs = self._observations
        rewards = np.zeros(self.num_envs)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        shots = np.full(self.num_envs, None, dtype=object)
        infos: dict[str, Any] = {}
        if len(stepping):
            whole = len(stepping) == self.num_envs
            opponents = self._opponents
            done = play_steps(
                tables,
                stepping,
                rows if whole else rows[stepping],
                self._sides if whole else self._sides[stepping],
                opponents if whole else [opponents[i] for i in stepping.tolist()],
            )
            obs[stepping] = done.observations
            rewards[stepping] = done.rewards
            terminated[stepping] = tables.state[stepping, S_OVER] != 0
            truncated[stepping] = tables.state[stepping, S_CUT] != 0
            for i, played in zip(stepping.tolist(), done.shots, strict=True):
                shots[i] = played
        ended = terminated | truncated
        starting = reset if reset is not None else ended
        for i in np.flatnonzero(starting).tolist():
            env = singles[i]
            if reset is None:
                final = {"seat": env.my_seat, "side": env.my_side, "shots": shots[i]}
                infos = self._add_info(infos, {"final_obs": obs[i].copy(), "final_info": final}, i)
            obs[i], info = env.reset()
            shots[i] = info["shots"]
            self._agent(i)
        every = np.ones(self.num_envs, dtype=np.bool_)
        infos.update(
            {"seat": self._seats.copy(), "_seat": every, "side": self._sides.astype(int),
             "_side": every.copy(), "shots": shots, "_shots": every.copy()}
        )  # fmt: skip
        self._autoreset_envs = ended if reset is not None else np.zeros_like(ended)
        self._rewards, self._terminations, self._truncations = rewards, terminated, truncated
        return obs.copy() if self.copy else obs, rewards, terminated, truncated, infos
