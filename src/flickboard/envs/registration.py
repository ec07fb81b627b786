"""Gymnasium ids of flickboard's environments, and their registration (docs/envs.md).

:func:`register_envs` registers every flickboard environment with Gymnasium by name only
(nothing heavy is imported until ``gymnasium.make``). It runs when :mod:`flickboard.envs`
is imported, and it is the package's ``gymnasium.envs`` entry point (pyproject.toml).
Gymnasium 1.x no longer loads entry points by itself: ``gymnasium.make`` finds the ids in
a fresh interpreter when the id names the module to import first,
``gymnasium.make("flickboard.envs:flickboard/Crokinole-v0")``.
"""

from __future__ import annotations

import gymnasium

ENV_IDS = {"crokinole": "flickboard/Crokinole-v0", "shuffleboard": "flickboard/Shuffleboard-v0"}
"""The Gymnasium id of each game's single-agent environment."""


def register_envs() -> None:
    """Register the flickboard environments with Gymnasium (once)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="flickboard.envs.single:FlickboardEnv",
                kwargs={"game": game},
            )
