"""Many tables at once, the Gymnasium way: ``gymnasium.make_vec("flickboard/Crokinole-v0",
num_envs=64, vectorization_mode="vector_entry_point")`` (docs/envs.md).

:class:`FlickboardVectorEnv` holds ``num_envs`` single environments
(:class:`~flickboard.envs.single.FlickboardEnv`, every option of which it takes), so every
table plays by the same rules, rewards, opponent and seeding as the single environment:
``reset(seed=s)`` seeds table ``i`` with ``s + i``, as Gymnasium's own vector
environments do, and a finished table starts its next match at the following step
(Gymnasium's ``AutoresetMode.NEXT_STEP``: that step's action is ignored, its reward is 0
and its observation the new match's first), or at once with
``autoreset_mode=AutoresetMode.SAME_STEP``. Where the options allow tables
(:mod:`flickboard.envs.tables`) the tables share one :class:`Tables` and are stepped
together: every agent's shot and the compiled opponents' in one compiled call, each
policy opponent asked once for all its tables; otherwise one after the other, as
Gymnasium's ``SyncVectorEnv`` steps them.
"""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from flickboard.envs.actions import checked_rows
from flickboard.envs.baselines import is_baseline_name
from flickboard.envs.single import FlickboardEnv
from flickboard.envs.tables import Tables, table_problem
from flickboard.errors import InvalidInput
from flickboard.play.tables import joined


class FlickboardVectorEnv(SyncVectorEnv):
    """``num_envs`` tables of one game (see the module docstring).

    Args:
        game: ``crokinole`` or ``shuffleboard``.
        num_envs: how many tables.
        autoreset_mode: ``AutoresetMode.NEXT_STEP`` (default) or ``SAME_STEP``
            (Gymnasium's :class:`~gymnasium.vector.AutoresetMode`, or its value).
        num_threads: threads the tables' shots are played on (each a share of the
            tables: :class:`~flickboard.envs.tables.Tables`); 1 plays them on this one.
        **options: the options of :class:`~flickboard.envs.single.FlickboardEnv`
            (opponent, seat, noise, rules, reward...), the same for every table.
    """

    def __init__(
        self,
        game: str = "crokinole",
        num_envs: int = 1,
        *,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        num_threads: int = 1,
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
        self.tables: Tables | None = None
        """The tables' matches in arrays, stepped together (None when the options do not
        allow tables: ``tables.table_problem``)."""
        self._fast = np.zeros(num_envs, dtype=np.bool_)
        """Which tables play their episode on the tables."""
        opponent = options.get("opponent")
        if isinstance(opponent, str) and is_baseline_name(opponent):
            shared = singles[0].baseline_opponent(opponent)  # asked once for every table
            for env in singles:
                env.baseline = shared
        self._my_seats = np.zeros(num_envs, dtype=np.int64)
        self._my_sides = np.zeros(num_envs, dtype=np.int64)
        self._side_of = np.zeros(4, dtype=np.int64)
        for seat in singles[0].aec.match.seats:
            self._side_of[seat] = singles[0].aec.match.side_of(seat)
        if options.get("fast", True) and table_problem(singles[0].aec) is None:
            self.tables = Tables(singles[0].aec, num_envs, num_threads=num_threads)
            for i, env in enumerate(singles):
                env.tables, env.table = self.tables, i

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Every table's new match (``seed`` s: table ``i`` is seeded ``s + i``)."""
        out = super().reset(seed=seed, options=options)
        for i in range(self.num_envs):
            self._agent(i)
        return out

    def _agent(self, table: int) -> None:
        """Note a table's agent seat and side, and whether it plays its episode on the
        tables, after its reset."""
        env = cast(FlickboardEnv, self.envs[table])
        self._fast[table] = env.fast
        self._my_seats[table] = env.my_seat
        self._my_sides[table] = env.my_side

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Every table's step; tables on the tables all at once (see the module
        docstring), the others one by one as Gymnasium's SyncVectorEnv steps them."""
        singles = cast(list[FlickboardEnv], self.envs)
        tables = self.tables
        if tables is None or not self._fast.all():
            return super().step(actions)
        rows = checked_rows(actions, self.num_envs)
        reset = self._autoreset_envs if self.autoreset_mode == AutoresetMode.NEXT_STEP else None
        stepping = np.flatnonzero(~reset) if reset is not None else np.arange(self.num_envs)
        obs = self._observations
        rewards = np.zeros(self.num_envs)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        shots = np.empty(self.num_envs, dtype=object)
        seats, sides = self._my_seats, self._my_sides
        infos: dict[str, Any] = {}
        if len(stepping):
            parts = []
            live, acts, acting = stepping, rows[stepping], None
            while len(live):
                done = tables.step(live, acts, seats[live], acting)
                parts.append(done.shots)
                resolved = ~done.pending
                at = live[resolved]
                obs[at] = done.observations[resolved]
                rewards[at] = done.rewards[resolved, sides[at]]
                live = live[done.pending]
                if len(live):
                    acts = tables.ask_policies(live, done.observations[done.pending])
                    acting = None
            every = parts[0] if len(parts) == 1 else joined(*parts)
            each: dict[int, list[dict[str, Any]]] = {int(t): [] for t in stepping}
            for t, entry in zip(every["table"].tolist(), tables.infos(every), strict=True):
                each[t].append(entry)
            for t, entries in each.items():
                shots[t] = entries
            terminated[stepping] = tables.ended[stepping] != 0
            truncated[stepping] = tables.cut[stepping] != 0
        ended = terminated | truncated
        starting = reset if reset is not None else ended
        next_seats = self._next_seats(seats, sides)
        for i in np.flatnonzero(starting).tolist():
            env = singles[i]
            if reset is None:
                final = {"seat": int(next_seats[i]), "side": env.my_side, "shots": shots[i]}
                infos = self._add_info(infos, {"final_obs": obs[i].copy(), "final_info": final}, i)
            obs[i], info = env.reset()
            shots[i] = info["shots"]
            next_seats[i] = info["seat"]
            self._agent(i)
        every_env = np.ones(self.num_envs, dtype=np.bool_)
        infos.update(
            {"seat": next_seats, "_seat": every_env, "side": self._my_sides.astype(int),
             "_side": every_env.copy(), "shots": shots, "_shots": every_env.copy()}
        )  # fmt: skip
        self._autoreset_envs = ended if reset is not None else np.zeros_like(ended)
        self._rewards, self._terminations, self._truncations = rewards, terminated, truncated
        return obs.copy() if self.copy else obs, rewards, terminated, truncated, infos

    def _next_seats(
        self, seats: npt.NDArray[np.int64], sides: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.int64]:
        """``info["seat"]`` of each table: the agent's seat to shoot next, its own seat
        once the match is over (as the single environment says)."""
        tables = self.tables
        assert tables is not None
        at = tables.seats
        mine = self._side_of[at] == sides
        chosen: npt.NDArray[np.int64] = np.where(mine & (tables.ended == 0), at, seats)
        return chosen
