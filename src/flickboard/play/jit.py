"""The sources of play's compiled rules and tables, for the caches of compiled code that
calls them (:func:`flickboard.jit.compiled_with`).

Play's rules (round points, turns, games' ends, frame order, the noise's execution) and
its tables (:mod:`.tables`, :mod:`.tableplay`) are :func:`~flickboard.jit.jitable`:
compiled into the compiled code that calls them, which lists these sources (with the
physics kernel's and the referee core's) so that an edit to any of them compiles afresh.
"""

from __future__ import annotations

from pathlib import Path

from flickboard.physics.jit import SOURCES as PHYSICS
from flickboard.rules.corejit import CORE_SOURCES

PLAY = Path(__file__).parent
PLAY_SOURCES = (
    *CORE_SOURCES,
    *sorted(PHYSICS.glob("*.py")),
    PLAY / "jit.py",
    PLAY / "scoring.py",
    PLAY / "noise.py",
    PLAY / "crokinole.py",
    PLAY / "shuffleboard.py",
    PLAY / "tables.py",
    PLAY / "crokinole_tables.py",
    PLAY / "shuffleboard_tables.py",
    PLAY / "tableplay.py",
)
"""Every source file play's compiled rules and tables reach (the kernel's, the core's)."""

__all__ = ["PLAY_SOURCES"]
