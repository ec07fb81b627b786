"""The reward of a round that ended, one rule for the ``Match`` path and the compiled
tables."""

from __future__ import annotations

import numpy as np

from flickboard.jit import jitable


@jitable
def add_round_rewards(
    counted: np.ndarray, sides: int, differential: bool, rewards: np.ndarray
) -> None:
    """Add to ``rewards[s]`` each side's reward for a round that ended: its round points
    as the game counts them (``counted[s]``), less the mean of the other sides' when
    ``differential``."""
    total = 0.0
    for s in range(sides):
        total += float(counted[s])
    for s in range(sides):
        points = float(counted[s])
        if differential and sides > 1:
            rewards[s] += points - (total - points) / (sides - 1)
        else:
            rewards[s] += points


__all__ = ["add_round_rewards"]
