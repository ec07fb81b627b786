"""Many executions of shots from one layout, for calibration and planning.

The physics layer simulates one shot at a time (about 20-40 microseconds each); this
module is the single place the agents run shots in bulk, so a compiled batch simulator
can replace the loop without touching the players.
"""

from __future__ import annotations

from collections.abc import Sequence

from flickboard.errors import IllegalInPosition
from flickboard.physics import Layout, PhysicsParams, Shot, ShotRecord, simulate


FAULTS: list[tuple[Layout, Shot, str]] = []
"""Shots the physics failed on with an arithmetic error (kept for bug reports)."""


def simulate_many(
    layout: Layout,
    shots: Sequence[Shot],
    *,
    shooter: int,
    params: PhysicsParams | None = None,
) -> list[ShotRecord | None]:
    """The record of each shot from ``layout`` (None where the start is not possible)."""
    out: list[ShotRecord | None] = []
    for shot in shots:
        try:
            out.append(simulate(layout, shot, shooter=shooter, params=params))
        except IllegalInPosition:
            out.append(None)
        except ArithmeticError as exc:  # a kernel fault: keep it visible, skip the shot
            FAULTS.append((layout, shot, repr(exc)))
            out.append(None)
    return out
