"""Gymnasium ids of flickboard's environments, and their registration (docs/envs.md).

:func:`register_envs` registers every flickboard environment with Gymnasium by name only
(nothing heavy is imported until ``gymnasium.make``): the single environment
(``gymnasium.make``) and the batched one (``gymnasium.make_vec(...,
vectorization_mode="vector_entry_point")``). Importing :mod:`flickboard.envs` runs it;
Gymnasium's module-prefixed id (``gymnasium.make("flickboard.envs:flickboard/Crokinole-v0")``)
imports that module itself, so it works in a fresh interpreter.
"""

from __future__ import annotations

import gymnasium

from flickboard.games import BUILTIN_GAMES

__all__ = ["ENTRY_POINT", "ENV_IDS", "VECTOR_ENTRY_POINT", "register_envs"]

ENV_IDS = {game: f"flickboard/{game.capitalize()}-v0" for game in BUILTIN_GAMES}
"""The Gymnasium id of each game's environment."""

ENTRY_POINT = "flickboard.envs.single:FlickboardEnv"
"""The single environment every id makes (``gymnasium.make``)."""

VECTOR_ENTRY_POINT = "flickboard.envs.vector:FlickboardVectorEnv"
"""The batched environment (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``)."""


def register_envs() -> None:
    """Register every flickboard id not registered yet with Gymnasium, by name only."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=ENTRY_POINT,
                vector_entry_point=VECTOR_ENTRY_POINT,
                kwargs={"game": game},
            )
