"""Gymnasium ids of flickboard's environments, and their registration (docs/envs.md).

:func:`register_envs` registers every flickboard environment with Gymnasium by name only
(nothing heavy is imported until ``gymnasium.make``): the single environment
(``gymnasium.make``) and the batched one (``gymnasium.make_vec(...,
vectorization_mode="vector_entry_point")``). It runs when :mod:`flickboard.envs` is
imported, and it is the package's ``gymnasium.envs`` entry point (pyproject.toml). In a
fresh interpreter the startup hook the install ships (:mod:`.gymnasium_hook`) registers
the same ids as soon as Gymnasium is imported.
"""

from __future__ import annotations

import gymnasium

from flickboard.envs.gymnasium_hook import ENV_IDS, register

__all__ = ["ENV_IDS", "register_envs"]


def register_envs() -> None:
    """Register the flickboard environments with Gymnasium (once)."""
    register(gymnasium)
