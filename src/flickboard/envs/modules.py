"""The functions a PettingZoo environment module offers, made for one game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pettingzoo.utils import wrappers

from flickboard.envs.aec import FlickboardAEC
from flickboard.envs.parallel import FlickboardParallel


def environment_functions(
    game: str,
) -> tuple[
    Callable[..., FlickboardAEC],
    Callable[..., wrappers.OrderEnforcingWrapper],
    Callable[..., FlickboardParallel],
]:
    """``raw_env``, ``env`` and ``parallel_env`` of a game, each taking the options of
    :class:`~flickboard.envs.aec.FlickboardAEC`."""

    def raw_env(**options: Any) -> FlickboardAEC:
        """The bare AEC environment."""
        return FlickboardAEC(game, **options)

    def env(**options: Any) -> wrappers.OrderEnforcingWrapper:
        """The AEC environment, checked for use in order (reset before step...)."""
        return wrappers.OrderEnforcingWrapper(raw_env(**options))

    def parallel_env(**options: Any) -> FlickboardParallel:
        """The parallel form: every live agent hands in an action at once."""
        return FlickboardParallel(game, **options)

    return raw_env, env, parallel_env
