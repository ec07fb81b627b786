"""``njit`` for the compiled referee core, cached per hash of all of its sources.

The core's functions call each other across modules (the distance of ``hypot``, the
arrays of ``kept``, each game's ``compiled``); numba watches only each function's own
file, so the core is cached in a folder named after the hash of every one of them
(:func:`flickboard.physics.jit.njit_watching`).
"""

from __future__ import annotations

from pathlib import Path

from flickboard.physics.jit import njit_watching

RULES = Path(__file__).parent
CORE_SOURCES = (
    RULES / "corejit.py",
    RULES / "hypot.py",
    RULES / "kept.py",
    RULES / "crokinole" / "compiled.py",
    RULES / "shuffleboard" / "compiled.py",
)
"""Every source file of the compiled referee core."""

core_jit = njit_watching(CORE_SOURCES)
"""``@core_jit()`` or ``@core_jit(inline="always")``: njit, cached with the core."""

__all__ = ["CORE_SOURCES", "core_jit"]
