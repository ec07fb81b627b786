"""``njit`` for the compiled referee core, cached per hash of all of its sources.

The core's functions call each other across modules (the distance of
:mod:`flickboard.geometry.pymath`, the arrays of ``kept``, each game's ``compiled``);
numba watches only each function's own file, so the core is cached in a folder named
after the hash of every one of them (:func:`flickboard.jit.compiled_with`).
"""

from __future__ import annotations

from pathlib import Path

from flickboard.geometry.jit import GEOMETRY_SOURCES
from flickboard.jit import compiled_with

RULES = Path(__file__).parent
CORE_SOURCES = (
    *GEOMETRY_SOURCES,
    RULES / "corejit.py",
    RULES / "codes.py",
    RULES / "crokinole" / "referee.py",
    RULES / "shuffleboard" / "scoring.py",
    RULES / "shuffleboard" / "referee.py",
    RULES / "shuffleboard" / "putback.py",
    RULES / "kept.py",
    RULES / "crokinole" / "compiled.py",
    RULES / "shuffleboard" / "compiled.py",
)
"""Every source file of the compiled referee core (geometry's compiled functions too)."""

core_jit = compiled_with(CORE_SOURCES)
"""``@core_jit()`` or ``@core_jit(inline="always")``: njit, cached with the core."""

__all__ = ["CORE_SOURCES", "core_jit"]
