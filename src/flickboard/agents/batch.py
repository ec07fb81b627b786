"""Many executions of shots from one layout, for calibration and planning.

The single place the agents run shots in bulk for the Python referee (the weighing's
arrays go to the compiled one, :mod:`flickboard.agents.weigh`):
:func:`flickboard.physics.simulate_batch` runs them in one compiled call, and each record
is made over the batch's arrays.
"""

from __future__ import annotations

from collections.abc import Sequence

from flickboard.physics import Layout, PhysicsParams, Shot, ShotRecord, simulate_batch


def simulate_many(
    layout: Layout,
    shots: Sequence[Shot],
    *,
    shooter: int,
    params: PhysicsParams | None = None,
) -> list[ShotRecord | None]:
    """The record of each shot from ``layout`` (None where it cannot start or finish)."""
    if not shots:
        return []
    result = simulate_batch(layout, shots, shooter=shooter, params=params, records=True)
    assert result.records is not None
    return list(result.records)
