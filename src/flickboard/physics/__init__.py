"""Event-driven physics of discs on a board.

``simulate(layout, shot) -> ShotRecord``; knows nothing of rules or colours.
The compiled engine (numba) is imported on first use of ``simulate``,
``simulate_batch`` or ``sample_trajectory``, so the value types load quickly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from flickboard.physics.layout import Layout, PlacedDisc, placement_problem
from flickboard.physics.params import PhysicsParams
from flickboard.physics.record import DiscFinal, DiscState, Edge, Event, EventKind, ShotRecord
from flickboard.physics.shot import Shot

if TYPE_CHECKING:
    from flickboard.physics.batch import BatchResult, simulate_batch
    from flickboard.physics.engine import simulate
    from flickboard.physics.trajectory import Trajectory, sample_trajectory

_LAZY = {
    "BatchResult": "flickboard.physics.batch",
    "simulate_batch": "flickboard.physics.batch",
    "simulate": "flickboard.physics.engine",
    "Trajectory": "flickboard.physics.trajectory",
    "sample_trajectory": "flickboard.physics.trajectory",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'flickboard.physics' has no attribute {name!r}")


__all__ = [
    "BatchResult",
    "DiscFinal",
    "DiscState",
    "Edge",
    "Event",
    "EventKind",
    "Layout",
    "PhysicsParams",
    "PlacedDisc",
    "Shot",
    "ShotRecord",
    "Trajectory",
    "placement_problem",
    "sample_trajectory",
    "simulate",
    "simulate_batch",
]
