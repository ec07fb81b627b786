"""``njit`` for geometry's compiled functions, cached per hash of all of their sources.

The start line's allowed stretches (:mod:`.startline`), the crokinole board's footprint
regions (:mod:`.crokinole`), the table's zones (:mod:`.shuffleboard`) and CPython's
``hypot`` and ``remainder`` (:mod:`.pymath`) are compiled functions that the Python objects and the compiled
code of the layers above call alike (docs/layers.md, "Compiled rules").
"""

from __future__ import annotations

from pathlib import Path

from flickboard.jit import compiled_with

GEOMETRY = Path(__file__).parent
GEOMETRY_SOURCES = (
    GEOMETRY / "jit.py",
    GEOMETRY / "pymath.py",
    GEOMETRY / "startline.py",
    GEOMETRY / "crokinole.py",
    GEOMETRY / "shuffleboard.py",
)
"""Every source file of geometry's compiled functions."""

geometry_jit = compiled_with(GEOMETRY_SOURCES)
"""``@geometry_jit()``: njit, cached with geometry's compiled functions."""

__all__ = ["GEOMETRY_SOURCES", "geometry_jit"]
