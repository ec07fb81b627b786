"""Event-driven physics of discs on a board.

``simulate(layout, shot) -> ShotRecord``; knows nothing of rules or colours.
"""

from flickboard.physics.batch import BatchResult, simulate_batch
from flickboard.physics.engine import simulate
from flickboard.physics.layout import Layout, PlacedDisc, placement_problem
from flickboard.physics.params import PhysicsParams
from flickboard.physics.record import DiscFinal, DiscState, Edge, Event, EventKind, ShotRecord
from flickboard.physics.shot import Shot
from flickboard.physics.trajectory import Trajectory, sample_trajectory

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
