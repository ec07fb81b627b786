"""Crokinole as PettingZoo environments (docs/envs.md).

``env(**options)`` is the AEC environment with PettingZoo's order checks,
``raw_env(**options)`` the bare one, ``parallel_env(**options)`` the parallel form;
the options are those of :class:`flickboard.envs.aec.FlickboardAEC` (players, teams,
rules, options, noise, start, reward, max_cycles, render_mode...).
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from flickboard.envs.aec import FlickboardAEC
from flickboard.envs.parallel import FlickboardParallel

GAME = "crokinole"


def raw_env(**options: Any) -> FlickboardAEC:
    """The bare AEC environment."""
    return FlickboardAEC(GAME, **options)


def env(**options: Any) -> wrappers.OrderEnforcingWrapper:
    """The AEC environment, checked for use in order (reset before step...)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**options))


def parallel_env(**options: Any) -> FlickboardParallel:
    """The parallel form: every live agent hands in an action at once."""
    return FlickboardParallel(GAME, **options)
