"""Many tables at once, the Gymnasium way: ``gymnasium.make_vec("flickboard/Crokinole-v0",
num_envs=64, vectorization_mode="vector_entry_point")`` (docs/envs.md).

:class:`FlickboardVectorEnv` steps ``num_envs`` single environments
(:class:`~flickboard.envs.single.FlickboardEnv`, every option of which it takes) side by
side in one process, so every table plays by the same rules, rewards, opponent and
seeding as the single environment: ``reset(seed=s)`` seeds table ``i`` with ``s + i``,
as Gymnasium's own vector environments do, and a finished table starts its next match
at the following step (Gymnasium's ``AutoresetMode.NEXT_STEP``: that step's action is
ignored, its reward is 0 and its observation the new match's first), or at once with
``autoreset_mode=AutoresetMode.SAME_STEP``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gymnasium.vector import AutoresetMode, SyncVectorEnv

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
