"""Compile the physics kernels before they are needed, with progress to show.

numba compiles the engine on first use (about 40 s of CPU on a busy machine, then cached
in the user cache folder): a server or a terminal game warms them first and says so,
so that no first shot seems to hang.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from flickboard.geometry import CrokinoleBoard, ShuffleboardTable
from flickboard.physics.layout import Layout, PlacedDisc
from flickboard.physics.params import PhysicsParams
from flickboard.physics.shot import Shot

Step = Callable[[str], None]
"""Told the name of each part before it is compiled."""


def warm(step: Step | None = None) -> int:
    """Run one small shot through every compiled path (single shots, batches, sampled
    trajectories, on a board and a table); the number of parts warmed."""
    from flickboard.physics.batch import simulate_batch
    from flickboard.physics.engine import simulate
    from flickboard.physics.trajectory import sample_trajectory

    board = Layout(CrokinoleBoard.standard(), (PlacedDisc(1, 0.0, 0.1),))
    table = Layout(ShuffleboardTable.csc(), ())
    shot = Shot(0.0, -0.3048, math.pi / 2, 1.2)
    parts: list[tuple[str, Callable[[], object]]] = [
        ("the shot engine", lambda: simulate(board, shot, shooter=0)),
        ("the batch engine", lambda: simulate_batch(board, [shot, shot], shooter=0)),
        ("trajectories", lambda: sample_trajectory(board, shot, 60.0, shooter=0, turns=True)),
        (
            "the table",
            lambda: simulate(
                table,
                Shot(0.0, 0.35, math.pi / 2, 1.5),
                shooter=0,
                params=PhysicsParams.shuffleboard(),
            ),
        ),
    ]
    for name, run in parts:
        if step is not None:
            step(name)
        run()
    return len(parts)
