"""``njit`` for the environments' compiled steps, cached per hash of every source they
reach (play's tables and rules, the referee core, the physics kernel, the actions, the
observation, the opponents' streams; :func:`flickboard.jit.compiled_with`)."""

from __future__ import annotations

from pathlib import Path

from flickboard.jit import compiled_with
from flickboard.play.jit import PLAY_SOURCES

ENVS = Path(__file__).parent
ENVS_SOURCES = (
    *PLAY_SOURCES,
    ENVS.parent / "agents" / "random_player.py",
    ENVS / "jit.py",
    ENVS / "actions.py",
    ENVS / "observation.py",
    ENVS / "rewards.py",
    ENVS / "streams.py",
    ENVS / "tables.py",
)
"""Every source file the environments' compiled steps reach."""

envs_jit = compiled_with(ENVS_SOURCES)
"""``@envs_jit()``: njit, cached with the environments' compiled steps."""

__all__ = ["ENVS_SOURCES", "envs_jit"]
